"""A player who leaves on purpose (``leave``, protocol version 3) is not a dropped connection:
the host frees the seat at once and tells the table; a stand-in AI plays it if the table has
one, else the table is told that the game waits for a new player, who may take the seat with
the table's code. A dropped connection keeps its seat for its player.

Real sockets on 127.0.0.1 only; every wait is bounded (``run``'s timeout)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from net_support import LOCAL, options, run, seated_bots, start_host

from cacao_game.net import protocol as p
from cacao_game.net.bot import Bot, BotReport
from cacao_game.net.client import Changed, ClientEvent, Failed, Joined, Link, Refused
from cacao_game.net.host import Host
from cacao_game.session.journal import Entry
from cacao_game.typed_json import ShapeError

NEVER = 3600.0
"""A stand-in wait no test lives to see: only a leave can bring the AI in."""


class Watcher:
    """The states a client saw, and a bounded wait for one that holds."""

    def __init__(self) -> None:
        self.states: list[p.TableState] = []
        self.journal: tuple[Entry, ...] = ()

    def __call__(self, _number: int, event: ClientEvent) -> None:
        if isinstance(event, Changed):
            self.states.append(event.table.state)
            self.journal = event.table.journal

    async def until(self, holds: Callable[[p.TableState], bool]) -> p.TableState:
        while not any(holds(state) for state in self.states):
            await asyncio.sleep(0.01)
        return next(state for state in self.states if holds(state))


async def seated_player(port: int, code: str, name: str) -> tuple[Link, asyncio.Task[None], str]:
    """A client that sits at ``code`` as ``name`` and does nothing else; returns it, its task
    and its token."""
    tokens: list[str] = []
    link = Link(
        LOCAL,
        port,
        p.Join(p.VERSION, code, name),
        lambda e: tokens.append(e.token) if isinstance(e, Joined) and e.token else None,
    )
    task = asyncio.create_task(link.run())
    while not tokens:
        await asyncio.sleep(0.01)
    return link, task, tokens[0]


@dataclass
class AnaAndBo:
    """A host whose table Ana (a bot that plays) opened and Bo (a client that does nothing)
    joined, with Bo's token."""

    host: Host
    ana: Bot
    ana_task: asyncio.Task[BotReport]
    code: str
    bo: Link
    bo_task: asyncio.Task[None]
    token: str

    async def bo_leaves(self, seen: Watcher) -> tuple[bool, p.TableState]:
        """Bo leaves on purpose: whether the host was told, and the first state Ana saw with
        Bo's seat left."""
        told = await self.bo.leave()
        await self.bo_task
        return told, await seen.until(lambda s: s.seats[1].left)


async def ana_and_bo(
    folder: Path | None,
    table: p.TableOptions,
    seen: Watcher,
    *,
    seed: int,
    think: float = 0.005,
    clock: Callable[[], float] = time.monotonic,
) -> AnaAndBo:
    """Ana opens ``table`` on a new host (on ``clock``; ``seen`` watches what she sees), Bo
    takes seat 1."""
    host = await start_host(folder, seed=seed, clock=clock)
    ((ana, ana_task),) = await seated_bots(host, table, remotes=1, on_event=seen, think=think)
    code = ana.link.code
    assert code is not None
    bo, bo_task, token = await seated_player(host.port, code, "Bo")
    await seen.until(lambda s: s.seats[1].claimed)
    return AnaAndBo(host, ana, ana_task, code, bo, bo_task, token)


async def refused_token(port: int, code: str, token: str) -> str | None:
    """The failure code a rejoin with ``token`` gets (None: it was seated)."""
    outcome: list[ClientEvent] = []
    link = Link(LOCAL, port, p.Join(p.VERSION, code, token=token), outcome.append)
    task = asyncio.create_task(link.run())
    while not any(isinstance(e, Failed | Joined) for e in outcome):
        await asyncio.sleep(0.01)
    await link.close()
    await task
    return next((e.code for e in outcome if isinstance(e, Failed)), None)


def test_a_leave_is_one_message_of_the_protocol_read_by_the_one_validator() -> None:
    """``leave`` carries the seat and its token, nothing else; it came with version 3."""
    assert p.VERSION >= 3
    assert p.decode_client(b'{"type": "leave", "seat": 1, "token": "kX2"}') == p.Leave(1, "kX2")
    for bad in (
        b'{"type": "leave", "seat": true, "token": "kX2"}',
        b'{"type": "leave", "seat": 1}',
        b'{"type": "leave", "seat": 1, "token": "kX2", "why": "bored"}',
    ):
        with pytest.raises(ShapeError):
            p.decode_client(bad)


