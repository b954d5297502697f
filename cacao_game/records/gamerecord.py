"""Game records, format version 1 (``shared/spec/game-record.md``): write, read, replay.

A record holds the setup with every pile in order, each turn's decisions and outcome, and
the final scoring. Besides the keys of the spec, each turn carries ``resolutions``: the
resolution choices seats made (``{"seat", "pos", "side", "amount"}``, in order), so that a
record replays exactly; automatic steps (R3.10) are not listed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cacao_game.engine import Fill, Game, Overbuild, Phase, Place, Resolve, Setup
from cacao_game.engine import events as ev
from cacao_game.engine.errors import IllegalActionError
from cacao_game.engine.tiles import COLORS, START_TILES, VOLCANO_EDGES, WORKER_CODES

FORMAT = "cacao-record"
VERSION = 1


class RecordError(ValueError):
    """A record that is malformed or does not replay; the message names the place."""


def seat_entries(kinds: list[str], colors: list[str] | None = None) -> list[dict[str, str]]:
    """The ``seats`` list: one ``{"color", "kind"}`` per seat, colours in box order by default."""
    colors = colors or list(COLORS[: len(kinds)])
    return [{"color": color, "kind": kind} for color, kind in zip(colors, kinds, strict=True)]


def _players_state(game: Game) -> list[dict[str, int]]:
    return [
        {"gold": game.gold[s], "cacao": game.cacao[s], "sun": game.sun[s], "water": game.water[s]}
        for s in range(game.players)
    ]


def _setup_dict(setup: Setup) -> dict[str, Any]:
    result: dict[str, Any] = {
        "board": [{"pos": list(pos), "tile": code, "rotation": 0} for pos, code in START_TILES],
        "display": list(setup.display),
        "jungle_pile": list(setup.jungle_pile),
        "hands": [list(hand) for hand in setup.hands],
        "worker_piles": [list(pile) for pile in setup.worker_piles],
    }
    if setup.variant == "volcano":
        result["volcano_edges"] = list(VOLCANO_EDGES)
    return result


def to_record(game: Game, seats: list[dict[str, str]]) -> dict[str, Any]:
    """The record of ``game`` (finished or not), replayed from its setup and decisions.

    ``seats`` is the spec's seat list (see ``seat_entries``). Raises ValueError if its length
    does not match the game.
    """
    if len(seats) != game.players:
        raise ValueError(f"{len(seats)} seat entries for a {game.players}-player game")
    setup = game.setup
    replay = Game(setup, keep_history=False)
    turns: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for action in game.actions:
        if isinstance(action, Resolve) and current is not None:
            current["resolutions"].append(
                {
                    "seat": replay.current_player(),
                    "pos": list(action.pos),
                    "side": action.side,
                    "amount": action.amount,
                }
            )
        for event in replay.apply(action):
            current = _record_event(replay, event, current, turns)
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": game.players,
        "variant": game.variant,
        "seed": setup.seed,
        "seats": [dict(seat) for seat in seats],
        "setup": _setup_dict(setup),
        "turns": turns,
    }
    if replay.final is not None:
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
                for s in replay.final
            ],
            "winners": list(replay.winners()),
        }
    return record


def _record_event(
    game: Game, event: ev.Event, current: dict[str, Any] | None, turns: list[dict[str, Any]]
) -> dict[str, Any] | None:
    if isinstance(event, ev.TilePlaced):
        current = {
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
    elif current is None:
        return None
    elif isinstance(event, ev.JungleFilled):
        current["fills"].append(
            {"pos": list(event.pos), "tile": event.tile, "rotation": event.rotation, "source": event.source}
        )
    elif isinstance(event, ev.WorkerDrawn):
        current["drew"] = event.tile
    elif isinstance(event, ev.TurnEnded):
        current["players_after"] = _players_state(game)
        current["display_after"] = list(game.display)
        turns.append(current)
        return None
    return current


def write_record(record: dict[str, Any], path: str | Path) -> None:
    """Write ``record`` as UTF-8 JSON (folders created as needed)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def read_record(path: str | Path) -> dict[str, Any]:
    """Read a record file as JSON; RecordError if it is not a JSON object."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RecordError(f"{path}: cannot read a record: {error}") from error
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data


def _require(condition: bool, where: str, message: str) -> None:
    if not condition:
        raise RecordError(f"{where}: {message}")


def _pos(value: Any, where: str) -> tuple[int, int]:
    _require(
        isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value),
        where,
        "expected [x, y]",
    )
    return (value[0], value[1])


def _same(recorded: Any, expected: Any) -> bool:
    """JSON equality that also compares types: ``0.0`` or ``false`` in a record is not ``0``.

    Dicts need the same keys, lists the same length, and every scalar the same type and value.
    """
    if type(recorded) is not type(expected):
        return False
    if isinstance(expected, dict):
        return recorded.keys() == expected.keys() and all(_same(recorded[k], v) for k, v in expected.items())
    if isinstance(expected, list):
        return len(recorded) == len(expected) and all(map(_same, recorded, expected))
    return bool(recorded == expected)


def _int(value: Any, where: str) -> int:
    """``value`` if it is an integer; JSON's 0.0 and true are refused, not read as 0 and 1."""
    _require(type(value) is int, where, f"expected an integer, not {value!r}")
    return int(value)


