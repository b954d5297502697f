"""Closing the window of a table played across machines (two apps over 127.0.0.1)."""

from __future__ import annotations

import pygame
from test_net_app import pump, seated_pair

from cacao_game.app.app import App
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scenes.confirm import ConfirmDialog
from cacao_game.app.strings import t

CLOSE = [pygame.event.Event(pygame.WINDOWCLOSE, window=None), pygame.event.Event(pygame.QUIT)]
"""What SDL says when the window's close button or Alt+F4 closes it."""
TERMINATE = [pygame.event.Event(pygame.QUIT)]
"""What SDL says on SIGTERM (a logout, ``kill``): a quit that nobody at the screen asked for."""


def test_the_hosting_window_asks_before_it_closes_and_a_joiner_closes_at_once(apps: list[App]) -> None:
    """A tester closed the hosting window with Alt+F4 and the friends dropped to Reconnecting
    without a word: the hosting window of a game in progress asks first (No keeps the game,
    closing again while it asks closes; SIGTERM does not ask); a joiner's window closes at
    once (its seat waits for Rejoin game)."""
    hosting, joining, _source = seated_pair(apps)
    pump([hosting, joining], lambda: isinstance(hosting.top, PlayScene), "the host's table")
    hosting.step(CLOSE, 0.02)
    question = hosting.top
    assert isinstance(question, ConfirmDialog) and hosting.running
    assert question.message == t("pause.close_hosting")
    question.no()
    hosting.step([], 0.02)
    assert isinstance(hosting.top, PlayScene) and hosting.running
    hosting.step(TERMINATE, 0.02)
    assert not hosting.running
    hosting.running = True
    hosting.step(CLOSE, 0.02)
    assert hosting.running
    hosting.step(CLOSE, 0.02)
    assert not hosting.running
    joining.step(CLOSE, 0.02)
    assert not joining.running
