"""Game records (docs/game-record.md): format, round trip, refusal, golden games."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from cacao_game.engine import Game
from cacao_game.headless import play_game
from cacao_game.records import RecordError, read_record, replay_record, seat_entries, to_record
from cacao_game.version import app_version
from tests.referee_loader import load_referee

GOLDEN = sorted((Path(__file__).resolve().parent.parent / "seeds" / "golden").glob("*.json"))
REFEREE = load_referee()


@pytest.fixture(scope="module")
def volcano_record() -> dict:
    return play_game(["random", "random", "random"], 21, "volcano").record


def test_record_has_the_spec_keys(volcano_record: dict) -> None:
    """Spec: top level, setup, turns and final carry exactly the listed keys and codes."""
    record = volcano_record
    assert record["format"] == "cacao-record" and record["version"] == 1
    assert record["players"] == 3 and record["variant"] == "volcano" and record["seed"] == 21
    assert record["seats"] == [
        {"color": "red", "kind": "random"},
        {"color": "purple", "kind": "random"},
        {"color": "white", "kind": "random"},
    ]
    setup = record["setup"]
    assert setup["board"] == [
        {"pos": [0, 0], "tile": "plantation1", "rotation": 0},
        {"pos": [1, 1], "tile": "market2", "rotation": 0},
    ]
    assert setup["volcano_edges"] == [2, 2, -1, -1]
    assert len(setup["display"]) == 2 and all(len(h) == 3 for h in setup["hands"])
    assert len(record["turns"]) == 30
    turn = record["turns"][0]
    assert set(turn) >= {"seat", "action", "fills", "players_after", "drew", "display_after"}
    assert set(turn["action"]) == {"kind", "tile", "rotation", "pos"}
    assert set(turn["players_after"][0]) == {"gold", "cacao", "sun", "water"}
    assert set(record["final"]) == {"scores", "winners"}
    assert set(record["final"]["scores"][0]) == {"gold", "temples", "sun", "water", "total", "cacao"}


def test_setup_matches_the_seed(volcano_record: dict) -> None:
    """Spec: `seed` is the integer the game was dealt from."""
    game = Game.new(3, "volcano", 21)
    assert volcano_record["setup"]["jungle_pile"] == list(game.setup.jungle_pile)
    assert volcano_record["setup"]["worker_piles"] == [list(p) for p in game.setup.worker_piles]


def test_round_trip_through_json(volcano_record: dict, tmp_path: Path) -> None:
    """A record replays into the identical state, and re-recording it gives the same JSON."""
    from cacao_game.records import write_record

    path = tmp_path / "game.json"
    write_record(volcano_record, path)
    game = replay_record(read_record(path))
    assert to_record(game, volcano_record["seats"]) == volcano_record


def test_unfinished_game_round_trip() -> None:
    """Spec: a record of an unfinished game has no `final` and replays to the same turn."""
    game = Game.new(2, "base", 4)
    while game.turn < 7:
        game.apply(game.legal_actions()[-1])
    record = to_record(game, seat_entries(["human", "random"]))
    assert "final" not in record and len(record["turns"]) == 7
    assert replay_record(record).turn == 7


@pytest.mark.parametrize(
    ("path", "value", "where"),
    [
        (("format",), "chess", "format"),
        (("version",), 2, "version"),
        (("players",), 5, "players"),
        (("setup", "display"), ["temple", "temple"], "setup"),
        (("turns", 0, "action", "pos"), [50, 50], "turns[0].action"),
        (("turns", 0, "players_after", 0, "gold"), 99, "turns[0].players_after"),
        (("turns", 3, "drew"), "9999", "turns[3].drew"),
        (("final", "winners"), [5], "final.winners"),
        (("version",), 1.0, "version"),
        (("players",), 3.0, "players"),
        (("turns", 0, "seat"), 0.0, "turns[0].seat"),
        (("turns", 0, "action", "rotation"), 0.0, "turns[0].action.rotation"),
        (("turns", 0, "players_after", 0, "water"), False, "turns[0].players_after"),
    ],
)
def test_tampered_records_are_refused(volcano_record: dict, path: tuple, value: object, where: str) -> None:
    """A record that does not replay under the rules is refused with a message naming where."""
    record = copy.deepcopy(volcano_record)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(RecordError, match=r"^" + where.replace("[", r"\[").replace("]", r"\]")):
        replay_record(record)


def _first(record: dict, key: str) -> tuple[int, dict]:
    """The first turn with an entry under ``key`` (a list): its index and that entry."""
    return next((n, turn[key][0]) for n, turn in enumerate(record["turns"]) if turn.get(key))


@pytest.mark.parametrize(
    ("key", "field", "value"), [("fills", "rotation", 0.0), ("resolutions", "amount", 1.0)]
)
def test_numbers_of_another_type_are_refused(
    volcano_record: dict, key: str, field: str, value: float
) -> None:
    """Spec: every number in a record is an integer. ``"rotation": 0.0`` in a fill or
    ``"amount": 1.0`` in a resolution equals a legal number but is refused with its place."""
    record = copy.deepcopy(volcano_record)
    number, entry = _first(record, key)
    assert type(entry[field]) is int
    entry[field] = value
    with pytest.raises(RecordError, match=rf"^turns\[{number}\]\.{key}\[0\]\.{field}: expected an integer"):
        replay_record(record)


def test_golden_records_exist() -> None:
    """Golden games cover 2, 3 and 4 players and both variants."""
    configs = {(json.loads(p.read_text())["players"], json.loads(p.read_text())["variant"]) for p in GOLDEN}
    assert {(p, v) for p in (2, 3, 4) for v in ("base", "volcano")} <= configs


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_byte_for_byte(path: Path) -> None:
    """Golden games: each replays, re-records to the identical file, and passes the referee."""
    text = path.read_text(encoding="utf-8")
    record = json.loads(text)
    game = replay_record(record)
    produced = dict(to_record(game, record["seats"]))
    # the record names the program that made it; the golden files predate the key
    assert produced.pop("app_version") == app_version()
    assert json.dumps(produced, indent=1) + "\n" == text
    assert REFEREE.check_record(record) == []


def test_record_names_the_program_version_and_older_records_without_it_load() -> None:
    """A record carries ``app_version`` (an added key the format allows); one without it, as
    older programs wrote, still replays; a malformed one is refused by name."""
    record = play_game(["random", "random"], 5).record
    assert record is not None and record["app_version"] == app_version()
    older = copy.deepcopy(record)
    del older["app_version"]
    assert replay_record(older).is_over()
    broken = json.loads(json.dumps(record))
    broken["app_version"] = "0.3\n"
    with pytest.raises(RecordError, match=r"^app_version: "):
        replay_record(broken)


def test_a_seat_taken_over_keeps_its_earlier_turns_under_the_earlier_name_in_the_record() -> None:
    """A game whose seat 1 was renamed mid-game (a network table gave it to a newcomer):
    the record names the seats as they end and adds ``names`` (this program's addition) to
    the turns played under other names only; a replay names each turn's decisions so; names
    that do not fit the seats are refused with their place. The decisions a stand-in AI made
    for Bo while away (his turn, and his choice at his workers in Ana's next turn) mark those
    turns ``standin: [1]`` (this program's addition); a replay marks those decisions alone,
    not Ana's in the same turn (a playtest saw a stand-in's choice in another's turn replayed
    as Bo's own)."""
    from dataclasses import replace

    from cacao_game.ai import make_player
    from cacao_game.config.game import GameConfig, SeatConfig
    from cacao_game.session import AIAnswered, PlaySession
    from cacao_game.session.journal import played_by
    from cacao_game.session.replay import ReplaySession

    seats = [SeatConfig("Ana", "red", "medium"), SeatConfig("Bo", "purple", "medium")]
    config = GameConfig(seats, "base", 11)
    session = PlaySession(config)
    player = make_player("medium", random.Random(1))
    while not session.game.is_over():
        if session.game.turn == 10:
            config.seats[1].name = "Newcomer"
        session.handle(AIAnswered(session.take_requests()[0].id, player.choose(session.game)))
    movers = {entry.turn: entry.seat for entry in reversed(session.journal)}
    off_turn = next(entry.turn for entry in session.journal if entry.seat == 1 != movers[entry.turn])
    away = (off_turn - 1, off_turn)
    for index, entry in enumerate(session.journal):
        if entry.turn in away and entry.seat == 1:
            session.journal[index] = replace(entry, standin=True)
    assert any(entry.turn == off_turn and entry.seat == 0 for entry in session.journal)
    assert '"names"' not in json.dumps(to_record(session.game, seat_entries(config.kinds, config.colors)))
    record = to_record(
        session.game, seat_entries(config.kinds, config.colors, config.names), played_by(session.journal)
    )
    named = [turn.get("names") for turn in record["turns"]]
    assert named[:10] == [["Ana", "Bo"]] * 10 and set(map(str, named[10:])) == {"None"}
    assert [number for number, turn in enumerate(record["turns"]) if "standin" in turn] == list(away)
    assert [record["turns"][number]["standin"] for number in away] == [[1], [1]]
    assert [record["turns"][number]["seat"] for number in away] == [1, 0]
    assert replay_record(record).actions == session.game.actions

    replay = ReplaySession(record)
    replay.jump(replay.turns)
    assert [entry.names for entry in replay.journal] == [
        entry.names if entry.names != ("Ana", "Newcomer") else () for entry in session.journal
    ]
    assert [entry.standin for entry in replay.journal] == [entry.standin for entry in session.journal]
    assert replay.names == ["Ana", "Newcomer"] and replay.seats[1].name == "Newcomer"
    replay.jump(3)
    replay.step(1)
    assert {entry.names for entry in replay.journal} == {("Ana", "Bo")}
    assert replay.names == ["Ana", "Bo"] and [seat.name for seat in replay.seats] == ["Ana", "Bo"]
    assert [seat.color for seat in replay.seats] == ["red", "purple"]
    replay.jump(0)
    assert replay.names == ["Ana", "Bo"], "before the first turn: the first turn's names"

    for bad, why in ((["Ana"], "one name per seat"), (["Ana", "B\u0007o"], "turns[2].names")):
        broken = copy.deepcopy(record)
        broken["turns"][2]["names"] = bad
        with pytest.raises(RecordError, match=why.replace("[", r"\[").replace("]", r"\]")):
            replay_record(broken)
    for bad in ("yes", [], [2], [1, 1], [1, 0]):
        broken = copy.deepcopy(record)
        broken["turns"][away[0]]["standin"] = bad
        with pytest.raises(RecordError, match="standin"):
            replay_record(broken)


def test_earlier_names_lists_each_seats_earlier_players_once_in_order() -> None:
    """``earlier_names``: per seat, the names it had before its name now, each once, in the
    order they played; unknown (empty) names and stand-in turns add nobody."""
    from cacao_game.records import PlayedBy, earlier_names

    played = [
        PlayedBy(("Ana", "Bo")),
        PlayedBy(("Ana", "Cy")),
        PlayedBy(("Ana", "Bo"), standin=(1,)),
        PlayedBy(),
        PlayedBy(("Ana", "Di")),
    ]
    assert earlier_names(played, ["Ana", "Di"]) == [[], ["Bo", "Cy"]]
    assert earlier_names(played, ["Ana", "Bo"]) == [[], ["Cy", "Di"]]
    assert earlier_names([], ["Ana", "Bo"]) == [[], []]
