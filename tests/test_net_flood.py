"""Floods of connections at a host (issue 19): idle sockets, handshakes that never finish and
connections that never join cannot lock players out, nor take the file descriptors the host
needs to write its journals. Real sockets on 127.0.0.1 only, bounded in count and time."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from net_support import LOCAL, ROOT, free_port, options, run, start_host
from websockets.asyncio.client import ClientConnection, connect

from cacao_game.app.join_form import refusal_words
from cacao_game.app.strings import t
from cacao_game.net import host as host_module
from cacao_game.net import protocol as p

CAP = 12


async def _welcomed(port: int) -> p.HostMessage:
    """A new player's ``create`` at the host on ``port``: the first answer (within 5 s)."""
    async with connect(f"ws://{LOCAL}:{port}/", compression=None, open_timeout=5) as ws:
        await ws.send(p.encode(p.Create(p.VERSION, "Ana", options("remote", "easy"))), text=True)
        frame = await asyncio.wait_for(ws.recv(), 5.0)
        return p.decode_host(frame.encode() if isinstance(frame, str) else frame)


def test_idle_sockets_and_connections_that_never_join_cannot_lock_a_player_out() -> None:
    """A host full of raw sockets that never shake hands and of WebSocket connections that
    never join cuts the oldest of them for each newcomer: a player still gets a table, and
    the host holds no more sockets than it allows."""

    async def scenario() -> tuple[p.HostMessage, int, int]:
        host = await start_host(None, max_connections=CAP)
        raw: list[socket.socket] = []
        for _ in range(CAP):
            raw.append(socket.create_connection((LOCAL, host.port), timeout=5))
        idle: list[ClientConnection] = []
        for _ in range(CAP):
            idle.append(await connect(f"ws://{LOCAL}:{host.port}/", compression=None, open_timeout=5))
        answer = await _welcomed(host.port)
        await asyncio.sleep(0.2)
        cut = 0
        for sock in raw:
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                cut += sock.recv(1) == b""
            sock.close()
        open_now = len(host._accepted)
        for ws in idle:
            await ws.close()
        await host.stop()
        return answer, cut, open_now

    answer, cut, open_now = run(scenario())
    assert isinstance(answer, p.Welcome), answer
    assert cut == CAP  # the oldest sockets went first, long before the handshake timeout
    assert open_now <= CAP


def test_the_host_takes_no_more_connections_than_its_open_file_limit_leaves_room_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(host_module, "fd_budget", lambda: CAP)

    async def scenario() -> int:
        host = await start_host(None)
        taken = host.max_connections
        await host.stop()
        return taken

    assert run(scenario()) == CAP


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_headless_host_raises_a_low_open_file_limit(tmp_path: Path) -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard <= 1024:
        pytest.skip("the hard open-file limit leaves nothing to raise")
    port = free_port()
    log = tmp_path / "serve.log"

    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))

    env = dict(os.environ, PYTHONPATH=str(ROOT), CACAO_HOME=str(tmp_path))
    args = ["--serve", "--port", str(port), "--bind", LOCAL, "--serve-dir", str(tmp_path / "srv")]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "cacao_game", *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=ROOT,
            preexec_fn=low_limit,
        )
    try:
        deadline = time.monotonic() + 20
        while f"serving on {LOCAL}:{port}" not in log.read_text(errors="replace"):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        limits = Path(f"/proc/{process.pid}/limits").read_text()
    finally:
        process.terminate()
        process.wait(20)
    soft = int(next(line for line in limits.splitlines() if line.startswith("Max open files")).split()[3])
    assert soft > 1024


def test_tables_that_start_at_once_and_are_left_count_towards_the_limit_of_an_address() -> None:
    """A table of one remote seat and an AI starts at once; with no stand-in it would wait for
    its player for good. Such tables left by their player count as waiting for players, so one
    address cannot fill the host's slots with them; tables whose player is here do not count."""
    limit = 2
    kept = options("remote", "easy", standin=None)

    async def create(port: int) -> tuple[ClientConnection, p.HostMessage]:
        ws = await connect(f"ws://{LOCAL}:{port}/", compression=None, open_timeout=5)
        await ws.send(p.encode(p.Create(p.VERSION, "Evil", kept)), text=True)
        frame = await asyncio.wait_for(ws.recv(), 5.0)
        return ws, p.decode_host(frame.encode() if isinstance(frame, str) else frame)

    async def scenario() -> tuple[list[p.HostMessage], p.HostMessage, int]:
        host = await start_host(None, open_per_address=limit)
        here = [await create(host.port) for _ in range(limit + 1)]
        for ws, _ in here:
            await ws.close()
        seats = [seat for table in host.tables.values() for seat in table.seats if seat.remote]
        for _ in range(100):
            if not any(seat.connected for seat in seats):
                break
            await asyncio.sleep(0.05)
        late, refused = await create(host.port)
        await late.close()
        tables = len(host.tables)
        await host.stop()
        return [answer for _, answer in here], refused, tables

    answers, refused, tables = run(scenario())
    assert all(isinstance(answer, p.Welcome) for answer in answers)
    assert isinstance(refused, p.Problem) and refused.code == "tables" and refused.fatal
    assert tables == limit + 1


