"""Suggestions for a human seat (the app's H key).

``suggest(game, level)`` asks a medium or hard player for the move it would make in the
deciding seat's place; ``advise`` also says why (``cacao_game.ai.explain``). Both read only
that seat's view, so they never leak hidden tiles. The app runs them in a worker process;
medium answers in milliseconds, hard in its time budget.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from cacao_game.ai.explain import Advice, Ranker, explain
from cacao_game.ai.hard import HardPlayer
from cacao_game.ai.medium import MediumPlayer
from cacao_game.engine import Action, Game, GameOverError

HINT_LEVELS = ("medium", "hard")
"""The levels that give hints."""


def suggest(
    game: Game,
    level: str = "medium",
    *,
    seed: int = 0,
    time_budget: float = 0.5,
    iterations: int | None = None,
) -> Action:
    """The action ``level`` would play for ``game.current_player()``; one of ``legal_actions()``.

    ``seed`` seeds the player's generator; ``time_budget``/``iterations`` bound a hard hint.
    Raises ValueError for a level that gives no hints and GameOverError once the game is over.
    """
    return _player(game, level, seed, time_budget, iterations, time.perf_counter).choose(game)


def advise(
    game: Game,
    level: str = "medium",
    *,
    seed: int = 0,
    time_budget: float = 0.5,
    iterations: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Advice:
    """``suggest``'s move with the reasons it beats the next best (``explain``).

    The move is the one ``suggest`` gives with the same arguments; ``clock`` measures a hard
    hint's ``time_budget``. Raises as ``suggest`` does.
    """
    return advise_with(_player(game, level, seed, time_budget, iterations, clock), game)


def advise_with(player: Ranker, game: Game) -> Advice:
    """The move ``player`` ranks first for the deciding seat of ``game``, and why
    (``explain``; a hard player's margin is its search's)."""
    return explain(game, player.rank(game), searched=isinstance(player, HardPlayer))


def _player(
    game: Game, level: str, seed: int, time_budget: float, iterations: int | None, clock: Callable[[], float]
) -> MediumPlayer | HardPlayer:
    if game.is_over():
        raise GameOverError("the game is over: nothing to suggest")
    rng = random.Random(seed)
    if level == "medium":
        return MediumPlayer(rng)
    if level == "hard":
        return HardPlayer(rng, time_budget=time_budget, iterations=iterations, clock=clock)
    raise ValueError(f"hints come from {' or '.join(HINT_LEVELS)}, not {level!r}")
