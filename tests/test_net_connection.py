"""A host's connection writes at once while its socket keeps up, queues otherwise, and never
reorders; a serving process's garbage collector pauses briefly and still frees cycles; a
client turned away by a busy host tries again and says so (issue 19)."""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import cast

from net_support import LOCAL, options, run, start_host
from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from cacao_game.net import protocol as p
from cacao_game.net import serve
from cacao_game.net.bucket import TokenBucket
from cacao_game.net.client import ClientEvent, Failed, Link, Reconnecting
from cacao_game.net.connection import BURST, RATE, Connection


class _Transport:
    def __init__(self) -> None:
        self.aborted = False
        self.buffered = 0

    def is_closing(self) -> bool:
        return self.aborted

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def abort(self) -> None:
        self.aborted = True


class _Protocol:
    def __init__(self, wire: list[bytes]) -> None:
        self.state = State.OPEN
        self.wire = wire

    def send_text(self, data: bytes) -> None:
        self.wire.append(data)


class _Socket:
    """What ``Connection`` uses of a ``ServerConnection``; ``wire`` is what reached the socket."""

    def __init__(self) -> None:
        self.wire: list[bytes] = []
        self.protocol = _Protocol(self.wire)
        self.transport = _Transport()
        self.paused = False

    def send_data(self) -> None:
        pass


def _connection(fake: _Socket, limit: int = 1 << 20) -> Connection:
    return Connection(
        cast(ServerConnection, fake), "peer", TokenBucket(RATE, BURST, 1.0, 0.0), limit_bytes=limit
    )


def test_messages_reach_the_socket_in_the_order_pushed_whether_written_at_once_or_queued() -> None:
    async def scenario() -> tuple[list[bytes], list[bytes]]:
        fake = _Socket()
        client = _connection(fake)
        client.push(b"1")  # the socket keeps up: written at once
        at_once = list(fake.wire)
        fake.paused = True  # over its write limit: what follows waits in the outbox
        client.push(b"2")
        fake.paused = False
        client.push(b"3")  # the socket keeps up again, but "2" waits before it
        data, queued_at = await client.take()  # the host's writer task takes "2"...
        client.push(b"4")  # ...and while it writes, "4" waits too
        assert data is not None
        fake.wire.append(data)
        client.note_written(queued_at)
        while not client.outbox.empty():
            data, queued_at = await client.take()
            assert data is not None
            fake.wire.append(data)
            client.note_written(queued_at)
        client.push(b"5")  # nothing waits any more: written at once
        return at_once, fake.wire

    at_once, wire = run(scenario())
    assert at_once == [b"1"]
    assert wire == [b"1", b"2", b"3", b"4", b"5"]


def test_bytes_left_in_the_transport_count_against_a_slow_client() -> None:
    async def scenario() -> tuple[bool, list[bytes]]:
        fake = _Socket()
        client = _connection(fake, limit=100)
        client.push(b"x" * 60)
        fake.transport.buffered = 60  # the client did not read it
        client.push(b"y" * 60)
        return client.aborted, fake.wire

    aborted, wire = run(scenario())
    assert aborted
    assert wire == [b"x" * 60]


def test_a_serving_process_collects_only_young_objects_on_its_own_and_all_cycles_now_and_then() -> None:
    class Node:
        other: Node | None = None

    before = gc.get_threshold()

    async def scenario() -> tuple[bool, bool]:
        serve.quiet_gc()
        first, second = Node(), Node()
        first.other, second.other = second, first
        gone = weakref.ref(first)
        gc.collect(0)  # the cycle survives a young collection: it is not garbage yet
        del first, second
        young = [[] for _ in range(50 * serve.YOUNG_OBJECTS)]  # fifty young collections
        kept = gone() is not None  # older generations are never collected on their own
        del young
        collecting = asyncio.create_task(serve.collect_now_and_then(0.01))
        for _ in range(100):
            await asyncio.sleep(0.01)
            if gone() is None:
                break
        collecting.cancel()
        return kept, gone() is None

    try:
        kept, freed = run(scenario())
    finally:
        gc.set_threshold(*before)
    assert kept, "a cycle older than the youngest generation was collected on the collector's schedule"
    assert freed, "the full collection now and then did not free the cycle"


