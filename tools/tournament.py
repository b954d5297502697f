"""Duplicate-seed tournaments between AI levels.

Every deal is played in every seat rotation, so luck of the deal and of the seat cancels out:

- 2 players, head-to-head: ``--players 2``: each deal twice, the candidate in seat 0 then 1;
- 3 or 4 players, one against the others: ``--players 3`` or ``4``: each deal three or four
  times, the candidate in each seat and the opponent level in the other seats.

Reported for the candidate level: win rate (a shared win counts as a fraction) with a Wilson
95 % interval, mean margin (own total minus the best other total), mean rank (1 = best, ties
share the mean rank), the duplicate edge (``duplicate_edge``: a finer measure of the same
strength) and each level's decision time (median, p95, max). Writes a JSON
summary and, with ``--records DIR``, every game's record. Runs on ``--workers`` processes.

A level may carry options: ``hard:time_budget=0.1`` or ``hard:iterations=20,method=flat``.

    python tools/tournament.py medium random --players 2 --deals 100 --json out.json
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cacao_game.ai.registry import make_player, parse_level, player_seed
from cacao_game.engine import Game
from cacao_game.percentiles import median, percentile
from cacao_game.records import seat_entries, to_record, write_record

log = logging.getLogger("tournament")


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) without trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class GameResult:
    """One game of the tournament, seen from the candidate's seat."""

    deal: int
    seat: int
    """The candidate's seat."""
    totals: list[int]
    winners: list[int]
    win: float
    """1 for a sole win, 1/k for a win shared by k seats, else 0."""
    margin: int
    rank: float
    times: dict[str, list[float]]
    """Decision times in seconds, by level spec."""


def play_one(task: tuple[list[str], int, int, str, str | None]) -> GameResult:
    """Play one game: ``(seat specs, deal seed, candidate seat, variant, records folder)``."""
    specs, deal, seat, variant, records = task
    game = Game.new(len(specs), variant, deal, keep_history=False)
    players = [make_player(spec, random.Random(player_seed(deal, s))) for s, spec in enumerate(specs)]
    times: dict[str, list[float]] = {spec: [] for spec in specs}
    while not game.is_over():
        mover = game.current_player()
        started = time.perf_counter()
        action = players[mover].choose(game)
        times[specs[mover]].append(time.perf_counter() - started)
        game.apply(action)
    totals = [score.total for score in game.score_now()]
    winners = list(game.winners())
    if records:
        kinds = [parse_level(spec)[0] for spec in specs]
        write_record(to_record(game, seat_entries(kinds)), Path(records) / f"deal{deal}_seat{seat}.json")
    best_other = max(t for s, t in enumerate(totals) if s != seat)
    better = sum(1 for s, t in enumerate(totals) if s != seat and t > totals[seat])
    equal = sum(1 for s, t in enumerate(totals) if s != seat and t == totals[seat])
    return GameResult(
        deal=deal,
        seat=seat,
        totals=totals,
        winners=winners,
        win=1 / len(winners) if seat in winners else 0.0,
        margin=totals[seat] - best_other,
        rank=1 + better + equal / 2,
        times=times,
    )


def schedule(
    candidate: str, opponent: str, players: int, deals: int, first_deal: int
) -> list[tuple[list[str], int, int]]:
    """Every (seat specs, deal, candidate seat) of a duplicate tournament."""
    tasks = []
    for deal in range(first_deal, first_deal + deals):
        for seat in range(players):
            specs = [opponent] * players
            specs[seat] = candidate
            tasks.append((specs, deal, seat))
    return tasks


def deal_edges(results: Sequence[GameResult]) -> dict[int, float]:
    """Each deal's edge: over its seats played by both levels, the mean of the candidate's total
    minus the opponent level's in the same seat (the mean over the deal's other rotations, where
    the opponent sat there); deals with no such seat are left out."""
    own: dict[tuple[int, int], list[int]] = {}
    theirs: dict[tuple[int, int], list[int]] = {}
    for result in results:
        for seat, total in enumerate(result.totals):
            into = own if seat == result.seat else theirs
            into.setdefault((result.deal, seat), []).append(total)
    by_deal: dict[int, list[float]] = {}
    for (deal, seat), totals in own.items():
        if (deal, seat) in theirs:
            edge = statistics.fmean(totals) - statistics.fmean(theirs[deal, seat])
            by_deal.setdefault(deal, []).append(edge)
    return {deal: statistics.fmean(edges) for deal, edges in sorted(by_deal.items())}


