"""The rules engine: a game of Cacao as a sequence of decisions (R3-R5).

A ``Game`` always waits for one decision of one seat (``decision()``), or is over. Every
step that offers no real choice (R3.10) is taken automatically inside ``apply``, which
returns the events of everything that happened. ``pop()`` takes the last decision back.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache, reduce
from operator import iadd
from typing import Final, assert_never

from cacao_game.engine import events as ev
from cacao_game.engine.actions import Action, Fill, Overbuild, Place, Resolve, malformed_field
from cacao_game.engine.errors import (
    GameOverError,
    IllegalActionError,
    IllegalFillError,
    IllegalPlacementError,
    IllegalResolutionError,
    NothingToUndoError,
    WrongDecisionError,
)
from cacao_game.engine.frozen import SharedValues, fast_constructor
from cacao_game.engine.resolution import TradeEdge, forced_step, worthwhile_steps
from cacao_game.engine.scoring import SeatScore, seat_score, temple_awards, winners
from cacao_game.engine.setup import Setup, canonical_split, deal, setup_seen_by
from cacao_game.engine.tiles import (
    CACAO_CAP,
    DISPLAY_SIZE,
    DISTINCT_ROTATIONS,
    GOLD_YIELD,
    MARKET_PRICE,
    OPPOSITE,
    PLANTATION_YIELD,
    START_TILES,
    SUN,
    SUN_CAP,
    TEMPLE,
    VOLCANO,
    VOLCANO_SIDES,
    WATER,
    WATER_MAX_STEP,
    WORKER_SIDES,
    Pos,
    is_jungle_square,
    jungle_deck,
    worker_deck,
)
from cacao_game.engine.tiles import NEIGHBOURS as _NEIGHBOURS
from cacao_game.engine.tiles import neighbours as _neighbours


class Phase(IntEnum):
    """The kind of decision the game waits for."""

    PLACE = 0
    """The mover places or overbuilds a worker tile."""
    FILL = 1
    """The mover lays a jungle tile on a space that must be filled."""
    RESOLVE = 2
    """A seat (not always the mover) resolves one of its activated edges."""
    GAME_OVER = 3
    """No more decisions."""


class OverbuildBar(IntEnum):
    """Why the mover may not overbuild a square now (R3.3), most general first."""

    NOT_PLACING = 0
    """The decision now is not a placement."""
    JUNGLE_LEFT = 1
    """The jungle pile or the display still holds tiles."""
    NO_SUN = 2
    """The mover has no sun token to pay with."""
    NOT_OWN = 3
    """The square holds no worker tile of the mover's."""
    OVERBUILT = 4
    """The square was overbuilt already (once per square)."""


# The phases under short module names: looking up an enum member (``Phase.FILL``) costs
# several times a global's lookup, and the engine asks for the phase at every step.
_PLACE: Final = Phase.PLACE
_FILL: Final = Phase.FILL
_RESOLVE: Final = Phase.RESOLVE
_GAME_OVER: Final = Phase.GAME_OVER

TERMINAL = -1
"""``current_player()`` once the game is over."""

_OVERBUILD_BARS: Final = {
    OverbuildBar.NOT_PLACING: "the decision now is not a placement",
    OverbuildBar.JUNGLE_LEFT: "overbuilding needs an empty jungle pile and display",
    OverbuildBar.NO_SUN: "overbuilding costs a sun token",
    OverbuildBar.NOT_OWN: "{pos} holds no worker tile of seat {seat}",
    OverbuildBar.OVERBUILT: "{pos} has been overbuilt already",
}
"""``IllegalPlacementError``'s words for each ``OverbuildBar``."""

_TRADE_CODES: Final = frozenset(PLANTATION_YIELD) | frozenset(MARKET_PRICE)
"""Jungle codes of the edges whose order and amounts may matter (``ActivatedEdge.is_trade``)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now and what kind of decision it is."""

    kind: Phase
    seat: int
    """The deciding seat, or ``TERMINAL``."""


@dataclass(frozen=True, slots=True)
class WorkerTile:
    """A worker tile on the board."""

    seat: int
    tile: str
    rotation: int

    def workers(self, side: int) -> int:
        """Workers on ``side`` of the tile as it lies."""
        return WORKER_SIDES[self.tile][self.rotation][side]


@dataclass(frozen=True, slots=True)
class ActivatedEdge:
    """Activated workers on one side of a worker tile, facing one jungle tile (R3.8)."""

    seat: int
    pos: Pos
    side: int
    source: Pos
    jungle: str
    workers: int
    value: int
    """Plantation yield, market price, gold mine value or the volcano edge value; else 0."""

    @property
    def is_trade(self) -> bool:
        """Plantations and markets: the edges whose order and amounts may matter."""
        return self.jungle in _TRADE_CODES

    def trade_key(self) -> TradeEdge:
        """This edge as the resolution search sees it."""
        return (self.jungle in MARKET_PRICE, self.value, self.workers)


_WORKING_SIDES: Final = {
    code: tuple(tuple((side, count) for side, count in enumerate(layout) if count) for layout in layouts)
    for code, layouts in WORKER_SIDES.items()
}
"""``_WORKING_SIDES[code][rotation]``: ``(side, workers)`` for each side of the tile with workers."""

_EDGE_VALUES: Final = {**PLANTATION_YIELD, **MARKET_PRICE, **GOLD_YIELD}
"""An activated edge's value by jungle code: plantation yield, market price, gold mine value;
a volcano's depends on its rotation, any other code's is 0."""


def _automatic_order(edge: ActivatedEdge) -> tuple[bool, Pos, int]:
    """The order of the edges resolved without asking: volcano losses first, then by square
    and side."""
    return (not (edge.jungle == VOLCANO and edge.value < 0), edge.pos, edge.side)


