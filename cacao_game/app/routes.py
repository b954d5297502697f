"""Scene routing: scenes ask for the next scene by name, and never import one another.

``Router`` maps a name (``menu``, ``setup``, ``table``, ``scoring`` ...) to a maker that
builds the scene; ``cacao_game.app.catalog`` fills it once, when the app starts. The app
pushes, replaces or resets scenes by name (``App.open``, ``App.switch``, ``App.home``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cacao_game.app.app import App
    from cacao_game.app.scene import Scene

SceneMaker = Callable[..., "Scene"]
"""Builds a scene: ``maker(app, *args, **options)``."""


class UnknownScene(LookupError):
    """No scene is registered under the name asked for."""


class Router:
    """Scene makers by name."""

    def __init__(self) -> None:
        self._makers: dict[str, SceneMaker] = {}

    def register(self, name: str, maker: SceneMaker) -> None:
        """Make ``name`` build scenes with ``maker`` (a later registration replaces it)."""
        self._makers[name] = maker

    def names(self) -> list[str]:
        """Every registered name."""
        return sorted(self._makers)

    def make(self, name: str, app: App, *args: object, **options: object) -> Scene:
        """Build the scene ``name`` for ``app``; raises UnknownScene for an unknown name."""
        try:
            maker = self._makers[name]
        except KeyError:
            raise UnknownScene(f"no scene called {name!r}") from None
        return maker(app, *args, **options)
