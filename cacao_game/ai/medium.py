"""The ``medium`` level: a one-turn lookahead priced by the point-equivalent evaluation.

Every placement is played on a copy of the seat's view, the turn is finished (fills by
their immediate worth, ``quick_fill``; every seat's resolutions by ``resolve_choice``), and
the resulting position is priced by ``Valuer.score``. A fill decision is judged the same
way, each option played out to the end of the turn. To stay fast, placements are first ranked by a cheap local
estimate (``placement_scores``) and only the best ``shortlist`` are played out.
"""

from __future__ import annotations

import random
from operator import mul

from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.policy import best_fill, quick_fill, rank_by_value, resolve_choice
from cacao_game.ai.weights import DEFAULT, Weights, resolve_weights
from cacao_game.engine import Action, Game, Overbuild, Phase, Place
from cacao_game.engine.tiles import OPPOSITE, TEMPLE, VOLCANO, VOLCANO_SIDES, WORKER_SIDES, Pos, neighbours

SHORTLIST = 24
"""Placements played out in full after the quick ranking."""


def square_sides(game: Game, square: Pos, valuer: Valuer) -> tuple[float, list[float]]:
    """For a placement of the mover on ``square``: a constant part and a worth per worker side.

    A side facing a jungle tile is worth that tile's activation; a side facing a space the
    placement forces to be filled is worth the expected tile value; the workers of other
    tiles facing such a space make the constant part (the mover's own counted for, the
    other seats' against). Workers facing a temple get a small extra.
    """
    seat = game.mover
    jungle = game.jungle
    workers = game.workers
    fills_left = valuer.tiles_left
    constant = 0.0
    per_side = [0.0, 0.0, 0.0, 0.0]
    for side, space in enumerate(neighbours(square)):
        tile = jungle.get(space)
        if tile is not None:
            code, rotation = tile
            edge = VOLCANO_SIDES[rotation][OPPOSITE[side]] if code == VOLCANO else None
            per_side[side] = valuer.worker_value(game, seat, code, edge)
            if code == TEMPLE:
                per_side[side] += valuer.weights.temple_side
            continue
        around = neighbours(space)
        if not fills_left or workers.keys().isdisjoint(around):
            continue
        fills_left -= 1
        per_side[side] = valuer.tile_ev[seat]
        for facing_side, sq in enumerate(around):
            other = workers.get(sq)
            if other is None:
                continue
            facing = WORKER_SIDES[other.tile][other.rotation][OPPOSITE[facing_side]]
            gain = facing * valuer.tile_ev[other.seat]
            constant += gain if other.seat == seat else -gain / max(1, game.players - 1)
    return constant, per_side


def placement_scores(game: Game, actions: list[Action], valuer: Valuer) -> list[float]:
    """A cheap local estimate of what each placement in ``actions`` earns its mover this turn."""
    tables: dict[Pos, tuple[float, list[float]]] = {}
    scores = []
    for action in actions:
        assert isinstance(action, (Place, Overbuild))
        table = tables.get(action.pos)
        if table is None:
            table = tables[action.pos] = square_sides(game, action.pos, valuer)
        constant, per_side = table
        layout = WORKER_SIDES[action.tile][action.rotation]
        score = constant + sum(map(mul, layout, per_side))
        if isinstance(action, Overbuild):
            score -= valuer.sun_unit[game.mover]
        scores.append(score)
    return scores


class MediumPlayer:
    """Heuristic player: see the module docstring. Deterministic given the seat's view."""

    name = "medium"

    def __init__(
        self, rng: random.Random, shortlist: int = SHORTLIST, weights: str | Weights = DEFAULT
    ) -> None:
        """``rng`` is kept for the protocol (medium needs no chance); ``shortlist`` as above;
        ``weights``: the evaluation's weight set or its name (ValueError for an unknown one)."""
        self.rng = rng
        self.shortlist = shortlist
        self.weights = resolve_weights(weights)

    def rank(self, game: Game) -> list[tuple[float, Action]]:
        """The deciding seat's options with their values, best first (from its view only)."""
        seat = game.current_player()
        view = game.view(seat)
        valuer = Valuer(view, self.weights)
        options = view.legal_actions()
        if view.phase is Phase.RESOLVE:
            choice = resolve_choice(view, valuer)
            return [(0.0, choice)] + [(-1.0, a) for a in options if a != choice]
        if view.phase is Phase.PLACE and len(options) > self.shortlist:
            scores = placement_scores(view, options, valuer)
            quick = sorted(range(len(options)), key=lambda i: (-scores[i], i))
            options = [options[i] for i in sorted(quick[: self.shortlist])]
        fill_policy = quick_fill if view.phase is Phase.PLACE else best_fill
        ranked = rank_by_value(view, options, seat, valuer, fill_policy)
        return [(value, action) for value, _i, action in ranked]

    def choose(self, game: Game) -> Action:
        """The best-ranked action."""
        return self.rank(game)[0][1]
