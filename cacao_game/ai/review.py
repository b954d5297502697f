"""Game review: every decision of a game valued by one search, its cost in points marked.

``review_game(setup, actions)`` replays a game and, at each decision of the chosen seats
that had more than one legal option, runs the coach's search (``cacao_game.ai.analysis``,
``REVIEW_SEARCH``: the expert's, the one behind the app's hints) over every legal move as
the expert level would, the move played kept in every round (``appraise(keep=...)``), so it
is appraised on the same re-deals as the move the search chooses. The loss of a decision is
the chosen move's mean value less the played move's (0 if the played move is as good), in
points of the seat's margin; a loss of ``INACCURACY``, ``MISTAKE`` or ``BLUNDER`` points or
more marks it. A flagged decision carries why the better move beats the one played
(``explain.compare``: reasons that add up to the loss, every count in its own seat's
direction). A resolution is judged whole, as the player chooses it (one row of the panel, however many
steps it takes): the row played against the best way to end the seat's resolution, each
priced by the turn's evaluation as a hint for a resolution is (``review_resolution``).
A decision that would be flagged but played the move the app's hint gives there, or the
move that hint names about as good (``hint.advise`` of ``REVIEW_SEARCH``: a longer search
than a review's, seeded by the position), is not flagged: a tester followed a hint and the
review called it an inaccuracy.

Budgets (``Budget``): a fixed number of iterations per decision (deterministic: each
decision's search is seeded by the review's seed and the decision's index), or seconds per
decision measured by an injectable clock. ``progress(done, total)`` is told after each
decision and ``stop()`` is asked between iterations; when it says yes the review raises
``ReviewCancelled``.

Every decision is judged from the deciding seat's view: what it could know, never the
hidden tiles.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Final

from cacao_game.ai.analysis import SEARCHES, appraise, searched_moves
from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.explain import Advice, compare, compare_whole, resolution_ends, whole_move
from cacao_game.ai.hard import Deadline
from cacao_game.ai.hint import advise
from cacao_game.engine import Action, Game, IllegalActionError, Phase, Setup
from cacao_game.engine.replay import replay

INACCURACY = 1.0
MISTAKE = 3.0
BLUNDER = 6.0
"""Points lost from which a decision is an inaccuracy, a mistake, a blunder."""
LOSS_DIGITS = 1
"""Decimals of points lost as reports show them: a decision is marked by its loss rounded to
them, so the mark agrees with the figure shown (a loss shown as 1.0 is an inaccuracy)."""
MARKS = ("good", "inaccuracy", "mistake", "blunder")
"""The marks, from no loss worth naming to the worst."""
REVIEW_SECONDS = 0.5
"""Seconds per decision of a review bounded in time."""
REVIEW_SEARCH: Final = "expert"
"""The level whose search (``cacao_game.ai.analysis.SEARCHES``) reviews: the hints' too."""
REVIEW_ITERATIONS: Final[dict[int, int]] = {2: 600, 3: 230, 4: 180}
"""Iterations per decision of the app's and the command line's review, by player count: about
``REVIEW_SECONDS`` at the median on the machine that measured them (``python
tools/bench_coach.py --calibrate --players P``: 665 / 710 / 573 fitted on a shared 2-core
machine, when 500 were chosen for 3 and 4 players; those are divided by the 2.1 / 2.7 times
an iteration costs since the expert's playouts there run a round and one turn, as
``HINT_ITERATIONS``'), the same review on every machine."""


def review_iterations(players: int) -> int:
    """The iterations per decision of a review of a game of ``players`` (``REVIEW_ITERATIONS``)."""
    return REVIEW_ITERATIONS.get(players, min(REVIEW_ITERATIONS.values()))


UNBOUNDED: Final = 1 << 30
"""The iteration cap of a review bounded in seconds."""
COSTLIEST = 3
"""Decisions listed as a seat's costliest."""


def mark(loss: float) -> str:
    """The mark of a decision that lost ``loss`` points (rounded to ``LOSS_DIGITS`` first)."""
    loss = round(loss, LOSS_DIGITS)
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return "good"


