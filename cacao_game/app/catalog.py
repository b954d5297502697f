"""Every scene of the app, registered by name on a ``Router`` (the only module that imports
them all)."""

from __future__ import annotations

from cacao_game.app.play.scene import PlayScene
from cacao_game.app.routes import Router
from cacao_game.app.scenes.confirm import ConfirmDialog
from cacao_game.app.scenes.help import HelpOverlay, RulesScene
from cacao_game.app.scenes.join import JoinScene
from cacao_game.app.scenes.load import LoadScene
from cacao_game.app.scenes.lobby import LobbyScene
from cacao_game.app.scenes.menu import MenuScene
from cacao_game.app.scenes.pause import PauseOverlay
from cacao_game.app.scenes.reviewing import ReviewingOverlay
from cacao_game.app.scenes.scoring import ScoringScene
from cacao_game.app.scenes.settings import SettingsScene
from cacao_game.app.scenes.setup import SetupScene


def router() -> Router:
    """A router that knows every scene."""
    routes = Router()
    routes.register("menu", MenuScene)
    routes.register("setup", SetupScene)
    routes.register("settings", SettingsScene)
    routes.register("load", LoadScene)
    routes.register("rules", RulesScene)
    routes.register("help", HelpOverlay)
    routes.register("pause", PauseOverlay)
    routes.register("confirm", ConfirmDialog)
    routes.register("scoring", ScoringScene)
    routes.register("reviewing", ReviewingOverlay)
    routes.register("table", PlayScene)
    routes.register("join", JoinScene)
    routes.register("lobby", LobbyScene)
    return routes
