"""Engine events -> animations on a ``Timeline`` that update a ``Shown`` state as they land.

``choreograph`` lays the animations of one ``Game.apply`` out in time: the worker tile slides
in, jungle tiles fly from the display or pile, activated workers pulse, tokens fly to their
owner's panel (counters tick as each lands), the water carrier steps, the display refills.
Each callback sets absolute values taken from the events, so the shown state ends exactly
where the engine is, whether the animations play or are skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cacao_game.app.play.anim import Anim, Flight, FloatText, Point, Pulse, Timeline
from cacao_game.app.play.shown import Shown
from cacao_game.engine import WorkerTile
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
"""Most token images flown for one gain (the counter still ticks to the exact value)."""


class _Builder:
    def __init__(self, shown: Shown, timeline: Timeline, factor: float, colors: Sequence[str]) -> None:
        self.shown = shown
        self.timeline = timeline
        self.factor = factor
        self.colors = colors
        self.cursor = max(timeline.now, timeline.end_time)
        self.display_sim = list(shown.display)

    def d(self, key: str) -> float:
        return BASE[key] * self.factor

    def add(self, anim: Anim) -> None:
        self.timeline.add(anim)

    def tokens(
        self,
        seat: int,
        icon: str,
        count: int,
        src: Point,
        dst: Point,
        land: Callable[[int], None],
        label: str = "",
        *,
        on_leave: bool = False,
    ) -> float:
        """Fly ``min(count, MAX_TOKENS)`` tokens; ``land(k)`` runs as token k (1-based) lands
        (or, with ``on_leave``, as it leaves: a payment leaves the panel at once)."""
        flown = max(1, min(count, MAX_TOKENS))
        start = self.cursor
        for k in range(flown):
            share = round(count * (k + 1) / flown)
            self.add(
                Flight(
                    start + k * self.d("token_gap"),
                    self.d("token"),
                    on_start=(lambda share=share: land(share)) if on_leave else None,
                    on_end=None if on_leave else (lambda share=share: land(share)),
                    src=src,
                    dst=dst,
                    icon=icon,
                    size=40,
                    arc=70,
                    label=label if k == 0 else "",
                )
            )
        return start + (flown - 1) * self.d("token_gap") + self.d("token")

    def counter(
        self,
        seat: int,
        item: str,
        count: int,
        source: Pos,
        start: int,
        unit: int,
        *,
        to_panel: bool = True,
        label: str = "",
    ) -> float:
        """Tokens of ``item`` between board square ``source`` and ``seat``'s panel; the shown
        counter ``item`` goes from ``start`` by ``unit`` per token (share) as it lands (or
        leaves the panel, for a payment). Returns when the last token lands."""
        board: Point = ("board", source)
        panel: Point = ("panel", (seat, item))
        src, dst = (board, panel) if to_panel else (panel, board)
        setter = _counter_setter(self.shown, item, seat, start, unit)
        return self.tokens(seat, item, count, src, dst, setter, label, on_leave=not to_panel)


def _counter_setter(shown: Shown, field: str, seat: int, start: int, unit: int) -> Callable[[int], None]:
    def set_value(k: int) -> None:
        getattr(shown, field)[seat] = start + unit * k

    return set_value


def choreograph(
    events: Sequence[ev.Event], shown: Shown, timeline: Timeline, factor: float, colors: Sequence[str]
) -> None:
    """Queue the animations of ``events`` after whatever is already queued.

    ``factor`` scales every duration (0: all callbacks still run, at once, in order).
    ``colors`` names each seat's colour for tile images.
    """
    b = _Builder(shown, timeline, factor, colors)
    pulse_batch_end: float | None = None
    for event in events:
        if not isinstance(event, ev.EdgeActivated) and pulse_batch_end is not None:
            b.cursor = pulse_batch_end
            pulse_batch_end = None
        handler = _HANDLERS.get(type(event))
        if isinstance(event, ev.EdgeActivated):
            start = b.cursor
            b.add(Pulse(start, b.d("pulse"), pos=event.pos, side=event.side))
            pulse_batch_end = start + b.d("pulse") * 0.8
        elif handler is not None:
            handler(b, event)
    if pulse_batch_end is not None:
        b.cursor = pulse_batch_end
    b.add(Anim(b.cursor, 0.0, on_end=lambda: _compact_display(shown)))


def _compact_display(shown: Shown) -> None:
    """Close the gaps left in the display by tiles laid during the animation."""
    shown.display = [code for code in shown.display if code]


def _placed(b: _Builder, e: ev.TilePlaced) -> None:
    s = b.shown
    color = b.colors[e.seat]

    def lift() -> None:
        if e.tile in s.hands[e.seat]:
            s.hands[e.seat].remove(e.tile)

    def land() -> None:
        if e.overbuild and e.pos in s.workers:
            s.covered[e.pos] = s.workers[e.pos]
        s.workers[e.pos] = WorkerTile(e.seat, e.tile, e.rotation)

    hand = s.hands[e.seat]
    hand_slot = (e.seat, hand.index(e.tile) if e.tile in hand else 0, len(hand))
    b.add(Flight(b.cursor, b.d("place"), lift, land, src=("hand", hand_slot), dst=("board", e.pos),
                 tile=("worker", f"{color}_{e.tile}", e.rotation)))  # fmt: skip
    b.cursor += b.d("place")


def _sun_spent(b: _Builder, e: ev.SunSpent) -> None:
    def pay() -> None:
        b.shown.sun[e.seat] = e.sun

    b.add(
        FloatText(
            b.cursor,
            b.d("token"),
            on_start=pay,
            at=("panel", (e.seat, "sun")),
            text="-1",
            color=(255, 210, 120),
        )
    )


def _filled(b: _Builder, e: ev.JungleFilled) -> None:
    s = b.shown
    src: Point
    if e.source == "display" and e.tile in b.display_sim:
        index = b.display_sim.index(e.tile)
        b.display_sim[index] = ""
        src = ("display", index)
    else:
        src = ("pile", None)

    def lift() -> None:
        if e.source == "display":
            if e.tile in s.display:
                s.display[s.display.index(e.tile)] = ""
        else:
            s.pile_count = max(0, s.pile_count - 1)

    def land() -> None:
        s.jungle[e.pos] = (e.tile, e.rotation)

    b.add(Flight(b.cursor, b.d("jungle"), lift, land, src=src, dst=("board", e.pos),
                 tile=("jungle", e.tile, e.rotation)))  # fmt: skip
    b.cursor += b.d("jungle_gap")


def _cacao_gained(b: _Builder, e: ev.CacaoGained) -> None:
    end = b.counter(e.seat, "cacao", e.gained, e.source, e.cacao - e.gained, 1) if e.gained else b.cursor
    if e.lost:
        b.add(
            FloatText(
                b.cursor, b.d("token") * 1.6, at=("board", e.source), text=f"-{e.lost} (full)", color=LOSS
            )
        )
    b.cursor = max(end, b.cursor + b.d("token") * 0.5)


def _cacao_sold(b: _Builder, e: ev.CacaoSold) -> None:
    if e.sold:
        b.cursor = b.counter(e.seat, "cacao", e.sold, e.source, e.cacao + e.sold, -1, to_panel=False)
        paid = e.sold * e.price
        b.cursor = b.counter(e.seat, "gold", e.sold, e.source, e.gold - paid, e.price, label=f"+{paid}")


def _gold_gained(b: _Builder, e: ev.GoldGained) -> None:
    b.cursor = b.counter(e.seat, "gold", e.gained, e.source, e.gold - e.gained, 1, label=f"+{e.gained}")


def _gold_paid(b: _Builder, e: ev.GoldPaid) -> None:
    if e.paid:
        b.cursor = b.counter(
            e.seat, "gold", e.paid, e.source, e.gold + e.paid, -1, to_panel=False, label=f"-{e.paid}"
        )
    else:
        b.add(FloatText(b.cursor, b.d("token"), at=("board", e.source), text="-0", color=LOSS))


def _water(b: _Builder, e: ev.WaterMoved) -> None:
    s = b.shown
    b.cursor = b.tokens(e.seat, "water", 1, ("board", e.source), ("panel", (e.seat, "water")), lambda k: None)
    for step in range(e.start + 1, e.end + 1):
        b.add(Anim(b.cursor, b.d("water_step"), on_end=lambda step=step: s.water.__setitem__(e.seat, step)))
        b.cursor += b.d("water_step")


def _sun_gained(b: _Builder, e: ev.SunGained) -> None:
    if e.gained:
        b.cursor = b.counter(e.seat, "sun", e.gained, e.source, e.sun - e.gained, 1)
    if e.lost:
        b.add(FloatText(b.cursor, b.d("token"), at=("board", e.source), text=f"-{e.lost} (full)", color=LOSS))


def _drawn(b: _Builder, e: ev.WorkerDrawn) -> None:
    s = b.shown

    def draw() -> None:
        s.hands[e.seat].append(e.tile)
        s.piles[e.seat] = max(0, s.piles[e.seat] - 1)

    b.add(Anim(b.cursor, 0.0, on_end=draw))


def _refilled(b: _Builder, e: ev.DisplayRefilled) -> None:
    s = b.shown
    kept = [code for code in b.display_sim if code]
    for k, code in enumerate(e.drawn):
        slot = len(kept) + k

        def lift() -> None:
            s.pile_count = max(0, s.pile_count - 1)

        b.add(
            Flight(
                b.cursor + k * b.d("token_gap"),
                b.d("refill"),
                on_start=lift,
                src=("pile", None),
                dst=("display", slot),
                tile=("jungle", code, 0),
                size=120,
            )
        )
    end = b.cursor + (len(e.drawn) - 1) * b.d("token_gap") + b.d("refill")
    b.add(Anim(end, 0.0, on_end=lambda: s.display.__init__(e.display)))
    b.display_sim = list(e.display)
    b.cursor = end


def _temple(b: _Builder, e: ev.TempleScored) -> None:
    s = b.shown
    b.add(Pulse(b.cursor, b.d("temple"), pos=e.pos, color=(255, 240, 170)))
    start = b.cursor + b.d("temple") * 0.5
    end = start
    for seat, gold in enumerate(e.gold):
        if gold:
            b.cursor = start
            base = s.gold[seat]
            end = max(
                end,
                b.tokens(
                    seat,
                    "gold",
                    gold,
                    ("board", e.pos),
                    ("panel", (seat, "gold")),
                    lambda k, seat=seat, base=base: None,
                    label=f"+{gold}",
                ),
            )
    b.cursor = end


_HANDLERS: dict[type, Callable[..., None]] = {
    ev.TilePlaced: _placed, ev.SunSpent: _sun_spent, ev.JungleFilled: _filled, ev.CacaoGained: _cacao_gained,
    ev.CacaoSold: _cacao_sold, ev.GoldGained: _gold_gained, ev.GoldPaid: _gold_paid, ev.WaterMoved: _water,
    ev.SunGained: _sun_gained, ev.WorkerDrawn: _drawn, ev.DisplayRefilled: _refilled,
    ev.TempleScored: _temple,
}  # fmt: skip
