"""The save document: its header, checksum, upgrade chain and strictly typed parts.

A save is one JSON object, schema version 2 (``docs/game-record.md`` describes it too)::

    format          "cacao-save"
    schema_version  2
    app_version     the version of the program that wrote it
    saved_at        ISO 8601 UTC time, e.g. "2026-11-21T21:30:00Z"
    options         the seats, variant, seed and game options (``GameConfig.to_dict()``)
    setup           the deal: players, variant, seed and every pile in order, with the keys
                    of a game record's ``setup`` (``setup_to_json``)
    actions         every decision made, in order, including those of an unfinished turn
    view            whatever the app needs to show the game as it was (JSON, free-form)
    checksum        "sha256:<hex>" of the canonical JSON of all other keys

The game, its record and the Load screen's summary are derived from ``setup`` and
``actions`` on load; nothing derived is stored. Loading checks the header and checksum,
upgrades older schema versions one step at a time (``UPGRADES``) on the plain JSON
document, then reads the body through ``cacao_game.typed_json`` into ``SaveBody`` (types
are strict: ``true`` is not ``1``, ``1.0`` is not ``1``) and demands that ``options`` and
``setup`` are exactly what this program would write for them.

Schema version 1 stored ``config`` (now ``options``), a whole game ``record`` (its setup is
now ``setup``), ``actions``, a ``state`` summary and ``ui_state`` (now ``view``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Final, assert_never

import msgspec
from msgspec import UNSET, UnsetType

from cacao_game import typed_json
from cacao_game.engine import Action, Fill, Game, Overbuild, Place, Resolve, Setup
from cacao_game.jsontypes import JSON
from cacao_game.records import Deal, deal_to_json
from cacao_game.saves.errors import SaveError, require

FORMAT: Final = "cacao-save"
SCHEMA_VERSION = 2
"""The schema version this program writes and the newest it reads."""
RECORD_FORMAT: Final = "cacao-record"

Pos = tuple[int, int]
Document = dict[str, JSON]
"""A save document as JSON data (see the module docstring)."""

BODY_KEYS: Final = ("app_version", "saved_at", "options", "setup", "actions", "view")
"""Keys every (upgraded) document has besides the header and checksum."""


def canonical_json(value: JSON) -> str:
    """The canonical text of a JSON value: sorted keys, no spaces, ASCII, no NaN."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def checksum(document: Document) -> str:
    """``"sha256:<hex>"`` of the canonical JSON of ``document`` without its ``checksum`` key."""
    body = {key: value for key, value in document.items() if key != "checksum"}
    return "sha256:" + hashlib.sha256(canonical_json(body).encode("ascii")).hexdigest()


def check_header(document: JSON) -> Document:
    """Check format, schema version and checksum; return the document as an object.

    Raises SaveError for anything but a Cacao save of a version this program reads, intact.
    """
    if not isinstance(document, dict):
        raise SaveError(f"file: not a Cacao save (a JSON {_kind(document)}, not an object)", "not_save")
    kind = document.get("format")
    if kind == RECORD_FORMAT:
        raise SaveError("format: this is a game record, not a save (open it with --replay)", "record")
    require(
        kind == FORMAT, "format", f"not a Cacao save (format {_short(kind)}, expected {FORMAT!r})", "not_save"
    )
    version = document.get("schema_version")
    if type(version) is not int or version < 1:
        raise SaveError(f"schema_version: expected a whole number >= 1, found {_short(version)}")
    require(
        version <= SCHEMA_VERSION,
        "schema_version",
        f"saved by a newer version of Cacao (schema {version}; this program reads up to {SCHEMA_VERSION})",
        "newer",
    )
    stored = document.get("checksum")
    require(isinstance(stored, str), "checksum", "missing")
    require(
        stored == checksum(document),
        "checksum",
        "does not match the content (the file was damaged or edited)",
        "damaged",
    )
    return document


def migrate(document: Document) -> Document:
    """Upgrade a checked document to ``SCHEMA_VERSION`` through ``UPGRADES``, one step at a time.

    Raises SaveError if a step is missing, a step refuses the document, or a body key is
    missing afterwards.
    """
    version = document.get("schema_version")
    if type(version) is not int:
        raise SaveError(f"schema_version: expected a whole number, found {_short(version)}")
    while version < SCHEMA_VERSION:
        step = UPGRADES.get(version)
        if step is None:
            raise SaveError(f"schema_version: no upgrade from schema {version}")
        document = step(dict(document))
        version += 1
        document["schema_version"] = version
    for key in BODY_KEYS:
        require(key in document, key, "missing")
    return document


