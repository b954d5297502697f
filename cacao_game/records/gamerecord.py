"""Game records, format version 1 (``docs/game-record.md``): write, read, replay.

A record holds the setup with every pile in order, each turn's decisions and outcome, and
the final scoring. Besides the keys every record has, each turn carries ``resolutions``: the
resolution choices seats made (``{"seat", "pos", "side", "amount"}``, in order), so that a
record replays exactly; automatic steps (R3.10) are not listed.

The deal is read and written by ``deal_to_json`` / ``deal_from_json``, which saves use too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NotRequired, TypedDict, assert_never

from cacao_game.config.game import seats_problem
from cacao_game.config.storage import atomic_write_bytes
from cacao_game.engine import Action, Fill, Game, Overbuild, Phase, Place, Resolve, Setup
from cacao_game.engine import events as ev
from cacao_game.engine.errors import IllegalActionError
from cacao_game.engine.replay import Step, replay
from cacao_game.engine.setup import deal as deal_of_seed
from cacao_game.engine.tiles import COLORS, START_TILES, VOLCANO_EDGES, WORKER_CODES
from cacao_game.files import RECORD_LIMIT, describe_os_error, parse_json, read_limited
from cacao_game.jsontypes import JSON
from cacao_game.version import app_version

FORMAT = "cacao-record"
VERSION = 1
APP_VERSION_LIMIT = 64
"""The longest ``app_version`` text a record may carry."""


class RecordError(ValueError):
    """A record that is malformed or does not replay; the message names the place."""


class SeatEntry(TypedDict):
    """One seat of a record: its colour and who played it (``human``, ``random`` or an AI level)."""

    color: str
    kind: str
    name: NotRequired[str]
    """The seat's name, when known (not part of the format's required keys)."""


class BoardTile(TypedDict):
    """A tile on the board at the start."""

    pos: list[int]
    tile: str
    rotation: int


class DealJSON(TypedDict):
    """A record's ``setup``: the start tiles and every pile, top first."""

    board: list[BoardTile]
    display: list[str]
    jungle_pile: list[str]
    hands: list[list[str]]
    worker_piles: list[list[str]]
    volcano_edges: NotRequired[list[int]]


class PlacementJSON(TypedDict):
    """A turn's ``action``: the worker tile placed or overbuilt."""

    kind: str
    tile: str
    rotation: int
    pos: list[int]


class FillJSON(TypedDict):
    """A jungle tile laid during a turn."""

    pos: list[int]
    tile: str
    rotation: int
    source: str


class ResolutionJSON(TypedDict):
    """A resolution choice a seat made (this project's ``resolutions`` extension)."""

    seat: int
    pos: list[int]
    side: int
    amount: int


class PlayerStateJSON(TypedDict):
    """One seat's tokens; ``water`` is the step on the water track (0-8)."""

    gold: int
    cacao: int
    sun: int
    water: int


class TurnJSON(TypedDict):
    """One turn: the mover's placement, what followed, and the outcome."""

    seat: int
    action: PlacementJSON
    fills: list[FillJSON]
    resolutions: list[ResolutionJSON]
    drew: str | None
    players_after: NotRequired[list[PlayerStateJSON]]
    display_after: NotRequired[list[str]]


class ScoreJSON(TypedDict):
    """One seat's final score."""

    gold: int
    temples: int
    sun: int
    water: int
    total: int
    cacao: int


class FinalJSON(TypedDict):
    """The final scoring of a finished game."""

    scores: list[ScoreJSON]
    winners: list[int]


class Record(TypedDict):
    """A game record as ``to_record`` makes it (see ``docs/game-record.md``)."""

    format: str
    version: int
    app_version: NotRequired[str]
    """The version of the program that made the record (a key the format allows to add;
    older records have none)."""
    players: int
    variant: str
    seed: int | None
    seats: list[SeatEntry]
    setup: DealJSON
    turns: list[TurnJSON]
    final: NotRequired[FinalJSON]


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


