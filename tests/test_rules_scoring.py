"""Final scoring: temples, sun, water, totals, winners (R5)."""

from __future__ import annotations

import pytest

from cacao_game.engine import SeatScore, temple_awards
from cacao_game.engine.scoring import cacao_decided, places, seat_score, winners
from tests.scenario import new_game, put_jungle, put_worker


@pytest.mark.parametrize(
    ("workers", "awards"),
    [
        ((3, 1, 0, 0), (6, 3, 0, 0)),
        ((0, 2, 0, 0), (0, 6, 0, 0)),
        ((2, 2, 1, 0), (3, 3, 0, 0)),
        ((1, 1, 1, 0), (2, 2, 2, 0)),
        ((2, 2, 2, 2), (1, 1, 1, 1)),
        ((3, 1, 1, 0), (6, 1, 1, 0)),
        ((4, 2, 2, 2), (6, 1, 1, 1)),
        ((0, 0, 0, 0), (0, 0, 0, 0)),
    ],
    ids=[
        "clear-first-and-second",
        "lone-seat-gets-6",
        "two-way-tie-for-first-no-second",
        "three-way-tie-for-first",
        "four-way-tie-for-first",
        "clear-first-tied-second",
        "clear-first-three-tied-second",
        "nobody",
    ],
)
def test_temple_awards(workers: tuple[int, ...], awards: tuple[int, ...]) -> None:
    """R5.1: 6 to first, 3 to second; a tie for first splits 6 (rounded down) with no second;
    a tie for second splits 3 (rounded down); a lone seat gets 6; 0 workers take no part."""
    assert temple_awards(workers) == awards


def test_temple_counts_only_top_tiles_facing_it() -> None:
    """R5.1: only the workers on the temple-facing edges of top tiles count."""
    game = new_game(players=3)
    put_jungle(game, (2, 0), "temple")
    put_worker(game, (1, 0), 0, "3100", 1)
    put_worker(game, (3, 0), 1, "2101", 3)
    put_worker(game, (2, -1), 2, "1111")
    game.covered[(3, 0)] = game.workers[(3, 0)]
    put_worker(game, (3, 0), 1, "1111", 0)
    standings = {pos: (workers, awards) for pos, workers, awards in game.temple_standings()}
    assert standings[(2, 0)] == ((3, 1, 1), (6, 1, 1))
    assert game.score_now()[0].temples == 6


def test_score_parts_and_total() -> None:
    """R5.2-R5.3: sun 1 each, water field value (negative subtracts), total is the sum."""
    score = seat_score(gold=12, temples=9, sun=2, water_step=0, cacao=4)
    assert (score.water, score.total) == (-10, 13)
    assert seat_score(0, 0, 0, 8, 0).water == 16


def test_a_game_s_score_counts_each_seat_s_sun_tokens_and_water_field() -> None:
    """R5.2-R5.3 as the game scores them (``Game.score_now``), not only the score function:
    each sun token left is 1 gold, the water field's value counts, a seat's own only."""
    game = new_game()
    game.gold[:] = [5, 5]
    game.sun[:] = [2, 0]
    game.water[:] = [0, 8]
    mine, theirs = game.score_now()
    assert (mine.sun, mine.water, mine.total) == (2, -10, -3)
    assert (theirs.sun, theirs.water, theirs.total) == (0, 16, 21)


def test_winner_tiebreak_by_cacao_then_shared() -> None:
    """R5.4: highest total wins; a tie goes to most cacao; a tie on that too is shared."""
    a = SeatScore(gold=20, temples=0, sun=0, water=0, cacao=1)
    b = SeatScore(gold=20, temples=0, sun=0, water=0, cacao=3)
    c = SeatScore(gold=19, temples=0, sun=0, water=0, cacao=5)
    assert winners([a, b, c]) == (1,)
    assert winners([b, b, c]) == (0, 1)
    assert winners([c, a]) == (1,)


def test_places_follow_the_total_then_the_cacao_and_are_shared_on_both() -> None:
    """R5.4 ranks the winners; the scores list every seat by the same rule: the total, then
    the cacao left, a tie on both shared (the next place skipped, as on a podium). The
    winners are exactly the seats in first place."""
    a = SeatScore(gold=20, temples=0, sun=0, water=0, cacao=1)
    b = SeatScore(gold=20, temples=0, sun=0, water=0, cacao=3)
    c = SeatScore(gold=19, temples=0, sun=0, water=0, cacao=5)
    assert places([a, b, c]) == (2, 1, 3)
    assert places([b, b, c, a]) == (1, 1, 4, 3)
    for scores in ([a, b, c], [b, b, c, a], [c, a], [c, c]):
        assert winners(scores) == tuple(seat for seat, place in enumerate(places(scores)) if place == 1)


def test_the_cacao_tiebreak_decides_only_a_tie_on_the_total() -> None:
    """R5.4, rulebook (Final scoring): "In case of a tie, the player who wins is the one who
    has the most cacao fruits left. If there is still a tie, the players involved share the
    win." Cacao decides only when several seats tie on the highest total and it leaves fewer
    winners; a clear total, or a shared win equal on cacao too, is not decided by it."""
    a = SeatScore(gold=20, temples=0, sun=0, water=0, cacao=1)
    b = SeatScore(gold=20, temples=0, sun=0, water=0, cacao=3)
    c = SeatScore(gold=19, temples=0, sun=0, water=0, cacao=5)
    assert cacao_decided([a, b, c])
    assert not cacao_decided([a, c])
    assert not cacao_decided([b, b, c])
    assert cacao_decided([a, b, b])
