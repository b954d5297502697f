"""Settings: language, animation speed, AI pacing, full screen, colour scheme, sound, undo, keys.

Every change takes effect at once; the settings file (``cacao_game.config.settings``) is
written when the scene is left, never in the middle of a frame. A write that fails shows its
reason and the change still lasts until the app quits. A key is rebound by
clicking Change next to an intent and pressing the new key (a click cancels, and Esc does
too except for Pause/back's own key, which Esc may become again); the key is taken from any
other intent that had it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import prefs, routes, theme
from cacao_game.app.intents import display_name, event_key_name, rebind
from cacao_game.app.keycaps import Cap, KeyCaps, draw_caps
from cacao_game.app.scale import fit_factor, px
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.strings import decimal, t
from cacao_game.app.widgets import Button, Cycler, Panel, Toggle, V, Widget, cap_offset
from cacao_game.config.choices import (
    AI_PACINGS,
    ANIMATION_SPEEDS,
    LANGUAGES,
    PALETTES,
    UI_SCALES,
    UNDO_CHOICES,
    label_key,
    ui_scale_percent,
)
from cacao_game.config.game import COLORS
from cacao_game.config.settings import is_key_name
from cacao_game.files import describe_os_error

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

log = logging.getLogger(__name__)

GENERAL = (80, 180, 820, 780)
KEYS = (940, 180, 900, 780)
ROW_H, ROW_PITCH = 60, 86
KEY_ROW_H = 31
KEY_CAP_GAP = 2
"""Design pixels a key cap is at least shorter than its row (rows lie 2 apart, so caps of two
rows never touch); the caps are as tall as their font's ink and padding need."""
KEY_NAME_W = 390
KEY_TEXT_SIZE = 26
BOTTOM = 1050
"""Design pixels: the two panels, a General row and its pitch, a key row, the width of the
actions' names, their type (the key caps' too) and the bottom of the Back and Reset buttons."""
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


def ui_scale_options(screen_size: tuple[int, int]) -> list[tuple[str, str]]:
    """The interface sizes with their labels on a screen of ``screen_size``: fit shows the
    percent it gives, a percent larger than the screen allows says how far it goes."""
    fit = round(fit_factor(screen_size) * 100)
    options = []
    for choice in UI_SCALES:
        label = t(label_key("ui_scale", choice), percent=fit)
        percent = ui_scale_percent(choice)
        if percent is not None and percent > fit:
            label = t("settings.ui_scale_capped", choice=label, fit=fit)
        options.append((choice, label))
    return options


def keys_text(keys: Iterable[str]) -> str:
    """Key names as the player reads them, joined ("Enter, Space")."""
    return ", ".join(display_name(key) for key in keys)


def rebind_notices(
    intent: str, key: str, old: Iterable[str], moved: Iterable[tuple[str, str | None]]
) -> list[str]:
    """What a change of ``intent``'s keys to ``key`` alone did, in words: its keys now and
    before (a playtest saw Change drop Space from Confirm without a word), then each other
    action that lost ``key`` (``rebind``'s ``moved``)."""
    notices = [
        t("settings.key_replaced", intent=t(f"intent.{intent}"), key=display_name(key), old=keys_text(old))
    ]
    for other, given in moved:
        label = t(f"intent.{other}")
        if given is None:
            notices.append(t("settings.key_in_use", key=display_name(key), intent=label))
        else:
            notices.append(
                t("settings.key_swapped", key=display_name(key), intent=label, other=display_name(given))
            )
    return notices


