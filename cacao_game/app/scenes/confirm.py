"""A generic modal yes/no dialog over the current scene."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.scale import px
from cacao_game.app.scenes.base import DialogScene
from cacao_game.app.strings import t
from cacao_game.app.widgets import BUTTON_SIZE, Button

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

DIALOG_W = 860
TEXT_PAD = 48
"""Design pixels: the dialog's width and the message's margin on either side."""
ARMING_SECONDS = 0.8
"""Seconds after the dialog opens before a click can answer it: a trial's second click on
Host a game, half a second after the first, landed on the Yes of the question the first
opened and ended the game hosted before, unseen (keys, pressed on purpose, answer at once)."""
BUTTON_W, BUTTON_H, BUTTON_GAP, LABEL_PAD = 260, 68, 24, 48
"""Design pixels: a button's least width and its height, the gap between the buttons, and the
room a label needs beside its text."""


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
        self.opened_at = app.clock
        """The app's clock when the dialog opened (``ARMING_SECONDS``)."""

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

    def button_width(self) -> int:
        """Real pixels each button takes: its least width, or as wide as the longer label
        needs at the buttons' full font size (at most the message's width)."""
        font = self.app.assets.font(BUTTON_SIZE, "bold")
        needed = max(font.size(label)[0] for label in (self.yes_label, self.no_label)) + px(LABEL_PAD)
        return min(max(px(BUTTON_W), needed), px(DIALOG_W - 2 * TEXT_PAD))

    def stacked(self) -> bool:
        """Whether the buttons stand one above the other: side by side they would not fit
        the message's width whole (a long label: tester8 saw German "Behalten, neu
        beginnen" cut and shrunk at 1366x768)."""
        return 2 * self.button_width() + px(BUTTON_GAP) > px(DIALOG_W - 2 * TEXT_PAD)

    def panel_rect(self) -> pygame.Rect:
        """The dialog box, sized to the message and the buttons."""
        extra = px(BUTTON_H + BUTTON_GAP // 2) if self.stacked() else 0
        rect = pygame.Rect(0, 0, px(DIALOG_W), px(250) + self.message_image().get_height() + extra)
        rect.center = self.app.screen.get_rect().center
        return rect

    def build(self) -> None:
        panel = self.panel_rect()
        yes = pygame.Rect(0, 0, self.button_width(), px(BUTTON_H))
        no = yes.copy()
        bottom = panel.bottom - px(32)
        if self.stacked():
            no.midbottom = (panel.centerx, bottom)
            yes.midbottom = (panel.centerx, no.y - px(BUTTON_GAP // 2))
        else:
            yes.bottomright = (panel.centerx - px(BUTTON_GAP // 2), bottom)
            no.bottomleft = (panel.centerx + px(BUTTON_GAP // 2), bottom)
        self.widgets = [
            Button(yes, self.yes_label, self.yes, style="danger" if self.danger else "primary"),
            Button(no, self.no_label, self.no),
        ]

    def enter(self) -> None:
        super().enter()
        self.opened_at = self.app.clock
        self.focus.index = 1
        self.focus.move(0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """As a dialog does, but a mouse press or release within ``ARMING_SECONDS`` of its
        opening is taken and does nothing."""
        arming = self.app.clock - self.opened_at < ARMING_SECONDS
        if arming and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return True
        return super().handle_event(event)

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