def _recorded_fill(fill: Any, where: str) -> dict[str, Any]:
    """``fill`` if it is an object whose tile is a string and rotation (if any) an integer."""
    _require(isinstance(fill, dict), where, "expected an object")
    tile = fill.get("tile")
    _require(type(tile) is str, f"{where}.tile", f"expected a jungle code, not {tile!r}")
    _int(fill.get("rotation", 0), f"{where}.rotation")
    return dict(fill)


def _str_list(value: Any, where: str) -> tuple[str, ...]:
    _require(
        isinstance(value, list) and all(isinstance(v, str) for v in value), where, "expected a list of codes"
    )
    return tuple(value)


def setup_from_record(record: dict[str, Any]) -> Setup:
    """The ``Setup`` a record starts from; RecordError if the header or setup is wrong."""
    _require(record.get("format") == FORMAT, "format", f"expected {FORMAT!r}")
    _require(_same(record.get("version"), VERSION), "version", f"this program reads version {VERSION}")
    players = record.get("players")
    _require(type(players) is int and players in (2, 3, 4), "players", "expected 2, 3 or 4")
    variant = record.get("variant")
    _require(variant in ("base", "volcano"), "variant", "expected 'base' or 'volcano'")
    seed = record.get("seed")
    _require(seed is None or type(seed) is int, "seed", "expected an integer")
    seats = record.get("seats")
    _require(isinstance(seats, list) and len(seats) == players, "seats", "expected one entry per seat")
    for index, seat in enumerate(seats):
        _require(
            isinstance(seat, dict) and seat.get("color") in COLORS and isinstance(seat.get("kind"), str),
            f"seats[{index}]",
            "expected {color, kind}",
        )
    setup = record.get("setup")
    _require(isinstance(setup, dict), "setup", "expected an object")
    board = setup.get("board")
    expected_board = [{"pos": list(pos), "tile": code, "rotation": 0} for pos, code in START_TILES]
    _require(_same(board, expected_board), "setup.board", "not the start tiles of the spec")
    if variant == "volcano":
        _require(
            _same(setup.get("volcano_edges"), list(VOLCANO_EDGES)),
            "setup.volcano_edges",
            f"this program rules the volcano edges as {list(VOLCANO_EDGES)}",
        )
    hands = setup.get("hands")
    piles = setup.get("worker_piles")
    _require(isinstance(hands, list) and len(hands) == players, "setup.hands", "one hand per seat")
    _require(isinstance(piles, list) and len(piles) == players, "setup.worker_piles", "one pile per seat")
    result = Setup(
        players=players,
        variant=variant,
        seed=seed,
        display=_str_list(setup.get("display"), "setup.display"),
        jungle_pile=_str_list(setup.get("jungle_pile"), "setup.jungle_pile"),
        hands=tuple(_str_list(h, f"setup.hands[{i}]") for i, h in enumerate(hands)),
        worker_piles=tuple(_str_list(p, f"setup.worker_piles[{i}]") for i, p in enumerate(piles)),
    )
    try:
        result.validate()
    except ValueError as error:
        raise RecordError(f"setup: {error}") from error
    return result


def replay_record(record: dict[str, Any]) -> Game:
    """Replay a record into the game it describes, checking every recorded outcome.

    Raises RecordError naming the first turn and key that is malformed, illegal or does not
    match what the rules produce. The returned game keeps its history (it can ``pop()``).
    """
    game = Game(setup_from_record(record))
    turns = record.get("turns")
    _require(isinstance(turns, list), "turns", "expected a list")
    for number, turn in enumerate(turns):
        _replay_turn(game, turn, f"turns[{number}]")
    final = record.get("final")
    if game.is_over():
        _require(isinstance(final, dict), "final", "a finished game needs its final scoring")
        expected = to_record(game, record["seats"])["final"]
        _require(
            _same(final.get("scores"), expected["scores"]), "final.scores", f"expected {expected['scores']}"
        )
        _require(
            _same(final.get("winners"), expected["winners"]),
            "final.winners",
            f"expected {expected['winners']}",
        )
    else:
        _require(final is None, "final", "the game is not over")
    return game


