"""``GameConfig``'s game options: the undo policy and the hard AI's thinking time are typed,
validated and round-trip."""

from __future__ import annotations

import pytest

from cacao_game.ai.hard import TIME_BUDGET
from cacao_game.config.choices import EXPERT_THINKING_TIMES, THINKING_TIMES
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


@pytest.mark.parametrize("seconds", THINKING_TIMES)
def test_thinking_time_round_trips_and_survives_rotation(seconds: float) -> None:
    """A thinking time of setup's list is kept by to_dict/from_dict and by rotating the seats."""
    config = GameConfig(list(SEATS), "base", 4, thinking_time=seconds)
    assert config.to_dict()["thinking_time"] == seconds
    assert GameConfig.from_dict(config.to_dict()) == config
    assert config.rotated(1).thinking_time == seconds


def test_missing_thinking_time_is_not_written_and_unknown_ones_are_refused() -> None:
    """A config naming no thinking time writes the options exactly as before (no key) and
    reads back None; a time not offered in setup, or not a number, is a ValueError."""
    data = GameConfig(list(SEATS)).to_dict()
    assert "thinking_time" not in data
    assert GameConfig.from_dict(data).thinking_time is None
    for bad in (3.0, 0, -1.0, "1", True, [1.0]):
        with pytest.raises(ValueError, match="thinking time"):
            GameConfig.from_dict({**data, "thinking_time": bad})


def test_the_hard_level_default_is_one_of_the_offered_thinking_times() -> None:
    """Setup starts on the hard level's own default budget, so it must be offered."""
    assert TIME_BUDGET in THINKING_TIMES


@pytest.mark.parametrize("seconds", EXPERT_THINKING_TIMES)
def test_expert_time_round_trips_and_goes_to_the_expert_only(seconds: float) -> None:
    """The expert's thinking time (setup's 1 to 10 s) is saved, read back, kept by a rotation,
    and is the budget of expert seats only (hard keeps its own)."""
    config = GameConfig(list(SEATS), "base", 4, thinking_time=0.5, expert_time=seconds)
    assert GameConfig.from_dict(config.to_dict()) == config
    assert config.rotated(1).expert_time == seconds
    assert config.time_budget("expert") == seconds
    assert config.time_budget("hard") == 0.5
    with pytest.raises(ValueError, match="expert thinking time"):
        GameConfig.from_dict({**config.to_dict(), "expert_time": 0.5})


def test_the_expert_level_default_is_one_of_the_offered_times() -> None:
    """Setup starts on the expert level's own default budget, so it must be offered."""
    from cacao_game.ai.expert import TIME_BUDGET as EXPERT_BUDGET

    assert EXPERT_BUDGET in EXPERT_THINKING_TIMES
    assert min(EXPERT_THINKING_TIMES) == 1.0 and max(EXPERT_THINKING_TIMES) == 10.0
