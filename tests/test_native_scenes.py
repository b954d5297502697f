"""The scenes outside a game lay out at the display's own size, from 1280x720 to 2560x1440 and
at 16:10: every widget on screen, no two focusable widgets on top of each other, text rendered
at its real size; the Interface size setting takes effect at once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path

import harness
import pygame
import pytest

from cacao_game.app import routes, theme
from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.scenes.scoring import ScoringScene, replay_history
from cacao_game.app.scenes.settings import SettingsScene
from cacao_game.app.strings import t
from cacao_game.app.widgets import Cycler
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.config.settings import Settings
from cacao_game.engine.game import Game

SIZES = [(1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (1280, 800)]
CONFIG = GameConfig(
    [
        SeatConfig("Anastasia Longname", "red", "human"),
        SeatConfig("Bo", "purple", "random"),
        SeatConfig("Cy", "white", "human"),
        SeatConfig("Dee", "yellow", "random"),
    ],
    "volcano",
    21,
)


@pytest.fixture(scope="module")
def finished() -> tuple[Game, list[list[int]]]:
    """One finished 4-seat game and its score history."""
    game = harness.random_game(CONFIG, None, seed=4)
    return game, replay_history(game)


def make_app(size: tuple[int, int], settings: Settings | None = None) -> App:
    """An off-screen app of ``size`` at the menu, without sound or animations."""
    if not pygame.display.get_init():
        pygame.display.init()
    settings = settings or Settings(animation_speed="instant", ai_pacing=0.0, sound=False)
    app = App(pygame.Surface(size), settings, router=router())
    app.home()
    return app


def write_saves(game: Game) -> None:
    """A finished save, one mid-game, and a refused file."""
    from cacao_game.saves import save_game, saves_dir, slot_path

    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(slot_path("A rather long name for a saved game"), game, CONFIG, {})
    two = GameConfig([SeatConfig("Lena", "yellow", "human"), SeatConfig("Otto", "red", "random")], "base", 5)
    save_game(slot_path("quick"), harness.random_game(two, 12), two, {})
    (saves_dir() / "broken.json").write_text("{not json", encoding="utf-8")


def check_layout(app: App) -> None:
    """The top scene's widgets lie on screen and its focusable widgets do not overlap."""
    scene = app.top
    assert isinstance(scene, WidgetScene)
    screen = app.screen.get_rect()
    name = type(scene).__name__
    for widget in scene.widgets:
        if widget.visible:
            assert screen.contains(widget.rect), (name, widget, widget.rect, screen.size)
    focusable = [w for w in scene.focusable() if w.visible]
    for a, b in combinations(focusable, 2):
        assert not a.rect.colliderect(b.rect), (name, getattr(a, "label", a), getattr(b, "label", b))


def opened(app: App, game: Game, history: list[list[int]]) -> Iterator[str]:
    """Open each scene in turn (back at the menu in between); yields its name once shown."""
    openers: dict[str, Callable[[], object]] = {
        "setup": lambda: app.open(routes.Setup(CONFIG)),
        "settings": lambda: app.open(routes.SettingsPage()),
        "load": lambda: app.open(routes.Load()),
        "help": lambda: app.open(routes.Help()),
        "rules": lambda: app.open(routes.Rules()),
        "scoring": lambda: app.push(ScoringScene(app, game, CONFIG, history)),
        "confirm": lambda: app.open(routes.Confirm(t("pause.quit_confirm"), lambda: None, danger=True)),
        "pause": lambda: app.open(routes.Pause()),
    }
    for name, open_scene in openers.items():
        app.home()
        open_scene()
        harness.run(app, 3)
        yield name


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_scene_fits_the_screen(
    user_home: Path, finished: tuple[Game, list[list[int]]], size: tuple[int, int]
) -> None:
    """At each size every scene's widgets are on screen and focusable widgets never overlap."""
    game, history = finished
    write_saves(game)
    app = make_app(size)
    seen = []
    for name in opened(app, game, history):
        check_layout(app)
        seen.append(name)
    assert len(seen) == 8


def test_text_is_rendered_at_the_real_size(user_home: Path) -> None:
    """At 2560x1440 the body font is taller than at 1920x1080 (rendered, not scaled up)."""
    heights = []
    for size in ((1920, 1080), (2560, 1440)):
        app = make_app(size)
        heights.append(app.assets.font(theme.BODY_SIZE).get_height())
    assert heights[1] > heights[0]


def interface_size(scene: SettingsScene) -> Cycler:
    """The settings scene's Interface size row."""
    return next(w for w in scene.widgets if isinstance(w, Cycler) and w.label == t("settings.ui_scale"))


def test_interface_size_applies_at_once_and_still_fits(user_home: Path) -> None:
    """Choosing 100 % on a 2560x1440 screen draws at 1:1 at once; the scene lays out again
    and still fits. A choice above what fits says how far it goes."""
    app = make_app((2560, 1440))
    scene = app.open(routes.SettingsPage())
    harness.run(app)
    assert isinstance(scene, SettingsScene)
    cycler = interface_size(scene)
    labels = dict(cycler.options)
    assert labels["fit"] == t("settings.ui_scale.fit", percent=133)
    assert labels["125"] == t("settings.ui_scale.125")
    assert labels["150"] == t("settings.ui_scale_capped", choice=t("settings.ui_scale.150"), fit=133)
    wide = cycler.rect.w
    harness.click(app, (cycler.box().right - 10, cycler.rect.centery))
    assert app.settings.ui_scale == "100" and app.scale.factor == 1.0
    assert interface_size(scene).rect.w < wide
    check_layout(app)
    harness.press(app, "pause")
    assert app.top is not scene


def test_settings_rows_are_all_visible_at_720p(user_home: Path) -> None:
    """At 1280x720 every row of the General panel lies inside it, below its heading."""
    app = make_app((1280, 720))
    scene = app.open(routes.SettingsPage())
    harness.run(app)
    assert isinstance(scene, SettingsScene)
    panel = scene.widgets[0].rect
    rows = scene.widgets[2:10]
    assert len(rows) == 8
    for row in rows:
        assert panel.contains(row.rect)
