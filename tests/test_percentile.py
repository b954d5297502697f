"""The benchmarks' one percentile rule (``cacao_game.percentiles.percentile``, and its ``median``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cacao_game.percentiles import percentile


def test_nearest_rank() -> None:
    """Nearest rank: of 1 to 100 the 99th percentile is 99 and the median 50; of 1 to 10 the
    70th is 7 (0.7 * 10 is 7.000000000000001 in floating point, still rank 7); share 0 is the
    smallest and 1 the largest."""
    hundred = [float(n) for n in range(100, 0, -1)]
    assert percentile(hundred, 0.99) == 99
    assert percentile(hundred, 0.5) == 50
    assert percentile(range(1, 11), 0.7) == 7
    assert percentile(hundred, 0) == 1 and percentile(hundred, 1) == 100
    assert percentile([4.0], 0.99) == 4


def test_no_values_or_a_share_outside_0_to_1_is_refused() -> None:
    with pytest.raises(ValueError, match="no values"):
        percentile([], 0.5)
    with pytest.raises(ValueError, match="from 0 to 1"):
        percentile([1.0], 99)


@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1), st.floats(0, 1))
def test_a_percentile_is_a_value_with_at_least_its_share_at_or_below_it(
    values: list[float], share: float
) -> None:
    found = percentile(values, share)
    assert found in values
    assert sum(v <= found for v in values) >= share * len(values) - 1e-6
    assert sum(v < found for v in values) < max(1, share * len(values) + 1e-6)


def test_a_median_is_the_same_rules_p50_so_two_reports_agree() -> None:
    """A review found the benchmarks' "median" (``statistics.median``, which interpolates)
    disagreeing with their "p50" (nearest rank) on even counts: of 1, 2, 3, 4 one said 2.5,
    the other 2. The median is the rule's p50, and no tool computes one otherwise."""
    from pathlib import Path

    from cacao_game.percentiles import median

    assert median([4.0, 1.0, 3.0, 2.0]) == percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2
    tools = Path(__file__).resolve().parents[1] / "tools"
    for script in tools.glob("*.py"):
        text = script.read_text(encoding="utf-8")
        assert "statistics.median" not in text and "statistics.quantiles" not in text, script.name
