"""Games across machines, as the app starts them: host a table or join one.

Hosting starts a ``BackgroundHost`` (``cacao_game.net.hosting``) on this machine, opens a
table for the seats chosen in the setup (the hosting player's own seat is a remote seat they
claim at once) and joins it over 127.0.0.1 like everyone else: the hosting player's table is
a ``RemoteSource`` too. Joining (or watching) is a ``NetClient`` to the address, port and
code typed. A table can also be opened on a Cacao server (a ``--serve`` host) by address
(``open_on_server``): the opener sits at it as a joiner does. A seated joiner keeps its
seat's ticket (``app.rejoin``) until the game is over or it leaves on purpose, and
``rejoin_game`` takes the seat back with it after the program closed or died. Every finished
game's record, as the host sends it, is filed in ``records_dir()``.

No pygame and no scene here: the Host and Join screens call these and show the result.
"""

from __future__ import annotations

import errno
import logging
import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from msgspec.structs import replace

from cacao_game.app.rejoin import SeatTicket, forget_ticket, load_ticket, save_ticket
from cacao_game.app.strings import t
from cacao_game.config.game import HUMAN, GameConfig, SeatConfig
from cacao_game.config.storage import data_dir
from cacao_game.net.client import ENDED, NetClient
from cacao_game.net.hosting import (
    BackgroundHost,
    HostedGame,
    HostingBusy,
    hosted_folder,
    hosted_game,
    hosting_elsewhere,
    resume_hosting,
    start_hosting,
)
from cacao_game.net.protocol import DEFAULT_PORT, REMOTE, VERSION, Create, Join, SeatSpec, TableOptions
from cacao_game.net.remote import RemoteSource
from cacao_game.records import RecordError, read_record, record_seats, replay_record
from cacao_game.saves import SaveInfo, SeatSummary
from cacao_game.session.source import SourceEvent, TableSource

log = logging.getLogger(__name__)

LOOPBACK: Final = "127.0.0.1"
"""This computer only."""
EVERYWHERE: Final = "0.0.0.0"
"""Every network interface: any machine that can reach this one may connect."""
STANDIN_AFTER: Final = 60.0
"""Seconds a dropped player's seat waits before an AI (``STANDIN``) stands in for them."""
STANDIN: Final = "medium"
"""The AI level that stands in for a dropped player, when the host allows one: one that keeps
the seat's game sensible until its player is back, at no cost in time to the others."""


@dataclass(frozen=True)
class HostChoices:
    """What the Host a game setup asks beyond the seats: the ``port``, whether the host is
    open to the network (``everywhere``), whether hints are allowed, the start player
    (``start``, a seat of the setup; None: drawn at random) and whether an AI stands in for a
    dropped player (``standin``: ``STANDIN`` after ``STANDIN_AFTER`` seconds; else the seat
    waits for its player or a new one)."""

    port: int = DEFAULT_PORT
    everywhere: bool = False
    hints: bool = True
    start: int | None = None
    standin: bool = True
    server: str = ""
    """The address of a Cacao server to open the table on (``open_on_server``); empty: host
    it on this computer."""


@dataclass(frozen=True)
class HostedTable:
    """A table as it was hosted, to host it again in one step: ``config`` holds its seats in
    turn order (the hosting player's ``human``, the others ``remote``, AI seats with their
    level, every seat its name as set up and its colour), the variant and both thinking
    times; ``choices`` the rest (its first seat chosen to start, or the start drawn)."""

    config: GameConfig
    choices: HostChoices


def records_dir() -> Path:
    """Where the records of finished games across machines are filed (the user data folder)."""
    return data_dir() / "records"


def list_records(folder: Path | None = None) -> list[SaveInfo]:
    """The finished games across machines filed in ``folder`` (default ``records_dir()``),
    newest first, as the Load scene lists them: named by their table code, with each seat's
    name (or kind) and final score. A record that does not replay is listed with why."""
    folder = records_dir() if folder is None else folder
    try:
        paths = sorted(folder.glob("*.json"), reverse=True)
    except OSError as error:
        log.warning("records not listed: %s", error)
        return []
    return [_record_info(path) for path in paths]


