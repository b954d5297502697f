"""5,000 random UI events through every scene raise nothing (tools/monkey.py; 100,000 on demand)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import monkey


def test_five_thousand_random_events_raise_nothing(user_home) -> None:
    """Keys, clicks, drags, wheel turns and odd text in every scene: no exception."""
    lines: list[str] = []
    figures = monkey.run(5000, seed=7, jump_every=150, log=lines.append)
    assert figures["events"] >= 5000
    assert figures["exceptions"] == 0, "\n".join(lines[:3])
