"""Saves and records share one validation of a game's seats, and a deal opens with a full
display (issue 21, fault 6)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from cacao_game.config.game import GameConfig, SeatConfig, seats_problem
from cacao_game.engine import deal
from cacao_game.records import RecordError, replay_record, seat_entries, to_record
from cacao_game.saves import SaveError, load_game, save_game
from tests.saves_support import random_game, resign, write_document

SHARED = "every seat needs its own colour (seats 1 and 2 are red)"


def test_two_seats_of_one_colour_are_refused_by_saves_and_records_alike(tmp_path: Path) -> None:
    """R1.1 (each player one colour): the record of two red seats no longer replays, and
    the save of the same game is refused, both for the reason the seat check gives."""
    game = random_game(2, "base", 5, decisions=12)
    assert seats_problem(["red", "red"], ["human", "easy"], [None, None], need_names=False) is not None
    record = to_record(game, seat_entries(["human", "easy"], ["red", "red"]))
    with pytest.raises(RecordError) as refused_record:
        replay_record(record)
    assert str(refused_record.value) == f"seats: {SHARED}"

    path = tmp_path / "save.json"
    save_game(path, game, GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "easy")]))
    document = json.loads(path.read_text())
    document["options"]["seats"][1]["color"] = "red"
    write_document(path, resign(document))
    with pytest.raises(SaveError) as refused_save:
        load_game(path)
    assert str(refused_save.value) == f"options: {SHARED}"


def test_a_record_with_an_unclean_name_is_refused_like_a_save() -> None:
    """A record's optional name passes the same check a save's name does."""
    game = random_game(2, "base", 5, decisions=4)
    record = to_record(game, seat_entries(["human", "easy"]))
    record["seats"][1]["name"] = "Bo\u200b"
    with pytest.raises(RecordError, match=r"^seats\[1\]\.name: the text .*U\+200B"):
        replay_record(record)
    config = GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo\u200b", "purple", "easy")])
    with pytest.raises(ValueError, match=r"^seat 2's name .*U\+200B"):
        config.validate()


def test_a_record_without_names_still_replays() -> None:
    """Names are optional in a record (the format's required keys are colour and kind)."""
    game = random_game(3, "volcano", 2, decisions=20)
    replayed = replay_record(to_record(game, seat_entries(["easy", "medium", "human"])))
    assert replayed.actions and replayed.actions == game.actions[: len(replayed.actions)]


@pytest.mark.parametrize("shown", [0, 1])
def test_an_opening_display_of_fewer_than_two_tiles_is_refused(shown: int) -> None:
    """R2.2: the display opens with the top 2 tiles of the jungle pile; a deal with 0 or 1
    (the others moved into the pile, so the deck is still whole) is refused."""
    dealt = deal(2, "base", None)
    short = replace(
        dealt, display=dealt.display[:shown], jungle_pile=dealt.display[shown:] + dealt.jungle_pile
    )
    with pytest.raises(ValueError, match=rf"opening display holds {shown} tiles.*\(R2\.2\)"):
        short.validate()
    dealt.validate()


def test_a_record_with_a_short_display_is_refused() -> None:
    """The same deal in a record file (seed left out, so only the deal check can see it)."""
    game = random_game(2, "base", 5, decisions=0)
    record = to_record(game, seat_entries(["human", "easy"]))
    record["seed"] = None
    record["setup"]["jungle_pile"] = record["setup"]["display"][1:] + record["setup"]["jungle_pile"]
    record["setup"]["display"] = record["setup"]["display"][:1]
    with pytest.raises(RecordError, match=r"^setup: the opening display holds 1 tiles"):
        replay_record(record)
