"""Strength of the expert level as its thinking time grows, and cheap screens of it.

    python tools/bench_ai.py table --deals 200 [--times 0.25,0.5,1,2,4] [--opponent hard:time_budget=1.0]
    python tools/bench_ai.py screen --positions 32 [--times 0.25,0.5,1]
    python tools/bench_ai.py memory [--seconds 10]

``table``: 2-player duplicate games (``tools/tournament.py``: each deal twice, seats swapped)
of expert at each thinking time against the opponent; prints win rate with a Wilson 95 %
interval, mean margin and the games behind each figure. ``--deals`` sets the size: small
now, 200 (400 games per figure) for a confirmation.

``screen``: on a fixed set of mid-game positions (medium self-play, seeded), expert at ``t``
is compared with expert at ``4t``: how often they agree, and the regret of expert at ``t``
per decision: the best appraised move's value less the chosen move's, both appraised by the
coach's search (``cacao_game.ai.analysis.appraise``, a fixed number of common re-deals) over
the moves any run chose; hard at 1 s is appraised the same way as a baseline.

``memory``: the peak memory traced (``tracemalloc``) while expert decides one mid-game
position with as many re-deals as it makes in ``--seconds`` untraced, with the tree's size.

Times are wall-clock on whatever machine runs it: a shared machine makes them noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

from cacao_game.ai.analysis import appraise, position_seed
from cacao_game.ai.expert import ExpertPlayer
from cacao_game.ai.hard import HardPlayer
from cacao_game.ai.medium import MediumPlayer
from cacao_game.engine import Action, Game, Phase

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tournament

TIMES = (0.25, 0.5, 1.0, 2.0, 4.0)
OPPONENT = "hard:time_budget=1.0"
HARD_SECONDS = 1.0
"""The hard level's thinking time in the screen's baseline row."""
APPRAISAL_REDEALS = 200
"""Re-deals of the appraisal that prices the screen's moves."""


def positions(count: int, seed: int, players: int = 2) -> list[Game]:
    """``count`` placement decisions from medium self-play: deal ``seed + i``, turn 4 to 15."""
    found = []
    medium = MediumPlayer(random.Random(0))
    for index in range(count):
        rng = random.Random(seed + index)
        turn = rng.randint(4, 15)
        game = Game.new(players, seed=seed + index, keep_history=False)
        while not game.is_over() and (game.turn < turn or game.phase is not Phase.PLACE):
            game.apply(medium.choose(game))
        if not game.is_over():
            found.append(game)
    return found


def expert_move(game: Game, seconds: float, seed: int) -> Action:
    """Expert's move at ``seconds`` a decision, its re-deals seeded by ``seed``."""
    return ExpertPlayer(random.Random(seed), time_budget=seconds).choose(game)


def run_table(args: argparse.Namespace) -> None:
    """Print the strength-versus-time table."""
    games = 2 * args.deals
    print(f"expert vs {args.opponent}, 2 players, {args.deals} duplicate deals ({games} games) a row")
    print(f"{'expert s':>9} {'games':>6} {'win rate':>9} {'wilson95':>17} {'margin':>7} {'exp ms med':>11}")
    for seconds in args.times:
        candidate = f"expert:time_budget={seconds}"
        tasks = tournament.schedule(candidate, args.opponent, 2, args.deals, args.first_deal)
        results = [tournament.play_one((specs, deal, seat, "base", None)) for specs, deal, seat in tasks]
        summary = tournament.summarize(candidate, args.opponent, 2, "base", results)
        low, high = summary["wilson95"]
        median = summary["decision_time"][candidate]["median_ms"]
        print(
            f"{seconds:>9} {summary['games']:>6} {summary['win_rate']:>9.3f} "
            f"{f'[{low:.3f}, {high:.3f}]':>17} {summary['mean_margin']:>7.2f} {median:>11.0f}",
            flush=True,
        )


def run_screen(args: argparse.Namespace) -> None:
    """Print agreement of expert at t with expert at 4t, and regret per decision by t."""
    games = positions(args.positions, args.seed)
    agree = {t: 0 for t in args.times}
    regrets: dict[float, list[float]] = {t: [] for t in [*args.times, 4 * args.times[-1]]}
    hard_regrets: list[float] = []
    for index, game in enumerate(games):
        seed = position_seed(game, "bench")
        moves = {t: expert_move(game, t, seed) for t in sorted({*args.times, *(4 * t for t in args.times)})}
        for t in args.times:
            agree[t] += moves[t] == moves[4 * t]
        hard = HardPlayer(random.Random(seed), time_budget=HARD_SECONDS).choose(game)
        shortlist = list(dict.fromkeys([*moves.values(), hard]))
        analysis = appraise(game, shortlist, iterations=APPRAISAL_REDEALS, seed=seed)
        best = analysis.options[0].value
        for t in regrets:
            found = analysis.of(moves[t])
            assert found is not None
            regrets[t].append(best - found.value)
        found = analysis.of(hard)
        assert found is not None
        hard_regrets.append(best - found.value)
        print(f"position {index + 1}/{len(games)} done", file=sys.stderr, flush=True)
    count = len(games)
    print(f"{count} positions (2 players, turns 4-15), appraised with {APPRAISAL_REDEALS} common re-deals")
    print(f"{'t s':>6} {'agrees with 4t':>15} {'mean regret':>12} {'regret>0':>9}")
    for t in sorted(regrets):
        share = f"{agree[t]}/{count}" if t in agree else "-"
        values = regrets[t]
        positive = sum(1 for r in values if r > 1e-9)
        print(f"{t:>6} {share:>15} {statistics.fmean(values):>12.3f} {positive:>9}")
    positive = sum(1 for r in hard_regrets if r > 1e-9)
    print(f"hard at {HARD_SECONDS} s: mean regret {statistics.fmean(hard_regrets):.3f}, regret>0 {positive}")


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
    screen = commands.add_parser("screen", help="agreement with 4t and regret by thinking time")
    screen.add_argument("--positions", type=int, default=12)
    screen.add_argument("--seed", type=int, default=500)
    screen.add_argument("--times", type=_times, default=[0.25, 0.5, 1.0])
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
