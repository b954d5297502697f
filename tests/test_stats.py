"""Statistics per source: the parts of every seat's score add up to its score (R5.1-R5.4)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cacao_game.engine import Game
from cacao_game.records import read_record, replay_record
from cacao_game.session.ledger import game_stats

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "seeds" / "golden").glob("*.json"))


def check(game: Game) -> None:
    """Every seat's sources add up to its score, and gold sources to the gold it holds."""
    stats = game_stats(game)
    for seat, (part, score) in enumerate(zip(stats, game.score_now(), strict=True)):
        assert part.total == score.total
        assert part.markets + part.mines + part.volcanoes == game.gold[seat]
        assert part.harvested - part.sold == game.cacao[seat]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_games_add_up(path: Path) -> None:
    """The golden games: markets, mines, volcanoes, temples, water and sun sum to each score."""
    game = replay_record(read_record(path))
    assert game.is_over()
    check(game)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), volcano=st.booleans())
def test_random_games_add_up(seed: int, players: int, volcano: bool) -> None:
    """Random games, finished or stopped anywhere, add up the same way."""
    game = Game.new(players, "volcano" if volcano else "base", seed)
    rng = random.Random(seed)
    stop = rng.randrange(400)
    while not game.is_over() and len(game.actions) < stop:
        game.apply(rng.choice(game.legal_actions()))
    check(game)
