"""The coach's figures: hints that stay the same, reasons that add up, speed, review quality.

    python tools/bench_coach.py [--games N] [--every K] [--review-games N] [--seed S]
    python tools/bench_coach.py --calibrate
    python tools/bench_coach.py --fills R

Hints: every ``--every``-th decision with a choice in ``--games`` medium-vs-medium games
(``--players``) gets the app's hint (``advise(game, hint_level())``: the expert's, default
arguments). Printed:
- stability: the same hint (move, margin and reasons) when asked twice, in percent (a hint
  reads no clock: ``cacao_game.ai.hint``);
- reasons vs margin: the largest gap between a hint's reasons plus everything else and its
  margin, and the same for the review's flagged decisions;
- everything else against the reasons: how many hints' "everything else" outweighs their
  smallest reason, and their largest;
- hint time: p50 / p95 / max in seconds (goal: p95 within 1 s on the machine that runs it).

Review: ``--review-games`` games of each level (hard at 0.25 s, medium, easy, random) against
medium, the level's seat reviewed at the default budget (``review_iterations``, the expert's
search). Printed:
each level's accuracy and mean loss (the ordering hard > medium > easy > random should
hold), and how often a search 4x deeper (another seed) agrees with a flagged decision:
it flags it too, and it still finds the played move worse than the best (goal >= 95 %).

``--calibrate`` measures, on the same positions, the flat search's re-deals per second (a
hard hint) and the wall time of the expert hint and of a review decision at the expert hint's
count, and prints the counts that fit the hard level's thinking time (``HINT_ITERATIONS``)
and the review's ``REVIEW_SECONDS`` (``REVIEW_ITERATIONS``), for ``--players``.
``--fills R`` prints the expert fill hints' mean loss at a quarter, half and all of the hint
count against a search of R times the count (another seed), on the fills laid from the
display among the positions (``hint.FILL_SHARE``).
``tools/screen_coach.py`` screens the hints' quality against a long expert search.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from itertools import pairwise

from cacao_game.ai import make_player
from cacao_game.ai.analysis import SEARCHES, appraise, searched_moves
from cacao_game.ai.explain import Advice
from cacao_game.ai.hard import CANDIDATES, TIME_BUDGET
from cacao_game.ai.hint import FILL_SHARE, advise, hint_iterations, suggest
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.review import (
    INACCURACY,
    REVIEW_SECONDS,
    Budget,
    positions,
    review_decision,
    review_game,
    review_iterations,
)
from cacao_game.engine import Game, Phase
from cacao_game.percentiles import median, percentile
from cacao_game.session.session import hint_level

LEVELS = ("hard", "medium", "easy", "random")
"""The levels whose reviews are compared, strongest first."""
HARD_SECONDS = 0.25
"""Thinking time of the hard games that are reviewed."""


def medium_game(players: int, seed: int) -> Game:
    """A finished game of medium players."""
    game = Game.new(players, "base", seed)
    player = MediumPlayer(random.Random(seed))
    while not game.is_over():
        game.apply(player.choose(game))
    return game


def sample(games: list[Game], every: int) -> Iterator[Game]:
    """Every ``every``-th position with a choice (placements and fills) of ``games``."""
    count = 0
    for finished in games:
        game = Game(finished.setup, keep_history=False)
        for action in finished.actions:
            if len(game.legal_actions()) > 1 and game.phase is not Phase.RESOLVE:
                if count % every == 0:
                    yield game.clone()
                count += 1
            game.apply(action)


def gap(advice: Advice) -> float:
    """How far the reasons plus everything else are from the margin."""
    return abs(sum(change.points for change in advice.changes) + advice.rest - advice.margin)


def outweighs(advice: Advice) -> tuple[bool, bool]:
    """Whether "everything else" outweighs the smallest reason given, and the largest."""
    sizes = [abs(change.points) for change in advice.changes]
    rest = abs(advice.rest)
    return bool(sizes) and rest > min(sizes), bool(sizes) and rest > max(sizes)


def bench_hints(positions_: list[Game]) -> None:
    """Stability, reasons vs margin, "everything else" against the reasons and time of the
    app's hint."""
    level = hint_level()
    same = over_smallest = over_largest = 0
    gaps: list[float] = []
    times: list[float] = []
    for game in positions_:
        started = time.perf_counter()
        first = advise(game, level)
        times.append(time.perf_counter() - started)
        gaps.append(gap(first))
        smallest, largest = outweighs(first)
        over_smallest += smallest
        over_largest += largest
        same += advise(game, level) == first
    n = len(positions_)
    players = positions_[0].players
    count = hint_iterations(players, level)
    print(f"hints ({n} positions, {level}, {count} iterations, {players} players):")
    print(f"  same hint twice: {100 * same / n:.1f} %")
    print(f"  reasons vs margin, largest gap: {max(gaps):.2e} points")
    print(
        f"  everything else outweighs the smallest reason: {over_smallest} of {n},"
        f" the largest: {over_largest}"
    )
    print(
        f"  hint time p50 {percentile(times, 0.5):.3f} s  p95 {percentile(times, 0.95):.3f} s  "
        f"max {max(times):.3f} s  (goal p95 <= 1 s)"
    )


