"""User settings, persisted as JSON in the user config folder. Pure Python, no pygame.

Reading is forgiving: a missing or unreadable file gives the defaults, unknown keys are
ignored, and a bad value falls back to its default with a logged warning. A file refused as a
whole (too large, not a file, not a JSON object) is kept: renamed aside, as saves keep a
refused save, so no later save replaces it; only ``save_settings`` writes, atomically.
"""

from __future__ import annotations

import codecs
import json
import logging
import unicodedata
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Annotated, Any, Final, cast

import msgspec

from cacao_game.config.choices import (
    ANIMATION_SPEEDS,
    LANGUAGES,
    PALETTES,
    UI_SCALES,
    UNDO_CHOICES,
    system_language,
)
from cacao_game.config.game import GameConfig
from cacao_game.config.storage import atomic_write_bytes, config_dir
from cacao_game.files import SETTINGS_LIMIT, FileRefusedError, describe_os_error, read_limited, set_aside
from cacao_game.jsontypes import JSON
from cacao_game.typed_json import ShapeError, convert, parse

log = logging.getLogger(__name__)

SETTINGS_FILE: Final = "settings.json"
SETTINGS_DEPTH: Final = 16
"""Nesting deeper than this refuses the settings file (it needs 4: the last set-up's seats)."""
AI_PACING_RANGE: Final = (0.0, 5.0)
"""Seconds an AI move stays on screen before the next one, inclusive bounds."""
CTRL_PREFIX: Final = "ctrl+"
NAMED_KEY_NAMES: Final = frozenset(
    [
        "ac back",
        "alt gr",
        "backspace",
        "break",
        "caps lock",
        "clear",
        "currencysubunit",
        "delete",
        "down",
        "end",
        "enter",
        "equals",
        "escape",
        "euro",
        "help",
        "home",
        "insert",
        "left",
        "left alt",
        "left ctrl",
        "left meta",
        "left shift",
        "menu",
        "numlock",
        "page down",
        "page up",
        "power",
        "print screen",
        "return",
        "right",
        "right alt",
        "right ctrl",
        "right meta",
        "right shift",
        "scroll lock",
        "space",
        "sys req",
        "tab",
        "up",
    ]
) | frozenset(f"f{n}" for n in range(1, 16))
"""The names of more than one character a key binding may use: those of pygame-ce's keys
(``pygame.key.name``; a test checks them against pygame's own) besides the keypad's (``[1]``,
``keypad 1``) and any single character (a layout's own, as ``ö``). A settings file naming
another key (a tester's ``"nonsensekey"``) has that action's keys set back to its default."""

DEFAULT_KEY_BINDINGS: Final[dict[str, list[str]]] = {
    "rotate_cw": ["e", "r"],
    "rotate_ccw": ["q"],
    "confirm": ["return", "space"],
    "undo": ["ctrl+z", "u"],
    "hint": ["h"],
    "pause": ["escape"],
    "help": ["f1"],
    "fullscreen": ["f11"],
    "save": ["ctrl+s"],
    "select_1": ["1"],
    "select_2": ["2"],
    "select_3": ["3"],
    "cycle": ["tab"],
    "zoom_in": ["+", "=", "keypad +"],
    "zoom_out": ["-", "keypad -"],
    "pan_up": ["w", "up"],
    "pan_down": ["s", "down"],
    "pan_left": ["a", "left"],
    "pan_right": ["d", "right"],
    "fit": ["home"],
    "last": ["end"],
    "skip": ["space"],
}
"""Intent name -> key names as ``pygame.key.name()`` spells them, optionally ``ctrl+``-prefixed."""


MAX_KEYS_PER_ACTION: Final = 4
"""Keys one action may have; a settings file with more keeps its first ones."""
SHARED_KEY_INTENTS: Final = frozenset({frozenset({"confirm", "skip"})})
"""Pairs of actions that may share a key (Space by default): Skip acts only while an
animation runs and Confirm only when none does. Every other key has one action."""


@dataclass(frozen=True)
class BindingRepair:
    """A change reading the settings file made to its key bindings: ``key`` taken from
    ``intent`` (it was another action's), or, with ``dropped``, that many keys over
    ``MAX_KEYS_PER_ACTION`` dropped from ``intent``; neither: ``intent``'s keys were not a list
    of key names, and it has its default keys."""

    intent: str
    key: str = ""
    dropped: int = 0


@dataclass(frozen=True)
class SettingsRefusal:
    """A settings file refused as a whole: ``reason`` (one line, for the log) and the name it
    is kept under beside it (``kept``, empty when it could not be renamed: then it is left
    where it was)."""

    reason: str
    kept: str = ""


