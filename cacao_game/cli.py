"""The command line: ``python -m cacao_game`` (the app) or ``--headless`` AI games.

``--load SAVE`` opens a save (in the app, or finished by AI seats with ``--headless``);
``--replay RECORD`` opens a game record in the app's replay viewer; ``--review RECORD``
reviews every decision of a record or a save (``cacao_game.ai.review``) and prints it. Bad arguments print the
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
import json
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from cacao_game.ai import LEVELS
from cacao_game.ai.review import REVIEW_SECONDS, review_iterations
from cacao_game.app.strings import decimal, problem_text, set_language, t
from cacao_game.config.choices import system_language
from cacao_game.config.names import is_invisible
from cacao_game.config.storage import atomic_write_bytes
from cacao_game.engine import Game, SeatScore
from cacao_game.engine.tiles import VARIANTS
from cacao_game.files import SAVE_LIMIT, describe_os_error, parse_json, read_limited
from cacao_game.jsontypes import JSON
from cacao_game.records import (
    Record,
    RecordError,
    read_record,
    record_played_by,
    record_seats,
    replay_record,
    seat_entries,
    stood_in,
    to_record,
    write_record,
)
from cacao_game.saves import LoadedSave, SaveError, load_game
from cacao_game.saves.schema import FORMAT as SAVE_FORMAT
from cacao_game.version import app_version

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


def _number(text: str, kind: type[int] | type[float], what: str) -> int | float:
    """``text`` as ``kind``; ArgumentTypeError naming ``what`` was expected."""
    try:
        return kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(t("cli.expected", what=t(what), text=repr(text))) from None


def _positive(text: str) -> int:
    value = int(_number(text, int, "cli.what.whole"))
    if value < 1:
        raise argparse.ArgumentTypeError(t("cli.at_least_one"))
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m cacao_game`` (its help in the current language)."""
    parser = argparse.ArgumentParser(prog="python -m cacao_game", description=t("cli.description"))
    parser.add_argument(
        "--version", action="version", version=f"cacao {app_version()}", help=t("cli.help.version")
    )
    parser.add_argument("--check-assets", action="store_true", help=t("cli.help.check_assets"))
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
    review = parser.add_argument_group(t("cli.review_group"))
    review.add_argument(
        "--review",
        type=Path,
        default=None,
        metavar="RECORD",
        help=t("cli.help.review"),
    )
    review.add_argument(
        "--seat", type=_seat_number, default=None, metavar="N", help=t("cli.help.review_seat")
    )
    review.add_argument(
        "--budget",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help=t("cli.help.budget"),
    )
    review.add_argument(
        "--iterations",
        type=_positive,
        default=None,
        metavar="N",
        help=t(
            "cli.help.iterations",
            two=review_iterations(2),
            three=review_iterations(3),
            four=review_iterations(4),
        ),
    )
    review.add_argument("--json", default=None, metavar="OUT", help=t("cli.help.json"))
    serving = parser.add_argument_group(t("cli.serve_group"))
    serving.add_argument("--serve", action="store_true", help=t("cli.help.serve"))
    serving.add_argument("--port", type=_port, default=None, metavar="N", help=t("cli.help.port", port=8765))
    serving.add_argument("--bind", default=None, metavar="ADDR", help=t("cli.help.bind"))
    serving.add_argument("--serve-dir", type=Path, default=None, metavar="DIR", help=t("cli.help.serve_dir"))
    serving.add_argument("--back-by-name", action="store_true", help=t("cli.help.back_by_name"))
    return parser


def _port(text: str) -> int:
    number = int(_number(text, int, t("cli.what.whole")))
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(t("cli.port_range"))
    return number


def _seat_number(text: str) -> int:
    value = int(_number(text, int, "cli.what.seat"))
    if not 0 <= value <= 3:
        raise argparse.ArgumentTypeError(t("cli.seat_range"))
    return value


