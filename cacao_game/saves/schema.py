"""The save document: its header, checksum, upgrade chain and strictly typed parts.

A save is one JSON object (schema version 1)::

    format          "cacao-save"
    schema_version  1
    app_version     the version of the program that wrote it
    saved_at        ISO 8601 UTC time, e.g. "2026-11-21T21:30:00Z"
    config          the game options and seats (the app's GameConfig.to_dict())
    record          the game record of shared/spec/game-record.md (complete turns)
    actions         every decision made, in order, including those of an unfinished turn
    state           the position the decisions lead to (turn, deciding seat, totals, ...)
    ui_state        whatever the app needs to resume mid-turn (JSON, free-form)
    checksum        "sha256:<hex>" of the canonical JSON of all other keys

Loading checks the header and checksum, upgrades older schema versions one step at a time
(``UPGRADES``), replays ``actions`` and demands that the replay reproduces ``record`` and
``state`` exactly, types included (``true`` is not ``1``, ``1.0`` is not ``1``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, Final

from cacao_game.engine import Action, Fill, Game, Overbuild, Place, Resolve
from cacao_game.engine.tiles import COLORS
from cacao_game.saves.errors import SaveError, require

FORMAT: Final = "cacao-save"
SCHEMA_VERSION = 1
"""The schema version this program writes and the newest it reads."""
RECORD_FORMAT: Final = "cacao-record"

Document = dict[str, Any]
UPGRADES: dict[int, Callable[[Document], Document]] = {}
"""Schema version ``n`` -> function turning a version-``n`` document into version ``n + 1``.

Each function gets a document already checked to be of version ``n`` (its checksum verified)
and returns the upgraded document; ``migrate`` then stamps ``schema_version = n + 1``. Never
remove an entry: old saves must keep loading (tests/test_saves_migration.py).
"""

BODY_KEYS: Final = ("app_version", "saved_at", "config", "record", "actions", "state", "ui_state")
"""Keys every (upgraded) document has besides the header and checksum."""


def canonical_json(value: Any) -> str:
    """The canonical text of a JSON value: sorted keys, no spaces, ASCII, no NaN."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def checksum(document: Document) -> str:
    """``"sha256:<hex>"`` of the canonical JSON of ``document`` without its ``checksum`` key."""
    body = {key: value for key, value in document.items() if key != "checksum"}
    return "sha256:" + hashlib.sha256(canonical_json(body).encode("ascii")).hexdigest()


def check_header(document: Any) -> int:
    """Check format, schema version and checksum; return the schema version.

    Raises SaveError for anything but a Cacao save of a version this program reads, intact.
    """
    require(isinstance(document, dict), "file", f"not a Cacao save (a JSON {_kind(document)}, not an object)")
    kind = document.get("format")
    if kind == RECORD_FORMAT:
        raise SaveError("format: this is a game record, not a save (open it with --replay)")
    require(kind == FORMAT, "format", f"not a Cacao save (format {_short(kind)}, expected {FORMAT!r})")
    version = document.get("schema_version")
    require(
        type(version) is int and version >= 1,
        "schema_version",
        f"expected a whole number >= 1, found {_short(version)}",
    )
    require(
        version <= SCHEMA_VERSION,
        "schema_version",
        f"saved by a newer version of Cacao (schema {version}; this program reads up to {SCHEMA_VERSION})",
    )
    stored = document.get("checksum")
    require(isinstance(stored, str), "checksum", "missing")
    require(
        stored == checksum(document),
        "checksum",
        "does not match the content (the file was damaged or edited)",
    )
    return version


def migrate(document: Document) -> Document:
    """Upgrade a checked document to ``SCHEMA_VERSION`` through ``UPGRADES``, one step at a time."""
    version: int = document["schema_version"]
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


def _kind(value: Any) -> str:
    return _KIND_NAMES.get(type(value), type(value).__name__)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def first_difference(expected: Any, found: Any, where: str) -> str | None:
    """The first place where ``found`` differs from ``expected`` as JSON, types included.

    Returns ``"<where.path>: expected ..., found ..."`` or None when they are identical.
    """
    if type(expected) is not type(found):
        return f"{where}: expected {_kind(expected)} {_short(expected)}, found {_kind(found)} {_short(found)}"
    if isinstance(expected, dict):
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
    if isinstance(expected, list):
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


