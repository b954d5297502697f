"""Play across machines (issue 19): whole games between clients over real sockets on
127.0.0.1, what each client may see, drops, stand-ins, a restarted host and spectators."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

from net_support import LOCAL, options, record_files, run, seated_bots, start_host
from referee_loader import load_referee

from cacao_game.engine import Game, Phase
from cacao_game.net import protocol as p
from cacao_game.net.bot import Bot
from cacao_game.net.client import Changed, Failed, Joined, Link, NetClient, Reconnecting, Refused
from cacao_game.net.host import Host
from cacao_game.net.hosting import BackgroundHost
from cacao_game.net.views import table_state, view_game
from cacao_game.records import replay_record
from cacao_game.saves.schema import FillJSON


def test_a_views_rebuilt_game_equals_the_hosts_view_of_the_seat() -> None:
    """What a client rebuilds from its state is what ``Game.view`` gives for its seat."""
    import random

    game = Game.new(3, "volcano", 42)
    rng = random.Random(1)
    while not game.is_over():
        for seat in range(3):
            state = table_state(game, seat, table="ABCDEF", seats=[], started=True, hints=False)
            decoded = p.decode_host(p.encode(p.Update([], state)))
            assert isinstance(decoded, p.Update)
            assert view_game(decoded.state).observation_key(seat) == game.observation_key(seat)
        game.apply(rng.choice(game.legal_actions()))


def test_a_game_built_since_the_last_state_equals_one_built_whole() -> None:
    """``view_game(state, since)`` copies what did not change from the last game it built:
    after every decision (and after a state of another seat or a spectator's, which share
    nothing) every part of it equals a whole rebuild and the host's view."""
    import random

    game = Game.new(4, "base", 7)
    rng = random.Random(3)
    last: list[tuple[p.TableState, Game] | None] = [None] * 4
    while not game.is_over():
        for seat in range(4):
            you = None if seat == 3 and game.turn % 3 == 0 else seat
            state = table_state(game, you, table="ABCDEF", seats=[], started=True, hints=False)
            decoded = p.decode_host(p.encode(p.Update([], state)))
            assert isinstance(decoded, p.Update)
            built = view_game(decoded.state, last[seat])
            whole = view_game(decoded.state)
            assert all(getattr(built, name) == getattr(whole, name) for name in Game.__slots__)
            if you is not None:
                assert built.observation_key(you) == game.observation_key(you)
            previous = last[seat]
            assert previous is None or built is not previous[1]
            last[seat] = (decoded.state, built)
        game.apply(rng.choice(game.legal_actions()))


def test_two_threaded_clients_play_a_whole_game(tmp_path: Path) -> None:
    """Two ``NetClient``s (background threads, queues) play a game to its end against an AI
    seat; the host files a record the referee accepts, and both clients end on the same score."""
    hosting = BackgroundHost(tmp_path, seed=7)
    port = hosting.start(LOCAL, 0)
    clients: list[NetClient] = []
    try:
        first = NetClient(LOCAL, port, p.Create(p.VERSION, "Ana", options("remote", "random", "remote")))
        first.start()
        joined = first.wait(5.0)
        assert isinstance(joined, Joined) and joined.seat == 0
        clients.append(first)
        second = NetClient(LOCAL, port, p.Join(p.VERSION, joined.table, "Bo"), seed=1)
        second.start()
        clients.append(second)
        import random

        rng = random.Random(5)
        done = [False, False]
        for _ in range(4000):
            for number, client in enumerate(clients):
                for event in client.poll():
                    assert not isinstance(event, (Failed, Refused)), event
                table = client.table
                if table is None:
                    continue
                if table.state.deciding < 0:
                    done[number] = True
                elif table.my_turn and getattr(client, "_sent", -1) != table.decisions:
                    client._sent = table.decisions  # type: ignore[attr-defined]
                    client.decide([rng.choice(table.game.legal_actions())])
            if all(done):
                break
            clients[0].wait(0.01)
        assert all(done)
        finals = [client.table.state.final for client in clients if client.table]
        assert finals[0] is not None and finals[0] == finals[1]
        journals = [[entry.action for entry in client.table.journal] for client in clients if client.table]
    finally:
        for client in clients:
            client.close()
        hosting.stop()
    records = record_files(tmp_path)
    assert len(records) == 1
    assert load_referee().check_record(records[0]) == []
    assert [seat["kind"] for seat in records[0]["seats"]] == ["human", "random", "human"]
    assert journals[0] == journals[1] == replay_record(records[0]).actions


