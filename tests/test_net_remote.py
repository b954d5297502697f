"""``RemoteSource`` (issue 19): the table's source for a game on another machine plays a
whole game through the commands the table sends, with the host on 127.0.0.1."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from net_support import LOCAL, options

pytest.importorskip("cacao_game.session.source")

from cacao_game.net import protocol as p
from cacao_game.net.client import NetClient
from cacao_game.net.hosting import BackgroundHost
from cacao_game.net.remote import CONNECTED, RemoteSource
from cacao_game.session.commands import Confirm, Undo
from cacao_game.session.notices import Refused


def test_two_remote_sources_play_a_game_through_table_commands(tmp_path: Path) -> None:
    hosting = BackgroundHost(tmp_path)
    port = hosting.start(LOCAL, 0)
    sources: list[RemoteSource] = []
    try:
        first = NetClient(LOCAL, port, p.Create(p.VERSION, "Ana", options("remote", "easy", "remote")))
        first.start()
        sources.append(RemoteSource(first))
        while first.code is None:
            sources[0].poll()
            time.sleep(0.01)
        second = NetClient(LOCAL, port, p.Join(p.VERSION, first.code, "Bo"))
        second.start()
        sources.append(RemoteSource(second))
        rng = random.Random(2)
        animated = [0, 0]
        refusals: list[str] = []
        for _ in range(6000):
            for number, source in enumerate(sources):
                happened = source.poll()
                animated[number] += sum(1 for e in happened if not isinstance(e, Refused))
                refusals += [e.reason for e in happened if isinstance(e, Refused)]
                if not source.accepts_input():
                    continue
                action = rng.choice(source.table_game().legal_actions())
                source.selection.set_provisional(action)
                source.handle(Confirm())
                if source.accepts_input():
                    source.handle(Confirm())  # a fill: the space took its tile, now send
            if all(s.ready and s.deciding_seat() is None for s in sources):
                break
            time.sleep(0.005)
        assert all(s.ready and s.deciding_seat() is None for s in sources)
        assert sources[0].connection == CONNECTED
        assert [e.action for e in sources[0].journal] == [e.action for e in sources[1].journal]
        assert sources[0].seats[1].kind == "easy" and sources[0].seats[0].human
        assert sources[0].face_up_seat() == 0 and sources[1].face_up_seat() == 2
        assert sources[0].table_game().final == sources[1].table_game().final
        assert animated[0] > 50 and not refusals
        assert sources[0].handle(Undo()) and sources[0].finished_game() is None
    finally:
        for source in sources:
            source.close()
        hosting.stop()
