"""The AI ladder's Bradley-Terry fit (tools/ladder.py) and the SPSA tuner (tools/tune.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from cacao_game.ai.weights import V1, Weights
from tests.referee_loader import load_tool

ladder = load_tool("ladder")
tune = load_tool("tune")


def _expected(gap: float) -> float:
    return 1 / (1 + 10 ** (-gap / 400))


def test_the_fit_recovers_known_ratings_with_random_at_zero() -> None:
    """Scores made from ratings 0, 200, 500 (many games, so the prior draw hardly matters)
    give those ratings back, random anchored at exactly 0 with no error."""
    truth = {"random": 0.0, "easy": 200.0, "medium": 500.0}
    games = 100_000
    score = {
        (a, b): (games * _expected(truth[a] - truth[b]), games)
        for a, b in (("random", "easy"), ("random", "medium"), ("easy", "medium"))
    }
    ratings, errors = ladder.fit(list(truth), score, {"random": 0.0})
    assert ratings["random"] == 0 and errors["random"] == 0
    for level, rating in truth.items():
        assert ratings[level] == pytest.approx(rating, abs=2)
    assert 0 < errors["easy"] < 10


def test_a_level_that_never_loses_gets_a_finite_rating_from_the_prior() -> None:
    """All wins for one side: one virtual draw keeps the rating finite (about 10 ** -x odds
    of 0.5 in n + 1 games), and more games push it further up."""
    few, _ = ladder.fit(["random", "easy"], {("random", "easy"): (0.0, 10)}, {"random": 0.0})
    many, _ = ladder.fit(["random", "easy"], {("random", "easy"): (0.0, 100)}, {"random": 0.0})
    assert math.isfinite(few["easy"]) and few["easy"] > 0
    assert many["easy"] > few["easy"]
    assert many["easy"] == pytest.approx(400 * math.log10(100.5 / 0.5), abs=1)


def test_a_new_level_is_rated_against_kept_ratings() -> None:
    """``--keep``: a level held at its measured rating is not moved by the fit, and a new level
    that scores 76 % against it is rated about 200 above it, with an error."""
    games = 100_000
    score = {("expert", "hard"): (games * _expected(200.0), games)}
    ratings, errors = ladder.fit(["expert", "hard"], score, {"hard": 1545.0})
    assert ratings["hard"] == 1545.0 and errors["hard"] == 0
    assert ratings["expert"] == pytest.approx(1745.0, abs=2)
    assert 0 < errors["expert"] < 10


def test_a_kept_table_keeps_the_levels_not_rated_again_and_counts_all_games() -> None:
    """The table written with ``--keep`` holds the earlier levels, the new one, both commands
    and the games of both."""
    source = ladder.ratings_source(
        {"expert:time_budget=1": 1700.4, "hard:time_budget=1": 1545.0},
        {("expert:time_budget=1", "hard:time_budget=1"): (30.0, 40)},
        "python tools/ladder.py expert hard --keep hard",
        ({"random": 0, "easy": 705, "hard": 1545}, "python tools/ladder.py --deals 100", 690),
    )
    namespace: dict[str, object] = {}
    exec(compile(source, "ratings.py", "exec"), namespace)
    assert namespace["RATINGS"] == {"random": 0, "easy": 705, "hard": 1545, "expert": 1700}
    assert namespace["GAMES"] == 730
    earlier, now = "python tools/ladder.py --deals 100", "python tools/ladder.py expert hard --keep hard"
    assert namespace["COMMAND"] == f"{earlier}; then {now}"


def test_the_ratings_table_is_python_the_app_reads(tmp_path: Path) -> None:
    """The written module holds the ratings by level name (options dropped), the command and
    the number of games; a long command is split so that no line passes ruff's 110."""
    source = ladder.ratings_source(
        {"random": 0.0, "easy": 512.4, "hard:time_budget=1": 901.6},
        {("random", "easy"): (1.0, 20), ("easy", "hard:time_budget=1"): (3.0, 20)},
        "python tools/ladder.py --deals 10",
    )
    namespace: dict[str, object] = {}
    exec(compile(source, "ratings.py", "exec"), namespace)
    assert namespace["RATINGS"] == {"random": 0, "easy": 512, "hard": 902}
    assert namespace["GAMES"] == 40
    assert namespace["COMMAND"] == "python tools/ladder.py --deals 10"
    long_command = "python tools/ladder.py " + " ".join(f"level{n}:time_budget=0.25" for n in range(8))
    source = ladder.ratings_source({"random": 0.0}, {}, long_command)
    exec(compile(source, "ratings.py", "exec"), namespace)
    assert namespace["COMMAND"] == long_command
    assert max(len(line) for line in source.splitlines()) <= 110


