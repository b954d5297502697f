"""Autosave off the frame: the write and its fsync take a frame's time, so a thread does it.

``Autosaver`` is what the session needs; ``BackgroundAutosaver`` writes with
``cacao_game.saves`` on one worker thread and reports each result, in order, to ``results``.
Tests may pass any object with the same three methods.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Protocol

from cacao_game.config.game import GameConfig
from cacao_game.engine import Game
from cacao_game.jsontypes import JSON

log = logging.getLogger(__name__)


class Autosaver(Protocol):
    """Writes copies of a game; never raises from ``save``."""

    def save(self, game: Game, config: GameConfig, view: dict[str, JSON]) -> None:
        """Start writing ``game`` (a copy the saver may keep)."""
        ...

    def results(self) -> list[str | None]:
        """The outcomes of finished writes since the last call, oldest first: None for a
        success, else a one-line reason."""
        ...

    def flush(self) -> None:
        """Wait until every write started so far has finished."""
        ...


class BackgroundAutosaver:
    """Writes to ``path()`` (resolved at each write) with ``cacao_game.saves.save_game``."""

    def __init__(self, path: Callable[[], Path]) -> None:
        self._path = path
        self._pool: ThreadPoolExecutor | None = None
        self._done: list[str | None] = []
        self._lock = threading.Lock()

    def save(self, game: Game, config: GameConfig, view: dict[str, JSON]) -> None:
        """Queue one write on the worker thread."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cacao-autosave")
        self._pool.submit(self._write, game, config, view)

    def _write(self, game: Game, config: GameConfig, view: dict[str, JSON]) -> None:
        from cacao_game import saves

        outcome: str | None = None
        try:
            saves.save_game(self._path(), game, config, view)
        except Exception as error:  # a failed autosave must not stop the game: it is reported
            log.warning("autosave failed: %s", error)
            outcome = one_line(error)
        with self._lock:
            self._done.append(outcome)

    def results(self) -> list[str | None]:
        """Outcomes of the writes finished since the last call."""
        with self._lock:
            done, self._done = self._done, []
        return done

    def flush(self) -> None:
        """Wait for every queued write (the thread stops; a later save starts a new one)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None


def one_line(error: BaseException) -> str:
    """The first line of an error's text, or its type's name."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__
