"""Many random games through the public API: records round-trip and pass the referee."""

from __future__ import annotations

import json

import pytest

from cacao_game.headless import play_game
from cacao_game.records import replay_record, to_record
from tests.referee_loader import load_referee

REFEREE = load_referee()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["base", "volcano"])
def test_random_games_replay_and_pass_the_referee(players: int, variant: str) -> None:
    """R1-R5 end to end: 15 random games per setting replay from their records into the same
    final state, and the independent referee finds no violation."""
    for seed in range(15):
        result = play_game(["random"] * players, 1000 + seed, variant)
        record = json.loads(json.dumps(result.record))
        game = replay_record(record)
        assert game.is_over()
        assert to_record(game, record["seats"]) == record
        assert REFEREE.check_record(record) == []
        assert [s.total for s in game.score_now()] == [s["total"] for s in record["final"]["scores"]]
