"""User settings and user folders (pure Python, no pygame)."""

from __future__ import annotations

from cacao_game.config.settings import (
    DEFAULT_KEY_BINDINGS,
    Settings,
    default_key_bindings,
    load_settings,
    save_settings,
    settings_path,
)
from cacao_game.config.storage import atomic_write_bytes, backup_path, config_dir, data_dir

__all__ = [
    "DEFAULT_KEY_BINDINGS",
    "Settings",
    "atomic_write_bytes",
    "backup_path",
    "config_dir",
    "data_dir",
    "default_key_bindings",
    "load_settings",
    "save_settings",
    "settings_path",
]