def _hidden_orders(record: dict[str, object], seat: int) -> list[str]:
    """Texts that would show what ``seat`` may not see: runs of 4 tiles of the jungle pile and
    of other seats' worker piles in their order, and other seats' opening hands."""
    setup = replay_record(record).setup
    runs: list[list[str]] = []
    runs += [list(setup.jungle_pile[i : i + 4]) for i in range(len(setup.jungle_pile) - 3)]
    for other in range(setup.players):
        if other != seat:
            pile = list(setup.worker_piles[other])
            runs += [pile[i : i + 4] for i in range(len(pile) - 3)]
            runs.append(list(setup.hands[other]))
    return [json.dumps(run, separators=(",", ":")) for run in runs]


def test_a_client_never_receives_another_seats_hand_the_pile_order_or_the_seed(tmp_path: Path) -> None:
    """Every byte sent to each client during a whole 3-player game until it ends: the seed, the
    jungle pile and other worker piles in order, and other seats' hands (at every decision)
    never appear, every state holds the recipient's own hand as the host had it at that
    decision, and other seats' drawn tiles are blank. The game's record (which holds them)
    comes only after the last update, once the game is over."""
    captured: dict[int, list[bytes]] = {0: [], 1: [], 2: []}

    async def play() -> Host:
        host = await start_host(tmp_path, seed=987654321)
        bots = await seated_bots(
            host,
            options("remote", "remote", "remote"),
            remotes=3,
            tap=lambda n, data: captured[n].append(data),
        )
        reports = [await task for _bot, task in bots]
        assert all(report.finished for report in reports)
        await host.stop()
        return host

    run(play())
    (record,) = record_files(tmp_path)
    replayed = replay_record(record)
    seed = str(record["seed"])
    hands_at: list[list[tuple[str, ...]]] = []
    game = Game(replayed.setup)
    hands_at.append([tuple(hand) for hand in game.hands])
    for action in replayed.actions:
        game.apply(action)
        hands_at.append([tuple(hand) for hand in game.hands])
    for number, received in captured.items():
        kinds = [type(p.decode_host(frame)) for frame in received]
        ended = kinds.index(p.GameRecord) if p.GameRecord in kinds else len(received)
        assert p.GameRecord not in kinds[:ended] and p.Update not in kinds[ended:]
        frames = received[:ended]
        everything = b"\n".join(frames).decode()
        seat_hints = re.findall(r'"seed"', everything)
        assert not seat_hints
        assert seed not in everything
        for hidden in _hidden_orders(record, number):
            assert hidden not in everything, hidden
        own = {json.dumps(list(hands[number]), separators=(",", ":")) for hands in hands_at}
        others = {
            json.dumps(list(hands[other]), separators=(",", ":"))
            for hands in hands_at
            for other in range(len(hands))
            if other != number and len(hands[other]) > 1
        }
        for hand in others - own:
            assert hand not in everything, hand
        states = 0
        for frame in frames:
            message = p.decode_host(frame)
            if isinstance(message, p.Update):
                states += 1
                state = message.state
                assert state.you == number
                assert tuple(state.hand) == hands_at[state.decisions][number]
                for event in (e for decision in message.decisions for e in decision.events):
                    if event.name == "WorkerDrawn":
                        body = json.loads(bytes(event.body))
                        assert body["seat"] == number or body["tile"] == ""
        assert states > 20


def test_a_spectator_sees_public_information_only_and_cannot_play(tmp_path: Path) -> None:
    """A spectator follows the game to its end with no hand, and its decisions are refused."""
    seen: list[p.TableState] = []
    refusals: list[str] = []

    async def play() -> None:
        host = await start_host(None)
        bots = await seated_bots(host, options("remote", "remote"), remotes=1)
        code = bots[0][0].link.code
        assert code is not None

        def watch(event: object) -> None:
            if isinstance(event, Changed):
                seen.append(event.table.state)
            if isinstance(event, Refused):
                refusals.append(event.reason)

        spectator = Link(LOCAL, host.port, p.Join(p.VERSION, code, spectate=True), watch)
        watching = asyncio.create_task(spectator.run())
        while not seen:
            await asyncio.sleep(0.01)
        await spectator.send(p.Decide(0, "guess", 0, [FillJSON((1, 0), "water", 0)]))
        joiner = Bot(LOCAL, host.port, p.Join(p.VERSION, code, "Cy"), seed=4)
        await joiner.run(20.0)
        await bots[0][1]
        await asyncio.sleep(0.05)
        await spectator.close()
        watching.cancel()
        await host.stop()

    run(play())
    assert refusals == ["seat"]
    assert seen[-1].deciding == -1
    assert all(state.you is None and state.hand == [] and state.opening_hand == [] for state in seen)
    assert all(len(state.unplayed) == state.players for state in seen)


