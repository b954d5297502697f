"""Saving and loading games (pure Python, no pygame).

    save_game(path, game, config, ui_state)   # atomic, keeps <name>.bak
    loaded = load_game(path)                  # LoadedSave(game, config, ui_state, info)
    list_saves(); delete_save(path); autosave_path(); slot_path(name); saves_dir()

Every refusal is a ``SaveError`` whose text is a one-line reason.
"""

from __future__ import annotations

from cacao_game.saves.errors import SaveError
from cacao_game.saves.schema import FORMAT, SCHEMA_VERSION
from cacao_game.saves.store import (
    AUTOSAVE_NAME,
    QUICK_SLOT,
    LoadedSave,
    SaveInfo,
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
