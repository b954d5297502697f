"""The expert level: every legal move at the root, a tree that deepens with visits, an exact
endgame once nothing is hidden, and the same move for the same position, seed and count."""

from __future__ import annotations

import itertools
import random

import pytest

from cacao_game.ai import LEVELS, make_player
from cacao_game.ai.base import Player
from cacao_game.ai.endgame import exact_values, final_margins
from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.expert import (
    HORIZON,
    REACH_BUDGET,
    REACH_PLACEMENTS,
    ExpertPlayer,
    default_reach,
    nothing_hidden,
    placements_left,
    root_moves,
    widen,
)
from cacao_game.ai.expert_tree import Tuning, Walk
from cacao_game.ai.hard import Deadline, default_horizon
from cacao_game.ai.hint import HINT_ITERATIONS
from cacao_game.ai.ismcts import Node
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.registry import TIMED_LEVELS, TRIAL_LEVELS
from cacao_game.ai.review import REVIEW_ITERATIONS
from cacao_game.ai.weights import DEFAULT, weights_named
from cacao_game.engine import Action, Game, Overbuild, Phase, Place


def _position(turn: int, seed: int = 5, players: int = 2) -> Game:
    """A game played by medium to the first placement of ``turn``."""
    game = Game.new(players, seed=seed, keep_history=False)
    medium = MediumPlayer(random.Random(0))
    while not game.is_over() and (game.turn < turn or game.phase is not Phase.PLACE):
        game.apply(medium.choose(game))
    return game