def mean_over_deals(edges: Sequence[float]) -> dict[str, float] | None:
    """``{"points", "se", "deals"}``: the mean of per-deal ``edges`` and its standard error
    (NaN with one deal); None without any."""
    if not edges:
        return None
    spread = statistics.stdev(edges) / math.sqrt(len(edges)) if len(edges) > 1 else math.nan
    return {"points": statistics.fmean(edges), "se": spread, "deals": len(edges)}


def duplicate_edge(results: Sequence[GameResult]) -> dict[str, float] | None:
    """The candidate's total minus the opponent level's in the same seat of the same deal,
    averaged over each deal's seats and then over deals (``deal_edges``), with the standard
    error over deals (a deal's seats share its tiles, so the deal is the unit that varies
    independently): ``mean_over_deals``; None when no seat of any deal was played by both.

    Every seat's luck of the deal cancels out, as in the win rate's rotations, but a whole
    game's points are compared rather than who came first, so it separates two settings on
    fewer deals (4 players, 40 deals: a standard error of about 0.4 points; in 4-player runs a
    point of edge went with 6 to 9 points of wins, whose standard error there is about 3.8, so
    the edge needs about half the games for the same precision). The opponent's totals come
    from games in which the candidate sat elsewhere, so a candidate that takes points from its
    neighbours reads a little better than a head-to-head measure would say."""
    return mean_over_deals(list(deal_edges(results).values()))


def paired_edge(results: Sequence[GameResult], others: Sequence[GameResult]) -> dict[str, float] | None:
    """How much larger the duplicate edge of ``results`` is than that of ``others`` (another
    candidate against the same opponent) on the deals both played, deal by deal
    (``mean_over_deals`` of the differences): two settings compared on the same tiles."""
    mine, theirs = deal_edges(results), deal_edges(others)
    return mean_over_deals([mine[deal] - theirs[deal] for deal in mine if deal in theirs])


