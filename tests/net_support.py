"""Helpers for the network tests: a host on 127.0.0.1 in the test's event loop, bots, tables.

Every test starts real sockets on 127.0.0.1 only, on free ports (port 0), and bounds its
time with ``asyncio.wait_for``.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from cacao_game.net import protocol as p
from cacao_game.net.bot import Bot, BotReport
from cacao_game.net.client import ClientEvent
from cacao_game.net.host import Host

LOCAL = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def options(*kinds: str, **extra: object) -> p.TableOptions:
    """Table options with seats of ``kinds`` (``remote`` or a level)."""
    return p.TableOptions([p.SeatSpec(kind) for kind in kinds], **extra)  # type: ignore[arg-type]


def run(coroutine: Awaitable[T], timeout: float = 30.0) -> T:
    """Run ``coroutine`` in a fresh event loop, bounded by ``timeout`` seconds."""

    async def bounded() -> T:
        return await asyncio.wait_for(coroutine, timeout)

    return asyncio.run(bounded())


async def start_host(folder: Path | None, seed: int = 7, **kwargs: object) -> Host:
    """A host listening on 127.0.0.1, a free port."""
    host = Host(folder, seed=seed, **kwargs)  # type: ignore[arg-type]
    await host.start(LOCAL, 0)
    return host


async def seated_bots(
    host: Host,
    table_options: p.TableOptions,
    *,
    remotes: int,
    tap: Callable[[int, bytes], None] | None = None,
    on_event: Callable[[int, ClientEvent], None] | None = None,
    think: float = 0.0,
) -> list[tuple[Bot, asyncio.Task[BotReport]]]:
    """``remotes`` bots, each with its running task: the first creates the table, the others
    join it (in that order)."""

    def bot(number: int, request: p.Join | p.Create) -> Bot:
        return Bot(
            LOCAL,
            host.port,
            request,
            seed=number * 11 + 3,
            think=think,
            tap=(lambda data: tap(number, data)) if tap else None,
            on_event=(lambda event: on_event(number, event)) if on_event else None,
        )

    first = bot(0, p.Create(p.VERSION, "Ana", table_options))
    bots = [(first, asyncio.create_task(first.run(25.0)))]
    await asyncio.wait_for(first.joined.wait(), 5.0)
    code = first.link.code
    assert code is not None
    for number in range(1, remotes):
        joiner = bot(number, p.Join(p.VERSION, code, f"Bot {number}"))
        bots.append((joiner, asyncio.create_task(joiner.run(25.0))))
        await asyncio.wait_for(joiner.joined.wait(), 5.0)
    return bots


def record_files(folder: Path) -> list[dict[str, object]]:
    """The records the host filed in ``folder/records``."""
    return [json.loads(path.read_text()) for path in sorted((folder / "records").glob("*.json"))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCAL, 0))
        return int(probe.getsockname()[1])


def start_server(port: int, folder: Path, log: Path) -> subprocess.Popen[bytes]:
    """``python -m cacao_game --serve`` on 127.0.0.1:``port``, once it listens (within 20 s)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), CACAO_HOME=str(folder))
    handle = log.open("ab")
    process = subprocess.Popen(
        [sys.executable, "-m", "cacao_game", "--serve", "--port", str(port), "--serve-dir", str(folder)],
        stdout=handle,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=ROOT,
    )
    deadline = time.monotonic() + 20
    while f"serving on {LOCAL}:{port}" not in log.read_text(errors="replace"):
        assert process.poll() is None, log.read_text()
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.05)
    return process
