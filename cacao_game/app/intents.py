"""Raw key events -> intent names, from the remappable key bindings of the settings.

The only module that turns keys into actions: scenes ask ``app.intents.of(event)`` and never
compare ``K_*`` constants for a bindable action. A binding is a key name as
``pygame.key.name`` spells it, optionally prefixed ``ctrl+``. A binding without ``ctrl+``
does not match while Ctrl is held, so ``s`` (pan) and ``ctrl+s`` (save) never collide.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pygame

from cacao_game.app.strings import t
from cacao_game.config.settings import DEFAULT_KEY_BINDINGS, free_key

CTRL_PREFIX = "ctrl+"

NAMED_KEYS = frozenset({"escape", "return", "space", "tab", "home", "end", "backspace", "delete"})
"""Keys shown by their name in the player's language (string keys ``key.<name>``)."""
ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}

GLOBAL_INTENTS: tuple[str, ...] = ("fullscreen", "help", "pause")
"""Intents the app itself answers when no scene consumed them."""

MENU_INTENTS: dict[str, str] = {"confirm": "confirm", "pause": "back"}
"""Intents that menus reuse: confirm activates the focused button, pause goes back."""

DOUBLE_CLICK_SECONDS = 0.5
"""The longest pause between the two presses of a double-click (Windows' default time; a
trial's second click 0.45 s after New game changed a seat's player on the setup it opened,
under 0.4 s). Its second press does not
choose again: on a screen the first press opened it is dropped (``App``), on the table's
square or resolution row the first chose it does not confirm (``play.controls``)."""
DOUBLE_CLICK_DISTANCE = 8
"""Design pixels a double-click's second press may lie from its first."""


def event_key_name(event: pygame.event.Event) -> str | None:
    """The binding spelling of a KEYDOWN event (``"ctrl+s"``, ``"f1"``); None for other events."""
    if event.type != pygame.KEYDOWN:
        return None
    name = pygame.key.name(event.key)
    if not name:
        return None
    return CTRL_PREFIX + name if getattr(event, "mod", 0) & pygame.KMOD_CTRL else name


def key_code(name: str) -> tuple[int, int] | None:
    """``(key, mod)`` of a binding spelling, for building events; None if unknown."""
    mod = 0
    if name.startswith(CTRL_PREFIX):
        mod, name = pygame.KMOD_LCTRL, name[len(CTRL_PREFIX) :]
    try:
        return pygame.key.key_code(name), mod
    except ValueError:
        return None


def display_name(binding: str) -> str:
    """A binding as shown to players, in their language: ``ctrl+s`` -> ``Ctrl+S`` (``Strg+S``),
    ``escape`` -> ``Esc`` (``Échap``), ``keypad +`` -> ``Num +``."""
    name = binding.removeprefix(CTRL_PREFIX)
    if name in NAMED_KEYS:
        shown = t(f"key.{name}")
    elif name.startswith("keypad "):
        shown = t("key.keypad", key=name.removeprefix("keypad "))
    else:
        shown = ARROWS.get(name) or (name.upper() if len(name) <= 3 else name.capitalize())
    return t("key.ctrl", key=shown) if binding.startswith(CTRL_PREFIX) else shown


class IntentMap:
    """The current key bindings, looked up by event."""

    def __init__(self, bindings: Mapping[str, Iterable[str]]) -> None:
        self.rebuild(bindings)

    def rebuild(self, bindings: Mapping[str, Iterable[str]]) -> None:
        """Take new bindings (after a rebind in the settings). Esc, bound to no action, still
        pauses and goes back (a trial moved Pause/back to P and found no key left to leave a
        screen with)."""
        self.bindings: dict[str, list[str]] = {intent: list(keys) for intent, keys in bindings.items()}
        self._by_key: dict[str, list[str]] = {}
        for intent, keys in self.bindings.items():
            for key in keys:
                self._by_key.setdefault(key.lower(), []).append(intent)
        if "pause" in self.bindings:
            self._by_key.setdefault("escape", ["pause"])

    def of(self, event: pygame.event.Event) -> tuple[str, ...]:
        """The intents a raw event triggers, in binding order; empty for unbound keys."""
        name = event_key_name(event)
        if name is None:
            return ()
        return tuple(self._by_key.get(name, ()))

    def has(self, event: pygame.event.Event, intent: str) -> bool:
        """True if ``event`` triggers ``intent``."""
        return intent in self.of(event)

    def keys_for(self, intent: str) -> list[str]:
        """The bindings of ``intent`` (may be empty)."""
        return list(self.bindings.get(intent, []))

    def label(self, intent: str) -> str:
        """The bindings of ``intent`` as shown to players, e.g. ``"E / R"``."""
        return " / ".join(display_name(k) for k in self.bindings.get(intent, [])) or "—"

    def event_for(self, intent: str) -> pygame.event.Event:
        """A KEYDOWN event that triggers ``intent`` (for tests and tools); KeyError if unbound."""
        for binding in self.bindings.get(intent, []):
            code = key_code(binding)
            if code is not None:
                return pygame.event.Event(pygame.KEYDOWN, key=code[0], mod=code[1], unicode="")
        raise KeyError(intent)


def rebind(
    bindings: Mapping[str, Iterable[str]], intent: str, key: str
) -> tuple[dict[str, list[str]], list[tuple[str, str | None]]]:
    """New bindings where ``key`` is ``intent``'s only key, and what moved.

    The key is removed from every other intent, so one key never triggers two intents. An
    intent left with no key at all takes back a default key of its own if one is free (a
    trial bound Hint to G, then Undo to G, and the swap left Ctrl+Z giving hints), else
    ``intent``'s old key (the keys are swapped), else a free key (``free_key``: a spare), so
    no action is ever unbound. Returns (bindings, [(other intent, the
    key it got or None)]) for each intent that lost ``key``; None means it kept other keys.
    """
    result: dict[str, list[str]] = {name: list(keys) for name, keys in bindings.items()}
    freed = [k for k in result.get(intent, []) if k != key]
    result[intent] = [key]
    moved: list[tuple[str, str | None]] = []
    for name, keys in result.items():
        if name == intent or key not in keys:
            continue
        keys.remove(key)
        given: str | None = None
        if not keys:
            used = {k for bound in result.values() for k in bound}
            own = [k for k in DEFAULT_KEY_BINDINGS.get(name, []) if k not in used]
            given = own[0] if own else freed[0] if freed else free_key(name, used)
            if given in freed:
                freed.remove(given)
            keys.append(given)
        moved.append((name, given))
    return result, moved
