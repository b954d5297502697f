"""The command line never crashes, hangs or fails silently: --record destinations, --force,
mismatched seeds and terminal-safe output."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import BinaryIO

import pytest

from cacao_game.cli import main, safe_text
from cacao_game.config import storage
from cacao_game.records import RecordError, read_record, replay_record, seat_entries, to_record, write_record
from cacao_game.saves import SaveError, load_game, save_game
from cacao_game.saves.codec import encode
from cacao_game.saves.schema import checksum
from tests.saves_support import make_config, random_game

PLAY = ["--headless", "--seats", "random,random", "--seed", "3"]


def one_line_refusal(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    """The single stderr line of a refusal; asserts it is one line with ``words``, no traceback."""
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("cacao: cannot ") and "Traceback" not in err
    for word in words:
        assert word in lines[0]
    return lines[0]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


@pytest.mark.parametrize(
    ("destination", "reason"),
    [
        ("{tmp}", "it is a folder"),
        ("{tmp}/plain/x.json", "plain is not a folder"),
        ("/dev/null/x", "/dev/null is not a folder"),
        ("/dev/null", "it is not a regular file"),
        ("", "an empty path"),
    ],
)
def test_unwritable_record_destinations_fail_in_one_line(
    destination: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each bad destination: exit 1, one line on stderr naming why, no game played, nothing written."""
    if destination.startswith("/dev/null") and not Path("/dev/null").exists():
        pytest.skip("no /dev/null here")
    (tmp_path / "plain").write_text("a file where a folder is needed")
    assert main([*PLAY, "--record", destination.format(tmp=tmp_path)]) == 1
    one_line_refusal(capsys, reason)
    assert leftovers(tmp_path) == ["plain"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_folder_fails_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder without write permission: exit 1 and the system's reason."""
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        assert main([*PLAY, "--record", str(locked / "g.json")]) == 1
    finally:
        locked.chmod(0o755)
    one_line_refusal(capsys, "Permission denied")
    assert leftovers(locked) == []


def test_a_full_disk_fails_in_one_line_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The write runs out of space: exit 1, one line, no record and no temp file left."""

    def full(stream: BinaryIO, data: bytes) -> None:
        stream.write(data[:100])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(storage, "_write_all", full)
    assert main([*PLAY, "--record", str(tmp_path / "g.json")]) == 1
    one_line_refusal(capsys, os.strerror(errno.ENOSPC))
    assert leftovers(tmp_path) == []


def test_an_existing_file_is_replaced_only_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --force an existing file is kept (exit 1); with --force the record replaces it."""
    path = tmp_path / "g.json"
    path.write_text("keep me")
    assert main([*PLAY, "--record", str(path)]) == 1
    one_line_refusal(capsys, "the file exists (add --force to replace it)")
    assert path.read_text() == "keep me"
    assert main([*PLAY, "--record", str(path), "--force"]) == 0
    assert json.loads(path.read_text())["format"] == "cacao-record"


def test_a_folder_of_records_is_checked_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--games 3 with the third record already there: refused before the first game is played."""
    (tmp_path / "game_12.json").write_text("{}")
    assert main([*PLAY[:-1], "10", "--games", "3", "--record", str(tmp_path)]) == 1
    assert capsys.readouterr().out == ""
    assert leftovers(tmp_path) == ["game_12.json"]


def test_a_save_is_never_replaced_by_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Not even with --force; and ``--load X --record X`` refuses before finishing the game."""
    saved = tmp_path / "s.json"
    save_game(saved, random_game(2, "base", 5, decisions=10), make_config(2, seed=5))
    before = saved.read_bytes()
    assert main([*PLAY, "--record", str(saved), "--force"]) == 1
    one_line_refusal(capsys, "it is a save; a record never replaces a save")
    assert main(["--headless", "--load", str(saved), "--record", str(saved), "--force"]) == 1
    assert capsys.readouterr().out == ""
    assert saved.read_bytes() == before
    assert load_game(saved).game.actions


def test_force_needs_record() -> None:
    """--force alone is a usage error."""
    with pytest.raises(SystemExit) as usage:
        main([*PLAY, "--force"])
    assert usage.value.code == 2


def finished_record() -> dict[str, object]:
    game = random_game(2, "base", 9)
    data: dict[str, object] = json.loads(json.dumps(to_record(game, seat_entries(["random", "random"]))))
    return data


def test_a_record_whose_seed_does_not_give_its_deal_is_refused() -> None:
    """The deal must be what ``deal(players, variant, seed)`` gives; a null seed is not checked."""
    record = finished_record()
    replay_record(record)
    with pytest.raises(RecordError, match=r"^seed: the deal is not the one seed 10 gives"):
        replay_record({**record, "seed": 10})
    assert replay_record({**record, "seed": None}).is_over()


@pytest.mark.parametrize(("key", "value"), [("version", 1.0), ("version", True), ("players", 2.0)])
def test_record_numbers_must_be_integers(key: str, value: object) -> None:
    """A float or a boolean where an integer belongs is refused, even when equal to it."""
    with pytest.raises(RecordError, match=f"^{key}"):
        replay_record({**finished_record(), key: value})


def test_recorded_outcomes_are_compared_with_their_types() -> None:
    """``players_after`` with 2.0 gold where the rules give 2 is refused."""
    record = finished_record()
    turns = record["turns"]
    assert isinstance(turns, list)
    after = turns[0]["players_after"]
    after[0]["gold"] = float(after[0]["gold"])
    with pytest.raises(RecordError, match=r"^turns\[0\]\.players_after"):
        replay_record(record)


def resigned_save(tmp_path: Path, *edits: tuple[str, str, int]) -> Path:
    """A save of seed 5 with ``(part, key, value)`` edits, re-signed (the checksum is right)."""
    path = tmp_path / "s.json"
    save_game(path, random_game(2, "base", 5, decisions=10), make_config(2, seed=5))
    document = json.loads(path.read_text())
    for part, key, value in edits:
        document[part][key] = value
    document["checksum"] = checksum(document)
    path.write_bytes(encode(document))
    return path


def test_a_save_with_an_edited_seed_is_refused(tmp_path: Path) -> None:
    """The deal's seed and the options' seed are both checked against the stored deal."""
    with pytest.raises(SaveError, match=r"^setup\.seed: the deal is not the one seed 6 gives"):
        load_game(resigned_save(tmp_path, ("setup", "seed", 6)))
    with pytest.raises(SaveError, match=r"^options\.seed: the game was dealt from seed 5, not 6"):
        load_game(resigned_save(tmp_path, ("options", "seed", 6)))
    with pytest.raises(SaveError, match=r"^options\.seed"):
        save_game(tmp_path / "t.json", random_game(2, "base", 5, decisions=2), make_config(2, seed=6))


def test_replay_output_escapes_control_characters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record path with ESC and a zero-width space: the printed line holds escapes, not the bytes."""
    path = tmp_path / "evil\x1b[2J\u200b.json"
    write_record(to_record(random_game(2, "base", 9), seat_entries(["random", "random"])), path)
    assert main(["--headless", "--replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u200b" not in out
    assert "evil\\x1b[2J\\u200b.json" in out.splitlines()[0]


def test_safe_text_escapes_every_invisible_character() -> None:
    """Controls, line breaks, format characters and lone surrogates become visible escapes."""
    assert safe_text("a\x00b\nc\u202ed\ud800 é") == "a\\x00b\\x0ac\\u202ed\\ud800 é"


def test_a_record_written_twice_without_overwrite_keeps_the_first(tmp_path: Path) -> None:
    """``write_record(overwrite=False)`` never replaces a file."""
    path = tmp_path / "r.json"
    write_record({"format": "x"}, path, overwrite=False)
    with pytest.raises(FileExistsError):
        write_record({"format": "y"}, path, overwrite=False)
    assert read_record(path) == {"format": "x"}
