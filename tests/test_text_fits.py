"""No text overflows its box, in any scene or play phase, at any supported screen size, in
every language.

Every text the app draws is recorded with the box it belongs to (``theme.within``: a HUD
section, a widget, a pill; the screen otherwise), during the last frame of each shot of
``tests/shots.py``. A text must lie inside its box and inside the screen, and no fixed label
of the catalog (one without placeholders) may be shortened with an ellipsis: long words wrap
or shrink (``theme.fit_font``), they are never cut. Names (of players, saves) may be cut.
Two texts of one box (a HUD section, a widget) must not overlap. No text is smaller than
``LEGIBLE`` real pixels (``theme.SMALLEST_SIZE`` on the smallest supported screen).

Each shot is reached once per size in English; then each other language is switched in
(Settings' own path: ``App.apply_settings``, every scene relabelled) and audited again.
``tests/test_i18n.py`` checks that a switch draws exactly what a start in that language draws.
The frames that reach a shot update the app without drawing it (``shots.unseen``): each
shot is rendered once per size and language, the frame the audit reads;
``test_reaching_a_shot_unseen_draws_the_same_texts`` checks that this changes nothing drawn.
"""

from __future__ import annotations

import pytest
from shots import SHOTS, make_app, unseen

from cacao_game.app import strings, theme
from cacao_game.app.app import App
from cacao_game.app.intents import display_name
from cacao_game.app.scale import Scale
from cacao_game.config.choices import LANGUAGES, SOURCE_LANGUAGE
from cacao_game.config.settings import Settings

SIZES = [(1366, 768), (1920, 1080), (2560, 1440)]
SLACK = 2
"""Pixels a glyph's antialiased edge may reach past its box."""
OVERLAP = 6
"""Two texts of the same box (other than the screen) overlap when their rectangles share a
square this many pixels wide (line spacing makes neighbours touch by a few)."""
LEGIBLE = Scale.for_display(SIZES[0]).px(theme.SMALLEST_SIZE)
"""Real pixels of the smallest font a text may be drawn in, at any size and in any language
(``theme.SMALLEST_SIZE`` on the smallest supported screen, 12 px; a label that shrinks to fit
stops there too)."""


def fixed_labels() -> set[str]:
    """Every string of the current language that has no placeholder: a label never cut (but
    for the seat kinds, which are also the names of unnamed seats)."""
    return {
        strings.t(key)
        for key, english in strings.EN.items()
        if "{" not in english and not key.startswith("kind.")
    }


def key_labels(app: App) -> set[str]:
    """Every key as shown to players, alone and with Ctrl or Shift ("Umschalt+Tab"): a key
    cap is never cut either."""
    keys = {display_name(binding) for bindings in app.settings.key_bindings.values() for binding in bindings}
    keys |= {app.intents.label(intent) for intent in app.settings.key_bindings}
    return keys | {strings.t(key, key=name) for name in keys for key in ("key.shift", "key.ctrl")}


def drawn_now(app: App) -> theme.Audit:
    """The texts of the app's next frame (updated, then drawn once)."""
    with unseen(app):
        app.step([], 0.0)
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    return drawn


def problems_now(app: App) -> list[str]:
    """What overflows or is cut in the app's next frame, overlaps another text in its box (the
    same text drawn again at the same place, as a panel redrawn over a gliding board's
    marks, is not an overlap) or is drawn smaller than ``LEGIBLE``: one line per text."""
    drawn = drawn_now(app)
    screen = app.screen.get_rect()
    problems = []
    for text in drawn:
        box = text.box.clip(screen)
        if not box.inflate(2 * SLACK, 2 * SLACK).contains(text.rect):
            problems.append(f"{text.text!r} at {tuple(text.rect)} outside {tuple(box)}")
    boxed = [text for text in drawn if text.box != screen]
    for i, first in enumerate(boxed):
        for second in boxed[i + 1 :]:
            both = first.rect.clip(second.rect)
            redrawn = first.text == second.text and first.rect == second.rect
            if first.box == second.box and min(both.size) >= OVERLAP and not redrawn:
                problems.append(f"{first.text!r} and {second.text!r} overlap at {tuple(both)}")
    problems += [f"{text.text!r} in a {text.size} px font" for text in drawn if text.size < LEGIBLE]
    labels = fixed_labels() | key_labels(app)
    problems += [f"{text!r} cut with an ellipsis" for text in dict.fromkeys(drawn.cut) if text in labels]
    return problems


def overflowing(name: str, size: tuple[int, int], ui_scale: str = "fit") -> dict[str, list[str]]:
    """What overflows in shot ``name`` at ``size``, by language (each switched in after English)."""
    app = make_app(size, Settings(sound=False, ui_scale=ui_scale))
    found: dict[str, list[str]] = {}
    try:
        with unseen(app):
            SHOTS[name](app)
        for code in LANGUAGES:
            if code != SOURCE_LANGUAGE:
                app.settings.language = code
                app.apply_settings()
            problems = problems_now(app)
            if problems:
                found[code] = problems
    finally:
        app.close()
        strings.set_language(SOURCE_LANGUAGE)
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SHOTS))
def test_no_text_overflows_its_box(name: str, size: tuple[int, int]) -> None:
    assert overflowing(name, size) == {}


