"""Names as the screen shows them: text the bundled fonts cannot draw is never shown as boxes.

A name typed at the table or on the Join form with such a character is refused there
(``name_glyph_problem``, ``unshown_characters``);
a name read from a file (a save, a record) that holds one is shown by a readable stand-in,
the seat's default name ("Player 2", "Easy AI"), while the file keeps the name as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cacao_game.app.assets import Assets
from cacao_game.app.fonts import cannot_draw
from cacao_game.app.strings import seat_names, t

PROBE_PIXELS: Final = 24
"""The size of the font asked about coverage (the same glyphs at every size)."""
NAMED_CHARACTERS: Final = 3
"""Characters a refusal names by code point; more are left out."""


def missing_glyphs(assets: Assets, text: str) -> str:
    """The characters of ``text`` the bundled fonts cannot draw (each once, in order)."""
    return cannot_draw(assets.font_px(PROBE_PIXELS), text)


def seat_labels(assets: Assets, names: Sequence[str], kinds: Sequence[str]) -> list[str]:
    """What the seats are called on screen (``seat_names``), with the stand-in for every
    name the fonts cannot draw."""
    drawable = ["" if missing_glyphs(assets, name) else name for name in names]
    return seat_names(drawable, list(kinds))


def code_points(chars: str) -> str:
    """``chars`` as code points, "U+0627 U+0645", the first ``NAMED_CHARACTERS`` of them."""
    shown = " ".join(f"U+{ord(char):04X}" for char in chars[:NAMED_CHARACTERS])
    return shown + (" …" if len(chars) > NAMED_CHARACTERS else "")


def unshown_characters(assets: Assets, name: str) -> str | None:
    """The characters of ``name`` the fonts cannot draw, as code points (``code_points``),
    or None when it can be shown whole."""
    missing = missing_glyphs(assets, name)
    return code_points(missing) if missing else None


def name_glyph_problem(assets: Assets, names: Sequence[str]) -> str | None:
    """Why a name typed at the table cannot be taken (a character the fonts cannot draw),
    else None."""
    for number, name in enumerate(names, start=1):
        chars = unshown_characters(assets, name)
        if chars is not None:
            return t("setup.error_glyphs", number=number, chars=chars)
    return None
