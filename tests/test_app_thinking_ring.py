"""While a timed AI level thinks, its seat shows the share of its thinking time used."""

from __future__ import annotations

import pytest

from cacao_game.app.play.ai_worker import Message, Reply
from cacao_game.app.play.scene import PlayScene
from cacao_game.session import PlaySession
from tests.app_support import make_config


class _Silent:
    """An AI client that takes requests and never answers (the AI is still thinking)."""

    def __init__(self) -> None:
        self.asked: list[Message] = []

    def request(self, request: Message) -> None:
        self.asked.append(request)

    def poll(self) -> list[Reply]:
        return []

    def close(self) -> None:
        pass


@pytest.mark.parametrize(("level", "seconds"), [("expert", 10.0), ("hard", 2.0)])
def test_the_thinking_seat_shows_the_share_of_its_time_used(play_app, level: str, seconds: float) -> None:
    """The expert (or hard) seat starts thinking at 0 and, 1 s of frames later, has used
    1/seconds of its time; the human seat never shows a share."""
    config = make_config([level, "human"])
    config.expert_time = 10.0
    config.thinking_time = 2.0
    scene = PlayScene(play_app, PlaySession(config), ai=_Silent())
    play_app.push(scene)
    play_app.step([], 0.1)
    assert scene.thinking_seat() == 0
    started = scene.thinking_progress()
    assert started is not None and started == pytest.approx(0.0, abs=1e-9)
    for _ in range(10):
        play_app.step([], 0.1)
    assert scene.thinking_progress() == pytest.approx(1.0 / seconds)
    for _ in range(200):
        play_app.step([], 0.1)
    assert scene.thinking_progress() == 1.0
