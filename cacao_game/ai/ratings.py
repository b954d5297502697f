"""Each AI level's rating (Elo, random = 0), as measured by ``tools/ladder.py``.

Written by that tool (``--write-ratings``); the setup scene shows these numbers next to the
levels' names. Do not edit by hand: run the command below again.
"""

from __future__ import annotations

from typing import Final

RATINGS: Final[dict[str, int]] = {}
"""Level name -> rating; a level missing here is shown without one."""

COMMAND: Final = "(not measured yet)"
"""The command that measured them."""
GAMES: Final = 0
"""Games behind them (2 players, duplicate deals, every pairing)."""
