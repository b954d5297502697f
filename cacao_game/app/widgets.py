"""Small widgets drawn with the theme: Button, Toggle, Cycler, TextInput, Panel, Tooltip.

A widget has a ``rect`` in real pixels (scenes build it with ``cacao_game.app.scale.px``),
``handle(event, app) -> bool`` (True: consumed)
and ``draw(surface, app)``. Hover comes from ``app.mouse_pos`` (set from fed events, so tests
need no real mouse). A button fires on release of a press that started on it. ``FocusList``
adds keyboard navigation (intents pan_up/pan_down/cycle move, confirm activates).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

import pygame

from cacao_game.app import clipboard, theme
from cacao_game.app.scale import px
from cacao_game.app.strings import t, tn
from cacao_game.app.surface_cache import SurfaceCache
from cacao_game.config.names import is_invisible

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

V = TypeVar("V")
"""The type of a ``Cycler``'s values."""

TOOLTIP_DELAY = 0.4


class Widget:
    """Base: a rectangle that may be hovered, focused, disabled or hidden."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], *, tooltip: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = True
        self.visible = True
        self.focused = False
        self.tooltip = tooltip
        self.covered = False
        """Another scene (a dialog) lies over this widget's: the mouse is not on it."""

    def hovered(self, app: Shell) -> bool:
        """True while the mouse is over this visible widget (never while it is covered)."""
        return self.visible and not self.covered and self.rect.collidepoint(app.mouse_pos)

    def handle(self, event: pygame.event.Event, app: Shell) -> bool:
        """Consume ``event`` if it is meant for this widget."""
        return False

    def activate(self, app: Shell) -> None:
        """What confirm does while this widget has keyboard focus."""

    def draw(self, surface: pygame.Surface, app: Shell) -> None:
        """Draw the widget."""

    def draw_label(self, surface: pygame.Surface, app: Shell, hot: bool) -> None:
        """The widget's ``label`` (if it has one) at its left edge, gold while hot."""
        label = getattr(self, "label", "")
        if label:
            theme.draw_text(
                surface,
                app.assets.font(theme.BODY_SIZE),
                label,
                (self.rect.x, self.rect.centery),
                theme.GOLD if hot else theme.CREAM,
                anchor="midleft",
            )


