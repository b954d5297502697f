"""Save files on disk: the autosave, named slots, listing, loading and deleting.

Saves live in ``saves_dir()`` (``user_data_dir("cacao")/saves``, or ``$CACAO_HOME/data/saves``).
Writing is atomic and keeps the previous version as ``<name>.bak``. A file that would be
refused on load is never overwritten or deleted by a save: it is renamed to
``<name>.refused-<time>.json`` first, so it stays listed with its reason.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Final, TypedDict

from cacao_game.config.game import GameConfig
from cacao_game.config.storage import atomic_write_bytes, backup_path, data_dir
from cacao_game.engine import Game
from cacao_game.files import (
    SAVE_LIMIT,
    FileRefusedError,
    describe_os_error,
    read_limited,
    set_aside,
)
from cacao_game.jsontypes import JSON
from cacao_game.saves.codec import build_document, decode, encode, restore
from cacao_game.saves.errors import SaveError
from cacao_game.saves.schema import checksum

log = logging.getLogger(__name__)

SAVE_SUFFIX: Final = ".json"
AUTOSAVE_NAME: Final = "autosave"
QUICK_SLOT: Final = "quick"
"""The slot Ctrl+S writes to."""
MAX_SAVE_BYTES: Final = SAVE_LIMIT
"""Larger files are refused unread (a full 4-player save is well under 100 kB)."""
MAX_SLOT_NAME: Final = 40

EMPTY_VIEW: Final[Mapping[str, JSON]] = MappingProxyType({})
"""The view saved when the app gives none."""

_verified: dict[Path, tuple[int, int, int]] = {}
"""Resolved path -> (inode, size, mtime_ns) of the content last written or loaded fine."""


class SeatSummary(TypedDict):
    """One seat as the Load scene lists it."""

    name: str
    color: str
    kind: str


@dataclass
class SaveInfo:
    """What the Load scene lists about one save file (derived from the game on load)."""

    path: Path
    saved_at: str
    """ISO 8601 UTC time of the save; for a refused file, its modification time."""
    seats: list[SeatSummary]
    """The seats of the options: ``{"name", "color", "kind"}`` each, in turn order."""
    turn: int
    """The turn in progress, counted from 1 (the last turn once finished)."""
    totals: list[int]
    """Each seat's score if the game ended now (the final scores once finished)."""
    finished: bool
    error: str | None = None
    """Why the file is refused (one line), or None for a good save."""
    problem: str = ""
    """What kind of trouble a refused file has (``SaveError.kind``); "" for a good save."""
    name: str = ""
    """The file name without ``.json``: the slot name, or ``autosave``."""
    variant: str = ""
    current_seat: int = -1
    """The seat that decides now, or -1 once finished (and for a refused file)."""
    from_backup: bool = False
    """The file is refused but its ``.bak`` loads: the rest describes the backup's game, which
    Load and Continue both open (``load_with_backup``), so no game the backup holds is lost."""
    view: Mapping[str, JSON] = field(default_factory=lambda: EMPTY_VIEW)
    """The app's view state saved with the game (empty for a refused file): Load names the
    autosave by the save it was last saved to."""

    @property
    def saved_local(self) -> datetime | None:
        """``saved_at`` in the local time zone (naive), None if it does not read."""
        try:
            return datetime.fromisoformat(self.saved_at).astimezone().replace(tzinfo=None)
        except ValueError:
            return None

    @property
    def saved_at_local(self) -> str:
        """``saved_at`` in the local time zone as ``YYYY-MM-DD HH:MM`` ("" if unknown)."""
        local = self.saved_local
        return "" if local is None else local.strftime("%Y-%m-%d %H:%M")


@dataclass
class LoadedSave:
    """A save read back: the game (with undo history), its options and the app's view state."""

    game: Game
    config: GameConfig
    """The seats, variant, seed and game options, as saved (validated)."""
    view: dict[str, JSON]
    """The view state the app saved (camera etc.), as JSON data."""
    info: SaveInfo
    from_backup: bool = False
    """True when ``load_with_backup`` had to fall back to ``<name>.bak``."""

    @property
    def ui_state(self) -> dict[str, JSON]:
        """The old name of ``view`` (read-only)."""
        return self.view


