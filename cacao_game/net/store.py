"""What a host keeps of a table on disk: its autosave and a journal of its decisions.

``TableSaver`` is the table session's ``Autosaver``: the full save (``cacao_game.saves``,
atomic, fsynced, with the seats' token digests in its view) is written on the host's writer
threads after a turn or an undo at most once every ``interval`` seconds (it costs the host
several milliseconds of CPU), at once after a seat is claimed (``force``), and when the host
stops (``flush``). Between two full saves, ``note`` appends each
decision to ``<code>.moves`` (one JSON line, written before the decision is sent to anyone,
no fsync: a host process that dies loses nothing the kernel has; a power cut may lose the
last turn). ``load_table`` reads both back: the save, then the journal's decisions after it.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import msgspec

from cacao_game import saves, typed_json
from cacao_game.config.game import GameConfig
from cacao_game.engine import Action, Game
from cacao_game.engine.errors import IllegalActionError
from cacao_game.jsontypes import JSON
from cacao_game.net.protocol import MAX_DEPTH, ActionMsg
from cacao_game.saves.schema import action_from_json, decision
from cacao_game.session.autosave import one_line

log = logging.getLogger(__name__)

JOURNAL_LINE_LIMIT = 1024
JOURNAL_LIMIT = 1 << 20


class Noted(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One journal line: the game had ``at`` decisions, then ``action`` (None: an undo left
    it at ``at`` decisions)."""

    at: int
    action: ActionMsg | None = None


class TableSaver:
    """The autosaver of one table at ``path`` (writes in order on ``pool``) and its journal."""

    def __init__(
        self,
        pool: ThreadPoolExecutor,
        path: Path,
        *,
        interval: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._pool = pool
        self.path = path
        self.interval = interval
        self._clock = clock
        self._written = -interval
        self._pending: tuple[Game, GameConfig, dict[str, JSON]] | None = None
        self.journal = path.with_suffix(".moves")
        self.noted = 0
        """Decisions written to the journal so far (the game's length when it was last noted)."""
        self.last: Future[str | None] | None = None

    def save(self, game: Game, config: GameConfig, view: dict[str, JSON]) -> None:
        """Keep ``game`` to save; write it now if the last full save is ``interval`` old."""
        self._pending = (game, config, view)
        if self._clock() - self._written >= self.interval:
            self.force()

    def force(self) -> None:
        """Queue the full save of the latest game kept, after the table's previous one."""
        if self._pending is None:
            return
        game, config, view = self._pending
        self._pending = None
        self._written = self._clock()
        self.last = self._pool.submit(self._write, self.last, game, config, view)

    def _write(
        self, previous: Future[str | None] | None, game: Game, config: GameConfig, view: dict[str, JSON]
    ) -> str | None:
        if previous is not None:
            previous.result()
        try:
            saves.save_game(self.path, game, config, view)
        except Exception as error:  # a failed save must not stop the table: it is logged
            outcome = one_line(error)
            log.warning("autosave of %s failed: %s", self.path.name, outcome)
            return outcome
        return None

    def results(self) -> list[str | None]:
        """Outcomes are logged where they happen; the session gets none."""
        return []

    def flush(self) -> None:
        """Write the latest game kept and wait for the table's full saves."""
        self.force()
        if self.last is not None:
            self.last.result()

    def note(self, actions: list[Action]) -> None:
        """Append to the journal what changed since the last note: an undo (the game is
        shorter than noted) and each new decision. A write error is logged, not raised."""
        lines: list[Noted] = []
        if len(actions) < self.noted:
            lines.append(Noted(len(actions)))
            self.noted = len(actions)
        lines += [Noted(at, decision(actions[at])) for at in range(self.noted, len(actions))]
        self.noted = len(actions)
        if not lines:
            return
        try:
            self.journal.parent.mkdir(parents=True, exist_ok=True)
            with self.journal.open("ab") as out:
                out.write(b"".join(typed_json.encode(line) + b"\n" for line in lines))
        except OSError as error:
            log.warning("journal of %s: %s", self.path.name, one_line(error))

    def remove(self) -> None:
        """Delete the table's files (its game is over and filed)."""
        self._pending = None
        if self.last is not None:
            self.last.result()
        with contextlib.suppress(OSError):
            saves.delete_save(self.path)
        self.journal.unlink(missing_ok=True)


def journal_actions(journal: Path, saved: list[Action]) -> list[Action]:
    """The decisions to resume with: the journal's, when the save's are a beginning of them
    (the journal is the newer), else the save's. The journal's lines are read in order, each
    cutting the decisions back to its ``at`` and adding its action; reading stops at the first
    line that does not fit (a gap, a torn last line)."""
    try:
        data = journal.read_bytes()[:JOURNAL_LIMIT]
    except OSError:
        return list(saved)
    actions: list[Action] = []
    for raw in data.splitlines():
        try:
            line = typed_json.decode(raw, Noted, limit=JOURNAL_LINE_LIMIT, max_depth=MAX_DEPTH)
        except typed_json.ShapeError:
            break
        if not 0 <= line.at <= len(actions):
            break
        del actions[line.at :]
        if line.action is not None:
            actions.append(action_from_json(line.action))
    return actions if actions[: len(saved)] == list(saved) else list(saved)


def load_table(path: Path) -> tuple[saves.LoadedSave, Game]:
    """The save at ``path`` and its game with the journal's later decisions played (up to the
    first one the game refuses). Raises ``SaveError``/``OSError`` for an unreadable save."""
    loaded = saves.load_game(path)
    actions = journal_actions(path.with_suffix(".moves"), list(loaded.game.actions))
    game = Game(loaded.game.setup)
    for action in actions:
        try:
            game.apply(action)
        except IllegalActionError as error:
            log.warning("%s: journal stops at decision %d: %s", path.name, len(game.actions), one_line(error))
            break
    return loaded, game
