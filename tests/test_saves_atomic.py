"""Atomic writes: a crash or failure mid-write never loses the previous save.

In-process failures are injected at each stage of the write; out of process, a save is
killed (SIGKILL) while its temp file is being written, and a game that autosaves after every
decision is killed at random moments: the autosave always loads (Continue after a kill).
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cacao_game.config import storage
from cacao_game.saves import SaveError, autosave_path, list_saves, load_game, save_game
from tests.saves_support import make_config, position, random_game

ROOT = Path(__file__).resolve().parent.parent


def _temps(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp"))


class _HalfWriter(io.BytesIO):
    """A file that takes half of what is written, then fails like a full disk."""

    def __init__(self, handle: int) -> None:
        super().__init__()
        self._handle = handle

    def write(self, data: Any) -> int:
        os.write(self._handle, bytes(data)[: len(data) // 2])
        raise OSError(28, "No space left on device")

    def close(self) -> None:
        os.close(self._handle)
        super().close()


def _fail_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    def fsync(handle: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(storage.os, "fsync", fsync)


def _fail_write(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage.os, "fdopen", lambda handle, mode: _HalfWriter(handle))


def _fail_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    def replace(source: Any, target: Any) -> None:
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(storage.os, "replace", replace)


@pytest.mark.parametrize(
    "inject", [_fail_write, _fail_fsync, _fail_replace], ids=["write", "fsync", "replace"]
)
def test_failure_mid_write_keeps_the_previous_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inject: Any
) -> None:
    """A write that fails half-way, at fsync or at the rename: SaveError, old save intact, no temp left."""
    path = tmp_path / "slot.json"
    config = make_config(3)
    old = random_game(3, "base", 2, decisions=10)
    save_game(path, old, config)
    before = path.read_bytes()
    inject(monkeypatch)
    with pytest.raises(SaveError, match=r"^cannot write slot\.json: "):
        save_game(path, random_game(3, "base", 2, decisions=30), config)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert position(load_game(path).game) == position(old)
    assert _temps(tmp_path) == []


@contextlib.contextmanager
def killed_after(code: str, home: Path, line: str, *args: str) -> Iterator[None]:
    """Run ``code`` in a child Python until it prints ``line``; SIGKILL it when the block ends."""
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "CACAO_HOME": str(home), "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == line
        yield
    finally:
        child.kill()
        child.wait(timeout=30)


STALLED_SAVE = """
import os, sys, time
from pathlib import Path
from cacao_game.saves import save_game
from tests.saves_support import make_config, random_game

path = Path(sys.argv[1])
save_game(path, random_game(3, "base", 2, decisions=10), make_config(3))

def stalled_fsync(handle):
    print("writing", flush=True)
    time.sleep(60)

os.fsync = stalled_fsync
save_game(path, random_game(3, "base", 2, decisions=30), make_config(3))
"""


def test_process_killed_mid_write_leaves_the_previous_save(tmp_path: Path) -> None:
    """SIGKILL while the new save's temp file is written: the old save loads, the temp is ignored."""
    path = tmp_path / "slot.json"
    with killed_after(STALLED_SAVE, tmp_path, "writing", str(path)):
        assert len(_temps(tmp_path)) == 1
    assert len(load_game(path).game.actions) == 10
    assert [info.name for info in list_saves(tmp_path)] == ["slot"]
    save_game(path, random_game(3, "base", 2, decisions=12), make_config(3))
    assert len(load_game(path).game.actions) == 12


AUTOSAVING_GAME = """
import random
from cacao_game.ai import make_player
from cacao_game.engine import Game
from cacao_game.saves import autosave_path, save_game
from tests.saves_support import make_config

config = make_config(4, "volcano", 8)
announced = False
while True:
    game = Game.new(4, "volcano", 8)
    player = make_player("random", random.Random(8))
    while not game.is_over():
        game.apply(player.choose(game))
        save_game(autosave_path(), game, config, {"decisions": len(game.actions)})
        if not announced:
            print("ready", flush=True)
            announced = True
"""


def test_continue_after_the_app_was_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process autosaving after every decision, killed 4 times at random moments: the autosave
    (and its .bak) always loads, mid-game, at a position of that very game, whoever's turn it is."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    full = random_game(4, "volcano", 8)
    rng = random.Random(3)
    for _ in range(4):
        with killed_after(AUTOSAVING_GAME, tmp_path, "ready"):
            time.sleep(rng.uniform(0.02, 0.4))
        for path in (autosave_path(), autosave_path().with_name("autosave.json.bak")):
            if not path.exists():
                continue
            loaded = load_game(path)
            done = len(loaded.game.actions)
            assert loaded.game.actions == full.actions[:done]
            assert loaded.ui_state == {"decisions": done}
            replay = random_game(4, "volcano", 8, decisions=done)
            assert loaded.game.decision() == replay.decision()


def test_two_writers_of_one_file_never_collide_on_its_backup(tmp_path: Path) -> None:
    """A CI run met two writers of the tutorial's file (Save and the autosave's thread)
    colliding: both staged the backup under one fixed name, and one renamed away the other's.
    Each write now stages its backup under a name of its own, so writers of one file from two
    threads all succeed and leave a whole file and a whole backup."""
    import threading

    path = tmp_path / "tutorial.json"
    storage.atomic_write_bytes(path, b"0" * 4096)
    errors: list[BaseException] = []

    def write(mark: bytes) -> None:
        try:
            for _ in range(150):
                storage.atomic_write_bytes(path, mark * 4096)
        except BaseException as error:  # the test reports what a writer met
            errors.append(error)

    threads = [threading.Thread(target=write, args=(mark,)) for mark in (b"a", b"b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert path.read_bytes() in (b"a" * 4096, b"b" * 4096)
    assert storage.backup_path(path).read_bytes() in (b"a" * 4096, b"b" * 4096)
    assert not list(tmp_path.glob(".*.tmp")), "no staging file left behind"
