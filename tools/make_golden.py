"""Writes the golden game records in seeds/golden/, replayed byte for byte in CI.

    python tools/make_golden.py

Each golden game is an AI-only game fixed by its levels, seed and variant; rerunning the
script with the same engine gives identical files.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from cacao_game.headless import play_game
from cacao_game.records import write_record

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "seeds" / "golden"
GAMES: list[tuple[str, list[str], int, str]] = [
    ("2p_base_random", ["random", "random"], 1, "base"),
    ("2p_volcano_random", ["random", "random"], 2, "volcano"),
    ("3p_base_random", ["random"] * 3, 3, "base"),
    ("3p_volcano_random", ["random"] * 3, 4, "volcano"),
    ("4p_base_random", ["random"] * 4, 5, "base"),
    ("4p_volcano_random", ["random"] * 4, 6, "volcano"),
]


def main() -> int:
    """Write every golden record; print where."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    for name, levels, seed, variant in GAMES:
        path = GOLDEN_DIR / f"{name}.json"
        write_record(play_game(levels, seed, variant).record, path)
        logging.info("wrote %s", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
