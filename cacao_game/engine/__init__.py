"""The Cacao rules engine: pure Python, no pygame (see ``seeds/RULES.md``).

Typical use::

    game = Game.new(players=2, variant="base", seed=7)
    while not game.is_over():
        action = choose(game.legal_actions())   # for game.current_player()
        events = game.apply(action)
    game.score_now(), game.winners()
"""

from __future__ import annotations

from cacao_game.engine.actions import Action, Fill, Overbuild, Place, Resolve
from cacao_game.engine.errors import (
    GameOverError,
    IllegalActionError,
    IllegalFillError,
    IllegalPlacementError,
    IllegalResolutionError,
    NothingToUndoError,
    WrongDecisionError,
)
from cacao_game.engine.game import (
    TERMINAL,
    ActivatedEdge,
    Decision,
    Game,
    OverbuildBar,
    Phase,
    WorkerTile,
    in_turn,
    temple_facing,
)
from cacao_game.engine.scoring import SeatScore, temple_awards
from cacao_game.engine.setup import Setup, deal

__all__ = [
    "TERMINAL",
    "Action",
    "ActivatedEdge",
    "Decision",
    "Fill",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "IllegalFillError",
    "IllegalPlacementError",
    "IllegalResolutionError",
    "NothingToUndoError",
    "Overbuild",
    "OverbuildBar",
    "Phase",
    "Place",
    "Resolve",
    "SeatScore",
    "Setup",
    "WorkerTile",
    "WrongDecisionError",
    "deal",
    "in_turn",
    "temple_awards",
    "temple_facing",
]