def test_a_client_turned_away_by_a_busy_host_tries_again_with_a_backoff_and_gets_in() -> None:
    """A host with every connection at a table answers one more with ``busy``: the client
    tells its user it is retrying (``Reconnecting`` with ``busy``, the host's words), waits
    longer each time, and sits once a connection is free; it never gives up (``Failed``)."""

    async def scenario() -> tuple[list[ClientEvent], int | None]:
        host = await start_host(None, max_connections=1)
        events: list[ClientEvent] = []
        owner = Link(LOCAL, host.port, p.Create(p.VERSION, "Ana", options("remote", "remote")), events.append)
        owning = asyncio.create_task(owner.run())
        while owner.code is None:
            await asyncio.sleep(0.01)
        seen: list[ClientEvent] = []
        joiner = Link(LOCAL, host.port, p.Join(p.VERSION, owner.code, "Bo"), seen.append, backoff=(0.02, 0.2))
        joining = asyncio.create_task(joiner.run())
        while sum(isinstance(event, Reconnecting) for event in seen) < 3:
            await asyncio.sleep(0.01)
        await owner.close()  # a connection is free now
        await owning
        while joiner.seat is None and not any(isinstance(event, Failed) for event in seen):
            await asyncio.sleep(0.01)
        await joiner.close()
        await joining
        await host.stop()
        return seen, joiner.seat

    seen, seat = run(scenario())
    assert not [event for event in seen if isinstance(event, Failed)]
    retries = [event for event in seen if isinstance(event, Reconnecting)]
    assert len(retries) >= 3 and all(event.busy for event in retries[:3])
    assert "too many players" in retries[0].reason
    assert [event.attempt for event in retries[:3]] == [1, 2, 3]
    assert retries[2].delay > retries[0].delay  # a backoff, as after a drop
    assert seat == 1


def test_the_table_and_the_join_screen_say_the_host_is_busy_while_retrying() -> None:
    """Busy while the host has not taken the client yet; a drop before it was ever taken is
    still connecting (the lobby's Connecting…), one after it reconnecting."""
    from cacao_game.app.play.presence import banner_text
    from cacao_game.app.strings import t
    from cacao_game.net.client import Joined, NetClient
    from cacao_game.net.remote import BUSY, CONNECTING, RECONNECTING, RemoteSource

    source = RemoteSource(NetClient(LOCAL, 9, p.Join(p.VERSION, "ABCDEF", "Bo")))  # never started
    source._receive(Reconnecting(1, 0.25, "This host has too many players connected: try again later.", True))
    assert (source.connection, source.failed) == (BUSY, False)
    assert banner_text(source) == t("net.busy")
    source._receive(Reconnecting(2, 0.5, "connection refused"))
    assert source.connection == CONNECTING and not source.reached
    source._receive(Joined("ABCDEF", 1, "a seat token"))
    source._receive(Reconnecting(1, 0.25, "connection refused"))
    assert source.connection == RECONNECTING and source.reached
    assert banner_text(source) == t("net.lost")


def test_a_host_that_stopped_hosting_is_said_until_it_hosts_again() -> None:
    """A host that closes the connection as going away stopped hosting (its player went to the
    menu): the table says so, and keeps saying it while the next attempts are
    refused; once the host takes the client again, a later drop without it is the plain
    reconnecting (a host that died, a lost network)."""
    from cacao_game.app.play.presence import banner_text
    from cacao_game.app.strings import t
    from cacao_game.net.client import Joined, NetClient
    from cacao_game.net.remote import HOST_PAUSED, RECONNECTING, RemoteSource

    source = RemoteSource(NetClient(LOCAL, 9, p.Join(p.VERSION, "ABCDEF", "Bo")))  # never started
    source._receive(Joined("ABCDEF", 1, "a seat token"))
    source._receive(Reconnecting(1, 0.25, "closed", paused=True))
    assert source.connection == HOST_PAUSED and banner_text(source) == t("net.host_paused")
    source._receive(Reconnecting(2, 0.5, "connection refused"))
    assert source.connection == HOST_PAUSED, "refused while the host is away: still paused"
    source._receive(Joined("ABCDEF", 1, "a seat token"))
    source._receive(Reconnecting(1, 0.25, "connection reset"))
    assert source.connection == RECONNECTING and banner_text(source) == t("net.lost")


