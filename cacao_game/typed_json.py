"""The one validator for JSON read from disk or the network: bytes in, typed values out.

Saves, records and network messages are declared as ``msgspec.Struct`` types (or plain
types msgspec understands) and turned from JSON bytes into those values here and nowhere
else. ``decode`` refuses, with one ``ShapeError`` whose text is a one-line reason naming
the offending field: more bytes than the caller's limit, nesting deeper than ``max_depth``,
bytes that are not UTF-8 JSON, ``NaN``/``Infinity``, numbers out of range, and any value
not of the declared type (``true`` is not ``1``, unknown fields where the type forbids
them). It never evaluates anything and never uses pickle. Pure Python, no pygame.
"""

from __future__ import annotations

from typing import Final, TypeVar

import msgspec

from cacao_game.jsontypes import JSON

T = TypeVar("T")

DEFAULT_MAX_DEPTH: Final = 64
"""Nesting deeper than this is refused before decoding (saves and records need under 10)."""


class ShapeError(ValueError):
    """JSON that is not a value of the expected type; ``str()`` is a one-line reason."""


def nesting_depth(data: bytes) -> int:
    """The deepest nesting of arrays and objects in JSON ``data`` (brackets inside strings
    do not count). Linear in ``len(data)``; malformed text gets a best-effort answer."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def decode(data: bytes, into: type[T], *, limit: int, max_depth: int = DEFAULT_MAX_DEPTH) -> T:
    """The value of type ``into`` that JSON ``data`` holds, or ShapeError with the reason.

    ``limit`` is the largest accepted size in bytes; ``max_depth`` the deepest nesting.
    """
    if len(data) > limit:
        raise ShapeError(f"{len(data)} bytes, more than the {limit} allowed")
    if not data.strip():
        raise ShapeError("empty")
    if nesting_depth(data) > max_depth:
        raise ShapeError(f"nested deeper than {max_depth} levels")
    try:
        return msgspec.json.decode(data, type=into, strict=True)
    except msgspec.ValidationError as error:
        raise ShapeError(_one_line(error)) from error
    except msgspec.DecodeError as error:
        raise ShapeError(f"not JSON ({_one_line(error)})") from error
    except RecursionError as error:
        raise ShapeError("nested too deeply") from error


def encode(value: msgspec.Struct | JSON) -> bytes:
    """``value`` (a Struct, or JSON-like data) as compact JSON bytes."""
    return msgspec.json.encode(value)


def _one_line(error: Exception) -> str:
    text = str(error) or type(error).__name__
    return text.splitlines()[0]
