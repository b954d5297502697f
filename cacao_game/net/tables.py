"""One table of a host: its play session, its seats and who sits at them (no networking here).

The host (``cacao_game.net.host``) owns the sockets; a ``Table`` owns the facts of the game:
the ``PlaySession`` (authoritative), each seat's kind, name, token digest and presence, the
options the table was created with, and the JSON the autosave keeps so that a restarted host
can put the table back with its tokens (digests only: a token itself is never written).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string
from dataclasses import dataclass, replace

import msgspec

from cacao_game import typed_json
from cacao_game.ai import LEVELS
from cacao_game.config.choices import EXPERT_TIMES, THINKING_TIMES
from cacao_game.config.game import COLORS, HUMAN, VARIANTS, GameConfig, SeatConfig
from cacao_game.config.lookalike import look_alike
from cacao_game.config.names import name_problem
from cacao_game.jsontypes import JSON
from cacao_game.net.protocol import REMOTE, SeatInfo, TableOptions
from cacao_game.session import PlaySession
from cacao_game.session.autosave import Autosaver

CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "01OI")
"""Table codes use these characters (none that read alike)."""
CODE_LENGTH = 6
MAX_STANDIN_WAIT = 3600.0


def new_code(taken: set[str] | dict[str, Table]) -> str:
    """A fresh, unguessable table code (``secrets``)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def code_problem(text: str) -> str | None:
    """Why ``text`` is not a table code, in words, or None."""
    if len(text) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in text):
        return f"a table code is {CODE_LENGTH} letters and digits, as the host shows it"
    return None


