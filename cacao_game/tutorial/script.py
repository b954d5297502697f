"""The guided first game as data: the deal, every decision of both seats, and the lessons.

The tutorial is one fixed two-player game: you (seat 0) against Coco (seat 1, a computer
seat that plays the moves written here). ``DEAL`` is built by hand (``Setup`` checks that it
is the real two-player deck); ``SOLUTION`` is every decision of the game in order, as the
engine takes them (automatic steps are not listed). The player's own decisions must reach
what ``SOLUTION`` reaches (``cacao_game.tutorial.coach`` judges them); Coco's are played as
written.

``STEPS`` are the lessons: each shows when ``at`` decisions have been made, and either waits
for the player's own decision that starts at ``SOLUTION[at]`` (``move``) or for Next. Their
texts are string keys: ``tutorial.chapter.<chapter>`` (the title), ``tutorial.step.<key>``
(what to do) and, for a move, ``tutorial.why.<key>`` (said after a wrong try).
``tools/tutorial_board.py`` prints the game turn by turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Action, Fill, Overbuild, Place, Resolve, Setup
from cacao_game.engine.tiles import (
    GOLD1,
    GOLD2,
    MARKET2,
    MARKET3,
    MARKET4,
    PLANTATION1,
    PLANTATION2,
    SUN,
    TEMPLE,
    WATER,
    N,
    Pos,
    S,
    W,
)

PLAYER: Final = 0
"""The seat the player plays."""
COACH_SEAT: Final = 1
"""Coco's seat."""

COCO: Final = "Coco"
COLORS: Final = ("red", "purple")
KINDS: Final = ("human", "medium")
"""Each seat's colour and kind (Coco's kind only names her in the panel: she plays the script)."""

VERSION: Final = 1
"""Changes whenever ``DEAL``, ``SOLUTION`` or ``STEPS`` change: saved progress of another
version starts over."""

DEAL: Final = Setup(
    players=2,
    variant="base",
    seed=None,
    display=(GOLD1, WATER),
    jungle_pile=(
        TEMPLE, PLANTATION2, MARKET3, TEMPLE, PLANTATION1, SUN, MARKET3, TEMPLE, PLANTATION1,
        MARKET4, WATER, GOLD2, PLANTATION2, TEMPLE, MARKET3, PLANTATION1, MARKET2,
    ),
    hands=(("2101", "1111", "3100"), ("1111", "2101", "2101")),
    worker_piles=(
        ("3001", "1111", "2101", "2101", "1111", "2101", "2101", "1111"),
        ("1111", "3100", "3001", "2101", "1111", "2101", "1111", "2101"),
    ),
)  # fmt: skip
"""The deal: piles top first, so the tiles each lesson needs come up in time."""

SOLUTION: Final[tuple[Action, ...]] = (
    # turn 1, you: first tile, harvest then sell
    Place("2101", 3, (1, 0)),
    Resolve((1, 0), W, 2),
    Resolve((1, 0), S, 1),
    # turn 2, Coco: her fill activates your worker
    Place("1111", 0, (0, -1)),
    Fill((1, -1), GOLD1),
    # turn 3, you: filling, water
    Place("3100", 0, (-1, 0)),
    Fill((-1, -1), WATER),
    # turn 4, Coco: a temple
    Place("2101", 3, (0, 1)),
    Fill((-1, 1), TEMPLE),
    # turn 5, you: temple majority
    Place("3001", 1, (-2, 1)),
    Fill((-2, 0), PLANTATION2),
    # turn 6, Coco
    Place("1111", 0, (1, 2)),
    Fill((0, 2), TEMPLE),
    Resolve((1, 2), N, 0),
    # turn 7, you: sell at a market (3)
    Place("2101", 3, (-1, 2)),
    Fill((-2, 2), MARKET3),
    Resolve((-1, 2), W, 2),
    # turn 8, Coco: water
    Place("3100", 1, (-2, -1)),
    # turn 9, you: sun, two spaces to fill
    Place("2101", 0, (2, 1)),
    Fill((2, 0), SUN),
    Resolve((2, 1), W, 1),
    # turn 10, Coco
    Place("3001", 3, (-1, -2)),
    Fill((-2, -2), TEMPLE),
    Resolve((0, -1), N, 1),
    # turns 11-17: practice
    Place("1111", 0, (-3, 0)),
    Fill((-3, -1), MARKET4),
    Place("2101", 0, (2, 3)),
    Fill((1, 3), WATER),
    Place("2101", 1, (-4, -1)),
    Fill((-4, 0), PLANTATION2),
    Place("2101", 1, (0, 3)),
    Fill((-1, 3), TEMPLE),
    Place("2101", 2, (-3, -2)),
    Fill((-4, -2), GOLD2),
    Place("2101", 3, (-4, -3)),
    Fill((-3, -3), PLANTATION1),
    Place("1111", 0, (-5, 0)),
    Fill((-5, -1), MARKET3),
    Resolve((-5, 0), N, 1),
    # turn 18, Coco: the jungle runs out
    Place("2101", 1, (-5, -2)),
    Resolve((-5, -2), N, 1),
    Resolve((-5, -2), S, 1),
    Resolve((-4, -3), W, 2),
    # turns 19-22: overbuilding, then the end
    Overbuild("1111", 0, (-4, -1)),
    Resolve((-4, -1), W, 1),
    Place("1111", 0, (-2, 3)),
    Resolve((-2, 3), N, 1),
    Overbuild("1111", 0, (-3, -2)),
    Place("1111", 0, (-1, 4)),
)
"""Every decision of the tutorial game, both seats, in order."""

END: Final = len(SOLUTION)
"""Decisions made when the game is over."""