def level_game(level: str, seed: int) -> Game:
    """A 2-player game of ``level`` (seat 0) against medium (seat 1)."""
    game = Game.new(2, "base", seed)
    players = [
        make_player(level, random.Random(seed), time_budget=HARD_SECONDS),
        MediumPlayer(random.Random(seed + 1)),
    ]
    while not game.is_over():
        game.apply(players[game.current_player()].choose(game))
    return game


def bench_review(games: int, seed: int) -> None:
    """Review accuracy by level, and a 4x deeper search on the flagged decisions."""
    budget = Budget(iterations=review_iterations(2))
    deeper = Budget(iterations=4 * review_iterations(2))
    flagged = agree_flag = agree_worse = 0
    gaps: list[float] = []
    print(
        f"review ({games} games a level against medium, seat 0 reviewed, {review_iterations(2)} iterations):"
    )
    accuracies = {}
    for level in LEVELS:
        accuracy, losses, seconds = [], [], []
        for number in range(games):
            game = level_game(level, seed + number)
            started = time.perf_counter()
            review = review_game(game.setup, game.actions, seats=[0], budget=budget, seed=number)
            seconds.append((time.perf_counter() - started) / max(1, len(review.decisions)))
            summary = review.summary(0)
            accuracy.append(summary.accuracy)
            losses.append(summary.mean_loss)
            found = {
                index: (state, played) for index, state, played in positions(game.setup, game.actions, [0])
            }
            for decision in review.decisions:
                if decision.advice is None:
                    continue
                gaps.append(gap(decision.advice))
                state, played = found[decision.index]
                again = review_decision(state, played, deeper, random.Random(f"deeper:{decision.index}"))
                flagged += 1
                agree_flag += again.loss >= INACCURACY
                agree_worse += again.loss > 0
        accuracies[level] = statistics.mean(accuracy)
        print(
            f"  {level:<7} accuracy {accuracies[level]:5.1f} %  mean loss {statistics.mean(losses):.2f}"
            f"  ({statistics.mean(seconds):.2f} s per decision)"
        )
    ordered = all(accuracies[a] > accuracies[b] for a, b in pairwise(LEVELS))
    print(f"  levels ordered hard > medium > easy > random: {'yes' if ordered else 'NO'}")
    print(f"  reasons vs loss on flagged decisions, largest gap: {max(gaps, default=0.0):.2e} points")
    if flagged:
        print(
            f"  4x deeper search on {flagged} flagged decisions: flags it too "
            f"{100 * agree_flag / flagged:.1f} %, still finds the played move worse "
            f"{100 * agree_worse / flagged:.1f} % (goal >= 95 %)"
        )


