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
    xs = [x for x, _y in squares] or [0]
    ys = [y for _x, y in squares] or [0]
    columns, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    size = min(area.w / columns, area.h / rows)
    left = area.centerx - (columns * size) / 2 - min(xs) * size
    top = area.centery - (rows * size) / 2 - min(ys) * size
    return size, left, top


def draw_board(
    surface: pygame.Surface, area: pygame.Rect, game: Game, art: TileArt, colors: Sequence[str]
) -> pygame.Rect:
    """Every tile of ``game`` scaled to fit ``area`` (centred); returns the board's extent."""
    squares = board_squares(game)
    size, left, top = square_size(squares, area)
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
