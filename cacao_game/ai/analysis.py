"""The coach's search: one deterministic appraisal of a decision's options, bounded in iterations.

Hints (``cacao_game.ai.hint``) and the game review (``cacao_game.ai.review``) both ask
``appraise(game, moves, iterations=..., seed=..., search=...)``. What searches is a
``Search`` (``SEARCHES`` by level, the moves each compares by ``searched_moves``):
``ExpertSearch`` (the expert's hints and every review) runs the expert level's own search as
``expert:iterations=N`` plays it, so an expert hint is the move that level would play;
``FlatSearch`` (hard's hints) re-deals what the deciding seat cannot see
(``Game.determinize``), plays every move on the same re-deal (common random numbers), rolls
it out as the hard level does (``cacao_game.ai.hard.playout``) and prices the end by the
evaluation's terms (``Valuer.score_terms``). A move passed as ``keep`` (the review's played
move) is appraised whatever the search drops.

An ``Analysis`` keeps, per option, the mean value, the mean of every (seat, term) part of
it (the parts add up to the value, so a margin splits into reasons exactly), the mean
counts behind them (``Valuer.seat_counts``) and the noise of its gap to the first option
(a standard error), so the coach can tell a real margin from the search's noise; an option
that left the expert's search early also keeps the best's means and its own on the re-deals
both were played on (``Appraisal.paired``), which is how that search compared them.

Determinism: the search's only generator is ``random.Random(seed)``; ``position_seed``
derives the seed from what the deciding seat can see (never Python's salted ``hash``), and
without a ``deadline`` no clock is read, so the same position gives the same analysis on
any machine, at any speed, in any language.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, Protocol, assert_never

from cacao_game.ai.endgame import Allowance, OutOfTime, duel_ranking, exact_end, solve_duel
from cacao_game.ai.evaluation import FIELD_LEAD, Valuer
from cacao_game.ai.expert import (
    TIME_BUDGET,
    ExpertPlayer,
    exact_solver,
    root_moves,
)
from cacao_game.ai.hard import CANDIDATES, Deadline, common_redeals, default_horizon, playout
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.search import SearchTask
from cacao_game.ai.weights import Weights
from cacao_game.engine import Action, Game, Phase

ALTERNATIVES: Final = 8
"""Moves after the best that a hint tries as the next best (the first whose turn ends
differently, ``explain``)."""
DUEL_ALTERNATIVES: Final = 3
"""Moves after the best that a hint's exact endgame of two players solves (``_duelled``): the
next best alike in value to the best's are often alike in the turn too."""
TermKey = tuple[int, str]
"""A (seat, term) part of a seat's value."""


@dataclass(frozen=True, slots=True)
class Appraisal:
    """One option as the search saw it, in means over its re-deals."""

    action: Action
    value: float
    """Mean worth to the deciding seat (its margin over the field) at the search's horizon."""
    terms: Mapping[TermKey, float]
    """Mean of every (seat, term) part of ``value`` (``Valuer.score_terms``); they add up to it."""
    counts: tuple[Mapping[str, float], ...]
    """Each seat's mean counts at the horizon (``Valuer.seat_counts``)."""
    noise: float = 0.0
    """Standard error of the best option's value less this one's (0 for the best itself)."""
    paired: tuple[Appraisal, Appraisal] | None = None
    """The best option and this one on the re-deals both were played on, where this one
    left the search before the best (``ExpertSearch``: sequential halving plays every move
    still in on the same re-deals, so the first ``n`` of each are common, ``n`` the fewer's
    count); None where both were played on every re-deal, or for the best itself. Their gap
    is the search's own comparison of the two (halving drops a move below the best's mean
    on those re-deals), where the means over all re-deals compare different luck."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every shortlisted option of ``seat``, best first (ties by shortlist order)."""

    seat: int
    options: tuple[Appraisal, ...]
    iterations: int
    """Re-deals used."""

    def of(self, action: Action) -> Appraisal | None:
        """The appraisal of ``action``, None if it was not searched."""
        return next((option for option in self.options if option.action == action), None)

    def ranked(self) -> list[tuple[float, Action]]:
        """``(value, action)``, best first: the shape of a player's ``rank``."""
        return [(option.value, option.action) for option in self.options]


