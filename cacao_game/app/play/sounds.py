"""Which sound a batch of engine events plays: one per batch, the most telling one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, assert_never

from cacao_game.engine import events as ev

Sound = Literal["place", "fill", "coin", "cacao", "water", "sun", "win"]
"""A sound under ``assets/sounds/<name>.wav``."""

PRIORITY: tuple[Sound, ...] = ("place", "fill", "coin", "cacao", "water", "sun", "win")
"""When a batch has several sounds, the first of these plays."""


def event_sound(event: ev.Event) -> Sound | None:
    """The sound of ``event`` alone (None: it is silent)."""
    match event:
        case ev.TilePlaced():
            return "place"
        case ev.JungleFilled():
            return "fill"
        case ev.GoldGained() | ev.CacaoSold():
            return "coin"
        case ev.CacaoGained():
            return "cacao"
        case ev.WaterMoved():
            return "water"
        case ev.SunGained():
            return "sun"
        case ev.GameEnded():
            return "win"
        case (
            ev.TurnStarted()
            | ev.SunSpent()
            | ev.FillRequired()
            | ev.EdgeActivated()
            | ev.EdgeResolved()
            | ev.GoldPaid()
            | ev.WorkerDrawn()
            | ev.DisplayRefilled()
            | ev.TurnEnded()
            | ev.TempleScored()
        ):
            return None
        case _:
            assert_never(event)


def batch_sound(events: Iterable[ev.Event]) -> Sound | None:
    """The one sound ``events`` play together: the first of ``PRIORITY`` any of them makes."""
    sounds = {event_sound(event) for event in events}
    return next((sound for sound in PRIORITY if sound in sounds), None)
