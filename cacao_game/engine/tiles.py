"""Tile codes, decks and board geometry of Cacao (rules digest R1, R2.1).

Everything here is constant data; nothing depends on a game in progress.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

Pos = tuple[int, int]
"""A board square ``(x, y)``: x grows east, y grows south."""

N: Final = 0
E: Final = 1
S: Final = 2
W: Final = 3
SIDES: Final = (N, E, S, W)
SIDE_NAMES: Final = ("N", "E", "S", "W")
STEP: Final[tuple[Pos, ...]] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Offset to the neighbour on each side, indexed by side."""
OPPOSITE: Final = (S, W, N, E)
"""The side facing each side, indexed by side (``opposite`` as a table, for hot loops)."""

COLORS: Final = ("red", "purple", "white", "yellow")

WORKER_CODES: Final = ("1111", "2101", "3001", "3100")
WORKER_SET: Final[dict[int, dict[str, int]]] = {
    2: {"1111": 4, "2101": 5, "3001": 1, "3100": 1},
    3: {"1111": 3, "2101": 5, "3001": 1, "3100": 1},
    4: {"1111": 3, "2101": 4, "3001": 1, "3100": 1},
}
"""Worker tiles each seat plays with, by player count (R1.2)."""

PLANTATION1: Final = "plantation1"
PLANTATION2: Final = "plantation2"
MARKET2: Final = "market2"
MARKET3: Final = "market3"
MARKET4: Final = "market4"
GOLD1: Final = "gold1"
GOLD2: Final = "gold2"
WATER: Final = "water"
SUN: Final = "sun"
TEMPLE: Final = "temple"
VOLCANO: Final = "volcano"
JUNGLE_CODES: Final = (
    PLANTATION1,
    PLANTATION2,
    MARKET2,
    MARKET3,
    MARKET4,
    GOLD1,
    GOLD2,
    WATER,
    SUN,
    TEMPLE,
    VOLCANO,
)

PLANTATION_YIELD: Final = {PLANTATION1: 1, PLANTATION2: 2}
MARKET_PRICE: Final = {MARKET2: 2, MARKET3: 3, MARKET4: 4}
GOLD_YIELD: Final = {GOLD1: 1, GOLD2: 2}

VOLCANO_EDGES: Final = (2, 2, -1, -1)
"""Unrotated volcano edge values N, E, S, W: this program's ruling R1.6."""

WATER_TRACK: Final = (-10, -4, -1, 0, 2, 4, 7, 11, 16)
"""Value of each water step 0-8 (R1.7)."""
WATER_MAX_STEP: Final = len(WATER_TRACK) - 1
CACAO_CAP: Final = 5
SUN_CAP: Final = 3
HAND_SIZE: Final = 3
DISPLAY_SIZE: Final = 2

START_TILES: Final[tuple[tuple[Pos, str], ...]] = (((0, 0), PLANTATION1), ((1, 1), MARKET2))

_FULL_JUNGLE: Final = {
    PLANTATION1: 6,
    PLANTATION2: 2,
    MARKET2: 2,
    MARKET3: 4,
    MARKET4: 1,
    GOLD1: 2,
    GOLD2: 1,
    WATER: 3,
    SUN: 2,
    TEMPLE: 5,
}
_TWO_PLAYER_REMOVALS: Final = {
    PLANTATION1: 2,
    MARKET3: 1,
    GOLD1: 1,
    WATER: 1,
    SUN: 1,
    TEMPLE: 1,
}

BASE_VARIANT: Final = "base"
"""The game without a mini-expansion."""
VARIANTS: Final = (BASE_VARIANT, "volcano")


def check_players(players: object) -> None:
    """Raise ValueError unless ``players`` is the int 2, 3 or 4 (not 2.0, not a bool)."""
    if type(players) is not int or players not in WORKER_SET:
        raise ValueError(f"players must be the integer 2, 3 or 4, not {players!r}")


def check_variant(variant: object) -> None:
    """Raise ValueError unless ``variant`` is ``"base"`` or ``"volcano"``."""
    if type(variant) is not str or variant not in VARIANTS:
        raise ValueError(f"variant must be 'base' or 'volcano', not {variant!r}")


def jungle_deck(players: int, variant: str) -> Counter[str]:
    """The jungle tiles shuffled into the draw pile (start tiles excluded), R1.3-R1.5.

    Raises ValueError for a player count outside 2-4 or an unknown variant.
    """
    check_players(players)
    check_variant(variant)
    deck = Counter(_FULL_JUNGLE)
    for _pos, code in START_TILES:
        deck[code] -= 1
    if variant == "volcano":
        deck[VOLCANO] = deck.pop(GOLD1) + deck.pop(GOLD2)
    if players == 2:
        for code, count in _TWO_PLAYER_REMOVALS.items():
            if variant == "volcano" and code == GOLD1:
                code = VOLCANO
            deck[code] -= count
    return +deck


def worker_deck(players: int) -> Counter[str]:
    """The worker tiles of one seat for the player count (R1.2); ValueError for another count."""
    check_players(players)
    return Counter(WORKER_SET[players])


def _rotations(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(values[(side - r) % 4] for side in SIDES) for r in range(4))


WORKER_SIDES: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    code: _rotations(tuple(int(ch) for ch in code)) for code in WORKER_CODES
}
"""``WORKER_SIDES[code][rotation][side]`` is the number of workers on that side."""

VOLCANO_SIDES: Final = _rotations(VOLCANO_EDGES)
"""``VOLCANO_SIDES[rotation][side]`` is the value printed on that side of a volcano."""

DISTINCT_ROTATIONS: Final[dict[str, tuple[int, ...]]] = {
    code: tuple(sorted({WORKER_SIDES[code].index(layout) for layout in WORKER_SIDES[code]}))
    for code in WORKER_CODES
}
"""For each worker code, one rotation per distinct layout (``1111`` has just 0)."""


def is_jungle_square(pos: Pos) -> bool:
    """Whether ``pos`` is a jungle square of the checkerboard (R2.1)."""
    return (pos[0] + pos[1]) % 2 == 0


def neighbour(pos: Pos, side: int) -> Pos:
    """The square next to ``pos`` on ``side``."""
    dx, dy = STEP[side]
    return (pos[0] + dx, pos[1] + dy)


def opposite(side: int) -> int:
    """The side facing ``side``."""
    return OPPOSITE[side]


NEIGHBOURS: dict[Pos, tuple[Pos, Pos, Pos, Pos]] = {}
"""``neighbours(pos)`` of every square asked so far (hot loops read ``NEIGHBOURS.get(pos) or
neighbours(pos)``); never change it."""


def neighbours(pos: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    """The squares next to ``pos`` on the sides N, E, S, W (cached: a hot path)."""
    found = NEIGHBOURS.get(pos)
    if found is None:
        x, y = pos
        found = NEIGHBOURS[pos] = ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
    return found


def water_value(step: int) -> int:
    """The gold value of a water step 0-8."""
    return WATER_TRACK[step]
