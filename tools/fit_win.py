"""How a seat's margin against the leader, as the evaluation prices it, tells who wins.

    python tools/fit_win.py [--players 4] [--games 150] [--seed 900000]

Plays ``--games`` medium self-play games (base game, ``--players`` seats, deals from
``--seed``). Before every placement it notes each seat's margin against the best other seat
(``Valuer.seat_values``, ``field_margins`` with lead 1) and the placements left (all seats),
and after the game whether that seat won. It then fits ``P(win) = 1 / (1 + exp(-(a + b x)))``
by maximum likelihood for several forms of ``x`` (the margin over a spread that grows with the
placements left) and per band of placements left, and prints each fit's slope, the spread it
implies (``2 / b``: the margin at which ``tanh`` reaches 0.76, as ``expert_tree.win_price``
uses it) and its log-likelihood. The expert's ``win`` option (``FIRST_PLACE_WIN``) is the best
form's spread per placement: ``margin / (left + 1)``, slope 2.29, a spread of 0.87 on 150
four-player games from seed 900000.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable
from typing import TypeVar

from cacao_game.ai.evaluation import Valuer, field_margins
from cacao_game.ai.expert_tree import placements_left
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.weights import DEFAULT
from cacao_game.engine import Game, Phase

T = TypeVar("T")
Row = tuple[float, int, float]
"""A seat's margin against the leader, the placements left, and 1 if it won else 0."""
FORMS: dict[str, Callable[[float, int], float]] = {
    "margin": lambda m, left: m,
    "margin / sqrt(left + 1)": lambda m, left: m / math.sqrt(left + 1),
    "margin / (left + 1)": lambda m, left: m / (left + 1),
}
BANDS = ((0, 8), (8, 16), (16, 24), (24, 32), (32, 45))


def self_play(
    players: int, deal: int, note: Callable[[Game], T], stop: int | None = None
) -> tuple[Game, list[T]]:
    """The medium self-play game of ``deal`` (base game, ``players`` seats, seat ``s`` seeded
    ``deal * 10 + s``) and what ``note(game)`` said before each placement: the game as it ends,
    or as it stands before placement number ``stop`` (from 0; None: never stop)."""
    game = Game.new(players, "base", deal, keep_history=False)
    movers = [MediumPlayer(random.Random(deal * 10 + seat)) for seat in range(players)]
    notes: list[T] = []
    while not game.is_over():
        if game.phase is Phase.PLACE:
            if len(notes) == stop:
                break
            notes.append(note(game))
        game.apply(movers[game.current_player()].choose(game))
    return game, notes


def _margins(game: Game) -> tuple[list[float], int]:
    """Every seat's margin against the best other seat, and the placements left."""
    margins = field_margins(Valuer(game, DEFAULT).seat_values(game), [1.0] * game.players)
    return margins, placements_left(game)


def observe(players: int, games: int, seed: int) -> list[Row]:
    """Every seat's margin, placements left and result before each placement of the games."""
    rows: list[Row] = []
    for number in range(games):
        game, seen = self_play(players, seed + number, _margins)
        winners = set(game.winners())
        rows += [(m[s], left, 1.0 if s in winners else 0.0) for m, left in seen for s in range(players)]
    return rows


def fit(rows: list[Row], form: Callable[[float, int], float]) -> tuple[float, float, float]:
    """``(a, b, log-likelihood)`` of the logistic fit of the results on ``form`` (Newton)."""
    a = b = 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for margin, left, won in rows:
            x = form(margin, left)
            p = 1 / (1 + math.exp(-(a + b * x)))
            w = p * (1 - p)
            ga, gb = ga + won - p, gb + (won - p) * x
            haa, hab, hbb = haa + w, hab + w * x, hbb + w * x * x
        det = haa * hbb - hab * hab
        a, b = a + (hbb * ga - hab * gb) / det, b + (haa * gb - hab * ga) / det
    likelihood = 0.0
    for margin, left, won in rows:
        p = 1 / (1 + math.exp(-(a + b * form(margin, left))))
        likelihood += math.log(p if won else 1 - p)
    return a, b, likelihood


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=900_000)
    args = parser.parse_args()
    rows = observe(args.players, args.games, args.seed)
    print(f"{len(rows)} observations from {args.games} games of {args.players} players")
    for name, form in FORMS.items():
        a, b, likelihood = fit(rows, form)
        print(f"{name:24s} a={a:.3f} b={b:.3f} spread 2/b={2 / b:.3f} log-likelihood={likelihood:.1f}")
    for low, high in BANDS:
        band = [row for row in rows if low <= row[1] < high]
        if len(band) > 10:
            a, b, _ = fit(band, FORMS["margin"])
            spread = f"{2 / b:.2f}" if b > 0 else "none (the margin tells nothing yet)"
            print(f"placements left {low}-{high - 1}: {len(band)} observations, margin spread {spread}")


if __name__ == "__main__":
    main()
