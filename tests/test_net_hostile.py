"""Bad input and refused commands at a host (issue 19): every case gets a message or a closed
connection, changes nothing, and the host, its other tables and clients carry on. Real
sockets on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

import pytest
from net_support import LOCAL, options, run, seated_bots, start_host
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin

from cacao_game.engine import Action, Game, Phase
from cacao_game.net import protocol as p
from cacao_game.net.bot import Bot
from cacao_game.net.bucket import TokenBucket
from cacao_game.net.clientlog import LINES_BURST, QUOTE_LIMIT
from cacao_game.net.connection import BURST, FLOOD_CLOSE, RATE, Admission, Connection
from cacao_game.net.host import PRESENCE_EVERY, SPECTATORS_PER_ADDRESS, Host
from cacao_game.net.views import view_game
from cacao_game.saves.schema import PlaceJSON, action_from_json, decision

T = type[p.Welcome] | type[p.Update] | type[p.Refusal] | type[p.Problem] | type[p.Hint]


async def open_raw(host: Host) -> ClientConnection:
    """A bare WebSocket connection to ``host``."""
    return await connect(f"ws://{LOCAL}:{host.port}/", max_size=p.HOST_LIMIT, compression=None)


async def expect(ws: ClientConnection, kind: T) -> p.HostMessage:
    """The next message of type ``kind`` (others skipped), within 5 seconds."""
    while True:
        frame = await asyncio.wait_for(ws.recv(), 5.0)
        message = p.decode_host(frame.encode() if isinstance(frame, str) else frame)
        if isinstance(message, kind):
            return message


async def answer_to_join(ws: ClientConnection) -> p.HostMessage:
    """The host's welcome or problem, whichever comes first (others skipped), within 5 seconds."""
    while True:
        message = p.decode_host(await asyncio.wait_for(ws.recv(decode=False), 5.0))
        if isinstance(message, p.Welcome | p.Problem):
            return message


async def update_at(ws: ClientConnection, decisions: int) -> p.TableState:
    """The state of the next update with ``decisions`` decisions made (others skipped)."""
    while True:
        message = await expect(ws, p.Update)
        if isinstance(message, p.Update) and message.state.decisions == decisions:
            return message.state


async def send(ws: ClientConnection, message: p.ClientMessage) -> None:
    await ws.send(p.encode(message), text=True)


def swept_around(host: Host, now: list[float], wait: float) -> tuple[list[str], list[str]]:
    """The tables ``host`` keeps after a sweep 1 second before ``wait`` seconds more have
    passed on its clock (``now``, moved on) and after one a second after them."""
    now[0] += wait - 1.0
    host.sweep()
    early = sorted(host.tables)
    now[0] += 2.0
    host.sweep()
    return early, sorted(host.tables)


async def closed(ws: ClientConnection) -> int | None:
    """The close code once the host has closed ``ws`` (messages before it skipped)."""
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), 5.0)
    return ws.close_code


async def two_seated(
    host: Host, table: p.TableOptions
) -> tuple[tuple[ClientConnection, p.Welcome], tuple[ClientConnection, p.Welcome], p.TableState]:
    """Ana opens ``table`` and Bo joins it, each on a bare connection: each connection with
    its welcome (a token and a seat), and the first state Ana sees with the game started."""
    ana = await open_raw(host)
    await send(ana, p.Create(p.VERSION, "Ana", table))
    first = await expect(ana, p.Welcome)
    assert isinstance(first, p.Welcome) and first.token is not None and first.seat is not None
    bo = await open_raw(host)
    await send(bo, p.Join(p.VERSION, first.table, "Bo"))
    second = await expect(bo, p.Welcome)
    assert isinstance(second, p.Welcome) and second.token is not None and second.seat is not None
    update = await expect(ana, p.Update)
    while isinstance(update, p.Update) and not update.state.started:
        update = await expect(ana, p.Update)
    assert isinstance(update, p.Update)
    return (ana, first), (bo, second), update.state


