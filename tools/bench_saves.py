"""Time save_game and load_game on a full 4-player game (the issue asks for 20 ms or less each).

    python tools/bench_saves.py [--runs N] [--folder DIR]

Plays a 4-player game to the end with the random AI (base and volcano), then saves it N times
over the same file (as the autosave does) and loads it N times, and prints median, 90th
percentile and worst time of each. The save is also split into its in-memory part (build the
document, encode, verify it reads back) and the disk part (temp file, fsync, .bak, rename),
which depends on the disk's fsync latency. Files go to a temp folder unless --folder is given.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cacao_game.ai import make_player
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.config.storage import atomic_write_bytes
from cacao_game.engine import Game
from cacao_game.engine.tiles import COLORS
from cacao_game.percentiles import median, percentile
from cacao_game.saves import load_game, save_game
from cacao_game.saves.codec import build_document, decode, encode
from cacao_game.saves.schema import checksum


def full_game(variant: str, seed: int) -> Game:
    """A 4-player game played to the end by seeded random players."""
    game = Game.new(4, variant, seed)
    player = make_player("random", random.Random(seed))
    while not game.is_over():
        game.apply(player.choose(game))
    return game


def timings(action: Callable[[], object], runs: int) -> list[float]:
    """Milliseconds of ``runs`` calls of ``action`` (after one warm-up call)."""
    action()
    result = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        result.append((time.perf_counter() - started) * 1000)
    return result


def summary(name: str, values: list[float]) -> str:
    """One line: median, 90th percentile and worst of ``values`` (ms)."""
    p90 = percentile(values, 0.9)
    middle = median(values)
    return f"  {name:<28} median {middle:6.2f} ms   p90 {p90:6.2f} ms   max {max(values):6.2f} ms"


def bench(variant: str, folder: Path, runs: int) -> None:
    """Print the figures of one variant."""
    game = full_game(variant, 2026)
    config = GameConfig(
        seats=[SeatConfig(f"Seat {s + 1}", COLORS[s], "human") for s in range(4)], variant=variant, seed=2026
    )
    path = folder / f"bench_{variant}.json"
    saves = timings(lambda: save_game(path, game, config, {"camera": [0, 0, 1.0]}), runs)
    loads = timings(lambda: load_game(path), runs)

    def in_memory() -> None:
        document = build_document(game, config, {}, "2026-01-01T00:00:00Z")
        read = decode(encode(document))
        assert isinstance(read, dict) and checksum(read) == document["checksum"]

    data = path.read_bytes()
    memory = timings(in_memory, runs)
    disk = timings(lambda: atomic_write_bytes(folder / "disk.json", data), runs)
    size = len(data) / 1024
    print(f"4 players, {variant}: {len(game.actions)} decisions, {game.turn + 1} turns, file {size:.1f} kB")
    print(summary("save_game (all)", saves))
    print(summary("  of which in memory", memory))
    print(summary("  of which disk write+fsync", disk))
    print(summary("load_game (replay, verify)", loads))


def main() -> None:
    """Run the benchmark from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50, help="timed calls of each operation")
    parser.add_argument("--folder", type=Path, default=None, help="where to write (default: a temp folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = args.folder or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        for variant in ("base", "volcano"):
            bench(variant, folder, args.runs)


if __name__ == "__main__":
    main()