def test_a_client_dropped_while_its_fill_is_on_the_way_rejoins_and_carries_on(tmp_path: Path) -> None:
    """At a fill of two spaces, a client sends its fill and its connection dies at once (the
    fill may or may not reach the host). The client rejoins by itself with its token, gets the
    table as the host has it (the other seat plays on meanwhile), with the fill laid once or
    not at all (never twice), decides again if needed and finishes the game."""
    dropped: list[int] = []
    after: list[p.TableState] = []
    reconnecting: list[Reconnecting] = []
    bots_box: list[Bot] = []

    async def cut() -> None:
        await asyncio.sleep(0)
        ws = bots_box[0].link._ws
        assert ws is not None
        ws.transport.abort()

    def on_event(number: int, event: object) -> None:
        if number != 0:
            return
        if isinstance(event, Reconnecting):
            reconnecting.append(event)
        if not isinstance(event, Changed):
            return
        state = event.table.state
        if dropped and not after and reconnecting:
            after.append(state)
        two_spaces = state.phase == Phase.FILL and state.deciding == 0 and len(state.pending_fills) >= 2
        if two_spaces and not dropped:
            dropped.append(state.decisions)
            asyncio.get_running_loop().create_task(cut())

    async def play() -> list[bool]:
        host = await start_host(tmp_path, seed=11)
        bots = await seated_bots(host, options("remote", "remote"), remotes=2, on_event=on_event)
        bots_box.append(bots[0][0])
        reports = [await task for _bot, task in bots]
        await host.stop()
        return [report.finished for report in reports]

    finished = run(play())
    assert dropped, "no fill of two spaces came up for seat 0: pick another seed"
    assert finished == [True, True]
    assert reconnecting and reconnecting[0].attempt == 1
    assert after and after[0].decisions >= dropped[0]
    (record,) = record_files(tmp_path)
    assert load_referee().check_record(record) == []
    filling = replay_record(record).actions[dropped[0]]
    assert type(filling).__name__ == "Fill"


def test_a_stand_in_plays_a_dropped_seat_until_its_player_takes_it_back(tmp_path: Path) -> None:
    """Seat 1 leaves: the others see it disconnected; after the wait an AI plays it; its player
    returns with the token, takes the seat back and finishes the game."""
    seen_by_0: list[p.TableState] = []

    async def play() -> tuple[list[bool], int, int]:
        host = await start_host(tmp_path, seed=5)
        table_options = options("remote", "remote", standin="random", standin_after=0.1)
        bots = await seated_bots(
            host,
            table_options,
            remotes=1,
            on_event=lambda n, e: seen_by_0.append(e.table.state) if isinstance(e, Changed) else None,
            think=0.005,
        )
        code = bots[0][0].link.code
        assert code is not None
        token: list[str] = []
        leaver = Link(
            LOCAL,
            host.port,
            p.Join(p.VERSION, code, "Bo"),
            lambda e: token.append(e.token) if isinstance(e, Joined) and e.token else None,
        )
        leaving = asyncio.create_task(leaver.run())
        while not token:
            await asyncio.sleep(0.01)
        await leaver.close()
        await leaving
        while not any(s.seats[1].standin for s in seen_by_0):
            await asyncio.sleep(0.01)
        while seen_by_0[-1].decisions < 12:
            await asyncio.sleep(0.01)
        away = seen_by_0[-1].decisions
        back = Bot(LOCAL, host.port, p.Join(p.VERSION, code, token=token[0]), seed=9)
        report = await back.run(20.0)
        first = await bots[0][1]
        await host.stop()
        return [first.finished, report.finished], away, len(report.delays)

    finished, away, own_decisions = run(play())
    assert finished == [True, True]
    assert any(not s.seats[1].connected and not s.seats[1].standin for s in seen_by_0)
    standing = [s for s in seen_by_0 if s.seats[1].standin]
    assert standing and any(s.deciding == 1 for s in standing)
    assert away >= 12
    assert own_decisions > 0
    assert seen_by_0[-1].seats[1].connected and not seen_by_0[-1].seats[1].standin


