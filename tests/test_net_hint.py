"""A seated player's hint at a table across machines is the coach's hint for that position:
the same move and reasons the app's H gives (``cacao_game.ai.hint.advise`` at
``hint_level()``, a function of what the seat sees), not a fresh AI player on its own clock;
the reasons and a fill's every space travel with it.

Real sockets on 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from net_support import LOCAL, options, run, start_host

from cacao_game.ai.explain import Advice, TermChange
from cacao_game.ai.hint import advise
from cacao_game.engine import Action, Fill, Game, Phase
from cacao_game.engine.tiles import Pos
from cacao_game.net import protocol as p
from cacao_game.net import thinking
from cacao_game.net.advice import advice_message, advice_of
from cacao_game.net.client import ClientEvent, HintArrived, Link
from cacao_game.saves.schema import decision
from cacao_game.session.session import hint_level


def ana_opens(port: int, other: str, events: list[ClientEvent]) -> Link:
    """Ana's link opening a table with hints allowed: her seat, and an ``other`` seat."""
    return Link(LOCAL, port, p.Create(p.VERSION, "Ana", options("remote", other, hints=True)), events.append)


def test_a_joiners_hint_is_the_coachs_hint_for_the_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ana asks for a hint on her turn: the host asks the coach (``suggest``) at the hint
    level, once, and answers its move for that position. Asked three times while it thinks, it
    answers once; asked again after, at once, from the hint it gave, the coach still asked
    once (a trial's flood of asks had most unanswered while the coach thought)."""
    asked: list[str] = []

    def coach(game: Game, level: str = "medium") -> Advice:
        asked.append(level)
        return advise(game, level)

    monkeypatch.setattr(thinking, "advise", coach)

    async def play() -> tuple[HintArrived, Game]:
        host = await start_host(None, ai_processes=0)
        events: list[ClientEvent] = []
        link = ana_opens(host.port, "medium", events)
        task = asyncio.create_task(link.run())
        try:
            while link.code is None or link.token is None or link.code not in host.tables:
                await asyncio.sleep(0.01)
            table = host.tables[link.code]
            while not (table.started and table.session.game.current_player() == link.seat):
                await asyncio.sleep(0.01)
            game = table.session.game.clone()
            for _ in range(3):
                await link.send(p.AskHint(link.seat, link.token, len(game.actions)))
            while not any(isinstance(event, HintArrived) for event in events):
                await asyncio.sleep(0.01)
            await link.send(p.AskHint(link.seat, link.token, len(game.actions)))
            while sum(isinstance(event, HintArrived) for event in events) < 2:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.2)
            assert sum(isinstance(event, HintArrived) for event in events) == 2
            arrived = next(event for event in events if isinstance(event, HintArrived))
            assert arrived.at == len(game.actions)
            return arrived, game
        finally:
            await link.close()
            await task
            await host.stop()

    arrived, game = run(play(), timeout=60.0)
    assert asked == [hint_level()] == ["expert"]
    at_home = advise(game, hint_level())
    assert arrived.action == at_home.action
    assert arrived.advice == at_home, "the same reasons as at home"


def test_a_fills_hint_keeps_every_space_and_every_reason_on_the_wire() -> None:
    """A two-space fill's advice goes through the host's message and the client's reading
    unchanged: its whole fill (Confirm lays every space, as at home) and its reasons."""
    advice = Advice(
        1,
        Fill((1, 0), "plantation1", 0),
        Fill((1, 0), "market2", 0),
        1.25,
        (TermChange(1, "cacao", 0.75, 1.0, 0.5), TermChange(0, "threat", -0.25, 1.0, 0.0, "water")),
        True,
        0.75,
        (Fill((1, 0), "plantation1", 0), Fill((0, 1), "water", 0)),
        False,
        0.1,
    )
    sent = p.Hint(12, decision(advice.action), advice_message(advice))
    received = p.decode_host(p.encode(sent))
    assert isinstance(received, p.Hint) and received.advice is not None
    assert advice_of(received.advice, 1, received.action) == advice


def _fill_placements(game: Game) -> dict[tuple[Pos, ...], Action]:
    """A placement of the deciding seat for each set of spaces it would then fill itself."""
    found: dict[tuple[Pos, ...], Action] = {}
    for action in game.legal_actions():
        trial = game.clone()
        trial.apply(action)
        if trial.phase is Phase.FILL and trial.current_player() == game.current_player():
            found.setdefault(tuple(trial.pending_fills), action)
    return found


def test_a_hint_after_a_placement_taken_back_is_for_the_placement_played_instead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A review found the host keeping hints by the decision count alone: Ana places, asks
    for her fill's hint, takes the placement back, places elsewhere and asks again at the same
    count; the host gave the first fill's hint, a space no longer open. Each hint is for the
    position it is asked in."""

    def coach(game: Game, level: str = "medium") -> Advice:
        action = game.legal_actions()[0]
        return Advice(game.current_player(), action, None, 0.0, ())

    monkeypatch.setattr(thinking, "advise", coach)

    async def play() -> list[tuple[Action, bool]]:
        host = await start_host(None, ai_processes=0)
        events: list[ClientEvent] = []
        link = ana_opens(host.port, "random", events)
        task = asyncio.create_task(link.run())

        async def until(ready: Callable[[], bool]) -> None:
            while not ready():
                await asyncio.sleep(0.01)

        async def hint_at(at: int) -> HintArrived:
            count = sum(isinstance(event, HintArrived) for event in events)
            await link.send(p.AskHint(seat, token, at))
            await until(lambda: sum(isinstance(event, HintArrived) for event in events) > count)
            return [event for event in events if isinstance(event, HintArrived)][-1]

        try:
            await until(lambda: link.code is not None and link.token is not None and link.code in host.tables)
            assert link.code is not None and link.token is not None
            table, seat, token = host.tables[link.code], link.seat, link.token
            game = table.session.game
            while True:
                await until(
                    lambda: table.started and game.current_player() == seat and game.phase is Phase.PLACE
                )
                ways = _fill_placements(game)
                at = len(game.actions)
                if len(ways) >= 2:
                    break
                await link.send(p.Decide(seat, token, at, [decision(game.legal_actions()[0])]))
                await until(lambda before=at: len(game.actions) > before)
            first, second = list(ways.values())[:2]
            seen = []
            for place in (first, second):
                await link.send(p.Decide(seat, token, at, [decision(place)]))
                await until(lambda: len(game.actions) == at + 1)
                hinted = await hint_at(at + 1)
                seen.append((hinted.action, game.is_legal(hinted.action)))
                await link.send(p.TakeBack(seat, token, at + 1))
                await until(lambda: len(game.actions) == at)
            return seen
        finally:
            await link.close()
            await task
            await host.stop()

    seen = run(play(), timeout=60.0)
    assert [legal for _action, legal in seen] == [True, True], seen
    assert seen[0][0] != seen[1][0], "the second placement opened other spaces"
