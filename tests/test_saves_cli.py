"""The command line around saves: --load (app and headless) and --replay, refusals exit 1."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cacao_game.cli import DEFAULT_LEVEL, main
from cacao_game.records import seat_entries, to_record, write_record
from cacao_game.saves import save_game
from tests.saves_support import make_config, mid_turn_game, random_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A mid-turn 3-player save: seats human, random, human."""
    path = tmp_path / "game.json"
    save_game(
        path, mid_turn_game(3, "volcano", 4), make_config(3, "volcano", 4, kinds=["human", "random", "human"])
    )
    return path


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cacao_game", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_headless_load_finishes_the_game_with_ai(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--headless --load: human seats become the default AI, AI seats keep their level; the
    result names the seats; same result twice."""
    assert main(["--headless", "--load", str(saved)]) == 0
    first = capsys.readouterr().out
    lines = first.splitlines()
    assert (
        lines[0].startswith(f"loaded {saved}: turn ")
        and f"seats {DEFAULT_LEVEL},random,{DEFAULT_LEVEL}" in lines[0]
    )
    assert lines[1].startswith(f"game seed=4: Seat 1({DEFAULT_LEVEL}) ") and "Seat 2(random)" in lines[1]
    assert "winners=[" in lines[1]
    assert main(["--headless", "--load", str(saved)]) == 0
    assert capsys.readouterr().out == first


def test_headless_load_seats_override_and_record(saved: Path, tmp_path: Path) -> None:
    """--seats gives every seat's level; --record writes the finished game's record, with the
    seats as set up (a human finished by an AI stays human, named), not the finishing levels."""
    assert (
        main(
            [
                "--headless",
                "--load",
                str(saved),
                "--seats",
                "random,random,random",
                "--record",
                str(tmp_path / "r.json"),
            ]
        )
        == 0
    )
    assert main(["--headless", "--replay", str(tmp_path / "r.json")]) == 0
    seats = json.loads((tmp_path / "r.json").read_text("utf-8"))["seats"]
    assert [(seat["kind"], seat.get("name")) for seat in seats] == [
        ("human", "Seat 1"),
        ("random", "Seat 2"),
        ("human", "Seat 3"),
    ]


def test_headless_load_with_the_wrong_seat_count_is_a_usage_error(saved: Path) -> None:
    """--seats must list one level per saved seat (exit 2)."""
    with pytest.raises(SystemExit) as caught:
        main(["--headless", "--load", str(saved), "--seats", "random,random"])
    assert caught.value.code == 2


@pytest.mark.parametrize(
    "flags",
    [
        ["--load", "a.json", "--replay", "b.json"],
        ["--headless", "--load", "a.json", "--games", "2"],
        ["--load", "a.json", "--variant", "volcano"],
        ["--replay", "b.json", "--seats", "random,random"],
    ],
)
def test_flags_that_do_not_go_together(flags: list[str]) -> None:
    """Conflicting flags exit with code 2 before anything is read."""
    with pytest.raises(SystemExit) as caught:
        main(flags)
    assert caught.value.code == 2


@pytest.mark.parametrize("headless", [True, False])
def test_refused_save_exits_1_with_one_line(saved: Path, headless: bool) -> None:
    """A truncated save: exit code 1, one line on stderr, no traceback, the file untouched."""
    data = saved.read_bytes()
    saved.write_bytes(data[: len(data) // 2])
    result = run_cli(*(["--headless"] if headless else []), "--load", str(saved))
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(
        f"cacao: cannot load {saved}: the file is damaged (file: truncated or not JSON"
    )
    assert saved.read_bytes() == data[: len(data) // 2]


def test_refused_record_exits_1_with_one_line(tmp_path: Path) -> None:
    """--replay of a record with an illegal move: exit 1, one line naming the turn."""
    game = random_game(2, "base", 3, decisions=12)
    record = to_record(game, seat_entries(["random", "random"]))
    record["turns"][2]["action"]["pos"] = [101, 0]
    write_record(record, tmp_path / "bad.json")
    result = run_cli("--replay", str(tmp_path / "bad.json"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and "turns[2].action: illegal" in result.stderr


def test_load_and_replay_reach_the_app(saved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Valid --load / --replay files are checked, then run_app gets args.load / args.replay as paths."""
    import cacao_game.app.main as app_main

    seen: list[argparse.Namespace] = []
    monkeypatch.setattr(app_main, "run_app", lambda args: seen.append(args) or 0)
    assert main(["--load", str(saved)]) == 0
    write_record(to_record(random_game(2, "base", 3), seat_entries(["random", "human"])), tmp_path / "r.json")
    assert main(["--replay", str(tmp_path / "r.json"), "--windowed"]) == 0
    assert seen[0].load == saved and seen[0].replay is None
    assert seen[1].replay == tmp_path / "r.json" and seen[1].load is None and seen[1].windowed