def _record_info(path: Path) -> SaveInfo:
    parts = path.stem.split("-")  # <date>-<time>-<code>[-<n>] (RemoteSource._take_record)
    code = parts[4] if len(parts) >= 5 else path.stem
    try:
        stamp = datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat()
        record = read_record(path)
        game = replay_record(record)
        entries = record_seats(record, game.players)
    except (OSError, RecordError) as error:
        return SaveInfo(path, "", [], 0, [], True, error=str(error), problem="invalid", name=code)
    raw = record.get("seats")
    named = [seat for seat in raw if isinstance(seat, dict)] if isinstance(raw, list) else []
    names = [str(seat.get("name", "")) for seat in named] + [""] * len(entries)
    seats = [
        SeatSummary(name=names[n], color=entry["color"], kind=entry["kind"])
        for n, entry in enumerate(entries)
    ]
    totals = [score.total for score in game.score_now()]
    return SaveInfo(
        path, stamp, seats, game.turn + 1, totals, game.is_over(), name=code, variant=game.variant
    )


FILL_LEVEL: Final = "medium"
"""The AI that takes a free seat when the hosting player asks: in the lobby, or at the table
for a seat left with no AI to play it (``HostedSource.let_ai_play``)."""


class HostedSource(RemoteSource):
    """The hosting player's table: a ``RemoteSource`` on their own host, which stops (every
    connection closed) when the table is closed. The hosting player may let the stand-in AI
    play a dropped seat at once (``stand_in_now``)."""

    def __init__(
        self, client: NetClient, host: BackgroundHost, code: str, bind: str, table: HostedTable
    ) -> None:
        super().__init__(client, records_dir())
        self.host = host
        self.code = code
        self.bind = bind
        self.table = table
        """The table as hosted (New game on its scores hosts it again)."""
        self._host_kept = False

    @property
    def port(self) -> int:
        """The port the host listens on."""
        return self.host.port

    def waiting_on(self) -> int | None:
        """A seat whose player dropped (not left for good) and that no AI plays yet: the game
        may be waiting on it."""
        waiting = self.absent - self.standing_in - self.departed
        return min(waiting, default=None)

    @property
    def frees_seats(self) -> bool:
        """The table has no stand-in AI: ``stand_in_now`` frees a dropped seat for a new
        player instead."""
        return not self.table.choices.standin

    def stand_in_now(self, seat: int) -> bool:
        """Let the stand-in AI play dropped ``seat`` now, or at a table without one free the
        seat for a new player (``frees_seats``); False if it cannot (its player came back, or
        the game ended meanwhile). The player takes a seat the AI plays back on rejoining."""
        try:
            if self.frees_seats:
                self.host.free_seat(self.code, seat)
            else:
                self.host.stand_in_now(self.code, seat)
        except (KeyError, ValueError, TimeoutError) as error:
            log.info("seat %d not handed over: %s", seat, error)
            return False
        return True

    @property
    def hosting(self) -> bool:
        """This is the hosting window."""
        return True

    def let_ai_play(self, seat: int) -> bool:
        """Let the AI (``FILL_LEVEL``) play free seat ``seat`` for the rest of the game: a seat
        not yet taken in the lobby, or at the table one left with no AI to play it (a trial's
        freed seat left the game waiting for a new player, with no way to give it to the AI).
        False if it cannot (someone took the seat meanwhile, or the game ended)."""
        try:
            self.host.fill_with_ai(self.code, seat, FILL_LEVEL)
        except (KeyError, ValueError, TimeoutError) as error:
            log.info("seat %d not given to the AI: %s", seat, error)
            return False
        return True

    def close(self) -> None:
        """Leave the table and stop the host (the game stays for Resume hosting), unless the
        host was handed on (``keep_host``)."""
        super().close()
        if not self._host_kept:
            self.host.stop()

    def keep_host(self) -> BackgroundHost:
        """Hand the host on to whoever stops it later: closing this table leaves it running,
        so a player who dropped out before the end can still rejoin the finished table and
        get its record (a trial's player, killed on the last turn, rejoined a host that had
        stopped with the hosting window's move to the scores, and never learned who won)."""
        self._host_kept = True
        return self.host

    def leave(self) -> None:
        """Leave on purpose: stop the host; a table that never started is ended for good
        (``BackgroundHost.end_unstarted``), a game in progress stays for Resume hosting."""
        super().close()
        self.host.end_unstarted(self.code)


