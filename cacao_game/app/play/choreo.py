"""Engine events -> animations on a ``Timeline`` that move the shown snapshot on as they land.

``choreograph`` lays the animations of one ``Game.apply`` out in time: the worker tile slides
in, jungle tiles fly from the display or pile, activated workers pulse, tokens fly to their
owner's panel, the water carrier steps, the display refills. Each event is committed (the
scene's ``reduce(shown, event)``) once, when its animation lands, in event order; so the
snapshot ends exactly where the engine is whether the animations play or are skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cacao_game.app.play.anim import Anim, Flight, FloatText, Point, Pulse, Timeline
from cacao_game.app.play.shown import Shown
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
        self.display_sim = list(shown.display)
        self.hands_sim = [list(hand) for hand in shown.hands]

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
        board: Point = ("board", source)
        panel: Point = ("panel", (seat, item))
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
        if isinstance(event, ev.EdgeActivated):
            start = b.cursor
            b.add(Pulse(start, b.d("pulse"), pos=event.pos, side=event.side))
            pulse_batch_end = start + b.d("pulse") * 0.8
            b.commit(event, start)
            continue
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(b, event)
        else:
            b.commit(event, b.cursor)
    if pulse_batch_end is not None:
        b.cursor = pulse_batch_end


def _placed(b: _Builder, e: ev.TilePlaced) -> None:
    color = b.colors[e.seat]
    hand = b.hands_sim[e.seat]
    index = hand.index(e.tile) if e.tile in hand else 0
    hand_slot = (e.seat, index, len(hand))
    if e.tile in hand:
        hand.remove(e.tile)
    b.add(Flight(b.cursor, b.d("place"), src=("hand", hand_slot), dst=("board", e.pos),
                 tile=("worker", f"{color}_{e.tile}", e.rotation), hides=("hand", hand_slot)))  # fmt: skip
    b.cursor += b.d("place")
    b.commit(e, b.cursor)


def _sun_spent(b: _Builder, e: ev.SunSpent) -> None:
    b.add(FloatText(b.cursor, b.d("token"), at=("panel", (e.seat, "sun")), text="-1", color=(255, 210, 120)))
    b.commit(e, b.cursor)


def _filled(b: _Builder, e: ev.JungleFilled) -> None:
    src: Point
    hides: Point | None = None
    if e.source == "display" and e.tile in b.display_sim:
        index = b.display_sim.index(e.tile)
        src = ("display", index)
        hides = src
        b.display_sim.remove(e.tile)
    else:
        src = ("pile", None)
    b.add(Flight(b.cursor, b.d("jungle"), src=src, dst=("board", e.pos), tile=("jungle", e.tile, e.rotation),
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
        b.add(FloatText(start, b.d("token") * 1.6, at=("board", e.source), text=full, color=LOSS))
    b.cursor = max(b.cursor, start + b.d("token") * 0.5)


def _cacao_sold(b: _Builder, e: ev.CacaoSold) -> None:
    if not e.sold:
        b.commit(e, b.cursor)
        return
    b.cursor = b.tokens("cacao", e.sold, ("panel", (e.seat, "cacao")), ("board", e.source))
    b.counter(e, e.seat, "gold", e.sold, e.source, label=f"+{e.sold * e.price}")


def _gold_gained(b: _Builder, e: ev.GoldGained) -> None:
    b.counter(e, e.seat, "gold", e.gained, e.source, label=f"+{e.gained}")


def _gold_paid(b: _Builder, e: ev.GoldPaid) -> None:
    if e.paid:
        b.counter(e, e.seat, "gold", e.paid, e.source, to_panel=False, label=f"-{e.paid}")
    else:
        b.add(FloatText(b.cursor, b.d("token"), at=("board", e.source), text="-0", color=LOSS))
        b.commit(e, b.cursor)


def _water(b: _Builder, e: ev.WaterMoved) -> None:
    b.cursor = b.tokens("water", 1, ("board", e.source), ("panel", (e.seat, "water")))
    b.cursor += b.d("water_step") * max(1, e.end - e.start)
    b.commit(e, b.cursor)


def _sun_gained(b: _Builder, e: ev.SunGained) -> None:
    if e.gained:
        b.counter(e, e.seat, "sun", e.gained, e.source)
    else:
        b.commit(e, b.cursor)
    if e.lost:
        full = t("float.full", n=e.lost)
        b.add(FloatText(b.cursor, b.d("token"), at=("board", e.source), text=full, color=LOSS))


def _drawn(b: _Builder, e: ev.WorkerDrawn) -> None:
    b.hands_sim[e.seat].append(e.tile)
    b.commit(e, b.cursor)


def _refilled(b: _Builder, e: ev.DisplayRefilled) -> None:
    for k, code in enumerate(e.drawn):
        slot = len(b.display_sim) + k
        start = b.cursor + k * b.d("token_gap")
        tile = ("jungle", code, 0)
        b.add(Flight(start, b.d("refill"), src=("pile", None), dst=("display", slot), tile=tile, size=120))
    b.cursor += max(0, len(e.drawn) - 1) * b.d("token_gap") + b.d("refill")
    b.display_sim = list(e.display)
    b.commit(e, b.cursor)


def _temple(b: _Builder, e: ev.TempleScored) -> None:
    b.add(Pulse(b.cursor, b.d("temple"), pos=e.pos, color=(255, 240, 170)))
    start = b.cursor + b.d("temple") * 0.5
    end = start
    for seat, gold in enumerate(e.gold):
        if gold:
            b.cursor = start
            end = max(
                end, b.tokens("gold", gold, ("board", e.pos), ("panel", (seat, "gold")), label=f"+{gold}")
            )
    b.cursor = end
    b.commit(e, b.cursor)


_HANDLERS: dict[type, Callable[..., None]] = {
    ev.TilePlaced: _placed, ev.SunSpent: _sun_spent, ev.JungleFilled: _filled, ev.CacaoGained: _cacao_gained,
    ev.CacaoSold: _cacao_sold, ev.GoldGained: _gold_gained, ev.GoldPaid: _gold_paid, ev.WaterMoved: _water,
    ev.SunGained: _sun_gained, ev.WorkerDrawn: _drawn, ev.DisplayRefilled: _refilled,
    ev.TempleScored: _temple,
}  # fmt: skip
