"""The play scene (``PlayScene``) and the replay viewer (``ReplayScene``).

Imported lazily: ``cacao_game.app.play.ai_worker`` is imported by the AI worker process,
which must not load pygame, so this package's ``__init__`` imports nothing eagerly.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PlayScene", "ReplayScene"]


def __getattr__(name: str) -> Any:
    if name == "PlayScene":
        from cacao_game.app.play.scene import PlayScene

        return PlayScene
    if name == "ReplayScene":
        from cacao_game.app.play.replay import ReplayScene

        return ReplayScene
    raise AttributeError(name)
