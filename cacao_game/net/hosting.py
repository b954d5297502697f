"""``BackgroundHost``: a host on its own thread and event loop, for the app's Host screen.

The app's window thread calls ``start`` (it returns the port once listening, or raises
``OSError`` with the reason), ``open_table`` (the table's code), ``seats`` (who has joined,
for the lobby), ``fill_with_ai`` (an empty remote seat played by the AI) and ``stop``. Each
call waits at most ``timeout`` seconds for the host's loop. The host's own player joins the
table like everyone else, with a ``NetClient`` to 127.0.0.1 and the port.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import TypeVar

from cacao_game.net.host import Host
from cacao_game.net.protocol import SeatInfo, TableOptions

T = TypeVar("T")


class BackgroundHost:
    """A ``Host`` (``folder``: its tables and records, None: nothing written) on a thread;
    ``seed`` makes its deals reproducible (tests), None deals from the system's randomness."""

    def __init__(self, folder: Path | None = None, *, ai_processes: int = 1, seed: int | None = None) -> None:
        self.host = Host(folder, ai_processes=ai_processes, seed=seed)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="cacao-net-host", daemon=True)

    def _call(self, work: Coroutine[object, object, T], timeout: float) -> T:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(timeout)

    def start(self, bind: str = "127.0.0.1", port: int = 0, timeout: float = 5.0) -> int:
        """Put back the tables of ``folder`` and listen on ``bind``:``port`` (0: any free
        port); returns the port. Raises OSError if it cannot listen there."""
        self._thread.start()
        self.host.restore()
        return self._call(self.host.start(bind, port), timeout)

    @property
    def port(self) -> int:
        """The port it listens on."""
        return self.host.port

    def open_table(self, options: TableOptions, timeout: float = 5.0) -> str:
        """A new table's code (ValueError with the reason if ``options`` cannot make one)."""

        async def work() -> str:
            return self.host.open_table(options).code

        return self._call(work(), timeout)

    def seats(self, code: str, timeout: float = 5.0) -> list[SeatInfo]:
        """Table ``code``'s seats now: who has joined, who is connected (KeyError: no table)."""

        async def work() -> list[SeatInfo]:
            return self.host.tables[code].seat_infos()

        return self._call(work(), timeout)

    def claim_seat(self, code: str, number: int, name: str, timeout: float = 5.0) -> str:
        """Give free remote seat ``number`` to the hosting player ``name`` before anyone joins;
        returns the seat's token, which their own ``NetClient`` joins with (``Join(token=...)``).
        KeyError: no table; ValueError: the seat is not a free remote seat."""

        async def work() -> str:
            return self.host.claim_seat(code, number, name)

        return self._call(work(), timeout)

    def fill_with_ai(self, code: str, number: int, level: str, timeout: float = 5.0) -> None:
        """Let AI ``level`` play free remote seat ``number`` (see ``Host.fill_with_ai``)."""

        async def work() -> None:
            self.host.fill_with_ai(code, number, level)

        self._call(work(), timeout)

    def stand_in_now(self, code: str, number: int, timeout: float = 5.0) -> None:
        """Let the stand-in AI play dropped seat ``number`` now (see ``Host.stand_in_now``)."""

        async def work() -> None:
            self.host.stand_in_now(code, number)

        self._call(work(), timeout)

    def stop(self, timeout: float = 10.0) -> None:
        """Save every table, close every connection and end the thread."""
        if not self._thread.is_alive():
            return
        self._call(self.host.stop(), timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        self._loop.close()
