"""The network protocol: versioned JSON messages, one ``msgspec.Struct`` per message type.

Every message is a JSON object whose ``type`` field names its Struct (a tagged union).
Clients send ``ClientMessage``s, the host answers with ``HostMessage``s; both sides read
bytes only through ``decode_client`` / ``decode_host`` (``cacao_game.typed_json.decode``,
with the size and nesting limits below). ``docs/protocol.md`` describes every message.

Nothing here knows the game's hidden parts: the host builds a ``TableState`` for one
recipient (``cacao_game.net.views``); a client turns it back into a game view.
"""

from __future__ import annotations

from typing import Annotated, Final, TypeVar, cast

import msgspec

from cacao_game import typed_json
from cacao_game.config.game import HUMAN, MAX_SEATS
from cacao_game.engine.scoring import SeatScore
from cacao_game.records.gamerecord import RecordFile
from cacao_game.saves.schema import DecisionJSON

VERSION: Final = 9
"""The protocol version; a client of another version is refused in words. Version 2 added
``SeatInfo.think_time`` and the ``thinking`` message (a version 1 client could not read the
updates of a version 2 host); version 3 the ``leave`` message and ``SeatInfo.left`` (a
version 2 host refuses a ``leave``, a version 2 client cannot read a seat with ``left``);
version 4 ``DecisionMsg.names`` (a version 3 client cannot read a decision with it); version 5
``DecisionMsg.standin``; version 6 ``SeatInfo.standin_in`` (a version 5 client cannot read a
seat with it); version 7 ``Create.seat`` (a version 6 host cannot read a create with it);
version 8 ``SeatInfo.host`` (a version 7 client cannot read a seat with it); version 9
``AdviceMsg.alternative_whole`` (a version 8 client cannot read a hint with it)."""

CLIENT_LIMIT: Final = 8 * 1024
"""Largest message a client may send, in bytes (a decision of 8 fills is under 1 KB)."""
HOST_LIMIT: Final = 256 * 1024
"""Largest message a client accepts from a host (a 4-player end-game state is under 20 KB)."""
FRAME_LIMIT: Final = 64 * 1024
"""Frames larger than this are refused by the WebSocket layer itself (the connection closes)."""
MAX_DEPTH: Final = 10
"""Deepest nesting of arrays and objects accepted (messages need 7)."""
MAX_ACTIONS: Final = 8
"""Most decisions one ``Decide`` may carry (a fill of several spaces)."""
MAX_REASONS: Final = 8
"""Most reasons a hint carries (the coach shows at most ``explain.MOST_CHANGES``)."""
MAX_THINK: Final = 60.0
"""Longest thinking time, in seconds, a host may announce (``Thinking``; setup offers up to 10)."""

Pos = tuple[int, int]
T = TypeVar("T")

PORTS: Final = range(1, 65536)
"""The TCP ports a host may listen on and a client connect to."""
DEFAULT_PORT: Final = 8765
"""The port a host listens on unless told another (Host a game's and ``--serve``'s default)."""
REMOTE: Final = "remote"
"""``SeatSpec.kind`` / ``SeatInfo.kind`` of a seat played from another machine."""


def played_kind(kind: str) -> str:
    """A table seat's kind as a game's seats have it: a remote seat is a person's (``HUMAN``),
    a computer seat its level."""
    return HUMAN if kind == REMOTE else kind


class _Message(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    """Base of every message: encoded with a ``type`` field naming the message."""


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of the values messages carry."""


# ----------------------------------------------------------------- decisions


ActionMsg = DecisionJSON
"""A decision on the wire: the same typed value a save stores (``saves.schema``)."""


# ----------------------------------------------------------------- client -> host


class SeatSpec(_Data, frozen=True):
    """One seat of a new table: ``remote`` (a player who joins) or an AI level."""

    kind: str
    name: str = ""
    """The AI seat's name (remote seats take their joiner's name); empty: the level's name."""
    color: str = ""
    """The seat's colour (``config.game.COLORS``); empty: the first colour no other seat has."""


