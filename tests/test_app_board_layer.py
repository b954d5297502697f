"""The board layer draws the very pixels of drawing the board's tiles directly."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest
from app_support import make_scene

from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.play.board_layer import BoardLayer
from cacao_game.app.play.scene import PlayScene
from cacao_game.config.settings import Settings


@pytest.fixture
def app(tmp_path, monkeypatch) -> Iterator[App]:
    """An off-screen app with instant animations; user files under tmp_path."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    yield App(pygame.Surface((1600, 900)), Settings(animation_speed="instant", sound=False), router=router())


def play_some(scene: PlayScene, moves: int) -> None:
    """``moves`` seeded random decisions, shown at once."""
    rng = random.Random(5)
    for _ in range(moves):
        scene.show(scene.source.play(rng.choice(scene.game.legal_actions())))  # type: ignore[union-attr]
        scene.app.step([], 0.05)


def direct(scene: PlayScene, size: tuple[int, int]) -> pygame.Surface:
    """The backdrop and tiles drawn without a layer."""
    surface = pygame.Surface(size)
    surface.blit(scene.hud.chrome(size, len(scene.frame.seats)), (0, 0))
    surface.set_clip(scene.camera.viewport)
    assert scene.frame.board is not None
    scene.board.draw_tiles(surface, scene.frame.board)
    surface.set_clip(None)
    return surface


def layered(scene: PlayScene, layer: BoardLayer, size: tuple[int, int]) -> pygame.Surface:
    """The same through ``layer`` (one frame)."""
    surface = pygame.Surface(size)
    surface.fill((255, 0, 255))
    chrome = scene.hud.chrome(size, len(scene.frame.seats))
    board = scene.frame.board
    assert board is not None
    layer.draw(
        surface,
        chrome,
        scene.camera.viewport,
        scene.board.tiles_key(scene.frame),
        lambda target, origin: scene.board.draw_tiles(target, board, origin),
    )
    return surface


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return bytes(pygame.image.tobytes(a, "RGB")) == bytes(pygame.image.tobytes(b, "RGB"))


def test_the_layer_draws_what_direct_drawing_draws_and_follows_the_board(app: App) -> None:
    scene = make_scene(app, ["human", "human", "human"], seed=4)
    play_some(scene, 25)
    size = app.screen.get_size()
    layer = BoardLayer()
    expected = direct(scene, size)
    first = layered(scene, layer, size)
    assert same_pixels(first, expected)  # drawn directly: the key was new
    second = layered(scene, layer, size)
    assert same_pixels(second, expected)  # from the layer, drawn now
    assert same_pixels(layered(scene, layer, size), expected)  # from the layer as kept
    play_some(scene, 6)
    moved = direct(scene, size)
    assert not same_pixels(moved, expected)
    assert same_pixels(layered(scene, layer, size), moved)
    assert same_pixels(layered(scene, layer, size), moved)
    scene.camera.pan_pixels(37, -21, immediate=True)
    panned = direct(scene, size)
    assert same_pixels(layered(scene, layer, size), panned)
    assert same_pixels(layered(scene, layer, size), panned)


def test_the_scene_frame_is_unchanged_by_the_layer(app: App) -> None:
    """A whole frame of the table equals the frame drawn with the tiles drawn directly."""
    scene = make_scene(app, ["human", "human"], seed=9)
    play_some(scene, 20)
    app.step([], 0.0)
    app.step([], 0.0)
    with_layer = app.screen.copy()
    scene.board_layer = _NoLayer()
    app.draw(app.screen)
    assert same_pixels(with_layer, app.screen)


class _NoLayer(BoardLayer):
    """Always draws directly."""

    def draw(self, surface, chrome, viewport, key, draw_tiles) -> None:  # type: ignore[no-untyped-def]
        self._draw_direct(surface, chrome, viewport.clip(surface.get_rect()), draw_tiles)
