"""Records and saves are read through the one validator, ``cacao_game.typed_json``: their
shapes are msgspec Structs, and a wrong shape is refused with ``<path>: <reason>``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.files import RECORD_LIMIT
from cacao_game.records import RecordError, RecordFile, record_file, replay_record, seat_entries, to_record
from cacao_game.saves import SaveError, load_game, save_game
from cacao_game.typed_json import decode
from tests.saves_support import random_game, resign, write_document


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = random_game(3, "volcano", 4)
    data: dict[str, Any] = json.loads(json.dumps(to_record(game, seat_entries(["easy", "random", "human"]))))
    return data


def _first_turn_with(record: dict[str, Any], key: str) -> int:
    return next(n for n, turn in enumerate(record["turns"]) if turn[key])


def test_the_structs_write_what_they_read(record: dict[str, Any]) -> None:
    """One declaration: the record ``to_record`` writes decodes into the same typed value."""
    game = replay_record(record)
    typed = record_file(game, seat_entries(["easy", "random", "human"]))
    assert decode(json.dumps(record).encode(), RecordFile, limit=RECORD_LIMIT) == typed


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (
            lambda r: r["turns"][0]["action"].update(rotation="1"),
            "turns[0].action.rotation: expected an integer",
        ),
        (lambda r: r["turns"][1].pop("drew"), "turns[1].drew: missing"),
        (lambda r: r["seats"][2].pop("kind"), "seats[2].kind: missing"),
        (lambda r: r["setup"]["hands"][0].__setitem__(1, 7), "setup.hands[0][1]: expected a string"),
        (
            lambda r: r["turns"][2]["action"].update(pos=[1, 2, 3]),
            "turns[2].action.pos: expected 2 entries, found 3",
        ),
        (lambda r: r.update(seed="5"), "seed: expected an integer or null"),
        (lambda r: r.update(turns={}), "turns: expected a list"),
    ],
)
def test_a_record_of_the_wrong_shape_is_refused_in_words(
    record: dict[str, Any], edit: Any, reason: str
) -> None:
    """msgspec's ``Expected `int`, got `str` - at `$.x``` is turned into ``x: expected an integer``."""
    broken = copy.deepcopy(record)
    edit(broken)
    with pytest.raises(RecordError) as refused:
        replay_record(broken)
    assert str(refused.value) == reason


def test_a_fill_without_its_source_is_refused_by_name(record: dict[str, Any]) -> None:
    """Every key the format lists must be present (``docs/game-record.md``: a fill's ``source``)."""
    broken = copy.deepcopy(record)
    number = _first_turn_with(broken, "fills")
    del broken["turns"][number]["fills"][0]["source"]
    with pytest.raises(RecordError, match=rf"^turns\[{number}\]\.fills\[0\]\.source: missing$"):
        replay_record(broken)


def test_keys_the_format_lets_writers_add_are_ignored(record: dict[str, Any]) -> None:
    """ "Keys not listed here may be added": another program's extra keys do not stop a replay."""
    added = copy.deepcopy(record)
    added["comment"] = "from another tool"
    added["seats"][0]["team"] = 1
    added["setup"]["shuffled_by"] = "hand"
    added["turns"][0]["note"] = "good move"
    added["turns"][0]["action"]["time_ms"] = 1200
    assert replay_record(added).actions == replay_record(record).actions


def test_a_record_without_resolutions_replays_with_the_choices_its_tokens_need(
    record: dict[str, Any],
) -> None:
    """The ``resolutions`` addition is optional (the shared format has no such key): without
    it, each turn that needed a choice replays with choices that give its ``players_after``,
    so the game ends with the same scores; a turn whose tokens no choice gives is refused."""
    _first_turn_with(record, "resolutions")
    older = copy.deepcopy(record)
    for turn in older["turns"]:
        del turn["resolutions"]
    assert replay_record(older).score_now() == replay_record(record).score_now()
    number = _first_turn_with(record, "resolutions")
    older["turns"][number]["players_after"][0]["gold"] += 1
    with pytest.raises(RecordError, match=rf"^turns\[{number}\]\.players_after: .*R3\.10"):
        replay_record(older)


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("typed") / "save.json"
    config = GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "easy")])
    save_game(path, random_game(2, "base", 5, decisions=12), config)
    document: dict[str, Any] = json.loads(path.read_text())
    return document


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda d: d["actions"][2].update(note="x"), "actions[2].note: unexpected key"),
        (lambda d: d["actions"][2].update(pos=[1, 2, 3]), "actions[2].pos: expected 2 entries, found 3"),
        (lambda d: d["actions"][2].pop("pos"), "actions[2].pos: missing"),
        (lambda d: d["actions"][2].update(kind="jump"), "actions[2].kind: unexpected value 'jump'"),
        (lambda d: d["setup"]["hands"][0].__setitem__(0, True), "setup.hands[0][0]: expected a string"),
        (lambda d: d["setup"].update(players=2.0), "setup.players: expected an integer"),
        (lambda d: d.update(view=[]), "view: expected an object"),
        (lambda d: d["options"]["seats"][1].pop("kind"), "options.seats[1].kind: missing"),
        (lambda d: d["options"].update(seed="5"), "options.seed: expected an integer or null"),
        (lambda d: d["options"].update(extra=1), "options.extra: unexpected key"),
        (lambda d: d.update(saved_at=0), "saved_at: expected a string"),
    ],
)
def test_a_signed_save_of_the_wrong_shape_is_refused_in_words(
    tmp_path: Path, save: dict[str, Any], edit: Any, reason: str
) -> None:
    """The body of a save (checksum right) is read into ``SaveBody``; a wrong shape is one line."""
    broken = copy.deepcopy(save)
    edit(broken)
    write_document(tmp_path / "s.json", resign(broken))
    with pytest.raises(SaveError) as refused:
        load_game(tmp_path / "s.json")
    assert str(refused.value) == reason
