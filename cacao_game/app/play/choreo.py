"""Engine events -> animations on a ``Timeline`` that move the shown snapshot on as they land.

``choreograph`` lays the animations of one ``Game.apply`` out in time: the worker tile slides
in, jungle tiles fly from the display or pile, activated workers pulse, tokens fly to their
owner's panel, the water carrier steps, the display refills. Each event is committed (the
scene's ``reduce(shown, event)``) once, when its animation lands, in event order; so the
snapshot ends exactly where the engine is whether the animations play or are skipped.

The choreography keeps no copy of the board: each event is animated from the reducer's snapshot
just before it (``_Builder.before``: where a tile sits in a hand or in the display) to the
snapshot after it, moved on with the same ``reduce`` the scene commits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import assert_never

from cacao_game.app.play.anim import (
    Anim,
    DisplaySlot,
    Flight,
    FloatText,
    HandSlot,
    OnBoard,
    OnPanel,
    OnPile,
    Point,
    Pulse,
    Timeline,
)
from cacao_game.app.play.shown import Shown, reduce
from cacao_game.app.strings import t
from cacao_game.engine import events as ev
from cacao_game.engine.tiles import Pos

BASE = {
    "place": 0.38,
    "jungle": 0.42,
    "jungle_gap": 0.22,
    "pulse": 0.55,
    "token": 0.5,
    "token_gap": 0.09,
    "water_step": 0.16,
    "refill": 0.35,
    "temple": 0.7,
}
"""Durations at normal speed, in seconds."""

LOSS = (255, 160, 140)
"""Colour of floating texts for lost or paid amounts."""
MAX_TOKENS = 5
"""Most token images flown for one gain."""

Commit = Callable[[ev.Event], None]
"""Moves the shown snapshot on by one event."""


class _Builder:
    def __init__(
        self, shown: Shown, timeline: Timeline, factor: float, colors: Sequence[str], commit: Commit
    ) -> None:
        self.timeline = timeline
        self.factor = factor
        self.colors = colors
        self.commit_event = commit
        self.cursor = max(timeline.now, timeline.end_time)
        self.last_commit = self.cursor
        self.before = shown
        """The reducer's snapshot just before the event being laid out."""

    def d(self, key: str) -> float:
        return BASE[key] * self.factor

    def add(self, anim: Anim) -> None:
        self.timeline.add(anim)

    def commit(self, event: ev.Event, at: float) -> None:
        """Apply ``event`` to the shown snapshot at ``at`` (never before an earlier event)."""
        self.last_commit = max(at, self.last_commit)
        commit = self.commit_event
        self.add(Anim(self.last_commit, 0.0, on_end=lambda: commit(event)))

    def tokens(self, icon: str, count: int, src: Point, dst: Point, label: str = "") -> float:
        """Fly ``min(count, MAX_TOKENS)`` tokens from ``src`` to ``dst``; returns when the
        last one lands."""
        flown = max(1, min(count, MAX_TOKENS))
        start = self.cursor
        for k in range(flown):
            self.add(
                Flight(
                    start + k * self.d("token_gap"),
                    self.d("token"),
                    src=src,
                    dst=dst,
                    icon=icon,
                    size=40,
                    arc=70,
                    label=label if k == 0 else "",
                )
            )
        return start + (flown - 1) * self.d("token_gap") + self.d("token")

    def counter(self, event: ev.Event, seat: int, item: str, count: int, source: Pos, *,
                to_panel: bool = True, label: str = "") -> None:  # fmt: skip
        """Tokens of ``item`` between board square ``source`` and ``seat``'s panel; ``event``
        is committed as the last one lands."""
        board: Point = OnBoard(source)
        panel: Point = OnPanel(seat, item)
        src, dst = (board, panel) if to_panel else (panel, board)
        self.cursor = self.tokens(item, count, src, dst, label)
        self.commit(event, self.cursor)


def choreograph(
    events: Sequence[ev.Event],
    shown: Shown,
    timeline: Timeline,
    factor: float,
    colors: Sequence[str],
    commit: Commit,
) -> None:
    """Queue the animations of ``events`` (which follow ``shown``) after whatever is queued.

    ``factor`` scales every duration (0: every event is still committed, at once, in order).
    ``colors`` names each seat's colour for tile images. ``commit`` is called once per event.
    """
    b = _Builder(shown, timeline, factor, colors, commit)
    pulse_batch_end: float | None = None
    for event in events:
        if not isinstance(event, ev.EdgeActivated) and pulse_batch_end is not None:
            b.cursor = pulse_batch_end
            pulse_batch_end = None
        match event:
            case ev.EdgeActivated():
                start = b.cursor
                b.add(Pulse(start, b.d("pulse"), pos=event.pos, side=event.side))
                pulse_batch_end = start + b.d("pulse") * 0.8
                b.commit(event, start)
            case ev.TilePlaced():
                _placed(b, event)
            case ev.SunSpent():
                _sun_spent(b, event)
            case ev.JungleFilled():
                _filled(b, event)
            case ev.CacaoGained():
                _cacao_gained(b, event)
            case ev.CacaoSold():
                _cacao_sold(b, event)
            case ev.GoldGained():
                b.counter(event, event.seat, "gold", event.gained, event.source, label=f"+{event.gained}")
            case ev.GoldPaid():
                _gold_paid(b, event)
            case ev.WaterMoved():
                _water(b, event)
            case ev.SunGained():
                _sun_gained(b, event)
            case ev.DisplayRefilled():
                _refilled(b, event)
            case ev.TempleScored():
                _temple(b, event)
            case (
                ev.WorkerDrawn()
                | ev.TurnStarted()
                | ev.FillRequired()
                | ev.EdgeResolved()
                | ev.TurnEnded()
                | ev.GameEnded()
            ):
                b.commit(event, b.cursor)
            case _:
                assert_never(event)
        b.before = reduce(b.before, event)
    if pulse_batch_end is not None:
        b.cursor = pulse_batch_end


