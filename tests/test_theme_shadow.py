"""A panel's shadow, drawn once, shows the very pixels of the five nested rectangles it was
drawn as (pygame's ``draw`` writes pixels without blending them)."""

from __future__ import annotations

import pygame
import pytest

from cacao_game.app import theme
from cacao_game.app.scale import px


def nested(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    """The shadow as it was drawn before: five nested rounded rectangles."""
    spread = px(10)
    surface = pygame.Surface((size[0] + 2 * spread, size[1] + 2 * spread), pygame.SRCALPHA)
    for i in range(5):
        inset = spread * i // 5
        rect = surface.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(surface, (0, 0, 0, alpha // 5), rect, border_radius=radius + spread - inset)
    return surface


@pytest.mark.parametrize(
    ("size", "radius", "alpha"), [((300, 200), 36, 120), ((1368, 536), 36, 120), ((40, 30), 12, 90)]
)
def test_a_shadow_is_its_nested_rectangles_drawn_once(size: tuple[int, int], radius: int, alpha: int) -> None:
    pygame.init()
    once = theme._make_shadow(size, radius, alpha)
    assert pygame.image.tobytes(once, "RGBA") == pygame.image.tobytes(nested(size, radius, alpha), "RGBA")
    assert once.get_at((once.get_width() // 2, once.get_height() // 2)) == (0, 0, 0, alpha // 5)
    assert once.get_at((0, 0)).a == 0  # a rounded corner


def test_a_panel_draws_nothing_outside_its_area() -> None:
    """``panel_area`` (what the table draws again after a popup or a tooltip) holds the panel
    and its shadow."""
    pygame.init()
    surface = pygame.Surface((400, 300))
    surface.fill((255, 255, 255))
    rect = pygame.Rect(100, 80, 150, 90)
    theme.draw_panel(surface, rect)
    area = theme.panel_area(rect)
    changed = pygame.mask.from_threshold(surface, (255, 255, 255), (1, 1, 1, 255))
    changed.invert()
    assert changed.count() > 0
    assert pygame.Rect(changed.get_bounding_rects()[0].unionall(changed.get_bounding_rects())) == area