def _players_state(game: Game) -> list[PlayerStateJSON]:
    return [
        {"gold": game.gold[s], "cacao": game.cacao[s], "sun": game.sun[s], "water": game.water[s]}
        for s in range(game.players)
    ]


def _start_board() -> list[BoardTile]:
    return [{"pos": list(pos), "tile": code, "rotation": 0} for pos, code in START_TILES]


def deal_to_json(setup: Setup) -> DealJSON:
    """The ``setup`` object of a record: start tiles, display, piles and hands (top first)."""
    result: DealJSON = {
        "board": _start_board(),
        "display": list(setup.display),
        "jungle_pile": list(setup.jungle_pile),
        "hands": [list(hand) for hand in setup.hands],
        "worker_piles": [list(pile) for pile in setup.worker_piles],
    }
    if setup.variant == "volcano":
        result["volcano_edges"] = list(VOLCANO_EDGES)
    return result


class _Recorder:
    """Builds the turns of a record from the steps of a replay."""

    def __init__(self) -> None:
        self.turns: list[TurnJSON] = []
        self.current: TurnJSON | None = None

    def step(self, game: Game, step: Step) -> None:
        action = step.action
        if isinstance(action, Resolve) and self.current is not None:
            self.current["resolutions"].append(
                {"seat": step.seat, "pos": list(action.pos), "side": action.side, "amount": action.amount}
            )
        for event in step.events:
            self._event(game, event)

    def _event(self, game: Game, event: ev.Event) -> None:
        current = self.current
        match event:
            case ev.TilePlaced():
                self.current = {
                    "seat": event.seat,
                    "action": {
                        "kind": "overbuild" if event.overbuild else "place",
                        "tile": event.tile,
                        "rotation": event.rotation,
                        "pos": list(event.pos),
                    },
                    "fills": [],
                    "resolutions": [],
                    "drew": None,
                }
            case ev.JungleFilled() if current is not None:
                current["fills"].append(
                    {
                        "pos": list(event.pos),
                        "tile": event.tile,
                        "rotation": event.rotation,
                        "source": event.source,
                    }
                )
            case ev.WorkerDrawn() if current is not None:
                current["drew"] = event.tile
            case ev.TurnEnded() if current is not None:
                current["players_after"] = _players_state(game)
                current["display_after"] = list(game.display)
                self.turns.append(current)
                self.current = None
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


def to_record(game: Game, seats: Sequence[SeatEntry]) -> Record:
    """The record of ``game`` (finished or not), replayed from its setup and decisions.

    ``seats`` is the record's seat list (see ``seat_entries``). Raises ValueError if its
    length does not match the game.
    """
    if len(seats) != game.players:
        raise ValueError(f"{len(seats)} seat entries for a {game.players}-player game")
    setup = game.setup
    recorder = _Recorder()
    replayed = replay(setup, game.actions, on_events=recorder.step, keep_history=False)
    record: Record = {
        "format": FORMAT,
        "version": VERSION,
        "app_version": app_version(),
        "players": game.players,
        "variant": game.variant,
        "seed": setup.seed,
        "seats": [{"color": seat["color"], "kind": seat["kind"]} for seat in seats],
        "setup": deal_to_json(setup),
        "turns": recorder.turns,
    }
    if replayed.final is not None:
        record["final"] = {
            "scores": [
                {
                    "gold": s.gold,
                    "temples": s.temples,
                    "sun": s.sun,
                    "water": s.water,
                    "total": s.total,
                    "cacao": s.cacao,
                }
                for s in replayed.final
            ],
            "winners": list(replayed.winners()),
        }
    return record


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


def read_record(path: str | Path) -> dict[str, JSON]:
    """Read a record file as JSON; RecordError if it is not a JSON object (nothing else checked).

    Only a regular file of at most ``RECORD_LIMIT`` bytes is read (``read_limited``): a
    folder, a named pipe, a device or a larger file is refused before it is read.
    """
    try:
        data = parse_json(read_limited(path, RECORD_LIMIT))
    except OSError as error:
        raise RecordError(f"{path}: cannot read a record: {describe_os_error(error)}") from error
    except ValueError as error:
        raise RecordError(f"{path}: cannot read a record: {error}") from error
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data