def _seconds(text: str) -> float:
    value = float(_number(text, float, "cli.what.seconds"))
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(t("cli.seconds_range"))
    return value


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


def _destinations_ok(paths: Sequence[Path], force: bool, what: str = "record") -> bool:
    """Check every destination of a ``what`` (a record, a review) before any work is done;
    False after one line."""
    for path in paths:
        problem = destination_problem(path, force=force)
        if problem is not None:
            _fail("write" if what == "record" else f"write_{what}", path, problem)
            return False
    return True


def _result_line(
    seed: int | None,
    levels: Sequence[str],
    scores: Sequence[SeatScore],
    winners: Sequence[int],
    names: Sequence[str] = (),
) -> str:
    """``game seed=S: seat0(hard) 41  seat1(medium) 38  winners=[0]``: each seat by its name
    when ``names`` gives one (``Ana(medium)``), else by its number."""
    seats = "  ".join(
        f"{names[seat] if seat < len(names) and names[seat] else f'seat{seat}'}({levels[seat]}) {score.total}"
        for seat, score in enumerate(scores)
    )
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
    exists); ``--seats`` gives every seat's level instead. The result line names the seats
    and the levels that finished them; the record (``--record``) keeps the seats as they were
    set up (a human seat finished by an AI stays a human seat, with its name). AI seeds
    derive from ``--seed``, else from the game's seed, so a run is reproducible.
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
    names = loaded.config.names
    _say(_result_line(game.setup.seed, levels, game.score_now(), game.winners(), names), out)
    if args.record is not None:
        record = to_record(game, seat_entries(loaded.config.kinds, loaded.config.colors, names))
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


def _review_source(path: Path) -> tuple[Game, list[str], tuple[tuple[int, ...], ...]] | None:
    """The game of the record or save at ``path``, its seats' names and by turn the seats an
    AI stand-in played (a record's ``PlayedBy``; none for a save), or None after printing why
    it is refused."""
    if _is_save(path):
        loaded = _load_save(path)
        if loaded is None:
            return None
        names = [seat.name or f"{seat.kind} {number}" for number, seat in enumerate(loaded.config.seats)]
        return loaded.game, names, ()
    try:
        record = read_record(path)
        game = replay_record(record)
        standin = stood_in(record_played_by(record))
    except RecordError as error:
        _fail("review", path, error)
        return None
    except Exception as error:  # a record is outside input: one line, never a traceback
        _fail("review", path, f"{type(error).__name__}: {error}")
        return None
    seats = record.get("seats")
    names = []
    for number, entry in enumerate(record_seats(record, game.players)):
        raw = seats[number] if isinstance(seats, list) else None
        name = raw.get("name") if isinstance(raw, dict) else None
        names.append(name if isinstance(name, str) and name.strip() else f"{entry['kind']} {number}")
    return game, names, standin


def run_review(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO | None = None) -> int:
    """Review the game ``args.review`` (a record or a save) and print it; the exit code.

    ``clock`` of the time budget is ``time.perf_counter``; ``--iterations`` makes the review
    the same on every run.
    """
    out = out or sys.stdout
    from cacao_game.ai.review import Budget, review_game
    from cacao_game.review_report import report_json, report_lines

    json_path = Path(args.json) if args.json is not None else None
    if json_path is not None and not _destinations_ok([json_path], args.force, "review"):
        return 1
    source = _review_source(args.review)
    if source is None:
        return 1
    game, names, standin = source
    if args.seat is not None and args.seat >= game.players:
        parser.error(t("cli.seat_out_of_range", seat=args.seat, last=game.players - 1))
    iterations = args.iterations or (None if args.budget else review_iterations(game.players))
    budget = Budget(args.budget or REVIEW_SECONDS, iterations)
    seats = None if args.seat is None else [args.seat]
    counted = f"{iterations} iteration{'' if iterations == 1 else 's'}"
    plan = counted if iterations else f"{budget.seconds:g} s"
    _say(f"review of {args.review}: {game.players} players, {game.variant}, {plan} per decision", out)
    progress = _progress_printer() if sys.stderr.isatty() else None
    review = review_game(
        game.setup, game.actions, seats=seats, budget=budget, progress=progress, standin=standin
    )
    for line in report_lines(review, game.setup, game.actions, names):
        _say(line, out)
    if json_path is not None:
        document = report_json(review, names, budget)
        try:
            atomic_write_bytes(
                json_path, (json.dumps(document, indent=1) + "\n").encode("utf-8"), keep_backup=False
            )
        except OSError as error:
            _fail("write_review", json_path, describe_os_error(error))
            return 1
    return 0


