"""A position's worth in point-equivalents, for the medium and hard players.

``Valuer(game)`` looks once at what every seat may see (the board, the display, the multiset of
jungle tiles left, each seat's resources) and prices everything in gold:

- gold at face value; the water track at its field value (its steps are worth 6, 3, 1, 2, 2,
  3, 4, 5: the first and the last steps are the big ones);
- cacao at the best market price a seat can still reach, less a discount for the worker it
  takes to sell, and nothing once the seat has no tile left to play;
- sun tokens at 1, plus an overbuild bonus that grows as the jungle pile runs out;
- temples at the award the seat can expect once their open squares are taken;
- open jungle spaces next to a seat's workers at the expected value of the tiles left, times
  the chance the space gets filled;
- the best square the next mover can take, counted for that seat (what a move hands on).

Nothing here reads hidden information: only ``view``-visible fields and ``unseen_jungle``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import Final

from cacao_game.ai.weights import DEFAULT, V1, Weights, resolve_weights
from cacao_game.engine import Game, Phase, temple_awards, temple_facing
from cacao_game.engine.tiles import (
    CACAO_CAP,
    GOLD_YIELD,
    MARKET_PRICE,
    OPPOSITE,
    PLANTATION_YIELD,
    SUN,
    SUN_CAP,
    TEMPLE,
    VOLCANO,
    WATER,
    WATER_MAX_STEP,
    WATER_TRACK,
    WORKER_SIDES,
    Pos,
    neighbours,
)

TERMS = ("gold", "water", "cacao", "sun", "temples", "prospects", "threat")
"""The parts of a seat's worth (``Valuer.seat_terms``): its resources one by one, its
expected temple awards, the open spaces next to its workers, and (for the seat to place
next) the best square it can take."""


def water_step_gain(step: int, steps: int = 1) -> int:
    """Gold gained by moving ``steps`` fields up the water track from ``step``."""
    return WATER_TRACK[min(WATER_MAX_STEP, step + steps)] - WATER_TRACK[step]


@lru_cache(maxsize=1 << 16)
def expected_temple_awards(
    counts: tuple[int, ...], open_slots: int, empty_chance: float = V1.temple_slot_empty
) -> tuple[float, ...]:
    """Expected final awards at a temple with ``counts`` workers and ``open_slots`` free squares.

    Each free square independently stays without workers facing the temple (``empty_chance``,
    30 % in ``v1``) or is taken by a uniformly chosen seat with 1 or 2 workers facing it.
    """
    if open_slots == 0:
        return tuple(float(a) for a in temple_awards(counts))
    seats = len(counts)
    taken = (1 - empty_chance) / (2 * seats)
    outcomes: list[tuple[float, int, int]] = [(empty_chance, -1, 0)]
    outcomes += [(taken, seat, workers) for seat in range(seats) for workers in (1, 2)]
    totals = [0.0] * seats
    for combo in product(outcomes, repeat=open_slots):
        chance = 1.0
        final = list(counts)
        for p, seat, workers in combo:
            chance *= p
            if seat >= 0:
                final[seat] += workers
        for seat, award in enumerate(temple_awards(final)):
            totals[seat] += chance * award
    return tuple(totals)


FIELD_LEAD: Final = 0.5
"""The share of the best other seat in the field a seat's worth is measured against, the rest
being the other seats' mean (``field_margins``): every level's, for every seat it prices."""


class Valuer:
    """Prices positions for every seat from the public information of one game state.

    Build one per decision; ``seat_values``/``score`` then price any state reached from it in the
    same turn (the per-seat unit prices are frozen at construction, which keeps it cheap).
    """

    __slots__ = (
        "_base",
        "_base_jungle",
        "_squares",
        "cacao_unit",
        "players",
        "progress",
        "sun_unit",
        "tile_ev",
        "tiles_left",
        "weights",
    )

    def __init__(self, game: Game, weights: str | Weights = DEFAULT) -> None:
        """Precompute unit prices and expected tile values from ``game`` (visible data only),
        with ``weights`` (a set of ``cacao_game.ai.weights``, or its name; ValueError for an
        unknown name)."""
        self.weights = resolve_weights(weights)
        self.players = game.players
        self._base = game
        self._base_jungle = frozenset(game.jungle)
        self._squares: dict[int, list[tuple[float, Pos]]] = {}
        pile = game.unseen_jungle()
        pile.update(game.display)
        self.tiles_left = sum(pile.values())
        total = self.tiles_left + len(game.jungle) - 2
        self.progress = 1.0 - self.tiles_left / max(1, total)
        best_price = _best_reachable_price(game)
        self.cacao_unit = []
        self.sun_unit = []
        self.tile_ev = []
        for seat in range(game.players):
            remaining = len(game.hands[seat]) + len(game.worker_piles[seat])
            self.cacao_unit.append(
                max(0.0, best_price - self.weights.sell_discount) * min(1.0, remaining / 3)
            )
            late = 1.0 if self.tiles_left == 0 else self.progress**2
            self.sun_unit.append(1.0 + self.weights.overbuild_bonus * late * min(1.0, remaining / 2))
            if self.tiles_left:
                ev = sum(n * self.worker_value(game, seat, code) for code, n in pile.items())
                self.tile_ev.append(ev / self.tiles_left)
            else:
                self.tile_ev.append(0.0)

    def worker_value(self, game: Game, seat: int, code: str, edge_value: int | None = None) -> float:
        """Worth to ``seat`` of one worker activated on a jungle tile ``code`` now.

        ``edge_value`` is the volcano edge the worker faces, if known.
        """
        if code in PLANTATION_YIELD:
            room = CACAO_CAP - game.cacao[seat]
            return min(room, PLANTATION_YIELD[code]) * self.cacao_unit[seat]
        if code in MARKET_PRICE:
            return max(0.0, MARKET_PRICE[code] - self.cacao_unit[seat]) if game.cacao[seat] else 0.0
        if code in GOLD_YIELD:
            return float(GOLD_YIELD[code])
        if code == WATER:
            return float(water_step_gain(game.water[seat]))
        if code == SUN:
            return self.sun_unit[seat] if game.sun[seat] < SUN_CAP else 0.0
        if code == TEMPLE:
            return self.weights.temple_worker
        if code == VOLCANO:
            return float(edge_value) if edge_value is not None else self.weights.volcano_worker
        return 0.0

    def resources(self, game: Game, seat: int) -> float:
        """Gold, water, cacao and sun of ``seat`` in point-equivalents."""
        return (
            game.gold[seat]
            + WATER_TRACK[game.water[seat]]
            + self.cacao_worth(seat, game.cacao[seat])
            + self.sun_unit[seat] * game.sun[seat]
        )

    def cacao_worth(self, seat: int, cacao: int) -> float:
        """Point-equivalent of ``seat`` holding ``cacao``: the unit price each, a little less
        beyond 3 (a full store wastes plantation gains)."""
        unit = self.cacao_unit[seat]
        return unit * cacao - self.weights.cacao_overflow * unit * max(0, cacao - 3)

    def seat_values(self, game: Game) -> list[float]:
        """Every seat's worth in ``game`` (a state of this valuer's turn or just after it).

        The sum of ``seat_terms``: resources, then temples, open spaces and the threat."""
        if game.final is not None:
            return [float(s.total) for s in game.final]
        values = [self.resources(game, seat) for seat in range(self.players)]
        self._add_temples(game, values)
        self._add_prospects(game, values)
        self._add_threat(game, values)
        return values

    def seat_terms(self, game: Game) -> list[dict[str, float]]:
        """Every seat's worth split into the evaluation's ``TERMS`` (the explained path).

        Each seat's terms add up to its ``seat_values`` entry. A finished game gives the
        final score's parts (gold, temples, sun and water; nothing else counts then).
        """
        if game.final is not None:
            return [
                {
                    "gold": float(s.gold),
                    "water": float(s.water),
                    "sun": float(s.sun),
                    "temples": float(s.temples),
                }
                for s in game.final
            ]
        terms = [
            {
                "gold": float(game.gold[seat]),
                "water": float(WATER_TRACK[game.water[seat]]),
                "cacao": self.cacao_worth(seat, game.cacao[seat]),
                "sun": self.sun_unit[seat] * game.sun[seat],
            }
            for seat in range(self.players)
        ]
        for name, add in (
            ("temples", self._add_temples),
            ("prospects", self._add_prospects),
            ("threat", self._add_threat),
        ):
            part = [0.0] * self.players
            add(game, part)
            for seat, value in enumerate(part):
                terms[seat][name] = value
        return terms

    def seat_counts(self, game: Game) -> list[dict[str, float]]:
        """What each seat has, counted as players count, under every term of ``TERMS``: gold,
        water steps, cacao, sun tokens, workers facing temples, workers facing open spaces
        (none once no jungle tile is left) and, for the seat to place next, the worth in gold
        of the best square it can take (``best_square``; 0 for the others)."""
        counts = [
            {
                "gold": float(game.gold[seat]),
                "water": float(game.water[seat]),
                "cacao": float(game.cacao[seat]),
                "sun": float(game.sun[seat]),
                "temples": 0.0,
                "prospects": 0.0,
                "threat": 0.0,
            }
            for seat in range(self.players)
        ]
        workers, jungle = game.workers, game.jungle
        for pos, (code, _rot) in jungle.items():
            if code == TEMPLE:
                facing, _empty = temple_facing(workers, pos, self.players)
                for seat, count in enumerate(facing):
                    counts[seat]["temples"] += count
        if self.tiles_left:
            spaces = {space for pos in workers for space in neighbours(pos) if space not in jungle}
            for space in spaces:
                for side, square in enumerate(neighbours(space)):
                    tile = workers.get(square)
                    if tile is not None:
                        counts[tile.seat]["prospects"] += WORKER_SIDES[tile.tile][tile.rotation][
                            (side + 2) % 4
                        ]
        if game.final is None and game.phase is Phase.PLACE:
            counts[game.mover]["threat"] = self.best_square(game, game.mover)
        return counts

    def score_terms(self, game: Game, seat: int, lead: float = FIELD_LEAD) -> dict[tuple[int, str], float]:
        """``seat``'s ``score`` split by (seat, term): what each seat's each term adds to it.

        ``seat``'s own terms count in full; another seat's count against it with the weight
        that seat has in its field (``field_margins`` with ``seat``'s ``lead``: the field's
        mean, and the best other seat's value). The parts add up to ``seat``'s entry of
        ``field_margins`` of ``seat_values`` (``score(game, seat)`` with the default lead).
        """
        terms = self.seat_terms(game)
        values = [sum(parts.values()) for parts in terms]
        others = [s for s in range(self.players) if s != seat]
        leader = max(others, key=lambda s: values[s])
        result: dict[tuple[int, str], float] = {}
        for other, parts in enumerate(terms):
            weight = 1.0 if other == seat else -(1 - lead) / len(others) - (lead if other == leader else 0.0)
            for name, value in parts.items():
                result[(other, name)] = weight * value
        return result

    def _add_temples(self, game: Game, values: list[float]) -> None:
        """Add each seat's expected temple awards to ``values``."""
        for pos, (code, _rot) in game.jungle.items():
            if code == TEMPLE:
                self._add_temple(game, pos, values)

    def _add_prospects(self, game: Game, values: list[float]) -> None:
        """Add the worth of the open jungle spaces next to each seat's workers to ``values``."""
        if not self.tiles_left:
            return
        workers = game.workers
        jungle = game.jungle
        open_spaces: set[Pos] = set()
        for pos in workers:
            for space in neighbours(pos):
                if space not in jungle:
                    open_spaces.add(space)
        for space in open_spaces:
            for side, square in enumerate(neighbours(space)):
                tile = workers.get(square)
                if tile is not None:
                    facing = WORKER_SIDES[tile.tile][tile.rotation][OPPOSITE[side]]
                    if facing:
                        values[tile.seat] += self.weights.fill_chance * facing * self.tile_ev[tile.seat]

    def _add_threat(self, game: Game, values: list[float]) -> None:
        """Add the share of the next mover's best square to its value (placements only)."""
        if game.phase is Phase.PLACE:
            mover = game.mover
            values[mover] += self.weights.threat * self.best_square(game, mover)

    def _add_temple(self, game: Game, pos: Pos, values: list[float]) -> None:
        counts, open_slots = temple_facing(game.workers, pos, self.players)
        if self.tiles_left == 0 and not any(game.hands):
            open_slots = 0
        awards = expected_temple_awards(tuple(counts), min(open_slots, 3), self.weights.temple_slot_empty)
        for seat in range(self.players):
            values[seat] += awards[seat]

    def square_score(self, game: Game, seat: int, square: Pos) -> float:
        """Rough worth to ``seat`` of a 2-1-0-1 tile on ``square``, best turned (no fills)."""
        jungle = game.jungle
        sides = []
        for space in neighbours(square):
            tile = jungle.get(space)
            sides.append(0.0 if tile is None else self.worker_value(game, seat, tile[0]))
        n, e, s, w = sides
        return max(2 * n + e + w, 2 * e + n + s, 2 * s + e + w, 2 * w + n + s)

    def best_square(self, game: Game, seat: int) -> float:
        """Rough worth of the best placement ``seat`` could make in ``game``.

        Squares away from the jungle tiles laid since this valuer was built keep the score
        they had then; the others are scored again.
        """
        base = self._squares.get(seat)
        if base is None:
            base = sorted(
                ((self.square_score(self._base, seat, sq), sq) for sq in self._base.frontier),
                reverse=True,
            )
            self._squares[seat] = base
        touched = {sq for space in game.jungle.keys() - self._base_jungle for sq in neighbours(space)}
        frontier = game.frontier
        best = next((score for score, sq in base if sq in frontier and sq not in touched), 0.0)
        for sq in touched:
            if sq in frontier:
                best = max(best, self.square_score(game, seat, sq))
        return best

    def best_square_tile(self, game: Game, seat: int) -> str | None:
        """The jungle tile worth most to ``seat`` beside the best square it can take in
        ``game`` (``square_score``, first in reading order on ties): what makes that square
        good. None when there is no such square or tile."""
        best: tuple[float, Pos] | None = None
        for square in sorted(game.frontier):
            score = self.square_score(game, seat, square)
            if best is None or score > best[0]:
                best = (score, square)
        if best is None:
            return None
        codes = [game.jungle[pos][0] for pos in neighbours(best[1]) if pos in game.jungle]
        return max(codes, key=lambda code: self.worker_value(game, seat, code), default=None)

    def scores(self, game: Game) -> list[float]:
        """Every seat's worth against its opponents: ``field_margins`` of ``seat_values``."""
        return field_margins(self.seat_values(game))

    def score(self, game: Game, seat: int) -> float:
        """``seat``'s entry of ``scores``."""
        return self.scores(game)[seat]


def field_margins(values: Sequence[float], leads: Sequence[float] | None = None) -> list[float]:
    """Every seat's value less its field's: its lead (``leads``, by seat; None: ``FIELD_LEAD``
    for every seat) times the best other seat's value plus the rest times the other seats'
    mean. (In 2 players every lead gives the same.)"""
    result = []
    for seat, mine in enumerate(values):
        others = [*values[:seat], *values[seat + 1 :]]
        lead = FIELD_LEAD if leads is None else leads[seat]
        result.append(mine - (lead * max(others) + (1 - lead) * sum(others) / len(others)))
    return result


def _best_reachable_price(game: Game) -> float:
    """The best price of a market that still has an empty worker square beside it (else 3)."""
    best = 0
    for pos, (code, _rot) in game.jungle.items():
        price = MARKET_PRICE.get(code)
        if price and price > best and any(sq in game.frontier for sq in neighbours(pos)):
            best = price
    unseen = game.unseen_jungle()
    unseen.update(game.display)
    if any(unseen[code] for code in MARKET_PRICE) and best < 3:
        best = 3
    return float(best or 2)
