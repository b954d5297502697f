"""The command line: ``python -m cacao_game`` (the app) or ``--headless`` AI games.

Bad arguments print the usage and exit with code 2.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from cacao_game.ai import LEVELS
from cacao_game.engine.tiles import VARIANTS
from cacao_game.records import write_record

log = logging.getLogger(__name__)


def _seat_list(text: str) -> list[str]:
    seats = [part.strip() for part in text.split(",")]
    if not 2 <= len(seats) <= 4:
        raise argparse.ArgumentTypeError(f"2 to 4 seats are needed, not {len(seats)}")
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown AI level {unknown[0]!r}; choose from {', '.join(LEVELS)}")
    return seats


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("expected at least 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m cacao_game``."""
    parser = argparse.ArgumentParser(
        prog="python -m cacao_game",
        description="Cacao, the tile-laying game. Without --headless the game opens full screen.",
    )
    parser.add_argument("--headless", action="store_true", help="play AI-only games without a window")
    parser.add_argument(
        "--seats",
        type=_seat_list,
        help=f"comma-separated AI levels, one per seat, 2-4 seats ({', '.join(LEVELS)})",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the first game (default: random)")
    parser.add_argument("--variant", choices=VARIANTS, default="base", help="base game or volcano variant")
    parser.add_argument("--games", type=_positive, default=1, help="games to play, seeds N, N+1, ...")
    parser.add_argument(
        "--record",
        type=Path,
        default=None,
        help="write the game record (a folder of records for --games > 1)",
    )
    parser.add_argument("--windowed", action="store_true", help="open in a window instead of full screen")
    return parser


def run_headless(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play ``args.games`` AI games, print each result and a summary; return the exit code."""
    out = out or sys.stdout
    from cacao_game.headless import play_game

    seats: list[str] = args.seats
    first_seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    wins = [0.0] * len(seats)
    totals = [0] * len(seats)
    started = time.perf_counter()
    for number in range(args.games):
        seed = first_seed + number
        result = play_game(seats, seed, args.variant, record=args.record is not None)
        scores = "  ".join(
            f"seat{seat}({seats[seat]}) {score.total}" for seat, score in enumerate(result.scores)
        )
        print(f"game seed={seed}: {scores}  winners={list(result.winners)}", file=out)
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        for seat, score in enumerate(result.scores):
            totals[seat] += score.total
        if result.record is not None:
            path = args.record / f"game_{seed}.json" if args.games > 1 else args.record
            write_record(result.record, path)
    elapsed = time.perf_counter() - started
    if args.games > 1:
        print(f"summary of {args.games} games ({args.variant}):", file=out)
        for seat, level in enumerate(seats):
            print(
                f"  seat{seat} {level:>8}: wins {wins[seat]:.1f} ({100 * wins[seat] / args.games:.1f}%), "
                f"mean total {totals[seat] / args.games:.2f}",
                file=out,
            )
        print(f"  {args.games / elapsed:.1f} games per second", file=out)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m cacao_game`` and the ``cacao`` script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if args.headless:
        if args.seats is None:
            parser.error("--headless needs --seats, e.g. --seats random,random")
        return run_headless(args)
    if args.seats is not None or args.games != 1 or args.record is not None:
        parser.error("--seats, --games and --record go with --headless")
    from cacao_game.app.main import run_app

    return run_app(args)
