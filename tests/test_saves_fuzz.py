"""Bad save files are refused with a one-line reason and never changed (the fuzz corpus).

One small mid-turn save is truncated at many offsets, has bytes flipped, values swapped for
other JSON types, decisions made illegal, and its deal and options changed. The damaged
documents are re-signed where noted, so the checks behind the checksum are exercised too, as
if a careful hand had edited the file.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cacao_game.saves import SaveError, load_game, save_game
from cacao_game.saves.errors import MAX_REASON
from cacao_game.saves.schema import SCHEMA_VERSION, checksum
from tests.saves_support import make_config, mid_turn_game, position, resign, write_document

Path_ = tuple[Any, ...]


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict[str, Any]]:
    """The bytes and document of a small 2-player save taken at a fill or resolution decision."""
    game = mid_turn_game(2, "volcano", 3)
    path = tmp_path_factory.mktemp("good") / "good.json"
    save_game(path, game, make_config(2, "volcano", 3, kinds=["human", "random"]), {"camera": [0, 0]})
    data = path.read_bytes()
    return data, json.loads(data)


def refusal(path: Path) -> str:
    """Load ``path``, expecting a refusal; check the file is untouched; return the reason."""
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_game(path)
    reason = str(caught.value)
    assert reason and "\n" not in reason and len(reason) <= MAX_REASON
    assert path.read_bytes() == before, "a refused file was changed"
    return reason


def test_truncated_files_are_refused(tmp_path: Path, good: tuple[bytes, dict[str, Any]]) -> None:
    """Every truncation of a save (about 150 offsets, including 0) is refused."""
    data = good[0].rstrip()
    path = tmp_path / "cut.json"
    for offset in sorted({*range(0, len(data), max(1, len(data) // 150)), len(data) - 1}):
        path.write_bytes(data[:offset])
        reason = refusal(path)
        assert reason.startswith("file:") or reason.startswith("checksum:"), (offset, reason)


def test_flipped_bytes_never_load_a_different_game(
    tmp_path: Path, good: tuple[bytes, dict[str, Any]]
) -> None:
    """200 single-byte corruptions: each is refused, or (whitespace only) loads the very same game."""
    data, _ = good
    original = load_game(_write(tmp_path / "orig.json", data))
    rng = random.Random(7)
    path = tmp_path / "flip.json"
    refused = 0
    for _ in range(200):
        damaged = bytearray(data)
        index = rng.randrange(len(damaged))
        damaged[index] ^= rng.randrange(1, 256)
        path.write_bytes(bytes(damaged))
        try:
            loaded = load_game(path)
        except SaveError:
            refusal(path)
            refused += 1
            continue
        assert position(loaded.game) == position(original.game)
        assert (loaded.config, loaded.view) == (original.config, original.view)
    assert refused >= 190


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _leaves(value: Any, where: Path_ = ()) -> Iterator[Path_]:
    """Paths of every value in a JSON tree (containers included), the free-form view left out."""
    if where == ("view",):
        return
    if where:
        yield where
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, (*where, index))


def _other_type(value: Any, rng: random.Random) -> Any:
    """A JSON value of another type than ``value`` (int 3 -> 3.0 or true counts as another type).

    Integers are not made null: a seed may be null (a game dealt without one).
    """
    if type(value) is int:
        options: list[Any] = [float(value), str(value), value == 1, [value]]
    elif isinstance(value, bool):
        options = [int(value), "true", None]
    elif isinstance(value, str):
        options = [7, [value], {"v": value}, None]
    elif isinstance(value, list):
        options = [{"0": value[0]} if value else {}, "list", 0]
    elif isinstance(value, dict):
        options = [list(value.values()), "object", 0]
    else:
        options = ["null", 0, []]
    return rng.choice(options)


def _path_text(where: Path_) -> str:
    text = ""
    for part in where:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _set(document: dict[str, Any], where: Path_, value: Any) -> dict[str, Any]:
    damaged = copy.deepcopy(document)
    target: Any = damaged
    for part in where[:-1]:
        target = target[part]
    target[where[-1]] = value
    return damaged


def test_changed_types_are_refused_naming_the_place(
    tmp_path: Path, good: tuple[bytes, dict[str, Any]]
) -> None:
    """300 values swapped for another JSON type (then re-signed): refused, the reason names the key."""
    _, document = good
    rng = random.Random(11)
    paths = [p for p in _leaves(document) if p != ("checksum",)]
    path = tmp_path / "typed.json"
    for where in rng.sample(paths, min(300, len(paths))):
        current: Any = document
        for part in where:
            current = current[part]
        value = _other_type(current, rng)
        damaged = _set(document, where, value)
        if where[0] not in ("format", "schema_version"):
            damaged = resign(damaged)
        write_document(path, damaged)
        reason = refusal(path)
        named = reason.split(": ")[0].split(" ")[0]
        text = _path_text(where)
        assert text.startswith(named) or named.startswith(text), (text, value, reason)


def _illegal(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    bad = dict(action)
    choice = rng.randrange(3)
    if choice == 0:
        bad["pos"] = [101, 0] if action["kind"] != "fill" else [100, 0]
    elif choice == 1 and "tile" in action:
        bad["tile"] = "2222" if action["kind"] in ("place", "overbuild") else "gold9"
    elif choice == 1 or "rotation" not in action:
        bad["amount" if "amount" in action else "rotation"] = 9
    else:
        bad["rotation"] = 7
    return bad


def test_illegal_decisions_are_refused(tmp_path: Path, good: tuple[bytes, dict[str, Any]]) -> None:
    """Each decision in the list made illegal (file re-signed): refused as illegal at that index."""
    _, document = good
    rng = random.Random(5)
    path = tmp_path / "illegal.json"
    for index, action in enumerate(document["actions"]):
        for _ in range(3):
            damaged = copy.deepcopy(document)
            damaged["actions"][index] = _illegal(action, rng)
            write_document(path, resign(damaged))
            reason = refusal(path)
            assert reason.startswith(f"actions[{index}]: illegal"), reason


@pytest.mark.parametrize(
    ("where", "value", "expected"),
    [
        (("setup", "jungle_pile", 0), "gold9", "setup: display and jungle pile are not"),
        (
            ("setup", "hands", 0),
            ["1111", "1111", "1111", "1111"],
            "setup: seat 0's opening hand holds 4 tiles",
        ),
        (("setup", "hands", 1), [], "setup: seat 1's opening hand holds 0 tiles"),
        (("setup", "players"), 3, "setup.hands: one hand per seat"),
        (("setup", "variant"), "base", "setup: display and jungle pile are not"),
        (("setup", "volcano_edges"), [2, -1, 2, -1], "setup.volcano_edges: this program rules"),
        (("setup", "board", 1, "tile"), "market3", "setup.board: not the start tiles"),
        (("setup", "extra"), 1, "setup.extra: unexpected key"),
        (("options", "seats", 1, "color"), "red", "options: every seat needs its own colour"),
        (("options", "variant"), "base", "options.variant: the game is 'volcano'"),
        (("options", "undo"), "sometimes", "options: unknown undo policy"),
        (("options", "extra"), 1, "options.extra: unexpected key"),
    ],
)
def test_a_changed_deal_or_options_are_refused(
    tmp_path: Path, good: tuple[bytes, dict[str, Any]], where: Path_, value: Any, expected: str
) -> None:
    """The deal or options edited into something this program would not write (re-signed): refused."""
    _, document = good
    path = tmp_path / "setup.json"
    write_document(path, resign(_set(document, where, value)))
    assert refusal(path).startswith(expected)


def test_dropping_decisions_gives_the_earlier_position(
    tmp_path: Path, good: tuple[bytes, dict[str, Any]]
) -> None:
    """The decisions are the truth: a signed save with the last decision cut loads one step back."""
    _, document = good
    damaged = copy.deepcopy(document)
    damaged["actions"] = damaged["actions"][:-1]
    write_document(tmp_path / "short.json", resign(damaged))
    full = load_game(_write(tmp_path / "full.json", good[0])).game
    short = load_game(tmp_path / "short.json").game
    full.pop()
    assert position(short) == position(full)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "file: empty"),
        (b"\xff\xfe\x00garbage", "file: not UTF-8"),
        (b"[1, 2, 3]", "file: not a Cacao save"),
        (b'"a string"', "file: not a Cacao save"),
        (b"null", "file: not a Cacao save"),
        (b"[" * 100_000 + b"]" * 100_000, "file: nested too deeply"),
        (b'{"format": "cacao-save", "schema_version": NaN}', "file: NaN"),
        (b'{"format": "chess-save", "schema_version": 1}', "format: not a Cacao save"),
        (b'{"format": "cacao-record", "version": 1}', "format: this is a game record"),
        (b'{"format": "cacao-save", "schema_version": "1"}', "schema_version: expected a whole number"),
        (b'{"format": "cacao-save", "schema_version": 1}', "checksum: missing"),
    ],
)
def test_wrong_files_are_refused(tmp_path: Path, content: bytes, expected: str) -> None:
    """Empty, binary, non-object, deeply nested, foreign and header-less files: refused with a reason."""
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert refusal(path).startswith(expected)


def test_newer_and_unknown_versions_are_refused(tmp_path: Path, good: tuple[bytes, dict[str, Any]]) -> None:
    """A save from a newer program (even correctly signed) is refused, saying so."""
    _, document = good
    path = tmp_path / "newer.json"
    write_document(path, resign({**document, "schema_version": SCHEMA_VERSION + 1}))
    assert "newer version" in refusal(path)
    write_document(path, resign({**document, "schema_version": 0}))
    assert refusal(path).startswith("schema_version")


def test_edited_file_with_stale_checksum_is_refused(
    tmp_path: Path, good: tuple[bytes, dict[str, Any]]
) -> None:
    """Changing the seed without re-signing is caught by the checksum."""
    _, document = good
    damaged = copy.deepcopy(document)
    damaged["setup"]["seed"] += 10
    assert damaged["checksum"] != checksum(damaged)
    write_document(tmp_path / "edited.json", damaged)
    assert refusal(tmp_path / "edited.json").startswith("checksum: does not match")


def test_a_seat_name_this_program_refuses_is_said_as_a_players_problem(
    tmp_path: Path, good: tuple[bytes, dict[str, Any]]
) -> None:
    """A trial's hand-made save named a seat with a zero-width character: Load said "a move
    against the rules, or data this version does not know". Options that do not validate
    (a name, a colour, a level) are refused as the players' or options' problem."""
    _, document = good
    path = tmp_path / "named.json"
    write_document(path, resign(_set(document, ("options", "seats", 0, "name"), "Pe\u200bpe")))
    with pytest.raises(SaveError) as refused:
        load_game(path)
    assert refused.value.kind == "options" and str(refused.value).startswith("options:")
