"""The duplicate-seed tournament (tools/tournament.py) and the CI smoke match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cacao_game.records import read_record, replay_record
from tests.referee_loader import load_tool

tournament = load_tool("tournament")
referee = load_tool("referee")


def test_wilson_interval_known_values() -> None:
    """Wilson 95 % bounds: 50/100 gives about 40.4-59.6 %, 100/100 keeps a lower bound below 1."""
    low, high = tournament.wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    low, high = tournament.wilson_interval(100, 100)
    assert high == pytest.approx(1.0)
    assert low == pytest.approx(0.963, abs=1e-3)


def test_schedule_rotates_every_seat_on_each_deal() -> None:
    """Duplicate seeds: each deal is played with the candidate in every seat, once."""
    tasks = tournament.schedule("medium", "easy", 4, 3, 10)
    assert len(tasks) == 12
    for deal in (10, 11, 12):
        seats = sorted(seat for specs, d, seat in tasks if d == deal)
        assert seats == [0, 1, 2, 3]
    for specs, _deal, seat in tasks:
        assert specs[seat] == "medium"
        assert specs.count("easy") == 3


def test_level_specs_carry_options() -> None:
    """``hard:iterations=3,time_budget=0.2`` builds a hard player with those options."""
    name, options = tournament.parse_level("hard:iterations=3,time_budget=0.2")
    assert name == "hard"
    assert options == {"iterations": 3, "time_budget": 0.2}
    with pytest.raises(ValueError):
        tournament.parse_level("grandmaster")


def test_tournament_writes_json_and_records_that_pass_the_referee(tmp_path: Path) -> None:
    """A small run writes its summary and per-game results (into a folder it makes: a long
    run's first part once lost its games there), and every record it writes replays in the
    engine and passes the independent referee."""
    args = tournament.build_parser().parse_args(
        [
            "easy",
            "random",
            "--deals",
            "2",
            "--workers",
            "1",
            "--json",
            str(tmp_path / "parts" / "out.json"),
            "--records",
            str(tmp_path / "records"),
        ]
    )
    summary = tournament.run(args)
    assert summary["games"] == 4
    payload = json.loads((tmp_path / "parts" / "out.json").read_text())
    assert payload["summary"]["games"] == 4
    assert len(payload["games"]) == 4
    assert {g["seat"] for g in payload["games"]} == {0, 1}
    assert set(summary["decision_time"]) == {"easy", "random"}
    files = sorted((tmp_path / "records").glob("*.json"))
    assert len(files) == 4
    for path in files:
        record = read_record(path)
        replay_record(record)
        assert referee.check_record(record) == []


def test_smoke_match_medium_beats_random() -> None:
    """CI smoke match: medium wins at least 90 % of 40 duplicate games against random."""
    args = tournament.build_parser().parse_args(["medium", "random", "--deals", "20", "--workers", "1"])
    summary = tournament.run(args)
    assert summary["games"] == 40
    assert summary["win_rate"] >= 0.9
    assert summary["mean_margin"] > 0


def test_merge_adds_up_parts_of_a_run(tmp_path: Path) -> None:
    """``--merge`` summarizes several JSON files of one pairing as one run, and refuses to mix
    pairings."""
    parser = tournament.build_parser()
    for name, seed, candidate, opponent in (
        ("a", 1, "easy", "random"),
        ("b", 5, "easy", "random"),
        ("c", 1, "easy", "easy"),
        ("d", 1, "random", "random"),
    ):
        tournament.run(
            parser.parse_args(
                [
                    candidate,
                    opponent,
                    "--deals",
                    "2",
                    "--seed",
                    str(seed),
                    "--workers",
                    "1",
                    "--json",
                    str(tmp_path / name),
                ]
            )
        )
    merged = tournament.merge([tmp_path / "a", tmp_path / "b"])
    parts = [json.loads((tmp_path / name).read_text())["summary"] for name in ("a", "b")]
    assert merged["games"] == 8
    assert merged["wins"] == pytest.approx(parts[0]["wins"] + parts[1]["wins"])
    assert merged["decision_time"]["easy"]["decisions"] == sum(
        p["decision_time"]["easy"]["decisions"] for p in parts
    )
    with pytest.raises(ValueError):
        tournament.merge([tmp_path / "a", tmp_path / "c"])
    paired = tournament.merge([tmp_path / "a", tmp_path / "b"], against=[tmp_path / "d"])["paired_edge"]
    mine, theirs = (tournament.deal_edges(tournament.read_run([tmp_path / n])[1]) for n in ("a", "d"))
    assert paired["against"] == "random" and paired["deals"] == 2
    assert paired["points"] == pytest.approx(sum(mine[d] - theirs[d] for d in (1, 2)) / 2)
    with pytest.raises(ValueError, match="another setting"):
        tournament.merge([tmp_path / "a"], against=[tmp_path / "c"])


def _result(deal: int, seat: int, totals: list[int]) -> object:
    """One 4-player game's result with the candidate in ``seat``."""
    best_other = max(t for s, t in enumerate(totals) if s != seat)
    return tournament.GameResult(
        deal=deal,
        seat=seat,
        totals=totals,
        winners=[],
        win=0.0,
        margin=totals[seat] - best_other,
        rank=1.0,
        times={},
    )


def test_duplicate_edge_compares_each_seat_with_the_other_level_in_it() -> None:
    """The edge is the candidate's total minus the opponent level's mean in the same seat of the
    same deal, averaged over seats and then deals, with the standard error over deals; seat
    luck cancels (a seat worth 10 more to everyone adds nothing), and no edge without a seat
    played by both levels."""
    seat_luck = [10, 0, 0, 0]

    def deal_of(deal: int, skill: int) -> list[object]:
        games = []
        for seat in range(4):
            totals = [30 + seat_luck[s] + (skill if s == seat else 0) for s in range(4)]
            games.append(_result(deal, seat, totals))
        return games

    edge = tournament.duplicate_edge(deal_of(1, 2) + deal_of(2, 4))
    assert edge == {"points": pytest.approx(3.0), "se": pytest.approx(1.0), "deals": 2}
    single = tournament.duplicate_edge(deal_of(1, 2))
    assert single is not None and single["points"] == pytest.approx(2.0) and single["deals"] == 1
    assert tournament.duplicate_edge([_result(1, 0, [40, 30, 30, 30])]) is None
    summary = tournament.summarize("a", "b", 4, "base", deal_of(1, 2) + deal_of(2, 4))
    assert "duplicate edge +3.00 points (standard error 1.00 over 2 deals)" in tournament.format_summary(
        summary
    )
    paired = tournament.paired_edge(deal_of(1, 2) + deal_of(2, 4), deal_of(1, 1) + deal_of(3, 5))
    assert paired is not None and paired["points"] == pytest.approx(1.0) and paired["deals"] == 1
    assert tournament.paired_edge(deal_of(1, 2), deal_of(2, 2)) is None
