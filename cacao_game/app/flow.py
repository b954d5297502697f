"""Moves between scenes that several scenes share: start a game, resume a save, watch a record.

Each builds the source the table shows (a ``PlaySession`` or a ``ReplaySession``) and asks
the shell for the table by its route (``routes.Table``); a failure is shown as a one-line notice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from cacao_game import saves
from cacao_game.app import routes
from cacao_game.app.play.ai_worker import ScriptedAI
from cacao_game.app.shown_names import seat_labels
from cacao_game.app.strings import problem_text, shown_save_name, t
from cacao_game.config.game import GameConfig
from cacao_game.engine import Game
from cacao_game.files import set_aside
from cacao_game.jsontypes import JSON
from cacao_game.records import read_record
from cacao_game.session import PlaySession
from cacao_game.session.autosave import BackgroundAutosaver, one_line
from cacao_game.session.replay import ReplaySession
from cacao_game.session.session import RESULT_SHOWN, SAVED_AS
from cacao_game.tutorial import progress
from cacao_game.tutorial.script import STEPS
from cacao_game.tutorial.session import TutorialSession

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

log = logging.getLogger(__name__)


class SaveSlot:
    """Where Save (the pause menu, Ctrl+S) writes one game: the named save it was opened from,
    else a slot of its own, "Game <date time>", picked at its first Save and kept for the
    next ones. A playtest saw Save of one game overwrite another's: every game wrote the one
    quick slot."""

    def __init__(self, path: Path | None = None, now: Callable[[], datetime] = datetime.now) -> None:
        self.path = path
        self._now = now

    def __call__(self) -> Path:
        """The game's save file, picked now if it has none yet (``fresh_slot``)."""
        if self.path is None:
            self.path = fresh_slot("flow.saved_name", self._now())
        return self.path


def fresh_slot(name_key: str, now: datetime) -> Path:
    """A named save's file that does not exist yet: the string ``name_key`` with the date and
    time ``now`` ("Game 2026-11-26 17-39-39"), numbered on when that one is taken."""
    name = t(name_key, stamp=now.strftime("%Y-%m-%d %H-%M-%S"))
    path, number = saves.slot_path(name), 1
    while path.exists():
        number += 1
        path = saves.slot_path(f"{name} {number}")
    return path


def new_session(
    app: Shell,
    config: GameConfig,
    game: Game | None = None,
    view: dict[str, JSON] | None = None,
    save_to: Path | None = None,
) -> PlaySession:
    """A play session for ``config`` (resuming ``game``) that autosaves to the autosave slot
    and saves to ``save_to`` (a named save it was opened from, which its view then names as
    ``SAVED_AS``, so the autosave tells Load whose game it is), else to a slot of its own
    (``SaveSlot``)."""
    if save_to is not None:
        view = {**(view or {}), SAVED_AS: save_to.stem}
    return PlaySession(
        config,
        game,
        undo=app.settings.undo_policy,
        autosaver=BackgroundAutosaver(saves.autosave_path),
        view=view,
        save_to=SaveSlot(save_to),
    )


def start_game(app: Shell, config: GameConfig) -> None:
    """Start a new game of ``config`` over the menu (whatever else was open closes).

    If the autosave holds an unfinished game, ask first (``keep_unfinished_then``).
    """
    config.validate()
    keep_unfinished_then(app, lambda: _start(app, config), "flow.unfinished", "flow.keep_and_start")


def keep_unfinished_then(
    app: Shell, then: Callable[[], None], question: str, yes: str, opens: Game | None = None, save: str = ""
) -> None:
    """Run ``then`` (it replaces the autosave's game) at once if the autosave holds no
    unfinished game (or ``opens``, the same game); else ask the string ``question`` (its
    ``name`` the game waiting, its ``save`` the save opened): Yes (string ``yes``) keeps that
    game (``keep_unfinished``: in its own save if it has one, else "Unfinished <date>", listed
    by Load) and runs ``then``; No changes nothing. A playtest saw Load replace an unfinished
    game without a word, where New game asked. A finished game there is kept without a
    question (``keep_finished``) and the player told where; if it cannot be kept, the player
    is told why and nothing starts."""
    waiting = _autosaved_other(opens)
    unfinished = None if _kept_already(waiting) else unfinished_line(app, waiting)
    if unfinished is None:
        try:
            kept = keep_finished(waiting)
        except (OSError, ValueError) as error:
            app.notify(t("flow.keep_finished_failed", reason=one_line(error)))
            return
        then()
        if kept is not None:
            app.notify(t("flow.kept_finished", name=save_label(kept)))
        return

    def keep_then() -> None:
        try:
            where = keep_unfinished()
        except (OSError, ValueError) as error:
            app.notify(t("flow.keep_failed", reason=one_line(error)))
            return
        then()
        app.notify(t("flow.kept", name=save_label(where)))

    app.open(
        routes.Confirm(t(question, name=unfinished, save=save), keep_then, yes=t(yes), no=t("common.cancel"))
    )


