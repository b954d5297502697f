"""Why one move beats another: the coach's explanations, as reasons that add up.

``explain(game, ranked)`` takes a ranking of the deciding seat's options (medium's ``rank``,
or an ``Analysis`` of the coach's search) and says why the first beats the next best. Both
moves are played out to the end of the turn on the seat's view, as the medium player would
finish it, and the evaluation's parts of the seat's worth (``Valuer.score_terms``, one per
seat and term) are compared: that is what each move does this turn. With a search, the
parts are its means at the horizon (so they add up to its margin; for a next best that left
the search early, both moves' means on the re-deals they shared, ``Appraisal.paired``, as
the search compared them) and each count's change after the turn is the future's share
(``TermChange.later``).

The reasons are the largest parts, each worth at least ``SMALLEST_CHANGE`` points:
``TOP_CHANGES`` of them, and up to ``MOST_CHANGES`` while everything else together still
outweighs the smallest reason given (``reasons_of``); ``Advice.rest`` is everything else, so
that the reasons plus the rest add up to ``Advice.margin`` exactly (before any rounding for
display). Each reason
carries the count behind it (``Valuer.seat_counts``: gold, water steps, cacao, sun tokens,
workers at temples, workers facing open spaces, the best square left), in the seat's own
direction, while ``points`` is its worth to the deciding seat.

Nothing here reads hidden information (only ``game.view(seat)``) and nothing is worded: the
app and the command line turn ``TermChange`` values into words.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, islice

from cacao_game.ai.analysis import ALTERNATIVES, Analysis, Appraisal, TermKey
from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.policy import best_fill, finish_turn, resolve_choice
from cacao_game.engine import Action, Fill, Game, Phase, Resolve
from cacao_game.engine.events import Event, JungleFilled

TOP_CHANGES = 3
"""Reasons given when that many parts are large enough (the rest is one "everything else"
line)."""
MOST_CHANGES = 5
"""Reasons given at most: past ``TOP_CHANGES`` only while the rest outweighs the smallest
reason given (README: explanations)."""
SMALLEST_CHANGE = 0.5
"""Points below which a part is not a reason of its own."""
SAME = 1e-6
"""Points within which two moves end the turn alike."""
MAX_PATHS = 256
"""Ways to end a resolution tried at most (a real resolution has a handful)."""
EVEN = 0.5
"""Points within which two moves are about as good whatever the search's noise."""
NOISE_FACTOR = 2.0
"""A margin below this many standard errors of the search is within its noise."""


@dataclass(frozen=True, slots=True)
class TermChange:
    """One reason: a part of a seat's worth moved, worth ``points`` to the deciding seat.

    ``term`` is one of ``cacao_game.ai.evaluation.TERMS``; ``points`` is what the change adds
    to the deciding seat's margin (negative: what it costs), so an opponent's gain shows as a
    negative number. ``amount`` is the change of ``seat``'s own count under the term by the
    end of this turn, in its own direction (``Valuer.seat_counts``; +4 gold means that seat
    gets 4 more); ``later`` is the further change a search expects in the turns after (a
    mean over its re-deals, 0 without a search).
    """

    seat: int
    term: str
    points: float
    amount: float = 0.0
    later: float = 0.0
    tile: str = ""
    """For a better square left (``threat`` with ``amount`` > 0): the jungle tile beside it
    that makes it good ("" otherwise)."""


@dataclass(frozen=True, slots=True)
class Advice:
    """A move for ``seat`` and why it beats ``alternative`` (None: it was the only move).

    Contract: ``sum(c.points for c in changes) + rest == margin`` (up to float rounding).
    """

    seat: int
    action: Action
    alternative: Action | None
    margin: float
    """Expected points the move gains over ``alternative`` (0 without one)."""
    changes: tuple[TermChange, ...]
    """The reasons, largest first (``reasons_of``: at most ``MOST_CHANGES``)."""
    searched: bool = False
    """Whether ``margin`` comes from a search beyond the turn rather than the turn's
    evaluation (medium)."""
    rest: float = 0.0
    """Everything the reasons leave out: ``margin`` less their points."""
    whole: tuple[Action, ...] = ()
    """The whole decision the move starts, in order (every fill of a fill, every step of a
    resolution as the AI goes on); for a placement ``(action,)``, and from a hint
    (``hint.advise``) the fills of its turn as the next hints will advise them; () when
    unknown."""
    close: bool = False
    """The alternative is about as good: the margin is below ``EVEN`` points or within the
    search's noise, so the player may take either."""
    noise: float = 0.0
    """The search's standard error of the margin (0 without a search)."""
    forced: bool = False
    """The move is what is left of a fill the player began: the tiles already given to the
    other spaces decide it (not the only way to fill: undo gives them otherwise)."""
    alternative_whole: tuple[Action, ...] = ()
    """The whole decision the ``alternative`` starts, as its reasons price it (every step of
    a resolution: a trial's hint named "sell 1 at 3" as the next best where its numbers were
    those of selling 3); () when it is the alternative alone or unknown."""


