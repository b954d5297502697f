"""Saves round trip: every decision of random games in every player count and variant.

A save is built, encoded, decoded and replayed (the in-memory path of save_game/load_game),
and the restored game must be the same position with the same undo history.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cacao_game.ai import make_player
from cacao_game.config.game import GameConfig
from cacao_game.engine import Game, Phase
from cacao_game.engine.tiles import VARIANTS
from cacao_game.saves import load_game, save_game
from cacao_game.saves.codec import build_document, decode, encode, restore
from tests.saves_support import make_config, mid_turn_game, position, random_game, seat_summaries

SAVED_AT = "2026-01-02T03:04:05.000006Z"
CASES = [(players, variant) for players in (2, 3, 4) for variant in VARIANTS]


@pytest.mark.parametrize(("players", "variant"), CASES)
@pytest.mark.parametrize("seed", [11, 12])
def test_round_trip_after_every_decision(players: int, variant: str, seed: int) -> None:
    """At every decision of a random game (mid-turn ones too), save then load gives the same position."""
    game = Game.new(players, variant, seed)
    player = make_player("random", random.Random(seed))
    config = make_config(players, variant, seed)
    checked = 0
    while True:
        document = build_document(game, config, {"decisions": len(game.actions)}, SAVED_AT)
        restored = restore(decode(encode(document)))
        assert position(restored.game) == position(game)
        assert restored.view == {"decisions": len(game.actions)} and restored.config == config
        assert restored.game.can_undo == bool(game.actions)
        checked += 1
        if game.is_over():
            break
        game.apply(player.choose(game))
    assert checked == len(game.actions) + 1


@pytest.mark.parametrize(("players", "variant"), CASES)
def test_file_round_trip_at_every_turn_keeps_undo(tmp_path: Path, players: int, variant: str) -> None:
    """save_game/load_game at every turn start; the loaded game undoes exactly like the original."""
    game = Game.new(players, variant, 5)
    player = make_player("random", random.Random(5))
    path = tmp_path / "slot.json"
    config = make_config(players, variant, 5)
    while not game.is_over():
        if game.phase is Phase.PLACE and game.turn % 3 == 0:
            save_game(path, game, config)
            loaded = load_game(path)
            assert position(loaded.game) == position(game)
            assert loaded.info.turn == game.turn + 1 and loaded.info.current_seat == game.mover
            if game.actions:
                original = game.clone(keep_history=True)
                assert loaded.game.pop() == original.pop()
                assert position(loaded.game) == position(original)
        game.apply(player.choose(game))
    save_game(path, game, config)
    finished = load_game(path)
    assert finished.info.finished and finished.info.totals == [s.total for s in game.score_now()]
    assert finished.game.winners() == game.winners()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_loaded_mid_turn_game_continues_identically(tmp_path: Path, players: int) -> None:
    """A game saved at a fill/resolution decision, loaded and played on, ends exactly as the original."""
    full = random_game(players, "volcano", 21 + players)
    stop = mid_turn_game(players, "volcano", 21 + players)
    assert stop.phase in (Phase.FILL, Phase.RESOLVE)
    assert full.actions[: len(stop.actions)] == stop.actions
    save_game(tmp_path / "mid.json", stop, make_config(players, "volcano"), {"pending": "fill"})
    loaded = load_game(tmp_path / "mid.json")
    assert loaded.game.decision() == stop.decision()
    for action in full.actions[len(stop.actions) :]:
        loaded.game.apply(action)
    assert position(loaded.game) == position(full)
    assert loaded.view == {"pending": "fill"} and loaded.ui_state is loaded.view


def test_view_comes_back_as_json_and_config_as_a_game_config(tmp_path: Path) -> None:
    """The view is stored as JSON (tuples come back as lists); the config comes back equal, typed."""
    game = random_game(2, "base", 3, decisions=6)
    config = make_config(2, "base", 3, kinds=["human", "random"])
    save_game(tmp_path / "s.json", game, config, {"camera": (1.5, -2), "names": ["a"], "zoom": 0.5})
    loaded = load_game(tmp_path / "s.json")
    assert loaded.view == {"camera": [1.5, -2], "names": ["a"], "zoom": 0.5}
    assert isinstance(loaded.config, GameConfig) and loaded.config == config
    assert loaded.info.seats == seat_summaries(config)


@pytest.mark.parametrize("undo", [None, "casual", "strict"])
def test_the_undo_option_round_trips(tmp_path: Path, undo: str | None) -> None:
    """The undo policy is a typed game option: saved and loaded as it was."""
    config = make_config(2, "base", 3)
    config.undo = undo
    save_game(tmp_path / "u.json", random_game(2, "base", 3, decisions=4), config)
    assert load_game(tmp_path / "u.json").config.undo == undo