def digest(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def options_problem(options: TableOptions) -> str | None:
    """Why ``options`` cannot make a table, in words, or None."""
    kinds = [seat.kind for seat in options.seats]
    if not 2 <= len(kinds) <= len(COLORS):
        return f"a table has 2 to {len(COLORS)} seats"
    unknown = [kind for kind in kinds if kind != REMOTE and kind not in LEVELS]
    if unknown:
        return f"unknown seat kind {unknown[0][:24]!r} (remote or {', '.join(LEVELS)})"
    if REMOTE not in kinds:
        return "a table needs at least one remote seat"
    colors = [seat.color for seat in options.seats if seat.color]
    if any(color not in COLORS for color in colors) or len(set(colors)) != len(colors):
        return "seat colours must be distinct colours of the game"
    for seat in options.seats:
        if seat.name and name_problem(seat.name) is not None:
            return f"the seat name {seat.name[:24]!r} {name_problem(seat.name)}"
    if options.variant not in VARIANTS:
        return f"unknown variant {options.variant[:24]!r}"
    if options.standin is not None and options.standin not in LEVELS:
        return f"unknown stand-in level {options.standin[:24]!r}"
    if not 0.0 <= options.standin_after <= MAX_STANDIN_WAIT:
        return f"the stand-in wait is 0 to {MAX_STANDIN_WAIT:g} seconds"
    if options.thinking_time is not None and options.thinking_time not in THINKING_TIMES:
        return "unknown thinking time"
    if options.expert_time is not None and options.expert_time not in EXPERT_TIMES:
        choices = ", ".join(f"{seconds:g}" for seconds in EXPERT_TIMES)
        return f"unknown expert thinking time (expected {choices} seconds)"
    return None


@dataclass
class Seat:
    """One seat at a table: who plays it and whether they are here."""

    kind: str
    """``remote`` or an AI level."""
    token: str | None = None
    """The digest of the seat's token once claimed (``digest``)."""
    connected: bool = False
    standin: bool = False
    """An AI plays it while its player is away."""
    away_since: float | None = None
    left: bool = False
    """Its player left on purpose (``Table.release``): free for whoever joins next."""
    hosting: bool = False
    """The host's own player sits here (``Host.claim_seat``, ``Host.reissue``): the seat is
    never taken back by name (``Table.away_seat``). Not saved: a resumed host reissues it."""

    @property
    def remote(self) -> bool:
        """A seat played from another machine."""
        return self.kind == REMOTE

    def owns(self, token: str) -> bool:
        """Whether ``token`` is this seat's (constant-time comparison)."""
        return self.token is not None and hmac.compare_digest(self.token, digest(token))


@dataclass
class Table:
    """A game at the host: ``session`` plus its seats; ``started`` once every remote seat is claimed."""

    code: str
    session: PlaySession
    seats: list[Seat]
    options: TableOptions
    started: bool = False
    sent: int = 0
    """Decisions the members have been sent (the journal's length at the last update)."""

    @classmethod
    def create(cls, code: str, options: TableOptions, seed: int, autosaver: Autosaver | None = None) -> Table:
        """A new table for ``options`` (checked with ``options_problem`` first), dealt from ``seed``."""
        seats_config = []
        chosen = {spec.color for spec in options.seats if spec.color}
        free = iter(color for color in COLORS if color not in chosen)
        for number, spec in enumerate(options.seats, start=1):
            color = spec.color or next(free)
            remote = spec.kind == REMOTE
            name = spec.name or (f"Seat {number}" if remote else spec.kind.title())
            seats_config.append(SeatConfig(name, color, HUMAN if remote else spec.kind))
        config = GameConfig(
            seats_config, options.variant, seed, "strict", options.thinking_time, options.expert_time
        )
        session = PlaySession(config, autosaver=autosaver)
        seats = [Seat(spec.kind, connected=spec.kind != REMOTE) for spec in options.seats]
        table = cls(code, session, seats, options)
        table.remember()
        return table

    @classmethod
    def restore(cls, session: PlaySession, meta: JSON) -> Table:
        """The table a restarted host finds in ``session``'s autosave (``meta``: ``session.view["net"]``).

        Raises ValueError if ``meta`` is not what ``remember`` wrote."""
        data = typed_json.decode(typed_json.encode(meta), _Meta, limit=64 * 1024)
        if len(data.kinds) != session.game.players or len(data.tokens) != len(data.kinds):
            raise ValueError("the table's seats do not match its game")
        playing = data.started and not session.game.is_over() and data.options.standin is not None
        seats = [
            Seat(
                kind,
                token=token,
                connected=kind != REMOTE,
                standin=number in data.left and playing,
                left=number in data.left,
            )
            for number, (kind, token) in enumerate(zip(data.kinds, data.tokens, strict=True))
        ]
        for index in data.standin_moves:
            if 0 <= index < len(session.journal):
                session.journal[index] = replace(session.journal[index], standin=True)
        table = cls(data.code, session, seats, data.options, data.started)
        table.sent = len(session.journal)
        return table

    @property
    def standin_moves(self) -> set[int]:
        """Journal indexes of decisions a stand-in AI made (``Entry.standin``: their seat's
        player may not undo them)."""
        return {index for index, entry in enumerate(self.session.journal) if entry.standin}

    def last_by_standin(self) -> bool:
        """Whether the latest decision was a stand-in AI's (its seat's player may not undo it)."""
        journal = self.session.journal
        return bool(journal) and journal[-1].standin

    def remember(self) -> None:
        """Put the table's seats and tokens (digests) in the session's view, which the autosave keeps."""
        meta = _Meta(
            self.code,
            [seat.kind for seat in self.seats],
            [seat.token for seat in self.seats],
            self.options,
            self.started,
            sorted(self.standin_moves),
            [number for number, seat in enumerate(self.seats) if seat.left],
        )
        plain: JSON = msgspec.to_builtins(meta)
        self.session.view["net"] = plain

    # ----------------------------------------------------------------- seats

    def standin_in(self, number: int, now: float) -> float | None:
        """Seconds from ``now`` (the host's clock) until the table's stand-in AI plays seat
        ``number``, whose player dropped (``Seat.away_since``); None where none is due: the
        player is here, an AI plays the seat already, it was left, the table has no stand-in
        or the game is over."""
        seat = self.seats[number]
        due = (
            seat.remote
            and seat.token is not None
            and not (seat.connected or seat.standin or seat.left)
            and self.options.standin is not None
            and not self.is_over()
        )
        if not due or seat.away_since is None:
            return None
        return max(0.0, seat.away_since + self.options.standin_after - now)

    def seat_infos(self, now: float) -> list[SeatInfo]:
        """Every seat as clients see it at ``now`` (the host's clock): an AI seat with its
        thinking time, where its level has one (``PlaySession.time_budget``), a dropped
        player's with the seconds left before the stand-in plays it (``standin_in``)."""
        config = self.session.config.seats
        return [
            SeatInfo(
                config[number].name,
                config[number].color,
                seat.kind,
                seat.token is not None or not seat.remote,
                seat.connected,
                seat.standin,
                None if seat.remote else self.session.time_budget(seat.kind),
                seat.left,
                self.standin_in(number, now),
                seat.hosting,
            )
            for number, seat in enumerate(self.seats)
        ]

    def name_in_use(self, name: str, taking: int) -> int | None:
        """Another seat at the table whose name ``name`` looks like (letter case aside, or
        letters of another script that look the same: ``config.lookalike``), for a player
        about to take seat ``taking``: an AI seat, or one a player holds; None if there is
        none. (A free seat's name is the leaver's or a placeholder: taken over, never in use.)"""
        config = self.session.config.seats
        return next(
            (
                number
                for number, seat in enumerate(self.seats)
                if number != taking
                and (not seat.remote or seat.token is not None)
                and look_alike(config[number].name, name)
            ),
            None,
        )

    def away_seat(self, name: str) -> int | None:
        """The seat a player called ``name`` (letter case aside) takes back by joining with
        the table code and that name, without its token: a claimed remote seat under that
        name whose player is not connected (no connection holds it), and not the host's own
        player's (``Seat.hosting``); None if there is none. A connected seat is never taken."""
        config = self.session.config.seats
        wanted = name.casefold()
        return next((number for number in self._away() if config[number].name.casefold() == wanted), None)

    def away_names(self) -> list[str]:
        """The names of the claimed remote seats whose players are not connected (those a
        join under the same name takes back: ``away_seat``)."""
        config = self.session.config.seats
        return [config[number].name for number in self._away()]

    def _away(self) -> list[int]:
        """The claimed remote seats whose players are not connected, save the host's own
        player's (``Seat.hosting``)."""
        return [
            number
            for number, seat in enumerate(self.seats)
            if seat.remote and seat.token is not None and not seat.connected and not seat.hosting
        ]

    def free_seat(self) -> int | None:
        """The first remote seat nobody has claimed."""
        return next((n for n, seat in enumerate(self.seats) if seat.remote and seat.token is None), None)

    def claim(self, number: int, name: str) -> str:
        """Give remote seat ``number`` to a player called ``name`` (a clean name); returns its token."""
        token = secrets.token_urlsafe(24)
        seat = self.seats[number]
        seat.token, seat.connected, seat.away_since = digest(token), True, None
        seat.standin = seat.left = False
        if name:
            self.session.config.seats[number].name = name
        self.started = self.started or self.free_seat() is None
        self.remember()
        return token

    def reissue(self, number: int) -> str:
        """A new token for claimed seat ``number`` (the old one stops working); returns it."""
        token = secrets.token_urlsafe(24)
        self.seats[number].token = digest(token)
        self.remember()
        return token

    def make_ai(self, number: int, level: str) -> None:
        """Give remote seat ``number``, still unclaimed, to AI ``level`` for the whole game.
        Raises ValueError if the seat is claimed, not remote, or the level unknown."""
        seat = self.seats[number]
        if not seat.remote or seat.token is not None:
            raise ValueError(f"seat {number + 1} is not a free remote seat")
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}")
        seat.kind, seat.connected, seat.standin, seat.left = level, True, False, False
        config = self.session.config.seats[number]
        config.kind, config.name = level, level.title()
        self.session.humans = self.session.humans - {number}
        self.started = self.started or self.free_seat() is None
        self.remember()

    def release(self, number: int) -> None:
        """The player of claimed remote seat ``number`` left on purpose: the seat is free for
        whoever joins next (its token stops working; the name stays the leaver's until then)
        and, in a game that runs, the table's stand-in AI (if it has one) plays it at once.
        Raises ValueError if the seat is not a claimed remote seat."""
        seat = self.seats[number]
        if not seat.remote or seat.token is None:
            raise ValueError(f"seat {number + 1} has no player to leave it")
        seat.token, seat.connected, seat.away_since, seat.left = None, False, None, True
        seat.standin = self.started and not self.is_over() and self.options.standin is not None
        self.remember()

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` belongs to, or None."""
        return next((n for n, seat in enumerate(self.seats) if seat.owns(token)), None)

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.session.game.is_over()


class _Meta(msgspec.Struct, frozen=True):
    """What the autosave keeps of a table beyond its game (``Table.remember``)."""

    code: str
    kinds: list[str]
    tokens: list[str | None]
    options: TableOptions
    started: bool
    standin_moves: list[int]
    left: list[int] = msgspec.field(default_factory=list)
