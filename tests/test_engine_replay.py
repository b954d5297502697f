"""``cacao_game.engine.replay``: rebuilding a game from its deal and decisions."""

from __future__ import annotations

import pytest

from cacao_game.engine import Game, IllegalActionError, Place
from cacao_game.engine.replay import ReplayError, Step, replay
from tests.saves_support import position, random_game


def test_replay_rebuilds_the_same_position_with_history() -> None:
    """Replaying a game's decisions from its setup gives the same position, undoable by default."""
    game = random_game(3, "volcano", 5, decisions=40)
    rebuilt = replay(game.setup, game.actions)
    assert position(rebuilt) == position(game)
    assert rebuilt.can_undo
    assert not replay(game.setup, game.actions, keep_history=False).can_undo


def test_on_events_sees_every_step_with_the_deciding_seat() -> None:
    """on_events gets each decision in order, with the seat that made it and the events it caused."""
    game = random_game(2, "base", 6, decisions=25)
    seen: list[Step] = []
    counts: list[int] = []

    def after(replayed: Game, step: Step) -> None:
        seen.append(step)
        counts.append(len(replayed.actions))

    replay(game.setup, game.actions, on_events=after)
    assert [step.index for step in seen] == list(range(25))
    assert [step.action for step in seen] == game.actions
    assert counts == list(range(1, 26))
    check = Game(game.setup)
    for step in seen:
        assert step.seat == check.current_player()
        assert step.events == check.apply(step.action)


def test_the_first_illegal_decision_is_named_by_its_index() -> None:
    """An illegal decision raises ReplayError (an IllegalActionError) with its index and cause."""
    game = random_game(2, "base", 7, decisions=12)
    actions = list(game.actions)
    actions[8] = Place("1111", 0, (101, 0))
    actions[10] = Place("1111", 0, (103, 0))
    with pytest.raises(ReplayError, match=r"^action 8: ") as caught:
        replay(game.setup, actions)
    assert isinstance(caught.value, IllegalActionError)
    assert caught.value.index == 8 and caught.value.action == actions[8]
    assert isinstance(caught.value.cause, IllegalActionError)