def saves_dir() -> Path:
    """The folder of save files (not created here)."""
    return data_dir() / "saves"


def autosave_path() -> Path:
    """The autosave, written after every confirmed turn; Continue resumes it."""
    return saves_dir() / f"{AUTOSAVE_NAME}{SAVE_SUFFIX}"


def slot_name(name: str) -> str:
    """``name`` made safe as a file name: letters, digits, ``-``, ``_`` and spaces kept.

    Anything else becomes ``_``; at most ``MAX_SLOT_NAME`` characters. Raises ValueError if
    nothing usable is left, or for ``autosave`` (that name is the autosave's).
    """
    safe = re.sub(r"[^\w\- ]", "_", name.strip())[:MAX_SLOT_NAME].strip()
    if not safe.strip("_"):
        raise ValueError(f"{name!r} is not usable as a save name")
    if safe.lower() == AUTOSAVE_NAME:
        raise ValueError(f"{name!r} is the autosave's name")
    return safe


def slot_path(name: str) -> Path:
    """The file of the named slot ``name`` (see ``slot_name``)."""
    return saves_dir() / f"{slot_name(name)}{SAVE_SUFFIX}"


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _fingerprint(path: Path) -> tuple[int, int, int]:
    status = path.stat()
    return (status.st_ino, status.st_size, status.st_mtime_ns)


def _remember(path: Path) -> None:
    with contextlib.suppress(OSError):
        _verified[path.resolve()] = _fingerprint(path)


def save_game(
    path: Path,
    game: Game,
    config: GameConfig,
    view: Mapping[str, JSON] = EMPTY_VIEW,
    saved_at: str | None = None,
) -> None:
    """Save ``game`` with its ``config`` (seats and options) and the app's ``view`` state,
    dated now or ``saved_at`` (a save's own ``SaveInfo.saved_at``: a game kept elsewhere keeps
    the date it was played).

    The file holds the deal, the decisions, the options and the view (schema version 2);
    see ``docs/game-record.md``. Before anything is written, the game is checked to be what
    its decisions give, the config to be valid for it, and the bytes to read back to the same
    content; then the write is atomic and the previous save stays as ``<name>.bak``. An
    existing file that would be refused is renamed aside, never overwritten. ``view`` must be
    JSON data (tuples come back as lists). Raises SaveError (one line) if the game cannot be
    saved, the file on disk then unchanged; TypeError if ``config`` is not a GameConfig.
    """
    path = Path(path)
    if not isinstance(config, GameConfig):
        raise TypeError(f"save_game needs a GameConfig, not {type(config).__name__}")
    document = build_document(game, config, view, saved_at or _now())
    data = encode(document)
    read = decode(data)
    if not isinstance(read, dict) or checksum(read) != document["checksum"]:
        raise SaveError("internal error, the save would not read back the same")
    try:
        _set_aside_if_refused(path)
        atomic_write_bytes(path, data)
    except OSError as error:
        raise SaveError(f"cannot write {path.name}: {error.strerror or error}", "write") from error
    _remember(path)


def _set_aside_if_refused(path: Path) -> None:
    """Rename an existing file at ``path`` that would be refused, so a save never replaces it."""
    try:
        fingerprint = _fingerprint(path)
    except FileNotFoundError:
        return
    if _verified.get(path.resolve()) == fingerprint:
        return
    try:
        load_game(path)
    except SaveError as error:
        if set_aside(path, path.name, str(error)) is None:
            raise OSError(f"{path.name} is refused and cannot be set aside") from None


