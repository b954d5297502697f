"""On a host that allows it (``back_by_name``, ``--serve --back-by-name``), a player whose
connection dropped and who lost the seat's token (another machine, data cleared) takes the
seat back by joining with the table code under the same name; a seat whose player is
connected, and the hosting player's seat, are never taken so. By default no host allows it:
a dropped player's seat comes back only with its token. Real sockets on 127.0.0.1 only,
bounded in time."""

from __future__ import annotations

import asyncio

from net_support import options, run, start_host
from test_net_hostile import closed, expect, open_raw, send, two_seated
from websockets.asyncio.client import ClientConnection

from cacao_game.net import protocol as p
from cacao_game.net.host import Host


async def answer(host: Host, message: p.Join) -> tuple[ClientConnection, p.HostMessage]:
    """A new connection sends ``message``: the connection and its first welcome or error."""
    ws = await open_raw(host)
    await send(ws, message)
    return ws, await expect(ws, p.Problem | p.Welcome)  # type: ignore[arg-type]


async def state_where(ws: ClientConnection, holds: str) -> p.TableState:
    """The first state ``ws`` receives in which seat 1 is ``holds`` (away / standin / back)."""
    while True:
        update = await expect(ws, p.Update)
        assert isinstance(update, p.Update)
        bo = update.state.seats[1]
        if {"away": not bo.connected, "standin": bo.standin, "back": bo.connected}[holds]:
            return update.state


async def bo_away(host: Host) -> tuple[ClientConnection, str, str, p.HostMessage]:
    """Ana and Bo at a table whose stand-in plays at once; Bo's connection drops and the
    stand-in takes his seat; Eve then asks to join under her own name. Returns Ana's
    connection, the table code, Bo's token and the answer to Eve."""
    table = options("remote", "remote", standin="random", standin_after=0.0)
    (ana, first), (bo, second), _started = await two_seated(host, table)
    assert second.token is not None
    await bo.close()
    await state_where(ana, "standin")
    eve, refused_eve = await answer(host, p.Join(p.VERSION, first.table, "Eve"))
    await closed(eve)
    return ana, first.table, second.token, refused_eve


def test_a_dropped_player_takes_the_seat_back_by_name_and_the_old_token_stops_working() -> None:
    """Bo's window closes mid-game and the stand-in plays his seat: Eve, joining under her
    own name, is told every seat is taken and that Bo is away; "bo" (letter case aside)
    gets seat 1 back with a fresh token, his own hand and the whole game so far, and the
    stand-in stops; the old token is refused; while the new Bo is connected, another "Bo"
    (or an "Ana") is refused, the table being full whatever the name, and the seat stays his."""

    async def scenario() -> dict[str, object]:
        host = await start_host(None, back_by_name=True)
        ana, code, old, refused_eve = await bo_away(host)
        back_ws, back = await answer(host, p.Join(p.VERSION, code, "bo"))
        history = await expect(back_ws, p.Update)
        seen_by_ana = await state_where(ana, "back")
        stale, refused_old = await answer(host, p.Join(p.VERSION, code, token=old))
        await closed(stale)
        other, refused_twin = await answer(host, p.Join(p.VERSION, code, "Bo"))
        await closed(other)
        ana_twin, refused_ana = await answer(host, p.Join(p.VERSION, code, "Ana"))
        await closed(ana_twin)
        seat = host.tables[code].seats[1]
        still = (seat.connected, back_ws.close_code)
        for ws in (ana, back_ws):
            await ws.close()
        await host.stop()
        return {
            "eve": refused_eve,
            "back": back,
            "history": history,
            "ana": seen_by_ana,
            "old": refused_old,
            "twin": refused_twin,
            "ana_twin": refused_ana,
            "still": still,
            "old_token": old,
        }

    out = run(scenario())
    eve = out["eve"]
    assert isinstance(eve, p.Problem) and eve.code == "full" and eve.fatal
    assert "Bo" in eve.text and "your name" in eve.text
    back = out["back"]
    assert isinstance(back, p.Welcome) and back.seat == 1
    assert back.token is not None and back.token != out["old_token"]
    history = out["history"]
    assert isinstance(history, p.Update) and history.history
    assert history.state.you == 1 and len(history.state.hand) == history.state.hand_sizes[1]
    ana = out["ana"]
    assert isinstance(ana, p.TableState)
    assert ana.seats[1].connected and not ana.seats[1].standin and ana.seats[1].name == "Bo"
    for key, code in (("old", "token"), ("twin", "full"), ("ana_twin", "full")):
        refused = out[key]
        assert isinstance(refused, p.Problem) and refused.code == code and refused.fatal, key
    assert out["still"] == (True, None)


