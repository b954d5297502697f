"""The medium evaluation's prices and the shared resolution policy."""

from __future__ import annotations

import random

import pytest

from cacao_game.ai.evaluation import Valuer, expected_temple_awards, water_step_gain
from cacao_game.ai.policy import resolve_choice
from cacao_game.engine import Game, Phase, Resolve, temple_awards
from cacao_game.engine.tiles import MARKET_PRICE


def test_water_track_prices_are_non_linear() -> None:
    """The first water step is worth 6 and the last ones 4 and 5 (R1.7 fields)."""
    assert water_step_gain(0) == 6
    assert [water_step_gain(s) for s in range(8)] == [6, 3, 1, 2, 2, 3, 4, 5]
    assert water_step_gain(7, 3) == 5


def test_closed_temple_is_priced_at_its_award() -> None:
    """With no open square left a temple is worth exactly its R5.1 award."""
    for counts in [(3, 1), (2, 2), (0, 4), (1, 1, 2, 0)]:
        assert expected_temple_awards(counts, 0) == tuple(float(a) for a in temple_awards(counts))


def test_open_temple_expectation_lies_between_outcomes() -> None:
    """A narrow lead at a temple with open squares is worth less than a sure 6, more than 3."""
    lead = expected_temple_awards((2, 1), 2)
    assert 3 < lead[0] < 6
    assert lead[0] > lead[1]
    assert sum(lead) <= 9


def _game_with_market_choice() -> Game:
    """A game where the resolving seat may sell 0 or 1 cacao at a market (R3.10 choice)."""
    for seed in range(400):
        game = Game.new(2, "base", seed, keep_history=False)
        rng = random.Random(seed)
        while not game.is_over():
            if game.phase is Phase.RESOLVE:
                amounts = {a.amount for a in game.legal_actions() if isinstance(a, Resolve)}
                edges = game.pending_edges(game.current_player())
                if {0, 1} <= amounts and all(e.jungle in MARKET_PRICE for e in edges) and len(edges) == 1:
                    return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no market choice found")


@pytest.mark.parametrize(("unit", "sells"), [(0.5, True), (4.0, False)])
def test_resolution_holds_cacao_when_a_better_market_pays(unit: float, sells: bool) -> None:
    """The resolving seat sells when the price beats what a held cacao is worth to it, and
    holds the cacao for a better market otherwise."""
    game = _game_with_market_choice()
    seat = game.current_player()
    valuer = Valuer(game.view(seat))
    valuer.cacao_unit[seat] = unit
    choice = resolve_choice(game, valuer)
    assert choice in game.legal_actions()
    assert (choice.amount > 0) is sells


def test_valuer_prices_gold_one_for_one() -> None:
    """One more gold makes a seat's position worth exactly one more point."""
    game = Game.new(2, "base", 3, keep_history=False)
    valuer = Valuer(game)
    before = valuer.seat_values(game)
    game.gold[1] += 1
    after = valuer.seat_values(game)
    assert after[1] == pytest.approx(before[1] + 1)
    assert after[0] == pytest.approx(before[0])


def test_finished_game_is_priced_at_its_score() -> None:
    """Once the game is over the price is the final score (R5)."""
    game = Game.new(2, "base", 2, keep_history=False)
    rng = random.Random(0)
    valuer = Valuer(game)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    assert valuer.seat_values(game) == [float(s.total) for s in game.score_now()]
