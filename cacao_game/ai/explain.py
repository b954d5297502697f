"""Why one move beats another, in the evaluation's own terms: the coach's explanations.

``explain(game, ranked)`` takes a player's ranking of the deciding seat's options (medium's
or hard's ``rank``) and says why the first beats the next best: both moves are played out
to the end of the turn on the seat's view, as the medium player judges them, and the
evaluation's terms of every seat (``Valuer.score_terms``) are compared. The terms that
differ most, in points of the deciding seat's margin, are the reasons; the expected margin
over the next best comes from the ranking itself. When the ranking comes from a search that
looks further than the turn (hard), the part of the margin the turn does not explain is one
more reason: ``LATER``, the turns after.

Nothing here reads hidden information (only ``game.view(seat)``) and nothing is worded: the
app turns ``TermChange`` values into words.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.policy import best_fill, finish_turn, quick_fill
from cacao_game.engine import Action, Game, Phase

LATER = "later"
"""The term of what a search sees beyond the turn (its margin less the turn's terms)."""
TOP_CHANGES = 3
"""Reasons given at most."""
SMALLEST_CHANGE = 0.5
"""Points below which a term's change is not a reason."""
ALTERNATIVES = 8
"""Moves after the best that are tried as the next best (the first that ends differently)."""
SAME = 1e-6
"""Points within which two moves end the turn alike."""
MAX_PATHS = 256
"""Ways to end a resolution tried at most (a real resolution has a handful)."""


@runtime_checkable
class Ranker(Protocol):
    """A player that ranks the deciding seat's options (medium, hard)."""

    def rank(self, game: Game) -> list[tuple[float, Action]]:
        """``(value, action)`` for the deciding seat's options, best first."""
        ...


@dataclass(frozen=True, slots=True)
class TermChange:
    """One reason: a seat's evaluation term moved, worth ``points`` to the deciding seat.

    ``term`` is one of ``cacao_game.ai.evaluation.TERMS`` or ``LATER``; ``points`` is what the
    change adds to the deciding seat's margin (negative: what it costs), so an opponent's
    gain shows as a negative number.
    """

    seat: int
    term: str
    points: float


@dataclass(frozen=True, slots=True)
class Advice:
    """A move for ``seat`` and why it beats ``alternative`` (None: it was the only move)."""

    seat: int
    action: Action
    alternative: Action | None
    margin: float
    """Expected points the move gains over ``alternative`` (0 without one)."""
    changes: tuple[TermChange, ...]
    """The reasons, largest first (at most ``TOP_CHANGES``)."""
    searched: bool = False
    """Whether ``margin`` comes from a search beyond the turn (hard) rather than the turn's
    evaluation (medium)."""


def turn_terms(view: Game, valuer: Valuer, seat: int, action: Action) -> dict[tuple[int, str], float]:
    """``seat``'s margin split by (seat, term) once ``action`` is played and the turn finished
    on a copy of ``view`` (fills and resolutions as the medium player would make them)."""
    after = view.clone()
    after.apply(action)
    finish_turn(after, valuer, quick_fill if view.phase is Phase.PLACE else best_fill)
    return valuer.score_terms(after, seat)


def compare(
    game: Game, better: Action, worse: Action, margin: float | None = None
) -> tuple[float, tuple[TermChange, ...]]:
    """How ``better`` beats ``worse`` for the deciding seat of ``game``: the margin and the
    reasons, largest first.

    Without ``margin`` it is the turn's own (the sum of every term's change); with one (a
    search's), what the turn's terms leave unexplained becomes the ``LATER`` reason.
    """
    seat = game.current_player()
    view = game.view(seat)
    valuer = Valuer(view)
    first = turn_terms(view, valuer, seat, better)
    return _reasons(seat, _diffs(first, turn_terms(view, valuer, seat, worse)), margin)


def _diffs(
    first: dict[tuple[int, str], float], second: dict[tuple[int, str], float]
) -> dict[tuple[int, str], float]:
    return {key: first.get(key, 0.0) - second.get(key, 0.0) for key in first.keys() | second.keys()}


def _reasons(
    seat: int, diffs: dict[tuple[int, str], float], margin: float | None
) -> tuple[float, tuple[TermChange, ...]]:
    turn_margin = sum(diffs.values())
    if margin is None:
        margin = turn_margin
    else:
        diffs = {**diffs, (seat, LATER): margin - turn_margin}
    changes = [
        TermChange(s, term, points) for (s, term), points in diffs.items() if abs(points) >= SMALLEST_CHANGE
    ]
    changes.sort(key=lambda change: (-abs(change.points), change.seat, change.term))
    return margin, tuple(changes[:TOP_CHANGES])


def explain(game: Game, ranked: list[tuple[float, Action]], *, searched: bool = False) -> Advice:
    """Why ``ranked[0]`` (a ranking of the deciding seat's options, best first) is the move.

    The next best is the first move after it in ``ranked`` whose turn ends differently (a
    move that ends the turn exactly alike is the same move to the player). A resolution is
    judged whole: the move is its first step, followed as the AI would go on, and the next
    best is the best other way to end the seat's resolution (``alternative`` is its first
    step, which may be the move's own). ``searched``: the values are a search's (hard), so
    the margin is theirs and ``LATER`` may be a reason. Raises ValueError for an empty
    ranking.
    """
    if not ranked:
        raise ValueError("nothing ranked: no move to explain")
    seat = game.current_player()
    view = game.view(seat)
    valuer = Valuer(view)
    best_value, best = ranked[0]
    first = turn_terms(view, valuer, seat, best)
    if view.phase is Phase.RESOLVE:
        found = _next_resolution(first, view, valuer, seat)
        searched = False
    else:
        found = _next_best(first, ranked[1 : 1 + ALTERNATIVES], view, valuer, seat)
    if found is None:
        return Advice(seat, best, None, 0.0, ())
    value, other, diffs = found
    use_search = searched and math.isfinite(best_value) and math.isfinite(value)
    margin, changes = _reasons(seat, diffs, best_value - value if use_search else None)
    return Advice(seat, best, other, margin, changes, searched=use_search)


Found = tuple[float, Action, dict[tuple[int, str], float]]
"""A next best move: its value, itself, and how every term differs from the move's."""


def _next_best(
    first: dict[tuple[int, str], float],
    candidates: list[tuple[float, Action]],
    view: Game,
    valuer: Valuer,
    seat: int,
) -> Found | None:
    """The first candidate whose turn ends otherwise than ``first``'s; None if they all end
    alike."""
    for value, other in candidates:
        diffs = _diffs(first, turn_terms(view, valuer, seat, other))
        if any(abs(points) > SAME for points in diffs.values()):
            return value, other, diffs
    return None


def _next_resolution(
    first: dict[tuple[int, str], float], view: Game, valuer: Valuer, seat: int
) -> Found | None:
    """The best way to end ``seat``'s resolution otherwise than ``first`` does: every order and
    amount of its steps is tried (at most ``MAX_PATHS``), the turn finished after each."""
    best: Found | None = None
    frontier: list[tuple[Game, Action | None]] = [(view, None)]
    paths = 0
    while frontier and paths < MAX_PATHS:
        state, step = frontier.pop()
        if step is not None and (
            state.is_over() or state.phase is not Phase.RESOLVE or state.current_player() != seat
        ):
            paths += 1
            end = state.clone()
            finish_turn(end, valuer, quick_fill)
            terms = valuer.score_terms(end, seat)
            diffs = _diffs(first, terms)
            value = sum(terms.values())
            if any(abs(points) > SAME for points in diffs.values()) and (
                best is None or value > best[0] + SAME
            ):
                best = (value, step, diffs)
            continue
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            frontier.append((after, step or action))
    return best


__all__ = [
    "LATER",
    "Advice",
    "Ranker",
    "TermChange",
    "compare",
    "explain",
    "turn_terms",
]
