"""Ratings of the AI levels: Bradley-Terry (Elo) over every pairing, random anchored at 0.

    python tools/ladder.py [LEVEL ...] --deals 50 [--deals-with hard=20] --out ladder/ \
        [--write-ratings] [--markdown]

Every pairing of the levels (default: every level of the registry) plays a 2-player
duplicate tournament (``tools/tournament.py``: each deal twice, seats swapped). The pairing's
results are written to ``OUT/A__vs__B.json`` (the tournament's format); a pairing whose file
is already there is not played again, so a long ladder can be stopped and continued, and a
file from an earlier ``tools/tournament.py --json`` run can be dropped in.

The fit: ``P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400))``, maximum likelihood over all
games (a shared win counts half to each), with one virtual drawn game added to every pairing
played (a weak prior that keeps the ratings finite when a level never beats another: the
levels far apart on the ladder). Random is anchored at 0 (or the first level when random is
not rated). Standard errors come from the curvature of the log-likelihood at the fit.

``--keep LEVEL`` holds a level at its rating in ``cacao_game/ai/ratings.py`` instead of fitting
it: a new level is then rated against the others as they were measured (their pairings among
themselves are not played again), and the table written keeps every level the ladder did not
name, with the earlier command and games counted beside this one's.

``--write-ratings`` writes the table the app shows in setup (``cacao_game/ai/ratings.py``),
with the command and game counts; ``--markdown`` prints the README's table.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
import textwrap
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

from cacao_game.ai import ratings as measured
from cacao_game.ai.registry import LEVELS, parse_level

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tournament

log = logging.getLogger("ladder")

ROOT = Path(__file__).resolve().parent.parent
RATINGS_MODULE = ROOT / "cacao_game" / "ai" / "ratings.py"
ANCHOR = "random"
PRIOR_DRAWS = 1.0
"""Virtual drawn games added to every pairing played."""
ELO = 400 / math.log(10)
"""Rating points per unit of the logistic scale."""

Score = dict[tuple[str, str], tuple[float, int]]
"""(a, b) -> (wins of a against b, games), each pairing once."""


def pair_file(folder: Path, a: str, b: str) -> Path:
    """Where the pairing ``a`` against ``b`` is stored."""
    safe = [spec.replace(":", "_").replace("=", "-").replace(",", "_") for spec in (a, b)]
    return folder / f"{safe[0]}__vs__{safe[1]}.json"


def play_pair(a: str, b: str, deals: int, seed: int, path: Path) -> dict[str, Any]:
    """Play (or read back) the duplicate tournament of ``a`` against ``b``."""
    if path.exists():
        payload: dict[str, Any] = json.loads(path.read_text())
        summary: dict[str, Any] = payload["summary"]
        if (summary["candidate"], summary["opponent"]) != (a, b):
            raise ValueError(f"{path} holds {summary['candidate']} vs {summary['opponent']}, not {a} vs {b}")
        log.info("%s vs %s: %d games read from %s", a, b, summary["games"], path)
        return summary
    argv = [a, b, "--players", "2", "--deals", str(deals), "--seed", str(seed), "--workers", "1"]
    args = tournament.build_parser().parse_args([*argv, "--json", str(path)])
    summary = tournament.run(args, " ".join(["python", "tools/tournament.py", *argv]))
    log.info("%s", tournament.format_summary(summary))
    return summary


def fit(
    levels: list[str], score: Score, fixed: dict[str, float]
) -> tuple[dict[str, float], dict[str, float]]:
    """Bradley-Terry ratings (Elo points) and their standard errors, the levels of ``fixed``
    held at its ratings (with no error: the anchor at 0, or kept levels).

    Newton's method on the log-likelihood with ``PRIOR_DRAWS`` virtual draws per pairing.
    """
    free = [level for level in levels if level not in fixed]
    index = {level: i for i, level in enumerate(free)}
    start = sum(fixed.values()) / len(fixed) / ELO
    strength = {level: fixed[level] / ELO if level in fixed else start for level in levels}
    games = {pair: (wins + PRIOR_DRAWS / 2, n + PRIOR_DRAWS) for pair, (wins, n) in score.items()}
    hessian: list[list[float]] = []
    for _step in range(100):
        gradient = [0.0] * len(free)
        hessian = [[0.0] * len(free) for _ in free]
        for (a, b), (wins, n) in games.items():
            p = 1 / (1 + math.exp(strength[b] - strength[a]))
            residual = wins - n * p
            weight = n * p * (1 - p)
            for level, sign in ((a, 1.0), (b, -1.0)):
                if level in index:
                    gradient[index[level]] += sign * residual
            for x in (a, b):
                for y in (a, b):
                    if x in index and y in index:
                        hessian[index[x]][index[y]] += weight if x == y else -weight
        move = solve(hessian, gradient)
        for level, i in index.items():
            strength[level] += move[i]
        if max((abs(m) for m in move), default=0.0) < 1e-10:
            break
    inverse = invert(hessian)
    ratings = {level: ELO * strength[level] for level in levels}
    errors = {level: ELO * math.sqrt(max(0.0, inverse[i][i])) for level, i in index.items()}
    errors.update(dict.fromkeys(fixed, 0.0))
    return ratings, errors


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix`` x = ``vector`` by Gauss-Jordan elimination (``matrix`` is positive definite)."""
    inverse = invert(matrix)
    return [sum(row[j] * vector[j] for j in range(len(vector))) for row in inverse]


def invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small non-singular square matrix."""
    size = len(matrix)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(size))] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        scale = work[col][col]
        work[col] = [value / scale for value in work[col]]
        for row in range(size):
            if row != col and work[row][col]:
                factor = work[row][col]
                work[row] = [v - factor * w for v, w in zip(work[row], work[col], strict=True)]
    return [row[size:] for row in work]


def level_name(spec: str) -> str:
    """The registry level of a spec (``hard:time_budget=2`` -> ``hard``)."""
    return parse_level(spec)[0]


def markdown(levels: list[str], ratings: dict[str, float], errors: dict[str, float], score: Score) -> str:
    """The README's tables: ratings, then every pairing's result."""
    lines = ["| Level | Rating (Elo) | ± 1 s.e. | Games |", "|---|---:|---:|---:|"]
    for level in sorted(levels, key=lambda spec: -ratings[spec]):
        played = sum(n for pair, (_w, n) in score.items() if level in pair)
        lines.append(f"| {level} | {ratings[level]:.0f} | {errors[level]:.0f} | {played} |")
    lines += ["", "| Pairing | Games | Score of the first |", "|---|---:|---:|"]
    for (a, b), (wins, n) in score.items():
        lines.append(f"| {a} vs {b} | {n} | {100 * wins / n:.1f} % |")
    return "\n".join(lines)


def _string_literal(text: str, width: int = 90) -> str:
    """``text`` as Python source: one literal, or adjacent literals in parentheses that keep
    every line of the module under the line length."""
    pieces = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False, drop_whitespace=False)
    if len(pieces) <= 1:
        return json.dumps(text)
    return "(\n" + "".join(f"    {json.dumps(piece)}\n" for piece in pieces) + ")"


Earlier = tuple[dict[str, int], str, int]
"""A ratings table in place: ratings by level name, the command and the games behind them."""


def ratings_source(
    ratings: dict[str, float], score: Score, command: str, earlier: Earlier | None = None
) -> str:
    """The ``cacao_game/ai/ratings.py`` module for these ratings. ``earlier`` (ratings, command,
    games of the table in place, for ``--keep``): its levels this ladder did not rate stay, its
    command comes first and its games are counted too."""
    kept, earlier_command, earlier_games = earlier if earlier is not None else ({}, "", 0)
    named = {level_name(level): rating for level, rating in ratings.items()}
    merged = {level: float(rating) for level, rating in kept.items() if level not in named} | named
    per_level = {level: round(rating) for level, rating in sorted(merged.items(), key=lambda item: item[1])}
    games = earlier_games + sum(n for _w, n in score.values())
    command = f"{earlier_command}; then {command}" if earlier is not None else command
    body = "".join(f'\n    "{level}": {rating},' for level, rating in per_level.items())
    table = "{" + body + ("\n}" if body else "}")
    return f'''"""Each AI level's rating (Elo, random = 0), as measured by ``tools/ladder.py``.

