"""The scene protocol: one screen or overlay on the app's scene stack.

Input goes to the top scene first: ``handle`` returns the events it did not consume. A
transparent overlay (``transparent = True``) is drawn over the scenes below it; when it also
sets ``passthrough = True`` its unconsumed events are offered to the scene below. What no
scene consumes reaches the app's global keys (help, pause).

Scenes never import one another: they ask the shell for the next scene by a typed route
(``cacao_game.app.routes``). A scene holds a ``Shell``, the small part of the app it may use,
never the ``App`` itself, so the app shell's modules import one another in one direction only.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from cacao_game.app.strings import t

if TYPE_CHECKING:
    from cacao_game.app.assets import Assets
    from cacao_game.app.intents import IntentMap
    from cacao_game.app.layout import Layout
    from cacao_game.app.routes import Route
    from cacao_game.app.scale import Scale
    from cacao_game.config.game import GameConfig
    from cacao_game.config.settings import Settings
    from cacao_game.jsontypes import JSON


class Shell(Protocol):
    """What a scene may use of the app that runs it (``cacao_game.app.app.App`` is one)."""

    assets: Assets
    settings: Settings
    """The settings in effect; change them with ``apply_settings``."""
    layout: Layout
    """The layout anchors in real pixels at the current scale."""
    scale: Scale
    intents: IntentMap
    screen: pygame.Surface
    mouse_pos: tuple[int, int]
    """Where the mouse was last seen ((-1, -1): not yet)."""
    clock: float
    """Seconds the app has stepped (the sum of its frames' ``dt``)."""
    last_config: GameConfig | None
    """The seats of the last game set up, offered again by the setup scene."""
    join_typed: dict[str, str]
    """The Join form's fields as last tried in this run, the code too (not kept across starts)."""
    settings_unsaved: bool
    """Settings changed in the Settings screen whose write failed: written again when the
    screen is next left, and when the app closes."""
    stack: list[Scene]
    """The scene stack, bottom first (read it; change it with open, switch, pop, home)."""

    @property
    def top(self) -> Scene | None:
        """The scene receiving input, or None."""
        ...

    def open(self, route: Route) -> Scene:
        """Push the scene of ``route`` and return it."""
        ...

    def switch(self, route: Route) -> Scene:
        """Replace the top scene with the scene of ``route`` and return it."""
        ...

    def home(self) -> None:
        """Back to the main menu, leaving whatever is on the stack."""
        ...

    def pop(self) -> Scene | None:
        """Remove the top scene (the last one: quit)."""
        ...

    def quit(self, code: int = 0) -> None:
        """Stop after this frame with exit ``code``."""
        ...

    def notify(self, message: str, seconds: float = ..., detail: str = "") -> None:
        """A short message at the bottom of the screen (``detail`` while the mouse is on it)."""
        ...

    def withdraw(self, message: str) -> None:
        """Take the message at the bottom of the screen down now if it is ``message``."""
        ...

    def apply_settings(self, settings: Settings | None = None) -> None:
        """Take (new) settings into effect."""
        ...

    def remember_setup(self, config: GameConfig, start: int | None = None) -> None:
        """``config`` is the last game set up (``last_config``), ``start`` its chosen start
        player (None: random; ``Settings.last_start``), both kept across starts."""
        ...

    def remember_hosted(self, setup: dict[str, JSON] | None) -> None:
        """``setup`` is the Host a game setup to offer next time (``Settings.last_hosted``,
        kept across starts; None: forget it)."""
        ...

    def remember_joined(self, form: dict[str, JSON] | None) -> None:
        """``form`` is the Join a game form to offer next time (``Settings.last_joined``,
        kept across starts; None: forget it)."""
        ...

    def toggle_fullscreen(self) -> bool:
        """Switch between full screen and window; False if the display refuses."""
        ...

    def is_fullscreen(self) -> bool:
        """Whether the window is full screen now."""
        ...


class Router(Protocol):
    """Builds the scene of a route (``cacao_game.app.catalog.router()`` knows every scene)."""

    def make(self, route: Route, app: Shell) -> Scene:
        """The scene of ``route`` for ``app``; raises ``routes.UnknownScene`` if it has none."""
        ...


class Scene:
    """Base class of every scene; every hook is optional.

    Contract: ``draw`` never changes game state (it may cache surfaces); ``update(dt)``
    advances animations by ``dt`` seconds; ``handle`` consumes events.
    """

    transparent: bool = False
    """Overlays set this: the scene below is drawn first."""
    passthrough: bool = False
    """A transparent overlay that sets this offers its unconsumed events to the scene below."""
    pausable: bool = False
    """The app opens the pause overlay on an unconsumed ``pause`` intent (the play scene)."""
    is_help: bool = False
    """The help overlay sets this: the help key closes it instead of opening another."""

    def __init__(self, app: Shell) -> None:
        self.app = app

    def enter(self) -> None:
        """Called once when the scene is pushed (or replaces another)."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack."""

    def pause(self) -> None:
        """Called when another scene is pushed over this one."""

    def resume(self) -> None:
        """Called when this scene is the top again."""

    def relayout(self) -> None:
        """Called when the screen size or the interface scale changed: lay out again."""

    def relabel(self) -> None:
        """Called when the language changed: every text shown from now on is in the new one
        (default: lay out again, which builds the widgets and their labels anew)."""
        self.relayout()

    def handle(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """Consume what this scene understands; return the rest, in order."""
        return events

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the 1920x1080 logical ``surface``; must not change game state."""

    def draw_changes(
        self, surface: pygame.Surface, damage: list[pygame.Rect], *, fresh: bool
    ) -> list[pygame.Rect] | None:
        """Draw this frame on ``surface``, which holds this scene's last frame unless
        ``fresh``, with ``damage`` (rectangles something else drew on) to draw again; returns
        the rectangles changed, None for all of them. The default draws all (``draw``)."""
        self.draw(surface)
        return None

    def can_save(self) -> bool:
        """Whether ``save_game`` has a game to save (the pause overlay offers Save only then)."""
        return False

    def save_game(self) -> str:
        """Save the game this scene holds where it keeps it; return where, as shown to users.

        Scenes that hold a game (the play scene) override this. Raises ``LookupError`` when
        there is nothing to save and any other exception (its ``str`` is shown) on failure.
        """
        raise LookupError("no game")

    def saved_words(self, where: str) -> str:
        """What the player is told once ``save_game`` saved to ``where``: the save's name."""
        return t("play.saved", where=Path(where).stem)

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Where a toast lies over this scene on ``screen`` (real pixels): centred between the
        area's sides, wrapped within them and sitting on its bottom. The whole screen unless
        the scene keeps something there (the table's hand below, its seats and log beside)."""
        return screen

    def leave_question(self) -> str:
        """What the pause overlay asks before Quit to menu leaves this scene."""
        from cacao_game.app.strings import t

        return t("pause.quit_confirm")

    def close_question(self) -> str | None:
        """What closing the window asks first while this scene is open (None: it closes at
        once, as it does unless leaving would cost someone else their game)."""
        return None

    def plays_on(self) -> bool:
        """Whether this scene goes on (is updated) under the transparent overlays over it: a
        table played across machines does not pause (a trial's table stood still behind its
        menu while the game went on, then played the missed moves back for 6 s)."""
        return False

    def pause_title(self) -> str:
        """The pause overlay's title over this scene ("Paused"; a table played across
        machines, which plays on, says otherwise)."""
        from cacao_game.app.strings import t

        return t("pause.title")

    def leave_on_purpose(self) -> None:
        """The player confirmed Quit to menu in the pause overlay: forget what would bring
        them back here (a seat's ticket in a game on another machine). Default: nothing."""

    def help_topics(self) -> list[tuple[str, str]]:
        """Extra (title, text) help sections this scene adds to the F1 page."""
        return []
