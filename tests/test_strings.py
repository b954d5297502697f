"""Every string key the code asks for exists (a missing key would show its raw name)."""

from __future__ import annotations

import re
from pathlib import Path

from cacao_game.app import strings
from cacao_game.session.notices import Refused

ROOT = Path(__file__).resolve().parents[1] / "cacao_game"
LITERAL_KEY = re.compile(r"""\btn?\(\s*["']([a-z_]+\.[a-z0-9_.]+)["']""")


def test_every_literal_key_is_in_the_english_table() -> None:
    """``t("some.key")`` anywhere in the package names a key of the string table."""
    used = {
        key for path in ROOT.rglob("*.py") for key in LITERAL_KEY.findall(path.read_text(encoding="utf-8"))
    }
    assert used, "the pattern finds keys"
    missing = sorted(key for key in used if not strings.has(key))
    assert missing == []


def test_every_undo_refusal_has_its_message() -> None:
    """Each reason the session can give for refusing an undo is explained to the player by name;
    the other refusals are answered by the error sound."""
    from cacao_game.app.play.texts import refusal_text
    from cacao_game.session.notices import Refusal

    undo = {r for r in Refusal if r.value.startswith("undo.")}
    assert undo >= {Refusal.UNDO_OTHER_HUMAN, Refusal.UNDO_TURN_OVER, Refusal.UNDO_REVEAL}
    for reason in Refusal:
        text = refusal_text(Refused(reason, 1), ["Ana", "Bo"])
        assert (text is not None) == (reason in undo), reason
    assert "Bo" in (refusal_text(Refused(Refusal.UNDO_OTHER_HUMAN, 1), ["Ana", "Bo"]) or "")


def test_every_intent_and_choice_has_a_label() -> None:
    """Settings shows every action and every choice by name, never by its raw key."""
    from cacao_game.config.choices import ANIMATION_SPEEDS, PALETTES, UI_SCALES, UNDO_CHOICES, label_key
    from cacao_game.config.settings import DEFAULT_KEY_BINDINGS

    for intent in DEFAULT_KEY_BINDINGS:
        assert strings.has(f"intent.{intent}"), intent
    for setting, values in (
        ("animation_speed", ANIMATION_SPEEDS),
        ("palette", PALETTES),
        ("undo_policy", UNDO_CHOICES),
        ("ui_scale", UI_SCALES),
    ):
        for value in values:
            assert strings.has(label_key(setting, value)), (setting, value)


def test_a_sale_shows_a_minus_sign_not_plus_minus() -> None:
    """Selling 2 cacao shows "-2 cacao", never "+-2 cacao"."""
    from collections import Counter

    from cacao_game.app.play.texts import gains_text

    text = gains_text(Counter({"cacao": -2, "gold": 4}))
    assert "-2 cacao" in text and "+-" not in text and "+4 gold" in text
