"""Helpers shared by the play-scene tests."""

from __future__ import annotations

from cacao_game.app.app import App
from cacao_game.app.play.ai_worker import SyncAI
from cacao_game.app.play.scene import PlayScene
from cacao_game.config.game import GameConfig, SeatConfig

NAMES = ("Anna", "Ben", "Mia", "Otto")
COLORS = ("red", "purple", "white", "yellow")


def make_scene(app: App, kinds: list[str], seed: int = 3, variant: str = "base") -> PlayScene:
    """A play scene for seats of ``kinds`` with synchronous AI (hints from medium), pushed on ``app``."""
    seats = [SeatConfig(NAMES[i], COLORS[i], kind) for i, kind in enumerate(kinds)]
    scene = PlayScene(app, GameConfig(seats, variant, seed), ai=SyncAI())
    scene.hint_ai = "medium"
    app.push(scene)
    return scene
