"""Screen the coach's hints against a long expert search: regret, agreement, same answer twice.

    python tools/screen_coach.py [--players 2 4] [--positions 40] [--long 8] [--judge 150] [--seed S]

Positions: mid-game placements (a quarter to four fifths of the placements left, something
still hidden) of seeded medium-vs-medium games, ``--positions`` per player count. Each gets:
- the hard hint (``suggest(game, "hard")``: flat search over medium's best 6, the app's hint
  before the expert's search served it), the expert hint (``suggest(game, "expert")``, the
  count of ``HINT_ITERATIONS``) and the expert hint at a quarter of that count (about the hard
  hint's time), each timed;
- the long search: ``expert:iterations`` at ``--long`` times the hint's count, another seed;
- a judge: the long search's move and every hint's move played on the same ``--judge``
  re-deals each (common random numbers) through the expert's tree and leaf pricing
  (``Stream``), so their values compare on the same luck.
Printed per hint and player count: agreement with the long search's move (percent), mean
regret against the best judged move (points, with its standard error), hint time p50 / p95,
and "same answer twice" (the hint asked again gives the same move and reasons).
The machine's load changes the times, not the moves.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_coach import medium_game

from cacao_game.ai.evaluation import FIELD_LEAD
from cacao_game.ai.expert import ExpertPlayer, nothing_hidden
from cacao_game.ai.expert_tree import Stream, Tuning, placements_left
from cacao_game.ai.hint import advise, hint_iterations, suggest
from cacao_game.ai.weights import DEFAULT, resolve_weights
from cacao_game.engine import Action, Game, Phase
from cacao_game.percentiles import percentile


def midgame(players: int, seed: int, wanted: int) -> Iterator[Game]:
    """Mid-game placements of seeded medium games, about evenly spread, ``wanted`` in all."""
    found: list[Game] = []
    number = 0
    while len(found) < wanted:
        finished = medium_game(players, seed + number)
        number += 1
        game = Game(finished.setup, keep_history=False)
        total = placements_left(game)
        chosen = []
        for action in finished.actions:
            left = placements_left(game)
            if (
                game.phase is Phase.PLACE
                and len(game.legal_actions()) > 1
                and 0.25 * total <= left <= 0.8 * total
                and not nothing_hidden(game.view(game.current_player()), game.current_player())
            ):
                chosen.append(game.clone())
            game.apply(action)
        found += chosen[::3]
    return iter(found[:wanted])


def judge(game: Game, moves: list[Action], redeals: int, seed: int) -> dict[Action, float]:
    """Each of ``moves`` played on the same ``redeals`` re-deals through the expert's tree:
    the deciding seat's mean value of each, against the field as the coach measures it."""
    seat = game.current_player()
    tuning = Tuning(resolve_weights(DEFAULT), lead=FIELD_LEAD)
    stream = Stream(tuning, game.view(seat), seat, random.Random(seed))
    stream.run(moves, redeals, None, lambda: False)
    return {move: stream.walk.mean(move) for move in moves}


def screen(players: int, count: int, long: int, redeals: int, seed: int) -> None:
    """Print the figures of one player count."""
    arms = {"hard hint": None, "expert hint": hint_iterations(players, "expert")}
    arms["expert hint /4"] = max(1, hint_iterations(players, "expert") // 4)
    regrets: dict[str, list[float]] = {name: [] for name in arms}
    agree = dict.fromkeys(arms, 0)
    times: dict[str, list[float]] = {name: [] for name in arms}
    same = 0
    positions = list(midgame(players, seed, count))
    for number, game in enumerate(positions):
        chosen: dict[str, Action] = {}
        for name, iterations in arms.items():
            level = "hard" if iterations is None else "expert"
            started = time.perf_counter()
            chosen[name] = suggest(game, level, iterations=iterations)
            times[name].append(time.perf_counter() - started)
        same += advise(game, "expert") == advise(game, "expert")
        budget = long * hint_iterations(players, "expert")
        expert = ExpertPlayer(
            random.Random(f"long:{number}"), iterations=budget, time_budget=math.inf, lead=FIELD_LEAD
        )
        best = expert.choose(game)
        moves = list(dict.fromkeys([best, *chosen.values()]))
        values = judge(game, moves, redeals, number)
        top = max(values.values())
        for name, move in chosen.items():
            regrets[name].append(top - values[move])
            agree[name] += move == best
    n = len(positions)
    print(
        f"{players} players, {n} mid-game positions; long search expert:iterations={long}x"
        f"{hint_iterations(players, 'expert')}; judge {redeals} common re-deals per move"
    )
    for name in arms:
        regret = regrets[name]
        error = statistics.stdev(regret) / math.sqrt(n) if n > 1 else 0.0
        print(
            f"  {name:<15} agrees {100 * agree[name] / n:5.1f} %  regret {statistics.mean(regret):.3f}"
            f" ± {error:.3f} points  time p50 {percentile(times[name], 0.5):.3f} s"
            f" p95 {percentile(times[name], 0.95):.3f} s"
        )
    print(f"  expert hint, same move and reasons twice: {100 * same / n:.1f} %")


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=(2, 3, 4))
    parser.add_argument("--positions", type=int, default=40, help="positions per player count")
    parser.add_argument("--long", type=int, default=8, help="the long search's count, times the hint's")
    parser.add_argument("--judge", type=int, default=150, help="common re-deals per judged move")
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    for players in args.players:
        screen(players, args.positions, args.long, args.judge, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
