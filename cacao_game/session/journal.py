"""Who made each decision of a game, in which turn, and what it revealed.

The session keeps one ``Entry`` per engine decision, in step with ``game.actions``, so undo
can tell whose decision it would take back, and the view can rebuild the log and the score
history from events after an undo or a load.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import assert_never

from cacao_game.engine import Action, Game, Overbuild, Place
from cacao_game.engine import events as ev
from cacao_game.engine.replay import Step, replay
from cacao_game.engine.setup import Setup
from cacao_game.records import PlayedBy


@dataclass(frozen=True, slots=True)
class Entry:
    """One engine decision: who made it, in which turn, what happened, what it revealed."""

    seat: int
    turn: int
    action: Action
    events: tuple[ev.Event, ...]
    revealed: bool
    """A hidden tile came to light: a pile tile laid or turned up, a refill, a worker drawn."""
    totals: tuple[int, ...] | None
    """Projected end scores of every seat when this decision ended a turn, else None."""
    names: tuple[str, ...] = ()
    """Every seat's name (as configured) when the decision was made; empty where not known
    (the seats' names now then stand for them)."""
    standin: bool = False
    """An AI made it for the seat's player, who was away (a network table's stand-in): the
    seat's name stays the player's, the table says the AI played."""

    @property
    def standin_seat(self) -> int | None:
        """The seat a stand-in AI played in this decision (``standin``), else None."""
        return self.seat if self.standin else None

    @property
    def ended_turn(self) -> bool:
        """Whether this decision ended the turn (the next seat moves, or the game ended)."""
        return self.totals is not None


def decide(game: Game, action: Action) -> Entry:
    """Apply ``action`` to ``game`` and describe it. Raises the engine's ``IllegalActionError``
    (the game unchanged) if the action is illegal."""
    seat, turn, shown_before = game.current_player(), game.turn, game.revealed_pile_tile()
    return _entry(game, seat, turn, action, tuple(game.apply(action)), shown_before)


def named(entries: Sequence[Entry], changes: Sequence[tuple[int, tuple[str, ...]]]) -> list[Entry]:
    """``entries`` with their seats' names: from each change's decision ``at`` on, its names,
    before the first change none (``Entry.names`` empty)."""
    out: list[Entry] = []
    names: tuple[str, ...] = ()
    pending = sorted(changes)
    for at, entry in enumerate(entries):
        while pending and pending[0][0] <= at:
            names = pending.pop(0)[1]
        out.append(replace(entry, names=names) if names else entry)
    return out


def name_changes(entries: Sequence[Entry]) -> list[tuple[int, tuple[str, ...]]]:
    """The decisions of ``entries`` at which their seats' names changed, with the names from
    there on (``named``'s inverse for entries whose names are known)."""
    changes: list[tuple[int, tuple[str, ...]]] = []
    for at, entry in enumerate(entries):
        if entry.names and (not changes or changes[-1][1] != entry.names):
            changes.append((at, entry.names))
    return changes


def played_by(entries: Sequence[Entry]) -> list[PlayedBy]:
    """Who played each turn, turn by turn: the seats' names as at its placement
    (``Entry.names``; empty where not known) and the seats whose decisions in it a stand-in
    AI made (``Entry.standin``): what a game record keeps (``Turn.names``, ``Turn.standin``)."""
    placements = (entry for entry in entries if isinstance(entry.action, Place | Overbuild))
    standins: dict[int, set[int]] = {}
    for entry in entries:
        if entry.standin:
            standins.setdefault(entry.turn, set()).add(entry.seat)
    return [PlayedBy(entry.names, tuple(sorted(standins.get(entry.turn, ())))) for entry in placements]


def advance(game: Game, actions: Sequence[Action]) -> list[Entry]:
    """Apply ``actions`` to ``game`` in order (a replay stepping forward) and describe them."""
    return [decide(game, action) for action in actions]


def rebuild(setup: Setup, actions: Sequence[Action]) -> tuple[Game, list[Entry]]:
    """The game dealt in ``setup`` after ``actions`` (with its undo history) and their entries,
    through the engine's one replay helper. Raises ``ReplayError`` for an illegal decision."""
    entries: list[Entry] = []
    turns: list[int] = [0]
    shown: list[str | None] = [None]

    def describe(game: Game, step: Step) -> None:
        entries.append(_entry(game, step.seat, turns[-1], step.action, tuple(step.events), shown[-1]))
        turns.append(game.turn)
        shown.append(game.revealed_pile_tile())

    game = replay(setup, actions, on_events=describe)
    return game, entries


def _entry(
    game: Game, seat: int, turn: int, action: Action, events: tuple[ev.Event, ...], shown_before: str | None
) -> Entry:
    """The entry of ``action`` by ``seat`` in ``turn``, which caused ``events`` and left ``game``;
    ``shown_before`` is the pile tile that was face up before it."""
    revealed = shown_before is None and game.revealed_pile_tile() is not None
    revealed = revealed or any(_reveals(event) for event in events)
    ended = any(isinstance(event, (ev.TurnEnded, ev.GameEnded)) for event in events)
    totals = tuple(score.total for score in game.score_now()) if ended else None
    return Entry(seat, turn, action, events, revealed, totals)


def _reveals(event: ev.Event) -> bool:
    """Whether ``event`` brought a hidden tile to light."""
    match event:
        case ev.JungleFilled():
            return event.source == "pile"
        case ev.DisplayRefilled() | ev.WorkerDrawn():
            return True
        case (
            ev.TurnStarted()
            | ev.TilePlaced()
            | ev.SunSpent()
            | ev.FillRequired()
            | ev.EdgeActivated()
            | ev.EdgeResolved()
            | ev.CacaoGained()
            | ev.CacaoSold()
            | ev.GoldGained()
            | ev.GoldPaid()
            | ev.WaterMoved()
            | ev.SunGained()
            | ev.TurnEnded()
            | ev.TempleScored()
            | ev.GameEnded()
        ):
            return False
        case _:
            assert_never(event)
