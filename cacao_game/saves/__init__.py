"""Saving and loading games (pure Python, no pygame).

    save_game(path, game, config, view)   # atomic, keeps <name>.bak
    loaded = load_game(path)              # LoadedSave(game, config, view, info)
    list_saves(); delete_save(path); autosave_path(); slot_path(name); saves_dir()

``config`` is a ``GameConfig``; ``view`` is the app's JSON view state. A save stores the deal,
the decisions, the options and the view (``docs/game-record.md``); the game, its record and
the summary are derived on load. Every refusal is a ``SaveError`` whose text is a one-line
reason.
"""

from __future__ import annotations

from cacao_game.saves.errors import SaveError
from cacao_game.saves.schema import FORMAT, SCHEMA_VERSION
from cacao_game.saves.store import (
    AUTOSAVE_NAME,
    QUICK_SLOT,
    LoadedSave,
    SaveInfo,
    SeatSummary,
    autosave_path,
    delete_save,
    list_saves,
    load_game,
    load_with_backup,
    save_game,
    saves_dir,
    slot_name,
    slot_path,
)

__all__ = [
    "AUTOSAVE_NAME",
    "FORMAT",
    "QUICK_SLOT",
    "SCHEMA_VERSION",
    "LoadedSave",
    "SaveError",
    "SaveInfo",
    "SeatSummary",
    "autosave_path",
    "delete_save",
    "list_saves",
    "load_game",
    "load_with_backup",
    "save_game",
    "saves_dir",
    "slot_name",
    "slot_path",
]