def end_of_turn(view: Game, valuer: Valuer, action: Action, planned: Sequence[Action] = ()) -> Game:
    """A copy of ``view`` with ``action`` played, then ``planned``'s steps of the same
    decision (a fill's spaces, a resolution's steps) while each is legal in turn, and the turn
    finished as the medium player decides each fill and resolution
    (``best_fill``): the way a preview of the move plays it (``session.preview``), so that a
    reason's "now" is what the move's preview shows (a trial's hint said "1 sun token fewer
    now" where the previews showed one more: the turn was finished by ``quick_fill``)."""
    seat = view.current_player()
    after = view.clone()
    after.apply(action)
    for step in planned:
        if not after.decides(seat, Phase.RESOLVE if isinstance(step, Resolve) else Phase.FILL):
            break
        if isinstance(step, Fill) and step.pos not in after.pending_fills:
            continue  # laid by the engine (R3.10)
        if step not in after.legal_actions():
            break
        after.apply(step)
    finish_turn(after, valuer, best_fill)
    return after


def turn_terms(view: Game, valuer: Valuer, seat: int, action: Action) -> dict[TermKey, float]:
    """``seat``'s margin split by (seat, term) once ``action`` is played and the turn finished
    on a copy of ``view`` (``end_of_turn``)."""
    return valuer.score_terms(end_of_turn(view, valuer, action), seat)


@dataclass(frozen=True, slots=True)
class _Side:
    """One move's end of turn: its parts and its counts."""

    terms: dict[TermKey, float]
    counts: list[dict[str, float]]
    square: str = ""
    """The tile beside the best square left for the next mover (``Valuer.best_square_tile``)."""


def _side_of(valuer: Valuer, seat: int, after: Game) -> _Side:
    square = ""
    if not after.is_over() and after.phase is Phase.PLACE:
        square = valuer.best_square_tile(after, after.mover) or ""
    return _Side(valuer.score_terms(after, seat), valuer.seat_counts(after), square)


def _side(view: Game, valuer: Valuer, seat: int, action: Action, planned: Sequence[Action] = ()) -> _Side:
    return _side_of(valuer, seat, end_of_turn(view, valuer, action, planned))


def _diffs(first: Mapping[TermKey, float], second: Mapping[TermKey, float]) -> dict[TermKey, float]:
    return {key: first.get(key, 0.0) - second.get(key, 0.0) for key in sorted(first.keys() | second.keys())}


def _differs(first: _Side, second: _Side) -> bool:
    return any(abs(points) > SAME for points in _diffs(first.terms, second.terms).values())


def _reasons(
    seat: int,
    now: _Side,
    other: _Side,
    searched: tuple[Appraisal, Appraisal] | None = None,
) -> tuple[float, tuple[TermChange, ...], float]:
    """The margin of ``now`` over ``other`` (two ends of turn of ``seat``'s moves), its
    reasons and the rest. With ``searched`` (the two moves' appraisals), the margin is the
    search's: each part is its difference at the search's horizon, and the count's change
    after this turn is the part's ``later``."""
    turn = _diffs(now.terms, other.terms)
    horizon = _diffs(searched[0].terms, searched[1].terms) if searched is not None else turn
    parts: list[TermChange] = []
    for (s, term), points in horizon.items():
        amount = now.counts[s][term] - other.counts[s][term]
        later = 0.0
        if searched is not None:
            later = searched[0].counts[s][term] - searched[1].counts[s][term] - amount
        tile = now.square if term == "threat" and amount > 0 else ""
        parts.append(TermChange(s, term, points, amount, later, tile))
    margin = sum(part.points for part in parts)
    chosen = reasons_of(parts, margin)
    return margin, chosen, margin - sum(change.points for change in chosen)


def reasons_of(parts: Sequence[TermChange], margin: float) -> tuple[TermChange, ...]:
    """The reasons among ``parts`` (adding up to ``margin``): the largest, each worth at least
    ``SMALLEST_CHANGE`` points, ``TOP_CHANGES`` of them and then one more at a time, up to
    ``MOST_CHANGES``, while the rest (``margin`` less the reasons) outweighs the smallest
    reason given, so that "everything else" is rarely the largest line."""
    big = sorted(
        (part for part in parts if abs(part.points) >= SMALLEST_CHANGE),
        key=lambda c: (-abs(c.points), c.seat, c.term),
    )
    count = min(TOP_CHANGES, len(big))
    while count < min(MOST_CHANGES, len(big)) and abs(_rest(margin, big[:count])) > abs(
        big[count - 1].points
    ):
        count += 1
    return tuple(big[:count])


