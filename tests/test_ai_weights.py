"""Level specs with options, named weight sets and the thinking time a level is given."""

from __future__ import annotations

import random

import pytest

from cacao_game.ai import make_player
from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.hard import HardPlayer
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.registry import parse_level
from cacao_game.ai.weights import DEFAULT, V1, Weights, weights_named
from cacao_game.engine import Game, Phase


def _mid_game(seed: int = 5, decisions: int = 20) -> Game:
    game = Game.new(2, "base", seed, keep_history=False)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.apply(rng.choice(game.legal_actions()))
    while game.phase is not Phase.PLACE:
        game.apply(game.legal_actions()[0])
    return game


def test_level_specs_name_a_weight_set() -> None:
    """``medium:weights=v1`` and ``hard:weights=v1`` play with the v1 set; the default set is
    one of the named ones."""
    medium = make_player("medium:weights=v1", random.Random(1))
    hard = make_player("hard:weights=v1,iterations=2", random.Random(1))
    assert isinstance(medium, MediumPlayer) and medium.weights == V1
    assert isinstance(hard, HardPlayer) and hard.medium.weights == V1
    default = make_player("medium", random.Random(1))
    assert isinstance(default, MediumPlayer) and default.weights == weights_named(DEFAULT)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("medium:weights=v0", "unknown weights"),
        ("grandmaster", "unknown AI level"),
        ("medium:depth=3", "level 'medium:depth=3'"),
        ("hard:fast", "not name=value"),
    ],
)
def test_bad_level_specs_are_refused_with_a_reason(spec: str, message: str) -> None:
    """An unknown level, weight set or option, or an option without a value, is a ValueError."""
    with pytest.raises(ValueError, match=message):
        make_player(spec, random.Random(0))


def test_spec_options_are_typed() -> None:
    """Whole numbers become ints, except the time budget, which stays a float; text stays text."""
    assert parse_level("hard:iterations=3,time_budget=2,weights=v1") == (
        "hard",
        {"iterations": 3, "time_budget": 2.0, "weights": "v1"},
    )
    assert isinstance(parse_level("hard:time_budget=2")[1]["time_budget"], float)


def test_thinking_time_goes_to_the_timed_level_only() -> None:
    """``time_budget`` sets hard's seconds per decision; a spec's own budget wins; the levels
    that do not search ignore it."""
    hard = make_player("hard", random.Random(0), time_budget=5.0)
    assert isinstance(hard, HardPlayer) and hard.time_budget == 5.0
    own = make_player("hard:time_budget=0.5", random.Random(0), time_budget=5.0)
    assert isinstance(own, HardPlayer) and own.time_budget == 0.5
    assert isinstance(make_player("medium", random.Random(0), time_budget=5.0), MediumPlayer)


def test_weights_change_the_prices_and_unknown_names_are_refused() -> None:
    """The threat weight moves the mover's value in a placement position by its share of the
    best square; other seats' values do not move. ``from_dict`` refuses an unknown weight."""
    game = _mid_game()
    mover = game.mover
    plain = Valuer(game, Weights.from_dict({"threat": 0.0})).seat_values(game)
    threat = Valuer(game, Weights.from_dict({"threat": 1.0}))
    priced = threat.seat_values(game)
    assert priced[mover] - plain[mover] == pytest.approx(threat.best_square(game, mover))
    assert threat.best_square(game, mover) > 0
    assert priced[1 - mover] == pytest.approx(plain[1 - mover])
    with pytest.raises(ValueError, match="unknown weight 'greed'"):
        Weights.from_dict({"greed": 1.0})


def test_v1_is_the_hand_set_evaluation() -> None:
    """v1 keeps the numbers every level played with before tuning (so ``weights=v1`` measures
    the old evaluation)."""
    assert V1.to_dict() == {
        "sell_discount": 1.0,
        "fill_chance": 0.55,
        "temple_worker": 1.1,
        "volcano_worker": 0.5,
        "overbuild_bonus": 1.5,
        "threat": 0.5,
        "temple_slot_empty": 0.3,
        "cacao_overflow": 0.15,
        "temple_side": 0.3,
    }
