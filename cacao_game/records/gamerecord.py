"""Game records, format version 1 (``docs/game-record.md``): write, read, replay.

A record holds the setup with every pile in order, each turn's decisions and outcome, and
the final scoring. Its shape is declared once, as the frozen ``msgspec.Struct`` types below
(``RecordFile`` and its parts), which both write records and read them through
``cacao_game.typed_json``. The format lets writers add keys, so readers ignore keys they do
not know; this program adds ``app_version`` at the top, an optional ``name`` per seat,
``resolutions`` per turn: the resolution choices seats made (``{"seat", "pos", "side",
"amount"}``, in order), so that a record replays exactly; automatic steps (R3.10) are not
listed; and on some turns who played them (``names``, ``standin``: ``PlayedBy``).

The deal is written by ``deal_to_json`` and read by ``deal_setup``, which saves use too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, NotRequired, TypedDict, TypeVar, assert_never

import msgspec
from msgspec import UNSET, UnsetType

from cacao_game import typed_json
from cacao_game.config.game import seats_problem
from cacao_game.config.names import name_problem
from cacao_game.config.storage import atomic_write_bytes
from cacao_game.engine import Action, Fill, Game, Overbuild, Phase, Place, Resolve, Setup
from cacao_game.engine import events as ev
from cacao_game.engine.errors import IllegalActionError
from cacao_game.engine.replay import Step, replay
from cacao_game.engine.setup import deal as deal_of_seed
from cacao_game.engine.tiles import COLORS, START_TILES, VOLCANO_EDGES, WORKER_CODES
from cacao_game.files import RECORD_LIMIT, describe_os_error, read_limited
from cacao_game.jsontypes import JSONObject
from cacao_game.version import app_version

FORMAT = "cacao-record"
VERSION = 1
APP_VERSION_LIMIT = 64
"""The longest ``app_version`` text a record may carry."""

T = TypeVar("T")
Pos = tuple[int, int]
"""A board position ``[x, y]``."""
Record = JSONObject
"""A game record as JSON data (``to_record`` makes one, ``read_record`` reads one)."""


class RecordError(ValueError):
    """A record that is malformed or does not replay; the message names the place."""


class SeatEntry(TypedDict):
    """One seat as callers name it: its colour, who played it (``human``, ``random`` or an
    AI level) and its name when known."""

    color: str
    kind: str
    name: NotRequired[str]


class _Part(msgspec.Struct, frozen=True):
    """Base of a record's parts: immutable; keys the format allows writers to add are ignored."""


class RecordSeat(_Part, frozen=True):
    """One seat of a record: ``color`` and ``kind`` (``name`` is this program's addition)."""

    color: str
    kind: str
    name: str | UnsetType = UNSET


class StartTile(_Part, frozen=True):
    """A tile on the board at the start."""

    pos: Pos
    tile: str
    rotation: int


class Deal(_Part, frozen=True, kw_only=True):
    """A record's ``setup``: the start tiles and every pile, top first."""

    board: tuple[StartTile, ...]
    display: tuple[str, ...]
    jungle_pile: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    worker_piles: tuple[tuple[str, ...], ...]
    volcano_edges: tuple[int, ...] | UnsetType = UNSET


class Placement(_Part, frozen=True):
    """A turn's ``action``: the worker tile placed (``kind`` ``place``) or overbuilt."""

    kind: str
    tile: str
    rotation: int
    pos: Pos


class FillEntry(_Part, frozen=True):
    """A jungle tile laid during a turn, from the ``display`` or the ``pile``."""

    pos: Pos
    tile: str
    rotation: int
    source: str


class Resolution(_Part, frozen=True):
    """A resolution choice a seat made (this program's ``resolutions`` addition)."""

    seat: int
    pos: Pos
    side: int
    amount: int


class PlayerState(_Part, frozen=True):
    """One seat's tokens; ``water`` is the step on the water track (0-8)."""

    gold: int
    cacao: int
    sun: int
    water: int