def test_a_restarted_host_resumes_every_table_from_its_autosave(tmp_path: Path) -> None:
    """The host stops without warning in mid-game; a new host on the same port restores the
    table from its autosave, the clients rejoin with their tokens by themselves, no decision
    they saw confirmed is lost, and the game finishes; each client's log (journal) is the
    whole game's."""
    confirmed: list[int] = []
    rejoined: list[int] = []

    def on_event(number: int, event: object) -> None:
        if number == 0 and isinstance(event, Changed):
            if confirmed and confirmed[-1] == -1 and not rejoined:
                rejoined.append(event.table.decisions)
            confirmed.append(event.table.decisions)
        if number == 0 and isinstance(event, Reconnecting) and (not confirmed or confirmed[-1] != -1):
            confirmed.append(-1)

    async def play() -> list[bool]:
        first = await start_host(tmp_path, seed=21)
        port = first.port
        bots = await seated_bots(
            first, options("remote", "easy", "remote"), remotes=2, on_event=on_event, think=0.01
        )
        while not confirmed or confirmed[-1] < 15:
            await asyncio.sleep(0.005)
        assert first._server is not None
        first._server.close()  # the host dies: no stop(), no last save
        for client in next(iter(first._members.values())):
            client.ws.transport.abort()
        await first._server.wait_closed()
        before = max(confirmed)
        second = Host(tmp_path, seed=99)
        assert second.restore() == 1
        await second.start(LOCAL, port)
        reports = [await task for _bot, task in bots]
        await second.stop()
        assert rejoined and rejoined[0] >= before
        for bot, _task in bots:
            assert bot.link.table is not None
            journals.append([entry.action for entry in bot.link.table.journal])
        return [report.finished for report in reports]

    journals: list[list[object]] = []
    assert run(play()) == [True, True]
    (record,) = record_files(tmp_path)
    assert load_referee().check_record(record) == []
    assert journals[0] == journals[1] == replay_record(record).actions


def test_a_client_reports_reconnecting_while_no_host_answers_and_stops_on_close() -> None:
    """Nobody listens any more where a client the host had seated was: the client says it is
    reconnecting, with growing delays, never blocks its caller, and ``close`` ends its
    thread. (A join never seated fails at once there: ``test_net_connection``.)"""
    import socket

    with socket.socket() as probe:
        probe.bind((LOCAL, 0))
        port = int(probe.getsockname()[1])
    client = NetClient(LOCAL, port, p.Join(p.VERSION, "ABCDEF", "Ana"))
    client._link.backoff = (0.01, 0.05)
    client._link.code, client._link.token = "ABCDEF", "a seat token"  # seated, as after a welcome
    client.start()
    seen: list[Reconnecting] = []
    for _ in range(200):
        event = client.wait(0.05)
        if isinstance(event, Reconnecting):
            seen.append(event)
        if len(seen) >= 3:
            break
    client.decide([])
    refused = next(e for e in iter(lambda: client.wait(2.0), None) if isinstance(e, Refused))
    client.close()
    assert [event.attempt for event in seen[:3]] == [1, 2, 3]
    assert refused.reason == "not_seated"
    assert not client._thread.is_alive()


def test_a_client_of_another_version_gets_a_failure_in_words_and_stops_trying(tmp_path: Path) -> None:
    hosting = BackgroundHost(None, seed=7)
    port = hosting.start(LOCAL, 0)
    try:
        client = NetClient(LOCAL, port, p.Join(p.VERSION + 1, "ABCDEF", "Ana"))
        client.start()
        event = client.wait(5.0)
        client.close()
    finally:
        hosting.stop()
    assert isinstance(event, Failed) and event.code == "version"
    assert f"version {p.VERSION + 1}" in event.text
    assert not client._thread.is_alive()


