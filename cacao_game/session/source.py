"""``TableSource``: what the table draws from and sends to, whoever drives the game.

The table (``cacao_game.app.play``) shows one source: a play session, a replay, a review,
the tutorial, or a game played on another machine. It never asks which one it holds: it
reads the queries below and asks ``capabilities`` what it may offer (Undo, Save, Hint, the
replay's step buttons), and it sends ``Command`` values to ``handle``.

Contract (every implementation keeps it):

- **Only what the seat in front of the screen may know.** ``table_game`` is the game as
  that seat sees it (``Game.view`` of the facing seat, or any game with the same public
  parts): other seats' hands and the piles' orders may be stand-ins, and the table never
  reads them. Where every hand is public (a recorded game, ``capabilities.open_hands``)
  the source may hand the whole game. ``journal`` holds the decisions shown so far; a
  source on another machine gives the events as the facing seat saw them.
- **Queries do not change the game.** Only ``handle``, ``poll``, ``step``, ``jump``,
  ``save``, ``set_undo`` and ``close`` change anything; every change of what the table
  shows makes ``version`` grow, so the table caches on it, except the move being prepared
  (the selection, which the table reads as it is): keys typed ahead count on a version
  that only a decision, an undo or news changes (``TableInput.drain``).
- **Commands a source does not take are ignored**, never raised: ``handle`` returns the
  engine events and notices a command caused, in order (``[]`` when it makes no sense now);
  ``step`` and ``jump`` do nothing where ``capabilities.step`` is False.
- **Seats** are in turn order; their number is the game's player count.

No pygame here: a source runs without a window (tests, tools, a server).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from cacao_game.ai.explain import Advice
from cacao_game.ai.registry import TIME_BUDGETS, TIMED_LEVELS
from cacao_game.config.game import GameConfig
from cacao_game.engine import Action, Game
from cacao_game.engine import events as ev
from cacao_game.jsontypes import JSON
from cacao_game.session.commands import Command
from cacao_game.session.journal import Entry
from cacao_game.session.messages import AIRequest
from cacao_game.session.notices import Notice, Refused
from cacao_game.session.selection import Selection

SourceEvent = ev.Event | Notice
"""What ``handle``, ``poll`` return: engine events and session notices."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the table names and colours it.

    ``name`` is the name given at setup, empty when none was (the table then calls the seat
    by its kind: "Player 2", "Medium AI"); ``color`` is a seat colour (``red``, ``purple``,
    ``white``, ``yellow``); ``kind`` is ``human`` or an AI level.
    """

    name: str
    color: str
    kind: str
    think_time: float | None = None
    """Seconds a timed AI level (hard, expert) thinks per decision at this table; None for a
    person, an untimed level, or a table that does not say."""

    @property
    def human(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind == "human"


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What the table may offer for a source (each a button, a key, or a loop the table runs).

    ``commands``: it takes the players' decisions (board input, Confirm). ``undo``: Undo is
    offered (``undo_check`` says when it works). ``hint``: Hint is offered. ``save``: the game
    can be saved (``save``). ``step``: it steps through a recorded game (``step``, ``jump``,
    ``stepping``; the replay's buttons). ``flags``: stepping can jump between flagged
    decisions (a review). ``autoplay``: the replay may play itself. ``open_hands``: every hand
    is public, so the table shows the hand of the seat its header names. ``ai``: it asks an
    AI for moves and hints (``take_requests``).
    """

    commands: bool = False
    undo: bool = False
    hint: bool = False
    save: bool = False
    step: bool = False
    flags: bool = False
    autoplay: bool = False
    open_hands: bool = False
    ai: bool = False


PLAY = Capabilities(commands=True, undo=True, hint=True, save=True, ai=True)
"""A game played at this screen."""
REPLAY = Capabilities(step=True, autoplay=True, open_hands=True)
"""A recorded game watched turn by turn."""
REVIEW = Capabilities(step=True, flags=True, open_hands=True)
"""A reviewed game stepped decision by decision."""


@dataclass(frozen=True, slots=True)
class Stepping:
    """Where a stepped source stands: ``position`` steps shown of ``steps`` (0 = the deal).
    ``decisions``: a step is a decision (a review), else a whole turn (a replay). In a review,
    ``reviewed`` decisions were reviewed, and ``decision`` is the number (from 1) of the one
    about to be made at the position shown, None at a step that is no reviewed decision (a
    turn's start: the review's progress counts decisions, a trial read "26 decisions" there
    and "step 1 of 46" on the table)."""

    position: int
    steps: int
    decisions: bool = False
    reviewed: int = 0
    decision: int | None = None

    @property
    def at_start(self) -> bool:
        """Nothing to step back to."""
        return self.position <= 0

    @property
    def at_end(self) -> bool:
        """Nothing to step on to."""
        return self.position >= self.steps


