"""Things drawn on top of each other that a playtest found (issue 22, items 10 and 13): at the
smallest, the design and the largest screen, each pair below is apart."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from shots import make_app, make_saves

from cacao_game.app.scenes.menu import MenuScene
from cacao_game.config.settings import Settings

if TYPE_CHECKING:
    import pygame

    from cacao_game.app.app import App
    from cacao_game.app.play.paint import Painter
    from cacao_game.app.play.scene import PlayScene
    from cacao_game.app.scenes.setup import SetupScene

SIZES = [(1366, 768), (1920, 1080), (3840, 2160)]


def drawn_hint_panel(app: App) -> pygame.Rect:
    """Where the hint's panel of the play scene on top of ``app`` is drawn now: the box of its
    heading's text as a drawing of the screen lays it out."""
    from cacao_game.app import theme
    from cacao_game.app.play.advice import hint_heading

    heading = hint_heading(app.top.source.advice)
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    return next(text.box for text in drawn if text.text == heading)


def under_hint_panel(app: App) -> list[tuple[int, int]]:
    """The laid tiles and legal squares of the play scene on top of ``app`` that its hint's
    panel covers now (more than their edges)."""
    scene = app.top
    panel = drawn_hint_panel(app)
    return [
        pos
        for pos in [*scene.board_squares(), *scene.turn.targets()]
        if panel.colliderect(scene.camera.square_rect(pos).inflate(-4, -4))
    ]


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_panel_stays_below_the_subtitle_with_continue_shown(size: tuple[int, int]) -> None:
    """With an autosave the menu has its longest list (Continue first); the buttons' panel once
    crossed the subtitle. It stays below it and above the footer, every button inside it."""
    make_saves()
    app = make_app(size, Settings(sound=False))
    app.home()
    menu = app.top
    assert isinstance(menu, MenuScene)
    panel = menu.panel()
    assert panel is not None
    _title, subtitle = menu.heading()
    assert panel.top > subtitle.bottom
    assert panel.bottom < size[1] - size[1] * 40 // 1080
    assert all(panel.contains(widget.rect) for widget in menu.widgets)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_the_menu_subtitle_keeps_off_the_decor(language: str, size: tuple[int, int]) -> None:
    """A trial saw the French subtitle run into the first tile of the decor beside it: in
    every language the subtitle as drawn meets none of the decor's tiles, at any bob."""
    from cacao_game.app import strings, theme
    from cacao_game.config.choices import SOURCE_LANGUAGE

    app = make_app(size, Settings(sound=False, language=language))
    try:
        app.home()
        menu = app.top
        assert isinstance(menu, MenuScene)
        with theme.text_audit() as drawn:
            app.draw(app.screen)
        subtitle = next(text.rect for text in drawn if text.text == strings.t("app.subtitle"))
        for time in (0.0, 0.7, 1.4, 2.1, 2.8):
            menu.time = time
            assert not [rect for _image, rect in menu.decor() if rect.colliderect(subtitle)]
    finally:
        app.close()
        strings.set_language(SOURCE_LANGUAGE)


