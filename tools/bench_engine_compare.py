"""Engine speed against a previous revision: random games per second, side by side.

    python tools/bench_engine_compare.py [--rev main] [--seconds 40] [--players 2] [--variant base]

The engine of ``--rev`` is taken with ``git archive`` into a temporary directory, its package
renamed to ``cacao_game_prev`` (every ``cacao_game`` import in its sources rewritten) and
imported next to the working tree's ``cacao_game``. Both then play the same random games
(``Game.new(players, variant, seed)``, ``random.Random(seed).choice`` among
``legal_actions()``), in alternating batches (old-new, then new-old) so that a noisy,
shared machine slows both alike. Every game's final scores, decisions and board must be equal
between the two engines; before timing, the full event lists of the first games are compared
too. Prints games/s for each engine and the ratio new/old. Exit status 1 on a difference.
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
from io import BytesIO
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PREVIOUS = "cacao_game_prev"


def load_previous(rev: str, into: Path) -> ModuleType:
    """The ``cacao_game.engine`` package of git revision ``rev``, imported as ``cacao_game_prev``."""
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
        return importlib.import_module(f"{PREVIOUS}.engine")
    finally:
        sys.path.remove(str(into))


def play(engine: Any, players: int, variant: str, seed: int, *, with_events: bool = False) -> str:
    """One random game; a summary of its end (with every event when ``with_events``)."""
    game = engine.Game.new(players, variant, seed, keep_history=False)
    rng = random.Random(seed)
    log: list[object] = []
    while not game.is_over():
        events = game.apply(rng.choice(game.legal_actions()))
        if with_events:
            log.append(events)
    board = (sorted(game.jungle.items()), sorted(game.workers.items()), sorted(game.covered.items()))
    return repr((game.score_now(), game.winners(), game.actions, board, log))


def batch(engine: Any, players: int, variant: str, seeds: range) -> tuple[float, list[str]]:
    """Seconds to play the games of ``seeds``, and their summaries (made outside the timing)."""
    games = []
    started = time.perf_counter()
    for seed in seeds:
        game = engine.Game.new(players, variant, seed, keep_history=False)
        rng = random.Random(seed)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
        games.append(game)
    elapsed = time.perf_counter() - started
    summaries = []
    for game in games:
        board = (sorted(game.jungle.items()), sorted(game.workers.items()), sorted(game.covered.items()))
        summaries.append(repr((game.score_now(), game.winners(), game.actions, board)))
    return elapsed, summaries


def main(argv: list[str] | None = None) -> int:
    """Compare, print the figures; 1 if the engines disagree on any game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="main", help="git revision of the previous engine")
    parser.add_argument("--seconds", type=float, default=40.0, help="total time, both engines")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default="base")
    parser.add_argument("--batch", type=int, default=50, help="games per batch")
    parser.add_argument("--event-games", type=int, default=100, help="games checked event by event")
    args = parser.parse_args(argv)
    import cacao_game.engine as current

    commit = subprocess.run(
        ["git", "rev-parse", "--short", args.rev], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as temp:
        previous = load_previous(args.rev, Path(temp))
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
    seconds = {"previous": 0.0, "current": 0.0}
    games = 0
    started = time.perf_counter()
    index = 0
    while time.perf_counter() - started < args.seconds:
        seeds = range(10_000 + index * args.batch, 10_000 + (index + 1) * args.batch)
        order = ["previous", "current"] if index % 2 == 0 else ["current", "previous"]
        results = {}
        for name in order:
            elapsed, results[name] = batch(engines[name], args.players, args.variant, seeds)
            seconds[name] += elapsed
        if results["previous"] != results["current"]:
            print(f"DIFFERENT final states in batch of seeds {seeds.start}-{seeds.stop - 1}")
            return 1
        games += len(seeds)
        index += 1
    rates = {name: games / seconds[name] for name in engines}
    print(f"{games} games each, {args.players}p {args.variant}, identical final states")
    for name in engines:
        print(f"{name:<9} {rates[name]:8.1f} games/s")
    print(f"ratio current/previous: {rates['current'] / rates['previous']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
