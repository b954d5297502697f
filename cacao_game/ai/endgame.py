"""Exact endgames: once nothing is hidden from the deciding seat, every placement and fill
searched to the final score (resolutions by ``resolve_choice``, as every search plays them).

- ``exact_values`` / ``exact_end``: max-n over every seat, each maximising its own final margin
  against its field (``final_margins``): any player count, every move's value (the coach's
  exact endgame, and the expert's with at most ``EXACT_PLACEMENTS`` placements left).
- ``solve_duel``: two players only, where one seat's margin is the other's loss, so max-n is
  minimax and alpha-beta finds the same best move and value while visiting far fewer
  positions (in 2-player endgames of 4 placements left, some 500-6,000 decisions where max-n
  needs 10 to 90 times as many). It gives the best move's value only.

Every search checks ``in_time()`` at each decision it expands and raises ``OutOfTime`` once it
is false, so a caller bounds it by a clock or by a count of decisions (deterministic). No
pygame here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from cacao_game.ai.evaluation import Valuer, field_margins
from cacao_game.ai.medium import placement_scores
from cacao_game.ai.policy import quick_fill_score, resolve_choice
from cacao_game.engine import Action, Fill, Game, Phase


def final_margins(game: Game, leads: Sequence[float] | None = None) -> list[float]:
    """Every seat's final total less the field's (``field_margins`` with ``leads``):
    ``Valuer.scores``' shape, in points, for a finished game."""
    return field_margins([float(score.total) for score in game.score_now()], leads)


def ordered_moves(game: Game, valuer: Valuer) -> list[Action]:
    """The mover's moves, most promising first, by the quick estimates (ties by legal order)."""
    options = game.legal_actions()
    if len(options) < 2:
        return options
    if game.phase is Phase.PLACE:
        scores = placement_scores(game, options, valuer)
    else:
        scores = [quick_fill_score(game, f, valuer) for f in options if isinstance(f, Fill)]
    order = sorted(range(len(options)), key=lambda i: (-scores[i], i))
    return [options[i] for i in order]


class OutOfTime(Exception):
    """An exact search ran past its deadline."""


def exact_values(
    game: Game,
    valuer: Valuer,
    in_time: Callable[[], bool] = lambda: True,
    leads: Sequence[float] | None = None,
) -> list[float]:
    """Max-n values of a game with nothing hidden: every placement and fill searched to the
    end (resolutions by ``resolve_choice``), each seat maximising its own final margin
    (``final_margins`` with ``leads``). Raises ``OutOfTime`` as soon as ``in_time()`` is false
    (checked at every decision)."""
    return exact_end(game, valuer, in_time, leads)[0]


def exact_end(
    game: Game,
    valuer: Valuer,
    in_time: Callable[[], bool] = lambda: True,
    leads: Sequence[float] | None = None,
) -> tuple[list[float], Game]:
    """``exact_values`` and the finished game that max-n play reaches (the first best move at
    every decision): its ``final_margins`` are the values."""
    if game.is_over():
        return final_margins(game, leads), game
    if game.phase is Phase.RESOLVE:
        after = game.clone()
        after.apply(resolve_choice(after, valuer))
        return exact_end(after, valuer, in_time, leads)
    if not in_time():
        raise OutOfTime
    mover = game.current_player()
    best: tuple[list[float], Game] | None = None
    for action in game.legal_actions():
        after = game.clone()
        after.apply(action)
        found = exact_end(after, valuer, in_time, leads)
        if best is None or found[0][mover] > best[0][mover] + 1e-9:
            best = found
    assert best is not None
    return best


DUEL_PLACEMENTS = 4
"""In 2 players with nothing hidden and at most this many placements left, the expert (and the
coach's expert search) tries alpha-beta to the final score first (``solve_duel``: with 4 left
it expands some 400-6,000 decisions, about 0.2-3 s; with 5 some 6,000-25,000, beyond 10 s of
budget; with 6 some 400,000)."""
DUEL_SHARE = 0.75
"""Share of a decision's budget (its time, or with an iteration count that many decisions
expanded per iteration) the exact endgame of two players may take before the search takes
over with the rest (an expanded decision costs about one iteration's time)."""


