"""What the play session reports besides engine events: curtain, undo, hints, autosave, refusals.

Every notice is a frozen value; its ``reason`` fields are string keys the app translates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

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
    """Undo took back ``decisions`` engine decisions (0: only the provisional move)."""

    decisions: int


@dataclass(frozen=True, slots=True)
class Refused:
    """A command was refused; ``reason`` is a string key (``undo.other_human`` ...).

    ``seat`` names the seat the reason is about, when there is one.
    """

    reason: str
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
        if isinstance(event, NOTICE_TYPES):
            notices.append(cast(Notice, event))
        else:
            engine.append(cast(ev.Event, event))
    return engine, notices


NOTICE_TYPES: tuple[type, ...] = (
    CurtainRaised,
    HandShown,
    Undone,
    Refused,
    HintReady,
    AutosaveFailed,
    AutosaveRestored,
)
"""The notice classes, for ``isinstance`` checks."""
