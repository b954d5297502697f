"""The coach's costs: how long a hint's explanation takes, and a game review per decision.

    python tools/bench_coach.py [--games N] [--budget SECONDS] [--players P] [--seed S]

Hints: every decision with a choice in ``--games`` medium-vs-medium games is ranked by the
medium player and explained (``cacao_game.ai.explain``); the explanation's own time (on
top of the ranking the hint needs anyway) is printed per kind of decision: median, p95 and
max in milliseconds, with the ranking's time beside it.

Review: the first of those games is reviewed for every seat at ``--budget`` seconds per
decision (default: the review's own default), with the real clock; prints the decisions,
the time per decision (mean and max), the re-deals per decision and the marks.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter, defaultdict

from cacao_game.ai.explain import explain
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.review import MARKS, REVIEW_SECONDS, Budget, review_game
from cacao_game.engine import Game


def medium_game(players: int, seed: int) -> Game:
    """A finished game of medium players."""
    game = Game.new(players, "base", seed)
    player = MediumPlayer(random.Random(seed))
    while not game.is_over():
        game.apply(player.choose(game))
    return game


def quantiles(values: list[float]) -> str:
    """``median / p95 / max`` of ``values`` (seconds) in milliseconds."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{statistics.median(ordered) * 1e3:6.2f} / {p95 * 1e3:6.2f} / {ordered[-1] * 1e3:6.2f} ms"


def bench_hints(games: list[Game]) -> None:
    """Time the ranking and the explanation of every decision with a choice."""
    ranking: dict[str, list[float]] = defaultdict(list)
    explaining: dict[str, list[float]] = defaultdict(list)
    player = MediumPlayer(random.Random(0))
    for finished in games:
        game = Game(finished.setup, keep_history=False)
        for action in finished.actions:
            if len(game.legal_actions()) > 1:
                kind = game.phase.name.lower()
                started = time.perf_counter()
                ranked = player.rank(game)
                ranked_at = time.perf_counter()
                explain(game, ranked)
                ranking[kind].append(ranked_at - started)
                explaining[kind].append(time.perf_counter() - ranked_at)
            game.apply(action)
    print("hint explanations (medium ranking, then the explanation on top), median / p95 / max:")
    for kind in ("place", "fill", "resolve"):
        print(
            f"  {kind:<8} {len(explaining[kind]):4} decisions  rank {quantiles(ranking[kind])}"
            f"   explain {quantiles(explaining[kind])}"
        )


def bench_review(game: Game, seconds: float) -> None:
    """Review every seat's decisions of ``game`` at ``seconds`` per decision."""
    started = time.perf_counter()
    times: list[float] = []
    last = [started]

    def progress(done: int, _total: int) -> None:
        now = time.perf_counter()
        if done:
            times.append(now - last[0])
        last[0] = now

    review = review_game(game.setup, game.actions, budget=Budget(seconds), progress=progress)
    elapsed = time.perf_counter() - started
    decisions = review.decisions
    marks = Counter(d.mark for d in decisions)
    print(f"review at {seconds:g} s per decision ({game.players} players, every seat):")
    print(f"  {len(decisions)} decisions in {elapsed:.1f} s")
    print(f"  per decision: mean {statistics.mean(times):.3f} s, max {max(times):.3f} s")
    print(f"  re-deals per decision: mean {statistics.mean(d.iterations for d in decisions):.1f}")
    print(f"  marks: {', '.join(f'{mark} {marks[mark]}' for mark in MARKS)}")


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="medium-vs-medium games for the hints")
    parser.add_argument("--budget", type=float, default=REVIEW_SECONDS, help="review seconds per decision")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    games = [medium_game(args.players, args.seed + number) for number in range(args.games)]
    bench_hints(games)
    bench_review(games[0], args.budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
