"""Where the user's files live, and writing them so that a crash never leaves half a file.

Folders come from platformdirs (``user_config_dir("cacao")``, ``user_data_dir("cacao")``).
When the environment variable ``CACAO_HOME`` is set, both live under it instead
(``$CACAO_HOME/config`` and ``$CACAO_HOME/data``): tests and screenshots use that so they never
touch the real user folders. Pure Python, no pygame.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import platformdirs

log = logging.getLogger(__name__)

APP_NAME = "cacao"
HOME_VARIABLE = "CACAO_HOME"
STALE_TEMP_SECONDS = 5.0
"""Temp files of an interrupted write to the same file, older than this, are removed by the
next write (before it starts and after it succeeds). A write takes milliseconds, so a temp
file this old is never one that another writer is still using."""


def _read_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _read_umask()
"""The process's umask, read once at import (reading it means setting it)."""


def _home() -> Path | None:
    value = os.environ.get(HOME_VARIABLE)
    return Path(value) if value else None


def config_dir() -> Path:
    """The user config folder (not created here)."""
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The user data folder (not created here)."""
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    """The folder of the game's log file (not created here): ``$CACAO_HOME/logs``, else the
    system's user log folder (``platformdirs.user_log_dir``)."""
    home = _home()
    return home / "logs" if home else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def blocked_by(folder: Path) -> Path | None:
    """What keeps the game from creating or writing ``folder``: the nearest existing path on
    the way to it when that is a file, or a folder the process may not write; None when it
    can be written. Nothing is created (a trial's ``CACAO_HOME`` named a file, and the game
    said only that its settings could not be read)."""
    probe = folder
    while not probe.exists():
        if probe.parent == probe:
            return None
        probe = probe.parent
    if not probe.is_dir():
        return probe
    return None if os.access(probe, os.W_OK | os.X_OK) else probe


def backup_path(path: Path) -> Path:
    """The previous version of ``path`` kept by ``atomic_write_bytes``: ``<name>.bak``."""
    return path.with_name(path.name + ".bak")


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def atomic_write_bytes(path: Path, data: bytes, *, keep_backup: bool = True, replace: bool = True) -> None:
    """Replace ``path`` by ``data`` atomically: readers see the old file or the new one, whole.

    Writes a temp file in the same folder, fsyncs it, then ``os.replace``s it over ``path``.
    With ``keep_backup`` the file being replaced stays as ``<name>.bak``. With
    ``replace=False`` an existing ``path`` is never replaced: the temp file is hard-linked to
    ``path`` (which fails if anything is there, even if it appeared a moment ago) and
    FileExistsError is raised. Folders are created as needed. Raises OSError if any step
    fails; ``path`` is then untouched and the temp file removed. Leftover temp files of
    earlier interrupted writes to ``path`` (older than ``STALE_TEMP_SECONDS``) are removed.
    The folder is not fsynced: after a power cut the rename may be lost (the previous
    version remains, whole), which costs a turn at worst and saves a disk flush.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    _remove_stale_temps(path)
    handle, temp_name = tempfile.mkstemp(dir=folder, prefix=_temp_prefix(path), suffix=".tmp")
    temp = Path(temp_name)
    with _removed_on_failure(temp):
        _set_mode(handle, path)
        with os.fdopen(handle, "wb") as stream:
            _write_all(stream, data)
            stream.flush()
            os.fsync(stream.fileno())
        if not replace:
            _link_new(temp, path)
            return
        if keep_backup and path.exists():
            _keep_backup(path)
        os.replace(temp, path)
    _remove_stale_temps(path)


def private_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) if missing, readable by its owner only: a host's
    tables hold every hand and the pile's order (a trial's other local user could read
    them). Raises OSError if it cannot be made; a mode that cannot be set is logged."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        folder.chmod(0o700)
    except OSError as error:
        log.warning("%s stays readable by others: %s", folder, error)


def _set_mode(handle: int, path: Path) -> None:
    """Give the temp file the permissions of the file it replaces, else those of a new file.

    ``mkstemp`` makes it readable by its owner only; a new file normally gets 0o666 less the
    process's umask.
    """
    if not hasattr(os, "fchmod"):
        return
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = 0o666 & ~_UMASK
    os.fchmod(handle, mode)


def _write_all(stream: BinaryIO, data: bytes) -> None:
    """Write ``data`` to ``stream`` (one place, so tests can make the disk full)."""
    stream.write(data)


def _link_new(temp: Path, path: Path) -> None:
    """Give the whole ``temp`` file the name ``path`` unless ``path`` exists; remove ``temp``.

    FileExistsError if ``path`` exists. Where hard links are not supported the check and
    the rename are two steps (a file appearing in between would be replaced).
    """
    try:
        os.link(temp, path)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.replace(temp, path)
        return
    temp.unlink()


@contextlib.contextmanager
def _removed_on_failure(path: Path) -> Iterator[None]:
    """Remove ``path`` (quietly) if the block raises, then re-raise."""
    try:
        yield
    except BaseException:
        with contextlib.suppress(OSError):
            path.unlink()
        raise


def _keep_backup(path: Path) -> None:
    """Make ``<name>.bak`` the current content of ``path`` (atomically, ``path`` untouched),
    staged under a name of this write's own: two writers of one file (Save and the
    autosave's thread, in the tutorial) once shared a staging name, and one renamed away the
    other's."""
    backup = backup_path(path)
    staging = path.with_name(f"{_temp_prefix(path)}bak.{os.getpid()}.{threading.get_ident()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        staging.unlink()
    with _removed_on_failure(staging):
        try:
            os.link(path, staging)
        except OSError:
            staging.write_bytes(path.read_bytes())
        os.replace(staging, backup)
    with contextlib.suppress(FileNotFoundError):
        staging.unlink()  # a rename onto another link of the same file leaves both names (POSIX)


def _remove_stale_temps(path: Path) -> None:
    """Remove temp files left by writes to ``path`` that crashed a while ago."""
    limit = time.time() - STALE_TEMP_SECONDS
    for temp in path.parent.glob(f"{_temp_prefix(path)}*.tmp"):
        with contextlib.suppress(OSError):
            if temp.stat().st_mtime < limit:
                temp.unlink()
                log.info("removed %s, left by an interrupted write", temp)
