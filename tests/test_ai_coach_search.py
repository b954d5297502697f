"""The coach on the expert's search: a hint is the expert level's move under a fixed count,
its reasons add up, the review appraises the played move on the same re-deals."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from cacao_game.ai import expert_tree
from cacao_game.ai.analysis import (
    DUEL_ALTERNATIVES,
    SEARCHES,
    Analysis,
    appraise,
    position_seed,
    searched_moves,
)
from cacao_game.ai.endgame import exact_values
from cacao_game.ai.evaluation import FIELD_LEAD, Valuer
from cacao_game.ai.expert import (
    REACH_BUDGET,
    ExpertPlayer,
    nothing_hidden,
    placements_left,
    root_moves,
)
from cacao_game.ai.explain import explain
from cacao_game.ai.hard import CANDIDATES
from cacao_game.ai.hint import HINT_LEVELS, advise, hint_iterations, suggest
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.review import Budget, review_decision
from cacao_game.engine import Action, Game, Phase
from cacao_game.session.session import hint_level
from tests.test_ai_explain import twin

EXPERT = SEARCHES["expert"]


def decisions(seed: int, players: int = 2) -> Iterator[Game]:
    """Every decision with a choice (but resolutions) of a game medium plays against itself."""
    game = Game.new(players, "base", seed, keep_history=False)
    player = MediumPlayer(random.Random(0))
    while not game.is_over():
        if len(game.legal_actions()) > 1 and game.phase is not Phase.RESOLVE:
            yield game.clone()
        game.apply(player.choose(game))


def midgame(seed: int, players: int = 2) -> Game:
    """A placement with something still hidden, a third of the way into the game."""
    found = [g for g in decisions(seed, players) if g.phase is Phase.PLACE]
    return found[len(found) // 3]


def adds_up(analysis: Analysis) -> bool:
    return all(math.isclose(sum(o.terms.values()), o.value, abs_tol=1e-9) for o in analysis.options)


def test_the_app_asks_the_expert_for_hints_and_medium_and_hard_still_give_theirs() -> None:
    """``hint_level`` is the strongest hint level, the expert; medium's hint is still its move
    and hard's still its flat search over medium's best few."""
    assert HINT_LEVELS[-1] == "expert" and hint_level() == "expert"
    game = midgame(3)
    assert suggest(game, "medium") == MediumPlayer(random.Random(0)).choose(game)
    shortlist = searched_moves(game, "hard")
    assert len(shortlist) == CANDIDATES and suggest(game, "hard", iterations=4) in shortlist


@pytest.mark.parametrize("players", [2, 4])
def test_an_expert_hint_is_the_move_the_expert_level_plays(players: int) -> None:
    """Under the same count and seed the hint is ``expert:iterations=N,lead=0.5``'s move
    (placements, fills and the exact endgame), whatever its time budget: the level measured
    against the field, as the coach measures (in 4 players the level itself plays for first
    place); the search starts from every legal move in the level's order."""
    checked = 0
    for number, game in enumerate(decisions(8, players)):
        if number % 7:
            continue
        seed = 100 + number
        level = ExpertPlayer(random.Random(seed), iterations=60, time_budget=math.inf, lead=FIELD_LEAD)
        assert suggest(game, "expert", iterations=60, seed=seed) == level.choose(game)
        view = game.view(game.current_player())
        assert searched_moves(game, "expert") == root_moves(view, MediumPlayer(random.Random(0)))
        assert set(searched_moves(game, "expert")) == set(game.legal_actions())
        checked += 1
    assert checked >= 5


def test_a_hint_at_a_count_that_reaches_plays_to_the_end_as_the_level_does() -> None:
    """At a count of ``REACH_BUDGET`` the level plays its late playouts to the final score
    (reach, 2 players), and so does the coach's search: the hint is the level's move, here
    another than the level's without reach (so the hint follows the rule, not the count)."""
    game = next(
        g
        for g in decisions(1)
        if g.phase is Phase.PLACE
        and placements_left(g) <= 9
        and not nothing_hidden(g.view(g.current_player()), g.current_player())
    )
    level = ExpertPlayer(random.Random(5), iterations=REACH_BUDGET, time_budget=math.inf, lead=FIELD_LEAD)
    unreached = ExpertPlayer(
        random.Random(5), iterations=REACH_BUDGET, time_budget=math.inf, lead=FIELD_LEAD, reach=0
    )
    move = level.choose(game)
    assert move != unreached.choose(game)
    assert suggest(game, "expert", iterations=REACH_BUDGET, seed=5) == move


