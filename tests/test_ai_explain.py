"""Explained hints: the evaluation's terms per seat, and why a move beats the next best."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cacao_game.ai.evaluation import TERMS, Valuer
from cacao_game.ai.explain import (
    MOST_CHANGES,
    SMALLEST_CHANGE,
    TOP_CHANGES,
    Advice,
    TermChange,
    compare,
    explain,
    reasons_of,
)
from cacao_game.ai.hint import advise, suggest
from cacao_game.ai.medium import MediumPlayer
from cacao_game.engine import Fill, Game, Phase
from cacao_game.engine.tiles import WATER


def states(seed: int, players: int, variant: str, every: int = 5) -> Iterator[Game]:
    """Every ``every``-th state of a random game."""
    game = Game.new(players, variant, seed, keep_history=False)
    rng = random.Random(seed)
    step = 0
    while not game.is_over():
        if step % every == 0:
            yield game.clone()
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    yield game


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), variant=st.sampled_from(["base", "volcano"]))
def test_terms_add_up_to_the_values_and_the_score(seed: int, players: int, variant: str) -> None:
    """Each seat's terms add up to its value, and the (seat, term) parts of a seat's score add
    up to that score, in every phase and at the end of the game."""
    for game in states(seed, players, variant):
        valuer = Valuer(game.view(game.current_player()) if not game.is_over() else game)
        values = valuer.seat_values(game)
        for seat, terms in enumerate(valuer.seat_terms(game)):
            assert set(terms) <= set(TERMS)
            assert sum(terms.values()) == pytest.approx(values[seat], abs=1e-9)
        for seat in range(players):
            parts = valuer.score_terms(game, seat)
            assert sum(parts.values()) == pytest.approx(valuer.score(game, seat), abs=1e-9)


def test_a_finished_game_is_split_into_its_score() -> None:
    """At the end the terms are the final score's parts (R5): gold, temples, sun, water."""
    game = list(states(5, 3, "base"))[-1]
    assert game.is_over()
    for terms, score in zip(Valuer(game).seat_terms(game), game.score_now(), strict=True):
        assert terms == {"gold": score.gold, "water": score.water, "sun": score.sun, "temples": score.temples}


def decisions(seed: int, players: int = 2, variant: str = "base") -> Iterator[Game]:
    """Every decision with a choice in a game the medium player plays against itself."""
    game = Game.new(players, variant, seed, keep_history=False)
    player = MediumPlayer(random.Random(0))
    while not game.is_over():
        if len(game.legal_actions()) > 1:
            yield game
        game.apply(player.choose(game))


def test_medium_advice_is_its_move_and_its_margin_is_the_rankings() -> None:
    """The advice's move is the hint's; its margin is what the ranking says the move gains
    over the next best, and the reasons are the largest term changes, largest first."""
    phases = set()
    for game in decisions(3):
        advice = advise(game, "medium")
        assert advice.action == suggest(game, "medium")
        assert advice.seat == game.current_player()
        phases.add(game.phase)
        if advice.alternative is None:
            assert advice.margin == 0 and advice.changes == ()
            continue
        assert game.is_legal(advice.alternative) and advice.margin >= 0
        if game.phase is not Phase.RESOLVE:
            assert advice.alternative != advice.action
            ranked = dict((action, value) for value, action in MediumPlayer(random.Random(0)).rank(game))
            gap = ranked[advice.action] - ranked[advice.alternative]
            assert advice.margin == pytest.approx(gap, abs=1e-6)
        sizes = [abs(change.points) for change in advice.changes]
        assert sizes == sorted(sizes, reverse=True)
        assert len(sizes) <= MOST_CHANGES and all(size >= SMALLEST_CHANGE for size in sizes)
        assert not advice.searched and all(change.term in TERMS for change in advice.changes)
    assert phases == {Phase.PLACE, Phase.FILL, Phase.RESOLVE}


def changes(*points: float) -> list[TermChange]:
    """One part per term, worth ``points`` each, to seat 0."""
    return [TermChange(0, term, value) for term, value in zip(TERMS, points, strict=False)]