def test_a_player_who_leaves_mid_game_is_played_by_the_stand_in_at_once(tmp_path: Path) -> None:
    """Bo leaves on purpose at a table whose stand-in waits an hour for a dropped player: Ana
    is told at once (Bo's seat is left, free and played by the AI), the game goes on to its
    end, Bo's token no longer works, and a restarted host keeps the seat with the AI. Every
    decision the AI made for Bo reaches Ana marked as the stand-in's, and only those."""
    seen = Watcher()

    async def play() -> tuple[p.TableState, bool, bool, str | None]:
        table = options("remote", "remote", standin="random", standin_after=NEVER)
        at = await ana_and_bo(tmp_path, table, seen, seed=5, think=0.05)
        told, left = await at.bo_leaves(seen)
        refusal = await refused_token(at.host.port, at.code, at.token)
        report = await at.ana_task
        await at.host.stop()
        return left, told, report.finished, refusal

    left, told, finished, refusal = run(play())
    assert told
    seat = left.seats[1]
    assert seat.name == "Bo" and seat.left and seat.standin and not seat.claimed and not seat.connected
    assert finished, "the stand-in played Bo's seat to the end without the hour's wait"
    assert refusal == "token"
    left_at = left.decisions
    marked = [entry.seat for entry in seen.journal if entry.standin]
    assert marked and set(marked) == {1}
    assert all(entry.standin for entry in seen.journal[left_at:] if entry.seat == 1)
    assert not any(entry.standin for entry in seen.journal[: left_at - 1])


def test_a_dropped_connection_keeps_its_seat_for_its_player(tmp_path: Path) -> None:
    """Bo's connection drops (no leave): the seat is shown away, still Bo's, no AI, not left;
    Bo's token takes it back."""
    seen = Watcher()

    async def play() -> tuple[p.TableState, str | None]:
        table = options("remote", "remote", standin="random", standin_after=NEVER)
        at = await ana_and_bo(None, table, seen, seed=5)
        await at.bo.close()
        await at.bo_task
        away = await seen.until(lambda s: s.started and not s.seats[1].connected)
        refusal = await refused_token(at.host.port, at.code, at.token)
        await at.ana.link.close()
        await at.host.stop()
        return away, refusal

    away, refusal = run(play())
    seat = away.seats[1]
    assert seat.claimed and not seat.left and not seat.standin
    assert refusal is None


@pytest.mark.parametrize("standin", ["random", None])
def test_every_table_is_told_how_long_until_the_stand_in_plays_a_dropped_seat(standin: str | None) -> None:
    """Bo's connection drops at a table whose stand-in waits an hour: every state the host
    sends says how many seconds are left of that wait on the host's clock
    (``SeatInfo.standin_in``), counting down, so a table can show it; Ana's own seat, with
    its player there, has none. At a table without a stand-in, Bo's seat has none either."""
    seen = Watcher()
    passed = [0.0]

    def clock() -> float:
        return time.monotonic() + passed[0]

    async def play() -> tuple[p.TableState, p.TableState]:
        table = options("remote", "remote", standin=standin, standin_after=NEVER)
        at = await ana_and_bo(None, table, seen, seed=5, think=0.05, clock=clock)
        await at.bo.close()
        await at.bo_task
        dropped = await seen.until(lambda s: s.started and not s.seats[1].connected)
        passed[0] = 600.0
        watcher = Link(LOCAL, at.host.port, p.Join(p.VERSION, at.code, spectate=True), lambda e: None)
        watching = asyncio.create_task(watcher.run())
        later = await seen.until(lambda s: s.spectators == 1)
        await watcher.close()
        await watching
        await at.ana.link.close()
        await at.host.stop()
        return dropped, later

    dropped, later = run(play())
    first, second = dropped.seats[1].standin_in, later.seats[1].standin_in
    if standin is None:
        assert first is None and second is None
        return
    assert first is not None and second is not None
    assert NEVER - 5 < first <= NEVER
    assert first - 600 - 5 < second <= first - 600
    assert dropped.seats[0].standin_in is None and later.seats[0].standin_in is None


