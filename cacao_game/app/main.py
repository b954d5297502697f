"""``run_app``: open the display (full screen at the desktop's resolution) and run the app.

With no usable display (SDL falls back to its ``offscreen``/``dummy`` driver, or cannot start)
a clear message goes to stderr and the exit code is 1, unless ``CACAO_ALLOW_DUMMY=1`` is set
(tools and tests that render off-screen).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from cacao_game.app.app import App
    from cacao_game.config.settings import BindingRepair, SettingsRefusal

log = logging.getLogger(__name__)

HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
ALLOW_DUMMY_ENV = "CACAO_ALLOW_DUMMY"
WINDOW_FRACTION = 0.9


def quiet_dummy_warnings() -> None:
    """Hide the "no fast renderer available" warning SCALED gives under the dummy driver."""
    warnings.filterwarnings("ignore", message=".*no fast renderer available.*")


FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def plain_framebuffer() -> None:
    """On Linux, show the window's pixels the plain way (X11 shared memory) rather than
    through an OpenGL texture, unless ``SDL_FRAMEBUFFER_ACCELERATION`` is set already.

    The app draws everything in software; SDL's texture framebuffer only copies the finished
    frame into a texture, and starting OpenGL for that costs about 110 MB (the GL driver,
    with Mesa's LLVM, and copies of the frame) where a GPU driver is missing or software.
    Call before the display module starts.
    """
    if sys.platform.startswith("linux"):
        os.environ.setdefault(FRAMEBUFFER_HINT, "0")


def display_problem() -> str | None:
    """None if a real display is usable; else the message to show (starts the display module)."""
    import pygame

    from cacao_game.app.strings import t

    try:
        pygame.display.init()
    except pygame.error as error:
        return t("app.no_display", driver=f"none ({error})")
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get(ALLOW_DUMMY_ENV) != "1":
        return t("app.no_display", driver=driver)
    return None


MIN_WINDOW = (1280, 720)
"""The smallest window the player can drag to: the smallest design size (README, "Screen
sizes"), or the desktop if that is smaller."""


def minimum_window(desktop: tuple[int, int]) -> tuple[int, int]:
    """The smallest window on a desktop of ``desktop`` pixels: ``MIN_WINDOW`` within the desktop."""
    return min(MIN_WINDOW[0], desktop[0]), min(MIN_WINDOW[1], desktop[1])


def window_size(desktop: tuple[int, int], logical: tuple[int, int] = (1920, 1080)) -> tuple[int, int]:
    """The largest window of the design's aspect ratio within 90% of the desktop, but never
    smaller than ``minimum_window`` (the window could not be dragged that small)."""
    scale = min(desktop[0] * WINDOW_FRACTION / logical[0], desktop[1] * WINDOW_FRACTION / logical[1])
    smallest = minimum_window(desktop)
    return max(smallest[0], round(logical[0] * scale)), max(smallest[1], round(logical[1] * scale))


def open_display(windowed: bool) -> pygame.Surface:
    """The display surface at the display's own resolution: full screen at the desktop size,
    or a resizable window fitted to the desktop, also when leaving full screen (X11 with
    SDL's plain framebuffer keeps the full-screen size there: the window is sized again).
    The app draws at whatever size it gets."""
    import pygame

    quiet_dummy_warnings()
    pygame.display.set_caption("Cacao")
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError) as error:
        log.info("desktop size unknown (%s); assuming 1920x1080", error)
        desktop = (1920, 1080)
    if not windowed:
        return pygame.display.set_mode(desktop, pygame.FULLSCREEN)
    wanted = window_size(desktop)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        screen = pygame.display.set_mode(wanted, pygame.RESIZABLE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.minimum_size = minimum_window(desktop)
        if screen.get_size() != wanted:
            log.info("the window kept %s leaving full screen; asking for %s", screen.get_size(), wanted)
            window.size = wanted
            screen = pygame.display.get_surface() or screen
        window.position = pygame.WINDOWPOS_CENTERED
    except (pygame.error, AttributeError) as error:
        log.info("window limits not set: %s", error)
    return screen


def toggle_display() -> pygame.Surface | None:
    """Switch between full screen and a window: the display is opened again at the new mode's
    own size (so the app re-lays out rather than scaling a picture)."""
    import pygame

    return open_display(windowed=bool(pygame.display.is_fullscreen()))


def first_scenes(app: App, args: argparse.Namespace) -> None:
    """The menu, then whatever ``--load`` / ``--replay`` asked for on top of it."""
    from cacao_game.app.flow import open_replay, open_save

    app.home()
    load: Path | None = getattr(args, "load", None)
    replay: Path | None = getattr(args, "replay", None)
    if load is not None:
        open_save(app, Path(load))
    elif replay is not None:
        open_replay(app, Path(replay))


def prepare_display() -> str | None:
    """Everything before the window opens: the display module started the app's way
    (``plain_framebuffer``), fonts, large blocks handed back to the system. None when a
    display is usable, else the message to show (see ``display_problem``)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    quiet_dummy_warnings()
    plain_framebuffer()
    problem = display_problem()
    if problem is not None:
        return problem
    import pygame

    from cacao_game.app.memory import return_large_blocks

    pygame.font.init()
    return_large_blocks()
    return None


def run_app(args: argparse.Namespace) -> int:
    """Open the game window and run until Quit; returns the process exit code (1: no display).
    What the game logs meanwhile goes to its log file too (``logfile``), and so does the
    error that stops it (a trial found a crash's traceback on the terminal alone)."""
    from cacao_game.app.logfile import start_log_file, stop_log_file

    log_file = start_log_file()
    try:
        return _run_window(args)
    except Exception:
        log.exception("the game stopped on an error")  # into the log file too, not only stderr
        raise
    finally:
        if log_file is not None:
            stop_log_file(log_file)


def _run_window(args: argparse.Namespace) -> int:
    problem = prepare_display()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    import pygame

    from cacao_game.app import prefs
    from cacao_game.app.app import App
    from cacao_game.app.strings import t

    repairs: list[BindingRepair] = []
    refusals: list[SettingsRefusal] = []
    defaulted: list[str] = []
    settings = prefs.load(repairs, refusals, defaulted)
    windowed = bool(getattr(args, "windowed", False)) or not settings.fullscreen
    try:
        screen = open_display(windowed)
    except pygame.error as error:
        print(t("app.display_failed", error=error), file=sys.stderr)
        return 1
    from cacao_game.app.catalog import router

    app = App(screen, settings, router=router())
    app.toggle_display = toggle_display
    first_scenes(app, args)
    notices = [
        notice
        for notice in (
            prefs.unwritable_notice(),
            prefs.refusal_notice(refusals),
            prefs.defaulted_notice(defaulted),
            prefs.repair_notice(repairs),
        )
        if notice is not None
    ]
    if notices:
        from cacao_game.app.toasts import LONG_TOAST_SECONDS

        app.notify(" ".join(notices), LONG_TOAST_SECONDS)
    try:
        return app.run()
    finally:
        pygame.quit()
