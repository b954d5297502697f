"""The application: a scene stack drawn at the display's own size.

Sizes in the code are design pixels (a 1920x1080 screen), drawn through the app's ``Scale``
(``cacao_game.app.scale``); ``resize`` takes a new display size or interface scale into effect
and asks every scene to lay out again.

``App.step(events, dt)`` runs one frame (tests feed event lists); ``App.run()`` is the real
loop. Keys the app answers itself, after the scenes had their chance: ``fullscreen`` (always,
before the scenes), ``help`` (opens/closes the help overlay) and ``pause`` (opens the pause
overlay over a ``pausable`` scene).
"""

from __future__ import annotations

import gc
import logging
import math
import os
import sys
import time
from collections.abc import Callable

import pygame

from cacao_game.app import prefs, routes, scale, strings, theme
from cacao_game.app.assets import Assets
from cacao_game.app.intents import DOUBLE_CLICK_DISTANCE, DOUBLE_CLICK_SECONDS, IntentMap
from cacao_game.app.layout import Layout
from cacao_game.app.routes import Route, UnknownScene
from cacao_game.app.scene import Router, Scene, Shell
from cacao_game.app.toasts import reading_seconds
from cacao_game.config.choices import ui_scale_percent
from cacao_game.config.game import GameConfig
from cacao_game.config.settings import Settings
from cacao_game.jsontypes import JSON

log = logging.getLogger(__name__)

LOGICAL_SIZE = scale.DESIGN_SIZE
"""The default off-screen size (tests, screenshots)."""
FPS = 60
WINDOW_SIZE_EVENTS = frozenset({pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED})
WINDOW_REDRAW_EVENTS = frozenset(
    {pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED}
)
"""The window's pixels may be lost: the next frame is drawn and shown whole."""
"""What a window manager's resize (drag, maximise, restore) posts: each one lays out anew."""
FIRST_FRAME_ENV = "CACAO_BENCH_FIRST_FRAME"
"""Set to 1, the app writes ``CACAO_FIRST_FRAME <unix time>`` after its first frame and quits
(tools/bench_frames.py measures the launch time with it)."""
FIRST_FRAME_STAMP = "CACAO_FIRST_FRAME"


class _NoScenes:
    """The router of an app built without a catalog: it knows no scene."""

    def make(self, route: Route, app: Shell) -> Scene:
        raise UnknownScene(f"no scene for {route!r}: build the app with catalog.router()")


def _toggle_fullscreen() -> pygame.Surface | None:
    """pygame's own toggle; the display surface afterwards."""
    pygame.display.toggle_fullscreen()
    return pygame.display.get_surface()


