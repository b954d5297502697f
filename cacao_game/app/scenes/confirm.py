"""A generic modal yes/no dialog over the current scene."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.scale import px
from cacao_game.app.scenes.base import DialogScene
from cacao_game.app.strings import t
from cacao_game.app.widgets import Button

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

DIALOG_W = 860
TEXT_PAD = 48
"""Design pixels: the dialog's width and the message's margin on either side."""


class ConfirmDialog(DialogScene):
    """``message`` with Yes / No. The dialog closes first, then the chosen callback runs.

    Esc means No; Enter activates the focused button (No is focused first: the safe choice).
    """

    def __init__(
        self,
        app: Shell,
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
        self.given = (title, yes, no)
        """The caller's title and button labels (None: the defaults, in the current language)."""
        self.on_yes = on_yes
        self.on_no = on_no
        self.danger = danger

    @property
    def title(self) -> str:
        """The dialog's heading."""
        return self.given[0] or t("confirm.title")

    @property
    def yes_label(self) -> str:
        """The label of the button that confirms."""
        return self.given[1] or t("common.yes")

    @property
    def no_label(self) -> str:
        """The label of the button that declines."""
        return self.given[2] or t("common.no")

    def message_image(self) -> pygame.Surface:
        """The message, wrapped to the dialog's width and centred."""
        font = self.app.assets.font(theme.BODY_SIZE)
        font.align = pygame.FONT_CENTER
        image = theme.render_text(font, self.message, theme.CREAM, px(DIALOG_W - 2 * TEXT_PAD))
        font.align = pygame.FONT_LEFT
        return image

    def panel_rect(self) -> pygame.Rect:
        """The dialog box, sized to the message."""
        rect = pygame.Rect(0, 0, px(DIALOG_W), px(250) + self.message_image().get_height())
        rect.center = self.app.screen.get_rect().center
        return rect

    def build(self) -> None:
        panel = self.panel_rect()
        yes = pygame.Rect(0, 0, px(260), px(68))
        no = yes.copy()
        yes.bottomright = (panel.centerx - px(12), panel.bottom - px(32))
        no.bottomleft = (panel.centerx + px(12), panel.bottom - px(32))
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

    def draw_dialog(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        width = panel.w - px(2 * TEXT_PAD)
        heading = theme.fit_font(self.app, theme.HEADING_SIZE, self.title, width, "bold")
        theme.draw_text(
            surface,
            heading,
            theme.fit_text(heading, self.title, width),
            (panel.centerx, panel.y + px(30)),
            theme.GOLD,
            anchor="midtop",
        )
        message = self.message_image()
        surface.blit(message, message.get_rect(midtop=(panel.centerx, panel.y + px(100))))
