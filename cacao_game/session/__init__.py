"""The play session: one game at the table, without a window (no pygame here).

It holds the game and its seats, whose hand may be shown (and the hot-seat curtain), the
provisional move, undo and its policy, requests to the AI (as messages: the worker process
stays outside), autosave, the log and projected scores. The play scene turns input into
``commands`` and draws what ``PlaySession.handle`` returns; everything a player can do at
the table can be done, and is tested, through the session alone.
"""

from __future__ import annotations

from cacao_game.session.commands import (
    AIAnswered,
    Assign,
    Choose,
    Command,
    Confirm,
    Cycle,
    Focus,
    PickFill,
    RequestHint,
    Rotate,
    Select,
    ShowHand,
    Target,
    Unassign,
    Undo,
)
from cacao_game.session.messages import AIRequest
from cacao_game.session.notices import (
    AutosaveFailed,
    AutosaveRestored,
    CurtainRaised,
    HandShown,
    HintReady,
    Notice,
    Refusal,
    Refused,
    Undone,
)
from cacao_game.session.policy import UndoPolicy, resolve_policy
from cacao_game.session.session import PlaySession, SessionEvent

__all__ = [
    "AIAnswered",
    "AIRequest",
    "Assign",
    "AutosaveFailed",
    "AutosaveRestored",
    "Choose",
    "Command",
    "Confirm",
    "CurtainRaised",
    "Cycle",
    "Focus",
    "HandShown",
    "HintReady",
    "Notice",
    "PickFill",
    "PlaySession",
    "Refusal",
    "Refused",
    "RequestHint",
    "Rotate",
    "Select",
    "SessionEvent",
    "ShowHand",
    "Target",
    "Unassign",
    "Undo",
    "UndoPolicy",
    "Undone",
    "resolve_policy",
]
