"""A game hosted from the app survives its window (issue 19): the host keeps its table in the
hosted folder; killed with SIGKILL in mid-game, it is resumed from the folder on the same
port, the hosting player takes their seat back with a fresh token, the other player's client
rejoins by itself, and no decision either saw confirmed is lost. Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from net_support import LOCAL, ROOT, free_port, options, record_files, run
from referee_loader import load_referee

from cacao_game.net import protocol as p
from cacao_game.net.bot import Bot
from cacao_game.net.client import Changed, ClientEvent, Reconnecting
from cacao_game.net.hosting import HOSTING_FILE, forget_hosting, hosted_game, resume_hosting, start_hosting
from cacao_game.records import replay_record

HOSTING_WINDOW = """
import asyncio, json, sys
from pathlib import Path
from cacao_game.net import protocol as p
from cacao_game.net.bot import Bot
from cacao_game.net.hosting import start_hosting

folder, port = Path(sys.argv[1]), int(sys.argv[2])
seats = p.TableOptions([p.SeatSpec("remote"), p.SeatSpec("remote")], standin=None)
local = "127.0.0.1"
host, game, token = start_hosting(folder, seats, 0, "Ana", bind=local, port=port, ai_processes=0, seed=5)
print(json.dumps({"code": game.code}), flush=True)
bot = Bot("127.0.0.1", port, p.Join(p.VERSION, game.code, token=token), seed=1, think=0.02)
asyncio.run(bot.run(60.0))
"""


def test_a_hosted_game_killed_mid_game_resumes_from_its_folder_with_every_decision(tmp_path: Path) -> None:
    folder = tmp_path / "hosted"
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    window = subprocess.Popen(
        [sys.executable, "-c", HOSTING_WINDOW, str(folder), str(port)],
        stdout=subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    seen: list[int] = []
    journal_before: list[object] = []
    first_after: list[int] = []
    friends: list[Bot] = []

    def on_event(event: ClientEvent) -> None:
        if isinstance(event, Reconnecting) and not journal_before and friends[0].link.table is not None:
            journal_before.extend(entry.action for entry in friends[0].link.table.journal)
        if isinstance(event, Changed):
            if journal_before and not first_after:
                first_after.append(event.table.decisions)
            seen.append(event.table.decisions)

    async def play() -> tuple[bool, bool]:
        assert window.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(window.stdout.readline), 30.0)
        code = json.loads(line)["code"]
        friend_bot = Bot(LOCAL, port, p.Join(p.VERSION, code, "Bo"), seed=2, think=0.02, on_event=on_event)
        friends.append(friend_bot)
        friend_task = asyncio.create_task(friend_bot.run(60.0))
        while not seen or seen[-1] < 12:
            await asyncio.sleep(0.005)
        window.send_signal(signal.SIGKILL)  # the hosting window dies: no stop, no last save
        await asyncio.to_thread(window.wait, 10)
        resumed = await asyncio.to_thread(resume_hosting, folder, ai_processes=0, seed=9)
        assert resumed is not None
        host, game, token = resumed
        try:
            assert (game.code, game.seat, game.port) == (code, 0, port)
            me = Bot(LOCAL, port, p.Join(p.VERSION, code, token=token), seed=3, think=0.02)
            mine, theirs = await asyncio.gather(me.run(60.0), friend_task)
        finally:
            await asyncio.to_thread(host.stop)
        assert me.report.seat == 0 and friend_bot.report.seat == 1
        return mine.finished, theirs.finished

    try:
        finished = run(play(), 90.0)
    finally:
        if window.poll() is None:
            window.kill()
    assert finished == (True, True)
    (record,) = record_files(folder)
    assert load_referee().check_record(record) == []
    actions = replay_record(record).actions
    assert journal_before and first_after and first_after[0] >= len(journal_before)
    assert actions[: len(journal_before)] == journal_before  # every decision confirmed before the kill
    assert hosted_game(folder) is None  # finished: nothing to resume


def test_a_new_hosted_game_replaces_the_old_ones_files_and_an_unreadable_note_offers_nothing(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "hosted"
    seats = options("remote", "remote")
    host, game, _token = start_hosting(folder, seats, 1, "Ana", bind=LOCAL, port=0, ai_processes=0)
    host.stop()
    assert hosted_game(folder) == game
    assert json.loads((folder / HOSTING_FILE).read_text())["seat"] == 1
    assert "token" not in (folder / HOSTING_FILE).read_text()
    again, second, _ = start_hosting(folder, seats, 0, "Ana", bind=LOCAL, port=0, ai_processes=0)
    again.stop()
    assert sorted(path.stem for path in (folder / "tables").glob("*.json")) == [second.code]
    (folder / HOSTING_FILE).write_text('{"code": 5}')
    assert hosted_game(folder) is None and resume_hosting(folder) is None
    forget_hosting(folder)
    assert not (folder / HOSTING_FILE).exists() and not list((folder / "tables").glob("*"))
