"""SPSA self-play tuning of the evaluation's weights on duplicate deals.

    python tools/tune.py --iterations 3000 --state tune_medium.json [--level medium] [--resume]

Simultaneous perturbation stochastic approximation, as chess engines tune by self-play
(fishtest, OpenBench): every iteration draws a random sign per weight, perturbs all weights
at once both ways (theta + c*delta and theta - c*delta), and lets the two sets play each
other on ``--pairs`` fresh deals, each deal twice with the seats swapped (duplicate deals:
the luck of the deal and of the seat cancels out; with ``--players 3`` or ``4`` the sets take
alternate seats, the plus set in seat 0 and then in seat 1: ``seat_plans``). The result ``y``
is the point margin of the plus set over the minus set (the mean of its seats' totals less
the mean of the other seats'), summed over those games, scaled by ``MARGIN_SCALE`` per game
and clipped to [-1, 1]; every weight then moves by ``lr_k * c_k * y * delta`` in its own
units (``lr_k`` and ``c_k`` decay as in Spall's recommendations: exponents 0.602 and 0.101).
The margin, not the win, is the signal: two mediums of nearly equal weights split most
duplicate pairs 1-1, which says nothing, while the points still tell which set played better.

Both sides are the same level (``--level``: ``medium``, or ``hard`` with its options, e.g.
``hard:iterations=20``) with different weights. Deals come from ``--seed`` on and never
repeat within a run. The state (iteration, weights, history) is written to ``--state`` every
``--save-every`` iterations and at the end; ``--resume`` continues from it. The tuned set is
printed as a ``Weights(...)`` line for ``cacao_game/ai/weights.py``; measure it against
``v1`` with ``tools/tournament.py`` on deals the tuning never saw (see the README).

``--check DEALS`` plays instead: the state's current set against the start set on ``DEALS``
duplicate deals from ``--check-seed`` (deals the tuning does not use), and prints the win
rate with its Wilson 95 % interval and the mean margin, to see how a run is doing.

Only the weights listed in ``SPACE`` move; the others keep the start set's value (e.g. the
volcano weight, which base-game deals cannot tune).
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cacao_game.ai.registry import LEVELS, make_player, parse_level, player_seed
from cacao_game.ai.weights import Weights, weights_named
from cacao_game.engine import Game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tournament import wilson_interval  # (tools/ is not a package)

log = logging.getLogger("tune")

MARGIN_SCALE = 10.0
"""Points of margin per game that count as a full result (``y`` = 1)."""
ALPHA = 0.602
"""Decay exponent of the learning rate."""
GAMMA = 0.101
"""Decay exponent of the perturbation size."""


@dataclass(frozen=True)
class Dimension:
    """One tuned weight: its range and its perturbation size at the first iteration."""

    low: float
    high: float
    c: float
    grid: float = 0.001
    """Values are rounded to this grid when played (cached evaluations stay reusable)."""


SPACE: dict[str, Dimension] = {
    "sell_discount": Dimension(0.0, 2.5, 0.3),
    "fill_chance": Dimension(0.1, 1.0, 0.1),
    "temple_worker": Dimension(0.0, 3.0, 0.3),
    "overbuild_bonus": Dimension(0.0, 4.0, 0.4),
    "threat": Dimension(0.0, 1.5, 0.15),
    "temple_slot_empty": Dimension(0.05, 0.8, 0.08, grid=0.01),
    "cacao_overflow": Dimension(0.0, 0.5, 0.05),
    "temple_side": Dimension(0.0, 1.5, 0.15),
}
"""The weights tuned, by ``Weights`` field name."""


def clip(name: str, value: float) -> float:
    """``value`` kept inside the range of weight ``name``."""
    dim = SPACE[name]
    return min(dim.high, max(dim.low, value))


def played(theta: dict[str, float]) -> dict[str, float]:
    """``theta`` as it is played: each tuned weight clipped and rounded to its grid."""
    return {
        name: round(round(clip(name, value) / SPACE[name].grid) * SPACE[name].grid, 6)
        for name, value in theta.items()
    }


def level_options(level: str) -> tuple[str, dict[str, float | str]]:
    """The level name and options of the spec ``level``; ValueError for a bad spec or one that
    names weights (the tuner sets them)."""
    name, options = parse_level(level)
    if "weights" in options:
        raise ValueError("the level spec must not name weights: the tuner sets them")
    make_player(level, random.Random(0))
    return name, options


def seat_plans(players: int) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """The two seatings of a duplicate deal, True where the plus set sits: alternate seats,
    starting in seat 0 and then in seat 1 (2 players: each set in each seat once)."""
    first = tuple(seat % 2 == 0 for seat in range(players))
    return first, tuple(not plus for plus in first)


def margins(level: str, plus: Weights, minus: Weights, deal: int, players: int = 2) -> tuple[float, float]:
    """Play ``deal`` (base game, ``players`` seats) once in each of ``seat_plans``.

    Returns (sum of the plus set's point margins: its seats' mean total less the others', its
    wins counting a shared win as its share).
    """
    name, options = parse_level(level)
    total = 0.0
    wins = 0.0
    for plan in seat_plans(players):
        game = Game.new(players, "base", deal, keep_history=False)
        seated = []
        for seat, is_plus in enumerate(plan):
            rng = random.Random(player_seed(deal, seat))
            seated.append(LEVELS[name](rng, **options, weights=plus if is_plus else minus))
        while not game.is_over():
            game.apply(seated[game.current_player()].choose(game))
        totals = [score.total for score in game.score_now()]
        mine = [t for t, is_plus in zip(totals, plan, strict=True) if is_plus]
        theirs = [t for t, is_plus in zip(totals, plan, strict=True) if not is_plus]
        total += sum(mine) / len(mine) - sum(theirs) / len(theirs)
        winners = game.winners()
        wins += sum(1 for seat in winners if plan[seat]) / len(winners)
    return total, wins


def step_sizes(k: int, iterations: int, lr: float) -> tuple[float, float]:
    """(learning rate, perturbation scale) at iteration ``k`` (1-based) of ``iterations``."""
    stability = max(1.0, iterations / 10)
    return lr * ((1 + stability) / (k + stability)) ** ALPHA, 1.0 / k**GAMMA


def fresh_state(args: argparse.Namespace) -> dict[str, Any]:
    """A new run's state from the command line."""
    start = weights_named(args.start).to_dict()
    return {
        "level": args.level,
        "start": args.start,
        "seed": args.seed,
        "pairs": args.pairs,
        "players": args.players,
        "iterations": args.iterations,
        "lr": args.lr,
        "iteration": 0,
        "theta": {name: start[name] for name in SPACE},
        "fixed": {name: value for name, value in start.items() if name not in SPACE},
        "games": 0,
        "history": [],
    }


