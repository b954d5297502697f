"""What every computer player offers."""

from __future__ import annotations

from typing import Protocol

from cacao_game.engine import Action, Game


class Player(Protocol):
    """A computer player for one seat.

    Contract: ``choose`` returns one of ``game.legal_actions()`` for
    ``game.current_player()``, decides only from what ``game.view(seat)`` shows, takes its
    randomness from the ``random.Random`` it was built with, and never changes ``game``.
    """

    name: str
    """The level name used in ``--seats``, records and the app."""

    def choose(self, game: Game) -> Action:
        """The action to play for the deciding seat."""
        ...