class ReviewCancelled(Exception):
    """The review was stopped (``stop()`` said so) before it was done."""


@dataclass(frozen=True)
class Budget:
    """The search's budget per decision: ``iterations`` iterations if set (deterministic), else
    ``seconds`` measured by ``clock`` (seconds, never going back)."""

    seconds: float = REVIEW_SECONDS
    iterations: int | None = None
    clock: Callable[[], float] = field(default=time.perf_counter, compare=False)

    def __post_init__(self) -> None:
        """Raise ValueError for a budget that allows no search."""
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.iterations is None and not self.seconds > 0:
            raise ValueError(f"seconds must be more than 0, not {self.seconds}")


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One reviewed decision: what was played, the best the search found, the cost."""

    index: int
    """The decision's place in the game's list of actions, from 0."""
    turn: int
    """The turn it belongs to, from 0."""
    seat: int
    phase: Phase
    played: Action
    best: Action
    """The search's chosen move (``played`` itself when it was as good)."""
    loss: float
    """Points the played move gives up against ``best`` (0 or more)."""
    mark: str
    candidates: int
    """Moves the search appraised (the played one included)."""
    iterations: int
    """Iterations the search used (0 at the exact endgame)."""
    advice: Advice | None = None
    """Why ``best`` beats ``played``, for a flagged decision (loss of ``INACCURACY`` or more)."""


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat's review in numbers."""

    seat: int
    decisions: int
    accuracy: float
    """Percent of the seat's decisions marked good (within ``INACCURACY`` of the best)."""
    mean_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int
    costliest: tuple[DecisionReview, ...]
    """The ``COSTLIEST`` decisions that lost most (only those that lost anything)."""


@dataclass(frozen=True)
class GameReview:
    """The review of a game: its reviewed decisions in order, for ``seats``."""

    players: int
    seats: tuple[int, ...]
    decisions: tuple[DecisionReview, ...]

    def summary(self, seat: int) -> SeatSummary:
        """``seat``'s numbers (a seat without reviewed decisions has 100 % accuracy)."""
        own = [d for d in self.decisions if d.seat == seat]
        marks = [d.mark for d in own]
        good = marks.count("good")
        costliest = sorted((d for d in own if d.loss > 0), key=lambda d: (-d.loss, d.index))
        return SeatSummary(
            seat=seat,
            decisions=len(own),
            accuracy=100.0 * good / len(own) if own else 100.0,
            mean_loss=sum(d.loss for d in own) / len(own) if own else 0.0,
            inaccuracies=marks.count("inaccuracy"),
            mistakes=marks.count("mistake"),
            blunders=marks.count("blunder"),
            costliest=tuple(costliest[:COSTLIEST]),
        )

    def summaries(self) -> list[SeatSummary]:
        """Every reviewed seat's numbers, in seat order."""
        return [self.summary(seat) for seat in self.seats]

    def at(self, index: int) -> DecisionReview | None:
        """The review of decision ``index`` (its place in the actions), if it was reviewed."""
        return next((d for d in self.decisions if d.index == index), None)


def positions(
    setup: Setup,
    actions: Sequence[Action],
    seats: Sequence[int] | None = None,
    standin: Sequence[Collection[int]] = (),
) -> list[tuple[int, Game, Action]]:
    """The decisions to review: ``(index, the game just before it, the move played)`` for each
    decision of ``seats`` (default every seat) that had more than one legal option (a
    resolution: its first step, when the seat had more than one way to end it,
    ``explain.resolution_ends``; its other steps are part of the row chosen), save those an
    AI stand-in made for an away player (``standin[turn]``: the seats it played in that
    turn, as ``PlayedBy.standin``): they are not the player's to answer for.

    Raises ValueError for a seat the game does not have and ``IllegalActionError`` for an
    action the rules refuse (check a record with ``replay_record`` first for a clear reason).
    """
    wanted = set(range(setup.players)) if seats is None else set(seats)
    if not wanted <= set(range(setup.players)):
        raise ValueError(f"seats must be among 0-{setup.players - 1}, not {sorted(wanted)}")
    found = []
    resolving: list[tuple[int, int]] = []

    def note(game: Game, index: int, action: Action) -> None:
        seat = game.current_player()
        stood_in = game.turn < len(standin) and seat in standin[game.turn]
        if game.phase is Phase.RESOLVE:
            going_on = resolving[-1:] == [(game.turn, seat)]
            resolving[:] = [(game.turn, seat)]
            choice = seat in wanted and not stood_in and not going_on
            if choice and len(resolution_ends(game.view(seat), seat)) > 1:
                found.append((index, game.clone(), action))
            return
        resolving.clear()
        if seat in wanted and not stood_in and len(game.legal_actions()) > 1:
            found.append((index, game.clone(), action))

    replay(setup, actions, before=note, keep_history=False)
    return found


