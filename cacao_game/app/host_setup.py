"""The Host a game setup as the settings file remembers it (``Settings.last_hosted``), so
Host a game opens with the seats and choices of the last game hosted, also after a restart.

Kept: the seats in the setup's order (name, colour, kind: ``human``, ``remote`` or an AI
level), the variant, both thinking times, the port, whether hints are allowed, the start
player, whether an AI stands in for a dropped player and the Cacao server the table was
opened on (empty: this computer). Not kept: whether the host was open
to the network; every Host a game from the menu starts on this computer only (127.0.0.1), so
a host is never opened to the network because it once was. The file is read through the one
validator (``typed_json``) and the setup's own rules; whatever does not pass is refused whole
with a one-line reason (the setup then starts from its defaults and says so). Pure Python, no
pygame.
"""

from __future__ import annotations

import msgspec

from cacao_game.app.join_form import MAX_ADDRESS, address_problem
from cacao_game.app.netplay import HostChoices, HostedTable, table_options
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.jsontypes import JSON
from cacao_game.net.protocol import PORTS
from cacao_game.net.tables import options_problem
from cacao_game.typed_json import ShapeError, convert, plain


class HostedSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One seat of the setup: its name as typed (or automatic), colour and kind."""

    name: str
    color: str
    kind: str


class RememberedHost(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The Host a game setup of the last game hosted, as ``Settings.last_hosted`` stores it."""

    seats: list[HostedSeat]
    variant: str
    thinking_time: float | None
    expert_time: float | None
    port: int
    hints: bool
    start: int | None
    standin: bool = True
    """Whether an AI stands in for a dropped player (a file from before it was asked: yes)."""
    server: str = ""
    """The Cacao server's address the table was opened on; empty: this computer (a file from
    before it was asked: this computer)."""


def remembered(table: HostedTable) -> dict[str, JSON]:
    """``table`` (the setup's seats, unrotated, and its choices) as the settings file stores
    it; whether it was open to the network is left out."""
    config, choices = table.config, table.choices
    return plain(
        RememberedHost(
            [HostedSeat(s.name, s.color, s.kind) for s in config.seats],
            config.variant,
            config.thinking_time,
            config.expert_time,
            choices.port,
            choices.hints,
            choices.start,
            choices.standin,
            choices.server,
        )
    )


def read_remembered(value: JSON) -> HostedTable:
    """The setup stored as ``value`` (``remembered``'s form), on this computer only; raises
        ValueError (a ``ShapeError`` for a wrong shape) with a one-line reason when it is not one
        the setup could have hosted: 2-4 seats of clean names and distinct known colours, exactly
        one ``human`` and at least one ``remote``, the other seats known AI levels, a known
        variant and thinking times (``GameConfig.validate``, then the host's own rules for the
        table it would open: ``netplay.table_options``, ``tables.options_problem``), a port from
        1 to 65535, the start player one of the seats, the server empty or an address the Join
    form takes."""
    setup = convert(value, RememberedHost, where="last_hosted")
    config = GameConfig(
        [SeatConfig(s.name, s.color, s.kind) for s in setup.seats],
        setup.variant,
        None,
        thinking_time=setup.thinking_time,
        expert_time=setup.expert_time,
    )
    try:
        config.validate()
        problem = options_problem(table_options(config, setup.hints, setup.standin)[0])
    except ValueError as error:
        raise ShapeError(f"last_hosted: {error}") from error
    if problem is not None:
        raise ShapeError(f"last_hosted.seats: {problem}")
    if setup.port not in PORTS:
        raise ShapeError(f"last_hosted.port: {setup.port} is not a port from 1 to 65535")
    if setup.start is not None and not 0 <= setup.start < len(setup.seats):
        raise ShapeError(f"last_hosted.start: {setup.start} is not a seat")
    server = setup.server.strip()
    if server and (len(server) > MAX_ADDRESS or address_problem(server) is not None):
        raise ShapeError(f"last_hosted.server: {server[:MAX_ADDRESS]!r} is not a server's address")
    choices = HostChoices(setup.port, False, setup.hints, setup.start, setup.standin, server)
    return HostedTable(config, choices)