class TableOptions(_Data, frozen=True):
    """How a new table plays: its seats in turn order, the variant and the host's choices."""

    seats: list[SeatSpec]
    variant: str = "base"
    standin: str | None = "easy"
    """The AI level that plays a dropped seat after ``standin_after`` seconds; None: wait."""
    standin_after: float = 30.0
    hints: bool = False
    """Whether seated players may ask the host's AI for a hint."""
    thinking_time: float | None = None
    """Seconds the hard AI thinks per decision (``config.choices.THINKING_TIMES``)."""
    expert_time: float | None = None
    """Seconds the expert AI thinks per decision (``config.choices.EXPERT_TIMES``); None:
    ``config.choices.EXPERT_TIME``."""
    start_drawn: bool = False
    """The first seat was drawn at random to start (the lobbies say so); False: chosen, or
    not said."""


class Create(_Message, tag="create", frozen=True):
    """Client -> host: open a new table with ``options``; the sender takes remote seat
    ``seat`` (None: the first remote seat)."""

    version: int
    name: str
    options: TableOptions
    seat: int | None = None


class Join(_Message, tag="join", frozen=True):
    """Client -> host: sit at table ``table`` (a free remote seat), take a seat back with its
    ``token``, or watch (``spectate``)."""

    version: int
    table: str
    name: str = ""
    token: str | None = None
    spectate: bool = False


class Decide(_Message, tag="decide", frozen=True):
    """Client -> host: the decisions of ``seat`` after the game's ``at``-th decision."""

    seat: int
    token: str
    at: int
    actions: list[ActionMsg]


class TakeBack(_Message, tag="undo", frozen=True):
    """Client -> host: take back ``seat``'s last decision (strict undo policy)."""

    seat: int
    token: str
    at: int


class AskHint(_Message, tag="ask_hint", frozen=True):
    """Client -> host: suggest a decision for ``seat`` (if the table allows hints)."""

    seat: int
    token: str
    at: int


class Leave(_Message, tag="leave", frozen=True):
    """Client -> host: the player of ``seat`` leaves the table on purpose and will not come
    back (a dropped connection is not a leave: its seat waits for its player). The host frees
    the seat at once (``SeatInfo.left``), tells every member, and closes the connection; the
    token stops working."""

    seat: int
    token: str


ClientMessage = Create | Join | Decide | TakeBack | AskHint | Leave
"""Everything a client sends."""


# ----------------------------------------------------------------- host -> client


class SeatInfo(_Data, frozen=True):
    """One seat as every client sees it."""

    name: str
    color: str
    kind: str
    """``remote`` or an AI level."""
    claimed: bool
    """A player has taken this remote seat (always true for AI seats)."""
    connected: bool
    """Its player is connected now (always true for AI seats)."""
    standin: bool
    """An AI plays it while its player is away."""
    think_time: float | None = None
    """Seconds this AI seat thinks per decision (a timed level: hard, expert, with the table's
    chosen time); None for a remote seat or a level without a thinking time."""
    left: bool = False
    """Its player left on purpose (``Leave``; ``name`` is still theirs): the seat is free
    (``claimed`` false) for whoever joins next; until then, in a game that runs, the table's
    stand-in AI plays it (``standin``) or, at a table without one, the game waits for a new
    player."""
    standin_in: float | None = None
    """Seconds until the table's stand-in AI plays this seat, whose player dropped, as the
    host counted when it sent this; None where none is due (the player is here, an AI plays
    it already, it was left, or the table has no stand-in)."""
    host: bool = False
    """The hosting window's own player sits here (a game hosted from the app's Host a game;
    never on a ``--serve`` host): the lobbies label the seat "Host"."""


class JungleMsg(_Data, frozen=True):
    """A jungle tile on the board."""

    pos: Pos
    code: str
    rotation: int


class WorkerMsg(_Data, frozen=True):
    """A worker tile on the board."""

    pos: Pos
    seat: int
    tile: str
    rotation: int


class EdgeMsg(_Data, frozen=True):
    """An activated edge waiting to be resolved (``engine.ActivatedEdge``)."""

    seat: int
    pos: Pos
    side: int
    source: Pos
    jungle: str
    workers: int
    value: int