# ----------------------------------------------------------------------- actions


_ACTION_KEYS: Final = {
    "place": ("tile", "rotation", "pos"),
    "overbuild": ("tile", "rotation", "pos"),
    "fill": ("pos", "tile", "rotation"),
    "resolve": ("pos", "side", "amount"),
}
_CLASSES: Final[dict[str, type]] = {"place": Place, "overbuild": Overbuild, "fill": Fill, "resolve": Resolve}


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON object of one decision: ``{"kind": ..., <its fields>}`` with ``pos`` as [x, y]."""
    kind = next(name for name, cls in _CLASSES.items() if type(action) is cls)
    result: dict[str, Any] = {"kind": kind}
    for key in _ACTION_KEYS[kind]:
        value = getattr(action, key)
        result[key] = list(value) if key == "pos" else value
    return result


def action_from_json(data: Any, where: str) -> Action:
    """The decision a JSON object describes; SaveError naming the key if it is malformed.

    Checks the shape and types only; whether the decision is legal is the engine's call.
    """
    require(isinstance(data, dict), where, f"expected an object, found {_kind(data)}")
    kind = data.get("kind")
    require(
        isinstance(kind, str) and kind in _ACTION_KEYS,
        f"{where}.kind",
        f"expected one of {', '.join(_ACTION_KEYS)}, found {_short(kind)}",
    )
    keys = _ACTION_KEYS[kind]
    extra = sorted(set(data) - {"kind", *keys})
    require(not extra, f"{where}.{extra[0] if extra else ''}", "unexpected key")
    values: dict[str, Any] = {}
    for key in keys:
        here = f"{where}.{key}"
        require(key in data, here, "missing")
        value = data[key]
        if key == "pos":
            require(
                isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value),
                here,
                "expected [x, y]",
            )
            value = (value[0], value[1])
        elif key == "tile":
            require(isinstance(value, str), here, f"expected a tile code, found {_kind(value)}")
        else:
            require(type(value) is int, here, f"expected an integer, found {_kind(value)}")
        values[key] = value
    factory: Callable[..., Action] = _CLASSES[kind]
    return factory(**values)


# ----------------------------------------------------------------------- config and state


def seat_entries_of(config: Any, players: int | None = None) -> list[dict[str, str]]:
    """Check ``config`` (the app's GameConfig as a dict); return the record's seat entries.

    Needs ``seats``: one ``{"name": str, "color": <seat colour>, "kind": str}`` per seat (2-4,
    or exactly ``players``), names not blank, colours distinct; ``variant`` and ``seed``, when
    present, must be a string and an integer or null. Raises SaveError naming the key.
    """
    require(isinstance(config, dict), "config", f"expected an object, found {_kind(config)}")
    seats = config.get("seats")
    require(isinstance(seats, list) and 2 <= len(seats) <= 4, "config.seats", "expected a list of 2-4 seats")
    if players is not None:
        require(len(seats) == players, "config.seats", f"expected {players} seats, found {len(seats)}")
    entries = []
    for index, seat in enumerate(seats):
        here = f"config.seats[{index}]"
        require(isinstance(seat, dict), here, f"expected an object, found {_kind(seat)}")
        name = seat.get("name")
        require(isinstance(name, str) and name.strip() != "", f"{here}.name", "expected a name")
        require(seat.get("color") in COLORS, f"{here}.color", f"expected one of {', '.join(COLORS)}")
        require(all(e["color"] != seat["color"] for e in entries), f"{here}.color", "taken by another seat")
        kind = seat.get("kind")
        require(isinstance(kind, str) and kind != "", f"{here}.kind", "expected a seat kind")
        entries.append({"color": seat["color"], "kind": seat["kind"]})
    if "variant" in config:
        require(isinstance(config["variant"], str), "config.variant", "expected a string")
    if "seed" in config:
        seed = config["seed"]
        require(seed is None or type(seed) is int, "config.seed", "expected an integer or null")
    return entries


def game_state(game: Game) -> dict[str, Any]:
    """The stored summary of a position, checked against the replay on load."""
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
