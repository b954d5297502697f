"""The tutorial's own save: the game so far and the lesson reached, kept apart from games.

It is a normal save file (``cacao_game.saves``: atomic, checked on load) at
``data_dir()/tutorial.json``, outside the saves folder, so neither Continue (the autosave)
nor Load ever sees it. Its view holds ``{"tutorial": {"version", "step"}}``. A file that is
refused, of another script version, or off the script is treated as no progress.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from cacao_game import saves
from cacao_game.config.storage import data_dir
from cacao_game.engine import Game
from cacao_game.files import refused_path
from cacao_game.jsontypes import JSON
from cacao_game.saves import SaveError
from cacao_game.tutorial import script
from cacao_game.tutorial.coach import on_track
from cacao_game.tutorial.session import PROGRESS_KEY, TutorialSession

log = logging.getLogger(__name__)

FILE_NAME = "tutorial.json"


class Status(Enum):
    """How far the player got, as the menu sees it."""

    NEW = "new"
    """Never started (or the file is unusable)."""
    STARTED = "started"
    FINISHED = "finished"


@dataclass(frozen=True)
class Saved:
    """A tutorial read back: the game (with its undo history), the step, the view and the
    player's name."""

    game: Game
    step: int
    view: dict[str, JSON]
    player: str
    from_backup: bool = False
    """The file was refused and its backup read (``saves.load_with_backup``)."""


def tutorial_path() -> Path:
    """Where the tutorial is kept (outside ``saves.saves_dir()``)."""
    return data_dir() / FILE_NAME


def load(path: Path | None = None) -> Saved | None:
    """The saved tutorial (its backup's when the file is refused and the backup is not), or
    None when there is none or it cannot be resumed (both refused, another script version,
    off the script; the reason is logged)."""
    path = path or tutorial_path()
    if not path.is_file():
        return None
    try:
        loaded = saves.load_with_backup(path)
    except SaveError as error:
        log.warning("tutorial progress not resumed: %s", error)
        return None
    data = loaded.view.get(PROGRESS_KEY)
    if not isinstance(data, dict) or data.get("version") != script.VERSION:
        log.info("tutorial progress of another version: starting over")
        return None
    step = data.get("step")
    if type(step) is not int or not on_track(loaded.game):
        log.warning("tutorial progress does not fit the lessons: starting over")
        return None
    player = loaded.config.seats[script.PLAYER].name
    return Saved(loaded.game, step, dict(loaded.view), player, loaded.from_backup)


def save(session: TutorialSession, path: Path | None = None) -> Path:
    """Write ``session``'s game and lesson now (Save in the pause menu, Ctrl+S); returns the
    file. Raises SaveError (one line) if it cannot be written."""
    path = path or tutorial_path()
    saves.save_game(path, session.game, session.config, {**session.view, PROGRESS_KEY: session.progress()})
    return path


def status(path: Path | None = None) -> Status:
    """Never started, started or finished (by the saved progress)."""
    saved = load(path)
    if saved is None:
        return Status.NEW
    return Status.FINISHED if saved.step >= len(script.STEPS) else Status.STARTED


def set_aside_refused(path: Path | None = None) -> Path | None:
    """Rename a tutorial file that is refused, and whose backup is too, to a name of its own
    beside it (``files.refused_path``), so that starting over keeps it (a trial's damaged
    file was deleted with its backup, unsaid); returns that name, or None when there was
    nothing to keep aside."""
    path = path or tutorial_path()
    if not exists(path):
        return None
    try:
        saves.load_with_backup(path)
    except SaveError as error:
        aside = refused_path(path)
        try:
            path.rename(aside)
        except OSError as failure:
            raise SaveError(f"cannot keep {path.name} aside: {failure.strerror or failure}") from failure
        log.warning("tutorial progress refused (%s); kept it as %s", error, aside.name)
        return aside
    return None


def exists(path: Path | None = None) -> bool:
    """Whether a tutorial file is there at all (read or not)."""
    try:
        return (path or tutorial_path()).is_file()
    except OSError:
        return False


def forget(path: Path | None = None) -> None:
    """Delete the saved tutorial (Start over). Raises SaveError if it cannot be removed."""
    saves.delete_save(path or tutorial_path())