@dataclass(frozen=True, slots=True)
class Look:
    """Something a step points at. ``kind``:

    - ``square``: board square ``pos``;
    - ``hand``: the hand tile ``code`` (a placement's tile is pointed at anyway until it is
      selected); ``display``: the display tile ``code``;
    - ``panel``: ``seat``'s panel, the part ``part`` (gold, cacao, sun, water) or all of it;
    - ``choice``: the resolution row the step expects;
    - ``temples``: the temples overview on the board; ``pile``: the jungle pile.
    """

    kind: str
    pos: Pos | None = None
    code: str = ""
    seat: int = PLAYER
    part: str = ""


@dataclass(frozen=True, slots=True)
class Step:
    """One lesson step (see the module docstring)."""

    key: str
    chapter: str
    at: int
    move: bool
    looks: tuple[Look, ...] = ()
    ghost: bool = False
    """Show the expected tile on its square from the start (else only after a wrong try or
    when the player asks for the answer)."""


def _sq(*squares: Pos) -> tuple[Look, ...]:
    return tuple(Look("square", pos) for pos in squares)


CHOICE: Final = Look("choice")
TEMPLES: Final = Look("temples")


def _display(code: str) -> Look:
    return Look("display", code=code)


def _panel(part: str = "", seat: int = PLAYER) -> Look:
    return Look("panel", seat=seat, part=part)


STEPS: Final[tuple[Step, ...]] = (
    Step("welcome", "first_tile", 0, False),
    Step("village", "first_tile", 0, False, (_panel(),)),
    Step("place", "first_tile", 0, True, _sq((1, 0), (0, 0), (1, 1))),
    Step("sell", "harvest_sell", 1, True, (CHOICE, _panel("cacao"), _panel("gold"))),
    Step("coco_fill", "activation", 5, False, (*_sq((1, -1), (1, 0)), _panel("gold"))),
    Step("fill_place", "filling", 5, True, _sq((-1, 0), (-1, -1))),
    Step("fill_choose", "filling", 6, True, (_display(WATER), *_sq((-1, -1)))),
    Step("water", "water", 7, False, (_panel("water"), _panel("water", COACH_SEAT), *_sq((-1, -1)))),
    Step("temple_place", "temples", 9, True, (*_sq((-2, 1), (-1, 1)), TEMPLES)),
    Step("temple_fill", "temples", 10, True, (_display(PLANTATION2), *_sq((-2, 0)))),
    Step("temple_lead", "temples", 11, False, (TEMPLES, *_sq((-1, 1)))),
    Step("market_place", "markets", 14, True, _sq((-1, 2), (-2, 2))),
    Step("market_fill", "markets", 15, True, (_display(MARKET3), *_sq((-2, 2)))),
    Step("market_sell", "markets", 16, True, (CHOICE, _panel("cacao"))),
    Step("sun_place", "sun", 18, True, _sq((2, 1), (2, 0), (2, 2))),
    Step("sun_fill", "sun", 19, True, (_display(SUN), _display(PLANTATION1), *_sq((2, 0), (2, 2)))),
    Step("sun_sell", "sun", 20, True, (CHOICE, _panel("sun"))),
    Step("sun_tokens", "sun", 21, False, (_panel("sun"),)),
    Step("practice_1", "practice", 24, True, _sq((-3, 0), (-3, -1), (-3, 1)), ghost=True),
    Step("practice_1_fill", "practice", 25, True, (_display(MARKET4), *_sq((-3, -1)))),
    Step("practice_2", "practice", 28, True, _sq((-4, -1), (-3, -1)), ghost=True),
    Step("practice_2_fill", "practice", 29, True, (_display(PLANTATION2), *_sq((-4, 0)))),
    Step("practice_3", "practice", 32, True, _sq((-3, -2), (-3, -1), (-2, -2)), ghost=True),
    Step("practice_3_fill", "practice", 33, True, (_display(GOLD2), *_sq((-4, -2)))),
    Step("practice_4", "practice", 36, True, _sq((-5, 0), (-5, -1)), ghost=True),
    Step("practice_4_fill", "practice", 37, True, (_display(MARKET3), *_sq((-5, -1)))),
    Step("practice_4_sell", "practice", 38, True, (CHOICE,)),
    Step("jungle_empty", "overbuild", 43, False, (Look("pile"), _panel("sun"))),
    Step("overbuild", "overbuild", 43, True, _sq((-4, -1)), ghost=True),
    Step("overbuild_sell", "overbuild", 44, True, (CHOICE,)),
    Step("last_tile", "overbuild", 47, True, _sq((-3, -2)), ghost=True),
    Step("scoring", "scoring", END, False, (TEMPLES, _panel(), _panel(seat=COACH_SEAT))),
)
"""The lessons, in order (``at`` never decreases)."""

CHAPTERS: Final[tuple[str, ...]] = tuple(dict.fromkeys(step.chapter for step in STEPS))
"""The chapters in order: ``tutorial.chapter.<name>`` is each one's title."""


def chapter_of(index: int) -> int:
    """The number (from 1) of the chapter of step ``index``; the last once finished."""
    if not 0 <= index < len(STEPS):
        return len(CHAPTERS)
    return CHAPTERS.index(STEPS[index].chapter) + 1


def config(player: str) -> GameConfig:
    """The seats of the tutorial game: the player called ``player`` (a clean name, see
    ``cacao_game.config.names``) and Coco; no seed (the deal is ``DEAL``). Raises ValueError
    for a name that is not clean."""
    names = (player, COCO)
    result = GameConfig(seats=[SeatConfig(*seat) for seat in zip(names, COLORS, KINDS, strict=True)])
    result.validate()
    return result