def _start(app: Shell, config: GameConfig) -> None:
    """Open the new game's table; its deal is autosaved at once, so Continue finds a game
    left before its first move."""
    app.home()
    session = new_session(app, config)
    session.autosave()
    app.open(routes.Table(session))


def unfinished_line(app: Shell, loaded: saves.LoadedSave | None) -> str | None:
    """A one-line description of the autosave's game ``loaded`` (``_autosaved_other``) if it is
    unfinished, else None (also for a game left at its deal: nothing was played that a new
    game would lose)."""
    if loaded is None or loaded.game.is_over() or not loaded.game.actions:
        return None
    names = ", ".join(seat_labels(app.assets, loaded.config.names, loaded.config.kinds))
    return f"{names} ({t('flow.turn', turn=loaded.game.turn + 1)})"


def _autosaved_other(opens: Game | None) -> saves.LoadedSave | None:
    """The autosave's game if there is one that reads and it is not ``opens`` (the same
    decisions from the same deal), else None."""
    path = saves.autosave_path()
    if not path.is_file():
        return None
    try:
        loaded = saves.load_game(path)
    except (ValueError, OSError):
        return None
    if opens is not None and same_game(opens, loaded.game):
        return None
    return loaded


def _saved_game(path: Path | None) -> Game | None:
    """The game the save at ``path`` holds, None if there is none or it does not read."""
    if path is None:
        return None
    try:
        return saves.load_game(path).game
    except (ValueError, OSError):
        return None


def _keep_slot(named: Path | None, saved: Game | None, game: Game, name_key: str, when: datetime) -> Path:
    """Where a keep writes ``game``: the save it was last saved to (``named``, holding
    ``saved``) unless that save holds another state of it (a trial loaded its turn-6 save,
    played on, and the kept game took that save's place: the turn-6 save was lost), else a new
    save named by the string ``name_key`` and ``when``."""
    if named is not None and (saved is None or same_game(saved, game)):
        return named
    return fresh_slot(name_key, when)


def same_game(one: Game, other: Game) -> bool:
    """Whether two games are the same game: the same deal and the same decisions."""
    return one.setup == other.setup and one.actions == other.actions


def keep_finished(loaded: saves.LoadedSave | None, now: datetime | None = None) -> Path | None:
    """Keep the autosave's game ``loaded`` (``_autosaved_other``) as a named save if it is
    finished and return its path: the save it was last saved to unless that save holds another
    state of it (``_keep_slot``: a save point the player keeps), else a new "Game <date time>"
    (Load lists it as finished: it opens on its scores, with its replay and review), named and
    dated when it was last autosaved, as it ended (``now`` overrides the name's time; a
    trial's game finished at 10:01 was listed as played at 10:04, when Rematch kept it). None when
    there is no such game, or its save holds it already (a tester was told twice). A tester's
    Tab and Enter on the scoring screen (Rematch) replaced a finished game in the autosave, and
    with it the game's replay and review. Raises OSError when it cannot be written."""
    if loaded is None or not loaded.game.is_over():
        return None
    named = saved_at(saves.autosave_path(), loaded.view)
    saved = _saved_game(named)
    if saved is not None and same_game(saved, loaded.game):
        return None
    when = now or loaded.info.saved_local or datetime.now()
    target = _keep_slot(named, saved, loaded.game, "flow.saved_name", when)
    saves.save_game(target, loaded.game, loaded.config, loaded.view, loaded.info.saved_at or None)
    return target


def keep_unfinished(now: datetime | None = None) -> Path:
    """Keep the autosave's game as a named save and return its path: the save it was last
    saved to (``SAVED_AS``; a game kept twice is one save, not a pile of copies) unless that
    save holds another state of it, a save point the player keeps (``_keep_slot``), else a
    new "Unfinished <date time>" (in the current language). The autosave then names that save
    (``SAVED_AS``): Continue and Save go on in it, and the game is not asked about again
    while it stays so (``_kept_already``; a trial kept it twice, two copies)."""
    path = saves.autosave_path()
    loaded = saves.load_game(path)
    named = saved_at(path, loaded.view)
    target = _keep_slot(named, _saved_game(named), loaded.game, "flow.unfinished_name", now or datetime.now())
    saves.save_game(target, loaded.game, loaded.config, loaded.view)
    if named != target:
        view = {**loaded.view, SAVED_AS: target.stem}
        saves.save_game(path, loaded.game, loaded.config, view, loaded.info.saved_at or None)
    return target


