"""Board input on a selection: the one dispatch of ``BoardInput`` for the play session and for
a table on another machine (``PlaySession`` and ``RemoteSource`` then do what it asks)."""

from __future__ import annotations

from enum import Enum
from typing import assert_never

from cacao_game.engine import Action, Phase
from cacao_game.session.commands import (
    Assign,
    BoardInput,
    Choose,
    Confirm,
    Cycle,
    Focus,
    PickFill,
    Rotate,
    Select,
    Target,
    Unassign,
)
from cacao_game.session.selection import Selection


class Ask(Enum):
    """What board input asks of its table beyond the selection."""

    CONFIRM = "confirm"
    """Confirm the move chosen (Confirm, or a second choice of the same resolution row)."""


def steer(selection: Selection, command: BoardInput) -> Action | Ask | None:
    """Carry out ``command`` on ``selection``; what the table must do then: play the action a
    click completed, confirm (``Ask.CONFIRM``), or nothing more (None)."""
    match command:
        case Select(index):
            selection.select(index)
        case Rotate(step):
            selection.rotate(step)
        case PickFill(code):
            selection.pick_fill(code)
        case Assign(pos, code, rotation):
            selection.assign(pos, code, rotation)
        case Unassign(pos):
            selection.unassign(pos)
        case Focus(index):
            selection.focus_choice(index)
        case Cycle(step) if selection.phase is Phase.RESOLVE:
            selection.focus = (selection.focused() + step) % max(1, len(selection.outcomes()))
        case Cycle(step):
            selection.cycle(step)
        case Target(pos):
            return selection.click(pos)
        case Choose(index):
            return Ask.CONFIRM if selection.focus_choice(index) else None
        case Confirm():
            return Ask.CONFIRM
        case _:
            assert_never(command)
    return None
