"""``python -m cacao_game --serve`` (issue 19): a real host process on 127.0.0.1 that is
killed in mid-game and started again on its folder; the clients rejoin by themselves and
finish; SIGTERM stops it cleanly after saving. One line per event, no traceback."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
from pathlib import Path

from net_support import LOCAL, free_port, options, record_files, run, start_server
from referee_loader import load_referee

from cacao_game import saves
from cacao_game.net import protocol as p
from cacao_game.net.bot import Bot, BotReport


async def two_playing(port: int, seed: int, decisions: int) -> tuple[Bot, Bot, list[asyncio.Task[BotReport]]]:
    """Ana opens a table of two at the host on ``port``, Bo joins, and both play until the game
    has ``decisions`` decisions; the bots and their running tasks."""
    creator = Bot(LOCAL, port, p.Create(p.VERSION, "Ana", options("remote", "remote")), seed=seed, think=0.01)
    playing = [asyncio.create_task(creator.run(20.0))]
    await asyncio.wait_for(creator.joined.wait(), 5.0)
    assert creator.link.code is not None
    joiner = Bot(LOCAL, port, p.Join(p.VERSION, creator.link.code, "Bo"), seed=seed + 1, think=0.01)
    playing.append(asyncio.create_task(joiner.run(20.0)))
    while creator.report.state is None or creator.report.state.decisions < decisions:
        await asyncio.sleep(0.01)
    return creator, joiner, playing


def test_a_killed_host_process_restarts_from_its_autosave_and_stops_cleanly(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "host.log"
    first = start_server(port, tmp_path, log)
    try:

        async def play() -> list[bool]:
            creator, _joiner, playing = await two_playing(port, 1, 12)
            assert creator.report.state is not None
            confirmed = creator.report.state.decisions
            first.send_signal(signal.SIGKILL)
            await asyncio.get_running_loop().run_in_executor(None, first.wait)
            second = await asyncio.get_running_loop().run_in_executor(None, start_server, port, tmp_path, log)
            processes.append(second)
            reports = [await task for task in playing]
            assert reports[0].state is not None and reports[0].state.decisions >= confirmed
            return [report.finished for report in reports]

        processes: list[subprocess.Popen[bytes]] = []
        assert run(play(), timeout=40.0) == [True, True], log.read_text()
        second = processes[0]
        second.send_signal(signal.SIGTERM)
        assert second.wait(10) == 0
    finally:
        for process in [first, *locals().get("processes", [])]:
            if process.poll() is None:
                process.kill()
                process.wait()
    text = log.read_text()
    assert "Traceback" not in text
    assert "restored at decision" in text and "stopping: saving every table" in text
    (record,) = record_files(tmp_path)
    assert load_referee().check_record(record) == []


def test_a_port_in_use_is_one_line_and_exit_code_1(tmp_path: Path) -> None:
    import socket
    import sys

    from net_support import ROOT

    with socket.socket() as taken:
        taken.bind((LOCAL, 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        command = [
            sys.executable,
            "-m",
            "cacao_game",
            "--serve",
            "--port",
            port,
            "--serve-dir",
            str(tmp_path),
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"cannot listen on {LOCAL}:{port}" in done.stderr


def test_sigterm_mid_game_writes_every_table_in_full_and_logs_one_stamped_line_per_event(
    tmp_path: Path,
) -> None:
    """Two players at a table in mid-game; SIGTERM: exit code 0, and the table's full save
    (not only its journal) holds every decision they saw; the log has one line with the time
    for each join and each leave, and no traceback."""
    port = free_port()
    log = tmp_path / "host.log"
    server = start_server(port, tmp_path, log)
    try:

        async def play() -> int:
            creator, joiner, playing = await two_playing(port, 4, 10)
            for bot in (creator, joiner):
                bot.think = 60.0  # nobody decides any more
            await asyncio.sleep(0.2)
            assert creator.report.state is not None
            seen = creator.report.state.decisions
            server.send_signal(signal.SIGTERM)
            await asyncio.get_running_loop().run_in_executor(None, server.wait, 10)
            for task in playing:
                task.cancel()
            return seen

        seen = run(play(), timeout=40.0)
        assert server.wait(10) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    (table,) = sorted((tmp_path / "tables").glob("*.json"))
    table.with_suffix(".moves").unlink()  # the full save alone
    assert len(saves.load_game(table).game.actions) == seen
    lines = log.read_text().splitlines()
    assert "Traceback" not in log.read_text()
    assert all(re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ (INFO|WARNING|ERROR) ", line) for line in lines)
    assert [bool(re.search(r"took seat [01] from", line)) for line in lines].count(True) == 2
    assert [bool(re.search(r"seat [01] left", line)) for line in lines].count(True) == 2
    assert "stopped; 1 tables saved" in lines[-1]
