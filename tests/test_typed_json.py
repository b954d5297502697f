"""The one JSON validator: typed values or one-line refusals."""

from __future__ import annotations

import json

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cacao_game.typed_json import ShapeError, convert, decode, encode, nesting_depth, parse, plain


class Point(msgspec.Struct, forbid_unknown_fields=True):
    x: int
    label: str


def test_decodes_a_typed_value_and_round_trips() -> None:
    point = decode(b'{"x": 3, "label": "a"}', Point, limit=100)
    assert point == Point(3, "a")
    assert decode(encode(point), Point, limit=100) == point


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b'{"x": true, "label": "a"}', "x: expected an integer"),
        (b'{"x": 1, "label": "a", "y": 2}', "y: unexpected key"),
        (b'{"x": 1}', "label: missing"),
        (b'{"x": NaN, "label": "a"}', "NaN is not a JSON number"),
        (b'{"x": 1, "label": ', "truncated or not JSON"),
        (b"", "empty"),
        (b"[" * 100 + b"]" * 100, "nested too deeply (more than 64 levels)"),
        (b"\xff\xfe", "not UTF-8 text"),
    ],
)
def test_refuses_with_one_line(data: bytes, reason: str) -> None:
    with pytest.raises(ShapeError) as error:
        decode(data, Point, limit=1000)
    assert reason in str(error.value)
    assert "\n" not in str(error.value)


def test_refuses_over_the_limit_before_parsing() -> None:
    with pytest.raises(ShapeError, match="more than the 10 allowed"):
        decode(b'{"x": 1, "label": "abc"}', Point, limit=10)


def test_depth_ignores_brackets_in_strings() -> None:
    assert nesting_depth(b'{"a": "[[[[\\"[["}') == 1
    assert nesting_depth(b"[[[]],[]]") == 3


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(item) for item in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(item) for item in value.values()), default=0)
    return 0


_TEXT = st.text(alphabet='[]{}"\\ab:,\n\u00e9', max_size=6)
_VALUES = st.recursive(
    st.none() | st.integers() | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=30,
)


@given(_VALUES)
def test_depth_is_the_nesting_of_the_value_whatever_its_strings_hold(value: object) -> None:
    """Brackets, quotes and backslashes in keys and strings (escaped by the encoder) never
    count; the depth is the value's."""
    data = json.dumps(value).encode()
    assert nesting_depth(data) == _depth(value)
    assert nesting_depth(json.dumps(value, ensure_ascii=False).encode()) == _depth(value)


class Turn(msgspec.Struct, frozen=True):
    seat: int
    pos: tuple[int, int]
    drew: str | None


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ([{"seat": "1", "pos": [0, 1], "drew": None}], "turns[0].seat: expected an integer"),
        ([{"seat": 1, "pos": [0, 1, 2], "drew": None}], "turns[0].pos: expected 2 entries, found 3"),
        ([{"seat": 1, "pos": [0, 1], "drew": 5}], "turns[0].drew: expected a string or null"),
        ([{"seat": 1, "pos": [0, 1]}], "turns[0].drew: missing"),
        ({"seat": 1}, "turns: expected a list"),
    ],
)
def test_convert_names_the_place_after_the_given_path(value: object, reason: str) -> None:
    """Already-parsed values are checked like bytes; ``where`` is put before msgspec's path."""
    with pytest.raises(ShapeError) as error:
        convert(value, list[Turn], where="turns")
    assert str(error.value) == reason


def test_parse_gives_plain_data_and_plain_gives_it_back() -> None:
    """``parse`` refuses like ``decode`` but keeps the shape for later; ``plain`` undoes ``convert``."""
    data = parse(b'{"seat": 2, "pos": [3, 4], "drew": null}', limit=100)
    assert data == {"seat": 2, "pos": [3, 4], "drew": None}
    assert plain(convert(data, Turn)) == data
    with pytest.raises(ShapeError, match="Infinity is not a JSON number"):
        parse(b"[Infinity]", limit=100)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b'["\\ud800"]', "half of a UTF-16 surrogate pair"),
        (b'["\\udc00\\ud800"]', "half of a UTF-16 surrogate pair"),
        (b"[1e400]", "a number too large for a float"),
        (b"9" * 5000, "not usable JSON"),
    ],
)
def test_json_python_reads_but_msgspec_refuses_is_refused_in_words(data: bytes, reason: str) -> None:
    """Lone surrogate escapes (no character) and numbers out of range: one clear line."""
    with pytest.raises(ShapeError, match=reason):
        parse(data, limit=10_000)
    assert parse(b'["\\ud83d\\ude00"]', limit=100) == ["\U0001f600"]