def table_options(
    config: GameConfig, hints: bool, standin: bool = True, start_drawn: bool = False
) -> tuple[TableOptions, int]:
    """The host's table for the seats set up in ``config`` (turn order kept): the one
    ``human`` seat (the hosting player) and every ``remote`` seat become remote seats, every
    seat keeps its name as set up (a remote seat's until a player takes it) and its colour,
    AI seats their level; a dropped player's seat is played by ``STANDIN`` after
    ``STANDIN_AFTER`` seconds when ``standin``, else it waits; ``start_drawn``: the first seat
    was drawn to start (every lobby says so). Returns the options and the hosting player's
    seat.
    Raises ValueError unless exactly one seat is human and at least one is remote."""
    humans = [n for n, seat in enumerate(config.seats) if seat.kind == HUMAN]
    if len(humans) != 1:
        raise ValueError("a hosted game has exactly one seat for the hosting player")
    if not any(seat.kind == REMOTE for seat in config.seats):
        raise ValueError("a hosted game needs a remote player")
    seats = [
        SeatSpec(REMOTE if seat.kind == HUMAN else seat.kind, seat.name, seat.color) for seat in config.seats
    ]
    options = TableOptions(
        seats,
        config.variant,
        standin=STANDIN if standin else None,
        standin_after=STANDIN_AFTER,
        hints=hints,
        thinking_time=config.thinking_time,
        expert_time=config.expert_time,
        start_drawn=start_drawn,
    )
    return options, humans[0]


def hosted_table(
    options: TableOptions, seat: int, colors: list[str], bind: str, port: int, server: str = ""
) -> HostedTable:
    """The table hosted with ``options`` (the hosting player at ``seat``; ``colors`` each
    seat's colour at the table), listening on ``bind``:``port`` (or opened on the Cacao server
    at ``server``:``port``), as the Host a game setup shows it to host it again: the seats in
    turn order already, the first one to start, unless it was drawn
    (``TableOptions.start_drawn``: drawn again)."""
    seats = [
        SeatConfig(spec.name, color, HUMAN if number == seat else spec.kind)
        for number, (spec, color) in enumerate(zip(options.seats, colors, strict=True))
    ]
    config = GameConfig(
        seats, options.variant, None, thinking_time=options.thinking_time, expert_time=options.expert_time
    )
    standin = options.standin is not None
    start = None if options.start_drawn else 0
    return HostedTable(config, HostChoices(port, bind != LOOPBACK, options.hints, start, standin, server))


def host_game(
    config: GameConfig,
    *,
    port: int,
    everywhere: bool,
    hints: bool,
    chosen_start: bool = False,
    standin: bool = True,
) -> HostedSource:
    """Host ``config``'s game on ``port`` (of every interface when ``everywhere``, else of
    127.0.0.1 only) and join it as its human seat (``chosen_start``: the setup chose its first
    seat to start, rather than drawing it; ``standin``: as ``table_options``). The game is
    kept in ``hosted_folder()`` (replacing the one hosted before), so that ``resume_hosted``
    can restart it if the window dies. Raises OSError when the host cannot listen there,
    ValueError when the seats cannot make a hosted table."""
    options, seat = table_options(config, hints, standin, start_drawn=not chosen_start)
    bind = EVERYWHERE if everywhere else LOOPBACK
    host, game, token = start_hosting(
        hosted_folder(), options, seat, config.seats[seat].name, bind=bind, port=port
    )
    return _hosted_source(host, game, token)


def hosted_waiting() -> bool:
    """Whether an unfinished hosted game can be resumed (the menu offers Resume hosting): not
    while another window of the game hosts it."""
    folder = hosted_folder()
    return not hosting_elsewhere(folder) and hosted_game(folder) is not None


PORT_TAKEN: Final = frozenset({errno.EADDRINUSE, 10048})
"""``OSError.errno`` of a port another socket listens on (10048: Windows' WSAEADDRINUSE)."""
PORT_DENIED: Final = frozenset({errno.EACCES, 10013})
"""``OSError.errno`` of a port the system keeps from the game (10013: WSAEACCES)."""


def host_failure(error: OSError | ValueError | TimeoutError, port: int, *, resuming: bool = False) -> str:
    """What the player is told when hosting on ``port`` (or resuming the game hosted there)
    failed with ``error``: in words for a port in use or kept by the system (a trial's Resume
    hosting showed "[Errno 98] error while attempting to bind on address ...")."""
    if isinstance(error, HostingBusy):
        return t("net.host_busy")
    if isinstance(error, OSError) and error.errno in PORT_TAKEN:
        return t("net.port_in_use_resume" if resuming else "net.port_in_use", port=port)
    if isinstance(error, OSError) and error.errno in PORT_DENIED:
        return t("net.port_denied", port=port)
    return t("net.host_failed", reason=str(error) or type(error).__name__)


def resume_failure(error: OSError | TimeoutError) -> str:
    """What the player is told when Resume hosting failed with ``error`` (``host_failure``
    with the port the game was hosted on)."""
    game = hosted_game(hosted_folder())
    return host_failure(error, game.port if game is not None else DEFAULT_PORT, resuming=True)


