"""The coach's search: one deterministic appraisal of a decision's options, bounded in iterations.

Hints (``cacao_game.ai.hint``) and the game review (``cacao_game.ai.review``) both ask
``appraise(game, shortlist, iterations=..., seed=...)``. What searches is a ``Search``
(``SEARCHES`` by level): ``FlatSearch`` (hard) re-deals what the deciding seat cannot see
(``Game.determinize``), plays every shortlisted move on the same re-deal (common random
numbers), rolls it out as the hard level does (``cacao_game.ai.hard.playout``) and prices
the end by the evaluation's terms (``Valuer.score_terms``); ``ExpertSearch`` grows the
expert level's tree instead and gives the same ``Analysis`` for the same ``SearchTask``.

An ``Analysis`` keeps, per option, the mean value, the mean of every (seat, term) part of
it (the parts add up to the value, so a margin splits into reasons exactly), the mean
counts behind them (``Valuer.seat_counts``) and the noise of its gap to the best (the
standard error of the paired differences), so the coach can tell a real margin from the
search's noise.

Determinism: the re-deals come from ``random.Random(seed)``; ``position_seed`` derives the
seed from what the deciding seat can see (never Python's salted ``hash``), so the same
position gives the same analysis on any machine, at any speed, in any language.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.expert import ExpertPlayer
from cacao_game.ai.hard import common_redeals, default_horizon, playout
from cacao_game.ai.search import SearchTask
from cacao_game.engine import Action, Game

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


class Search(Protocol):
    """What appraises a decision for the coach (``FlatSearch``; a stronger one may follow)."""

    def analyse(self, task: SearchTask) -> Analysis:
        """Every option of ``task.shortlist`` appraised from ``task.seat``'s side, best first;
        it runs while ``task.keep_going(done)`` says so."""
        ...


class FlatSearch:
    """Flat Monte Carlo with common random numbers (see the module docstring)."""

    def analyse(self, task: SearchTask) -> Analysis:
        """See ``Search.analyse``."""
        shortlist = task.shortlist
        size = len(shortlist)
        players = task.view.players
        totals = [0.0] * size
        terms: list[dict[TermKey, float]] = [{} for _ in shortlist]
        counts = [[dict.fromkeys(_COUNTED, 0.0) for _ in range(players)] for _ in shortlist]
        samples: list[list[float]] = [[] for _ in shortlist]
        done = 0
        for games in common_redeals(task):
            for index, game in enumerate(games):
                parts = task.valuer.score_terms(game, task.seat)
                value = 0.0
                for key, part in parts.items():
                    terms[index][key] = terms[index].get(key, 0.0) + part
                    value += part
                totals[index] += value
                samples[index].append(value)
                for seat, seat_counts in enumerate(task.valuer.seat_counts(game)):
                    into = counts[index][seat]
                    for name, amount in seat_counts.items():
                        into[name] += amount
            done += 1
        runs = max(1, done)
        order = sorted(range(size), key=lambda i: (-totals[i], i))
        best = order[0]
        options = tuple(
            Appraisal(
                shortlist[i],
                totals[i] / runs,
                {key: part / runs for key, part in terms[i].items()},
                tuple({name: amount / runs for name, amount in seat.items()} for seat in counts[i]),
                0.0 if i == best else _paired_noise(samples[best], samples[i]),
            )
            for i in order
        )
        return Analysis(task.seat, options, done)


class ExpertSearch:
    """The expert level's tree (``cacao_game.ai.expert``) over the shortlist: each root move is
    tried once, then the tree spends the re-deals where they matter (deeper, and on the
    better moves). An option's value and parts are the means of the leaves below it, each
    priced by the ``Valuer`` built at its leaf (``Valuer.score_terms``: the parts add up to
    the value); its noise is the unpaired standard error of its gap to the best."""

    def analyse(self, task: SearchTask) -> Analysis:
        """See ``Search.analyse``."""
        shortlist = task.shortlist
        players = task.view.players
        terms: dict[Action, dict[TermKey, float]] = {a: {} for a in shortlist}
        counts = {a: [dict.fromkeys(_COUNTED, 0.0) for _ in range(players)] for a in shortlist}
        samples: dict[Action, list[float]] = {a: [] for a in shortlist}

        def on_leaf(move: Action, world: Game, valuer: Valuer) -> None:
            value = 0.0
            for key, part in valuer.score_terms(world, task.seat).items():
                terms[move][key] = terms[move].get(key, 0.0) + part
                value += part
            samples[move].append(value)
            for seat, seat_counts in enumerate(valuer.seat_counts(world)):
                into = counts[move][seat]
                for name, amount in seat_counts.items():
                    into[name] += amount

        player = ExpertPlayer(task.rng)
        done = [0]

        def keep_going(count: int) -> bool:
            done[0] = count
            return task.keep_going(count)

        player.search(
            task.view,
            task.seat,
            list(shortlist),
            keep_going,
            task.rng,
            root_width=len(shortlist),
            on_leaf=on_leaf,
        )
        means = {a: sum(samples[a]) / len(samples[a]) if samples[a] else -math.inf for a in shortlist}
        order = sorted(range(len(shortlist)), key=lambda i: (-means[shortlist[i]], i))
        best = shortlist[order[0]]
        options = []
        for i in order:
            action = shortlist[i]
            runs = max(1, len(samples[action]))
            options.append(
                Appraisal(
                    action,
                    means[action] if samples[action] else means[best],
                    {key: part / runs for key, part in terms[action].items()},
                    tuple({name: amount / runs for name, amount in seat.items()} for seat in counts[action]),
                    0.0 if action == best else _unpaired_noise(samples[best], samples[action]),
                )
            )
        return Analysis(task.seat, tuple(options), done[0])


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
"""The search behind each level that searches for the coach (a stronger one plugs in here)."""


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
    shortlist: Sequence[Action],
    *,
    iterations: int,
    seed: int,
    search: Search | None = None,
    keep_going: Callable[[int], bool] | None = None,
) -> Analysis:
    """The coach's appraisal of ``shortlist`` (legal moves of ``game``'s deciding seat), read
    from that seat's view only: ``iterations`` re-deals from ``random.Random(seed)``, by
    ``search`` (default ``FlatSearch``). ``keep_going(done)``, if given, may stop it earlier
    (a cancelled review). Raises ValueError for an empty shortlist or fewer than 1 iteration."""
    if not shortlist:
        raise ValueError("nothing to appraise")
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, not {iterations}")
    seat = game.current_player()
    view = game.view(seat)
    valuer = Valuer(view)

    def go_on(done: int) -> bool:
        return done < iterations and (keep_going is None or keep_going(done))

    rollout = playout(valuer, default_horizon(game.players))
    task = SearchTask(view, seat, list(shortlist), valuer, random.Random(seed), go_on, rollout)
    return (search or FlatSearch()).analyse(task)


__all__ = [
    "SEARCHES",
    "Analysis",
    "Appraisal",
    "ExpertSearch",
    "FlatSearch",
    "Search",
    "appraise",
    "position_seed",
]
