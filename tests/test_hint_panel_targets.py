"""The hint's panel keeps off the squares a click can act on (a tester saw it over a legal
square at the first decision of a game at 1366x768)."""

from __future__ import annotations

import pytest
from shots import make_app
from test_overlaps import under_hint_panel

from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.config.settings import Settings
from cacao_game.engine import Game

TWO = GameConfig([SeatConfig("Zoë", "red", "human"), SeatConfig("Easy AI", "purple", "easy")], "volcano", 0)


@pytest.mark.parametrize("seed", range(6))
def test_the_hint_panel_hides_no_legal_square_at_a_games_first_decision(seed: int) -> None:
    """At a game's first decision the board is small: once the view rests after H, no
    legal square (nor laid tile) lies under the hint's panel."""
    from shots import frames, table

    app = make_app((1366, 768), Settings(sound=False))
    scene = table(app, Game.new(2, "volcano", seed), TWO)
    frames(app, 3, [app.intents.event_for("hint")])
    frames(app, 120)
    assert scene.source.advice is not None and not scene.camera.moving
    assert under_hint_panel(app) == []
