"""The persisted settings (``cacao_game.config.settings``) as the app uses them.

``load`` never stops the game: an unusable settings file gives the defaults and a logged
warning (``load_settings`` already refuses bad files that way). ``CACAO_HOME`` is honoured
by the settings module itself.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from cacao_game.app.strings import joined, t, tn
from cacao_game.config.settings import (
    DEFAULT_KEY_BINDINGS,
    MAX_KEYS_PER_ACTION,
    BindingRepair,
    Settings,
    SettingsRefusal,
    load_settings,
    save_settings,
    settings_path,
)
from cacao_game.config.storage import blocked_by, config_dir, data_dir

NAMED_REPAIRS = 3
"""Actions a repair notice names; the others are counted."""


SETTING_LABELS: Final = {
    "language": "settings.language",
    "animation_speed": "settings.animation_speed",
    "ai_pacing": "settings.ai_pacing",
    "fullscreen": "settings.fullscreen",
    "palette": "settings.palette",
    "ui_scale": "settings.ui_scale",
    "sound": "settings.sound",
    "undo_policy": "settings.undo",
    "key_bindings": "settings.keys",
}
"""The settings a player sets on the Settings screen, by their key in the file: the string
keys of their labels there (``setting_label``; the screen's rows and the start's notice of
values set back to their defaults say the same words). Single key bindings repaired have
their own notice; what the game remembers of the last setups is not a setting (the start's
notice says when New game's was forgotten, Host a game when it forgot its own)."""


def setting_label(setting: str) -> str:
    """The Settings screen's label of ``setting`` (a key of ``SETTING_LABELS``)."""
    return t(SETTING_LABELS[setting])


def load(
    repairs: list[BindingRepair] | None = None,
    refusals: list[SettingsRefusal] | None = None,
    defaulted: list[str] | None = None,
) -> Settings:
    """The saved settings, or the defaults if they cannot be read; key bindings the file
    got wrong are repaired and listed in ``repairs``, a file refused as a whole (kept aside)
    in ``refusals``, the keys whose values were unusable (set to their defaults) in
    ``defaulted``."""
    return load_settings(repairs=repairs, refusals=refusals, defaulted=defaulted)


def defaulted_notice(defaulted: list[str]) -> str | None:
    """What the player is told about settings whose values the file got wrong (None: none
    of the Settings screen's, nor New game's last set-up): which ones are back to their
    defaults (the key bindings too, as a whole: a trial's were reset unsaid), and that New
    game forgot its last set-up."""
    names = [setting_label(key) for key in dict.fromkeys(defaulted) if key in SETTING_LABELS]
    said = [tn("settings.values_defaulted", len(names), names=joined(names))] if names else []
    if "last_setup" in defaulted:
        said.append(t("settings.setup_forgotten"))  # a trial's New game forgot its seats unsaid
    return " ".join(said) or None


def unwritable_notice() -> str | None:
    """What the player is told at the start when the folders of their files cannot be written
    (``storage.blocked_by``: ``CACAO_HOME`` naming a file, a folder without write access):
    that nothing will be kept, or only the settings, or only the saves and the tutorial's
    progress, whichever folder is in the way (a trial's unwritable settings folder was said
    to lose the saves too, their folder writable); None when both can be written."""
    settings, saves = blocked_by(config_dir()), blocked_by(data_dir())
    if settings is not None and saves is not None:
        return t("settings.unwritable", path=str(settings))
    if settings is not None:
        return t("settings.unwritable_settings", path=str(settings))
    if saves is not None:
        return t("settings.unwritable_saves", path=str(saves))
    return None


def refusal_notice(refusals: list[SettingsRefusal]) -> str | None:
    """What the player is told, once, about a settings file refused as a whole (None: none
    was): the defaults apply, and where the file is kept (the log has the reason)."""
    if not refusals:
        return None
    kept = refusals[0].kept
    return t("settings.refused_kept", name=kept) if kept else t("settings.refused")


def repair_notice(repairs: list[BindingRepair]) -> str | None:
    """What the player is told about key bindings repaired on loading (None: nothing was)."""
    if not repairs:
        return None
    actions = [t(f"intent.{intent}") for intent in dict.fromkeys(repair.intent for repair in repairs)]
    if len(actions) > NAMED_REPAIRS:
        rest = len(actions) - NAMED_REPAIRS
        actions = [*actions[:NAMED_REPAIRS], t("settings.keys_repaired_more", count=rest)]
    return t("settings.keys_repaired", actions=joined(actions), most=MAX_KEYS_PER_ACTION)


def save(settings: Settings) -> None:
    """Store ``settings``; raises OSError (or ValueError) with a reason when it cannot."""
    save_settings(settings)


def save_fields(settings: Settings, fields: Collection[str]) -> None:
    """Store ``settings``'s ``fields`` into the settings file as it is now, its other values
    as the file has them (another window of the game on the same user data may have changed
    them: a tester's German, chosen in one window, was undone when the other remembered its
    join form); all of ``settings`` when there is no file or it cannot be used. Raises as
    ``save``."""
    refusals: list[SettingsRefusal] = []
    on_disk = load_settings(refusals=refusals) if settings_path().is_file() else None
    if on_disk is None or refusals:
        save_settings(settings)
        return
    for name in fields:
        setattr(on_disk, name, getattr(settings, name))
    save_settings(on_disk)


def defaults() -> Settings:
    """Fresh default settings."""
    return Settings()


def default_key_bindings() -> dict[str, list[str]]:
    """A copy of the default key bindings."""
    return {intent: list(keys) for intent, keys in DEFAULT_KEY_BINDINGS.items()}