def test_reasons_grow_past_three_while_the_rest_outweighs_the_smallest() -> None:
    """Three reasons when the rest is smaller than the third; more, up to five, while
    "everything else" would outweigh the smallest reason shown (a 4-player hint read +14.5,
    -6.6, +6.0 and "everything else" -13.7)."""
    quiet = changes(4.0, -3.0, 2.0, 1.0, 0.6)
    assert [c.points for c in reasons_of(quiet, sum(c.points for c in quiet))] == [4.0, -3.0, 2.0]
    loud = changes(14.5, -6.6, 6.0, -5.7, -4.2, -3.6, 2.5)
    assert [c.points for c in reasons_of(loud, sum(c.points for c in loud))] == [14.5, -6.6, 6.0, -5.7]
    louder = changes(10.0, -8.0, 7.0, -6.0, -5.0, -4.0, -3.0)
    shown = reasons_of(louder, sum(c.points for c in louder))
    assert [c.points for c in shown] == [10.0, -8.0, 7.0, -6.0, -5.0]
    assert len(shown) == MOST_CHANGES > TOP_CHANGES
    small = changes(2.0, 0.4, 0.4, 0.4, 0.4, 0.4)
    assert [c.points for c in reasons_of(small, sum(c.points for c in small))] == [2.0]


@given(st.lists(st.floats(-20, 20, allow_nan=False), max_size=len(TERMS)))
def test_reasons_stop_once_the_rest_no_longer_outweighs_the_smallest(points: list[float]) -> None:
    """The reasons are the largest parts, at least ``TOP_CHANGES`` of them when there are
    so many, and each one past that was added because the rest outweighed the one before;
    they stop below ``MOST_CHANGES`` only once the rest no longer outweighs the smallest."""
    parts = changes(*points)
    margin = sum(points)
    shown = reasons_of(parts, margin)
    big = sorted((p for p in parts if abs(p.points) >= SMALLEST_CHANGE), key=lambda c: -abs(c.points))
    assert [abs(c.points) for c in shown] == [abs(c.points) for c in big[: len(shown)]]
    assert min(len(big), TOP_CHANGES) <= len(shown) <= MOST_CHANGES
    for count in range(TOP_CHANGES, len(shown)):
        assert abs(margin - sum(c.points for c in shown[:count])) > abs(shown[count - 1].points)
    if TOP_CHANGES <= len(shown) < min(len(big), MOST_CHANGES):
        assert abs(margin - sum(c.points for c in shown)) <= abs(shown[-1].points)


def test_a_resolution_is_compared_with_another_outcome() -> None:
    """A resolution's next best ends the turn otherwise (not the same sale in another order),
    so its reasons are the gold and cacao that differ."""
    found = 0
    for _game, advice in compared_resolutions(6):
        found += 1
        assert advice.changes, "an outcome that differs has a reason"
        assert {change.term for change in advice.changes} <= {"gold", "cacao"}
        assert all(change.seat == advice.seat for change in advice.changes)
    assert found >= 3


def compared_resolutions(seeds: int) -> Iterator[tuple[Game, Advice]]:
    """The resolutions of the random games of ``seeds`` seeds whose medium hint has a next
    best, with that hint."""
    for seed in range(seeds):
        for game in decisions(seed):
            if game.phase is Phase.RESOLVE:
                advice = advise(game, "medium")
                if advice.alternative is not None:
                    yield game, advice


def test_a_resolutions_next_best_is_the_whole_way_its_reasons_price() -> None:
    """A trial's hint named "sell 1 at 3" as the next best while its reasons (3 more gold,
    1 less cacao) were those of selling 3: the advice named the other way's first step and
    priced the whole of it. ``alternative_whole`` is that whole way, from the alternative on,
    each step the seat's own and legal in turn, to the end of the seat's resolution; its end
    is the one the reasons price (margin: the hinted end less it); and a review's comparison
    carries the played move's whole as the AI completes it."""
    from cacao_game.ai.explain import turn_terms, whole_move
    from cacao_game.ai.policy import best_fill, finish_turn

    longer = checked = 0
    for game, advice in compared_resolutions(8):
        if advice.alternative is not None:
            view = game.view(advice.seat)
            valuer = Valuer(view)
            steps = advice.alternative_whole
            assert steps and steps[0] == advice.alternative
            state = view.clone()
            for step in steps:
                assert state.phase is Phase.RESOLVE and state.current_player() == advice.seat
                state.apply(step)
            assert (
                state.is_over() or state.phase is not Phase.RESOLVE or state.current_player() != advice.seat
            )
            finish_turn(state, valuer, best_fill)
            hinted = sum(turn_terms(view, valuer, advice.seat, advice.action).values())
            other = sum(valuer.score_terms(state, advice.seat).values())
            assert advice.margin == pytest.approx(hinted - other, abs=1e-6)
            reviewed = compare(game, advice.action, advice.alternative)
            assert reviewed.alternative_whole == whole_move(view, valuer, advice.alternative)
            longer += len(steps) > 1
            checked += 1
    assert checked >= 5 and longer >= 1


