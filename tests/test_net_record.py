"""A finished remote game's record and a spectator's bytes, over real sockets on 127.0.0.1.

The host sends every member (players and spectators) the game's record once the game is
over, never before; the record is the one the host files, passes the referee and replays to
the final scores every client was shown. A spectator's bytes, before the record, hold no
hand of any seat. Once over, nothing can be taken back (the record cannot go stale).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from net_support import LOCAL, options, record_files, run, seated_bots, start_host
from referee_loader import load_referee

from cacao_game.engine import Game
from cacao_game.net import protocol as p
from cacao_game.net.bot import Bot
from cacao_game.net.client import Changed, Joined, Link, RecordArrived, Refused
from cacao_game.records import replay_record
from cacao_game.typed_json import plain


def _hands_at(record: dict[str, object]) -> list[list[tuple[str, ...]]]:
    """Every seat's hand before the first decision and after each one."""
    replayed = replay_record(record)
    game = Game(replayed.setup)
    hands = [[tuple(hand) for hand in game.hands]]
    for action in replayed.actions:
        game.apply(action)
        hands.append([tuple(hand) for hand in game.hands])
    return hands


def test_the_record_reaches_players_and_spectators_only_once_the_game_is_over(tmp_path: Path) -> None:
    """Two bots play a whole game while a spectator watches from the start. Each member's
    record comes after its last decision (the game over; a seat leaving may still be told),
    equals the record the host filed,
    passes the referee and replays to the final scores of the last state. The spectator's
    bytes before it hold no hand: no state carries one, no hand of any seat (of two tiles or
    more, at any decision) appears, and every drawn tile is blank. At the end every hand and
    worker pile is empty: only the unused jungle pile's order and the seed were still
    unseen, and neither can matter once the game cannot change."""
    captured: dict[str, list[bytes]] = {"watcher": [], "0": [], "1": []}
    records: dict[str, object] = {}
    watched: list[p.TableState] = []

    def keep(who: str, event: object) -> None:
        if isinstance(event, RecordArrived):
            records[who] = event.record
        if isinstance(event, Changed) and who == "watcher":
            watched.append(event.table.state)

    async def play() -> None:
        host = await start_host(tmp_path, seed=424242)
        bots = await seated_bots(
            host,
            options("remote", "remote"),
            remotes=1,
            tap=lambda n, data: captured[str(n)].append(data),
            on_event=lambda n, e: keep(str(n), e),
        )
        code = bots[0][0].link.code
        assert code is not None

        watcher = Link(
            LOCAL,
            host.port,
            p.Join(p.VERSION, code, spectate=True),
            lambda event: keep("watcher", event),
            tap=captured["watcher"].append,
        )
        watching = asyncio.create_task(watcher.run())
        while not watched:  # watching before the game starts
            await asyncio.sleep(0.01)
        assert not watched[0].started
        joiner = Bot(
            LOCAL,
            host.port,
            p.Join(p.VERSION, code, "Bo"),
            seed=21,
            tap=captured["1"].append,
            on_event=lambda e: keep("1", e),
        )
        await joiner.run(25.0)
        await bots[0][1]
        while "watcher" not in records:
            await asyncio.sleep(0.01)
        await watcher.close()
        await watching
        await host.stop()

    run(play())
    (filed,) = record_files(tmp_path)
    assert load_referee().check_record(filed) == []
    assert plain(records["watcher"]) == filed
    final_game = replay_record(filed)
    assert all(not hand for hand in final_game.hands) and all(not pile for pile in final_game.worker_piles)
    hands_at = _hands_at(filed)
    for who, received in captured.items():
        messages = [p.decode_host(frame) for frame in received]
        kinds = [type(message) for message in messages]
        if who == "watcher":
            assert p.GameRecord in kinds
        if p.GameRecord not in kinds:
            continue
        first = kinds.index(p.GameRecord)
        assert kinds.count(p.GameRecord) == 1, "the record was sent more than once"
        updates = [m for m in messages[:first] if isinstance(m, p.Update)]
        assert updates and updates[-1].state.deciding == -1
        later = [m for m in messages[first:] if isinstance(m, p.Update)]
        assert all(not m.decisions and not m.undone for m in later), "the game changed after its record"
        record = messages[first]
        assert isinstance(record, p.GameRecord)
        assert plain(record.record) == filed
        final = updates[-1].state.final
        assert final is not None
        assert [s.total for s in final] == [s.total for s in replay_record(filed).score_now()]
    before = captured["watcher"][: [type(p.decode_host(f)) for f in captured["watcher"]].index(p.GameRecord)]
    everything = b"\n".join(before).decode()
    for hands in hands_at:
        for hand in hands:
            if len(hand) > 1:
                assert json.dumps(list(hand), separators=(",", ":")) not in everything, hand
    states = 0
    for frame in before:
        message = p.decode_host(frame)
        if isinstance(message, p.Update):
            states += 1
            assert message.state.you is None and message.state.hand == [] and message.state.opening_hand == []
            for event in (e for decision in message.decisions for e in decision.events):
                if event.name == "WorkerDrawn":
                    assert json.loads(bytes(event.body))["tile"] == ""
    assert states > 10
    assert '"seed"' not in everything and str(filed["seed"]) not in everything


def test_nothing_is_taken_back_once_the_game_is_over(tmp_path: Path) -> None:
    """A player asks to undo after the game ended (the record is out): refused ``over``."""
    refusals: list[str] = []

    async def play() -> None:
        host = await start_host(None, seed=11)
        tokens: list[tuple[int, str]] = []
        states: list[p.TableState] = []

        def seen(event: object) -> None:
            if isinstance(event, Joined) and event.token and event.seat is not None:
                tokens.append((event.seat, event.token))
            if isinstance(event, Changed):
                states.append(event.table.state)
            if isinstance(event, Refused):
                refusals.append(event.reason)

        bots = await seated_bots(host, options("remote", "random"), remotes=1, think=0.02)
        code = bots[0][0].link.code
        token = bots[0][0].link.token
        assert code is not None and token is not None
        keeper = Link(LOCAL, host.port, p.Join(p.VERSION, code, spectate=True), lambda event: None)
        keeping = asyncio.create_task(keeper.run())  # the finished table stays while someone watches
        await bots[0][1]
        link = Link(LOCAL, host.port, p.Join(p.VERSION, code, token=token), seen)
        task = asyncio.create_task(link.run())
        while not states:
            await asyncio.sleep(0.01)
        assert states[-1].deciding == -1
        await link.send(p.TakeBack(0, token, states[-1].decisions))
        while not refusals:
            await asyncio.sleep(0.01)
        await link.close()
        await keeper.close()
        await asyncio.gather(task, keeping)
        await host.stop()

    run(play())
    assert refusals == ["over"]