Written by that tool (``--write-ratings``); the setup scene shows these numbers next to the
levels' names. Do not edit by hand: run the command below again.
"""

from __future__ import annotations

from typing import Final

RATINGS: Final[dict[str, int]] = {table}
"""Level name -> rating; a level missing here is shown without one."""

COMMAND: Final = {_string_literal(command)}
"""The command that measured them."""
GAMES: Final = {games}
"""Games behind them (2 players, duplicate deals, every pairing)."""
'''


def build_parser() -> argparse.ArgumentParser:
    """The ladder's command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levels", nargs="*", help="level specs (default: every level of the registry)")
    parser.add_argument("--deals", type=int, default=50, help="deals per pairing (2 games each)")
    parser.add_argument(
        "--deals-with",
        action="append",
        default=[],
        metavar="LEVEL=N",
        help="deals for the pairings of an expensive level, e.g. hard=20 (repeatable)",
    )
    parser.add_argument("--seed", type=int, default=1, help="first deal of every pairing")
    parser.add_argument("--out", type=Path, required=True, help="folder of the pairings' JSON files")
    parser.add_argument(
        "--keep",
        action="append",
        default=[],
        metavar="LEVEL",
        help="hold this level at its rating in cacao_game/ai/ratings.py (repeatable)",
    )
    parser.add_argument("--write-ratings", action="store_true", help="write cacao_game/ai/ratings.py")
    parser.add_argument("--markdown", action="store_true", help="print the README's tables")
    return parser


def deals_for(a: str, b: str, default: int, overrides: dict[str, int]) -> int:
    """Deals of the pairing ``a``-``b``: the smallest override naming either, else ``default``."""
    named = [overrides[spec] for spec in (a, b) if spec in overrides]
    return min(named) if named else default


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: play what is missing, fit, print; 2 on a bad command line."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = build_parser().parse_args(argv)
    levels = args.levels or [level for level in LEVELS]
    try:
        for spec in levels:
            parse_level(spec)
        overrides = {}
        for item in args.deals_with:
            spec, _, count = item.partition("=")
            overrides[spec] = int(count)
    except ValueError as error:
        log.error("%s", error)
        return 2
    if len(set(levels)) < 2:
        log.error("a ladder needs two levels or more")
        return 2
    unrated = [name for name in args.keep if name not in measured.RATINGS]
    if unrated:
        log.error("no rating to keep for %s (cacao_game/ai/ratings.py)", ", ".join(unrated))
        return 2
    kept = [spec for spec in levels if level_name(spec) in args.keep]
    fixed = {spec: float(measured.RATINGS[level_name(spec)]) for spec in kept}
    args.out.mkdir(parents=True, exist_ok=True)
    score: Score = {}
    for a, b in combinations(levels, 2):
        if a in fixed and b in fixed:
            continue
        deals = deals_for(a, b, args.deals, overrides)
        summary = play_pair(a, b, deals, args.seed, pair_file(args.out, a, b))
        score[(a, b)] = (summary["wins"], summary["games"])
    if not fixed:
        fixed = {ANCHOR if ANCHOR in levels else levels[0]: 0.0}
    ratings, errors = fit(levels, score, fixed)
    for level in sorted(levels, key=lambda spec: -ratings[spec]):
        log.info("%-28s %6.0f ± %3.0f", level, ratings[level], errors[level])
    command = " ".join(["python", "tools/ladder.py", *(argv if argv is not None else sys.argv[1:])])
    if args.markdown:
        print(markdown(levels, ratings, errors, score))
        print(f"\n{sum(n for _w, n in score.values())} games; command: `{command}`")
    if args.write_ratings:
        earlier = (dict(measured.RATINGS), measured.COMMAND, measured.GAMES) if args.keep else None
        RATINGS_MODULE.write_text(ratings_source(ratings, score, command, earlier))
        log.info("wrote %s", RATINGS_MODULE.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