def resolution_row(game: Game, actions: Sequence[Action], index: int) -> tuple[Action, ...]:
    """The steps of the resolution that ``actions[index]`` starts in ``game`` (the game just
    before it): that seat's steps up to the end of its resolution, the row it chose."""
    seat = game.current_player()
    state = game.clone()
    steps: list[Action] = []
    for action in actions[index:]:
        if not state.decides(seat, Phase.RESOLVE):
            break
        state.apply(action)
        steps.append(action)
    return tuple(steps)


def review_decision(
    game: Game,
    played: Action,
    budget: Budget,
    rng: random.Random,
    *,
    index: int = 0,
    stop: Callable[[], bool] | None = None,
    row: Sequence[Action] = (),
) -> DecisionReview:
    """Value ``played`` against the move the coach's search chooses for the deciding seat of
    ``game`` (see the module docstring); a resolution as the whole ``row`` it starts
    (``review_resolution``; default: ``played`` completed as the medium player would).
    Raises ``ReviewCancelled`` when ``stop()`` says so and IllegalActionError if ``played``
    is not legal here."""
    if not game.is_legal(played):
        raise IllegalActionError(f"{played} is not legal at decision {index}")
    if game.phase is Phase.RESOLVE:
        if stop is not None and stop():
            raise ReviewCancelled(f"stopped at decision {index}")
        view = game.view(game.current_player())
        return review_resolution(game, tuple(row) or whole_move(view, Valuer(view), played), index)
    seat = game.current_player()
    moves = searched_moves(game, REVIEW_SEARCH)
    timed = budget.iterations is None
    deadline = Deadline(budget.seconds, budget.clock(), budget.clock)

    def unless_stopped(done: int) -> bool:
        if stop is not None and stop():
            raise ReviewCancelled(f"stopped at decision {index}")
        return True

    def keep_going(done: int) -> bool:
        return unless_stopped(done) and (not timed or deadline.keep_going(done))

    analysis = appraise(
        game,
        moves,
        iterations=UNBOUNDED if budget.iterations is None else budget.iterations,
        seed=rng.getrandbits(64),
        search=SEARCHES[REVIEW_SEARCH],
        keep_going=keep_going,
        keep=played,
        deadline=deadline if timed else None,
    )
    best_option = analysis.options[0]
    mine = analysis.of(played)
    assert mine is not None
    best = best_option.action
    loss = max(0.0, best_option.value - mine.value)
    if loss <= 1e-9 or (mark(loss) != "good" and _hinted(game, played, unless_stopped)):
        best, loss = played, 0.0
    advice = None
    if mark(loss) != "good":
        advice = compare(game, best, played, analysis)
    return DecisionReview(
        index=index,
        turn=game.turn,
        seat=seat,
        phase=game.phase,
        played=played,
        best=best,
        loss=loss,
        mark=mark(loss),
        candidates=len(analysis.options),
        iterations=analysis.iterations,
        advice=advice,
    )


