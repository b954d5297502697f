"""Things drawn on top of each other that a playtest found (issue 22, items 10 and 13): at the
smallest, the design and the largest screen, each pair below is apart."""

from __future__ import annotations

import pytest
from shots import make_app, make_saves

from cacao_game.app.scenes.menu import MenuScene
from cacao_game.config.settings import Settings

SIZES = [(1366, 768), (1920, 1080), (3840, 2160)]


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