def test_a_big_enough_count_compares_more_than_medium_s_best_few() -> None:
    """With the hint's count the expert enters more moves than hard's shortlist, and each
    option's (seat, term) parts add up to its value."""
    game = midgame(5)
    analysis = appraise(
        game,
        searched_moves(game, "expert"),
        iterations=hint_iterations(2),
        seed=position_seed(game, "hint"),
        search=EXPERT,
    )
    assert len(analysis.options) > CANDIDATES and adds_up(analysis)
    assert analysis.options[0].noise == 0 and all(o.noise >= 0 for o in analysis.options)


@pytest.mark.parametrize("players", [2, 4])
def test_a_move_that_left_the_search_early_is_compared_on_the_re_deals_it_shared(players: int) -> None:
    """Halving drops a move whose mean on the re-deals so far is below the best's on the same
    re-deals: each option that left early keeps both on those re-deals (``paired``), the
    best never behind there, and the hint's margin is that gap. (A playtest saw a fill hint
    "about as good" whose reasons all counted against it: the means over all re-deals
    compared a move's early rounds with the best's every round.)"""
    checked = 0
    for number, game in enumerate(decisions(20 + players, players)):
        if number % 5:
            continue
        moves = searched_moves(game, "expert")
        analysis = appraise(game, moves, iterations=120, seed=number, search=EXPERT)
        best = analysis.options[0]
        assert best.paired is None
        early = [option for option in analysis.options[1:] if option.paired is not None]
        for option in early:
            assert option.paired is not None
            mine, theirs = option.paired
            assert mine.action == best.action and theirs.action == option.action
            assert adds_up(Analysis(analysis.seat, option.paired, 0))
            assert mine.value >= theirs.value - 1e-9
            assert theirs.noise == option.noise
        if early:
            advice = explain(game, Analysis(analysis.seat, (best, early[-1]), analysis.iterations))
            if advice.alternative == early[-1].action:
                mine, theirs = early[-1].paired or (best, early[-1])
                assert math.isclose(advice.margin, mine.value - theirs.value, abs_tol=1e-9)
            checked += 1
    assert checked >= 3


def test_an_expert_hint_is_the_same_twice_and_another_seed_may_differ() -> None:
    """Same position, same hint and reasons (no clock is read); another seed gives other
    re-deals, so another analysis."""
    game = midgame(6)
    first = advise(game, "expert", iterations=80)
    assert advise(game.clone(), "expert", iterations=80) == first
    assert first.searched and first.alternative is not None
    listed = sum(change.points for change in first.changes)
    assert listed + first.rest == pytest.approx(first.margin, abs=1e-9)
    moves = searched_moves(game, "expert")
    one = appraise(game, moves, iterations=80, seed=1, search=EXPERT)
    assert one == appraise(game, moves, iterations=80, seed=1, search=EXPERT)
    assert one != appraise(game, moves, iterations=80, seed=2, search=EXPERT)