def _read(path: Path) -> bytes:
    """The bytes of a save file (``read_limited``); SaveError (one line) if it cannot be read."""
    try:
        return read_limited(path, MAX_SAVE_BYTES)
    except FileNotFoundError as error:
        raise SaveError("file: no such file", "missing") from error
    except FileRefusedError as error:
        raise SaveError(f"file: {error}", "unreadable") from error
    except OSError as error:
        raise SaveError(f"file: cannot read ({describe_os_error(error)})", "unreadable") from error


def load_game(path: Path) -> LoadedSave:
    """Read, verify and replay the save at ``path``; never changes the file.

    Raises SaveError with a one-line reason for anything wrong (unreadable, truncated,
    corrupt, edited, wrong types, illegal moves, unknown format, newer schema). Every other
    exception met while loading is turned into a SaveError too.
    """
    path = Path(path)
    try:
        restored = restore(decode(_read(path)))
        info = replace(_info(path, restored.game, restored.config, restored.saved_at), view=restored.view)
    except SaveError:
        raise
    except Exception as error:
        log.debug("unexpected error loading %s", path, exc_info=True)
        raise SaveError(f"cannot load: {type(error).__name__}: {error}") from error
    _remember(path)
    return LoadedSave(game=restored.game, config=restored.config, view=restored.view, info=info)


def load_with_backup(path: Path) -> LoadedSave:
    """``load_game(path)``, or its ``.bak`` if ``path`` is refused (``from_backup`` is then True).

    For Continue: after a crash the autosave or its previous version loads. Raises the
    SaveError of ``path`` if neither loads.
    """
    try:
        return load_game(path)
    except SaveError as error:
        backup = backup_path(Path(path))
        if not backup.exists():
            raise
        try:
            loaded = load_game(backup)
        except SaveError:
            raise error from None
        log.warning("%s is refused (%s); loaded %s instead", path, error, backup.name)
        loaded.from_backup = True
        return loaded


def _info(path: Path, game: Game, config: GameConfig, saved_at: str) -> SaveInfo:
    return SaveInfo(
        path=path,
        saved_at=saved_at,
        seats=[{"name": seat.name, "color": seat.color, "kind": seat.kind} for seat in config.seats],
        turn=game.turn + 1,
        totals=[score.total for score in game.score_now()],
        finished=game.is_over(),
        name=path.stem,
        variant=game.variant,
        current_seat=game.current_player(),
    )


def _refused_info(path: Path, error: SaveError) -> SaveInfo:
    try:
        mtime = datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    except OSError:
        mtime = ""
    return SaveInfo(
        path=path,
        saved_at=mtime,
        seats=[],
        turn=0,
        totals=[],
        finished=False,
        error=str(error),
        problem=error.kind,
        name=path.stem,
    )


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every ``*.json`` file in ``folder`` (default ``saves_dir()``), newest first.

    Each file is loaded and verified; a refused one whose ``.bak`` loads is listed as that
    backup's game with ``from_backup`` set (what Load and Continue open: ``load_with_backup``);
    any other refused one with ``error`` set and its modification time as ``saved_at``. A
    missing folder lists nothing.
    """
    folder = Path(folder) if folder is not None else saves_dir()
    if not folder.is_dir():
        return []
    infos = []
    for path in folder.glob(f"*{SAVE_SUFFIX}"):
        if path.name.startswith(".") or not path.is_file():
            continue
        try:
            loaded = load_with_backup(path)
            info = loaded.info
            if loaded.from_backup:
                info = replace(info, path=path, name=path.stem, from_backup=True)
            infos.append(info)
        except SaveError as error:
            if path.exists():
                infos.append(_refused_info(path, error))
    infos.sort(key=lambda info: (info.saved_at, info.name), reverse=True)
    return infos


def delete_save(path: Path) -> None:
    """Delete a save and its ``.bak`` (after the player confirmed). Missing files are fine.

    Raises SaveError if a file cannot be removed.
    """
    path = Path(path)
    for target in (path, backup_path(path)):
        try:
            target.unlink(missing_ok=True)
        except OSError as error:
            raise SaveError(f"cannot delete {target.name}: {error.strerror or error}", "delete") from error
    _verified.pop(path.resolve(), None)