def _closed_port() -> int:
    """A port of 127.0.0.1 nothing listens on (a connection to it is refused)."""
    import socket

    with socket.socket() as probe:
        probe.bind((LOCAL, 0))
        port: int = probe.getsockname()[1]
    return port


def test_a_join_no_host_ever_answers_fails_in_words_after_a_few_tries() -> None:
    """A trial's Watch of a host that had stopped said Reconnecting… for good: a join (or
    watch, or new table) that no host has answered fails as ``unreachable`` after
    ``FIRST_ATTEMPTS`` tries (here a listener on 127.0.0.1 that closes every connection
    before the WebSocket handshake: no host speaks there); a client with a seat token from
    the host keeps trying, its host may be on its way back."""
    from cacao_game.net.client import FIRST_ATTEMPTS

    async def scenario() -> tuple[list[ClientEvent], list[ClientEvent]]:
        async def hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.close()

        server = await asyncio.start_server(hang_up, LOCAL, 0)
        port = server.sockets[0].getsockname()[1]
        fresh: list[ClientEvent] = []
        await asyncio.wait_for(
            Link(
                LOCAL, port, p.Join(p.VERSION, "ABCDEF", spectate=True), fresh.append, backoff=(0.01, 0.02)
            ).run(),
            5.0,
        )
        returning: list[ClientEvent] = []
        link = Link(LOCAL, port, p.Join(p.VERSION, "ABCDEF", "Bo"), returning.append, backoff=(0.01, 0.02))
        link.code, link.token = "ABCDEF", "a seat token"
        running = asyncio.create_task(link.run())
        while sum(isinstance(event, Reconnecting) for event in returning) < FIRST_ATTEMPTS + 2:
            await asyncio.sleep(0.01)
        await link.close()
        await running
        server.close()
        await server.wait_closed()
        return fresh, returning

    fresh, returning = run(scenario())
    failed = [event for event in fresh if isinstance(event, Failed)]
    assert len(failed) == 1 and failed[0].code == "unreachable"
    assert sum(isinstance(event, Reconnecting) for event in fresh) == FIRST_ATTEMPTS - 1
    assert not [event for event in returning if isinstance(event, Failed)]


def test_a_join_the_address_refuses_fails_at_once_and_a_seated_client_keeps_trying() -> None:
    """A trial's join on the wrong port showed the lobby's Reconnecting… for seconds before
    "No game is hosted at this address and port": a first connection refused (nothing
    listens on that port of 127.0.0.1) fails as ``unreachable`` at once, with no
    ``Reconnecting``; a join with a seat token kept from an earlier run (Rejoin game) too (its
    ticket is kept, ``netplay.TICKET_REFUSED``); a client the host has seated keeps trying."""
    port = _closed_port()

    async def scenario() -> tuple[list[ClientEvent], list[ClientEvent], list[ClientEvent]]:
        fresh: list[ClientEvent] = []
        await Link(LOCAL, port, p.Join(p.VERSION, "ABCDEF", "Bo"), fresh.append, backoff=(0.01, 0.02)).run()
        ticket: list[ClientEvent] = []
        kept = p.Join(p.VERSION, "ABCDEF", token="kept")
        await Link(LOCAL, port, kept, ticket.append, backoff=(0.01, 0.02)).run()
        seated: list[ClientEvent] = []
        link = Link(LOCAL, port, p.Join(p.VERSION, "ABCDEF", "Bo"), seated.append, backoff=(0.01, 0.02))
        link.code, link.token = "ABCDEF", "a seat token"
        running = asyncio.create_task(link.run())
        while sum(isinstance(event, Reconnecting) for event in seated) < 3:
            await asyncio.sleep(0.01)
        await link.close()
        await running
        return fresh, ticket, seated

    fresh, ticket, seated = run(scenario())
    for events in (fresh, ticket):
        assert len(events) == 1 and isinstance(events[0], Failed), events
        assert events[0].code == "unreachable" and str(port) in events[0].text
    assert not [event for event in seated if isinstance(event, Failed)]


