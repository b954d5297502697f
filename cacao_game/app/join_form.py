"""The Join a game form's memory and its refusals in words (pure Python, no pygame).

The settings file remembers the host's address, the port and the player's name of the last
join (``Settings.last_joined``), so the form opens with them after a restart, as Host a game
opens with the last hosted setup. Never the table code (each table has its own) nor whether
the player watched. The value is read through the one validator (``typed_json``) and each
field through the form's own rules; a field that does not pass takes the form's default and
is named, so the form can say what it repaired. A host's refusal of a join (``Failed.code``)
becomes words in the player's language, shown on the form with what was typed (and by the
lobby and the table when the link fails later).
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

import msgspec

from cacao_game.app.netplay import LOOPBACK
from cacao_game.app.strings import t
from cacao_game.config.names import name_problem
from cacao_game.jsontypes import JSON
from cacao_game.net.client import ENDED, UNREACHABLE
from cacao_game.net.protocol import DEFAULT_PORT, PORTS, REPLACED
from cacao_game.typed_json import ShapeError, convert, plain

MAX_ADDRESS = 64
"""Characters of a host's address the form takes."""


class RememberedJoin(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The Join form of the last join, as ``Settings.last_joined`` stores it."""

    address: str
    port: int
    name: str


@dataclass(frozen=True)
class JoinMemory:
    """The form's address, port (as typed) and name read back, and the fields that did not
    read (each took the form's default)."""

    address: str = LOOPBACK
    port: str = str(DEFAULT_PORT)
    name: str = ""
    repaired: tuple[str, ...] = ()


def remembered(address: str, port: int, name: str) -> dict[str, JSON]:
    """The form's ``address``, ``port`` and ``name`` (a clean name, or empty) as the
    settings file stores them."""
    return plain(RememberedJoin(address.strip(), port, name))


def read_remembered(value: JSON) -> JoinMemory:
    """The form stored as ``value`` (``remembered``'s form). A wrong shape raises
    ``ShapeError`` (one line); a field the form would refuse (an address empty, too long or
    with control characters, a port outside 1-65535, a name that is not a clean name) takes
    the form's default and is listed in ``repaired``."""
    stored = convert(value, RememberedJoin, where="last_joined")
    repaired: list[str] = []
    address = stored.address
    if not address.strip() or len(address) > MAX_ADDRESS or not address.isprintable():
        address = LOOPBACK
        repaired.append("address")
    port = stored.port
    if port not in PORTS:
        port = DEFAULT_PORT
        repaired.append("port")
    name = stored.name
    if name and name_problem(name) is not None:
        name = ""
        repaired.append("name")
    return JoinMemory(address, str(port), name, tuple(repaired))


def read_or_defaults(value: JSON) -> JoinMemory:
    """``read_remembered``, or the defaults with every field repaired when ``value`` does
    not have the shape at all."""
    try:
        return read_remembered(value)
    except ShapeError:
        return JoinMemory(repaired=("address", "port", "name"))


REFUSALS = {
    "table": "net.refused_table",
    "full": "net.refused_full",
    "name": "net.refused_name",
    "token": "net.refused_token",
    "watchers": "net.refused_watchers",
    "watchers_address": "net.refused_watchers_address",
    "guesses": "net.refused_guesses",
    "joins": "net.refused_joins",
    "version": "net.refused_version",
    "tables": "net.refused_tables",
    "create": "net.refused_create",
    "idle": "net.refused_idle",
    "options": "net.refused_options",
    UNREACHABLE: "net.unreachable",
    ENDED: "net.host_ended",
    REPLACED: "net.seat_replaced",
}
"""The refusal codes of a join (the host's, and the client library's ``UNREACHABLE`` and
``ENDED``), and the host's word that the seat is now played from another connection
(``replaced``), that the form, the lobby and the table say in the player's language."""
SEAT_REFUSALS = frozenset({"full", "name"})
"""The refusals of a join under a name that a player whose connection dropped may get: the
words then point to Rejoin game, when this app keeps that seat's ticket."""


def refusal_words(code: str, text: str, rejoin: bool = False) -> str:
    """What the form says for the refusal ``code`` (``text``: the host's own words, said as
    they are for a code without a translation: another version, a busy host...). ``rejoin``:
    this app keeps a ticket for the seat the join asked for (``netplay.holds_ticket``), so a
    full table or a name in use adds that Rejoin game in the menu takes it back; without one
    (a player who never sat there, a join race lost) the words say nothing of Rejoin game; no
    host answering says the seat is kept for a Rejoin once the host is back."""
    key = REFUSALS.get(code)
    if key is None:
        return text
    if rejoin and code == UNREACHABLE:  # a trial's Rejoin with the host stopped was told to check the address
        return t("net.unreachable_rejoin")
    if rejoin and code in SEAT_REFUSALS:
        return t("net.refused_rejoin", refusal=t(key))
    return t(key)


def bare_host(address: str) -> bool:
    """Whether ``address`` is a host alone: a name or an IP address, with no scheme, path or
    space (a trial's ``http://127.0.0.1`` met a library's "Invalid IPv6 URL", and
    ``127.0.0.1/abc`` was tried on port 80)."""
    return not any(mark in address for mark in ("/", "\\", "?", "#", "@")) and not any(
        char.isspace() for char in address
    )


def with_port(address: str) -> bool:
    """Whether ``address`` ends in a port (``127.0.0.1:28282``, ``[::1]:28282``,
    ``host:28282``), which has a field of its own (a trial typed one and met a system error);
    a bare IPv6 address (``::1``) does not."""
    if address.startswith("["):
        return "]:" in address
    head, colon, tail = address.rpartition(":")
    return bool(colon) and ":" not in head and tail.isdigit()


def address_problem(address: str) -> str | None:
    """Why ``address`` (as typed: spaces around it are dropped) is not a host's address to
    connect to, in words, or None (the Join form's rule, and Host a game's server field)."""
    address = address.strip()
    if not address:
        return t("net.error_address")
    if with_port(address):
        return t("net.error_address_port")
    if not bare_host(address):
        return t("net.error_address_alone")
    if not numeric_address_valid(address):
        return t("net.error_address_numbers", address=address)
    return None


def numeric_address_valid(address: str) -> bool:
    """False for an address written as numbers and dots that is no IPv4 address (a trial's
    ``999.1.1.1`` was taken and failed later as a name no server has); True for any other
    address, names included."""
    parts = address.split(".")
    if not all(part.isdigit() for part in parts):
        return True
    try:
        ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return True