def _kept_already(loaded: saves.LoadedSave | None) -> bool:
    """Whether the autosave's game ``loaded`` is, as it stands, in the save it names
    (``SAVED_AS``): replacing the autosave then loses nothing."""
    if loaded is None:
        return False
    saved = _saved_game(saved_at(saves.autosave_path(), loaded.view))
    return saved is not None and same_game(saved, loaded.game)


def open_save(
    app: Shell, path: Path, *, backup_fallback: bool = False, set_aside_refused: bool = False
) -> bool:
    """Resume the save at ``path`` over the menu; on failure show its one-line reason and
    return False. A game other than the autosave's asks first if that one is unfinished
    (``keep_unfinished_then``); once opened, an unfinished game is autosaved at once, so
    Continue finds it even before its first move (a playtest's Continue opened the game played
    before); a finished one is not (there is nothing to continue, and opening the autosave's
    finished game rewrote it, moving it to the top of Load as if just played).

    With ``backup_fallback`` a refused file is replaced by its ``.bak`` when that loads (the
    Load list shows it so, ``SaveInfo.from_backup``), and the player is told in a notice.
    With ``set_aside_refused`` a file refused (with no backup that loads) is kept under a
    name of its own beside it (``files.set_aside``: Load lists it with its reason), and the
    notice says so.
    """
    try:
        loaded = saves.load_with_backup(path) if backup_fallback else saves.load_game(path)
        config = (
            loaded.config if isinstance(loaded.config, GameConfig) else GameConfig.from_dict(loaded.config)
        )
        session = new_session(app, config, loaded.game, dict(loaded.view), saved_at(path, loaded.view))
    except (ValueError, OSError) as error:  # SaveError is a ValueError
        reason = problem_text(error)
        aside = set_aside(path, path.name, one_line(error)) if set_aside_refused and path.exists() else None
        if aside is None:
            app.notify(t("load.failed", name=path.name, reason=reason))
        else:
            app.notify(t("load.failed_kept", name=path.name, reason=reason.rstrip("."), kept=aside.name))
        return False

    def resume() -> None:
        app.home()
        if not session.game.is_over():
            session.autosave()
        app.open(routes.Table(session))
        if loaded.from_backup:
            app.notify(t("load.opened_backup", name=save_label(path)))

    if path.stem == saves.AUTOSAVE_NAME:
        resume()
    else:
        question, yes = "flow.unfinished_open", "flow.keep_and_open"
        keep_unfinished_then(app, resume, question, yes, loaded.game, save_label(path))
    return True


def saved_at(path: Path, view: Mapping[str, JSON]) -> Path | None:
    """Where Save writes a game opened from ``path``: that file for a named save; for the
    autosave, the save it was last saved to (``SAVED_AS`` in its view), if that is a usable
    slot name; else None (a slot of its own at its first Save)."""
    if path.stem != saves.AUTOSAVE_NAME:
        return path
    name = view.get(SAVED_AS)
    if not isinstance(name, str):
        return None
    try:
        return saves.slot_path(name)
    except ValueError:
        return None


def save_label(path: Path) -> str:
    """A save's name as the player sees it: "Autosave" for the autosave, else the slot name
    (a name the game gave in the current language: ``shown_save_name``)."""
    return t("load.autosave") if path.stem == saves.AUTOSAVE_NAME else shown_save_name(path.stem)


def save_title(path: Path, view: Mapping[str, JSON]) -> str:
    """A listed save's name: ``save_label``, and for the autosave of a game that was saved by
    name, that name too ("Autosave · Game <date time>"), so the two rows of one game read as
    one game (a tester took them for two)."""
    if path.stem != saves.AUTOSAVE_NAME:
        return save_label(path)
    target = saved_at(path, view)
    return t("load.autosave_of", name=save_label(target)) if target is not None else t("load.autosave")


def autosave_exists() -> bool:
    """True if there is an autosave to continue."""
    try:
        return saves.autosave_path().is_file()
    except OSError as error:
        log.debug("no autosave: %s", error)
        return False


UNFINISHED, RESULT_UNSEEN, UNREAD = "unfinished", "result", "unread"
"""Why Continue is offered (``to_continue``)."""