class Game:
    """A game of Cacao in progress. Mutable; ``clone()`` for an independent copy.

    Piles are kept top last internally; ``setup`` lists them top first.
    """

    __slots__ = (
        "_frontier_order",
        "_history",
        "_keep_history",
        "_ordered_frontier",
        "_trades_seen",
        "actions",
        "cacao",
        "covered",
        "display",
        "edges",
        "filled",
        "final",
        "frontier",
        "gold",
        "hands",
        "jungle",
        "jungle_pile",
        "mover",
        "pending_fills",
        "phase",
        "placed_at",
        "players",
        "resolve_queue",
        "resolving",
        "setup",
        "sun",
        "turn",
        "variant",
        "water",
        "worker_piles",
        "workers",
    )

    def __init__(self, setup: Setup, *, keep_history: bool = True) -> None:
        """Start the game dealt in ``setup`` (validated: raises ValueError if it is wrong)."""
        setup.validate()
        self._start(setup, keep_history)

    def _start(self, setup: Setup, keep_history: bool) -> None:
        """Start the game dealt in ``setup``, which is valid."""
        self.setup = setup
        self.players = setup.players
        self.variant = setup.variant
        self.jungle: dict[Pos, tuple[str, int]] = {pos: (code, 0) for pos, code in START_TILES}
        self.workers: dict[Pos, WorkerTile] = {}
        self.covered: dict[Pos, WorkerTile] = {}
        self.frontier: set[Pos] = set()
        self._frontier_order: list[Pos] = []
        self._ordered_frontier: set[Pos] | None = None
        self._trades_seen: (
            tuple[list[ActivatedEdge], int, list[ActivatedEdge], tuple[TradeEdge, ...]] | None
        ) = None
        for pos, _code in START_TILES:
            self._open_around(pos)
        self.jungle_pile = list(reversed(setup.jungle_pile))
        self.display = list(setup.display)
        self.hands = [list(hand) for hand in setup.hands]
        self.worker_piles = [list(reversed(pile)) for pile in setup.worker_piles]
        self.gold = [0] * self.players
        self.cacao = [0] * self.players
        self.sun = [0] * self.players
        self.water = [0] * self.players
        self.phase = _PLACE
        self.mover = 0
        self.turn = 0
        self.placed_at: Pos | None = None
        self.pending_fills: list[Pos] = []
        self.filled: list[Pos] = []
        self.edges: dict[int, list[ActivatedEdge]] = {}
        self.resolve_queue: list[int] = []
        self.resolving = TERMINAL
        self.actions: list[Action] = []
        self.final: tuple[SeatScore, ...] | None = None
        self._history: list[tuple[object, ...]] = []
        self._keep_history = keep_history

    @classmethod
    def new(
        cls, players: int, variant: str = "base", seed: int | None = None, *, keep_history: bool = True
    ) -> Game:
        """Deal (R2.2) and start a new game."""
        game = cls.__new__(cls)
        game._start(deal(players, variant, seed), keep_history)  # a deal is valid by construction
        return game

    # ----------------------------------------------------------------- copying and undo

    def _state(self) -> tuple[object, ...]:
        return (
            dict(self.jungle),
            dict(self.workers),
            dict(self.covered),
            set(self.frontier),
            list(self.jungle_pile),
            list(self.display),
            [list(h) for h in self.hands],
            [list(p) for p in self.worker_piles],
            list(self.gold),
            list(self.cacao),
            list(self.sun),
            list(self.water),
            self.phase,
            self.mover,
            self.turn,
            self.placed_at,
            list(self.pending_fills),
            list(self.filled),
            {seat: list(edges) for seat, edges in self.edges.items()},
            list(self.resolve_queue),
            self.resolving,
            list(self.actions),
            self.final,
        )

    def _restore(self, state: tuple[object, ...]) -> None:
        (
            self.jungle,
            self.workers,
            self.covered,
            self.frontier,
            self.jungle_pile,
            self.display,
            self.hands,
            self.worker_piles,
            self.gold,
            self.cacao,
            self.sun,
            self.water,
            self.phase,
            self.mover,
            self.turn,
            self.placed_at,
            self.pending_fills,
            self.filled,
            self.edges,
            self.resolve_queue,
            self.resolving,
            self.actions,
            self.final,
        ) = state  # type: ignore[assignment]

    def clone(self, *, keep_history: bool = False) -> Game:
        """An independent copy of the game. With ``keep_history`` it can also ``pop()``."""
        copy = Game.__new__(Game)
        copy.setup = self.setup
        copy.players = self.players
        copy.variant = self.variant
        copy.jungle = self.jungle.copy()
        copy.workers = self.workers.copy()
        copy.covered = self.covered.copy()
        copy.frontier = self.frontier.copy()
        if self._ordered_frontier is self.frontier:
            copy._frontier_order = self._frontier_order.copy()
            copy._ordered_frontier = copy.frontier
        else:
            copy._forget_frontier_order()
        copy.jungle_pile = self.jungle_pile.copy()
        copy.display = self.display.copy()
        copy.hands = [hand.copy() for hand in self.hands]
        copy.worker_piles = [pile.copy() for pile in self.worker_piles]
        copy.gold = self.gold.copy()
        copy.cacao = self.cacao.copy()
        copy.sun = self.sun.copy()
        copy.water = self.water.copy()
        copy.phase = self.phase
        copy.mover = self.mover
        copy.turn = self.turn
        copy.placed_at = self.placed_at
        copy.pending_fills = self.pending_fills.copy()
        copy.filled = self.filled.copy()
        copy.edges = {seat: edges.copy() for seat, edges in self.edges.items()}
        copy.resolve_queue = self.resolve_queue.copy()
        copy.resolving = self.resolving
        copy.actions = self.actions.copy()
        copy.final = self.final
        copy._trades_seen = None
        copy._keep_history = keep_history
        copy._history = list(self._history) if keep_history else []
        return copy

    def pop(self) -> Action:
        """Take back the last decision, restoring the exact state before it.

        Raises NothingToUndoError when there is none (or history is not kept).
        """
        if not self._history:
            raise NothingToUndoError("no decision to take back")
        action = self.actions[-1]
        self._restore(self._history.pop())
        return action

    @property
    def can_undo(self) -> bool:
        """Whether ``pop()`` has a decision to take back."""
        return bool(self._history)

    # ----------------------------------------------------------------- queries

    def decision(self) -> Decision:
        """The decision the game waits for."""
        return Decision(self.phase, self.current_player())

    def current_player(self) -> int:
        """The seat that decides now, or ``TERMINAL``."""
        if self.phase is _GAME_OVER:
            return TERMINAL
        if self.phase is _RESOLVE:
            return self.resolving
        return self.mover

    def is_over(self) -> bool:
        """Whether the game has ended (R4.1)."""
        return self.phase is _GAME_OVER

    def decides(self, seat: int, phase: Phase) -> bool:
        """Whether ``seat`` has a decision of ``phase`` to make now: a decision it began (the
        spaces of a fill, the steps of a resolution) goes on while this holds."""
        return self.phase is phase and self.current_player() == seat

    def can_overbuild(self) -> bool:
        """Whether the mover may overbuild this turn (R3.3)."""
        return (
            self.phase is _PLACE
            and not self.jungle_pile
            and not self.display
            and self.sun[self.mover] >= 1
            and any(self.overbuild_targets())
        )

    def overbuild_bar(self, pos: Pos) -> OverbuildBar | None:
        """Why the mover may not overbuild ``pos`` now (R3.3), the first reason that holds;
        None when it may (``apply`` refuses an overbuild for exactly these reasons)."""
        if self.phase is not _PLACE:
            return OverbuildBar.NOT_PLACING
        if self.jungle_pile or self.display:
            return OverbuildBar.JUNGLE_LEFT
        if self.sun[self.mover] < 1:
            return OverbuildBar.NO_SUN
        tile = self.workers.get(pos)
        if tile is None or tile.seat != self.mover:
            return OverbuildBar.NOT_OWN
        if pos in self.covered:
            return OverbuildBar.OVERBUILT
        return None

    def overbuild_targets(self) -> list[Pos]:
        """The squares of the mover's own tiles not yet overbuilt, sorted: where an overbuild
        may go once ``can_overbuild`` (R3.3)."""
        return sorted(
            pos for pos, tile in self.workers.items() if tile.seat == self.mover and pos not in self.covered
        )

    def fill_source(self) -> str | None:
        """Where the next fill comes from: ``"display"``, ``"pile"`` or None (none left)."""
        if self.display:
            return "display"
        if self.jungle_pile:
            return "pile"
        return None

    def revealed_pile_tile(self) -> str | None:
        """The pile tile drawn face up for a fill (R3.5), if the game waits for its space."""
        if self.phase is _FILL and not self.display and self.jungle_pile:
            return self.jungle_pile[-1]
        return None

    def pending_edges(self, seat: int) -> list[ActivatedEdge]:
        """The activated edges ``seat`` still has to resolve this turn (ValueError for a
        ``seat`` that is not a seat number)."""
        self._check_seat(seat)
        return list(self.edges.get(seat, ()))

    def legal_actions(self) -> list[Action]:
        """Every action the current decision allows, in a fixed order.

        Equivalent rotations of a symmetric tile and duplicate tiles are listed once; ``apply``
        accepts every rotation.
        """
        if self.phase is _PLACE:
            return self._placement_actions()
        if self.phase is _FILL:
            return self._fill_options()
        if self.phase is _RESOLVE:
            return self._resolve_options()
        return []

    def _placement_actions(self) -> list[Action]:
        hand = tuple(self.hands[self.mover])
        table = _PLACES.get(hand)
        if table is None:
            codes = tuple(sorted(set(hand)))
            table = _PLACES.get(codes)
            if table is None:
                table = _PLACES[codes] = _HandPlaces(codes)
            _PLACES[hand] = table
        hand_codes = table.codes
        actions: list[Action] = reduce(iadd, map(table.__getitem__, self._sorted_frontier()), [])
        if self.jungle_pile or self.display or self.sun[self.mover] < 1:
            return actions
        targets = self.overbuild_targets()
        if targets:  # can_overbuild()
            actions.extend(
                _overbuild(code, rotation, pos)
                for code in hand_codes
                for rotation in DISTINCT_ROTATIONS[code]
                for pos in targets
            )
        return actions

    def _sorted_frontier(self) -> list[Pos]:
        """``sorted(self.frontier)``, kept up to date as the engine changes the frontier (and
        made again if the set was replaced, grown or shrunk from outside); do not change it."""
        frontier = self.frontier
        order = self._frontier_order
        if self._ordered_frontier is not frontier or len(order) != len(frontier):
            order = self._frontier_order = sorted(frontier)
            self._ordered_frontier = frontier
        return order

    def _forget_frontier_order(self) -> None:
        self._frontier_order = []
        self._ordered_frontier = None

    def _fill_codes(self) -> list[str]:
        """The jungle codes a fill may lay now: the display's, else the revealed pile tile."""
        display = self.display
        if len(display) == 2:
            first, second = display
            return [first] if first == second else [first, second] if first < second else [second, first]
        if display:
            return sorted(set(display))
        if self.jungle_pile:
            return [self.jungle_pile[-1]]
        return []

    def _fill_options(self) -> list[Action]:
        if self.phase is not _FILL or not self.pending_fills:
            return []
        codes = self._fill_codes()
        options: list[Action] = []
        for pos in self.pending_fills:
            for code in codes:
                options += _FILLS[pos, code]
        return options

    def _trade_edges(self, seat: int) -> tuple[list[ActivatedEdge], tuple[TradeEdge, ...]]:
        """``seat``'s pending plantation and market edges, and their resolution-search keys (do
        not change the list: the last answer is kept while that seat's pending list is the
        same list of the same length, as the engine only ever shortens one)."""
        pending = self.edges.get(seat)
        if pending is None:
            return [], ()
        seen = self._trades_seen
        if seen is not None and seen[0] is pending and seen[1] == len(pending):
            return seen[2], seen[3]
        edges = [e for e in pending if e.jungle in _TRADE_CODES]
        keys = tuple([(e.jungle in MARKET_PRICE, e.value, e.workers) for e in edges])  # trade_key()
        self._trades_seen = (pending, len(pending), edges, keys)
        return edges, keys

    def _resolve_options(self) -> list[Action]:
        seat = self.resolving
        edges, keys = self._trade_edges(seat)
        steps = worthwhile_steps(keys, self.cacao[seat], self._gold_at_risk(seat, keys))
        return [_RESOLUTIONS[edges[i].pos, edges[i].side, amount] for i, amount in steps]

    def choice_ahead(self, seat: int) -> bool:
        """Whether ``seat``'s pending plantations and markets will ask it to decide this turn,
        after the rules resolve every step that offers no real choice (R3.10); False when it
        has none pending. Its resources do not change before its resolution comes."""
        self._check_seat(seat)
        if not any(edge.jungle in _TRADE_CODES for edge in self.edges.get(seat, ())):
            return False
        trial = self.clone()
        trial._resolve_automatic(seat, [])
        return seat in trial.edges

    def gold_at_risk(self, seat: int) -> bool:
        """Whether a volcano may still make ``seat`` pay gold later in the game (R3.10).

        True in the volcano variant while a volcano is in the jungle pile or the display (it
        may be laid next to any worker tile), or while ``seat`` still has worker tiles to play
        and a volcano on the board turns a -1 edge towards an empty worker square or towards
        one of ``seat``'s tiles that can still be overbuilt. Then a stored cacao may be worth
        more than the best price, so keeping cacao at a market stays a choice. Raises
        ValueError unless ``seat`` is a seat number.
        """
        self._check_seat(seat)
        if self.variant != "volcano":
            return False
        if VOLCANO in self.display or VOLCANO in self.jungle_pile:
            return True
        if not (self.hands[seat] or self.worker_piles[seat]):
            return False
        for pos, (code, rotation) in self.jungle.items():
            if code != VOLCANO:
                continue
            for side, square in enumerate(_neighbours(pos)):
                if VOLCANO_SIDES[rotation][side] >= 0:
                    continue
                tile = self.workers.get(square)
                if tile is None or (tile.seat == seat and square not in self.covered):
                    return True
        return False

    def _gold_at_risk(self, seat: int, keys: tuple[TradeEdge, ...]) -> bool:
        """``gold_at_risk(seat)``, computed only when ``keys`` hold a market (else moot)."""
        return (
            self.variant == "volcano"
            and any(is_market for is_market, _value, _workers in keys)
            and self.gold_at_risk(seat)
        )

    def is_legal(self, action: Action) -> bool:
        """Whether ``apply(action)`` would be accepted."""
        try:
            self._check(action)
        except IllegalActionError:
            return False
        return True

    def score_now(self) -> tuple[SeatScore, ...]:
        """Each seat's score if the game ended now (the final score once it has)."""
        if self.final is not None:
            return self.final
        return self._score_with(self.temple_standings())

    def _score_with(self, standings: Standings) -> tuple[SeatScore, ...]:
        """Each seat's score now, given ``temple_standings()``."""
        return scores_with(standings, self.gold, self.sun, self.water, self.cacao)

    def temple_standings(self) -> Standings:
        """Per temple on the board: its square, workers per seat (top tiles only), awards; in
        the order the temples were laid (``jungle`` keeps it), so each keeps its number all game
        (the table's temples panel, the final scoring's events, log and screen)."""
        return temple_standings(self.jungle, self.workers, self.players)

    def winners(self) -> tuple[int, ...]:
        """The winning seats (R5.4); only meaningful once the game is over."""
        return winners(self.score_now())

    def unseen_jungle(self) -> Counter[str]:
        """The jungle tiles in the draw pile, as a multiset (public knowledge)."""
        return Counter(self.jungle_pile)

    def remaining_workers(self, seat: int) -> Counter[str]:
        """``seat``'s worker tiles in hand and pile, as a multiset (public knowledge).

        Raises ValueError unless ``seat`` is a seat number.
        """
        self._check_seat(seat)
        return Counter(self.hands[seat]) + Counter(self.worker_piles[seat])

    # ----------------------------------------------------------------- applying

    def apply(self, action: Action) -> list[ev.Event]:
        """Carry out ``action`` for the deciding seat, then every automatic step after it.

        Returns the events in order. Raises an ``IllegalActionError`` subclass, leaving the
        game unchanged, when the decision does not allow the action.
        """
        self._check(action)
        if self._keep_history:
            self._history.append(self._state())
        self.actions.append(action)
        events: list[ev.Event] = []
        match action:
            case Fill():
                self._fill(action, events)
            case Resolve():
                self._resolve(action, events)
            case Place() | Overbuild():
                self._place(action, events)
            case unknown:
                assert_never(unknown)
        # Every step that needs no decision, until one does or the game ends.
        while True:
            phase = self.phase
            if phase is _FILL:
                if not self.pending_fills or not (self.display or self.jungle_pile):
                    self._activate(events)
                    continue
                automatic = self._automatic_fill()
                if automatic is None:
                    return events
                self._fill(automatic, events)
                continue
            if phase is _RESOLVE:
                resolving = self.resolving
                if resolving != TERMINAL and self.edges.get(resolving):
                    return events
                if self.resolve_queue:
                    self.resolving = self.resolve_queue.pop(0)
                    self._resolve_automatic(self.resolving, events)
                    continue
                self._end_turn(events)
                continue
            return events

    def _check(self, action: Action) -> None:
        """Return if ``apply(action)`` is allowed, else raise its specific ``IllegalActionError``.

        A well-formed legal action of the awaited kind is recognised first, cheaply; anything
        else goes through ``_check_in_full``, which finds and names what is wrong."""
        phase = self.phase
        if type(action) is Place:
            allowed = (
                phase is _PLACE
                and (id(action) in _HANDED_OUT or malformed_field(action) is None)
                and action.pos in self.frontier
                and action.tile in self.hands[self.mover]
                and 0 <= action.rotation <= 3
            )
        elif type(action) is Fill:
            allowed = (
                phase is _FILL
                and (id(action) in _HANDED_OUT or malformed_field(action) is None)
                and self._fill_allowed(action)
            )
        elif type(action) is Resolve:
            allowed = (
                phase is _RESOLVE
                and (id(action) in _HANDED_OUT or malformed_field(action) is None)
                and self._resolution_allowed(action)
            )
        else:
            allowed = False
        if not allowed:
            self._check_in_full(action)

    def _check_in_full(self, action: Action) -> None:
        if self.phase is _GAME_OVER:
            raise GameOverError("the game is over")
        checked = _CHECKS.get(type(action))
        if checked is None:
            raise WrongDecisionError(f"not an action: {action!r}")
        phase, error = checked
        if self.phase is not phase:
            raise WrongDecisionError(f"the game waits for a {self.phase.name.lower()} decision")
        reason = malformed_field(action)
        if reason is not None:
            raise error(f"{type(action).__name__}: {reason}")
        if isinstance(action, (Place, Overbuild)):
            self._check_placement(action)
        elif isinstance(action, Fill):
            if not self._fill_allowed(action):
                raise IllegalFillError(f"{action} is not a legal fill; legal: {self._fill_options()}")
        elif not self._resolution_allowed(action):
            raise IllegalResolutionError(f"{action} is not a worthwhile resolution step")

    def _fill_allowed(self, action: Fill) -> bool:
        """Whether the well-formed ``action`` is a legal fill now (the game waits for one)."""
        tile = action.tile
        return (
            action.pos in self.pending_fills
            and (tile in self.display if self.display else self.revealed_pile_tile() == tile)
            and action.rotation in (_ROTATIONS if tile == VOLCANO else _NO_ROTATION)
        )

    def _resolution_allowed(self, action: Resolve) -> bool:
        """Whether the well-formed ``action`` is one of ``_resolve_options()`` (the game waits
        for a resolution). A seat has at most one pending edge per tile side."""
        seat = self.resolving
        edges, keys = self._trade_edges(seat)
        for index, edge in enumerate(edges):
            if edge.pos == action.pos and edge.side == action.side:
                steps = worthwhile_steps(keys, self.cacao[seat], self._gold_at_risk(seat, keys))
                return (index, action.amount) in steps
        return False

    def _check_placement(self, action: Place | Overbuild) -> None:
        if action.tile not in self.hands[self.mover]:
            raise IllegalPlacementError(f"tile {action.tile!r} is not in seat {self.mover}'s hand")
        if not 0 <= action.rotation <= 3:
            raise IllegalPlacementError(f"rotation must be 0-3, not {action.rotation!r}")
        if isinstance(action, Place):
            if action.pos not in self.frontier:
                raise IllegalPlacementError(
                    f"{action.pos} is not an empty worker square next to a jungle tile"
                )
            return
        bar = self.overbuild_bar(action.pos)
        if bar is not None:
            raise IllegalPlacementError(_OVERBUILD_BARS[bar].format(pos=action.pos, seat=self.mover))

    def _place(self, action: Place | Overbuild, events: list[ev.Event]) -> None:
        seat = self.mover
        pos = action.pos
        code = action.tile
        rotation = action.rotation
        self.hands[seat].remove(code)
        overbuild = type(action) is Overbuild
        workers = self.workers
        if overbuild:
            self.covered[pos] = workers[pos]
            self.sun[seat] -= 1
            events.append(_SUN_SPENT[seat, self.sun[seat]])
        workers[pos] = _WORKER_TILES[seat, code, rotation]
        frontier = self.frontier
        if pos in frontier:
            frontier.remove(pos)
            if self._ordered_frontier is frontier:
                order = self._frontier_order
                del order[bisect_left(order, pos)]
        events.append(_tile_placed(seat, pos, code, rotation, overbuild))
        self.placed_at = pos
        self.filled = []
        pending: list[Pos] = []
        self.pending_fills = pending
        if self.display or self.jungle_pile:
            jungle = self.jungle
            n, e, s, w = _NEIGHBOURS.get(pos) or _neighbours(pos)
            # The four jungle spaces around, in sorted order; each needs a fill once two worker
            # tiles touch it.
            for space in (w, n, s, e):
                if space not in jungle:
                    squares = _NEIGHBOURS.get(space) or _neighbours(space)
                    if (
                        (squares[0] in workers)
                        + (squares[1] in workers)
                        + (squares[2] in workers)
                        + (squares[3] in workers)
                    ) >= 2:
                        pending.append(space)
            if pending:
                events.append(_fill_required(tuple(pending)))
        self.phase = _FILL

    def _open_around(self, jungle_pos: Pos) -> None:
        workers = self.workers
        frontier = self.frontier
        order = self._frontier_order if self._ordered_frontier is frontier else None
        for square in _NEIGHBOURS.get(jungle_pos) or _neighbours(jungle_pos):
            if square not in workers and square not in frontier:
                frontier.add(square)
                if order is not None:
                    insort(order, square)

    def _fill(self, action: Fill, events: list[ev.Event]) -> None:
        pos = action.pos
        code = action.tile
        if self.display:
            self.display.remove(code)
            source = "display"
        else:
            self.jungle_pile.pop()
            source = "pile"
        self.jungle[pos] = (code, action.rotation)
        self.pending_fills.remove(pos)
        self.filled.append(pos)
        self._open_around(pos)
        events.append(_jungle_filled(self.mover, pos, code, action.rotation, source))

    def _automatic_fill(self) -> Fill | None:
        """The fill to make without asking, when every choice gives the same board (R3.10):
        the first of ``_fill_options()`` (which must not be empty) or None."""
        display = self.display
        pending = self.pending_fills
        if display:
            code = display[0]
            if code == VOLCANO or len(pending) > len(display) or display.count(code) != len(display):
                return None
            return _FILLS[pending[0], code][0]
        code = self.jungle_pile[-1]
        return _FILLS[pending[0], code][0] if len(pending) == 1 and code != VOLCANO else None

    def _activate(self, events: list[ev.Event]) -> None:
        """Activate the edges of this turn (R3.8): the placed tile's sides that face jungle
        tiles, then, per filled space in fill order, the other tiles' sides that face it."""
        placed = self.placed_at
        assert placed is not None
        workers = self.workers
        tile = workers[placed]
        around = _NEIGHBOURS.get(placed) or _neighbours(placed)
        facing = []
        for side, count in _WORKING_SIDES[tile.tile][tile.rotation]:
            facing.append((tile, placed, side, around[side], count))
        for space in self.filled:
            for side, pos in enumerate(_NEIGHBOURS.get(space) or _neighbours(space)):
                other = workers.get(pos)
                if other is not None and pos != placed:
                    facing_side = OPPOSITE[side]
                    count = WORKER_SIDES[other.tile][other.rotation][facing_side]
                    if count:
                        facing.append((other, pos, facing_side, space, count))
        jungle = self.jungle
        edges: dict[int, list[ActivatedEdge]] = {}
        for tile, pos, side, source, count in facing:
            laid = jungle.get(source)
            if laid is None:
                continue
            code, rotation = laid
            seat = tile.seat
            events.append(_edge_activated(seat, pos, side, source, code, count))
            if code != TEMPLE:
                value = (
                    VOLCANO_SIDES[rotation][OPPOSITE[side]] if code == VOLCANO else _EDGE_VALUES.get(code, 0)
                )
                edge = _activated_edge(seat, pos, side, source, code, count, value)
                pending = edges.get(seat)
                if pending is None:
                    edges[seat] = [edge]
                else:
                    pending.append(edge)
        self.edges = edges
        if len(edges) == 1:
            self.resolve_queue = list(edges)
        else:
            self.resolve_queue = [seat for seat in _SEAT_ORDERS[self.players][self.mover] if seat in edges]
        self.resolving = TERMINAL
        self.phase = _RESOLVE

    def _resolve_automatic(self, seat: int, events: list[ev.Event]) -> None:
        """Resolve every edge of ``seat`` that offers no real choice (R3.10): first each one
        that is not a plantation or market (volcano losses first, then by square and side),
        then the plantations and markets while only one best result remains."""
        pending = self.edges[seat]
        trades = [e for e in pending if e.jungle in _TRADE_CODES]
        if len(trades) < len(pending):
            ordered = [e for e in pending if e.jungle not in _TRADE_CODES]
            if len(ordered) > 1:
                ordered.sort(key=_automatic_order)
            if trades:
                self.edges[seat] = trades
            else:
                del self.edges[seat]
            for edge in ordered:
                self._gain(seat, edge, edge.workers, True, events)
        if trades:
            self._resolve_trades_if_forced(seat, events)

    def _resolve_trades_if_forced(self, seat: int, events: list[ev.Event]) -> None:
        """Resolve ``seat``'s plantations and markets while only one best result remains."""
        trades, keys = self._trade_edges(seat)
        trades = trades.copy()
        while keys:
            for is_market, _value, _workers in keys:
                if is_market:
                    step = forced_step(keys, self.cacao[seat], self._gold_at_risk(seat, keys))
                    if step is None:
                        return
                    index, amount = step
                    break
            else:
                # Plantations only: one result in any order, so each forced step is the first
                # edge in full, to the last.
                pending = self.edges[seat]
                if len(pending) == len(trades):
                    del self.edges[seat]
                    for edge in trades:
                        self._gain(seat, edge, edge.workers, True, events)
                    return
                index, amount = 0, keys[0][2]
            self._resolve_edge(seat, trades.pop(index), amount, True, events)
            keys = keys[:index] + keys[index + 1 :]

    def _resolve(self, action: Resolve, events: list[ev.Event]) -> None:
        seat = self.resolving
        pos, side = action.pos, action.side
        for edge in self.edges[seat]:
            if edge.pos == pos and edge.side == side:
                self._resolve_edge(seat, edge, action.amount, False, events)
                return

    def _resolve_edge(
        self, seat: int, edge: ActivatedEdge, amount: int, automatic: bool, events: list[ev.Event]
    ) -> None:
        """Resolve ``seat``'s pending ``edge`` with ``amount`` workers (already checked)."""
        edges = self.edges[seat]
        del edges[_index_of(edge, edges)]
        if not edges:
            del self.edges[seat]
        self._gain(seat, edge, amount, automatic, events)
        if not automatic:
            self._resolve_trades_if_forced(seat, events)

    def _gain(
        self, seat: int, edge: ActivatedEdge, amount: int, automatic: bool, events: list[ev.Event]
    ) -> None:
        """What resolving ``edge`` (no longer pending) with ``amount`` workers earns or costs ``seat``."""
        events.append(_edge_resolved(seat, edge.pos, edge.side, amount, automatic))
        code = edge.jungle
        if code in PLANTATION_YIELD:  # the commonest first
            cacao = self.cacao
            wanted = amount * edge.value
            room = CACAO_CAP - cacao[seat]
            gained = wanted if wanted < room else room
            held = cacao[seat] = cacao[seat] + gained
            events.append(_cacao_gained(seat, gained, wanted - gained, held, edge.source))
        elif code in MARKET_PRICE:
            held = self.cacao[seat] = self.cacao[seat] - amount
            gold = self.gold[seat] = self.gold[seat] + amount * edge.value
            events.append(_cacao_sold(seat, amount, edge.value, held, gold, edge.source))
        elif code in GOLD_YIELD or (code == VOLCANO and edge.value > 0):
            self.gold[seat] += amount * edge.value
            events.append(_gold_gained(seat, amount * edge.value, self.gold[seat], edge.source))
        elif code == VOLCANO:
            owed = amount * -edge.value
            paid = min(owed, self.gold[seat])
            self.gold[seat] -= paid
            events.append(_gold_paid(seat, paid, owed, self.gold[seat], edge.source))
        elif code == WATER:
            start = self.water[seat]
            self.water[seat] = min(WATER_MAX_STEP, start + amount)
            events.append(
                _water_moved(seat, start, self.water[seat], start + amount - self.water[seat], edge.source)
            )
        elif code == SUN:
            gained = min(amount, SUN_CAP - self.sun[seat])
            self.sun[seat] += gained
            events.append(_sun_gained(seat, gained, amount - gained, self.sun[seat], edge.source))

    def _end_turn(self, events: list[ev.Event]) -> None:
        seat = self.mover
        pile = self.worker_piles[seat]
        if pile:
            drawn = pile.pop()
            self.hands[seat].append(drawn)
            events.append(_WORKER_DRAWN[seat, drawn])
        jungle_pile = self.jungle_pile
        wanted = DISPLAY_SIZE - len(self.display)
        if jungle_pile and wanted > 0:
            drawn_count = min(wanted, len(jungle_pile))
            refill = jungle_pile[: -drawn_count - 1 : -1]  # drawn from the top, one by one
            del jungle_pile[-drawn_count:]
            self.display.extend(refill)
            events.append(_DISPLAY_REFILLED[tuple(refill), tuple(self.display)])
        events.append(_TURN_ENDED[seat, self.turn])
        self.placed_at = None
        self.filled = []
        self.pending_fills = []
        self.resolving = TERMINAL
        if not any(self.hands):
            self._finish(events)
            return
        self.turn += 1
        self.mover = (seat + 1) % self.players
        while not self.hands[self.mover]:
            self.mover = (self.mover + 1) % self.players
        self.phase = _PLACE
        events.append(_TURN_STARTED[self.mover, self.turn])

    def _finish(self, events: list[ev.Event]) -> None:
        standings = self.temple_standings()
        for pos, workers, awards in standings:
            events.append(_temple_scored(pos, workers, awards))
        self.final = self._score_with(standings)
        self.phase = _GAME_OVER
        events.append(_game_ended(self.final, winners(self.final)))

    # ----------------------------------------------------------------- hidden information

    def _check_seat(self, seat: object) -> None:
        """Raise ValueError unless ``seat`` is the int number of a seat of this game."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"seat must be an integer 0-{self.players - 1}, not {seat!r}")

    def view(self, seat: int) -> Game:
        """What ``seat`` can see: a copy whose hidden parts are put in a canonical order.

        Hidden: the order of the jungle pile (except a tile drawn face up for a fill), the
        order of every worker pile, and the other seats' hands (mixed into their piles). The
        view's ``setup`` is ``setup_seen_by(setup, seat)`` (no seed, hidden orders canonical)
        and its ``actions`` are empty. Two games that ``seat`` cannot tell apart give equal
        views (``observation_key``). Raises ValueError unless ``seat`` is a seat number.
        """
        self._check_seat(seat)
        view = self.clone()
        view.setup = setup_seen_by(self.setup, seat)
        view.actions = []
        revealed = self.revealed_pile_tile()
        rest = canonical_split(view.jungle_pile[:-1] if revealed else view.jungle_pile, 0)[1]
        view.jungle_pile = rest + ([revealed] if revealed else [])
        for other in range(self.players):
            if other == seat:
                view.worker_piles[other] = canonical_split(view.worker_piles[other], 0)[1]
                continue
            view.hands[other], view.worker_piles[other] = canonical_split(
                view.hands[other] + view.worker_piles[other], len(view.hands[other])
            )
        return view

    def observation_key(self, seat: int) -> tuple[object, ...]:
        """A hashable summary of everything ``seat`` can see; equal keys mean equal views."""
        view = self.view(seat)
        state = list(view._state())
        state[3] = tuple(sorted(view.frontier))
        state[21] = None
        return (self.players, self.variant, repr(state))

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """A complete game consistent with what ``seat`` sees, hidden parts shuffled by ``rng``.

        Depends only on ``view(seat)`` and ``rng``; its ``setup`` is the view's stand-in (it
        hides the real deal and does not replay to this world). History is not kept.
        Raises ValueError unless ``seat`` is a seat number.
        """
        game = self.view(seat)
        revealed = game.revealed_pile_tile()
        rest = game.jungle_pile[:-1] if revealed else game.jungle_pile
        rng.shuffle(rest)
        game.jungle_pile = rest + ([revealed] if revealed else [])
        for other in range(game.players):
            if other == seat:
                rng.shuffle(game.worker_piles[other])
                continue
            tiles = game.hands[other] + game.worker_piles[other]
            rng.shuffle(tiles)
            hand_size = len(game.hands[other])
            game.hands[other] = tiles[:hand_size]
            game.worker_piles[other] = tiles[hand_size:]
        game._history = []
        game._keep_history = False
        return game

    # ----------------------------------------------------------------- invariants

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule-given invariant (used by tests)."""
        jungle_count = Counter(code for code, _r in self.jungle.values())
        jungle_count.update(self.display)
        jungle_count.update(self.jungle_pile)
        full = jungle_deck(self.players, self.variant)
        for _pos, code in START_TILES:
            full[code] += 1
        assert jungle_count == full, "jungle tiles are not conserved"
        for seat in range(self.players):
            tiles = Counter(self.hands[seat]) + Counter(self.worker_piles[seat])
            tiles.update(t.tile for t in self.workers.values() if t.seat == seat)
            tiles.update(t.tile for t in self.covered.values() if t.seat == seat)
            assert tiles == worker_deck(self.players), f"seat {seat}'s worker tiles are not conserved"
            assert 0 <= self.cacao[seat] <= CACAO_CAP
            assert 0 <= self.sun[seat] <= SUN_CAP
            assert 0 <= self.water[seat] <= WATER_MAX_STEP
            assert self.gold[seat] >= 0
        for pos in self.jungle:
            assert is_jungle_square(pos), f"jungle tile on worker square {pos}"
        for pos in self.workers:
            assert not is_jungle_square(pos), f"worker tile on jungle square {pos}"
        assert not set(self.covered) - set(self.workers)
        assert len(self.display) <= DISPLAY_SIZE


