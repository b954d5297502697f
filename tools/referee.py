"""Independent referee for Cacao game records.

This module checks a game record (the shared ``spec/game-record.md``, format version 1;
``docs/game-record.md`` here) against the rules of Cacao as stated in the project's rules
digest (``seeds/RULES.md``) and the original rulebooks. It deliberately shares no code with
the game engine, so that a bug in the engine cannot hide behind the same bug in its checker.

Public entry points:

* :func:`check_record` -- returns the list of violations of one parsed record (empty when the
  record is a legal, self-consistent game).  It never raises.
* :func:`main` -- command line: ``python tools/referee.py FILE_OR_DIR [...]``.

The smaller helpers (:func:`jungle_deck`, :func:`worker_set`, :func:`required_fills`,
:func:`activations`, :func:`reachable_outcomes`, :func:`temple_scores`, :func:`winners_of`)
are public so that tests can build records with them; they implement the rules once, simply.

Standard library only (Python 3.11).
"""

from __future__ import annotations

import json
import logging
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

log = logging.getLogger(__name__)

# --------------------------------------------------------------------------------------
# Rules data (RULES.md R1)
# --------------------------------------------------------------------------------------

Pos = tuple[int, int]
"""A board square ``(x, y)``; x grows east, y grows south."""

SIDE_OFFSETS: tuple[Pos, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Neighbour offsets by side index N=0, E=1, S=2, W=3."""

WORKER_CODES: tuple[str, ...] = ("1111", "2101", "3001", "3100")
JUNGLE_CODES: tuple[str, ...] = (
    "plantation1",
    "plantation2",
    "market2",
    "market3",
    "market4",
    "gold1",
    "gold2",
    "water",
    "sun",
    "temple",
    "volcano",
)
COLORS: tuple[str, ...] = ("red", "purple", "white", "yellow")
VARIANTS: tuple[str, ...] = ("base", "volcano")
WATER_VALUES: tuple[int, ...] = (-10, -4, -1, 0, 2, 4, 7, 11, 16)
"""Value of each water step 0-8 (R1.7)."""
MAX_CACAO = 5
MAX_SUN = 3
MAX_WATER = len(WATER_VALUES) - 1
RULED_VOLCANO_EDGES: tuple[int, ...] = (2, 2, -1, -1)
"""Unrotated volcano edge values N, E, S, W as RULES.md R1.6 rules them."""
START_BOARD: tuple[tuple[Pos, str, int], ...] = (((0, 0), "plantation1", 0), ((1, 1), "market2", 0))
"""The two start tiles (R2.1) as ``(pos, tile, rotation)``."""

_FULL_JUNGLE: Mapping[str, int] = {
    "plantation1": 6,
    "plantation2": 2,
    "market2": 2,
    "market3": 4,
    "market4": 1,
    "gold1": 2,
    "gold2": 1,
    "water": 3,
    "sun": 2,
    "temple": 5,
}


def worker_set(players: int) -> Counter[str]:
    """Return the worker tiles one seat uses with ``players`` players (R1.1, R1.2).

    Contract: ``players`` is 2, 3 or 4; the result has 11, 10 or 9 tiles.
    """
    tiles: Counter[str] = Counter({"1111": 4, "2101": 5, "3001": 1, "3100": 1})
    if players >= 3:
        tiles["1111"] -= 1
    if players >= 4:
        tiles["2101"] -= 1
    return tiles


def jungle_deck(players: int, variant: str) -> Counter[str]:
    """Return the jungle tiles of the draw pile, start tiles excluded (R1.3-R1.5).

    Contract: ``players`` is 2-4 and ``variant`` is ``"base"`` or ``"volcano"``; the result
    always holds 26 tiles (3-4 players) or 19 tiles (2 players).
    """
    deck: Counter[str] = Counter(_FULL_JUNGLE)
    deck["plantation1"] -= 1  # start tile
    deck["market2"] -= 1  # start tile
    if players == 2:
        for code, n in (
            ("plantation1", 2),
            ("market3", 1),
            ("gold1", 1),
            ("water", 1),
            ("sun", 1),
            ("temple", 1),
        ):
            deck[code] -= n
    if variant == "volcano":
        # The gold mines still in the deck are swapped one for one for volcanoes; with
        # 2 players the removed value-1 gold mine stands for the removed volcano.
        deck["volcano"] = deck.pop("gold1") + deck.pop("gold2")
    return +deck


def neighbour(pos: Pos, side: int) -> Pos:
    """Return the square next to ``pos`` on ``side`` (N=0, E=1, S=2, W=3)."""
    dx, dy = SIDE_OFFSETS[side]
    return (pos[0] + dx, pos[1] + dy)


def workers_on(code: str, rotation: int, side: int) -> int:
    """Return the workers on ``side`` of worker tile ``code`` turned ``rotation`` quarters."""
    return int(code[(side - rotation) % 4])


# --------------------------------------------------------------------------------------
# Board model
# --------------------------------------------------------------------------------------


class WorkerTile(NamedTuple):
    """One worker tile on the board."""

    owner: int
    code: str
    rotation: int


@dataclass
class Board:
    """Tiles in play.

    ``jungle`` maps a jungle square to ``(tile code, rotation)``; ``workers`` maps a worker
    square to its stack of worker tiles, bottom first (length 2 once overbuilt).
    """

    jungle: dict[Pos, tuple[str, int]] = field(default_factory=dict)
    workers: dict[Pos, list[WorkerTile]] = field(default_factory=dict)

    @classmethod
    def start(cls) -> Board:
        """Return the board with only the start tiles (R2.1)."""
        return cls(jungle={pos: (tile, rot) for pos, tile, rot in START_BOARD})

    def top(self, pos: Pos) -> WorkerTile | None:
        """Return the top worker tile at ``pos``, or None."""
        stack = self.workers.get(pos)
        return stack[-1] if stack else None

    def touches_jungle(self, pos: Pos) -> bool:
        """True when the square ``pos`` shares an edge with a jungle tile."""
        return any(neighbour(pos, s) in self.jungle for s in range(4))

    def worker_count_around(self, pos: Pos) -> int:
        """Number of worker tiles sharing an edge with square ``pos``."""
        return sum(1 for s in range(4) if neighbour(pos, s) in self.workers)


def required_fills(board: Board, pos: Pos) -> set[Pos]:
    """Return the jungle squares that must be filled after a worker tile is placed at ``pos``.

    Contract (R3.4): the board already holds the new tile at ``pos``; the result are the empty
    squares next to ``pos`` that now touch two or more worker tiles (any owners).
    """
    result: set[Pos] = set()
    for side in range(4):
        square = neighbour(pos, side)
        if square in board.jungle or square in board.workers:
            continue
        if board.worker_count_around(square) >= 2:
            result.add(square)
    return result


class Edge(NamedTuple):
    """The activated workers on one edge of one worker tile.

    ``kind`` is one of cacao, market, gold, water, sun, temple, volcano; ``value`` is the
    cacao per worker, the market price, the gold per worker, 1 for water and sun, 0 for a
    temple, or the volcano edge value (+2 or -1) facing the workers; ``workers`` (their number) >= 1.
    """

    kind: str
    value: int
    workers: int

    def describe(self) -> str:
        """Short human-readable form, e.g. ``2x market3``."""
        if self.kind == "cacao":
            return f"{self.workers}x plantation{self.value}"
        if self.kind in ("market", "gold"):
            return f"{self.workers}x {self.kind}{self.value}"
        if self.kind == "volcano":
            return f"{self.workers}x volcano({self.value:+d})"
        return f"{self.workers}x {self.kind}"


def _edge_for(tile: str, jungle_rotation: int, facing_side: int, count: int, volcano: Sequence[int]) -> Edge:
    """Return the edge activating ``count`` workers at jungle ``tile`` through its ``facing_side``."""
    if tile.startswith("plantation"):
        return Edge("cacao", int(tile[-1]), count)
    if tile.startswith("market"):
        return Edge("market", int(tile[-1]), count)
    if tile.startswith("gold"):
        return Edge("gold", int(tile[-1]), count)
    if tile == "volcano":
        return Edge("volcano", int(volcano[(facing_side - jungle_rotation) % 4]), count)
    if tile in ("water", "sun"):
        return Edge(tile, 1, count)
    return Edge("temple", 0, count)


def activations(
    board: Board, pos: Pos, filled: Iterable[Pos], volcano: Sequence[int] = RULED_VOLCANO_EDGES
) -> dict[int, list[Edge]]:
    """Return the activated edges of the turn, per seat (R3.8).

    Contract: ``board`` holds the new (top) tile at ``pos`` and the jungle tiles of ``filled``
    (the squares filled this turn).  Activated are the new tile's workers on every edge that
    touches a jungle tile, and the workers of every other top worker tile on an edge touching
    a filled square.  ``volcano`` holds the unrotated volcano edge values N, E, S, W.
    """
    result: dict[int, list[Edge]] = {}
    new = board.top(pos)
    if new is not None:
        for side in range(4):
            count = workers_on(new.code, new.rotation, side)
            square = neighbour(pos, side)
            if count and square in board.jungle:
                tile, rot = board.jungle[square]
                result.setdefault(new.owner, []).append(_edge_for(tile, rot, (side + 2) % 4, count, volcano))
    for square in filled:
        if square not in board.jungle:
            continue
        tile, rot = board.jungle[square]
        for side in range(4):
            other = neighbour(square, side)
            top = board.top(other)
            if other == pos or top is None:
                continue
            count = workers_on(top.code, top.rotation, (side + 2) % 4)
            if count:
                result.setdefault(top.owner, []).append(_edge_for(tile, rot, side, count, volcano))
    return result


# --------------------------------------------------------------------------------------
# Resolution (R3.9)
# --------------------------------------------------------------------------------------


class Resources(NamedTuple):
    """A seat's holdings: gold, cacao (0-5), sun tokens (0-3) and water step (0-8)."""

    gold: int
    cacao: int
    sun: int
    water: int


@dataclass(frozen=True)
class Outcomes:
    """Every holding a seat can reach by resolving its edges.

    Water and sun gains commute with every other action, so the reachable set is the product
    ``gold_cacao x sun x water``.
    """

    gold_cacao: frozenset[tuple[int, int]]
    sun: frozenset[int]
    water: frozenset[int]

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, tuple) or len(item) != 4:
            return False
        gold, cacao, sun, water = item
        return (gold, cacao) in self.gold_cacao and sun in self.sun and water in self.water

    def best(self) -> Resources:
        """Return one reachable holding: most gold, then cacao, sun, water."""
        gold, cacao = max(self.gold_cacao)
        return Resources(gold, cacao, max(self.sun), max(self.water))