class Turn(_Part, frozen=True, kw_only=True):
    """One turn: the mover's placement, what followed, and the outcome, keys in the shared
    format's order (this program's additions after the keys they belong with)."""

    seat: int
    action: Placement
    fills: tuple[FillEntry, ...]
    resolutions: tuple[Resolution, ...] | UnsetType = UNSET
    """Every turn this program writes has it; one without it (another program's) is
    replayed with the choices that give its ``players_after`` (``_inferred_resolutions``)."""
    players_after: tuple[PlayerState, ...]
    drew: str | None
    display_after: tuple[str, ...]
    names: tuple[str, ...] | UnsetType = UNSET
    """This program's addition: every seat's name during this turn where they differ from
    ``seats`` (a seat another player took over later keeps the earlier player's name here)."""
    standin: tuple[int, ...] | UnsetType = UNSET
    """This program's addition, only on a turn with decisions a network host's stand-in AI
    made for an away player: those seats, in order (the mover's placement and fills, or
    another seat's choice at its workers)."""


@dataclass(frozen=True, slots=True)
class PlayedBy:
    """Who played one turn: every seat's name then (empty: as the record's ``seats`` name
    them) and the seats whose decisions in it a stand-in AI made for their away player."""

    names: tuple[str, ...] = ()
    standin: tuple[int, ...] = ()


def stood_in(played_by: Sequence[PlayedBy]) -> tuple[tuple[int, ...], ...]:
    """By turn, the seats whose decisions a stand-in AI made (``PlayedBy.standin``): what a
    review leaves out (``cacao_game.ai.review.positions``)."""
    return tuple(tuple(played.standin) for played in played_by)


def earlier_names(played_by: Sequence[PlayedBy], names_now: Sequence[str]) -> list[list[str]]:
    """Each seat's earlier players: the names it had on the turns in ``played_by`` other than
    its name now (``names_now``), each once, in the order they first played."""
    earlier: list[list[str]] = [[] for _ in names_now]
    for played in played_by:
        for seat, name in enumerate(played.names[: len(names_now)]):
            if name and name != names_now[seat] and name not in earlier[seat]:
                earlier[seat].append(name)
    return earlier


class Score(_Part, frozen=True):
    """One seat's final score."""

    gold: int
    temples: int
    sun: int
    water: int
    total: int
    cacao: int


class FinalScoring(_Part, frozen=True):
    """The final scoring of a finished game."""

    scores: tuple[Score, ...]
    winners: tuple[int, ...]


class RecordFile(_Part, frozen=True, kw_only=True):
    """A whole game record (``docs/game-record.md``), keys in the order they are written."""

    format: str
    version: int
    app_version: str | UnsetType = UNSET
    """The version of the program that made the record (older records have none)."""
    players: int
    variant: str
    seed: int | None
    seats: tuple[RecordSeat, ...]
    setup: Deal
    turns: tuple[Turn, ...]
    final: FinalScoring | UnsetType | None = UNSET
    """Present once the game is over."""


def seat_entries(
    kinds: Sequence[str], colors: Sequence[str] | None = None, names: Sequence[str] | None = None
) -> list[SeatEntry]:
    """The ``seats`` list: one ``{"color", "kind"}`` per seat, colours in box order by default,
    with each seat's ``name`` when ``names`` are given (a key the format allows to add)."""
    chosen = list(colors) if colors else list(COLORS[: len(kinds)])
    entries: list[SeatEntry] = [
        {"color": color, "kind": kind} for color, kind in zip(chosen, kinds, strict=True)
    ]
    for entry, name in zip(entries, names or [], strict=False):
        if name:
            entry["name"] = name
    return entries


def _players_state(game: Game) -> tuple[PlayerState, ...]:
    return tuple(
        PlayerState(gold=game.gold[s], cacao=game.cacao[s], sun=game.sun[s], water=game.water[s])
        for s in range(game.players)
    )


START_BOARD = tuple(StartTile(pos=pos, tile=code, rotation=0) for pos, code in START_TILES)
"""The start tiles of every deal (rules: a plantation at [0, 0], a market 2 at [1, 1])."""