def test_a_water_fill_is_explained_by_the_water_track() -> None:
    """When the hint lays a water tile by the mover's workers and the next best does not, the
    mover's water track is among the reasons, in its favour (R3.8: workers at water move
    the water carrier)."""
    for seed in range(20):
        for game in decisions(seed):
            if game.phase is not Phase.FILL:
                continue
            advice = advise(game, "medium")
            alternative = advice.alternative
            if not (isinstance(advice.action, Fill) and advice.action.tile == WATER):
                continue
            if not isinstance(alternative, Fill) or alternative.tile == WATER:
                continue
            own_water = [c for c in advice.changes if (c.seat, c.term) == (advice.seat, "water")]
            if own_water:
                assert own_water[0].points > 0
                return
    pytest.fail("no explained water fill found")


def adds_up(advice: Advice) -> bool:
    """The reasons plus everything else make the margin (before any rounding)."""
    listed = sum(change.points for change in advice.changes)
    return bool(listed + advice.rest == pytest.approx(advice.margin, abs=1e-9))


def test_hard_advice_takes_the_searchs_margin_and_its_reasons_add_up_to_it() -> None:
    """A hard hint's margin is its search's gap between the two moves; the reasons (each a
    seat's count, this turn and after) plus everything else add up to it exactly."""
    from cacao_game.ai.analysis import appraise
    from cacao_game.ai.hard import CANDIDATES

    game = next(g for g in decisions(7) if g.phase is Phase.PLACE and g.turn >= 4)
    advice = advise(game, "hard", iterations=6, seed=2)
    assert advice.action == suggest(game, "hard", iterations=6, seed=2)
    assert advice.searched and advice.alternative is not None and adds_up(advice)
    shortlist = [a for _v, a in MediumPlayer(random.Random(0)).rank(game)[:CANDIDATES]]
    analysis = appraise(game, shortlist, iterations=6, seed=2)
    mine, other = analysis.of(advice.action), analysis.of(advice.alternative)
    assert mine is not None and other is not None
    assert advice.margin == pytest.approx(mine.value - other.value, abs=1e-9)
    again = compare(game, advice.action, advice.alternative, analysis)
    assert (again.margin, again.changes, again.rest) == (advice.margin, advice.changes, advice.rest)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_every_hint_adds_up_and_is_the_same_twice(level: str) -> None:
    """For every decision of a game: the reasons plus everything else are the margin, and a
    second call gives the very same advice."""
    for number, game in enumerate(decisions(4)):
        if number % (1 if level == "medium" else 6):
            continue
        first = advise(game, level, iterations=3)
        assert adds_up(first), first
        again = advise(game, level, iterations=3)
        assert again == first


def test_a_hard_hint_is_seeded_by_the_position_alone() -> None:
    """Without a seed the re-deals come from the position: the same position gives the same
    hint, another position other re-deals (no hidden state carries over between calls)."""
    from cacao_game.ai.analysis import position_seed

    games = [g.clone() for g in decisions(9) if g.phase is Phase.PLACE][3:5]
    seeds = {position_seed(g) for g in games}
    assert len(seeds) == 2
    assert advise(games[0], "hard", iterations=2) == advise(games[0].clone(), "hard", iterations=2)


def test_a_fill_hint_is_the_whole_fill() -> None:
    """A fill with two spaces and tiles enough is hinted whole: every space gets its tile."""
    for seed in range(30):
        for game in decisions(seed):
            if game.phase is Phase.FILL and len(game.pending_fills) >= 2 and len(game.display) >= 2:
                advice = advise(game, "medium")
                fills = [a for a in advice.whole if isinstance(a, Fill)]
                assert advice.whole[0] == advice.action and len(fills) == len(advice.whole)
                assert {f.pos for f in fills} == set(game.pending_fills)
                return
    pytest.fail("no fill with two spaces found")


def twin(game: Game) -> Game:
    """A copy of ``game`` its deciding seat cannot tell apart from it: the jungle pile in
    reverse, the next seat's hand and pile dealt again from the same tiles."""
    seat = game.current_player()
    other = game.clone()
    other.jungle_pile.reverse()
    other_seat = (seat + 1) % game.players
    tiles = other.hands[other_seat] + other.worker_piles[other_seat]
    random.Random(3).shuffle(tiles)
    size = len(other.hands[other_seat])
    other.hands[other_seat], other.worker_piles[other_seat] = tiles[:size], tiles[size:]
    assert other.observation_key(seat) == game.observation_key(seat)
    return other


