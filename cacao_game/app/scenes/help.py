"""Help: every key from the current bindings plus a rules summary (seeds/RULES.md).

``HelpOverlay`` opens over any scene with F1 (closed by F1 or Esc); ``RulesScene`` is the same
page as a full screen from the menu. The scene below may add sections (``Scene.help_topics``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.intents import display_name
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.strings import RULES_SECTIONS, t
from cacao_game.app.widgets import Button

if TYPE_CHECKING:
    from cacao_game.app.app import App

PANEL = pygame.Rect(110, 60, 1700, 960)
KEYS_W = 640
ROW_H = 33
SCROLL_STEP = 60


class HelpOverlay(WidgetScene):
    """The F1 page over the current scene; the mouse wheel scrolls the rules column."""

    transparent = True
    modal = True
    is_help = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scroll = 0
        self.content_height = 0
        self.view_height = 700

    def build(self) -> None:
        close = pygame.Rect(0, 0, 220, 60)
        close.bottomright = (PANEL.right - 32, PANEL.bottom - 24)
        self.widgets = [Button(close, t("common.close"), self.back, style="primary")]

    def sections(self) -> list[tuple[str, str]]:
        """(title, text) sections of the rules column: the scene's own first, then the rules."""
        below = next((s for s in reversed(self.app.stack) if s is not self and not s.transparent), None)
        own = below.help_topics() if below is not None else []
        return [*own, (t("help.mouse_title"), t("help.mouse"))] + [
            (t(f"rules.{key}.title"), t(f"rules.{key}")) for key in RULES_SECTIONS
        ]

    def scroll_by(self, pixels: int) -> None:
        """Scroll the rules column, kept within its content."""
        self.scroll = max(0, min(self.scroll + pixels, max(0, self.content_height - self.view_height)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * SCROLL_STEP)
            return True
        intents = self.app.intents.of(event)
        if "pan_down" in intents or "pan_up" in intents:
            self.scroll_by(SCROLL_STEP if "pan_down" in intents else -SCROLL_STEP)
            return True
        return super().handle_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 170)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        theme.draw_panel(surface, PANEL, border=theme.GOLD, alpha=245)
        title = self.app.assets.font(56, "black")
        theme.draw_text(
            surface, title, t("help.title"), (PANEL.centerx, PANEL.y + 24), theme.GOLD, anchor="midtop"
        )
        self._draw_keys(surface, pygame.Rect(PANEL.x + 40, PANEL.y + 110, KEYS_W, PANEL.h - 210))
        self._draw_rules(
            surface, pygame.Rect(PANEL.x + KEYS_W + 90, PANEL.y + 110, PANEL.w - KEYS_W - 130, PANEL.h - 210)
        )
        hint = self.app.assets.font(theme.SMALL_SIZE)
        theme.draw_text(
            surface, hint, t("help.close"), (PANEL.x + 40, PANEL.bottom - 54), theme.MUTED, anchor="midleft"
        )
        for widget in self.widgets:
            widget.draw(surface, self.app)

    def _draw_keys(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        heading = self.app.assets.font(theme.HEADING_SIZE - 8, "bold")
        theme.draw_text(surface, heading, t("help.keys"), area.topleft, theme.GOLD)
        font = self.app.assets.font(theme.SMALL_SIZE + 1)
        key_font = self.app.assets.font(theme.SMALL_SIZE - 1, "bold")
        y = area.y + 52
        bindings = self.app.intents.bindings
        for i, intent in enumerate(bindings):
            row = pygame.Rect(area.x, y, area.w, ROW_H - 4)
            if i % 2 == 0:
                pygame.draw.rect(surface, (*theme.PANEL_LIGHT[:3],), row, border_radius=8)
            theme.draw_text(
                surface, font, t(f"intent.{intent}"), (row.x + 14, row.centery), theme.CREAM, anchor="midleft"
            )
            x = row.right - 10
            for key in reversed(bindings[intent]):
                label = key_font.render(display_name(key), True, theme.INK)
                cap = label.get_rect().inflate(18, 8)
                cap.midright = (x, row.centery)
                pygame.draw.rect(surface, theme.SAND, cap, border_radius=6)
                pygame.draw.line(surface, theme.GOLD_DARK, cap.bottomleft, cap.bottomright, 3)
                surface.blit(label, label.get_rect(center=cap.center))
                x = cap.left - 8
            y += ROW_H
            if y + ROW_H > area.bottom:
                break

    def _rules_surface(self, sections: tuple[tuple[str, str], ...], width: int) -> pygame.Surface:
        """All rules sections rendered once into one tall surface (cached)."""
        key = (sections, width)
        if getattr(self, "_rules_key", None) != key:
            sub = self.app.assets.font(theme.BODY_SIZE - 2, "bold")
            font = self.app.assets.font(theme.SMALL_SIZE + 1)
            blocks = []
            for title, text in sections:
                blocks.append((sub.render(title, True, theme.SAND), 6))
                font.align = pygame.FONT_LEFT
                blocks.append((font.render(text, True, theme.CREAM, None, width - 10), 22))
            layer = pygame.Surface(
                (width, max(1, sum(b.get_height() + gap for b, gap in blocks))), pygame.SRCALPHA
            )
            y = 0
            for block, gap in blocks:
                layer.blit(block, (0, y))
                y += block.get_height() + gap
            self._rules_key, self._rules_image = key, layer
        return self._rules_image

    def _draw_rules(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        heading = self.app.assets.font(theme.HEADING_SIZE - 8, "bold")
        theme.draw_text(surface, heading, t("help.rules"), area.topleft, theme.GOLD)
        body = area.inflate(0, -52).move(0, 26)
        text = self._rules_surface(tuple(self.sections()), body.w)
        self.content_height = text.get_height()
        self.view_height = body.h
        surface.blit(text, body.topleft, pygame.Rect(0, self.scroll, body.w, body.h))
        if self.content_height > body.h:
            track = pygame.Rect(area.right + 14, body.y, 6, body.h)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=3)
            size = max(40, body.h * body.h // self.content_height)
            pos = (body.h - size) * self.scroll // max(1, self.content_height - body.h)
            pygame.draw.rect(surface, theme.GOLD_DARK, (track.x, track.y + pos, 6, size), border_radius=3)


class RulesScene(HelpOverlay):
    """The help page as its own screen (from the menu's Rules button)."""

    transparent = False
    modal = False

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.draw_backdrop(self.app, surface, 70)