_CHECKS: dict[type, tuple[Phase, type[IllegalActionError]]] = {
    Place: (_PLACE, IllegalPlacementError),
    Overbuild: (_PLACE, IllegalPlacementError),
    Fill: (_FILL, IllegalFillError),
    Resolve: (_RESOLVE, IllegalResolutionError),
}
"""Per action class: the phase that accepts it and the error for a malformed one."""


_ROTATIONS = range(4)
_NO_ROTATION = range(1)

# Actions are immutable values; the engine hands out shared ones (building them anew
# dominated move listing) from these tables, each filled on first use.
_PLACES: dict[tuple[str, ...], _HandPlaces] = {}
"""By hand (its tiles in hand order, or sorted and distinct): that hand's table."""
_OVERBUILDS: dict[tuple[str, int, Pos], Overbuild] = {}
_HANDED_OUT: set[int] = set()
"""The ``id`` of every action in the engine's action tables, which keep them for good, so no other
object ever has one of these ids: an action whose id is here was made by the engine from
well-formed fields (``malformed_field`` need not look at it)."""


def in_turn(game: Game, actions: Sequence[Action]) -> Iterator[Action]:
    """``actions`` of one decision to apply to ``game`` in order, each applied before the next
    is asked for: a fill after the first whose space is no longer pending is left out, since
    the engine laid that tile itself once no choice was left (R3.10: with one space and one
    display tile left, the tile the player gave the space). The one rule for a table's
    decision at home, across machines and on the host."""
    for number, action in enumerate(actions):
        if number and isinstance(action, Fill) and action.pos not in game.pending_fills:
            continue
        yield action


