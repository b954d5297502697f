"""Engine speed against a previous revision: random games per second, side by side.

    python tools/bench_engine_compare.py [--rev main] [--seconds 40] [--players 2] [--variant base]
                                         [--hard DECISIONS] [--iterations 60]

The engine of ``--rev`` is taken with ``git archive`` into a temporary directory, its package
renamed to ``cacao_game_prev`` (every ``cacao_game`` import in its sources rewritten) and
imported next to the working tree's ``cacao_game``. Both then play the same random games
(``Game.new(players, variant, seed)``, ``random.Random(seed).choice`` among
``legal_actions()``), in alternating batches (old-new, then new-old) so that a noisy,
shared machine slows both alike. Every game's final scores, decisions and board must be equal
between the two engines; before timing, the full event lists of the first games are compared
too. Prints games/s for each engine and the ratio new/old (total games over total time, on this
process's CPU clock, which a busy machine disturbs less, and on the wall clock), and
the spread of the per-batch ratios (median, 10th and 90th percentile): on a shared machine
the load changes from batch to batch, and the spread shows how firm the ratio is. Exit
status 1 on a difference.

With ``--hard``, the same number of decisions of the ``hard`` level of each revision (its own
engine, fixed ``--iterations`` re-deals, so no clock is involved; the current one with the
``--current-weights`` set, by default ``v1``, the evaluation before tuning) are timed too, interleaved,
on placements from random games; both must choose the same moves. That is what the engine's
speed is for: the re-deals and playouts hard can afford in its time.

Both engines play the event-checked games first, which also fills their caches (the
resolution search is memoised), so the timed batches compare warm engines.
"""

from __future__ import annotations

import argparse
import importlib
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from types import ModuleType
from typing import Any

from cacao_game.percentiles import median, percentile

ROOT = Path(__file__).resolve().parent.parent
PREVIOUS = "cacao_game_prev"


