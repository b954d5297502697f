"""tools/fit_terms.py: the least-squares fit behind the expert's learned mix, and its pairs."""

from __future__ import annotations

import random

import pytest

from cacao_game.ai.evaluation import TERMS
from tests.referee_loader import load_tool

fit_terms = load_tool("fit_terms")


def test_the_fit_recovers_a_known_mix_with_its_constant() -> None:
    """Targets made exactly from features give back the constant and each weight."""
    rng = random.Random(7)
    truth = [2.0, 0.5, -1.0, 3.0]
    samples = []
    for _ in range(60):
        features = [rng.uniform(-5, 5) for _ in range(3)]
        samples.append((features, truth[0] + sum(w * x for w, x in zip(truth[1:], features, strict=True))))
    assert fit_terms.fit(samples) == pytest.approx(truth, abs=1e-4)


def test_sibling_pairs_hold_every_seats_term_and_total_differences() -> None:
    """Each pair: the placements left at the priced state (before the last placement of a
    4-player game's 36), each seat's differences of the 7 terms and of the final total; the
    two siblings differ in the mover's move, so some difference is not zero."""
    pairs = fit_terms.siblings(4, 3, 920_000)
    assert pairs
    for left, diffs, totals in pairs:
        assert 0 <= left < 36
        assert len(diffs) == 4 and all(len(d) == len(TERMS) for d in diffs) and len(totals) == 4
        assert any(any(d) for d in diffs) or any(totals)
