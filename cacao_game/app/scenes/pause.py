"""The pause overlay (Esc during a game): Resume, Save, Settings, Help, Quit to menu."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from cacao_game.app import routes, theme
from cacao_game.app.scale import px
from cacao_game.app.scene import Scene
from cacao_game.app.scenes.base import DialogScene, design
from cacao_game.app.strings import problem_text, t
from cacao_game.app.widgets import Button

log = logging.getLogger(__name__)

BUTTON_W, BUTTON_H, GAP = 420, 72, 16
TOP = 130
"""Design pixels: the buttons, the gap between them, and the room above them for the title."""


class PauseOverlay(DialogScene):
    """Modal over the game; Esc resumes. Save (offered when the scene below ``can_save``)
    calls its ``save_game()``."""

    primary_default = True
    """The focus starts on Resume, ringed: Enter resumes (a keyboard trial found no ring and
    its first Tab on Resume)."""

    def below(self) -> Scene | None:
        """The scene this overlay pauses."""
        stack = self.app.stack
        return stack[stack.index(self) - 1] if self in stack and stack.index(self) > 0 else None

    def entries(self) -> list[tuple[str, Callable[[], None], str]]:
        """The overlay's buttons: (string key, action, style), top to bottom."""
        below = self.below()
        entries: list[tuple[str, Callable[[], None], str]] = [("pause.resume", self.back, "primary")]
        if below is not None and below.can_save():
            entries.append(("pause.save", self.save, "secondary"))
        entries += [
            ("pause.settings", self.open_settings, "secondary"),
            ("pause.help", self.open_help, "secondary"),
            ("pause.quit", self.quit_to_menu, "danger"),
        ]
        return entries

    def open_settings(self) -> None:
        """The Settings page over the game."""
        self.app.open(routes.SettingsPage())

    def open_help(self) -> None:
        """The help page over the game."""
        self.app.open(routes.Help())

    def build(self) -> None:
        entries = self.entries()
        panel = self.panel_rect()
        self.widgets = []
        for i, (key, action, style) in enumerate(entries):
            rect = pygame.Rect(0, 0, px(BUTTON_W), px(BUTTON_H))
            rect.midtop = (panel.centerx, panel.y + px(TOP + i * (BUTTON_H + GAP)))
            self.widgets.append(Button(rect, t(key), action, style=style))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The save key (Ctrl+S) saves here as it does at the table."""
        if event.type == pygame.KEYDOWN and self.app.intents.has(event, "save"):
            self.save()
            return True
        return super().handle_event(event)

    def panel_rect(self) -> pygame.Rect:
        """The overlay's box."""
        rows = len(self.entries())
        rect = pygame.Rect(0, 0, px(BUTTON_W + 140), px(TOP + rows * (BUTTON_H + GAP) + 40))
        rect.center = self.app.screen.get_rect().center
        return rect

    def save(self) -> None:
        """Save through the scene below; the result is shown as a notice."""
        below = self.below()
        try:
            if below is None:
                raise LookupError
            where = below.save_game()
        except LookupError:
            self.app.notify(t("pause.nothing_to_save"))
        except Exception as error:  # any failure becomes a one-line notice, the game goes on
            log.warning("save failed: %s", error)
            self.app.notify(t("pause.save_failed", reason=problem_text(error, details=True)))
        else:
            assert below is not None
            self.app.notify(below.saved_words(where), detail=where)

    def quit_to_menu(self) -> None:
        """Ask, then return to the menu."""
        below = self.below()
        question = below.leave_question() if below is not None else t("pause.quit_confirm")
        self.app.open(routes.Confirm(question, self.leave, danger=True))

    def leave(self) -> None:
        """Quit to menu, confirmed: the scene below is left on purpose."""
        below = self.below()
        if below is not None:
            below.leave_on_purpose()
        self.app.home()

    def draw_dialog(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        below = self.below()
        title = below.pause_title() if below is not None else t("pause.title")
        theme.draw_title(self.app, surface, title, round(design(panel.y)) + 26, 56)