@dataclass(frozen=True, slots=True)
class Question:
    """One decision the coach appraises, from the deciding seat's view only."""

    view: Game
    """The deciding seat's view (searches re-deal it with ``determinize``)."""
    seat: int
    moves: tuple[Action, ...]
    """The moves to compare, most promising first."""
    keep: Action | None
    """A move that must be appraised whatever the search drops (the review's played move)."""
    iterations: int
    """The most iterations the search may use (a flat re-deal counts one)."""
    seed: int
    """Seeds the search's only generator."""
    keep_going: Callable[[int], bool]
    """Told the iterations done: whether to go on (a stopped or timed review says no)."""
    deadline: Deadline | None = None
    """A review bounded in seconds: the time a search may plan with (None: the count alone
    bounds it, and no clock is read)."""

    def appraised(self) -> list[Action]:
        """Every move to appraise: ``moves``, then ``keep`` if it is not among them."""
        keep = [] if self.keep is None or self.keep in self.moves else [self.keep]
        return [*self.moves, *keep]

    def in_time(self) -> bool:
        """Whether an exact endgame may go on: ``keep_going`` says so and, with a ``deadline``,
        its time is not up (a review found a timed review's endgame solved without end: the
        count of a timed question is unbounded, and ``keep_going(0)`` reads no clock)."""
        return self.keep_going(0) and (
            self.deadline is None or self.deadline.clock() < self.deadline.deadline
        )

    def go_on(self, done: int) -> bool:
        """Whether a search that has done ``done`` iterations goes on: within ``iterations``
        and while ``keep_going`` says so."""
        return done < self.iterations and self.keep_going(done)


class Search(Protocol):
    """What appraises a decision for the coach (``FlatSearch``, ``ExpertSearch``)."""

    def analyse(self, question: Question) -> Analysis:
        """The options of ``question`` appraised from its seat's side, best first, ``keep``
        among them; it runs while ``question.keep_going(done)`` says so, and no further than
        ``question.iterations``."""
        ...


class FlatSearch:
    """Flat Monte Carlo with common random numbers (see the module docstring): every move of
    the question (and ``keep``) on every re-deal; one re-deal is one iteration."""

    def analyse(self, question: Question) -> Analysis:
        """See ``Search.analyse``."""
        shortlist = question.appraised()
        size = len(shortlist)
        view, seat = question.view, question.seat
        valuer = Valuer(view)

        rollout = playout(valuer, default_horizon(view.players))
        rng = random.Random(question.seed)
        task = SearchTask(view, seat, shortlist, valuer, rng, question.go_on, rollout)
        totals = [0.0] * size
        terms: list[dict[TermKey, float]] = [{} for _ in shortlist]
        counts = [_no_counts(view.players) for _ in shortlist]
        samples: list[list[float]] = [[] for _ in shortlist]
        done = 0
        for games in common_redeals(task):
            for index, game in enumerate(games):
                value = _add_leaf(valuer, game, seat, terms[index], counts[index])
                totals[index] += value
                samples[index].append(value)
            done += 1
        runs = max(1, done)
        order = sorted(range(size), key=lambda i: (-totals[i], i))
        best = order[0]
        options = tuple(
            _appraisal(
                shortlist[i],
                totals[i] / runs,
                terms[i],
                counts[i],
                runs,
                0.0 if i == best else _paired_noise(samples[best], samples[i]),
            )
            for i in order
        )
        return Analysis(seat, options, done)


