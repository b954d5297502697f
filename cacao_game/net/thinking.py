"""Where a host's AI thinks: worker processes, so that a long search never holds the event
loop (or the other tables) up.

``choose`` is what a worker runs for a seat's move: a fresh player of the level, seeded from the seat's seed
and the decision's number, so the answer is the same in any worker, on any run, after any
restart (deterministic per seed; a timed expert's also depends on the time it gets and on
the speed the worker has seen, ``SPEEDS``); ``hint`` is what it runs for a hint (the coach's, a function of
the position). ``Thinker`` owns the pool: worker processes started with
``spawn`` (safe next to the host's threads; each dies with the host's process,
``cacao_game.ai.lifeline``: a tester's killed hosting window left one running), or threads
when ``processes`` is 0.
``TimedMove`` is a timed AI seat's move on its way, as the host tells the table of it.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

from cacao_game.ai import make_player
from cacao_game.ai.expert import ExpertPlayer
from cacao_game.ai.explain import Advice
from cacao_game.ai.hint import advise
from cacao_game.ai.lifeline import bind_to_parent, name_process
from cacao_game.engine import Action, Game
from cacao_game.net import protocol as p

WORKER_NAME = "cacao-net-ai"
"""A host's AI worker process's name in ``top`` (``lifeline.name_process``)."""

SPEEDS: dict[tuple[str, float | None], tuple[int, float]] = {}
"""In each worker, every expert level's searches on time so far, by level and time budget
(``ExpertPlayer.speed``): a player made afresh for each decision still prices its budget at
this machine's speed, so it reaches as the same level in the app does."""


def choose(level: str, seed: int, at: int, time_budget: float | None, game: Game) -> Action:
    """The decision AI ``level`` makes in ``game`` (its ``at``-th), from ``seed``, an expert
    with the speed its level has shown in this worker (``SPEEDS``). An AI that fails plays
    the first legal decision instead (the table must go on)."""
    player = make_player(level, random.Random(seed * 1_000_003 + at), time_budget=time_budget)
    key = (level, time_budget)
    if isinstance(player, ExpertPlayer):
        player.speed = SPEEDS.get(key, player.speed)
    try:
        action = player.choose(game)
    except Exception:  # an AI bug must not stop the table: play a legal move
        return game.legal_actions()[0]
    if isinstance(player, ExpertPlayer):
        SPEEDS[key] = player.speed
    return action


def hint(level: str, game: Game) -> Advice | Action:
    """The hint ``level`` gives the deciding seat of ``game`` with its reasons:
    ``cacao_game.ai.hint.advise``, a function of what that seat sees (the same move and
    reasons the app's H gives for that position, bounded in iterations, never by a clock).
    One that fails gives the first legal decision alone."""
    try:
        return advise(game, level)
    except Exception:  # a hint must not stop the table
        return game.legal_actions()[0]


def _start_worker(parent_pid: int) -> None:
    """A worker's first step: it ends with the host's process ``parent_pid`` and is named."""
    bind_to_parent(parent_pid)
    name_process(WORKER_NAME)


class Thinker:
    """A pool of ``processes`` AI workers (0: two threads), started at the first request."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._pool: Executor | None = None

    @property
    def pool(self) -> Executor:
        """The executor to run ``choose`` on."""
        if self._pool is None:
            if self.processes > 0:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    max_workers=self.processes,
                    mp_context=context,
                    initializer=_start_worker,
                    initargs=(os.getpid(),),
                )
            else:
                self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="cacao-net-ai")
        return self._pool

    def close(self) -> None:
        """Stop the workers (answers still to come are dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


@dataclass(frozen=True, slots=True)
class TimedMove:
    """A timed AI seat's move being thought about: ``seat``, its decision ``at``, the
    ``budget`` in seconds and when it was asked (``started``, the host's clock)."""

    seat: int
    at: int
    budget: float
    started: float

    def message(self, now: float) -> p.Thinking:
        """What a member is told at ``now`` (the host's clock): the budget (at most
        ``protocol.MAX_THINK``) and the time passed so far, which never exceeds it."""
        budget = min(self.budget, p.MAX_THINK)
        return p.Thinking(self.seat, self.at, budget, min(budget, max(0.0, now - self.started)))