class _Clock:
    """A fake clock advancing ``step`` seconds per reading."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_expert_is_a_timed_level_offered_to_players_after_hard() -> None:
    """``expert`` is offered (setup, command line, tables) as the strongest level, right after
    hard, and is made by name with ``iterations`` and a thinking time."""
    assert list(LEVELS)[-2:] == ["hard", "expert"] and "expert" not in TRIAL_LEVELS
    assert "expert" in TIMED_LEVELS
    player = make_player("expert:iterations=3", random.Random(0), time_budget=5)
    assert isinstance(player, ExpertPlayer)
    assert player.iterations == 3 and player.time_budget == 5.0


def test_root_offers_every_legal_move_in_mediums_order() -> None:
    """The root's moves are all legal moves, each once, medium's choice first."""
    game = _position(6)
    view = game.view(game.current_player())
    medium = MediumPlayer(random.Random(0))
    moves = root_moves(view, medium)
    assert sorted(map(repr, moves)) == sorted(map(repr, game.legal_actions()))
    assert moves[0] == medium.choose(game)


@pytest.mark.parametrize("players", [2, 4])
def test_same_position_seed_and_count_give_the_same_move_at_any_speed(players: int) -> None:
    """With an iteration count, the clock's speed changes nothing: time only caps (2 players,
    and 4, whose playouts run further)."""
    game = _position(6, players=players)
    results = set()
    for step in (1e-6, 1e-3):
        player = ExpertPlayer(random.Random(7), iterations=40, time_budget=1e6, clock=_Clock(step))
        results.add((repr(player.rank(game)), player.last_iterations))
    assert len(results) == 1
    assert next(iter(results))[1] == 40


def test_time_caps_the_iteration_count() -> None:
    """A budget of 1 s on a clock advancing 0.1 s a reading stops well before 1000 re-deals."""
    game = _position(6)
    player = ExpertPlayer(random.Random(7), iterations=1000, time_budget=1.0, clock=_Clock(0.1))
    assert player.choose(game) in game.legal_actions()
    assert 1 <= player.last_iterations < 10


def test_tree_widens_and_deepens_as_visits_grow() -> None:
    """More re-deals give more nodes and a deeper tree (no fixed turn cut)."""
    assert widen(0) < widen(100) < widen(10_000)
    game = _position(4)
    depths = []
    for count in (8, 300):
        player = ExpertPlayer(random.Random(3), iterations=count, time_budget=1e6, root="widen")
        player.choose(game)
        depths.append(player.last_depth)
    assert depths[0] < depths[1]
    assert depths[1] >= 3


def _placements_below(node: Node) -> int:
    return sum(isinstance(a, Place | Overbuild) + _placements_below(c) for a, c in node.children.items())


def test_grow_leaves_the_reply_to_the_playout_until_the_move_has_that_many_visits() -> None:
    """With ``grow=G`` a node of the root's turn or the reply offers placements once it has G
    visits: the first G iterations of a root move place nothing in the tree below it (the
    playout's greedy policy places), later ones do; by default the reply is in the tree from
    the fill node's first visit on."""
    game = _position(6)
    seat = game.current_player()
    view = game.view(seat)
    arm = root_moves(view, MediumPlayer(random.Random(0)))[0]
    grown = []
    for grow in (0, 6):
        walk = Walk(Tuning(weights_named(DEFAULT), grow=grow), view, seat)
        rng = random.Random(2)
        counts = []
        for _ in range(40):
            walk.iterate(view.determinize(seat, rng), [arm])
            counts.append(_placements_below(walk.root.children[arm]))
        grown.append(counts)
    assert grown[0][11] > 0
    assert grown[1][5] == 0 < grown[1][39]
    assert all(with_grow <= default for with_grow, default in zip(grown[1], grown[0], strict=True))


def test_nothing_hidden_only_once_the_piles_are_spent() -> None:
    """At the start the piles hide tiles; near the end of a 2-player game nothing is hidden."""
    start = Game.new(2, seed=5)
    assert not nothing_hidden(start.view(0), 0)
    late = _position(30)
    seat = late.current_player()
    assert late.is_over() or nothing_hidden(late.view(seat), seat)


def test_exact_endgame_picks_a_best_final_margin() -> None:
    """With two placements left the expert's move reaches the best final margin that any
    legal move can force (max-n over every placement and fill)."""
    game = _position(2)
    medium = MediumPlayer(random.Random(0))
    while placements_left(game) > 2 or game.phase is not Phase.PLACE:
        game.apply(medium.choose(game))
    seat = game.current_player()
    view = game.view(seat)
    valuer = Valuer(view)
    best = max(exact_values(_after(view, action), valuer)[seat] for action in view.legal_actions())
    chosen = ExpertPlayer(random.Random(1), iterations=1).choose(game)
    assert exact_values(_after(view, chosen), valuer)[seat] == best


def _after(game: Game, action: object) -> Game:
    after = game.clone()
    after.apply(action)  # type: ignore[arg-type]
    return after


def test_plays_a_legal_game_to_the_end() -> None:
    """Expert against medium: legal decisions of every kind until the end, a final margin."""
    game = Game.new(2, seed=11, keep_history=False)
    players: list[Player] = [ExpertPlayer(random.Random(1), iterations=6), MediumPlayer(random.Random(2))]
    while not game.is_over():
        action = players[game.current_player()].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
    game.check_invariants()
    margins = final_margins(game)
    assert abs(sum(margins)) < 1e-9


def test_the_coach_can_appraise_with_the_expert_tree() -> None:
    """``SEARCHES["expert"]`` appraises the shortlisted moves the level's halving enters (at
    30 iterations the first two: each needs 16 re-deals a round); the same seed and count
    give the same analysis, and each option's parts add up to its value."""
    from cacao_game.ai.analysis import SEARCHES, appraise

    game = _position(6)
    shortlist = [action for _value, action in MediumPlayer(random.Random(0)).rank(game)[:5]]
    first, second = (
        appraise(game, shortlist, iterations=30, seed=9, search=SEARCHES["expert"]) for _ in "ab"
    )
    assert first == second
    assert first.iterations == 30
    assert {option.action for option in first.options} == set(shortlist[:2])
    for option in first.options:
        assert abs(sum(option.terms.values()) - option.value) < 1e-6


def test_every_iteration_is_priced_no_earlier_than_the_horizon() -> None:
    """Leaves at any depth are priced at the same point of the game: ``HORIZON`` turns after
    the root's (later only when the tree itself reaches further). Pricing a leaf right after
    its own move, as the first expert did, compares a move before the reply with one after it."""
    game = _position(6)
    seat = game.current_player()
    view = game.view(seat)
    player = ExpertPlayer(random.Random(4), iterations=120, time_budget=1e6)
    turns: list[int] = []
    player.search(
        view,
        seat,
        root_moves(view, player.medium),
        lambda done: done < 120,
        random.Random(4),
        on_leaf=lambda _move, world, _valuer: turns.append(world.turn),
    )
    assert len(turns) == 120
    assert min(turns) == view.turn + HORIZON + 1


def test_in_four_players_every_opponent_answers_before_the_price() -> None:
    """With four seats the playouts run a round and one turn past the root's (hard's horizon,
    ``default_horizon``), not the 2-player ``HORIZON``: every opponent and the seat itself move
    again before the position is priced. An explicit ``horizon`` still decides."""
    game = _position(6, players=4)
    assert default_horizon(4) == 5 > HORIZON == default_horizon(2)
    by_count = _leaf_turns(ExpertPlayer(random.Random(4), iterations=60), game)
    assert len(by_count) == 60 and min(by_count) == game.turn + default_horizon(4) + 1
    by_hand = _leaf_turns(ExpertPlayer(random.Random(4), iterations=60, horizon=HORIZON), game)
    assert min(by_hand) == game.turn + HORIZON + 1


def test_the_horizon_by_player_count_leaves_two_player_moves_as_they_were() -> None:
    """In 2 players the default horizon is the fixed ``HORIZON`` of before: the same seed and
    count rank the same moves with the same values as ``horizon=2`` set by hand."""
    game = _position(8)
    by_count = ExpertPlayer(random.Random(3), iterations=200).rank(game)
    by_hand = ExpertPlayer(random.Random(3), iterations=200, horizon=HORIZON).rank(game)
    assert by_count == by_hand


def test_an_exact_endgame_past_the_time_budget_falls_back_to_the_search() -> None:
    """The exact search stops at the deadline (a clock advancing 0.2 s a reading, 1 s budget)
    and the tree search decides instead: a legal move, on time, after a re-deal or more."""
    game = _position(2)
    medium = MediumPlayer(random.Random(0))
    while placements_left(game) > 2 or game.phase is not Phase.PLACE:
        game.apply(medium.choose(game))
    clock = _Clock(0.2)
    player = ExpertPlayer(random.Random(1), time_budget=1.0, clock=clock)
    assert player.choose(game) in game.legal_actions()
    assert player.last_iterations >= 1
    assert clock.now < 5.0


def test_unknown_root_selection_or_leaf_option_is_refused() -> None:
    """A misspelt option names the known ones instead of searching some other way."""
    for option in ("root=halve", "select=best", "leaf=now"):
        try:
            make_player(f"expert:iterations=3,{option}", random.Random(0))
        except ValueError as error:
            assert "must be one of" in str(error)
        else:
            raise AssertionError(f"{option} was accepted")


def test_sequential_halving_is_deterministic_and_keeps_to_its_count() -> None:
    """Sequential halving with an iteration count: the same move and ranking at any clock
    speed, no more re-deals than the count, and the move left last is the first ranked."""
    game = _position(6)
    results = set()
    for step in (1e-6, 1e-3):
        player = ExpertPlayer(
            random.Random(7), iterations=200, time_budget=1e6, clock=_Clock(step), root="halving"
        )
        results.add((repr(player.rank(game)), player.last_iterations))
    assert len(results) == 1
    ranking, used = next(iter(results))
    assert 150 <= used <= 200
    player = ExpertPlayer(random.Random(7), iterations=200, time_budget=1e6, root="halving")
    ranked = player.rank(game)
    assert repr(ranked) == ranking
    assert ranked[0][1] in game.legal_actions()
    assert ranked[0][0] >= ranked[1][0], "the last round keeps the better mean of the two left"


def test_sequential_halving_on_time_spends_about_its_budget() -> None:
    """On time the first re-deal's speed sets the budget: a clock advancing 1 ms a reading and
    a 1 s budget stop the search before the deadline, after more than one round."""
    game = _position(6)
    clock = _Clock(1e-3)
    player = ExpertPlayer(random.Random(7), time_budget=1.0, clock=clock, root="halving")
    assert player.choose(game) in game.legal_actions()
    assert player.last_iterations > 20
    assert clock.now < 1.5


class _WarmingClock(_Clock):
    """A fake clock whose first ``slow`` readings advance ``step * 10`` seconds each: a search
    slow at first (cold caches, a busy machine) and fast afterwards."""

    def __init__(self, step: float, slow: int) -> None:
        super().__init__(step)
        self.slow = slow

    def __call__(self) -> float:
        self.slow -= 1
        self.now += self.step * (10 if self.slow >= 0 else 1)
        return self.now


def test_sequential_halving_on_time_uses_the_time_a_slow_start_underestimated() -> None:
    """The budget is estimated again after every re-deal: a search whose first re-deal was ten
    times slower than the rest still thinks until its deadline, not only the few re-deals the
    first one promised (the last round runs until the time is up)."""
    game = _position(6)
    clock = _WarmingClock(1e-3, slow=30)
    player = ExpertPlayer(random.Random(7), time_budget=1.0, clock=clock, root="halving")
    assert player.choose(game) in game.legal_actions()
    assert 0.97 < clock.now < 1.05


def _pricing(leaf: str) -> tuple[list[bool], set[int]]:
    """For 30 iterations of a search with ``leaf``: whether each priced state is the one its
    valuer was built from, and the distinct states the valuers were built from."""
    game = _position(6)
    seat = game.current_player()
    view = game.view(seat)
    player = ExpertPlayer(random.Random(4), iterations=30, time_budget=1e6, leaf=leaf)
    built_at: list[bool] = []
    bases: set[int] = set()

    def seen(_move: object, world: Game, valuer: Valuer) -> None:
        built_at.append(valuer._base is world)
        bases.add(id(valuer._base))

    player.search(
        view, seat, root_moves(view, player.medium), lambda done: done < 30, random.Random(4), on_leaf=seen
    )
    return built_at, bases


def test_leaf_option_prices_with_a_valuer_built_at_the_priced_state() -> None:
    """``leaf=leaf`` prices every iteration with a valuer built from the priced state itself;
    ``leaf=root`` with the one valuer built from the root's view."""
    at_leaf, _bases = _pricing("leaf")
    assert len(at_leaf) == 30 and all(at_leaf)
    at_root, bases = _pricing("root")
    assert len(at_root) == 30 and not any(at_root) and len(bases) == 1


_REACH = 9
"""The ``reach`` of 2 players by default (README)."""


def _late() -> Game:
    """A 2-player position with at most ``_REACH`` placements left, something still hidden (so
    no exact endgame decides it)."""
    game = _position(14)
    seat = game.current_player()
    assert placements_left(game) <= _REACH and not nothing_hidden(game.view(seat), seat)
    return game


def _leaves(player: ExpertPlayer, game: Game) -> list[Game]:
    """The world at which each iteration of ``player``'s next decision in ``game`` (its own
    tuning, its iteration count) was priced."""
    seat = game.current_player()
    view = game.view(seat)
    priced: list[Game] = []
    assert player.iterations is not None
    player.halving(
        view,
        seat,
        root_moves(view, player.medium),
        lambda done: done < (player.iterations or 0),
        Deadline(1e6, 0.0, _Clock(0.0)),
        player.rng,
        on_leaf=lambda _move, world, _valuer: priced.append(world.clone()),
        tuning=player.decision_tuning(game.players),
    )
    return priced


def _finished_leaves(player: ExpertPlayer, game: Game) -> list[bool]:
    """Whether each iteration of ``player``'s next decision in ``game`` was priced at the final
    score."""
    return [world.is_over() for world in _leaves(player, game)]


def test_a_budget_of_reach_budget_iterations_plays_late_playouts_to_the_final_score() -> None:
    """Reach: with at most ``reach`` placements left, a count of at least ``reach_budget``
    plays every playout to the final score; a smaller count prices at the horizon as before
    (no iteration finished), and so does ``reach=0``. By default (``reach`` None) 2 players
    reach from 9 placements left and 3 and 4 players never (``default_reach``). The coach's
    counts (hints and review) are all below ``REACH_BUDGET``, so its searches never reach."""
    game = _late()
    reaching = ExpertPlayer(random.Random(3), iterations=40, time_budget=1e6, reach_budget=40)
    short = ExpertPlayer(random.Random(3), iterations=39, time_budget=1e6, reach_budget=40)
    off = ExpertPlayer(random.Random(3), iterations=40, time_budget=1e6, reach_budget=40, reach=0)
    assert REACH_PLACEMENTS == {2: _REACH} and reaching.reach is None
    assert [default_reach(players) for players in (2, 3, 4)] == [_REACH, 0, 0]
    assert all(_finished_leaves(reaching, game)) and len(_finished_leaves(reaching, game)) == 40
    assert not any(_finished_leaves(short, game))
    assert not any(_finished_leaves(off, game))
    assert reaching.decision_tuning(2).to_end == _REACH
    assert reaching.decision_tuning(4) == reaching.tuning
    assert short.decision_tuning(2) == off.decision_tuning(2) == short.tuning
    counts = [*HINT_ITERATIONS["expert"].values(), *REVIEW_ITERATIONS.values()]
    assert max(counts) < REACH_BUDGET


def test_a_reaching_decision_is_the_same_for_the_same_position_seed_and_count() -> None:
    """Under an iteration count that reaches, the same position, seed and count give the same
    ranking at any clock speed, and the same as ``to_end`` set to the same placements."""
    game = _late()
    rankings = set()
    for step, options in ((1e-6, {"reach": _REACH}), (1e-3, {"reach": _REACH}), (1e-6, {"to_end": _REACH})):
        player = ExpertPlayer(
            random.Random(8), iterations=60, time_budget=1e6, clock=_Clock(step), reach_budget=60, **options
        )
        rankings.add(repr(player.rank(game)))
    assert len(rankings) == 1


def test_on_time_the_budget_is_priced_at_the_players_own_speed() -> None:
    """On time the first decision cannot reach (no speed known yet); after it the budget is
    ``time_budget`` at the iterations per clock second the player's searches have shown, and
    a late decision reaches when that is ``reach_budget`` or more. A decision that played to
    the final score does not count towards the speed. A ``reach_budget`` of 0 reaches in every
    decision, the first too."""
    early, late = _position(6), _late()
    clock = _Clock(1e-3)
    player = ExpertPlayer(random.Random(2), time_budget=0.2, clock=clock, reach_budget=10**9, reach=_REACH)
    assert player.expected() is None and player.decision_tuning(2) == player.tuning
    player.choose(early)
    used = player.last_iterations
    expected = player.expected()
    assert expected is not None and 0.8 * used < expected < 1.25 * used, "it thought for its budget"
    assert player.decision_tuning(2) == player.tuning, "a billion iterations are out of reach"
    player.reach_budget = int(expected) - 1
    assert player.decision_tuning(2).to_end == _REACH
    player.choose(late)
    assert player.expected() == expected, "a decision that reached is not counted"
    always = ExpertPlayer(random.Random(2), time_budget=0.2, clock=clock, reach_budget=0, reach=_REACH)
    assert always.expected() is None and always.decision_tuning(2).to_end == _REACH, "0: every decision"


def _leaf_turns(player: ExpertPlayer, game: Game) -> list[int]:
    """The turn at which each iteration of ``player``'s next decision in ``game`` was priced."""
    return [world.turn for world in _leaves(player, game)]


def test_a_budget_of_reach_budget_iterations_looks_reach_horizon_turns_ahead() -> None:
    """``reach_horizon``: a count of at least ``reach_budget`` prices every iteration that many
    turns after the root's; a smaller count, and the default (``reach_horizon=0``), at
    ``HORIZON`` as before. The coach's counts stay below ``REACH_BUDGET``."""
    game = _position(6)
    deep = ExpertPlayer(random.Random(3), iterations=40, time_budget=1e6, reach_budget=40, reach_horizon=4)
    short = ExpertPlayer(random.Random(3), iterations=39, time_budget=1e6, reach_budget=40, reach_horizon=4)
    plain = ExpertPlayer(random.Random(3), iterations=40, time_budget=1e6, reach_budget=40)
    assert deep.decision_tuning(2).horizon == 4 and short.decision_tuning(2) == short.tuning
    assert plain.decision_tuning(2).horizon == plain.tuning.horizon
    assert min(_leaf_turns(deep, game)) == game.turn + 4 + 1
    assert min(_leaf_turns(short, game)) == min(_leaf_turns(plain, game)) == game.turn + HORIZON + 1


def test_a_deeper_decision_is_the_same_for_the_same_position_seed_and_count() -> None:
    """Under a count that reaches ``reach_horizon`` and ``reach_shortlist``, the same position,
    seed and count give the same ranking at any clock speed; on time such a decision does not
    count towards the player's speed (its playouts are longer)."""
    game = _position(8)
    rankings = set()
    for step in (1e-6, 1e-3):
        player = ExpertPlayer(
            random.Random(8),
            iterations=60,
            time_budget=1e6,
            clock=_Clock(step),
            reach_budget=60,
            reach_horizon=3,
            reach_shortlist=5,
        )
        assert player.decision_tuning(2).shortlist == 5
        rankings.add(repr(player.rank(game)))
    assert len(rankings) == 1
    timed = ExpertPlayer(
        random.Random(2), time_budget=0.2, clock=_Clock(1e-3), reach_budget=1, reach_horizon=3
    )
    timed.choose(_position(6))
    expected = timed.expected()
    assert expected is not None and timed.decision_tuning(2).horizon == 3
    timed.choose(game)
    assert timed.expected() == expected, "a deeper decision is not counted"


def test_the_field_weighs_the_best_other_seat_by_lead() -> None:
    """``field_margins``: by default (every level's) a seat's field is half the best other
    seat and half the others' mean; lead 1 measures against the best alone; 2 players are
    alike under any lead. The expert's ``lead`` is its own seat's alone: the others keep
    every level's, so that its search models them as they play."""
    from cacao_game.ai.evaluation import FIELD_LEAD, field_margins

    values = [10.0, 8.0, 2.0, 2.0]
    assert field_margins(values)[0] == 10 - 0.5 * (8 + 4)
    assert field_margins(values, [1.0] * 4) == [2.0, -2.0, -8.0, -8.0]
    assert field_margins(values, [1.0, 0.5, 0.5, 0.5])[1:] == field_margins(values)[1:]
    assert field_margins([7.0, 3.0], [0.25, 0.25]) == field_margins([7.0, 3.0], [1.0, 1.0]) == [4.0, -4.0]
    assert ExpertPlayer(random.Random(1), lead=0.5).tuning.leads(4, 2) == [FIELD_LEAD] * 4
    assert ExpertPlayer(random.Random(1), lead=1).tuning.leads(3, 2) == [0.5, 0.5, 1.0]


def test_the_expert_plays_for_first_place_in_4_players_and_the_coach_against_the_field() -> None:
    """By default the expert's own lead follows the player count (``default_lead``): 1 in 4
    players (first place), the field's in 2 and 3; the coach's expert search measures every
    seat against the field, so that its reasons add up to the margin it shows."""
    from cacao_game.ai.evaluation import FIELD_LEAD
    from cacao_game.ai.expert_tree import FIRST_PLACE_LEAD

    expert = ExpertPlayer(random.Random(1))
    assert (
        expert.tuning.leads(4, 1)
        == [FIELD_LEAD, FIRST_PLACE_LEAD, FIELD_LEAD, FIELD_LEAD]
        == [0.5, 1.0, 0.5, 0.5]
    )
    assert expert.tuning.leads(3, 0) == [FIELD_LEAD] * 3 and expert.tuning.leads(2, 0) == [FIELD_LEAD] * 2


def test_win_prices_the_deciding_seat_for_finishing_ahead_and_no_other() -> None:
    """``win=S`` soft-clips the deciding seat's margin at ``S`` points per placement left
    (``win_price``): a small margin stays itself, a lead the rest cannot undo counts little
    more than a small one, a deficit likewise; the other seats keep their field margins, as
    the opponents play. ``win`` 0 (the default) prices the margin unchanged."""
    from cacao_game.ai.evaluation import field_margins
    from cacao_game.ai.expert_tree import placements_left, win_price

    assert win_price(7.0, 0.0, 3) == 7.0 and win_price(0.0, 0.9, 3) == 0.0
    assert abs(win_price(1.0, 0.9, 30) - 1.0) < 0.01
    assert win_price(40.0, 0.9, 3) < 0.9 * 4 and win_price(-40.0, 0.9, 3) == -win_price(40.0, 0.9, 3)
    assert win_price(4.0, 0.9, 3) < win_price(8.0, 0.9, 3) < win_price(8.0, 0.9, 12) < 8.0
    game = _position(14, players=4)
    seat = game.current_player()
    view = game.view(seat)
    arm = root_moves(view, MediumPlayer(random.Random(0)))[0]
    priced: list[list[float]] = []
    leads = Tuning(weights_named(DEFAULT)).leads(4, seat)

    def price(_move: Action, world: Game, valuer: Valuer) -> None:
        margins = field_margins(valuer.seat_values(world), leads)
        margins[seat] = win_price(margins[seat], 0.9, placements_left(world))
        priced.append(margins)

    walk = Walk(Tuning(weights_named(DEFAULT), win=0.9), view, seat, on_leaf=price)
    rng = random.Random(3)
    for _ in range(12):
        walk.iterate(view.determinize(seat, rng), [arm])
    totals = walk.root.children[arm].totals
    assert len(priced) == 12
    for s in range(4):
        assert abs(totals[s] - sum(p[s] for p in priced)) < 1e-9
    assert ExpertPlayer(random.Random(1), win=0.9).tuning.win == 0.9
    assert ExpertPlayer(random.Random(1)).tuning.win == 0


def test_the_learned_mix_weighs_each_term_by_its_band_and_leaves_the_rest_as_they_are() -> None:
    """``mixed_values`` weighs each seat's terms (``Valuer.seat_terms``) by the band of the
    placements left (``term_mix.MIXES``), ``share`` of the way from 1: share 0 is
    ``seat_values``; a finished game is its final score; a player count with no fitted mix
    (2 players) is the plain sum whatever the share."""
    from cacao_game.ai.evaluation import TERMS
    from cacao_game.ai.expert_tree import placements_left
    from cacao_game.ai.term_mix import MIXES, mixed_values, term_weights

    bands = MIXES[4]
    assert [low for low, _w in bands] == sorted((low for low, _w in bands), reverse=True)
    assert all(len(weights) == len(TERMS) and weights[0] == 1.0 for _low, weights in bands)
    assert term_weights(4, 31) == bands[0][1] and term_weights(4, 0) == bands[-1][1]
    assert term_weights(4, 12) == next(w for low, w in bands if low <= 12)
    assert term_weights(2, 12) is None
    game = _position(14, players=4)
    valuer = Valuer(game, DEFAULT)
    left = placements_left(game)
    weights = term_weights(4, left)
    assert weights is not None and any(w != 1.0 for w in weights)
    assert mixed_values(valuer, game, left, 0.0) == valuer.seat_values(game)
    terms = valuer.seat_terms(game)
    full = [sum(w * parts[t] for w, t in zip(weights, TERMS, strict=True)) for parts in terms]
    half = [sum((1 + (w - 1) / 2) * parts[t] for w, t in zip(weights, TERMS, strict=True)) for parts in terms]
    assert mixed_values(valuer, game, left, 1.0) == pytest.approx(full)
    assert mixed_values(valuer, game, left, 0.5) == pytest.approx(half)
    assert mixed_values(valuer, game, left, 1.0) != pytest.approx(valuer.seat_values(game))
    duel = _position(14)
    duel_valuer = Valuer(duel, DEFAULT)
    assert mixed_values(duel_valuer, duel, placements_left(duel), 1.0) == duel_valuer.seat_values(duel)
    over = _position(14)
    while not over.is_over():
        over.apply(MediumPlayer(random.Random(2)).choose(over))
    assert mixed_values(Valuer(over, DEFAULT), over, 0, 1.0) == [float(s.total) for s in over.final or ()]


def test_mix_prices_every_seat_with_the_learned_mix_and_is_off_by_default() -> None:
    """``mix=S`` prices every iteration by the field margins of ``mixed_values`` at the priced
    state (every seat's worth, so the opponents are priced alike); the default (0) prices the
    plain sum, and in 2 players (no mix fitted) ``mix`` changes no move."""
    from cacao_game.ai.evaluation import field_margins
    from cacao_game.ai.expert_tree import placements_left
    from cacao_game.ai.term_mix import mixed_values

    game = _position(14, players=4)
    seat = game.current_player()
    view = game.view(seat)
    arm = root_moves(view, MediumPlayer(random.Random(0)))[0]
    leads = Tuning(weights_named(DEFAULT)).leads(4, seat)
    priced: list[list[float]] = []
    plain: list[list[float]] = []

    def price(_move: Action, world: Game, valuer: Valuer) -> None:
        priced.append(field_margins(mixed_values(valuer, world, placements_left(world), 1.0), leads))
        plain.append(field_margins(valuer.seat_values(world), leads))

    walk = Walk(Tuning(weights_named(DEFAULT), mix=1.0), view, seat, on_leaf=price)
    rng = random.Random(3)
    for _ in range(12):
        walk.iterate(view.determinize(seat, rng), [arm])
    totals = walk.root.children[arm].totals
    for s in range(4):
        assert totals[s] == pytest.approx(sum(p[s] for p in priced))
    assert priced != plain
    assert ExpertPlayer(random.Random(1)).tuning.mix == 0
    duel = _position(14)
    moves = [
        ExpertPlayer(random.Random(4), iterations=120, mix=mix).choose(duel.clone()) for mix in (0.0, 1.0)
    ]
    assert moves[0] == moves[1]


def test_an_iteration_count_alone_sets_no_time_limit() -> None:
    """A review found ``expert:iterations=N`` still cut by the default 3 s: on a slow clock
    it played another move. A count without a time budget plays every iteration whatever
    the clock says; a time budget given as well caps it."""
    game = Game.new(2, "base", 11)
    rng = random.Random(3)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
    while game.phase is not Phase.PLACE:
        game.apply(game.legal_actions()[0])
    ticks = itertools.count(0.0, 10.0)

    def slow() -> float:
        return next(ticks)

    moves, counts = [], []
    for clock in (slow, lambda: 0.0):
        player = ExpertPlayer(random.Random(1), iterations=120, clock=clock)
        moves.append(player.choose(game))
        counts.append(player.last_iterations)
    assert counts == [120, 120] and moves[0] == moves[1]
    capped = ExpertPlayer(random.Random(1), iterations=120, time_budget=3.0, clock=slow)
    capped.choose(game)
    assert capped.last_iterations < 120