def _is_press(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1


def _is_release(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1


class Press:
    """A press of the left button on a widget, followed to its release: a click is a press on
    the widget released on it."""

    def __init__(self) -> None:
        self.down = False

    def follow(self, event: pygame.event.Event, rect: pygame.Rect) -> tuple[bool, bool]:
        """Whether ``event`` is this widget's (a press on ``rect``, or the release of its press
        on it), and whether it completes a click."""
        if _is_press(event) and rect.collidepoint(event.pos):
            self.down = True
            return True, False
        if _is_release(event):
            was_down, self.down = self.down, False
            clicked = was_down and rect.collidepoint(event.pos)
            return clicked, clicked
        return False, False


BUTTON_SIZE = theme.BODY_SIZE + 2
"""A button label's font size in design pixels, unless the button is given another."""


class Button(Widget):
    """A rounded button; ``on_click()`` runs when a press on it is released on it.

    Styles: ``primary`` (gold), ``secondary`` (chocolate), ``danger`` (red), ``ghost`` (text only).
    """

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        on_click: Callable[[], None],
        *,
        style: str = "secondary",
        icon: str | None = None,
        font_size: int = BUTTON_SIZE,
        tooltip: str | None = None,
        selected: bool = False,
        caption: str = "",
        min_fit: float = theme.MIN_FIT,
        caption_size: int = theme.SMALLEST_SIZE,
    ) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.label = label
        self.caption = caption
        """A small second line under the label (the keys of a table action, `` / ``-separated:
        the ones that do not fit are left out)."""
        self.min_fit = min_fit
        """The smallest the label shrinks to fit (a fraction of ``font_size``)."""
        self.caption_size = caption_size
        """The caption's font size in design pixels."""
        self.on_click = on_click
        self.style = style
        self.icon = icon
        self.font_size = font_size
        self.selected = selected
        self._press = Press()

    def handle(self, event: pygame.event.Event, app: Shell) -> bool:
        if not self.visible or not self.enabled:
            return False
        mine, clicked = self._press.follow(event, self.rect)
        if clicked:
            self.activate(app)
        return mine

    def activate(self, app: Shell) -> None:
        if self.enabled:
            app.assets.play("click", 0.4)
            self.on_click()

    def label_room(self) -> int:
        """Real pixels the label may take across: the button's width but for its margins
        (and its icon); a wider label shrinks (``min_fit``), then is cut."""
        return label_room(self.rect.w, icon=bool(self.icon))

    def _colors(self, hot: bool) -> tuple[pygame.Color, pygame.Color, pygame.Color | None]:
        """(fill, text, border) for the current state."""
        if not self.enabled:
            return theme.UNAVAILABLE_FILL, theme.UNAVAILABLE_TEXT, theme.UNAVAILABLE_BORDER
        if self.style == "primary":
            fill = theme.lerp_color(theme.GOLD, pygame.Color("#FFD966"), 0.7 if hot else 0.0)
            return fill, theme.INK, theme.GOLD_DARK
        if self.style == "danger":
            fill = theme.lerp_color(theme.DANGER, pygame.Color("#D9573F"), 0.8 if hot else 0.0)
            return fill, theme.CREAM, pygame.Color("#6e2217")
        if self.style == "ghost":
            return pygame.Color(0, 0, 0, 0), theme.GOLD if hot else theme.SAND, None
        base = theme.PANEL_HOVER if hot or self.selected else theme.PANEL_LIGHT
        text = theme.GOLD if self.selected else theme.CREAM
        return base, text, theme.GOLD if (hot or self.selected) else theme.GOLD_DARK

    def draw(self, surface: pygame.Surface, app: Shell) -> None:
        if not self.visible:
            return
        hot = self.enabled and (self.hovered(app) or self.focused)
        fill, text_color, border = self._colors(hot)
        rect = self.rect.move(0, -HOT_LIFT) if hot and self.style != "ghost" else self.rect
        radius = min(px(theme.RADIUS), rect.h // 2)
        if self.style != "ghost":
            solid = [theme.fill_inside(rect, radius)]  # the fill below is opaque: it hides the shadow
            theme.draw_shadow(surface, rect, radius, 90 if hot else 70, under=solid)
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            sheen = rect.inflate(-px(8), -rect.h // 2).move(0, -rect.h // 4 + px(2))
            surface.blit(_SHINES.get((sheen.size, radius), lambda: _shine(sheen.size, radius)), sheen)
            if border is not None:
                width = px(3 if hot or self.selected else 2)
                pygame.draw.rect(surface, border, rect, width=width, border_radius=radius)
        room = self.label_room()
        font = theme.fit_font(app, self.font_size, self.label, room, "bold", self.min_fit)
        label = theme.fit_text(font, self.label, room)
        text = theme.render_text(font, label, text_color)
        content_w = text.get_width() + (px(44) if self.icon else 0)
        x = rect.centerx - content_w // 2
        if self.icon:
            icon = app.assets.icon(self.icon, px(theme.ICON_SIZE))
            surface.blit(icon, icon.get_rect(midleft=(x, rect.centery)))
            x += px(44)
        if self.caption:
            middle = rect.centery + px(1) - (app.assets.font(self.caption_size).get_height() + px(5)) // 2
        else:
            middle = rect.centery + min(cap_offset(font), max(0, (rect.h - text.get_height()) // 2))
        surface.blit(text, text.get_rect(midleft=(x, middle)))
        with theme.within(rect):
            theme.note_text(surface, label, text.get_rect(midleft=(x, middle)), font)
            if self.caption:
                small = app.assets.font(self.caption_size)
                caption = theme.fit_text(
                    small, first_fitting(small, self.caption, rect.w - px(8)), rect.w - px(8)
                )
                theme.draw_text(
                    surface,
                    small,
                    caption,
                    (rect.centerx, rect.bottom - px(5)),
                    theme.INK if self.style == "primary" and self.enabled else theme.MUTED,
                    anchor="midbottom",
                )
        if self.style == "ghost" and hot:
            under = rect.bottom - px(6)
            pygame.draw.line(surface, theme.GOLD, (x, under), (x + text.get_width(), under), px(2))


def label_room(width: int, *, icon: bool = False) -> int:
    """Real pixels a label may take across a button ``width`` real pixels wide: all but its
    margins (and its icon's room)."""
    return width - min(px(28), width // 5) - (px(44) if icon else 0)


def row_font_size(app: Shell, labels: Sequence[str], width: int, size: int) -> int:
    """The one font size (design pixels, ``size`` or less) in which every label of a row of
    buttons ``width`` real pixels wide fits as ``Button.draw`` fits one, so that the row reads
    as one (a tester saw one tab of the scores in a smaller font, set lower)."""
    room = label_room(width)
    least = size * theme.MIN_FIT
    return math.floor(min(theme.fit_size(app, size, label, room, "bold", least) for label in labels))


def cap_offset(font: pygame.font.Font) -> int:
    """How far below a line's middle to put it so that a capital's ink (from its top to the
    baseline) is centred there: a label centred by its line box sits high, the line's descent
    lying below its ink (a playtest saw the scores' tabs read off-centre). A button lowers its
    label so, as far as its line still fits inside (``theme.ink``)."""
    return theme.ink(font, "H").lower


HOT_LIFT = 2
"""Real pixels a button (but a ghost) rises while the mouse is over it."""


_SHINES = SurfaceCache("button shines", 1024 * 1024)
"""A button's sheen by size and corner radius: drawn once, not every frame."""


def _shine(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The translucent white sheen over the top half of a button of ``size``."""
    shine = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shine, (255, 255, 255, 26), shine.get_rect(), border_radius=radius)
    return shine


KEY_SEPARATOR = " / "
_FITTING_CACHE_SIZE = 256
_fitting: dict[tuple[pygame.font.Font, str, int], str] = {}


def first_fitting(font: pygame.font.Font, keys: str, width: int) -> str:
    """``keys`` (`` / ``-separated) without the last ones while they do not fit ``width``
    (the first key always stays). Linear in the number of keys: each key is measured once and
    the widths are added up; the answer is remembered per (font, keys, width)."""
    cache_key = (font, keys, width)
    cached = _fitting.get(cache_key)
    if cached is not None:
        return cached
    parts = keys.split(KEY_SEPARATOR)
    separator = font.size(KEY_SEPARATOR)[0]
    count, total = 1, font.size(parts[0])[0]
    for part in parts[1:]:
        total += separator + font.size(part)[0]
        if total > width:
            break
        count += 1
    while count > 1 and font.size(KEY_SEPARATOR.join(parts[:count]))[0] > width:
        count -= 1  # kerning made the whole a little wider than its parts
    fitted = KEY_SEPARATOR.join(parts[:count])
    if len(_fitting) >= _FITTING_CACHE_SIZE:
        _fitting.clear()
    _fitting[cache_key] = fitted
    return fitted


class Toggle(Widget):
    """An on/off switch with a label on its left; ``on_change(new_value)`` on click.

    With ``unavailable`` (why it cannot work here, a few words) the switch is disabled and
    that text is shown in its place: neither on nor off (the setting itself is kept)."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        value: bool,
        on_change: Callable[[bool], None],
        *,
        tooltip: str | None = None,
        unavailable: str = "",
    ) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.unavailable = unavailable
        self.enabled = not unavailable

    def handle(self, event: pygame.event.Event, app: Shell) -> bool:
        if self.visible and self.enabled and _is_press(event) and self.rect.collidepoint(event.pos):
            self.activate(app)
            return True
        return False

    def activate(self, app: Shell) -> None:
        self.value = not self.value
        app.assets.play("click", 0.4)
        self.on_change(self.value)

    def switch_rect(self) -> pygame.Rect:
        """Where the switch itself is drawn (right end of the row)."""
        return pygame.Rect(self.rect.right - px(92), self.rect.centery - px(20), px(92), px(40))

    def draw(self, surface: pygame.Surface, app: Shell) -> None:
        if not self.visible:
            return
        hot = self.hovered(app) or self.focused
        self.draw_label(surface, app, hot)
        if self.unavailable:
            font = app.assets.font(theme.SMALL_SIZE)
            width = self.rect.w // 2
            theme.draw_text(
                surface,
                font,
                theme.fit_text(font, self.unavailable, width),
                (self.rect.right, self.rect.centery),
                theme.MUTED,
                anchor="midright",
            )
            return
        track = self.switch_rect()
        fill = theme.LEAF if self.value else pygame.Color("#5a4a3c")
        pygame.draw.rect(surface, fill, track, border_radius=track.h // 2)
        pygame.draw.rect(
            surface, theme.GOLD if hot else theme.GOLD_DARK, track, px(2), border_radius=track.h // 2
        )
        knob_x = track.right - px(20) if self.value else track.left + px(20)
        pygame.draw.circle(surface, theme.CREAM, (knob_x, track.centery), px(15))
        small = app.assets.font(theme.SMALL_SIZE - 4, "bold")
        mark = (t("common.on") if self.value else t("common.off")).upper()
        theme.draw_text(
            surface,
            small,
            mark,
            (track.left + px(28) if self.value else track.right - px(30), track.centery),
            theme.CREAM,
            anchor="center",
        )


class Cycler(Widget, Generic[V]):
    """``‹ value ›``: click the arrows (or the middle) to step through ``options``.

    ``options`` are (value, text) pairs; ``on_change(value)`` after each step. ``ordered``
    options (a scale: seconds, a speed, a size) stop at either end, their arrow there dimmed
    (a trial stepped the computer's pacing up from 3 s and got 0 s); others wrap.
    """

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        options: Sequence[tuple[V, str]],
        value: V,
        on_change: Callable[[V], None],
        *,
        tooltip: str | None = None,
        label: str = "",
        swatch: Callable[[pygame.Surface, pygame.Rect, V], None] | None = None,
        one_size: bool = False,
        ordered: bool = False,
    ) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.ordered = ordered
        self.one_size = one_size
        """Every value drawn at the size the widest option fits (``widest``), not each at its
        own: for options of a kind shown in alike rows (not for ones holding players' names)."""
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.label = label
        self.swatch = swatch

    @property
    def index(self) -> int:
        """Position of the current value in ``options`` (0 if it is not there)."""
        for i, (value, _text) in enumerate(self.options):
            if value == self.value:
                return i
        return 0

    def widest(self, app: Shell) -> str:
        """The option text widest in the value's font: with ``one_size`` every option is drawn
        at the size that fits it, so the value keeps its size as it steps and alike rows match
        (a trial saw "Expert AI · Elo 1697" smaller than "Hard AI · Elo 1545" in the row
        above)."""
        font = app.assets.font(theme.BODY_SIZE - 2, "bold")
        return max((text for _value, text in self.options), key=lambda text: font.size(text)[0], default="")

    def step(self, app: Shell, delta: int) -> None:
        """Move ``delta`` options on (wrapping, or stopping at an end when ``ordered``) and
        report the new value."""
        if not self.options:
            return
        index = self.index + delta
        if self.ordered and not 0 <= index < len(self.options):
            return
        self.value = self.options[index % len(self.options)][0]
        app.assets.play("click", 0.3)
        self.on_change(self.value)

    def box(self) -> pygame.Rect:
        """The value box (the right part when there is a label)."""
        if not self.label:
            return self.rect.copy()
        width = min(self.rect.w // 2 + px(60), self.rect.w)
        return pygame.Rect(self.rect.right - width, self.rect.y, width, self.rect.h)

    def handle(self, event: pygame.event.Event, app: Shell) -> bool:
        if not (self.visible and self.enabled):
            return False
        box = self.box()
        if _is_press(event) and box.collidepoint(event.pos):
            self.step(app, -1 if event.pos[0] < box.x + px(56) else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and box.collidepoint(app.mouse_pos):
            self.step(app, -1 if event.y > 0 else 1)
            return True
        return False

    def activate(self, app: Shell) -> None:
        """Enter or Space on it: the next option (back to the first after the last, even
        ``ordered``: the keyboard's one way through them)."""
        if self.ordered and self.index == len(self.options) - 1:
            self.step(app, -self.index)
        else:
            self.step(app, 1)

    def draw(self, surface: pygame.Surface, app: Shell) -> None:
        if not self.visible:
            return
        hot = self.enabled and (self.hovered(app) or self.focused)
        self.draw_label(surface, app, hot)
        box = self.box()
        fill = theme.PANEL_HOVER if hot else theme.PANEL_LIGHT if self.enabled else theme.UNAVAILABLE_FILL
        border = theme.GOLD if hot else theme.GOLD_DARK if self.enabled else theme.UNAVAILABLE_BORDER
        pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, border, box, px(2), border_radius=box.h // 2)
        for direction, x in ((-1, box.x + px(28)), (1, box.right - px(28))):
            end = self.ordered and not 0 <= self.index + direction < len(self.options)
            arrow_color = theme.GOLD if self.enabled and not end else theme.UNAVAILABLE_TEXT
            cy = box.centery
            dx, dy = px(7) * direction, px(11)
            pygame.draw.polygon(surface, arrow_color, [(x - dx, cy - dy), (x + dx, cy), (x - dx, cy + dy)])
        text = self.options[self.index][1] if self.options else ""
        inner = box.inflate(-px(112), 0)
        if self.swatch is not None:
            self.swatch(surface, pygame.Rect(inner.x, inner.y, px(40), inner.h), self.value)
            inner = inner.inflate(-px(48), 0).move(px(24), 0)
        sized = self.widest(app) if self.one_size else text
        bold = theme.fit_font(app, theme.BODY_SIZE - 2, sized, inner.w, "bold")
        theme.draw_text(
            surface,
            bold,
            theme.fit_text(bold, text, inner.w),
            inner.center,
            theme.CREAM if self.enabled else theme.UNAVAILABLE_TEXT,
            anchor="center",
        )


class TextInput(Widget):
    """A one-line text field: click to focus, type (TEXTINPUT events), Backspace deletes,
    Enter/Esc/a click elsewhere ends editing. Ctrl+A selects the whole text (shown marked):
    typing then replaces it and Backspace clears it; Ctrl+Backspace clears at once. Ctrl+V
    types the clipboard's text as if typed (a table code copied from a chat).
    ``allowed(char)`` filters characters, typed or pasted."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str,
        on_change: Callable[[str], None],
        *,
        placeholder: str = "",
        max_length: int = 16,
        allowed: Callable[[str], bool] | None = None,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.text = text
        self.on_change = on_change
        self.placeholder = placeholder
        self.max_length = max_length
        self.allowed = allowed or (lambda ch: ch.isprintable() and not is_invisible(ch))
        self.editing = False
        self.selected = False
        self._blink = 0.0

    def _set_text(self, text: str) -> None:
        self.text = text
        self.selected = False
        self.on_change(self.text)

    def handle(self, event: pygame.event.Event, app: Shell) -> bool:
        if not (self.visible and self.enabled):
            return False
        if _is_press(event):
            inside = self.rect.collidepoint(event.pos)
            if inside != self.editing:
                self.set_editing(inside)
            return inside
        if not self.editing:
            return False
        if event.type == pygame.TEXTINPUT:
            self._typed(event.text, app)
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
            if event.key == pygame.K_v and ctrl:
                self._typed(clipboard.read(), app)
            elif event.key == pygame.K_BACKSPACE:
                self._set_text("" if self.selected or ctrl else self.text[:-1])
            elif event.key == pygame.K_a and ctrl:
                self.selected = bool(self.text)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.set_editing(False)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.selected = False
            return True
        return False

    def type(self, text: str) -> bool:
        """Add the allowed characters of ``text`` (replacing the text if it is selected), up
        to ``max_length``; False if some did not fit."""
        chars = "".join(ch for ch in text if self.allowed(ch))
        if not chars:
            return True
        wanted = ("" if self.selected else self.text) + chars
        self._set_text(wanted[: self.max_length])
        return len(wanted) <= self.max_length

    def _typed(self, text: str, app: Shell) -> None:
        """``type`` what the player typed or pasted, saying so when the field is full (a trial's
        long name was cut without a word)."""
        if not self.type(text):
            app.notify(tn("widgets.text_full", self.max_length))

    def set_editing(self, editing: bool) -> None:
        """Start or stop editing (text input events are enabled while editing); nothing stays
        selected."""
        self.editing = editing
        self.selected = False
        self._blink = 0.0
        try:
            if editing:
                pygame.key.start_text_input()
            else:
                pygame.key.stop_text_input()
        except pygame.error:
            pass

    def activate(self, app: Shell) -> None:
        self.set_editing(True)

    def update(self, dt: float) -> None:
        """Blink the caret."""
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface, app: Shell) -> None:
        if not self.visible:
            return
        hot = self.hovered(app) or self.focused
        fill = pygame.Color("#1f150f") if self.editing else theme.PANEL_LIGHT
        pygame.draw.rect(surface, fill, self.rect, border_radius=px(12))
        border = theme.GOLD if self.editing or hot else theme.GOLD_DARK
        pygame.draw.rect(surface, border, self.rect, px(3 if self.editing else 2), border_radius=px(12))
        font = app.assets.font(theme.BODY_SIZE)
        inner = self.rect.inflate(-px(28), 0)
        if self.text:
            shown = theme.fit_text(font, self.text, inner.w - px(8), tail=self.editing)
            if self.editing and self.selected:
                mark = pygame.Rect(inner.x - px(4), 0, font.size(shown)[0] + px(8), font.get_height())
                mark.centery = inner.centery
                pygame.draw.rect(surface, theme.GOLD_DARK, mark, border_radius=px(4))
            rect = theme.draw_text(
                surface, font, shown, (inner.x, inner.centery), theme.CREAM, anchor="midleft"
            )
        else:
            rect = pygame.Rect(inner.x, inner.centery, 0, 0)
            theme.draw_text(
                surface, font, self.placeholder, (inner.x, inner.centery), theme.MUTED, anchor="midleft"
            )
        if self.editing and self._blink < 0.55:
            x = rect.right + px(3)
            half = px(16)
            pygame.draw.line(surface, theme.GOLD, (x, inner.centery - half), (x, inner.centery + half), px(2))


class Note(Widget):
    """An area drawn by its scene that only explains itself: its ``tooltip`` shows while the
    mouse rests on it; it takes no input and keyboard focus skips it."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], tooltip: str) -> None:
        super().__init__(rect, tooltip=tooltip)


class Hotspot(Note):
    """A ``Note`` that a click opens: a press released on it runs ``on_click`` (the final
    board on the scoring screen opens the replay at its end). Keyboard focus skips it, as it
    does a note: a button elsewhere does the same."""

    def __init__(
        self, rect: pygame.Rect | tuple[int, int, int, int], tooltip: str, on_click: Callable[[], None]
    ) -> None:
        super().__init__(rect, tooltip)
        self.on_click = on_click
        self._press = Press()

    def handle(self, event: pygame.event.Event, app: Shell) -> bool:
        if not self.visible or self.covered:
            return False
        mine, clicked = self._press.follow(event, self.rect)
        if clicked:
            app.assets.play("click", 0.4)
            self.on_click()
        return mine


class Panel(Widget):
    """A decorative rounded panel with an optional heading; it consumes clicks on itself."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        title: str = "",
        *,
        alpha: int = 232,
        blocks: bool = False,
    ) -> None:
        super().__init__(rect)
        self.title = title
        self.alpha = alpha
        self.blocks = blocks

    def handle(self, event: pygame.event.Event, app: Shell) -> bool:
        return self.blocks and _is_press(event) and self.rect.collidepoint(event.pos)

    def content(self) -> pygame.Rect:
        """The inside of the panel below its heading."""
        pad = px(theme.PAD)
        top = px(76) if self.title else pad
        return pygame.Rect(
            self.rect.x + pad, self.rect.y + top, self.rect.w - 2 * pad, self.rect.h - top - pad
        )

    def draw(self, surface: pygame.Surface, app: Shell) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.rect, alpha=self.alpha)
        if self.title:
            font = app.assets.font(theme.HEADING_SIZE - 6, "bold")
            pad = px(theme.PAD)
            title = theme.fit_text(font, self.title, self.rect.w - 2 * pad)
            rect = theme.draw_text(
                surface, font, title, (self.rect.x + pad, self.rect.y + px(18)), theme.GOLD
            )
            rule_y = rect.bottom + px(8)
            pygame.draw.line(
                surface, theme.GOLD_DARK, (self.rect.x + pad, rule_y), (self.rect.right - pad, rule_y), px(1)
            )


CAPTION_ROOM = 34
"""Design pixels above a widget where a caption of it may be ("START PLAYER")."""


class Tooltip:
    """Shows the hovered widget's ``tooltip`` after the mouse rests on it for 0.4 s."""

    def __init__(self) -> None:
        self.target: Widget | None = None
        self.waited = 0.0
        self.others: list[pygame.Rect] = []
        """The other widgets' areas with the caption above each (the tooltip keeps off them)."""
        self.keys_at: tuple[int, int] | None = None
        """Where the mouse rested when a key was last pressed (``keys_pressed``): no tooltip
        while it stays there."""

    def update(self, dt: float, widgets: Sequence[Widget], app: Shell) -> None:
        """Track which widget is under the mouse."""
        if self.keys_at is not None and self.keys_at != app.mouse_pos:
            self.keys_at = None
        resting = self.keys_at is None
        over = next((w for w in widgets if resting and w.tooltip and w.hovered(app)), None)
        self.others = [
            w.rect.inflate(0, px(CAPTION_ROOM)).move(0, -px(CAPTION_ROOM) // 2)
            for w in widgets
            if w.visible and w is not over and not isinstance(w, Panel)
        ]
        if over is not self.target:
            self.target, self.waited = over, 0.0
        else:
            self.waited += dt

    def hide(self) -> None:
        """Forget the widget under the mouse: no tooltip until the mouse rests on one again
        (a scene covered by a dialog keeps none over it; tester8 saw New game's over the
        unfinished-game question)."""
        self.target, self.waited = None, 0.0

    def keys_pressed(self, mouse: tuple[int, int]) -> None:
        """A key was pressed or a button clicked: the tooltip goes until the mouse moves from
        ``mouse`` (a keyboard-only trial's level tooltip stayed for good over the controls it
        tabbed to, under a pointer left in the middle of the screen; another's Watch tooltip
        stayed over the refusal its click brought)."""
        self.hide()
        self.keys_at = mouse

    def draw(self, surface: pygame.Surface, app: Shell, within: pygame.Rect | None = None) -> None:
        """Draw the tooltip box near the mouse, kept on screen (inside ``within`` when given),
        off the other widgets and their captions where it can be (a playtest found New game's
        covering START PLAYER)."""
        if self.target is None or self.waited < TOOLTIP_DELAY or not self.target.tooltip:
            return
        theme.draw_tip(
            app, surface, self.target.tooltip, app.mouse_pos, self.others, self.target.rect, within
        )


class FocusList:
    """Keyboard focus over ``widgets``: pan_up/pan_down/cycle move it (Shift with cycle
    back, as at the table: a keyboard-only trial rebound the wrong action after Shift+Tab
    went forward), confirm activates the focused widget. With ``primary_default`` the focus
    starts on the one primary button (a menu's highlighted entry), so what Enter presses is
    always the widget drawn with the focus ring (``WidgetScene.draw_widgets``).

    Without it focus appears on the first key press (not for mouse users). The mouse never
    moves the focus: hovering only lifts the widget under the pointer and a click presses
    that one, so hover and focus cannot silently disagree about what Enter does (a playtest
    returned from Settings, hovered there, and Enter reopened Settings instead of Continue).
    """

    NEXT = ("pan_down", "cycle")
    PREVIOUS = ("pan_up",)
    SIDEWAYS: ClassVar[dict[str, int]] = {"pan_left": -1, "pan_right": 1}

    def __init__(self, widgets: Sequence[Widget], primary_default: bool = False) -> None:
        self.widgets = list(widgets)
        self.index = -1
        self.primary_default = primary_default
        self.reset()

    def reset(self) -> None:
        """Focus the default (see ``default``), or nothing when there is none."""
        default = self.default()
        self.index = next((i for i, w in enumerate(self.widgets) if w is default), -1)
        self._mark()

    def _usable(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.visible and w.enabled]

    def move(self, delta: int) -> None:
        """Focus the next (``delta`` 1) or previous (-1) usable widget."""
        usable = self._usable()
        if not usable:
            return
        if self.index not in usable:
            self.index = usable[0] if delta > 0 else usable[-1]
        else:
            self.index = usable[(usable.index(self.index) + delta) % len(usable)]
        self._mark()

    def _mark(self) -> None:
        for i, widget in enumerate(self.widgets):
            widget.focused = i == self.index

    def handle(self, event: pygame.event.Event, app: Shell) -> bool:
        """Consume navigation intents; True if ``event`` was one."""
        intents = app.intents.of(event)
        focused = self.widgets[self.index] if 0 <= self.index < len(self.widgets) else None
        sideways = [self.SIDEWAYS[i] for i in intents if i in self.SIDEWAYS]
        if sideways:
            if isinstance(focused, Cycler):
                focused.step(app, sideways[0])
            else:
                self.move(sideways[0])
            return True
        if any(i in self.NEXT for i in intents):
            self.move(-1 if "cycle" in intents and event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if any(i in self.PREVIOUS for i in intents):
            self.move(-1)
            return True
        if "confirm" in intents and focused is not None and focused.visible and focused.enabled:
            focused.activate(app)
            return True
        return False

    def default(self) -> Widget | None:
        """Where the focus starts: with ``primary_default`` the one usable ``primary`` button
        (the highlighted entry), else or when there is none or more than one, None."""
        if not self.primary_default:
            return None
        usable = [self.widgets[i] for i in self._usable()]
        primary = [w for w in usable if isinstance(w, Button) and w.style == "primary"]
        return primary[0] if len(primary) == 1 else None


FOCUS_GAP, FOCUS_WIDTH = 5, 3
"""Design pixels between a focused widget and its focus ring, and the ring's width."""


def draw_focus_ring(surface: pygame.Surface, widget: Widget) -> None:
    """The ring around the widget that has keyboard focus: what Enter presses. Hover never
    draws it (the pointer only lifts a button)."""
    ring = widget.rect.inflate(px(2 * FOCUS_GAP), px(2 * FOCUS_GAP))
    radius = min(px(theme.RADIUS + FOCUS_GAP), ring.h // 2)
    pygame.draw.rect(surface, theme.CREAM, ring, width=px(FOCUS_WIDTH), border_radius=radius)
