"""Summaries of measured values: the one percentile rule of every benchmark in ``tools/`` and
of the network host's log."""

from __future__ import annotations

import math
from collections.abc import Iterable


def percentile(values: Iterable[float], share: float) -> float:
    """The ``share`` (0 to 1) percentile of ``values`` by nearest rank: the smallest value with
    at least that share of all the values at or below it (share 0: the smallest). ValueError
    when there are no values or ``share`` is outside 0 to 1."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("a percentile of no values")
    if not 0 <= share <= 1:
        raise ValueError(f"a percentile's share is from 0 to 1, not {share}")
    rank = math.ceil(round(share * len(ordered), 9))
    return ordered[max(0, rank - 1)]


def median(values: Iterable[float]) -> float:
    """The median of ``values`` by the same rule (``percentile`` at one half: of an even count,
    the lower of the two middle values), so a benchmark's "median" and "p50" agree."""
    return percentile(values, 0.5)
