"""The baseline: uniform over the legal decisions."""

from __future__ import annotations

import random

from cacao_game.engine import Action, Game


class RandomPlayer:
    """Picks uniformly among ``legal_actions()`` (which depend only on visible information)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        """``rng`` is the player's own seeded generator."""
        self.rng = rng

    def choose(self, game: Game) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(game.legal_actions())
