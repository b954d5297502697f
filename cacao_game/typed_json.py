"""The one validator for JSON read from disk or the network: bytes in, typed values out.

Saves, records and network messages are declared as ``msgspec.Struct`` types (or plain
types msgspec understands) and turned from JSON into those values here and nowhere else:
``decode`` reads bytes, ``convert`` checks a value already parsed (a document a save's
upgrade chain rewrote, a record a caller holds as a dict), ``parse`` reads bytes into plain
JSON data where the shape is checked later (a save's header and checksum come first). Each
refuses with one ``ShapeError`` whose text is a one-line reason naming the offending field
as a path (``turns[0].action.rotation: expected an integer``): more bytes than the caller's
limit, nesting deeper than ``max_depth``, bytes that are not UTF-8 JSON, ``NaN``/``Infinity``,
numbers out of range, and any value not of the declared type (``true`` is not ``1``, ``1.0``
is not ``1``, unknown fields where the type forbids them). It never evaluates anything and
never uses pickle. Pure Python, no pygame.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Final, TypeVar, cast

import msgspec

from cacao_game.jsontypes import JSON

T = TypeVar("T")

DEFAULT_MAX_DEPTH: Final = 64
"""Nesting deeper than this is refused before decoding (saves and records need under 10)."""


class ShapeError(ValueError):
    """JSON that is not a value of the expected type; ``str()`` is a one-line reason."""


_SIGNED_STEPS: Final = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
"""Openers become the signed byte 1, closers -1 (``0xff``)."""
_NOT_STRUCTURE: Final = bytes(byte for byte in range(256) if byte not in b'[]{}"')
_SQUARE: Final = bytes.maketrans(b"{}", b"[]")
_PEELS: Final = 16
"""Levels ``nesting_depth`` peels off one at a time before it counts the rest bracket by bracket."""


def nesting_depth(data: bytes) -> int:
    """The deepest nesting of arrays and objects in JSON ``data`` (brackets inside strings
    do not count); malformed text gets a best-effort answer.

    Linear in ``len(data)`` and done in C: escapes are dropped, then everything but brackets
    and string quotes; two quotes side by side go (an empty string, or the end of one string
    and the start of the next: the quotes after them keep their parity), the few strings
    left that hold brackets are cut out. What is left is peeled a level at a time (every
    empty pair goes at once) while each level empties a pair, up to ``_PEELS`` levels; only
    deeper or unbalanced brackets are counted one step per bracket (the running sum of +1
    per opener and -1 per closer).
    """
    unescaped = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    kept = unescaped.translate(None, _NOT_STRUCTURE).replace(b'""', b"")
    outside = b"".join(kept.split(b'"')[::2]) if b'"' in kept else kept
    left = outside.translate(_SQUARE)
    for level in range(_PEELS):
        if not left:
            return level
        peeled = left.replace(b"[]", b"")
        if len(peeled) == len(left):
            break
        left = peeled
    steps = outside.translate(_SIGNED_STEPS)
    return max(accumulate(memoryview(steps).cast("b")), default=0)


def _check_bytes(data: bytes, limit: int, max_depth: int) -> None:
    if len(data) > limit:
        raise ShapeError(f"{len(data)} bytes, more than the {limit} allowed")
    if not data.strip():
        raise ShapeError("empty")
    if nesting_depth(data) > max_depth:
        raise ShapeError(f"nested too deeply (more than {max_depth} levels)")


def decode(data: bytes, into: type[T], *, limit: int, max_depth: int = DEFAULT_MAX_DEPTH) -> T:
    """The value of type ``into`` that JSON ``data`` holds, or ShapeError with the reason.

    ``limit`` is the largest accepted size in bytes; ``max_depth`` the deepest nesting.
    """
    _check_bytes(data, limit, max_depth)
    try:
        return decode_part(data, into)
    except RecursionError as error:
        raise ShapeError("nested too deeply") from error


_DECODERS: Final[dict[type, msgspec.json.Decoder[object]]] = {}
"""The decoder for each type read so far (a decoder made for every message cost as much
as the decoding itself for a union of message types)."""


def _decoder(into: type[T]) -> msgspec.json.Decoder[T]:
    decoder = _DECODERS.get(into)
    if decoder is None:
        decoder = _DECODERS[into] = msgspec.json.Decoder(into, strict=True)
    return cast("msgspec.json.Decoder[T]", decoder)


def decode_part(data: bytes, into: type[T]) -> T:
    """The value of type ``into`` in ``data``, a part of a document that ``decode`` has
    already read (a ``msgspec.Raw`` field): its size and nesting were checked with the whole,
    so only its type is checked here (ShapeError with the reason, as ``decode``)."""
    try:
        return _decoder(into).decode(data)
    except msgspec.ValidationError as error:
        raise ShapeError(reason(error)) from error
    except msgspec.DecodeError as error:
        raise ShapeError(_syntax_reason(data, error)) from error


def parse(data: bytes, *, limit: int, max_depth: int = DEFAULT_MAX_DEPTH) -> JSON:
    """The plain JSON value in ``data`` (objects as dicts, arrays as lists), refused as
    ``decode`` refuses bytes; its shape is the caller's to check (with ``convert``)."""
    _check_bytes(data, limit, max_depth)
    try:
        value: JSON = msgspec.json.decode(data)
    except msgspec.DecodeError as error:
        raise ShapeError(_syntax_reason(data, error)) from error
    except RecursionError as error:
        raise ShapeError("nested too deeply") from error
    return value


