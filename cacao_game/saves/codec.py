"""Turning a game into save bytes and back, verifying everything on the way back."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from msgspec import UnsetType

from cacao_game import typed_json
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Game, Setup
from cacao_game.engine.replay import ReplayError, replay
from cacao_game.files import SAVE_LIMIT
from cacao_game.jsontypes import JSON
from cacao_game.records import RecordError, deal_setup
from cacao_game.saves.errors import SaveError, require
from cacao_game.saves.schema import (
    FORMAT,
    SCHEMA_VERSION,
    Document,
    Options,
    SaveBody,
    SaveSetup,
    action_from_json,
    action_to_json,
    check_header,
    checksum,
    first_difference,
    game_state,
    migrate,
    object_part,
    plain_json,
    setup_to_json,
)
from cacao_game.version import app_version


@dataclass
class Restored:
    """A save document checked and replayed."""

    game: Game
    """The game after every saved decision, with its undo history."""
    config: GameConfig
    view: dict[str, JSON]
    saved_at: str


def _check_config(config: GameConfig, setup: Setup) -> None:
    """SaveError unless ``config`` is valid and has the players, variant and seed of ``setup``.

    The options' seed may be None (a random deal); otherwise the game must have been dealt
    from it, so that an edited seed in the options is refused.
    """
    try:
        config.validate()
    except ValueError as error:
        raise SaveError(f"options: {error}", "options") from error
    seats = len(config.seats)
    require(seats == setup.players, "options.seats", f"expected {setup.players} seats, found {seats}")
    require(config.variant == setup.variant, "options.variant", f"the game is {setup.variant!r}")
    require(
        config.seed is None or config.seed == setup.seed,
        "options.seed",
        f"the game was dealt from seed {setup.seed}, not {config.seed}",
    )


def build_document(game: Game, config: GameConfig, view: Mapping[str, JSON], saved_at: str) -> Document:
    """The save document of ``game`` (see ``schema``), signed.

    Raises SaveError if ``config`` is invalid or does not fit the game, if ``view`` is not
    JSON data, or if ``game`` is not the position its own decisions lead to (changed behind
    the engine's back: such a save would not load).
    """
    replayed = replay(game.setup, game.actions, keep_history=False)
    difference = first_difference(game_state(replayed), game_state(game), "state")
    if difference:
        raise SaveError(f"internal error, the game is not what its moves give: {difference}")
    _check_config(config, game.setup)
    document: Document = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "app_version": app_version(),
        "saved_at": saved_at,
        "options": config.to_dict(),
        "setup": setup_to_json(game.setup),
        "actions": [action_to_json(action) for action in game.actions],
        "view": plain_json(dict(view), "view"),
    }
    document["checksum"] = checksum(document)
    return document


def encode(document: Document) -> bytes:
    """The file content of a document: UTF-8 JSON, one top-level key per line."""
    lines = (f"{json.dumps(key)}: {json.dumps(value, allow_nan=False)}" for key, value in document.items())
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode("utf-8")


def decode(data: bytes) -> JSON:
    """The JSON value in a file's bytes; SaveError (``file: <reason>``) if there is none.

    See ``cacao_game.typed_json.parse`` for what is refused.
    """
    try:
        return typed_json.parse(data, limit=SAVE_LIMIT)
    except typed_json.ShapeError as error:
        raise SaveError(f"file: {error}", "damaged") from error


def _exactly(expected: JSON, found: JSON, where: str) -> None:
    """SaveError unless ``found`` is ``expected`` as JSON, types included."""
    difference = first_difference(expected, found, where)
    if difference:
        raise SaveError(f"{difference} (not what this program writes)")


def _setup(typed: SaveSetup, data: JSON) -> Setup:
    try:
        setup = deal_setup(typed.players, typed.variant, typed.seed, typed, "setup")
    except RecordError as error:
        raise SaveError(str(error)) from error
    _exactly(setup_to_json(setup), data, "setup")
    return setup


def _config(options: Options, data: dict[str, JSON], setup: Setup) -> GameConfig:
    """The game options of typed ``options``, read from ``data``; SaveError unless they are
    valid, fit the game and are exactly what ``GameConfig.to_dict`` writes."""
    config = GameConfig(
        seats=[SeatConfig(name=seat.name, color=seat.color, kind=seat.kind) for seat in options.seats],
        variant=options.variant,
        seed=options.seed,
        undo=options.undo,
        thinking_time=None if isinstance(options.thinking_time, UnsetType) else options.thinking_time,
        expert_time=None if isinstance(options.expert_time, UnsetType) else options.expert_time,
    )
    _check_config(config, setup)
    _exactly(config.to_dict(), data, "options")
    return config


def restore(document: JSON) -> Restored:
    """Check, upgrade and replay a parsed save.

    The header, checksum and upgrades work on the plain document; its body is then read
    through ``typed_json`` into ``SaveBody``. The game keeps its undo history. Raises
    SaveError naming the first key that is wrong: a bad header or checksum, a malformed
    part, options or a deal that this program would not write so, or an illegal decision
    (``actions[<index>]: illegal ...``).
    """
    checked = migrate(check_header(document))
    try:
        body = typed_json.convert(checked, SaveBody)
    except typed_json.ShapeError as error:
        raise SaveError(str(error)) from error
    try:
        datetime.fromisoformat(body.saved_at)
    except ValueError as error:
        raise SaveError("saved_at: expected an ISO 8601 time") from error
    setup = _setup(body.setup, checked["setup"])
    config = _config(body.options, object_part(checked, "options"), setup)
    actions = [action_from_json(data) for data in body.actions]
    try:
        game = replay(setup, actions, keep_history=True)
    except ReplayError as error:
        kind = action_to_json(error.action)["kind"]
        raise SaveError(f"actions[{error.index}]: illegal {kind}: {error.cause}") from error
    return Restored(game=game, config=config, view=object_part(checked, "view"), saved_at=body.saved_at)
