"""A game hosted from the app survives its window (issue 19): the host keeps its table in the
hosted folder; killed with SIGKILL in mid-game, it is resumed from the folder on the same
port, the hosting player takes their seat back with a fresh token, the other player's client
rejoins by itself, and no decision either saw confirmed is lost. Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import click_label
from net_support import LOCAL, ROOT, free_port, options, record_files, run, start_host
from referee_loader import load_referee
from test_net_app import host, make_app, pump, table

from cacao_game.app.app import App
from cacao_game.app.netplay import HostedSource, hosted_waiting
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scenes.menu import MenuScene
from cacao_game.app.strings import t
from cacao_game.config.game import HUMAN
from cacao_game.net import protocol as p
from cacao_game.net.bot import Bot
from cacao_game.net.client import Changed, ClientEvent, Joined, NetClient, Reconnecting
from cacao_game.net.hosting import (
    HOSTING_FILE,
    BackgroundHost,
    HostingBusy,
    claim_folder,
    forget_hosting,
    hosted_game,
    resume_hosting,
    start_hosting,
)
from cacao_game.net.protocol import REMOTE, VERSION, Join
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


def test_a_resumed_host_marks_its_players_seat_before_it_listens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hosting mark (which keeps a seat from being taken back by name) is not saved: a
    resumed host gives it back with the fresh token before it listens, so no one joining by
    the hosting player's name in between can take the seat."""
    from cacao_game.net.host import Host

    folder = tmp_path / "hosted"
    first, game, _token = start_hosting(folder, options("remote", "remote"), 1, "Ana", bind=LOCAL, port=0)
    first.stop()
    marked: list[bool] = []
    listen = Host.start

    async def start(self: Host, bind: str = LOCAL, port: int = 0) -> int:
        marked.append(self.tables[game.code].seats[1].hosting)
        return await listen(self, bind, port)

    monkeypatch.setattr(Host, "start", start)
    resumed = resume_hosting(folder, ai_processes=0)
    assert resumed is not None
    resumed[0].stop()
    assert marked == [True]


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


def test_a_second_window_on_the_same_folder_cannot_resume_end_or_replace_the_hosted_game(
    tmp_path: Path,
) -> None:
    """One program at a time hosts from the hosted folder: while Ana's host runs, another
    host on the folder (a second window on the same user data) is refused with ``HostingBusy``
    before it reads or removes anything: resuming, hosting a new game (which would remove the
    running game's files) or a bare host. Once Ana's host stops, the game resumes."""
    folder = tmp_path / "hosted"
    running, game, _token = start_hosting(
        folder, options("remote", "remote"), 0, "Ana", bind=LOCAL, port=0, ai_processes=0
    )
    note = (folder / HOSTING_FILE).read_bytes()
    with pytest.raises(HostingBusy):
        resume_hosting(folder, ai_processes=0)
    with pytest.raises(HostingBusy):
        start_hosting(folder, options("remote", "remote"), 1, "Bo", bind=LOCAL, port=0, ai_processes=0)
    with pytest.raises(HostingBusy):
        BackgroundHost(folder, ai_processes=0)
    assert (folder / HOSTING_FILE).read_bytes() == note
    running.stop()
    assert hosted_game(folder) == game  # its table saved on stop, nothing removed
    resumed = resume_hosting(folder, ai_processes=0)
    assert resumed is not None and resumed[1] == game
    resumed[0].stop()
    claim_folder(folder).release()  # stopped hosts let go of the lock