def weights_of(state: dict[str, Any], theta: dict[str, float]) -> Weights:
    """The full weight set: the fixed weights of the state and ``theta`` as played."""
    return Weights.from_dict(state["fixed"] | played(theta))


def run(state: dict[str, Any], path: Path, save_every: int) -> dict[str, Any]:
    """Iterate until ``state["iterations"]``, saving to ``path``; return the final state."""
    rng = random.Random(state["seed"] * 7_919 + state["iteration"])
    total = state["iterations"]
    window: list[tuple[float, float]] = []
    started = time.perf_counter()
    while state["iteration"] < total:
        k = state["iteration"] + 1
        lr, c_scale = step_sizes(k, total, state["lr"])
        theta: dict[str, float] = state["theta"]
        delta = {name: rng.choice((-1, 1)) for name in SPACE}
        plus = {name: theta[name] + c_scale * SPACE[name].c * delta[name] for name in SPACE}
        minus = {name: theta[name] - c_scale * SPACE[name].c * delta[name] for name in SPACE}
        margin = wins = 0.0
        for pair in range(state["pairs"]):
            deal = state["seed"] + (k - 1) * state["pairs"] + pair
            got = margins(
                state["level"],
                weights_of(state, plus),
                weights_of(state, minus),
                deal,
                state["players"],
            )
            margin += got[0]
            wins += got[1]
        games = 2 * state["pairs"]
        y = max(-1.0, min(1.0, margin / (games * MARGIN_SCALE)))
        for name in SPACE:
            theta[name] = clip(name, theta[name] + lr * c_scale * SPACE[name].c * y * delta[name])
        state["iteration"] = k
        state["games"] += games
        window.append((margin / games, wins / games))
        if k % save_every == 0 or k == total:
            mean_margin = sum(m for m, _w in window) / len(window)
            state["history"].append({"iteration": k, "theta": played(theta), "plus_margin": mean_margin})
            path.write_text(json.dumps(state, indent=1))
            rate = len(window) * games / max(1e-9, time.perf_counter() - started)
            log.info("iteration %d/%d, %d games, lr %.3f: %s", k, total, state["games"], lr, played(theta))
            log.info("  (%.1f games/s this session)", rate)
            window = []
            started = time.perf_counter()
    return state