def _placed(b: _Builder, e: ev.TilePlaced) -> None:
    color = b.colors[e.seat]
    hand = b.before.hands[e.seat]
    slot = HandSlot(e.seat, hand.index(e.tile) if e.tile in hand else 0, len(hand))
    b.add(Flight(b.cursor, b.d("place"), src=slot, dst=OnBoard(e.pos),
                 tile=("worker", f"{color}_{e.tile}", e.rotation), hides=slot))  # fmt: skip
    b.cursor += b.d("place")
    b.commit(e, b.cursor)


def _sun_spent(b: _Builder, e: ev.SunSpent) -> None:
    b.add(FloatText(b.cursor, b.d("token"), at=OnPanel(e.seat, "sun"), text="-1", color=(255, 210, 120)))
    b.commit(e, b.cursor)


def _filled(b: _Builder, e: ev.JungleFilled) -> None:
    src: Point = OnPile()
    hides: Point | None = None
    if e.source == "display" and e.tile in b.before.display:
        src = hides = DisplaySlot(b.before.display.index(e.tile))
    b.add(Flight(b.cursor, b.d("jungle"), src=src, dst=OnBoard(e.pos), tile=("jungle", e.tile, e.rotation),
                 hides=hides))  # fmt: skip
    b.commit(e, b.cursor + b.d("jungle"))
    b.cursor += b.d("jungle_gap")


def _cacao_gained(b: _Builder, e: ev.CacaoGained) -> None:
    start = b.cursor
    if e.gained:
        b.counter(e, e.seat, "cacao", e.gained, e.source)
    else:
        b.commit(e, b.cursor)
    if e.lost:
        full = t("float.full", n=e.lost)
        b.add(FloatText(start, b.d("token") * 1.6, at=OnBoard(e.source), text=full, color=LOSS))
    b.cursor = max(b.cursor, start + b.d("token") * 0.5)


def _cacao_sold(b: _Builder, e: ev.CacaoSold) -> None:
    if not e.sold:
        b.commit(e, b.cursor)
        return
    b.cursor = b.tokens("cacao", e.sold, OnPanel(e.seat, "cacao"), OnBoard(e.source))
    b.counter(e, e.seat, "gold", e.sold, e.source, label=f"+{e.sold * e.price}")


def _gold_paid(b: _Builder, e: ev.GoldPaid) -> None:
    if e.paid:
        b.counter(e, e.seat, "gold", e.paid, e.source, to_panel=False, label=f"-{e.paid}")
    else:
        b.add(FloatText(b.cursor, b.d("token"), at=OnBoard(e.source), text="-0", color=LOSS))
        b.commit(e, b.cursor)


def _water(b: _Builder, e: ev.WaterMoved) -> None:
    b.cursor = b.tokens("water", 1, OnBoard(e.source), OnPanel(e.seat, "water"))
    b.cursor += b.d("water_step") * max(1, e.end - e.start)
    b.commit(e, b.cursor)


def _sun_gained(b: _Builder, e: ev.SunGained) -> None:
    if e.gained:
        b.counter(e, e.seat, "sun", e.gained, e.source)
    else:
        b.commit(e, b.cursor)
    if e.lost:
        full = t("float.full", n=e.lost)
        b.add(FloatText(b.cursor, b.d("token"), at=OnBoard(e.source), text=full, color=LOSS))


def _refilled(b: _Builder, e: ev.DisplayRefilled) -> None:
    """The drawn tiles leave the pile together and are shown as they take off, each place
    left empty until its tile lands (``Flight.hides``): the pile's count, the display and the
    tiles to come agree at every frame (a trial read the pile's count unchanged beside a
    refilled display, the last tile still flying)."""
    kept = len(e.display) - len(e.drawn)
    for k, code in enumerate(e.drawn):
        slot = DisplaySlot(kept + k)
        b.add(
            Flight(
                b.cursor,
                b.d("refill"),
                src=OnPile(),
                dst=slot,
                tile=("jungle", code, 0),
                size=120,
                hides=slot,
            )
        )
    b.commit(e, b.cursor)
    b.cursor += b.d("refill")


def _temple(b: _Builder, e: ev.TempleScored) -> None:
    b.add(Pulse(b.cursor, b.d("temple"), pos=e.pos, color=(255, 240, 170)))
    start = b.cursor + b.d("temple") * 0.5
    end = start
    for seat, gold in enumerate(e.gold):
        if gold:
            b.cursor = start
            end = max(end, b.tokens("gold", gold, OnBoard(e.pos), OnPanel(seat, "gold"), label=f"+{gold}"))
    b.cursor = end
    b.commit(e, b.cursor)
