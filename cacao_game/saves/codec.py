"""Turning a game into save bytes and back, verifying everything on the way back."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from cacao_game import __version__
from cacao_game.engine import Game, Setup
from cacao_game.engine.errors import IllegalActionError
from cacao_game.records import RecordError, setup_from_record, to_record
from cacao_game.saves.errors import SaveError, require
from cacao_game.saves.schema import (
    FORMAT,
    SCHEMA_VERSION,
    Document,
    action_from_json,
    action_to_json,
    canonical_json,
    check_header,
    checksum,
    first_difference,
    game_state,
    migrate,
    seat_entries_of,
)


def _plain_json(value: Any, where: str) -> Any:
    """``value`` as it will read back from JSON (tuples become lists, keys strings)."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise SaveError(f"{where}: not JSON data ({error})") from error


def build_document(
    game: Game, config: dict[str, Any], ui_state: dict[str, Any] | None, saved_at: str
) -> Document:
    """The save document of ``game`` (see ``schema``).

    Raises SaveError if config or ui_state is unfit, or if ``game`` is not the position its
    own decisions lead to (changed behind the engine's back: such a save would not load).
    """
    state = game_state(game)
    replay = Game(game.setup, keep_history=False)
    for action in game.actions:
        replay.apply(action)
    difference = first_difference(game_state(replay), state, "state")
    if difference:
        raise SaveError(f"internal error, the game is not what its moves give: {difference}")
    config = _plain_json(config, "config")
    ui_state = _plain_json({} if ui_state is None else ui_state, "ui_state")
    require(isinstance(ui_state, dict), "ui_state", "expected an object")
    seats = seat_entries_of(config, game.players)
    require(
        config.get("variant", game.variant) == game.variant, "config.variant", f"the game is {game.variant!r}"
    )
    document: Document = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "app_version": __version__,
        "saved_at": saved_at,
        "config": config,
        "record": to_record(game, seats),
        "actions": [action_to_json(action) for action in game.actions],
        "state": state,
        "ui_state": ui_state,
    }
    document["checksum"] = checksum(document)
    return document


def encode(document: Document) -> bytes:
    """The file content of a document: UTF-8 JSON, one top-level key per line."""
    lines = (f"{json.dumps(key)}: {json.dumps(value, allow_nan=False)}" for key, value in document.items())
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode("utf-8")


def _reject_constant(name: str) -> Any:
    raise SaveError(f"file: {name} is not a JSON number")


def decode(data: bytes) -> Any:
    """The JSON value in a file's bytes; SaveError if it is empty, not UTF-8 or not JSON."""
    require(bool(data.strip()), "file", "empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(f"file: not UTF-8 text (byte {error.start}); damaged?") from error
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise SaveError(
            f"file: truncated or not JSON ({error.msg}: line {error.lineno} column {error.colno})"
        ) from error
    except RecursionError as error:
        raise SaveError("file: nested too deeply to be a save") from error


def _setup(record: Any) -> Setup:
    require(isinstance(record, dict), "record", "expected an object")
    require(type(record.get("players")) is int, "record.players", "expected 2, 3 or 4")
    try:
        return setup_from_record(record)
    except RecordError as error:
        raise SaveError(f"record.{error}") from error


def restore(document: Any) -> tuple[Game, Document]:
    """Check, upgrade and replay a parsed save; return the game and the upgraded document.

    The game keeps its undo history. Raises SaveError naming the first key that is wrong:
    a bad header or checksum, a malformed part, an illegal decision, or a record or state
    that the replay does not reproduce exactly.
    """
    check_header(document)
    document = migrate(document)
    for key, kind, name in (
        ("app_version", str, "a string"),
        ("saved_at", str, "a string"),
        ("record", dict, "an object"),
        ("actions", list, "a list"),
        ("state", dict, "an object"),
        ("ui_state", dict, "an object"),
    ):
        require(isinstance(document[key], kind), key, f"expected {name}")
    try:
        datetime.fromisoformat(document["saved_at"])
    except ValueError as error:
        raise SaveError("saved_at: expected an ISO 8601 time") from error
    record = document["record"]
    setup = _setup(record)
    seats = seat_entries_of(document["config"], setup.players)
    require(
        document["config"].get("variant", setup.variant) == setup.variant,
        "config.variant",
        f"the record is {setup.variant!r}",
    )
    game = Game(setup, keep_history=True)
    for index, data in enumerate(document["actions"]):
        action = action_from_json(data, f"actions[{index}]")
        try:
            game.apply(action)
        except IllegalActionError as error:
            raise SaveError(f"actions[{index}]: illegal {data['kind']}: {error}") from error
    for key, expected in (("record", to_record(game, seats)), ("state", game_state(game))):
        if canonical_json(expected) != canonical_json(document[key]):
            difference = first_difference(expected, document[key], key) or f"{key}: differs"
            raise SaveError(f"{difference} (not what the moves give)")
    return game, document