def test_the_count_bounds_the_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every priced iteration is counted: never more than the count, and the analysis says
    how many ran (a count of 1 runs one)."""
    walked = [0]
    iterate = expert_tree.Walk.iterate

    def counted(self: expert_tree.Walk, world: Game, root_actions: list[Action]) -> None:
        walked[0] += 1
        iterate(self, world, root_actions)

    monkeypatch.setattr(expert_tree.Walk, "iterate", counted)
    game = midgame(7)
    moves = searched_moves(game, "expert")
    for count in (1, 37, 250):
        walked[0] = 0
        analysis = appraise(game, moves, iterations=count, seed=3, search=EXPERT)
        assert walked[0] == analysis.iterations <= count
        assert analysis.iterations >= count - len(moves)


def test_an_expert_hint_reads_only_the_seats_view() -> None:
    """Games the deciding seat cannot tell apart (another pile order, another seat's hand and
    pile swapped) get the same expert hint and the same review of a decision."""
    game = midgame(11)
    other = twin(game)
    assert (other.jungle_pile, other.hands) != (game.jungle_pile, game.hands)
    assert advise(other, "expert", iterations=60) == advise(game, "expert", iterations=60)
    played = game.legal_actions()[-1]
    budget = Budget(iterations=40)
    assert review_decision(other, played, budget, random.Random(1)) == review_decision(
        game, played, budget, random.Random(1)
    )


def test_the_review_appraises_the_played_move_on_the_chosen_moves_re_deals() -> None:
    """A played move that halving would never enter (last in the level's order, a small
    count) is still appraised, on every re-deal the chosen move had; a count of 1 appraises
    the played move alone."""
    game = midgame(12)
    moves = searched_moves(game, "expert")
    played = moves[-1]
    plain = appraise(game, moves, iterations=60, seed=4, search=EXPERT)
    assert plain.of(played) is None
    kept = appraise(game, moves, iterations=60, seed=4, search=EXPERT, keep=played)
    mine, best = kept.of(played), kept.options[0]
    assert mine is not None and best.action != played and adds_up(kept)
    assert kept.iterations <= 60
    alone = appraise(game, moves, iterations=1, seed=4, search=EXPERT, keep=played)
    assert [option.action for option in alone.options] == [played]
    decision = review_decision(game, played, Budget(iterations=60), random.Random(2))
    assert decision.played == played and decision.iterations <= 60
    assert decision.loss >= 0 and (decision.best == played) == (decision.loss == 0)


def test_a_review_on_time_runs_the_level_on_the_injected_clock() -> None:
    """A review bounded in seconds plans with its clock (the level's anytime search): with a
    clock that moves 1 ms a reading, the same iterations twice, the played move appraised."""
    game = midgame(13)
    played = searched_moves(game, "expert")[-1]

    def once() -> tuple[int, float]:
        ticks = iter(range(10**7))
        budget = Budget(seconds=0.5, clock=lambda: next(ticks) * 1e-3)
        decision = review_decision(game, played, budget, random.Random(5))
        return decision.iterations, decision.loss

    first = once()
    assert first == once() and first[0] > 1


def test_the_exact_endgame_appraises_every_move_by_its_final_score() -> None:
    """Once nothing is hidden and at most two placements are left, every move is valued by
    max-n play to the final score (no iterations, no noise), the parts the final score's;
    the hint is the level's move."""
    for seed in range(40):
        game = next(
            (
                g
                for g in decisions(seed)
                if g.phase is Phase.PLACE
                and nothing_hidden(g.view(g.current_player()), g.current_player())
                and placements_left(g) <= 2
            ),
            None,
        )
        if game is not None:
            break
    assert game is not None
    seat = game.current_player()
    view = game.view(seat)
    analysis = appraise(game, searched_moves(game, "expert"), iterations=5, seed=1, search=EXPERT)
    assert analysis.iterations == 0 and adds_up(analysis)
    assert {o.action for o in analysis.options} == set(game.legal_actions())
    valuer = Valuer(view)
    for option in analysis.options:
        after = view.clone()
        after.apply(option.action)
        assert option.value == pytest.approx(exact_values(after, valuer)[seat], abs=1e-9)
        assert option.noise == 0
    level = ExpertPlayer(random.Random(1), iterations=5, time_budget=math.inf)
    assert suggest(game, "expert", iterations=5, seed=1) == level.choose(game)


def test_a_two_player_endgame_the_level_solves_the_coach_solves_the_same_way() -> None:
    """With 3 placements left in 2 players (more than max-n's 2, within ``DUEL_PLACEMENTS``)
    and a count that lets alpha-beta finish, the hint is the level's exact move, followed by
    the next best moves in order (``DUEL_ALTERNATIVES`` of them: the hint's alternative is the first
    whose turn ends differently), and a review values the played move exactly beside it
    (final score's parts, no noise, no iterations); with a count too small for it the search
    decides, for the hint and the level alike."""
    checked = 0
    for seed in range(12):
        game = next(
            (
                g
                for g in decisions(seed)
                if g.phase is Phase.PLACE
                and nothing_hidden(g.view(g.current_player()), g.current_player())
                and placements_left(g) == 3
                and len(g.legal_actions()) > DUEL_ALTERNATIVES + 1
            ),
            None,
        )
        if game is None:
            continue
        seat = game.current_player()
        view = game.view(seat)
        valuer = Valuer(view)
        moves = searched_moves(game, "expert")
        exact = {}
        for move in moves:
            after = view.clone()
            after.apply(move)
            exact[move] = exact_values(after, valuer)[seat]
        hint = appraise(game, moves, iterations=12_000, seed=1, search=EXPERT)
        assert hint.iterations == 0 and adds_up(hint) and len(hint.options) == DUEL_ALTERNATIVES + 1
        values = [option.value for option in hint.options]
        assert values == sorted(values, reverse=True) == sorted(exact.values(), reverse=True)[: len(values)]
        assert all(option.value == pytest.approx(exact[option.action], abs=1e-9) for option in hint.options)
        assert all(option.noise == 0 for option in hint.options)
        level = ExpertPlayer(random.Random(1), iterations=12_000, time_budget=math.inf, lead=FIELD_LEAD)
        hinted = suggest(game, "expert", iterations=12_000, seed=1)
        assert level.choose(game) == hint.options[0].action == hinted
        played = moves[-1]
        review = appraise(game, moves, iterations=12_000, seed=1, search=EXPERT, keep=played)
        assert [option.action for option in review.options] == [hint.options[0].action, played]
        assert review.options[1].value == pytest.approx(exact[played], abs=1e-9)
        small = ExpertPlayer(random.Random(1), iterations=8, time_budget=math.inf, lead=FIELD_LEAD)
        assert small.choose(game) == suggest(game, "expert", iterations=8, seed=1)
        assert appraise(game, moves, iterations=8, seed=1, search=EXPERT).iterations > 0
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_a_placement_hint_plans_the_fills_the_next_hints_advise() -> None:
    """A trial's hint was priced with the market medium would lay, and the next hint laid a
    temple: a placement's advice goes on (``Advice.whole``) with the fills of its turn from
    the display, each the one the hint at that fill gives (same position, same seed), and
    never a pile tile, hidden until drawn."""
    from cacao_game.engine import Fill, Overbuild, Place

    checked = 0
    for game in (g for g in decisions(3) if g.phase is Phase.PLACE):
        advice = advise(game, "expert", iterations=40)
        assert advice.whole[0] == advice.action and isinstance(advice.action, Place | Overbuild)
        after = game.clone()
        after.apply(advice.action)
        plan = advice.whole[1:]
        assert all(isinstance(step, Fill) for step in plan)
        if after.phase is not Phase.FILL or after.fill_source() != "display":
            assert plan == ()
            continue
        fill_hint = advise(after, "expert", iterations=40)
        assert plan and plan[0] == fill_hint.action
        for step in plan:
            if step.pos not in after.pending_fills:  # laid by the engine after the one before
                assert after.jungle[step.pos] == (step.tile, step.rotation)
                continue
            assert after.phase is Phase.FILL and after.fill_source() == "display"
            after.apply(step)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_a_placement_hints_plan_holds_the_fill_the_engine_lays_by_itself() -> None:
    """A German trial's hint opened two spaces with two tiles face up: the board showed the
    ghost of one fill, and the label counted the market the engine then lays by itself on the
    other space (R3.10: the last space takes the last tile). The plan holds both, so the
    hint's ghosts show what its label counts."""
    import random

    from cacao_game.ai.hint import planned_fills
    from cacao_game.ai.medium import MediumPlayer
    from cacao_game.engine import Fill, Game

    game = Game.new(2, "base", 500)
    bot = MediumPlayer(random.Random(0))
    for _ in range(10):
        game.apply(bot.choose(game))
    found = 0
    for action in game.legal_actions():
        after = game.clone()
        after.apply(action)
        if after.phase is not Phase.FILL or len(after.pending_fills) != 2 or len(after.display) != 2:
            continue
        plan = planned_fills(game, action, "medium")
        assert len(plan) == 2 and all(isinstance(step, Fill) for step in plan)
        assert sorted(step.pos for step in plan) == sorted(after.pending_fills)
        assert sorted(step.tile for step in plan) == sorted(game.display)
        found += 1
        if found == 3:
            break
    assert found == 3
