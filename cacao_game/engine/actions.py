"""The decisions a seat can make, as small frozen values (one class per decision kind)."""

from __future__ import annotations

from dataclasses import dataclass

from cacao_game.engine.tiles import Pos


@dataclass(frozen=True, slots=True)
class Place:
    """Put a hand tile on an empty worker square (R3.2)."""

    tile: str
    """Worker code of a tile in the mover's hand, e.g. ``"2101"``."""
    rotation: int
    """Quarter turns clockwise, 0-3."""
    pos: Pos
    """The empty worker square."""


@dataclass(frozen=True, slots=True)
class Overbuild:
    """Pay 1 sun and put a hand tile on one of the mover's own tiles (R3.3)."""

    tile: str
    """Worker code of a tile in the mover's hand."""
    rotation: int
    """Quarter turns clockwise, 0-3."""
    pos: Pos
    """Square of the mover's own, never overbuilt, worker tile."""


@dataclass(frozen=True, slots=True)
class Fill:
    """Lay one jungle tile on a space that must be filled (R3.4-R3.7)."""

    pos: Pos
    """The empty jungle space."""
    tile: str
    """Jungle code: one of the display tiles, or the drawn pile tile once the display is empty."""
    rotation: int = 0
    """Quarter turns clockwise; only a volcano may be turned (R3.6)."""


@dataclass(frozen=True, slots=True)
class Resolve:
    """Resolve one activated edge of the deciding seat (R3.9-R3.10)."""

    pos: Pos
    """Square of the worker tile whose edge is resolved."""
    side: int
    """Side of that tile (N=0, E=1, S=2, W=3)."""
    amount: int
    """How many of the edge's workers act (at a market: how many cacao are sold)."""


Action = Place | Overbuild | Fill | Resolve
"""Any decision."""


def malformed_field(action: Action) -> str | None:
    """Why a field of ``action`` is not of its declared type, or None when every field is.

    Exact types: ``int`` fields must be ``int`` itself (not ``bool``, not ``float`` even when
    equal to a legal number), ``str`` fields ``str``, and ``pos`` a tuple of two such ints.
    Ranges and legality are the game's business, not this check's.
    """
    pos = action.pos
    if type(pos) is tuple and len(pos) == 2 and type(pos[0]) is int and type(pos[1]) is int:
        if isinstance(action, Resolve):
            if type(action.side) is int and type(action.amount) is int:
                return None
        elif type(action.tile) is str and type(action.rotation) is int:
            return None
    if not (type(pos) is tuple and len(pos) == 2 and type(pos[0]) is int and type(pos[1]) is int):
        return f"pos must be a tuple of two integers (x, y), not {action.pos!r}"
    numbers: tuple[tuple[str, object], ...]
    if isinstance(action, Resolve):
        numbers = (("side", action.side), ("amount", action.amount))
    else:
        if type(action.tile) is not str:
            return f"tile must be a string code, not {action.tile!r}"
        numbers = (("rotation", action.rotation),)
    for name, value in numbers:
        if type(value) is not int:
            return f"{name} must be an integer, not {value!r}"
    return None