@pytest.mark.parametrize("name", ["setup", "place", "hint", "review"])
def test_reaching_a_shot_unseen_draws_the_same_texts(name: str) -> None:
    """The audit's shortcut is sound: a shot reached without drawing its frames (hovers,
    tooltips, animations, the review's steps) draws the same texts in the same places and
    boxes as one reached drawing every frame."""
    drawn = []
    for skip in (False, True):
        app = make_app((1366, 768))
        try:
            if skip:
                with unseen(app):
                    SHOTS[name](app)
            else:
                SHOTS[name](app)
            audit = drawn_now(app)
        finally:
            app.close()
        drawn.append(([(t.text, tuple(t.rect), tuple(t.box)) for t in audit], audit.cut))
    assert drawn[0][0], "the shot draws texts"
    assert drawn[0] == drawn[1]


def test_the_audit_catches_a_text_outside_its_box() -> None:
    """The check itself can fail: a long text drawn in a small box is reported."""
    import pygame

    surface = pygame.Surface((400, 200))
    app = make_app((1920, 1080))
    with theme.text_audit() as drawn, theme.within(pygame.Rect(10, 10, 60, 30)):
        theme.draw_text(surface, app.assets.font(theme.BODY_SIZE), "a far too long label", (12, 12))
    assert len(drawn) == 1
    assert not drawn[0].box.contains(drawn[0].rect)


def test_the_audit_records_each_texts_font_size() -> None:
    """The legibility check can fail: the audit records the real size of each text's font,
    and the smallest text's size is at least ``LEGIBLE`` on the smallest screen (a size one
    pixel smaller would be reported)."""
    import pygame

    surface = pygame.Surface((400, 200))
    app = make_app((1366, 768))
    with theme.text_audit() as drawn:
        theme.draw_text(surface, app.assets.font(theme.SMALLEST_SIZE), "fine print", (12, 12))
        theme.draw_text(surface, app.assets.font(theme.SMALLEST_SIZE - 2), "finer print", (12, 40))
    assert [text.size for text in drawn] == [LEGIBLE, LEGIBLE - 1]


def test_text_is_rendered_at_the_screen_size() -> None:
    """Text is drawn at its final pixel size: the body font is taller on a larger screen."""
    heights = {}
    for size in SIZES:
        app = make_app(size)
        heights[size] = app.assets.font(theme.BODY_SIZE).get_height()
    assert heights[(1366, 768)] < heights[(1920, 1080)] < heights[(2560, 1440)]


def test_a_table_lays_out_again_when_the_window_changes_size() -> None:
    """Resizing mid-game: the table takes the new anchors, the camera its new viewport with
    the zoom scaled alike, and everything still fits."""
    import pygame
    from shots import SHOTS

    app = make_app((1920, 1080))
    try:
        SHOTS["place"](app)
        scene = app.top
        before = scene.camera.target_scale
        app.resize(pygame.Surface((1366, 768)))
        assert app.screen.get_size() == (1366, 768)
        assert scene.hud.anchors["board"] == app.layout["board"]
        assert scene.camera.viewport == app.layout["board"]
        assert abs(scene.camera.target_scale - before * app.layout["board"].w / 1360) < 1.5
        app.step([], 1 / 60)
        with theme.text_audit() as drawn:
            app.draw(app.screen)
        assert drawn and all(t.box.clip(app.screen.get_rect()).inflate(4, 4).contains(t.rect) for t in drawn)
    finally:
        app.close()


