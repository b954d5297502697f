"""A generic modal yes/no dialog over the current scene."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.strings import t
from cacao_game.app.widgets import Button

if TYPE_CHECKING:
    from cacao_game.app.app import App

DIALOG_W = 860


class ConfirmDialog(WidgetScene):
    """``message`` with Yes / No. The dialog closes first, then the chosen callback runs.

    Esc means No; Enter activates the focused button (No is focused first: the safe choice).
    """

    transparent = True
    modal = True

    def __init__(
        self,
        app: App,
        message: str,
        on_yes: Callable[[], object],
        on_no: Callable[[], object] | None = None,
        *,
        title: str | None = None,
        yes: str | None = None,
        no: str | None = None,
        danger: bool = False,
    ) -> None:
        super().__init__(app)
        self.message = message
        self.title = title or t("confirm.title")
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes_label = yes or t("common.yes")
        self.no_label = no or t("common.no")
        self.danger = danger

    def panel_rect(self) -> pygame.Rect:
        """The dialog box, sized to the message."""
        font = self.app.assets.font(theme.BODY_SIZE)
        lines = font.render(self.message, True, theme.CREAM, None, DIALOG_W - 96).get_height()
        rect = pygame.Rect(0, 0, DIALOG_W, 250 + lines)
        rect.center = self.app.screen.get_rect().center
        return rect

    def build(self) -> None:
        panel = self.panel_rect()
        w = 260
        yes = pygame.Rect(0, 0, w, 68)
        no = pygame.Rect(0, 0, w, 68)
        yes.bottomright = (panel.centerx - 12, panel.bottom - 32)
        no.bottomleft = (panel.centerx + 12, panel.bottom - 32)
        self.widgets = [
            Button(yes, self.yes_label, self.yes, style="danger" if self.danger else "primary"),
            Button(no, self.no_label, self.no),
        ]

    def enter(self) -> None:
        super().enter()
        self.focus.index = 1
        self.focus.move(0)

    def yes(self) -> None:
        """Close, then run the yes callback."""
        self.app.pop()
        self.on_yes()

    def no(self) -> None:
        """Close, then run the no callback (if any)."""
        self.app.pop()
        if self.on_no is not None:
            self.on_no()

    def back(self) -> None:
        self.no()

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 150)
        panel = self.panel_rect()
        theme.draw_panel(surface, panel, border=theme.GOLD)
        heading = self.app.assets.font(theme.HEADING_SIZE, "bold")
        theme.draw_text(
            surface, heading, self.title, (panel.centerx, panel.y + 30), theme.GOLD, anchor="midtop"
        )
        font = self.app.assets.font(theme.BODY_SIZE)
        theme.draw_text(
            surface,
            font,
            self.message,
            (panel.centerx, panel.y + 100),
            theme.CREAM,
            anchor="midtop",
            width=DIALOG_W - 96,
            align=pygame.FONT_CENTER,
        )
        for widget in self.widgets:
            widget.draw(surface, self.app)
