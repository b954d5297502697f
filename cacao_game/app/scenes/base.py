"""``WidgetScene``: a scene made of widgets, with keyboard focus, tooltips and a back action.

``Stage`` places a scene's 1920x1080 design layout on the screen: design rectangles and points
become real pixels at the current scale, the layout centred when the screen has room to spare
(a 16:10 screen, or an interface size smaller than fits).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cacao_game.app import scale, theme
from cacao_game.app.scale import DESIGN_SIZE, px
from cacao_game.app.scene import Scene
from cacao_game.app.widgets import FocusList, Note, Panel, TextInput, Tooltip, Widget, draw_focus_ring

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell


class Stage:
    """The 1920x1080 design area centred on a screen of ``size`` real pixels."""

    def __init__(self, size: tuple[int, int]) -> None:
        width, height = size
        w, h = min(px(DESIGN_SIZE[0]), width), min(px(DESIGN_SIZE[1]), height)
        self.area = pygame.Rect((width - w) // 2, (height - h) // 2, w, h)
        """The design area in real pixels."""

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """The design rectangle (x, y, w, h) of the layout in real screen pixels."""
        return pygame.Rect(scale.rect(x, y, w, h)).move(self.area.topleft)

    def point(self, x: float, y: float) -> tuple[int, int]:
        """The design point (x, y) of the layout in real screen pixels."""
        return self.area.x + px(x), self.area.y + px(y)

    def screen_y(self, y: float) -> int:
        """The layout's design ``y`` as design pixels from the screen's top (``theme.draw_title``)."""
        return round(y + design(self.area.y))


def design(length: float) -> float:
    """``length`` real pixels in design pixels at the current scale."""
    return length / scale.current().factor


class WidgetScene(Scene):
    """Routes events to ``self.widgets`` (top-most last), then to keyboard focus.

    Subclasses build widgets in ``build()`` (called on enter, by ``rebuild()`` and when the
    screen size or scale changes), draw their backdrop in ``draw_background`` and override
    ``back()`` (the ``pause`` intent; default pop). A modal overlay sets ``modal = True``: it
    consumes every event it does not use.
    """

    modal: bool = False
    primary_default: bool = False
    """Whether the focus starts on the one primary button (a menu's highlighted entry), so
    Enter takes it; off where a key press may be meant for something else (skipping the
    scores)."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.focus = FocusList([])
        self.tooltip = Tooltip()
        self.time = 0.0

    @property
    def stage(self) -> Stage:
        """Where the design layout lies on the screen now."""
        return Stage(self.app.screen.get_size())

    def build(self) -> None:
        """Create ``self.widgets``; the default has none."""

    def focusable(self) -> list[Widget]:
        """The widgets keyboard focus walks through (default: all but panels and notes)."""
        return [w for w in self.widgets if not isinstance(w, Panel | Note)]

    def rebuild(self) -> None:
        """Recreate the widgets and keep the focus on the widget it was on: the one of the
        same kind and label where there is exactly one (a keyboard-only trial's Enter on Add
        seat left the focus on the new seat's controls, the list having grown), else at the
        same position."""
        index = self.focus.index
        widgets = self.focus.widgets
        was = _identity(widgets[index]) if 0 <= index < len(widgets) else None
        self.build()
        self.focus = FocusList(self.focusable(), self.primary_default)
        if index >= 0 and self.focus.widgets:
            same = [i for i, widget in enumerate(self.focus.widgets) if _identity(widget) == was]
            self.focus.index = same[0] if len(same) == 1 else min(index, len(self.focus.widgets) - 1)
            self.focus.move(0)

    def enter(self) -> None:
        """Built; no tooltip until the mouse moves (it rests where the screen before was
        clicked: a trial's refused Watch opened the form anew, its Watch tooltip over the
        refusal)."""
        self.rebuild()
        self.tooltip.keys_pressed(self.app.mouse_pos)

    def pause(self) -> None:
        """A scene opened over this one: its tooltip goes (none shows over a dialog)."""
        self.tooltip.hide()

    def resume(self) -> None:
        """Back from a scene opened over this one: with ``primary_default`` the focus returns
        to the default entry (Enter after Settings → Back is Continue again, not Settings)."""
        self.rebuild()
        if self.primary_default:
            self.focus.reset()

    def relayout(self) -> None:
        self.rebuild()

    def back(self) -> None:
        """The ``pause`` intent (Esc): leave this scene."""
        self.app.pop()

    def editing(self) -> bool:
        """True while a text field has the keyboard."""
        return any(isinstance(w, TextInput) and w.editing for w in self.widgets)

    def handle(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        rest: list[pygame.event.Event] = []
        for event in events:
            if self.app.top is not self:
                break
            if self.handle_event(event):
                continue
            if not self.pausable and not self.editing() and self.app.intents.has(event, "pause"):
                self.back()
                continue
            if not self.modal or self.app.intents.has(event, "help"):
                rest.append(event)
        return rest

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer ``event`` to the widgets (top-most first), then to keyboard focus. A key or a
        click hides the tooltip until the mouse moves. A click
        anywhere but in the text field being edited ends its editing first, so at most one
        field ever takes the keys; a field a click starts editing takes the keyboard focus too
        (a trial saw two fields look focused, the one clicked and the one the focus was on)."""
        if event.type == pygame.KEYDOWN:
            self.tooltip.keys_pressed(self.app.mouse_pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.tooltip.keys_pressed(event.pos)  # a trial's Watch tooltip hid the refusal its click brought
            for field in self.widgets:
                if isinstance(field, TextInput) and field.editing and not field.rect.collidepoint(event.pos):
                    field.set_editing(False)
        if event.type == pygame.KEYDOWN and self.editing():
            editing = next(w for w in self.widgets if isinstance(w, TextInput) and w.editing)
            handled = editing.handle(event, self.app)
            if event.key == pygame.K_TAB:
                if editing in self.focus.widgets:
                    self.focus.index = self.focus.widgets.index(editing)
                self._tab(event)
            return handled
        for widget in reversed(self.widgets):
            if widget.handle(event, self.app):
                if isinstance(widget, TextInput) and widget.editing and widget in self.focus.widgets:
                    self.focus.index = self.focus.widgets.index(widget)
                    self.focus.move(0)
                return True
        if self.app.intents.has(event, "cycle"):
            return self._tab(event)
        return self.focus.handle(event, self.app)

    def _tab(self, event: pygame.event.Event) -> bool:
        """Tab: the focus moves on from where it is (from the field being edited, the field),
        and a text field it lands on takes the keys at once (a trial tabbed from a name field,
        typed a name into the Start button and its space started the game)."""
        handled = self.focus.handle(event, self.app)
        index = self.focus.index
        landed = self.focus.widgets[index] if 0 <= index < len(self.focus.widgets) else None
        if isinstance(landed, TextInput):
            landed.set_editing(True)
        return handled

    def update(self, dt: float) -> None:
        self.time += dt
        for widget in self.widgets:
            if isinstance(widget, TextInput):
                widget.update(dt)
        self.tooltip.update(dt, self.widgets, self.app)

    def draw_background(self, surface: pygame.Surface) -> None:
        """The backdrop (default: the jungle, darkened)."""
        theme.draw_backdrop(self.app, surface, 90)

    def draw_content(self, surface: pygame.Surface) -> None:
        """What the scene draws between the backdrop and its widgets."""

    def draw_widgets(self, surface: pygame.Surface, start: int = 0, stop: int | None = None) -> None:
        """Draw ``self.widgets[start:stop]``; each one's texts belong to its rectangle (a
        panel's to the panel), as the no-overflow test checks. Under another scene (a
        dialog) none is drawn hovered: the mouse is the dialog's."""
        covered = self.app.top is not self
        for widget in self.widgets[start:stop]:
            widget.covered = covered
            with theme.within(widget.rect):
                widget.draw(surface, self.app)
            if widget.focused and widget.visible:
                draw_focus_ring(surface, widget)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_content(surface)
        self.draw_widgets(surface)
        self.tooltip.draw(surface, self.app)


class DialogScene(WidgetScene):
    """A modal box centred over the scene below (dimmed): ``panel_rect`` sizes it (opaque:
    the table does not show through), ``draw_dialog`` fills it; its widgets are drawn on top."""

    transparent = True
    modal = True

    def panel_rect(self) -> pygame.Rect:
        """The dialog's box in real pixels (default: 800x600 design pixels)."""
        rect = pygame.Rect(0, 0, px(800), px(600))
        rect.center = self.app.screen.get_rect().center
        return rect

    def draw_dialog(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The dialog's own drawing inside ``panel``."""

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 150)
        panel = self.panel_rect()
        theme.draw_panel(surface, panel, border=theme.GOLD, alpha=255)
        self.draw_dialog(surface, panel)
        self.draw_widgets(surface)


def _identity(widget: Widget) -> tuple[str, str]:
    """What tells a widget from its remade self across a rebuild: its kind and its label."""
    return type(widget).__name__, getattr(widget, "label", "")