def test_tuned_values_stay_in_range_and_on_their_grid() -> None:
    """What the tuner plays is clipped to each weight's range and rounded to its grid."""
    played = tune.played({"threat": 9.0, "temple_slot_empty": 0.333333, "fill_chance": -1.0})
    assert played == {
        "threat": tune.SPACE["threat"].high,
        "temple_slot_empty": 0.33,
        "fill_chance": tune.SPACE["fill_chance"].low,
    }
    assert set(tune.SPACE) <= set(V1.to_dict())


def test_a_tuning_run_saves_its_state_and_can_resume(tmp_path: Path) -> None:
    """Two iterations of medium against medium write the state (4 games on 2 new deals); a
    resumed run continues from it; the printed set is a valid weight set."""
    state = tmp_path / "state.json"
    args = ["--iterations", "1", "--save-every", "1", "--state", str(state), "--seed", "7"]
    assert tune.main(args) == 0
    first = json.loads(state.read_text())
    assert first["iteration"] == 1 and first["games"] == 2
    assert tune.main([*args[:1], "2", *args[2:], "--resume"]) == 0
    second = json.loads(state.read_text())
    assert second["iteration"] == 2 and second["games"] == 4
    assert all(tune.SPACE[k].low <= v <= tune.SPACE[k].high for k, v in second["theta"].items())
    assert isinstance(tune.weights_of(second, second["theta"]), Weights)
    assert tune.main(["--level", "medium:weights=v1", "--state", str(state)]) == 2


def test_seat_plans_alternate_the_sets_and_swap_them() -> None:
    """The plus set sits in alternate seats, from seat 0 and then from seat 1, so each set
    holds every seat once per duplicate deal."""
    assert tune.seat_plans(2) == ((True, False), (False, True))
    assert tune.seat_plans(4) == ((True, False, True, False), (False, True, False, True))
    first, second = tune.seat_plans(3)
    assert first == (True, False, True) and second == (False, True, False)


def test_four_player_margins_cancel_between_equal_sets() -> None:
    """With ``players=4`` both seatings are played; equal sets give the plus set a margin of
    exactly zero in sum (each seating's margin is the other's negative) and one win in two."""
    total, wins = tune.margins("medium", V1, V1, 11, players=4)
    assert total == 0.0
    assert wins == 1.0
    total, _wins = tune.margins("medium", V1, Weights(threat=0.0, sell_discount=0.0), 11, players=4)
    assert total != 0.0


def test_check_measures_the_saved_set_against_the_start(tmp_path: Path) -> None:
    """``--check`` plays the saved set against the start set on duplicate deals and reports
    the win rate inside its interval; a set equal to the start scores exactly 50 %."""
    state = tmp_path / "state.json"
    assert tune.main(["--iterations", "1", "--state", str(state)]) == 0
    saved = json.loads(state.read_text())
    saved["theta"] = {name: V1.to_dict()[name] for name in saved["theta"]}
    state.write_text(json.dumps(saved))
    result = tune.check(saved, 2, 1)
    assert result["games"] == 4 and result["win_rate"] == 0.5 and result["margin"] == 0
    assert result["low"] < 0.5 < result["high"]
