"""Access to the persisted settings (``cacao_game.config.settings``) for the app.

Wraps load/save so the app still starts (with defaults, and a logged warning) when the
settings module or the settings file is unusable. ``CACAO_HOME`` is honoured by the settings
module itself.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


def load() -> Any:
    """The saved settings, or the defaults if they cannot be read."""
    from cacao_game.config.settings import Settings, load_settings

    try:
        return load_settings()
    except Exception as error:  # a broken settings file must never stop the game
        log.warning("settings not loaded (%s); using the defaults", error)
        return Settings()


def save(settings: Any) -> None:
    """Store ``settings``; raises OSError (or ValueError) with a reason when it cannot."""
    from cacao_game.config.settings import save_settings

    save_settings(settings)


def defaults() -> Any:
    """Fresh default settings."""
    from cacao_game.config.settings import Settings

    return Settings()


def default_key_bindings() -> dict[str, list[str]]:
    """A copy of the default key bindings."""
    from cacao_game.config.settings import DEFAULT_KEY_BINDINGS

    return {intent: list(keys) for intent, keys in DEFAULT_KEY_BINDINGS.items()}
