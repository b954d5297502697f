"""``python -m cacao_game --serve``: a headless host serving several tables until stopped.

Tables are opened by clients (``Create``: the first player chooses the seats and options and
gets the table's code, which friends type to ``Join``). Every table is saved under
``folder/tables`` after each decision; a host started again on the same folder puts them
back, and players rejoin with their seat tokens. Finished games are filed as records under
``folder/records``. Ctrl+C or SIGTERM stop it cleanly after saving every table. It logs one
line per join, leave, table and error, each with the time (UTC).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import sys
import time
from pathlib import Path

from cacao_game.config.storage import data_dir
from cacao_game.net.connection import raise_fd_limit
from cacao_game.net.host import Host
from cacao_game.session.autosave import one_line

log = logging.getLogger(__name__)

YOUNG_OBJECTS = 1000
"""Objects made (and not yet freed) between two collections of the youngest generation in a
serving process: each such pause walks at most about this many objects (well under a
millisecond)."""
NEVER = 1 << 30
FULL_COLLECT_EVERY = 600.0
"""Seconds between two full collections in a serving process (``collect_now_and_then``)."""
SWITCH_INTERVAL = 0.001
"""Seconds a writer thread (saves, records) may hold the interpreter while the event loop
waits for it (``sys.setswitchinterval``; Python's default is 5 ms)."""
ALL_INTERFACES = ("0.0.0.0", "::", "")


def quiet_gc() -> None:
    """Set the cyclic garbage collector of a serving process so that it never holds every
    table up for long. What lives now (modules, restored tables) is set aside for good
    (``gc.freeze``). After that only the youngest generation is collected on its own, every
    ``YOUNG_OBJECTS``: what survives it (each decision leaves about fifty objects: the
    game's undo snapshot, the journal entry and its events) is never walked again, except by
    the full collection ``collect_now_and_then`` runs. The collector's own schedule walks
    every table's recent decisions again, in the older generations, while all tables wait:
    playing 50 tables of 4 in one process, its default thresholds paused it for up to 29 ms,
    thresholds of 20 000 young objects for up to 6 ms each time, these for 0.4 ms at most
    (and less in all)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, NEVER, NEVER)


async def collect_now_and_then(every: float = FULL_COLLECT_EVERY) -> None:
    """A full collection every ``every`` seconds (until cancelled), so that the reference
    cycles ``quiet_gc`` leaves behind (a closed connection's transport, a few per game)
    are freed; each is logged with how long it held the event loop."""
    while True:
        await asyncio.sleep(every)
        started = time.perf_counter()
        found = gc.collect()
        took = 1000 * (time.perf_counter() - started)
        log.info("garbage collection: %d objects freed in %.1f ms", found, took)


def default_folder() -> Path:
    """Where a host keeps its tables and records when no folder is given."""
    return data_dir() / "net"


async def _serve(
    bind: str, port: int, folder: Path, ready: asyncio.Event | None, back_by_name: bool = False
) -> int:
    host = Host(folder, back_by_name=back_by_name)
    restored = host.restore()
    try:
        await host.start(bind, port)
    except OSError as error:
        log.error("cannot listen on %s:%d: %s", bind, port, one_line(error))
        await host.stop()
        return 1
    quiet_gc()
    sys.setswitchinterval(SWITCH_INTERVAL)
    collecting = asyncio.create_task(collect_now_and_then())
    if bind in ALL_INTERFACES:
        log.warning("listening on every network interface: anyone who can reach this machine can join")
    log.info("%d table(s) restored; tables and records in %s; Ctrl+C stops", restored, folder)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    if ready is not None:
        ready.set()
    await stop.wait()
    collecting.cancel()
    log.info("stopping: saving every table")
    await host.stop()
    return 0


def run_server(bind: str, port: int, folder: Path | None = None, back_by_name: bool = False) -> int:
    """Serve on ``bind``:``port`` until Ctrl+C / SIGTERM; the exit code (1: cannot listen).
    ``back_by_name``: ``Host``'s (a dropped player may take their seat back by name)."""
    stamped = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%Y-%m-%dT%H:%M:%SZ")
    stamped.converter = time.gmtime
    for handler in logging.getLogger().handlers:
        handler.setFormatter(stamped)
    folder = folder or default_folder()
    raise_fd_limit()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        log.error("cannot use the folder %s: %s", folder, one_line(error))
        return 1
    if back_by_name:
        log.warning("a join under a disconnected player's name takes their seat back (--back-by-name)")
    return asyncio.run(_serve(bind, port, folder, None, back_by_name))
