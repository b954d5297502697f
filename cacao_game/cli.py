"""The command line: ``python -m cacao_game`` (the app) or ``--headless`` AI games.

``--load SAVE`` opens a save (in the app, or finished by AI seats with ``--headless``);
``--replay RECORD`` opens a game record in the app's replay viewer. Bad arguments print the
usage and exit with code 2; a refused save or record prints one line and exits with code 1.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from cacao_game.ai import LEVELS
from cacao_game.engine import Game, SeatScore
from cacao_game.engine.tiles import VARIANTS
from cacao_game.records import RecordError, read_record, replay_record, seat_entries, to_record, write_record
from cacao_game.saves import LoadedSave, SaveError, load_game

log = logging.getLogger(__name__)

DEFAULT_LEVEL = "medium" if "medium" in LEVELS else "random"
"""The AI level that takes over human seats in ``--headless --load``."""


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
    parser.add_argument(
        "--variant", choices=VARIANTS, default=None, help="base game or volcano variant (default: base)"
    )
    parser.add_argument("--games", type=_positive, default=1, help="games to play, seeds N, N+1, ...")
    parser.add_argument(
        "--record",
        type=Path,
        default=None,
        help="write the game record (a folder of records for --games > 1)",
    )
    parser.add_argument("--windowed", action="store_true", help="open in a window instead of full screen")
    parser.add_argument(
        "--load",
        type=Path,
        default=None,
        metavar="SAVE",
        help="open a saved game; with --headless, AI seats finish it (human seats: "
        f"{DEFAULT_LEVEL}, or --seats for every seat) and the result is printed",
    )
    parser.add_argument(
        "--replay",
        type=Path,
        default=None,
        metavar="RECORD",
        help="watch a game record; with --headless, check it and print its result",
    )
    return parser


def _fail(what: str, path: Path, reason: object) -> None:
    """Print a one-line refusal to stderr."""
    reason = str(reason).removeprefix(f"{path}: ")
    print(f"cacao: cannot {what} {path}: {' '.join(reason.split())}", file=sys.stderr)


def _result_line(
    seed: int | None, levels: Sequence[str], scores: Sequence[SeatScore], winners: Sequence[int]
) -> str:
    seats = "  ".join(f"seat{seat}({levels[seat]}) {score.total}" for seat, score in enumerate(scores))
    return f"game seed={seed}: {seats}  winners={list(winners)}"


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
        print(_result_line(seed, seats, result.scores, result.winners), file=out)
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


def _load_save(path: Path) -> LoadedSave | None:
    """The save at ``path``, or None after printing why it is refused."""
    try:
        return load_game(path)
    except SaveError as error:
        _fail("load", path, error)
        return None


def _check_record(path: Path) -> tuple[dict[str, Any], Game] | None:
    """The record at ``path`` and the game it replays into, or None after printing why not."""
    try:
        record = read_record(path)
        return record, replay_record(record)
    except RecordError as error:
        _fail("replay", path, error)
    except Exception as error:  # a record is outside input: one line, never a traceback
        _fail("replay", path, f"{type(error).__name__}: {error}")
    return None


def run_headless_load(
    args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO | None = None
) -> int:
    """Finish the saved game ``args.load`` with AI seats and print its result; the exit code.

    Human seats are played by ``DEFAULT_LEVEL``, AI seats by their own level (if it still
    exists); ``--seats`` gives every seat's level instead. AI seeds derive from ``--seed``,
    else from the game's seed, so a run is reproducible.
    """
    out = out or sys.stdout
    from cacao_game.headless import finish, make_players

    loaded = _load_save(args.load)
    if loaded is None:
        return 1
    game = loaded.game
    seats = loaded.config.seats
    if args.seats is None:
        levels = [seat.kind if seat.kind in LEVELS else DEFAULT_LEVEL for seat in seats]
    elif len(args.seats) == game.players:
        levels = args.seats
    else:
        parser.error(f"--seats lists {len(args.seats)} seats; the saved game has {game.players}")
    seed = args.seed if args.seed is not None else game.setup.seed
    print(f"loaded {args.load}: turn {loaded.info.turn}, seats {','.join(levels)}", file=out)
    finish(game, make_players(levels, seed or 0))
    print(_result_line(game.setup.seed, levels, game.score_now(), game.winners()), file=out)
    if args.record is not None:
        write_record(to_record(game, seat_entries(levels, loaded.config.colors)), args.record)
    return 0


def run_headless_replay(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Check the record ``args.replay`` and print its result; the exit code."""
    out = out or sys.stdout
    checked = _check_record(args.replay)
    if checked is None:
        return 1
    record, game = checked
    levels = [seat["kind"] for seat in record["seats"]]
    state = "finished" if game.is_over() else f"unfinished at turn {game.turn + 1}"
    print(f"record {args.replay}: {len(record['turns'])} turns, {state}", file=out)
    print(_result_line(game.setup.seed, levels, game.score_now(), game.winners()), file=out)
    return 0


def _check_combinations(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``parser.error`` (exit 2) for flags that do not go together."""
    opened = args.load is not None or args.replay is not None
    if args.load is not None and args.replay is not None:
        parser.error("--load and --replay do not go together")
    if opened and (args.variant is not None or args.games != 1):
        parser.error("--variant and --games do not go with --load or --replay")
    if args.replay is not None and (args.seats is not None or args.record is not None):
        parser.error("--seats and --record do not go with --replay")
    if not args.headless and (args.seats is not None or args.games != 1 or args.record is not None):
        parser.error("--seats, --games and --record go with --headless")
    if args.headless and not opened and args.seats is None:
        parser.error("--headless needs --seats, e.g. --seats random,random")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m cacao_game`` and the ``cacao`` script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    _check_combinations(parser, args)
    if args.headless and args.load is not None:
        return run_headless_load(args, parser)
    if args.headless and args.replay is not None:
        return run_headless_replay(args)
    args.variant = args.variant or "base"
    if args.headless:
        return run_headless(args)
    if args.load is not None and _load_save(args.load) is None:
        return 1
    if args.replay is not None and _check_record(args.replay) is None:
        return 1
    from cacao_game.app.main import run_app

    return run_app(args)