@dataclass(frozen=True, slots=True)
class Continuing:
    """What Continue would open (``to_continue``): ``why`` it is offered and, for an
    unfinished game, its turn in progress (from 1) and its seats' names and kinds (Continue's
    caption: a trial's Continue did not say which game it opened)."""

    why: str
    turn: int = 0
    names: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()


def to_continue() -> Continuing | None:
    """Why the autosave holds a game to continue: ``UNFINISHED``, a game not over;
    ``RESULT_UNSEEN``, a game whose last move came while the window closed, its scores never
    shown (``session.RESULT_SHOWN``: a trial never saw who won); ``UNREAD``, a file that does
    not read (Continue then says why, offers its backup or sets it aside). None: nothing. A
    finished game seen to its scores is not continued (a trial's Continue opened a finished
    game's board, and clicks meant for New game below it went there): Load game lists it, on
    its scores with its replay and review."""
    if not autosave_exists():
        return None
    try:
        loaded = saves.load_game(saves.autosave_path())
    except (ValueError, OSError):
        return Continuing(UNREAD)
    if not loaded.game.is_over():
        seats = loaded.config.seats
        names, kinds = tuple(seat.name for seat in seats), tuple(seat.kind for seat in seats)
        return Continuing(UNFINISHED, loaded.game.turn + 1, names, kinds)
    return Continuing(RESULT_UNSEEN) if loaded.view.get(RESULT_SHOWN) is False else None


def continue_game(app: Shell) -> bool:
    """Resume the autosave, or its backup; one that cannot be read is set aside, kept and
    listed by Load with its reason, so that Continue no longer leads the menu to the same
    refusal at every start (a trial's Enter met it again and again)."""
    return open_save(app, saves.autosave_path(), backup_fallback=True, set_aside_refused=True)


def start_tutorial(app: Shell, *, fresh: bool = False) -> bool:
    """Open the guided first game over the menu: where it was left, or from its first lesson
    when there is no progress, it was finished, or ``fresh`` (Start over). Its progress is
    kept in its own file (``cacao_game.tutorial.progress``), never in the autosave.

    Whatever was open closes first, so a tutorial being left has saved itself before its
    file is read (or, for Start over, deleted). A file that cannot be read (nor its backup)
    is kept aside under a name of its own, and the player told, before the first lesson
    opens."""
    app.home()
    saved = None if fresh else progress.load()
    if saved is not None and saved.step >= len(STEPS):
        saved = None
    try:
        kept = None if fresh else progress.set_aside_refused()
        if saved is None and progress.exists():
            progress.forget()
        session = TutorialSession(
            saved.game if saved is not None else None,
            saved.step if saved is not None else 0,
            player=saved.player if saved is not None else player_name(app),
            autosaver=BackgroundAutosaver(progress.tutorial_path),
            view=saved.view if saved is not None else None,
            save_to=progress.tutorial_path,
        )
    except (ValueError, OSError) as error:  # SaveError is a ValueError
        app.notify(t("tutorial.failed", reason=one_line(error)))
        return False
    app.home()
    app.open(routes.Table(session, ScriptedAI(session.scripted_answer), lesson=session))
    step = session.coach.current(session.game)
    if saved is not None and step is not None:
        chapter = t(f"tutorial.chapter.{step.chapter}")
        app.notify(t("tutorial.resumed_backup" if saved.from_backup else "tutorial.resumed", chapter=chapter))
    elif kept is not None:
        app.notify(t("tutorial.kept_refused", name=kept.name))
    return True


def player_name(app: Shell) -> str:
    """The name the tutorial gives the player: the first human of the last game set up, else
    the default ("Player")."""
    last = app.last_config
    humans = [seat.name for seat in last.seats if seat.is_human] if last is not None else []
    return humans[0] if humans else t("tutorial.player")


def watch_record(
    app: Shell, record: Mapping[str, object], config: GameConfig | None = None, *, at_end: bool = False
) -> bool:
    """Push the replay of ``record``, its seats named as in ``config`` when given (a record
    keeps only colours and kinds), at its start or ``at_end`` (the final board); False (and
    a notice) if the record does not replay."""
    try:
        source = ReplaySession(record, config)
    except ValueError as error:  # RecordError: the record does not replay
        app.notify(t("scoring.replay_failed", reason=one_line(error)))
        return False
    if at_end:
        source.jump(source.turns)
    app.open(routes.Table(source))
    return True


def open_replay(app: Shell, path: Path) -> bool:
    """Watch the game record at ``path`` over the menu."""
    try:
        record = read_record(path)
    except (ValueError, OSError) as error:
        app.notify(t("load.failed", name=path.name, reason=one_line(error)))
        return False
    return watch_record(app, record)
