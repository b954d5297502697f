"""Print the tutorial game turn by turn: the board as text, what each seat holds, and the
lesson steps that show at each point. For whoever changes ``cacao_game/tutorial/script.py``.

    python tools/tutorial_board.py [--upto TURN]

Worker tiles are shown as their worker counts on each edge around Y (you) or C (Coco),
lower case once overbuilt; jungle tiles by a short code (P1 plantation, M3 market 3, Te
temple, Wa water, Su sun, G2 gold mine 2); ``+`` marks an empty worker square next to the
jungle. After the script's last decision it prints the final score.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cacao_game.engine import Game
from cacao_game.engine.tiles import WORKER_SIDES
from cacao_game.tutorial.script import DEAL, SOLUTION, STEPS

SHORT = {
    "plantation1": "P1",
    "plantation2": "P2",
    "market2": "M2",
    "market3": "M3",
    "market4": "M4",
    "gold1": "G1",
    "gold2": "G2",
    "water": "Wa",
    "sun": "Su",
    "temple": "Te",
    "volcano": "Vo",
}


def board(game: Game) -> str:
    """The board of ``game`` as text, 7 characters by 3 lines a square."""
    squares = [*game.jungle, *game.workers, *game.frontier]
    xs = range(min(p[0] for p in squares), max(p[0] for p in squares) + 1)
    ys = range(min(p[1] for p in squares), max(p[1] for p in squares) + 1)
    lines = ["     " + "".join(f"{x:^7}" for x in xs)]
    for y in ys:
        rows = ["", "", ""]
        for x in xs:
            pos = (x, y)
            if pos in game.jungle:
                code = SHORT[game.jungle[pos][0]]
                cells = (" ..... ", f" :{code:^3}: ", " ..... ")
            elif pos in game.workers:
                tile = game.workers[pos]
                n, e, s, w = WORKER_SIDES[tile.tile][tile.rotation]
                mark = "YC"[tile.seat] if pos not in game.covered else "yc"[tile.seat]
                cells = (f"   {n}   ", f"  {w}{mark}{e}  ", f"   {s}   ")
            else:
                cells = ("       ", "   +   " if pos in game.frontier else "       ", "       ")
            for k, cell in enumerate(cells):
                rows[k] += cell
        lines += ["     " + rows[0], f"{y:>4} " + rows[1], "     " + rows[2]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the game up to ``--upto`` turns (all of it by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upto", type=int, default=None, help="stop after this many turns")
    args = parser.parse_args(argv)
    game = Game(DEAL)
    for index, action in enumerate(SOLUTION):
        for step in STEPS:
            if step.at == index:
                print(f"  [{'move' if step.move else 'note'}] {step.key}")
        turn = game.turn
        if args.upto is not None and turn >= args.upto:
            return 0
        game.apply(action)
        print(f"{index:3}  turn {turn + 1}: {action}")
        if game.turn != turn or game.is_over():
            print(board(game))
            print(f"gold {game.gold} cacao {game.cacao} sun {game.sun} water {game.water}\n")
    print("final:", [score.total for score in game.score_now()])
    return 0


if __name__ == "__main__":
    sys.exit(main())