def test_a_host_stops_soon_though_a_socket_never_finishes_its_handshake() -> None:
    """A stopping host cuts the connections that do not close at once (here a socket that
    sent nothing: the handshake would wait for its 10 s timeout)."""

    async def scenario() -> None:
        host = await start_host(None)
        with socket.create_connection((LOCAL, host.port), timeout=5):
            await asyncio.sleep(0.2)
            await host.stop()

    run(scenario(), timeout=3 * host_module.CLOSE_WAIT)


def test_an_address_guessing_table_codes_is_stopped_for_a_while_by_the_hosts_clock() -> None:
    """After ``CODE_GUESSES`` wrong codes an address may not join by code for
    ``GUESS_WINDOW`` (the host's clock); a player coming back with their seat's token is let
    in meanwhile (a trial's guesses from one address locked everyone there out, returning
    players too; a token cannot be guessed as a code can). The refusal has a code of its own
    (``guesses``): a trial's player behind the guessing address was told to check a right code."""
    now = [0.0]

    async def attempt(port: int, code: str, token: str | None = None) -> p.HostMessage:
        async with connect(f"ws://{LOCAL}:{port}/", compression=None, open_timeout=5) as ws:
            join = p.Join(p.VERSION, code, token=token) if token else p.Join(p.VERSION, code, spectate=True)
            await ws.send(p.encode(join), text=True)
            frame = await asyncio.wait_for(ws.recv(), 5.0)
            return p.decode_host(frame.encode() if isinstance(frame, str) else frame)

    async def scenario() -> tuple[list[p.HostMessage], p.HostMessage, p.HostMessage, p.HostMessage]:
        host = await start_host(None, clock=lambda: now[0])
        table = host.open_table(options("remote", "easy"))
        token = host.claim_seat(table.code, 0, "Ana")
        wrong = "".join("A" if c != "A" else "B" for c in table.code)
        guesses = [await attempt(host.port, wrong) for _ in range(host_module.CODE_GUESSES)]
        blocked = await attempt(host.port, table.code)
        returning = await attempt(host.port, table.code, token)
        now[0] += host_module.GUESS_WINDOW
        host.sweep()
        welcome = await attempt(host.port, table.code)
        await host.stop()
        return guesses, blocked, returning, welcome

    guesses, blocked, returning, welcome = run(scenario())
    assert all(isinstance(m, p.Problem) and m.code == "table" for m in guesses)
    assert isinstance(blocked, p.Problem) and blocked.code == "guesses" and "wait" in blocked.text
    assert refusal_words(blocked.code, blocked.text) == t("net.refused_guesses"), "not: check the code"
    assert isinstance(returning, p.Welcome) and returning.seat == 0
    assert isinstance(welcome, p.Welcome)


def test_an_address_joining_in_a_loop_is_held_to_its_join_budget_by_the_hosts_clock() -> None:
    """A trial's 20 loops of spectators joining and leaving made 140 joins a second, each
    sent the whole table. One address may join ``JOIN_BURST`` times at once, then
    ``JOINS_PER_SECOND`` (the host's clock): the next join is refused in words (``joins``,
    fatal), another address is not held back, and the budget fills again with time (and is
    forgotten by a sweep once full)."""
    now = [0.0]

    async def watch(port: int, code: str) -> p.HostMessage:
        async with connect(f"ws://{LOCAL}:{port}/", compression=None, open_timeout=5) as ws:
            await ws.send(p.encode(p.Join(p.VERSION, code, spectate=True)), text=True)
            frame = await asyncio.wait_for(ws.recv(), 5.0)
            return p.decode_host(frame.encode() if isinstance(frame, str) else frame)

    async def scenario() -> tuple[list[p.HostMessage], p.HostMessage, bool, p.HostMessage, int]:
        host = await start_host(None, clock=lambda: now[0], max_spectators=100)
        table = host.open_table(options("remote", "easy"))
        burst = [await watch(host.port, table.code) for _ in range(host_module.JOIN_BURST)]
        refused = await watch(host.port, table.code)
        other = host._may_join("192.0.2.7")  # another address's budget (no traffic goes there)
        now[0] += 1.0 / host_module.JOINS_PER_SECOND
        later = await watch(host.port, table.code)
        now[0] += 3600.0
        host.sweep()
        budgets = len(host._joins)
        await host.stop()
        return burst, refused, other, later, budgets

    burst, refused, other, later, budgets = run(scenario())
    assert all(isinstance(m, p.Welcome) for m in burst)
    assert isinstance(refused, p.Problem) and refused.code == "joins" and refused.fatal
    assert refusal_words(refused.code, refused.text) == t("net.refused_joins")
    assert other, "another address has its own budget"
    assert isinstance(later, p.Welcome)
    assert budgets == 0