def _rest(margin: float, reasons: Sequence[TermChange]) -> float:
    """``margin`` less ``reasons``' points, summed afresh (a running difference drifts in the
    last bit, and a reason could then be added or left out against its rule)."""
    return margin - sum(change.points for change in reasons)


def whole_move(view: Game, valuer: Valuer, action: Action) -> tuple[Action, ...]:
    """The decision ``action`` starts, as the AI would complete it on ``view``: the fills of
    the same seat while the display still has tiles (those the engine lays by itself
    included; a pile tile is hidden until drawn), or the steps of the seat's resolution."""
    seat = view.current_player()
    phase = view.phase
    steps: list[Action] = []
    game = view.clone()
    step: Action = action
    while True:
        events = game.apply(step)
        steps.append(step)
        if isinstance(step, Fill):
            steps += laid_by_the_engine(events, step)
        if not game.decides(seat, phase):
            break
        if phase is Phase.FILL and game.display:
            step = best_fill(game, valuer)
        elif phase is Phase.RESOLVE:
            step = resolve_choice(game, valuer)
        else:
            break
    return tuple(steps)


def laid_by_the_engine(events: Sequence[Event], made: Fill) -> list[Fill]:
    """The display tiles the engine laid by itself right after ``made`` (a choice that changes
    nothing, R3.10), as the fills a player would give."""
    return [
        Fill(e.pos, e.tile, e.rotation)
        for e in events
        if isinstance(e, JungleFilled) and e.source == "display" and e.pos != made.pos
    ]


def explain(
    game: Game, ranked: list[tuple[float, Action]] | Analysis, planned: Sequence[Action] = ()
) -> Advice:
    """Why the first of ``ranked`` (a ranking of the deciding seat's options, best first, or
    the coach's ``Analysis`` of them) is the move; ``planned``: the fills the move's turn will
    lay, as far as known (``hint.planned_fills``), played before the medium player's.

    The next best is the first move after it whose turn ends differently (a move that ends
    the turn exactly alike is the same move to the player), among the ranked moves, then
    among those an ``Analysis`` did not appraise (``_unappraised``: the margin is then the
    turn's). A resolution is judged whole:
    the move is its first step, followed as the AI would go on, and the next best is the
    best other way to end the seat's resolution. With an ``Analysis`` the margin and the
    reasons are the search's. Raises ValueError for an empty ranking.
    """
    analysis = ranked if isinstance(ranked, Analysis) else None
    values = ranked.ranked() if isinstance(ranked, Analysis) else ranked
    if not values:
        raise ValueError("nothing ranked: no move to explain")
    seat = game.current_player()
    view = game.view(seat)
    valuer = Valuer(view)
    best = values[0][1]
    whole = whole_move(view, valuer, best)
    first = _side(view, valuer, seat, best, planned)
    if view.phase is Phase.RESOLVE:
        found = _next_resolution(first, view, valuer, seat)
        analysis = None
    else:
        candidates = [action for _v, action in values[1 : 1 + ALTERNATIVES]]
        found = _next_best(first, chain(candidates, _unappraised(view, analysis)), view, valuer, seat)
    if found is None:
        return Advice(seat, best, None, 0.0, (), whole=whole)
    other, second, other_whole = found
    return _advice(seat, best, other, first, second, analysis, whole, other_whole)


def _advice(
    seat: int,
    best: Action,
    other: Action,
    first: _Side,
    second: _Side,
    analysis: Analysis | None,
    whole: tuple[Action, ...] = (),
    other_whole: tuple[Action, ...] = (),
) -> Advice:
    pair = None
    noise = 0.0
    if analysis is not None:
        mine, theirs = analysis.of(best), analysis.of(other)
        if mine is not None and theirs is not None:
            leads = mine is analysis.options[0]
            pair = theirs.paired if leads and theirs.paired is not None else (mine, theirs)
            noise = theirs.noise if leads else max(mine.noise, theirs.noise)
    margin, changes, rest = _reasons(seat, first, second, pair)
    close = margin < max(EVEN, NOISE_FACTOR * noise)
    return Advice(
        seat,
        best,
        other,
        margin,
        changes,
        pair is not None,
        rest,
        whole,
        close,
        noise,
        alternative_whole=other_whole,
    )