def _single_edge(gold: int, cacao: int, edge: Edge) -> set[tuple[int, int]]:
    """Gold/cacao results of resolving one plantation, market, gold or volcano edge."""
    kind, value, count = edge
    if kind == "cacao":  # take cacao for any number of the workers; storage caps at 5
        return {(gold, min(MAX_CACAO, cacao + value * k)) for k in range(count + 1)}
    if kind == "market":  # sell up to one cacao per worker
        return {(gold + value * k, cacao - k) for k in range(min(count, cacao) + 1)}
    if kind == "gold":
        return {(gold + value * k, cacao) for k in range(count + 1)}
    if kind == "volcano":  # mandatory, worker by worker; nothing is paid without gold
        for _ in range(count):
            if value > 0:
                gold += value
            elif gold > 0:
                gold = max(0, gold + value)
        return {(gold, cacao)}
    return {(gold, cacao)}


def reachable_outcomes(before: Resources, edges: Sequence[Edge]) -> Outcomes:
    """Return every holding reachable from ``before`` by resolving ``edges`` (R3.9).

    Contract: each edge is resolved wholly before the next, in any order; gains are capped
    (cacao 5, sun 3, water step 8); a market sells up to one cacao per worker; a volcano is
    mandatory (+value per worker, or pay 1 per worker while gold > 0); every other action may
    be forgone for any number of its workers.  ``before`` is the holding after any overbuild
    cost.
    """
    water_gain = sum(e.workers for e in edges if e.kind == "water")
    sun_gain = sum(e.workers for e in edges if e.kind == "sun")
    ordered = tuple(sorted(e for e in edges if e.kind in ("cacao", "market", "gold", "volcano")))
    memo: dict[tuple[int, int, tuple[Edge, ...]], frozenset[tuple[int, int]]] = {}

    def walk(gold: int, cacao: int, rest: tuple[Edge, ...]) -> frozenset[tuple[int, int]]:
        key = (gold, cacao, rest)
        cached = memo.get(key)
        if cached is not None:
            return cached
        if not rest:
            found = frozenset({(gold, cacao)})
        else:
            acc: set[tuple[int, int]] = set()
            for i, edge in enumerate(rest):
                if i and rest[i - 1] == edge:
                    continue  # same edge again: same sub-tree
                remaining = rest[:i] + rest[i + 1 :]
                for g2, c2 in _single_edge(gold, cacao, edge):
                    acc |= walk(g2, c2, remaining)
            found = frozenset(acc)
        memo[key] = found
        return found

    return Outcomes(
        gold_cacao=walk(before.gold, before.cacao, ordered),
        sun=frozenset(min(MAX_SUN, before.sun + k) for k in range(sun_gain + 1)),
        water=frozenset(min(MAX_WATER, before.water + k) for k in range(water_gain + 1)),
    )


