"""Key bindings read from settings.json follow the Settings screen's rule (issue 21, faults 4, 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cacao_game.config.settings import (
    DEFAULT_KEY_BINDINGS,
    MAX_KEYS_PER_ACTION,
    SHARED_KEY_INTENTS,
    BindingRepair,
    load_settings,
)


def load(tmp_path: Path, bindings: dict[str, list[str]]) -> tuple[dict[str, list[str]], list[BindingRepair]]:
    """The key bindings of a settings file holding ``bindings``, and the repairs made."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"key_bindings": bindings}))
    repairs: list[BindingRepair] = []
    return load_settings(path, repairs).key_bindings, repairs


def owners(bindings: dict[str, list[str]]) -> dict[str, list[str]]:
    """Key -> the actions it triggers."""
    found: dict[str, list[str]] = {}
    for intent, keys in bindings.items():
        for key in keys:
            found.setdefault(key, []).append(intent)
    return found


def one_action_per_key(bindings: dict[str, list[str]]) -> bool:
    """The Settings screen's rule: a key triggers one action (or a pair allowed to share)."""
    return all(
        len(intents) == 1 or (len(intents) == 2 and frozenset(intents) in SHARED_KEY_INTENTS)
        for intents in owners(bindings).values()
    )


def test_the_default_bindings_need_no_repair(tmp_path: Path) -> None:
    """Confirm and Skip share Space by default: allowed, nothing is repaired."""
    bindings, repairs = load(tmp_path, {k: list(v) for k, v in DEFAULT_KEY_BINDINGS.items()})
    assert repairs == [] and bindings == DEFAULT_KEY_BINDINGS


def test_every_action_on_space_is_repaired(tmp_path: Path) -> None:
    """Space stays with the actions it is a default of (Confirm, and Skip which shares it);
    every other action gets a key of its own, each action one at least."""
    bindings, repairs = load(tmp_path, {intent: ["space"] for intent in DEFAULT_KEY_BINDINGS})
    assert sorted(owners(bindings)["space"]) == ["confirm", "skip"]
    assert one_action_per_key(bindings)
    assert all(bindings[intent] for intent in DEFAULT_KEY_BINDINGS)
    assert {r.intent for r in repairs} == set(DEFAULT_KEY_BINDINGS) - {"confirm", "skip"}
    assert bindings["rotate_cw"] == ["e"] and bindings["pause"] == ["escape"]


def test_confirm_on_escape_leaves_escape_to_pause(tmp_path: Path) -> None:
    """Escape is Pause's key: Confirm loses it and gets its own default back."""
    bindings, repairs = load(tmp_path, {"confirm": ["escape"]})
    assert bindings["pause"] == ["escape"]
    assert bindings["confirm"] == ["return"]
    assert repairs == [BindingRepair("confirm", "escape")]


def test_a_key_two_actions_share_stays_with_the_first(tmp_path: Path) -> None:
    """A key no action has by default stays with the first action naming it."""
    bindings, repairs = load(tmp_path, {"hint": ["x"], "undo": ["x"]})
    assert bindings["undo"] == ["x"] and bindings["hint"] == ["h"]
    assert repairs == [BindingRepair("hint", "x")]


def test_too_many_keys_for_one_action_are_capped(tmp_path: Path) -> None:
    """3,000 keys for one action: its first ``MAX_KEYS_PER_ACTION`` keys are kept, the rest
    dropped and reported; repeats of a key count once."""
    many = [chr(code) for code in range(0x4E00, 0x4E00 + 3000)]  # one character each: a layout's keys
    bindings, repairs = load(tmp_path, {"hint": ["h", "h", *many]})
    assert bindings["hint"] == ["h", *many[: MAX_KEYS_PER_ACTION - 1]]
    assert repairs == [BindingRepair("hint", dropped=3001 - MAX_KEYS_PER_ACTION)]


class CountingFont:
    """A font stand-in: every character 10 pixels wide; counts the measurements."""

    def __init__(self) -> None:
        self.measured = 0

    def size(self, text: str) -> tuple[int, int]:
        self.measured += 1
        return 10 * len(text), 20