def compare(game: Game, better: Action, worse: Action, analysis: Analysis | None = None) -> Advice:
    """Why ``better`` beats ``worse`` for the deciding seat of ``game`` (a review's flagged
    decision): with ``analysis`` (which appraised both) the margin is the search's, else the
    turn's. ``alternative`` is ``worse``."""
    seat = game.current_player()
    view = game.view(seat)
    valuer = Valuer(view)
    first = _side(view, valuer, seat, better)
    second = _side(view, valuer, seat, worse)
    whole = whole_move(view, valuer, better)
    return _advice(seat, better, worse, first, second, analysis, whole, whole_move(view, valuer, worse))


def _unappraised(view: Game, analysis: Analysis | None) -> Iterator[Action]:
    """The legal moves ``analysis`` did not appraise (a search drops some before its end), in
    medium's order, at most ``ALTERNATIVES`` (none without an analysis): a French trial's hint
    of a volcano said every other move ends the turn alike, its search having kept two turns
    of the volcano that do, and dropped the sun and the turns that cost gold."""
    if analysis is None:
        return
    ranked = MediumPlayer(random.Random(0)).rank(view)
    yield from islice((action for _v, action in ranked if analysis.of(action) is None), ALTERNATIVES)


def _next_best(
    first: _Side, candidates: Iterable[Action], view: Game, valuer: Valuer, seat: int
) -> tuple[Action, _Side, tuple[Action, ...]] | None:
    """The first candidate whose turn ends otherwise than ``first``'s (the candidates are
    tried lazily, in order), its end and its whole decision; None if they all end alike."""
    for other in candidates:
        side = _side(view, valuer, seat, other)
        if _differs(first, side):
            return other, side, whole_move(view, valuer, other)
    return None


def _next_resolution(
    first: _Side, view: Game, valuer: Valuer, seat: int
) -> tuple[Action, _Side, tuple[Action, ...]] | None:
    """The best way to end ``seat``'s resolution otherwise than ``first`` does
    (``resolution_ends``): its first step, its end and its steps."""
    best: tuple[float, tuple[Action, ...], _Side] | None = None
    for steps, side in _resolution_sides(view, valuer, seat):
        value = sum(side.terms.values())
        if _differs(first, side) and (best is None or value > best[0] + SAME):
            best = (value, steps, side)
    return None if best is None else (best[1][0], best[2], best[1])


def _resolution_sides(view: Game, valuer: Valuer, seat: int) -> Iterator[tuple[tuple[Action, ...], _Side]]:
    """Every order and amount of the steps that end ``seat``'s resolution in ``view`` (at
    most ``MAX_PATHS``), each with its end once the turn is finished, in a fixed order."""
    frontier: list[tuple[Game, tuple[Action, ...]]] = [(view, ())]
    paths = 0
    while frontier and paths < MAX_PATHS:
        state, steps = frontier.pop()
        if steps and not state.decides(seat, Phase.RESOLVE):
            paths += 1
            end = state.clone()
            finish_turn(end, valuer, best_fill)
            yield steps, _side_of(valuer, seat, end)
            continue
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            frontier.append((after, (*steps, action)))


def resolution_ends(view: Game, seat: int) -> list[tuple[float, tuple[Action, ...]]]:
    """The ways ``seat`` may end its resolution in ``view`` that end differently, each once
    (the first found of those that end alike), with the seat's margin once the turn is
    finished as the medium player decides the rest (the turn's evaluation, as a hint's for a
    resolution), in a fixed order."""
    valuer = Valuer(view)
    found: list[tuple[float, tuple[Action, ...], _Side]] = []
    for steps, side in _resolution_sides(view, valuer, seat):
        if all(_differs(side, other) for _value, _steps, other in found):
            found.append((sum(side.terms.values()), steps, side))
    return [(value, steps) for value, steps, _side in found]


def compare_whole(game: Game, better: Sequence[Action], worse: Sequence[Action]) -> Advice:
    """Why the decision ``better`` (all its steps: a whole resolution) beats ``worse`` for the
    deciding seat of ``game``, each played out and the turn finished as the medium player
    would (a review's flagged resolution: the row played against the best row). The margin
    is the turn's."""
    seat = game.current_player()
    view = game.view(seat)
    valuer = Valuer(view)
    first = _side(view, valuer, seat, better[0], better[1:])
    second = _side(view, valuer, seat, worse[0], worse[1:])
    return _advice(seat, better[0], worse[0], first, second, None, tuple(better), tuple(worse))


__all__ = [
    "Advice",
    "TermChange",
    "compare",
    "compare_whole",
    "end_of_turn",
    "explain",
    "laid_by_the_engine",
    "resolution_ends",
    "turn_terms",
    "whole_move",
]