def _handed_out(actions: tuple[Action, ...]) -> None:
    _HANDED_OUT.update(map(id, actions))


class _HandPlaces(dict[Pos, tuple[Place, ...]]):
    """Per square, the ``Place`` values of a hand holding ``codes`` (sorted, distinct): by
    code, then one per distinct rotation; a square's entry is made on first use."""

    def __init__(self, codes: tuple[str, ...]) -> None:
        super().__init__()
        self.codes = codes

    def __missing__(self, pos: Pos) -> tuple[Place, ...]:
        places = self[pos] = tuple(
            Place(code, rotation, pos) for code in self.codes for rotation in DISTINCT_ROTATIONS[code]
        )
        _handed_out(places)
        return places


# The events and edges, made by fast constructors (see ``frozen``): making them was a fifth
# of a game's time.
_activated_edge = fast_constructor(ActivatedEdge)
_cacao_gained = fast_constructor(ev.CacaoGained)
_cacao_sold = fast_constructor(ev.CacaoSold)
_edge_activated = fast_constructor(ev.EdgeActivated)
_edge_resolved = fast_constructor(ev.EdgeResolved)
_fill_required = fast_constructor(ev.FillRequired)
_game_ended = fast_constructor(ev.GameEnded)
_gold_gained = fast_constructor(ev.GoldGained)
_gold_paid = fast_constructor(ev.GoldPaid)
_jungle_filled = fast_constructor(ev.JungleFilled)
_sun_gained = fast_constructor(ev.SunGained)
_temple_scored = fast_constructor(ev.TempleScored)
_tile_placed = fast_constructor(ev.TilePlaced)
_water_moved = fast_constructor(ev.WaterMoved)
# Events with few distinct values (seats, turns, tile codes), shared.
_DISPLAY_REFILLED: Final = SharedValues(ev.DisplayRefilled)
_WORKER_TILES: Final = SharedValues(WorkerTile)
"""The tiles on the board are shared values too, by seat, code and rotation."""
_SUN_SPENT: Final = SharedValues(ev.SunSpent)
_TURN_ENDED: Final = SharedValues(ev.TurnEnded)
_TURN_STARTED: Final = SharedValues(ev.TurnStarted)
_WORKER_DRAWN: Final = SharedValues(ev.WorkerDrawn)