def _replay_turn(game: Game, turn: Any, where: str) -> None:
    _require(isinstance(turn, dict), where, "expected an object")
    _require(not game.is_over(), where, "the game is already over")
    _require(
        _int(turn.get("seat"), f"{where}.seat") == game.mover, f"{where}.seat", f"seat {game.mover} moves now"
    )
    action = turn.get("action")
    _require(isinstance(action, dict), f"{where}.action", "expected an object")
    kind = action.get("kind")
    _require(kind in ("place", "overbuild"), f"{where}.action.kind", "expected place or overbuild")
    tile = action.get("tile")
    _require(tile in WORKER_CODES, f"{where}.action.tile", "expected a worker code")
    rotation = action.get("rotation")
    _require(rotation in (0, 1, 2, 3) and type(rotation) is int, f"{where}.action.rotation", "expected 0-3")
    pos = _pos(action.get("pos"), f"{where}.action.pos")
    placement = (Place if kind == "place" else Overbuild)(tile, rotation, pos)
    fills = turn.get("fills")
    resolutions = turn.get("resolutions", [])
    _require(isinstance(fills, list), f"{where}.fills", "expected a list")
    _require(isinstance(resolutions, list), f"{where}.resolutions", "expected a list")
    done_fills = 0
    done_resolutions = 0
    start_turn = game.turn
    events = _apply(game, placement, f"{where}.action")
    while True:
        for event in events:
            if isinstance(event, ev.JungleFilled):
                _require(done_fills < len(fills), f"{where}.fills", "fewer fills than the rules make")
                recorded = _recorded_fill(fills[done_fills], f"{where}.fills[{done_fills}]")
                made = {
                    "pos": list(event.pos),
                    "tile": event.tile,
                    "rotation": event.rotation,
                    "source": event.source,
                }
                _require(_same(recorded, made), f"{where}.fills[{done_fills}]", f"the rules made {made}")
                done_fills += 1
        if game.is_over() or game.turn != start_turn or game.phase is Phase.PLACE:
            break
        if game.phase is Phase.FILL:
            _require(done_fills < len(fills), f"{where}.fills", "a fill decision is missing")
            here = f"{where}.fills[{done_fills}]"
            fill = _recorded_fill(fills[done_fills], here)
            pos = _pos(fill.get("pos"), f"{here}.pos")
            events = _apply(game, Fill(pos, fill["tile"], fill.get("rotation", 0)), here)
            continue
        _require(
            done_resolutions < len(resolutions), f"{where}.resolutions", "a resolution choice is missing"
        )
        choice = resolutions[done_resolutions]
        here = f"{where}.resolutions[{done_resolutions}]"
        _require(isinstance(choice, dict), here, "expected an object")
        _require(
            _int(choice.get("seat"), f"{here}.seat") == game.current_player(),
            f"{here}.seat",
            f"seat {game.current_player()} decides now",
        )
        side = _int(choice.get("side"), f"{here}.side")
        amount = _int(choice.get("amount"), f"{here}.amount")
        events = _apply(game, Resolve(_pos(choice.get("pos"), f"{here}.pos"), side, amount), here)
        done_resolutions += 1
    _require(done_fills == len(fills), f"{where}.fills", "more fills than the rules make")
    _require(done_resolutions == len(resolutions), f"{where}.resolutions", "more choices than were asked")
    _require(
        _same(turn.get("players_after"), _players_state(game)),
        f"{where}.players_after",
        f"the rules give {_players_state(game)}",
    )
    drawn = [e.tile for e in events if isinstance(e, ev.WorkerDrawn)]
    _require(
        turn.get("drew") == (drawn[0] if drawn else None),
        f"{where}.drew",
        f"the mover drew {drawn[0] if drawn else None}",
    )
    _require(
        turn.get("display_after") == list(game.display),
        f"{where}.display_after",
        f"the display is {game.display}",
    )


def _apply(game: Game, action: Any, where: str) -> list[ev.Event]:
    try:
        return game.apply(action)
    except IllegalActionError as error:
        raise RecordError(f"{where}: illegal: {error}") from error
    except (TypeError, KeyError) as error:
        raise RecordError(f"{where}: malformed: {error}") from error