class ExpertSearch:
    """The expert level's own search (``ExpertPlayer``), as the level plays it under an
    iteration count: sequential halving over the question's moves in their order (as many
    enter as the count allows, ``ExpertPlayer.halving``), the tree below the root deepening,
    every iteration priced by a ``Valuer`` built at its leaf; the exact endgame where the
    level's rule allows one (``exact_solver``: max-n, or in 2 players alpha-beta within its
    share of the count, ``_duelled``); in 2 players at a count of ``REACH_BUDGET`` or more,
    late playouts to the final score, as the level's reach (``decision_tuning``). Given the
    level's root
    moves (``root_moves``), the first option is the move ``expert:iterations=N,lead=0.5``
    plays with the same seed: the coach measures every seat against the field
    (``FIELD_LEAD``), so that the reasons add up to its margin; the level in 4 players plays
    for first place (``default_lead``). ``keep`` is played on every round's re-deals, so it
    is appraised on the same re-deals as the chosen move. The options are in the level's order (the chosen one
    first, then by the round each reached and its mean); an option's value and parts are
    the means of its leaves (``Valuer.score_terms``: the parts add up to the value); its
    noise is the standard error of its gap to the first option: paired when both were
    played on the same re-deals, else unpaired (which overstates it). A resolution is not
    searched by the tree: ``FlatSearch`` appraises it. Without a ``deadline`` the clock is
    never read."""

    def analyse(self, question: Question) -> Analysis:
        """See ``Search.analyse``."""
        view, seat = question.view, question.seat
        if view.phase is Phase.RESOLVE:
            return FlatSearch().analyse(question)
        moves = question.appraised()
        timed = question.deadline
        player = ExpertPlayer(
            random.Random(question.seed),
            iterations=None if timed is not None else question.iterations,
            clock=timed.clock if timed is not None else _still,
            lead=FIELD_LEAD,
        )
        match exact_solver(view, seat):
            case "max-n":
                return _solved(question, moves, player.medium.weights)
            case "alpha-beta":
                duelled = _duelled(question, player.medium.weights)
                if duelled is not None:
                    return duelled
            case None:
                pass
            case unknown:
                assert_never(unknown)
        players = view.players
        leaves: dict[Action, list[_Leaf]] = {a: [] for a in moves}
        samples: dict[Action, list[float]] = {a: [] for a in moves}

        def on_leaf(move: Action, world: Game, valuer: Valuer) -> None:
            leaf = _Leaf(valuer.score_terms(world, seat), tuple(valuer.seat_counts(world)))
            leaves[move].append(leaf)
            samples[move].append(sum(leaf.parts.values()))

        deadline = timed or Deadline(TIME_BUDGET, 0.0, _still)
        ranked = player.halving(
            view,
            seat,
            moves,
            question.go_on,
            deadline,
            player.rng,
            keep=question.keep,
            on_leaf=on_leaf,
            tuning=player.decision_tuning(view.players),
        )
        best = ranked[0][1]
        first = samples[best]
        options = []
        for _mean, action in ranked:
            mine = samples[action]
            common = min(len(first), len(mine))
            paired = None
            if action == best:
                noise = 0.0
            elif timed is None:
                noise = _paired_noise(first[:common], mine[:common])
                if common < max(len(first), len(mine)):
                    paired = (
                        _leaves_appraisal(best, leaves[best][:common], players),
                        _leaves_appraisal(action, leaves[action][:common], players, noise),
                    )
            else:
                noise = _unpaired_noise(first, mine)
            own = _leaves_appraisal(action, leaves[action], players, noise)
            options.append(replace(own, paired=paired))
        return Analysis(seat, tuple(options), player.last_iterations)


def _still() -> float:
    """A clock that never moves: a search bounded by its count alone reads no time."""
    return 0.0


def _solved(question: Question, moves: list[Action], weights: Weights) -> Analysis:
    """Every move with its exact value (``exact_end``: max-n play to the final score), best
    first as the level ranks them (ties by ``moves``' order); the parts are the final score's,
    no noise, no iterations."""
    view, seat = question.view, question.seat
    valuer = Valuer(view, weights)
    found = []
    for index, action in enumerate(moves):
        after = view.clone()
        after.apply(action)
        values, end = exact_end(after, valuer, lambda: question.keep_going(0))
        found.append((values[seat], index, _ended(action, end, seat, weights)))
    found.sort(key=lambda item: (-item[0], item[1]))
    return Analysis(seat, tuple(item[2] for item in found), 0)