def test_the_host_fills_empty_remote_seats_with_the_ai_and_the_game_starts(tmp_path: Path) -> None:
    """A table of three remote seats: one player joins; the host's screen sees who is there,
    gives the two empty seats to the AI, and the game starts and finishes."""
    hosting = BackgroundHost(None, seed=7)
    port = hosting.start(LOCAL, 0)
    try:
        code = hosting.open_table(options("remote", "remote", "remote"))
        assert [seat.claimed for seat in hosting.seats(code)] == [False, False, False]
        client = NetClient(LOCAL, port, p.Join(p.VERSION, code, "Ana"))
        client.start()
        joined = client.wait(5.0)
        assert isinstance(joined, Joined) and joined.seat == 0
        assert [seat.claimed for seat in hosting.seats(code)] == [True, False, False]
        hosting.fill_with_ai(code, 1, "random")
        hosting.fill_with_ai(code, 2, "easy")
        import random

        rng = random.Random(1)
        sent = -1
        for _ in range(4000):
            client.poll()
            table = client.table
            if table is not None and table.state.deciding < 0:
                break
            if table is not None and table.my_turn and sent != table.decisions:
                sent = table.decisions
                client.decide([rng.choice(table.game.legal_actions())])
            time.sleep(0.005)
        assert table is not None and table.state.deciding < 0
        assert [seat.kind for seat in table.state.seats] == ["remote", "random", "easy"]
        client.close()
    finally:
        hosting.stop()


def test_a_restored_table_whose_players_never_return_is_finished_by_stand_ins(tmp_path: Path) -> None:
    """Both players leave and the host stops; the restarted host waits the table's time, then
    its stand-ins play both seats to the end and the record is filed."""

    async def play() -> None:
        first = await start_host(tmp_path, seed=2)
        table_options = options("remote", "remote", standin="random", standin_after=0.05)
        bots = await seated_bots(first, table_options, remotes=2)
        for bot, task in bots:
            await bot.link.close()
            task.cancel()
        await first.stop()
        second = Host(tmp_path, seed=3, ai_processes=0)
        assert second.restore() == 1
        await second.start(LOCAL, 0)
        for _ in range(1000):
            if record_files(tmp_path):
                break
            await asyncio.sleep(0.01)
        await second.stop()

    run(play())
    (record,) = record_files(tmp_path)
    assert load_referee().check_record(record) == []


def test_the_same_seeds_give_the_same_game_ai_seats_included(tmp_path: Path) -> None:
    """A host's deals and its AI seats' decisions depend only on its seed (and the players'
    decisions): two runs give the same record."""

    async def play(folder: Path) -> None:
        host = await start_host(folder, seed=13, ai_processes=1)
        bots = await seated_bots(host, options("remote", "easy", "random"), remotes=1, think=0.002)
        await bots[0][1]
        await host.stop()

    records = []
    for number in range(2):
        folder = tmp_path / str(number)
        run(play(folder))
        (record,) = record_files(folder)
        records.append(record)
    assert records[0]["turns"] == records[1]["turns"]
    assert records[0]["seed"] == records[1]["seed"]


def test_a_client_dropped_in_the_middle_of_a_fill_rejoins_where_it_was(tmp_path: Path) -> None:
    """Volcano variant, seat 1 has laid one tile of a fill and another space waits (this
    host seed and these bots get there at decision 27): its connection dies there. It rejoins
    by itself and finds the same fill half done (the same spaces filled and waiting), then
    finishes the fill and the game."""
    at_drop: list[p.TableState] = []
    after: list[p.TableState] = []
    bots_box: list[Bot] = []

    def on_event(number: int, event: object) -> None:
        if number != 1 or not isinstance(event, Changed):
            return
        state = event.table.state
        if at_drop and not after and event.history:
            after.append(state)
        mid_fill = state.phase == Phase.FILL and state.deciding == 1 and state.filled and state.pending_fills
        if mid_fill and not at_drop:
            at_drop.append(state)
            ws = bots_box[0].link._ws
            assert ws is not None
            ws.transport.abort()

    async def play() -> list[bool]:
        host = await start_host(tmp_path, seed=1)
        bots = await seated_bots(
            host, options("remote", "remote", variant="volcano"), remotes=2, on_event=on_event
        )
        bots_box.append(bots[1][0])
        reports = [await task for _bot, task in bots]
        await host.stop()
        return [report.finished for report in reports]

    finished = run(play())
    assert at_drop, "no half-done fill for seat 1 with these seeds"
    assert finished == [True, True]
    assert after, "seat 1 did not rejoin"
    before, back = at_drop[0], after[0]
    assert (back.decisions, back.phase, back.deciding) == (before.decisions, before.phase, 1)
    assert (back.filled, back.pending_fills) == (before.filled, before.pending_fills)
    (record,) = record_files(tmp_path)
    assert load_referee().check_record(record) == []