def deal_to_json(setup: Setup) -> Deal:
    """The ``setup`` part of a record: start tiles, display, piles and hands (top first)."""
    return Deal(
        board=START_BOARD,
        display=tuple(setup.display),
        jungle_pile=tuple(setup.jungle_pile),
        hands=tuple(tuple(hand) for hand in setup.hands),
        worker_piles=tuple(tuple(pile) for pile in setup.worker_piles),
        volcano_edges=tuple(VOLCANO_EDGES) if setup.variant == "volcano" else UNSET,
    )


class _Recorder:
    """Builds the turns of a record from the steps of a replay."""

    def __init__(self) -> None:
        self.turns: list[Turn] = []
        self.seat = 0
        self.action: Placement | None = None
        self.fills: list[FillEntry] = []
        self.resolutions: list[Resolution] = []
        self.drew: str | None = None

    def step(self, game: Game, step: Step) -> None:
        action = step.action
        if isinstance(action, Resolve) and self.action is not None:
            self.resolutions.append(
                Resolution(seat=step.seat, pos=action.pos, side=action.side, amount=action.amount)
            )
        for event in step.events:
            self._event(game, event)

    def _event(self, game: Game, event: ev.Event) -> None:
        action = self.action
        match event:
            case ev.TilePlaced():
                kind = "overbuild" if event.overbuild else "place"
                self.seat = event.seat
                self.action = Placement(kind=kind, tile=event.tile, rotation=event.rotation, pos=event.pos)
                self.fills, self.resolutions, self.drew = [], [], None
            case ev.JungleFilled() if action is not None:
                self.fills.append(_fill_entry(event))
            case ev.WorkerDrawn() if action is not None:
                self.drew = event.tile
            case ev.TurnEnded() if action is not None:
                self.turns.append(
                    Turn(
                        seat=self.seat,
                        action=action,
                        fills=tuple(self.fills),
                        resolutions=tuple(self.resolutions),
                        players_after=_players_state(game),
                        drew=self.drew,
                        display_after=tuple(game.display),
                    )
                )
                self.action = None
            case (
                ev.JungleFilled()
                | ev.WorkerDrawn()
                | ev.TurnEnded()
                | ev.TurnStarted()
                | ev.SunSpent()
                | ev.FillRequired()
                | ev.EdgeActivated()
                | ev.EdgeResolved()
                | ev.CacaoGained()
                | ev.CacaoSold()
                | ev.GoldGained()
                | ev.GoldPaid()
                | ev.WaterMoved()
                | ev.SunGained()
                | ev.DisplayRefilled()
                | ev.TempleScored()
                | ev.GameEnded()
            ):
                pass
            case _:
                assert_never(event)


def _fill_entry(event: ev.JungleFilled) -> FillEntry:
    return FillEntry(pos=event.pos, tile=event.tile, rotation=event.rotation, source=event.source)


def _final_scoring(game: Game) -> FinalScoring | None:
    """The ``final`` part for a finished ``game`` (None while it is running)."""
    scores = game.final
    if scores is None:
        return None
    return FinalScoring(
        scores=tuple(
            Score(gold=s.gold, temples=s.temples, sun=s.sun, water=s.water, total=s.total, cacao=s.cacao)
            for s in scores
        ),
        winners=tuple(game.winners()),
    )


def record_file(game: Game, seats: Sequence[SeatEntry], played_by: Sequence[PlayedBy] = ()) -> RecordFile:
    """The record of ``game`` (finished or not) as a typed value, replayed from its setup
    and decisions. ``played_by``: who played each turn, in order (names not given, or the
    same as ``seats``' names, are left out: ``Turn.names``; a stand-in's turn is marked:
    ``Turn.standin``). Raises ValueError if ``seats`` does not have one entry per seat."""
    if len(seats) != game.players:
        raise ValueError(f"{len(seats)} seat entries for a {game.players}-player game")
    setup = game.setup
    recorder = _Recorder()
    replayed = replay(setup, game.actions, on_events=recorder.step, keep_history=False)
    final = _final_scoring(replayed)
    names_now = tuple(seat.get("name", "") for seat in seats)
    turns = [
        _played_turn(turn, played_by[number] if number < len(played_by) else PlayedBy(), names_now)
        for number, turn in enumerate(recorder.turns)
    ]
    return RecordFile(
        format=FORMAT,
        version=VERSION,
        app_version=app_version(),
        players=game.players,
        variant=game.variant,
        seed=setup.seed,
        seats=tuple(
            RecordSeat(color=seat["color"], kind=seat["kind"], name=seat.get("name", UNSET)) for seat in seats
        ),
        setup=deal_to_json(setup),
        turns=tuple(turns),
        final=UNSET if final is None else final,
    )


