"""Names: one validator (``cacao_game.config.names``) for typed names, saves and records."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.config.names import MAX_NAME_LENGTH, clean_name, is_clean_name, name_problem


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("  Ana  ", "Ana"),
        ("Ana \t\n Bo", "Ana Bo"),
        ("A\u200bn\u200da\u2060\ufeff", "Ana"),
        ("Zoe\u0308", "Zoë"),  # NFC composes the mark
        ("\u202eevil\u202c", "evil"),
        ("Bo\x00\x1b[2J", "Bo[2J"),
        ("Bo\ud800", "Bo"),
        ("\ufe0f\u034f\u17b4Cy", "Cy"),
        ("سارة", "سارة"),
        ("Z" + "\u0301\u0302\u0303" * 50, "Ź\u0302\u0303"),  # at most 2 marks after composing
        ("x" * 100, "x" * MAX_NAME_LENGTH),
    ],
)
def test_clean_name_keeps_what_a_person_typed(typed: str, name: str) -> None:
    """Controls, invisible characters and doubled spaces go; NFC; at most 24 characters."""
    assert clean_name(typed) == name
    assert is_clean_name(name) and name_problem(name) is None


@pytest.mark.parametrize("typed", ["", "   ", "\u200b\u200c", "\x00\x01", "\ud800\udc00", "\u0301\u0302", 7])
def test_clean_name_refuses_text_without_a_visible_character(typed: object) -> None:
    """Nothing visible left (or not text at all): ValueError with a reason."""
    with pytest.raises(ValueError, match="a name"):
        clean_name(typed)  # type: ignore[arg-type]


@given(st.text(max_size=60))
def test_clean_names_are_short_clean_and_stable(text: str) -> None:
    """Whatever is typed, a cleaned name is clean, at most 24 characters, and cleaning it again keeps it."""
    try:
        name = clean_name(text)
    except ValueError:
        return
    assert len(name) <= MAX_NAME_LENGTH
    assert name_problem(name) is None
    assert clean_name(name) == name


@pytest.mark.parametrize(
    ("stored", "reason"),
    [
        ("Ana\x00", "U+0000"),
        ("\ud800", "U+D800"),
        ("\u200b\u200d", "U+200B"),
        ("A" * 1_000_000, "1000000 characters"),
        ("Ana  Bo", "clean form 'Ana Bo'"),
        (" Ana", "clean form 'Ana'"),
        ("Zoe\u0308", "clean form"),
    ],
)
def test_a_config_with_an_unclean_name_is_refused_not_changed(stored: str, reason: str) -> None:
    """GameConfig.from_dict (what saves use) refuses a name that is not clean, with the reason."""
    data = GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "easy")]).to_dict()
    seats = data["seats"]
    assert isinstance(seats, list) and isinstance(seats[1], dict)
    seats[1]["name"] = stored
    with pytest.raises(ValueError, match=rf"^seat 2's name .*{re.escape(reason)}") as refused:
        GameConfig.from_dict(data)
    assert "\n" not in str(refused.value)


def test_a_config_with_an_unclean_kind_is_refused() -> None:
    """The seat's kind (human or an AI level) passes the same validator."""
    config = GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "easy\x1b[2J")])
    with pytest.raises(ValueError, match=r"^seat 2.s kind contains an invisible .*U\+001B"):
        config.validate()