def test_without_a_stand_in_the_table_is_told_and_a_new_player_takes_the_seat(tmp_path: Path) -> None:
    """At a table with no stand-in, Bo leaves: Ana is told the seat is left and that no AI
    plays it (the game waits); Carl joins with the table code, takes Bo's seat, sees the game
    so far and plays it to the end with Ana: the game so far (``history``) names Bo's
    decisions by Bo and Carl's by Carl (``DecisionMsg.names``), so Carl's log does too."""
    seen = Watcher()
    carl_saw: list[Changed] = []

    async def play() -> tuple[p.TableState, p.TableState, int | None, bool, bool]:
        at = await ana_and_bo(None, options("remote", "remote", standin=None), seen, seed=11)
        _told, left = await at.bo_leaves(seen)
        carl = Bot(
            LOCAL,
            at.host.port,
            p.Join(p.VERSION, at.code, "Carl"),
            seed=4,
            on_event=lambda e: carl_saw.append(e) if isinstance(e, Changed) else None,
        )
        carl_report = await carl.run(20.0)
        ana_report = await at.ana_task
        await at.host.stop()
        assert ana_report.state is not None
        return left, ana_report.state, carl_report.seat, carl_report.finished, ana_report.finished

    left, last, carl_seat, carl_finished, ana_finished = run(play())
    assert left.seats[1].left and not left.seats[1].standin and not left.seats[1].claimed
    assert carl_seat == 1
    assert carl_finished and ana_finished
    assert last.seats[1].name == "Carl" and not last.seats[1].left and last.seats[1].claimed
    first = carl_saw[0].table.journal
    names = [entry.names for entry in carl_saw[-1].table.journal]
    assert first and all(entry.names[1] == "Bo" for entry in first)
    assert names[: len(first)] == [entry.names for entry in first]
    assert set(names[len(first) :]) == {tuple(seat.name for seat in last.seats)}


def test_a_player_who_leaves_the_lobby_frees_the_seat_for_the_next_joiner(tmp_path: Path) -> None:
    """Before the game starts Bo leaves: the seat is free again at once (not started, not
    claimed); Carl takes it, Dan the last one, and the game starts."""
    seen = Watcher()

    async def play() -> tuple[p.TableState, p.TableState]:
        table = options("remote", "remote", "remote", standin="easy", standin_after=NEVER)
        at = await ana_and_bo(None, table, seen, seed=3)
        _told, freed = await at.bo_leaves(seen)
        carl, carl_task, _ = await seated_player(at.host.port, at.code, "Carl")
        dan, dan_task, _ = await seated_player(at.host.port, at.code, "Dan")
        started = await seen.until(lambda s: s.started)
        for link in (carl, dan, at.ana.link):
            await link.close()
        await asyncio.gather(carl_task, dan_task)
        await at.host.stop()
        return freed, started

    freed, started = run(play())
    assert not freed.started and not freed.seats[1].claimed and not freed.seats[1].standin
    assert [seat.name for seat in started.seats][1:] == ["Carl", "Dan"]


def test_a_restarted_host_keeps_a_left_seat_free_and_played_by_the_stand_in(tmp_path: Path) -> None:
    """The table's save keeps which seats were left: a host restarted from it lets the
    stand-in play the seat at once (no wait), still free for a new player; which decisions
    were the stand-in's stays known (its journal entries are marked again)."""
    seen = Watcher()

    async def play() -> set[int]:
        table = options("remote", "remote", standin="random", standin_after=NEVER)
        at = await ana_and_bo(tmp_path, table, seen, seed=5, think=0.5)
        await at.bo_leaves(seen)
        while not any(entry.standin for entry in seen.journal):
            await asyncio.sleep(0.01)
        await at.ana.link.close()
        stood_in = at.host.tables[at.code].standin_moves
        await at.host.stop()
        return stood_in

    stood_in = run(play())
    restarted = Host(tmp_path)
    assert restarted.restore() == 1
    (table,) = restarted.tables.values()
    seat = table.seats[1]
    assert seat.left and seat.standin and seat.token is None
    assert table.free_seat() == 1
    assert stood_in and stood_in <= table.standin_moves, "a stand-in may answer while the host stops"
    assert {table.session.journal[index].seat for index in table.standin_moves} == {1}


def test_a_leave_for_another_seat_or_with_a_wrong_token_is_refused_and_changes_nothing() -> None:
    """Bo sends a leave for Ana's seat with his own token, then one for his seat with a wrong
    token: each gets the refusal ``seat``; every seat stays claimed, connected and not left."""
    seen = Watcher()

    async def play() -> tuple[list[str], list[p.SeatInfo]]:
        table = options("remote", "remote", standin="random", standin_after=NEVER)
        at = await ana_and_bo(None, table, seen, seed=5, think=0.5)
        heard: list[ClientEvent] = []
        at.bo.on_event = heard.append
        await at.bo.send(p.Leave(0, at.token))
        await at.bo.send(p.Leave(1, "not-the-token"))
        while sum(isinstance(event, Refused) for event in heard) < 2:
            await asyncio.sleep(0.01)
        seats = at.host.tables[at.code].seat_infos(0.0)
        for link in (at.bo, at.ana.link):
            await link.close()
        await at.bo_task
        await at.host.stop()
        return [event.reason for event in heard if isinstance(event, Refused)], seats

    reasons, seats = run(play())
    assert reasons == ["seat", "seat"]
    assert all(seat.claimed and seat.connected and not seat.left and not seat.standin for seat in seats)
