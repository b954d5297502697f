"""``BackgroundHost``: a host on its own thread and event loop, for the app's Host screen.

The app's window thread calls ``start`` (it returns the port once listening, or raises
``OSError`` with the reason), ``open_table`` (the table's code), ``seats`` (who has joined,
for the lobby), ``fill_with_ai`` (an empty remote seat played by the AI) and ``stop``. Each
call waits at most ``timeout`` seconds for the host's loop. The host's own player joins the
table like everyone else, with a ``NetClient`` to 127.0.0.1 and the port.

A game hosted from the app lives in a folder (``hosted_folder``: ``hosted`` in the user's
data folder): the host's table files (``tables/<code>.json`` and ``.moves``, as ``--serve``
keeps them, token digests only), records of finished games, and ``hosting.json``
(``HostedGame``: the table's code, the hosting player's seat, the address and port). One
program at a time hosts from the folder: a ``BackgroundHost`` with a folder holds its
``hosting.lock`` until it stops (the system lets go of it if the program dies), and another
program's host raises ``HostingBusy`` before it reads or removes anything there (a second
window on the same user data hosting, resuming or ending the game the first one hosts). No
token is written there: ``resume_hosting`` restarts the host from the folder on the same
port and gives the hosting player's seat a fresh token (``Host.reissue``), while the other
players' clients, still trying to reconnect, take their seats back with their own tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Final, TypeVar

import msgspec
from filelock import FileLock, Timeout

from cacao_game import typed_json
from cacao_game.config.storage import atomic_write_bytes, data_dir, private_folder
from cacao_game.files import read_limited
from cacao_game.net.host import Host
from cacao_game.net.protocol import SeatInfo, TableOptions
from cacao_game.session.autosave import one_line

T = TypeVar("T")

log = logging.getLogger(__name__)

HOSTING_FILE: Final = "hosting.json"
FAREWELL_SECONDS: Final = 30.0
"""Seconds the port of an unfinished hosted game that a new one replaced on another port
still answers (``say_farewell``): its players reconnect at most ``client.BACKOFF_MAX`` (5 s)
apart."""
HOSTING_LIMIT: Final = 4096
HOSTING_LOCK: Final = "hosting.lock"


class HostingBusy(OSError):
    """Another program hosts from the folder now (it holds the folder's ``hosting.lock``)."""


def hosted_folder() -> Path:
    """Where the game hosted from the app keeps its files (not created here)."""
    return data_dir() / "hosted"


class HostedGame(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The game the app hosts: table ``code``, the hosting player's ``seat``, and where the
    host listens (``bind``, ``port``), so that a restarted host is found where the other
    players' clients look for it."""

    code: str
    seat: int
    bind: str
    port: int


class BackgroundHost:
    """A ``Host`` (``folder``: its tables and records, None: nothing written) on a thread;
    ``seed`` makes its deals reproducible (tests), None deals from the system's randomness;
    ``clock`` is the host's (injectable, as ``Host``'s); ``allow_create`` whether clients may
    open tables of their own (``Host``'s; the app's host serves its own table only). With a
    folder it holds the folder's lock from construction until ``stop`` (``HostingBusy`` if
    another program holds it)."""

    def __init__(
        self,
        folder: Path | None = None,
        *,
        ai_processes: int = 1,
        seed: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        allow_create: bool = True,
    ) -> None:
        self._folder = folder
        self._lock = None if folder is None else claim_folder(folder)
        try:
            self.host = Host(
                folder, ai_processes=ai_processes, seed=seed, clock=clock, allow_create=allow_create
            )
        except BaseException:
            if self._lock is not None:
                self._lock.release()
            raise
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="cacao-net-host", daemon=True)
        self._restored = False
        self._forget = False
        self._stopping = False
        self._let_go_once = threading.Lock()
        self._gone = False

    def _run(self) -> None:
        """The host's thread: its loop until ``stop`` ends it, then the folder let go of."""
        try:
            self._loop.run_forever()
        finally:
            self._loop.close()
            self._let_go()

    def _let_go(self) -> None:
        """Once the host has stopped (or never ran): with ``stop``'s ``forget``, remove the
        hosted game from the folder, then release the folder's lock (once)."""
        with self._let_go_once:
            if self._gone:
                return
            self._gone = True
            try:
                if self._forget and self._folder is not None:
                    forget_hosting(self._folder)
            finally:
                if self._lock is not None:
                    self._lock.release()

    def _call(self, work: Coroutine[object, object, T], timeout: float) -> T:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(timeout)

    def restore(self) -> None:
        """Start the host's thread and put back the tables of ``folder``, not yet listening
        (once; ``start`` does it if not done)."""
        if not self._restored:
            self._restored = True
            self._thread.start()
            self.host.restore()

    def start(self, bind: str = "127.0.0.1", port: int = 0, timeout: float = 5.0) -> int:
        """Put back the tables of ``folder`` (``restore``) and listen on ``bind``:``port``
        (0: any free port); returns the port. Raises OSError if it cannot listen there."""
        self.restore()
        return self._call(self.host.start(bind, port), timeout)

    @property
    def port(self) -> int:
        """The port it listens on."""
        return self.host.port

    @property
    def running(self) -> bool:
        """Its thread runs (started, not yet stopped)."""
        return self._thread.is_alive()

    def open_table(self, options: TableOptions, timeout: float = 5.0) -> str:
        """A new table's code (ValueError with the reason if ``options`` cannot make one)."""

        async def work() -> str:
            return self.host.open_table(options).code

        return self._call(work(), timeout)

    def seats(self, code: str, timeout: float = 5.0) -> list[SeatInfo]:
        """Table ``code``'s seats now: who has joined, who is connected (KeyError: no table)."""

        async def work() -> list[SeatInfo]:
            return self.host.seats_now(self.host.tables[code])

        return self._call(work(), timeout)

    def options(self, code: str, timeout: float = 5.0) -> TableOptions:
        """The options table ``code`` was opened with (KeyError: no table)."""

        async def work() -> TableOptions:
            return self.host.tables[code].options

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

    def free_seat(self, code: str, number: int, timeout: float = 5.0) -> None:
        """Free dropped seat ``number`` for a new player (see ``Host.free_seat``)."""

        async def work() -> None:
            self.host.free_seat(code, number)

        self._call(work(), timeout)

    def reissue(self, code: str, seat: int, timeout: float = 5.0) -> str:
        """A fresh token for claimed remote seat ``seat`` of table ``code`` (see ``Host.reissue``)."""

        async def work() -> str:
            return self.host.reissue(code, seat)

        return self._call(work(), timeout)

    def stop(self, timeout: float = 10.0, *, forget: bool = False) -> None:
        """Save every table, close every connection, end the thread and let go of the
        folder's lock; with ``forget``, once the host has stopped and before the lock goes,
        remove the hosted game from the folder (``forget_hosting``: no Resume hosting).
        Waits at most ``timeout`` seconds: a host still stopping then (a slow disk) goes on
        stopping on its thread and lets go of the folder when done, never before (a review
        found the lock released while the host still wrote its table files); asked again
        meanwhile, it waits for that stop again."""
        self._forget = self._forget or forget
        if self._stopping:
            self._thread.join(timeout)
            return
        if not self._thread.is_alive():
            if not self._loop.is_closed() and not self._loop.is_running():
                self._loop.close()
            self._let_go()
            return

        async def end() -> None:
            try:
                await self.host.stop()
            except Exception:
                log.exception("the host failed to stop cleanly")
            finally:
                self._loop.stop()

        self._stopping = True
        asyncio.run_coroutine_threadsafe(end(), self._loop)
        self._thread.join(timeout)
        if self._thread.is_alive():
            log.warning("the host is still stopping after %g s: it lets go of its folder when done", timeout)

    def end_unstarted(self, code: str, timeout: float = 5.0) -> bool:
        """Stop, and if table ``code`` never started (or is gone) end it first (``Host.end_table``:
        who joined is told) and forget the hosted game too: nothing was played that Resume
        hosting could bring back (a tester left the lobby
        before anyone joined and the menu offered Resume hosting first, and Host a game
        warned of an unfinished game). Returns whether it was forgotten."""

        async def work() -> bool:
            table = self.host.tables.get(code)
            if table is not None and table.started:
                return False
            if table is not None:
                self.host.end_table(code)
            return True

        try:
            unstarted = self._thread.is_alive() and self._call(work(), timeout)
        except TimeoutError:
            unstarted = False
        self.stop(forget=unstarted)
        return unstarted


def claim_folder(folder: Path) -> FileLock:
    """The lock of hosted ``folder`` (created if missing), held: the caller hosts from it
    until it releases the lock (the folder is its owner's alone: its note names the hosting
    player's seat). ``HostingBusy`` if another program holds it."""
    private_folder(folder)
    lock = FileLock(folder / HOSTING_LOCK, timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise HostingBusy(f"another program is hosting from {folder}") from None
    return lock


def hosting_elsewhere(folder: Path) -> bool:
    """Whether another program hosts from ``folder`` now (holds its lock)."""
    if not (folder / HOSTING_LOCK).exists():
        return False
    try:
        claim_folder(folder).release()
    except HostingBusy:
        return True
    return False


def start_hosting(
    folder: Path,
    options: TableOptions,
    seat: int,
    name: str,
    *,
    bind: str,
    port: int,
    ai_processes: int = 1,
    seed: int | None = None,
) -> tuple[BackgroundHost, HostedGame, str]:
    """Host a new game in ``folder`` (the files of the one hosted before are removed): listen
    on ``bind``:``port``, open the table for ``options``, give seat ``seat`` to the hosting
    player ``name`` and note it all in ``hosting.json``. The host serves that table only: a
    client's ``Create`` is refused (a stranger's table would think on the player's machine
    unseen). Returns the host, the game and the
    hosting player's token. Raises OSError (cannot listen or write) or ValueError (options);
    the host is then stopped; ``HostingBusy`` (nothing removed) if another program hosts from
    ``folder``."""
    host = BackgroundHost(folder, ai_processes=ai_processes, seed=seed, allow_create=False)
    try:
        ended = hosted_game(folder)
        forget_hosting(folder)
        listening = host.start(bind, port)
        code = host.open_table(options)
        token = host.claim_seat(code, seat, name)
        game = HostedGame(code, seat, bind, listening)
        atomic_write_bytes(folder / HOSTING_FILE, typed_json.encode(game), keep_backup=False)
    except BaseException:
        host.stop()
        raise
    if ended is not None and ended.port != listening:
        say_farewell(ended)
    return host, game, token


def say_farewell(ended: HostedGame, seconds: float = FAREWELL_SECONDS) -> BackgroundHost | None:
    """Answer on the address and port of the unfinished game ``ended`` (a new game replaced
    it, on another port) for ``seconds``, with no table: its players, reconnecting, are told
    the host ended the game (``client.ENDED``) instead of waiting for it with a Rejoin game
    that cannot work (a trial's friends waited over a minute). Returns that host, stopping
    by itself, or None when the port cannot be had now (logged)."""
    farewell = BackgroundHost(None, ai_processes=0, allow_create=False)
    try:
        farewell.start(ended.bind, ended.port)
    except (OSError, TimeoutError) as error:
        log.info("cannot tell the ended game's players on port %d: %s", ended.port, one_line(error))
        farewell.stop()
        return None
    timer = threading.Timer(seconds, farewell.stop)
    timer.daemon = True
    timer.start()
    return farewell


def hosted_game(folder: Path) -> HostedGame | None:
    """The unfinished game hosted from ``folder``, or None (none, finished, or unreadable:
    logged)."""
    try:
        game = typed_json.decode(
            read_limited(folder / HOSTING_FILE, HOSTING_LIMIT), HostedGame, limit=HOSTING_LIMIT
        )
    except FileNotFoundError:
        return None
    except (OSError, typed_json.ShapeError) as error:
        log.warning("the hosted game's note cannot be read: %s", one_line(error))
        return None
    if not (folder / "tables" / f"{game.code}.json").is_file():
        return None  # finished (its record is filed) or never saved
    return game


def resume_hosting(
    folder: Path, *, ai_processes: int = 1, seed: int | None = None
) -> tuple[BackgroundHost, HostedGame, str] | None:
    """Restart the game hosted from ``folder`` (``hosted_game``) where it listened: the host
    restores its table from the save and journal, and the hosting player's seat gets a fresh
    token, returned with the host and the game. None if there is nothing to resume; OSError
    if the host cannot listen there again (the host is then stopped), ``HostingBusy`` (its files
    left as they are) if another program hosts from ``folder`` now. The seat is the hosting
    player's again before the host listens, so that no one joining by its name can take it."""
    lock = claim_folder(folder)
    try:
        game = hosted_game(folder)
    finally:
        lock.release()
    if game is None:
        return None
    host = BackgroundHost(folder, ai_processes=ai_processes, seed=seed, allow_create=False)
    try:
        host.restore()
        token = host.reissue(game.code, game.seat)
        host.start(game.bind, game.port)
    except (KeyError, ValueError):
        host.stop()
        log.warning("the hosted table %s could not be put back", game.code)
        return None
    except BaseException:
        host.stop()
        raise
    return host, game, token


def forget_hosting(folder: Path) -> None:
    """Remove the hosted game's note and its tables' files (records stay). The caller holds
    the folder's lock (``claim_folder``, or a ``BackgroundHost`` of the folder)."""
    for path in [folder / HOSTING_FILE, *sorted((folder / "tables").glob("*"))]:
        with contextlib.suppress(OSError):
            path.unlink()