def _index_of(edge: ActivatedEdge, edges: list[ActivatedEdge]) -> int:
    """The index of ``edge`` itself (not an equal one) in ``edges``, which holds it."""
    if edges[0] is edge:
        return 0
    return next(index for index, pending in enumerate(edges) if pending is edge)


_SEAT_ORDERS: Final = {
    players: tuple(tuple((first + k) % players for k in range(players)) for first in range(players))
    for players in (2, 3, 4)
}
"""``_SEAT_ORDERS[players][first]``: every seat once, from ``first`` on in turn order."""


def _overbuild(code: str, rotation: int, pos: Pos) -> Overbuild:
    key = (code, rotation, pos)
    found = _OVERBUILDS.get(key)
    if found is None:
        found = _OVERBUILDS[key] = Overbuild(code, rotation, pos)
        _handed_out((found,))
    return found


class _FillTable(dict[tuple[Pos, str], tuple[Fill, ...]]):
    """``table[pos, code]``: the fills of ``pos`` with ``code``, every rotation of a volcano,
    else rotation 0."""

    def __missing__(self, key: tuple[Pos, str]) -> tuple[Fill, ...]:
        pos, code = key
        rotations = _ROTATIONS if code == VOLCANO else _NO_ROTATION
        found = self[key] = tuple(Fill(pos, code, rotation) for rotation in rotations)
        _handed_out(found)
        return found