def test_advice_reads_only_the_seats_view() -> None:
    """Games the deciding seat cannot tell apart get the same advice (hidden hands, pile order)."""
    game = next(g for g in decisions(11) if g.phase is Phase.PLACE and g.turn >= 3)
    assert advise(twin(game), "medium") == advise(game, "medium")


def test_a_search_that_kept_only_moves_ending_alike_still_names_one_that_does_not() -> None:
    """A French trial's volcano hint said "every other move ends the turn the same way": its
    search had kept two turns of the volcano that end the turn alike and dropped the sun and
    the turns that cost gold. The next best is then sought among the moves the search did not
    appraise (medium's order): there is one whenever some legal move ends the turn otherwise."""
    from cacao_game.ai.analysis import appraise
    from cacao_game.ai.explain import end_of_turn
    from cacao_game.engine.tiles import VOLCANO

    def end(game: Game, action: Fill) -> dict[tuple[int, str], float]:
        view = game.view(game.current_player())
        valuer = Valuer(view)
        return dict(valuer.score_terms(end_of_turn(view, valuer, action), view.current_player()))

    checked = 0
    for seed in range(40):
        for game in decisions(seed, 4, "volcano"):
            if game.phase is not Phase.FILL or VOLCANO not in game.display:
                continue
            best = MediumPlayer(random.Random(0)).rank(game)[0][1]
            assert isinstance(best, Fill)
            fills = [a for a in game.legal_actions() if isinstance(a, Fill)]
            others = [a for a in fills if end(game, a) != end(game, best)]
            advice = explain(game, appraise(game, [best], iterations=4, seed=1))
            assert (advice.alternative is None) == (not others)
            if others:
                assert advice.alternative in others
                checked += 1
        if checked >= 3:
            return
    pytest.fail("too few volcano fills with another way to end the turn")


def test_explain_refuses_an_empty_ranking() -> None:
    with pytest.raises(ValueError, match="nothing ranked"):
        explain(Game.new(2, "base", 1), [])


def test_only_move_has_no_alternative() -> None:
    """A ranking of one move explains nothing and claims no margin."""
    game = Game.new(2, "base", 1)
    action = game.legal_actions()[0]
    expected = Advice(game.current_player(), action, None, 0.0, (), whole=(action,))
    assert explain(game, [(0.0, action)]) == expected


def test_the_position_seed_is_the_same_in_every_process() -> None:
    """The seed never comes from Python's salted ``hash()``: processes with other hash seeds
    compute the same one for the same position."""
    import os
    import subprocess
    import sys

    from cacao_game.ai.analysis import position_seed

    code = (
        "import random\nfrom cacao_game.engine import Game\n"
        "from cacao_game.ai.analysis import position_seed\n"
        "g = Game.new(3, 'volcano', 5)\n"
        "for _ in range(9): g.apply(random.Random(len(g.actions)).choice(g.legal_actions()))\n"
        "print(position_seed(g, 'hint'))"
    )
    game = Game.new(3, "volcano", 5)
    for _ in range(9):
        game.apply(random.Random(len(game.actions)).choice(game.legal_actions()))
    seeds = set()
    for salt in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": salt}
        run = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
        )
        seeds.add(int(run.stdout.strip()))
    assert seeds == {position_seed(game, "hint")}


@pytest.mark.parametrize(("seed", "rng", "last"), [(1001, 1, 12), (1007, 7, 33)])
def test_a_hints_now_is_what_the_two_previews_show(seed: int, rng: int, last: int) -> None:
    """A French trial's hint said "1 sun token fewer now" where the hinted move's preview
    showed +2 sun and the alternative's +1: the reasons' "now" finished the turn with quick
    fills, the previews as the medium player decides each fill. Each reason about the mover's
    gold, cacao, water or sun now changes by what the hint's preview (its planned fills
    included) less the alternative's preview shows (positions of medium self-play, 3 players,
    where the two had disagreed)."""
    from cacao_game.session.preview import turn_preview

    game = Game.new(3, "base", seed)
    bot = MediumPlayer(random.Random(rng))
    checked = 0
    for decision in range(last + 1):
        if game.phase is Phase.PLACE and decision % 3 == 0:
            advice = advise(game, "medium")
            if advice.alternative is not None:
                hinted = turn_preview(game, advice.action, advice.whole[1:]).total
                other = turn_preview(game, advice.alternative).total
                for change in advice.changes:
                    if change.seat == game.mover and change.term in ("gold", "cacao", "water", "sun"):
                        assert change.amount == hinted[change.term] - other[change.term], (decision, change)
                        checked += 1
        game.apply(bot.choose(game))
    assert checked >= 4
