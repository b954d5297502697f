"""Strength of the expert level as its thinking time grows, and cheap screens of it.

    python tools/bench_ai.py table --deals 200 [--times 0.25,0.5,1,2,4] [--opponent SPEC]
        [--clock cpu|wall] [--out DIR [--minutes M] [--chunk 5]]
    python tools/bench_ai.py screen --positions 48 --fills 16 [--levels SPEC ...] [--redeals 300] [--cache F]
        [--judge SPEC] [--top 6]
    python tools/bench_ai.py agree --players 4 --positions 16 [--levels SPEC ...]
    python tools/bench_ai.py endgames --deals 100 [--left 6] [--strong SPEC] [--weak SPEC]
        [--variants OPTS ...] [--players 4] [--strong-only]
    python tools/bench_ai.py exact --deals 30 [--left 4 5] [--levels SPEC ...]
    python tools/bench_ai.py memory [--seconds 10] [--workers 2]
    python tools/bench_ai.py cores [--positions 8] [--seconds 2]

``table``: 2-player duplicate games (``tools/tournament.py``: each deal twice, seats swapped)
of expert at each thinking time against the opponent (default hard at 1 s; both on the
``--clock``, default ``cpu``: each side's own CPU time, so a busy machine gives both the same
thinking); prints win rate with a Wilson 95 % interval, mean margin and the games behind each
figure. ``--deals`` sets the size (200 deals, 400 games a figure, for a confirmation: about
4 CPU-hours a figure at 1 s a decision). With ``--out DIR`` a row is played in chunks of
``--chunk`` deals, each kept as a ``tournament.py --json`` file (``DIR/expert-S/sDEAL.json``,
written whole or not at all); a run plays only the chunks not there yet, starts no new one
after ``--minutes``, and prints the table of every chunk kept: a confirmation can grow over
several sittings, and a ``tournament.py --json`` file of the same pairing and deals counts.

``screen``: regret per decision on a fixed set of 2-player positions (``--players``; medium self-play,
seeded, a turn in ``--first-turn``..``--last-turn``; ``--positions`` placements and
``--fills`` fill decisions), for each level spec (iteration budgets, so the figures do not
depend on the machine's load). The judge plays every candidate move (the union of the levels'
choices and medium's best few) on ``--redeals`` re-deals of the deciding seat's view, common
to all moves, to the end of the game with the greedy policy (a valuer rebuilt each turn), or with
``--judge SPEC`` that level for every seat (seeded by the re-deal, e.g. ``medium``: not the
policy the expert's own playouts use), and takes the mean final margin: no search's leaf
evaluation is involved, only the final score. ``--top`` sets how many of medium's best moves
are judged besides the levels' choices.
A move's regret is the judge's best value less its own; the table gives the mean with a 95 %
interval, the mean paired with the first spec's and in how many positions a spec did better
or worse than it, for all positions and by kind (early and late placements, fills). First it
prints how far the judge agrees with itself (its best move on the first and the second half
of the re-deals, their rank correlation, the standard error of a gap). ``--cache FILE`` keeps
the judge's samples (each judge's apart: ``cache_key``), so a later run with other levels
judges only the moves not judged yet.

``agree``: no judge, only whether more thinking changes the move: on the screen's positions,
each level's choice (its re-deals seeded by the position, as in ``screen``), its place in
the expert root's order (medium's ranking first: ``root_moves``; 0 is medium's best) and in
how many positions it is the first level's choice. Cheap (a decision per level and
position), so it shows at once whether a larger budget only confirms the smaller one.

``endgames``: what a change to late play is worth in games, at a fraction of their cost. For
each deal from ``--first-deal``, of ``--players`` (2 by default), hard at 300 re-deals plays
every seat (seeded by the deal) to the first placement with ``--left`` placements left (all
seats together); from there ``--strong`` in one seat and ``--weak`` in the others finish the
game, once with the strong spec in each seat, for each of ``--variants`` (level options added
to every spec, or with ``--strong-only`` to the strong one; ``""`` for none). Iteration
budgets (the defaults stand for 2 s and 0.5 s; a spec naming no time has no time cap), so
every variant plays the same moves until the first decision it changes, and each endgame is
paired across variants: prints the strong side's wins and mean margin per variant, and each
variant's paired difference from the first with its 95 % interval and the endgames it turned.

``exact``: regret per decision where it can be known exactly: for each deal, the first
placement of ``endgames``' opening with each of ``--left`` placements left (2 players, nothing
hidden), every level's move judged by alpha-beta to the final score (``endgame.solve_duel``:
the best margin less the move's); prints each level's mean regret, in how many positions it
lost points, and alpha-beta's decisions expanded (median, max). Levels on iteration counts
(the defaults stand for 0.5 s and 2 s, ``duel=0``: the search alone).

``memory``: the peak memory traced (``tracemalloc``) while expert decides one mid-game
position with as many re-deals as it makes in ``--seconds`` untraced, with the tree's size;
then the resident memory (``VmRSS``, and its peak ``VmHWM``) of this process and of its search
helper (``--workers 2``) before and after a decision of ``--seconds`` (goal: under 100 MB).

``cores``: re-deals per second of expert decisions on ``--positions`` mid-game positions at
``workers=1`` and ``workers=2`` (the second stream in a search helper process), side by side
(each position timed once each way, the order alternating), and their ratio (about 1.8 on an
idle two-core machine).

Times are wall-clock on whatever machine runs it: a shared machine makes them noisy.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cacao_game.ai.analysis import position_seed
from cacao_game.ai.endgame import Allowance, final_margins, solve_duel
from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.expert import ExpertPlayer, nothing_hidden, placements_left, play_to_end, root_moves
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.registry import make_player
from cacao_game.ai.weights import DEFAULT
from cacao_game.engine import Action, Game, Phase
from cacao_game.percentiles import median, percentile

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tournament

TIMES = (0.25, 0.5, 1.0, 2.0, 4.0)
OPPONENT = "hard:time_budget=1"
SCREENED = [
    "hard:iterations=1000",
    "hard:iterations=4000",
    "medium",
    *(f"expert:iterations={count}" for count in (250, 1000, 4000, 16000)),
]
"""The screen's levels by default: hard at about its default second (1,000 re-deals) and at
four times that, medium, expert at four budgets."""


def positions(
    count: int, seed: int, players: int = 2, turns: tuple[int, int] = (4, 15), phase: Phase = Phase.PLACE
) -> list[Game]:
    """``count`` decisions of ``phase`` (placements, or fills with a choice) from medium
    self-play: deal ``seed + i``, the first such decision from a turn drawn from ``turns``
    (inclusive) by a generator seeded ``seed + i``."""
    found = []
    medium = MediumPlayer(random.Random(0))
    for index in range(count):
        rng = random.Random(seed + index)
        turn = rng.randint(*turns)
        game = Game.new(players, seed=seed + index, keep_history=False)
        while not game.is_over() and (
            game.turn < turn or game.phase is not phase or len(game.legal_actions()) < 2
        ):
            game.apply(medium.choose(game))
        if not game.is_over():
            found.append(game)
    return found


def timed(spec: str, clock: str) -> str:
    """``spec`` with ``clock=...`` added unless it names one."""
    return spec if "clock=" in spec else f"{spec}{',' if ':' in spec else ':'}clock={clock}"


def run_table(args: argparse.Namespace) -> None:
    """Print the strength-versus-time table (playing the chunks ``--out`` lacks first)."""
    opponent = timed(args.opponent, args.clock)
    rows = [(seconds, timed(f"expert:time_budget={seconds:g}", args.clock)) for seconds in args.times]
    if args.out is None:
        summaries = [
            tournament.summarize(c, opponent, 2, "base", play_table_games(args, c, opponent)) for _, c in rows
        ]
    else:
        stop = time.monotonic() + 60 * args.minutes if args.minutes is not None else math.inf
        summaries = [play_chunks(args, candidate, opponent, seconds, stop) for seconds, candidate in rows]
    print(
        f"expert vs {opponent}, 2 players, duplicate deals from {args.first_deal}; "
        f"goal {args.deals} deals a row"
    )
    print(f"{'expert s':>9} {'games':>6} {'win rate':>9} {'wilson95':>17} {'margin':>7} {'exp ms med':>11}")
    for (seconds, candidate), summary in zip(rows, summaries, strict=True):
        if summary is None:
            print(f"{seconds:>9g} {0:>6}")
            continue
        low, high = summary["wilson95"]
        median = summary["decision_time"].get(candidate, {}).get("median_ms", 0.0)
        print(
            f"{seconds:>9g} {summary['games']:>6} {summary['win_rate']:>9.3f} "
            f"{f'[{low:.3f}, {high:.3f}]':>17} {summary['mean_margin']:>7.2f} {median:>11.0f}",
            flush=True,
        )


def play_table_games(
    args: argparse.Namespace,
    candidate: str,
    opponent: str,
    first: int | None = None,
    deals: int | None = None,
) -> list[tournament.GameResult]:
    """Every game of ``deals`` duplicate deals from ``first`` (default: the whole row)."""
    first = args.first_deal if first is None else first
    tasks = tournament.schedule(candidate, opponent, 2, args.deals if deals is None else deals, first)
    jobs = [(specs, deal, seat, "base", None) for specs, deal, seat in tasks]
    with ProcessPoolExecutor(args.workers) as pool:
        return list(pool.map(tournament.play_one, jobs, chunksize=1))


def play_chunks(
    args: argparse.Namespace, candidate: str, opponent: str, seconds: float, stop: float
) -> dict[str, Any] | None:
    """Play the row's missing chunks under ``args.out`` until ``stop`` (monotonic), then
    merge every chunk kept (None when there is none)."""
    folder = args.out / f"expert-{seconds:g}"
    folder.mkdir(parents=True, exist_ok=True)
    for first in range(args.first_deal, args.first_deal + args.deals, args.chunk):
        path = folder / f"s{first}.json"
        if path.exists() or time.monotonic() > stop:
            continue
        deals = min(args.chunk, args.first_deal + args.deals - first)
        started = time.perf_counter()
        results = play_table_games(args, candidate, opponent, first, deals)
        summary = tournament.summarize(candidate, opponent, 2, "base", results)
        summary["seconds"] = round(time.perf_counter() - started, 1)
        tournament.write_json(path, summary, results)
        print(f"  {path.name}: {tournament.format_summary(summary).splitlines()[1].strip()}", flush=True)
    kept = sorted(folder.glob("s*.json"))
    if not kept:
        return None
    merged = tournament.merge(kept)
    if (merged["candidate"], merged["opponent"]) != (candidate, opponent):
        raise ValueError(f"{folder} holds {merged['candidate']} vs {merged['opponent']}, not {opponent}")
    return merged


def judge_samples(
    game: Game, moves: Sequence[Action], redeals: range, seed: int, policy: str | None = None
) -> dict[Action, list[float]]:
    """Each move's final margin for the deciding seat on each re-deal of ``redeals`` (re-deal
    ``i`` of the view is seeded ``seed * 7919 + i``, common to all moves), every game played to
    the end and priced by the final score only: by hard's greedy policy with a valuer rebuilt
    each turn (``expert.play_to_end``), or with ``policy`` a level spec playing every seat (each
    seat's player seeded by the re-deal, so the moves share its luck too)."""
    seat = game.current_player()
    view = game.view(seat)
    samples: dict[Action, list[float]] = {move: [] for move in moves}
    for index in redeals:
        world = view.determinize(seat, random.Random(seed * 7919 + index))
        for move in moves:
            after = world.clone()
            after.apply(move)
            if policy is None:
                play_to_end(after, DEFAULT)
            else:
                players = [
                    make_player(policy, random.Random(f"{seed}:{index}:{s}"), time_budget=1e9)
                    for s in range(after.players)
                ]
                while not after.is_over():
                    after.apply(players[after.current_player()].choose(after))
            samples[move].append(final_margins(after)[seat])
    return samples


ScreenTask = tuple[Game, list[str], int, dict[str, list[float]], str | None, int]
"""A position, the level specs, the judging re-deals, the judge's samples already known
for it (by ``repr`` of the move), the judge's policy (``judge_samples``) and how many of
medium's best moves are judged besides the levels' choices."""


def run_agree(args: argparse.Namespace) -> None:
    """Print each level's move on the screen's positions by its place in the root's order, and
    how often it is the first level's move."""
    turns = (args.first_turn, args.last_turn)
    games = positions(args.positions, args.seed, args.players, turns=turns)
    medium = MediumPlayer(random.Random(0))
    same = [0] * len(args.levels)
    first, last = turns
    print(f"{len(games)} placements ({args.players} players, turns {first}-{last}, from seed {args.seed})")
    print(f"{'position':>8} {'moves':>6} " + " ".join(f"{spec:>28}" for spec in args.levels))
    for index, game in enumerate(games):
        order = root_moves(game.view(game.current_player()), medium)
        chosen = agreed_moves(game, args.levels)
        for level, move in enumerate(chosen):
            same[level] += move == chosen[0]
        places = " ".join(f"{order.index(move):>28}" for move in chosen)
        print(f"{index:>8} {len(order):>6} {places}", flush=True)
    counts = ", ".join(f"{spec} {n} of {len(games)}" for spec, n in zip(args.levels, same, strict=True))
    print(f"the first level's move: {counts}")


ENDGAME_OPENING = "hard:iterations=300"
"""Who plays the deals to the endgames ``endgames`` replays."""


@dataclass(frozen=True, slots=True)
class EndgameTask:
    """One deal of ``endgames``: where its replay starts and who finishes it."""

    deal: int
    left: int
    strong: str
    weak: str
    variants: tuple[str, ...]
    opening: str = ENDGAME_OPENING
    players: int = 2
    weak_too: bool = True
    """Whether the variants' options are added to the weak spec as well as the strong one."""


def endgame_start(deal: int, left: int, opening: str = ENDGAME_OPENING, players: int = 2) -> Game:
    """Deal ``deal`` of ``players`` played by ``opening`` in every seat (seeded by the deal) to
    the first placement with ``left`` placements left (or to its end)."""
    game = Game.new(players, seed=deal, keep_history=False)
    player = make_player(opening, random.Random(deal), time_budget=1e9)
    while not game.is_over() and (placements_left(game) > left or game.phase is not Phase.PLACE):
        game.apply(player.choose(game))
    return game


def with_options(spec: str, options: str) -> str:
    """``spec`` with the level options ``options`` added (none if empty)."""
    return spec if not options else f"{spec}{',' if ':' in spec else ':'}{options}"


def endgame_results(task: EndgameTask) -> dict[str, list[float]]:
    """One deal's endgame finished by every variant with the strong spec in each seat: variant ->
    the strong side's [win in seat 0, margin in seat 0, win in seat 1, margin in seat 1, ...]
    (a shared win a fraction)."""
    deal, strong, weak = task.deal, task.strong, task.weak
    start = endgame_start(deal, task.left, task.opening, task.players)
    results: dict[str, list[float]] = {}
    for options in task.variants:
        weak_spec = with_options(weak, options) if task.weak_too else weak
        row: list[float] = []
        for strong_seat in range(task.players):
            game = start.clone()
            specs = [
                with_options(strong, options) if seat == strong_seat else weak_spec
                for seat in range(task.players)
            ]
            seats = [
                make_player(spec, random.Random(deal * 10 + seat), time_budget=1e9)
                for seat, spec in enumerate(specs)
            ]
            while not game.is_over():
                game.apply(seats[game.current_player()].choose(game))
            margin = final_margins(game)[strong_seat]
            winners = game.winners()
            row += [1.0 / len(winners) if strong_seat in winners else 0.0, margin]
        results[options] = row
    return results


def run_endgames(args: argparse.Namespace) -> None:
    """Replay the endgames of ``--deals`` deals with every variant and print the paired table."""
    variants = tuple(args.variants)
    tasks = [
        EndgameTask(
            deal,
            args.left,
            args.strong,
            args.weak,
            variants,
            players=args.players,
            weak_too=not args.strong_only,
        )
        for deal in range(args.first_deal, args.first_deal + args.deals)
    ]
    print(
        f"{args.deals} deals of {args.players} players from {args.first_deal}, {args.left} placements left:",
        end=" ",
    )
    print(f"{args.strong} against {args.weak}")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        rows = list(pool.map(endgame_results, tasks))
    base = variants[0]
    for options in variants:
        wins = [win for r in rows for win in r[options][0::2]]
        margins = [margin for r in rows for margin in r[options][1::2]]
        line = (
            f"{options or '(as is)':>24}: {len(wins)} endgames, strong side wins "
            f"{100 * statistics.mean(wins):.1f} %, margin {statistics.mean(margins):+.2f}"
        )
        if options != base:
            gains = [[mine - theirs for mine, theirs in zip(r[options], r[base], strict=True)] for r in rows]
            win_gain = [gain for row in gains for gain in row[0::2]]
            margin_gain = [gain for row in gains for gain in row[1::2]]
            turned = sum(gain != 0 for gain in win_gain)
            line += (
                f"; paired with {base or '(as is)'}: wins {100 * statistics.mean(win_gain):+.1f} ± "
                f"{100 * _half(win_gain):.1f} points, margin {statistics.mean(margin_gain):+.2f} ± "
                f"{_half(margin_gain):.2f}, {turned} results changed"
            )
        print(line, flush=True)
    if args.json:
        deals = list(range(args.first_deal, args.first_deal + args.deals))
        args.json.write_text(json.dumps({"deals": deals, "rows": rows}, indent=1))


EXACT_LEVELS = ["expert:iterations=850,duel=0", "expert:iterations=3400,duel=0"]
"""The ``exact`` screen's levels by default: the expert's search alone at about 0.5 s and 2 s."""


@dataclass(frozen=True, slots=True)
class ExactRow:
    """One endgame of ``exact``: its deal, placements left, alpha-beta's decisions expanded and
    each level's regret (points)."""

    deal: int
    left: int
    expanded: int
    regrets: dict[str, float]


def exact_row(task: tuple[int, int, tuple[str, ...]]) -> ExactRow | None:
    """One endgame of ``exact`` (None if something is still hidden there or there is no choice)."""
    deal, left, levels = task
    game = endgame_start(deal, left)
    seat = game.current_player()
    view = game.view(seat)
    if game.is_over() or not nothing_hidden(view, seat) or len(view.legal_actions()) < 2:
        return None
    valuer = Valuer(view)
    counted = Allowance(None)
    best, _move, _end = solve_duel(view, root_moves(view, MediumPlayer(random.Random(0))), valuer, counted)
    regrets = {}
    for spec in levels:
        chosen = make_player(spec, random.Random(deal * 10 + left), time_budget=1e9).choose(game)
        regrets[spec] = best - solve_duel(view, [chosen], valuer)[0]
    return ExactRow(deal, left, counted.expanded, regrets)


def run_exact(args: argparse.Namespace) -> None:
    """Print each level's regret against the exact endgame, by placements left."""
    levels = tuple(args.levels)
    deals = range(args.first_deal, args.first_deal + args.deals)
    tasks = [(deal, left, levels) for left in args.left for deal in deals]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        rows = [row for row in pool.map(exact_row, tasks) if row is not None]
    for left in args.left:
        mine = [row for row in rows if row.left == left]
        if not mine:
            continue
        expanded = [row.expanded for row in mine]
        middle, most = median(expanded), max(expanded)
        shown = f"alpha-beta expanded median {middle:.0f}, max {most}"
        print(f"{left} placements left: {len(mine)} endgames; {shown}")
        for spec in levels:
            lost = [row.regrets[spec] for row in mine]
            mean, worse = statistics.mean(lost), sum(x > 0 for x in lost)
            print(f"  {spec:>36}: regret {mean:.2f} a decision, points lost in {worse}")
    if args.json:
        args.json.write_text(json.dumps([_row_json(row) for row in rows], indent=1))


def _row_json(row: ExactRow) -> dict[str, object]:
    return {"deal": row.deal, "left": row.left, "expanded": row.expanded, "regrets": row.regrets}


def agreed_moves(game: Game, levels: Sequence[str]) -> list[Action]:
    """Each level's move in ``game``, its re-deals seeded by the position (as ``screen``'s)."""
    seed = position_seed(game, "bench")
    return [make_player(spec, random.Random(seed), time_budget=1e9).choose(game) for spec in levels]


def screen_position(task: ScreenTask) -> dict[str, object]:
    """One position: each level's move (its re-deals seeded by the position) and the judge's
    samples of every candidate (the union of the levels' moves and medium's top few; only the
    moves ``task`` does not know yet are judged)."""
    game, levels, redeals, known, policy, top = task
    seed = position_seed(game, "bench")
    chosen = dict(zip(levels, agreed_moves(game, levels), strict=True))
    shortlist = [action for _value, action in MediumPlayer(random.Random(0)).rank(game)[:top]]
    candidates = list(dict.fromkeys([*chosen.values(), *shortlist]))
    fresh = [move for move in candidates if len(known.get(repr(move), ())) < redeals]
    samples = dict(known)
    for move, values in judge_samples(game, fresh, range(redeals), seed, policy).items():
        samples[repr(move)] = values
    return {
        "seed": seed,
        "turn": game.turn,
        "phase": game.phase.name.lower(),
        "chosen": {spec: repr(move) for spec, move in chosen.items()},
        "samples": samples,
    }


def judge_agreement(rows: Sequence[dict[str, object]], redeals: int) -> str:
    """How far the judge agrees with itself: each position's candidates judged on the first and
    the second half of the re-deals; the share of positions whose best move is the same, the
    mean rank correlation, and the typical standard error of a gap between two moves."""
    half = redeals // 2
    same = 0
    correlations = []
    errors = []
    for row in rows:
        samples: dict[str, list[float]] = row["samples"]  # type: ignore[assignment]
        moves = sorted(samples)
        first = [statistics.fmean(samples[m][:half]) for m in moves]
        second = [statistics.fmean(samples[m][half:redeals]) for m in moves]
        same += first.index(max(first)) == second.index(max(second))
        if len(moves) > 2:
            correlations.append(_spearman(first, second))
        full = [statistics.fmean(samples[m][:redeals]) for m in moves]
        best = moves[full.index(max(full))]
        for move in moves:
            if move != best:
                gaps = [a - b for a, b in zip(samples[best][:redeals], samples[move][:redeals], strict=True)]
                errors.append(statistics.stdev(gaps) / math.sqrt(len(gaps)))
    ranks = (
        f"mean rank correlation {statistics.fmean(correlations):.2f}"
        if correlations
        else "no position with 3 moves or more to correlate ranks"
    )
    gaps = (
        f"median {percentile(errors, 0.5):.2f}, 90th percentile {percentile(errors, 0.9):.2f} points"
        if errors
        else "no position with 2 moves"
    )
    return (
        f"judge against itself (re-deals 0-{half - 1} vs {half}-{redeals - 1}): same best move in "
        f"{same} of {len(rows)} positions, {ranks}; standard error of a best-vs-other gap over "
        f"{redeals}: {gaps}"
    )


def _spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Rank correlation of two equally long sequences (ties by position)."""
    ranks = [sorted(range(len(x)), key=lambda i: x[i]) for x in (a, b)]
    ra = [0] * len(a)
    rb = [0] * len(b)
    for rank, (i, j) in enumerate(zip(*ranks, strict=True)):
        ra[i] = rank
        rb[j] = rank
    n = len(a)
    return 1 - 6 * sum((x - y) ** 2 for x, y in zip(ra, rb, strict=True)) / (n * (n * n - 1))


def regrets(rows: Sequence[dict[str, object]], redeals: int) -> list[dict[str, float]]:
    """Each level's regret at each position: the judge's best mean (over every move judged
    there) less the mean of the level's move."""
    result = []
    for row in rows:
        samples: dict[str, list[float]] = row["samples"]  # type: ignore[assignment]
        means = {move: statistics.fmean(values[:redeals]) for move, values in samples.items()}
        best = max(means.values())
        chosen: dict[str, str] = row["chosen"]  # type: ignore[assignment]
        result.append({spec: best - means[move] for spec, move in chosen.items()})
    return result


def cache_key(seed: int, policy: str | None) -> str:
    """The ``--cache`` entry of a position's judge samples: its seed, with the judge's level
    spec after a colon when a level judges (``judge_samples``), so judges never share samples."""
    return str(seed) if policy is None else f"{seed}:{policy}"


def run_screen(args: argparse.Namespace) -> None:
    """Print the regret per decision of each level, paired with the first, by kind of decision."""
    turns = (args.first_turn, args.last_turn)
    games = positions(args.positions, args.seed, args.players, turns=turns)
    games += positions(args.fills, args.seed + 10_000, args.players, turns=turns, phase=Phase.FILL)
    cache: dict[str, dict[str, list[float]]] = (
        json.loads(args.cache.read_text()) if args.cache and args.cache.exists() else {}
    )
    tasks: list[ScreenTask] = []
    for game in games:
        known = cache.get(cache_key(position_seed(game, "bench"), args.judge), {})
        tasks.append((game, args.levels, args.redeals, known, args.judge, args.top))
    rows = []
    with ProcessPoolExecutor(args.workers) as pool:
        for row in pool.map(screen_position, tasks):
            rows.append(row)
            if args.cache:
                seed: int = row["seed"]  # type: ignore[assignment]
                cache[cache_key(seed, args.judge)] = row["samples"]  # type: ignore[assignment]
                args.cache.write_text(json.dumps(cache))
    print(
        f"{args.positions} placements and {args.fills} fills ({args.players} players, turns "
        f"{args.first_turn}-{args.last_turn}, seeds {args.seed}+); judge: {args.redeals} common re-deals "
        f"played to the end by {args.judge or 'the greedy policy'}, final margin"
    )
    print(judge_agreement(rows, args.redeals))
    table = regrets(rows, args.redeals)
    base = args.levels[0]
    groups = {
        "all": range(len(rows)),
        f"place, turn <= {args.split}": [
            i for i, r in enumerate(rows) if r["phase"] == "place" and r["turn"] <= args.split
        ],  # type: ignore[operator]
        f"place, turn > {args.split}": [
            i for i, r in enumerate(rows) if r["phase"] == "place" and r["turn"] > args.split
        ],  # type: ignore[operator]
        "fill": [i for i, r in enumerate(rows) if r["phase"] == "fill"],
    }
    for group, members in groups.items():
        if len(members) < 2:
            continue
        print(f"-- {group}: {len(members)} positions")
        print(
            f"{'player':>34} {'mean regret':>12} {'95% half':>9} {'regret>0.5':>11} "
            f"{f'- {base}, paired':>38} {'better/worse':>13}"
        )
        for name in args.levels:
            values = [table[i][name] for i in members]
            gaps = [table[i][name] - table[i][base] for i in members]
            worse = sum(1 for r in values if r > 0.5)
            better = sum(1 for g in gaps if g < -1e-9)
            lost = sum(1 for g in gaps if g > 1e-9)
            print(
                f"{name:>34} {statistics.fmean(values):>12.3f} {_half(values):>9.3f} {worse:>11} "
                f"{f'{statistics.fmean(gaps):+.3f} +- {_half(gaps):.3f}':>38} {f'{better}/{lost}':>13}",
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


def resident(pid: int | str = "self") -> tuple[float, float]:
    """A process's resident memory now and its peak (``VmRSS``, ``VmHWM``), in MB (Linux)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value
    return (int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024)


def run_resident(args: argparse.Namespace) -> None:
    """Print the resident memory of this process and of its helper around a timed decision."""
    games = positions(2, args.seed)
    player = ExpertPlayer(random.Random(1), time_budget=1.0, workers=args.workers)
    player.choose(games[1])  # starts the helper
    helper = player._helpers[0].pid if player._helpers else None
    pids: list[tuple[str, int | str]] = [("search process", "self")]
    if helper is not None:
        pids.append(("helper", helper))
    before = {name: resident(pid) for name, pid in pids}
    player.time_budget = args.seconds
    player.choose(games[0])
    for name, pid in pids:
        rss, peak = resident(pid)
        print(
            f"{name}: resident {before[name][0]:.1f} MB before a {args.seconds} s decision, {rss:.1f} MB "
            f"after, peak {peak:.1f} MB ({player.last_iterations} re-deals in all, {player.last_nodes} "
            f"nodes, workers={args.workers})"
        )
    player.close()


def cpu_seconds(pid: int | None) -> float:
    """CPU time (user and system) process ``pid`` has used so far (0 for None; Linux)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_cores(args: argparse.Namespace) -> None:
    """Print re-deals per second at one and two workers, position by position, their ratio,
    and the CPU behind them: re-deals per CPU second (the helper's overhead) and how busy
    the helper was (a busy shared machine can give both processes together one core only)."""
    games = positions(args.positions, args.seed)
    players = {
        workers: ExpertPlayer(random.Random(1), time_budget=args.seconds, workers=workers)
        for workers in (1, 2)
    }
    players[2].choose(games[0])  # starts the helper: not timed
    helper = players[2]._helpers[0].pid
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"expert decisions of {args.seconds} s on {len(games)} positions (2 players, seeds {args.seed}+), "
        f"{os.cpu_count()} CPUs, load average {load:.1f} before"
    )
    print(
        f"{'turn':>5} {'w=1 re-deals/s':>15} {'w=2 re-deals/s':>15} {'ratio':>6} "
        f"{'w=1 /cpu s':>11} {'w=2 /cpu s':>11} {'main cpu':>9} {'helper cpu':>11}"
    )
    ratios = []
    efficiency = []
    for index, game in enumerate(games):
        rates: dict[int, float] = {}
        per_cpu: dict[int, float] = {}
        busy: dict[str, float] = {}
        for workers in (1, 2) if index % 2 == 0 else (2, 1):
            player = players[workers]
            started, cpu, helper_cpu = time.perf_counter(), time.process_time(), cpu_seconds(helper)
            player.choose(game)
            wall = time.perf_counter() - started
            used = time.process_time() - cpu
            helped = cpu_seconds(helper) - helper_cpu if workers == 2 else 0.0
            rates[workers] = player.last_iterations / wall
            per_cpu[workers] = player.last_iterations / (used + helped)
            if workers == 2:
                busy = {"main": used / wall, "helper": helped / wall}
        ratios.append(rates[2] / rates[1])
        efficiency.append(per_cpu[2] / per_cpu[1])
        print(
            f"{game.turn:>5} {rates[1]:>15.0f} {rates[2]:>15.0f} {ratios[-1]:>6.2f} {per_cpu[1]:>11.0f} "
            f"{per_cpu[2]:>11.0f} {busy['main']:>9.0%} {busy['helper']:>11.0%}",
            flush=True,
        )
    print(
        f"wall-time ratio workers=2 / workers=1: median {median(ratios):.2f}, mean "
        f"{statistics.fmean(ratios):.2f}; re-deals per CPU second, workers=2 / workers=1: median "
        f"{median(efficiency):.2f} (load average {os.getloadavg()[0]:.1f} after)"
    )
    players[2].close()


def _times(text: str) -> list[float]:
    return [float(part) for part in text.split(",") if part]


def _positions_parser(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], name: str, what: str, positions: int
) -> argparse.ArgumentParser:
    """A command over the screen's positions (``positions``): how many, their seed, players
    and turns."""
    command = commands.add_parser(name, help=what)
    command.add_argument("--positions", type=int, default=positions)
    command.add_argument("--seed", type=int, default=500)
    command.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    command.add_argument("--first-turn", type=int, default=6)
    command.add_argument("--last-turn", type=int, default=17)
    return command


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
    table.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="both sides' thinking clock")
    table.add_argument("--workers", type=int, default=2)
    table.add_argument(
        "--out", type=Path, default=None, help="keep each chunk's games here; play only missing ones"
    )
    table.add_argument("--chunk", type=int, default=5, help="deals a chunk (with --out)")
    table.add_argument("--minutes", type=float, default=None, help="start no chunk after this (with --out)")
    screen = _positions_parser(commands, "screen", "regret per decision by iteration count", 32)
    screen.add_argument("--levels", nargs="+", default=SCREENED, help="level specs; the first is the base")
    screen.add_argument("--fills", type=int, default=0, help="fill decisions screened besides the placements")
    screen.add_argument("--split", type=int, default=11, help="last turn counted early in the breakdown")
    screen.add_argument("--redeals", type=int, default=300)
    screen.add_argument("--judge", default=None, help="level spec finishing the games (default: greedy)")
    screen.add_argument("--top", type=int, default=6, help="medium's best moves judged besides the levels'")
    screen.add_argument("--cache", type=Path, default=None, help="judge samples kept between runs (JSON)")
    screen.add_argument("--workers", type=int, default=1)
    screen.add_argument("--json", type=Path, default=None, help="write each position's regrets")
    agree = _positions_parser(commands, "agree", "each level's move by its place in the root's order", 16)
    agree.add_argument("--levels", nargs="+", required=True, help="level specs; the first is the base")
    endgames = commands.add_parser("endgames", help="late play's worth: endgames replayed by variant")
    endgames.add_argument("--deals", type=int, default=100)
    endgames.add_argument("--first-deal", type=int, default=1000)
    endgames.add_argument("--left", type=int, default=6, help="placements left where the replay starts")
    endgames.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    endgames.add_argument("--strong", default="expert:iterations=3400")
    endgames.add_argument("--weak", default="expert:iterations=850")
    endgames.add_argument(
        "--variants", nargs="+", default=["", "duel=0"], help="level options; the first is the base"
    )
    endgames.add_argument(
        "--strong-only", action="store_true", help="the variants change the strong spec only"
    )
    endgames.add_argument("--workers", type=int, default=2)
    endgames.add_argument("--json", type=Path, default=None, help="write every deal's results")
    exact = commands.add_parser("exact", help="regret against the exact two-player endgame")
    exact.add_argument("--deals", type=int, default=30)
    exact.add_argument("--first-deal", type=int, default=200)
    exact.add_argument("--left", type=int, nargs="+", default=[4, 5], help="placements left")
    exact.add_argument("--levels", nargs="+", default=EXACT_LEVELS)
    exact.add_argument("--workers", type=int, default=2)
    exact.add_argument("--json", type=Path, default=None, help="write every endgame's regrets")
    memory = commands.add_parser("memory", help="traced peak memory of one decision")
    memory.add_argument("--seconds", type=float, default=10.0)
    memory.add_argument("--seed", type=int, default=500)
    memory.add_argument("--workers", type=int, default=2, help="streams of the resident measurement")
    cores = commands.add_parser("cores", help="re-deals per second at one and two workers")
    cores.add_argument("--positions", type=int, default=8)
    cores.add_argument("--seconds", type=float, default=2.0)
    cores.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    match args.command:
        case "table":
            run_table(args)
        case "screen":
            run_screen(args)
        case "cores":
            run_cores(args)
        case "agree":
            run_agree(args)
        case "endgames":
            run_endgames(args)
        case "exact":
            run_exact(args)
        case _:
            run_memory(args)
            run_resident(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
