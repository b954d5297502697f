"""The thinking bar: under a timed computer seat's name, how much of its thinking time has
passed, filling from the left in the seat's colour.

It draws ``Frame.thinking`` and nothing else: the seat and the part of the time passed come
from the model side (``AILink.thinking``, on its injected clock); here they only become
pixels. A full bar stays full until the answer arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from cacao_game.app import theme
from cacao_game.app.play.frame import Frame
from cacao_game.app.play.layers import Part
from cacao_game.app.scale import px

BAR = (56, 69, 250, 4)
"""Design pixels of the bar inside a seat panel: x and y from the panel's corner (below the
seat's kind, above its counts), width and height."""


def bar_rect(panel: pygame.Rect) -> pygame.Rect:
    """Where the thinking bar of the seat panel ``panel`` is drawn."""
    x, y, w, h = BAR
    return pygame.Rect(panel.x + px(x), panel.y + px(y), px(w), max(2, px(h)))


def filled_width(rect: pygame.Rect, share: float) -> int:
    """The real pixels of ``rect``'s width filled for ``share`` (0 to 1) of the time passed."""
    return round(rect.w * min(1.0, max(0.0, share)))


def thinking_parts(
    frame: Frame,
    panel_rect: Callable[[int], pygame.Rect],
    seat_color: Callable[[str], pygame.Color],
) -> list[Part]:
    """The bar of the seat thinking in ``frame`` as a still part (``layers.Part``, keyed by
    the pixels it fills, so it is drawn again only when they change); none while no timed
    seat thinks. It lies over its panel's top, so it comes after the panels' parts."""
    if frame.thinking is None:
        return []
    seat, share = frame.thinking
    rect = bar_rect(panel_rect(seat))
    color = seat_color(frame.seats[seat].color)
    filled = filled_width(rect, share)
    draw = partial(draw_thinking_bar, rect=rect, filled=filled, color=color)
    return [Part(f"seat{seat}.thinking", rect, (filled, tuple(color)), draw)]


def draw_thinking_bar(surface: pygame.Surface, rect: pygame.Rect, filled: int, color: pygame.Color) -> None:
    """The bar's track over ``rect``, its first ``filled`` pixels in ``color``."""
    radius = rect.h // 2
    pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=radius)
    if filled > 0:
        pygame.draw.rect(surface, color, (rect.x, rect.y, filled, rect.h), border_radius=radius)
