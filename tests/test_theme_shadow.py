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


def _noise(size: tuple[int, int]) -> pygame.Surface:
    """A background of every shade (a shadow's change shows on each)."""
    surface = pygame.Surface(size)
    for y in range(size[1]):
        for x in range(0, size[0], 8):
            surface.fill(((x * 7 + y) % 256, (x + y * 5) % 256, (x * 3 + y * 11) % 256), (x, y, 8, 1))
    return surface


def _largest_difference(a: pygame.Surface, b: pygame.Surface) -> int:
    pairs = zip(pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB"), strict=True)
    return max((abs(p - q) for p, q in pairs), default=0)


@pytest.mark.parametrize("alpha", [theme.SOLID_FILL, 245, 255])
def test_a_solid_panels_shadow_is_drawn_only_around_its_fill(alpha: int) -> None:
    """A panel whose fill is ``SOLID_FILL`` or more opaque (popups, tooltips) has its shadow
    drawn only around its fill (``fill_inside``): the pixels equal the shadow drawn whole
    outside it and differ by at most two levels of 255 under it (none under an opaque fill)."""
    pygame.init()
    rect = pygame.Rect(60, 50, 300, 160)
    radius = px(theme.RADIUS)
    drawn = _noise((480, 300))
    whole = drawn.copy()
    theme.draw_panel(drawn, rect, alpha=alpha)
    theme.draw_shadow(whole, rect, radius)
    theme.draw_panel(whole, rect, alpha=alpha, shadow=False)
    inside = theme.fill_inside(rect, radius)
    assert inside.h == rect.h - 2 * radius
    assert _largest_difference(drawn, whole) <= (0 if alpha == 255 else 2)
    for part in theme.uncovered(drawn.get_rect(), [inside]):
        assert pygame.image.tobytes(drawn.subsurface(part), "RGB") == pygame.image.tobytes(
            whole.subsurface(part), "RGB"
        )
    translucent = _noise((480, 300))
    full = translucent.copy()
    theme.draw_panel(translucent, rect, alpha=theme.SOLID_FILL - 5)
    theme.draw_shadow(full, rect, radius)
    theme.draw_panel(full, rect, alpha=theme.SOLID_FILL - 5, shadow=False)
    assert _largest_difference(translucent, full) == 0  # a lighter fill keeps its whole shadow


def test_a_button_casts_its_shadow_only_around_its_fill(tmp_path, monkeypatch) -> None:
    """A button's fill is opaque: its shadow left out under the fill changes no pixel."""
    from cacao_game.app.app import App
    from cacao_game.app.catalog import router
    from cacao_game.app.widgets import Button
    from cacao_game.config.settings import Settings

    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    app = App(pygame.Surface((400, 200)), Settings(sound=False), router=router())
    background = _noise((400, 200))
    buttons = [
        Button(pygame.Rect(50, 40, 260, 80), "Confirm", lambda: None, style=style)
        for style in ("primary", "secondary")
    ]

    def drawn() -> list[bytes]:
        shown = []
        for button in buttons:
            surface = background.copy()
            button.draw(surface, app)
            shown.append(pygame.image.tobytes(surface, "RGB"))
        return shown

    around = drawn()
    draw_shadow = theme.draw_shadow
    monkeypatch.setattr(theme, "draw_shadow", lambda *a, under=(), **k: draw_shadow(*a, **k))
    assert drawn() == around
    shown = around
    assert shown[0] != pygame.image.tobytes(background, "RGB")