def calibrate(positions_: list[Game]) -> None:
    """Re-deals per second of the flat search on hard's shortlist, and the wall time of the
    app's expert hint (``advise(game, "expert")``, explanation included) and of the expert
    search of a review decision, with the counts that fit their goals."""
    probe = 16
    rates: list[float] = []
    for game in positions_:
        shortlist = [a for _v, a in MediumPlayer(random.Random(0)).rank(game)[:CANDIDATES]]
        started = time.perf_counter()
        appraise(game, shortlist, iterations=probe, seed=1)
        rates.append(probe / (time.perf_counter() - started))
    slow = percentile(rates, 0.05)
    middle = median(rates)
    players = positions_[0].players
    print(f"flat search on {len(rates)} positions ({players} players, {CANDIDATES} moves): re-deals a second")
    print(f"  median {middle:.1f}, slowest 5 % {slow:.1f}")
    fit = int(slow * TIME_BUDGET)
    print(f"  hard hint: {fit} re-deals fit {TIME_BUDGET:g} s at the slowest 5 % (HINT_ITERATIONS['hard'])")
    count = hint_iterations(players, "expert")
    times = []
    for game in positions_:
        started = time.perf_counter()
        advise(game, "expert")
        times.append(time.perf_counter() - started)
    p95 = percentile(times, 0.95)
    print(f"expert hint at {count} iterations, {len(times)} positions ({players} players): seconds a hint")
    print(f"  p50 {percentile(times, 0.5):.3f}, p95 {p95:.3f}, max {max(times):.3f}")
    print(
        f"  expert hint: {int(count * TIME_BUDGET / p95)} iterations fit {TIME_BUDGET:g} s at p95"
        " (HINT_ITERATIONS['expert'], scaled linearly)"
    )
    seconds = []
    for game in positions_:
        played = game.legal_actions()[-1]
        started = time.perf_counter()
        review_decision(game, played, Budget(iterations=count), random.Random(1))
        seconds.append(time.perf_counter() - started)
    fit = int(count * REVIEW_SECONDS / median(seconds))
    print(
        f"  review (expert search, {count} iterations, the last legal move played): median "
        f"{median(seconds):.3f} s; {fit} iterations fit {REVIEW_SECONDS:g} s (REVIEW_ITERATIONS)"
    )


def fill_losses(positions_: list[Game], reference: int) -> None:
    """Each expert fill hint's loss at a quarter, half and all of the hint count, against a
    search of ``reference`` times the count with another seed (``FILL_SHARE`` picks the first),
    on the fills laid from the display among ``positions_``."""

    fills = [g for g in positions_ if g.phase is Phase.FILL and g.fill_source() == "display"]
    if not fills:
        print("no fill from the display among the positions")
        return
    players = fills[0].players
    full = hint_iterations(players, "expert")
    counts = sorted({max(1, full // FILL_SHARE), full // 2, full})
    losses: dict[int, list[float]] = {count: [] for count in counts}
    for game in fills:
        moves = searched_moves(game, "expert")
        judge = appraise(game, moves, iterations=reference * full, seed=99, search=SEARCHES["expert"])
        best = judge.options[0].value
        for count in counts:
            chosen = judge.of(suggest(game, "expert", iterations=count))
            losses[count].append(best - chosen.value if chosen is not None else float("nan"))
    print(
        f"fill hints ({len(fills)} fills from the display, {players} players):"
        f" loss against {reference * full} iterations"
    )
    for count in counts:
        print(f"  {count} iterations: mean loss {statistics.fmean(losses[count]):.3f} points")


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="medium-vs-medium games for the hints")
    parser.add_argument("--every", type=int, default=4, help="take every K-th decision with a choice")
    parser.add_argument("--review-games", type=int, default=2, help="games per level for the review")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4), help="players of the hint games")
    parser.add_argument("--calibrate", action="store_true", help="measure the search's speed only")
    parser.add_argument(
        "--fills", type=int, metavar="R", help="fill hints' loss by count against R times the count only"
    )
    args = parser.parse_args(argv)
    games = [medium_game(args.players, args.seed + number) for number in range(args.games)]
    found = list(sample(games, args.every))
    if args.calibrate:
        calibrate(found)
        return 0
    if args.fills:
        fill_losses(found, args.fills)
        return 0
    bench_hints(found)
    if args.review_games:
        bench_review(args.review_games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
