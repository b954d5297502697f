"""Reading files safely (``cacao_game.files``) and writing them atomically without leftovers."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cacao_game.config import storage
from cacao_game.files import SETTINGS_LIMIT, FileRefusedError, parse_json, read_limited
from cacao_game.records import RecordError, read_record
from cacao_game.saves import SaveError, load_game

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
needs_dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")


def test_a_regular_file_is_read_up_to_its_limit(tmp_path: Path) -> None:
    """A file of exactly ``limit`` bytes is read whole; one byte more is refused."""
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 100)
    assert read_limited(path, 100) == b"x" * 100
    with pytest.raises(FileRefusedError, match="100 bytes, larger than the 99 bytes allowed"):
        read_limited(path, 99)
    assert SETTINGS_LIMIT == 64 * 1024


def test_a_huge_sparse_file_is_refused_before_it_is_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 100 MB record is refused from its size alone: the file is never opened."""
    path = tmp_path / "huge.json"
    with path.open("wb") as stream:
        stream.truncate(100 * 1024 * 1024)
    opened: list[object] = []

    def record_open(*args: object) -> int:
        opened.append(args)
        return -1

    monkeypatch.setattr(os, "open", record_open)
    with pytest.raises(RecordError, match="104857600 bytes, larger than"):
        read_record(path)
    with pytest.raises(SaveError, match=r"^file: 104857600 bytes, larger than"):
        load_game(path)
    assert opened == []


@needs_fifo
def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    """Nobody writes to the pipe: reading it would block forever; it is refused at once."""
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    with pytest.raises(FileRefusedError, match=r"^a named pipe, not a file$"):
        read_limited(pipe, 1000)
    with pytest.raises(SaveError, match=r"^file: a named pipe, not a file$"):
        load_game(pipe)


@needs_dev_zero
def test_devices_and_links_to_them_are_refused(tmp_path: Path) -> None:
    """/dev/zero (endless) is a device: refused, also through a symbolic link."""
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    for path in (Path("/dev/zero"), link):
        with pytest.raises(FileRefusedError, match=r"^a device, not a file$"):
            read_limited(path, 1000)
    with pytest.raises(RecordError, match="a device, not a file"):
        read_record(link)


def test_folders_and_missing_files_are_refused(tmp_path: Path) -> None:
    """A folder is refused by type; a missing file raises the system's FileNotFoundError."""
    with pytest.raises(FileRefusedError, match=r"^a folder, not a file$"):
        read_limited(tmp_path, 1000)
    with pytest.raises(FileNotFoundError):
        read_limited(tmp_path / "missing", 1000)


def test_a_file_swapped_after_the_check_is_checked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The open handle is checked too: a file that grew past the limit after ``stat`` is refused."""
    path = tmp_path / "grows.json"
    path.write_bytes(b"x" * 10)
    real_stat = os.stat

    def small_stat(target: object, *args: object, **kwargs: object) -> os.stat_result:
        status = real_stat(target)  # type: ignore[arg-type]
        return os.stat_result((status.st_mode, *status[1:6], 1, *status[7:]))

    monkeypatch.setattr(os, "stat", small_stat)
    with pytest.raises(FileRefusedError, match="10 bytes, larger than the 5 bytes allowed"):
        read_limited(path, 5)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "empty"),
        (b"\xff\xfe", "not UTF-8 text"),
        (b"{", "truncated or not JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b"NaN", "NaN is not a JSON number"),
        (b"9" * 5000, "not usable JSON"),
    ],
)
def test_parse_json_refuses_with_one_line(data: bytes, reason: str) -> None:
    """Whatever is wrong with the bytes is a ValueError with a one-line reason."""
    with pytest.raises(ValueError, match=reason) as refused:
        parse_json(data)
    assert "\n" not in str(refused.value)


def test_replace_false_never_overwrites(tmp_path: Path) -> None:
    """``atomic_write_bytes(replace=False)`` refuses an existing file and leaves no temp file."""
    path = tmp_path / "r.json"
    storage.atomic_write_bytes(path, b"first", replace=False)
    with pytest.raises(FileExistsError):
        storage.atomic_write_bytes(path, b"second", replace=False)
    assert path.read_bytes() == b"first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    """The temp file's owner-only mode is not kept: a new file gets 0o666 less the umask."""
    if not hasattr(os, "fchmod"):
        pytest.skip("no fchmod here")
    path = tmp_path / "new.json"
    storage.atomic_write_bytes(path, b"x")
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~storage._UMASK


def test_a_write_removes_stale_temps_of_its_own_target_only(tmp_path: Path) -> None:
    """Leftovers of interrupted writes to the same file go; fresh ones and other files' stay."""
    target = tmp_path / "autosave.json"
    old = tmp_path / ".autosave.json.abc123.tmp"
    fresh = tmp_path / ".autosave.json.def456.tmp"
    other = tmp_path / ".slot.json.abc123.tmp"
    for leftover in (old, fresh, other):
        leftover.write_bytes(b"half a save")
    long_ago = os.stat(old).st_mtime - 10 * storage.STALE_TEMP_SECONDS
    os.utime(old, (long_ago, long_ago))
    os.utime(other, (long_ago, long_ago))
    storage.atomic_write_bytes(target, b"whole")
    assert not old.exists()
    assert fresh.exists() and other.exists()
    assert target.read_bytes() == b"whole"
