"""Moves between scenes that several scenes share: start a game, load a save, watch a replay.

The play package (``cacao_game.app.play``) and the saves package are imported lazily: until
they exist a placeholder scene or a notice stands in, so the shell works on its own.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cacao_game.app.scene import Scene
from cacao_game.app.strings import t
from cacao_game.config.game import GameConfig

if TYPE_CHECKING:
    from cacao_game.app.app import App
    from cacao_game.engine.game import Game

log = logging.getLogger(__name__)


def play_scene(
    app: App, config: GameConfig, game: Game | None = None, ui_state: dict[str, Any] | None = None
) -> Scene:
    """A ``PlayScene`` for ``config`` (resuming ``game`` if given), or the placeholder."""
    try:
        from cacao_game.app.play import PlayScene
    except ImportError as error:
        log.warning("play scene unavailable (%s); showing the placeholder", error)
        from cacao_game.app.scenes.placeholder import PlaceholderScene

        return PlaceholderScene(app, config)
    return PlayScene(app, config, game=game, ui_state=ui_state)  # type: ignore[no-any-return]


def start_game(app: App, config: GameConfig) -> None:
    """Start a new game of ``config`` over the menu (whatever else was open closes)."""
    config.validate()
    app.home()
    app.push(play_scene(app, config))


def open_save(app: App, path: Path, *, backup_fallback: bool = False) -> bool:
    """Resume the save at ``path`` over the menu; on failure show its one-line reason.

    With ``backup_fallback`` a refused file is replaced by its ``.bak`` when that loads.
    """
    try:
        from cacao_game.saves import load_game, load_with_backup

        loaded = load_with_backup(path) if backup_fallback else load_game(path)
        config = loaded.config
    except ImportError as error:
        log.warning("saves unavailable: %s", error)
        app.notify(t("load.unavailable"))
        return False
    except (ValueError, OSError) as error:  # SaveError is a ValueError
        app.notify(t("load.failed", name=path.name, reason=_one_line(error)))
        return False
    app.home()
    app.push(play_scene(app, config, loaded.game, loaded.view))
    return True


def autosave_exists() -> bool:
    """True if there is an autosave to continue (False when saves are unavailable)."""
    try:
        from cacao_game.saves import autosave_path

        return autosave_path().is_file()
    except (ImportError, OSError) as error:
        log.debug("no autosave: %s", error)
        return False


def continue_game(app: App) -> bool:
    """Resume the autosave."""
    from cacao_game.saves import autosave_path

    return open_save(app, autosave_path(), backup_fallback=True)


def replay_scene(app: App, record: dict[str, Any]) -> Scene | None:
    """UI-play's ``ReplayScene`` for ``record``; None (and a notice) if it is not available."""
    try:
        from cacao_game.app.play.replay import ReplayScene
    except ImportError as error:
        log.warning("replay scene unavailable: %s", error)
        app.notify(t("scoring.replay_missing"))
        return None
    try:
        return ReplayScene(app, record)  # type: ignore[no-any-return]
    except ValueError as error:  # RecordError: the record does not replay
        app.notify(t("scoring.replay_failed", reason=_one_line(error)))
        return None


def open_replay(app: App, path: Path) -> bool:
    """Watch the game record at ``path`` over the menu."""
    from cacao_game.records import read_record

    try:
        record = read_record(path)
    except (ValueError, OSError) as error:
        app.notify(t("load.failed", name=path.name, reason=_one_line(error)))
        return False
    scene = replay_scene(app, record)
    if scene is None:
        return False
    app.push(scene)
    return True


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
