"""The wheel a player installs (issue 24): built from the sdist, installed into a fresh venv
outside the checkout, then ``cacao --version``, a headless game, ``cacao --check-assets`` and
every file of ``assets/`` found in the installed package, byte for byte
(``tools/check_install.py`` does the work; CI runs this with the other slow tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_wheel_installed_outside_the_checkout_plays_and_has_every_asset() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_install.py")],
        capture_output=True,
        text=True,
        cwd=ROOT.parent,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "nothing fell back" in done.stdout and "install check passed" in done.stdout