class _ResolutionTable(dict[tuple[Pos, int, int], Resolve]):
    """``table[pos, side, amount]``: that resolution step."""

    def __missing__(self, key: tuple[Pos, int, int]) -> Resolve:
        found = self[key] = Resolve(*key)
        _handed_out((found,))
        return found


_FILLS: Final = _FillTable()
_RESOLUTIONS: Final = _ResolutionTable()


@lru_cache(maxsize=4096)
def _temple_awards(workers: tuple[int, ...]) -> tuple[int, ...]:
    return temple_awards(workers)


Standings = list[tuple[Pos, tuple[int, ...], tuple[int, ...]]]
"""Per temple: its square, workers per seat beside it (top tiles only) and awards (R5.1)."""


def temple_standings(
    jungle: Mapping[Pos, tuple[str, int]], workers: Mapping[Pos, WorkerTile], players: int
) -> Standings:
    """Each temple of ``jungle`` with the workers of ``workers`` (the top tiles) facing it
    per seat and its awards (R5.1), in the order the temples were laid (``jungle``'s order):
    the one reading of the temples, for a game (``Game.temple_standings``) and for the
    board a table shows (``app.play.shown``)."""
    standings = []
    for pos in (p for p, (code, _r) in jungle.items() if code == TEMPLE):
        counts, _empty = temple_facing(workers, pos, players)
        standing = tuple(counts)
        standings.append((pos, standing, _temple_awards(standing)))
    return standings