def test_a_link_closed_while_it_connects_stops_at_once_and_never_joins() -> None:
    """A review pressed Leave while the lobby said Connecting…: the connection finished
    afterwards, sent its join and held the seat for nobody. Closed while its handshake is
    under way (a listener that accepts and never answers), the link's run ends at once,
    before any answer, and nothing is sent."""

    async def scenario() -> tuple[bool, bytes]:
        reached = asyncio.Event()
        received = bytearray()

        async def stall(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            reached.set()
            received.extend(await reader.read(65536))  # the handshake: nothing after it

        listener = await asyncio.start_server(stall, LOCAL, 0)
        port = listener.sockets[0].getsockname()[1]
        link = Link(LOCAL, port, p.Join(p.VERSION, "ABCDEF", "Bo"), lambda event: None)
        running = asyncio.create_task(link.run())
        await reached.wait()
        await link.close()
        for _ in range(3):
            await asyncio.sleep(0)
        stopped = running.done()
        running.cancel()
        listener.close()
        return stopped, bytes(received)

    stopped, received = run(scenario())
    assert stopped
    assert b"join" not in received


def test_a_hint_that_arrives_while_the_decision_is_on_its_way_leaves_h_free_to_ask_again() -> None:
    """A review: a hint answered while the seat's decision was on its way was dropped, and
    the question stayed open; the host then refused the decision, and for the rest of it the
    status said a hint was coming while H did nothing. The answer closes the question even
    when it comes too late to show; after the refusal, H asks again."""
    from cacao_game.engine import Game
    from cacao_game.net.client import Changed, HintArrived, Joined, NetClient, RemoteTable
    from cacao_game.net.client import Refused as RefusedByHost
    from cacao_game.net.remote import RemoteSource
    from cacao_game.net.views import table_state
    from cacao_game.session.commands import Confirm, Cycle, RequestHint

    game = Game.new(2, "base", 5)
    seats = [
        p.SeatInfo(name, color, "remote", True, True, False)
        for name, color in (("Ana", "red"), ("Bo", "purple"))
    ]
    you = game.current_player()
    state = table_state(game, you, table="ABCDEF", seats=seats, started=True, hints=True)
    source = RemoteSource(NetClient(LOCAL, 9, p.Join(p.VERSION, "ABCDEF", "Bo")))  # never started
    source._receive(Joined("ABCDEF", you, "a seat token"))
    source._receive(Changed(RemoteTable.of(state), (), 0, True))
    assert source.accepts_input()
    source.handle(RequestHint())
    assert source.hint_pending()
    source.handle(Cycle())
    source.handle(Confirm())
    assert not source.accepts_input(), "the decision is on its way"
    source._receive(HintArrived(0, game.legal_actions()[0]))
    assert not source.hint_pending() and source.hint is None
    source._receive(RefusedByHost("stale", "decide again"))
    assert source.accepts_input() and not source.hint_pending()
    source.handle(RequestHint())
    assert source.hint_pending(), "H asked the host again"


def test_the_lobby_reads_the_table_as_last_taken_not_the_network_threads_newest() -> None:
    """A review found the lobby's rows read from the table the network thread keeps replacing
    while who is away and who decides came from the last poll: one frame could mix two
    updates. Every fact of the table comes from the state the source last took."""
    from msgspec.structs import replace

    from cacao_game.engine import Game
    from cacao_game.net.client import Changed, Joined, NetClient, RemoteTable
    from cacao_game.net.remote import RemoteSource
    from cacao_game.net.views import table_state

    game = Game.new(2, "base", 5)
    seats = [
        p.SeatInfo(name, color, "remote", True, True, False)
        for name, color in (("Ana", "red"), ("Bo", "purple"))
    ]
    state = table_state(game, 1, table="ABCDEF", seats=seats, started=True, hints=True)
    source = RemoteSource(NetClient(LOCAL, 9, p.Join(p.VERSION, "ABCDEF", "Bo")))  # never started
    source._receive(Joined("ABCDEF", 1, "a seat token"))
    source._receive(Changed(RemoteTable.of(state), (), 0, True))
    newer = replace(state, hints=False, seats=[replace(seats[0], connected=False), seats[1]])
    source.client._table = RemoteTable.of(newer)  # the network thread's newest, not yet polled
    assert source.hints_allowed and source.table_seats()[0].connected
