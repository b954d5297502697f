"""Driving the app without a window: build events, click widgets, press intents.

A test driver (it lives with the tests, not in the package): used by the tests and
``tools/screenshot.py``. Every helper goes through ``App.step`` so routing, overlays and
global keys behave as in the game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from cacao_game.app.app import App
    from cacao_game.config.game import GameConfig
    from cacao_game.config.settings import Settings
    from cacao_game.engine.game import Game

FRAME = 1 / 60


def make_app(settings: Settings | None = None) -> App:
    """An app on an off-screen 1920x1080 surface with default settings (unless given)."""
    from cacao_game.app import prefs
    from cacao_game.app.app import App
    from cacao_game.app.catalog import router

    if not pygame.display.get_init():
        pygame.display.init()
    return App(settings=settings if settings is not None else prefs.defaults(), router=router())


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    """A mouse move to ``pos``."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click_events(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """Move, press and release at ``pos``."""
    return [
        motion(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """One frame in which the mouse clicks at ``pos``: a click of its own, as a player makes
    it after looking at the screen (the app's clock moves past ``DOUBLE_CLICK_SECONDS`` first,
    so it is never taken for a double-click's second press; ``double_click`` makes one)."""
    from cacao_game.app.app import DOUBLE_CLICK_SECONDS

    app.clock += DOUBLE_CLICK_SECONDS
    app.step(click_events(pos, button), FRAME)


def double_click(app: App, pos: tuple[int, int], gap: float = 0.1) -> None:
    """A player's double-click at ``pos``: a click, frames for ``gap`` seconds, a click."""
    click(app, pos)
    run(app, frames=max(1, round(gap / FRAME)))
    app.step(click_events(pos), FRAME)


def click_label(app: App, label: str) -> None:
    """Click the visible widget of the top scene whose ``label`` is ``label`` (LookupError if
    none); a question just asked is read first (``ConfirmDialog`` takes no click at once)."""
    from cacao_game.app.scenes.confirm import ARMING_SECONDS, ConfirmDialog

    if isinstance(app.top, ConfirmDialog):
        app.step([], max(0.0, app.top.opened_at + ARMING_SECONDS - app.clock))
    widgets = getattr(app.top, "widgets", [])
    for widget in widgets:
        if getattr(widget, "label", None) == label and widget.visible:
            click(app, widget.rect.center)
            return
    raise LookupError(f"no widget labelled {label!r} in {type(app.top).__name__}")


def press(app: App, intent: str) -> None:
    """One frame in which the first key bound to ``intent`` is pressed."""
    app.step([app.intents.event_for(intent)], FRAME)


def key(name: str, mod: int = 0) -> pygame.event.Event:
    """A KEYDOWN event for the key ``pygame.key.name`` calls ``name``."""
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=mod, unicode="")


def run(app: App, frames: int = 1, dt: float = FRAME) -> None:
    """``frames`` frames without input."""
    for _ in range(frames):
        app.step([], dt)


def random_game(config: GameConfig, decisions: int | None = None, seed: int = 1) -> Game:
    """A game of ``config`` after ``decisions`` random legal decisions (to its end if None)."""
    from cacao_game.engine.game import Game

    game = Game.new(len(config.seats), config.variant, config.seed)
    rng = random.Random(seed)
    count = 0
    while not game.is_over() and (decisions is None or count < decisions):
        game.apply(rng.choice(game.legal_actions()))
        count += 1
    return game
