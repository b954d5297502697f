"""Computer players by level name, and level specs with options (``hard:time_budget=2``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from cacao_game.ai import expert, hard
from cacao_game.ai.base import Player
from cacao_game.ai.easy import EasyPlayer
from cacao_game.ai.expert import ExpertPlayer
from cacao_game.ai.hard import HardPlayer
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.random_player import RandomPlayer

LEVELS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "medium": MediumPlayer,
    "hard": HardPlayer,
    "expert": ExpertPlayer,
}
"""The levels offered to players (setup, the command line, hosted tables): level name ->
factory taking the player's own ``random.Random`` (and the level's options as keywords), in
the order players see them: by strength, weakest (``random``) first."""
TRIAL_LEVELS: dict[str, Callable[..., Player]] = {}
"""Levels the tools can make (``make_player``, tournaments, benches) but players are not
offered, while they are measured (none now: ``expert`` was one until it beat hard)."""

TIME_BUDGETS: dict[str, float] = {"hard": hard.TIME_BUDGET, "expert": expert.TIME_BUDGET}
"""The timed levels (their thinking time per decision can be set: their ``time_budget``
option) -> the seconds they think when none is given."""
TIMED_LEVELS = frozenset(TIME_BUDGETS)
"""Levels whose thinking time per decision can be set (their ``time_budget`` option)."""
PARALLEL_LEVELS = frozenset({"expert"})
"""Levels that can search on several cores (their ``workers`` option)."""
FLOAT_OPTIONS = frozenset({"time_budget", "lead", "duel_share"})
"""Options that stay floats even when written as whole numbers."""
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""What a timed level's ``clock`` option may name: wall time (the default, as players meet
it), or the thinking process's own CPU time (``clock=cpu``: a tournament on a loaded machine,
or with several games at once, then gives every side the same thinking whatever the load)."""


def parse_level(spec: str) -> tuple[str, dict[str, float | str]]:
    """``"hard:time_budget=0.1,method=flat"`` -> ``("hard", {...})``; ValueError for a level of
    neither ``LEVELS`` nor ``TRIAL_LEVELS``, or an option without ``=``.

    Numbers become ints (the ``FLOAT_OPTIONS`` stay floats), other values stay strings.
    """
    name, _, options = spec.partition(":")
    if name not in LEVELS and name not in TRIAL_LEVELS:
        raise ValueError(f"unknown AI level {name!r}; known: {', '.join([*LEVELS, *TRIAL_LEVELS])}")
    kwargs: dict[str, float | str] = {}
    for part in filter(None, options.split(",")):
        key, equals, value = part.partition("=")
        if not equals or not key:
            raise ValueError(f"level option {part!r} is not name=value")
        try:
            number = float(value)
        except ValueError:
            kwargs[key] = value
            continue
        kwargs[key] = int(number) if number.is_integer() and key not in FLOAT_OPTIONS else number
    return name, kwargs


def player_seed(game_seed: int, seat: int) -> int:
    """The seed of a computer seat's own generator, derived from the game's seed: the one
    formula of the app's tables, headless games, the host's and the tools'."""
    return game_seed * 1009 + seat * 7919 + 1


def make_player(
    spec: str, rng: random.Random, *, time_budget: float | None = None, workers: int | None = None
) -> Player:
    """A new player of the level ``spec`` (a name, or a name with options: ``parse_level``).

    ``time_budget`` (seconds per decision) goes to a level of ``TIMED_LEVELS`` whose spec does
    not set one, ``workers`` (processes a decision may search on) to a level of
    ``PARALLEL_LEVELS`` whose spec does not set it; other levels ignore them. A timed level's
    ``clock`` option names one of ``CLOCKS``. Raises ValueError for an unknown level, an option
    the level does not take or a bad value.
    """
    name, kwargs = parse_level(spec)
    if time_budget is not None and name in TIMED_LEVELS:
        kwargs.setdefault("time_budget", float(time_budget))
    if workers is not None and name in PARALLEL_LEVELS:
        kwargs.setdefault("workers", workers)
    options: dict[str, float | str | Callable[[], float]] = dict(kwargs)
    if "clock" in kwargs:
        clock = kwargs["clock"]
        if name not in TIMED_LEVELS or not isinstance(clock, str) or clock not in CLOCKS:
            raise ValueError(f"level {spec!r}: clock must be one of {', '.join(CLOCKS)} on a timed level")
        options["clock"] = CLOCKS[clock]
    try:
        return (LEVELS.get(name) or TRIAL_LEVELS[name])(rng, **options)
    except TypeError as error:
        raise ValueError(f"level {spec!r}: {error}") from None
