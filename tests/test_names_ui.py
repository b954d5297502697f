"""Names a person could not type never reach the screen, and whatever does can be drawn."""

from __future__ import annotations

import pygame
from harness import click, run

from cacao_game.app import theme
from cacao_game.app.scenes.setup import SetupScene
from cacao_game.app.strings import t


def test_zero_width_characters_typed_in_a_name_are_dropped(app) -> None:
    """Typing U+FE0F, U+034F or U+17B4 into a name field changes nothing and never crashes;
    a name of a space plus U+FE0F cannot start a game."""
    setup = SetupScene(app)
    app.push(setup)
    run(app)
    field = next(w for w in setup.widgets if getattr(w, "placeholder", "") == t("setup.name"))
    click(app, field.rect.center)
    for _ in range(20):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")], 0.016)
    for text in ("\ufe0f", "\u034f", "\u17b4", " ", "\ufe0f"):
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)], 0.016)
    assert setup.seats[0].name == " "
    app.draw(app.screen)
    assert setup.validation_error() == t("setup.error_name")


def test_text_with_nothing_to_draw_renders_without_error() -> None:
    """The renderer takes zero-width-only text and empty text."""
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    for text in ("", "\ufe0f", "\u200b\u200b"):
        assert theme.render_text(font, text, (255, 255, 255)).get_height() > 0


def test_fitting_a_long_text_measures_few_prefixes() -> None:
    """Fitting 50,000 characters into a box measures a logarithmic number of prefixes."""
    pygame.font.init()
    real = pygame.font.Font(None, 24)

    class Counting:
        calls = 0

        def size(self, text: str) -> tuple[int, int]:
            Counting.calls += 1
            return real.size(text)

    fitted = theme.fit_text(Counting(), "W" * 50_000, 300)  # type: ignore[arg-type]
    assert fitted.endswith("…") and real.size(fitted)[0] <= 300
    assert Counting.calls <= 20


def test_a_long_name_is_cut_before_what_is_said_of_it() -> None:
    """A trial's host lobby read "Maximiliana Wolkenst…" on a seat whose player had left: a
    text naming someone that is too wide cuts the name first (to no less than a third of the
    width), so "left" stays; a text that fits is kept whole, and one without the name is cut
    at its end as ever."""
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    name = "Maximiliana Wolkenstein-Hohenberg"
    text = t("net.seat_left", name=name)
    said = text.split(name)[1]
    width = font.size(text)[0] * 2 // 3
    cut = theme.fit_named(font, text, name, width)
    assert cut.endswith(said) and "…" in cut and font.size(cut)[0] <= width
    assert theme.fit_named(font, t("net.seat_left", name="Bo"), "Bo", width) == t("net.seat_left", name="Bo")
    assert theme.fit_named(font, text, "Cy", width) == theme.fit_text(font, text, width)