@pytest.mark.parametrize("keys", [1, 10, 3000])
def test_fitting_the_key_caption_is_linear_and_cached(keys: int) -> None:
    """The caption keeps the keys that fit, measuring each key once (not the whole string
    once per key dropped), and the same caption again costs no measurement."""
    from cacao_game.app.widgets import first_fitting

    font = CountingFont()
    caption = " / ".join(f"K{n}" for n in range(keys))
    fitted = first_fitting(font, caption, 200)  # type: ignore[arg-type]
    assert font.size(fitted)[0] <= 200 or fitted == "K0"
    assert caption.startswith(fitted)
    if keys > 1:
        assert font.size(fitted + " / K99")[0] > 200 or fitted == caption
    font.measured = 0
    first_fitting(font, caption, 200)  # type: ignore[arg-type]
    assert font.measured == 0


def test_measurements_grow_linearly() -> None:
    """Measuring 3,000 keys takes about 3,000 measurements (the old fitting took ~3,000 of
    the whole string, each 3,000 keys long)."""
    from cacao_game.app.widgets import first_fitting

    font = CountingFont()
    caption = " / ".join(f"Q{n}" for n in range(3000))
    first_fitting(font, caption, 10**9)  # type: ignore[arg-type]
    assert font.measured <= 3000 + 3


def test_the_player_is_told_which_actions_were_repaired(tmp_path: Path) -> None:
    """The notice names the actions in the player's language."""
    from cacao_game.app.prefs import repair_notice
    from cacao_game.app.strings import t

    _, repairs = load(tmp_path, {"confirm": ["escape"], "hint": ["u"]})
    notice = repair_notice(repairs)
    assert notice is not None
    assert t("intent.confirm") in notice and t("intent.hint") in notice
    assert repair_notice([]) is None


def test_a_key_name_the_game_does_not_know_sets_that_action_back_to_its_default(tmp_path: Path) -> None:
    """A tester's settings file bound Confirm to ``["h", "nonsensekey"]``: H stayed with Hint
    and Confirm was left with a key that does not exist (Enter no longer confirmed, the
    table said "Nonsensekey confirm"). A name no key has sets the action back to its default
    keys, said in the notice; a layout's own character (``ö``) and the keypad's are keys."""
    bindings, repairs = load(tmp_path, {"confirm": ["h", "nonsensekey"], "hint": ["ö"], "zoom_in": ["[+]"]})
    assert bindings["confirm"] == DEFAULT_KEY_BINDINGS["confirm"]
    assert BindingRepair("confirm") in repairs
    assert bindings["hint"] == ["ö"] and bindings["zoom_in"] == ["[+]"]


@pytest.mark.parametrize("character", ["\x00", "\u202e", "\U0001f600", "\t", "\u00a0"])
def test_a_key_name_no_key_can_have_sets_that_action_back_to_its_default(
    tmp_path: Path, character: str
) -> None:
    """A trial's settings file bound Undo to NUL as well as Ctrl+Z: the table could not draw
    its key caption and the game stopped at every start. A control or format character, a
    space or an emoji is no key: the action keeps its default keys, said in the notice."""
    bindings, repairs = load(tmp_path, {"undo": ["ctrl+z", character]})
    assert bindings["undo"] == DEFAULT_KEY_BINDINGS["undo"]
    assert BindingRepair("undo") in repairs


def test_every_key_pygame_names_can_be_bound() -> None:
    """``NAMED_KEY_NAMES`` and the one-character rule cover every key pygame-ce names, with
    and without Ctrl, so no key the Settings screen can record is refused on the next start."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from cacao_game.config.settings import is_key_name

    names = {pygame.key.name(getattr(pygame, k)) for k in dir(pygame) if k.startswith("K_")} - {""}
    refused = sorted(n for n in names if not (is_key_name(n.lower()) and is_key_name("ctrl+" + n.lower())))
    assert refused == []
    assert not is_key_name("nonsensekey") and not is_key_name("ctrl+nonsense")