def review_resolution(game: Game, row: Sequence[Action], index: int = 0) -> DecisionReview:
    """A resolution judged as the player chose it, whole (a trial chose "sell 1 at 3" and
    the review, judging each step, flagged two of its three steps and named one "sell 3 at
    3"): the ``row`` played against the best way to end the seat's resolution
    (``explain.resolution_ends``: every way, each priced by the turn's evaluation, as a hint
    for a resolution is), its loss the difference. ``played`` and ``best`` are the rows'
    first steps; the reasons compare the whole rows (``explain.compare_whole``). A row the
    app's hint plays (``_hinted``) is not flagged."""
    seat = game.current_player()
    ends = resolution_ends(game.view(seat), seat)
    best = max(ends, key=lambda end: end[0])[1]
    advice = compare_whole(game, best, row)
    loss = max(0.0, advice.margin)
    if loss <= 1e-9 or (mark(loss) != "good" and _hinted_row(game, row)):
        best, loss = tuple(row), 0.0
    return DecisionReview(
        index=index,
        turn=game.turn,
        seat=seat,
        phase=game.phase,
        played=row[0],
        best=best[0],
        loss=loss,
        mark=mark(loss),
        candidates=len(ends),
        iterations=0,
        advice=advice if mark(loss) != "good" else None,
    )


def _hinted_row(game: Game, row: Sequence[Action]) -> bool:
    """Whether the app's hint at ``game`` plays the resolution ``row`` (its whole move)."""
    hint = advise(game, REVIEW_SEARCH)
    return tuple(action for action in hint.whole or (hint.action,)) == tuple(row)


def _hinted(game: Game, played: Action, keep_going: Callable[[int], bool]) -> bool:
    """Whether the app's hint at ``game`` (``hint.advise`` of ``REVIEW_SEARCH``) plays
    ``played``, or names it about as good as its own move (a trial played the move a hint
    outlined as "about as good", and the review called it an inaccuracy)."""
    hint = advise(game, REVIEW_SEARCH, keep_going=keep_going)
    return played == hint.action or (hint.close and played == hint.alternative)


def review_game(
    setup: Setup,
    actions: Sequence[Action],
    *,
    seats: Sequence[int] | None = None,
    budget: Budget | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    standin: Sequence[Collection[int]] = (),
    done: Sequence[DecisionReview] = (),
    reviewed: Callable[[DecisionReview], None] | None = None,
) -> GameReview:
    """Review the game dealt in ``setup`` and played by ``actions`` (see the module docstring).

    ``seats``: whose decisions (default every seat); ``standin``: by turn, the seats whose
    decisions an AI stand-in made (not reviewed, ``positions``). ``budget`` defaults to
    ``review_iterations`` iterations per decision. With a ``Budget`` of fixed iterations the
    review depends only on the game, the seats' decisions and ``seed``. Raises
    ValueError for an unknown seat, IllegalActionError for an illegal action and
    ``ReviewCancelled`` when stopped.

    ``done``: the first decisions' reviews already made (by a review that was stopped: each
    decision's search depends only on its position, ``seed`` and its index, so they are taken
    as they are; ValueError if they are not this review's first decisions); ``reviewed`` is
    told each decision's review as it is made (a worker that dies mid-review is resumed so:
    a trial's review began again at 0 of 21).
    """
    budget = budget or Budget(iterations=review_iterations(setup.players))
    found = positions(setup, actions, seats, standin)
    players = setup.players
    if [review.index for review in done] != [index for index, _game, _played in found[: len(done)]]:
        raise ValueError("the reviews given are not this review's first decisions")
    made = list(done)
    if progress is not None:
        progress(len(made), len(found))
    for count, (index, game, played) in enumerate(found[len(made) :], start=len(made) + 1):
        rng = random.Random(f"review:{seed}:{index}")
        row = resolution_row(game, actions, index) if game.phase is Phase.RESOLVE else ()
        made.append(review_decision(game, played, budget, rng, index=index, stop=stop, row=row))
        if reviewed is not None:
            reviewed(made[-1])
        if progress is not None:
            progress(count, len(found))
    chosen = tuple(range(players)) if seats is None else tuple(sorted(set(seats)))
    return GameReview(players, chosen, tuple(made))
