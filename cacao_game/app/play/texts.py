"""The play scene's user-facing strings, and the game log built from engine events.

Strings are looked up in ``cacao_game.app.strings`` first (so the lead can move them there
and translate them); the English defaults below are used for keys it does not have yet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cacao_game.app import strings
from cacao_game.engine import events as ev
from cacao_game.engine.tiles import water_value

PLAY_EN: dict[str, str] = {
    "play.turn": "Turn {turn} · {name}",
    "play.your_turn": "{name}: place a worker tile",
    "play.ai_turn": "{name} is thinking…",
    "play.fill": "{name}: choose which jungle tile goes on each highlighted space",
    "play.fill_pile": "{name}: choose the space for the drawn {tile}",
    "play.resolve": "{name}: decide how to use your workers",
    "play.resolve_title": "{name}, your choice",
    "play.game_over": "Game over",
    "play.confirm": "Confirm",
    "play.undo": "Undo",
    "play.hint": "Hint",
    "play.menu": "Menu",
    "play.curtain": "Pass to {name}",
    "play.curtain_sub": "When {name} is at the screen, click Ready or press Enter",
    "play.hand": "Hand",
    "play.hand_of": "{name}'s hand",
    "play.hand_hidden": "Hand hidden",
    "play.in_pile": "+{count} in pile",
    "play.ready": "Ready",
    "play.display": "Display",
    "play.pile": "Jungle pile",
    "play.pile_left": "{count} left",
    "play.remaining": "Jungle tiles still to come",
    "play.log": "Game log",
    "play.tiles_left": "{count} tiles",
    "play.score": "{total}",
    "play.projected": "projected",
    "play.breakdown": "Gold {gold} · Temples {temples} · Sun {sun} · Water {water} = {total} (cacao {cacao})",
    "play.yield_none": "no immediate gain",
    "play.then_fill": "then lay jungle tiles…",
    "play.then_resolve": "then decide what to sell…",
    "play.animating": "{name}'s move…",
    "play.overbuild": "Overbuild (1 sun)",
    "play.nothing_to_undo": "Nothing to undo",
    "play.undone": "Undone",
    "play.hint_thinking": "Thinking of a hint…",
    "play.hint_ready": "Hint: the highlighted move",
    "play.saved": "Saved: {where}",
    "play.save_failed": "Could not save: {reason}",
    "play.saves_missing": "Saving is not available",
    "play.ai_error": "The AI failed ({error}); it played a legal move instead",
    "play.sell_at": "Sell how many cacao at market {price}?",
    "play.take_at": "Take how many cacao from the plantation (+{value} each)?",
    "play.choose_edge": "{n} choices pending",
    "play.temple_tip": "Temple — workers: {workers}",
    "play.temple_awards": "Now: {awards}",
    "play.nobody": "nobody",
    "play.square_empty": "Empty square",
    "play.fill_space": "Must be filled this turn",
    "play.rotate_hint": "Q/E rotate · Enter confirm · Tab next · U undo · H hint",
    "play.fill_hint": "Click a display tile, then a space · Q/E turn a volcano · Enter confirm",
    "play.water_value": "{value:+d}",
    "replay.status": "Replay · turn {turn} of {turns} · ← → step · Home / End jump · Esc back",
    "replay.first": "First",
    "replay.prev": "Back",
    "replay.next": "Next",
    "replay.last": "Last",
    "log.turn": "Turn {turn}: {name}",
    "log.place": "{name} placed {tile}",
    "log.overbuild": "{name} overbuilt with {tile} (1 sun)",
    "log.fill": "{name} laid {jungle}",
    "log.cacao": "{name} +{n} cacao",
    "log.cacao_lost": "{name} +{n} cacao ({lost} lost: storage full)",
    "log.cacao_full": "{name}: storage full, {lost} cacao lost",
    "log.sold": "{name} sold {n} cacao for {gold} gold",
    "log.gold": "{name} +{n} gold",
    "log.paid": "{name} paid {n} gold at a volcano",
    "log.water": "{name} water {start} → {end}",
    "log.sun": "{name} +{n} sun",
    "log.temple": "Temple {number}: {awards}",
    "log.won": "{names} won",
    "yield.cacao": "+{n} cacao",
    "yield.gold": "{n:+d} gold",
    "yield.water": "+{n} water",
    "yield.sun": "+{n} sun",
    "yield.lost": "{n} cacao lost",
    "jungle.plantation1": "a plantation",
    "jungle.plantation2": "a double plantation",
    "jungle.market2": "a market (2)",
    "jungle.market3": "a market (3)",
    "jungle.market4": "a market (4)",
    "jungle.gold1": "a gold mine (1)",
    "jungle.gold2": "a gold mine (2)",
    "jungle.water": "a water hole",
    "jungle.sun": "a sun-worshiping site",
    "jungle.temple": "a temple",
    "jungle.volcano": "a volcano",
    "tile.1111": "1-1-1-1",
    "tile.2101": "2-1-0-1",
    "tile.3001": "3-0-0-1",
    "tile.3100": "3-1-0-0",
}
"""English defaults of the play scene's strings."""


