"""Settings: language, animation speed, AI pacing, full screen, colour scheme, sound, undo, keys.

Every change takes effect at once; the settings file (``cacao_game.config.settings``) is
written when the scene is left, never in the middle of a frame. A write that fails shows its
reason and the change still lasts until the app quits. A key is rebound by
clicking Change next to an intent and pressing the new key (Esc cancels); the key is taken
from any other intent that had it.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import prefs, theme
from cacao_game.app.intents import display_name, event_key_name, rebind
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.strings import t
from cacao_game.app.widgets import Button, Cycler, Panel, Toggle, Widget
from cacao_game.config.choices import (
    AI_PACINGS,
    ANIMATION_SPEEDS,
    LANGUAGES,
    PALETTES,
    UNDO_CHOICES,
    label_key,
)
from cacao_game.config.game import COLORS

if TYPE_CHECKING:
    from cacao_game.app.app import App

log = logging.getLogger(__name__)

GENERAL = pygame.Rect(80, 180, 760, 780)
KEYS = pygame.Rect(880, 180, 960, 780)
KEY_ROW_H = 31
MODIFIER_NAMES = frozenset(
    {
        "left ctrl",
        "right ctrl",
        "left shift",
        "right shift",
        "left alt",
        "right alt",
        "left meta",
        "right meta",
        "left gui",
        "right gui",
        "caps lock",
        "num lock",
    }
)


class SettingsScene(WidgetScene):
    """Change and store the settings; Back (or Esc) returns to where it was opened."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.capturing: str | None = None
        """The intent waiting for its new key, or None."""
        self.unsaved = False
        """Changes made since the settings file was last written."""

    # ------------------------------------------------------------------ changes

    def change(self, **values: object) -> None:
        """Set settings fields and apply them at once; the file is written when the scene is
        left (a write with its fsync takes longer than a frame)."""
        for name, value in values.items():
            setattr(self.app.settings, name, value)
        self.app.apply_settings()
        self.unsaved = True

    def store(self) -> None:
        """Write the settings if they changed; a failed write is reported, not fatal."""
        if not self.unsaved:
            return
        self.unsaved = False
        try:
            prefs.save(self.app.settings)
        except (OSError, ValueError) as error:
            log.warning("settings not saved: %s", error)
            self.app.notify(t("settings.save_failed", reason=error))

    def exit(self) -> None:
        """Leaving the scene (Back, Esc, quitting the app) writes the changes."""
        self.store()

    def set_fullscreen(self, on: bool) -> None:
        """Store the preference and switch now if the display allows."""
        if on != self.app.is_fullscreen():
            self.app.toggle_fullscreen()
        self.change(fullscreen=on)

    def start_capture(self, intent: str) -> None:
        """Wait for the next key press to become ``intent``'s key."""
        self.capturing = intent

    def capture(self, event: pygame.event.Event) -> bool:
        """While capturing, take a key press as the new binding (Esc cancels)."""
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)
        name = event_key_name(event)
        if name is None or name.removeprefix("ctrl+") in MODIFIER_NAMES:
            return True
        intent, self.capturing = self.capturing, None
        if name == "escape" and intent != "pause":
            return True
        if not intent:
            return True
        bindings, moved = rebind(self.app.settings.key_bindings, intent, name)
        self.change(key_bindings=bindings)
        for other, given in moved:
            label = t(f"intent.{other}")
            if given is None:
                self.app.notify(t("settings.key_in_use", key=display_name(name), intent=label))
            else:
                self.app.notify(
                    t("settings.key_swapped", key=display_name(name), intent=label, other=display_name(given))
                )
        self.rebuild()
        return True

    def reset_keys(self) -> None:
        """All key bindings back to the defaults."""
        self.change(key_bindings=prefs.default_key_bindings())
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.capturing is not None:
            return self.capture(event)
        return super().handle_event(event)

    # ------------------------------------------------------------------ widgets

    def build(self) -> None:
        s = self.app.settings
        x, w = GENERAL.x + 32, GENERAL.w - 64
        rows = self.general_rows()
        general: list[Widget] = [
            Cycler(
                (x, rows[0], w, 60),
                list(LANGUAGES.items()),
                s.language,
                lambda v: self.change(language=v),
                label=t("settings.language"),
            ),
            Cycler(
                (x, rows[1], w, 60),
                [(v, t(label_key("animation_speed", v))) for v in ANIMATION_SPEEDS],
                s.animation_speed,
                lambda v: self.change(animation_speed=v),
                label=t("settings.animation_speed"),
            ),
            Cycler(
                (x, rows[2], w, 60),
                [(v, t("settings.ai_pacing_value", seconds=v)) for v in self._pacings()],
                s.ai_pacing,
                lambda v: self.change(ai_pacing=v),
                label=t("settings.ai_pacing"),
            ),
            Toggle((x, rows[3], w, 60), t("settings.fullscreen"), s.fullscreen, self.set_fullscreen),
            Cycler(
                (x, rows[4], w, 60),
                [(v, t(label_key("palette", v))) for v in PALETTES],
                s.palette,
                lambda v: self.change(palette=v),
                label=t("settings.palette"),
            ),
            self._sound_toggle((x, rows[5], w, 60)),
            Cycler(
                (x, rows[6], w, 60),
                [(v, t(label_key("undo_policy", v))) for v in UNDO_CHOICES],
                s.undo_policy,
                lambda v: self.change(undo_policy=v),
                label=t("settings.undo"),
                tooltip=t("settings.undo_tip"),
            ),
        ]
        self.widgets = [Panel(GENERAL, t("settings.general")), Panel(KEYS, t("settings.keys")), *general]
        for i, intent in enumerate(self.app.intents.bindings):
            row = self.key_row(i)
            self.widgets.append(
                Button(
                    (row.right - 140, row.y, 136, KEY_ROW_H - 2),
                    t("settings.rebind"),
                    partial(self.start_capture, intent),
                    style="ghost",
                    font_size=theme.SMALL_SIZE - 1,
                )
            )
        reset = pygame.Rect(0, 0, 240, 64)
        reset.bottomright = (KEYS.right, 1050)
        back = pygame.Rect(0, 0, 260, 64)
        back.bottomleft = (GENERAL.x, 1050)
        self.widgets += [
            Button(reset, t("settings.reset_keys"), self.reset_keys),
            Button(back, t("common.back"), self.back, style="primary"),
        ]

    def _pacings(self) -> list[float]:
        current = float(self.app.settings.ai_pacing)
        return sorted({*AI_PACINGS, current})

    def key_row(self, index: int) -> pygame.Rect:
        """Row ``index`` of the key table."""
        return pygame.Rect(KEYS.x + 28, KEYS.y + 86 + index * KEY_ROW_H, KEYS.w - 56, KEY_ROW_H - 2)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        theme.draw_title(self.app, surface, t("settings.title"), 40)
        for widget in self.widgets[:2]:
            widget.draw(surface, self.app)
        self._draw_palette_preview(surface)
        self._draw_keys(surface)
        for widget in self.widgets[2:]:
            widget.draw(surface, self.app)
        if self.capturing is not None:
            theme.dim(surface, 140)
            box = pygame.Rect(0, 0, 900, 160)
            box.center = surface.get_rect().center
            theme.draw_panel(surface, box, border=theme.GOLD)
            font = self.app.assets.font(theme.HEADING_SIZE - 6, "bold")
            theme.draw_text(
                surface,
                font,
                t("settings.press_key", intent=t(f"intent.{self.capturing}")),
                box.center,
                theme.CREAM,
                anchor="center",
            )
        self.tooltip.draw(surface, self.app)

    def _sound_toggle(self, rect: tuple[int, int, int, int]) -> Toggle:
        """Sound on/off; shown off and disabled (with the reason) when no audio device works."""
        if not self.app.assets.sound_available:
            toggle = Toggle(rect, t("settings.sound"), False, lambda v: None, tooltip=t("settings.no_sound"))
            toggle.enabled = False
            return toggle
        return Toggle(rect, t("settings.sound"), self.app.settings.sound, lambda v: self.change(sound=v))

    @staticmethod
    def general_rows() -> list[int]:
        """The top of each row of the General panel."""
        return [GENERAL.y + 96 + i * 96 for i in range(7)]

    def _draw_palette_preview(self, surface: pygame.Surface) -> None:
        y = self.general_rows()[4] + 74
        x = GENERAL.x + 32
        for i, color in enumerate(COLORS):
            theme.draw_seat_marker(self.app, surface, color, (x + 14 + i * 40, y), 11)

    def _draw_keys(self, surface: pygame.Surface) -> None:
        font = self.app.assets.font(theme.SMALL_SIZE)
        key_font = self.app.assets.font(theme.SMALL_SIZE - 3, "bold")
        for i, intent in enumerate(self.app.intents.bindings):
            row = self.key_row(i)
            if row.collidepoint(self.app.mouse_pos):
                pygame.draw.rect(surface, theme.PANEL_HOVER, row, border_radius=6)
            elif i % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=6)
            theme.draw_text(
                surface, font, t(f"intent.{intent}"), (row.x + 12, row.centery), theme.CREAM, anchor="midleft"
            )
            x = row.x + 330
            for key in self.app.intents.keys_for(intent) or ["—"]:
                label = key_font.render(display_name(key) if key != "—" else key, True, theme.INK)
                cap = label.get_rect().inflate(16, 6)
                cap.midleft = (x, row.centery)
                pygame.draw.rect(surface, theme.SAND, cap, border_radius=5)
                surface.blit(label, label.get_rect(center=cap.center))
                x = cap.right + 8
