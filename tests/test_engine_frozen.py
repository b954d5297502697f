"""The engine's fast constructor for frozen dataclasses makes the very values the class makes."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cacao_game.engine import Game
from cacao_game.engine import events as ev
from cacao_game.engine.frozen import fast_constructor
from cacao_game.engine.game import ActivatedEdge


@dataclasses.dataclass(frozen=True, slots=True)
class _WithDefault:
    name: str
    count: int = 3


def test_fast_values_are_frozen_instances_equal_to_the_class_made_ones() -> None:
    make = fast_constructor(ev.EdgeActivated)
    fast = make(1, (3, 4), 2, (3, 5), "market2", 2)
    slow = ev.EdgeActivated(1, (3, 4), 2, (3, 5), "market2", 2)
    assert type(fast) is ev.EdgeActivated
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.seat = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del fast.seat


def test_defaults_and_keywords_are_honoured() -> None:
    make = fast_constructor(_WithDefault)
    assert make("a") == _WithDefault("a", 3)
    assert make("a", count=5) == _WithDefault("a", 5)
    with pytest.raises(TypeError):
        make()  # type: ignore[call-arg]


def test_a_class_that_is_not_a_slotted_dataclass_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Plain:
        x: int

    with pytest.raises(TypeError):
        fast_constructor(Plain)


def test_engine_events_and_edges_are_of_their_own_classes() -> None:
    """Events match by class (``match``); a leaked private subclass would still match but
    show another name and break ``type(event) is ...`` checks."""
    event_classes = {
        cls for cls in vars(ev).values() if isinstance(cls, type) and cls.__module__ == ev.__name__
    }
    game = Game.new(2, "volcano", 11, keep_history=False)
    rng = random.Random(11)
    while not game.is_over():
        for event in game.apply(rng.choice(game.legal_actions())):
            assert type(event) in event_classes
        for seat in range(game.players):
            assert all(type(edge) is ActivatedEdge for edge in game.pending_edges(seat))