def _progress_printer() -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\rreviewing: {done}/{total} decisions", end=end, file=sys.stderr, flush=True)

    return show


def run_check_assets(out: TextIO | None = None) -> int:
    """Load every asset and draw the menu off-screen (``cacao_game.app.asset_check``);
    print where the assets are and what fell back; exit code 1 if anything did. Sounds are
    decoded through SDL's dummy audio driver unless ``SDL_AUDIODRIVER`` names one: the check
    needs no sound device (a trial's machine without one printed the audio system's errors)."""
    out = out or sys.stdout
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cacao_game.app.asset_check import CHECK_SIZE, check_assets

    report = check_assets()
    _say(t("cli.assets_folder", path=report.root), out)
    for problem in report.problems:
        _say(t("cli.assets_problem", problem=problem), sys.stderr)
    if report.problems:
        return 1
    size = "x".join(map(str, CHECK_SIZE))
    _say(t("cli.assets_ok", count=report.loaded, size=size), out)
    return 0


def _check_combinations(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``parser.error`` (exit 2) for flags that do not go together."""
    serve_only = [args.port, args.bind, args.serve_dir]
    if not args.serve and (args.back_by_name or any(value is not None for value in serve_only)):
        parser.error(t("cli.serve_options"))
    others = [args.load, args.replay, args.review, args.seats, args.record]
    if args.serve and (args.headless or any(value is not None for value in others)):
        parser.error(t("cli.serve_alone"))
    reviewing = args.review is not None
    if args.check_assets and (
        reviewing or args.headless or args.load is not None or args.replay is not None or args.windowed
    ):
        parser.error(t("cli.check_assets_alone"))
    review_only = [args.seat, args.budget, args.iterations, args.json]
    if not reviewing and any(value is not None for value in review_only):
        parser.error(t("cli.review_options"))
    if reviewing and (
        args.headless
        or args.load is not None
        or args.replay is not None
        or args.seats is not None
        or args.games != 1
        or args.record is not None
        or args.variant is not None
    ):
        parser.error(t("cli.review_alone"))
    if args.budget is not None and args.iterations is not None:
        parser.error(t("cli.budget_or_iterations"))
    if args.force and args.record is None and args.json is None:
        parser.error(t("cli.force_alone"))
    opened = args.load is not None or args.replay is not None
    if args.load is not None and args.replay is not None:
        parser.error(t("cli.load_and_replay"))
    if opened and (args.variant is not None or args.games != 1):
        parser.error(t("cli.opened_options"))
    if args.replay is not None and (args.seats is not None or args.record is not None):
        parser.error(t("cli.replay_options"))
    if not args.headless and (args.seats is not None or args.games != 1 or args.record is not None):
        parser.error(t("cli.headless_options"))
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
    if args.json is not None and not args.json.strip():
        _fail("write_review", "''", t("cli.empty_path"))
        return 1
    if args.check_assets:
        return run_check_assets()
    if args.serve:
        from cacao_game.net.protocol import DEFAULT_PORT
        from cacao_game.net.serve import run_server

        port = DEFAULT_PORT if args.port is None else args.port
        return run_server(args.bind or "127.0.0.1", port, args.serve_dir, args.back_by_name)
    if args.review is not None:
        return run_review(args, parser)
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