class TableState(_Data, frozen=True):
    """The table as one recipient may see it; public except ``hand``/``opening_hand`` (the
    recipient's own) and ``hint``.

    Hidden parts are given as multisets only: ``pile`` (the jungle pile without its face-up
    tile ``revealed``) and ``unplayed`` (per seat: the recipient's own worker pile, or another
    seat's hand and pile together). The deal's seed and every hidden order stay on the host.
    """

    table: str
    players: int
    variant: str
    seats: list[SeatInfo]
    you: int | None
    """The recipient's seat, None for a spectator."""
    started: bool
    """Every remote seat has been claimed: the game runs."""
    decisions: int
    """Decisions made so far (the ``at`` of the next command)."""
    turn: int
    mover: int
    phase: int
    """``engine.Phase`` value."""
    resolving: int
    deciding: int
    """The seat that decides now, -1 once the game is over."""
    opening_display: list[str]
    opening_hand: list[str]
    display: list[str]
    jungle: list[JungleMsg]
    workers: list[WorkerMsg]
    covered: list[WorkerMsg]
    frontier: list[Pos]
    pile: dict[str, int]
    revealed: str | None
    hand: list[str]
    hand_sizes: list[int]
    unplayed: list[dict[str, int]]
    gold: list[int]
    cacao: list[int]
    sun: list[int]
    water: list[int]
    placed_at: Pos | None
    pending_fills: list[Pos]
    filled: list[Pos]
    edges: list[EdgeMsg]
    resolve_queue: list[int]
    final: list[SeatScore] | None
    hints: bool
    """The table allows hints."""
    spectators: int = 0
    """Members watching the table now (no seat; 0 from a host that does not say)."""
    start_drawn: bool = False
    """The table's first seat was drawn at random to start (``TableOptions.start_drawn``)."""


class EventMsg(_Data, frozen=True):
    """One engine event: ``name`` is its class (``engine.events``), ``body`` its fields."""

    name: str
    body: msgspec.Raw


class Welcome(_Message, tag="welcome", frozen=True):
    """Host -> client: you are at ``table`` in ``seat`` (None: watching) with ``token``.

    Keep the token: it takes the seat back after a drop or a host restart."""

    version: int
    table: str
    seat: int | None
    token: str | None


class DecisionMsg(_Data, frozen=True):
    """One decision of the game as a recipient may see it (``session.journal.Entry``): who
    made it in which turn, the action, its engine events (``name`` + ``body``, redacted for
    the recipient), whether a hidden tile came to light, when it ended a turn every seat's
    projected end score, the seats' names then, and whether a stand-in AI made it."""

    seat: int
    turn: int
    action: ActionMsg
    events: list[EventMsg]
    revealed: bool
    totals: list[int] | None
    names: list[str] = []
    """Every seat's name when it was made (empty: not known)."""
    standin: bool = False
    """The host's stand-in AI made it for the seat's away player."""


class Update(_Message, tag="update", frozen=True):
    """Host -> client: what happened and the table now (``state``).

    Sent after every change (decisions, an undo, a seat joining, leaving, or handed to a
    stand-in) with the new ``decisions`` in order, after taking ``undone`` decisions back;
    and on every (re)join with ``history`` true and ``decisions`` holding every decision of
    the game so far (the log and score history)."""

    decisions: list[DecisionMsg]
    state: TableState
    undone: int = 0
    history: bool = False


class Refusal(_Message, tag="refused", frozen=True):
    """Host -> client: your command was refused (``reason`` a code, ``text`` in words);
    nothing changed."""

    reason: str
    text: str


class Problem(_Message, tag="error", frozen=True):
    """Host -> client: a message could not be read or a join failed. ``fatal``: the host
    closes the connection and a client must not retry with the same request, except after
    code ``BUSY`` (the host has too many connections now: retry later, with a backoff)."""

    code: str
    text: str
    fatal: bool = False


BUSY: Final = "busy"
"""The ``Problem`` code of a host with too many connections to take one more."""
REPLACED: Final = "replaced"
"""The fatal ``Problem`` code of a connection whose seat another connection took back with
its ticket: the seat is played from there now."""


class ReasonMsg(_Data, frozen=True):
    """One reason of a hint (``cacao_game.ai.explain.TermChange``)."""

    seat: Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS)]
    term: Annotated[str, msgspec.Meta(max_length=32)]
    points: float
    amount: float = 0.0
    later: float = 0.0
    tile: Annotated[str, msgspec.Meta(max_length=32)] = ""


