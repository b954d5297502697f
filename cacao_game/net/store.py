"""What a host keeps of a table on disk: its autosave and a journal of its decisions.

``TableSaver`` is the table session's ``Autosaver``. The full save (``cacao_game.saves``,
atomic, fsynced, with the seats' token digests in its view) is written on the host's writer
threads only when the table's seats change (a claim, a seat given to the AI, a stand-in's
decision: ``force``) and when the host stops (``flush``): encoding a whole game costs several
milliseconds of CPU, and a writer thread holding the interpreter that long delays every
table on the event loop. Each decision is instead appended by ``note`` to ``<code>.moves``
(one short JSON line, written before the decision is sent to anyone, no fsync: a host
process that dies loses nothing the kernel has; a power cut may lose the last turn; the file
is opened for each line, as a host may hold many tables). A journal grown long with undos
is rewritten as the game's decisions (``COMPACT_AT``).
``load_table`` reads both back: the save, then the journal's decisions after it.
"""

from __future__ import annotations

import contextlib
import logging
import os
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import msgspec

from cacao_game import saves, typed_json
from cacao_game.config.game import GameConfig
from cacao_game.config.storage import private_folder
from cacao_game.engine import Action, Game
from cacao_game.engine.errors import IllegalActionError
from cacao_game.jsontypes import JSON
from cacao_game.net.protocol import MAX_DEPTH, ActionMsg
from cacao_game.saves.schema import action_from_json, decision
from cacao_game.session.autosave import one_line

log = logging.getLogger(__name__)

JOURNAL_LINE_LIMIT = 1024
JOURNAL_LIMIT = 1 << 20
COMPACT_AT = 64
"""A journal with this many lines more than twice the game's decisions is rewritten."""


class Noted(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One journal line: the game had ``at`` decisions, then ``action`` (None: an undo left
    it at ``at`` decisions)."""

    at: int
    action: ActionMsg | None = None


class TableSaver:
    """The autosaver of one table at ``path`` (full saves in order on ``pool``) and its journal."""

    def __init__(self, pool: ThreadPoolExecutor, path: Path) -> None:
        self._pool = pool
        self.path = path
        self._pending: tuple[Game, GameConfig, dict[str, JSON]] | None = None
        self.journal = path.with_suffix(".moves")
        try:
            private_folder(path.parent)
        except OSError as error:  # the first save says why it cannot be written
            log.warning("tables folder %s: %s", path.parent, one_line(error))
        self._folder_made = False
        self.lines = 0
        """Lines in the journal (since it was opened by this saver)."""
        self.noted = 0
        """Decisions written to the journal so far (the game's length when it was last noted)."""
        self.last: Future[str | None] | None = None

    def save(self, game: Game, config: GameConfig, view: dict[str, JSON]) -> None:
        """Keep ``game`` for the next full save (the journal keeps the decisions meanwhile)."""
        self._pending = (game, config, view)

    def force(self) -> None:
        """Queue the full save of the latest game kept, after the table's previous one."""
        if self._pending is None:
            return
        game, config, view = self._pending
        self._pending = None
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
            if self.lines + len(lines) > 2 * len(actions) + COMPACT_AT:
                self._rewrite(actions)
                return
            if not self._folder_made:
                self.journal.parent.mkdir(parents=True, exist_ok=True)
                self._folder_made = True
            with self.journal.open("ab") as out:
                out.write(b"".join(typed_json.encode(line) + b"\n" for line in lines))
            self.lines += len(lines)
        except OSError as error:
            log.warning("journal of %s: %s", self.path.name, one_line(error))

    def _rewrite(self, actions: list[Action]) -> None:
        """Replace the journal by one line per decision of ``actions`` (atomic rename)."""
        fresh = self.journal.with_suffix(".moves.new")
        data = b"".join(typed_json.encode(Noted(at, decision(a))) + b"\n" for at, a in enumerate(actions))
        fresh.write_bytes(data)
        os.replace(fresh, self.journal)
        self.lines = len(actions)

    def remove(self) -> None:
        """Delete the table's files (its game is over and filed, or it was abandoned)."""
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
