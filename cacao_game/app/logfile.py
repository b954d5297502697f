"""The app's log file: what the game logs while its window is open, kept where a player who
started it from a desktop icon (no terminal to show the log) can find it and send it.

``start_log_file`` adds a rotating handler to the root logger: ``cacao.log`` in
``config.storage.log_dir()``, at most ``LOG_BYTES`` bytes, the ``LOG_BACKUPS`` files before it
kept as ``cacao.log.1`` and ``cacao.log.2``. The terminal's log (``cli.main``) goes on as it was.
"""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Final

from cacao_game.config.storage import log_dir

LOG_FILE: Final = "cacao.log"
LOG_BYTES: Final = 1_000_000
LOG_BACKUPS: Final = 2
LOG_FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger(__name__)


def start_log_file(level: int = logging.INFO) -> Path | None:
    """Log ``level`` and above to the log file as well, from now until ``stop_log_file`` (the
    root logger lets ``level`` through); the file's path, or None if it cannot be opened (said
    in the log that remains)."""
    path = log_dir() / LOG_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
    except OSError as error:
        log.warning("no log file at %s: %s", path, error)
        return None
    handler.setLevel(level)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.getEffectiveLevel() > level:
        root.setLevel(level)
    log.info("log file: %s", path)
    return path


def stop_log_file(path: Path) -> None:
    """Stop logging to the log file at ``path`` (``start_log_file``'s) and close it."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, RotatingFileHandler) and Path(handler.baseFilename) == path.absolute():
            root.removeHandler(handler)
            handler.close()
