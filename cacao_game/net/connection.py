"""One connection at a host: its rate limit, its outbox, where it sits; and refusals in words.

A ``Connection`` writes what the host sends (``send``/``push``) to its socket at once while
the socket keeps up, and otherwise queues it for the host's writer task, so that a slow
client never holds a table up (too many messages waiting close it); it takes one message
from its bucket per frame read (``admit``).
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from cacao_game.net import protocol as p
from cacao_game.net.bucket import TokenBucket
from cacao_game.net.tables import Table

log = logging.getLogger(__name__)

RATE: Final = 20.0
"""Messages per second a connection may send on average ..."""
BURST: Final = 40
"""... and in one burst."""
FLOOD_CLOSE: Final = 200
"""Messages over the rate limit, counted until the connection is calm again (its bucket full:
``BURST / RATE`` seconds sending nothing), after which the connection is closed."""
OUTBOX: Final = 512
"""Messages waiting for a slow client after which its connection is closed ..."""
OUTBOX_BYTES: Final = 8 * p.HOST_LIMIT
"""... or bytes (2 MiB: a client that asks for the whole table again and again but never
reads holds no more than this of the host's memory)."""
FD_RESERVE: Final = 128
"""File descriptors a host keeps for its own files (journals, saves, records, AI worker pipes)
beyond its connections: a flood of connections must never leave it unable to write a journal."""
FD_WANTED: Final = 65536
"""The open-file limit a headless host asks for (``raise_fd_limit``), up to the hard limit."""


def fd_budget() -> int | None:
    """Connections the process's open-file limit leaves room for (after ``FD_RESERVE``), or
    None where there is no such limit to read (Windows)."""
    if sys.platform == "win32":
        return None
    import resource

    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else max(1, soft - FD_RESERVE)


def raise_fd_limit() -> None:
    """Raise the process's soft open-file limit towards ``FD_WANTED`` (never above the hard
    limit; 1024 is a common default, too few for a host of many players)."""
    if sys.platform == "win32":
        return
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FD_WANTED if hard == resource.RLIM_INFINITY else min(FD_WANTED, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError) as error:
            log.info("cannot raise the open-file limit from %d: %s", soft, error)


POLICY_CLOSE: Final = 1008
"""The WebSocket close code of a connection the host ends (policy violation)."""
NORMAL_CLOSE: Final = 1000
"""The WebSocket close code of a connection whose player left on purpose."""

REFUSALS: Final = {
    "seat": "That seat is not yours (wrong or stale token).",
    "not_seated": "Join a table first.",
    "not_started": "The game starts when every remote seat has a player.",
    "over": "The game is over.",
    "stale": (
        "That decision was made for another point of the game than now: decide again on the "
        "table as it is now (sent with this refusal unless you already have it)."
    ),
    "turn": "It is not your decision.",
    "illegal": "That move is not allowed.",
    "count": f"Send 1 to {p.MAX_ACTIONS} decisions at a time.",
    "hints_off": "The host does not allow hints at this table.",
    "undo.nothing": "There is nothing of yours to take back.",
    "undo.other_human": "Only your own decisions can be taken back.",
    "undo.turn_over": "The next player has acted: your move cannot be taken back.",
    "undo.reveal": "A hidden tile has been revealed since: it cannot be taken back.",
    "undo.standin": "The stand-in AI made that decision for you: it cannot be taken back.",
    "undo.nobody": "There is nothing of yours to take back.",
}
"""The words of each refusal reason (clients may show their own translation of the code)."""


class Admission(Enum):
    """What ``Connection.admit`` says to do with a message read."""

    READ = "read"
    WARN = "warn"
    """Drop it and send a ``flood`` error (the first over the limit)."""
    DROP = "drop"
    CLOSE = "close"


def refusal(reason: str) -> p.Refusal:
    """The ``Refusal`` message for ``reason`` (a key of ``REFUSALS``)."""
    return p.Refusal(reason, REFUSALS.get(reason, reason))


@dataclass(eq=False)
class Connection:
    """One connection: where it sits and its rate-limit bucket."""

    ws: ServerConnection
    peer: str
    bucket: TokenBucket
    """The rate limit: ``RATE`` messages a second, ``BURST`` at once."""
    outbox: asyncio.Queue[tuple[bytes | None, float]] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    """What waits to be written, each with when it was queued (``time.perf_counter``)."""
    table: Table | None = None
    seat: int | None = None
    address: str = ""
    """The client's IP address (tables a client may open are counted per address)."""
    over_limit: int = 0
    """Messages over the rate limit since the connection was last calm (``admit``)."""
    queued: int = 0
    """Bytes in ``outbox``."""
    limit_bytes: int = OUTBOX_BYTES
    closing: bool = False
    """The host is closing the connection: what it sends now is not read."""
    aborted: bool = False
    """The connection was cut for being too slow: nothing more is queued."""
    writing: bool = False
    """The writer task is writing a queued message (``take`` to ``written``)."""
    waited: deque[float] | None = None
    """Where to note the seconds each message waited between ``push`` and its socket."""
    close_code: int = POLICY_CLOSE
    """The WebSocket close code the host ends the connection with: ``POLICY_CLOSE`` when it
    ends it, ``NORMAL_CLOSE`` when the player left on purpose (clients read 1008 as an error)."""
    synced: bool = False
    """The client was sent the whole table (on joining, or after a stale command) and the
    game has not changed since: another stale command gets no second copy."""

    def admit(self, now: float) -> Admission:
        """What the host does with a message read at ``now``: read it, or drop it for being
        over the rate limit. The first dropped message since the connection was last calm
        (its bucket full again) is answered with a ``flood`` error, the next ones are dropped
        in silence, and the ``FLOOD_CLOSE``-th closes the connection: a client sending just
        over the limit is closed too, never warned again and again."""
        if self.bucket.take(now):
            if self.bucket.rested():
                self.over_limit = 0
            return Admission.READ
        self.over_limit += 1
        if self.over_limit >= FLOOD_CLOSE:
            return Admission.CLOSE
        return Admission.WARN if self.over_limit == 1 else Admission.DROP

    def send(self, message: p.HostMessage) -> None:
        """Queue ``message``; a client that lets too many pile up is closed."""
        self.push(p.encode(message))

    def push(self, data: bytes | None) -> None:
        """Write encoded bytes now (``write_now``) when nothing waits before them, else queue
        them (None: close after what is queued). A client with ``OUTBOX`` messages or
        ``limit_bytes`` waiting in this process (queued, or written but still in the
        transport's buffer) is too slow: its connection is aborted."""
        if self.aborted:
            return
        size = len(data) if data is not None else 0
        if self.queued + size + self.ws.transport.get_write_buffer_size() > self.limit_bytes:
            self._abort()
            return
        idle = not self.closing and not self.writing and self.outbox.empty()
        if data is not None and idle and self.write_now(data):
            self.note_written(time.perf_counter())
            return
        self.closing = self.closing or data is None
        try:
            self.outbox.put_nowait((data, time.perf_counter()))
        except asyncio.QueueFull:
            self._abort()
        else:
            self.queued += size

    def _abort(self) -> None:
        log.warning("%s: too slow, closing", self.peer)
        self.aborted = self.closing = True
        self.ws.transport.abort()

    def write_now(self, data: bytes) -> bool:
        """Write ``data`` as a text frame to the socket without waiting, as ``ws.send`` does
        when the socket keeps up; False (nothing written) when the connection is not open or
        its transport is over its write limit (``paused``): the writer task then waits for it.
        Sparing the writer task a wake-up per message keeps an update from waiting for
        whatever else the event loop has to do first."""
        ws = self.ws
        if ws.protocol.state is not State.OPEN or ws.paused or ws.transport.is_closing():
            return False
        ws.protocol.send_text(data)
        ws.send_data()
        return True

    async def take(self) -> tuple[bytes | None, float]:
        """The next message to write (None: close) and when it was queued; the connection
        counts as ``writing`` until ``note_written``."""
        data, queued_at = await self.outbox.get()
        self.queued -= len(data) if data is not None else 0
        self.writing = True
        return data, queued_at

    def note_written(self, queued_at: float) -> None:
        """A message queued at ``queued_at`` (``time.perf_counter``) is written."""
        self.writing = False
        if self.waited is not None:
            self.waited.append(time.perf_counter() - queued_at)
