"""Names of seats and players: a name is text that a person could type.

One validator for every name the program shows, wherever it comes from (the setup scene's
text field, a save, a game record):

* ``clean_name(text)`` turns typed or pasted text into a name, or raises ValueError with a
  one-line reason when nothing usable is left. The setup scene calls it on the text field.
* ``name_problem(text)`` says why stored text is not a clean name (None when it is one).
  Files are checked with it: a save or record whose name is not already clean is refused,
  never silently changed (``GameConfig.validate``).

Cleaning normalizes to Unicode NFC; drops control and format characters (categories Cc, Cf),
lone surrogates (Cs), private-use (Co) and unassigned (Cn) code points, and the
default-ignorable characters that draw nothing (zero-width spaces and joiners, variation
selectors, the combining grapheme joiner, Hangul fillers, ...); turns every run of
whitespace into one space and trims the ends; keeps at most ``MAX_MARKS`` combining marks on
one character; and keeps the first ``MAX_NAME_LENGTH`` characters. A name must keep at least
one letter, digit, punctuation mark or symbol.

Pure Python, no pygame.
"""

from __future__ import annotations

import unicodedata
from typing import Final

MAX_NAME_LENGTH: Final = 24
"""The most characters (code points, after NFC) a name may have."""

MAX_MARKS: Final = 2
"""The most combining marks kept on one character (stops "zalgo" text drawing over others)."""

_DROPPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_VISIBLE_CATEGORY_STARTS: Final = frozenset("LNPS")
_MARK_CATEGORIES: Final = frozenset({"Mn", "Mc", "Me"})

_IGNORABLE_RANGES: Final[tuple[tuple[int, int], ...]] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): drawn as nothing."""


def is_invisible(char: str) -> bool:
    """True for a character a name never keeps: a control, format, surrogate, private-use,
    unassigned or default-ignorable code point (whitespace is not invisible here).

    The command line escapes the same characters when it prints text read from files.
    """
    if unicodedata.category(char) in _DROPPED_CATEGORIES and not char.isspace():
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in _IGNORABLE_RANGES)


def clean_name(text: str) -> str:
    """The name a person meant by ``text`` (see the module docstring for every step).

    Never longer than ``MAX_NAME_LENGTH``; ``clean_name(clean_name(t)) == clean_name(t)``.
    Raises ValueError with a one-line reason if ``text`` is not a str or keeps no letter,
    digit, punctuation mark or symbol (empty, only spaces, only invisible characters).
    """
    if not isinstance(text, str):
        raise ValueError(f"a name is text, not {type(text).__name__}")
    kept: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", text):
        if len(kept) >= MAX_NAME_LENGTH:
            break
        if char.isspace():
            if kept and kept[-1] != " ":
                kept.append(" ")
            marks = 0
            continue
        if is_invisible(char):
            continue
        if unicodedata.category(char) in _MARK_CATEGORIES:
            if not kept or kept[-1] == " " or marks >= MAX_MARKS:
                continue
            marks += 1
        else:
            marks = 0
        kept.append(char)
    name = unicodedata.normalize("NFC", "".join(kept))[:MAX_NAME_LENGTH].strip()
    if not any(unicodedata.category(char)[0] in _VISIBLE_CATEGORY_STARTS for char in name):
        raise ValueError("a name needs at least one letter, digit or sign")
    return name


def name_problem(text: object) -> str | None:
    """Why ``text`` is not a clean name (a one-line reason), or None when it is one.

    A clean name is exactly what ``clean_name`` gives for it. Cheap for any length: text
    longer than ``MAX_NAME_LENGTH`` is refused before it is looked at.
    """
    if not isinstance(text, str):
        return f"is not text but {type(text).__name__}"
    if len(text) > MAX_NAME_LENGTH:
        return f"has {len(text)} characters (at most {MAX_NAME_LENGTH})"
    invisible = next((char for char in text if is_invisible(char)), None)
    if invisible is not None:
        return f"contains an invisible or control character (U+{ord(invisible):04X})"
    try:
        cleaned = clean_name(text)
    except ValueError as error:
        return f"is not usable ({error})"
    if cleaned != text:
        return f"is not in its clean form {cleaned!r} (spaces, marks or Unicode normal form)"
    return None


def is_clean_name(text: object) -> bool:
    """True when ``text`` is a name as ``clean_name`` makes them."""
    return name_problem(text) is None