def load_previous(rev: str, into: Path) -> tuple[ModuleType, ModuleType]:
    """The ``cacao_game.engine`` package and the ``cacao_game.ai.hard`` module of git revision
    ``rev``, imported from ``cacao_game_prev``."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev, "cacao_game"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    package = into / PREVIOUS
    (into / "cacao_game").rename(package)
    for source in package.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        source.write_text(re.sub(r"\bcacao_game\b", PREVIOUS, text), encoding="utf-8")
    sys.path.insert(0, str(into))
    try:
        return importlib.import_module(f"{PREVIOUS}.engine"), importlib.import_module(f"{PREVIOUS}.ai.hard")
    finally:
        sys.path.remove(str(into))


def in_board_order(events: list[Any]) -> list[Any]:
    """``events`` with the final scoring's temples (``TempleScored``) in square order, each in
    the place of one of them: the engine reports them in the order the temples were laid (the
    table numbers them so) since 0.3, in square order before; nothing else moves."""
    temples = iter(sorted((e for e in events if type(e).__name__ == "TempleScored"), key=lambda e: e.pos))
    return [next(temples) if type(e).__name__ == "TempleScored" else e for e in events]


def play(engine: Any, players: int, variant: str, seed: int, *, with_events: bool = False) -> str:
    """One random game; a summary of its end (with every event when ``with_events``, the
    temples' final scoring ``in_board_order``)."""
    game = engine.Game.new(players, variant, seed, keep_history=False)
    rng = random.Random(seed)
    log: list[object] = []
    while not game.is_over():
        events = game.apply(rng.choice(game.legal_actions()))
        if with_events:
            log.append(in_board_order(events))
    board = (sorted(game.jungle.items()), sorted(game.workers.items()), sorted(game.covered.items()))
    return repr((game.score_now(), game.winners(), game.actions, board, log))


@dataclass
class Timing:
    """Seconds of one batch: on the wall clock and on this process's CPU clock."""

    wall: float = 0.0
    cpu: float = 0.0

    def __iadd__(self, other: Timing) -> Timing:
        self.wall += other.wall
        self.cpu += other.cpu
        return self


def batch(engine: Any, players: int, variant: str, seeds: range) -> tuple[Timing, list[str]]:
    """Time taken to play the games of ``seeds``, and their summaries (made outside the timing)."""
    games = []
    cpu_started = time.process_time()
    started = time.perf_counter()
    for seed in seeds:
        game = engine.Game.new(players, variant, seed, keep_history=False)
        rng = random.Random(seed)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
        games.append(game)
    elapsed = Timing(time.perf_counter() - started, time.process_time() - cpu_started)
    summaries = []
    for game in games:
        board = (sorted(game.jungle.items()), sorted(game.workers.items()), sorted(game.covered.items()))
        summaries.append(repr((game.score_now(), game.winners(), game.actions, board)))
    return elapsed, summaries


def hard_position(engine: Any, seed: int) -> Any:
    """A 2-player placement decision after a few random turns of game ``seed``."""
    game = engine.Game.new(2, "base", seed, keep_history=False)
    rng = random.Random(seed)
    moves = rng.randrange(4, 30)
    while moves > 0 or game.phase.name != "PLACE":
        game.apply(rng.choice(game.legal_actions()))
        moves -= 1
    return game


def compare_hard(
    modules: dict[str, tuple[Any, Any]], decisions: int, iterations: int, options: dict[str, dict[str, str]]
) -> bool:
    """Time ``decisions`` hard decisions per revision, interleaved; print the figures.

    ``options[name]`` are extra keywords for that revision's ``HardPlayer``. False if the
    revisions choose differently anywhere.
    """
    seconds = {name: Timing() for name in modules}
    for index in range(decisions):
        order = list(modules) if index % 2 == 0 else list(reversed(modules))
        chosen = {}
        for name in order:
            engine, hard = modules[name]
            game = hard_position(engine, 20_000 + index)
            player = hard.HardPlayer(random.Random(index), iterations=iterations, **options[name])
            cpu_started, started = time.process_time(), time.perf_counter()
            chosen[name] = repr(player.choose(game))
            seconds[name] += Timing(time.perf_counter() - started, time.process_time() - cpu_started)
        if len(set(chosen.values())) != 1:
            print(f"DIFFERENT hard choices in position {index}: {chosen}")
            return False
    print(f"hard: {decisions} decisions each at {iterations} re-deals, identical choices")
    for name in modules:
        per = seconds[name].cpu / decisions
        print(f"{name:<9} {per * 1000:8.1f} ms of CPU time per decision  {iterations / per:8.1f} re-deals/s")
    print(f"hard ratio current/previous: {seconds['previous'].cpu / seconds['current'].cpu:.3f} (CPU time)")
    return True


def main(argv: list[str] | None = None) -> int:
    """Compare, print the figures; 1 if the engines disagree on any game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="main", help="git revision of the previous engine")
    parser.add_argument("--seconds", type=float, default=40.0, help="total time, both engines")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="base")
    parser.add_argument("--batch", type=int, default=20, help="games per batch")
    parser.add_argument("--event-games", type=int, default=100, help="games checked event by event")
    parser.add_argument("--hard", type=int, default=0, help="hard decisions timed per revision")
    parser.add_argument("--iterations", type=int, default=60, help="re-deals per hard decision")
    parser.add_argument(
        "--current-weights",
        default="v1",
        help="weight set of the current hard (the previous revision's evaluation, so both search alike)",
    )
    args = parser.parse_args(argv)
    import cacao_game.ai.hard as current_hard
    import cacao_game.engine as current

    commit = subprocess.run(
        ["git", "rev-parse", "--short", args.rev], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as temp:
        previous, previous_hard = load_previous(args.rev, Path(temp))
    print(f"previous: {args.rev} ({commit}) from {previous.__file__}")
    print(f"current:  working tree from {current.__file__}")

    for seed in range(args.event_games):
        if play(previous, args.players, args.variant, seed, with_events=True) != play(
            current, args.players, args.variant, seed, with_events=True
        ):
            print(f"DIFFERENT events in game seed {seed}")
            return 1
    print(f"events identical in {args.event_games} games")

    engines = {"previous": previous, "current": current}
    seconds = {"previous": Timing(), "current": Timing()}
    ratios: list[float] = []
    games = 0
    started = time.perf_counter()
    index = 0
    while time.perf_counter() - started < args.seconds:
        seeds = range(10_000 + index * args.batch, 10_000 + (index + 1) * args.batch)
        order = ["previous", "current"] if index % 2 == 0 else ["current", "previous"]
        results = {}
        elapsed = {}
        for name in order:
            elapsed[name], results[name] = batch(engines[name], args.players, args.variant, seeds)
            seconds[name] += elapsed[name]
        ratios.append(elapsed["previous"].cpu / max(1e-9, elapsed["current"].cpu))
        if results["previous"] != results["current"]:
            print(f"DIFFERENT final states in batch of seeds {seeds.start}-{seeds.stop - 1}")
            return 1
        games += len(seeds)
        index += 1
    print(f"{games} games each, {args.players}p {args.variant}, identical final states")
    for name in engines:
        wall, cpu = games / seconds[name].wall, games / seconds[name].cpu
        print(f"{name:<9} {cpu:8.1f} games/s of CPU time  {wall:8.1f} games/s of wall time")
    cpu_ratio = seconds["previous"].cpu / seconds["current"].cpu
    wall_ratio = seconds["previous"].wall / seconds["current"].wall
    print(f"ratio current/previous: {cpu_ratio:.3f} (CPU time), {wall_ratio:.3f} (wall time)")
    if len(ratios) >= 2:
        deciles = [percentile(ratios, 0.1), percentile(ratios, 0.9)]
        print(
            f"per-batch CPU-time ratios ({len(ratios)} batches): median {median(ratios):.3f}, "
            f"10% {deciles[0]:.3f}, 90% {deciles[-1]:.3f}"
        )
    if args.hard:
        modules = {"previous": (previous, previous_hard), "current": (current, current_hard)}
        options = {"previous": {}, "current": {"weights": args.current_weights}}
        if not compare_hard(modules, args.hard, args.iterations, options):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