def default_key_bindings() -> dict[str, list[str]]:
    """A fresh copy of ``DEFAULT_KEY_BINDINGS`` (safe to change)."""
    return {intent: list(keys) for intent, keys in DEFAULT_KEY_BINDINGS.items()}


@dataclass
class Settings:
    """Everything the player can set. Defaults are the values of a first start."""

    language: str = "en"
    """One of ``LANGUAGES``; a first start (no settings file) takes the system's
    (``load_settings``)."""
    animation_speed: str = "normal"
    """One of ``ANIMATION_SPEEDS``."""
    ai_pacing: float = 0.6
    """Seconds between AI moves, within ``AI_PACING_RANGE``."""
    fullscreen: bool = True
    ui_scale: str = "fit"
    """One of ``UI_SCALES``: the interface size (``cacao_game.app.scale``)."""
    palette: str = "classic"
    """One of ``PALETTES``: the classic seat colours or the colour-blind safe ones."""
    sound: bool = True
    undo_policy: str = "auto"
    """One of ``UNDO_CHOICES``: how far undo reaches (``cacao_game.session.policy``)."""
    key_bindings: dict[str, list[str]] = field(default_factory=default_key_bindings)
    """Every intent of ``DEFAULT_KEY_BINDINGS`` -> its keys (possibly none)."""
    last_setup: dict[str, JSON] | None = None
    """The last game set up in New game (``GameConfig.to_dict``, no seed, plus ``start``: the
    chosen start player's seat, None for random; None: none yet), so New game opens with it
    after a restart too (``last_config``, ``last_start``)."""

    last_hosted: dict[str, JSON] | None = None
    """The Host a game setup of the last game hosted (``app.host_setup.remembered``; None:
    none yet), so Host a game opens with it after a restart too. Read here only as an object
    or null: the setup reads it through ``app.host_setup.read_remembered`` and, if it does
    not read, starts from its defaults, says so and forgets it."""

    last_joined: dict[str, JSON] | None = None
    """The Join a game form of the last join: the host's address, the port and the name
    (``app.join_form.remembered``; None: none yet), so the form opens with them after a
    restart. Read here only as an object or null: the form reads it through
    ``app.join_form.read_remembered``, repairs what does not read and says so."""

    def last_config(self) -> GameConfig | None:
        """``last_setup`` as a config (None: none, or one that no longer reads)."""
        if self.last_setup is None:
            return None
        try:
            return GameConfig.from_dict(self.last_setup)
        except ValueError as error:
            log.warning("settings: last_setup %s; New game opens with the defaults", error)
            return None

    def last_start(self) -> int | None:
        """The start player chosen in the last game set up (``last_setup``'s ``start``: a seat
        of its seats in the setup's order); None (drawn at random) when it chose none, or the
        value is not one of its seats."""
        config = self.last_config()
        start = self.last_setup.get("start") if self.last_setup is not None else None
        if config is None or type(start) is not int or not 0 <= start < len(config.seats):
            return None
        return start

    def to_dict(self) -> dict[str, Any]:
        """The JSON form written to the settings file."""
        result = {f.name: getattr(self, f.name) for f in fields(self)}
        result["key_bindings"] = {intent: list(keys) for intent, keys in self.key_bindings.items()}
        return result

    @classmethod
    def from_dict(
        cls, data: JSON, repairs: list[BindingRepair] | None = None, defaulted: list[str] | None = None
    ) -> Settings:
        """Settings from their JSON form; never raises.

        Each known key's value is checked on its own by the one validator
        (``typed_json.convert``, against ``_VALUE_TYPES``) and, for a choice, against its
        options. Unknown keys are ignored; a missing key takes its default; a bad value takes
        its default, logs a warning naming the key and the reason and adds the key to
        ``defaulted`` (for the player's notice). Not a JSON object: all defaults, warned. Key
        bindings follow the Settings screen's rule (``repair_bindings``); what was changed is
        added to ``repairs`` (for the player's notice), an action whose keys were not a list
        of key names too.
        """
        settings = cls()
        if not isinstance(data, dict):
            log.warning("settings: expected a JSON object, using the defaults")
            return settings
        for key, value in data.items():
            if key not in _VALUE_TYPES:
                log.info("settings: ignoring unknown key %r", key)
                continue
            try:
                checked = _checked(key, value)
            except ShapeError as error:
                log.warning("settings: %s; using the default %r", error, getattr(settings, key))
                if defaulted is not None:
                    defaulted.append(key)
                continue
            setattr(settings, key, _read_bindings(value, repairs) if key == "key_bindings" else checked)
        return settings


