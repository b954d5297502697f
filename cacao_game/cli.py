"""The command line: ``python -m cacao_game`` (the app) or ``--headless`` AI games.

``--load SAVE`` opens a save (in the app, or finished by AI seats with ``--headless``);
``--replay RECORD`` opens a game record in the app's replay viewer. Bad arguments print the
usage and exit with code 2; a refused save or record, and a ``--record`` destination that
cannot be written, print one line on stderr and exit with code 1 (never a traceback).
``--record`` never replaces an existing file unless ``--force`` is given, and never replaces
a save even then. Every line printed goes through ``safe_text``: text from files (names,
kinds, paths, reasons) never reaches the terminal with control characters in it. Messages
and help are in the system's language (``system_language``); a result line (``game
seed=...``) is data and stays as it is.
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
from cacao_game.app.strings import decimal, problem_text, set_language, t
from cacao_game.config.choices import system_language
from cacao_game.config.names import is_invisible
from cacao_game.engine import Game, SeatScore
from cacao_game.engine.tiles import VARIANTS
from cacao_game.files import SAVE_LIMIT, describe_os_error, parse_json, read_limited
from cacao_game.jsontypes import JSON
from cacao_game.records import (
    Record,
    RecordError,
    read_record,
    record_seats,
    replay_record,
    seat_entries,
    to_record,
    write_record,
)
from cacao_game.saves import LoadedSave, SaveError, load_game
from cacao_game.saves.schema import FORMAT as SAVE_FORMAT

log = logging.getLogger(__name__)

DEFAULT_LEVEL = "medium" if "medium" in LEVELS else "random"
"""The AI level that takes over human seats in ``--headless --load``."""


def _seat_list(text: str) -> list[str]:
    seats = [part.strip() for part in text.split(",")]
    if not 2 <= len(seats) <= 4:
        raise argparse.ArgumentTypeError(t("cli.seat_count", count=len(seats)))
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise argparse.ArgumentTypeError(
            t("cli.unknown_level", level=repr(unknown[0]), levels=", ".join(LEVELS))
        )
    return seats


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.not_whole", text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(t("cli.at_least_one"))
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m cacao_game`` (its help in the current language)."""
    parser = argparse.ArgumentParser(prog="python -m cacao_game", description=t("cli.description"))
    parser.add_argument("--headless", action="store_true", help=t("cli.help.headless"))
    parser.add_argument("--seats", type=_seat_list, help=t("cli.help.seats", levels=", ".join(LEVELS)))
    parser.add_argument("--seed", type=int, default=None, help=t("cli.help.seed"))
    parser.add_argument("--variant", choices=VARIANTS, default=None, help=t("cli.help.variant"))
    parser.add_argument("--games", type=_positive, default=1, help=t("cli.help.games"))
    parser.add_argument("--record", default=None, metavar="PATH", help=t("cli.help.record"))
    parser.add_argument("--force", action="store_true", help=t("cli.help.force"))
    parser.add_argument("--windowed", action="store_true", help=t("cli.help.windowed"))
    parser.add_argument(
        "--load", type=Path, default=None, metavar="SAVE", help=t("cli.help.load", level=DEFAULT_LEVEL)
    )
    parser.add_argument("--replay", type=Path, default=None, metavar="RECORD", help=t("cli.help.replay"))
    return parser


