"""Names that look alike on screen (``config.lookalike``): a table refuses a name that passes
for one someone there has (test_net_hostile), by Unicode's confusables (UTS #39)."""

from __future__ import annotations

import importlib.util
import string
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cacao_game.config.lookalike import look_alike, prototypes, skeleton
from cacao_game.config.names import clean_name

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ana", "ANA"),
        ("Ana", "\u0410na"),  # Cyrillic capital A
        ("Ana", "\u0391NA"),  # Greek capital Alpha
        ("Ana", "\uff21\uff4e\uff41"),  # full-width letters
        ("Bo", "B0"),  # a zero for an O
        ("Ian", "lan"),  # a capital I for an l
        ("Isa", "isa"),
        ("Jürgen", "Ju\u0308rgen"),  # the same letter, decomposed
        ("Paco", "\u0420\u0430\u0441\u043e"),  # every letter Cyrillic
    ],
)
def test_names_that_pass_for_each_other_look_alike(first: str, second: str) -> None:
    assert first != second
    assert look_alike(first, second) and look_alike(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [("Ana", "Anna"), ("Zoë", "Zoe"), ("Jürgen", "Jurgen"), ("Lea", "Léa"), ("Bo", "Bob"), ("Mia", "Nia")],
)
def test_names_a_player_tells_apart_do_not(first: str, second: str) -> None:
    assert not look_alike(first, second)


@given(st.text(min_size=1, max_size=24))
def test_a_name_looks_like_itself_composed_or_decomposed(text: str) -> None:
    try:
        name = clean_name(text)
    except ValueError:
        return
    assert look_alike(name, name)
    assert look_alike(name, unicodedata.normalize("NFD", name))


@given(st.text(alphabet=string.ascii_letters + string.digits + " ", min_size=1, max_size=24))
def test_a_latin_name_looks_like_itself_in_the_other_case(name: str) -> None:
    assert look_alike(name, name.swapcase())


def test_the_table_is_unicodes_and_the_skeleton_keeps_its_prototypes() -> None:
    """The committed table is Unicode's data (UTS #39 ``confusables.txt`` 13.0.0: 6,311
    characters, with their licence beside it), and a prototype is its own skeleton, so a
    skeleton is stable."""
    table = prototypes()
    assert len(table) == 6311
    assert table["\u0430"] == "a" and table["0"] == "O" and table["m"] == "rn"
    assert (ROOT / "cacao_game" / "config" / "confusables.LICENSE.txt").read_text().count(
        "UNICODE LICENSE V3"
    ) == 1
    for prototype in {*table.values()}:
        assert skeleton(skeleton(prototype)) == skeleton(prototype)


def test_the_tool_reads_confusables_txt_lines() -> None:
    """``tools/make_confusables.py`` reads the header and the MA lines of Unicode's format."""
    spec = importlib.util.spec_from_file_location("make_confusables", ROOT / "tools" / "make_confusables.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    text = (
        "\ufeff# confusables.txt\n# Date: 2020-02-13, 01:38:49 GMT\n# Version: 13.0.0\n"
        "0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → LATIN SMALL LETTER A\t#\n"
        "006D ;\t0072 006E ;\tMA\t# ( m → rn )\n"
        "# 0431 ;\t0062 ;\tMA\n"
    )
    header, table = tool.read_confusables(text)
    assert header == {"Date": "2020-02-13, 01:38:49 GMT", "Version": "13.0.0"}
    assert table == {"\u0430": "a", "m": "rn"}
