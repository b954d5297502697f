"""The download that needs no Python (issue 22): ``tools/make_bundle.py`` builds the one-folder
PyInstaller bundle, and its ``--check`` runs it from a folder outside the checkout:
``--version``, a headless game, ``--check-assets`` with the assets byte for byte, and the app
over a game of computer seats whose AI worker (the bundle's executable again, through
``multiprocessing.freeze_support``) must play turns. Needs PyInstaller (the ``bundle``
extra); CI runs this with the other slow tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_bundle_runs_without_the_checkout_and_its_ai_worker_plays(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_bundle.py"), "--out", str(tmp_path), "--check"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "nothing fell back" in done.stdout and "the app's AI worker made" in done.stdout
    assert "bundle check passed" in done.stdout
    assert (tmp_path / "cacao" / "_internal" / "cacao_game" / "assets" / "layout.tmx").is_file()