def _escaped(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def safe_text(text: str) -> str:
    """``text`` fit for one terminal line: control, invisible and format characters, lone
    surrogates and line breaks become escapes such as ``\\x1b`` or ``\\u200b``."""
    return "".join(
        _escaped(char) if is_invisible(char) or (char.isspace() and char != " ") else char for char in text
    )


def _say(line: str, out: TextIO) -> None:
    """Print one line through ``safe_text``: every line of the command line goes through here."""
    print(safe_text(line), file=out)


def _fail(what: str, path: Path | str, reason: object) -> None:
    """Print a one-line refusal to stderr; ``what`` is ``load``, ``replay`` or ``write``. A
    refused save is named by its kind of trouble in the user's language, then its details."""
    text = " ".join(str(reason).removeprefix(f"{path}: ").split())
    if isinstance(reason, SaveError):
        text = f"{problem_text(reason)} ({text})"
    _say(t(f"cli.cannot_{what}", path=path, reason=text), sys.stderr)


def _is_save(path: Path) -> bool:
    """Whether ``path`` is a file whose JSON says ``"format": "cacao-save"`` (checked safely)."""
    try:
        data = parse_json(read_limited(path, SAVE_LIMIT))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("format") == SAVE_FORMAT


def destination_problem(path: Path, *, force: bool) -> str | None:
    """Why a record may not be written to ``path`` (one line), or None when it may.

    Refused: a folder, anything that is not a regular file (pipe, device, ``/dev/null``), a
    save (even with ``force``: a record never replaces a save) and, without ``force``, any
    existing file.
    """
    if path.is_symlink() and not path.exists():
        return t("cli.broken_link")
    if not path.exists():
        return _folder_problem(path.parent)
    if path.is_dir():
        return t("cli.is_folder")
    if not path.is_file():
        return t("cli.not_regular")
    if _is_save(path):
        return t("cli.is_save")
    if not force:
        return t("cli.exists")
    return None


def _folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot hold a new file (its nearest existing part is not a folder)."""
    for part in (folder, *folder.parents):
        if part.exists():
            return None if part.is_dir() else t("cli.not_folder", path=part)
    return None


def _write_record(record: Record, path: Path, force: bool) -> bool:
    """Write ``record`` to ``path``; False after printing why it could not be written."""
    problem = destination_problem(path, force=force)
    if problem is None:
        try:
            write_record(record, path, overwrite=force)
            return True
        except OSError as error:
            problem = describe_os_error(error)
    _fail("write", path, problem)
    return False


def _record_paths(args: argparse.Namespace, seeds: Sequence[int]) -> list[Path]:
    """Where the records of the games of ``seeds`` go (``--record`` is a file or a folder)."""
    target = Path(args.record)
    return [target / f"game_{seed}.json" for seed in seeds] if args.games > 1 else [target]


def _destinations_ok(paths: Sequence[Path], force: bool) -> bool:
    """Check every record destination before any game is played; False after one line."""
    for path in paths:
        problem = destination_problem(path, force=force)
        if problem is not None:
            _fail("write", path, problem)
            return False
    return True


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
    seeds = [first_seed + number for number in range(args.games)]
    targets = _record_paths(args, seeds) if args.record is not None else []
    if not _destinations_ok(targets, args.force):
        return 1
    wins = [0.0] * len(seats)
    totals = [0] * len(seats)
    started = time.perf_counter()
    for number, seed in enumerate(seeds):
        result = play_game(seats, seed, args.variant, record=args.record is not None)
        _say(_result_line(seed, seats, result.scores, result.winners), out)
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
        for seat, score in enumerate(result.scores):
            totals[seat] += score.total
        if result.record is not None and not _write_record(result.record, targets[number], args.force):
            return 1
    elapsed = time.perf_counter() - started
    if args.games > 1:
        _say(t("cli.summary", games=args.games, variant=args.variant), out)
        for seat, level in enumerate(seats):
            wins_text, percent = decimal(wins[seat]), decimal(100 * wins[seat] / args.games)
            mean = decimal(totals[seat] / args.games, 2)
            _say(
                t("cli.summary_seat", seat=seat, level=level, wins=wins_text, percent=percent, mean=mean), out
            )
        _say(t("cli.speed", speed=decimal(args.games / max(elapsed, 1e-9))), out)
    return 0


def _load_save(path: Path) -> LoadedSave | None:
    """The save at ``path``, or None after printing why it is refused."""
    try:
        return load_game(path)
    except SaveError as error:
        _fail("load", path, error)
        return None


def _check_record(path: Path) -> tuple[dict[str, JSON], Game] | None:
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

    if args.record is not None and not _destinations_ok([Path(args.record)], args.force):
        return 1
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
        parser.error(t("cli.seats_mismatch", count=len(args.seats), players=game.players))
    seed = args.seed if args.seed is not None else game.setup.seed
    _say(t("cli.loaded", path=args.load, turn=loaded.info.turn, levels=",".join(levels)), out)
    finish(game, make_players(levels, seed or 0))
    _say(_result_line(game.setup.seed, levels, game.score_now(), game.winners()), out)
    if args.record is not None:
        record = to_record(game, seat_entries(levels, loaded.config.colors, loaded.config.names))
        if not _write_record(record, Path(args.record), args.force):
            return 1
    return 0


def run_headless_replay(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Check the record ``args.replay`` and print its result; the exit code."""
    out = out or sys.stdout
    checked = _check_record(args.replay)
    if checked is None:
        return 1
    record, game = checked
    levels = [seat["kind"] for seat in record_seats(record, game.players)]
    turns = record.get("turns")
    state = t("cli.finished") if game.is_over() else t("cli.unfinished", turn=game.turn + 1)
    count = len(turns) if isinstance(turns, list) else 0
    _say(t("cli.record", path=args.replay, turns=count, state=state), out)
    _say(_result_line(game.setup.seed, levels, game.score_now(), game.winners()), out)
    return 0


def _check_combinations(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``parser.error`` (exit 2) for flags that do not go together."""
    opened = args.load is not None or args.replay is not None
    if args.load is not None and args.replay is not None:
        parser.error(t("cli.load_and_replay"))
    if opened and (args.variant is not None or args.games != 1):
        parser.error(t("cli.opened_options"))
    if args.replay is not None and (args.seats is not None or args.record is not None):
        parser.error(t("cli.replay_options"))
    if not args.headless and (args.seats is not None or args.games != 1 or args.record is not None):
        parser.error(t("cli.headless_options"))
    if args.force and args.record is None:
        parser.error(t("cli.force_alone"))
    if args.headless and not opened and args.seats is None:
        parser.error(t("cli.headless_seats"))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m cacao_game`` and the ``cacao`` script."""
    set_language(system_language())
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    _check_combinations(parser, args)
    if args.record is not None and not args.record.strip():
        _fail("write", "''", t("cli.empty_path"))
        return 1
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
