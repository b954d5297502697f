"""A seated player's hint at a table across machines is the coach's hint for that position:
the same move the app's H gives (``cacao_game.ai.suggest`` at ``hint_level()``, a function of
what the seat sees), not a fresh AI player on its own clock.

Real sockets on 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import asyncio

import pytest
from net_support import LOCAL, options, run, start_host

from cacao_game.ai import suggest
from cacao_game.engine import Action, Game
from cacao_game.net import protocol as p
from cacao_game.net import thinking
from cacao_game.net.client import ClientEvent, HintArrived, Link
from cacao_game.session.session import hint_level


def test_a_joiners_hint_is_the_coachs_hint_for_the_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ana asks for a hint on her turn: the host asks the coach (``suggest``) at the hint
    level, once, and answers its move for that position."""
    asked: list[str] = []

    def coach(game: Game, level: str = "medium") -> Action:
        asked.append(level)
        return suggest(game, level)

    monkeypatch.setattr(thinking, "suggest", coach)

    async def play() -> tuple[Action, Game]:
        host = await start_host(None, ai_processes=0)
        events: list[ClientEvent] = []
        link = Link(
            LOCAL,
            host.port,
            p.Create(p.VERSION, "Ana", options("remote", "medium", hints=True)),
            events.append,
        )
        task = asyncio.create_task(link.run())
        try:
            while link.code is None or link.token is None or link.code not in host.tables:
                await asyncio.sleep(0.01)
            table = host.tables[link.code]
            while not (table.started and table.session.game.current_player() == link.seat):
                await asyncio.sleep(0.01)
            game = table.session.game.clone()
            await link.send(p.AskHint(link.seat, link.token, len(game.actions)))
            while not any(isinstance(event, HintArrived) for event in events):
                await asyncio.sleep(0.01)
            arrived = next(event for event in events if isinstance(event, HintArrived))
            assert arrived.at == len(game.actions)
            return arrived.action, game
        finally:
            await link.close()
            await task
            await host.stop()

    action, game = run(play(), timeout=60.0)
    assert asked == [hint_level()] == ["expert"]
    assert action == suggest(game, hint_level())
