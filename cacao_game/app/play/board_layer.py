"""The board's still picture: the backdrop under the board with its tiles, drawn once.

Every frame of the table starts with the backdrop (``Hud.chrome``) and the board's tiles.
The tiles are many translucent images, blended one by one, and they change only when a move
lands on the board, the camera moves or the art changes. ``BoardLayer`` keeps the part of
the backdrop under the board's viewport with the tiles drawn on it in one opaque layer the
size of the viewport, and draws a frame's start with as many pixels copied as the backdrop
alone: the backdrop around the viewport, then the layer.

The layer is (re)drawn only when its key has stayed the same for two frames in a row: while
the camera glides or zooms, the key changes every frame and the tiles are drawn directly, so
a moving view costs no more than without the layer. The key is the caller's: everything the
tiles are drawn from (the shown board, the camera, the colours and the art set).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

DrawTiles = Callable[[pygame.Surface, tuple[int, int]], None]
"""Draws the board's tiles on a surface whose top-left pixel is the given screen point."""


class BoardLayer:
    """The backdrop under the board with the tiles on it; see the module docstring."""

    def __init__(self) -> None:
        """Nothing is drawn until two frames agree on the key."""
        self._layer: pygame.Surface | None = None
        self._drawn: tuple[pygame.Surface, pygame.Rect, Hashable] | None = None
        """The chrome, viewport and key the layer shows."""
        self._seen: tuple[pygame.Surface, pygame.Rect, Hashable] | None = None
        """Those of the last frame."""

    def clear(self) -> None:
        """Drop the layer (the table is leaving or its size changed)."""
        self._layer = None
        self._drawn = None
        self._seen = None

    def draw(
        self,
        surface: pygame.Surface,
        chrome: pygame.Surface,
        viewport: pygame.Rect,
        key: Hashable,
        draw_tiles: DrawTiles,
    ) -> None:
        """Put ``chrome`` (the size of ``surface``) and the tiles of ``key`` on ``surface``,
        the tiles clipped to ``viewport``: from the layer when it shows them, else drawn."""
        view = viewport.clip(surface.get_rect())
        state = (chrome, view, key)
        if not view.w or not view.h:
            surface.blit(chrome, (0, 0))
            return
        if self._drawn is None or not _same(self._drawn, state):
            if self._seen is None or not _same(self._seen, state):
                self._seen = state
                self._draw_direct(surface, chrome, view, draw_tiles)
                return
            self._redraw(chrome, view, draw_tiles)
            self._drawn = state
        assert self._layer is not None
        for strip in _around(surface.get_rect(), view):
            surface.blit(chrome, strip, strip)
        surface.blit(self._layer, view)

    @staticmethod
    def _draw_direct(
        surface: pygame.Surface, chrome: pygame.Surface, view: pygame.Rect, draw_tiles: DrawTiles
    ) -> None:
        surface.blit(chrome, (0, 0))
        clip = surface.get_clip()
        surface.set_clip(view)
        draw_tiles(surface, (0, 0))
        surface.set_clip(clip)

    def _redraw(self, chrome: pygame.Surface, view: pygame.Rect, draw_tiles: DrawTiles) -> None:
        layer = self._layer
        if layer is None or layer.get_size() != view.size:
            layer = self._layer = pygame.Surface(view.size, 0, chrome)
        layer.blit(chrome, (0, 0), view)
        draw_tiles(layer, view.topleft)


def _same(
    a: tuple[pygame.Surface, pygame.Rect, Hashable], b: tuple[pygame.Surface, pygame.Rect, Hashable]
) -> bool:
    return a[0] is b[0] and a[1] == b[1] and a[2] == b[2]


def _around(screen: pygame.Rect, view: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``screen`` outside ``view`` (inside it), as up to four rectangles."""
    strips = [
        pygame.Rect(screen.left, screen.top, screen.w, view.top - screen.top),
        pygame.Rect(screen.left, view.bottom, screen.w, screen.bottom - view.bottom),
        pygame.Rect(screen.left, view.top, view.left - screen.left, view.h),
        pygame.Rect(view.right, view.top, screen.right - view.right, view.h),
    ]
    return [strip for strip in strips if strip.w > 0 and strip.h > 0]