class AdviceMsg(_Data, frozen=True):
    """Why a hint's move is good (``cacao_game.ai.explain.Advice`` of the asking seat, read
    from its own view only): the move about as good or next best, the margin over it, the
    reasons, and the whole decision the move starts (every space of a fill) and the one the
    alternative starts (every step of a resolution)."""

    alternative: ActionMsg | None
    margin: float
    changes: Annotated[list[ReasonMsg], msgspec.Meta(max_length=MAX_REASONS)]
    searched: bool = False
    rest: float = 0.0
    whole: Annotated[list[ActionMsg], msgspec.Meta(max_length=MAX_ACTIONS)] = []
    close: bool = False
    noise: float = 0.0
    alternative_whole: Annotated[list[ActionMsg], msgspec.Meta(max_length=MAX_ACTIONS)] = []


class Hint(_Message, tag="hint", frozen=True):
    """Host -> client: the hint asked for decision ``at``, with its reasons (None: a host
    that gives the move alone)."""

    at: int
    action: ActionMsg
    advice: AdviceMsg | None = None


class Thinking(_Message, tag="thinking", frozen=True):
    """Host -> client: the AI of ``seat`` thinks about decision ``at`` (the table's
    ``decisions`` now) for up to ``budget`` seconds, of which ``elapsed`` have passed on the
    host: 0 when it starts (sent to every member), more for a member who joins or rejoins
    while it thinks. A client times the rest on its own clock from the message's arrival (no
    clock is shared). Sent only for a timed level's move (``SeatInfo.think_time``), never for
    a hint. No message says it stopped: the next update that makes or takes back a decision
    ends it. Carries the seat and the times only, nothing of any hand."""

    seat: Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS)]
    at: Annotated[int, msgspec.Meta(ge=0)]
    budget: Annotated[float, msgspec.Meta(gt=0.0, le=MAX_THINK)]
    elapsed: Annotated[float, msgspec.Meta(ge=0.0, le=MAX_THINK)] = 0.0


# ----------------------------------------------------------------- after the game (the app's replay)


class GameRecord(_Message, tag="record", frozen=True):
    """Host -> client, once the game is over (never before): the finished game's record
    (``docs/game-record.md``), the same the host files, to replay and review at home. Sent to
    every member, spectators too, after the last ``update`` and on every join of a finished
    table. Nothing in it is secret any more: every worker tile has been played, the game can
    no longer change (no undo once it is over), and the seed was drawn for this table alone."""

    record: RecordFile


HostMessage = Welcome | Update | Refusal | Problem | Hint | Thinking | GameRecord
"""Everything a host sends."""


class _Probe(msgspec.Struct, frozen=True):
    """The two fields read before the rest, so that another version is told in words."""

    type: str = ""
    version: int | None = None


class VersionMismatch(typed_json.ShapeError):
    """A client of another protocol version; ``str()`` says so in words."""


def version_text(theirs: int | None) -> str:
    """The words for a client of protocol version ``theirs``."""
    return (
        f"This host speaks protocol version {VERSION}, your game speaks version {theirs}: "
        "both players need the same version of the game."
    )


def encode(message: ClientMessage | HostMessage) -> bytes:
    """A message as JSON bytes."""
    return typed_json.encode(message)


def decode_client(data: bytes) -> ClientMessage:
    """A client's message; ``VersionMismatch`` for a join of another version, else
    ``ShapeError`` (one line) for anything that is not a message of this protocol (a join
    or create without a version among them: it names none to tell the player)."""
    probe = typed_json.decode(data, _Probe, limit=CLIENT_LIMIT, max_depth=MAX_DEPTH)
    if probe.type in ("create", "join") and probe.version not in (None, VERSION):
        raise VersionMismatch(version_text(probe.version))
    return typed_json.decode(
        data, cast("type[ClientMessage]", ClientMessage), limit=CLIENT_LIMIT, max_depth=MAX_DEPTH
    )


def decode_host(data: bytes) -> HostMessage:
    """A host's message, or ``ShapeError``."""
    return typed_json.decode(
        data, cast("type[HostMessage]", HostMessage), limit=HOST_LIMIT, max_depth=MAX_DEPTH
    )


def decode_body(data: bytes, into: type[T]) -> T:
    """An event's ``body`` (a part of a message ``decode_host`` read, so already within its
    limits) as ``into``, or ``ShapeError`` (through the one validator)."""
    return typed_json.decode_part(data, into)
