"""``GameConfig``'s game options: the undo policy is typed, validated and round-trips."""

from __future__ import annotations

import pytest

from cacao_game.config.game import UNDO_POLICIES, GameConfig, SeatConfig

SEATS = [SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "medium")]


@pytest.mark.parametrize("undo", [None, *UNDO_POLICIES])
def test_undo_policy_round_trips_and_survives_rotation(undo: str | None) -> None:
    """to_dict/from_dict keep the undo policy; rotating the seats keeps it too."""
    config = GameConfig(list(SEATS), "volcano", 4, undo=undo)
    assert config.to_dict()["undo"] == undo
    assert GameConfig.from_dict(config.to_dict()) == config
    assert config.rotated(1).undo == undo


def test_missing_undo_means_the_default_and_unknown_ones_are_refused() -> None:
    """Older option dicts have no ``undo`` (None); anything but casual/strict/None is a ValueError."""
    data = GameConfig(list(SEATS)).to_dict()
    del data["undo"]
    assert GameConfig.from_dict(data).undo is None
    for bad in ("lenient", 1, ["strict"]):
        with pytest.raises(ValueError, match="undo policy"):
            GameConfig.from_dict({**data, "undo": bad})