def _played_turn(turn: Turn, played: PlayedBy, names_now: tuple[str, ...]) -> Turn:
    """``turn`` with ``played``'s names (``Turn.names``) unless there are none or they are
    the seats', with the seats a stand-in played (``Turn.standin``) if any."""
    if played.names and played.names != names_now:
        turn = msgspec.structs.replace(turn, names=played.names)
    if played.standin:
        turn = msgspec.structs.replace(turn, standin=played.standin)
    return turn


def to_record(game: Game, seats: Sequence[SeatEntry], played_by: Sequence[PlayedBy] = ()) -> Record:
    """The record of ``game`` (finished or not) as JSON data (``record_file``, which says
    what ``played_by`` adds).

    ``seats`` is the record's seat list (see ``seat_entries``). Raises ValueError if its
    length does not match the game.
    """
    return typed_json.plain(record_file(game, seats, played_by))


def encode_record(record: Mapping[str, object]) -> bytes:
    """The file content of a record: UTF-8 JSON, ASCII-escaped, one value a line or so."""
    return (json.dumps(record, indent=1, allow_nan=False) + "\n").encode("utf-8")


def write_record(record: Mapping[str, object], path: str | Path, *, overwrite: bool = True) -> None:
    """Write ``record`` to ``path`` atomically (folders created as needed).

    Like saves: a temp file in the same folder, fsynced, then renamed over ``path``, so
    ``path`` holds the old content or the whole record, never a part. With
    ``overwrite=False`` an existing ``path`` is never replaced (FileExistsError). Raises
    OSError if anything fails; nothing is left behind then.
    """
    atomic_write_bytes(Path(path), encode_record(record), keep_backup=False, replace=overwrite)


def read_record(path: str | Path) -> Record:
    """Read a record file as JSON data; RecordError if it is not a JSON object.

    Only a regular file of at most ``RECORD_LIMIT`` bytes is read (``read_limited``): a
    folder, a named pipe, a device or a larger file is refused before it is read. The
    bytes are parsed by ``typed_json.parse``; the record's shape is checked when it is
    replayed (``replay_record``).
    """
    try:
        data = typed_json.parse(read_limited(path, RECORD_LIMIT), limit=RECORD_LIMIT)
    except OSError as error:
        raise RecordError(f"{path}: cannot read a record: {describe_os_error(error)}") from error
    except ValueError as error:
        raise RecordError(f"{path}: cannot read a record: {error}") from error
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data


