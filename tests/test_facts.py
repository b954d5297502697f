"""One owner for each fact: seat colours, board geometry and market prices are written once and
everything else derives them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cacao_game.app.assets import FALLBACK_PALETTES
from cacao_game.engine.tiles import OPPOSITE, SIDES, STEP, neighbour, neighbours, opposite

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import make_tiles  # noqa: E402


def test_the_tile_generator_reads_the_seat_colours_and_writes_palettes_json_back_unchanged() -> None:
    """The seat colours live in assets/palettes.json: the generator draws with the bases it reads
    there, and the file it would write from them is the file as it is, byte for byte."""
    path = ROOT / "assets" / "palettes.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    for palette, seats in document["palettes"].items():
        assert make_tiles.PALETTES[palette] == {seat: shades["base"] for seat, shades in seats.items()}
    assert json.dumps(make_tiles.palettes_document(), indent=2) + "\n" == path.read_text(encoding="utf-8")


def test_the_fallback_palette_is_the_classic_one() -> None:
    """The colours used when palettes.json cannot be read are the file's classic palette."""
    document = json.loads((ROOT / "assets" / "palettes.json").read_text(encoding="utf-8"))
    assert FALLBACK_PALETTES["classic"] == document["palettes"]["classic"]


def test_neighbours_and_opposite_sides_come_from_one_table() -> None:
    """R2.1 geometry: the neighbour on a side, seen from there, has us on the opposite side."""
    for side in SIDES:
        assert opposite(side) == OPPOSITE[side] != side
        assert opposite(opposite(side)) == side
        there = neighbour((3, -2), side)
        assert there == neighbours((3, -2))[side] == (3 + STEP[side][0], -2 + STEP[side][1])
        assert neighbour(there, opposite(side)) == (3, -2)