def test_a_host_slow_to_stop_keeps_its_folder_until_it_has_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review found ``stop`` letting go of the folder's lock when the host took longer to
    stop than ``stop`` waits, while it still wrote its table files: another window could then
    claim the folder. The folder stays held until the host has stopped, then is let go of
    (and forgotten, when asked)."""
    folder = tmp_path / "hosted"
    running, _game, _token = start_hosting(
        folder, options("remote", "remote"), 0, "Ana", bind=LOCAL, port=0, ai_processes=0
    )
    stop = running.host.stop
    release = asyncio.Event()

    async def slow_stop() -> None:
        await release.wait()
        await stop()

    monkeypatch.setattr(running.host, "stop", slow_stop)
    running.stop(timeout=0.05, forget=True)
    with pytest.raises(HostingBusy):
        claim_folder(folder)
    running.stop(timeout=0.05)  # asked again meanwhile: it waits for the same stop
    with pytest.raises(HostingBusy):
        claim_folder(folder)
    assert hosted_game(folder) is not None
    running._loop.call_soon_threadsafe(release.set)
    running._thread.join(10.0)
    assert not running._thread.is_alive()
    claim_folder(folder).release()
    assert hosted_game(folder) is None, "forgotten once stopped"


def test_the_menu_offers_resume_hosting_only_when_no_other_window_hosts_the_game(
    tmp_path: Path, apps: list[App]
) -> None:
    """A hosted game left unfinished is offered in the menu, but not while another program
    holds the hosted folder's lock (it is hosting that game now); Host a game there is
    refused with a message that says where the game is, and the game's files stay."""
    from cacao_game.app.netplay import host_failure
    from cacao_game.net.hosting import hosted_folder

    folder = hosted_folder()
    first, _game, _token = start_hosting(
        folder, options("remote", "remote"), 0, "Ana", bind=LOCAL, port=0, ai_processes=0
    )
    first.stop()
    assert hosted_waiting()
    other_window = claim_folder(folder)
    try:
        assert not hosted_waiting()
        app = make_app()
        apps.append(app)
        assert isinstance(app.top, MenuScene)
        with pytest.raises(LookupError):
            click_label(app, t("menu.resume_hosting"))
        with pytest.raises(HostingBusy) as refused:
            start_hosting(folder, options("remote", "remote"), 0, "Bo", bind=LOCAL, port=0, ai_processes=0)
        assert host_failure(refused.value, 0) == t("net.host_busy")
    finally:
        other_window.release()
    assert hosted_waiting()


def test_resume_hosting_in_the_menu_restarts_a_game_whose_window_died(apps: list[App]) -> None:
    """Ana hosts from the app, Bo joins; after some decisions Ana's host stops without a
    save (as when the window is killed). The next app's menu offers Resume hosting: it opens
    Ana's table at the same decision, Bo's client is back by itself, and the game goes on."""
    rng = random.Random(4)
    first = make_app()
    apps.append(first)
    source = host(first, [HUMAN, REMOTE])
    pump([first], lambda: len(source.table_seats()) == 2, "the host's lobby")
    bo = NetClient(LOCAL, source.port, Join(VERSION, source.code, name="Bo"))
    bo.start()
    joins: list[Joined] = []

    def bo_polls() -> None:
        joins.extend(event for event in bo.poll() if isinstance(event, Joined))

    pump([first], lambda: isinstance(first.top, PlayScene), "the host's table")

    def play_until(ana: NetClient, decisions: int) -> Callable[[], bool]:
        def step() -> bool:
            bo_polls()
            for client in (ana, bo):
                seen = client.table
                if seen is not None and seen.my_turn and seen.decisions < decisions:
                    client.decide([rng.choice(seen.game.legal_actions())])
            return bo.table is not None and bo.table.decisions >= decisions

        return step

    pump([first], play_until(source.client, 8), "eight decisions")
    before = [entry.action for entry in bo.table.journal] if bo.table else []
    source.client.close()  # the window dies, and the hosting player's client with it
    crash(source.host)
    second = make_app()
    apps.append(second)
    assert isinstance(second.top, MenuScene)
    click_label(second, t("menu.resume_hosting"))
    pump([second], lambda: isinstance(second.top, PlayScene), "the resumed table")
    resumed = table(second).source
    assert isinstance(resumed, HostedSource) and resumed.code == source.code
    pump([second], lambda: bo_polls() is None and len(joins) == 2, "Bo back")
    assert bo.table is not None and bo.table.decisions >= len(before)
    assert [entry.action for entry in bo.table.journal][: len(before)] == before
    pump([second], play_until(resumed.client, len(before) + 4), "four more decisions")
    bo.close()
    resumed.close()
    assert hosted_waiting()  # left mid-game on purpose: still there to resume


