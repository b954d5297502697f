"""The bundled fonts draw every character the game's texts use, in every language, and the
letters of players' names: Lato the Latin, Greek and Cyrillic ones, the bundled fallback
the Chinese and Japanese ones."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pygame
import pytest
from po import read_po

from cacao_game.app.assets import FONT_FILES, assets_root
from cacao_game.app.strings import LOCALE_DIR
from cacao_game.config.choices import LANGUAGES, SOURCE_LANGUAGE
from cacao_game.config.names import clean_name, is_clean_name

NAME_LETTERS = "".join(
    chr(code)
    for first, last in (
        (0x00C0, 0x024F),  # Latin-1 Supplement letters, Latin Extended-A and -B
        (0x0218, 0x021B),  # Romanian comma-below letters
        (0x1E9E, 0x1E9E),  # capital sharp s
        (0x0386, 0x03CE),  # Greek
        (0x0400, 0x045F),  # Cyrillic
    )
    for code in range(first, last + 1)
    if unicodedata.category(chr(code)).startswith("L")
)
"""Letters a player's name may well hold: the names field takes any letter, and these
scripts are the ones the bundled Lato draws."""
NAMES = ("Zoë", "Łukasz", "Ærøskøbing", "José Núñez", "Şahin", "Đorđe", "Αλέξανδρος", "Мария", "Straße ẞ")


def catalog_characters() -> set[str]:
    """Every character of the English template and of each language's translations."""
    paths = [LOCALE_DIR / "cacao.pot"] + [
        LOCALE_DIR / code / "LC_MESSAGES" / "cacao.po" for code in LANGUAGES if code != SOURCE_LANGUAGE
    ]
    chars: set[str] = set()
    for path in paths:
        for entry in read_po(path):
            if entry.msgid:
                for text in (entry.msgid, entry.msgid_plural or "", *entry.msgstr.values()):
                    chars |= set(text)
    return chars - {"\n"}


def missing_glyphs(path: Path, chars: set[str]) -> list[str]:
    """The characters of ``chars`` the font at ``path`` has no glyph for: they would draw as
    its "not defined" box (what a private-use code point draws)."""
    font = pygame.font.Font(str(path), 24)

    def image(char: str) -> tuple[tuple[int, int], bytes]:
        surface = font.render(char, False, (255, 255, 255), (0, 0, 0))
        return surface.get_size(), pygame.image.tobytes(surface, "RGB")

    undefined = image("\ue000")
    return sorted(char for char in chars if image(char) == undefined)


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def test_the_check_finds_a_missing_glyph() -> None:
    """The check itself can fail: Lato has no Chinese."""
    path = assets_root() / "fonts" / FONT_FILES["regular"]
    assert missing_glyphs(path, {"李", "a"}) == ["李"]


@pytest.mark.parametrize("weight", list(FONT_FILES))
def test_every_catalog_character_has_a_glyph(weight: str) -> None:
    """English, German and French texts (and the arrows, dashes and spaces they use) draw in
    every weight of the bundled font."""
    chars = catalog_characters()
    assert {"ä", "ö", "ü", "ß", "é", "è", "ê", "à", "«", "»", "\u00a0", "→", "…"} <= chars
    assert missing_glyphs(assets_root() / "fonts" / FONT_FILES[weight], chars) == []


@pytest.mark.parametrize("weight", list(FONT_FILES))
def test_name_letters_have_glyphs(weight: str) -> None:
    """The letters of names in the Latin, Greek and Cyrillic scripts all draw."""
    assert missing_glyphs(assets_root() / "fonts" / FONT_FILES[weight], set(NAME_LETTERS)) == []


def test_names_with_any_of_those_letters_are_names_and_render() -> None:
    """Such names are clean names as typed, and the game's text renderer draws them."""
    from cacao_game.app import theme

    font = pygame.font.Font(str(assets_root() / "fonts" / FONT_FILES["bold"]), 26)
    for name in NAMES:
        assert clean_name(name) == name and is_clean_name(name)
        assert theme.render_text(font, name, theme.CREAM).get_width() > 10 * len(name) // 2


def test_chinese_and_japanese_names_draw_in_the_fallback_font() -> None:
    """Characters Lato lacks are drawn by the bundled fallback, alone or amid Latin text, and
    the font measures what it draws."""
    from cacao_game.app.assets import Assets
    from cacao_game.app.fonts import UNDEFINED

    font = Assets().font_px(26, "bold")
    undefined = pygame.image.tobytes(font.render(UNDEFINED, False, (255, 255, 255), (0, 0, 0)), "RGB")
    for name in ("李雷", "さくら", "Hand von 王芳", "Zoë 李"):
        assert clean_name(name) == name
        assert font.render(name, True, (255, 255, 255)).get_width() == font.size(name)[0]
        for char in name.replace(" ", ""):
            drawn = pygame.image.tobytes(font.render(char, False, (255, 255, 255), (0, 0, 0)), "RGB")
            assert drawn != undefined, char
    wrapped = font.render("王芳 " * 12, True, (255, 255, 255), None, 200)
    assert wrapped.get_width() <= 200 and wrapped.get_height() > 2 * font.get_linesize()


def baseline(font: pygame.font.Font, text: str) -> int:
    """The row below the ink of an "x" drawn right after ``text`` on one line: the line's
    baseline as drawn."""
    image = font.render(text + "x", True, (255, 255, 255))
    start = font.size(text)[0]
    after = image.subsurface((start, 0, image.get_width() - start, image.get_height()))
    return after.get_bounding_rect().bottom


@pytest.mark.parametrize("weight", list(FONT_FILES))
@pytest.mark.parametrize("size", [12, 16, 22, 30, 44])
def test_a_line_with_an_accented_capital_sits_on_the_baseline_of_one_without(weight: str, size: int) -> None:
    """SDL_ttf lowers a whole line whose glyph rises above the font's ascent, so a trial saw
    "Évolution du score" sit 3 px below the tabs beside it, and German labels with Ä, Ö or Ü
    below their neighbours. Every line of a font now sits on one baseline, the accent drawn
    whole above it (nothing cut at the top, nor a descender at the bottom), the same amid text
    in the fallback font."""
    from cacao_game.app.assets import Assets
    from cacao_game.app.fonts import RISING

    font = Assets().font_px(size, weight)
    plain = baseline(font, "Evolution")
    for text in ["Évolution", "Übersicht", "Äpfel", "Ça", "Ölbaum", "ÀÉÎÔÛŸ", *RISING]:
        assert baseline(font, text) == plain, text
    assert baseline(font, "Zoë 李 Émile") == baseline(font, "Zoe 李 Emile"), "amid the fallback's text"
    for text in ("É", "Äpfel", "Übersicht"):
        drawn = font.render(text, True, (255, 255, 255)).get_bounding_rect()
        bare = pygame.font.Font.render(font, text, True, (255, 255, 255)).get_bounding_rect()
        assert drawn.size == bare.size, f"{text}: ink cut"
