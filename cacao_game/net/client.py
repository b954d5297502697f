"""The client: joins a table on a host and keeps the table's state, off the UI thread.

Two layers:

- ``Link`` (asyncio): one connection to a host that survives drops. It sends the join (or
  the table's creation) and, after every drop or a host too busy to take it, rejoins with
  the seat's token after a backoff (``BACKOFF_FIRST`` doubling up to ``BACKOFF_MAX``, with
  seeded jitter). Each thing that happens is handed to ``on_event`` as a ``ClientEvent``.
  Bots and benchmarks use it inside their own event loop.
- ``NetClient`` (threads): runs a ``Link`` on a background thread with its own event loop.
  The UI calls ``decide`` / ``undo`` / ``ask_hint`` (never blocking) and drains ``poll()``
  once a frame; ``table`` is the latest ``RemoteTable``. The window never waits on the
  network.

A ``RemoteTable`` is everything a client knows: the last ``TableState`` from the host and
the engine ``Game`` rebuilt from it (``views.view_game``: equal to the host's view of the
seat), so the UI can list legal moves, preview and score locally; only decisions travel.

Typical use::

    client = NetClient("127.0.0.1", 8765, Join(VERSION, "K7QW2P", name="Ana"))
    client.start()
    ...each frame:
    for event in client.poll():
        match event: case Changed(table=table): ...
    if client.table and client.table.my_turn: client.decide([action])
    client.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, assert_never

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK, InvalidHandshake, InvalidURI
from websockets.frames import CloseCode

from cacao_game.ai.explain import Advice
from cacao_game.engine import Action, Game
from cacao_game.engine import events as ev
from cacao_game.net import protocol as p
from cacao_game.net.advice import advice_of
from cacao_game.net.views import decision_from_message, view_game
from cacao_game.records import RecordFile
from cacao_game.saves.schema import action_from_json, decision
from cacao_game.session.journal import Entry
from cacao_game.typed_json import ShapeError

log = logging.getLogger(__name__)

CommandKind = Literal["decide", "undo", "hint"]
"""What a seated client asks of the host (``Link.command``)."""

BACKOFF_FIRST: Final = 0.25
BACKOFF_MAX: Final = 5.0
OPEN_TIMEOUT: Final = 5.0
FIRST_ATTEMPTS: Final = 4
"""Connections a join, watch or new table tries before it fails as ``UNREACHABLE`` while no
host has ever answered it (a trial's Watch of a host that had stopped said Reconnecting...
for good; a busy host has answered, and is tried again for good); one the address refuses
(nothing listens on that port: a trial's wrong port said Reconnecting... for seconds) fails
at once. A client the host has seated (it holds the seat's token from a ``welcome``) keeps
trying: its host may be on its way back (Resume hosting). A join with a token kept from an
earlier run (Rejoin game) gives up as a join does: its ticket is kept for a later try."""
UNREACHABLE: Final = "unreachable"
"""``Failed.code`` when no host answered at the address and port (the client library's own)."""
ENDED: Final = "ended"
"""``Failed.code`` when the host answers that it has no table with the code (``error``
``table``) to a client that was at that table: seated or watching it in this run, or coming
back with a seat token kept from an earlier one (the client library's own): the host ended
the game (and maybe hosts a new one), or closed the table. A join that never sat at the
table gets ``table`` as the host says it (a mistyped code)."""


@dataclass(frozen=True)
class RemoteTable:
    """The table as this client knows it: the host's ``state``, the ``game`` view built from
    it (hidden parts in canonical order; history not kept) and the ``journal`` of every
    decision so far as this seat saw it (``session.journal.Entry``: the log, score history)."""

    state: p.TableState
    game: Game
    journal: tuple[Entry, ...] = ()

    @classmethod
    def of(
        cls, state: p.TableState, journal: tuple[Entry, ...] = (), since: RemoteTable | None = None
    ) -> RemoteTable:
        """The table for ``state`` (ValueError if the state is not a consistent table);
        ``since``, an earlier table of the same game, saves converting what has not changed
        (``views.view_game``). ``game`` is shared: clone it before changing it."""
        if len(state.seats) != state.players:
            raise ValueError(f"{len(state.seats)} seats at a table of {state.players} players")
        return cls(state, view_game(state, (since.state, since.game) if since is not None else None), journal)

    @property
    def you(self) -> int | None:
        """This client's seat, None when watching."""
        return self.state.you

    @property
    def decisions(self) -> int:
        """Decisions made so far."""
        return self.state.decisions

    @property
    def names(self) -> list[str]:
        """Each seat's name."""
        return [seat.name for seat in self.state.seats]

    @property
    def my_turn(self) -> bool:
        """Whether the game waits for this client's decision."""
        return self.state.started and self.you is not None and self.state.deciding == self.you


@dataclass(frozen=True)
class Joined:
    """The host seated this client (``seat`` None: watching). ``token`` takes the seat back."""

    table: str
    seat: int | None
    token: str | None


@dataclass(frozen=True)
class Changed:
    """The table changed: ``undone`` decisions were taken back, then ``decisions`` were made
    (their ``events`` flattened, nothing hidden from this seat), and ``table`` is the table
    now. ``history``: a (re)join; ``decisions`` is then the whole game so far, to show as it is
    rather than animate."""

    table: RemoteTable
    decisions: tuple[Entry, ...]
    undone: int = 0
    history: bool = False

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """The engine events of ``decisions``, in order."""
        return tuple(event for entry in self.decisions for event in entry.events)


@dataclass(frozen=True)
class Refused:
    """The host refused a command (``reason`` a code of ``host.REFUSALS``); nothing changed."""

    reason: str
    text: str


@dataclass(frozen=True)
class HintArrived:
    """The hint asked for decision ``at``, with its reasons (None: the host sent none)."""

    at: int
    action: Action
    advice: Advice | None = None


@dataclass(frozen=True)
class AIThinking:
    """The host's AI started thinking for ``seat`` about decision ``at`` (the table's
    ``decisions`` now), for up to ``budget`` seconds of which ``elapsed`` had passed when the
    host said so (0 unless this client joined while it thought). It ends with the next
    ``Changed`` that makes or takes back a decision, or a rejoin."""

    seat: int
    at: int
    budget: float
    elapsed: float


@dataclass(frozen=True)
class Reconnecting:
    """The connection is down (``reason``); attempt ``attempt`` follows in ``delay`` seconds.
    ``busy``: the host turned the connection away as it has too many (``reason`` says so in
    its words); the client tries again all the same. ``paused``: the host closed it as going
    away (``CloseCode.GOING_AWAY``): it stopped hosting (its player went to the menu or
    closed the window), its tables saved to be resumed; a host that died or a lost network
    closes without it."""

    attempt: int
    delay: float
    reason: str
    busy: bool = False
    paused: bool = False


@dataclass(frozen=True)
class Failed:
    """The host will not have this client (another version, unknown table, bad token, full
    table...) or the client was closed: no more attempts. ``text`` is in words."""

    code: str
    text: str


@dataclass(frozen=True)
class RecordArrived:
    """The game is over and the host sent its record (``docs/game-record.md``): replay and
    review it at home. Never sent while the game runs."""

    record: RecordFile


ClientEvent = Joined | Changed | Refused | HintArrived | AIThinking | Reconnecting | Failed | RecordArrived
"""Everything a client reports to its user."""


def host_uri(host: str, port: int) -> str:
    """The WebSocket address of ``host``:``port`` (IPv6 literals bracketed)."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"ws://{shown}:{port}/"


class Link:
    """A connection to a table that rejoins after drops (see the module docstring).

    ``request`` is the first message (``Join`` or ``Create``); ``on_event`` receives every
    ``ClientEvent`` on the event loop's thread; ``rng`` jitters the backoff, which starts at
    ``backoff[0]`` seconds and doubles up to ``backoff[1]``.
    """

    def __init__(
        self,
        host: str,
        port: int,
        request: p.Join | p.Create,
        on_event: Callable[[ClientEvent], None],
        *,
        rng: random.Random | None = None,
        backoff: tuple[float, float] = (BACKOFF_FIRST, BACKOFF_MAX),
        tap: Callable[[bytes], None] | None = None,
    ) -> None:
        self.uri = host_uri(host, port)
        self.tap = tap
        """Sees every message received, as bytes, before it is read (tests, tools)."""
        self.request = request
        self.on_event = on_event
        self.rng = rng or random.Random(0)
        self.backoff = backoff
        self.table: RemoteTable | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.code: str | None = request.table if isinstance(request, p.Join) else None
        self._ws: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None
        """``run``'s task while it runs (``close`` cancels it between connections)."""
        self._closing = False
        self.told_leave = False
        """Whether ``leave`` sent the host its ``Leave`` (read once the loop has stopped)."""
        self._failed = False
        self._answered = False
        """A host has sent this client a message at least once (a welcome, a refusal, that it
        is busy...)."""
        self._busy: str | None = None
        """The host's words when it turned the last connection away as busy."""

    async def run(self) -> None:
        """Connect, and reconnect after drops, until ``close`` or a fatal answer. A ``close``
        while no connection is open (connecting, or waiting to try again) cancels this at
        once: a review's Leave pressed while the lobby said Connecting… left the connection to
        finish afterwards, join, and hold the seat as a player nobody was at."""
        self._task = asyncio.current_task()
        try:
            await self._links()
        except asyncio.CancelledError:
            if not self._closing:
                raise
        finally:
            self._task = None

    async def _links(self) -> None:
        attempt = 0
        while not self._closing and not self._failed:
            reason = "closed"
            refused = paused = False
            try:
                async with connect(
                    self.uri,
                    max_size=p.HOST_LIMIT,
                    compression=None,
                    open_timeout=OPEN_TIMEOUT,
                    close_timeout=1.0,
                ) as ws:
                    self._ws = ws
                    with contextlib.suppress(ConnectionClosed):  # read why first (a busy host)
                        await ws.send(p.encode(self._hello()), text=True)
                    while True:
                        data = await ws.recv(decode=False)  # bytes as sent: msgspec reads UTF-8
                        if self.tap is not None:
                            self.tap(data)
                        if self._receive(data):
                            attempt = 0
            except ConnectionClosedOK as closed:
                paused = closed.rcvd is not None and closed.rcvd.code == CloseCode.GOING_AWAY
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as error:
                reason = str(error) or type(error).__name__
                refused = isinstance(error, ConnectionRefusedError)
            except InvalidURI as error:
                self._fail("address", str(error))
            finally:
                self._ws = None
            if self._closing or self._failed:
                break
            attempt += 1
            if not self._answered and self.token is None and (refused or attempt >= FIRST_ATTEMPTS):
                self._fail(UNREACHABLE, f"No host answers at {self.uri} ({reason}).")
                break
            first, most = self.backoff
            delay = min(most, first * 2 ** min(attempt - 1, 8)) * (0.75 + 0.5 * self.rng.random())
            busy, self._busy = self._busy, None
            if attempt == 1 or busy is not None:
                why = "the host stopped hosting for now" if paused else busy or reason
                log.info("the link to the host is down (%s): trying again", why)
            self.on_event(Reconnecting(attempt, delay, busy or reason, busy is not None, paused))
            await asyncio.sleep(delay)

    def _hello(self) -> p.Join | p.Create:
        if self.code is not None and self.token is not None:
            return p.Join(p.VERSION, self.code, token=self.token)
        return self.request

    def _receive(self, data: bytes) -> bool:
        """Handle one message; True once the table is known again after a (re)join."""
        self._answered = True
        try:
            message = p.decode_host(data)
        except ShapeError as error:
            log.warning("unreadable message from the host: %s", error)
            return False
        match message:
            case p.Welcome(table=code, seat=seat, token=token):
                self.code, self.seat = code, seat
                self.token = token or self.token
                where = "watching" if seat is None else f"as seat {seat}"
                log.info("joined table %s at %s %s", code, self.uri, where)
                self.on_event(Joined(code, seat, self.token))
            case p.Update(decisions=decisions, state=state, undone=undone, history=history):
                try:
                    made = tuple(decision_from_message(decision) for decision in decisions)
                    journal = self.table.journal if self.table is not None and not history else ()
                    journal = journal[: max(0, len(journal) - undone)] + made
                    table = RemoteTable.of(state, journal, self.table)
                except (ValueError, ShapeError) as error:
                    log.warning("inconsistent update from the host: %s", error)
                    return False
                self.table = table
                self.on_event(Changed(table, made, undone, history))
                return True
            case p.Refusal(reason=reason, text=text):
                self.on_event(Refused(reason, text))
            case p.Problem(code=code, text=text, fatal=fatal):
                if code == p.BUSY:
                    self._busy = text  # the host closes the connection: try again later
                elif fatal:
                    self._fail(ENDED if code == "table" and self._was_at_table() else code, text)
                else:
                    self.on_event(Refused(code, text))
            case p.Hint(at=at, action=action, advice=advice):
                seat = self.seat if self.seat is not None else 0
                reasons = None if advice is None else advice_of(advice, seat, action)
                self.on_event(HintArrived(at, action_from_json(action), reasons))
            case p.Thinking():
                self._thinking(message)
            case p.GameRecord(record=record):
                self.on_event(RecordArrived(record))
            case _:
                assert_never(message)
        return False

    def _thinking(self, message: p.Thinking) -> None:
        """Pass on the host's word that an AI seat thinks, if it fits the table as known: the
        seat deciding now, at the decision it is at (else it is logged and dropped)."""
        table = self.table
        if table is None or message.seat != table.state.deciding or message.at != table.decisions:
            log.warning(
                "the host says seat %d thinks about decision %d, which is not the table's: ignored",
                message.seat,
                message.at,
            )
            return
        self.on_event(AIThinking(message.seat, message.at, message.budget, message.elapsed))

    def _was_at_table(self) -> bool:
        """Whether this client was at the table it asks for: the host sent it the table in
        this run, or it comes back with a seat's token (Rejoin game, the hosting player's own
        seat)."""
        return self.table is not None or (isinstance(self.request, p.Join) and self.request.token is not None)

    def _fail(self, code: str, text: str) -> None:
        log.info("the host will not have this client (%s): %s", code, text)
        self._failed = True
        self.on_event(Failed(code, text))

    async def send(self, message: p.ClientMessage) -> bool:
        """Send ``message`` now; False (and a ``Refused("offline")``) when not connected."""
        ws = self._ws
        if ws is None:
            self.on_event(Refused("offline", "Not connected to the host: reconnecting."))
            return False
        try:
            await ws.send(p.encode(message), text=True)
        except ConnectionClosed:
            self.on_event(Refused("offline", "Not connected to the host: reconnecting."))
            return False
        return True

    def command(self, kind: CommandKind, actions: Sequence[Action] = ()) -> p.ClientMessage | None:
        """The ``Decide`` (``kind`` ``decide``), ``TakeBack`` (``undo``) or ``AskHint``
        (``hint``) for this seat at the current decision, or None when not seated."""
        if self.seat is None or self.token is None or self.table is None:
            return None
        at = self.table.decisions
        if kind == "decide":
            return p.Decide(self.seat, self.token, at, [decision(a) for a in actions])
        if kind == "undo":
            return p.TakeBack(self.seat, self.token, at)
        return p.AskHint(self.seat, self.token, at)

    async def leave(self) -> bool:
        """Give the seat up for good (``Leave``: the host frees it at once and tells the table),
        then ``close``. True if the host was told; False when not seated or not connected (the
        host then sees a dropped connection, whose seat waits for its player)."""
        ws = self._ws
        if ws is not None and self.seat is not None and self.token is not None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(p.encode(p.Leave(self.seat, self.token)), text=True)
                self.told_leave = True
        await self.close()
        return self.told_leave

    async def close(self) -> None:
        """Stop: close the connection, no more attempts (``run`` ends: see there)."""
        self._closing = True
        if self._ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._ws.close()
        elif self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()


class NetClient:
    """A ``Link`` on a background thread; thread-safe, never blocks its caller.

    ``poll()`` returns the ``ClientEvent``s since the last call; ``table`` is the latest
    table; ``decide``/``undo``/``ask_hint`` queue a command for the current decision
    (refusals come back through ``poll``). ``close()`` stops the thread.
    """

    def __init__(self, host: str, port: int, request: p.Join | p.Create, *, seed: int = 0) -> None:
        self.host = host
        """The host's address, as given."""
        self.port = port
        """The host's port."""
        self._events: queue.SimpleQueue[ClientEvent] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._table: RemoteTable | None = None
        self._link = Link(host, port, request, self._deliver, rng=random.Random(seed))
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name="cacao-net-client", daemon=True)

    def start(self) -> None:
        """Start connecting (returns at once)."""
        self._thread.start()
        self._ready.wait(5.0)

    def _main(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._ready.set()
        try:
            loop.run_until_complete(self._link.run())
        except Exception as error:  # the UI must hear of it, not the console
            self._deliver(Failed("client", f"The connection stopped: {error}"))
        finally:
            loop.close()

    def _deliver(self, event: ClientEvent) -> None:
        if isinstance(event, Changed):
            with self._lock:
                self._table = event.table
        self._events.put(event)

    @property
    def table(self) -> RemoteTable | None:
        """The latest table (None before the first update)."""
        with self._lock:
            return self._table

    @property
    def seat(self) -> int | None:
        """This client's seat (None: watching or not yet joined)."""
        return self._link.seat

    @property
    def token(self) -> str | None:
        """The seat's token (keep it to come back after closing the game)."""
        return self._link.token

    @property
    def code(self) -> str | None:
        """The table's code once known."""
        return self._link.code

    def poll(self) -> list[ClientEvent]:
        """Everything that happened since the last call, oldest first (never blocks)."""
        out: list[ClientEvent] = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._events.get_nowait())
        return out

    def wait(self, timeout: float) -> ClientEvent | None:
        """The next event, waiting up to ``timeout`` seconds (tools and tests, not the UI)."""
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def _post(self, kind: CommandKind, actions: Sequence[Action] = ()) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            self._deliver(Refused("offline", "Not connected to the host."))
            return

        def send() -> None:
            message = self._link.command(kind, actions)
            if message is None:
                self._deliver(Refused("not_seated", "You are not seated at a table."))
                return
            loop.create_task(self._link.send(message))

        loop.call_soon_threadsafe(send)

    def decide(self, actions: Sequence[Action]) -> None:
        """Send this seat's decision(s) for the current decision (several for a fill)."""
        self._post("decide", tuple(actions))

    def undo(self) -> None:
        """Ask to take back this seat's last decision."""
        self._post("undo")

    def ask_hint(self) -> None:
        """Ask the host's AI for a suggestion (if the table allows hints)."""
        self._post("hint")

    def leave(self) -> bool:
        """Give the seat up for good and stop (``Link.leave``; waits up to 2 seconds): True if
        the host was told. The link's end stops the loop, possibly before ``Link.leave``'s own
        close returns, so the answer is the link's ``told_leave``, not the coroutine's."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self._link.leave(), loop)
        self._thread.join(2.0)
        return self._link.told_leave

    def close(self) -> None:
        """Disconnect and stop the thread (waits up to 2 seconds)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self._link.close(), loop)
        self._thread.join(2.0)