def test_the_hosting_players_seat_is_never_taken_back_by_name() -> None:
    """The host's own player holds seat 0 (``Host.claim_seat``) and is not connected yet: a
    join under that name is refused and the seat keeps its token; after ``reissue`` too."""

    async def scenario() -> tuple[p.HostMessage, p.HostMessage, bool]:
        host = await start_host(None, back_by_name=True)
        table = host.open_table(options("remote", "remote", "easy"))
        token = host.claim_seat(table.code, 0, "Hosty")
        first_ws, first = await answer(host, p.Join(p.VERSION, table.code, "hosty"))
        await closed(first_ws)
        host.reissue(table.code, 0)
        second_ws, second = await answer(host, p.Join(p.VERSION, table.code, "Hosty"))
        await closed(second_ws)
        kept = table.seats[0].token is not None and table.seat_of(token) is None
        await host.stop()
        return first, second, kept

    first, second, kept = run(scenario())
    for refused in (first, second):
        assert isinstance(refused, p.Problem) and refused.code == "name"
    assert kept


def test_a_player_who_drops_in_the_lobby_takes_the_seat_back_by_name_not_another() -> None:
    """Before the game starts, Bo drops while a seat is still free: joining again as "Bo"
    gives him his own seat back (not the free one), so the table still waits for a third."""

    async def scenario() -> tuple[p.HostMessage, bool, bool]:
        host = await start_host(None, back_by_name=True)
        ana = await open_raw(host)
        await send(ana, p.Create(p.VERSION, "Ana", options("remote", "remote", "remote")))
        welcome = await expect(ana, p.Welcome)
        assert isinstance(welcome, p.Welcome)
        bo, joined = await answer(host, p.Join(p.VERSION, welcome.table, "Bo"))
        assert isinstance(joined, p.Welcome) and joined.seat == 1
        await bo.close()
        table = host.tables[welcome.table]
        for _ in range(200):
            if not table.seats[1].connected:
                break
            await asyncio.sleep(0.01)
        again_ws, again = await answer(host, p.Join(p.VERSION, welcome.table, "Bo"))
        free, started = table.free_seat() == 2, table.started
        for ws in (ana, again_ws):
            await ws.close()
        await host.stop()
        return again, free, started

    again, free, started = run(scenario())
    assert isinstance(again, p.Welcome) and again.seat == 1
    assert free and not started


def test_by_default_a_dropped_players_seat_comes_back_only_with_its_token() -> None:
    """A network trial took a dropped player's seat, hand and all, by joining under his name,
    which the full table's refusal named. By default: Eve is told the table is full without
    a name; "bo" is refused the same way (a full table is said first, whatever the name: the
    way back is Rejoin game, which the app says where it keeps Bo's ticket); the seat keeps
    its token, with which Bo is back, his hand and all."""

    async def scenario() -> tuple[p.HostMessage, p.HostMessage, p.HostMessage, bool]:
        host = await start_host(None)
        ana, code, token, refused_eve = await bo_away(host)
        thief, refused_thief = await answer(host, p.Join(p.VERSION, code, "bo"))
        await closed(thief)
        kept = host.tables[code].seat_of(token) == 1
        back_ws, back = await answer(host, p.Join(p.VERSION, code, token=token))
        for ws in (ana, back_ws):
            await ws.close()
        await host.stop()
        return refused_eve, refused_thief, back, kept

    eve, thief, back, kept = run(scenario())
    assert isinstance(eve, p.Problem) and eve.code == "full" and "Bo" not in eve.text
    assert isinstance(thief, p.Problem) and thief.code == "full" and "Bo" not in thief.text
    assert kept
    assert isinstance(back, p.Welcome) and back.seat == 1
