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
import time
from pathlib import Path

from cacao_game.config.storage import data_dir
from cacao_game.net.connection import raise_fd_limit
from cacao_game.net.host import Host
from cacao_game.session.autosave import one_line

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
GC_THRESHOLD = (20_000, 20, 50)
"""The cyclic garbage collector's thresholds in a serving process: the host makes many
short-lived objects (messages, states) that reference counting frees, and every collection
of the older generations walks every table's game while all tables wait (40-120 ms seen with
50 tables on a busy machine); collect rarely, and never walk what was loaded at start."""
ALL_INTERFACES = ("0.0.0.0", "::", "")


def default_folder() -> Path:
    """Where a host keeps its tables and records when no folder is given."""
    return data_dir() / "net"


async def _serve(bind: str, port: int, folder: Path, ready: asyncio.Event | None) -> int:
    host = Host(folder)
    restored = host.restore()
    try:
        await host.start(bind, port)
    except OSError as error:
        log.error("cannot listen on %s:%d: %s", bind, port, one_line(error))
        await host.stop()
        return 1
    gc.collect()
    gc.freeze()  # what was loaded at start (modules, restored tables) is never walked again
    gc.set_threshold(*GC_THRESHOLD)
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
    log.info("stopping: saving every table")
    await host.stop()
    return 0


def run_server(bind: str, port: int, folder: Path | None = None) -> int:
    """Serve on ``bind``:``port`` until Ctrl+C / SIGTERM; the exit code (1: cannot listen)."""
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
    return asyncio.run(_serve(bind, port, folder, None))
