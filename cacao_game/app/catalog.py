"""Every scene of the app, built from its route (the only module that imports them all)."""

from __future__ import annotations

from typing import assert_never

from cacao_game.app import routes
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.routes import Route
from cacao_game.app.scene import Router, Scene, Shell
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


class Catalog:
    """The router of the app: one case per route."""

    def make(self, route: Route, app: Shell) -> Scene:
        """The scene of ``route`` for ``app``."""
        match route:
            case routes.Menu():
                return MenuScene(app)
            case routes.Setup(config, hosting, choices):
                return SetupScene(app, config, hosting=hosting, choices=choices)
            case routes.Join(filled, problem):
                return JoinScene(app, filled, problem)
            case routes.Lobby(source, request):
                return LobbyScene(app, source, request)
            case routes.SettingsPage():
                return SettingsScene(app)
            case routes.Load():
                return LoadScene(app)
            case routes.Rules():
                return RulesScene(app)
            case routes.Help():
                return HelpOverlay(app)
            case routes.Pause():
                return PauseOverlay(app)
            case routes.Confirm():
                return ConfirmDialog(
                    app, route.message, route.on_yes, route.on_no,
                    title=route.title, yes=route.yes, no=route.no, danger=route.danger,
                )  # fmt: skip
            case routes.Scoring(game, config, history, rematch, again, played_by, host):
                return ScoringScene(
                    app, game, config, history, rematch=rematch, again=again, played_by=played_by, host=host
                )
            case routes.Reviewing(game, config, seconds, iterations, ai, played_by):
                return ReviewingOverlay(
                    app, game, config, seconds=seconds, iterations=iterations, ai=ai, played_by=played_by
                )
            case routes.Table(source, ai, lesson, review, net):
                return PlayScene(app, source, ai=ai, lesson=lesson, review=review, net=net)
            case _:
                assert_never(route)


def router() -> Router:
    """A router that knows every scene."""
    return Catalog()