def test_the_key_list_reads_at_the_smallest_screen_and_the_key_box_hides_the_list() -> None:
    """Settings at 1366x768: the actions' names in the key list are at least 22 px high (they were 20) (a
    playtest found them small), and the "Press a key" box is opaque (the list showed through)."""
    from cacao_game.app import routes, theme
    from cacao_game.app.scenes.settings import SettingsScene
    from cacao_game.app.strings import t

    app = make_app((1366, 768), Settings(sound=False))
    app.home()
    app.open(routes.SettingsPage())
    scene = app.top
    assert isinstance(scene, SettingsScene)
    app.step([], 0.016)
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    name = next(text for text in drawn if text.text == t("intent.rotate_ccw"))
    assert name.rect.h >= 22
    scene.start_capture("confirm")
    backgrounds = []
    for shade in ((0, 0, 0), (255, 255, 255)):
        scene.draw_background = lambda surface, shade=shade: surface.fill(shade)  # type: ignore[method-assign]
        app.draw(app.screen)
        backgrounds.append(
            app.screen.get_at((app.screen.get_width() // 2, app.screen.get_height() // 2 + 40))
        )
    assert backgrounds[0] == backgrounds[1]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_key_caps_keep_apart_and_hold_their_labels(language, size) -> None:
    """Settings: every key cap lies inside its own row with a gap to the next (a playtest found
    the caps touching the row below at 1366x768), and every label's ink, accents and
    descenders too, lies inside its cap with 2 pixels to spare above and below (a playtest
    saw "Space" and "Échap" sit low, their feet cut, and at 71 % every label touching its
    cap's edges: the caps are as tall as that needs, so the gap to the next row's is 2)."""
    from cacao_game.app import routes
    from cacao_game.app.scenes.settings import SettingsScene

    app = make_app(size, Settings(sound=False, language=language))
    app.home()
    app.open(routes.SettingsPage())
    scene = app.top
    assert isinstance(scene, SettingsScene)
    for index, intent in enumerate(app.intents.bindings):
        row = scene.key_row(index)
        below = scene.key_caps(scene.key_row(index + 1), intent)[0][0]
        for cap, label, spot in scene.key_caps(row, intent):
            assert row.top <= cap.top and cap.bottom + 2 <= below.top, intent
            ink = label.get_bounding_rect().move(spot.topleft)
            assert cap.inflate(0, -4).contains(ink) and ink.w < cap.w, (intent, ink, cap)


def _labels_meeting(app, scene, squares, panels) -> list[str]:  # type: ignore[no-untyped-def]
    """Hover each of ``squares`` in turn; the preview labels that meet one of ``panels()``."""
    from shots import hover

    from cacao_game.app import theme

    found = []
    for pos in squares:
        center = scene.camera.square_center(pos)
        if not scene.camera.viewport.collidepoint(center):
            continue
        hover(app, (round(center.x), round(center.y)))
        label = scene.frame.previews.get(scene.turn.action_at(pos)) if scene.turn.action_at(pos) else None
        if label is None:
            continue
        with theme.text_audit() as drawn:
            app.draw(app.screen)
        for text in drawn:
            if text.text == label:
                found += [
                    f"{pos}: {label!r} {tuple(text.rect)} meets {tuple(p)}"
                    for p in panels()
                    if p.colliderect(text.rect)
                ]
    return found


@pytest.mark.parametrize("size", SIZES)
def test_a_move_preview_label_stays_off_the_temples_panel(size: tuple[int, int]) -> None:
    """A playtest found the label of the move under the mouse clipped under the temples
    panel (the board's top-left corner). The board is panned so legal squares lie under the
    panel; every square's label stays off it."""
    from phases import game_at
    from shots import table

    app = make_app(size, Settings(sound=False))
    scene = table(app, game_at("overbuild"))
    panel = scene.board.temples_panel()
    assert panel is not None, "the phase has temples"
    targets = scene.turn.targets()
    corner = min(targets, key=lambda pos: pos[0] + pos[1])
    square = scene.camera.square_rect(corner)
    scene.camera.pan_pixels(panel.centerx - square.centerx, panel.centery - square.centery, immediate=True)
    scene.camera.snap()
    under = [
        pos
        for pos in targets
        if panel.colliderect(scene.camera.square_rect(pos).inflate(0, scene.camera.scale))
    ]
    assert under, "some legal squares lie under or next to the panel"
    assert _labels_meeting(app, scene, under, lambda: [scene.board.temples_panel()]) == []


def test_a_tooltip_keeps_off_what_it_is_told_to_avoid() -> None:
    """``tip_place``: below-right of the mouse when that is free; elsewhere around it when that
    covers a panel to avoid; on screen always."""
    import pygame

    from cacao_game.app.theme import tip_place

    screen = pygame.Rect(0, 0, 1366, 768)
    free = tip_place((200, 80), (600, 300), screen)
    assert free.left > 600 and free.top > 300
    panel = pygame.Rect(610, 310, 300, 200)
    moved = tip_place((200, 80), (600, 300), screen, [panel])
    assert not moved.colliderect(panel) and screen.contains(moved)


def test_a_tooltip_on_a_row_of_buttons_at_the_bottom_goes_above_the_one_hovered() -> None:
    """A trial's Watch tooltip on the Join form's bottom row (Back, Watch, Join) covered Back:
    each corner around the mouse covered a neighbour. Given the hovered button, the tooltip
    goes centred above it, clear of both neighbours."""
    import pygame

    from cacao_game.app.theme import tip_place

    screen = pygame.Rect(0, 0, 1366, 768)
    back, watch, join = (pygame.Rect(x, 678, w, 54) for x, w in ((398, 155), (584, 155), (754, 212)))
    mouse = watch.center
    cornered = tip_place((390, 52), mouse, screen, [back, join])
    assert cornered.colliderect(back) or cornered.colliderect(join), "the corners alone cover one"
    placed = tip_place((390, 52), mouse, screen, [back, join], watch)
    assert not placed.colliderect(back) and not placed.colliderect(join) and screen.contains(placed)
    assert placed.bottom <= watch.top


def four_seat_setup(size: tuple[int, int], settings: Settings) -> tuple[App, SetupScene]:
    """An app of ``size`` on New game with four seats."""
    from cacao_game.app import routes
    from cacao_game.app.scenes.setup import SetupScene

    app = make_app(size, settings)
    app.home()
    app.open(routes.Setup())
    scene = app.top
    assert isinstance(scene, SetupScene)
    while len(scene.seats) < 4:
        scene.add_seat()
    scene.rebuild()
    app.step([], 0.016)
    return app, scene


@pytest.mark.parametrize("size", SIZES)
def test_new_games_tooltips_keep_off_the_other_options_and_their_captions(size: tuple[int, int]) -> None:
    """A playtest found a tooltip in New game covering "START PLAYER". With four seats, each
    widget's tooltip, the mouse resting on the widget's right part, covers no other caption
    or widget."""
    from shots import hover

    from cacao_game.app import theme
    from cacao_game.app.strings import t

    app, scene = four_seat_setup(size, Settings(sound=False))
    captions = {t("setup.start_player").upper(), t("setup.thinking").upper(), t("setup.seed").upper()}
    problems = []
    for widget in [w for w in scene.widgets if w.tooltip and w.visible]:
        point = (widget.rect.right - widget.rect.h // 2, widget.rect.centery)
        hover(app, point)
        app.step([], 0.5)
        with theme.text_audit() as drawn:
            app.draw(app.screen)
        lines = widget.tooltip if isinstance(widget.tooltip, list) else [widget.tooltip]
        tips = [text.rect for text in drawn if text.text in lines]
        assert tips, widget.tooltip
        for text in drawn:
            if text.text.upper() in captions and any(tip.colliderect(text.rect) for tip in tips):
                problems.append(f"{widget.tooltip!r} covers {text.text!r}")
    assert problems == []


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_seats_level_tooltip_stays_in_the_players_panel(language: str) -> None:
    """A German trial's level tooltip covered SEED ("STARTWERT"), the mouse on the level's
    left part, which the test above does not rest on: a seat's tooltip stays inside the
    players' panel wherever the mouse rests on it, so it covers no option."""
    from shots import hover

    from cacao_game.app import theme
    from cacao_game.app.widgets import Cycler

    app, scene = four_seat_setup((1366, 768), Settings(sound=False, language=language))
    levels = [
        w
        for w in scene.widgets
        if isinstance(w, Cycler) and w.tooltip and w.visible and scene.seats_rect().contains(w.rect)
    ]
    assert len(levels) >= 3
    for widget in levels:
        for x in (widget.rect.x + widget.rect.h // 2, widget.rect.right - widget.rect.h // 2):
            hover(app, (x, widget.rect.centery))
            app.step([], 0.5)
            with theme.text_audit() as drawn:
                app.draw(app.screen)
            tips = [text.rect for text in drawn if text.text == widget.tooltip]
            assert tips and all(scene.seats_rect().contains(tip) for tip in tips), (widget.tooltip, x)


@pytest.mark.parametrize("size", SIZES)
def test_a_squares_tooltip_keeps_off_the_hint_panel(size: tuple[int, int]) -> None:
    """A playtest found a tile's tooltip covering the hint's panel. Every tile next to the
    panel shows its tooltip beside the panel, not on it."""
    from shots import SHOTS, hover

    from cacao_game.app import theme

    app = make_app(size, Settings(sound=False))
    SHOTS["hint"](app)
    scene = app.top
    app.step([], 0.016)
    panel = drawn_hint_panel(app)
    near = [
        pos
        for pos in scene.board_squares()
        if panel.inflate(scene.camera.scale * 2, scene.camera.scale * 2).colliderect(
            scene.camera.square_rect(pos)
        )
    ]
    near = [pos for pos in near if not panel.colliderect(scene.camera.square_rect(pos))]
    assert near, "tiles lie next to the panel"
    problems = []
    for pos in near:
        center = scene.camera.square_center(pos)
        hover(app, (round(center.x), round(center.y)))
        lines = scene.tooltip()
        if not lines:
            continue
        with theme.text_audit() as drawn:
            app.draw(app.screen)
        problems += [
            f"{pos} {text.text!r}" for text in drawn if text.text in lines and text.rect.colliderect(panel)
        ]
    assert problems == []


@pytest.mark.parametrize("shot", ["place", "fill2", "resolve", "overbuild", "ai_turn", "hint"])
def test_no_token_icon_below_28_px_at_the_smallest_screen(shot: str) -> None:
    """Issue 22 item 13: at 1366x768 the table draws its gold, cacao, sun and water icons at
    28 px or more (the seat panels' were 17-24 px)."""
    from shots import SHOTS

    from cacao_game.app import theme

    app = make_app((1366, 768), Settings(sound=False))
    SHOTS[shot](app)
    app.step([], 0.016)
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    tokens = [(name, size) for name, size in drawn.icons if name in ("gold", "cacao", "sun", "water")]
    assert {name for name, _size in tokens} >= {"gold", "cacao", "sun", "water"}
    assert [(name, size) for name, size in tokens if size < 28] == []


def settle(app: App, scene: PlayScene, frames_at_rest: int = 3, most: int = 900) -> None:
    """Step ``app`` until ``scene``'s camera has stood still for ``frames_at_rest`` frames in a
    row (a panel's move of the board starts once the view rests), at most ``most`` frames."""
    from shots import frames

    still = 0
    for _ in range(most):
        frames(app, 1)
        still = still + 1 if not scene.camera.moving else 0
        if still >= frames_at_rest:
            return
    raise AssertionError("the camera never came to rest")


@pytest.mark.parametrize("size", SIZES)
def test_the_review_panel_hides_neither_move_nor_the_tiles_beside_them(size: tuple[int, int]) -> None:
    """A playtest found the review's panel over the market tile the decision was about. At
    each flagged decision the panel covers neither the played nor the better square, nor a
    tile next to either of them, once the view has come to rest (the panel moves the board
    aside then)."""
    from shots import SHOTS

    from cacao_game.app import theme
    from cacao_game.app.play.advice import review_heading
    from cacao_game.engine import Resolve
    from cacao_game.engine.tiles import neighbours

    app = make_app(size, Settings(sound=False))
    SHOTS["review"](app)
    scene = app.top
    session = scene.review
    problems = []
    checked = 0
    session.jump(0)
    while session.jump_flag(1):
        scene.resync()
        settle(app, scene)
        decision = session.here()
        if decision is None or isinstance(decision.best, Resolve) or isinstance(decision.played, Resolve):
            continue
        with theme.text_audit() as drawn:
            app.draw(app.screen)
        heading = review_heading(decision, scene.names)
        panel = next(text.box for text in drawn if text.text == heading)
        checked += 1
        squares = {decision.best.pos, decision.played.pos}
        around = squares | {n for pos in squares for n in neighbours(pos) if n in scene.board_squares()}
        hidden = [pos for pos in around if panel.colliderect(scene.camera.square_rect(pos).inflate(-4, -4))]
        if hidden:
            problems.append(f"{session.position}: {heading!r} hides {hidden}")
    assert checked >= 3, checked
    assert problems == []


@pytest.mark.parametrize("size", SIZES)
def test_the_curtains_words_keep_clear_of_its_button(size: tuple[int, int]) -> None:
    """The playtest's screenshots showed the curtain's line touching its Ready button: the
    line ends above the button with room between them."""
    from counted_ai import CountedAI
    from phases import CONFIG, game_at
    from shots import frames

    from cacao_game.app import theme
    from cacao_game.app.play.scene import PlayScene
    from cacao_game.app.strings import t
    from cacao_game.session import PlaySession

    app = make_app(size, Settings(sound=False))
    app.home()
    session = PlaySession(CONFIG, game_at("place"))
    assert session.curtain is not None, "two humans: a curtain first"
    scene = PlayScene(app, session, ai=CountedAI())
    app.push(scene)
    frames(app, 5)
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    name = scene.frame.seats[session.curtain].name
    line = next(text.rect for text in drawn if text.text == t("play.curtain_sub", name=name))
    button = scene.hud.curtain_button()
    assert line.bottom + size[1] * 8 // 1080 <= button.top


@pytest.mark.parametrize("confirm", ["click", "key"])
def test_no_preview_label_stays_on_after_confirming(confirm: str) -> None:
    """A playtest saw a move's preview label stay on after confirming it. After a confirm (a
    second click on the chosen square, or Tab then Enter) and its animation, the screen the
    app keeps drawing by changes equals the table drawn anew, and no preview is drawn. (This
    found the kept board layer of a table opened mid-game drawn with every worker tile red:
    the layer was drawn before any frame had given the board its seat colours.)"""
    from harness import click
    from phases import game_at
    from shots import frames, hover, table

    from cacao_game.app import theme

    app = make_app((1366, 768), Settings(sound=False))
    scene = table(app, game_at("place"))
    pos = scene.turn.targets()[0]
    center = scene.camera.square_center(pos)
    point = (round(center.x), round(center.y))
    hover(app, point)
    label = scene.frame.previews.get(scene.turn.action_at(pos))
    assert label
    if confirm == "click":
        click(app, point)
        frames(app, 40)
        click(app, point)
    else:
        frames(app, 2, [app.intents.event_for("cycle")])
        frames(app, 2, [app.intents.event_for("confirm")])
    frames(app, 200)
    kept = app.screen.copy()
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    assert label not in [text.text for text in drawn]
    anew = app.screen.copy()
    panel = scene.board.temples_panel()
    if panel is not None:  # its translucent box is blended again over itself: not this test's
        kept.fill((0, 0, 0), panel)
        anew.fill((0, 0, 0), panel)
    assert pygame_equal(kept, anew)


def pygame_equal(a, b) -> bool:  # type: ignore[no-untyped-def]
    """Whether two surfaces hold the same pixels."""
    import pygame

    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def _laid_tiles(scene):  # type: ignore[no-untyped-def]
    """The areas of the board's laid tiles (a few pixels in from their edges)."""
    import pygame

    shown = scene.shown
    inset = -max(2, scene.camera.scale // 8)
    return [
        pygame.Rect(scene.camera.square_rect(pos)).inflate(inset, inset)
        for pos in [*shown.workers, *shown.jungle]
    ]


@pytest.mark.parametrize("phase", ["place", "overbuild"])
def test_a_move_preview_label_keeps_off_the_laid_tiles_where_there_is_room(phase: str) -> None:
    """Issue 22 item 10 ("the preview label over tiles"): a playtest saw the label of the move
    under the mouse cover the row of tiles above it. Above, below or a square aside: the label
    takes a place that covers no laid tile, when one is free (the board's early, open rows)."""
    from phases import game_at
    from shots import table

    app = make_app((1366, 768), Settings(sound=False))
    scene = table(app, game_at(phase))
    scene.fit_board(snap=True)
    targets = [pos for pos in scene.turn.targets() if scene.turn.action_at(pos) is not None]
    meeting = _labels_meeting(app, scene, targets, lambda: _laid_tiles(scene))
    labels = {found.split(":")[0] for found in meeting}
    assert len(labels) <= len(targets) // 2, meeting


@pytest.mark.parametrize("size", SIZES)
def test_the_hint_panel_hides_no_laid_tile_when_the_board_fits_beside_it(size: tuple[int, int]) -> None:
    """A playtest at 1366x768 saw the hint's panel over an opponent's tile while half the
    view beside it was empty, and a later one over a legal square. Once the view rests, the
    board lies beside the panel: no laid tile and no legal square under it."""
    from shots import SHOTS, frames

    app = make_app(size, Settings(sound=False))
    SHOTS["hint"](app)
    scene = app.top
    frames(app, 120)
    assert not scene.camera.moving
    assert under_hint_panel(app) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_hinted_moves_label_stays_off_the_hint_panel(size: tuple[int, int]) -> None:
    """A playtest saw the hinted move's label ("Hint: -2 cacao, +6 gold, …") half under the
    hint's own panel. With the frame's coach panel (``Frame.coach_panel``) right where the
    label would go, above the hinted square, the label is drawn off it; and the frame's panel
    is where the hint's panel is drawn."""
    from dataclasses import replace

    import pygame
    from shots import SHOTS, frames

    app = make_app(size, Settings(sound=False))
    SHOTS["hint"](app)
    scene = app.top
    frames(app, 120)
    advice = scene.source.advice
    frame = scene.frame
    assert advice is not None and frame.coach_panel is not None
    assert drawn_hint_panel(app).colliderect(pygame.Rect(frame.coach_panel))
    square = scene.camera.square_rect(advice.action.pos)
    panel = pygame.Rect(0, 0, 12 * square.w, square.h)
    panel.midbottom = (round(square.centerx), round(square.top) - 2)
    label = scene.board.yield_pill(
        app.screen,
        replace(frame, coach=replace(frame.coach, box=tuple(panel))),
        advice.action,
        hinted=True,
        border=None,
    )
    assert label is not None and not label.colliderect(panel)


def test_the_hinted_moves_label_stays_off_the_move_about_as_good_and_its_tag() -> None:
    """A French trial saw the hinted move's label drawn over by the faint tile of the move
    "about as good" (the coach draws it, and its tag, over the board's labels). With that
    move's square where the label would go (``Frame.coach_marks``), the label keeps off it
    and off the tag below it."""
    from dataclasses import replace

    from shots import SHOTS, frames

    from cacao_game.app.play.board import COACH_TAG_ROOM
    from cacao_game.app.scale import px

    app = make_app((1366, 768), Settings(sound=False))
    SHOTS["hint"](app)
    scene = app.top
    frames(app, 120)
    advice = scene.source.advice
    alone = scene.board.yield_pill(app.screen, scene.frame, advice.action, hinted=True, border=None)
    assert alone is not None
    square = scene.camera.square_at(alone.center)
    assert square is not None and square != advice.action.pos
    frame = replace(scene.frame, coach_marks=(square,))
    label = scene.board.yield_pill(app.screen, frame, advice.action, hinted=True, border=None)
    mark = scene.camera.square_rect(square)
    mark.h += px(COACH_TAG_ROOM)
    assert label is not None and not label.colliderect(mark)


def test_a_hint_brings_its_move_its_planned_fills_and_the_move_as_good_into_view() -> None:
    """A French trial saw the hinted tile and the fills it plans cut off at the board's
    bottom edge: when a hint comes, every square it is about (``hint_key``) comes into view
    with a square of room around it for its labels, the view panned from where it was."""
    import pygame
    from shots import SHOTS, frames

    from cacao_game.app.play.advice import hint_key

    app = make_app((1366, 768), Settings(sound=False))
    SHOTS["hint"](app)
    scene = app.top
    advice = scene.source.advice
    squares = hint_key(advice)
    scene.camera.target_center += pygame.Vector2(0, -6)
    scene.camera.snap()
    assert not scene.camera.contains(squares, 1)
    frames(app, 3, [app.intents.event_for("hint")])
    frames(app, 20)
    assert scene.source.advice == advice
    assert scene.camera.contains(squares, 1)


def test_a_label_does_not_flee_below_a_panel_at_the_bottom_of_the_board() -> None:
    """A trial saw the considered move's label at the board's bottom edge, far from its
    square, with the hint's panel in the view's bottom corner: a panel is gone below only
    where the view goes on below it; else the label stays by its square."""
    from dataclasses import replace

    import pygame
    from shots import SHOTS, frames

    app = make_app((1366, 768), Settings(sound=False))
    SHOTS["hint"](app)
    scene = app.top
    frames(app, 120)
    advice = scene.source.advice
    view = scene.camera.viewport
    panel = pygame.Rect(view.right - view.w // 3 - 4, view.bottom - 120, view.w // 3, 116)
    frame = scene.frame
    assert frame.coach is not None
    label = scene.board.yield_pill(
        app.screen,
        replace(frame, coach=replace(frame.coach, box=tuple(panel))),
        advice.action,
        hinted=True,
        border=None,
    )
    square = scene.camera.square_rect(advice.action.pos)
    assert label is not None and not label.colliderect(panel)
    assert abs(label.centery - square.centery) < 2 * square.h, (label, square)


def test_a_label_with_no_free_place_covers_the_least_and_stays_by_its_square() -> None:
    """A French trial saw a hint's label over the row above its square on a full board, the
    room beside it mostly empty: with every place near the square covering a tile, the label
    takes the one covering the least, and a spare place far from the square (below a panel)
    only when it covers nothing."""
    import pygame

    from cacao_game.app.play.paint import Painter

    app = make_app((1366, 768), Settings(sound=False))
    painter = Painter(app.assets)
    surface = pygame.Surface((1366, 768))
    row = [pygame.Rect(x, 180, 40, 40) for x in range(400, 760, 40)]
    lone = [pygame.Rect(650, 300, 40, 40)]
    above, below = (600, 200), (600, 320)
    far = (600, 600)
    label = painter.pill(surface, "Hint: +2 gold", above, others=[below], spare=[far], avoid=[*row, *lone])
    assert label.collidelist(row) < 0 and abs(label.centery - below[1]) <= 1, label
    crowded = [*row, pygame.Rect(560, 300, 80, 40)]
    label = painter.pill(surface, "Hint: +2 gold", above, others=[below], spare=[far], avoid=crowded)
    assert abs(label.centery - far[1]) <= 1, "a spare place is taken when it covers nothing"
    everywhere = [*crowded, pygame.Rect(500, 580, 200, 40)]
    label = painter.pill(surface, "Hint: +2 gold", above, others=[below], spare=[far], avoid=everywhere)
    assert abs(label.centery - below[1]) <= 1, "not the spare one when it covers a tile too"


def test_a_label_wider_than_the_room_beside_a_panel_moves_beside_it_wrapped() -> None:
    """A German trial's yield label during a fill lay under the temples panel, its start (the
    player's own gain) hidden: every place near the square met the panel, and the label was
    wider than the room beside it. It now goes beside the panel, wrapped to that room, at its
    square's height, off the panel and inside the board."""
    import pygame

    painter, surface = painter_on((1280, 720))
    view = pygame.Rect(16, 80, 700, 484)
    temples = pygame.Rect(24, 88, 212, 104)
    text = (
        "+1 cacao, +4 gold with your choices · +6 gold at the temples as they stand now · "
        "opens 3 squares to the others"
    )
    assert painter.assets.font(20, "bold").size(text)[0] > view.right - temples.right
    above, below = (366, 184), (366, 260)
    panels = [temples, pygame.Rect(16, 240, 700, 40)]  # below the square: another panel
    label = painter.pill(surface, text, above, inside=view, others=[below], avoid=panels, must_avoid=panels)
    assert not label.colliderect(temples), label
    assert view.contains(label) and label.left >= temples.right
    one_line = painter.text_image(text, 20, "bold").get_height()
    assert label.h > 1.5 * one_line, "wrapped onto more lines"


def test_the_reviews_move_tags_stay_off_its_panel() -> None:
    """A playtest saw the review's "better" tag cut to "bet" under the review's panel. With a
    panel right above the better square, where its tag would go, the tag is drawn below."""
    from dataclasses import replace

    import pygame
    from shots import SHOTS, frames

    from cacao_game.app import theme
    from cacao_game.app.play.advice import draw_coach
    from cacao_game.app.strings import t
    from cacao_game.engine import Resolve

    app = make_app((1366, 768), Settings(sound=False))
    SHOTS["review"](app)
    scene = app.top
    session = scene.review
    decision = session.here()
    assert decision is not None and not isinstance(decision.best, Resolve) and decision.mark != "good"
    square = scene.camera.square_rect(decision.best.pos)
    panel = pygame.Rect(0, 0, 6 * square.w, square.h)
    panel.midbottom = (round(square.centerx), round(square.top) - 2)
    frames(app, 2)
    app.draw(app.screen)
    coach = scene.frame.coach
    assert coach is not None and any(mark.outline == "better" for mark in coach.marks)
    with theme.text_audit() as drawn:
        draw_coach(scene, app.screen, replace(coach, box=(panel.x, panel.y, panel.w, panel.h)))
    tags = [text.rect for text in drawn if text.text == t("review.better_tag")]
    assert tags and not any(tag.colliderect(panel) for tag in tags)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), *SIZES])
def test_the_word_naming_a_seat_total_stands_beside_it(size: tuple[int, int], language: str) -> None:
    """A playtest saw "projected" touch the tiles' icon below it; two trials later read "score
    now" under the total as the caption of the tiles left under it: in every seat panel the
    word stands left of the total, whole, within the total's height, right of the name's room
    and above the counts' row."""
    from shots import SHOTS

    from cacao_game.app import theme
    from cacao_game.app.play.hud import HEAD_NAME_RIGHT, seat_parts
    from cacao_game.app.scale import px
    from cacao_game.app.strings import t

    app = make_app(size, Settings(sound=False, language=language))
    SHOTS["place"](app)
    scene = app.top
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    words = t("play.projected").split()
    for view in scene.frame.seats:
        panel = scene.hud.panel_rect(view.seat)
        inside = [text for text in drawn if panel.contains(text.rect)]
        lines = [text for text in inside if text.text in words]
        assert [text.text for text in lines] == words
        total = next(text.rect for text in inside if text.text == str(view.total))
        for line in lines:
            assert line.rect.right <= total.left and line.rect.left >= panel.x + px(HEAD_NAME_RIGHT)
            assert total.top <= line.rect.top and line.rect.bottom <= total.bottom
            assert line.rect.bottom <= seat_parts(panel).tiles.top


@pytest.mark.parametrize("size", [(1280, 720), *SIZES])
def test_a_join_form_notice_keeps_off_its_fields_and_buttons(size: tuple[int, int]) -> None:
    """A trial's "This field holds at most 24 characters." lay over Watch and Join: on the
    Join form a notice lies under the last field, over no field and no button."""
    from shots import SHOTS, frames

    from cacao_game.app.widgets import Button, TextInput

    app = make_app(size, Settings(sound=False))
    SHOTS["join"](app)
    app.notify("This field holds at most 24 characters.")
    frames(app, 2)
    app.draw(app.screen)
    toast = app.toast_rect
    widgets = [w.rect for w in app.top.widgets if isinstance(w, Button | TextInput)]
    assert toast is not None and len(widgets) == 7 and toast.collidelist(widgets) < 0


@pytest.mark.parametrize("size", [(1280, 720), (1728, 972), *SIZES])
def test_the_menus_notices_keep_off_its_buttons(size: tuple[int, int]) -> None:
    """A trial's start with a settings file of wrong types drew three lines of notices over
    Quit: the menu's notices lie above its buttons' panel, however many lines they take."""
    from shots import SHOTS, frames

    from cacao_game.app.scale import px
    from cacao_game.app.strings import t
    from cacao_game.app.widgets import Button

    app = make_app(size, Settings(sound=False))
    SHOTS["menu"](app)
    app.notify(
        " ".join(
            [
                t("settings.refused"),
                "Settings file: AI pacing and Interface size had values the game cannot use and are back to "
                "their defaults; change them in Settings. The last game's set-up could not be read: New game "
                "starts from the defaults.",
            ]
        )
    )
    frames(app, 2)
    app.draw(app.screen)
    toast = app.toast_rect
    buttons = [w.rect for w in app.top.widgets if isinstance(w, Button)]
    assert toast is not None and toast.height > 2 * px(24), "a notice of more than one line"
    assert len(buttons) >= 7 and toast.collidelist(buttons) < 0


@pytest.mark.parametrize("size", [(1280, 720), *SIZES])
def test_a_settings_notice_keeps_off_its_buttons(size: tuple[int, int]) -> None:
    """A trial's notice about a key taken from two actions lay over Back and Reset keys for
    seconds: on the settings screen a notice lies between the two buttons."""
    from shots import SHOTS, frames

    from cacao_game.app.strings import t
    from cacao_game.app.widgets import Button

    app = make_app(size, Settings(sound=False))
    SHOTS["settings"](app)
    app.notify(
        'Hint: Space (was Q) · Space was also bound to "Confirm": removed there · Space was the key for '
        '"Skip animation", which now uses Q'
    )
    frames(app, 2)
    app.draw(app.screen)
    toast = app.toast_rect
    labels = (t("common.back"), t("settings.reset_keys"))
    buttons = [w.rect for w in app.top.widgets if isinstance(w, Button) and w.label in labels]
    assert len(buttons) == 2 and toast is not None and toast.collidelist(buttons) < 0


def test_a_label_beside_the_temples_panel_moves_up_or_down_off_a_mark_there() -> None:
    """A trial's hint label, wider than the room beside the temples panel, lay under the
    panel with its first words hidden: wrapped beside the panel at its square's height, it
    met the hinted square's tag there, so the whole place was dropped. It now takes the
    nearest height above or below that meets nothing it must avoid."""
    import pygame

    painter, surface = painter_on((1366, 768))
    view = pygame.Rect(18, 86, 966, 516)
    temples = pygame.Rect(25, 92, 285, 110)
    text = (
        "Hint: +1 water step with your choices · +6 gold at the temples as things stand · "
        "Hard AI +1 cacao · opens 4 squares to the others"
    )
    above = (661, 164)
    mark = pygame.Rect(628, 178, 68, 88)  # the hinted square with its tag's room
    musts = [temples, mark]
    label = painter.pill(surface, text, above, inside=view, avoid=musts, must_avoid=musts)
    assert label.collidelist(musts) < 0, label
    assert view.contains(label) and label.left >= temples.right


def painter_on(size: tuple[int, int]) -> tuple[Painter, pygame.Surface]:
    """A table's painter with the assets of an app of ``size``, and a surface of that size."""
    import pygame

    from cacao_game.app.play.paint import Painter

    app = make_app(size, Settings(sound=False))
    return Painter(app.assets), pygame.Surface(size)


def _hovered_labels(app, scene):  # type: ignore[no-untyped-def]
    """Each legal square in view with a yield label, hovered: the square, a few pixels in
    from its edges, and where its label was drawn."""
    import pygame
    from shots import hover

    from cacao_game.app import theme

    for pos in scene.turn.targets():
        action = scene.turn.action_at(pos)
        center = scene.camera.square_center(pos)
        if action is None or not scene.camera.viewport.collidepoint(center):
            continue
        hover(app, (round(center.x), round(center.y)))
        label = scene.frame.previews.get(action)
        if label is None:
            continue
        with theme.text_audit() as drawn:
            app.draw(app.screen)
        (text,) = [text for text in drawn if text.text == label]
        yield pos, pygame.Rect(scene.camera.square_rect(pos)).inflate(-8, -8), text.rect


def test_a_move_preview_label_never_covers_its_own_square_on_a_full_board() -> None:
    """A trial's hint label lay across a full row of tiles and hid the hinted overbuild
    square itself, the rows beyond it free. On a late, crowded board every legal square's
    label keeps off its own square and off the laid tiles: near the square where a place is
    free at its width or wrapped narrower, else beside the laid tiles, at most three squares
    away (8 of these 18 labels lay over tiles before)."""
    from shots import late_board, table

    app = make_app((1366, 768), Settings(sound=False))
    scene = table(app, late_board(5, 40))
    scene.fit_board(snap=True)
    own_covered, on_tiles, checked = [], 0, 0
    for pos, square, label in _hovered_labels(app, scene):
        if label.colliderect(square):
            own_covered.append(pos)
        on_tiles += label.collidelist(_laid_tiles(scene)) >= 0
        checked += 1
    assert checked >= 6 and own_covered == []
    assert on_tiles == 0, (on_tiles, checked)


@pytest.mark.parametrize("seed", [5, 7])
def test_a_coach_tag_keeps_off_the_tiles_and_its_square_on_a_full_board(seed: int) -> None:
    """Trials saw the hint's "about as good" tag and the review's "better" and "played" tags
    hide half a neighbouring tile. On a late, crowded board, a tag for any legal square lies
    clear of the laid tiles and of its own square (before: the hint's tag lay over tiles for
    11 of 17 squares on seed 5, the review's for 4)."""
    import pygame
    from shots import late_board, table

    from cacao_game.app import theme
    from cacao_game.app.play.advice import draw_coach
    from cacao_game.app.play.frame import CoachMark, CoachView

    app = make_app((1366, 768), Settings(sound=False))
    scene = table(app, late_board(seed, 36))
    scene.fit_board(snap=True)
    tiles, checked, covering = _laid_tiles(scene), 0, []
    for pos in scene.turn.targets():
        action = scene.turn.action_at(pos)
        if action is None or not scene.camera.viewport.collidepoint(scene.camera.square_center(pos)):
            continue
        square = pygame.Rect(scene.camera.square_rect(pos)).inflate(-8, -8)
        for outline, tag in (("other", "about as good"), ("better", "better"), ("played", "played")):
            view = CoachView(
                (1000, 90, 300, 200), "Hint", ("",), "hint", (), (CoachMark(pos, action, 190, outline, tag),)
            )
            with theme.text_audit() as drawn:
                draw_coach(scene, app.screen, view, scene.board.marked_in_view(scene.frame))
            (text,) = [text for text in drawn if text.text == tag]
            if text.rect.collidelist([*tiles, square]) >= 0:
                covering.append((pos, outline))
            checked += 1
    assert checked >= 30 and covering == []


@pytest.mark.parametrize("seed", [3, 10, 24])
def test_a_resolution_popup_leaves_the_tiles_in_view_on_a_late_board(seed: int) -> None:
    """A trial saw the workers' popup stay over eight tiles late in a 4-player game at
    1280x720, the room left of it and below the temples panel empty: the board was tried
    only beside one panel at a time. It now lies clear of both (on these boards 7, 8 and 13
    tiles lay under the popup before)."""
    import pygame
    from shots import frames, late_table

    from cacao_game.engine import Phase

    app, scene = late_table((1280, 720), seed, 28, Phase.RESOLVE)
    frames(app, 90)
    popup = scene.hud.popup_rect(scene.turn.outcomes())
    panel = scene.board.temples_panel()
    assert panel is not None
    for pos in scene.board_squares():
        square = pygame.Rect(scene.camera.square_rect(pos)).inflate(-6, -6)
        assert not square.colliderect(popup) and not square.colliderect(panel), pos


def test_a_move_preview_label_keeps_off_the_other_legal_squares_where_it_can() -> None:
    """A trial saw yield labels hide half a row of legal squares (the dashed "+"). A label
    takes the first place near its square that covers neither a tile nor another legal
    square, where there is one; else it is placed as before. On this board at 1280x720, 11
    of 15 labels lay over a legal square before."""
    import pygame
    from shots import late_board, table

    app = make_app((1280, 720), Settings(sound=False))
    scene = table(app, late_board(3, 20))
    scene.fit_board(snap=True)
    on_legal, checked = 0, 0
    for pos, _square, label in _hovered_labels(app, scene):
        others = [
            pygame.Rect(scene.camera.square_rect(p)).inflate(-8, -8) for p in scene.turn.targets() if p != pos
        ]
        on_legal += label.collidelist(others) >= 0
        assert label.collidelist(_laid_tiles(scene)) < 0
        checked += 1
    assert checked >= 12 and on_legal <= 4, (on_legal, checked)


def test_a_label_wrapped_onto_lines_keeps_its_words_inside_its_box() -> None:
    """A trial saw a three-line hint label drawn as a pill, its first and last words running
    into the curve of its ends. A label wrapped onto several lines is a rounded box whose
    corners leave every line's ends on the box."""
    import pygame

    from cacao_game.app import theme
    from cacao_game.app.play.paint import Painter

    app = make_app((1366, 768), Settings(sound=False))
    painter = Painter(app.assets)
    surface = pygame.Surface((1366, 768))
    backdrop = pygame.Color(0, 255, 0)
    surface.fill(backdrop)
    text = "Hint: -1 cacao, +2 gold, +3 water steps with your choices · +6 gold at the temples " * 2
    inside = pygame.Rect(100, 100, 420, 500)
    with theme.text_audit() as drawn:
        label = painter.pill(surface, text, inside.center, inside=inside, border=None)
    (written,) = [found.rect for found in drawn if found.text == text]
    assert label.h > 3 * painter.assets.font(20, "bold").get_linesize(), "wrapped onto several lines"
    for corner in (written.topleft, written.bottomleft, written.topright, written.bottomright):
        x = min(max(corner[0], label.left), label.right - 1)
        y = min(max(corner[1], label.top), label.bottom - 1)
        assert surface.get_at((x, y)) != backdrop, corner


def test_a_label_set_apart_from_its_square_is_led_to_it_by_a_line() -> None:
    """A label set beside the laid tiles, away from its square, is joined to that square by a
    thin line (a label far from its move was read as another square's); one by its square
    gets none."""
    import pygame
    from shots import SHOTS, frames

    app = make_app((1366, 768), Settings(sound=False))
    SHOTS["place"](app)
    frames(app, 3)
    scene = app.top
    board = scene.board
    pos = next(iter(scene.turn.targets()))
    square = pygame.Rect(scene.camera.square_rect(pos))
    near = square.move(0, -square.h - 4)
    assert board.leader(app.screen, near, pos, pygame.Color("gold")) == []
    far = square.move(0, 4 * square.h)
    (line,) = board.leader(app.screen, far, pos, pygame.Color("gold"))
    assert line.colliderect(square) and line.colliderect(far)
