"""What one seat gained from a list of engine events, in counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cacao_game.engine import events as ev


def gains(events: Sequence[ev.Event], seat: int) -> Counter[str]:
    """What ``seat`` gained in ``events``: cacao, gold (net), water steps, sun (net: an overbuild
    pays 1), cacao lost."""
    total: Counter[str] = Counter()
    for e in events:
        if getattr(e, "seat", None) != seat:
            continue
        if isinstance(e, ev.CacaoGained):
            total["cacao"] += e.gained
            total["lost"] += e.lost
        elif isinstance(e, ev.CacaoSold):
            total["cacao"] -= e.sold
            total["gold"] += e.sold * e.price
        elif isinstance(e, ev.GoldGained):
            total["gold"] += e.gained
        elif isinstance(e, ev.GoldPaid):
            total["gold"] -= e.paid
        elif isinstance(e, ev.WaterMoved):
            total["water"] += e.end - e.start
        elif isinstance(e, ev.SunGained):
            total["sun"] += e.gained
        elif isinstance(e, ev.SunSpent):
            total["sun"] -= 1
    return total
