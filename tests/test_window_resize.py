"""A window manager's resize (drag, maximise) lays the app out anew (issue 21, fault 3).

Under SDL's dummy driver the window is real enough: ``pygame.Window.size`` resizes it and
SDL posts the same window events a desktop's window manager makes it post.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import pygame
import pytest

from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.main import MIN_WINDOW, minimum_window
from cacao_game.config.settings import Settings
from tests.app_support import make_scene


@pytest.fixture
def window(user_home: object) -> Iterator[pygame.Window]:
    """A resizable 1920x1080 display window, closed afterwards."""
    pygame.display.init()
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        yield pygame.Window.from_display_module()
    pygame.display.quit()


def resized(app: App, window: pygame.Window, size: tuple[int, int]) -> list[int]:
    """Resize ``window`` as a window manager would; one frame of the app. The window event
    types SDL posted."""
    window.size = size
    events = pygame.event.get()
    app.step(events, 1 / 60)
    return [event.type for event in events]


def inside(app: App) -> pygame.Rect:
    """The union of the table's layout anchors, which must fill the screen."""
    scene = app.top
    rects = list(scene.hud.anchors.values())  # type: ignore[union-attr]
    return rects[0].unionall(rects[1:])


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (2560, 1440), (1600, 1200)])
def test_the_table_follows_every_resize(window: pygame.Window, size: tuple[int, int]) -> None:
    """Shrink or maximise the window: the next frame lays out at the new size; the hand, the
    display and Confirm stay on screen and no strip is left empty."""
    screen = pygame.display.get_surface()
    app = App(screen, Settings(animation_speed="instant", ai_pacing=0.0, sound=False), router=router())
    scene = make_scene(app, ["human", "easy"], seed=3)
    posted = resized(app, window, size)
    assert set(posted) & {pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED}
    assert app.scale.size == size and app.screen.get_size() == size
    area = pygame.Rect((0, 0), size)
    for name in ("hand", "display", "board", "jungle_pile"):
        assert area.contains(scene.hud.anchors[name]), name
    for button in scene.hud.action_buttons():
        assert area.contains(button.rect)
    used = inside(app)
    assert area.contains(used)
    assert used.w >= size[0] * 0.95 or used.h >= size[1] * 0.95, "the layout fills the window one way"
    app.draw(app.screen)


def test_the_menus_tiles_follow_a_resize(window: pygame.Window) -> None:
    """A trial resized the window at the menu: its decor tiles kept the size they had, too
    large, one over another and cut at the edge. They take the new screen's size."""
    from cacao_game.app.scale import px
    from cacao_game.app.scenes.menu import MenuScene

    screen = pygame.display.get_surface()
    app = App(screen, Settings(animation_speed="instant", ai_pacing=0.0, sound=False), router=router())
    app.home()
    menu = app.top
    assert isinstance(menu, MenuScene)
    app.step([], 1 / 60)
    app.draw(app.screen)
    before = menu.decor()[0][0].get_width()
    resized(app, window, (1280, 720))
    app.draw(app.screen)
    after = menu.decor()[0][0].get_width()
    assert after < before * 0.8, (before, after)
    tile = app.assets.jungle_tile("plantation1", px(190))
    assert after <= tile.get_width() * 1.5


def test_each_window_size_event_alone_lays_out_again(window: pygame.Window) -> None:
    """Any one of the three events a window manager may send is enough."""
    screen = pygame.display.get_surface()
    app = App(screen, Settings(sound=False), router=router())
    app.home()
    for number, kind in enumerate((pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)):
        size = (1400 + 100 * number, 800 + 50 * number)
        window.size = size
        pygame.event.get()  # SDL's own events dropped: only ``kind`` is handed to the app
        app.step([pygame.event.Event(kind, w=size[0], h=size[1], x=size[0], y=size[1])], 1 / 60)
        assert app.scale.size == size, pygame.event.event_name(kind)


def test_the_window_is_never_smaller_than_the_minimum(window: pygame.Window) -> None:
    """The smallest window is the smallest design size (1280x720), or the desktop if smaller."""
    assert minimum_window((3840, 2160)) == MIN_WINDOW == (1280, 720)
    assert minimum_window((1024, 600)) == (1024, 600)
    window.minimum_size = minimum_window((1920, 1080))
    screen = pygame.display.get_surface()
    app = App(screen, Settings(sound=False), router=router())
    app.home()
    resized(app, window, (640, 360))
    assert window.size == (1280, 720) and app.scale.size == (1280, 720)


def test_a_lower_window_still_shows_the_whole_board(window: pygame.Window) -> None:
    """Playtest: made lower (1920x1080 to 1600x720) the table kept its zoom by the width's
    change and cut off the board's top and bottom rows until Home. A camera that follows the
    board fits it to the new view at once; one the player moved keeps what it showed."""
    screen = pygame.display.get_surface()
    app = App(screen, Settings(animation_speed="instant", ai_pacing=0.0, sound=False), router=router())
    scene = make_scene(app, ["human"] * 4, seed=5)
    rng = random.Random(3)
    for _ in range(50):
        scene.show(scene.source.play(rng.choice(scene.source.game.legal_actions())))  # type: ignore[union-attr]
        scene.timeline.finish()
    scene.fit_board(snap=True)
    app.step([], 1 / 60)
    resized(app, window, (1600, 720))
    scene.camera.snap()
    view = scene.camera.viewport
    assert all(view.contains(scene.board.rect(pos)) for pos in scene.board_squares())
