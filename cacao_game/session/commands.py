"""What a player (or the AI's answer) can ask of the play session: small frozen values.

The play scene's input maps keys and clicks to these; tests send them directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from cacao_game.ai.explain import Advice
from cacao_game.engine import Action
from cacao_game.engine.tiles import Pos


@dataclass(frozen=True, slots=True)
class Select:
    """Select hand tile ``index`` (0-based) for placing."""

    index: int


@dataclass(frozen=True, slots=True)
class Rotate:
    """Turn the selected tile (or a volcano being laid) by ``step`` quarter turns clockwise."""

    step: int


@dataclass(frozen=True, slots=True)
class PickFill:
    """Choose which jungle tile of the display to lay next."""

    code: str


@dataclass(frozen=True, slots=True)
class Assign:
    """FILL: give space ``pos`` the jungle tile ``code`` (a tile dropped there)."""

    pos: Pos
    code: str
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class Unassign:
    """FILL: take the tile back from space ``pos`` (picked up to be dropped elsewhere)."""

    pos: Pos


@dataclass(frozen=True, slots=True)
class Target:
    """A click on board square ``pos``: place provisionally there, or confirm on a second click."""

    pos: Pos


@dataclass(frozen=True, slots=True)
class Cycle:
    """Move the provisional move (or the focused choice) to the next target, ``step`` = ±1."""

    step: int = 1


@dataclass(frozen=True, slots=True)
class Focus:
    """Focus resolution choice ``index`` without confirming it."""

    index: int


@dataclass(frozen=True, slots=True)
class Confirm:
    """Send the provisional move (or the focused choice) to the engine."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick resolution choice ``index`` and confirm it."""

    index: int


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the provisional move, else decisions, as the undo policy allows."""


@dataclass(frozen=True, slots=True)
class ShowHand:
    """The human named on the curtain is at the screen: lift the curtain."""


@dataclass(frozen=True, slots=True)
class RequestHint:
    """Ask the AI for a suggestion for the deciding human."""


@dataclass(frozen=True, slots=True)
class AIAnswered:
    """The AI answered request ``request_id`` with ``action`` (``error`` if it failed); a
    hint's answer may say why (``advice``)."""

    request_id: int
    action: Action
    error: str | None = None
    advice: Advice | None = None


BoardInput = Select | Rotate | PickFill | Assign | Unassign | Target | Cycle | Focus | Confirm | Choose
"""The commands that build the deciding seat's move on its selection (and confirm it)."""

Command = BoardInput | Undo | ShowHand | RequestHint | AIAnswered
"""Every command ``PlaySession.handle`` takes."""