def same_json(first: object, second: object) -> bool:
    """Whether two JSON values are equal with their types: ``1`` is not ``1.0`` nor ``true``."""
    if type(first) is not type(second):
        return False
    if isinstance(first, dict) and isinstance(second, dict):
        return first.keys() == second.keys() and all(same_json(first[k], second[k]) for k in first)
    if isinstance(first, list) and isinstance(second, list):
        return len(first) == len(second) and all(same_json(a, b) for a, b in zip(first, second, strict=True))
    return first == second


def _require(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise RecordError(f"{where}: {message}")


def _object(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise RecordError(f"{where}: expected an object")
    return value


def _list(value: object, where: str, message: str = "expected a list") -> list[object]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: {message}")
    return value


def _int(value: object, where: str, message: str = "expected an integer") -> int:
    if type(value) is not int:
        raise RecordError(f"{where}: {message}")
    return value


def _str(value: object, where: str, message: str = "expected a string") -> str:
    if not isinstance(value, str):
        raise RecordError(f"{where}: {message}")
    return value


def _pos(value: object, where: str) -> tuple[int, int]:
    items = _list(value, where, "expected [x, y]")
    _require(len(items) == 2, where, "expected [x, y]")
    return (_int(items[0], where, "expected [x, y]"), _int(items[1], where, "expected [x, y]"))


def _str_list(value: object, where: str) -> tuple[str, ...]:
    message = "expected a list of codes"
    return tuple(_str(item, where, message) for item in _list(value, where, message))


def _prefixed(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def deal_from_json(header: Mapping[str, object], deal: Mapping[str, object], where: str = "") -> Setup:
    """The ``Setup`` of a deal: ``players``, ``variant`` and ``seed`` from ``header``, the rest from ``deal``.

    ``deal`` has the keys of a record's ``setup`` (``deal_to_json``); a record keeps the three
    header keys at its top level, a save inside its ``setup`` (then ``header is deal``).
    ``where`` is the path of ``header`` in the file, used in messages; the deal's path is
    ``where.setup`` unless ``header is deal``. Raises RecordError naming the first wrong key,
    including a deal whose tiles are not this game's decks, and a deal with a seed that is
    not what ``deal(players, variant, seed)`` gives (a null seed is not checked).
    """
    here = where if header is deal else _prefixed(where, "setup")
    players = _int(header.get("players"), _prefixed(where, "players"), "expected 2, 3 or 4")
    _require(players in (2, 3, 4), _prefixed(where, "players"), "expected 2, 3 or 4")
    variant = _str(header.get("variant"), _prefixed(where, "variant"), "expected 'base' or 'volcano'")
    _require(variant in ("base", "volcano"), _prefixed(where, "variant"), "expected 'base' or 'volcano'")
    seed = header.get("seed")
    _require(seed is None or type(seed) is int, _prefixed(where, "seed"), "expected an integer")
    _require(
        same_json(deal.get("board"), _start_board()),
        _prefixed(here, "board"),
        "not the start tiles of the rules",
    )
    if variant == "volcano":
        _require(
            same_json(deal.get("volcano_edges"), list(VOLCANO_EDGES)),
            _prefixed(here, "volcano_edges"),
            f"this program rules the volcano edges as {list(VOLCANO_EDGES)}",
        )
    hands = _list(deal.get("hands"), _prefixed(here, "hands"), "one hand per seat")
    piles = _list(deal.get("worker_piles"), _prefixed(here, "worker_piles"), "one pile per seat")
    _require(len(hands) == players, _prefixed(here, "hands"), "one hand per seat")
    _require(len(piles) == players, _prefixed(here, "worker_piles"), "one pile per seat")
    result = Setup(
        players=players,
        variant=variant,
        seed=seed if isinstance(seed, int) else None,
        display=_str_list(deal.get("display"), _prefixed(here, "display")),
        jungle_pile=_str_list(deal.get("jungle_pile"), _prefixed(here, "jungle_pile")),
        hands=tuple(_str_list(h, f"{_prefixed(here, 'hands')}[{i}]") for i, h in enumerate(hands)),
        worker_piles=tuple(
            _str_list(p, f"{_prefixed(here, 'worker_piles')}[{i}]") for i, p in enumerate(piles)
        ),
    )
    try:
        result.validate()
    except ValueError as error:
        raise RecordError(f"{here or 'setup'}: {error}") from error
    _require(
        result.seed is None or deal_of_seed(players, variant, result.seed) == result,
        _prefixed(where, "seed"),
        f"the deal is not the one seed {result.seed} gives (edited seed or deal)",
    )
    return result


def record_seats(record: Mapping[str, object], players: int) -> list[SeatEntry]:
    """The record's seat entries; RecordError unless each has a colour and a ``kind``, and
    the seats pass the check a save's seats pass (``cacao_game.config.game.seats_problem``:
    a colour of its own, clean text), except that a record may leave names out."""
    seats = _list(record.get("seats"), "seats", "expected one entry per seat")
    _require(len(seats) == players, "seats", "expected one entry per seat")
    entries: list[SeatEntry] = []
    names: list[str | None] = []
    for index, seat in enumerate(seats):
        entry = _object(seat, f"seats[{index}]")
        color, kind, name = entry.get("color"), entry.get("kind"), entry.get("name")
        if not (isinstance(color, str) and color in COLORS and isinstance(kind, str)):
            raise RecordError(f"seats[{index}]: expected {{color, kind}}")
        _require(name is None or isinstance(name, str), f"seats[{index}].name", "expected a string")
        entries.append({"color": color, "kind": kind})
        names.append(name if isinstance(name, str) else None)
    problem = seats_problem(
        [e["color"] for e in entries], [e["kind"] for e in entries], names, need_names=False
    )
    if problem is not None:
        where = "seats" if problem.seat is None else f"seats[{problem.seat}].{problem.field}"
        prefix = "" if problem.seat is None else "the text "
        raise RecordError(f"{where}: {prefix}{problem.reason}")
    return entries


def setup_from_record(record: Mapping[str, object]) -> Setup:
    """The ``Setup`` a record starts from; RecordError if the header or setup is wrong."""
    _require(record.get("format") == FORMAT, "format", f"expected {FORMAT!r}")
    _require(same_json(record.get("version"), VERSION), "version", f"this program reads version {VERSION}")
    made_by = record.get("app_version", "")
    _require(
        isinstance(made_by, str) and len(made_by) <= APP_VERSION_LIMIT and made_by.isprintable(),
        "app_version",
        f"expected the version of the program that made it (at most {APP_VERSION_LIMIT} characters)",
    )
    setup = deal_from_json(record, _object(record.get("setup"), "setup"))
    record_seats(record, setup.players)
    return setup


def replay_record(record: Mapping[str, object]) -> Game:
    """Replay a record into the game it describes, checking every recorded outcome.

    Raises RecordError naming the first turn and key that is malformed, illegal or does not
    match what the rules produce. The returned game keeps its history (it can ``pop()``).
    """
    game = Game(setup_from_record(record))
    seats = record_seats(record, game.players)
    for number, turn in enumerate(_list(record.get("turns"), "turns")):
        _replay_turn(game, _object(turn, f"turns[{number}]"), f"turns[{number}]")
    final = record.get("final")
    if game.is_over():
        if not isinstance(final, dict):
            raise RecordError("final: a finished game needs its final scoring")
        recorded: Mapping[str, object] = final
        expected = to_record(game, seats)["final"]
        _require(
            same_json(recorded.get("scores"), expected["scores"]),
            "final.scores",
            f"expected {expected['scores']}",
        )
        _require(
            same_json(recorded.get("winners"), expected["winners"]),
            "final.winners",
            f"expected {expected['winners']}",
        )
    else:
        _require(final is None, "final", "the game is not over")
    return game


def _replay_turn(game: Game, turn: Mapping[str, object], where: str) -> None:
    _require(not game.is_over(), where, "the game is already over")
    _require(same_json(turn.get("seat"), game.mover), f"{where}.seat", f"seat {game.mover} moves now")
    action = _object(turn.get("action"), f"{where}.action")
    kind = action.get("kind")
    _require(kind in ("place", "overbuild"), f"{where}.action.kind", "expected place or overbuild")
    tile = _str(action.get("tile"), f"{where}.action.tile", "expected a worker code")
    _require(tile in WORKER_CODES, f"{where}.action.tile", "expected a worker code")
    rotation = _int(action.get("rotation"), f"{where}.action.rotation", "expected 0-3")
    _require(rotation in (0, 1, 2, 3), f"{where}.action.rotation", "expected 0-3")
    pos = _pos(action.get("pos"), f"{where}.action.pos")
    placement = (Place if kind == "place" else Overbuild)(tile, rotation, pos)
    fills = _list(turn.get("fills"), f"{where}.fills")
    resolutions = _list(turn.get("resolutions", []), f"{where}.resolutions")
    done_fills = 0
    done_resolutions = 0
    start_turn = game.turn
    events = _apply(game, placement, f"{where}.action")
    while True:
        for event in events:
            if isinstance(event, ev.JungleFilled):
                _require(done_fills < len(fills), f"{where}.fills", "fewer fills than the rules make")
                recorded = fills[done_fills]
                made = {
                    "pos": list(event.pos),
                    "tile": event.tile,
                    "rotation": event.rotation,
                    "source": event.source,
                }
                _require(same_json(recorded, made), f"{where}.fills[{done_fills}]", f"the rules made {made}")
                done_fills += 1
        if game.is_over() or game.turn != start_turn or game.phase is Phase.PLACE:
            break
        if game.phase is Phase.FILL:
            _require(done_fills < len(fills), f"{where}.fills", "a fill decision is missing")
            here = f"{where}.fills[{done_fills}]"
            fill = _object(fills[done_fills], here)
            events = _apply(
                game,
                Fill(
                    _pos(fill.get("pos"), f"{here}.pos"),
                    _str(fill.get("tile"), f"{here}.tile"),
                    _int(fill.get("rotation", 0), f"{here}.rotation"),
                ),
                here,
            )
            continue
        _require(
            done_resolutions < len(resolutions), f"{where}.resolutions", "a resolution choice is missing"
        )
        here = f"{where}.resolutions[{done_resolutions}]"
        choice = _object(resolutions[done_resolutions], here)
        _require(
            same_json(choice.get("seat"), game.current_player()),
            f"{here}.seat",
            f"seat {game.current_player()} decides now",
        )
        events = _apply(
            game,
            Resolve(
                _pos(choice.get("pos"), f"{here}.pos"),
                _int(choice.get("side"), f"{here}.side"),
                _int(choice.get("amount"), f"{here}.amount"),
            ),
            here,
        )
        done_resolutions += 1
    _require(done_fills == len(fills), f"{where}.fills", "more fills than the rules make")
    _require(done_resolutions == len(resolutions), f"{where}.resolutions", "more choices than were asked")
    _require(
        same_json(turn.get("players_after"), _players_state(game)),
        f"{where}.players_after",
        f"the rules give {_players_state(game)}",
    )
    drawn = [e.tile for e in events if isinstance(e, ev.WorkerDrawn)]
    _require(
        same_json(turn.get("drew"), drawn[0] if drawn else None),
        f"{where}.drew",
        f"the mover drew {drawn[0] if drawn else None}",
    )
    _require(
        same_json(turn.get("display_after"), list(game.display)),
        f"{where}.display_after",
        f"the display is {game.display}",
    )


def _apply(game: Game, action: Action, where: str) -> list[ev.Event]:
    try:
        return game.apply(action)
    except IllegalActionError as error:
        raise RecordError(f"{where}: illegal: {error}") from error
    except (TypeError, KeyError) as error:
        raise RecordError(f"{where}: malformed: {error}") from error
