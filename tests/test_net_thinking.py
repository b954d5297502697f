"""A timed AI seat thinking at a host, as its joiners see it (issue 25, part 5): the host tells
every member which seat thinks and for how long (``thinking``), a member who joins or rejoins
meanwhile hears the time already passed, the joiner's table times the rest on its own clock
and its seat's bar shows it; a thinking message that does not fit is refused.

Real sockets on 127.0.0.1 only; the AI is held by the test (``choose`` waits for a word), every
clock is injected, and every wait is bounded (``LIMIT``), never by the speed of the machine.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import time
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool

import pygame
import pytest
from harness import run as run_frames
from net_support import LOCAL, options, run, start_host
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve

from cacao_game.app.app import App
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.play.thinking_bar import bar_rect, filled_width
from cacao_game.app.strings import kind_label, t, timed_label
from cacao_game.engine import Action, Game
from cacao_game.net import host as host_module
from cacao_game.net import protocol as p
from cacao_game.net.client import NetClient
from cacao_game.net.hosting import BackgroundHost
from cacao_game.net.remote import RemoteSource
from cacao_game.net.views import table_state
from cacao_game.session.commands import Confirm

LIMIT = 20.0
"""Seconds any wait for the network may take before the test fails."""


class Clock:
    """A clock a test moves by hand."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class HeldAI:
    """Stands in for the host's ``choose``: each decision waits until the test lets one go
    (``answer``), then plays the first legal move. Notes each request's level and budget."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int, float | None]] = []
        self._go: queue.SimpleQueue[bool] = queue.SimpleQueue()

    def __call__(self, level: str, seed: int, at: int, time_budget: float | None, game: Game) -> Action:
        self.asked.append((level, at, time_budget))
        self._go.get(timeout=LIMIT)
        return game.legal_actions()[0]

    def answer(self, count: int = 1) -> None:
        for _ in range(count):
            self._go.put(True)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldAI]:
    ai = HeldAI()
    monkeypatch.setattr(host_module, "choose", ai)
    yield ai
    ai.answer(50)  # no thread left waiting


def until(check: Callable[[], bool], what: str, poll: Callable[[], object]) -> None:
    """Call ``poll`` until ``check()`` holds (at most ``LIMIT`` seconds)."""
    deadline = time.monotonic() + LIMIT
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        poll()
        time.sleep(0.01)


def joined(port: int, request: p.Join, clock: Clock) -> RemoteSource:
    source = RemoteSource(NetClient(LOCAL, port, request), clock=clock)
    source.client.start()
    return source


def bar_pixels(surface: pygame.Surface, rect: pygame.Rect, color: pygame.Color) -> int:
    row = rect.centery
    return sum(1 for x in range(rect.left, rect.right) if surface.get_at((x, row))[:3] == color[:3])


def test_a_joiner_hears_the_expert_think_and_its_seat_bar_fills_on_the_joiners_clock(
    app: App, held: HeldAI
) -> None:
    """An expert at 5 s moves first at a host's table; Bo joins its remote seat: Bo's source
    names the expert's seat thinking from when the word arrived, the share rising on Bo's
    clock (half at 2.5 s, full from 5 s on); the table's frame carries it and the seat panel's
    bar fills that share. The move ends it (no bar on Bo's turn); after Bo's move the expert's
    next decision is timed anew from 0."""
    hosting = BackgroundHost(None, ai_processes=0, seed=7)
    port = hosting.start(LOCAL, 0)
    code = hosting.open_table(options("expert", "remote", expert_time=5.0))
    clock = Clock(50.0)
    bo = joined(port, p.Join(p.VERSION, code, "Bo"), clock)
    try:
        until(lambda: bo.thinking() is not None, "the expert's thinking", bo.poll)
        assert held.asked == [("expert", 0, 5.0)]
        assert [seat.think_time for seat in bo.table_seats()] == [5.0, None]
        assert bo.thinking() == (0, 0.0)
        scene = PlayScene(app, bo, net=bo)
        app.push(scene)
        rect = bar_rect(scene.hud.panel_rect(0))
        color = app.assets.seat_color(bo.seats[0].color)
        for seconds, share in ((2.5, 0.5), (5.0, 1.0), (9.0, 1.0)):
            clock.now = 50.0 + seconds
            run_frames(app, 1)
            assert bo.thinking() == scene.frame.thinking == (0, share)
            app.draw(app.screen)
            assert bar_pixels(app.screen, rect, color) == filled_width(rect, share) > 0

        clock.now = 70.0
        held.answer()
        until(lambda: bo.accepts_input(), "Bo's turn after the expert's move", lambda: run_frames(app, 1))
        assert len(bo.journal) == 1 and bo.thinking() is None and scene.frame.thinking is None
        app.draw(app.screen)
        assert bar_pixels(app.screen, rect, color) == 0

        while bo.accepts_input():  # Bo places (and fills): the expert's next decision comes
            bo.selection.set_provisional(bo.table_game().legal_actions()[0])
            bo.handle(Confirm())
            until(lambda: bo.thinking() is not None or bo.accepts_input(), "the host", bo.poll)
        assert bo.thinking() == (0, 0.0)  # timed anew from its word, at 70 on Bo's clock
        clock.now = 71.0
        run_frames(app, 1)
        assert bo.thinking() == scene.frame.thinking == (0, 0.2)
        assert held.asked[-1][0::2] == ("expert", 5.0) and held.asked[-1][1] == len(bo.journal)
    finally:
        app.home()
        bo.close()
        held.answer(50)
        hosting.stop()


def test_a_player_who_rejoins_or_a_spectator_who_arrives_mid_think_sees_the_time_already_passed(
    held: HeldAI,
) -> None:
    """The expert (5 s) has thought 3 s by the host's clock when Bo's window comes back with
    the seat's token and a spectator arrives: each is told 3 s have passed, so each bar starts
    at 0.6 and goes on on its own clock (0.8 one second later), whatever that clock reads."""
    host_clock = Clock(100.0)
    hosting = BackgroundHost(None, ai_processes=0, seed=7, clock=host_clock)
    port = hosting.start(LOCAL, 0)
    code = hosting.open_table(options("expert", "remote", expert_time=5.0))
    first = joined(port, p.Join(p.VERSION, code, "Bo"), Clock(0.0))
    sources = [first]
    try:
        until(
            lambda: first.thinking() is not None and first.client.token is not None, "Bo seated", first.poll
        )
        token = first.client.token
        assert token is not None
        first.close()
        host_clock.now = 103.0
        back_clock, watch_clock = Clock(500.0), Clock(7.0)
        back = joined(port, p.Join(p.VERSION, code, token=token), back_clock)
        watcher = joined(port, p.Join(p.VERSION, code, spectate=True), watch_clock)
        sources += [back, watcher]
        for source in (back, watcher):
            until(lambda s=source: s.thinking() is not None, "the thinking so far", source.poll)
        assert back.face_up_seat() == 1 and watcher.watching
        assert back.thinking() == watcher.thinking() == (0, pytest.approx(0.6))
        back_clock.now += 1.0
        watch_clock.now += 1.0
        assert back.thinking() == watcher.thinking() == (0, pytest.approx(0.8))
        assert held.asked == [("expert", 0, 5.0)]  # the same thinking, not started again
    finally:
        for source in sources:
            source.close()
        held.answer(50)
        hosting.stop()


def test_the_host_sends_only_seat_and_times_and_refuses_a_thinking_message_from_a_client(
    held: HeldAI,
) -> None:
    """The host's ``thinking`` for a seated player is the seat, the decision and the times
    (no hand, no tile), sent after the table it belongs to; a client that sends a ``thinking``
    message of its own gets an ``error`` (not fatal) and its connection goes on."""

    async def scenario() -> tuple[list[dict[str, object]], p.HostMessage, p.HostMessage]:
        host = await start_host(None, ai_processes=0)
        table = host.open_table(options("hard", "remote", thinking_time=2.0))
        ws = await connect(f"ws://{LOCAL}:{host.port}/", max_size=p.HOST_LIMIT, compression=None)
        await ws.send(p.encode(p.Join(p.VERSION, table.code, "Bo")), text=True)
        seen: list[dict[str, object]] = []
        while not seen or seen[-1]["type"] != "thinking":
            seen.append(json.loads(await asyncio.wait_for(ws.recv(), 5.0)))
        await ws.send('{"type": "thinking", "seat": 0, "at": 0, "budget": 2.0, "elapsed": 0.0}')
        problem = p.decode_host((await asyncio.wait_for(ws.recv(), 5.0)).encode())
        await ws.send(p.encode(p.Join(p.VERSION, table.code, spectate=True)), text=True)
        after = p.decode_host((await asyncio.wait_for(ws.recv(), 5.0)).encode())
        await ws.close()
        held.answer(50)
        await host.stop()
        return seen, problem, after

    seen, problem, after = run(scenario())
    assert [message["type"] for message in seen[:2]] == ["welcome", "update"]
    assert seen[-1] == {"type": "thinking", "seat": 0, "at": 0, "budget": 2.0, "elapsed": 0.0}
    assert isinstance(problem, p.Problem) and problem.code == "message" and not problem.fatal
    assert isinstance(after, p.Problem) and after.code == "joined"  # read and answered: still at the table


BAD_THINKING = [
    '{"type": "thinking", "seat": 0, "at": 0, "budget": 0.0}',
    '{"type": "thinking", "seat": 0, "at": 0, "budget": 1e6}',
    '{"type": "thinking", "seat": 0, "at": 0, "budget": 5.0, "elapsed": -1.0}',
    '{"type": "thinking", "seat": 7, "at": 0, "budget": 5.0}',
    '{"type": "thinking", "seat": 0, "at": 0, "budget": "5"}',
    '{"type": "thinking", "seat": 0, "at": 0, "budget": 5.0, "hand": ["1111"]}',
    '{"type": "thinking", "seat": 0, "at": 0}',
    '{"type": "thinking", "seat": 1, "at": 0, "budget": 5.0}',
    '{"type": "thinking", "seat": 0, "at": 3, "budget": 5.0}',
]
"""Out of bounds, of the wrong type, with a field too many or too few, then (the last two)
well formed but not the seat deciding nor the decision the table is at."""


def test_a_client_refuses_thinking_messages_that_are_malformed_or_do_not_fit_its_table(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A host on 127.0.0.1 that seats the client, then sends nine bad ``thinking`` messages
    and one good one: each bad one is logged and changes nothing, the good one is taken."""
    caplog.set_level(logging.WARNING)
    game = Game.new(2, "base", 5)
    seats = [
        p.SeatInfo("Eve", "red", "expert", True, True, False, 5.0),
        p.SeatInfo("Bo", "purple", p.REMOTE, True, True, False),
    ]
    state = table_state(game, 1, table="ABCDEF", seats=seats, started=True, hints=False)
    assert state.deciding == 0 and state.decisions == 0
    frames = [
        p.encode(p.Welcome(p.VERSION, "ABCDEF", 1, "token")).decode(),
        p.encode(p.Update([], state, history=True)).decode(),
        *BAD_THINKING,
        '{"type": "thinking", "seat": 0, "at": 0, "budget": 5.0, "elapsed": 1.0}',
    ]

    async def fake_host(ws: ServerConnection) -> None:
        await ws.recv()
        for frame in frames:
            await ws.send(frame)
        await ws.wait_closed()

    async def scenario() -> tuple[list[tuple[int, float] | None], RemoteSource]:
        async with serve(fake_host, LOCAL, 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            source = RemoteSource(
                NetClient(LOCAL, port, p.Join(p.VERSION, "ABCDEF", "Bo")), clock=Clock(10.0)
            )
            source.client.start()
            seen: list[tuple[int, float] | None] = []
            deadline = time.monotonic() + LIMIT
            while source.thinking() is None:
                assert time.monotonic() < deadline, "timed out waiting for the good message"
                source.poll()
                seen.append(source.thinking())
                await asyncio.sleep(0.01)
            source.close()
            return seen, source

    seen, source = run(scenario())
    assert set(seen[:-1]) <= {None}
    assert source.thinking() == (0, pytest.approx(0.2))  # 1 s of 5 passed on the host, no more
    warnings = [record.getMessage() for record in caplog.records if record.name == "cacao_game.net.client"]
    assert len(warnings) == len(BAD_THINKING)
    assert sum("unreadable message from the host" in text for text in warnings) == 7
    assert sum("not the table's: ignored" in text for text in warnings) == 2


def test_a_tables_seats_carry_the_thinking_time_of_each_timed_level_only() -> None:
    """Hard and expert seats carry the table's chosen times, an untimed level and a remote
    seat none; a level's own default where the table chose none."""
    from cacao_game.ai.expert import TIME_BUDGET
    from cacao_game.net.tables import Table

    chosen = Table.create(
        "ABCDEF", options("hard", "expert", "medium", "remote", thinking_time=2.0, expert_time=7.0), 1
    )
    unset = Table.create("ABCDEF", options("expert", "remote"), 1)
    assert [seat.think_time for seat in chosen.seat_infos(0.0)] == [2.0, 7.0, None, None]
    assert [seat.think_time for seat in unset.seat_infos(0.0)] == [TIME_BUDGET, None]


def test_the_lobby_names_each_ai_seat_with_its_thinking_time_in_every_language() -> None:
    """A timed AI seat shows its level and its time (the host's ``think_time``), an untimed one
    its level only; the words and the decimal point are the language's."""
    from cacao_game.app.strings import set_language

    try:
        set_language("en")
        assert timed_label(kind_label("expert"), 5.0) == "Expert AI · 5 s per decision"
        assert timed_label(kind_label("hard"), 0.5) == "Hard AI · 0.5 s per decision"
        assert timed_label(kind_label("medium"), None) == t("kind.medium")
        set_language("de")
        assert timed_label(kind_label("hard"), 0.5) == t("net.ai_thinks", level=t("kind.hard"), seconds="0,5")
        assert (
            "0,5" in timed_label(kind_label("hard"), 0.5)
            and timed_label(kind_label("hard"), 0.5) != "Hard AI · 0.5 s per decision"
        )
        set_language("fr")
        assert timed_label(kind_label("expert"), 10.0) == t(
            "net.ai_thinks", level=t("kind.expert"), seconds="10"
        )
    finally:
        set_language("en")


def test_a_move_asked_again_at_the_same_decision_is_thought_anew(held: HeldAI) -> None:
    """After an undo the table may ask its AI again at the same decision while the first
    search still runs: the second request starts its own search (the first one's answer is
    stale), instead of waiting for good on an answer that will be refused."""

    async def play() -> list[tuple[str, int, float | None]]:
        host = await start_host(None, ai_processes=0)
        try:
            table = host.open_table(options("expert", "remote", expert_time=5.0))
            for request in (1, 2):
                host._think(table, "expert", 0, 7, lambda action: None, 5.0, request)
            host._think(table, "expert", 0, 7, lambda action: None, 5.0, 2)  # the same request: once
            deadline = time.monotonic() + LIMIT
            while len(held.asked) < 2 and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.05)
            held.answer(3)
            return list(held.asked)
        finally:
            await host.stop()

    assert run(play()) == [("expert", 0, 5.0), ("expert", 0, 5.0)]


def test_an_ai_worker_that_dies_is_replaced_and_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's AI worker dies while the expert thinks (killed: the pool breaks): the host
    starts fresh workers and asks again, so the seat plays the expert's move, not the first
    legal one; the second run is announced anew to the table."""
    calls: list[int] = []

    def dies_once(level: str, seed: int, at: int, time_budget: float | None, game: Game) -> Action:
        calls.append(at)
        if len(calls) == 1:
            raise BrokenProcessPool("a worker was killed")
        return game.legal_actions()[-1]

    monkeypatch.setattr(host_module, "choose", dies_once)

    async def play() -> tuple[Action, Game, int]:
        host = await start_host(None, ai_processes=0)
        try:
            table = host.open_table(options("expert", "remote", expert_time=5.0))
            announced = 0
            real = host_module.TimedMove

            def counted(*args: object) -> host_module.TimedMove:
                nonlocal announced
                announced += 1
                return real(*args)  # type: ignore[arg-type]

            monkeypatch.setattr(host_module, "TimedMove", counted)
            moves: list[Action] = []
            host._think(table, "expert", 0, 7, moves.append, 5.0, 1)
            deadline = time.monotonic() + LIMIT
            while not moves and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            return moves[0], table.session.game, announced
        finally:
            await host.stop()

    move, game, announced = run(play())
    assert calls == [0, 0]
    assert move == game.legal_actions()[-1] != game.legal_actions()[0]
    assert announced == 2


def test_a_hosts_expert_made_afresh_each_decision_keeps_its_levels_speed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``thinking.choose`` makes a player per decision; an expert's speed on time (what prices
    its budget, and so whether it reaches) is carried from one decision to the next of the same
    level and time in the worker, so a hosted expert reaches as the app's does. The first
    decision knows no speed; another time budget starts afresh."""
    from cacao_game.ai.expert import ExpertPlayer
    from cacao_game.net import thinking

    monkeypatch.setattr(thinking, "SPEEDS", {})
    known: list[float | None] = []
    original = ExpertPlayer.choose

    def noting(self: ExpertPlayer, game: Game) -> Action:
        known.append(self.expected())
        return original(self, game)

    monkeypatch.setattr(ExpertPlayer, "choose", noting)
    game = Game.new(2, seed=3, keep_history=False)
    for at in (0, 1):
        action = thinking.choose("expert", 7, at, 0.05, game)
        assert action in game.legal_actions()
    thinking.choose("expert", 7, 2, 0.06, game)
    assert known[0] is None and known[1] is not None and known[1] > 0 and known[2] is None
    count, seconds = thinking.SPEEDS[("expert", 0.05)]
    assert count > 0 and seconds > 0