def convert(value: object, into: type[T], *, where: str = "") -> T:
    """``value`` (plain JSON data, e.g. from ``parse`` or ``json.loads``, of unknown shape)
    as a value of type ``into``, checked exactly as ``decode`` checks bytes; ShapeError with
    the reason.

    ``where`` is the path of ``value`` in its document, put before the paths in reasons.
    """
    try:
        return msgspec.convert(value, type=into, strict=True)
    except msgspec.ValidationError as error:
        raise ShapeError(reason(error, where)) from error


def plain(value: msgspec.Struct) -> dict[str, JSON]:
    """A Struct as plain JSON data, as ``json.loads`` would give it back (lists, unset
    fields left out)."""
    result: dict[str, JSON] = msgspec.json.decode(msgspec.json.encode(value))
    return result


def encode(value: msgspec.Struct | JSON) -> bytes:
    """``value`` (a Struct, or JSON-like data) as compact JSON bytes."""
    return msgspec.json.encode(value)


# ----------------------------------------------------------------------- reasons

_TYPE_NAMES: Final = {
    "int": "an integer",
    "str": "a string",
    "bool": "true or false",
    "float": "a number",
    "array": "a list",
    "object": "an object",
    "null": "null",
}
_EXPECTED = re.compile(r"Expected `(?P<types>[^`]+)`(?P<rest>.*?)(?:, got (?P<got>.+))?$")
_MISSING = re.compile(r"Object missing required field `(?P<field>[^`]+)`$")
_UNKNOWN = re.compile(r"Object contains unknown field `(?P<field>[^`]+)`$")
_LENGTH = re.compile(r"Expected `array` of length (?P<length>\d+), got (?P<got>\d+)$")
_INVALID = re.compile(r"Invalid value (?P<value>.+)$")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _type_words(types: str) -> str:
    words = [_TYPE_NAMES.get(name.strip(), name.strip()) for name in types.split("|")]
    return " or ".join(words)


def reason(error: msgspec.ValidationError, where: str = "") -> str:
    """The one-line reason for a msgspec validation error, as ``<path>: <what is wrong>``.

    ``Expected `int`, got `str` - at `$.turns[0].action.rotation``` becomes
    ``turns[0].action.rotation: expected an integer``; a missing field is ``<path>: missing``,
    an unknown one ``<path>: unexpected key``. ``where`` (the path of the checked value in
    its document) comes first; the path is empty for a document itself.
    """
    text = (str(error) or type(error).__name__).splitlines()[0]
    message, _, at = text.partition(" - at `$")
    where = _join(where, at.rstrip("`").lstrip("."))
    if match := _MISSING.match(message):
        where, what = _join(where, match["field"]), "missing"
    elif match := _UNKNOWN.match(message):
        where, what = _join(where, match["field"]), "unexpected key"
    elif match := _LENGTH.match(message):
        what = f"expected {match['length']} entries, found {match['got']}"
    elif match := _EXPECTED.match(message):
        what = f"expected {_type_words(match['types'])}{match['rest']}"
    elif match := _INVALID.match(message):
        what = f"unexpected value {match['value']}"
    else:
        what = message[:1].lower() + message[1:]
    return f"{where}: {what}" if where else what


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where and key and not key.startswith("[") else where + key


class _ConstantError(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in JSON text."""


def _reject_constant(name: str) -> JSON:
    raise _ConstantError(f"{name} is not a JSON number")


def _syntax_reason(data: bytes, error: msgspec.DecodeError) -> str:
    """Why ``data`` is not JSON, in words a player can act on (only runs on refusal)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as bad:
        return f"not UTF-8 text (byte {bad.start}); damaged?"
    try:
        json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as refused:
        return f"truncated or not JSON ({refused.msg}: line {refused.lineno} column {refused.colno})"
    except _ConstantError as constant:
        return str(constant)
    except (ValueError, RecursionError):
        pass
    detail = (str(error) or type(error).__name__).splitlines()[0]
    if "surrogate" in detail or _SURROGATE_ESCAPE.search(text):
        detail = "a text holds half of a UTF-16 surrogate pair, which is no character"
    elif "Integer value out of range" in detail:
        detail = "an integer with too many digits"
    elif "Number out of range" in detail:
        detail = "a number too large for a float"
    return f"not usable JSON ({detail})"