def resume_hosted() -> HostedSource | None:
    """Restart the unfinished hosted game where it listened and take the hosting player's
    seat back; None if there is none. Raises OSError if its port is taken now."""
    resumed = resume_hosting(hosted_folder())
    return None if resumed is None else _hosted_source(*resumed)


def _hosted_source(host: BackgroundHost, game: HostedGame, token: str) -> HostedSource:
    colors = [seat.color for seat in host.seats(game.code)]
    table = hosted_table(host.options(game.code), game.seat, colors, game.bind, game.port)
    client = NetClient(LOOPBACK, game.port, Join(VERSION, game.code, token=token))
    client.start()
    return HostedSource(client, host, game.code, game.bind, table)


@dataclass(frozen=True)
class JoinRequest:
    """What the Join screen asks for."""

    address: str
    port: int
    code: str
    name: str
    watch: bool = False
    """Watch the table (a spectator: no seat, no hand, no input) instead of sitting at it."""


TICKET_REFUSED: Final = frozenset({"table", "token", ENDED})
"""The failures (``Failed.code``) that end a seat's ticket: a host answered and has no such
table (any more) or no seat for its token. Any other failure keeps it: above all no host
answering (``UNREACHABLE``: a trial's Rejoin game while the host was down lost the ticket, and
the seat with it, before Resume hosting brought the table back), nor a host of another
version, nor the seat taken over by another connection with the same token."""


class JoinedSource(RemoteSource):
    """A joiner's table (not the hosting player's, nor a spectator's): once the host seats
    the player, the seat's ticket is kept (``app.rejoin``) so that the menu can offer Rejoin
    game if the program closes or dies; it is removed once the game is over, when a host
    refuses the ticket (``TICKET_REFUSED``), or when the player leaves on purpose
    (``forget``). A failure to reach the host keeps it."""

    def __init__(self, client: NetClient, address: str, port: int, ticket: SeatTicket | None = None) -> None:
        super().__init__(client, records_dir())
        self.address = address
        self.port = port
        self.ticket = ticket
        """The ticket kept for this seat (given: this source rejoins with it)."""
        self._done = False

    def poll(self) -> list[SourceEvent]:
        """``RemoteSource.poll``, keeping the ticket in step with the seat."""
        events = super().poll()
        if not self._done:
            self._keep_ticket()
        return events

    def _keep_ticket(self) -> None:
        if self.failed:
            if self.failure in TICKET_REFUSED:
                self.forget()
            self._done = True  # no host answered, another version...: the ticket stays as it is
            return
        if self.ready and self.started and self.deciding_seat() is None:
            self.forget()
            return
        seat, token, code = self.client.seat, self.client.token, self.client.code
        if not self.ready or seat is None or token is None or code is None:
            return
        seats = self.table_seats()
        name = seats[seat].name if seat < len(seats) else ""
        opened = isinstance(self, OpenedSource)
        ticket = SeatTicket(self.address, self.port, code, seat, name, token, opened, self.standin_told)
        if ticket != self.ticket and save_ticket(ticket):
            self.ticket = ticket

    @property
    def standin_told(self) -> int:
        """Decisions the player was told the stand-in's moves up to (``SeatTicket.told``)."""
        return self.ticket.told if self.ticket is not None else 0

    def note_standin_told(self, decisions: int) -> None:
        """The player was told the stand-in's moves up to ``decisions``: kept in the ticket."""
        ticket = self.ticket
        if self._done or ticket is None or decisions <= ticket.told:
            return
        told = replace(ticket, told=decisions)
        if save_ticket(told):
            self.ticket = told

    def forget(self) -> None:
        """Remove this seat's ticket; a later ticket is never written."""
        self._done = True
        if self.ticket is not None and load_ticket() == self.ticket:
            forget_ticket()
        self.ticket = None

    def leave(self) -> None:
        """The player leaves the table on purpose: the ticket goes and the host is told, which
        frees the seat at once (``RemoteSource.leave``)."""
        self.forget()
        super().leave()


class OpenedSource(JoinedSource):
    """The table this player opened on a Cacao server (``open_on_server``): a joiner's seat,
    whose lobby shows what the others type to join, as the hosting player's does; ``table``
    is the table as opened, for New game to open it again (``next_game``; None when this
    window took the seat back with Rejoin game and does not know it)."""

    def __init__(
        self,
        client: NetClient,
        address: str,
        port: int,
        ticket: SeatTicket | None = None,
        table: HostedTable | None = None,
    ) -> None:
        super().__init__(client, address, port, ticket)
        self.table = table


