"""The expert screen's bookkeeping (tools/bench_ai.py): regret against the judge's best, the
judge's agreement with itself, and the cache that spares judging a move twice."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cacao_game.ai.medium import MediumPlayer
from cacao_game.engine import Phase
from tests.referee_loader import load_tool

bench_ai = load_tool("bench_ai")


def _row(samples: dict[str, list[float]], chosen: dict[str, str]) -> dict[str, object]:
    return {"seed": 1, "turn": 8, "phase": "place", "chosen": chosen, "samples": samples}


def test_regret_is_the_judges_best_mean_less_the_chosen_moves() -> None:
    """Moves judged 3, 1 and 2 on average: choosing the second costs 2 points, the best 0."""
    row = _row({"a": [2.0, 4.0], "b": [1.0, 1.0], "c": [2.0, 2.0]}, {"x": "b", "y": "a"})
    assert bench_ai.regrets([row], 2) == [{"x": 2.0, "y": 0.0}]


def test_the_judge_agrees_with_itself_when_both_halves_rank_alike() -> None:
    """Two halves with the same order give a rank correlation of 1 and the same best move;
    reversed halves give -1."""
    alike = _row({"a": [3.0, 3.0], "b": [2.0, 2.0], "c": [1.0, 1.5]}, {})
    assert "same best move in 1 of 1" in bench_ai.judge_agreement([alike], 2)
    assert bench_ai._spearman([1.0, 2.0, 3.0], [10.0, 20.0, 30.0]) == pytest.approx(1.0)
    assert bench_ai._spearman([1.0, 2.0, 3.0], [3.0, 2.0, 1.0]) == pytest.approx(-1.0)


def test_the_judges_agreement_with_only_two_moves_a_position_says_so() -> None:
    """Positions of two moves have no rank correlation: the line says so instead of failing."""
    pair = _row({"a": [3.0, 3.0], "b": [1.0, 2.0]}, {})
    line = bench_ai.judge_agreement([pair, pair], 2)
    assert "same best move in 2 of 2" in line and "no position with 3 moves or more" in line


def test_fill_positions_are_fill_decisions_with_a_choice() -> None:
    """``positions(..., phase=FILL)`` stops at fills with two or more options."""
    for game in bench_ai.positions(2, 10_000, turns=(4, 8), phase=Phase.FILL):
        assert game.phase is Phase.FILL and len(game.legal_actions()) >= 2


def test_screen_judges_only_the_moves_it_does_not_know() -> None:
    """Known samples come back untouched (a sentinel value no game gives), the other
    candidates are judged on the given number of re-deals."""
    game = bench_ai.positions(1, 700, turns=(8, 8))[0]
    best = MediumPlayer(random.Random(0)).choose(game)
    row = bench_ai.screen_position((game, ["medium"], 2, {repr(best): [999.0, 999.0]}, None, 6))
    assert row["chosen"] == {"medium": repr(best)}
    samples = row["samples"]
    assert samples[repr(best)] == [999.0, 999.0]
    assert len(samples) > 1 and all(len(values) == 2 for values in samples.values())


def test_a_judge_level_finishes_the_games_the_same_way_on_the_same_redeals() -> None:
    """``--judge SPEC``: every seat played to the end by that level, seeded by the re-deal, so
    a move's samples are the same twice and each is a finished game's margin (whole points,
    halves at most: the field's mean and best in 2 players are one seat)."""
    game = bench_ai.positions(1, 700, turns=(8, 8))[0]
    moves = [action for _value, action in MediumPlayer(random.Random(0)).rank(game)[:2]]
    once = bench_ai.judge_samples(game, moves, range(3), 5, "medium")
    assert once == bench_ai.judge_samples(game, moves, range(3), 5, "medium")
    assert all(len(values) == 3 and all(v == int(v) for v in values) for values in once.values())
    row = bench_ai.screen_position((game, ["medium"], 2, {}, "medium", 0))
    assert list(row["samples"]) == [row["chosen"]["medium"]]


def test_the_cache_keeps_judges_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--cache``: the greedy judge's samples stay under the position's seed (as in files
    written before ``--judge``); a level's go under their own key, so a run judged by
    ``medium`` never takes the greedy judge's samples for its own, nor the other way."""
    cache = tmp_path / "judge.json"
    screen = ["screen", "--positions", "1", "--seed", "700", "--redeals", "4", "--top", "3"]
    screen += ["--levels", "medium", "--cache", str(cache)]
    assert bench_ai.main(screen) == 0
    greedy = json.loads(cache.read_text())
    assert bench_ai.main([*screen, "--judge", "medium"]) == 0
    both = json.loads(cache.read_text())
    capsys.readouterr()
    [seed] = greedy
    assert bench_ai.cache_key(int(seed), None) == seed
    assert set(both) == {seed, bench_ai.cache_key(int(seed), "medium")} and both[seed] == greedy[seed]
    judged = both[bench_ai.cache_key(int(seed), "medium")]
    assert judged.keys() == greedy[seed].keys() and judged != greedy[seed], "judged afresh by medium"


def test_agree_prints_each_levels_place_in_the_root_order_and_the_agreement(capsys) -> None:
    """``agree``: a level twice (its re-deals seeded by the position) picks the same move, so it
    agrees with itself everywhere; every place printed is a place in the root's order."""
    bench_ai.main(
        ["agree", "--positions", "2", "--levels", "expert:iterations=40", "expert:iterations=40", "medium"]
    )
    out = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in out[2:4]]
    assert all(int(moves) > int(place) >= 0 for _index, moves, *places in rows for place in places)
    assert all(row[2] == row[3] for row in rows)
    agreed = "the first level's move: expert:iterations=40 2 of 2, expert:iterations=40 2 of 2"
    assert out[-1].startswith(agreed)


