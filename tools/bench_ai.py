"""Strength of the expert level as its thinking time grows, and cheap screens of it.

    python tools/bench_ai.py table --deals 200 [--times 0.25,0.5,1,2,4] [--opponent hard:time_budget=1.0]
    python tools/bench_ai.py screen --positions 32 [--levels SPEC ...] [--redeals 300]
    python tools/bench_ai.py memory [--seconds 10]

``table``: 2-player duplicate games (``tools/tournament.py``: each deal twice, seats swapped)
of expert at each thinking time against the opponent; prints win rate with a Wilson 95 %
interval, mean margin and the games behind each figure. ``--deals`` sets the size (200 deals,
400 games a figure, for a confirmation: about 11 CPU-hours a figure at 1 s a decision).

``screen``: regret per decision on a fixed set of 2-player positions (medium self-play,
seeded, a turn in ``--first-turn``..``--last-turn``), for each level spec (iteration budgets,
so the figures do not depend on the machine's load). The judge plays every candidate move
(the union of the levels' choices and medium's top 6) on ``--redeals`` re-deals of the
deciding seat's view, common to all moves, to the end of the game with the greedy policy (a
valuer rebuilt each turn) and takes the mean final margin: no search's leaf evaluation is
involved, only the final score. A move's regret is the judge's best value less its own; the
table gives the mean with a 95 % interval and the mean paired with the first spec's.

``memory``: the peak memory traced (``tracemalloc``) while expert decides one mid-game
position with as many re-deals as it makes in ``--seconds`` untraced, with the tree's size.

Times are wall-clock on whatever machine runs it: a shared machine makes them noisy.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from cacao_game.ai.analysis import position_seed
from cacao_game.ai.expert import ExpertPlayer, final_margins, play_to_end
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.registry import make_player
from cacao_game.ai.weights import DEFAULT
from cacao_game.engine import Action, Game, Phase

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tournament

TIMES = (0.25, 0.5, 1.0, 2.0, 4.0)
OPPONENT = "hard:time_budget=1.0"
SCREENED = [
    "hard:iterations=1000",
    "hard:iterations=4000",
    "medium",
    *(f"expert:iterations={count}" for count in (250, 1000, 4000, 16000)),
]
"""The screen's levels by default: hard at about its default second (1,000 re-deals) and at
four times that, medium, expert at four budgets."""


def positions(count: int, seed: int, players: int = 2, turns: tuple[int, int] = (4, 15)) -> list[Game]:
    """``count`` placement decisions from medium self-play: deal ``seed + i``, a turn drawn
    from ``turns`` (inclusive) by a generator seeded ``seed + i``."""
    found = []
    medium = MediumPlayer(random.Random(0))
    for index in range(count):
        rng = random.Random(seed + index)
        turn = rng.randint(*turns)
        game = Game.new(players, seed=seed + index, keep_history=False)
        while not game.is_over() and (game.turn < turn or game.phase is not Phase.PLACE):
            game.apply(medium.choose(game))
        if not game.is_over():
            found.append(game)
    return found


def run_table(args: argparse.Namespace) -> None:
    """Print the strength-versus-time table."""
    games = 2 * args.deals
    print(f"expert vs {args.opponent}, 2 players, {args.deals} duplicate deals ({games} games) a row")
    print(f"{'expert s':>9} {'games':>6} {'win rate':>9} {'wilson95':>17} {'margin':>7} {'exp ms med':>11}")
    for seconds in args.times:
        candidate = f"expert:time_budget={seconds}"
        tasks = tournament.schedule(candidate, args.opponent, 2, args.deals, args.first_deal)
        jobs = [(specs, deal, seat, "base", None) for specs, deal, seat in tasks]
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(tournament.play_one, jobs, chunksize=1))
        summary = tournament.summarize(candidate, args.opponent, 2, "base", results)
        low, high = summary["wilson95"]
        median = summary["decision_time"][candidate]["median_ms"]
        print(
            f"{seconds:>9} {summary['games']:>6} {summary['win_rate']:>9.3f} "
            f"{f'[{low:.3f}, {high:.3f}]':>17} {summary['mean_margin']:>7.2f} {median:>11.0f}",
            flush=True,
        )


def judge(game: Game, moves: Sequence[Action], redeals: int, seed: int) -> dict[Action, float]:
    """Each move's mean final margin for the deciding seat over ``redeals`` re-deals of its view
    (common to all moves), every game played to the end by hard's greedy policy with a valuer
    rebuilt each turn (``expert.play_to_end``) and priced by the final score only."""
    seat = game.current_player()
    view = game.view(seat)
    totals = dict.fromkeys(moves, 0.0)
    for index in range(redeals):
        world = view.determinize(seat, random.Random(seed * 7919 + index))
        for move in moves:
            after = world.clone()
            after.apply(move)
            play_to_end(after, DEFAULT)
            totals[move] += final_margins(after)[seat]
    return {move: total / redeals for move, total in totals.items()}


def screen_position(task: tuple[Game, list[str], int]) -> dict[str, float]:
    """Regret of each level spec in ``levels`` on one position (its re-deals seeded by the
    position), against ``judge`` over the union of their moves and medium's top 6."""
    game, levels, redeals = task
    seed = position_seed(game, "bench")
    chosen = {spec: make_player(spec, random.Random(seed), time_budget=1e9).choose(game) for spec in levels}
    shortlist = [action for _value, action in MediumPlayer(random.Random(0)).rank(game)[:6]]
    candidates = list(dict.fromkeys([*chosen.values(), *shortlist]))
    values = judge(game, candidates, redeals, seed)
    best = max(values.values())
    return {spec: best - values[move] for spec, move in chosen.items()}