# --------------------------------------------------------------------------------------
# Final scoring (R5)
# --------------------------------------------------------------------------------------


def temple_scores(board: Board, players: int) -> list[int]:
    """Return the temple gold of each seat (R5.1), counting only top worker tiles.

    Per temple: a lone leader takes 6 and the next count shares 3 (rounded down each); tied
    leaders share 6 (rounded down each) and nobody is second; a seat needs >= 1 worker.
    """
    gold = [0] * players
    for square, (tile, _rot) in board.jungle.items():
        if tile != "temple":
            continue
        counts: Counter[int] = Counter()
        for side in range(4):
            top = board.top(neighbour(square, side))
            if top is not None:
                n = workers_on(top.code, top.rotation, (side + 2) % 4)
                if n and 0 <= top.owner < players:
                    counts[top.owner] += n
        if not counts:
            continue
        best = max(counts.values())
        leaders = [s for s, n in counts.items() if n == best]
        if len(leaders) > 1:
            for s in leaders:
                gold[s] += 6 // len(leaders)
            continue
        gold[leaders[0]] += 6
        rest = {s: n for s, n in counts.items() if n < best}
        if rest:
            second = max(rest.values())
            seconds = [s for s, n in rest.items() if n == second]
            for s in seconds:
                gold[s] += 3 // len(seconds)
    return gold


def winners_of(totals: Sequence[int], cacao: Sequence[int]) -> list[int]:
    """Return the winning seats (R5.4): highest total, then most cacao; still tied: shared."""
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    most = max(cacao[s] for s in tied)
    return [s for s in tied if cacao[s] == most]


# --------------------------------------------------------------------------------------
# Structure helpers
# --------------------------------------------------------------------------------------


class _Fatal(Exception):
    """Raised inside the checker when replay cannot go on; never escapes check_record."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fmt(value: object) -> str:
    """Compact JSON-ish rendering of a value for messages."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _in_range(res: Resources) -> bool:
    """True when every holding is within its bounds (R3.9 caps, gold never negative)."""
    return (
        res.gold >= 0
        and 0 <= res.cacao <= MAX_CACAO
        and 0 <= res.sun <= MAX_SUN
        and 0 <= res.water <= MAX_WATER
    )


