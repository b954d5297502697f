"""Computer players. Pure Python, no pygame: they decide from a seat's view of a game."""

from __future__ import annotations

from cacao_game.ai.base import Player
from cacao_game.ai.hint import HINT_LEVELS, suggest
from cacao_game.ai.registry import LEVELS, make_player

__all__ = ["HINT_LEVELS", "LEVELS", "Player", "make_player", "suggest"]
