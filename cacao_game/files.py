"""Reading the user's files safely: regular files only, never more than a limit, JSON strictly.

Everything the program reads from disk (saves, records, settings) goes through
``read_limited``: a named pipe, a folder, ``/dev/zero`` or another device is refused before
it is opened, a file larger than its limit is refused before it is read, and nothing can
make the read block or run away. ``parse_json`` (``cacao_game.typed_json``) then turns the bytes
into JSON data with one-line reasons for whatever is wrong. Pure Python, no pygame.
"""

from __future__ import annotations

import logging
import os
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from cacao_game import typed_json
from cacao_game.jsontypes import JSON

log = logging.getLogger(__name__)

SAVE_LIMIT: Final = 8 * 1024 * 1024
"""The largest save read (a full 4-player save is well under 100 kB)."""
RECORD_LIMIT: Final = 8 * 1024 * 1024
"""The largest game record read (a 4-player record is about 100 kB)."""
SETTINGS_LIMIT: Final = 64 * 1024
"""The largest settings file read (it is well under 1 kB)."""

_CHUNK: Final = 1024 * 1024


class FileRefusedError(OSError):
    """A file ``read_limited`` will not read; ``str()`` is the one-line reason.

    An OSError, so code that already handles unreadable files handles these too.
    """


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _check(status: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(status.st_mode):
        raise FileRefusedError(f"{_kind(status.st_mode)}, not a file")
    if status.st_size > limit:
        raise FileRefusedError(f"{status.st_size} bytes, larger than the {limit} bytes allowed")


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The content of the regular file at ``path``, at most ``limit`` bytes.

    The file's type and size are checked with ``os.stat`` before it is opened: anything but
    a regular file (folder, named pipe, device, socket) and a file larger than ``limit`` raise
    FileRefusedError without being read. The file is opened non-blocking where the platform
    has ``O_NONBLOCK`` (so a file swapped for a pipe meanwhile cannot block), checked again
    through the open handle, and at most ``limit + 1`` bytes are read (a file that grew past
    ``limit`` meanwhile is refused). Other failures raise the OSError of the system
    (FileNotFoundError, PermissionError, ...).
    """
    path = Path(path)
    _check(os.stat(path), limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    handle = os.open(path, flags)
    try:
        _check(os.fstat(handle), limit)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(handle)
    if size > limit:
        raise FileRefusedError(f"more than the {limit} bytes allowed")
    return b"".join(chunks)


def describe_os_error(error: OSError) -> str:
    """A one-line reason for an OSError: its system message without the path (or its text)."""
    if isinstance(error, FileRefusedError):
        return str(error)
    return error.strerror or str(error) or type(error).__name__


def parse_json(data: bytes) -> JSON:
    """The JSON value in ``data``; ValueError with a one-line reason when there is none.

    ``cacao_game.typed_json.parse`` without a size limit (callers read with ``read_limited``):
    refused are empty content, bytes that are not UTF-8, text that is not JSON (or is cut
    short), ``NaN``/``Infinity``, integers out of range and nesting deeper than 64 levels.
    The reasons read well after ``"file: "``.
    """
    return typed_json.parse(data, limit=len(data))


def refused_path(path: Path) -> Path:
    """A name not yet taken, beside ``path``, for keeping a refused file aside:
    ``<stem>.refused-<UTC time>[-<n>]<suffix>``."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    aside = path.with_name(f"{path.stem}.refused-{stamp}{path.suffix}")
    counter = 1
    while aside.exists():
        counter += 1
        aside = path.with_name(f"{path.stem}.refused-{stamp}-{counter}{path.suffix}")
    return aside


def set_aside(path: Path, what: str, reason: str) -> Path | None:
    """Keep the refused file at ``path`` under a new name beside it (``refused_path``), so no
    later write replaces it; the new path, or None when it cannot be renamed (then it is left
    where it is). Logged either way, naming the file as ``what`` with the one-line ``reason``."""
    aside = refused_path(path)
    try:
        os.rename(path, aside)
    except OSError as error:
        log.warning("%s is refused (%s) and cannot be set aside: %s", what, reason, describe_os_error(error))
        return None
    log.warning("%s is refused (%s); kept it as %s", what, reason, aside.name)
    return aside