def _fmt_pos(pos: Pos) -> str:
    return f"[{pos[0]}, {pos[1]}]"


class _Checker:
    """Collects violations of one record; see :func:`check_record`."""

    def __init__(self, record: object) -> None:
        self.record = record
        self.out: list[str] = []

    # ---- small typed readers: each returns None (after reporting) when the value is bad ----

    def bad(self, message: str) -> None:
        self.out.append(message)

    def get_int(
        self, obj: Mapping[str, Any], key: str, path: str, lo: int | None = None, hi: int | None = None
    ) -> int | None:
        if key not in obj:
            self.bad(f"{path}.{key}: missing")
            return None
        value = obj[key]
        if not _is_int(value):
            self.bad(f"{path}.{key}: expected an integer, got {_fmt(value)}")
            return None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            lo_s = "" if lo is None else str(lo)
            hi_s = "" if hi is None else str(hi)
            self.bad(f"{path}.{key}: {value} out of range {lo_s}..{hi_s}")
            return None
        return int(value)

    def get_str(
        self, obj: Mapping[str, Any], key: str, path: str, allowed: Sequence[str] | None = None
    ) -> str | None:
        if key not in obj:
            self.bad(f"{path}.{key}: missing")
            return None
        value = obj[key]
        if not isinstance(value, str) or (allowed is not None and value not in allowed):
            want = "a string" if allowed is None else " | ".join(f'"{a}"' for a in allowed)
            self.bad(f"{path}.{key}: expected {want}, got {_fmt(value)}")
            return None
        return value

    def get_dict(self, obj: Mapping[str, Any], key: str, path: str) -> dict[str, Any] | None:
        if key not in obj:
            self.bad(f"{path}.{key}: missing")
            return None
        value = obj[key]
        if not isinstance(value, dict):
            self.bad(f"{path}.{key}: expected an object, got {_fmt(value)}")
            return None
        return value

    def get_list(self, obj: Mapping[str, Any], key: str, path: str) -> list[Any] | None:
        if key not in obj:
            self.bad(f"{path}.{key}: missing")
            return None
        value = obj[key]
        if not isinstance(value, list):
            self.bad(f"{path}.{key}: expected a list, got {_fmt(value)}")
            return None
        return value

    def get_pos(self, obj: Mapping[str, Any], key: str, path: str) -> Pos | None:
        if key not in obj:
            self.bad(f"{path}.{key}: missing")
            return None
        value = obj[key]
        if isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value):
            return (int(value[0]), int(value[1]))
        self.bad(f"{path}.{key}: expected [x, y], got {_fmt(value)}")
        return None

    def code_list(self, value: object, path: str, codes: Sequence[str]) -> list[str] | None:
        if not isinstance(value, list):
            self.bad(f"{path}: expected a list of tile codes, got {_fmt(value)}")
            return None
        ok = True
        for i, item in enumerate(value):
            if not isinstance(item, str) or item not in codes:
                self.bad(f"{path}[{i}]: unknown tile code {_fmt(item)}")
                ok = False
        return list(value) if ok else None

    def resources(self, value: object, path: str) -> Resources | None:
        """Read a ``{"gold","cacao","sun","water"}`` object.

        Returns None (replay must stop) when it is not an object or a value is missing or not
        an integer.  Values out of range are reported but still returned, so that the replay
        goes on from what the record claims.
        """
        if not isinstance(value, dict):
            self.bad(f"{path}: expected an object, got {_fmt(value)}")
            return None
        if not all(_is_int(value.get(key)) for key in Resources._fields):
            for key in Resources._fields:
                self.get_int(value, key, path)
            return None
        self.get_int(value, "gold", path, 0)
        self.get_int(value, "cacao", path, 0, MAX_CACAO)
        self.get_int(value, "sun", path, 0, MAX_SUN)
        self.get_int(value, "water", path, 0, MAX_WATER)
        return Resources(*(int(value[key]) for key in Resources._fields))

    # ---- the checks ----

    def run(self) -> list[str]:
        record = self.record
        if not isinstance(record, dict):
            self.bad(f"record: expected a JSON object, got {_fmt(record)}")
            return self.out
        header = self.check_header(record)
        if header is None:
            return self.out
        players, variant = header
        setup = self.check_setup(record, players, variant)
        turns = self.get_list(record, "turns", "record")
        if setup is None or turns is None:
            self.bad("record: setup or turns malformed; turns not replayed")
            return self.out
        self.replay(record, players, setup, turns)
        return self.out

    def check_header(self, record: dict[str, Any]) -> tuple[int, str] | None:
        path = "record"
        fmt = record.get("format")
        if fmt != "cacao-record":
            self.bad(f'record.format: expected "cacao-record", got {_fmt(fmt)}')
        version = record.get("version")
        if not (_is_int(version) and version == 1):
            self.bad(f"record.version: expected 1, got {_fmt(version)}")
        players = self.get_int(record, "players", path, 2, 4)
        variant = self.get_str(record, "variant", path, VARIANTS)
        if "seed" not in record or not _is_int(record["seed"]):
            self.bad(f"record.seed: expected an integer, got {_fmt(record.get('seed'))}")
        seats = self.get_list(record, "seats", path)
        if seats is not None:
            if players is not None and len(seats) != players:
                self.bad(f"record.seats: {len(seats)} seats for {players} players")
            colors: list[str] = []
            for i, seat in enumerate(seats):
                spath = f"record.seats[{i}]"
                if not isinstance(seat, dict):
                    self.bad(f"{spath}: expected an object, got {_fmt(seat)}")
                    continue
                color = self.get_str(seat, "color", spath, COLORS)
                if color is not None:
                    if color in colors:
                        self.bad(f'{spath}.color: "{color}" used by another seat')
                    colors.append(color)
                kind = self.get_str(seat, "kind", spath)
                if kind is not None and not kind:
                    self.bad(f"{spath}.kind: empty")
        if players is None or variant is None:
            return None
        return players, variant

    def check_setup(self, record: dict[str, Any], players: int, variant: str) -> _Setup | None:
        setup = self.get_dict(record, "setup", "record")
        if setup is None:
            return None
        n_before = len(self.out)
        path = "setup"
        board = self.get_list(setup, "board", path)
        if board is not None:
            entries: list[tuple[Pos, str, int]] = []
            for i, item in enumerate(board):
                ipath = f"setup.board[{i}]"
                if not isinstance(item, dict):
                    self.bad(f"{ipath}: expected an object, got {_fmt(item)}")
                    continue
                pos = self.get_pos(item, "pos", ipath)
                tile = self.get_str(item, "tile", ipath, JUNGLE_CODES)
                rot = self.get_int(item, "rotation", ipath, 0, 3)
                if pos is not None and tile is not None and rot is not None:
                    entries.append((pos, tile, rot))
            if sorted(entries) != sorted(START_BOARD) and len(entries) == len(board):
                self.bad(
                    "setup.board: expected plantation1 at [0, 0] and market2 at [1, 1], "
                    f"rotation 0 (R2.1), got {_fmt(board)}"
                )
        raw_display = self.get_list(setup, "display", path)
        raw_pile = self.get_list(setup, "jungle_pile", path)
        display = None if raw_display is None else self.code_list(raw_display, "setup.display", JUNGLE_CODES)
        pile = None if raw_pile is None else self.code_list(raw_pile, "setup.jungle_pile", JUNGLE_CODES)
        if display is not None and pile is not None:
            if len(display) != 2:
                self.bad(f"setup.display: {len(display)} tiles, expected 2 (R2.2)")
            deck = jungle_deck(players, variant)
            have = Counter(display) + Counter(pile)
            if have != deck:
                self.bad(
                    f"setup.display + setup.jungle_pile: tiles {_diff(have, deck)} "
                    f"for a {players}-player {variant} game (R1.3-R1.5)"
                )
        hands = self.seat_piles(setup, "hands", players)
        piles = self.seat_piles(setup, "worker_piles", players)
        if hands is not None and piles is not None:
            want = worker_set(players)
            for seat in range(players):
                if len(hands[seat]) != 3:
                    self.bad(f"setup.hands[{seat}]: {len(hands[seat])} tiles, expected 3 (R2.2)")
                have = Counter(hands[seat]) + Counter(piles[seat])
                if have != want:
                    self.bad(
                        f"setup.hands[{seat}] + setup.worker_piles[{seat}]: tiles {_diff(have, want)} "
                        f"for {players} players (R1.2)"
                    )
        edges: tuple[int, ...] = RULED_VOLCANO_EDGES
        if variant == "volcano":
            raw = setup.get("volcano_edges")
            if "volcano_edges" not in setup:
                self.bad("setup.volcano_edges: missing (required in the volcano variant)")
            elif not (
                isinstance(raw, list) and len(raw) == 4 and all(_is_int(v) and v in (2, -1) for v in raw)
            ):
                self.bad(f"setup.volcano_edges: expected 4 values each 2 or -1, got {_fmt(raw)}")
            else:
                edges = tuple(int(v) for v in raw)
                if edges != RULED_VOLCANO_EDGES:
                    self.bad(
                        f"setup.volcano_edges: {list(edges)}, but RULES.md R1.6 rules "
                        f"{list(RULED_VOLCANO_EDGES)}"
                    )
        elif "volcano_edges" in setup:
            self.bad("setup.volcano_edges: present in a base game (only allowed with volcanoes)")
        if display is None or pile is None or hands is None or piles is None:
            return None
        if len(self.out) != n_before:
            log.debug("setup has violations; replaying anyway")
        return _Setup(display=display, pile=pile, hands=hands, piles=piles, volcano=edges)

    def seat_piles(self, setup: dict[str, Any], key: str, players: int) -> list[list[str]] | None:
        raw = self.get_list(setup, key, "setup")
        if raw is None:
            return None
        if len(raw) != players:
            self.bad(f"setup.{key}: {len(raw)} entries for {players} players")
            return None
        result: list[list[str]] = []
        for seat, item in enumerate(raw):
            codes = self.code_list(item, f"setup.{key}[{seat}]", WORKER_CODES)
            if codes is None:
                return None
            result.append(codes)
        return result

    # ---- replay ----

    def replay(self, record: dict[str, Any], players: int, setup: _Setup, turns: list[Any]) -> None:
        state = _State(
            board=Board.start(),
            display=list(setup.display),
            pile=list(setup.pile),
            hands=[list(h) for h in setup.hands],
            piles=[list(p) for p in setup.piles],
            holdings=[Resources(0, 0, 0, 0) for _ in range(players)],
            volcano=setup.volcano,
        )
        per_seat = sum(worker_set(players).values())
        total = players * per_seat
        if len(turns) > total:
            self.bad(f"turns: {len(turns)} turns, but a {players}-player game has exactly {total} (R4.1)")
        for index, turn in enumerate(turns[:total]):
            try:
                self.replay_turn(index, turn, players, state)
            except _Fatal:
                self.bad(f"turns[{index}]: replay stopped here; later turns and final not checked")
                log.debug("replay stopped at turn %d", index)
                return
        finished = len(turns) >= total
        final = record.get("final")
        if final is None:
            if finished:
                self.bad("final: missing, but every worker tile has been placed (R4.1)")
            return
        if not finished:
            self.bad(f"final: present after {len(turns)} of {total} turns (game not over, R4.1)")
            return
        self.check_final(final, players, state)

    def replay_turn(self, index: int, turn: object, players: int, state: _State) -> None:
        path = f"turns[{index}]"
        if not isinstance(turn, dict):
            self.bad(f"{path}: expected an object, got {_fmt(turn)}")
            raise _Fatal
        n_before = len(self.out)
        seat = self.get_int(turn, "seat", path, 0, players - 1)
        action = self.get_dict(turn, "action", path)
        kind: str | None = None
        tile: str | None = None
        rotation: int | None = None
        pos: Pos | None = None
        if action is not None:
            kind = self.get_str(action, "kind", f"{path}.action", ("place", "overbuild"))
            tile = self.get_str(action, "tile", f"{path}.action", WORKER_CODES)
            rotation = self.get_int(action, "rotation", f"{path}.action", 0, 3)
            pos = self.get_pos(action, "pos", f"{path}.action")
        fills = self.read_fills(turn, path)
        after = self.read_players_after(turn, path, players)
        if "drew" not in turn:
            self.bad(f"{path}.drew: missing")
        elif turn["drew"] is not None and turn["drew"] not in WORKER_CODES:
            self.bad(f"{path}.drew: expected a worker code or null, got {_fmt(turn['drew'])}")
        raw_after = self.get_list(turn, "display_after", path)
        display_after = (
            None if raw_after is None else self.code_list(raw_after, f"{path}.display_after", JUNGLE_CODES)
        )
        if seat is None or kind is None or tile is None or rotation is None or pos is None or fills is None:
            raise _Fatal
        if after is None:
            raise _Fatal
        if len(self.out) != n_before:
            log.debug("turn %d has structural problems; replaying it anyway", index)

        if seat != index % players:
            self.bad(f"{path}.seat: {seat}, but turn {index} belongs to seat {index % players} (R2.3)")

        board = state.board
        holdings = list(state.holdings)
        hand = state.hands[seat]
        if tile in hand:
            hand.remove(tile)
        else:
            self.bad(f"{path}.action.tile: {tile} not in seat {seat}'s hand {_fmt(hand)}")
        apath = f"{path}.action.pos"
        if (pos[0] + pos[1]) % 2 == 0:
            self.bad(f"{apath}: {_fmt_pos(pos)} is a jungle square (x+y even), not a worker square (R3.1)")
            raise _Fatal
        new_tile = WorkerTile(seat, tile, rotation)
        if kind == "place":
            if pos in board.workers:
                self.bad(f"{apath}: {_fmt_pos(pos)} already holds a worker tile (R3.2)")
                raise _Fatal
            if not board.touches_jungle(pos):
                self.bad(f"{apath}: {_fmt_pos(pos)} is not adjacent to any jungle tile (R3.2)")
            board.workers[pos] = [new_tile]
            required = required_fills(board, pos)
        else:
            if state.display or state.pile:
                self.bad(
                    f"{path}.action: overbuild while the jungle display ({len(state.display)}) "
                    f"and pile ({len(state.pile)}) are not both empty (R3.3)"
                )
            cur = holdings[seat]
            if cur.sun < 1:
                self.bad(f"{path}.action: overbuild without a sun token (R3.3)")
            else:
                holdings[seat] = cur._replace(sun=cur.sun - 1)
            stack = board.workers.get(pos)
            if not stack:
                self.bad(f"{apath}: overbuild on {_fmt_pos(pos)}, which holds no worker tile (R3.3)")
                raise _Fatal
            if stack[-1].owner != seat:
                self.bad(f"{apath}: overbuild on seat {stack[-1].owner}'s tile, not the mover's own (R3.3)")
            if len(stack) > 1:
                self.bad(f"{apath}: {_fmt_pos(pos)} was already overbuilt once (R3.3)")
            stack.append(new_tile)
            required = set()  # the worker tiles around every square are unchanged

        filled = self.apply_fills(path, fills, required, state)
        self.check_resources(
            path, seat, after, holdings, activations(board, pos, filled, state.volcano), state
        )

        expected_draw = state.piles[seat].pop(0) if state.piles[seat] else None
        drew = turn.get("drew")
        if "drew" in turn and drew != expected_draw:
            self.bad(
                f"{path}.drew: {_fmt(drew)}, but the top of seat {seat}'s worker pile is "
                f"{_fmt(expected_draw)} (R3.12)"
            )
        if expected_draw is not None:
            hand.append(expected_draw)
        while len(state.display) < 2 and state.pile:
            state.display.append(state.pile.pop(0))
        if display_after is not None and Counter(display_after) != Counter(state.display):
            self.bad(
                f"{path}.display_after: {_fmt(display_after)}, expected {_fmt(sorted(state.display))} "
                "(refilled to 2 from the pile top, R3.12)"
            )

    def read_fills(self, turn: dict[str, Any], path: str) -> list[tuple[Pos, str, int, str]] | None:
        raw = self.get_list(turn, "fills", path)
        if raw is None:
            return None
        result: list[tuple[Pos, str, int, str]] = []
        ok = True
        for i, item in enumerate(raw):
            fpath = f"{path}.fills[{i}]"
            if not isinstance(item, dict):
                self.bad(f"{fpath}: expected an object, got {_fmt(item)}")
                ok = False
                continue
            pos = self.get_pos(item, "pos", fpath)
            tile = self.get_str(item, "tile", fpath, JUNGLE_CODES)
            rot = self.get_int(item, "rotation", fpath, 0, 3)
            source = self.get_str(item, "source", fpath, ("display", "pile"))
            if pos is None or tile is None or rot is None or source is None:
                ok = False
                continue
            result.append((pos, tile, rot, source))
        return result if ok else None

    def read_players_after(
        self, turn: dict[str, Any], path: str, players: int
    ) -> list[Resources | None] | None:
        raw = self.get_list(turn, "players_after", path)
        if raw is None:
            return None
        if len(raw) != players:
            self.bad(f"{path}.players_after: {len(raw)} entries for {players} players")
            return None
        result: list[Resources | None] = []
        ok = True
        for seat, item in enumerate(raw):
            res = self.resources(item, f"{path}.players_after[{seat}]")
            ok = ok and res is not None
            result.append(res)
        return result if ok else None

    def apply_fills(
        self, path: str, fills: list[tuple[Pos, str, int, str]], required: set[Pos], state: _State
    ) -> list[Pos]:
        """Check and apply this turn's fills (R3.4-R3.7); return the squares filled."""
        board = state.board
        available = len(state.display) + len(state.pile)
        expected = min(len(required), available)
        req_text = _fmt([list(p) for p in sorted(required)])
        if len(fills) < expected:
            self.bad(
                f"{path}.fills: {len(fills)} fills, but {expected} required: spaces {req_text} "
                f"with {available} tiles available (R3.4, R3.7)"
            )
        elif len(fills) > expected:
            self.bad(
                f"{path}.fills: {len(fills)} fills, but only {expected} required: spaces {req_text} "
                f"with {available} tiles available (R3.4, R3.7)"
            )
        filled: list[Pos] = []
        for i, (pos, tile, rot, source) in enumerate(fills):
            fpath = f"{path}.fills[{i}]"
            if (pos[0] + pos[1]) % 2 != 0:
                self.bad(f"{fpath}.pos: {_fmt_pos(pos)} is a worker square (x+y odd) (R3.1)")
                raise _Fatal
            if pos in board.jungle:
                self.bad(f"{fpath}.pos: {_fmt_pos(pos)} already holds a jungle tile")
                raise _Fatal
            if pos in board.workers:
                self.bad(f"{fpath}.pos: {_fmt_pos(pos)} holds a worker tile")
                raise _Fatal
            if pos not in required:
                self.bad(
                    f"{fpath}.pos: {_fmt_pos(pos)} is not a space that must be filled: {req_text} (R3.4)"
                )
            if source == "display":
                if tile in state.display:
                    state.display.remove(tile)
                else:
                    self.bad(
                        f"{fpath}: {tile} is not (or no longer) in the display {_fmt(state.display)} (R3.5)"
                    )
            else:
                if state.display:
                    self.bad(
                        f"{fpath}.source: pile used while the display holds {_fmt(state.display)} (R3.5)"
                    )
                if not state.pile:
                    self.bad(f"{fpath}.source: the jungle pile is empty")
                else:
                    top = state.pile.pop(0)
                    if top != tile:
                        self.bad(f"{fpath}.tile: {tile}, but the top of the jungle pile is {top} (R3.5)")
            if tile != "volcano" and rot != 0:
                self.bad(f"{fpath}.rotation: {rot}, only a volcano may be rotated (spec)")
            board.jungle[pos] = (tile, rot)
            filled.append(pos)
        return filled

    def check_resources(
        self,
        path: str,
        mover: int,
        after: list[Resources | None],
        start: list[Resources],
        edges: dict[int, list[Edge]],
        state: _State,
    ) -> None:
        """Compare ``players_after`` with what the activated edges allow (R3.9)."""
        for seat, result in enumerate(after):
            before = start[seat]
            ppath = f"{path}.players_after[{seat}]"
            seat_edges = edges.get(seat, [])
            if result is not None:
                if not _in_range(result):
                    pass  # already reported by the structure check
                elif seat_edges:
                    outcomes = reachable_outcomes(before, seat_edges)
                    if tuple(result) not in outcomes:
                        acts = ", ".join(e.describe() for e in seat_edges)
                        self.bad(
                            f"{ppath}: {_fmt(result._asdict())} not reachable from "
                            f"{_fmt(before._asdict())} with activated {acts} (R3.9)"
                        )
                elif result != before:
                    why = (
                        "after paying 1 sun to overbuild "
                        if seat == mover and before != state.holdings[seat]
                        else ""
                    )
                    self.bad(
                        f"{ppath}: {_fmt(result._asdict())}, but the seat had no activated worker and "
                        f"holds {_fmt(before._asdict())} {why}(R3.8)"
                    )
                state.holdings[seat] = result
            else:
                state.holdings[seat] = before

    def check_final(self, final: object, players: int, state: _State) -> None:
        if not isinstance(final, dict):
            self.bad(f"final: expected an object, got {_fmt(final)}")
            return
        temples = temple_scores(state.board, players)
        want: list[dict[str, int]] = []
        for seat, held in enumerate(state.holdings):
            water = WATER_VALUES[min(max(held.water, 0), MAX_WATER)]
            want.append(
                {
                    "gold": held.gold,
                    "temples": temples[seat],
                    "sun": held.sun,
                    "water": water,
                    "total": held.gold + temples[seat] + held.sun + water,
                    "cacao": held.cacao,
                }
            )
        rule = {
            "gold": "R5",
            "temples": "R5.1",
            "sun": "R5.2",
            "water": "R5.3",
            "total": "R5.4",
            "cacao": "R5.4",
        }
        scores = self.get_list(final, "scores", "final")
        if scores is not None:
            if len(scores) != players:
                self.bad(f"final.scores: {len(scores)} entries for {players} players")
            for seat, item in enumerate(scores[:players]):
                spath = f"final.scores[{seat}]"
                if not isinstance(item, dict):
                    self.bad(f"{spath}: expected an object, got {_fmt(item)}")
                    continue
                for key, value in want[seat].items():
                    got = self.get_int(item, key, spath)
                    if got is not None and got != value:
                        self.bad(f"{spath}.{key}: {got}, expected {value} ({rule[key]})")
        totals = [w["total"] for w in want]
        cacao = [w["cacao"] for w in want]
        expected_winners = winners_of(totals, cacao)
        raw = self.get_list(final, "winners", "final")
        if raw is not None:
            if not all(_is_int(w) for w in raw):
                self.bad(f"final.winners: expected a list of seat numbers, got {_fmt(raw)}")
            elif len(set(raw)) != len(raw) or sorted(raw) != expected_winners:
                self.bad(
                    f"final.winners: {_fmt(raw)}, expected {expected_winners} "
                    f"(totals {totals}, cacao {cacao}, R5.4)"
                )


