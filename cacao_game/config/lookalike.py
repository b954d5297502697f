"""Names that look alike on screen, though their letters differ.

A table refuses a name that someone there already has, letter case aside; a player could
otherwise pass as another by typing a Cyrillic "А" for the Latin "A" ("Аna" beside "Ana"),
a zero for an "O", or a capital "I" for an "l". ``look_alike(a, b)`` compares two names by
Unicode's skeletons (UTS #39, Unicode Security Mechanisms): each character is replaced by
the prototype it is confusable with, from Unicode's ``confusables.txt``
(``confusables.json`` beside this module, written by ``tools/make_confusables.py``), after
NFKC (full-width and other compatibility forms) and with letter case folded, once before the
skeleton and once after it (so "ANA" is "ana", and "Ian" is "lan").

Pure Python, no pygame.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources

import msgspec

from cacao_game import typed_json

TABLE_LIMIT = 1 << 20
"""Bytes the table may have (it has about 140 KB)."""


class Confusables(msgspec.Struct, forbid_unknown_fields=True):
    """``confusables.json``: Unicode's data, version and date, and each source character's
    prototype."""

    source: str
    version: str
    date: str
    prototypes: dict[str, str]


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype (read once)."""
    data = resources.files("cacao_game.config").joinpath("confusables.json").read_bytes()
    return typed_json.decode(data, Confusables, limit=TABLE_LIMIT).prototypes


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, every character replaced by its prototype, NFD."""
    table = prototypes()
    mapped = "".join(table.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def lookalike_keys(name: str) -> tuple[str, str]:
    """Two forms of ``name``; two names look alike when either form is the same: the
    skeleton of the case-folded name, case-folded ("ANA", "Аna" with a Cyrillic А, and
    "ana"), and the case-folded skeleton of the name ("Ian" and "lan")."""
    compatible = unicodedata.normalize("NFKC", name)
    return (
        skeleton(compatible.casefold()).casefold(),
        skeleton(compatible).casefold(),
    )


def look_alike(first: str, second: str) -> bool:
    """True when the names ``first`` and ``second`` would pass for each other on screen (the
    same letters in another case, or letters of another script or form that look the same)."""
    return any(a == b for a, b in zip(lookalike_keys(first), lookalike_keys(second), strict=True))