class App:
    """Owns the screen, assets, layout, settings, intents and the scene stack."""

    def __init__(
        self,
        screen: pygame.Surface | None = None,
        settings: Settings | None = None,
        *,
        assets: Assets | None = None,
        layout: Layout | None = None,
        router: Router | None = None,
    ) -> None:
        """``screen`` defaults to an off-screen 1920x1080 surface (tests, screenshots); any
        size works, the scenes lay out at it. ``router`` builds the scene of each route
        (``cacao_game.app.catalog.router()``; without it no scene can be opened)."""
        if not pygame.font.get_init():
            pygame.font.init()
        self.screen = screen if screen is not None else pygame.Surface(LOGICAL_SIZE)
        self.settings = settings if settings is not None else prefs.load()
        strings.set_language(self.settings.language)
        self.assets = assets or Assets(palette=self.settings.palette, sound=self.settings.sound)
        self.design_layout = layout or Layout.load(self.assets.root / "layout.tmx")
        """The anchors in design pixels, as the map gives them."""
        self.scale = scale.Scale.for_display(self.screen.get_size(), self._ui_percent())
        scale.use(self.scale)
        self.layout = self.design_layout.arranged(self.scale)
        """The anchors in real pixels at the current scale."""
        self.intents = IntentMap(self.settings.key_bindings)
        self.router: Router = router if router is not None else _NoScenes()
        self.stack: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self._close_asked: Scene | None = None
        """The question ``close_window`` opened, while it may still be open."""
        self.toast: tuple[str, float] | None = None
        self.toast_detail = ""
        """What the toast says while the mouse is on it ("": nothing more)."""
        self.toast_rect: pygame.Rect | None = None
        """Where the toast was last drawn."""
        self.frame = 0
        self._kept: Scene | None = None
        """The scene whose picture the screen holds from the last frame (it may draw only what
        changed), None when the screen holds anything else."""
        self._changed: list[pygame.Rect] | None = None
        """What the last ``draw`` changed on the screen (None: all of it), for ``present``."""
        self.mouse_pos: tuple[int, int] = (-1, -1)
        self.clock = 0.0
        """Seconds of frames stepped so far (the sum of ``step``'s ``dt``)."""
        self._press: tuple[float, tuple[int, int], Scene | None] | None = None
        """The last press taken: when, where and the scene on top then."""
        self._press_frame = -1
        self._press_changed_screen = False
        """Whether the frame of the last press taken ended with another scene on top."""
        self._dropped: set[int] = set()
        """Buttons whose press was dropped as a double-click's echo (their release goes too)."""
        self.toggle_display: Callable[[], pygame.Surface | None] = _toggle_fullscreen
        """Switches full screen and window; returns the new display surface (None: unchanged)."""
        self.last_config: GameConfig | None = self.settings.last_config()
        """The seats of the last game set up, offered again by the setup scene (kept in the
        settings file across starts: ``remember_setup``)."""
        self.join_typed: dict[str, str] = {}
        self.settings_unsaved = False
        """Settings whose write failed, to write again (``Shell.settings_unsaved``)."""
        """The Join form's fields as last tried in this run, the table code too (not kept
        across starts; ``Settings.last_joined`` keeps address, port and name)."""

    # ------------------------------------------------------------------ stack

    @property
    def top(self) -> Scene | None:
        """The scene receiving input, or None."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top; the old top is paused."""
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove the top scene; the new top resumes. Popping the last scene quits."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        else:
            self.quit()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Empty the stack (every scene exits, top first) and show ``scene`` alone.

        The scenes left behind hold large images in reference cycles (scene, HUD, board):
        they are collected now, at a scene change, rather than whenever the collector runs."""
        while self.stack:
            self.stack.pop().exit()
        gc.collect()
        self.stack.append(scene)
        scene.enter()

    def home(self) -> None:
        """Back to the main menu, leaving whatever is on the stack."""
        self.reset(self.router.make(routes.Menu(), self))

    def open(self, route: Route) -> Scene:
        """Push the scene of ``route`` and return it."""
        scene = self.router.make(route, self)
        self.push(scene)
        return scene

    def switch(self, route: Route) -> Scene:
        """Replace the top scene with the scene of ``route`` and return it."""
        scene = self.router.make(route, self)
        self.replace(scene)
        return scene

    def close_window(self) -> None:
        """The window's close button (or Alt+F4; SDL says ``WINDOWCLOSE`` with the ``QUIT``
        that follows it): quit, unless an open scene asks first (``Scene.close_question``);
        closing again while it asks quits. A ``QUIT`` alone (SIGTERM, a logout) quits at once:
        nobody is there to answer."""
        asking = self._close_asked
        if asking is not None and asking in self.stack:
            self.quit()
            return
        question = next((q for scene in reversed(self.stack) if (q := scene.close_question())), None)
        if question is None:
            self.quit()
            return
        self._close_asked = self.open(routes.Confirm(question, self.quit, danger=True))

    def quit(self, code: int = 0) -> None:
        """Stop the loop after this frame."""
        self.running = False
        self.exit_code = code

    def notify(self, message: str, seconds: float | None = None, detail: str = "") -> None:
        """Show a short message at the bottom of the screen for ``seconds`` (None: long enough
        to read it, ``reading_seconds``); ``detail`` (a save's full path, say) replaces it
        while the mouse rests on it, which keeps it up."""
        self.toast = (message, reading_seconds(message) if seconds is None else seconds)
        self.toast_detail = detail

    def withdraw(self, message: str) -> None:
        """Take the toast down now if it shows ``message`` (news that is no longer true)."""
        if self.toast is not None and self.toast[0] == message:
            self.toast = None

    # ------------------------------------------------------------------ size

    def _ui_percent(self) -> int | None:
        return ui_scale_percent(self.settings.ui_scale)

    def resize(self, screen: pygame.Surface | None = None) -> None:
        """Draw on ``screen`` from now on (default: the same one) at the current interface
        scale; every scene on the stack lays out again. Nothing happens when neither the
        size nor the scale changed."""
        screen = screen if screen is not None else self.screen
        new_scale = scale.Scale.for_display(screen.get_size(), self._ui_percent())
        self.screen = screen
        self._kept = None
        if new_scale == self.scale:
            return
        self.scale = new_scale
        scale.use(new_scale)
        self.layout = self.design_layout.arranged(new_scale)
        self.assets.forget_sized()
        theme.forget_sized()
        for scene in self.stack:
            scene.relayout()

    # ------------------------------------------------------------------ settings

    def apply_settings(self, settings: Settings | None = None) -> None:
        """Take (new) settings into effect: language, palette, sound, key bindings. A new
        language shows at once: every scene on the stack takes its texts anew (``relabel``)."""
        if settings is not None:
            self.settings = settings
        relabel = self.settings.language != strings.language()
        strings.set_language(self.settings.language)
        self.assets.set_palette(self.settings.palette)
        self.assets.sound_enabled = self.settings.sound
        self.intents.rebuild(self.settings.key_bindings)
        self.resize()
        if relabel:
            self.toast = None
            for scene in self.stack:
                scene.relabel()

    def toggle_fullscreen(self) -> bool:
        """Switch between full screen and window; False (and a notice) if the display refuses.
        The setting follows the window before the scenes lay out again at its new size, so
        that Settings' switch shows the new mode."""
        try:
            screen = self.toggle_display()
        except (pygame.error, RuntimeError) as error:
            log.info("full screen toggle unavailable: %s", error)
            self.notify(strings.t("status.fullscreen_unavailable"))
            return False
        self._keep_fullscreen(self.is_fullscreen())
        if screen is not None:
            self.resize(screen)
        return True

    def remember_setup(self, config: GameConfig, start: int | None = None) -> None:
        """``config`` is the last game set up, ``start`` its chosen start player (a seat of
        ``config``; None: random): New game opens with them, also after a restart (written to
        the settings file at once; a failed write is logged, nothing else)."""
        self.last_config = config
        self.settings.last_setup = {**config.to_dict(), "start": start}
        self._save_settings("last set-up", "last_setup")

    def remember_hosted(self, setup: dict[str, JSON] | None) -> None:
        """``setup`` is the Host a game setup to offer next time (``Settings.last_hosted``;
        None: the defaults), also after a restart (written at once; a failed write is
        logged, nothing else)."""
        self.settings.last_hosted = setup
        self._save_settings("last hosted set-up", "last_hosted")

    def remember_joined(self, form: dict[str, JSON] | None) -> None:
        """``form`` is the Join a game form to offer next time (``Settings.last_joined``;
        None: the defaults), also after a restart (written at once; a failed write is
        logged, nothing else)."""
        self.settings.last_joined = form
        self._save_settings("last join form", "last_joined")

    def _save_settings(self, what: str, field: str) -> None:
        """Write ``field`` of the settings into their file now for ``what`` changed, the rest
        as the file has it (``prefs.save_fields``); a failed write is logged."""
        try:
            prefs.save_fields(self.settings, [field])
        except (OSError, ValueError) as error:
            log.warning("%s not saved: %s", what, error)

    def _keep_fullscreen(self, on: bool) -> None:
        """The window is (not) full screen now: the setting says so and is written at once, so
        F11, the Settings toggle and the next start agree; a failed write is reported."""
        if self.settings.fullscreen == on:
            return
        self.settings.fullscreen = on
        try:
            prefs.save(self.settings)
        except (OSError, ValueError) as error:
            log.warning("settings not saved: %s", error)
            self.notify(strings.t("settings.save_failed", reason=error))

    def is_fullscreen(self) -> bool:
        """True if the window is full screen now (False without a window)."""
        try:
            return bool(pygame.display.is_fullscreen())
        except (pygame.error, AttributeError):
            return False

    # ------------------------------------------------------------------ frames

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: route ``events``, update the top scene by ``dt`` seconds, draw everything."""
        self.frame += 1
        self.clock += dt
        events = self._global_keys_first(events)
        if self.stack:
            leftover = self._dispatch(events)
            self._global_keys_after(leftover)
        if self._press is not None and self._press_frame == self.frame:
            self._press_changed_screen = self.top is not self._press[2]
        if self.stack:
            self.stack[-1].update(dt)
            for scene in self._playing_on_below():
                scene.update(dt)
        if self.toast is not None:
            message, left = self.toast
            if self.toast_hovered():
                left = max(left, 0.3 + dt)
            self.toast = (message, left - dt) if left - dt > 0 else None
        self.draw(self.screen)

    def _global_keys_first(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        rest = []
        by_hand = any(event.type == pygame.WINDOWCLOSE for event in events)
        for event in events:
            if event.type == pygame.QUIT:
                if by_hand:
                    self.close_window()
                else:
                    self.quit()
            elif event.type == pygame.WINDOWCLOSE:
                pass
            elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.mouse_pos = (int(event.pos[0]), int(event.pos[1]))
                if not self._double_click_echo(event):
                    rest.append(event)
            elif event.type in WINDOW_SIZE_EVENTS:
                self._kept = None
                self._follow_window()
            elif event.type in WINDOW_REDRAW_EVENTS:
                self._kept = None
                rest.append(event)
            elif self.intents.has(event, "fullscreen") and not getattr(self.top, "capturing", False):
                if self.toggle_fullscreen() and self.top is not None:
                    self.top.relayout()
            else:
                rest.append(event)
        return rest

    def _double_click_echo(self, event: pygame.event.Event) -> bool:
        """Whether mouse ``event`` is the second press of a double-click whose first press
        changed the screen, or that press's release (``DOUBLE_CLICK_SECONDS``)."""
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in self._dropped:
                self._dropped.discard(event.button)
                return True
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or event.button not in (1, 2, 3):
            return False
        if self._press is not None and self._press_changed_screen:
            when, where, _scene = self._press
            near = math.dist(where, self.mouse_pos) <= scale.px(DOUBLE_CLICK_DISTANCE)
            if self.clock - when <= DOUBLE_CLICK_SECONDS and near:
                self._dropped.add(event.button)
                return True
        self._press = (self.clock, self.mouse_pos, self.top)
        self._press_frame = self.frame
        self._press_changed_screen = False
        return False

    def _follow_window(self) -> None:
        """The window changed size: lay out at the display surface's new size. The display
        surface is resized in place (``self.screen`` may be that very object, already at the
        new size), so the layout's size is what is compared (in ``resize``)."""
        display = pygame.display.get_surface()
        if display is not None:
            self.resize(display)

    def _dispatch(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        leftover = events
        for scene in reversed(list(self.stack)):
            if scene not in self.stack:
                break
            leftover = scene.handle(leftover)
            if not leftover or not (scene.transparent and scene.passthrough):
                break
        return leftover

    def _global_keys_after(self, events: list[pygame.event.Event]) -> None:
        for event in events:
            top = self.top
            if top is None:
                return
            if self.intents.has(event, "help"):
                if top.is_help:
                    self.pop()
                else:
                    self.open(routes.Help())
            elif self.intents.has(event, "pause") and top.pausable:
                self.open(routes.Pause())

    def _playing_on_below(self) -> list[Scene]:
        """The scenes under the top that go on meanwhile (``Scene.plays_on``: a table across
        machines under its menu, or under Settings or Rules opened from it), nearest first."""
        return [scene for scene in reversed(self.stack[:-1]) if scene.plays_on()]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the top scene and, under transparent overlays, the scenes below it. A scene
        drawn alone on the screen whose picture the screen holds draws only what changed
        (``Scene.draw_changes``); ``present`` shows it."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        shown = self.stack[max(first, 0) :]
        before = self.toast_rect
        changed: list[pygame.Rect] | None = None
        if len(shown) == 1 and surface is self.screen and not theme.auditing():
            scene = shown[0]
            damage = [before.inflate(scale.px(96), scale.px(96))] if before is not None else []
            changed = scene.draw_changes(surface, damage, fresh=self._kept is not scene)
            self._kept = scene
        else:
            for scene in shown:
                scene.draw(surface)
            self._kept = None
        if self.toast is None:
            self.toast_rect = None
        else:
            message = self.toast_detail if self.toast_hovered() else self.toast[0]
            area = self.stack[-1].toast_area(surface.get_rect()) if self.stack else None
            opacity = min(1.0, self.toast[1] / 0.3)
            self.toast_rect = theme.draw_toast(self, surface, message, opacity, area)
            if changed is not None:
                changed.append(self.toast_rect.inflate(scale.px(96), scale.px(96)).clip(surface.get_rect()))
        self._changed = changed

    def present(self) -> None:
        """Show the last drawn frame in the window: the rectangles it changed, or all of it."""
        if self._changed is None:
            pygame.display.flip()
        elif self._changed:
            pygame.display.update(self._changed)

    def toast_hovered(self) -> bool:
        """Whether the mouse rests on a toast that has more to say."""
        rect = self.toast_rect
        return bool(self.toast_detail) and rect is not None and rect.collidepoint(self.mouse_pos)

    def run(self, clock: pygame.time.Clock | None = None) -> int:
        """The real loop at 60 frames per second until ``quit``; returns the exit code. The
        window goes before the scenes close (``close``: a thinking computer's process is
        given half a second to stop, a save finishes), so it closes as soon as asked (a trial
        watched it stay for seconds)."""
        clock = clock or pygame.time.Clock()
        first_frame_stamp = os.environ.get(FIRST_FRAME_ENV) == "1"
        while self.running:
            dt = clock.tick(FPS) / 1000
            self.step(pygame.event.get(), min(dt, 0.1))
            self.present()
            if first_frame_stamp:
                sys.stdout.write(f"{FIRST_FRAME_STAMP} {time.time()}\n")
                sys.stdout.flush()
                self.quit()
        pygame.display.quit()
        self.close()
        return self.exit_code

    def close(self) -> None:
        """Every scene on the stack exits, top first (workers stop, pending saves finish);
        settings whose write failed are tried once more."""
        while self.stack:
            self.stack.pop().exit()
        if self.settings_unsaved:
            try:
                prefs.save(self.settings)
            except (OSError, ValueError) as error:
                log.warning("settings not saved at exit: %s", error)
            else:
                self.settings_unsaved = False
