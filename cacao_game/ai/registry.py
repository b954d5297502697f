"""Computer players by level name."""

from __future__ import annotations

import random
from collections.abc import Callable

from cacao_game.ai.base import Player
from cacao_game.ai.easy import EasyPlayer
from cacao_game.ai.hard import HardPlayer
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.random_player import RandomPlayer

LEVELS: dict[str, Callable[[random.Random], Player]] = {
    "easy": EasyPlayer,
    "medium": MediumPlayer,
    "hard": HardPlayer,
    "random": RandomPlayer,
}
"""Level name -> factory taking the player's own ``random.Random``, in the order players
see them (weakest first, ``random`` last)."""


def make_player(level: str, rng: random.Random) -> Player:
    """A new player of ``level``; raises ValueError for an unknown level."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}") from None
    return factory(rng)
