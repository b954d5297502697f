"""A seat's resolution as a choice between outcomes, not a string of single questions.

When a seat has activated edges to resolve (R3.9-R3.10), what matters to it is where it ends:
"harvest 2, sell 2 at 2: +4 gold" or "harvest 2, keep them: +2 cacao". ``outcomes(game)``
plays every order and amount the rules allow for the deciding seat, on clones, and returns
each distinct end once (two workers at one market do not give two identical answers), with
the engine's ``Resolve`` steps that reach it and what happened on the way. The outcome the
medium AI would reach is marked as the default.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cacao_game.ai.medium import MediumPlayer
from cacao_game.engine import Game, Phase, Resolve
from cacao_game.engine import events as ev
from cacao_game.engine.resolution import best_outcomes
from cacao_game.session.ledger import Step, gains, steps_of

MAX_PATHS = 512
"""Orders explored at most (a real resolution has a handful)."""


@dataclass(frozen=True)
class Outcome:
    """One way the deciding seat's resolution can end."""

    actions: tuple[Resolve, ...]
    """The engine steps, in order."""
    steps: tuple[Step, ...]
    """What happens, in order (steps of nothing left out)."""
    result: tuple[tuple[str, int], ...]
    """What the seat gains or loses, all told: sorted (name, amount) pairs, zeros left out."""
    default: bool = False
    """The outcome the medium AI would choose."""

    @property
    def gains(self) -> Counter[str]:
        """``result`` as counts."""
        return Counter(dict(self.result))


def outcomes(game: Game) -> list[Outcome]:
    """The distinct ends of the deciding seat's resolution (``game`` is not changed); [] when
    nobody is resolving. Ordered by the first step that reaches them; the medium AI's pick
    carries ``default``. Of the ways to one end, the one told harvests first (``_reading``):
    a tester read "sell none at 2, harvest 4" as selling before harvesting."""
    if game.is_over() or game.phase is not Phase.RESOLVE:
        return []
    seat = game.current_player()
    found: dict[tuple[tuple[str, int], ...], Outcome] = {}
    stack: list[tuple[Game, tuple[Resolve, ...], tuple[ev.Event, ...]]] = [(game, (), ())]
    explored = 0
    while stack and explored < MAX_PATHS:
        state, actions, events = stack.pop(0)
        if actions and not state.decides(seat, Phase.RESOLVE):
            result = _result(list(events), seat)
            steps = tuple(steps_of(list(events), seat))
            if result not in found or _reading(steps) < _reading(found[result].steps):
                found[result] = Outcome(actions, steps, result)
            explored += 1
            continue
        for action in state.legal_actions():
            assert isinstance(action, Resolve)
            after = state.clone()
            happened = after.apply(action)
            stack.append((after, (*actions, action), (*events, *happened)))
    chosen = _medium_result(game, seat)
    kept = _undominated(list(found.values()), game.gold_at_risk(seat))
    return [Outcome(o.actions, o.steps, o.result, default=o.result == chosen) for o in kept]


def _undominated(ends: list[Outcome], gold_at_risk: bool) -> list[Outcome]:
    """``ends`` less each that another beats on cacao and gold (``resolution.best_outcomes``,
    R3.10): the engine offers every step that can still reach a best end from where the seat
    stands, so a first sale at one market can lead to ends that another first step beats (a
    French trial was offered "+1 cacao, +3 gold" beside "+1 cacao, +4 gold")."""

    def held(end: Outcome) -> tuple[int, int]:
        result = dict(end.result)
        return result.get("cacao", 0), result.get("gold", 0)

    best = best_outcomes(frozenset(held(end) for end in ends), gold_at_risk)
    return [end for end in ends if held(end) in best]


def outcome_of(game: Game, actions: Sequence[Resolve]) -> Outcome | None:
    """What playing ``actions`` (resolution steps of the deciding seat, in order) in ``game``
    does for that seat, as ``outcomes`` tells its ends; None when a step is not legal where it
    is made (``game`` is not changed). The panel's rows and the coach's words for the same
    steps then say the same ("harvest 4": the cacao, not the 2 workers who harvest it)."""
    if game.is_over():
        return None
    seat = game.current_player()
    state = game.clone()
    events: list[ev.Event] = []
    for action in actions:
        if not state.is_legal(action):
            return None
        events += state.apply(action)
    return Outcome(tuple(actions), tuple(steps_of(events, seat)), _result(events, seat))


def as_planned(rows: Sequence[Outcome], game: Game, planned: Sequence[Resolve]) -> list[Outcome]:
    """``rows`` (``outcomes(game)``) with the one that ends where ``planned`` does told as
    ``planned`` plays it (its steps and their order); ``rows`` as they are when ``planned``
    is not legal in turn."""
    told = outcome_of(game, planned)
    if told is None:
        return list(rows)
    return [
        Outcome(told.actions, told.steps, told.result, row.default) if row.result == told.result else row
        for row in rows
    ]


def _reading(steps: Sequence[Step]) -> tuple[int, ...]:
    """How a way to an end reads, smaller first: its harvests as early as they can be."""
    return tuple(0 if step.kind == "harvest" else 1 for step in steps)


def _result(events: list[ev.Event], seat: int) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((key, value) for key, value in gains(events, seat).items() if value))


def result_after(game: Game, step: Resolve) -> tuple[tuple[str, int], ...] | None:
    """Where the deciding seat's resolution ends if it takes ``step`` and then goes on as the
    medium AI would (an ``Outcome.result``); None if ``step`` is not legal now."""
    if not game.is_legal(step):
        return None
    seat = game.current_player()
    world = game.clone()
    return _medium_result(world, seat, world.apply(step))


def _medium_result(
    game: Game, seat: int, events: list[ev.Event] | None = None
) -> tuple[tuple[str, int], ...]:
    """Where the medium AI would end the seat's resolution (after ``events``, if given)."""
    world = game.clone()
    player = MediumPlayer(random.Random(0))
    events = list(events or [])
    while not world.is_over() and world.phase is Phase.RESOLVE and world.current_player() == seat:
        events += world.apply(player.choose(world))
    return _result(events, seat)
