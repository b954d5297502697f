"""The persisted settings (``cacao_game.config.settings``) as the app uses them.

``load`` never stops the game: an unusable settings file gives the defaults and a logged
warning (``load_settings`` already refuses bad files that way). ``CACAO_HOME`` is honoured
by the settings module itself.
"""

from __future__ import annotations

from cacao_game.config.settings import DEFAULT_KEY_BINDINGS, Settings, load_settings, save_settings


def load() -> Settings:
    """The saved settings, or the defaults if they cannot be read."""
    return load_settings()


def save(settings: Settings) -> None:
    """Store ``settings``; raises OSError (or ValueError) with a reason when it cannot."""
    save_settings(settings)


def defaults() -> Settings:
    """Fresh default settings."""
    return Settings()


def default_key_bindings() -> dict[str, list[str]]:
    """A copy of the default key bindings."""
    return {intent: list(keys) for intent, keys in DEFAULT_KEY_BINDINGS.items()}