class TableSource(Protocol):
    """What the table needs from the game it shows (see the module's contract)."""

    @property
    def capabilities(self) -> Capabilities:
        """What the table may offer."""
        ...

    @property
    def version(self) -> int:
        """Grows with every change of what the table shows but the selection (above)."""
        ...

    @property
    def config(self) -> GameConfig:
        """The game's options (seats, variant, seed), passed on to the scoring screen."""
        ...

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """Every seat in turn order."""
        ...

    @property
    def humans(self) -> frozenset[int]:
        """The seats played by people at this screen."""
        ...

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the screen (hands hide behind a curtain between them)."""
        ...

    @property
    def curtain(self) -> int | None:
        """The human the hot-seat curtain waits for, or None."""
        ...

    @property
    def hint(self) -> Action | None:
        """The hinted action, if a hint is shown."""
        ...

    @property
    def advice(self) -> Advice | None:
        """Why the hint is the move, when known."""
        ...

    @property
    def journal(self) -> Sequence[Entry]:
        """One entry per decision shown so far, in order."""
        ...

    @property
    def selection(self) -> Selection:
        """The deciding human's selection (the provisional move, the fill, the focused row)."""
        ...

    @property
    def autosave_error(self) -> str | None:
        """Why the last autosave failed, until one works."""
        ...

    @property
    def view(self) -> dict[str, JSON]:
        """View state kept with the game (the camera ...); the source only stores it."""
        ...

    def deciding_seat(self) -> int | None:
        """The seat whose decision the game waits for (None once it is over)."""
        ...

    def face_up_seat(self) -> int | None:
        """The seat whose hand faces the screen now, or None (every hand face down)."""
        ...

    def accepts_input(self) -> bool:
        """Whether a person at the screen decides now (the curtain down)."""
        ...

    def table_game(self) -> Game:
        """The game as the seat in front of the screen may see it (see the contract)."""
        ...

    def finished_game(self) -> Game | None:
        """The whole game with its decisions once it is over (for the scoring screen, its
        replay and review); None while it runs."""
        ...

    def score_totals(self) -> tuple[int, ...]:
        """Each seat's end score if the game ended now (temples included)."""
        ...

    def waiting_for_ai(self) -> int | None:
        """The computer seat whose move is awaited, else None."""
        ...

    def undo_check(self) -> int | Refused:
        """How many decisions an undo would take back now, or why it is refused."""
        ...

    def stepping(self) -> Stepping | None:
        """Where a stepped source stands; None where ``capabilities.step`` is False."""
        ...

    def handle(self, command: Command) -> list[SourceEvent]:
        """Carry out a player's command; what it caused, in order ([] if nothing)."""
        ...

    def poll(self) -> list[SourceEvent]:
        """What happened on its own since the last call (autosave outcomes, a remote move)."""
        ...

    def take_requests(self) -> list[AIRequest]:
        """AI requests to send to the worker now, each once ([] for a source without AI)."""
        ...

    def hint_pending(self) -> bool:
        """Whether a hint was asked for and its answer is still awaited."""
        ...

    def awaits_move(self, request_id: int) -> bool:
        """Whether ``request_id`` is the computer seat's move the game waits for."""
        ...

    def step(self, delta: int) -> list[ev.Event] | None:
        """One step forward (its events, to animate) or back (None: show the game anew);
        [] at either end or for a source that does not step."""
        ...

    def jump(self, position: int) -> None:
        """Show the state after ``position`` steps (clamped); nothing for a source that does
        not step."""
        ...

    def save(self) -> str:
        """Save the game (with ``view``) where this source keeps it; returns where. Raises
        LookupError if it cannot be saved, OSError or ValueError if writing fails."""
        ...

    def set_undo(self, choice: str | None) -> None:
        """The undo setting changed (Settings): it applies from now on, where undo exists."""
        ...

    def close(self) -> None:
        """The table leaves: finish pending writes."""
        ...

    def result_shown(self) -> None:
        """The table shows the game's final scoring now: a game kept in the autosave notes it
        (``session.RESULT_SHOWN``), so that a result nobody saw is offered by Continue."""
        ...


def think_time(config: GameConfig, level: str) -> float | None:
    """Seconds AI ``level`` thinks per decision in ``config``'s game (``GameConfig.time_budget``,
    else the level's own default); None for a level without a thinking time, or a person."""
    if level not in TIMED_LEVELS:
        return None
    chosen = config.time_budget(level)
    return chosen if chosen is not None else TIME_BUDGETS[level]


def seat_infos(config: GameConfig) -> tuple[SeatInfo, ...]:
    """The seats of ``config`` as the table sees them."""
    return tuple(
        SeatInfo(seat.name, seat.color, seat.kind, think_time(config, seat.kind)) for seat in config.seats
    )
