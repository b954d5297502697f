"""The command line: headless games, summaries, records, and usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cacao_game.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cacao_game", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_headless_game_prints_final_scores(capsys: pytest.CaptureFixture[str]) -> None:
    """--headless plays an AI-only game and prints its final scores."""
    assert main(["--headless", "--seats", "random,random,random", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("game seed=4: seat0(random)") and "winners=" in out


def test_games_summary_and_record_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--games K plays seeds N.. N+K-1, ends with a summary and writes a folder of records."""
    code = main(
        [
            "--headless",
            "--seats",
            "random,random",
            "--seed",
            "10",
            "--games",
            "3",
            "--variant",
            "volcano",
            "--record",
            str(tmp_path / "recs"),
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert [line.split(":")[0] for line in out.splitlines()[:3]] == [
        "game seed=10",
        "game seed=11",
        "game seed=12",
    ]
    assert "summary of 3 games (volcano)" in out and "games per second" in out
    files = sorted(p.name for p in (tmp_path / "recs").iterdir())
    assert files == ["game_10.json", "game_11.json", "game_12.json"]
    assert json.loads((tmp_path / "recs" / "game_11.json").read_text())["seed"] == 11


def test_single_record_file(tmp_path: Path) -> None:
    """--record with one game writes that game's record to the path."""
    assert (
        main(["--headless", "--seats", "random,random", "--seed", "3", "--record", str(tmp_path / "g.json")])
        == 0
    )
    assert json.loads((tmp_path / "g.json").read_text())["format"] == "cacao-record"


@pytest.mark.parametrize(
    "args",
    [
        ["--headless", "--seats", "random"],
        ["--headless", "--seats", "random,random,random,random,random"],
        ["--headless", "--seats", "random,wizard"],
        ["--headless"],
        ["--headless", "--seats", "random,random", "--games", "0"],
        ["--headless", "--seats", "random,random", "--variant", "lava"],
        ["--headless", "--seats", "random,random", "--seed", "x"],
        ["--bogus"],
    ],
)
def test_bad_arguments_print_usage_and_exit_2(args: list[str]) -> None:
    """Bad arguments print the usage and exit with code 2 (no traceback)."""
    result = run_cli(*args)
    assert result.returncode == 2
    assert result.stderr.startswith("usage:") and "Traceback" not in result.stderr
