"""Helpers shared by the play-scene tests."""

from __future__ import annotations

from cacao_game import saves
from cacao_game.app.app import App
from cacao_game.app.play.ai_worker import SyncAI
from cacao_game.app.play.scene import PlayScene
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.session import PlaySession, ShowHand
from cacao_game.session.autosave import BackgroundAutosaver

NAMES = ("Anna", "Ben", "Mia", "Otto")
COLORS = ("red", "purple", "white", "yellow")


def make_config(kinds: list[str], seed: int = 3, variant: str = "base") -> GameConfig:
    """Seats of ``kinds`` named Anna, Ben, Mia, Otto."""
    return GameConfig([SeatConfig(NAMES[i], COLORS[i], kind) for i, kind in enumerate(kinds)], variant, seed)


def make_scene(
    app: App,
    kinds: list[str],
    seed: int = 3,
    variant: str = "base",
    *,
    show_hand: bool = True,
    undo: str | None = None,
    autosave: bool = False,
) -> PlayScene:
    """A play scene for seats of ``kinds`` with synchronous AI, pushed on ``app``. With
    ``show_hand`` the first human lifts the hot-seat curtain; ``undo`` is the undo setting;
    with ``autosave`` the session writes the autosave slot."""
    saver = BackgroundAutosaver(saves.autosave_path) if autosave else None
    session = PlaySession(make_config(kinds, seed, variant), undo=undo, autosaver=saver)
    if show_hand:
        session.handle(ShowHand())
    scene = PlayScene(app, session, ai=SyncAI())
    app.push(scene)
    return scene
