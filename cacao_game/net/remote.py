"""``RemoteSource``: the table's source (``cacao_game.session.source.TableSource``) for a game
played on another machine, fed by a ``NetClient``.

The table reads it like a local play session, with what the host sent this seat: the game
view (``RemoteTable.game``, equal to ``Game.view`` of the seat), the journal of decisions as
this seat saw them, the seats and their presence. Board input works on a local ``Selection``
of that view exactly as at a local table; a decision confirmed is sent to the host (all the
fills of a turn, or every step of a resolution, in one ``decide``) and nothing is applied
here: the host's update, read in ``poll``, moves the table on (its events animate it).
Undo and hints are the host's (strict undo; hints where the table allows them).

Once the game is over the host sends its record (``client.RecordArrived``): the source keeps
it (``record``), files it in ``records`` when given, and its ``finished_game`` is then the
whole game replayed from it (decisions and deal), so that replay and review work at home.
A spectator's source (``watching``) has no seat: every hand face down, no input.

While the host's AI thinks about a timed seat's move, ``thinking`` says which seat and how
much of its thinking time has passed, timed on this source's own clock (injectable) from
when the host's word arrived (less what had passed on the host for a client that joined
meanwhile): the table's thinking bar shows it as at a local table.

``connection`` says how the link stands ("connecting" until the host first takes the client,
"connected", "reconnecting", "host paused": the host stopped hosting in order and the client
tries again until it hosts again, "busy": the host has too many connections and the client
tries again, or the host's refusal in words) so that the table can show "reconnecting…" with a way
back to the menu, and the lobby "connecting…" while a first connection has not got through.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import assert_never

from cacao_game import typed_json
from cacao_game.ai.explain import Advice
from cacao_game.config.game import HUMAN, GameConfig, SeatConfig
from cacao_game.engine import Action, Game
from cacao_game.engine import events as ev
from cacao_game.engine.tiles import BASE_VARIANT
from cacao_game.jsontypes import JSON
from cacao_game.net.client import (
    AIThinking,
    Changed,
    ClientEvent,
    Failed,
    HintArrived,
    Joined,
    NetClient,
    Reconnecting,
    RecordArrived,
)
from cacao_game.net.client import Refused as RefusedByHost
from cacao_game.net.protocol import REMOTE, REPLACED, TableState, played_kind
from cacao_game.net.protocol import SeatInfo as NetSeat
from cacao_game.records import RecordError, RecordFile, replay_record, write_record
from cacao_game.session.board_input import Ask, steer
from cacao_game.session.commands import (
    AIAnswered,
    BoardInput,
    Command,
    RequestHint,
    ShowHand,
    Undo,
)
from cacao_game.session.journal import Entry
from cacao_game.session.messages import AIRequest, time_passed
from cacao_game.session.notices import HintReady, Refusal, Refused, Undone
from cacao_game.session.policy import UndoPolicy, note_undo, undo_reach
from cacao_game.session.selection import Selection
from cacao_game.session.source import Capabilities, SeatInfo, SourceEvent, Stepping

log = logging.getLogger(__name__)

CONNECTING = "connecting"
CONNECTED = "connected"
RECONNECTING = "reconnecting"
HOST_PAUSED = "host paused"
BUSY = "busy"
RECORD_WAIT_POLLS = 300
"""Polls (frames) a finished game waits for its record before showing the scores without it
(the host sends it right after the last update; this is only for a host that does not)."""


def taken_from(journal: tuple[Entry, ...], undone: int, you: int | None) -> int | None:
    """The seat whose decisions the last ``undone`` of ``journal`` are, when they are one seat's
    and not ``you``'s (another player took back their move); else None."""
    seats = {entry.seat for entry in journal[len(journal) - undone :]} if undone else set()
    return None if len(seats) != 1 or you in seats else seats.pop()


def refusal_of(code: str) -> Refusal:
    """The table's refusal for a host's refusal code: the undo refusals as they are, any other
    (a stale or illegal command, not seated, offline...) as an illegal move."""
    try:
        return Refusal(code)
    except ValueError:
        return Refusal.ILLEGAL


