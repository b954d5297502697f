"""``WidgetScene``: a scene made of widgets, with keyboard focus, tooltips and a back action."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.scene import Scene
from cacao_game.app.widgets import FocusList, Panel, TextInput, Tooltip, Widget

if TYPE_CHECKING:
    from cacao_game.app.app import App


class WidgetScene(Scene):
    """Routes events to ``self.widgets`` (top-most last), then to keyboard focus.

    Subclasses build widgets in ``build()`` (called on enter and by ``rebuild()``), draw their
    backdrop in ``draw_background`` and override ``back()`` (the ``pause`` intent; default pop).
    A modal overlay sets ``modal = True``: it consumes every event it does not use.
    """

    modal: bool = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self.focus = FocusList([])
        self.tooltip = Tooltip()
        self.time = 0.0

    def build(self) -> None:
        """Create ``self.widgets``; the default has none."""

    def focusable(self) -> list[Widget]:
        """The widgets keyboard focus walks through (default: all but panels)."""
        return [w for w in self.widgets if not isinstance(w, Panel)]

    def rebuild(self) -> None:
        """Recreate the widgets and keep the focus position."""
        index = self.focus.index
        self.build()
        self.focus = FocusList(self.focusable())
        if index >= 0 and self.focus.widgets:
            self.focus.index = min(index, len(self.focus.widgets) - 1)
            self.focus.move(0)

    def enter(self) -> None:
        self.rebuild()

    def resume(self) -> None:
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
        """Offer ``event`` to the widgets (top-most first), then to keyboard focus."""
        if event.type == pygame.KEYDOWN and self.editing():
            editing = next(w for w in self.widgets if isinstance(w, TextInput) and w.editing)
            return editing.handle(event, self.app)
        for widget in reversed(self.widgets):
            if widget.handle(event, self.app):
                return True
        return self.focus.handle(event, self.app)

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

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_content(surface)
        for widget in self.widgets:
            widget.draw(surface, self.app)
        self.tooltip.draw(surface, self.app)