class SettingsScene(WidgetScene):
    """Change and store the settings; Back (or Esc) returns to where it was opened."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.capturing: str | None = None
        """The intent waiting for its new key, or None."""
        self.unsaved = app.settings_unsaved
        """Changes made since the settings file was last written (a write that failed before
        is tried again: a trial's changes made while the folder could not be written were
        lost once it could)."""
        self.palette: Widget = Widget((0, 0, 0, 0))
        """The colour scheme's row (its preview is drawn under it)."""
        self._between_buttons = pygame.Rect(0, 0, 0, 0)
        """Where toasts go (set by ``build``): between Back and Reset keys (a trial's notice
        about a key taken from two actions lay over both buttons)."""

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
        try:
            prefs.save(self.app.settings)
        except (OSError, ValueError) as error:
            log.warning("settings not saved: %s", error)
            reason = describe_os_error(error) if isinstance(error, OSError) else str(error)
            self.app.notify(t("settings.save_failed", reason=reason))
            self.app.settings_unsaved = True
        else:
            self.app.settings_unsaved = False
        self.unsaved = False

    def exit(self) -> None:
        """Leaving the scene (Back, Esc, quitting the app) writes the changes."""
        self.store()

    def set_fullscreen(self, on: bool) -> None:
        """Switch the window now if the display allows (the setting then follows the window,
        ``App.toggle_fullscreen``); a window already so (``--windowed`` over a full-screen
        setting) stores ``on`` as the setting."""
        if on != self.app.is_fullscreen():
            self.app.toggle_fullscreen()
        else:
            self.change(fullscreen=on)

    def start_capture(self, intent: str) -> None:
        """Wait for the next key press to become ``intent``'s key."""
        self.capturing = intent

    def capture(self, event: pygame.event.Event) -> bool:
        """While capturing, take a key press as the new binding; Esc cancels, except for Pause's
        own key (Esc may become it again), and a click cancels always."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.cancel_capture()
            return True
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)
        name = event_key_name(event)
        if name is None or name.removeprefix("ctrl+") in MODIFIER_NAMES or not is_key_name(name):
            return True  # still waiting: a key the settings file could not name again is not taken
        if name == "escape" and self.capturing != "pause":
            self.cancel_capture()
            return True
        intent, self.capturing = self.capturing, None
        if not intent:
            return True
        old = self.app.intents.keys_for(intent)
        bindings, moved = rebind(self.app.settings.key_bindings, intent, name)
        self.change(key_bindings=bindings)
        self.app.notify(" · ".join(rebind_notices(intent, name, old, moved)))
        self.rebuild()
        return True

    def cancel_capture(self) -> None:
        """Stop waiting for a key and say that the action keeps its keys (a playtest saw Esc
        end the wait without a word, and wondered whether the key was now Esc or nothing)."""
        intent, self.capturing = self.capturing, None
        if intent:
            keys = self.app.intents.keys_for(intent)
            self.app.notify(t("settings.key_kept", intent=t(f"intent.{intent}"), keys=keys_text(keys)))

    def ask_reset_keys(self) -> None:
        """Reset keys: a question first when some action has other keys than its defaults (a
        trial's own bindings went with one click), else a notice that nothing changes."""
        if self.app.settings.key_bindings == prefs.default_key_bindings():
            self.app.notify(t("settings.keys_already_default"))
            return
        self.app.open(
            routes.Confirm(
                t("settings.reset_keys_confirm"),
                self.reset_keys,
                danger=True,
                yes=t("settings.reset_keys"),
                no=t("common.cancel"),
            )
        )

    def reset_keys(self) -> None:
        """All key bindings back to the defaults, and a notice that says so (a playtest saw the
        button change the list without a word)."""
        self.change(key_bindings=prefs.default_key_bindings())
        self.rebuild()
        self.app.notify(t("settings.keys_reset"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.capturing is not None:
            return self.capture(event)
        return super().handle_event(event)

    # ------------------------------------------------------------------ widgets

    def build(self) -> None:
        stage = self.stage
        general, keys = stage.rect(*GENERAL), stage.rect(*KEYS)
        rows = [
            self._language_row,
            self._speed_row,
            self._pacing_row,
            self._fullscreen_row,
            self._ui_scale_row,
            self._palette_row,
            self._sound_row,
            self._undo_row,
        ]
        general_rows = [make(self.general_row(i)) for i, make in enumerate(rows)]
        self.palette = general_rows[rows.index(self._palette_row)]
        self.widgets = [Panel(general, t("settings.general")), Panel(keys, t("settings.keys")), *general_rows]
        for i, intent in enumerate(self.app.intents.bindings):
            row = self.key_row(i)
            change = pygame.Rect(row.right - px(140), row.y, px(136), row.h)
            self.widgets.append(
                Button(
                    change,
                    t("settings.rebind"),
                    partial(self.start_capture, intent),
                    style="ghost",
                    font_size=KEY_TEXT_SIZE - 4,
                )
            )
        reset = stage.rect(0, 0, 300, 64)
        reset.bottomright = (keys.right, stage.point(0, BOTTOM)[1])
        back = stage.rect(0, 0, 260, 64)
        back.bottomleft = (general.x, reset.bottom)
        self.widgets += [
            Button(reset, t("settings.reset_keys"), self.ask_reset_keys),
            Button(back, t("common.back"), self.back, style="primary"),
        ]
        self._between_buttons = pygame.Rect(back.right, 0, reset.x - back.right, reset.bottom + px(12))

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Toasts sit between Back and Reset keys, over neither, wrapped to that width."""
        area = self._between_buttons.clip(screen)
        return area if area.w > 0 else screen

    def general_row(self, index: int) -> pygame.Rect:
        """Row ``index`` of the General panel."""
        return self.stage.rect(GENERAL[0] + 32, GENERAL[1] + 90 + index * ROW_PITCH, GENERAL[2] - 64, ROW_H)

    def key_row(self, index: int) -> pygame.Rect:
        """Row ``index`` of the key table."""
        return self.stage.rect(KEYS[0] + 28, KEYS[1] + 86 + index * KEY_ROW_H, KEYS[2] - 56, KEY_ROW_H - 2)

    def _choice(
        self,
        rect: pygame.Rect,
        setting: str,
        options: Sequence[tuple[V, str]],
        *,
        tooltip: str | None = None,
        ordered: bool = False,
    ) -> Cycler[V]:
        """A cycler over ``options`` that changes ``setting`` at once, labelled as the setting
        (``prefs.setting_label``); ``setting`` holds values of the options' type."""
        value: V = getattr(self.app.settings, setting)
        label = prefs.setting_label(setting)
        return Cycler(
            rect,
            options,
            value,
            lambda v: self.change(**{setting: v}),
            label=label,
            tooltip=tooltip,
            ordered=ordered,
        )

    def _labelled(self, setting: str, values: Iterable[str]) -> list[tuple[str, str]]:
        """``values`` of ``setting`` with their labels (``label_key``)."""
        return [(v, t(label_key(setting, v))) for v in values]

    def _language_row(self, rect: pygame.Rect) -> Widget:
        return self._choice(rect, "language", list(LANGUAGES.items()))

    def _speed_row(self, rect: pygame.Rect) -> Widget:
        options = self._labelled("animation_speed", ANIMATION_SPEEDS)
        return self._choice(rect, "animation_speed", options, ordered=True)

    def _pacing_row(self, rect: pygame.Rect) -> Widget:
        options = [(v, t("settings.ai_pacing_value", seconds=decimal(v))) for v in self._pacings()]
        return self._choice(rect, "ai_pacing", options, ordered=True)

    def _fullscreen_row(self, rect: pygame.Rect) -> Widget:
        return Toggle(rect, prefs.setting_label("fullscreen"), self.app.is_fullscreen(), self.set_fullscreen)

    def _ui_scale_row(self, rect: pygame.Rect) -> Widget:
        return self._choice(
            rect,
            "ui_scale",
            ui_scale_options(self.app.screen.get_size()),
            tooltip=t("settings.ui_scale_tip"),
            ordered=True,
        )

    def _palette_row(self, rect: pygame.Rect) -> Widget:
        return self._choice(rect, "palette", self._labelled("palette", PALETTES))

    def _sound_row(self, rect: pygame.Rect) -> Widget:
        """Sound on/off; when no audio device works, "no sound device" in the switch's place
        (with the reason as its tooltip) and the setting kept as it is for a machine that has
        one (a playtest saw OFF while settings.json said true)."""
        if not self.app.assets.sound_available:
            return Toggle(
                rect,
                prefs.setting_label("sound"),
                self.app.settings.sound,
                lambda v: None,
                tooltip=t("settings.no_sound"),
                unavailable=t("settings.sound_unavailable"),
            )
        return Toggle(
            rect, prefs.setting_label("sound"), self.app.settings.sound, lambda v: self.change(sound=v)
        )

    def _undo_row(self, rect: pygame.Rect) -> Widget:
        options = self._labelled("undo_policy", UNDO_CHOICES)
        return self._choice(rect, "undo_policy", options, tooltip=t("settings.undo_tip"))

    def _pacings(self) -> list[float]:
        current = float(self.app.settings.ai_pacing)
        return sorted({*AI_PACINGS, current})

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        theme.draw_title(self.app, surface, t("settings.title"), self.stage.screen_y(40))
        self.draw_widgets(surface, 0, 2)
        self._draw_palette_preview(surface)
        self._draw_keys(surface)
        self.draw_widgets(surface, 2)
        if self.capturing is not None:
            self._draw_capture(surface)
        self.tooltip.draw(surface, self.app)

    def _draw_capture(self, surface: pygame.Surface) -> None:
        """The "press a key" box over the dimmed scene."""
        theme.dim(surface, 140)
        box = pygame.Rect(0, 0, px(900), px(160))
        box.center = surface.get_rect().center
        theme.draw_panel(surface, box, border=theme.GOLD, alpha=255)
        text = self.capture_prompt()
        width = box.w - px(2 * theme.PAD)
        font = theme.fit_font(self.app, theme.HEADING_SIZE - 6, text, width, "bold")
        font.align = pygame.FONT_CENTER
        image = theme.render_text(font, text, theme.CREAM, width)
        font.align = pygame.FONT_LEFT
        surface.blit(image, image.get_rect(center=box.center))

    def capture_prompt(self) -> str:
        """What the "press a key" box says: the action, the keys the new one replaces, and how
        to cancel (a click, for Pause, whose new key may be Esc)."""
        intent = self.capturing or ""
        keys = self.app.intents.keys_for(intent)
        label = t(f"intent.{intent}")
        suffix = "_pause" if intent == "pause" else ""
        if keys:
            return t(f"settings.press_key_replaces{suffix}", intent=label, keys=keys_text(keys))
        return t(f"settings.press_key{suffix}", intent=label)

    def _draw_palette_preview(self, surface: pygame.Surface) -> None:
        """The seat markers in the chosen colour scheme, under its row."""
        row = self.palette.rect
        for i, color in enumerate(COLORS):
            center = (row.x + px(14 + i * 40), row.bottom + px(12))
            theme.draw_seat_marker(self.app, surface, color, center, px(11))

    def _draw_keys(self, surface: pygame.Surface) -> None:
        for i, intent in enumerate(self.app.intents.bindings):
            row = self.key_row(i)
            if row.collidepoint(self.app.mouse_pos):
                pygame.draw.rect(surface, theme.PANEL_HOVER, row, border_radius=px(6))
            elif i % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=px(6))
            name = t(f"intent.{intent}")
            fitted = theme.fit_font(self.app, KEY_TEXT_SIZE, name, px(KEY_NAME_W - 24))
            name = theme.fit_text(fitted, name, px(KEY_NAME_W - 24))
            theme.draw_text(
                surface,
                fitted,
                name,
                (row.x + px(12), row.centery + cap_offset(fitted)),
                theme.CREAM,
                anchor="midleft",
            )
            draw_caps(surface, self.key_caps(row, intent))

    def key_caps(self, row: pygame.Rect, intent: str) -> list[Cap]:
        """The key caps of ``intent``'s keys in key row ``row`` (a dash when none), left to
        right after the action's name, each with its label and where the label lies
        (``keycaps.KeyCaps``: whole labels with room above and below, at every size)."""
        caps = KeyCaps.fitting(
            self.app.assets, row.h - px(KEY_CAP_GAP), KEY_TEXT_SIZE - 4, theme.SMALLEST_SIZE
        )
        names = [display_name(key) for key in self.app.intents.keys_for(intent)] or ["—"]
        return caps.row(names, row, row.x + px(KEY_NAME_W))