def test_endgames_replay_one_start_for_every_variant_in_both_seats() -> None:
    """Every variant finishes the same endgame (the first placement with 3 left) with the strong
    spec in each seat; a win is 0, 1 or a share, the margin is the strong seat's."""
    start = bench_ai.endgame_start(1000, 3, "medium")
    assert bench_ai.placements_left(start) == 3 and start.phase is Phase.PLACE
    assert bench_ai.with_options("expert:iterations=5", "duel=0") == "expert:iterations=5,duel=0"
    assert bench_ai.with_options("medium", "") == "medium"
    variants = ("", "duel=0")
    task = bench_ai.EndgameTask(1000, 3, "expert:iterations=40", "expert:iterations=5", variants, "medium")
    results = bench_ai.endgame_results(task)
    assert set(results) == {"", "duel=0"}
    for win0, margin0, win1, margin1 in results.values():
        assert {win0, win1} <= {0.0, 0.5, 1.0}
        assert (win0 == 1.0) == (margin0 > 0) or margin0 == 0
        assert (win1 == 1.0) == (margin1 > 0) or margin1 == 0


def test_endgames_of_four_players_put_the_strong_spec_in_every_seat() -> None:
    """With ``players`` 4 the start is a 4-player deal and each variant's row holds a win and
    a margin for the strong spec in each of the 4 seats. Without ``weak_too`` the variants'
    options reach the strong spec only (medium has no ``duel`` option: it would refuse it)."""
    start = bench_ai.endgame_start(1000, 4, "medium", players=4)
    assert start.players == 4 and bench_ai.placements_left(start) == 4 and start.phase is Phase.PLACE
    variants = ("", "duel=0")
    task = bench_ai.EndgameTask(
        1000, 4, "expert:iterations=20", "medium", variants, "medium", players=4, weak_too=False
    )
    results = bench_ai.endgame_results(task)
    assert set(results) == set(variants)
    for row in results.values():
        assert len(row) == 8
        assert all(0.0 <= win <= 1.0 for win in row[0::2])
        assert any(margin != row[1] for margin in row[3::2])


def test_the_exact_screen_judges_each_level_by_the_solved_endgame() -> None:
    """With 3 placements left nothing is hidden: a regret is the exact best margin less the
    chosen move's, never below 0; alpha-beta's work is counted."""
    row = bench_ai.exact_row((200, 3, ("expert:iterations=5,duel=0", "expert:iterations=200")))
    assert row is not None and row.left == 3 and row.expanded > 0
    assert set(row.regrets) == {"expert:iterations=5,duel=0", "expert:iterations=200"}
    assert all(regret >= 0 for regret in row.regrets.values())
    assert row.regrets["expert:iterations=200"] == 0  # it solves the endgame itself