def _require(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise RecordError(f"{where}: {message}")


def _typed(value: object, into: type[T], where: str = "") -> T:
    """``typed_json.convert`` with its refusal as a RecordError."""
    try:
        return typed_json.convert(value, into, where=where)
    except typed_json.ShapeError as error:
        raise RecordError(str(error)) from error


def _prefixed(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def deal_setup(
    players: int, variant: str, seed: int | None, deal: Deal, where: str = "", *, own_deal: bool = True
) -> Setup:
    """The ``Setup`` of a typed deal, given the ``players``, ``variant`` and ``seed`` it is for.

    A record keeps those three at its top level (``where`` ``""``), a save inside its
    ``setup`` (``where`` ``"setup"``); ``where`` is their path in the file, used in messages,
    and the deal's own path is ``setup``. Raises RecordError naming the first wrong key,
    including a deal whose tiles are not this game's decks, and, with ``own_deal`` (a deal
    this program shuffled: a save's, a record with ``app_version``), a deal with a seed that
    is not what ``deal(players, variant, seed)`` gives (a null seed is not checked). Another
    program's record was shuffled its own way: its piles are the deal, as the format says.
    """
    here = "setup"
    _require(players in (2, 3, 4), _prefixed(where, "players"), "expected 2, 3 or 4")
    _require(variant in ("base", "volcano"), _prefixed(where, "variant"), "expected 'base' or 'volcano'")
    _require(deal.board == START_BOARD, f"{here}.board", "not the start tiles of the rules")
    if variant == "volcano":
        _require(
            deal.volcano_edges == tuple(VOLCANO_EDGES),
            f"{here}.volcano_edges",
            f"this program rules the volcano edges as {list(VOLCANO_EDGES)}",
        )
    _require(len(deal.hands) == players, f"{here}.hands", "one hand per seat")
    _require(len(deal.worker_piles) == players, f"{here}.worker_piles", "one pile per seat")
    result = Setup(
        players=players,
        variant=variant,
        seed=seed,
        display=deal.display,
        jungle_pile=deal.jungle_pile,
        hands=deal.hands,
        worker_piles=deal.worker_piles,
    )
    try:
        result.validate()
    except ValueError as error:
        raise RecordError(f"{here}: {error}") from error
    _require(
        seed is None or not own_deal or deal_of_seed(players, variant, seed) == result,
        _prefixed(where, "seed"),
        f"the deal is not the one seed {seed} gives (edited seed or deal)",
    )
    return result


def _checked_seats(seats: Sequence[RecordSeat], players: int) -> list[SeatEntry]:
    _require(len(seats) == players, "seats", "expected one entry per seat")
    for index, seat in enumerate(seats):
        _require(seat.color in COLORS, f"seats[{index}]", "expected {color, kind}")
    names = [None if isinstance(seat.name, UnsetType) else seat.name for seat in seats]
    problem = seats_problem([s.color for s in seats], [s.kind for s in seats], names, need_names=False)
    if problem is not None:
        where = "seats" if problem.seat is None else f"seats[{problem.seat}].{problem.field}"
        prefix = "" if problem.seat is None else "the text "
        raise RecordError(f"{where}: {prefix}{problem.reason}")
    return [{"color": seat.color, "kind": seat.kind} for seat in seats]


def record_seats(record: Mapping[str, object], players: int) -> list[SeatEntry]:
    """The record's seat entries; RecordError unless each has a colour and a ``kind``, and
    the seats pass the check a save's seats pass (``cacao_game.config.game.seats_problem``:
    a colour of its own, clean text), except that a record may leave names out."""
    seats = _typed(record.get("seats"), tuple[RecordSeat, ...], "seats")
    return _checked_seats(seats, players)


def _record_file(record: Mapping[str, object]) -> RecordFile:
    """The typed record, its header checked first (a save is told apart by its format)."""
    _require(record.get("format") == FORMAT, "format", f"expected {FORMAT!r}")
    version = record.get("version")
    _require(type(version) is int and version == VERSION, "version", f"this program reads version {VERSION}")
    typed = _typed(dict(record), RecordFile)
    made_by = "" if isinstance(typed.app_version, UnsetType) else typed.app_version
    _require(
        len(made_by) <= APP_VERSION_LIMIT and made_by.isprintable(),
        "app_version",
        f"expected the version of the program that made it (at most {APP_VERSION_LIMIT} characters)",
    )
    return typed


def _setup_of(typed: RecordFile) -> Setup:
    own_deal = not isinstance(typed.app_version, UnsetType)
    setup = deal_setup(typed.players, typed.variant, typed.seed, typed.setup, own_deal=own_deal)
    _checked_seats(typed.seats, setup.players)
    return setup


def setup_from_record(record: Mapping[str, object]) -> Setup:
    """The ``Setup`` a record starts from; RecordError if the record's shape (checked through
    ``typed_json``), its header, setup or seats are wrong."""
    return _setup_of(_record_file(record))


def replay_record(record: Mapping[str, object]) -> Game:
    """Replay a record into the game it describes, checking every recorded outcome.

    Raises RecordError naming the first turn and key that is malformed, illegal or does not
    match what the rules produce. The returned game keeps its history (it can ``pop()``).
    """
    typed = _record_file(record)
    game = Game(_setup_of(typed))
    for number, turn in enumerate(typed.turns):
        _replay_turn(game, turn, f"turns[{number}]")
        _check_turn_names(turn, game.players, f"turns[{number}].names")
        _check_turn_standin(turn, game.players, f"turns[{number}].standin")
    final = None if isinstance(typed.final, UnsetType) else typed.final
    if game.is_over():
        _require(final is not None, "final", "a finished game needs its final scoring")
        assert final is not None
        expected = _final_scoring(game)
        assert expected is not None
        scores = [typed_json.plain(score) for score in expected.scores]
        _require(final.scores == expected.scores, "final.scores", f"expected {scores}")
        _require(final.winners == expected.winners, "final.winners", f"expected {list(expected.winners)}")
    else:
        _require(final is None, "final", "the game is not over")
    return game


def _check_turn_names(turn: Turn, players: int, where: str) -> None:
    if isinstance(turn.names, UnsetType):
        return
    _require(len(turn.names) == players, where, f"expected one name per seat ({players})")
    for name in turn.names:
        problem = name_problem(name) if name else None
        _require(problem is None, where, f"the name {name[:24]!r} {problem}")


def _check_turn_standin(turn: Turn, players: int, where: str) -> None:
    if isinstance(turn.standin, UnsetType):
        return
    seats = list(turn.standin)
    _require(bool(seats) and seats == sorted(set(seats)), where, "expected seats in order, each once")
    _require(all(0 <= seat < players for seat in seats), where, f"expected seats 0 to {players - 1}")


def record_played_by(record: Mapping[str, object]) -> list[PlayedBy]:
    """Who played each turn of ``record``: the seats' names where the record gives them
    (``Turn.names``; else none), and the seats a stand-in played (``Turn.standin``); RecordError
    for a malformed record (``replay_record`` checks the names too)."""
    return [
        PlayedBy(
            () if isinstance(turn.names, UnsetType) else turn.names,
            () if isinstance(turn.standin, UnsetType) else turn.standin,
        )
        for turn in _record_file(record).turns
    ]


def _replay_turn(game: Game, turn: Turn, where: str) -> None:
    _require(not game.is_over(), where, "the game is already over")
    _require(turn.seat == game.mover, f"{where}.seat", f"seat {game.mover} moves now")
    action = turn.action
    _require(action.kind in ("place", "overbuild"), f"{where}.action.kind", "expected place or overbuild")
    _require(action.tile in WORKER_CODES, f"{where}.action.tile", "expected a worker code")
    _require(action.rotation in (0, 1, 2, 3), f"{where}.action.rotation", "expected 0-3")
    placement = (Place if action.kind == "place" else Overbuild)(action.tile, action.rotation, action.pos)
    resolutions = turn.resolutions
    # The recorded fills not yet made, by index. A fill the rules make on their own (every
    # choice gives the same board, R3.10) may be listed in another order than this program
    # makes them (another program's record): it matches the first equal one left.
    unmatched = list(range(len(turn.fills)))
    done_resolutions = 0
    start_turn = game.turn
    events = _apply(game, placement, f"{where}.action")
    while True:
        for event in events:
            if isinstance(event, ev.JungleFilled):
                _require(bool(unmatched), f"{where}.fills", "fewer fills than the rules make")
                made = _fill_entry(event)
                same = [index for index in unmatched if turn.fills[index] == made]
                _require(
                    bool(same), f"{where}.fills[{unmatched[0]}]", f"the rules made {typed_json.plain(made)}"
                )
                unmatched.remove(same[0])
        if game.is_over() or game.turn != start_turn or game.phase is Phase.PLACE:
            break
        if game.phase is Phase.FILL:
            _require(bool(unmatched), f"{where}.fills", "a fill decision is missing")
            fill = turn.fills[unmatched[0]]
            events = _apply(game, Fill(fill.pos, fill.tile, fill.rotation), f"{where}.fills[{unmatched[0]}]")
            continue
        if isinstance(resolutions, UnsetType):
            resolutions = _inferred_resolutions(
                game, start_turn, turn.players_after, f"{where}.players_after"
            )
        _require(
            done_resolutions < len(resolutions), f"{where}.resolutions", "a resolution choice is missing"
        )
        here = f"{where}.resolutions[{done_resolutions}]"
        choice = resolutions[done_resolutions]
        _require(
            choice.seat == game.current_player(), f"{here}.seat", f"seat {game.current_player()} decides now"
        )
        events = _apply(game, Resolve(choice.pos, choice.side, choice.amount), here)
        done_resolutions += 1
    _require(not unmatched, f"{where}.fills", "more fills than the rules make")
    _require(
        isinstance(resolutions, UnsetType) or done_resolutions == len(resolutions),
        f"{where}.resolutions",
        "more choices than were asked",
    )
    after = _players_state(game)
    _require(
        turn.players_after == after,
        f"{where}.players_after",
        f"the rules give {[typed_json.plain(state) for state in after]}"
        + (FORGONE if isinstance(turn.resolutions, UnsetType) else ""),
    )
    drawn = [e.tile for e in events if isinstance(e, ev.WorkerDrawn)]
    _require(
        turn.drew == (drawn[0] if drawn else None),
        f"{where}.drew",
        f"the mover drew {drawn[0] if drawn else None}",
    )
    _require(
        turn.display_after == tuple(game.display),
        f"{where}.display_after",
        f"the display is {game.display}",
    )


FORGONE: Final = " (a seat may have forgone part of a gain: this program rules that out, R3.10)"
"""Said of another program's record whose tokens the rules do not give: a player may have
forgone part of a gain (the rulebook allows it; this program rules it out, R3.10)."""
INFERENCE_BUDGET: Final = 20_000
"""Resolution choices tried at most for one turn of a record without ``resolutions``."""


def _inferred_resolutions(
    game: Game, start_turn: int, players_after: Sequence[PlayerState], where: str
) -> tuple[Resolution, ...]:
    """The resolution choices, from ``game``'s current decision to the end of its turn, that
    leave every seat as ``players_after`` says: the first such sequence in ``legal_actions``
    order (any two give every seat the same tokens, all a record holds). A seat's choices
    are consecutive (R3.11) and change only its own tokens, so a seat whose choices are done
    and whose tokens differ ends that branch. ``game`` is left as it was. RecordError at
    ``where`` when no sequence does (a record of a player who forwent part of a gain: this
    program takes gains in full, R3.10) or the search passes ``INFERENCE_BUDGET`` choices."""
    target = tuple(players_after)
    tried = 0

    def search() -> list[Resolution] | None:
        nonlocal tried
        if game.is_over() or game.turn != start_turn or game.phase is not Phase.RESOLVE:
            return [] if _players_state(game) == target else None
        seat = game.current_player()
        for action in game.legal_actions():
            assert isinstance(action, Resolve)
            tried += 1
            _require(
                tried <= INFERENCE_BUDGET, where, "too many resolution choices to find the recorded ones"
            )
            game.apply(action)
            try:
                done = game.current_player() != seat or game.phase is not Phase.RESOLVE
                if done and len(target) > seat and _players_state(game)[seat] != target[seat]:
                    continue
                rest = search()
            finally:
                game.pop()
            if rest is not None:
                return [Resolution(seat=seat, pos=action.pos, side=action.side, amount=action.amount), *rest]
        return None

    found = search()
    _require(
        found is not None,
        where,
        f"no resolution choices give it{FORGONE}",
    )
    assert found is not None
    return tuple(found)


def _apply(game: Game, action: Action, where: str) -> list[ev.Event]:
    try:
        return game.apply(action)
    except IllegalActionError as error:
        raise RecordError(f"{where}: illegal: {error}") from error
    except (TypeError, KeyError) as error:
        raise RecordError(f"{where}: malformed: {error}") from error
