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