def run_screen(args: argparse.Namespace) -> None:
    """Print the regret per decision of hard and of expert at each iteration count."""
    games = [g for g in positions(args.positions, args.seed, turns=(args.first_turn, args.last_turn))]
    tasks = [(game, args.levels, args.redeals) for game in games]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(screen_position, tasks))
    count = len(rows)
    print(
        f"{count} positions (2 players, turns {args.first_turn}-{args.last_turn}, seeds {args.seed}+); "
        f"judge: "
        f"{args.redeals} common re-deals played to the end by the greedy policy, final margin"
    )
    base = next(iter(rows[0]))
    print(f"{'player':>26} {'mean regret':>12} {'95% half':>9} {'regret>0.5':>11} {f'- {base}, paired':>38}")
    for name in rows[0]:
        values = [row[name] for row in rows]
        gaps = [row[name] - row[base] for row in rows]
        worse = sum(1 for r in values if r > 0.5)
        print(
            f"{name:>26} {statistics.fmean(values):>12.3f} {_half(values):>9.3f} {worse:>11} "
            f"{f'{statistics.fmean(gaps):+.3f} +- {_half(gaps):.3f}':>38}",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


def _half(values: Sequence[float]) -> float:
    """Half the width of a normal 95 % interval of the mean of ``values``."""
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def run_memory(args: argparse.Namespace) -> None:
    """Print the traced peak of one decision at ``args.seconds``: a timed decision counts its
    re-deals untraced, then the same count is traced (tracing is slow; the count, not the
    time, fixes the tree)."""
    game = positions(1, args.seed)[0]
    timed = ExpertPlayer(random.Random(1), time_budget=args.seconds)
    started = time.perf_counter()
    timed.choose(game)
    elapsed = time.perf_counter() - started
    count = timed.last_iterations
    player = ExpertPlayer(random.Random(1), iterations=count, time_budget=1e9)
    tracemalloc.start()
    player.choose(game)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"expert at {args.seconds} s (turn {game.turn}): {elapsed:.1f} s, {count} re-deals; the same "
        f"{player.last_iterations} re-deals traced: {player.last_nodes} nodes, depth {player.last_depth}, "
        f"traced peak {peak / 2**20:.1f} MB"
    )


def _times(text: str) -> list[float]:
    return [float(part) for part in text.split(",") if part]


def main(argv: Sequence[str] | None = None) -> int:
    """Run one of the benches."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    table = commands.add_parser("table", help="win rate against the opponent by thinking time")
    table.add_argument("--deals", type=int, default=2)
    table.add_argument("--first-deal", type=int, default=1000)
    table.add_argument("--times", type=_times, default=list(TIMES))
    table.add_argument("--opponent", default=OPPONENT)
    table.add_argument("--workers", type=int, default=2)
    screen = commands.add_parser("screen", help="regret per decision by iteration count")
    screen.add_argument("--positions", type=int, default=32)
    screen.add_argument("--seed", type=int, default=500)
    screen.add_argument("--first-turn", type=int, default=6)
    screen.add_argument("--last-turn", type=int, default=17)
    screen.add_argument("--levels", nargs="+", default=SCREENED, help="level specs; the first is the base")
    screen.add_argument("--redeals", type=int, default=300)
    screen.add_argument("--workers", type=int, default=2)
    screen.add_argument("--json", type=Path, default=None, help="write each position's regrets")
    memory = commands.add_parser("memory", help="traced peak memory of one decision")
    memory.add_argument("--seconds", type=float, default=10.0)
    memory.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    match args.command:
        case "table":
            run_table(args)
        case "screen":
            run_screen(args)
        case _:
            run_memory(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
