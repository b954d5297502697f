"""Every list of choices the player makes outside a game, each in one place with its labels.

A choice's label is a string key of ``cacao_game.app.strings``, made by one rule per list
(``label_key``). Seat colours and variants are the engine's (``cacao_game.engine.tiles``);
AI levels are the registry's (``cacao_game.ai.LEVELS``, in the order players see them).
"""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping
from typing import Final

from cacao_game.ai import expert

ANIMATION_SPEEDS: Final[dict[str, float]] = {"slow": 1.8, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Animation speed name -> duration multiplier (0: no animation)."""
PALETTES: Final = ("classic", "colorblind")
"""Seat colour schemes: the box's colours, or an Okabe-Ito colour-blind safe set."""
LANGUAGES: Final[dict[str, str]] = {"en": "English", "de": "Deutsch", "fr": "Français"}
"""Language code -> the language's own name: the languages the game speaks, in the order
Settings offers them. Each one but ``SOURCE_LANGUAGE`` has a gettext catalog
(``cacao_game/locale/<code>/LC_MESSAGES/cacao.po``)."""
SOURCE_LANGUAGE: Final = "en"
"""The language of the strings in the code (``cacao_game.app.strings.EN``); the fallback."""
LOCALE_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the user's language, first set wins (as gettext reads them)."""
UNDO_CHOICES: Final = ("auto", "casual", "strict")
"""The undo setting: ``auto`` is casual with one human and strict with two or more."""
UI_SCALES: Final = ("fit", "100", "125", "150", "175", "200")
"""Interface size in Settings: ``fit`` fills the screen with the 1920x1080 design; a percent
draws one design pixel as that many hundredths of real pixels, as far as the screen allows
(``cacao_game.app.scale``)."""
AI_PACINGS: Final = (0.0, 0.3, 0.6, 1.0, 1.5, 2.0, 3.0)
"""Seconds an AI move stays on screen, as offered in Settings."""

THINKING_TIMES: Final = (0.5, 1.0, 2.0, 5.0)
"""Seconds the hard AI may think per decision, as offered in setup (the AI's own budget; the
AI pacing of Settings is a separate, minimum display time per AI move). A game that names
none thinks for the level's default (``cacao_game.ai.hard.TIME_BUDGET``, one of these)."""
EXPERT_TIMES: Final = (1.0, 2.0, 3.0, 5.0, 7.0, 10.0)
"""Seconds the expert AI may think per decision, as offered in setup (its strength grows with
them; ``THINKING_TIMES`` stays the hard level's)."""
EXPERT_TIME: Final = expert.TIME_BUDGET
"""The expert's thinking time that setup offers first, and that a game naming none (an older
save, a table or command line that sets none) thinks for: the level's own default, one of
``EXPERT_TIMES``."""
REPLAY_SPEEDS: Final = (0.5, 1.0, 2.0, 4.0)
"""Turns per second a replay plays on its own, as its speed button offers them."""

LABEL_PREFIXES: Final[dict[str, str]] = {
    "animation_speed": "settings.speed.",
    "palette": "settings.palette.",
    "undo_policy": "settings.undo.",
    "ui_scale": "settings.ui_scale.",
    "variant": "variant.",
    "color": "color.",
    "kind": "kind.",
}
"""Setting or option name -> the prefix of its values' string keys."""


def ui_scale_percent(choice: str) -> int | None:
    """The percent of a ``UI_SCALES`` choice; None for ``fit`` (or an unknown choice)."""
    return int(choice) if choice.isdigit() else None


def label_key(setting: str, value: str) -> str:
    """The string key of ``value`` of ``setting`` (``label_key("palette", "classic")``)."""
    return LABEL_PREFIXES[setting] + value


def language_of(name: str) -> str | None:
    """The code in ``LANGUAGES`` of a locale name (``de_DE.UTF-8``, ``fr``, ``en_GB``), or
    None when the game does not speak it."""
    head = name.strip().lower()
    code = head[:2]
    if code in LANGUAGES and (len(head) == 2 or not head[2].isalpha()):
        return code
    return None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The user's language among ``LANGUAGES``, English when it is unknown. As gettext does,
    the first of ``LOCALE_VARIABLES`` that is set decides (``LANGUAGE`` may list several:
    ``es:de`` gives German); with none set, the process locale does."""
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            codes = (language_of(name) for name in value.split(":"))
            return next((code for code in codes if code is not None), SOURCE_LANGUAGE)
    name = locale.getlocale()[0] if environ is os.environ else None
    return language_of(name or "") or SOURCE_LANGUAGE
