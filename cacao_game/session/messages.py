"""Messages from the play session to the AI worker (the worker process stays outside)."""

from __future__ import annotations

from dataclasses import dataclass

from cacao_game.engine import Game


@dataclass(frozen=True)
class AIRequest:
    """Choose an action for the deciding seat of ``game`` with AI ``level``.

    ``hint`` requests suggest a move to a human; the others play a computer seat. ``game`` is
    a clone the worker may keep; ``seed`` makes the answer reproducible. ``time_budget`` is
    the seconds the level thinks in this game (``PlaySession.time_budget``: the expert's time
    for an expert, the hard time for hard and the hints) for the levels that take one
    (``cacao_game.ai.registry.TIMED_LEVELS``), None for the others.
    """

    id: int
    level: str
    seat: int
    seed: int
    game: Game
    hint: bool = False
    time_budget: float | None = None


def time_passed(started: float, budget: float, now: float) -> float:
    """The part of a thinking time of ``budget`` seconds begun at ``started`` that has passed
    at ``now`` (one clock): 0 at the start, rising to exactly 1.0 at the budget and 1.0 from
    then on (an answer late on its way leaves it full); 1.0 for a budget of 0 or less."""
    if budget <= 0:
        return 1.0
    return min(1.0, max(0.0, (now - started) / budget))
