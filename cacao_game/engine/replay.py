"""Rebuilding a game from its deal and its decisions: the one replay loop of the package.

Saves, game records, the play scene's history, the scoring scene, the statistics, the game
review and its report all rebuild a game the same way: start ``Game(setup)`` and apply every
decision in order. ``replay`` does that, shows each decision's position before it
(``before``) and its events after it (``on_events``), and names the first decision that the
rules refuse.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cacao_game.engine import events as ev
from cacao_game.engine.actions import Action
from cacao_game.engine.errors import IllegalActionError
from cacao_game.engine.game import Game
from cacao_game.engine.setup import Setup


@dataclass(frozen=True, slots=True)
class Step:
    """One decision as it was replayed."""

    index: int
    """Its position in the list of decisions, from 0."""
    action: Action
    seat: int
    """The seat that made it (``current_player()`` just before it was applied)."""
    events: list[ev.Event]
    """What ``Game.apply`` returned for it."""


class ReplayError(IllegalActionError):
    """Decision ``index`` of a replayed list is illegal where it stands.

    ``str(error)`` is ``"action <index>: <the engine's reason>"``; ``cause`` is the engine's
    error. The game being rebuilt is left after decision ``index - 1``.
    """

    def __init__(self, index: int, action: Action, cause: IllegalActionError) -> None:
        super().__init__(f"action {index}: {cause}")
        self.index = index
        self.action = action
        self.cause = cause


def replay(
    setup: Setup,
    actions: Iterable[Action],
    *,
    on_events: Callable[[Game, Step], None] | None = None,
    before: Callable[[Game, int, Action], None] | None = None,
    keep_history: bool = True,
) -> Game:
    """The game dealt in ``setup`` after applying ``actions`` in order.

    ``before(game, index, action)`` is called just before decision ``index`` is applied, with
    the game as it stands then (clone it to keep it); ``on_events(game, step)`` after each
    decision with the game as it now stands.
    ``keep_history`` is passed to ``Game`` (True: the result can ``pop()`` every decision).
    Raises ValueError if ``setup`` is not a valid deal, and ``ReplayError`` (an
    ``IllegalActionError``) naming the index of the first decision the rules refuse.
    """
    game = Game(setup, keep_history=keep_history)
    for index, action in enumerate(actions):
        if before is not None:
            before(game, index, action)
        seat = game.current_player()
        try:
            events = game.apply(action)
        except IllegalActionError as error:
            raise ReplayError(index, action, error) from error
        if on_events is not None:
            on_events(game, Step(index, action, seat, events))
    return game