def crash(hosting: BackgroundHost) -> None:
    """Stop ``hosting`` as a killed process would: listening and every connection cut at
    once, no save, no goodbye. The server's connection handlers then end before the loop
    stops (a handler left pending on a loop that is gone fails when it is collected)."""

    async def cut() -> None:
        server = hosting.host._server
        assert server is not None
        server.close()
        for client in list(hosting.host._connections):
            client.ws.transport.abort()
        await server.wait_closed()

    asyncio.run_coroutine_threadsafe(cut(), hosting._loop).result(5.0)
    hosting._loop.call_soon_threadsafe(hosting._loop.stop)
    hosting._thread.join(5.0)
    if hosting._lock is not None:
        hosting._lock.release()  # the system lets go of a dead program's lock
    handlers = [
        task for task in asyncio.all_tasks(hosting._loop) if "protocol_handler" in repr(task.get_coro())
    ]
    assert not handlers, "connection handlers left pending on a stopped loop"


def test_a_reissued_token_replaces_the_old_one_which_is_then_refused() -> None:
    """``Host.reissue`` gives a claimed remote seat a new token: a connection holding the seat
    is closed (``replaced``), the old token no longer joins, the new one does; an unclaimed or
    AI seat gets none."""
    from test_net_hostile import closed, expect, open_raw, send

    async def scenario() -> list[str]:
        host = await start_host(None, ai_processes=0)
        code = host.open_table(options("remote", "remote", "easy")).code
        old = host.claim_seat(code, 0, "Ana")
        holder = await open_raw(host)
        await send(holder, p.Join(p.VERSION, code, token=old))
        await expect(holder, p.Welcome)
        new = host.reissue(code, 0)
        replaced = await expect(holder, p.Problem)
        await closed(holder)
        stale = await open_raw(host)
        await send(stale, p.Join(p.VERSION, code, token=old))
        refused = await expect(stale, p.Problem)
        fresh = await open_raw(host)
        await send(fresh, p.Join(p.VERSION, code, token=new))
        welcome = await expect(fresh, p.Welcome)
        problems = []
        for seat in (1, 2, 7):
            try:
                host.reissue(code, seat)
            except ValueError as error:
                problems.append(str(error))
        await host.stop()
        assert isinstance(welcome, p.Welcome) and welcome.seat == 0 and new != old
        return [getattr(replaced, "code", ""), getattr(refused, "code", ""), *problems]

    assert run(scenario()) == [
        "replaced",
        "token",
        "seat 2 has no player",
        "seat 3 is not a remote seat",
        "seat 8 is not a remote seat",
    ]


def test_the_apps_host_serves_its_own_table_and_refuses_a_strangers_create(tmp_path: Path) -> None:
    """A game hosted from the app is that game's host only: a client's ``Create`` (a stranger's
    table of AI seats would think on the player's machine, unseen in the window) is refused
    in words, no table is added, and the hosted table still takes its player."""
    from websockets.asyncio.client import connect

    seats = options("remote", "remote")
    folder = tmp_path / "hosted"
    hosting, game, _token = start_hosting(folder, seats, 0, "Ana", bind=LOCAL, port=0, ai_processes=0)

    async def scenario() -> tuple[p.HostMessage, p.HostMessage]:
        replies = []
        for message in (
            p.Create(VERSION, "Eve", options("remote", "hard", "hard")),
            Join(VERSION, game.code, "Bo"),
        ):
            async with connect(f"ws://{LOCAL}:{hosting.port}/", compression=None) as ws:
                await ws.send(p.encode(message), text=True)
                frame = await asyncio.wait_for(ws.recv(), 5.0)
                replies.append(p.decode_host(frame.encode() if isinstance(frame, str) else frame))
        return replies[0], replies[1]

    try:
        refused, welcome = run(scenario())
        tables = sorted(hosting.host.tables)
    finally:
        hosting.stop()
    assert isinstance(refused, p.Problem) and refused.code == "create"
    assert "does not let players open tables" in refused.text
    assert isinstance(welcome, p.Welcome) and welcome.table == game.code and welcome.seat == 1
    assert tables == [game.code]