def _upgrade_1_to_2(document: Document) -> Document:
    """Schema 1 -> 2: ``config`` becomes ``options``, the record's deal becomes ``setup``.

    The stored ``record`` and ``state`` are dropped (version 2 derives them); ``ui_state``
    becomes ``view``. Seat entries keep their ``name``, ``color`` and ``kind``; ``undo`` is
    null (the default). Whatever is malformed is passed on for the version-2 checks to refuse,
    except a record that is not an object with a ``setup`` object.
    """
    record = document.get("record")
    if not isinstance(record, dict):
        raise SaveError("record: expected an object")
    deal = record.get("setup")
    if not isinstance(deal, dict):
        raise SaveError("record.setup: expected an object")
    options = document.get("config")
    if isinstance(options, dict):
        seats = options.get("seats")
        if isinstance(seats, list):
            seats = [
                {key: seat[key] for key in ("name", "color", "kind") if key in seat}
                if isinstance(seat, dict)
                else seat
                for seat in seats
            ]
        options = {
            "seats": seats,
            "variant": options.get("variant", record.get("variant")),
            "seed": options.get("seed"),
            "undo": None,
        }
    setup: dict[str, JSON] = {key: record.get(key) for key in ("players", "variant", "seed")}
    setup.update(deal)
    return {
        "format": document.get("format"),
        "schema_version": document.get("schema_version"),
        "app_version": document.get("app_version"),
        "saved_at": document.get("saved_at"),
        "options": options,
        "setup": setup,
        "actions": document.get("actions"),
        "view": document.get("ui_state"),
    }


UPGRADES: dict[int, Callable[[Document], Document]] = {1: _upgrade_1_to_2}
"""Schema version ``n`` -> function turning a version-``n`` document into version ``n + 1``.

Each function gets a document already checked to be of version ``n`` (its checksum verified)
and returns the upgraded document; ``migrate`` then stamps ``schema_version = n + 1``. Never
remove an entry: old saves must keep loading (tests/test_saves_migration.py).
"""


# ----------------------------------------------------------------------- strict comparison


_KIND_NAMES: Final[dict[type, str]] = {
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "list",
    dict: "object",
    type(None): "null",
}


def _kind(value: object) -> str:
    return _KIND_NAMES.get(type(value), type(value).__name__)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def first_difference(expected: JSON, found: JSON, where: str) -> str | None:
    """The first place where ``found`` differs from ``expected`` as JSON, types included.

    Returns ``"<where.path>: expected ..., found ..."`` or None when they are identical.
    """
    if type(expected) is not type(found):
        return f"{where}: expected {_kind(expected)} {_short(expected)}, found {_kind(found)} {_short(found)}"
    if isinstance(expected, dict) and isinstance(found, dict):
        for key in expected:
            if key not in found:
                return f"{where}.{key}: missing"
        for key in found:
            if key not in expected:
                return f"{where}.{key}: unexpected key"
        for key, value in expected.items():
            difference = first_difference(value, found[key], f"{where}.{key}")
            if difference:
                return difference
        return None
    if isinstance(expected, list) and isinstance(found, list):
        for index, (mine, theirs) in enumerate(zip(expected, found, strict=False)):
            difference = first_difference(mine, theirs, f"{where}[{index}]")
            if difference:
                return difference
        if len(expected) != len(found):
            return f"{where}: expected {len(expected)} entries, found {len(found)}"
        return None
    if expected != found:
        return f"{where}: expected {_short(expected)}, found {_short(found)}"
    return None


def plain_json(value: object, where: str) -> JSON:
    """``value`` as it will read back from JSON (tuples become lists); SaveError if it is not JSON."""
    try:
        result: JSON = json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise SaveError(f"{where}: not JSON data ({error})") from error
    return result


# ----------------------------------------------------------------------- setup and actions


def setup_to_json(setup: Setup) -> JSON:
    """The ``setup`` of a save: ``players``, ``variant``, ``seed`` and a record's deal keys."""
    header: dict[str, JSON] = {"players": setup.players, "variant": setup.variant, "seed": setup.seed}
    return {**header, **typed_json.plain(deal_to_json(setup))}


# ----------------------------------------------------------------------- typed parts


