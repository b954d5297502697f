"""The host: a WebSocket server (``websockets``, asyncio) holding one play session per table.

The host is authoritative. A client joins a table (``Join``, or ``Create`` on a host that
lets clients open tables), receives ``Welcome`` with its seat's secret token, then an
``Update`` after every change, built for its seat alone (``cacao_game.net.views``). It sends
decisions (``Decide``), undo (``TakeBack``) and hint requests (``AskHint``) carrying its seat
and token; anything for another seat, out of turn, stale, illegal or with a wrong token is
refused with a ``Refusal`` and changes nothing.

AI seats, stand-ins for dropped players and hints think in worker processes
(``cacao_game.net.thinking``), off the event loop, each decision seeded from the deal's
seed, the seat and the decision's number. Every decision is written to the table's journal
before it is sent to anyone; the table's full save is written when its seats change
(``cacao_game.net.store``, one file per table under ``folder/tables``), so a host restarted
with ``restore()`` loses no confirmed decision; the save keeps token digests, so players
take their seats back with their tokens.

A client address may hold ``open_per_address`` tables that wait for players (not started, or
left by every remote player); a table
that has not started is closed once nobody has been at it for ``abandon_after`` seconds, so
a flood of ``Create`` cannot fill the host's table slots, and so is a finished game (a player
who dropped before the end rejoins for its record meanwhile); a game whose players all
dropped once nobody has been at it for ``deserted_after`` seconds.

Bad input never stops the host: each connection has a rate limit, a size limit and a
schema; an unreadable message gets a ``Problem``, a flood or an oversized frame closes
that connection only, and errors are logged as one line each (no traceback). Lines about
what clients did are on budgets (``clientlog.ClientLog``: one for connections, spectators
and what they sent, one for players' seats), so no client can fill the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Final, assert_never

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode

from cacao_game import saves, typed_json
from cacao_game.ai.explain import Advice
from cacao_game.ai.registry import player_seed
from cacao_game.config.names import name_problem
from cacao_game.engine import Action, Game, in_turn
from cacao_game.engine.errors import IllegalActionError
from cacao_game.net import protocol as p
from cacao_game.net.advice import advice_message
from cacao_game.net.bucket import TokenBucket
from cacao_game.net.clientlog import ClientLog, quoted
from cacao_game.net.connection import (
    BURST,
    NORMAL_CLOSE,
    OUTBOX_BYTES,
    RATE,
    REFUSALS,
    Admission,
    Connection,
    fd_budget,
    refusal,
)
from cacao_game.net.store import TableSaver, load_table
from cacao_game.net.tables import Table, code_problem, new_code, options_problem
from cacao_game.net.thinking import Thinker, TimedMove, choose, hint
from cacao_game.net.views import decision_message, public_state, seat_state
from cacao_game.percentiles import percentile
from cacao_game.records import record_file, seat_entries, write_record
from cacao_game.saves.schema import action_from_json, decision
from cacao_game.session import AIAnswered, PlaySession, Refused, Undo, Undone
from cacao_game.session.autosave import one_line
from cacao_game.session.journal import played_by
from cacao_game.session.notices import split
from cacao_game.session.session import HINT_SEAT_OFFSET, hint_level
from cacao_game.typed_json import ShapeError

log = logging.getLogger(__name__)

HintKey = tuple[str, int, int, int]
"""A hint's position: table code, seat, decision and the session's ``version`` (which grows
with every change, undo too: the decision count alone comes back after an undo)."""

AI_ATTEMPTS: Final = 2
"""Times the host asks its AI workers for one decision: a worker that died (killed, out of
memory) is replaced and asked again, its thinking announced anew; after the last failure the
table goes on with the first legal decision."""

MAX_TABLES: Final = 200
MAX_CONNECTIONS: Final = 2000
"""Connections a host keeps at once, counting those still in their handshake (fewer if the
open-file limit leaves room for fewer: ``connection.fd_budget``). One more closes the oldest
that has not joined a table (a flood of idle connections cannot lock players out); when
every one has joined, the newcomer is told the host is busy."""
JOIN_WAIT: Final = 30.0
"""Seconds a connection may stay without joining a table."""
MAX_SPECTATORS: Final = 50
"""Spectators one table takes."""
SPECTATORS_PER_ADDRESS: Final = 10
"""Spectators of one table that may watch from one address: one address cannot take every
place (a trial filled all 50 from one script)."""
ABANDON_AFTER: Final = 120.0
"""Seconds a table that never started stays with nobody at it."""
DESERTED_AFTER: Final = 3600.0
"""Seconds a started game whose remote players have all dropped (their tokens still good)
stays with nobody at it before it closes: long enough to come back after a crash or a lost
network, not for good (such tables held their opener's table slots forever)."""
OPEN_PER_ADDRESS: Final = 4
"""Tables waiting for players (not started, or left by every remote player) that clients
from one address may have opened at once."""
CODE_GUESSES: Final = 20
GUESS_WINDOW: Final = 60.0
"""An address that sent ``CODE_GUESSES`` unknown table codes is refused every join until
``GUESS_WINDOW`` seconds after the first (one process tried 860 codes a second)."""
JOINS_PER_SECOND: Final = 2.0
JOIN_BURST: Final = 30
"""Joins and creates one address may send a second on average, and at once (a player coming
back with their seat's token is not counted): each join sends
the whole table, so a trial's loop of spectators joining and leaving (140 a second) sent
124 MB in 20 s from the hosting player's own process; a household behind one address joins a
handful."""
RETURNS_PER_SECOND: Final = 1.0
RETURN_BURST: Final = 10
"""Comebacks with a seat's token one seat may make a second on average, and at once: each
sends the whole table, and a network trial's loop of 400 a second pulled 144 MB in 15 s and
kept the host busy (a dropped player comes back a few times)."""
BROWSERLESS: Final[tuple[None]] = (None,)
"""The ``Origin`` headers the host accepts: none. The game's client sends no ``Origin``; a web
browser always does, so a page open in a browser on the player's machine or network cannot
open a WebSocket to the host (it gets HTTP 403) and play or watch in their name."""
CLOSE_WAIT: Final = 2.0
"""Seconds a stopping host waits for connections to close (a client that never reads, a
handshake that never ends) before cutting them."""
SWEEP_EVERY: Final = 5.0
"""Seconds between two looks for tables to close (``Host.sweep``)."""
LAG_EVERY: Final = 0.01
"""Seconds between two looks at the event loop's lag (how late a timer fires)."""
PRESENCE_EVERY: Final = 0.25
"""Seconds between two updates that only say who is here (joins and leaves in between are
told together), so that a player rejoining in a loop cannot flood the table."""


class Host:
    """Serves tables over WebSocket. ``folder`` keeps the tables' autosaves and the records
    of finished games (None: nothing is written). ``seed`` makes deals reproducible (tests,
    benchmarks); without it every deal's seed comes from ``random.SystemRandom``.
    ``allow_create``: clients may open tables (``Create``). ``ai_processes``: AI worker
    processes (0: threads, for tests). ``max_connections`` and ``join_wait`` (seconds a
    connection may stay without a table), ``abandon_after`` (seconds an unstarted table
    stays with nobody at it), ``deserted_after`` (seconds a started game whose players all
    dropped stays with nobody at it) and ``open_per_address`` (tables waiting for players opened
    from one address) bound what idle or numerous clients can hold; ``outbox_bytes`` what one client
    that does not read may leave waiting.
    ``back_by_name``: a join under the name of a disconnected player's seat takes that seat
    back without its token (off by default: anyone with the table code could then play a
    dropped player's hand; a player comes back with their token, Rejoin game).
    ``clock`` is injectable."""

    def __init__(
        self,
        folder: Path | None = None,
        *,
        seed: int | None = None,
        allow_create: bool = True,
        max_tables: int = MAX_TABLES,
        max_connections: int = MAX_CONNECTIONS,
        join_wait: float = JOIN_WAIT,
        abandon_after: float = ABANDON_AFTER,
        deserted_after: float = DESERTED_AFTER,
        open_per_address: int = OPEN_PER_ADDRESS,
        max_spectators: int = MAX_SPECTATORS,
        return_burst: int = RETURN_BURST,
        outbox_bytes: int = OUTBOX_BYTES,
        ai_processes: int = 1,
        back_by_name: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.folder = folder
        self.back_by_name = back_by_name
        self.tables: dict[str, Table] = {}
        self.allow_create = allow_create
        self.max_tables = max_tables
        self.max_connections = max_connections
        self.join_wait = join_wait
        self.abandon_after = abandon_after
        self.deserted_after = deserted_after
        self.open_per_address = open_per_address
        self.return_burst = return_burst
        """Comebacks with a seat's token one seat may make at once (``RETURN_BURST``)."""
        self._opened_by: dict[str, str] = {}
        self._openers: dict[str, int | None] = {}
        """The seat of the player who opened each table with a ``Create``: their leaving it
        before it starts ends it (``_leave``), as the hosting player's Leave does."""
        self._misses: dict[str, tuple[int, float]] = {}
        """Unknown table codes sent from each address: how many, since when (``_guessing``)."""
        self._joins: dict[str, TokenBucket] = {}
        """Each address's budget of joins and creates (``JOINS_PER_SECOND``)."""
        self._returns: dict[tuple[str, int], TokenBucket] = {}
        """Each seat's budget of comebacks with its token (``RETURNS_PER_SECOND``)."""
        self._idle: dict[str, float] = {}
        """Tables not started with nobody at them, and since when (the host's clock)."""
        self.max_spectators = max_spectators
        self.outbox_bytes = outbox_bytes
        self._connections: set[Connection] = set()
        self._accepted: dict[ServerConnection, None] = {}
        """Every open socket, handshake or not, oldest first."""
        self._seeds: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        self._clock = clock
        self._client_log = ClientLog(log, clock)
        """Lines about connections, spectators and what they sent: what a stranger can make."""
        self._seat_log = ClientLog(log, clock)
        """Lines about players' seats (taken, back, left, undone), on a budget of their own, so
        that a flood of bad messages cannot hide who took or left a seat."""
        self._ai = Thinker(ai_processes)
        self._writers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="cacao-net-save")
        self._members: dict[str, set[Connection]] = {}
        self._thinking: set[tuple[str, int, int, int, int | None]] = set()
        self._hint_askers: dict[HintKey, set[Connection]] = {}
        """Who asked for each hint (``HintKey``) being thought about."""
        self._hints: dict[str, tuple[HintKey, bytes]] = {}
        """Each table's last hint given, encoded, under its ``HintKey``."""
        self._timed: dict[str, TimedMove] = {}
        """Each table's timed AI move being thought about (told to members who join meanwhile)."""
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._presence_at: dict[str, float] = {}
        self._presence_due: set[str] = set()
        self._records: dict[str, bytes | None] = {}
        """The encoded record of each finished table (None while it is being built)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._chores: list[asyncio.Task[None]] = []
        """The lag watcher and the sweep of tables to close, until the host stops."""
        self._server: Server | None = None
        self.port = 0
        self.handling: deque[tuple[float, float]] = deque(maxlen=100_000)
        """Seconds each ``decide`` took the host, from reading it to queueing its updates, as
        wall time and as the event loop thread's CPU time (the latest 100 000; logged as
        percentiles when the host stops: wall time well over CPU time is time the host's
        thread waited for a core or for another thread)."""
        self.sending: deque[float] = deque(maxlen=100_000)
        """Seconds each message waited between being queued for a client and being written to
        its socket (the latest 100 000; logged at stop)."""
        self.lag: deque[float] = deque(maxlen=100_000)
        """Seconds the event loop ran late, looked at every ``LAG_EVERY`` (logged at stop)."""

    # ----------------------------------------------------------------- life cycle

    async def start(self, bind: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``bind``:``port`` (0: a free port); returns the port."""
        quiet = logging.getLogger("cacao_game.net.wire")
        quiet.setLevel(logging.CRITICAL)
        budget = fd_budget()
        if budget is not None and budget < self.max_connections:
            log.info("the open-file limit leaves room for %d connections", budget)
            self.max_connections = budget
        host = self

        class Accepting(ServerConnection):
            """A socket the host counts from the moment it is accepted."""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                host._accept(self)

            def connection_lost(self, exc: Exception | None) -> None:
                host._accepted.pop(self, None)
                super().connection_lost(exc)

        self._server = await serve(
            self._handle,
            bind,
            port,
            max_size=p.FRAME_LIMIT,
            compression=None,
            logger=quiet,
            max_queue=64,
            create_connection=Accepting,
            origins=BROWSERLESS,
        )
        sockets = list(self._server.sockets)
        self.port = int(sockets[0].getsockname()[1]) if sockets else port
        log.info("serving on %s:%d", bind, self.port)
        self._chores = [asyncio.create_task(self._watch_lag()), asyncio.create_task(self._sweep_often())]
        for table in self.tables.values():
            self._schedule_ai(table)
            for number, seat in enumerate(table.seats):
                if seat.remote and seat.token is not None and not seat.connected and table.options.standin:
                    self._later(
                        (table.code, number),
                        table.options.standin_after,
                        partial(self._stand_in, table, number, seat.away_since),
                    )
        return self.port

    async def stop(self) -> None:
        """Close every connection (those that do not finish closing within ``CLOSE_WAIT``
        seconds are cut), save every table and stop the thread pools."""
        for chore in self._chores:
            chore.cancel()
        if self._server is not None:
            self._server.close()
            closed = asyncio.ensure_future(self._server.wait_closed())
            try:
                await asyncio.wait_for(asyncio.shield(closed), CLOSE_WAIT)
            except TimeoutError:
                for ws in list(self._accepted):
                    ws.transport.abort()
                await closed
            self._server = None
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5.0)
        for task in list(self._tasks):
            task.cancel()
        for table in self.tables.values():
            if not table.is_over():
                table.session.autosave()
        await asyncio.get_running_loop().run_in_executor(None, self._flush_all)
        self._ai.close()
        self._writers.shutdown(wait=True)
        if self.handling:
            wall = _percentiles([spent for spent, _ in self.handling])
            cpu = _percentiles([used for _, used in self.handling])
            log.info(
                "handled %d decisions: p50 %s ms, p99 %s ms (wall; CPU: p50 %s ms, p99 %s ms)",
                len(self.handling),
                *wall[:2],
                *cpu[:2],
            )
        if self.sending:
            log.info(
                "%d messages queued to written: p50 %s ms, p99 %s ms, max %s ms",
                len(self.sending),
                *_percentiles(self.sending),
            )
        if self.lag:
            log.info(
                "event loop lag (every %g s): p50 %s ms, p99 %s ms, max %s ms",
                LAG_EVERY,
                *_percentiles(self.lag),
            )
        if self.folder is None:
            log.info("stopped; no folder, so nothing was saved")
        else:
            log.info("stopped; %d tables saved", sum(not t.is_over() for t in self.tables.values()))

    async def _watch_lag(self) -> None:
        """Note how late the event loop wakes from a ``LAG_EVERY`` sleep, until the host stops."""
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + LAG_EVERY
            await asyncio.sleep(LAG_EVERY)
            self.lag.append(max(0.0, loop.time() - due))

    def _flush_all(self) -> None:
        for table in self.tables.values():
            table.session.close()

    def restore(self) -> int:
        """Put back every table whose autosave is in ``folder/tables``; returns how many.
        A file that cannot be read is logged and left alone."""
        if self.folder is None:
            return 0
        count = 0
        for path in sorted((self.folder / "tables").glob("*.json")):
            try:
                loaded, game = load_table(path)
                saver = TableSaver(self._writers, path)
                session = PlaySession(loaded.config, game, autosaver=saver, view=loaded.view)
                table = Table.restore(session, loaded.view.get("net"))
                saver.noted = len(game.actions)
            except (saves.SaveError, ValueError, OSError) as error:
                log.warning("cannot restore %s: %s", path.name, one_line(error))
                continue
            now = self._clock()
            for seat in table.seats:
                if seat.remote:
                    seat.connected, seat.away_since = False, now
            self.tables[table.code] = table
            if self._idle_wait(table) is not None:
                self._idle[table.code] = now
            count += 1
            log.info("table %s restored at decision %d", table.code, len(table.session.game.actions))
        return count

    def open_table(self, options: p.TableOptions) -> Table:
        """A new table (ValueError with the reason if ``options`` cannot make one)."""
        problem = options_problem(options)
        if problem is not None:
            raise ValueError(problem)
        if len(self.tables) >= self.max_tables:
            raise ValueError("this host has no room for another table")
        code = new_code(self.tables)
        saver = None
        if self.folder is not None:
            saver = TableSaver(self._writers, self.folder / "tables" / f"{code}.json")
        table = Table.create(code, options, self._seeds.randrange(1 << 31), saver)
        self.tables[code] = table
        self._save_now(table)
        log.info("table %s opened: %s", code, ", ".join(seat.kind for seat in options.seats))
        self._idle[code] = self._clock()
        self._schedule_ai(table)
        return table

    def claim_seat(self, code: str, number: int, name: str) -> str:
        """The host's own player takes free remote seat ``number`` of table ``code`` under
        ``name`` (a clean name); returns the seat's token. KeyError for an unknown table,
        ValueError for a seat that is not a free remote seat."""
        table = self.tables[code]
        if not 0 <= number < len(table.seats) or not table.seats[number].remote:
            raise ValueError(f"seat {number + 1} is not a remote seat")
        if table.seats[number].token is not None:
            raise ValueError(f"seat {number + 1} is taken")
        token = table.claim(number, name)
        table.seats[number].connected = False
        table.seats[number].hosting = True
        self._save_now(table)
        log.info("table %s: the host's player %s took seat %d", code, name, number)
        self._presence(table)
        self._schedule_ai(table)
        return token

    def reissue(self, code: str, number: int) -> str:
        """A fresh token for claimed remote seat ``number`` of table ``code`` (the hosting
        player's seat after the app's host restarted: its token was never written down); the
        old token stops working and a connection holding the seat is closed. KeyError for an
        unknown table, ValueError for a seat that is not a claimed remote seat."""
        table = self.tables[code]
        if not 0 <= number < len(table.seats) or not table.seats[number].remote:
            raise ValueError(f"seat {number + 1} is not a remote seat")
        if table.seats[number].token is None:
            raise ValueError(f"seat {number + 1} has no player")
        self._replace(table, number, None)
        token = table.reissue(number)
        table.seats[number].hosting = True
        self._save_now(table)
        log.info("table %s: seat %d has a new token", code, number)
        return token

    def fill_with_ai(self, code: str, number: int, level: str) -> None:
        """The host turns free remote seat ``number`` of table ``code`` into AI ``level`` (the
        game starts once no remote seat is free). KeyError for an unknown table, ValueError
        for a seat that is not free or an unknown level."""
        table = self.tables[code]
        table.make_ai(number, level)
        self._save_now(table)
        log.info("table %s: seat %d is now played by the AI (%s)", code, number, level)
        self._presence(table)
        self._schedule_ai(table)

    # ----------------------------------------------------------------- connections

    def _accept(self, ws: ServerConnection) -> None:
        """Count a new socket; past ``max_connections``, cut the oldest one not at a table
        (still in its handshake, or not joined), else leave the newcomer to be told it is busy."""
        self._accepted[ws] = None
        if len(self._accepted) <= self.max_connections:
            return
        seated = {client.ws for client in self._connections if client.table is not None}
        oldest = next((other for other in self._accepted if other not in seated and other is not ws), None)
        if oldest is not None:
            self._client_log.warning("too many connections: closing the oldest that is at no table")
            self._accepted.pop(oldest)
            oldest.transport.abort()

    async def _handle(self, ws: ServerConnection) -> None:
        address = ws.remote_address
        peer = f"{address[0]}:{address[1]}" if isinstance(address, tuple) else "?"
        client = Connection(
            ws,
            peer,
            TokenBucket.full_at(RATE, BURST, self._clock()),
            limit_bytes=self.outbox_bytes,
            waited=self.sending,
        )
        client.address = str(address[0]) if isinstance(address, tuple) else "?"
        writer = asyncio.create_task(self._write(client))
        self._connections.add(client)
        if len(self._connections) > self.max_connections:
            self._client_log.warning("%s: too many connections, refused", peer)
            client.send(p.Problem(p.BUSY, "This host has too many players connected: try again later.", True))
            client.push(None)
        join_timer = asyncio.get_running_loop().call_later(self.join_wait, self._join_timeout, client)
        try:
            async for frame in ws:
                if client.closing:
                    continue  # read on, so that the closing handshake is heard
                admission = client.admit(self._clock())
                match admission:
                    case Admission.READ:
                        pass
                    case Admission.WARN:
                        client.send(p.Problem("flood", f"Too many messages: at most {RATE:g} a second."))
                        continue
                    case Admission.DROP:
                        continue
                    case Admission.CLOSE:
                        self._client_log.warning("%s: flooding, closing", peer)
                        client.push(None)
                        continue
                    case _:
                        assert_never(admission)
                if isinstance(frame, bytes):
                    self._client_log.info("%s: a binary frame, refused", peer)
                    client.send(p.Problem("binary", "Binary frames are not accepted: send JSON text."))
                    continue
                await self._receive(client, frame.encode("utf-8", "surrogatepass"))
        except ConnectionClosed as closed:
            if closed.sent is not None and closed.sent.code != CloseCode.NORMAL_CLOSURE:
                self._client_log.info("%s: closed by the host: %s", peer, str(closed.sent))
        except Exception as error:  # one connection's failure must not reach the others
            self._client_log.warning("%s: %s", peer, quoted(one_line(error)))
        finally:
            join_timer.cancel()
            self._connections.discard(client)
            self._left(client)
            client.push(None)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(writer, 1.0)
            writer.cancel()

    def _guessing(self, address: str) -> bool:
        """Whether ``address`` sent ``CODE_GUESSES`` unknown table codes within ``GUESS_WINDOW``
        seconds (a client guessing codes to reach other players' tables)."""
        count, since = self._misses.get(address, (0, 0.0))
        if count and self._clock() - since >= GUESS_WINDOW:
            del self._misses[address]
            return False
        return count >= CODE_GUESSES

    def _may_join(self, address: str) -> bool:
        """Take one join from ``address``'s budget (``JOINS_PER_SECOND``); False when spent.
        A player coming back with their seat's token is not counted (``_join``)."""
        now = self._clock()
        bucket = self._joins.setdefault(address, TokenBucket.full_at(JOINS_PER_SECOND, JOIN_BURST, now))
        return bucket.take(now)

    def _may_return(self, code: str, seat: int) -> bool:
        """Take one comeback of ``seat`` at table ``code`` from its budget
        (``RETURNS_PER_SECOND``); False when spent."""
        now = self._clock()
        bucket = self._returns.setdefault(
            (code, seat), TokenBucket.full_at(RETURNS_PER_SECOND, self.return_burst, now)
        )
        return bucket.take(now)

    def _refuse_joins(self, client: Connection) -> None:
        self._fail(client, "joins", "Too many joins from this address: wait a few seconds.")

    def _join_timeout(self, client: Connection) -> None:
        if client.table is None and not client.closing:
            self._client_log.info("%s: no join in %g s, closing", client.peer, self.join_wait)
            client.send(p.Problem("idle", f"Join or open a table within {self.join_wait:g} seconds.", True))
            client.push(None)

    async def _write(self, client: Connection) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                data, queued_at = await client.take()
                if data is None:
                    normal = client.close_code == NORMAL_CLOSE
                    await client.ws.close(
                        client.close_code, "left the table" if normal else "closed by the host"
                    )
                    return
                await client.ws.send(data, text=True)
                client.note_written(queued_at)

    async def _receive(self, client: Connection, data: bytes) -> None:
        try:
            message = p.decode_client(data)
        except p.VersionMismatch as error:
            self._client_log.info("%s: another protocol version", client.peer)
            client.send(p.Problem("version", str(error), fatal=True))
            client.push(None)
            return
        except ShapeError as error:
            reason = quoted(str(error))
            self._client_log.info("%s: unreadable message: %s", client.peer, reason)
            client.send(p.Problem("message", f"Not a message of this game: {reason}"))
            return
        match message:
            case p.Create() if not self._may_join(client.address):
                self._refuse_joins(client)
            case p.Create():
                self._create(client, message)
            case p.Join():
                self._join(client, message)
            case p.Decide():
                started, used = time.perf_counter(), time.thread_time()
                await self._decide(client, message)
                self.handling.append((time.perf_counter() - started, time.thread_time() - used))
            case p.TakeBack():
                await self._take_back(client, message)
            case p.AskHint():
                self._ask_hint(client, message)
            case p.Leave():
                self._leave(client, message)
            case _:
                assert_never(message)

    def _fail(self, client: Connection, code: str, text: str) -> None:
        self._client_log.info("%s: join refused: %s", client.peer, text)
        client.send(p.Problem(code, text, fatal=True))
        client.push(None)

    def _create(self, client: Connection, message: p.Create) -> None:
        if not self.allow_create:
            self._fail(client, "create", "This host does not let players open tables.")
            return
        if client.table is not None:
            client.send(p.Problem("joined", "You are already at a table."))
            return
        problem = name_problem(message.name)
        if problem is not None:
            self._fail(client, "name", f"Your name {problem}.")
            return
        waiting = sum(
            self._opened_by.get(code) == client.address and _waiting(table)
            for code, table in self.tables.items()
        )
        if waiting >= self.open_per_address:
            self._fail(
                client,
                "tables",
                f"You already have {waiting} tables waiting for players on this host: start one "
                f"or let it close (a table nobody is at closes after {self.abandon_after:g} seconds; "
                f"a game whose players all dropped, after {self.deserted_after / 60:g} minutes).",
            )
            return
        seats, chosen = message.options.seats, message.seat
        if chosen is not None and not (0 <= chosen < len(seats) and seats[chosen].kind == p.REMOTE):
            self._fail(client, "options", f"Cannot open the table: seat {chosen} is not a remote seat.")
            return
        try:
            table = self.open_table(message.options)
        except ValueError as error:
            self._fail(client, "options", f"Cannot open the table: {error}.")
            return
        self._opened_by[table.code] = client.address
        self._openers[table.code] = table.free_seat() if chosen is None else chosen
        if not self._sit(client, table, message.name, chosen):
            self._close(table)  # nobody will have sat at it: it goes at once, files and all

    def _join(self, client: Connection, message: p.Join) -> None:
        if client.table is not None:
            client.send(p.Problem("joined", "You are already at a table."))
            return
        code = message.table.strip().upper()
        problem = code_problem(code)
        table = self.tables.get(code) if problem is None else None
        returning = (
            table is not None and message.token is not None and table.seat_of(message.token) is not None
        )
        if not returning and not self._may_join(client.address):
            self._refuse_joins(client)
            return
        if self._guessing(client.address) and not returning:
            self._fail(client, "guesses", f"Too many wrong table codes: wait {GUESS_WINDOW:g} seconds.")
            return
        if table is None:
            count, since = self._misses.get(client.address, (0, self._clock()))
            self._misses[client.address] = (count + 1, since)
            self._fail(
                client,
                "table",
                f"No table has that code: {problem}."
                if problem
                else f"No table with the code {code} on this host.",
            )
            return
        if message.spectate:
            if self._spectators(table) >= self.max_spectators:
                self._fail(client, "watchers", "This table has as many spectators as it takes.")
                return
            if self._spectators(table, client.address) >= SPECTATORS_PER_ADDRESS:
                words = "This table has as many spectators from your network as it takes."
                self._fail(client, "watchers_address", words)
                return
            self._seat_client(client, table, None)
            self._client_log.info("table %s: a spectator joined from %s", table.code, client.peer)
            self._presence(table)
            return
        if message.token is not None:
            seat = table.seat_of(message.token)
            if seat is None:
                self._fail(client, "token", "That seat token is not valid at this table.")
                return
            if not self._may_return(table.code, seat):  # the client tries again after its backoff
                self._fail(client, p.BUSY, "This seat came back too often: try again in a few seconds.")
                return
            self._return(client, table, seat, message.token)
            return
        problem = name_problem(message.name)
        if problem is not None:
            self._fail(client, "name", f"Your name {problem}.")
            return
        away = table.away_seat(message.name) if self.back_by_name else None
        if away is not None:
            self._reclaim(client, table, away)
            return
        self._sit(client, table, message.name)

    def _sit(self, client: Connection, table: Table, name: str, seat: int | None = None) -> bool:
        """Seat ``client`` as ``name`` at ``seat`` (the table's opener's choice) or the first
        free seat of ``table``; False (and the client told why) if none is free (``full``,
        whatever the name: another name would not help) or someone at the table is already
        called so (``name``)."""
        seat = table.free_seat() if seat is None else seat
        if seat is None:
            away = ", ".join(table.away_names()) if self.back_by_name else ""
            back = f" Disconnected now: {away} (join under your name to take your seat back)." if away else ""
            self._fail(client, "full", f"Every seat at this table is taken; you may watch.{back}")
            return False
        same = table.name_in_use(name, seat)
        if same is not None:
            called = table.session.config.seats[same].name
            way_back = self._coming_back() if table.seats[same].remote else "pick another name."
            self._fail(client, "name", f"Someone at this table is already called {called}: {way_back}")
            return False
        token = table.claim(seat, name)
        self._save_now(table)
        self._seat_log.info("table %s: %s took seat %d from %s", table.code, name, seat, client.peer)
        self._seat_client(client, table, seat, token)
        self._presence(table)
        self._schedule_ai(table)  # the last seat taken starts the game: an AI may move first
        return True

    def _coming_back(self) -> str:
        """How a player whose connection dropped takes their seat back on this host (the end
        of a refusal of their name)."""
        if self.back_by_name:
            return (
                "pick another name (a player whose connection dropped takes the seat back under "
                "the same name once the host has noticed the drop: try again in a minute)."
            )
        return (
            "pick another name (a player whose connection dropped takes the seat back with "
            "Rejoin game, on the computer they played on)."
        )

    def _reclaim(self, client: Connection, table: Table, seat: int) -> None:
        """A player whose connection dropped, and who has lost the seat's token (another
        machine, data cleared), takes ``seat`` back by joining under its name
        (``Table.away_seat``): the seat gets a fresh token and the old one stops working (a
        program still holding it is refused, ``error`` ``token``); from the stand-in too."""
        token = table.reissue(seat)
        self._save_now(table)
        self._seat_log.info(
            "table %s: seat %d taken back by name from %s (new token)", table.code, seat, client.peer
        )
        self._return(client, table, seat, token)

    def _save_now(self, table: Table) -> None:
        """Write the table's full save now (its seats changed: the tokens must be kept)."""
        table.session.autosave()
        if isinstance(table.session.autosaver, TableSaver):
            table.session.autosaver.force()

    def _return(self, client: Connection, table: Table, seat: int, token: str) -> None:
        self._replace(table, seat, client)
        state = table.seats[seat]
        state.connected, state.standin, state.away_since = True, False, None
        self._seat_log.info(
            "table %s: seat %d connected with its token from %s", table.code, seat, client.peer
        )
        self._seat_client(client, table, seat, token)
        self._presence(table)

    def _replace(self, table: Table, seat: int, client: Connection | None) -> None:
        """Close the connections other than ``client`` that sit in ``seat``."""
        for other in list(self._members.get(table.code, ())):
            if other.seat == seat and other is not client:
                self._dismiss(
                    table,
                    other,
                    p.Problem(p.REPLACED, "Your seat was taken back from another connection.", True),
                )

    def _seat_client(
        self, client: Connection, table: Table, seat: int | None, token: str | None = None
    ) -> None:
        client.table, client.seat = table, seat
        self._members.setdefault(table.code, set()).add(client)
        self._idle.pop(table.code, None)
        client.send(p.Welcome(p.VERSION, table.code, seat, token))
        history = [decision_message(entry, seat) for entry in table.session.journal]
        client.send(p.Update(history, self._state(table, seat), history=True))
        client.synced = True
        timed = self._timed.get(table.code)
        if timed is not None and timed.at == len(table.session.game.actions):
            client.send(timed.message(self._clock()))
        if table.is_over():
            if table.code not in self._records:  # over when the host started: never built
                self._records[table.code] = p.encode(self._record(table))
            data = self._records[table.code]
            if data is not None:  # else it is being built, and goes to every member then
                client.push(data)

    def _left(self, client: Connection) -> None:
        table = client.table
        if table is None:
            return
        client.table = None
        members = self._members.get(table.code, set())
        members.discard(client)
        if client.seat is None:
            self._client_log.info("table %s: a spectator left", table.code)
            if not members:
                self._nobody_left(table)
            else:
                self._presence(table)
            return
        if any(other.seat == client.seat for other in members):
            return
        seat = table.seats[client.seat]
        seat.connected, seat.away_since = False, self._clock()
        self._seat_log.info("table %s: seat %d left (%s)", table.code, client.seat, client.peer)
        if table.is_over() and not members:
            self._nobody_left(table)
            return
        self._presence(table)
        options = table.options
        if options.standin is not None and not table.is_over():
            self._later(
                (table.code, client.seat),
                options.standin_after,
                partial(self._stand_in, table, client.seat, seat.away_since),
            )
        if not members:
            self._nobody_left(table)

    def _nobody_left(self, table: Table) -> None:
        """Nobody is at ``table`` any more (its last player or spectator left, or its record
        was filed after they had): a finished game, or a table that waits for players
        (``_stalled``, or not started), starts its wait to be closed (``_idle_wait``)."""
        if self._idle_wait(table) is not None:
            self._idle[table.code] = self._clock()

    def _leave(self, client: Connection, message: p.Leave) -> None:
        """The player of ``message.seat`` leaves on purpose: every connection in the seat
        closes, the seat is freed for whoever joins next (``Table.release``), and the table
        is told at once; in a game that runs, the stand-in AI (if the table has one) plays it
        from now on, without the wait a dropped player gets. A finished game has nothing to
        free: the connection just closes."""
        table = self._seated(client, message)
        if table is None:
            return
        number = message.seat
        self._replace(table, number, client)
        client.table = None
        members = self._members.get(table.code, set())
        members.discard(client)
        client.close_code = NORMAL_CLOSE
        client.push(None)
        if table.is_over():
            self._seat_log.info("table %s: seat %d left the finished game", table.code, number)
            if not members:
                self._nobody_left(table)
            return
        if not table.started and self._openers.get(table.code) == number:
            self.end_table(table.code)  # its opener left before it started: nobody's table now
            return
        self._free(table, number, f"left on purpose ({client.peer})")
        if not members:
            self._nobody_left(table)

    def _free(self, table: Table, number: int, why: str) -> None:
        """Free claimed seat ``number`` of a game that runs for whoever joins next
        (``Table.release``: the stand-in AI, if the table has one, plays it meanwhile), ``why``
        as the log says it; saved, and the table told."""
        self._cancel_timer((table.code, number))
        table.release(number)
        self._save_now(table)
        after = "an AI plays it" if table.seats[number].standin else "the seat waits for a new player"
        self._seat_log.info("table %s: seat %d %s; %s", table.code, number, why, after)
        self._presence(table)
        self._schedule_ai(table)

    def _cancel_timer(self, key: tuple[str, int]) -> None:
        """Forget what was waiting under ``key`` (a table's seat), if anything."""
        waiting = self._timers.pop(key, None)
        if waiting is not None:
            waiting.cancel()

    def _later(self, key: tuple[str, int], delay: float, then: Callable[[], None]) -> None:
        """Run ``then`` in ``delay`` seconds instead of what was waiting under ``key`` (a
        table's seat): a player who leaves and comes back again and again holds one timer,
        not one per leave."""
        self._cancel_timer(key)
        self._timers[key] = asyncio.get_running_loop().call_later(delay, then)

    def _idle_wait(self, table: Table) -> float | None:
        """Seconds ``table`` stays once nobody is at it: ``abandon_after`` if it has not
        started or cannot go on without new players (``_closes_when_empty``),
        ``deserted_after`` if its game runs with every remote player dropped (``_deserted``),
        else None (it stays)."""
        if _closes_when_empty(table):
            return self.abandon_after
        if _deserted(table):
            return self.deserted_after
        return None

    def sweep(self) -> int:
        """Close every table that has not started, or that every player left on purpose with
        no AI to play their seats (``_stalled``), and that nobody has been at for
        ``abandon_after`` seconds (forget a finished one then, its files kept until its record
        is filed), or whose players all dropped and that nobody has been at
        for ``deserted_after`` seconds (``_idle_wait``, by the host's clock; the host does this
        every ``SWEEP_EVERY`` seconds or sooner), and forget old wrong table codes and the
        join budgets of addresses that have not joined for a while; returns how many tables
        were closed."""
        now, closed = self._clock(), 0
        for address in [
            address for address, (_, since) in self._misses.items() if now - since >= GUESS_WINDOW
        ]:
            del self._misses[address]
        for address in [address for address, bucket in self._joins.items() if bucket.full(now)]:
            del self._joins[address]
        for seat in [seat for seat, bucket in self._returns.items() if bucket.full(now)]:
            del self._returns[seat]
        for code, since in list(self._idle.items()):
            table = self.tables.get(code)
            wait = None if table is None else self._idle_wait(table)
            if table is None or wait is None or self._members.get(code):
                self._idle.pop(code, None)
            elif now - since >= wait:
                self._abandon(table, wait)
                closed += 1
        return closed

    async def _sweep_often(self) -> None:
        every = min(SWEEP_EVERY, self.abandon_after / 2)
        while True:
            await asyncio.sleep(every)
            self.sweep()

    def _abandon(self, table: Table, waited: float) -> None:
        """Close ``table``: it never started (or every player left it, or dropped) and nobody
        has come back to it in ``waited`` seconds; a finished one is forgotten, its files left
        to ``_finish`` (removed once its record is filed: a record that could not be written
        keeps the game's only copy)."""
        if not table.started:
            state = "it had not started"
        elif table.is_over():
            log.info("table %s: finished game forgotten, nobody was at it for %g s", table.code, waited)
            self._forget(table)  # its files go once its record is filed (``_finish``), never here
            return
        else:
            state = "every player left it" if _stalled(table) else "every player dropped"
        log.info("table %s: closed, nobody was at it for %g s (%s)", table.code, waited, state)
        self._close(table)

    def end_table(self, code: str) -> None:
        """End table ``code`` on its host's word (the hosting player, or the player who opened
        it on a server, left its lobby before the game started): everyone at it is told the
        table is gone (``Problem`` ``table``, fatal: a player's client says the host ended the
        game and forgets its seat ticket) and it is closed, its files removed. A tester's
        joiner otherwise waited on Reconnecting… forever. KeyError if there is no such table."""
        table = self.tables[code]
        for member in list(self._members.get(code, ())):
            self._dismiss(table, member, p.Problem("table", "The host ended this table.", True))
        log.info("table %s: ended by its host", code)
        self._close(table)

    def _dismiss(self, table: Table, member: Connection, problem: p.Problem) -> None:
        """Tell ``member`` of ``table`` the fatal ``problem``, close its connection once that
        is written, and take it from the table."""
        member.send(problem)
        member.push(None)
        self._members[table.code].discard(member)
        member.table = None

    def _close(self, table: Table) -> None:
        """Forget ``table`` and remove its files."""
        self._forget(table)
        saver = table.session.autosaver
        if isinstance(saver, TableSaver):
            self._spawn(asyncio.get_running_loop().run_in_executor(None, saver.remove))

    def _forget(self, table: Table) -> None:
        self.tables.pop(table.code, None)
        self._opened_by.pop(table.code, None)
        self._openers.pop(table.code, None)
        self._idle.pop(table.code, None)
        self._members.pop(table.code, None)
        self._presence_at.pop(table.code, None)
        self._records.pop(table.code, None)
        self._timed.pop(table.code, None)
        self._hints.pop(table.code, None)
        for asked in [asked for asked in self._hint_askers if asked[0] == table.code]:
            del self._hint_askers[asked]
        for key in [key for key in self._timers if key[0] == table.code]:
            self._timers.pop(key).cancel()

    def _stand_in(self, table: Table, number: int, since: float | None) -> None:
        seat = table.seats[number]
        if seat.connected or seat.away_since != since or self.tables.get(table.code) is not table:
            return
        if table.is_over():
            return  # a finished table stays a while for late rejoins: nothing to play
        seat.standin = True
        log.info("table %s: an AI (%s) stands in for seat %d", table.code, table.options.standin, number)
        self._presence(table)
        self._schedule_ai(table)

    # ----------------------------------------------------------------- commands

    def _seated(
        self, client: Connection, message: p.Decide | p.TakeBack | p.AskHint | p.Leave
    ) -> Table | None:
        """The table of ``client`` if ``message`` is for its seat with its token; else the
        client is told why and None is returned."""
        table = client.table
        if table is None:
            reason = "not_seated"
        elif client.seat != message.seat or not table.seats[message.seat].owns(message.token):
            reason = "seat"
        else:
            return table
        self._client_log.info("%s: %s refused (%s)", client.peer, type(message).__name__, reason)
        client.send(refusal(reason))
        return None

    async def _decide(self, client: Connection, message: p.Decide) -> None:
        table = self._seated(client, message)
        if table is None:
            return
        game = table.session.game
        reason = self._decision_problem(table, message)
        if reason is not None:
            client.send(refusal(reason) if reason in REFUSALS else p.Refusal("illegal", reason))
            if reason == "stale":
                self._resend(client, table)
            return
        table.seats[message.seat].standin = False
        for action in in_turn(game, [action_from_json(a) for a in message.actions]):
            table.session.play(action)
        await self._changed(table)

    def _decision_problem(self, table: Table, message: p.Decide) -> str | None:
        """Why ``message`` cannot be played now (a ``REFUSALS`` key or the engine's words), or None.
        The decisions are tried on a copy first: all of them are played, or none."""
        game = table.session.game
        if not table.started:
            return "not_started"
        if game.is_over():
            return "over"
        if message.at != len(game.actions):
            return "stale"
        if game.current_player() != message.seat:
            return "turn"
        if not 1 <= len(message.actions) <= p.MAX_ACTIONS:
            return "count"
        trial = game.clone()
        for number, action in enumerate(in_turn(trial, [action_from_json(a) for a in message.actions])):
            if number and trial.current_player() != message.seat:
                return "turn"
            try:
                trial.apply(action)
            except IllegalActionError as error:
                return f"That move is not allowed: {one_line(error)}"
        return None

    async def _take_back(self, client: Connection, message: p.TakeBack) -> None:
        table = self._seated(client, message)
        if table is None:
            return
        session = table.session
        if session.game.is_over():
            client.send(refusal("over"))
            return
        if message.at != len(session.game.actions):
            client.send(refusal("stale"))
            self._resend(client, table)
            return
        session.viewer, session.curtain = message.seat, None
        session.selection.provisional = None
        outcome = session.handle(Undo())
        notices = split(outcome)[1]
        undone = next((n.decisions for n in notices if isinstance(n, Undone)), None)
        refused = next((n for n in notices if isinstance(n, Refused)), None)
        if undone is None or refused is not None:
            client.send(refusal(refused.reason.value if refused is not None else "undo.nothing"))
            return
        self._seat_log.info("table %s: seat %d took back %d decision(s)", table.code, message.seat, undone)
        await self._changed(table, undone)

    def _ask_hint(self, client: Connection, message: p.AskHint) -> None:
        table = self._seated(client, message)
        if table is None:
            return
        game = table.session.game
        if not table.options.hints:
            client.send(refusal("hints_off"))
        elif message.at != len(game.actions):
            client.send(refusal("stale"))
            self._resend(client, table)
        elif game.is_over() or game.current_player() != message.seat:
            client.send(refusal("turn"))
        else:
            key = (table.code, message.seat, message.at, table.session.version)
            given = self._hints.get(table.code)
            if given is not None and given[0] == key:
                client.push(given[1])
                return
            self._hint_askers.setdefault(key, set()).add(client)
            self._think(  # thinks once a decision (``_think``): every asker is answered then
                table,
                hint_level(),
                HINT_SEAT_OFFSET + message.seat,
                0,
                lambda action: self._hinted(key, table, action, None),
                advised=lambda advice: self._hinted(key, table, advice.action, advice),
            )

    def _hinted(self, key: HintKey, table: Table, action: Action, advice: Advice | None) -> None:
        """The hint for ``key`` is ready: every connection that asked for it (once each,
        however often it asked meanwhile) and is still at the table in that position gets it,
        and it is kept for whoever asks again there (the coach thinks once). A position taken
        back meanwhile drops it, even when the game is back at as many decisions (a review
        saw the hint of a placement taken back given for the one played instead)."""
        asking = self._hint_askers.pop(key, set())
        at, version = key[2], key[3]
        if self.tables.get(table.code) is not table or table.session.version != version:
            return
        data = p.encode(p.Hint(at, decision(action), None if advice is None else advice_message(advice)))
        self._hints[table.code] = (key, data)
        for client in asking:
            if client.table is table:
                client.push(data)

    # ----------------------------------------------------------------- after a change

    def _state(self, table: Table, seat: int | None) -> p.TableState:
        return seat_state(self._public(table), table.session.game, seat)

    def _public(self, table: Table) -> p.TableState:
        return public_state(
            table.session.game,
            table=table.code,
            seats=self.seats_now(table),
            started=table.started,
            hints=table.options.hints,
            spectators=self._spectators(table),
            start_drawn=table.options.start_drawn,
        )

    def seats_now(self, table: Table) -> list[p.SeatInfo]:
        """``table``'s seats as clients see them now (``Table.seat_infos`` on this host's clock)."""
        return table.seat_infos(self._clock())

    def _spectators(self, table: Table, address: str | None = None) -> int:
        """Members of ``table`` watching it (no seat), only those from ``address`` if given."""
        return sum(
            member.seat is None and address in (None, member.address)
            for member in self._members.get(table.code, ())
        )

    def _resend(self, client: Connection, table: Table) -> None:
        """Send ``client`` the whole table again (after a stale command), unless it was sent
        the whole table since the game last changed: a client repeating stale commands does
        not have the host build and send every decision of the game each time."""
        if client.synced:
            return
        client.synced = True
        history = [decision_message(entry, client.seat) for entry in table.session.journal]
        client.send(p.Update(history, self._state(table, client.seat), history=True))

    def _messages(self, table: Table, undone: int = 0) -> list[tuple[Connection, bytes]]:
        """The update for each member of ``table``: the decisions since the last update (after
        ``undone`` taken back) and the state as it is now."""
        journal = table.session.journal
        new = journal[min(table.sent, len(journal)) :] if not undone else []
        table.sent = len(journal)
        built: dict[int | None, bytes] = {}
        shared: dict[int, p.EventMsg] = {}
        public = self._public(table)
        out = []
        for client in self._members.get(table.code, ()):
            data = built.get(client.seat)
            if data is None:
                decisions = [decision_message(entry, client.seat, shared) for entry in new]
                state = seat_state(public, table.session.game, client.seat)
                data = built[client.seat] = p.encode(p.Update(decisions, state, undone))
            out.append((client, data))
        return out

    def _presence(self, table: Table) -> None:
        """Tell the table who is here (no change to the game): now, or, within
        ``PRESENCE_EVERY`` of the last time, once that has passed. Not once the game is over:
        its record is the last message (who comes and goes then changes nothing)."""
        if table.code in self._presence_due or table.is_over():
            return
        loop = asyncio.get_running_loop()
        wait = self._presence_at.get(table.code, -PRESENCE_EVERY) + PRESENCE_EVERY - loop.time()
        if wait <= 0:
            self._send_presence(table)
        else:
            self._presence_due.add(table.code)
            loop.call_later(wait, self._send_presence, table)

    def _send_presence(self, table: Table) -> None:
        self._presence_due.discard(table.code)
        if table.is_over():
            return
        self._presence_at[table.code] = asyncio.get_running_loop().time()
        for client, data in self._messages(table):
            client.push(data)

    async def _changed(self, table: Table, undone: int = 0) -> None:
        """The game changed: note it in the table's journal, then send every member its update."""
        saver = table.session.autosaver
        if isinstance(saver, TableSaver):
            saver.note(table.session.game.actions)
        table.remember()
        if table.last_by_standin():
            self._save_now(table)  # which decisions were the stand-in's is kept in the save only
        for client, data in self._messages(table, undone):
            client.synced = False
            client.push(data)
        if table.is_over():
            self._records[table.code] = None
            self._spawn(self._finish(table))  # the record holds up no one's update
        else:
            self._schedule_ai(table)

    async def _finish(self, table: Table) -> None:
        """The game is over: build its record on a writer thread (replaying the game takes a
        few milliseconds that would hold up every table), send it to every member (after the
        last update, which is out already) and file it."""
        game, config = table.session.game, table.session.config
        winners = ", ".join(config.seats[seat].name for seat in game.winners())
        log.info("table %s: game over after %d decisions, won by %s", table.code, len(game.actions), winners)
        loop = asyncio.get_running_loop()
        record = await loop.run_in_executor(self._writers, self._record, table)
        data = self._records[table.code] = p.encode(record)
        for client in self._members.get(table.code, ()):
            client.push(data)
        saver = table.session.autosaver
        if self.folder is None or not isinstance(saver, TableSaver):
            return
        path = self.folder / "records" / f"{table.code}.json"
        try:
            await loop.run_in_executor(self._writers, _file_record, record, path)
        except OSError as error:
            log.warning("table %s: cannot file the finished game: %s", table.code, one_line(error))
        else:
            await loop.run_in_executor(None, saver.remove)
        if not self._members.get(table.code):
            self._nobody_left(table)  # kept a while for a late rejoin (``sweep``)

    # ----------------------------------------------------------------- a finished game's record (app side)

    def _record(self, table: Table) -> p.GameRecord:
        """The finished game's record, as filed and as sent to every member."""
        config = table.session.config
        entries = seat_entries(config.kinds, config.colors, config.names)
        return p.GameRecord(record_file(table.session.game, entries, played_by(table.session.journal)))

    def stand_in_now(self, code: str, number: int) -> None:
        """Let the table's stand-in AI play dropped seat ``number`` at once instead of after
        the wait (the hosting player chose not to wait). KeyError: no table; ValueError: the
        seat's player is here, an AI stands in already, the game is over or has no stand-in."""
        table = self.tables[code]
        if not 0 <= number < len(table.seats):
            raise ValueError(f"no seat {number}")
        seat = table.seats[number]
        if seat.connected or seat.standin or table.is_over() or table.options.standin is None:
            raise ValueError(f"seat {number} is not waiting for its player")
        self._cancel_timer((code, number))
        self._stand_in(table, number, seat.away_since)

    def free_seat(self, code: str, number: int) -> None:
        """Free dropped seat ``number`` for a new player, as if its player had left on purpose
        (the hosting player's choice at a table without a stand-in AI, where the game would
        otherwise wait for them for good: a trial's table stayed stuck, every join refused as
        full). Its token stops working; the player may join again with the code while the seat
        is free. KeyError: no table; ValueError: the seat's player is here, the seat has no
        player or is the hosting player's, or the game is over."""
        table = self.tables[code]
        if not 0 <= number < len(table.seats):
            raise ValueError(f"no seat {number}")
        seat = table.seats[number]
        if seat.connected or seat.hosting or table.is_over():
            raise ValueError(f"seat {number} is not waiting for its player")
        self._free(table, number, "freed by the host")

    # ----------------------------------------------------------------- the AI

    def _schedule_ai(self, table: Table) -> None:
        """Start the AI the table waits for, if any: a computer seat or a stand-in."""
        session = table.session
        if not table.started or table.is_over():
            return
        for request in session.take_requests():
            self._think(
                table,
                request.level,
                request.seat,
                request.seed,
                partial(self._answered, table, request.id),
                request.time_budget,
                request.id,
            )
        seat = session.game.current_player()
        if table.seats[seat].standin and table.options.standin is not None:
            version = session.version
            seed = player_seed(session.game.setup.seed or 0, seat) + 31
            self._think(
                table,
                table.options.standin,
                seat,
                seed,
                lambda action: self._stood_in(table, seat, version, action),
            )

    def _think(
        self,
        table: Table,
        level: str,
        seat: int,
        seed: int,
        then: Callable[[Action], None],
        time_budget: float | None = None,
        request: int | None = None,
        *,
        advised: Callable[[Advice], None] | None = None,
    ) -> None:
        """Run AI ``level`` for ``seat`` on a copy of the game in the thread pool, then ``then``
        on the event loop (once per table, player, position and session ``request``: the
        session's ``version``, so a request made again at the same decision after an undo
        runs anew, the old answer being stale).
        A seat's move with a ``time_budget`` is told to every member first (``Thinking``). With
        ``advised`` it runs the coach's hint for the deciding seat instead (``thinking.hint``:
        the app's hint and reasons for the same position; ``seed`` and ``time_budget``
        unused) and gives it to ``advised`` (``then`` gets the move alone if the coach failed)."""
        at = len(table.session.game.actions)
        key = (table.code, seat, at, table.session.version, request)
        if key in self._thinking:
            return
        self._thinking.add(key)
        game = table.session.game.clone()
        loop = asyncio.get_running_loop()
        think: Callable[[Game], Action | Advice] = (
            partial(hint, level) if advised is not None else partial(choose, level, seed, at, time_budget)
        )
        timed: TimedMove | None = None

        def announce() -> None:
            nonlocal timed
            if time_budget is not None and time_budget > 0 and 0 <= seat < len(table.seats):
                timed = self._timed[table.code] = TimedMove(seat, at, time_budget, self._clock())
                data = p.encode(timed.message(timed.started))
                for client in self._members.get(table.code, ()):
                    client.push(data)

        announce()

        async def run() -> None:
            result: Action | Advice | None = None
            try:
                for attempt in range(AI_ATTEMPTS):
                    try:
                        result = await loop.run_in_executor(self._ai.pool, think, game)
                        break
                    except Exception as error:  # a worker that died: fresh workers think again
                        log.warning("table %s: AI %s failed: %s", table.code, level, one_line(error))
                        self._ai.close()  # the next run starts fresh workers
                        if attempt + 1 < AI_ATTEMPTS:
                            announce()
            finally:
                self._thinking.discard(key)
                if timed is not None and self._timed.get(table.code) is timed:
                    del self._timed[table.code]
            if result is None:  # it failed every time: the table goes on with a legal move
                result = game.legal_actions()[0]
            if isinstance(result, Advice):
                if advised is not None:
                    advised(result)
            else:
                then(result)

        self._spawn(run())

    def _spawn(self, coroutine: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _answered(self, table: Table, request_id: int, action: Action) -> None:
        before = len(table.session.journal)
        table.session.handle(AIAnswered(request_id, action))
        if len(table.session.journal) != before:
            self._spawn(self._changed(table))

    def _stood_in(self, table: Table, seat: int, version: int, action: Action) -> None:
        """The stand-in's ``action`` for ``seat``, thought about at the session's ``version``:
        played if the seat still has its stand-in and the game is still in that position."""
        session = table.session
        moved = session.version != version or session.game.current_player() != seat
        if moved or not table.seats[seat].standin:
            return
        before = len(session.journal)
        session.play(action)
        for index in range(before, len(session.journal)):
            session.journal[index] = replace(session.journal[index], standin=True)
        self._spawn(self._changed(table))


def _file_record(record: p.GameRecord, path: Path) -> None:
    """Write a finished game's ``record`` to ``path`` (on a writer thread)."""
    write_record(typed_json.plain(record.record), path)


def _stalled(table: Table) -> bool:
    """Whether ``table``'s game runs but cannot move on until a new player joins: every remote
    player left on purpose (``leave``: no token to come back with) and no AI plays their
    seats. Nobody at it, it closes as a table that never started does (a dropped player's
    seat, whose token still works, keeps a table)."""
    remote = [seat for seat in table.seats if seat.remote]
    return table.started and not table.is_over() and all(seat.left and not seat.standin for seat in remote)


def _closes_when_empty(table: Table) -> bool:
    """Whether ``table``, once nobody is at it, is closed after ``abandon_after`` seconds
    (``sweep``): it has not started, it is ``_stalled``, or its game is over (kept that long
    for a player who dropped before the end to rejoin for its record: a trial's player,
    killed on the last turn, found no game and never learned who won)."""
    return not table.started or _stalled(table) or table.is_over()


def _deserted(table: Table) -> bool:
    """Whether ``table``'s game runs with none of its remote players connected (they
    dropped, their tokens still good, or left with an AI standing in)."""
    return table.started and not table.is_over() and not any(s.connected for s in table.seats if s.remote)


def _waiting(table: Table) -> bool:
    """Whether ``table`` waits for players: not started, or unfinished with none of its remote
    players here (a table of one remote seat and AI seats starts at once; left alone it would
    hold a table slot for good)."""
    return not table.started or _deserted(table)


def _percentiles(values: Iterable[float]) -> tuple[str, str, str]:
    """p50, p99 and the largest of ``values`` (seconds) in milliseconds, as text."""
    ordered = sorted(values)
    picked = (percentile(ordered, share) for share in (0.5, 0.99, 1.0))
    p50, p99, top = (f"{1000 * value:.2f}" for value in picked)
    return p50, p99, top