def open_on_server(
    config: GameConfig,
    *,
    address: str,
    port: int,
    hints: bool,
    chosen_start: bool = False,
) -> OpenedSource:
    """Open ``config``'s table (``table_options``: the one human seat is this player's; an AI
    stands in for a dropped player, as nobody there can free a seat) on the Cacao server at
    ``address``:``port`` and sit at that seat (returns at once, as
    ``join_game``; the server's refusal, a server that lets nobody open tables, or none
    answering, comes as the source's failure). Raises ValueError when the seats cannot make
    a hosted table."""
    options, seat = table_options(config, hints, standin=True, start_drawn=not chosen_start)
    address = address.strip()
    client = NetClient(address, port, Create(VERSION, config.seats[seat].name, options, seat))
    client.start()
    table = hosted_table(options, seat, [s.color for s in config.seats], LOOPBACK, port, address)
    return OpenedSource(client, address, port, table=table)


def join_game(request: JoinRequest) -> RemoteSource:
    """Start joining table ``request.code`` at ``request.address``:``request.port`` under
    ``request.name``, or watching it (returns at once; the source's ``connection`` and
    ``ready`` tell how it goes). A seated joiner's source is a ``JoinedSource``."""
    code = request.code.strip().upper()
    address = request.address.strip()
    if request.watch:
        client = NetClient(address, request.port, Join(VERSION, code, spectate=True))
        client.start()
        return RemoteSource(client, records_dir())
    client = NetClient(address, request.port, Join(VERSION, code, name=request.name))
    client.start()
    return JoinedSource(client, address, request.port)


def ticket_for(request: JoinRequest) -> SeatTicket | None:
    """The seat's ticket (Rejoin game) this app keeps for the table and the name of
    ``request``, if any: the join may be of a player whose own seat there waits for them (a
    window on the same computer that won a race for the last seat keeps its ticket under its
    name)."""
    ticket = load_ticket()
    if ticket is None or ticket.code != request.code.strip().upper():
        return None
    return ticket if ticket.name.casefold() == request.name.strip().casefold() else None


def holds_ticket(request: JoinRequest) -> bool:
    """Whether this app keeps a seat's ticket for the table and the name of ``request``
    (``ticket_for``)."""
    return ticket_for(request) is not None


def seat_or_join(request: JoinRequest) -> RemoteSource:
    """Join as ``request`` asks; a seat whose ticket this app keeps at that host, table and
    name (``ticket_for``) is taken back with its token instead, as Rejoin game does (a trial's
    Rejoin found the host down and opened the Join form; Join there, once the host was back,
    said every seat was taken)."""
    ticket = None if request.watch else ticket_for(request)
    if ticket is None or (ticket.address, ticket.port) != (request.address.strip(), request.port):
        return join_game(request)
    return rejoin_game(ticket)


def rejoin_waiting() -> SeatTicket | None:
    """The seat this app may take back in a game on another machine (the menu offers Rejoin
    game), or None; a ticket that cannot be read is set aside (``app.rejoin``)."""
    return load_ticket()


def rejoin_game(ticket: SeatTicket) -> JoinedSource:
    """Start taking seat ``ticket.seat`` back with its token (returns at once, as
    ``join_game``); the client then keeps rejoining after drops like any other."""
    client = NetClient(ticket.address, ticket.port, Join(VERSION, ticket.code, token=ticket.token))
    client.start()
    kind = OpenedSource if ticket.opened else JoinedSource
    return kind(client, ticket.address, ticket.port, ticket)


def next_game(source: TableSource) -> HostedTable | JoinRequest | None:
    """What New game on the scores of ``source``'s game opens: for the hosting player, and
    the player who opened the table on a Cacao server, the table as hosted (the Host a game
    setup, to host it again; a trial's opener was shown the Join form, with no code to type);
    for a joiner or a spectator the Join form with the host's address and port and the
    player's name (the new table's code is the host's to tell); None for a game played on
    this computer."""
    if isinstance(source, HostedSource):
        return source.table
    if isinstance(source, OpenedSource) and source.table is not None:
        return source.table
    if not isinstance(source, RemoteSource):
        return None
    seats, seat = source.table_seats(), source.client.seat
    name = seats[seat].name if seat is not None and seat < len(seats) else ""
    return JoinRequest(source.client.host, source.client.port, "", name)


def lan_addresses() -> list[str]:
    """The addresses other machines may reach this one at (IPv4, loopback excluded), as this
    machine's name resolves; [] when it does not. Asked only once the player chose to open
    the host to the network."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError as error:
        log.debug("no address for this machine: %s", error)
        return []
    found = sorted({str(info[4][0]) for info in infos})
    return [address for address in found if not address.startswith("127.")]
