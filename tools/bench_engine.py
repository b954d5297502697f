"""Engine speed: random full games per second and the cost of clone().

    python tools/bench_engine.py [--seconds S] [--profile]

Prints games/s for 2 and 4 players (one core, no undo history, random play through the
public API), decisions per game, and clone() in microseconds on a mid-game 4-player state.
The goal for 2 players is 1,000 games per second. ``--profile`` instead runs the 2-player
games under cProfile and prints the 20 functions with the most time of their own (note that
cProfile files every dataclass ``__init__`` under one name, ``<string>:2(__init__)``, and
undercounts them: the engine builds its events and edges as frozen dataclasses).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
import timeit

from cacao_game.engine import Game


def random_games_per_second(players: int, variant: str, seconds: float) -> tuple[float, float]:
    """(games per second, decisions per game) of random play for about ``seconds``."""
    games = decisions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = Game.new(players, variant, games, keep_history=False)
        rng = random.Random(games)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
        games += 1
    return games / (time.perf_counter() - started), decisions / games


def clone_microseconds() -> float:
    """Microseconds per clone() of a 4-player game after 40 random decisions."""
    game = Game.new(4, "base", 3)
    rng = random.Random(3)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    runs = 20000
    return timeit.timeit(game.clone, number=runs) / runs * 1e6


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--profile", action="store_true", help="profile 2-player games instead")
    args = parser.parse_args(argv)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(random_games_per_second, 2, "base", args.seconds)
        pstats.Stats(profile).strip_dirs().sort_stats("tottime").print_stats(20)
        return 0
    for players in (2, 4):
        for variant in ("base", "volcano"):
            rate, per_game = random_games_per_second(players, variant, args.seconds)
            print(f"{players}p {variant:<8} {rate:8.1f} games/s  {per_game:5.1f} decisions/game")
    print(f"clone()        {clone_microseconds():8.2f} us (4 players, mid-game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
