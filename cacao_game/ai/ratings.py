"""Each AI level's rating (Elo, random = 0), as measured by ``tools/ladder.py``.

Written by that tool (``--write-ratings``); the setup scene shows these numbers next to the
levels' names. Do not edit by hand: run the command below again.
"""

from __future__ import annotations

from typing import Final

RATINGS: Final[dict[str, int]] = {
    "random": 0,
    "easy": 705,
    "medium": 1355,
    "hard": 1545,
    "expert": 1697,
}
"""Level name -> rating; a level missing here is shown without one."""

COMMAND: Final = (
    "python tools/ladder.py easy medium hard random --deals 100 --deals-with hard=15 --out "
    "out/ladder --write-ratings --markdown; then python tools/ladder.py "
    "expert:time_budget=1,clock=cpu hard:time_budget=1,clock=cpu --keep hard --out out/ladder "
    "--write-ratings"
)
"""The command that measured them."""
GAMES: Final = 1090
"""Games behind them (2 players, duplicate deals, every pairing)."""
