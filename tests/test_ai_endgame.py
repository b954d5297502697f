"""Exact endgames of two players (``cacao_game.ai.endgame.solve_duel``): alpha-beta finds what
max-n finds, and the expert uses it when its budget allows (issue 25: "searches the endgame
exactly once nothing is hidden"; its strength should grow with its time)."""

from __future__ import annotations

import random

import pytest

from cacao_game.ai.endgame import DUEL_PLACEMENTS, OutOfTime, duel_ranking, exact_values, solve_duel
from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.expert import ExpertPlayer, exact_solver, nothing_hidden, placements_left, root_moves
from cacao_game.ai.medium import MediumPlayer
from cacao_game.engine import Action, Game, Phase


def _endgame(left: int, seed: int, players: int = 2) -> Game:
    """A game played by medium to the first placement with ``left`` placements left."""
    game = Game.new(players, seed=seed, keep_history=False)
    medium = MediumPlayer(random.Random(seed))
    while placements_left(game) > left or game.phase is not Phase.PLACE:
        game.apply(medium.choose(game))
    return game


def _after(game: Game, action: Action) -> Game:
    after = game.clone()
    after.apply(action)
    return after


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_alpha_beta_reaches_the_max_n_value_of_a_two_player_endgame(seed: int) -> None:
    """With nothing hidden and 3 placements left, the move alpha-beta picks forces the best final
    margin max-n finds over every legal move, and its value is that margin."""
    game = _endgame(3, seed)
    seat = game.current_player()
    view = game.view(seat)
    assert nothing_hidden(view, seat)
    valuer = Valuer(view)
    exact = {action: exact_values(_after(view, action), valuer)[seat] for action in view.legal_actions()}
    value, chosen, end = solve_duel(view, root_moves(view, MediumPlayer(random.Random(0))), valuer)
    assert value == max(exact.values())
    assert exact[chosen] == value
    totals = [score.total for score in end.score_now()]
    assert end.is_over() and totals[seat] - totals[1 - seat] == value


def test_alpha_beta_picks_the_first_of_equally_good_moves() -> None:
    """Ties go to the earlier move in the order given, as the max-n ranking breaks them."""
    game = _endgame(3, 3)
    view = game.view(game.current_player())
    valuer = Valuer(view)
    moves = view.legal_actions()
    value, chosen, _end = solve_duel(view, moves, valuer)
    first_best = next(m for m in moves if solve_duel(view, [m], valuer)[0] == value)
    assert chosen == first_best


def test_alpha_beta_stops_when_told_and_refuses_other_player_counts() -> None:
    game = _endgame(4, 8)
    view = game.view(game.current_player())
    asked = 0

    def in_time() -> bool:
        nonlocal asked
        asked += 1
        return asked <= 5

    with pytest.raises(OutOfTime):
        solve_duel(view, view.legal_actions(), Valuer(view), in_time)
    assert asked == 6
    four = _endgame(3, 8, players=4)
    with pytest.raises(ValueError, match="two-player endgame needs two players"):
        solve_duel(four.view(four.current_player()), four.legal_actions(), Valuer(four))


def test_the_expert_solves_a_two_player_endgame_within_its_share_of_the_count() -> None:
    """With 4 placements left and enough iterations the expert's move is alpha-beta's, found
    without a re-deal, the same at any speed; with too few it searches instead."""
    assert DUEL_PLACEMENTS >= 4
    game = _endgame(4, 8)
    seat = game.current_player()
    view = game.view(seat)
    assert nothing_hidden(view, seat)
    _value, solved, _end = solve_duel(view, root_moves(view, MediumPlayer(random.Random(0))), Valuer(view))
    rich = ExpertPlayer(random.Random(1), iterations=1_200, time_budget=1e9)
    assert rich.choose(game) == solved
    assert rich.last_iterations == 0 and 0 < rich.last_nodes <= 900
    again = ExpertPlayer(random.Random(1), iterations=1_200, time_budget=1e9)
    assert again.choose(game) == solved and again.last_nodes == rich.last_nodes
    poor = ExpertPlayer(random.Random(1), iterations=40, time_budget=1e9)
    assert poor.choose(game) in game.legal_actions()
    assert poor.last_iterations == 40
    never = ExpertPlayer(random.Random(1), iterations=1_200, time_budget=1e9, duel=0)
    never.choose(game)
    assert never.last_iterations == 1_200


def test_on_time_the_endgame_gets_its_share_and_the_search_the_rest() -> None:
    """A clock running out during alpha-beta hands the decision to the search, which still
    plays a re-deal or more and keeps to the budget."""
    game = _endgame(4, 8)
    clock = iter(i * 0.01 for i in range(10**6))
    player = ExpertPlayer(random.Random(1), time_budget=1.0, clock=lambda: next(clock))
    assert player.choose(game) in game.legal_actions()
    assert player.last_iterations >= 1


def test_the_best_few_of_an_endgame_are_the_best_values_in_order() -> None:
    """``duel_ranking`` gives the 3 best moves with their exact margins, best first, ties in
    the order given; its first is ``solve_duel``'s."""
    game = _endgame(3, 21)
    seat = game.current_player()
    view = game.view(seat)
    valuer = Valuer(view)
    moves = view.legal_actions()
    exact = [exact_values(_after(view, move), valuer)[seat] for move in moves]
    ranked = duel_ranking(view, moves, valuer, count=3)
    order = sorted(range(len(moves)), key=lambda i: (-exact[i], i))[:3]
    assert [(value, move) for value, move, _end in ranked] == [(exact[i], moves[i]) for i in order]
    assert ranked[0][:2] == solve_duel(view, moves, valuer)[:2]
    with pytest.raises(ValueError, match="count"):
        duel_ranking(view, moves, valuer, count=0)


def test_one_rule_says_which_exact_search_decides() -> None:
    """Hidden tiles: the tree search; nothing hidden: max-n with 2 placements left or fewer,
    alpha-beta up to ``DUEL_PLACEMENTS`` in 2 players only (the level and the coach ask it)."""
    start = Game.new(2, seed=8)
    assert exact_solver(start.view(0), 0) is None
    for left, players, solver in ((2, 2, "max-n"), (3, 2, "alpha-beta"), (4, 2, "alpha-beta"), (3, 4, None)):
        game = _endgame(left, 8, players)
        seat = game.current_player()
        assert nothing_hidden(game.view(seat), seat)
        assert exact_solver(game.view(seat), seat) == solver
    game = _endgame(4, 8)
    assert exact_solver(game.view(game.current_player()), game.current_player(), duel=3) is None