def weights_line(state: dict[str, Any]) -> str:
    """The tuned set as Python source for ``WEIGHT_SETS``."""
    weights = weights_of(state, state["theta"])
    start = weights_named(state["start"]).to_dict()
    changed = {k: v for k, v in weights.to_dict().items() if v != start[k]}
    return "Weights(" + ", ".join(f"{k}={v!r}" for k, v in changed.items()) + ")"


def check(state: dict[str, Any], deals: int, first: int) -> dict[str, float]:
    """The tuned set against the start set on ``deals`` duplicate deals from ``first``."""
    tuned = weights_of(state, state["theta"])
    start = weights_named(state["start"])
    margin = wins = 0.0
    for deal in range(first, first + deals):
        got = margins(state["level"], tuned, start, deal, state["players"])
        margin += got[0]
        wins += got[1]
    games = 2 * deals
    low, high = wilson_interval(wins, games)
    return {"games": games, "win_rate": wins / games, "low": low, "high": high, "margin": margin / games}


def build_parser() -> argparse.ArgumentParser:
    """The tuner's command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="medium", help="level spec of both sides (no weights option)")
    parser.add_argument("--start", default="v1", help="named weight set to start from")
    parser.add_argument("--iterations", type=int, default=2000, help="SPSA iterations in all")
    parser.add_argument("--pairs", type=int, default=1, help="duplicate deals per iteration (2 games each)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2, help="seats per game")
    parser.add_argument("--lr", type=float, default=0.1, help="learning rate at the first iteration")
    parser.add_argument("--seed", type=int, default=100_000, help="first deal; deals never repeat")
    parser.add_argument("--state", type=Path, required=True, help="JSON file of the run's state")
    parser.add_argument("--save-every", type=int, default=50, help="iterations between saves")
    parser.add_argument("--resume", action="store_true", help="continue the run saved in --state")
    parser.add_argument("--check", type=int, default=0, metavar="DEALS", help="only measure the saved set")
    parser.add_argument("--check-seed", type=int, default=1, help="first deal of --check")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: tune, print the tuned set; 2 on a bad command line or state file."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = build_parser().parse_args(argv)
    try:
        if args.resume or args.check:
            state = json.loads(args.state.read_text())
            state.setdefault("players", 2)
            state["iterations"] = max(state["iterations"], args.iterations)
        else:
            state = fresh_state(args)
        level_options(state["level"])
        weights_named(state["start"])
    except (ValueError, OSError, KeyError) as error:
        log.error("%s", error)
        return 2
    if args.check:
        result = check(state, args.check, args.check_seed)
        log.info(
            "%s after %d iterations vs %s: %d games, win rate %.1f%% (Wilson 95%% %.1f-%.1f%%), margin %+.2f",
            weights_line(state),
            state["iteration"],
            state["start"],
            result["games"],
            100 * result["win_rate"],
            100 * result["low"],
            100 * result["high"],
            result["margin"],
        )
        return 0
    state = run(state, args.state, args.save_every)
    log.info("tuned after %d iterations (%d games):", state["iteration"], state["games"])
    log.info("%s", weights_line(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