class SaveSetup(Deal, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A save's ``setup``: the deal of a record plus the ``players``, ``variant`` and
    ``seed`` it is for, and nothing else."""

    players: int
    variant: str
    seed: int | None


class _Decision(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind"):
    """Base of the decisions in ``actions``: an object whose ``kind`` names its type."""


class PlaceJSON(_Decision, frozen=True, tag="place"):
    """A hand tile placed on an empty worker square."""

    tile: str
    rotation: int
    pos: Pos


class OverbuildJSON(_Decision, frozen=True, tag="overbuild"):
    """A hand tile placed over the mover's own worker tile."""

    tile: str
    rotation: int
    pos: Pos


class FillJSON(_Decision, frozen=True, tag="fill"):
    """A jungle tile laid on a space that must be filled."""

    pos: Pos
    tile: str
    rotation: int


class ResolveJSON(_Decision, frozen=True, tag="resolve"):
    """An activated edge resolved with ``amount`` workers."""

    pos: Pos
    side: int
    amount: int


DecisionJSON = PlaceJSON | OverbuildJSON | FillJSON | ResolveJSON
"""One entry of ``actions``."""


class OptionsSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One seat of a save's ``options``: its name, colour and kind (``SeatConfig``)."""

    name: str
    color: str
    kind: str


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A save's ``options`` (``GameConfig.to_dict``); ``thinking_time`` and ``expert_time``
    only when the game names them (an older save has neither). Whether the values are allowed
    is ``GameConfig.validate``'s call."""

    seats: tuple[OptionsSeat, ...]
    variant: str
    seed: int | None
    undo: str | None
    thinking_time: float | UnsetType = UNSET
    expert_time: float | UnsetType = UNSET


class SaveBody(msgspec.Struct, frozen=True, kw_only=True):
    """A save document after its header, checksum and upgrades are checked: the typed body.

    Keys of other versions (an upgrade step's notes) are ignored. ``view`` is the app's and
    only checked to be a JSON object here (``object_part`` gives it).
    """

    app_version: str
    saved_at: str
    options: Options
    setup: SaveSetup
    actions: tuple[DecisionJSON, ...]
    view: dict[str, object]


def object_part(document: Document, key: str) -> dict[str, JSON]:
    """``document[key]`` as the JSON object ``SaveBody`` has found it to be."""
    part = document[key]
    assert isinstance(part, dict), f"{key} passed SaveBody, so it is an object"
    return part


def decision(action: Action) -> DecisionJSON:
    """The typed JSON value of an engine decision, as saves store it and the network sends it."""
    match action:
        case Place(tile, rotation, pos):
            return PlaceJSON(tile, rotation, pos)
        case Overbuild(tile, rotation, pos):
            return OverbuildJSON(tile, rotation, pos)
        case Fill(pos, tile, rotation):
            return FillJSON(pos, tile, rotation)
        case Resolve(pos, side, amount):
            return ResolveJSON(pos, side, amount)
        case _:
            assert_never(action)


def action_to_json(action: Action) -> dict[str, JSON]:
    """The JSON object of one decision: ``{"kind": ..., <its fields>}`` with ``pos`` as [x, y]."""
    return typed_json.plain(decision(action))


def action_from_json(data: DecisionJSON) -> Action:
    """The engine's decision for a typed entry of ``actions`` (whether it is legal is the
    engine's call)."""
    match data:
        case PlaceJSON(tile, rotation, pos):
            return Place(tile, rotation, pos)
        case OverbuildJSON(tile, rotation, pos):
            return Overbuild(tile, rotation, pos)
        case FillJSON(pos, tile, rotation):
            return Fill(pos, tile, rotation)
        case ResolveJSON(pos, side, amount):
            return Resolve(pos, side, amount)
        case _:
            assert_never(data)


# ----------------------------------------------------------------------- position summary


def game_state(game: Game) -> JSON:
    """A summary of a position (turn, deciding seat, tokens, hands, display, totals).

    Not stored: saving compares it between the game and its replay, to refuse a game that
    was changed behind the engine's back.
    """
    return {
        "decisions": len(game.actions),
        "turn": game.turn,
        "phase": game.phase.name.lower(),
        "seat": game.current_player(),
        "mover": game.mover,
        "players": [
            {"gold": game.gold[s], "cacao": game.cacao[s], "sun": game.sun[s], "water": game.water[s]}
            for s in range(game.players)
        ],
        "hands": [list(hand) for hand in game.hands],
        "display": list(game.display),
        "pending_fills": [list(pos) for pos in game.pending_fills],
        "totals": [score.total for score in game.score_now()],
        "finished": game.is_over(),
    }
