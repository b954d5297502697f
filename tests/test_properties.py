"""Hypothesis properties of random legal play (R1-R5 invariants) and of illegal input."""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cacao_game.engine import (
    Fill,
    Game,
    IllegalActionError,
    IllegalFillError,
    IllegalPlacementError,
    IllegalResolutionError,
    Overbuild,
    Place,
    Resolve,
)
from cacao_game.engine import events as ev
from cacao_game.engine.resolution import apply_edge, best_outcomes, dominates, reachable, worthwhile_steps
from cacao_game.engine.tiles import JUNGLE_CODES, WORKER_CODES
from tests.scenario import state_of

games = st.tuples(st.sampled_from([2, 3, 4]), st.sampled_from(["base", "volcano"]), st.integers(0, 10**9))
coords = st.tuples(st.integers(-6, 6), st.integers(-6, 6))
wild_actions = st.one_of(
    st.builds(Place, st.sampled_from([*WORKER_CODES, "0000"]), st.integers(-1, 4), coords),
    st.builds(Overbuild, st.sampled_from(WORKER_CODES), st.integers(0, 3), coords),
    st.builds(Fill, coords, st.sampled_from([*JUNGLE_CODES, "lava"]), st.integers(-1, 4)),
    st.builds(Resolve, coords, st.integers(-1, 4), st.integers(-1, 6)),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_play_keeps_every_invariant(config: tuple[int, str, int]) -> None:
    """Tiles are conserved, the checkerboard holds, caps hold (R1, R3.1, R3.9), the display
    never exceeds 2 (R3.12), no worker activates twice (R3.8), every score is the sum of its
    parts (R5)."""
    players, variant, seed = config
    game = Game.new(players, variant, seed, keep_history=False)
    rng = random.Random(seed)
    activated: set[tuple[tuple[int, int], int, int]] = set()
    while not game.is_over():
        for event in game.apply(rng.choice(game.legal_actions())):
            if isinstance(event, ev.EdgeActivated):
                layer = 1 if event.pos in game.covered else 0
                key = (event.pos, layer, event.side)
                assert key not in activated, f"{key} activated twice"
                activated.add(key)
        game.check_invariants()
    for score in game.score_now():
        assert score.total == score.gold + score.temples + score.sun + score.water
    assert sum(s.temples for s in game.score_now()) <= 9 * len(game.temple_standings())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 80), st.lists(wild_actions, min_size=1, max_size=12))
def test_illegal_actions_leave_the_state_unchanged(
    config: tuple[int, str, int], moves: int, attempts: list
) -> None:
    """Every action the decision does not allow raises IllegalActionError and changes nothing;
    every action it allows is listed by legal_actions() (up to equivalent rotations)."""
    players, variant, seed = config
    game = Game.new(players, variant, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    for action in attempts:
        before = state_of(game)
        if game.is_legal(action):
            continue
        try:
            game.apply(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action} was applied although is_legal() said no")
        assert state_of(game) == before


trade_edges = st.lists(
    st.one_of(
        st.tuples(st.just(False), st.integers(1, 2), st.integers(1, 3)),
        st.tuples(st.just(True), st.integers(2, 4), st.integers(1, 3)),
    ),
    max_size=4,
).map(tuple)


@settings(max_examples=200, deadline=None)
@given(trade_edges, st.integers(0, 5))
def test_with_gold_at_risk_the_most_cacao_stays_reachable(edges: tuple, cacao: int) -> None:
    """R3.10 (volcano variant): while gold may be lost, no result is dropped for one with more
    gold but less cacao, so the result holding the most cacao (with the most gold among
    those) is still offered, and every offered step leads to a result that is kept."""
    outcomes = reachable(edges, cacao)
    best = best_outcomes(outcomes, gold_at_risk=True)
    most_cacao = max(outcomes)
    assert most_cacao in best
    assert all(not dominates(p, o, gold_at_risk=True) for o in best for p in outcomes if p != o)
    for index, amount in worthwhile_steps(edges, cacao, gold_at_risk=True):
        after, gold = apply_edge(edges[index], cacao, amount)
        rest = edges[:index] + edges[index + 1 :]
        assert any((c, g + gold) in best for c, g in reachable(rest, after))


class _Code(str):
    """A ``str`` subclass: equal to a legal code, but not of the exact type."""


def _corruptions(value: object) -> st.SearchStrategy[object]:
    """Values of the wrong type for a field holding ``value``, most of them equal to it."""
    wrong: list[object] = [None, [value], b"x"]
    if type(value) is int:
        wrong += [float(value), str(value), value == 1, complex(value)]
    elif type(value) is str:
        wrong += [_Code(value), value.encode(), 0]
    else:
        x, y = value  # type: ignore[misc]
        wrong += [[x, y], (float(x), y), (x, float(y)), (x, y, 0), (x == 1, y), (str(x), y), x]
    return st.sampled_from(wrong)


ERROR_FOR = {
    Place: IllegalPlacementError,
    Overbuild: IllegalPlacementError,
    Fill: IllegalFillError,
    Resolve: IllegalResolutionError,
}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.data())
def test_malformed_actions_never_change_the_game(config: tuple[int, str, int], data: st.DataObject) -> None:
    """API: at every decision of a game, a legal action with one field of the wrong type (a
    float or bool equal to a legal number, a list for a square, a str subclass...) raises the
    IllegalActionError subclass of its kind and leaves the game exactly as it was."""
    players, variant, seed = config
    game = Game.new(players, variant, seed)
    rng = random.Random(seed)
    while not game.is_over():
        legal = game.legal_actions()
        action = data.draw(st.sampled_from(legal))
        name = data.draw(st.sampled_from([f.name for f in fields(action)]))
        bad = replace(action, **{name: data.draw(_corruptions(getattr(action, name)))})
        before = state_of(game)
        assert not game.is_legal(bad)
        with pytest.raises(ERROR_FOR[type(action)]):
            game.apply(bad)
        assert state_of(game) == before
        game.apply(rng.choice(legal))