def t(key: str, **kw: object) -> str:
    """The string ``key`` from the app's table if it has it, else from ``PLAY_EN``, formatted."""
    if key in strings.EN:
        return strings.t(key, **kw)
    text = PLAY_EN.get(key, key)
    try:
        return text.format(**kw)
    except (KeyError, IndexError, ValueError):
        return text


@dataclass(frozen=True)
class LogLine:
    """One line of the game log; ``seat`` (or None) gives its colour; ``turn`` its turn."""

    text: str
    seat: int | None
    turn: int
    heading: bool = False


def gains(events: Sequence[ev.Event], seat: int) -> Counter[str]:
    """What ``seat`` gained in ``events``: cacao, gold (net), water steps, sun, cacao lost."""
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
    return total


def gains_text(total: Counter[str], then: object = None) -> str:
    """``+2 cacao, +3 gold`` (or "no immediate gain"); ``then``: the phase of the same seat's
    next decision this turn (``Phase.FILL`` or ``Phase.RESOLVE``), named after the gains."""
    parts = [t(f"yield.{key}", n=total[key]) for key in ("cacao", "gold", "water", "sun") if total[key]]
    if total["lost"]:
        parts.append(t("yield.lost", n=total["lost"]))
    name = getattr(then, "name", None)
    if name in ("FILL", "RESOLVE"):
        parts.append(t(f"play.then_{name.lower()}"))
    return ", ".join(parts) if parts else t("play.yield_none")


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def log_lines(events: Sequence[ev.Event], names: Sequence[str]) -> list[LogLine]:
    """The log lines of ``events``, with the seat whose colour each takes."""
    lines: list[LogLine] = []
    turn = 0
    temples = 0
    for e in events:
        seat = getattr(e, "seat", None)
        name = names[seat] if seat is not None else ""
        text: str | None = None
        if isinstance(e, ev.TurnStarted):
            turn = e.turn
            lines.append(LogLine(t("log.turn", turn=e.turn + 1, name=name), seat, turn, heading=True))
        elif isinstance(e, ev.TilePlaced):
            text = t("log.overbuild" if e.overbuild else "log.place", name=name, tile=t(f"tile.{e.tile}"))
        elif isinstance(e, ev.JungleFilled):
            text = t("log.fill", name=name, jungle=t(f"jungle.{e.tile}"))
        elif isinstance(e, ev.CacaoGained) and (e.gained or e.lost):
            key = "log.cacao_full" if not e.gained else ("log.cacao_lost" if e.lost else "log.cacao")
            text = t(key, name=name, n=e.gained, lost=e.lost)
        elif isinstance(e, ev.CacaoSold) and e.sold:
            text = t("log.sold", name=name, n=e.sold, gold=e.sold * e.price)
        elif isinstance(e, ev.GoldGained):
            text = t("log.gold", name=name, n=e.gained)
        elif isinstance(e, ev.GoldPaid):
            text = t("log.paid", name=name, n=e.paid)
        elif isinstance(e, ev.WaterMoved) and e.end != e.start:
            start, end = _signed(water_value(e.start)), _signed(water_value(e.end))
            text = t("log.water", name=name, start=start, end=end)
        elif isinstance(e, ev.SunGained) and e.gained:
            text = t("log.sun", name=name, n=e.gained)
        elif isinstance(e, ev.TempleScored):
            awards = ", ".join(f"{names[s]} +{g}" for s, g in enumerate(e.gold) if g) or t("play.nobody")
            temples += 1
            lines.append(LogLine(t("log.temple", number=temples, awards=awards), None, turn))
        elif isinstance(e, ev.GameEnded):
            winners = " & ".join(names[s] for s in e.winners)
            lines.append(
                LogLine(t("log.won", names=winners), e.winners[0] if e.winners else None, turn, heading=True)
            )
        if text is not None:
            lines.append(LogLine(text, seat, turn))
    return lines
