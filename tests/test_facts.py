"""One owner for each fact: seat colours, board geometry and market prices are written once and
everything else derives them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cacao_game.app import strings
from cacao_game.app.assets import FALLBACK_PALETTES
from cacao_game.app.tile_words import either, jungle_action, jungle_name, jungle_phrase, rules_text
from cacao_game.config.choices import LANGUAGES, PALETTES, SOURCE_LANGUAGE
from cacao_game.config.game import SHAPES
from cacao_game.engine.resolution import BEST_PRICE
from cacao_game.engine.tiles import (
    COLORS,
    MARKET_PRICE,
    OPPOSITE,
    SIDES,
    STEP,
    neighbour,
    neighbours,
    opposite,
)

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


def test_the_fallback_palette_and_the_setting_s_choices_match_the_file() -> None:
    """The colours used when palettes.json cannot be read are the file's classic palette, the
    Settings choices are the file's palettes, and every seat colour of the engine has a colour
    and a shape in each."""
    document = json.loads((ROOT / "assets" / "palettes.json").read_text(encoding="utf-8"))
    assert FALLBACK_PALETTES["classic"] == document["palettes"]["classic"]
    assert list(document["palettes"]) == list(PALETTES)
    for seats in document["palettes"].values():
        assert set(seats) == set(COLORS) == set(document["shapes"]) == set(SHAPES)


def test_neighbours_and_opposite_sides_come_from_one_table() -> None:
    """R2.1 geometry: the neighbour on a side, seen from there, has us on the opposite side."""
    for side in SIDES:
        assert opposite(side) == OPPOSITE[side] != side
        assert opposite(opposite(side)) == side
        there = neighbour((3, -2), side)
        assert there == neighbours((3, -2))[side] == (3 + STEP[side][0], -2 + STEP[side][1])
        assert neighbour(there, opposite(side)) == (3, -2)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_market_wording_follows_the_price_table(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """R1.4 market prices are written once (engine.tiles.MARKET_PRICE): the tile's name, phrase
    and action, the rules summary and the rulings all quote the table, in every language."""
    strings.set_language(language)
    try:
        monkeypatch.setitem(MARKET_PRICE, "market4", 7)
        for words in (jungle_name("market4"), jungle_phrase("market4"), jungle_action("market4")):
            assert "7" in words and "4" not in words, words
        assert "3" in jungle_name("market3") and "7" not in jungle_name("market3")
        assert either(["2", "3", "7"]) in rules_text("activate")
        assert "7" in rules_text("auto") and "7" in rules_text("rulings")
    finally:
        strings.set_language(SOURCE_LANGUAGE)


def test_the_best_price_is_the_table_s_highest() -> None:
    """The resolution's bound on a cacao's worth (R3.10) is the dearest market of the table."""
    assert max(MARKET_PRICE.values()) == BEST_PRICE