def temple_facing(workers: Mapping[Pos, WorkerTile], pos: Pos, players: int) -> tuple[list[int], int]:
    """The workers of ``workers`` (the top tiles) facing the temple at ``pos``, per seat
    (R5.1), and how many of its four squares hold no worker tile: the one count of a
    temple's workers, for the standings and the AI's evaluation."""
    counts = [0] * players
    empty = 0
    for side, square in enumerate(_NEIGHBOURS.get(pos) or _neighbours(pos)):
        tile = workers.get(square)
        if tile is None:
            empty += 1
        else:
            counts[tile.seat] += tile.workers(OPPOSITE[side])
    return counts, empty


def scores_with(
    standings: Standings,
    gold: Sequence[int],
    sun: Sequence[int],
    water: Sequence[int],
    cacao: Sequence[int],
) -> tuple[SeatScore, ...]:
    """Each seat's score (R5) from the temples' ``standings`` and its tokens, seat by seat:
    the one sum for a game (``Game.score_now``) and for the board a table shows."""
    temples = [0] * len(gold)
    for _pos, _workers, awards in standings:
        for seat, won in enumerate(awards):
            temples[seat] += won
    return tuple(seat_score(gold[s], temples[s], sun[s], water[s], cacao[s]) for s in range(len(gold)))
