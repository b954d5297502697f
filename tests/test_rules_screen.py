"""The Rules screen: the summary, an illustrated overview of every jungle tile (picture, count,
action) and the rulings where the rulebooks are silent, in every language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from cacao_game.app import routes, strings
from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.scenes.help import HelpOverlay, tile_count, tile_rows
from cacao_game.app.strings import t
from cacao_game.app.tile_words import jungle_action, jungle_name
from cacao_game.config.choices import LANGUAGES, SOURCE_LANGUAGE
from cacao_game.config.settings import Settings
from cacao_game.engine.tiles import JUNGLE_CODES

RULES = Path(__file__).resolve().parent.parent / "seeds" / "RULES.md"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """An off-screen app at 1366x768; user files under tmp_path."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    made = App(pygame.Surface((1366, 768)), Settings(sound=False), router=router())
    yield made
    made.close()
    strings.set_language(SOURCE_LANGUAGE)


def test_tile_counts_follow_the_rulebook() -> None:
    """R1.3-R1.5: the counts include the start tiles; two players use fewer of some kinds, and
    a 2-player volcano game has 2 volcanoes."""
    assert tile_count("plantation1") == t("rules.tiles.count_two", n=6, two=4)
    assert tile_count("market2") == t("rules.tiles.count", n=2)
    assert tile_count("market3") == t("rules.tiles.count_two", n=4, two=3)
    assert tile_count("temple") == t("rules.tiles.count_two", n=5, two=4)
    assert tile_count("volcano") == t("rules.tiles.count_two", n=3, two=2)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_rules_screen_shows_every_tile_and_the_rulings(app: App, language: str) -> None:
    """Every jungle tile has its name, count and action in the player's language, the rulings
    section is there (naming the volcano edges of R1.6), and the tiles' pictures make the
    column taller than the text alone."""
    strings.set_language(language)
    assert strings.language() == language
    rows = tile_rows()
    assert [code for code, *_ in rows] == list(JUNGLE_CODES)
    for code, name, count, action in rows:
        assert name == jungle_name(code) and count.startswith("×") and action == jungle_action(code)
    app.home()
    app.open(routes.Rules())
    scene = app.stack[-1]
    assert isinstance(scene, HelpOverlay)
    title, text = scene.rulings()
    assert title == t("rules.rulings.title") and "+2" in text and "-1" in text
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    tall = scene.content_height
    assert tall > scene.view_height
    scene.scroll_by(tall)
    assert scene.scroll == tall - scene.view_height


def test_the_volcano_ruling_is_the_digests() -> None:
    """The screen's volcano ruling is the one in seeds/RULES.md (R1.6: +2 on two neighbouring
    edges, -1 on the other two)."""
    digest = RULES.read_text(encoding="utf-8")
    assert "+2 on N and E, -1 on S and W" in digest
    assert "+2 on two neighbouring edges and -1 on the other two" in t("rules.rulings")
