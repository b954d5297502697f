"""How well the evaluation's terms foretell the final score, and what a fitted mix of them gains.

    python tools/fit_terms.py [--players 4] [--games 200] [--seed 910000] [--json rows.json]

Plays ``--games`` medium self-play games (base game, ``--players`` seats, deals from
``--seed``). Before every placement it notes each seat's evaluation split into its terms
(``Valuer.seat_terms``: gold, water, cacao, sun, temples, prospects, threat) and the
placements left, and after the game the seat's final total. Per band of placements left it
fits, on the games of even number, the final total as a constant plus a weight per term
(least squares), and on the games of odd number compares three foretellings of each seat's
final margin against the best other seat (what wins 4 players): the evaluation as it is (its
terms added up), the same plus a constant per band (no change to any decision) and the fitted
mix. It prints each band's weights and, for each foretelling, the root mean squared error of
the margin and how often the seat it prices highest is a winner. ``--json`` keeps the rows
so that a second reading needs no games (``--rows``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from cacao_game.ai.evaluation import TERMS, Valuer
from cacao_game.ai.expert_tree import placements_left, play_to_end
from cacao_game.ai.hard import default_horizon, playout
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.weights import DEFAULT, weights_named
from cacao_game.engine import Game

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_win import self_play
from ladder import invert

BANDS = ((0, 8), (8, 16), (16, 24), (24, 32), (32, 45))
BANKED = (0, 1)
"""Terms that are points already (gold, water): the banked fit keeps their weight at 1."""
State = tuple[int, int, list[list[float]], list[float], list[int]]
"""A game's number, placements left, each seat's terms, each seat's final total, the winners."""


def _terms(game: Game) -> tuple[int, list[list[float]]]:
    """The placements left and every seat's terms, in ``TERMS`` order."""
    terms = Valuer(game, DEFAULT).seat_terms(game)
    return placements_left(game), [[parts[t] for t in TERMS] for parts in terms]


def observe(players: int, games: int, seed: int) -> list[State]:
    """Every placement's state of the games: terms per seat, with the final totals."""
    states: list[State] = []
    for number in range(games):
        game, seen = self_play(players, seed + number, _terms)
        assert game.final is not None
        totals = [float(s.total) for s in game.final]
        winners = list(game.winners())
        states += [(number, left, terms, totals, winners) for left, terms in seen]
    return states


Pair = tuple[int, list[list[float]], list[float]]
"""Placements left at the priced state, each seat's terms there less the sibling's, each seat's
final total less the sibling's."""


