"""Suggestions for a human seat (the app's H key).

``suggest(game, level)`` asks a medium or hard player for the move it would make in the
deciding seat's place. It reads only that seat's view, so it never leaks hidden tiles. The
app runs it in a worker process; medium answers in milliseconds, hard in its time budget.
"""

from __future__ import annotations

import random

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
    if game.is_over():
        raise GameOverError("the game is over: nothing to suggest")
    rng = random.Random(seed)
    if level == "medium":
        return MediumPlayer(rng).choose(game)
    if level == "hard":
        return HardPlayer(rng, time_budget=time_budget, iterations=iterations).choose(game)
    raise ValueError(f"hints come from {' or '.join(HINT_LEVELS)}, not {level!r}")