@dataclass
class _Setup:
    """The validated setup of a record."""

    display: list[str]
    pile: list[str]
    hands: list[list[str]]
    piles: list[list[str]]
    volcano: tuple[int, ...]


@dataclass
class _State:
    """The replayed game state between turns."""

    board: Board
    display: list[str]
    pile: list[str]
    hands: list[list[str]]
    piles: list[list[str]]
    holdings: list[Resources]
    volcano: tuple[int, ...]


def _diff(have: Counter[str], want: Counter[str]) -> str:
    """Describe how multiset ``have`` differs from ``want``."""
    extra = have - want
    missing = want - have
    parts = []
    if extra:
        parts.append("extra " + ", ".join(f"{n}x {c}" for c, n in sorted(extra.items())))
    if missing:
        parts.append("missing " + ", ".join(f"{n}x {c}" for c, n in sorted(missing.items())))
    return "; ".join(parts) or "equal"


# --------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------


def check_record(record: dict[str, Any]) -> list[str]:
    """Check one parsed game record; return its violations (empty list: legal and consistent).

    Contract: never raises, whatever ``record`` holds.  Each violation is one human-readable
    line starting with the JSON path it concerns (``turns[3].action.pos: expected [x, y]``)
    and, for rule violations, the RULES.md section in parentheses.  Structural problems in
    the header or setup prevent the replay; a turn too malformed to apply ends the replay
    (reported), and neither later turns nor ``final`` are then checked.  Unknown extra keys
    are ignored.
    """
    checker = _Checker(record)
    try:
        return checker.run()
    except Exception as exc:  # the contract: report, never raise
        log.exception("referee internal error")
        return [*checker.out, f"referee: internal error {type(exc).__name__}: {exc}"]


def _record_files(paths: Sequence[str]) -> list[Path] | None:
    """Expand the command line paths into record files; None if a path does not exist."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.json") if p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            print(f"referee: no such file or directory: {raw}", file=sys.stderr)
            return None
    return files


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry: check each record file, print one line each and a summary.

    ``argv`` are the arguments without the program name (default ``sys.argv[1:]``).
    Returns 0 when every record passes, 1 when any fails, 2 for bad usage.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: python tools/referee.py FILE_OR_DIR [...]  (folders are searched for *.json)"
    if not args or any(a in ("-h", "--help") for a in args):
        print(usage, file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    files = _record_files(args)
    if files is None:
        print(usage, file=sys.stderr)
        return 2
    passed = failed = 0
    for path in files:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            problems = [f"cannot read JSON: {exc}"]
        else:
            problems = check_record(record)
        if problems:
            failed += 1
            shown = "; ".join(problems[:3])
            more = f" (+{len(problems) - 3} more)" if len(problems) > 3 else ""
            print(f"{path}: FAIL {shown}{more}")
        else:
            passed += 1
            print(f"{path}: ok")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
