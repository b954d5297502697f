"""The one JSON validator: typed values or one-line refusals."""

from __future__ import annotations

import msgspec
import pytest

from cacao_game.typed_json import ShapeError, decode, encode, nesting_depth


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
        (b'{"x": true, "label": "a"}', "Expected `int`, got `bool`"),
        (b'{"x": 1, "label": "a", "y": 2}', "unknown field `y`"),
        (b'{"x": NaN, "label": "a"}', "not JSON"),
        (b"", "empty"),
        (b"[" * 100 + b"]" * 100, "nested deeper than 64"),
        (b"\xff\xfe", "not JSON"),
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
