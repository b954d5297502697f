"""Names the bundled fonts cannot draw never show as boxes (issue 21, fault 8): typed ones are
refused with a clear message, ones from a file are shown by a readable stand-in."""

from __future__ import annotations

import pygame
from harness import click, run

from cacao_game import saves
from cacao_game.app import routes
from cacao_game.app.flow import open_save
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scenes.scoring import ScoringScene
from cacao_game.app.scenes.setup import SetupScene
from cacao_game.app.shown_names import code_points, missing_glyphs, seat_labels
from cacao_game.app.strings import kind_label, t
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.config.names import name_problem
from tests.saves_support import random_game

ARABIC = "محمد"
EMOJI = "Bo 🍫"


def test_the_fonts_know_what_they_cannot_draw(app) -> None:
    """Latin, Greek, Cyrillic and Chinese are drawn; Arabic letters and emoji are not."""
    for drawn in ("Zoë", "Ωμέγα", "Жанна", "王芳", "O'Brien-Ñúñez"):
        assert missing_glyphs(app.assets, drawn) == "", drawn
    assert missing_glyphs(app.assets, ARABIC) == "محد"
    assert missing_glyphs(app.assets, EMOJI) == "🍫"
    assert code_points("محد") == "U+0645 U+062D U+062F"
    assert code_points("abcd") == "U+0061 U+0062 U+0063 …"


def test_a_typed_name_the_fonts_cannot_draw_is_refused_with_the_reason(app) -> None:
    """Typing an Arabic name: the game cannot start, and the setup says which characters
    (by code point, which any font draws) and which seat."""
    setup = SetupScene(app)
    app.push(setup)
    run(app)
    field = next(w for w in setup.widgets if getattr(w, "placeholder", "") == t("setup.name"))
    click(app, field.rect.center)
    for _ in range(30):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")], 0.016)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=ARABIC)], 0.016)
    assert setup.seats[0].name == ARABIC and name_problem(ARABIC) is None
    assert setup.validation_error() == t("setup.error_glyphs", number=1, chars="U+0645 U+062D U+062F")
    run(app)
    assert not setup.start_button.enabled
    app.draw(app.screen)
    for _ in range(30):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")], 0.016)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="Mohammed")], 0.016)
    assert setup.validation_error() is None


def test_a_name_the_fonts_cannot_draw_is_refused_on_the_join_form_too(app) -> None:
    """A trial joined as "Bo" and two Hebrew letters: the form showed boxes and both tables
    called the seat "Player 1" without a word. The Join form refuses the name as the setup
    does, naming the characters; watching needs no name and stays open."""
    from cacao_game.app.scenes.join import JoinScene

    app.join_typed.update(address="127.0.0.1", port="8765", code="ZKBFVX", name="")
    app.open(routes.Join())
    form = app.top
    assert isinstance(form, JoinScene)
    form.set_value("name", "Bo\u05e9\u05dc")
    assert form.validation_error() == t("net.error_glyphs", chars="U+05E9 U+05DC")
    assert form.validation_error(watch=True) is None
    form.set_value("name", "Bo")
    assert form.validation_error() is None


def test_names_from_a_save_show_a_stand_in_and_stay_in_the_file(app) -> None:
    """A save whose names are Arabic and emoji (clean text, so the file is accepted): the
    table, the scoring and the Load list show the seat's default name instead; the save,
    written again by the autosave, keeps the names as they were."""
    config = GameConfig([SeatConfig(ARABIC, "red", "human"), SeatConfig(EMOJI, "purple", "easy")], seed=4)
    game = random_game(2, "base", 4, decisions=10)
    path = saves.slot_path("names")
    saves.save_game(path, game, config)
    assert open_save(app, path)
    table = app.top
    assert isinstance(table, PlayScene)
    assert table.names == [t("setup.default_name", number=1), kind_label("easy")]
    assert table.config.names == [ARABIC, EMOJI]
    app.draw(app.screen)
    scoring = ScoringScene(app, game, config, [])
    assert scoring.names == table.names
    assert all(
        missing_glyphs(app.assets, name) == "" for name in seat_labels(app.assets, config.names, config.kinds)
    )
    table.source.autosave()
    table.source.close()
    assert saves.load_game(saves.autosave_path()).config.names == [ARABIC, EMOJI]
    app.home()
    app.open(routes.Load())
    run(app)
    app.draw(app.screen)