def test_a_label_shrinks_to_fit_before_it_is_cut() -> None:
    """``fit_size`` (the resolution panel's rows, ``fit_font``'s buttons): a text that fits keeps
    its size; one a little too wide shrinks until it fits (a playtest saw a German row cut,
    "1 für 3 verkaufen, 1 ernten, 1 ern…", 5 % too wide); one far too wide stops at
    ``MIN_FIT`` of the size and is left for ``fit_text`` to cut."""
    app = make_app((1366, 768))
    words = "1 für 3 verkaufen, 1 ernten, 1 ernten"
    full = app.assets.font(18).size(words)[0]
    least = 18 * theme.MIN_FIT
    assert theme.fit_size(app, 18, words, full, "regular", least) == 18
    size = theme.fit_size(app, 18, words, round(full * 0.95), "regular", least)
    assert size < 18 and app.assets.font(size).size(words)[0] <= round(full * 0.95)
    assert theme.fit_size(app, 18, words, full // 3, "regular", least) == 18 * theme.MIN_FIT
    assert app.assets.font(size).size(words) == theme.fit_font(app, 18, words, round(full * 0.95)).size(words)


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_table_buttons_label_keeps_clear_of_its_rounded_ends(size: tuple[int, int]) -> None:
    """Playtest: the German Undo ("Rückgängig") touched its button's outline on both sides.
    Each action button's label, in every language, keeps a tenth of the button's width (up
    to 14 design pixels) clear on either side."""
    from cacao_game.app.scale import px

    app = make_app(size)
    try:
        SHOTS["place"](app)
        for code in LANGUAGES:
            app.settings.language = code
            app.apply_settings()
            app.step([], 1 / 60)
            hud, actions = app.top.hud, app.top.frame.actions
            buttons = hud.action_buttons()
            assert len(actions) == len(buttons) == 4
            with theme.text_audit() as drawn:
                for button, action in zip(buttons, actions, strict=True):
                    hud.draw_action(app.screen, button.rect, action)
            for button in buttons:
                pad = min(px(14), button.rect.w // 10)
                label = next(text for text in drawn if text.box == button.rect)
                assert button.rect.inflate(-2 * pad, 0).contains(label.rect.inflate(0, -label.rect.h + 1)), (
                    code,
                    label.text,
                )
    finally:
        app.close()
        strings.set_language(SOURCE_LANGUAGE)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_long_outcome_row_wraps_whole_at_the_size_of_the_others(code: str) -> None:
    """The resolution panel's rows (a playtest saw a long one cut, and shrunk below its
    neighbours): every row's words are drawn whole, all rows at one size, and a row too long
    for one line takes two."""
    from cacao_game.app.play.scene import PlayScene
    from cacao_game.app.play.texts import outcome_text

    app = make_app((1366, 768), Settings(sound=False, language=code))
    try:
        with unseen(app):
            SHOTS["resolve_long"](app)
        scene = app.stack[-1]
        assert isinstance(scene, PlayScene) and scene.frame.popup is not None
        outcomes = scene.frame.popup.outcomes
        rows = {
            tuple(button.rect): outcome_text(outcome)
            for button, outcome in zip(scene.hud.popup_buttons(outcomes), outcomes, strict=True)
        }
        others = {strings.t("play.ai_pick")} | {str(index + 1) for index in range(len(rows))}
        drawn = drawn_now(app)
    finally:
        app.close()
        strings.set_language(SOURCE_LANGUAGE)
    shown: dict[tuple[int, ...], list[theme.TextDrawn]] = {row: [] for row in rows}
    for text in drawn:
        row = tuple(text.box)
        if row in rows and text.text != rows[row][1] and text.text not in others:
            shown[row].append(text)
    for row, (words, _result) in rows.items():
        assert " ".join(text.text for text in shown[row]) == words
    sizes = {text.size for lines in shown.values() for text in lines}
    assert len(sizes) == 1 and min(sizes) >= LEGIBLE
    assert all(1 <= len(lines) <= 2 for lines in shown.values())


def test_outcome_words_take_a_second_line_only_at_the_smallest_size() -> None:
    """A row that fits shrinks no further than the longest row needs; one that does not fit at
    the smallest text takes two lines, broken after a comma."""
    from cacao_game.app.play.hud import POPUP_WORDS
    from cacao_game.app.play.scene import PlayScene

    app = make_app((1366, 768))
    try:
        with unseen(app):
            SHOTS["resolve"](app)
        scene = app.stack[-1]
        assert isinstance(scene, PlayScene)
        hud = scene.hud
        short, long = "harvest 1", "harvest 1, sell 1 at 3, sell none at 2, sell 1 at 2, harvest 2"
        words_size = POPUP_WORDS[0]
        font_width = app.assets.font(words_size).size(long)[0]
        assert hud.outcome_lines([short], [font_width]) == (words_size, [[short]])
        assert hud.outcome_lines([short, long], [font_width, font_width]) == (words_size, [[short], [long]])
        narrow = app.assets.font(theme.SMALLEST_SIZE).size(long)[0] * 2 // 3
        size, lines = hud.outcome_lines([short, long], [narrow, narrow])
        assert size == theme.SMALLEST_SIZE
        assert lines[0] == [short]
        first, second = lines[1]
        assert first.endswith(",") and f"{first} {second}" == long
        assert app.assets.font(size).size(first)[0] <= narrow
    finally:
        app.close()


def test_the_seat_kinds_are_drawn_at_one_size() -> None:
    """A trial saw "Expert AI · Elo 1697" drawn smaller than "Hard AI · Elo 1545" in the row
    above (each value shrank to fit alone): a selector draws every value at the size its
    widest option fits, so alike rows match and a value keeps its size as it steps."""
    from shots import SHOTS

    from cacao_game.app.scenes.setup import kind_choice_label

    app = make_app((1366, 768))
    SHOTS["setup_expert"](app)
    kinds = {kind_choice_label(kind) for kind in ("human", "hard", "expert")}
    drawn = drawn_now(app)
    sizes = {text.text: text.size for text in drawn if text.text in kinds}
    assert set(sizes) == kinds and len(set(sizes.values())) == 1, sizes