def test_leaving_the_hosting_lobby_before_the_game_starts_ends_the_table(apps: list[App]) -> None:
    """A tester hosted, left the lobby before anyone joined, and the menu offered Resume
    hosting first for a game nobody had played (Host a game then warned of an unfinished
    game); a later one's friend, already seated, was left on Reconnecting… for good. Leave
    (or Esc) in the hosting lobby of a table that never started asks first once someone
    sat down, then ends it: whoever joined is told the host ended the game, its files go,
    the menu offers no Resume hosting and Host a game asks nothing. A started game left on
    purpose stays (``test_resume_hosting_in_the_menu_restarts_a_game_whose_window_died``)."""
    import harness

    from cacao_game.app.scenes.confirm import ConfirmDialog
    from cacao_game.app.scenes.lobby import LobbyScene
    from cacao_game.net.client import ENDED, Failed
    from cacao_game.net.hosting import hosted_folder

    app = make_app()
    apps.append(app)
    source = host(app, [HUMAN, REMOTE, REMOTE])
    pump([app], lambda: len(source.table_seats()) == 3, "the host's lobby")
    bo = NetClient(LOCAL, source.port, Join(VERSION, source.code, name="Bo"))
    bo.start()
    heard: list[ClientEvent] = []
    try:
        pump(
            [app],
            lambda: heard.extend(bo.poll()) is None and any(s.name == "Bo" for s in source.table_seats()),
            "the host's lobby showing Bo seated",
        )
        assert hosted_game(hosted_folder()) is not None, "the lobby's table is on disk"
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        click_label(app, t("net.leave"))
        assert isinstance(app.top, ConfirmDialog), "Bo sits here: leaving asks first"
        click_label(app, t("common.cancel"))
        assert app.top is lobby and hosted_game(hosted_folder()) is not None
        harness.press(app, "pause")
        assert isinstance(app.top, ConfirmDialog), "Esc asks too"
        click_label(app, t("net.end_table"))
        pump(
            [app],
            lambda: heard.extend(bo.poll()) is None and any(isinstance(e, Failed) for e in heard),
            "Bo told",
        )
    finally:
        bo.close()
    (failed,) = [event for event in heard if isinstance(event, Failed)]
    assert failed.code == ENDED, "Bo is told the host ended the game, not left Reconnecting…"
    assert not hosted_waiting()
    assert not list((hosted_folder() / "tables").glob("*"))
    app.home()
    assert isinstance(app.top, MenuScene)
    with pytest.raises(LookupError):
        click_label(app, t("menu.resume_hosting"))
    click_label(app, t("menu.host"))
    assert type(app.top).__name__ == "SetupScene", "no question about an unfinished hosted game"


def test_resume_hosting_on_a_port_another_program_took_says_so_in_words(apps: list[App]) -> None:
    """A hosted game's window died and another program now listens on its port (127.0.0.1):
    Resume hosting says that another program uses the port, in the player's words (a trial
    showed "Could not host the game: [Errno 98] error while attempting to bind on address
    ('127.0.0.1', 47632): address already in use"); the game stays there to resume."""
    import socket

    from cacao_game.app.netplay import host_failure

    first = make_app()
    apps.append(first)
    source = host(first, [HUMAN, REMOTE])
    pump([first], lambda: len(source.table_seats()) == 2, "the host's lobby")
    port = source.port
    source.client.close()
    crash(source.host)
    squatter = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the old connections' TIME_WAIT
    try:
        squatter.bind((LOCAL, port))
        squatter.listen()
        second = make_app()
        apps.append(second)
        click_label(second, t("menu.resume_hosting"))
        assert isinstance(second.top, MenuScene)
        assert second.toast is not None and second.toast[0] == t("net.port_in_use_resume", port=port)
        assert "Errno" not in second.toast[0] and str(port) in second.toast[0]
    finally:
        squatter.close()
    assert hosted_waiting()
    taken = OSError(98, "address already in use")
    assert host_failure(taken, 8765) == t("net.port_in_use", port=8765), "Host a game: another port is a way"
    assert host_failure(PermissionError(13, "Permission denied"), 80) == t("net.port_denied", port=80)
    other = t("net.host_failed", reason="[Errno 5] Input/output error")
    assert host_failure(OSError(5, "Input/output error"), 8765) == other
