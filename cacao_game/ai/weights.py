"""The evaluation's tunable weights, as named sets (``medium:weights=v1`` picks one).

``v1`` is the hand-set evaluation every level played with before tuning. A tuned set is
added under a new name by ``tools/tune.py`` (SPSA self-play on duplicate deals) and
becomes ``DEFAULT`` once a tournament shows it stronger; the old sets stay selectable so
that every comparison can run in one tournament.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final


@dataclass(frozen=True, slots=True)
class Weights:
    """Every tunable number of the evaluation (``cacao_game.ai.evaluation``), in points or
    chances. The defaults are ``v1``."""

    sell_discount: float = 1.0
    """Gold a held cacao loses against the best reachable price (a worker and a turn to sell it)."""
    fill_chance: float = 0.55
    """Chance that an open jungle space next to a seat's workers gets filled later."""
    temple_worker: float = 1.1
    """Per-worker worth of a temple tile that may land on an open space."""
    volcano_worker: float = 0.5
    """Per-worker worth of a volcano that may land on an open space (+2 or -1, layer's choice)."""
    overbuild_bonus: float = 1.5
    """Extra worth of a sun token that can pay for an overbuild late in the game."""
    threat: float = 0.5
    """Share of the next mover's best square counted in that seat's favour."""
    temple_slot_empty: float = 0.3
    """Chance that an open square beside a temple stays without a worker facing the temple."""
    cacao_overflow: float = 0.15
    """Share of a cacao's worth lost for each cacao held beyond 3 (a full store wastes gains)."""
    temple_side: float = 0.3
    """Extra per worker facing a temple in the quick placement estimate."""

    def to_dict(self) -> dict[str, float]:
        """Name -> value of every weight."""
        return {f.name: float(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, values: dict[str, float]) -> Weights:
        """``v1`` with the given weights changed; ValueError for an unknown name."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(f"unknown weight {unknown[0]!r}; known: {', '.join(sorted(known))}")
        return replace(cls(), **{name: float(value) for name, value in values.items()})


V1: Final = Weights()
"""The hand-set weights of the first levels."""

V2: Final = Weights(
    sell_discount=2.155,
    fill_chance=0.637,
    temple_worker=1.297,
    overbuild_bonus=1.253,
    threat=0.256,
    temple_slot_empty=0.48,
    cacao_overflow=0.279,
    temple_side=0.544,
)
"""v1 tuned by ``tools/tune.py`` (SPSA, medium against medium, 8,000 iterations = 16,000
2-player base games; the run's state is ``docs/tuning/medium-v2-spsa.json``)."""

V3: Final = Weights(
    sell_discount=2.212,
    fill_chance=0.671,
    temple_worker=0.946,
    overbuild_bonus=1.142,
    threat=0.306,
    temple_slot_empty=0.17,
    cacao_overflow=0.392,
    temple_side=0.568,
)
"""v2 tuned for 4 players by ``tools/tune.py --players 4`` (SPSA, medium against medium in
alternate seats, 12,000 iterations = 24,000 four-player base games; the run's state is
``docs/tuning/medium-v3-4p-spsa.json``): a v3 pair won 56.5 % (Wilson 95 % 52.5-60.4 %) of
600 four-player games against a v2 pair, margin +0.86 (README: tuning)."""

WEIGHT_SETS: Final[dict[str, Weights]] = {
    "v1": V1,
    "v2": V2,
    "v3": V3,
}
"""Named weight sets, oldest first."""

DEFAULT: Final = "v2"
"""The set the levels play with unless told otherwise: v2 won 75.2 % (Wilson 95 % 70.8-79.2 %)
of 400 duplicate 2-player games of medium against v1 medium (README, AI section)."""


def weights_named(name: str) -> Weights:
    """The weight set called ``name``; ValueError (naming the known sets) for another name."""
    try:
        return WEIGHT_SETS[name]
    except KeyError:
        raise ValueError(f"unknown weights {name!r}; known: {', '.join(WEIGHT_SETS)}") from None


def resolve_weights(weights: str | Weights) -> Weights:
    """A weight set given by name or as is."""
    return weights if isinstance(weights, Weights) else weights_named(weights)