@dataclass(frozen=True, slots=True)
class HostThinking:
    """The host's AI thinking about ``seat``'s decision ``at`` for up to ``budget`` seconds,
    since ``started`` on this source's clock."""

    seat: int
    at: int
    started: float
    budget: float


class RemoteSource:
    """A game on another machine, seen from this client's seat (see the module docstring).

    ``client`` must be started; ``RemoteSource`` polls it (never blocks) and closes it in
    ``close``. Until the first update arrives, ``ready`` is False and the table should wait.
    ``clock`` (seconds, never going back) times the host's AI thinking (``thinking``).
    """

    def __init__(
        self, client: NetClient, records: Path | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.client = client
        self.clock = clock
        self.host_thinking: HostThinking | None = None
        """The host's last word that its AI thinks, while it may still hold (``thinking``)."""
        self.records = records
        """The folder a finished game's record is filed in (None: kept in memory only)."""
        self.record: dict[str, JSON] | None = None
        """The finished game's record once the host sent it."""
        self.record_path: Path | None = None
        """Where the record was filed (set by the filing thread once written)."""
        self._filing: threading.Thread | None = None
        self._full: Game | None = None
        self._polls_over = 0
        self.version = 0
        self.view: dict[str, JSON] = {}
        self.hint: Action | None = None
        self.advice: Advice | None = None
        self.autosave_error: str | None = None
        self.connection = CONNECTING
        """``connecting`` (until the host first takes this client: a drop before it is still
        connecting, never ``reconnecting``), ``connected``, ``reconnecting``, ``busy``, or why
        the host refused (words)."""
        self.reached = False
        """The host has taken this client once (a ``welcome``): a later failure is not the
        refusal of the join."""
        self.failed = False
        self.failure = ""
        """The host's code for why it will not have this client (``Failed.code``: ``table``,
        ``full``, ``name``...), once ``failed``."""
        self.rejoins = 0
        """How many times the host sent the whole table (each join and rejoin): the game
        shown must be taken again as it is, without animation."""
        self._game: Game | None = None
        self._table: TableState | None = None
        """The host's table as last taken (``poll``): every fact of it the table and the lobby
        read comes from this one state (a review found the lobby's rows read from the network
        thread's newest while the rest came from the last poll)."""
        self._state_seats: tuple[SeatInfo, ...] = ()
        self._kinds: list[str] = []
        self._journal: tuple[Entry, ...] = ()
        self._undone_by: dict[int, int] = {}
        """As ``PlaySession.undone_by``, from the undos this table was told of (a table that
        joined later may offer an undo the host then refuses, in words)."""
        self._selection: Selection | None = None
        self._config = GameConfig()
        self._you: int | None = None
        self._deciding = -1
        self._decisions = 0
        self._started = False
        self._hints = False
        self._spectators = 0
        self._sent_at = -1
        self._hint_asked_at = -1
        self._absent: frozenset[int] = frozenset()
        self._standin_due: dict[int, float] = {}
        """When (this source's clock) the host's stand-in AI plays each dropped seat, as its
        last word said."""
        self._standin_left: dict[int, float] = {}
        """Seconds until then, as of the last ``poll`` (``standin_wait``); none while the link
        is down (the host's word is old; it tells the wait again on reconnecting)."""

    # ----------------------------------------------------------------- what the table reads

    @property
    def ready(self) -> bool:
        """The first table has arrived."""
        return self._game is not None

    @property
    def started(self) -> bool:
        """Every remote seat has a player: the game runs."""
        return self._started

    def table_seats(self) -> list[NetSeat]:
        """The seats as the host last told (who has joined, who is connected), as last taken by
        ``poll``; [] before the first update."""
        return list(self._table.seats) if self._table is not None else []

    @property
    def capabilities(self) -> Capabilities:
        """Decisions and (strict) undo; hints where the host allows them; no saving here."""
        seated = self._you is not None
        return Capabilities(commands=seated, undo=seated, hint=self._hints and seated)

    @property
    def hints_allowed(self) -> bool:
        """The table allows hints, as the host last said (read with ``table_seats``, for the
        lobby; False before the first update)."""
        return self._hints

    @property
    def variant(self) -> str:
        """The table's variant, as the host last said (read with ``table_seats``, for the
        lobby; the base game before the first update)."""
        return self._table.variant if self._table is not None else BASE_VARIANT

    @property
    def start_drawn(self) -> bool:
        """The table's first seat was drawn at random to start, as the host last said (read
        with ``table_seats``; False before the first update)."""
        return self._table is not None and self._table.start_drawn

    @property
    def watching(self) -> bool:
        """This client watches (a spectator): no seat, no hand, no input."""
        return self._game is not None and self._you is None

    @property
    def spectators(self) -> int:
        """How many watch the table (this client too, when it watches), as the host last said."""
        return self._spectators

    @property
    def config(self) -> GameConfig:
        """The game's seats and variant as this client knows them (no seed)."""
        return self._config

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """Every seat in turn order (remote seats count as human)."""
        return self._state_seats

    @property
    def humans(self) -> frozenset[int]:
        """The seat at this screen (none for a spectator)."""
        return frozenset() if self._you is None else frozenset({self._you})

    @property
    def absent(self) -> frozenset[int]:
        """Remote seats whose player is away now (an AI may stand in: ``standing_in``)."""
        return self._absent

    @property
    def standing_in(self) -> frozenset[int]:
        """Seats away for which an AI plays now (the host's stand-in)."""
        return frozenset(n for n, seat in enumerate(self.table_seats()) if seat.standin)

    def standin_wait(self, seat: int) -> float | None:
        """Seconds before the host's stand-in AI plays dropped ``seat``, as of the last
        ``poll`` (one reading of the clock a poll, so that every line of a frame says the same);
        None where none is due (the host's ``SeatInfo.standin_in``)."""
        return self._standin_left.get(seat)

    @property
    def table_code(self) -> str | None:
        """The table's code, once the host said it (a new player joins with it)."""
        return self.client.code

    @property
    def departed(self) -> frozenset[int]:
        """Seats whose player left on purpose and that nobody has taken since (free for
        whoever joins; ``standing_in`` says whether an AI plays them meanwhile)."""
        return frozenset(n for n, seat in enumerate(self.table_seats()) if seat.left)

    @property
    def hot_seat(self) -> bool:
        """One person at this screen."""
        return False

    @property
    def curtain(self) -> int | None:
        """No curtain: only this seat's hand is ever here."""
        return None

    @property
    def journal(self) -> Sequence[Entry]:
        """Every decision so far as this seat saw it."""
        return self._journal

    @property
    def selection(self) -> Selection:
        """This seat's selection on the game view."""
        if self._selection is None:
            self._selection = Selection(self.table_game(), suggests=self._hints)
        return self._selection

    def deciding_seat(self) -> int | None:
        """The seat the host waits for, None once the game is over."""
        return self._deciding if self._deciding >= 0 else None

    def face_up_seat(self) -> int | None:
        """This client's seat: its hand is the one at this screen; None once the seat is
        played from another connection (``REPLACED``: the hand here would be stale and the
        seat no longer this screen's)."""
        return None if self.failed and self.failure == REPLACED else self._you

    def accepts_input(self) -> bool:
        """This seat decides now, the game runs, and no decision is on its way to the host."""
        return (
            self._you is not None
            and self._started
            and self._deciding == self._you
            and self.connection == CONNECTED
            and self._sent_at != len(self._journal)
        )

    def table_game(self) -> Game:
        """The game as this seat sees it (the host's ``Game.view``). Raises LookupError before
        the first update (``ready``)."""
        if self._game is None:
            raise LookupError("no table from the host yet")
        return self._game

    def waiting_on(self) -> int | None:
        """A dropped seat this screen may hand to the AI now: none here (only the hosting
        window can, ``app.netplay.HostedSource``)."""
        return None

    def stand_in_now(self, seat: int) -> bool:
        """Only the hosting window lets the AI play a dropped seat."""
        return False

    @property
    def frees_seats(self) -> bool:
        """Only the hosting window hands a dropped seat over."""
        return False

    @property
    def hosting(self) -> bool:
        """Whether this is the hosting window (``app.netplay.HostedSource``): not here."""
        return False

    def let_ai_play(self, seat: int) -> bool:
        """Only the hosting window gives a free seat to the AI."""
        return False

    def finished_game(self) -> Game | None:
        """Once the game is over, the whole game replayed from the record the host sent (the
        scoring screen offers replay and review for it); before the record arrives, the game
        as this seat saw it (final scores, board, temples, but no decisions). None while it
        runs."""
        if self._game is None or self._deciding >= 0:
            return None
        if self._full is not None:
            return self._full
        waiting = self.connection == CONNECTED and self._polls_over < RECORD_WAIT_POLLS
        return None if waiting else self._game

    def score_totals(self) -> tuple[int, ...]:
        """Each seat's end score if the game ended now (all public)."""
        return tuple(score.total for score in self.table_game().score_now())

    def waiting_for_ai(self) -> int | None:
        """The AI seat (or stand-in) the host is thinking for, else None."""
        seat = self.deciding_seat()
        if seat is None or not self._kinds:
            return None
        if self._kinds[seat] != REMOTE or seat in self._absent:
            return seat
        return None

    def thinking(self) -> tuple[int, float] | None:
        """The AI seat the host thinks for now and the part of its thinking time passed
        (``messages.time_passed`` on ``clock``), while the table is still at the decision the
        host named; else None (no timed AI seat thinks, or the host has not said so)."""
        heard = self.host_thinking
        if heard is None or heard.seat != self._deciding or heard.at != self._decisions:
            return None
        return heard.seat, time_passed(heard.started, heard.budget, self.clock())

    def undo_check(self) -> int | Refused:
        """What an undo would do as far as this client can tell (strict policy; the host has
        the last word, and this is its rule): 0 to drop the provisional move or, while filling,
        take back the display tile given last (``Selection.undoable``, here, nothing sent), else
        how many decisions would go back: the last person's decision, if it is this seat's and
        its turn goes on, with the computer's decisions after it; never once the game is over
        (the host refuses it then), nor at a spectator's table (``UNDO_WATCHING``), nor while
        the link to the host is down or ended (``UNDO_OFFLINE``: a trial's window said "Undo
        stops at Ana's move" after the host had ended the game)."""
        if self._selection is not None and self._selection.undoable() and self.accepts_input():
            return 0
        if self.watching:
            return Refused(Refusal.UNDO_WATCHING)
        if self.connection != CONNECTED:
            return Refused(Refusal.UNDO_OFFLINE)
        if self._you is None or (self._game is not None and self._game.is_over()):
            return Refused(Refusal.UNDO_NOTHING)
        people = {number for number, seat in enumerate(self._state_seats) if seat.kind == HUMAN}
        undone_by = self._undone_by.get(len(self._journal))
        return undo_reach(self._journal, people, self._you, UndoPolicy.STRICT, undone_by)

    def stepping(self) -> Stepping | None:
        """A game being played does not step."""
        return None

    def step(self, delta: int) -> list[ev.Event] | None:
        """A game being played does not step."""
        return []

    def jump(self, position: int) -> None:
        """A game being played does not step."""

    def take_requests(self) -> list[AIRequest]:
        """The AI thinks on the host."""
        return []

    def awaits_move(self, request_id: int) -> bool:
        """No local AI."""
        return False

    def hint_pending(self) -> bool:
        """Whether a hint was asked of the host for this decision and has not arrived."""
        return self._hint_asked_at == len(self._journal) and self.hint is None

    def save(self) -> str:
        """A remote game is saved by its host."""
        raise LookupError("the host saves this game")

    def set_undo(self, choice: str | None) -> None:
        """The host's strict policy applies."""

    def close(self) -> None:
        """Leave the table (the seat's token stays with ``client.token``) once the finished
        game's record is filed."""
        self.client.close()
        self.flush()

    def flush(self) -> None:
        """Wait until the finished game's record, if one is being filed, is written."""
        if self._filing is not None:
            self._filing.join()

    def result_shown(self) -> None:
        """A game across machines is not this window's autosave: nothing to note."""

    def leave(self) -> None:
        """Leave the table on purpose: a seated player gives the seat up for good (the host
        frees it at once and tells the table; ``NetClient.leave``), a spectator just goes."""
        if self.client.seat is None:
            self.client.close()
        elif not self.client.leave():
            log.info("the host was not told that this seat leaves: it sees a dropped connection")

    # ----------------------------------------------------------------- changes

    def handle(self, command: Command) -> list[SourceEvent]:
        """Board input on the local selection; a confirmed decision goes to the host (its
        events come back through ``poll``). Hint requests go to the host, and so does an undo
        unless it stays within the selection (``undo_check`` 0: done here)."""
        match command:
            case Undo():
                return self._undo()
            case RequestHint():
                if not (self.accepts_input() and self._hints) or self.hint_pending():
                    return []
                if self.hint is not None:
                    self.selection.lay_hint(self.hint, self.advice)
                    self.version += 1
                    return [HintReady(self.hint, self.advice)]
                self.selection.ask_hint()
                self.client.ask_hint()
                self._hint_asked_at = len(self._journal)
                return []
            case ShowHand() | AIAnswered():
                return []
            case _ if not self.accepts_input():
                return []
            case _:
                return self._select(command)

    def _select(self, command: BoardInput) -> list[SourceEvent]:
        decided: list[Action] | None
        match steer(self.selection, command):
            case Ask.CONFIRM:
                decided = self.selection.confirmed()
            case None:
                decided = None
            case action:
                decided = [action]
        if decided is None:
            return []
        if not decided:
            return [Refused(Refusal.CONFIRM_NOTHING)]
        self._sent_at = len(self._journal)
        self.client.decide(decided)
        return []

    def _undo(self) -> list[SourceEvent]:
        check = self.undo_check()
        if isinstance(check, Refused):
            return [check]
        if check == 0:
            self.selection.undo()
            self.hint = self.advice = None
            self.version += 1
            return [Undone(0)]
        self.client.undo()
        return []

    def poll(self) -> list[SourceEvent]:
        """What the host sent since the last call: the decisions' events (and an ``Undone`` for
        an undo), refusals, hints; the connection's state goes to ``connection``."""
        out: list[SourceEvent] = []
        for event in self.client.poll():
            out += self._receive(event)
        now = self.clock()
        if self.connection != CONNECTED:
            self._standin_due = {}
        self._standin_left = {seat: max(0.0, due - now) for seat, due in self._standin_due.items()}
        if self._game is not None and self._deciding < 0:
            self._polls_over += 1
        return out

    def _receive(self, event: ClientEvent) -> list[SourceEvent]:
        match event:
            case Changed(table=table, undone=undone, history=history):
                if event.decisions or undone or history:
                    self.host_thinking = None
                undid = taken_from(self._journal, undone, self._you)
                note_undo(self._undone_by, self._journal, undone)
                moved = bool(event.decisions or undone or history)
                self._adopt(table.state, table.game, table.journal, moved)
                self.connection = CONNECTED
                events: list[SourceEvent] = [Undone(undone, undid)] if undone else []
                if history:
                    self.rejoins += 1
                else:
                    events += event.events
                return events
            case Joined():
                self.connection, self.reached = CONNECTED, True
                return []
            case Reconnecting(busy=busy, paused=paused):
                if busy:
                    self.connection = BUSY
                elif paused or self.connection == HOST_PAUSED:
                    self.connection = HOST_PAUSED  # the next attempts, refused, change nothing
                else:
                    self.connection = RECONNECTING if self.reached else CONNECTING
                self._sent_at = -1
                self.version += 1
                return []
            case Failed(code=code, text=text):
                self.connection, self.failed, self.failure = text, True, code
                self.version += 1
                return []
            case RefusedByHost(reason=reason):
                self._sent_at = -1
                self.version += 1
                return [Refused(refusal_of(reason))]
            case RecordArrived(record=record):
                self._take_record(record)
                return []
            case AIThinking(seat=seat, at=at, budget=budget, elapsed=elapsed):
                self.host_thinking = HostThinking(seat, at, self.clock() - elapsed, budget)
                return []
            case HintArrived(at=at, action=action, advice=advice):
                if at != len(self._journal):
                    return []
                self._hint_asked_at = -1  # answered, even if too late to show (below)
                if not self.accepts_input():
                    return []  # the decision is on its way; if the host refuses it, H asks again
                mine = advice if advice is not None and advice.action == action else None
                self.hint, self.advice = action, mine
                self.selection.show_hint(action, mine)
                self.version += 1
                return [HintReady(action, mine)]
            case unknown:
                assert_never(unknown)

    def _adopt(self, state: TableState, game: Game, journal: tuple[Entry, ...], moved: bool = True) -> None:
        """Take the host's ``state`` (its ``game`` and ``journal``). An update that only says
        who is here (``moved`` false: no decision, undo or whole table) keeps the game, the
        seat's selection, its hint and a decision on its way (a trial's tile and rotation went
        back to the first tile when a spectator joined); after one decision (not an undo) the new
        selection goes on from the old (``Selection.continue_from``: a hinted placement's
        planned fills)."""
        if not moved and self._game is not None:
            self._take_seats(state)
            self.version += 1
            return
        next_one = len(journal) == len(self._journal) + 1
        self._game, self._journal = game, journal
        self._take_seats(state)
        previous, self._selection = self._selection, Selection(game, suggests=self._hints)
        if previous is not None and next_one:
            self._selection.continue_from(previous, journal[-1].action)
        self._sent_at = self._hint_asked_at = -1
        self.hint = self.advice = None
        self.version += 1

    def _take_seats(self, state: TableState) -> None:
        """Who sits where, who is here and who decides, as ``state`` says."""
        self._table = state
        self._you, self._deciding, self._decisions = state.you, state.deciding, state.decisions
        self._started, self._hints, self._spectators = state.started, state.hints, state.spectators
        self._kinds = [seat.kind for seat in state.seats]
        self._absent = frozenset(
            n for n, seat in enumerate(state.seats) if seat.kind == REMOTE and not seat.connected
        )
        now = self.clock()
        self._standin_due = {
            n: now + seat.standin_in for n, seat in enumerate(state.seats) if seat.standin_in is not None
        }
        self._state_seats = tuple(
            SeatInfo(seat.name, seat.color, played_kind(seat.kind), seat.think_time) for seat in state.seats
        )
        self._config = GameConfig(
            [
                SeatConfig(seat.name, seat.color, info.kind)
                for seat, info in zip(state.seats, self._state_seats, strict=True)
            ],
            state.variant,
            None,
            "strict",
        )

    def _take_record(self, typed: RecordFile) -> None:
        """Keep the finished game's record if it replays to the scores shown, and file it,
        once (a reconnect after the end sends it again)."""
        if self.record is not None:
            return
        record = typed_json.plain(typed)
        assert isinstance(record, dict)
        try:
            game = replay_record(record)
        except RecordError as error:
            log.warning("the host's record of the game does not replay: %s", error)
            return
        if self._game is not None and game.score_now() != self._game.score_now():
            log.warning("the host's record of the game does not end on the scores shown")
            return
        self.record, self._full = record, game
        self.version += 1
        if self.records is None:
            return
        stem = f"{time.strftime('%Y-%m-%d-%H%M%S')}-{self.client.code or 'game'}"
        self._filing = threading.Thread(
            target=self._file, args=(record, self.records, stem), name="cacao-record", daemon=False
        )
        self._filing.start()

    def _file(self, record: dict[str, JSON], folder: Path, stem: str) -> None:
        """On the filing thread (the write and its fsync take longer than a frame): the
        record under the first free name of ``stem`` in ``folder``; not a daemon, so a window
        closed at once still finishes the file."""
        for number in range(1, 10):
            path = folder / (f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
            try:
                write_record(record, path, overwrite=False)
            except FileExistsError:
                continue
            except OSError as error:
                log.warning("cannot file the game's record in %s: %s", folder, error)
            else:
                self.record_path = path
            return