def no_tracebacks(capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> None:
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err
    assert not [record for record in caplog.records if record.exc_info]


def test_unreadable_messages_get_an_error_and_the_connection_and_other_tables_carry_on(
    capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """Binary frames, non-JSON, unknown types, too large and too deeply nested messages, a
    join or create without a version each get a ``Problem`` (not fatal); the same connection
    then joins; an oversized frame closes only its connection; a game at another table
    finishes meanwhile; nothing prints a traceback. Each is logged, one line (a trial found
    the binary frame, the oversized one and a decision before joining missing from the log)."""
    caplog.set_level(logging.INFO)

    async def scenario() -> None:
        host = await start_host(None)
        bots = await seated_bots(host, options("remote", "remote"), remotes=2, think=0.002)
        code = bots[0][0].link.code
        assert code is not None
        ws = await open_raw(host)
        hostile: list[tuple[str | bytes, str]] = [
            (b"\x00\x01\x02", "binary"),
            ("not json at all", "message"),
            ('{"type": "shutdown", "version": 1}', "message"),
            ('{"type": "join", "version": 1, "table": ' + "[" * 60 + "]" * 60 + "}", "message"),
            ('{"type": "join", "version": 1, "table": "' + "A" * 9000 + '"}', "message"),
            ('{"type": "join", "version": 1, "table": NaN}', "message"),
            ('{"type": "decide", "seat": true, "token": "x", "at": 0, "actions": []}', "message"),
            # no version at all is a message that does not read, not a game of version "None"
            ('{"type": "join", "table": "ABCDEF", "name": "Eve"}', "message"),
            ('{"type": "create", "version": null, "name": "Eve", "options": {"seats": []}}', "message"),
        ]
        for frame, code_expected in hostile:
            await ws.send(frame)
            problem = await expect(ws, p.Problem)
            assert isinstance(problem, p.Problem) and problem.code == code_expected and not problem.fatal
        await send(ws, p.Decide(0, "x", 0, []))
        assert isinstance(await expect(ws, p.Refusal), p.Refusal)
        await send(ws, p.Join(p.VERSION, code, spectate=True))
        welcome = await expect(ws, p.Welcome)
        assert isinstance(welcome, p.Welcome) and welcome.seat is None
        await ws.send("[" + " " * (p.FRAME_LIMIT + 10) + "]")
        assert await closed(ws) == 1009
        reports = [await task for _bot, task in bots]
        assert all(report.finished for report in reports)
        await host.stop()

    run(scenario())
    no_tracebacks(capfd, caplog)
    logged = [record.getMessage() for record in caplog.records if record.name.startswith("cacao_game.net")]
    assert any("a binary frame, refused" in line for line in logged)
    assert any("Decide refused (not_seated)" in line for line in logged)
    assert any("closed by the host" in line and "1009" in line for line in logged)
    assert sum("unreadable message" in line for line in logged) >= 7


def test_a_client_of_another_version_is_told_so_in_words() -> None:
    async def scenario() -> tuple[p.HostMessage, int | None]:
        host = await start_host(None)
        ws = await open_raw(host)
        await ws.send(f'{{"type": "join", "version": {p.VERSION + 1}, "table": "ABCDEF", "colour": "blue"}}')
        problem = await expect(ws, p.Problem)
        code = await closed(ws)
        await host.stop()
        return problem, code

    problem, code = run(scenario())
    assert isinstance(problem, p.Problem) and problem.code == "version" and problem.fatal
    assert f"version {p.VERSION}" in problem.text and f"version {p.VERSION + 1}" in problem.text
    assert code == 1008


def test_a_web_page_cannot_open_a_connection_and_the_game_s_client_still_can() -> None:
    async def scenario() -> tuple[int, p.HostMessage]:
        host = await start_host(None)
        try:
            with pytest.raises(InvalidStatus) as refused:
                await connect(f"ws://{LOCAL}:{host.port}/", origin=Origin("http://page.example"))
            ws = await open_raw(host)
            await send(ws, p.Join(p.VERSION, "ABCDEF", "Ana"))
            answer = await expect(ws, p.Problem)
            await ws.close()
        finally:
            await host.stop()
        return refused.value.response.status_code, answer

    status, answer = run(scenario())
    assert status == 403
    assert isinstance(answer, p.Problem) and answer.code != "version"


def test_a_flood_is_cut_off_and_other_connections_carry_on() -> None:
    async def scenario() -> tuple[list[str], int | None, bool]:
        host = await start_host(None)
        flood = await open_raw(host)
        calm = await open_raw(host)
        for _ in range(400):
            try:
                await flood.send('{"type": "ask_hint", "seat": 0, "token": "x", "at": 0}')
            except ConnectionClosed:
                break
        codes: list[str] = []
        with pytest.raises(ConnectionClosed):
            while True:
                frame = await asyncio.wait_for(flood.recv(), 5.0)
                message = p.decode_host(frame.encode() if isinstance(frame, str) else frame)
                if isinstance(message, p.Problem):
                    codes.append(message.code)
        await send(calm, p.Create(p.VERSION, "Calm", options("remote", "random")))
        welcome = await expect(calm, p.Welcome)
        await host.stop()
        return codes, flood.close_code, isinstance(welcome, p.Welcome)

    codes, close_code, calm_joined = run(scenario())
    assert codes == ["flood"]
    assert close_code == 1008
    assert calm_joined


@pytest.mark.parametrize(
    ("join", "code"),
    [
        (p.Join(p.VERSION, "../../etc/passwd", "Eve"), "table"),
        (p.Join(p.VERSION, "'; DROP", "Eve"), "table"),
        (p.Join(p.VERSION, "ZZZZZZ", "Eve"), "table"),
        (p.Join(p.VERSION, "{code}", "Eve\x00"), "name"),
        (p.Join(p.VERSION, "{code}", "E" * 200), "name"),
        (p.Join(p.VERSION, "{code}", "  "), "name"),
        (p.Join(p.VERSION, "{code}", token="stolen"), "token"),
        (p.Create(p.VERSION, "Eve", options("remote", "root")), "options"),
        (p.Create(p.VERSION, "Eve", options("remote")), "options"),
        (p.Create(p.VERSION, "Eve", options("easy", "easy")), "options"),
        (p.Create(p.VERSION, "Eve", options("remote", "easy", standin_after=-1.0)), "options"),
        (p.Create(p.VERSION, "Eve", options("remote", "expert", expert_time=4.0)), "options"),
    ],
)
def test_bad_joins_are_refused_with_a_reason_and_the_table_is_unchanged(
    join: p.Join | p.Create, code: str
) -> None:
    async def scenario() -> tuple[p.HostMessage, int, int | None]:
        host = await start_host(None)
        owner = await open_raw(host)
        await send(owner, p.Create(p.VERSION, "Ana", options("remote", "remote")))
        welcome = await expect(owner, p.Welcome)
        assert isinstance(welcome, p.Welcome)
        request = join
        if isinstance(join, p.Join):
            request = p.Join(join.version, join.table.replace("{code}", welcome.table), join.name, join.token)
        ws = await open_raw(host)
        await send(ws, request)
        problem = await expect(ws, p.Problem)
        close_code = await closed(ws)
        table = host.tables[welcome.table]
        free = table.free_seat()
        await host.stop()
        return problem, len(host.tables), close_code if free == 1 else -1

    problem, tables, close_code = run(scenario())
    assert isinstance(problem, p.Problem) and problem.code == code and problem.fatal and problem.text
    assert problem.text[0].isupper() and problem.text.endswith("."), "a sentence (a malformed code's was not)"
    assert tables == 1
    assert close_code == 1008


def _keeps_the_turn(game: Game, action: Action) -> bool:
    """Whether ``action`` leaves the mover a decision of the same turn (a fill to make)."""
    trial = game.clone()
    trial.apply(action)
    return trial.current_player() == game.current_player() and trial.phase is Phase.FILL


def test_commands_for_another_seat_out_of_turn_stale_illegal_or_with_a_wrong_token_change_nothing() -> None:
    """Each refused command gets a ``Refusal`` with a reason and words; the game is unchanged.
    Then strict undo: the mover takes back a placement of a turn still going on (a fill to
    come); the other player cannot; once the mover's turn is over (it drew a worker tile), neither
    can the mover."""

    async def scenario() -> dict[str, object]:
        host = await start_host(None, seed=4)
        (ana, first), (bo, second), started = await two_seated(host, options("remote", "remote", hints=True))
        assert first.token is not None and second.token is not None
        game = view_game(started)
        legal = decision(game.legal_actions()[0])
        session = host.tables[first.table].session
        tries = {
            "other seat": (ana, p.Decide(1, first.token, 0, [legal])),
            "wrong token": (ana, p.Decide(0, second.token, 0, [legal])),
            "out of turn": (bo, p.Decide(1, second.token, 0, [legal])),
            "stale": (ana, p.Decide(0, first.token, 5, [legal])),
            "illegal": (ana, p.Decide(0, first.token, 0, [PlaceJSON("9999", 0, (40, 40))])),
            "nothing": (ana, p.Decide(0, first.token, 0, [])),
            "undo of nothing": (ana, p.TakeBack(0, first.token, 0)),
            "hint for another": (bo, p.AskHint(0, second.token, 0)),
        }
        reasons: dict[str, object] = {}
        for name, (ws, message) in tries.items():
            await send(ws, message)
            refusal = await expect(ws, p.Refusal)
            assert isinstance(refusal, p.Refusal) and refusal.text
            reasons[name] = refusal.reason
            assert session.game.actions == []
        await send(ana, p.AskHint(0, first.token, 0))
        hint = await expect(ana, p.Hint)
        assert isinstance(hint, p.Hint)
        reasons["hint legal"] = game.is_legal(action_from_json(hint.action))
        seats = {0: (ana, first.token), 1: (bo, second.token)}
        state = started
        while True:
            view = view_game(state)
            keeping = [a for a in view.legal_actions() if _keeps_the_turn(view, a)]
            mover = state.deciding
            ws, token = seats[mover]
            action = keeping[0] if keeping else view.legal_actions()[0]
            await send(ws, p.Decide(mover, token, state.decisions, [decision(action)]))
            placed = await update_at(ws, state.decisions + 1)
            if keeping:
                break
            state = await update_at(ana, placed.decisions) if ws is not ana else placed
            state = await update_at(bo, placed.decisions) if ws is not bo else state
        before = state.decisions
        other_ws, other_token = seats[1 - mover]
        await update_at(other_ws, before + 1)
        await send(other_ws, p.TakeBack(1 - mover, other_token, before + 1))
        reasons["undo by the other"] = getattr(await expect(other_ws, p.Refusal), "reason", None)
        await send(ws, p.TakeBack(mover, token, before + 1))
        undone = await expect(ws, p.Update)
        assert isinstance(undone, p.Update)
        reasons["undo"] = (undone.undone, undone.state.decisions - before, len(session.game.actions) - before)
        state = undone.state
        while state.deciding == mover:
            action = view_game(state).legal_actions()[0]
            await send(ws, p.Decide(mover, token, state.decisions, [decision(action)]))
            state = await update_at(ws, state.decisions + 1)
        await send(ws, p.TakeBack(mover, token, state.decisions))
        reasons["undo after the turn"] = getattr(await expect(ws, p.Refusal), "reason", None)
        await host.stop()
        return reasons

    reasons = run(scenario())
    assert reasons == {
        "other seat": "seat",
        "wrong token": "seat",
        "out of turn": "turn",
        "stale": "stale",
        "illegal": "illegal",
        "nothing": "count",
        "undo of nothing": "undo.nothing",
        "hint for another": "seat",
        "hint legal": True,
        "undo by the other": "undo.other_human",
        "undo": (1, 0, 0),
        "undo after the turn": "undo.reveal",
    }


def test_idle_connections_and_one_too_many_are_closed_with_a_reason() -> None:
    """A connection that joins no table in time is told so; one past the limit cuts the oldest
    connection at no table; when every connection is at a table, the newcomer hears the host
    is busy; the seated ones carry on."""

    async def scenario() -> tuple[list[str], int | None, int | None, bool]:
        host = await start_host(None, max_connections=2, join_wait=0.2)
        first = await open_raw(host)
        idle = await expect(first, p.Problem)
        first_code = await closed(first)
        second = await open_raw(host)
        await send(second, p.Create(p.VERSION, "Ana", options("remote", "random")))
        await expect(second, p.Welcome)
        third = await open_raw(host)
        fourth = await open_raw(host)
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(third.recv(), 5.0)
        await send(fourth, p.Create(p.VERSION, "Bo", options("remote", "random")))
        await expect(fourth, p.Welcome)
        fifth = await open_raw(host)
        busy = await expect(fifth, p.Problem)
        fifth_code = await closed(fifth)
        await send(second, p.AskHint(0, "x", 0))
        still = await expect(second, p.Refusal)
        await host.stop()
        codes = [getattr(m, "code", "") for m in (idle, busy)] + [getattr(still, "reason", "")]
        return codes, first_code, fifth_code, third.close_code != 1000

    codes, first_code, fifth_code, cut = run(scenario())
    assert codes == ["idle", "busy", "seat"]
    assert first_code == fifth_code == 1008
    assert cut


def test_a_table_that_never_started_is_closed_once_everyone_has_left(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, int, list[Path]]:
        host = await start_host(tmp_path, abandon_after=0.1)
        ws = await open_raw(host)
        await send(ws, p.Create(p.VERSION, "Ana", options("remote", "remote")))
        await expect(ws, p.Welcome)
        opened = len(host.tables)
        await ws.close()
        await asyncio.sleep(0.5)
        left = len(host.tables)
        await host.stop()
        return opened, left, sorted((tmp_path / "tables").glob("*"))

    opened, left, files = run(scenario())
    assert (opened, left) == (1, 0)
    assert files == []


def test_a_create_flood_from_one_address_is_refused_in_words_and_fills_no_slot() -> None:
    """One address may have ``open_per_address`` tables waiting for players; more creates
    are refused (fatal ``tables``), the other tables carry on, and a table that starts
    frees its place."""

    async def scenario() -> tuple[list[str], p.HostMessage, int | None, int, str]:
        host = await start_host(None, open_per_address=3)
        creators = []
        for number in range(3):
            ws = await open_raw(host)
            await send(ws, p.Create(p.VERSION, f"Ana{number}", options("remote", "remote")))
            creators.append((ws, await expect(ws, p.Welcome)))
        extra = await open_raw(host)
        await send(extra, p.Create(p.VERSION, "Eve", options("remote", "remote")))
        refused = await expect(extra, p.Problem)
        code = await closed(extra)
        opened = len(host.tables)
        first = creators[0][1]
        assert isinstance(first, p.Welcome)
        friend = await open_raw(host)
        await send(friend, p.Join(p.VERSION, first.table, "Bo"))
        await expect(friend, p.Welcome)
        again = await open_raw(host)
        await send(again, p.Create(p.VERSION, "Eve", options("remote", "remote")))
        welcome = await expect(again, p.Welcome)
        await host.stop()
        return sorted(host.tables), refused, code, opened, type(welcome).__name__

    tables, refused, code, opened, after = run(scenario())
    assert isinstance(refused, p.Problem) and refused.code == "tables" and refused.fatal
    assert "3 tables waiting" in refused.text
    assert code == 1008 and opened == 3
    assert after == "Welcome" and len(tables) == 4


def test_a_table_nobody_is_at_before_it_starts_closes_after_the_wait_by_the_hosts_clock(
    tmp_path: Path,
) -> None:
    """A created table whose player left, and a table opened that nobody ever joined, are
    closed once ``abandon_after`` has passed on the host's (injected) clock, files and all;
    a table with someone at it stays."""
    now = [1000.0]

    async def scenario() -> tuple[int, int, int, list[str], list[Path]]:
        host = await start_host(tmp_path, abandon_after=120.0, clock=lambda: now[0])
        never = host.open_table(options("remote", "remote")).code
        ws = await open_raw(host)
        await send(ws, p.Create(p.VERSION, "Ana", options("remote", "remote")))
        await expect(ws, p.Welcome)
        kept = await open_raw(host)
        await send(kept, p.Create(p.VERSION, "Bo", options("remote", "remote")))
        kept_code = await expect(kept, p.Welcome)
        assert isinstance(kept_code, p.Welcome)
        await ws.close()
        while len(host._idle) < 2:  # the host has seen Ana leave
            await asyncio.sleep(0.01)
        now[0] += 119.0
        early = host.sweep()
        now[0] += 2.0
        late = host.sweep()
        again = host.sweep()
        tables = sorted(host.tables)
        await host.stop()
        assert tables == [kept_code.table] and never not in tables
        return early, late, again, [kept_code.table], sorted((tmp_path / "tables").glob("*.json"))

    early, late, again, kept, files = run(scenario())
    assert (early, late, again) == (0, 2, 0)
    assert [path.stem for path in files] == kept


def test_a_host_sending_nonsense_cannot_crash_a_client() -> None:
    """A state that is no table (wrong counts, unknown tiles, phases, seats) is refused with
    ValueError; the client logs it and keeps its last table. A review found per-seat lists
    left unchecked (``cacao`` of none crashed the window drawing the scores)."""
    import random

    import msgspec

    from cacao_game.engine import Game as EngineGame
    from cacao_game.engine.scoring import SeatScore
    from cacao_game.net.client import RemoteTable
    from cacao_game.net.views import table_state, view_game

    game = EngineGame.new(3, "base", 5)
    rng = random.Random(5)
    for _ in range(25):
        game.apply(rng.choice(game.legal_actions()))
    state = table_state(game, 1, table="ABCDEF", seats=[], started=True, hints=False)
    broken = [
        {"unplayed": []},
        {"hand_sizes": [3]},
        {"players": 9},
        {"phase": 7},
        {"opening_display": ["nope", "nope"]},
        {"opening_hand": ["9999", "1111", "1111"]},
        {"you": 5},
        {"edges": [p.EdgeMsg(7, (0, 0), 9, (0, 0), "x", 1, 1)]},
        {"variant": "chess"},
        {"cacao": []},
        {"sun": [0]},
        {"water": [0, 0, 0, 0]},
        {"final": [SeatScore(0, 0, 0, 0, 0)]},
        {"covered": [p.WorkerMsg((0, 0), 5, "1111", 0)]},
        {"resolve_queue": [3]},
    ]
    for change in broken:
        with pytest.raises(ValueError):
            view_game(msgspec.structs.replace(state, **change))
    seat = p.SeatInfo("Ana", "red", "remote", True, True, False)
    with pytest.raises(ValueError, match="0 seats at a table of 3"):
        RemoteTable.of(state)
    assert RemoteTable.of(msgspec.structs.replace(state, seats=[seat] * 3)).game.players == 3


def test_a_table_takes_only_so_many_spectators() -> None:
    async def scenario() -> tuple[object, object]:
        host = await start_host(None, max_spectators=1)
        owner = await open_raw(host)
        await send(owner, p.Create(p.VERSION, "Ana", options("remote", "remote")))
        welcome = await expect(owner, p.Welcome)
        assert isinstance(welcome, p.Welcome)
        first, second = await open_raw(host), await open_raw(host)
        await send(first, p.Join(p.VERSION, welcome.table, spectate=True))
        watching = await expect(first, p.Welcome)
        await send(second, p.Join(p.VERSION, welcome.table, spectate=True))
        refused = await expect(second, p.Problem)
        await host.stop()
        return watching, refused

    watching, refused = run(scenario())
    assert isinstance(watching, p.Welcome) and watching.seat is None
    assert isinstance(refused, p.Problem) and refused.code == "watchers" and refused.fatal


def test_a_table_opened_for_a_seat_that_is_not_remote_is_refused_and_none_is_opened() -> None:
    async def scenario() -> tuple[p.HostMessage, p.HostMessage, list[str]]:
        host = await start_host(None)
        ws = await open_raw(host)
        await send(ws, p.Create(p.VERSION, "Ana", options("remote", "medium"), seat=1))
        refused = await answer_to_join(ws)
        opened = list(host.tables)
        chooser = await open_raw(host)
        await send(chooser, p.Create(p.VERSION, "Ana", options("remote", "remote"), seat=1))
        welcome = await answer_to_join(chooser)
        await host.stop()
        return refused, welcome, opened

    refused, welcome, opened = run(scenario())
    assert isinstance(refused, p.Problem) and refused.code == "options" and opened == []
    assert isinstance(welcome, p.Welcome) and welcome.seat == 1


def test_one_address_takes_only_so_many_of_a_table_s_spectator_places() -> None:
    async def scenario() -> tuple[list[p.HostMessage], p.HostMessage]:
        host = await start_host(None)
        owner = await open_raw(host)
        await send(owner, p.Create(p.VERSION, "Ana", options("remote", "remote")))
        welcome = await expect(owner, p.Welcome)
        assert isinstance(welcome, p.Welcome)
        answers = []
        for _ in range(SPECTATORS_PER_ADDRESS + 1):
            ws = await open_raw(host)
            await send(ws, p.Join(p.VERSION, welcome.table, spectate=True))
            answers.append(await answer_to_join(ws))
        await host.stop()
        return answers[:-1], answers[-1]

    watching, refused = run(scenario())
    assert all(isinstance(answer, p.Welcome) and answer.seat is None for answer in watching)
    assert isinstance(refused, p.Problem) and refused.code == "watchers_address" and refused.fatal


def test_a_client_that_never_reads_is_cut_off_by_the_bytes_it_leaves_waiting(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A spectator of a game that runs (a bot against the AI) that never reads is closed once
    ``outbox_bytes`` wait for it in the host's process (queued, or in the transport's
    buffer), long before ``OUTBOX`` messages; it is logged once, the game goes on to its end
    and the host serves the next client. The host's socket gets a small send buffer, as the
    kernel's buffers of a client that stopped reading long ago are full."""
    import socket

    caplog.set_level(logging.INFO)

    async def scenario() -> tuple[int, int]:
        host = await start_host(None, outbox_bytes=16 * 1024)
        ((bot, bot_task),) = await seated_bots(host, options("remote", "random"), remotes=1, think=0.02)
        code = bot.link.code
        assert code is not None
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        raw.connect((LOCAL, host.port))
        ws = await connect(f"ws://{LOCAL}:{host.port}/", sock=raw, max_size=p.HOST_LIMIT, compression=None)
        await send(ws, p.Join(p.VERSION, code, spectate=True))
        welcome = await expect(ws, p.Welcome)
        assert isinstance(welcome, p.Welcome) and welcome.seat is None
        (watcher,) = [c for c in host._connections if c.table is not None and c.seat is None]
        watcher.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        for _ in range(200):
            if watcher not in host._connections:
                break
            await asyncio.sleep(0.05)
        left = sum(c.seat is None for c in host._connections)
        assert (await bot_task).finished
        other = await open_raw(host)
        await send(other, p.Create(p.VERSION, "Bo", options("remote", "random")))
        served = await expect(other, p.Welcome)
        assert isinstance(served, p.Welcome)
        await host.stop()
        slow = [r for r in caplog.records if "too slow" in r.getMessage()]
        return left, len(slow)

    assert run(scenario()) == (0, 1)


def test_a_player_who_leaves_and_comes_back_again_and_again_holds_one_timer() -> None:
    """Every leave waits ``standin_after`` seconds (up to an hour) for the stand-in; 40 quick
    rejoins with the token leave no more timers waiting on the host's loop than one does,
    and the stand-in still comes after the last leave."""

    async def scenario() -> tuple[int, int, bool]:
        host = await start_host(None, return_burst=50)  # the comebacks' own budget is tested apart
        owner = await open_raw(host)
        await send(owner, p.Create(p.VERSION, "Ana", options("remote", "remote", standin_after=0.5)))
        welcome = await expect(owner, p.Welcome)
        assert isinstance(welcome, p.Welcome) and welcome.token is not None
        ws = await open_raw(host)
        await send(ws, p.Join(p.VERSION, welcome.table, "Bo"))
        seated = await expect(ws, p.Welcome)
        assert isinstance(seated, p.Welcome) and seated.token is not None and seated.seat is not None
        loop = asyncio.get_running_loop()
        counts = []
        for _ in range(40):
            await ws.close()
            ws = await open_raw(host)
            await send(ws, p.Join(p.VERSION, welcome.table, token=seated.token))
            await expect(ws, p.Welcome)
            waiting = loop._scheduled  # type: ignore[attr-defined]
            counts.append(sum(not handle.cancelled() for handle in waiting))
        await ws.close()
        await asyncio.sleep(1.0)
        standin = host.tables[welcome.table].seats[seated.seat].standin
        await host.stop()
        return counts[0], max(counts), standin

    first, most, standin = run(scenario())
    assert most <= first + 2
    assert standin


def test_a_player_rejoining_in_a_loop_cannot_flood_the_others_at_the_table() -> None:
    """Each join and leave tells the table who is here, but at most one such update per
    ``PRESENCE_EVERY``: 30 quick rejoins reach a spectator as a few updates, the last of which
    shows the seat as it is (gone)."""

    async def scenario() -> tuple[int, float, bool]:
        host = await start_host(None, return_burst=50)  # the comebacks' own budget is tested apart
        owner = await open_raw(host)
        await send(owner, p.Create(p.VERSION, "Ana", options("remote", "remote", standin=None)))
        welcome = await expect(owner, p.Welcome)
        assert isinstance(welcome, p.Welcome) and welcome.token is not None
        watcher = await open_raw(host)
        await send(watcher, p.Join(p.VERSION, welcome.table, spectate=True))
        await expect(watcher, p.Update)
        loop = asyncio.get_running_loop()
        began = loop.time()
        for _ in range(30):
            ws = await open_raw(host)
            await send(ws, p.Join(p.VERSION, welcome.table, token=welcome.token))
            await expect(ws, p.Welcome)
            await ws.close()
            await ws.wait_closed()
        took = loop.time() - began
        updates: list[p.Update] = []
        with contextlib.suppress(asyncio.TimeoutError):
            while True:
                frame = await asyncio.wait_for(watcher.recv(), 1.0)
                message = p.decode_host(frame.encode() if isinstance(frame, str) else frame)
                if isinstance(message, p.Update):
                    updates.append(message)
        await host.stop()
        return len(updates), took, updates[-1].state.seats[0].connected

    count, took, connected = run(scenario())
    assert count <= took / PRESENCE_EVERY + 2
    assert count < 30
    assert not connected


def test_after_a_finished_games_record_nothing_more_is_sent() -> None:
    """Ana and Bo finish a game while Cy watches (the table stays while someone is at it);
    Ana's token then comes back: the host answers welcome, the game's update and its record,
    and nothing after the record (who comes and goes at a finished table is not told: the
    record is the last word), and a command on the finished game is refused ``over``. Once
    the last one at it (Cy, a spectator) goes, the finished table stays ``abandon_after``
    seconds for a player who dropped before the end (a trial's never learned who won), then
    a sweep closes it (it was kept for good when the last to go was a spectator)."""

    async def scenario() -> tuple[list[type], str, bool, bool]:
        now = [0.0]
        host = await start_host(None, abandon_after=120.0, clock=lambda: now[0])
        ((ana, ana_task),) = await seated_bots(host, options("remote", "remote"), remotes=1)
        code = ana.link.code
        assert code is not None
        cy = await open_raw(host)
        await send(cy, p.Join(p.VERSION, code, spectate=True))
        await expect(cy, p.Welcome)
        bo = Bot(LOCAL, host.port, p.Join(p.VERSION, code, "Bo"), seed=4)
        reports = await asyncio.gather(ana_task, bo.run(25.0))
        assert all(report.finished for report in reports)
        token = ana.link.token
        assert token is not None
        back = await open_raw(host)
        await send(back, p.Join(p.VERSION, code, token=token))
        seen: list[type] = []
        with contextlib.suppress(TimeoutError):
            while True:
                frame = await asyncio.wait_for(back.recv(), 4 * PRESENCE_EVERY)
                seen.append(type(p.decode_host(frame.encode() if isinstance(frame, str) else frame)))
        at = reports[0].state.decisions if reports[0].state else 0
        await send(back, p.TakeBack(0, token, at))
        refusal = await expect(back, p.Refusal)
        assert isinstance(refusal, p.Refusal)
        await back.close()
        await cy.close()
        for _ in range(100):  # the last one at it was a spectator: it waits all the same
            if code in host._idle:
                break
            await asyncio.sleep(0.05)
        now[0] += 119.0
        host.sweep()
        kept = code in host.tables
        now[0] += 2.0
        host.sweep()
        gone = code not in host.tables
        await host.stop()
        return seen, refusal.reason, kept, gone

    seen, reason, kept, gone = run(scenario())
    assert seen == [p.Welcome, p.Update, p.GameRecord]
    assert reason == "over"
    assert kept and gone


async def received_until_refused(ws: ClientConnection, reason: str) -> list[str]:
    """The types (refusals with their reason) of the messages ``ws`` gets up to and with the
    first ``Refusal`` of ``reason``, within 5 seconds each."""
    seen: list[str] = []
    while not seen or seen[-1] != f"refused {reason}":
        frame = await asyncio.wait_for(ws.recv(), 5.0)
        message = p.decode_host(frame.encode() if isinstance(frame, str) else frame)
        seen.append(f"refused {message.reason}" if isinstance(message, p.Refusal) else type(message).__name__)
    return seen


def test_stale_commands_get_the_whole_table_once_per_change_not_once_each() -> None:
    """A stale ``decide``, ``undo`` or ``ask_hint`` is answered with the whole table (its
    history too, tens of KiB late in a game) once per change of the game, as the refusal
    says: a client that has the whole table as it is now (it just joined, or a stale command
    got it) gets only the refusal. (A client sending 20 stale commands a second had the host
    build and send every decision of the game 20 times a second, 50 bytes in for 50 KiB out;
    a trial's stale undo and hint got the refusal's promise of the table and no table.)"""

    async def scenario() -> list[list[str]]:
        host = await start_host(None, seed=4)
        (ana, first), (bo, second), state = await two_seated(host, options("remote", "remote", hints=True))
        assert first.token is not None and second.token is not None
        kinds: list[p.ClientMessage] = [
            p.Decide(1, second.token, 999, []),
            p.TakeBack(1, second.token, 999),
            p.AskHint(1, second.token, 999),
        ]
        marker = p.Leave(1, "not the token")
        await asyncio.sleep(2 * PRESENCE_EVERY)  # who joined has been told: nothing more comes
        await send(bo, marker)
        await received_until_refused(bo, "seat")
        rounds: list[list[str]] = []
        for round_number in range(4):
            first_kind = max(0, round_number - 1)
            for stale in kinds[first_kind:] + kinds[:first_kind]:
                await send(bo, stale)
            await send(bo, marker)
            rounds.append(await received_until_refused(bo, "seat"))
            if round_number == 3:
                break
            seats = {0: (ana, first.token), 1: (bo, second.token)}
            ws, token = seats[state.deciding]
            action = view_game(state).legal_actions()[0]
            await send(ws, p.Decide(state.deciding, token, state.decisions, [decision(action)]))
            state = await update_at(bo, state.decisions + 1)
        await host.stop()
        return rounds

    rounds = run(scenario())
    once = ["refused stale", "Update", "refused stale", "refused stale", "refused seat"]
    assert rounds == [
        ["refused stale", "refused stale", "refused stale", "refused seat"],  # joined: has it all
        once,  # a stale decide first
        once,  # a stale undo first
        once,  # a stale hint first
    ]


def test_a_game_every_player_left_with_no_ai_to_play_closes_once_nobody_is_at_it(tmp_path: Path) -> None:
    """Ana and Bo start a game at a table without a stand-in and both leave on purpose: the
    game can only go on with new players, so once nobody has been at it for ``abandon_after``
    (the host's injected clock) it closes, files and all, as a table that never started does
    (such tables used to stay for good, holding one of the host's 200 tables and one of the
    opener's 4). A game whose players only dropped keeps its table: their tokens still work."""
    now = [1000.0]

    async def table_of_two(host: Host) -> tuple[str, list[tuple[ClientConnection, int, str]]]:
        players = await two_seated(host, options("remote", "remote", standin=None))
        seated = [(ws, welcome.seat or 0, welcome.token or "") for ws, welcome in players[:2]]
        return players[0][1].table, seated

    async def scenario() -> tuple[list[str], list[str], str, str]:
        host = await start_host(tmp_path, abandon_after=120.0, clock=lambda: now[0])
        left, leavers = await table_of_two(host)
        dropped, droppers = await table_of_two(host)
        assert host.tables[left].started
        for ws, seat, token in leavers:
            await send(ws, p.Leave(seat, token))
            assert await closed(ws) == 1000, "a leave is a normal close, not a policy violation"
        for ws, _seat, _token in droppers:
            await ws.close()
        while left not in host._idle or any(s.connected for s in host.tables[dropped].seats):
            await asyncio.sleep(0.01)
        early, late = swept_around(host, now, 120.0)
        await host.stop()
        return early, late, left, dropped

    early, late, left, dropped = run(scenario())
    assert early == sorted([left, dropped])
    assert late == [dropped]
    assert [path.stem for path in (tmp_path / "tables").glob("*.json")] == [dropped]


async def refused(host: Host, message: p.Join | p.Create) -> p.HostMessage:
    """The host's first answer (a welcome or an error) to ``message`` on a new connection,
    which is then closed."""
    ws = await open_raw(host)
    await send(ws, message)
    answer = await expect(ws, p.Problem | p.Welcome)  # type: ignore[arg-type]
    await ws.close()
    return answer


def test_a_full_table_refuses_every_join_as_full_whatever_the_name() -> None:
    """A tester joining a full table under the name of a player at it was told to pick
    another name, and under any other name that every seat is taken: a full table is said
    first (``error`` ``full``), since another name would not help; a player's name, an AI
    seat's, letter case aside, or a new one alike."""

    async def scenario() -> list[p.HostMessage]:
        host = await start_host(None)
        (ana, first), (bo, _second), _started = await two_seated(host, options("remote", "remote", "easy"))
        answers = [
            await refused(host, p.Join(p.VERSION, first.table, name)) for name in ("bo", "Ana", "Easy", "Cy")
        ]
        for ws in (ana, bo):
            await ws.close()
        await host.stop()
        return answers

    for answer in run(scenario()):
        assert isinstance(answer, p.Problem) and answer.code == "full" and answer.fatal
        assert answer.text.startswith("Every seat at this table is taken")


def test_nobody_joins_under_the_name_of_someone_at_the_table(tmp_path: Path) -> None:
    """Eve tries to sit at Ana's table as "Ana", then "ANA", then as the AI seat's name, then
    as names that look like "Ana" on screen (a Cyrillic А, a Greek Α, full-width letters: a
    trial seated a second "Ana" that way) and "Εasy" with a Greek Ε: each is refused
    (``error`` ``name``, fatal) in words naming the one already called so, and the seat
    stays free; as "Eve" she sits. A create whose player has an AI seat's name opens no
    table. A seat left on purpose is free: a new "Bo" may take Bo's old seat. Only a clash
    with a player's name points to Rejoin game (a trial read it for an AI seat's name)."""

    async def scenario() -> tuple[list[p.HostMessage], list[str], p.HostMessage, int, p.HostMessage]:
        host = await start_host(tmp_path)
        ana = await open_raw(host)
        await send(ana, p.Create(p.VERSION, "Ana", options("remote", "remote", "remote", "easy")))
        first = await expect(ana, p.Welcome)
        assert isinstance(first, p.Welcome)
        code = first.table
        names = ("Ana", "ANA", "Easy", "\u0410na", "\u0391NA", "\uff21\uff4e\uff41", "\u0395asy")
        answers = [await refused(host, p.Join(p.VERSION, code, name)) for name in names]
        names_before = [seat.name for seat in host.tables[code].seat_infos(0.0)]
        eve = await refused(host, p.Join(p.VERSION, code, "Eve"))
        tables = len(host.tables)
        clash = await refused(host, p.Create(p.VERSION, "Easy", options("remote", "easy")))
        tables_after = len(host.tables) - tables
        bo = await open_raw(host)
        await send(bo, p.Join(p.VERSION, code, "Bo"))
        seated = await expect(bo, p.Welcome)
        assert isinstance(seated, p.Welcome) and seated.token is not None and seated.seat is not None
        await send(bo, p.Leave(seated.seat, seated.token))
        await closed(bo)
        new_bo = await refused(host, p.Join(p.VERSION, code, "Bo"))
        await host.stop()
        return [*answers, clash], names_before, eve, tables_after, new_bo

    answers, names, eve, tables_after, new_bo = run(scenario())
    called_so = ("Ana", "Ana", "Easy", "Ana", "Ana", "Ana", "Easy", "Easy")
    for answer, called in zip(answers, called_so, strict=True):
        assert isinstance(answer, p.Problem) and answer.code == "name" and answer.fatal
        assert f"already called {called}" in answer.text
        assert ("Rejoin game" in answer.text) == (called == "Ana"), "the way back is a player's, not an AI's"
    assert names[0] == "Ana" and "Ana" not in names[1:3]
    assert isinstance(eve, p.Welcome) and eve.seat == 1
    assert tables_after == 0
    assert isinstance(new_bo, p.Welcome) and new_bo.seat == 2


def test_a_spectator_coming_and_going_does_not_keep_an_abandoned_table_for_good(tmp_path: Path) -> None:
    """Ana opens a table and goes; a spectator comes and goes: the table still closes once
    nobody has been at it for ``abandon_after`` after that (the host's injected clock). (A
    spectator's visit used to stop the wait for good: an address could keep tables open
    forever by watching each once.)"""
    now = [1000.0]

    async def scenario() -> tuple[bool, bool]:
        host = await start_host(tmp_path, abandon_after=120.0, clock=lambda: now[0])
        ana = await open_raw(host)
        await send(ana, p.Create(p.VERSION, "Ana", options("remote", "remote")))
        welcome = await expect(ana, p.Welcome)
        assert isinstance(welcome, p.Welcome)
        await ana.close()
        while welcome.table not in host._idle:
            await asyncio.sleep(0.01)
        eve = await open_raw(host)
        await send(eve, p.Join(p.VERSION, welcome.table, spectate=True))
        await expect(eve, p.Welcome)
        await eve.close()
        while host._members.get(welcome.table):
            await asyncio.sleep(0.01)
        now[0] += 121.0
        host.sweep()
        gone = welcome.table not in host.tables
        await host.stop()
        return gone, any((tmp_path / "tables").glob(f"{welcome.table}*"))

    gone, files = run(scenario())
    assert gone and not files


def test_a_game_whose_players_all_dropped_closes_after_the_long_wait_and_frees_its_openers_slot(
    tmp_path: Path,
) -> None:
    """A network trial filled its address's 4 table slots with games whose players had all
    dropped: such a table stays for its players' return (their tokens still work) but not for
    good: once nobody has been at it for ``deserted_after`` (the host's injected clock) it
    closes, files and all, and its opener may open another."""
    now = [1000.0]

    async def scenario() -> tuple[list[str], list[str], str, p.HostMessage, p.HostMessage]:
        host = await start_host(
            tmp_path, abandon_after=120.0, deserted_after=900.0, open_per_address=1, clock=lambda: now[0]
        )
        players = await two_seated(host, options("remote", "remote", standin=None))
        code = players[0][1].table
        for ws, _welcome in players[:2]:
            await ws.close()
        while any(s.connected for s in host.tables[code].seats):
            await asyncio.sleep(0.01)
        extra = await open_raw(host)
        await send(extra, p.Create(p.VERSION, "Eve", options("remote", "remote")))
        refused = await expect(extra, p.Problem)
        early, late = swept_around(host, now, 900.0)
        again = await open_raw(host)
        await send(again, p.Create(p.VERSION, "Eve", options("remote", "remote")))
        opened = await expect(again, p.Welcome)
        await host.stop()
        return early, late, code, refused, opened

    early, late, code, refused, opened = run(scenario())
    assert isinstance(refused, p.Problem) and refused.code == "tables" and "15 minutes" in refused.text
    assert early == [code] and late == []
    assert isinstance(opened, p.Welcome)
    assert [path.stem for path in (tmp_path / "tables").glob("*.json")] == [opened.table]


def test_bad_messages_from_many_connections_cannot_fill_the_log(caplog: pytest.LogCaptureFixture) -> None:
    """A trial's ten connections sending messages with a 7 KB unknown key at the rate limit
    wrote the key back into a log line each and rotated away every log file in 10 s. Lines
    about clients now share one budget (``LINES_BURST`` at once, then ``LINES_PER_SECOND``),
    each quotes at most ``QUOTE_LIMIT`` characters of what a client sent, the lines left out
    are counted in the next one, and every message still gets its error. Lines about
    players' seats have a budget of their own: the flood does not hide a player sitting down
    (a trial's flood hid who joined and left)."""
    caplog.set_level(logging.INFO, logger="cacao_game.net.host")
    now = [1000.0]
    bad = '{"type": "join", "' + "k" * 4000 + '": 1}'

    async def scenario() -> tuple[list[int], list[str]]:
        host = await start_host(None, clock=lambda: now[0])
        connections = [await open_raw(host) for _ in range(10)]
        answered = []
        for ws in connections:
            for _ in range(BURST):
                await ws.send(bad)
            problems = [await expect(ws, p.Problem) for _ in range(BURST)]
            answered.append(sum(isinstance(m, p.Problem) and m.code == "message" for m in problems))
        ana = await open_raw(host)
        await send(ana, p.Create(p.VERSION, "Ana", options("remote", "remote")))
        await expect(ana, p.Welcome)
        now[0] += 10.0
        late = await open_raw(host)
        await late.send(bad)
        await expect(late, p.Problem)
        await host.stop()
        return answered, [r.getMessage() for r in caplog.records if r.name == "cacao_game.net.host"]

    answered, lines = run(scenario())
    assert answered == [BURST] * 10
    assert any("Ana took seat 0" in line for line in lines), "a player's seat is logged through a flood"
    unreadable = [line for line in lines if "unreadable message" in line]
    assert len(unreadable) == LINES_BURST + 1
    assert max(len(line) for line in lines) < QUOTE_LIMIT + 150
    left_out = 10 * BURST - LINES_BURST
    assert unreadable[-1].endswith(f"({left_out} lines about clients left out before this one)")


def test_a_client_just_over_the_rate_limit_is_warned_once_then_closed() -> None:
    """docs/protocol.md: the first message over the limit gets ``flood``, the ``FLOOD_CLOSE``-th
    closes the connection. A trial's client sending a little over the limit was warned again
    after every message that got through and never closed: the count now starts again only
    once the connection is calm (its bucket full)."""
    client = Connection(ws=None, peer="test", bucket=TokenBucket.full_at(RATE, BURST, 0.0))  # type: ignore[arg-type]
    seen: list[Admission] = []
    now = 0.0
    while Admission.CLOSE not in seen and now < 1000.0:
        now += 1.0 / (RATE + 5.0)
        seen.append(client.admit(now))
    assert seen.count(Admission.WARN) == 1
    assert seen[-1] is Admission.CLOSE
    assert seen.count(Admission.DROP) == FLOOD_CLOSE - 2
    assert Admission.READ in seen[seen.index(Admission.WARN) :]

    calm = Connection(ws=None, peer="test", bucket=TokenBucket(RATE, BURST, 0.0, 0.0))  # type: ignore[arg-type]
    assert calm.admit(0.0) is Admission.WARN
    assert calm.admit(BURST / RATE) is Admission.READ
    assert calm.over_limit == 0


def test_a_seat_coming_back_in_a_loop_is_told_to_wait_and_comes_back_later() -> None:
    """A network trial's client came back with its valid token 400 times a second (each
    comeback sends the whole table: 144 MB in 15 s). A seat has ``RETURN_BURST`` comebacks at
    once, then ``RETURNS_PER_SECOND``: past them the host says it is busy (the client tries
    again after its backoff, its seat kept) and other seats are not held back."""
    from cacao_game.net.host import RETURN_BURST, RETURNS_PER_SECOND

    async def scenario() -> tuple[list[str], str, str, str]:
        now = [1000.0]
        host = await start_host(None, clock=lambda: now[0])
        (_ana, first), (_bo, second), _state = await two_seated(host, options("remote", "remote"))
        assert isinstance(first, p.Welcome) and isinstance(second, p.Welcome)
        answers = []
        for _ in range(RETURN_BURST + 1):
            again = await open_raw(host)
            await send(again, p.Join(p.VERSION, first.table, token=first.token))
            answer = await answer_to_join(again)
            answers.append(type(answer).__name__ if isinstance(answer, p.Welcome) else answer.code)
            await again.close()
        other = await open_raw(host)
        await send(other, p.Join(p.VERSION, first.table, token=second.token))
        bo_back = await answer_to_join(other)
        now[0] += 1.0 / RETURNS_PER_SECOND
        later = await open_raw(host)
        await send(later, p.Join(p.VERSION, first.table, token=first.token))
        ana_later = await answer_to_join(later)
        await host.stop()
        return answers, type(bo_back).__name__, type(ana_later).__name__, answers[-1]

    answers, bo_back, ana_later, last = run(scenario())
    assert answers[:RETURN_BURST] == ["Welcome"] * RETURN_BURST
    assert last == p.BUSY, "past the burst: busy, try again (the seat is kept)"
    assert bo_back == "Welcome", "another seat is not held back"
    assert ana_later == "Welcome", "a second later the seat comes back"


def test_a_finished_game_whose_record_could_not_be_filed_keeps_its_files_after_the_sweep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished table stays a while for late rejoins, then a sweep forgets it; when its
    record could not be filed (a full disk), its table files are the game's only copy: the
    sweep leaves them (a review found them removed)."""
    from cacao_game.net import host as host_module
    from cacao_game.net.bot import Bot

    def full_disk(record: object, path: Path) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(host_module, "_file_record", full_disk)

    async def scenario() -> tuple[list[str], bool]:
        now = [0.0]
        host = await start_host(tmp_path, abandon_after=120.0, clock=lambda: now[0])
        ((ana, ana_task),) = await seated_bots(host, options("remote", "remote"), remotes=1)
        code = ana.link.code
        assert code is not None
        bo = Bot(LOCAL, host.port, p.Join(p.VERSION, code, "Bo"), seed=4)
        reports = await asyncio.gather(ana_task, bo.run(25.0))
        assert all(report.finished for report in reports)
        for _ in range(100):
            if code in host._idle:
                break
            await asyncio.sleep(0.05)
        now[0] += 121.0
        host.sweep()
        await asyncio.sleep(0.2)
        forgotten = code not in host.tables
        files = sorted(path.name for path in (tmp_path / "tables").glob(f"{code}*"))
        await host.stop()
        return files, forgotten

    files, forgotten = run(scenario())
    assert forgotten and files, "forgotten by the host, its files kept"