def _duelled(question: Question, weights: Weights) -> Analysis | None:
    """A two-player endgame solved as the level solves it (``solve_duel`` within
    ``Allowance.duel`` of the question's count, so the first option is the level's move at
    that count), each option valued exactly with the final score's parts: the best move, then
    ``keep`` (a review's played move) if it is another, or else (a hint) the
    ``DUEL_ALTERNATIVES`` next best (``duel_ranking``, within as many more decisions as the
    count; none if they do not fit). None if the allowance or ``keep_going`` runs out before
    the best move, or ``keep``, is known (the search then decides)."""
    view, seat = question.view, question.seat
    valuer = Valuer(view, weights)
    count = question.iterations

    more = question.in_time
    try:
        _value, best, end = solve_duel(view, question.moves, valuer, Allowance.duel(count, more))
        found = [_ended(best, end, seat, weights)]
        if question.keep is not None and question.keep != best:
            _value, kept, end = solve_duel(view, [question.keep], valuer, Allowance(count, more))
            found.append(_ended(kept, end, seat, weights))
    except OutOfTime:
        return None
    rest = [move for move in question.moves if move != best]
    if question.keep is None and rest:
        with contextlib.suppress(OutOfTime):
            ranked = duel_ranking(view, rest, valuer, Allowance(count, more), DUEL_ALTERNATIVES)
            found += [_ended(move, end, seat, weights) for _value, move, end in ranked]
    return Analysis(seat, tuple(found), 0)


def _ended(action: Action, end: Game, seat: int, weights: Weights) -> Appraisal:
    """``action`` appraised by the finished game ``end`` best play reaches after it: its value
    and parts are the final score's, no noise."""
    terms: dict[TermKey, float] = {}
    counts = _no_counts(end.players)
    value = _add_leaf(Valuer(end, weights), end, seat, terms, counts)
    return _appraisal(action, value, terms, counts, 1, 0.0)


def _no_counts(players: int) -> list[dict[str, float]]:
    return [dict.fromkeys(_COUNTED, 0.0) for _ in range(players)]


def _add_leaf(
    valuer: Valuer, world: Game, seat: int, terms: dict[TermKey, float], counts: list[dict[str, float]]
) -> float:
    """Add one priced state's parts (``Valuer.score_terms``) and counts to the sums; its value."""
    return _add_parts(valuer.score_terms(world, seat), valuer.seat_counts(world), terms, counts)


def _add_parts(
    parts: Mapping[TermKey, float],
    seat_counts: Sequence[Mapping[str, float]],
    terms: dict[TermKey, float],
    counts: list[dict[str, float]],
) -> float:
    """Add one priced state's ``parts`` and ``seat_counts`` to the sums; its value."""
    value = 0.0
    for key, part in parts.items():
        terms[key] = terms.get(key, 0.0) + part
        value += part
    for into, one_seat in zip(counts, seat_counts, strict=True):
        for name, amount in one_seat.items():
            into[name] += amount
    return value


@dataclass(frozen=True, slots=True)
class _Leaf:
    """One priced state of an option: its parts and counts (``Valuer.score_terms``,
    ``Valuer.seat_counts``)."""

    parts: Mapping[TermKey, float]
    counts: tuple[Mapping[str, float], ...]


def _leaves_appraisal(action: Action, leaves: Sequence[_Leaf], players: int, noise: float = 0.0) -> Appraisal:
    """An option from its priced states ``leaves`` (at least one)."""
    terms: dict[TermKey, float] = {}
    counts = _no_counts(players)
    value = sum(_add_parts(leaf.parts, leaf.counts, terms, counts) for leaf in leaves)
    return _appraisal(action, value / len(leaves), terms, counts, len(leaves), noise)


def _appraisal(
    action: Action,
    value: float,
    terms: Mapping[TermKey, float],
    counts: Sequence[Mapping[str, float]],
    runs: int,
    noise: float,
) -> Appraisal:
    """An option from its sums over ``runs`` priced states."""
    return Appraisal(
        action,
        value,
        {key: part / runs for key, part in terms.items()},
        tuple({name: amount / runs for name, amount in seat.items()} for seat in counts),
        noise,
    )


