"""What the play session reports besides engine events: curtain, undo, hints, autosave, refusals.

Every notice is a frozen value. Why a command was refused is a ``Refusal``; the app words it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from cacao_game.ai.explain import Advice
from cacao_game.engine import Action
from cacao_game.engine import events as ev


@dataclass(frozen=True, slots=True)
class CurtainRaised:
    """Every hand is face down until ``seat``'s human says they are at the screen."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandShown:
    """``seat``'s hand is face up now."""

    seat: int


@dataclass(frozen=True, slots=True)
class Undone:
    """Undo took back ``decisions`` engine decisions (0: only the provisional move).
    ``seat``: they were that seat's, taken back from another screen (a table across machines,
    where the notice names who took them back); None: taken back here."""

    decisions: int
    seat: int | None = None


class Refusal(Enum):
    """Why the session refused a command (nothing changed)."""

    UNDO_NOBODY = "undo.nobody"
    """Nobody at the screen could undo: no human has played yet."""
    UNDO_NOTHING = "undo.nothing"
    """No human decision to take back."""
    UNDO_WATCHING = "undo.watching"
    """A spectator's table: only the players take back their moves."""
    UNDO_OFFLINE = "undo.offline"
    """A table across machines whose link to the host is down or ended."""
    UNDO_OTHER_HUMAN = "undo.other_human"
    """The last human decision is another human's (``Refused.seat``)."""
    UNDO_TURN_OVER = "undo.turn_over"
    """Strict undo: the turn it would take back is over."""
    UNDO_REVEAL = "undo.reveal"
    """Strict undo: a hidden tile came to light since."""
    UNDO_STANDIN = "undo.standin"
    """A table across machines: the computer standing in for the seat's player made the
    decision it would take back (the player was away)."""
    CONFIRM_NOTHING = "confirm.nothing"
    """Confirm with no complete move chosen."""
    ILLEGAL = "illegal"
    """The move is not legal now."""
    TUTORIAL = "tutorial"
    """Not the move the tutorial's step asks for (the coach says why)."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A command was refused for ``reason``; ``seat`` names the seat the reason is about, when
    there is one."""

    reason: Refusal
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class HintReady:
    """The AI suggests ``action``; it is now the provisional move. ``advice`` says why, when
    the AI explained it."""

    action: Action
    advice: Advice | None = None


@dataclass(frozen=True, slots=True)
class AutosaveFailed:
    """The autosave could not be written; ``reason`` is the one-line error."""

    reason: str


@dataclass(frozen=True, slots=True)
class AutosaveRestored:
    """An autosave succeeded after a failure."""


Notice = CurtainRaised | HandShown | Undone | Refused | HintReady | AutosaveFailed | AutosaveRestored
"""Every session notice."""


def split(events: Sequence[ev.Event | Notice]) -> tuple[list[ev.Event], list[Notice]]:
    """Engine events and session notices of ``events``, each in order."""
    engine: list[ev.Event] = []
    notices: list[Notice] = []
    for event in events:
        match event:
            case CurtainRaised() | HandShown() | Undone() | Refused() | HintReady() | AutosaveFailed():
                notices.append(event)
            case AutosaveRestored():
                notices.append(event)
            case _:
                engine.append(event)
    return engine, notices