_VALUE_TYPES: Final[dict[str, object]] = {
    "language": str,
    "animation_speed": str,
    "ai_pacing": Annotated[float, msgspec.Meta(ge=AI_PACING_RANGE[0], le=AI_PACING_RANGE[1])],
    "fullscreen": bool,
    "palette": str,
    "ui_scale": str,
    "sound": bool,
    "undo_policy": str,
    "key_bindings": dict,
    "last_setup": dict | None,
    "last_hosted": dict | None,
    "last_joined": dict | None,
}
"""The type of each key's value in the settings file, as ``typed_json.convert`` checks it
(an object's parts, already plain JSON, are checked by its reader: ``_read_bindings``,
``GameConfig.from_dict``, the Host and Join forms)."""
_OPTIONS: Final[dict[str, tuple[str, ...]]] = {
    "language": tuple(LANGUAGES),
    "animation_speed": tuple(ANIMATION_SPEEDS),
    "palette": tuple(PALETTES),
    "ui_scale": tuple(UI_SCALES),
    "undo_policy": tuple(UNDO_CHOICES),
}
"""The keys whose value is one of a few names, and those names."""


def _checked(key: str, value: JSON) -> JSON:
    """``value`` if it is a good value of setting ``key``, else ShapeError with the reason
    (``ai_pacing: expected a number <= 5.0``)."""
    checked = convert(value, cast("type[JSON]", _VALUE_TYPES[key]), where=key)
    options = _OPTIONS.get(key)
    if options is not None and checked not in options:
        raise ShapeError(f"{key}: {checked!r} is not one of {', '.join(options)}")
    if key == "last_setup" and checked is not None:
        try:
            GameConfig.from_dict(checked)
        except ValueError as error:
            raise ShapeError(f"{key}: not a game set-up ({error})") from error
    return checked


KEY_CHARACTER_KINDS: Final = ("L", "N", "P", "Sm", "Sc", "Sk")
"""The Unicode categories (or their first letter) of a one-character key name: letters,
digits, punctuation and the symbols keys carry (``+``, ``$``, ``^``); never a control or
format character, a space or an emoji (a trial's NUL bound to Undo stopped the game at every
start: no text can be drawn with it)."""


def is_key_name(name: JSON) -> bool:
    """Whether ``name`` is a key binding: a key's name in lower case (one character of
    ``KEY_CHARACTER_KINDS``, a keypad key's, or one of ``NAMED_KEY_NAMES``), optionally
    ``ctrl+``-prefixed."""
    if not isinstance(name, str):
        return False
    key = name.removeprefix(CTRL_PREFIX)
    if not key.strip() or key != key.lower():
        return False
    keypad = (key.startswith("[") and key.endswith("]") and len(key) == 3) or key.startswith("keypad ")
    if len(key) == 1:
        kind = unicodedata.category(key)
        return kind[0] in KEY_CHARACTER_KINDS or kind in KEY_CHARACTER_KINDS
    return keypad or key in NAMED_KEY_NAMES


def _read_bindings(data: JSON, repairs: list[BindingRepair] | None) -> dict[str, list[str]]:
    bindings = default_key_bindings()
    reset: list[BindingRepair] = []
    assert isinstance(data, dict)
    for intent, keys in data.items():
        if intent not in bindings:
            log.info("settings: ignoring key bindings of unknown intent %r", intent)
        elif isinstance(keys, list) and all(is_key_name(k) for k in keys):
            bindings[intent] = [str(k) for k in keys]
        else:
            log.warning(
                "settings: key_bindings.%s is %r, not a list of key names; using the default", intent, keys
            )
            reset.append(BindingRepair(intent))
    bindings, changed = repair_bindings(bindings)
    if repairs is not None:
        repairs.extend([*reset, *changed])
    return bindings