_COUNTED: Final = ("gold", "water", "cacao", "sun", "temples", "prospects", "threat")
"""The counts kept per seat (``Valuer.seat_counts``' keys)."""


def _paired_noise(first: Sequence[float], second: Sequence[float]) -> float:
    """The standard error of the mean of ``first[i] - second[i]`` (0 with fewer than 2)."""
    n = len(first)
    if n < 2:
        return 0.0
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(variance / n)


def _unpaired_noise(first: Sequence[float], second: Sequence[float]) -> float:
    """The standard error of ``mean(first) - mean(second)`` of independent samples (0 when
    either has fewer than 2)."""
    if len(first) < 2 or len(second) < 2:
        return 0.0
    return math.sqrt(statistics.variance(first) / len(first) + statistics.variance(second) / len(second))


SEARCHES: Final[dict[str, Search]] = {"hard": FlatSearch(), "expert": ExpertSearch()}
"""The search behind each level that searches for the coach."""


def searched_moves(
    game: Game, level: str, ranked: Sequence[tuple[float, Action]] | None = None
) -> list[Action]:
    """The moves ``level``'s search (``SEARCHES``) compares for ``game``'s deciding seat, most
    promising first: the expert's root (every legal move: medium's ranking, then the rest by
    the quick estimate, ``root_moves``), else (and for a resolution, which the expert's tree
    does not search) medium's best ``CANDIDATES`` (of ``ranked``, medium's ranking of
    ``game``, if given)."""
    medium = MediumPlayer(random.Random(0))
    if level == "expert" and game.phase is not Phase.RESOLVE:
        return root_moves(game.view(game.current_player()), medium)
    return [action for _value, action in (ranked or medium.rank(game))[:CANDIDATES]]


def position_seed(game: Game, salt: str = "") -> int:
    """A seed that depends only on what the deciding seat of ``game`` can see (and ``salt``):
    the same position gives the same seed in every process, on every machine."""
    seat = game.current_player()
    view = game.view(seat)
    key = (
        salt,
        game.players,
        game.variant,
        seat,
        sorted(view.jungle.items()),
        sorted(view.workers.items()),
        sorted(view.covered.items()),
        sorted(view.frontier),
        view.jungle_pile,
        view.display,
        view.hands,
        view.worker_piles,
        view.gold,
        view.cacao,
        view.sun,
        view.water,
        int(view.phase),
        view.mover,
        view.turn,
        view.placed_at,
        view.pending_fills,
        view.filled,
        sorted(view.edges.items()),
        view.resolve_queue,
        view.resolving,
    )
    digest = hashlib.blake2b(repr(key).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def appraise(
    game: Game,
    moves: Sequence[Action],
    *,
    iterations: int,
    seed: int,
    search: Search | None = None,
    keep_going: Callable[[int], bool] | None = None,
    keep: Action | None = None,
    deadline: Deadline | None = None,
) -> Analysis:
    """The coach's appraisal of ``moves`` (legal moves of ``game``'s deciding seat, most
    promising first) and of ``keep`` (always appraised), read from that seat's view only, by
    ``search`` (default ``FlatSearch``) with at most ``iterations`` iterations from ``seed``.
    ``keep_going(done)``, if given, may stop it earlier (a stopped or timed review);
    ``deadline`` lets a review bounded in seconds plan with its time. Without a deadline the
    analysis is a function of the seat's view, the moves, the count and the seed. Raises
    ValueError for no moves or fewer than 1 iteration."""
    if not moves:
        raise ValueError("nothing to appraise")
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, not {iterations}")
    seat = game.current_player()
    question = Question(
        game.view(seat),
        seat,
        tuple(moves),
        keep,
        iterations,
        seed,
        keep_going or (lambda _done: True),
        deadline,
    )
    return (search or FlatSearch()).analyse(question)


__all__ = [
    "SEARCHES",
    "Analysis",
    "Appraisal",
    "ExpertSearch",
    "FlatSearch",
    "Question",
    "Search",
    "appraise",
    "position_seed",
    "searched_moves",
]
