"""What happened: every state change of a game, as frozen values for the UI and the log.

``Game.apply`` returns them in the order they happened. Positions are board squares; a
``source`` is the jungle square whose action caused the change.
"""

from __future__ import annotations

from dataclasses import dataclass

from cacao_game.engine.scoring import SeatScore
from cacao_game.engine.tiles import Pos


@dataclass(frozen=True, slots=True)
class SeatEvent:
    """Base of every event about one seat: ``seat`` is the seat it happened to (or that acted).

    It is always the first field, so the subclasses are built positionally as before."""

    seat: int


@dataclass(frozen=True, slots=True)
class TurnStarted(SeatEvent):
    """``seat`` is now the mover."""

    turn: int
    """0-based number of the turn in the game."""


@dataclass(frozen=True, slots=True)
class TilePlaced(SeatEvent):
    """A worker tile went on the board (``overbuild``: on top of the seat's own tile)."""

    pos: Pos
    tile: str
    rotation: int
    overbuild: bool


@dataclass(frozen=True, slots=True)
class SunSpent(SeatEvent):
    """``seat`` paid a sun token to overbuild; ``sun`` is what is left."""

    sun: int


@dataclass(frozen=True, slots=True)
class FillRequired:
    """These spaces must be filled this turn (R3.4), in no particular order."""

    spaces: tuple[Pos, ...]


@dataclass(frozen=True, slots=True)
class JungleFilled(SeatEvent):
    """A jungle tile was laid by ``seat`` from the display or the pile."""

    pos: Pos
    tile: str
    rotation: int
    source: str
    """``"display"`` or ``"pile"``."""


@dataclass(frozen=True, slots=True)
class EdgeActivated(SeatEvent):
    """``workers`` workers on side ``side`` of the tile at ``pos`` face ``source``."""

    pos: Pos
    side: int
    source: Pos
    jungle: str
    workers: int


@dataclass(frozen=True, slots=True)
class EdgeResolved(SeatEvent):
    """``seat`` resolved an activated edge with ``amount`` of its workers."""

    pos: Pos
    side: int
    amount: int
    automatic: bool
    """True when the engine chose, because no choice could do better (R3.10)."""


@dataclass(frozen=True, slots=True)
class CacaoGained(SeatEvent):
    """``gained`` cacao went into storage, ``lost`` were wasted at the cap."""

    gained: int
    lost: int
    cacao: int
    """Cacao held afterwards."""
    source: Pos


@dataclass(frozen=True, slots=True)
class CacaoSold(SeatEvent):
    """``sold`` cacao were sold at ``price`` each."""

    sold: int
    price: int
    cacao: int
    gold: int
    """Cacao and gold held afterwards."""
    source: Pos


@dataclass(frozen=True, slots=True)
class GoldGained(SeatEvent):
    """Gold from a gold mine or a volcano's +2 edge."""

    gained: int
    gold: int
    source: Pos


@dataclass(frozen=True, slots=True)
class GoldPaid(SeatEvent):
    """Gold paid at a volcano's -1 edge (``owed`` minus what could not be paid)."""

    paid: int
    owed: int
    gold: int
    source: Pos


@dataclass(frozen=True, slots=True)
class WaterMoved(SeatEvent):
    """The water carrier moved from step ``start`` to ``end``; ``lost`` steps were wasted."""

    start: int
    end: int
    lost: int
    source: Pos


@dataclass(frozen=True, slots=True)
class SunGained(SeatEvent):
    """Sun tokens taken; ``lost`` were wasted at the cap."""

    gained: int
    lost: int
    sun: int
    source: Pos


@dataclass(frozen=True, slots=True)
class WorkerDrawn(SeatEvent):
    """``seat`` drew a worker tile (``tile`` is private to that seat)."""

    tile: str


@dataclass(frozen=True, slots=True)
class DisplayRefilled:
    """These tiles went from the pile to the display; ``display`` is the result."""

    drawn: tuple[str, ...]
    display: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TurnEnded(SeatEvent):
    """The mover's turn is over."""

    turn: int


@dataclass(frozen=True, slots=True)
class TempleScored:
    """One temple's final scoring (R5.1): per seat its workers there and the gold won."""

    pos: Pos
    workers: tuple[int, ...]
    gold: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    """Final scores (see ``scoring.SeatScore``) and the winning seats."""

    scores: tuple[SeatScore, ...]
    winners: tuple[int, ...]


Event = (
    TurnStarted
    | TilePlaced
    | SunSpent
    | FillRequired
    | JungleFilled
    | EdgeActivated
    | EdgeResolved
    | CacaoGained
    | CacaoSold
    | GoldGained
    | GoldPaid
    | WaterMoved
    | SunGained
    | WorkerDrawn
    | DisplayRefilled
    | TurnEnded
    | TempleScored
    | GameEnded
)
"""Any event. Consumers ``match`` on it and end with ``assert_never``, so mypy names every
place that does not handle a new event type yet."""
