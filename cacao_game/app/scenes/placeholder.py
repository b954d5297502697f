"""Stands in for the play scene until ``cacao_game.app.play`` exists."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.strings import kind_label, t
from cacao_game.app.widgets import Button
from cacao_game.config.game import GameConfig

if TYPE_CHECKING:
    from cacao_game.app.app import App


class PlaceholderScene(WidgetScene):
    """Shows the chosen game options and a Back button."""

    pausable = True

    def __init__(self, app: App, config: GameConfig) -> None:
        super().__init__(app)
        self.config = config

    def build(self) -> None:
        rect = pygame.Rect(0, 0, 320, 72)
        rect.midtop = (self.app.screen.get_width() // 2, 700)
        self.widgets = [Button(rect, t("common.back"), self.app.home, style="primary")]

    def back(self) -> None:
        self.app.home()

    def summary(self) -> str:
        """The options as one line."""
        seats = ", ".join(
            f"{s.name} ({t('color.' + s.color)}, {kind_label(s.kind)})" for s in self.config.seats
        )
        seed = f", seed {self.config.seed}" if self.config.seed is not None else ""
        return f"{seats}; {t('variant.' + self.config.variant)}{seed}"

    def draw_content(self, surface: pygame.Surface) -> None:
        panel = pygame.Rect(0, 0, 1100, 520)
        panel.center = (surface.get_width() // 2, 520)
        theme.draw_panel(surface, panel)
        theme.draw_title(self.app, surface, t("placeholder.title"), panel.y + 40, 56)
        font = self.app.assets.font(theme.BODY_SIZE)
        theme.draw_text(
            surface,
            font,
            t("placeholder.body", summary=self.summary()),
            (panel.centerx, panel.y + 180),
            theme.CREAM,
            anchor="midtop",
            width=panel.w - 120,
            align=pygame.FONT_CENTER,
        )
