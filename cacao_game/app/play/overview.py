"""A whole board drawn to fit a rectangle (the final board on the scoring screen).

Reads a game's tiles and draws them; it keeps nothing but the images its ``TileArt`` caches.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cacao_game.app.play.art import TileArt
from cacao_game.engine import Game
from cacao_game.engine.tiles import Pos

GAP = 0.04
"""Share of a square left free between neighbouring tiles."""


def board_squares(game: Game) -> list[Pos]:
    """Every square holding a tile."""
    return [*game.jungle, *game.workers]


def square_size(squares: Sequence[Pos], area: pygame.Rect) -> tuple[float, float, float]:
    """(size, left, top): the square size that fits ``squares`` in ``area``, and the screen
    point of world point (0, 0)."""
    return clear_fit(squares, area, ())


ROWS_AT = (0.5, 1.0, 0.0)
"""Where a board lower than its area may lie (share of the free room above it), in order of
preference: centred, then at the bottom, then at the top."""
COLUMNS_AT = tuple(sorted((k / 20 for k in range(21)), key=lambda share: (abs(share - 0.5), -share)))
"""Where a board narrower than its area may lie (share of the free room left of it), the
nearer the middle the better (the right before the left)."""


def clear_fit(
    squares: Sequence[Pos], area: pygame.Rect, blocked: Sequence[pygame.Rect]
) -> tuple[float, float, float]:
    """(size, left, top) as ``square_size``, the largest square size (to a hundredth of a
    pixel) at which ``squares`` lie in ``area`` with none on a ``blocked`` rect (a row of tabs
    at the top of the panel: a board whose corner is empty may rise beside it)."""
    xs = [x for x, _y in squares] or [0]
    ys = [y for _x, y in squares] or [0]
    columns, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    cells = [(x - min(xs), y - min(ys)) for x, y in squares]

    def placed(size: float) -> tuple[float, float] | None:
        free_w, free_h = area.w - columns * size, area.h - rows * size
        for share_y in ROWS_AT:
            for share_x in COLUMNS_AT:
                x0, y0 = area.x + free_w * share_x, area.y + free_h * share_y
                rects = [pygame.FRect(x0 + cx * size, y0 + cy * size, size, size) for cx, cy in cells]
                if not any(rect.colliderect(block) for rect in rects for block in blocked):
                    return x0, y0
        return None

    low, high = 0.0, min(area.w / columns, area.h / rows)
    corner = placed(high)
    if corner is None:
        corner = (area.x, area.y)
        while high - low > 0.01:
            middle = (low + high) / 2
            found = placed(middle)
            if found is None:
                high = middle
            else:
                low, corner = middle, found
        high = low
    return high, corner[0] - min(xs) * high, corner[1] - min(ys) * high


def draw_board(
    surface: pygame.Surface,
    area: pygame.Rect,
    game: Game,
    art: TileArt,
    colors: Sequence[str],
    fitted: tuple[float, float, float] | None = None,
) -> pygame.Rect:
    """Every tile of ``game`` scaled to fit ``area`` (centred), or at ``fitted`` (size, left,
    top, from ``clear_fit``); returns the board's extent."""
    squares = board_squares(game)
    size, left, top = fitted if fitted is not None else square_size(squares, area)
    inner = max(2.0, size * (1 - GAP))
    drawn = pygame.Rect(area.center, (0, 0))
    for pos, (code, rotation) in game.jungle.items():
        rect = pygame.Rect(
            round(left + pos[0] * size), round(top + pos[1] * size), round(inner), round(inner)
        )
        surface.blit(art.jungle(code, inner, rotation), rect)
        drawn.union_ip(rect)
    for pos, tile in game.workers.items():
        rect = pygame.Rect(
            round(left + pos[0] * size), round(top + pos[1] * size), round(inner), round(inner)
        )
        surface.blit(art.worker(colors[tile.seat], tile.tile, inner, tile.rotation), rect)
        drawn.union_ip(rect)
    return drawn