def siblings(players: int, count: int, seed: int) -> list[Pair]:
    """``count`` pairs of sibling playouts: at a random placement of a medium self-play game
    (from the third to the ``players * 44 / 5``th: in 4 players any but the last two),
    the mover's best move by medium and another of medium's first eight, each played out as
    the expert's iterations are (hard's greedy turns to its horizon, then priced) and then to
    the end by the same policy on the same tiles: what a decision's price should foretell."""
    pairs: list[Pair] = []
    for number in range(count):
        deal = seed + number
        rng = random.Random(deal)
        stop = rng.randrange(2, players * 44 // 5)
        game, _seen = self_play(players, deal, lambda _game: None, stop)
        if game.is_over():
            continue
        mover = MediumPlayer(random.Random(deal * 10 + game.mover))
        ranked = [action for _v, action in mover.rank(game)][:8]
        if len(ranked) < 2:
            continue
        pair = [ranked[0], ranked[rng.randrange(1, len(ranked))]]
        rollout = playout(Valuer(game, DEFAULT), default_horizon(players))
        seen = []
        for action in pair:
            world = game.clone()
            world.apply(action)
            rollout(world, game.turn)
            terms = Valuer(world, DEFAULT).seat_terms(world) if not world.is_over() else None
            left = placements_left(world)
            play_to_end(world, weights_named(DEFAULT))
            assert world.final is not None
            seen.append((left, terms, [float(s.total) for s in world.final]))
        (left_a, terms_a, totals_a), (_left_b, terms_b, totals_b) = seen
        if terms_a is None or terms_b is None:
            continue
        pairs.append(
            (
                left_a,
                [[a[t] - b[t] for t in TERMS] for a, b in zip(terms_a, terms_b, strict=True)],
                [a - b for a, b in zip(totals_a, totals_b, strict=True)],
            )
        )
    return pairs


def report_pairs(pairs: list[Pair]) -> None:
    """Per band: the term weights (no constant) fitted on the pairs of even index, and on the
    others how well the plain sum and the fit foretell each seat's difference of final totals;
    then the weights fitted on every pair, divided by gold's (the form ``term_mix.MIXES``
    holds)."""
    print("band       n(test)  " + " ".join(f"{t[:6]:>7s}" for t in TERMS))
    for low, high in BANDS:
        band = [p for p in pairs if low <= p[0] < high]
        train, test = band[::2], band[1::2]
        if len(train) < 20 or not test:
            continue
        weights = fit(pair_samples(train))[1:]
        print(f"{low:2d}-{high - 1:2d} {len(test):10d}  " + " ".join(f"{w:7.2f}" for w in weights))
        for name, mix in (("as is", [1.0] * len(TERMS)), ("fitted", weights)):
            error = 0.0
            for _l, diffs, totals in test:
                foretold = [sum(w * x for w, x in zip(mix, d, strict=True)) for d in diffs]
                error += sum((f - t) ** 2 for f, t in zip(foretold, totals, strict=True))
            rmse = math.sqrt(error / len(test) / len(test[0][2]))
            print(f"    {name:8s} each seat's difference of final totals: rmse {rmse:6.2f}")
    print("on every pair, divided by gold's weight (term_mix.MIXES):")
    for low, high in reversed(BANDS):
        band = [p for p in pairs if low <= p[0] < high]
        if len(band) >= 20:
            weights = fit(pair_samples(band))[1:]
            print(f"    ({low}, ({', '.join(f'{w / weights[0]:.2f}' for w in weights)})),")


def pair_samples(pairs: Sequence[Pair]) -> list[tuple[list[float], float]]:
    """Every seat of every pair as one sample: its terms' differences and its total's."""
    return [(d, t) for _l, diffs, totals in pairs for d, t in zip(diffs, totals, strict=True)]


def fit(samples: Sequence[tuple[list[float], float]]) -> list[float]:
    """Least-squares ``[constant, weight per feature...]`` of the targets on the features (the
    normal equations; a tiny ridge keeps a feature that never varies from breaking them)."""
    size = len(samples[0][0]) + 1
    gram = [[0.0] * size for _ in range(size)]
    moment = [0.0] * size
    for features, target in samples:
        x = [1.0, *features]
        for i in range(size):
            moment[i] += x[i] * target
            for j in range(size):
                gram[i][j] += x[i] * x[j]
    for i in range(size):
        gram[i][i] += 1e-6
    inverse = invert(gram)
    return [sum(a * b for a, b in zip(row, moment, strict=True)) for row in inverse]


def margins(values: Sequence[float]) -> list[float]:
    """Each seat's value less the best other seat's."""
    return [v - max([*values[:s], *values[s + 1 :]]) for s, v in enumerate(values)]


def judge(states: Sequence[State], price: list[list[float]]) -> tuple[float, float]:
    """Root mean squared error of the margins ``price`` (one list of seat values per state)
    foretells against the final margins, and the share of states whose highest-priced seat won."""
    error = 0.0
    count = 0
    hits = 0.0
    for (_n, _left, _terms, totals, winners), values in zip(states, price, strict=True):
        for foretold, final in zip(margins(values), margins(totals), strict=True):
            error += (foretold - final) ** 2
            count += 1
        best = max(range(len(values)), key=lambda s: values[s])
        hits += 1.0 if best in winners else 0.0
    return math.sqrt(error / count), hits / len(states)


def report(states: list[State]) -> None:
    """Fit on the even games, judge on the odd ones, band by band."""
    print("band       n(test)  " + " ".join(f"{t[:6]:>7s}" for t in ("const", *TERMS)))
    for low, high in BANDS:
        band = [s for s in states if low <= s[1] < high]
        train = [s for s in band if s[0] % 2 == 0]
        test = [s for s in band if s[0] % 2 == 1]
        if len(train) < 20 or not test:
            continue
        samples = [
            (terms[seat], totals[seat]) for _n, _l, terms, totals, _w in train for seat in range(len(totals))
        ]
        weights = fit(samples)
        offset = fit([([sum(f)], t) for f, t in samples])
        kept = fit(
            [
                ([x for i, x in enumerate(f) if i not in BANKED], t - sum(f[i] for i in BANKED))
                for f, t in samples
            ]
        )
        banked = kept[:1] + [
            1.0 if i in BANKED else kept[1 + sum(1 for j in range(i) if j not in BANKED)]
            for i in range(len(TERMS))
        ]
        print(f"{low:2d}-{high - 1:2d} {len(test):10d}  " + " ".join(f"{w:7.2f}" for w in weights))
        print(f"{'':16s}" + " ".join(f"{w:7.2f}" for w in banked))
        plain = [[sum(t) for t in s[2]] for s in test]
        shifted = [[offset[0] + offset[1] * sum(t) for t in s[2]] for s in test]
        mixed = [
            [weights[0] + sum(w * x for w, x in zip(weights[1:], t, strict=True)) for t in s[2]] for s in test
        ]
        keep = [
            [banked[0] + sum(w * x for w, x in zip(banked[1:], t, strict=True)) for t in s[2]] for s in test
        ]
        for name, price in (
            ("as is", plain),
            ("scaled sum", shifted),
            ("fitted mix", mixed),
            ("banked kept", keep),
        ):
            rmse, hits = judge(test, price)
            print(f"    {name:12s} margin rmse {rmse:6.2f}   highest priced won {hits:6.1%}")


def keep(path: str | None, rows: Sequence[State] | Sequence[Pair]) -> None:
    """Write ``rows`` to ``path`` as JSON (None: nowhere)."""
    if path:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(rows, handle)


def main() -> None:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=910_000)
    parser.add_argument("--json", help="keep the observed rows in this file")
    parser.add_argument("--rows", help="read the rows (states or pairs, many files' joined) from this file")
    parser.add_argument("--pairs", type=int, default=0, help="fit on this many sibling playouts instead")
    args = parser.parse_args()
    if args.pairs:
        pairs = siblings(args.players, args.pairs, args.seed)
        keep(args.json, pairs)
        print(f"{len(pairs)} sibling pairs")
        report_pairs(pairs)
        return
    if args.rows:
        with open(args.rows, encoding="utf-8") as handle:
            rows = json.load(handle)
        if rows and len(rows[0]) == 3:
            print(f"{len(rows)} sibling pairs")
            report_pairs([tuple(row) for row in rows])
            return
        states: list[State] = [tuple(row) for row in rows]
    else:
        states = observe(args.players, args.games, args.seed)
        keep(args.json, states)
    print(f"{len(states)} placements' states from {len({s[0] for s in states})} games")
    report(states)


if __name__ == "__main__":
    main()