def time_summary(samples: list[float]) -> dict[str, float]:
    """Median, p95 and max of decision times, in milliseconds."""
    if not samples:
        return {"decisions": 0, "median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(samples)
    p95 = percentile(ordered, 0.95)
    return {
        "decisions": len(ordered),
        "median_ms": round(1000 * median(ordered), 2),
        "p95_ms": round(1000 * p95, 2),
        "max_ms": round(1000 * ordered[-1], 2),
    }


def summarize(
    candidate: str, opponent: str, players: int, variant: str, results: list[GameResult]
) -> dict[str, Any]:
    """The tournament's figures for the candidate level."""
    games = len(results)
    wins = sum(r.win for r in results)
    low, high = wilson_interval(wins, games)
    times: dict[str, list[float]] = {}
    for result in results:
        for spec, samples in result.times.items():
            times.setdefault(spec, []).extend(samples)
    return {
        "candidate": candidate,
        "opponent": opponent,
        "players": players,
        "variant": variant,
        "games": games,
        "deals": len({r.deal for r in results}),
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "wilson95": [low, high],
        "mean_margin": statistics.fmean(r.margin for r in results) if results else 0.0,
        "mean_rank": statistics.fmean(r.rank for r in results) if results else 0.0,
        "duplicate_edge": duplicate_edge(results),
        "decision_time": {spec: time_summary(samples) for spec, samples in times.items()},
    }


def format_summary(summary: dict[str, Any]) -> str:
    """A short human-readable table of a summary."""
    low, high = summary["wilson95"]
    lines = [
        f"{summary['candidate']} vs {summary['opponent']} ({summary['players']}p, {summary['variant']}): "
        f"{summary['games']} games over {summary['deals']} deals",
        f"  win rate {100 * summary['win_rate']:.1f}% (Wilson 95% {100 * low:.1f}-{100 * high:.1f}%), "
        f"mean margin {summary['mean_margin']:+.2f}, mean rank {summary['mean_rank']:.2f}",
    ]
    edge = summary.get("duplicate_edge")
    if edge is not None:
        lines.append(
            f"  duplicate edge {edge['points']:+.2f} points (standard error {edge['se']:.2f} over "
            f"{edge['deals']} deals): own total minus the other level's in the same seat of the same deal"
        )
    paired = summary.get("paired_edge")
    if paired is not None:
        lines.append(
            f"  paired with {paired['against']}: edge {paired['points']:+.2f} points (standard error "
            f"{paired['se']:.2f} over the {paired['deals']} deals both played)"
        )
    for spec, t in summary["decision_time"].items():
        lines.append(
            f"  {spec}: {t['decisions']} decisions, median {t['median_ms']} ms, "
            f"p95 {t['p95_ms']} ms, max {t['max_ms']} ms"
        )
    return "\n".join(lines)


def run(args: argparse.Namespace, command: str | None = None) -> dict[str, Any]:
    """Play the tournament described by ``args`` and return its summary.

    ``command`` is recorded as the command that ran it (default: this script's command line).
    """
    for spec in (args.candidate, args.opponent):
        parse_level(spec)
    records = str(args.records) if args.records else None
    if args.records:
        args.records.mkdir(parents=True, exist_ok=True)
    tasks = [
        (specs, deal, seat, args.variant, records)
        for specs, deal, seat in schedule(args.candidate, args.opponent, args.players, args.deals, args.seed)
    ]
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            results = list(pool.map(play_one, tasks, chunksize=1))
    else:
        results = [play_one(task) for task in tasks]
    summary = summarize(args.candidate, args.opponent, args.players, args.variant, results)
    summary["seconds"] = round(time.perf_counter() - started, 1)
    summary["command"] = command or " ".join(["python", "tools/tournament.py", *sys.argv[1:]])
    if args.json:
        write_json(args.json, summary, results)
    return summary


def write_json(path: Path, summary: dict[str, Any], results: list[GameResult]) -> None:
    """Write ``summary`` and every game's result to ``path`` whole or not at all (a file
    written beside it, then renamed), making its folder if it has none yet (a long run's
    first part must not lose its games at the end)."""
    games = [
        asdict(r) | {"times": {k: [round(t, 5) for t in v] for k, v in r.times.items()}} for r in results
    ]
    partial = path.with_name(path.name + ".part")
    partial.parent.mkdir(parents=True, exist_ok=True)
    partial.write_text(json.dumps({"summary": summary, "games": games}, indent=1))
    partial.replace(path)


Pairing = tuple[str, str, int, str]
"""A run's candidate, opponent, player count and variant."""


def read_run(paths: list[Path]) -> tuple[Pairing, list[GameResult]]:
    """The pairing and every game of several ``--json`` files of one pairing.

    Raises ValueError when the files measure different pairings."""
    payloads = [json.loads(path.read_text()) for path in paths]
    keys = {tuple(p["summary"][k] for k in ("candidate", "opponent", "players", "variant")) for p in payloads}
    if len(keys) != 1:
        raise ValueError(f"the files measure different pairings: {sorted(keys)}")
    candidate, opponent, players, variant = keys.pop()
    results = [GameResult(**(game | {"times": game["times"] or {}})) for p in payloads for game in p["games"]]
    return (candidate, opponent, players, variant), results


def merge(paths: list[Path], against: list[Path] | None = None) -> dict[str, Any]:
    """One summary of several ``--json`` files of the same pairing (e.g. a long run in parts);
    with ``against`` (the files of another candidate's run against the same opponent, player
    count and variant) also the ``paired_edge`` of this run over that one, with that
    candidate's spec.

    Raises ValueError when the files measure different pairings, or ``against`` another
    opponent, player count or variant."""
    (candidate, opponent, players, variant), results = read_run(paths)
    summary = summarize(candidate, opponent, players, variant, results)
    summary["merged"] = [str(path) for path in paths]
    if against:
        (other, *setting), others = read_run(against)
        if tuple(setting) != (opponent, players, variant):
            raise ValueError(f"--against measures {other} in another setting: {setting}")
        edge = paired_edge(results, others)
        summary["paired_edge"] = None if edge is None else edge | {"against": other}
    return summary


def build_parser() -> argparse.ArgumentParser:
    """The tournament's command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "candidate", nargs="?", help="level spec of the measured player, e.g. medium or hard:time_budget=0.2"
    )
    parser.add_argument("opponent", nargs="?", help="level spec of the other seats")
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=2,
        help="2: head-to-head; 3 or 4: one against the rest",
    )
    parser.add_argument("--deals", type=int, default=50, help="deals; each is played in every seat rotation")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--variant", choices=("base", "volcano"), default="base")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--json", type=Path, default=None, help="write the summary and per-game results")
    parser.add_argument("--records", type=Path, default=None, help="write every game's record to this folder")
    parser.add_argument(
        "--merge", type=Path, nargs="+", default=None, help="instead of playing, summarize these --json files"
    )
    parser.add_argument(
        "--against",
        type=Path,
        nargs="+",
        default=None,
        help="with --merge: another candidate's --json files (same opponent): the paired duplicate edge",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: run, print the table, exit 0."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.merge and not (args.candidate and args.opponent):
        parser.error("give the candidate and opponent levels, or --merge FILES")
    try:
        summary = merge(args.merge, args.against) if args.merge else run(args)
    except ValueError as error:
        log.error("%s", error)
        return 2
    log.info("%s", format_summary(summary))
    if "seconds" in summary:
        log.info("(%s s)", summary["seconds"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
