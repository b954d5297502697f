"""Jungle tiles in words: name, phrase and action, and the rules that quote market prices.

A market's price is never written into a string: every wording takes it from the engine's one
table (``engine.tiles.MARKET_PRICE``), so "Market (3)", "a market (3)", "sell 1 cacao for 3
gold", "2, 3 or 4 gold" and "a price-4 market sells" follow that table.
"""

from __future__ import annotations

from cacao_game.app.strings import t, tn
from cacao_game.engine.tiles import MARKET_PRICE, WORKER_SIDES

MARKET_KEY = "market"
"""The one string key part shared by every market (``jungle_name.market`` ...)."""


def _key_and_price(code: str) -> tuple[str, dict[str, int]]:
    price = MARKET_PRICE.get(code)
    return (code, {}) if price is None else (MARKET_KEY, {"price": price})


def jungle_name(code: str) -> str:
    """The tile's name, as a heading: "Market (3)", "Double plantation"."""
    key, price = _key_and_price(code)
    return t(f"jungle_name.{key}", **price)


def jungle_phrase(code: str) -> str:
    """The tile in a sentence: "a market (3)", "a double plantation"."""
    key, price = _key_and_price(code)
    return t(f"jungle.{key}", **price)


def jungle_action(code: str) -> str:
    """What a worker facing the tile does: "Each worker facing it may sell 1 cacao for 3 gold."."""
    key, price = _key_and_price(code)
    return t(f"tile_action.{key}", **price)


def laid_tile(code: str, rotation: int) -> str:
    """A worker tile as it lies on the board, its workers by side of the screen: "3 workers
    up, 1 worker left" (the 1-1-1-1 tile, the same every way: "1 worker each side")."""
    if len(set(code)) == 1:
        return t(f"tile.{code}")
    sides = [
        tn(f"tile.side.{side}", count) for side, count in enumerate(WORKER_SIDES[code][rotation]) if count
    ]
    text = sides[-1]
    for side in reversed(sides[:-1]):
        text = t("tile.sides", first=side, rest=text)
    return text


def either(values: list[str]) -> str:
    """``values`` as alternatives: "4", "3 or 4", "2, 3 or 4" (in the player's language)."""
    if len(values) < 2:
        return "".join(values)
    return t("list.or", rest=", ".join(values[:-1]), last=values[-1])


def rules_text(section: str) -> str:
    """The rules summary's section ``section`` (``rules.<section>``), market prices filled in."""
    prices = sorted(set(MARKET_PRICE.values()))
    return t(f"rules.{section}", prices=either([str(p) for p in prices]), best=prices[-1])
