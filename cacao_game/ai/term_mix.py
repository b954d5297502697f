"""A learned mix of the evaluation's terms: how much each term at a priced state is worth in
final points, fitted on sibling playouts (``tools/fit_terms.py --pairs``), for the expert's
``mix`` option.

The evaluation (``Valuer.seat_terms``) adds its terms as they are. Fitted on pairs of playouts
that differ only in the mover's move, each played as the expert's iterations are (hard's greedy
turns to its horizon, priced there) and then to the end by the same policy on the same tiles,
a difference in a term at the priced state foretells a different difference in final points:
``MIXES`` holds those weights by player count and band of placements left. ``share`` blends
them with the plain sum (0: the evaluation as it is; 1: the fitted weights). No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from cacao_game.ai.evaluation import TERMS, Valuer
from cacao_game.engine import Game

Band = tuple[int, tuple[float, ...]]
"""The fewest placements left (all seats) a band covers, and a weight per term of ``TERMS``
(gold, water, cacao, sun, temples, prospects, threat)."""

MIXES: Final[Mapping[int, tuple[Band, ...]]] = MappingProxyType(
    {
        4: (
            (24, (1.0, 0.93, 1.15, 1.15, 0.6, 1.22, 0.26)),
            (16, (1.0, 1.02, 0.91, 0.8, 0.66, 0.89, 0.37)),
            (8, (1.0, 1.06, 0.54, 0.72, 0.9, 0.46, -0.17)),
            (0, (1.0, 1.03, 0.74, 0.97, 1.07, 0.0, 2.0)),
        )
    }
)
"""By player count, the fitted bands, most placements left first, the first covering every count
above its floor (a player count not listed: the plain sum; a 4-player game has 36 placements,
so a state priced after the 5-turn horizon has at most 31 left). Each band's
weights are the least-squares fit divided by gold's (gold's fitted weight was 0.63-0.85: every
term foretells less than its face, as later play evens out part of any difference), so that
the mix changes how the terms weigh against one another, not the scale of the search's values.
Fitted on 16,982 pairs of 4-player base games: ``tools/fit_terms.py --players 4 --pairs 10000
--seed 920000 --json a.json``, the same with ``--seed 940000``, then the two files' rows joined
and read with ``--rows``, which prints these bands."""


def term_weights(players: int, left: int) -> tuple[float, ...] | None:
    """The fitted weight of each term for a state of ``players`` with ``left`` placements left
    (None: none fitted for that count)."""
    for low, weights in MIXES.get(players, ()):
        if left >= low:
            return weights
    return None


def mixed_values(valuer: Valuer, game: Game, left: int, share: float) -> list[float]:
    """Every seat's worth in ``game`` with its terms weighted ``share`` of the way from 1 to
    ``term_weights`` (``Valuer.seat_values`` when the game is over or nothing is fitted)."""
    weights = term_weights(game.players, left)
    if game.final is not None or weights is None or share == 0:
        return valuer.seat_values(game)
    blend = [1.0 + share * (weight - 1.0) for weight in weights]
    return [
        sum(blend[index] * parts[term] for index, term in enumerate(TERMS))
        for parts in valuer.seat_terms(game)
    ]
