"""The joiner's seat ticket: what a player who joined a game on another machine needs to take
their seat back after their program closed or died (like a session cookie).

The host keeps only digests of seat tokens, so the joining client keeps its own token:
``rejoin.json`` in the user data folder (``SeatTicket``: the host's address and port, the
table code, the seat, the player's name and the token), written atomically once the host
seated the player, removed when the game is over, when a host refuses it (no such table or
seat: ``netplay.TICKET_REFUSED``) or the player leaves the table on purpose; never because no
host answered (it may be back later: Resume hosting).
The menu offers "Rejoin game" while there is one. A ticket that cannot be read is renamed
aside (``rejoin.refused-<time>.json``), logged and treated as none: the menu never fails on it.

No pygame here.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path
from typing import Final

import msgspec

from cacao_game import typed_json
from cacao_game.config.storage import atomic_write_bytes, data_dir
from cacao_game.files import read_limited, set_aside
from cacao_game.net.protocol import PORTS
from cacao_game.net.tables import code_problem
from cacao_game.session.autosave import one_line

log = logging.getLogger(__name__)

FILE_NAME: Final = "rejoin.json"
LIMIT: Final = 4096
"""Bytes a ticket may have (a real one has about 200)."""


class SeatTicket(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Seat ``seat`` of table ``code`` at ``address``:``port``, taken back with ``token``
    (the seat's secret) by player ``name``; ``opened``: this player opened the table on a
    server (its lobby shows what the others type to join); ``told``: see below."""

    address: str
    port: int
    code: str
    seat: int
    name: str
    token: str
    opened: bool = False
    told: int = 0
    """Decisions of the table's journal the player was last told the stand-in's moves up to
    (``presence.standin_played``): a comeback in a new window does not tell them again (a
    trial was told twice of one turn)."""

    def problem(self) -> str | None:
        """Why this ticket cannot be used, or None."""
        if not self.address.strip() or self.port not in PORTS:
            return "no address and port"
        if code_problem(self.code):
            return "not a table code"
        if self.seat < 0 or not self.token:
            return "no seat or token"
        return None


def ticket_path() -> Path:
    """Where the ticket is kept."""
    return data_dir() / FILE_NAME


def save_ticket(ticket: SeatTicket, path: Path | None = None) -> bool:
    """Keep ``ticket`` (replacing any other), readable by its owner only (it holds the seat's
    secret); False (logged) if it cannot be written."""
    path = path or ticket_path()
    try:
        atomic_write_bytes(path, typed_json.encode(ticket), keep_backup=False)
        os.chmod(path, 0o600)
    except OSError as error:
        log.warning("the seat's ticket cannot be kept: %s", one_line(error))
        return False
    return True


def load_ticket(path: Path | None = None) -> SeatTicket | None:
    """The kept ticket, or None: none kept, or refused (then renamed aside and logged)."""
    path = path or ticket_path()
    try:
        ticket = typed_json.decode(read_limited(path, LIMIT), SeatTicket, limit=LIMIT)
    except FileNotFoundError:
        return None
    except (OSError, typed_json.ShapeError) as error:
        set_aside(path, "the seat's ticket", one_line(error))
        return None
    problem = ticket.problem()
    if problem is not None:
        set_aside(path, "the seat's ticket", problem)
        return None
    return ticket


def forget_ticket(path: Path | None = None) -> None:
    """Remove the kept ticket (the game is over, or the player left it on purpose)."""
    with contextlib.suppress(FileNotFoundError):
        try:
            (path or ticket_path()).unlink()
        except OSError as error:
            log.warning("the seat's ticket cannot be removed: %s", one_line(error))