def repair_bindings(bindings: dict[str, list[str]]) -> tuple[dict[str, list[str]], list[BindingRepair]]:
    """``bindings`` under the Settings screen's rule, and what had to change: each action
    keeps at most ``MAX_KEYS_PER_ACTION`` keys (no key twice); a key bound to several
    actions stays with the one it is a default key of (else the first) and leaves the others
    (the pairs of ``SHARED_KEY_INTENTS`` excepted); an action left without a key gets a free
    one (``rebind_unbound``). Linear in the number of keys."""
    repairs: list[BindingRepair] = []
    owners: dict[str, list[str]] = {}
    for intent, keys in bindings.items():
        unique = list(dict.fromkeys(keys))
        if len(unique) > MAX_KEYS_PER_ACTION:
            repairs.append(BindingRepair(intent, dropped=len(unique) - MAX_KEYS_PER_ACTION))
            unique = unique[:MAX_KEYS_PER_ACTION]
        bindings[intent] = unique
        for key in unique:
            owners.setdefault(key, []).append(intent)
    for key, intents in owners.items():
        if len(intents) < 2:
            continue
        keeper = next((i for i in intents if key in DEFAULT_KEY_BINDINGS.get(i, ())), intents[0])
        for intent in intents:
            if intent != keeper and frozenset({intent, keeper}) not in SHARED_KEY_INTENTS:
                bindings[intent].remove(key)
                repairs.append(BindingRepair(intent, key))
                log.warning("settings: %r was bound to %s and %s; %s keeps it", key, keeper, intent, keeper)
    return rebind_unbound(bindings), repairs


SPARE_KEYS: Final = tuple(f"f{n}" for n in range(2, 11)) + tuple("abcdefghijklmnopqrstuvwxyz0123456789")
"""Keys an unbound action may get when its default keys are all taken, in order."""


def rebind_unbound(bindings: dict[str, list[str]]) -> dict[str, list[str]]:
    """``bindings`` with every action that has no key given one that no other action uses:
    its first free default key, else the first free spare key. No action is left unbound."""
    used = {key for keys in bindings.values() for key in keys}
    for intent, keys in bindings.items():
        if keys:
            continue
        free = free_key(intent, used)
        keys.append(free)
        used.add(free)
        log.warning("settings: %s had no key; it gets %r", intent, free)
    return bindings


def free_key(intent: str, used: set[str]) -> str:
    """A key for ``intent`` that is not in ``used``: its first free default key, else the first
    free spare key."""
    candidates = [*DEFAULT_KEY_BINDINGS.get(intent, []), *SPARE_KEYS]
    return next(key for key in candidates if key not in used)


def settings_path() -> Path:
    """The default settings file, in the user config folder."""
    return config_dir() / SETTINGS_FILE


def load_settings(
    path: Path | None = None,
    repairs: list[BindingRepair] | None = None,
    refusals: list[SettingsRefusal] | None = None,
    defaulted: list[str] | None = None,
) -> Settings:
    """Read the settings at ``path`` (default ``settings_path()``); never raises. The key
    bindings repaired are added to ``repairs``, the keys whose values were set back to their
    defaults to ``defaulted`` (``Settings.from_dict``).

    No file (a first start): the defaults, in the system's language (``system_language``).
    A file that parses as a JSON object, after a UTF-8 byte order mark if it starts with one
    (Windows Notepad writes one: a trial's whole file was refused for it): each key read on
    its own (a bad value takes its default). A file refused as a whole (one over
    ``SETTINGS_LIMIT`` bytes, not a regular file, not UTF-8 JSON, not an object): the defaults
    in the system's language, the file renamed aside (``refused_path``: kept, and never
    replaced by the next save) and a ``SettingsRefusal`` added to ``refusals`` for the
    player's notice. A file that cannot be read now (permissions, a disk error): the same, but
    left where it is. Nothing is read from a pipe, so nothing can block.
    """
    path = path or settings_path()
    try:
        raw = read_limited(path, SETTINGS_LIMIT).removeprefix(codecs.BOM_UTF8)  # as Notepad saves it
        data = parse(raw, limit=SETTINGS_LIMIT, max_depth=SETTINGS_DEPTH)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except FileNotFoundError:
        return Settings(language=system_language())
    except (FileRefusedError, ValueError) as error:
        refusal = _set_aside(path, describe_os_error(error) if isinstance(error, OSError) else str(error))
    except OSError as error:
        refusal = SettingsRefusal(describe_os_error(error))
        log.warning("settings: cannot read %s (%s); using the defaults", path, refusal.reason)
    else:
        return Settings.from_dict(data, repairs, defaulted)
    if refusals is not None:
        refusals.append(refusal)
    return Settings(language=system_language())


def _set_aside(path: Path, reason: str) -> SettingsRefusal:
    """Keep the refused settings file at ``path`` under a new name beside it (``set_aside``)."""
    reason = reason.splitlines()[0] if reason else "refused"
    aside = set_aside(path, f"settings: {path}", reason)
    return SettingsRefusal(reason, aside.name if aside is not None else "")


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` to ``path`` (default ``settings_path()``) atomically.

    Raises OSError if the file cannot be written (the previous file is then intact).
    """
    text = json.dumps(settings.to_dict(), indent=2, sort_keys=True) + "\n"
    atomic_write_bytes(path or settings_path(), text.encode("utf-8"), keep_backup=False)