class Allowance:
    """An exact search's ``in_time``: true for at most ``cap`` calls (None: no cap) while
    ``more()`` says so; ``expanded`` counts the calls."""

    def __init__(self, cap: int | None, more: Callable[[], bool] = lambda: True) -> None:
        self.cap = cap
        self.more = more
        self.expanded = 0

    @classmethod
    def duel(
        cls, iterations: int | None, more: Callable[[], bool] = lambda: True, share: float = DUEL_SHARE
    ) -> Allowance:
        """The allowance of a two-player endgame in a budget of ``iterations`` (None: no count):
        ``share`` of them, at least one."""
        return cls(None if iterations is None else max(1, int(share * iterations)), more)

    def __call__(self) -> bool:
        self.expanded += 1
        return (self.cap is None or self.expanded <= self.cap) and self.more()


def duel_end(
    game: Game, valuer: Valuer, alpha: float, beta: float, in_time: Callable[[], bool]
) -> tuple[float, Game]:
    """Seat 0's final total less seat 1's in ``game`` (two players, nothing hidden; consumed:
    mutated), both seats playing their best (minimax over every placement and fill in
    ``ordered_moves``' order, resolutions by ``resolve_choice``), by alpha-beta: exact when it
    lies strictly between ``alpha`` and ``beta``; otherwise a bound on that side of the window
    (at most ``alpha`` or at least ``beta``). With it the finished game that best play reaches
    (the first best move at every decision), when the value is exact. Raises ``OutOfTime`` once
    ``in_time()`` is false (asked before each decision expanded)."""
    while game.phase is Phase.RESOLVE:
        game.apply(resolve_choice(game, valuer))
    if game.is_over():
        return final_margins(game)[0], game
    if not in_time():
        raise OutOfTime
    maximising = game.current_player() == 0
    best: tuple[float, Game] | None = None
    moves = ordered_moves(game, valuer)
    last = len(moves) - 1
    for index, action in enumerate(moves):
        child = game if index == last else game.clone()
        child.apply(action)
        found = duel_end(child, valuer, alpha, beta, in_time)
        if best is None or (found[0] > best[0] if maximising else found[0] < best[0]):
            best = found
        if maximising:
            alpha = max(alpha, best[0])
        else:
            beta = min(beta, best[0])
        if alpha >= beta:
            break
    assert best is not None
    return best


def solve_duel(
    view: Game, moves: Sequence[Action], valuer: Valuer, in_time: Callable[[], bool] = lambda: True
) -> tuple[float, Action, Game]:
    """The best of ``moves`` (legal moves of ``view``'s mover, in order of promise; the first
    best on ties, as ``exact_values`` ranks them) for ``view``'s mover in a two-player game with
    nothing hidden from it, its exact final margin (the mover's total less the other's) and the
    finished game best play reaches after it. Raises ValueError for another player count or no
    moves, ``OutOfTime`` as ``duel_end``."""
    return duel_ranking(view, moves, valuer, in_time)[0]


def duel_ranking(
    view: Game,
    moves: Sequence[Action],
    valuer: Valuer,
    in_time: Callable[[], bool] = lambda: True,
    count: int = 1,
) -> list[tuple[float, Action, Game]]:
    """The ``count`` best of ``moves``, best first, each as ``solve_duel`` gives the best (ties
    in ``moves``' order): one pass in which a move is searched only for a value above the
    ``count``-th best found so far. Raises ValueError for another player count, no moves or a
    count below 1, ``OutOfTime`` as ``duel_end``."""
    if view.players != 2 or not moves or count < 1:
        raise ValueError(
            f"a two-player endgame needs two players, a move and a count, not {view.players}, "
            f"{len(moves)} and {count}"
        )
    sign = 1.0 if view.current_player() == 0 else -1.0
    top: list[tuple[float, Action, Game]] = []
    for action in moves:
        child = view.clone()
        child.apply(action)
        floor = top[-1][0] if len(top) == count else -math.inf
        if sign > 0:
            value, end = duel_end(child, valuer, floor, math.inf, in_time)
        else:
            value, end = duel_end(child, valuer, -math.inf, -floor, in_time)
            value = -value
        if value > floor:
            place = next((index for index, item in enumerate(top) if item[0] < value), len(top))
            top.insert(place, (value, action, end))
            del top[count:]
    return top
