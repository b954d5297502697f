"""A whole turn in numbers, before it is played: what a placement earns, what the fill and
resolution after it would add, and what it hands to the other seats.

``turn_preview(game, action)`` plays ``action`` on a stand-in of the game that knows only
what the mover sees (``Game.determinize`` with a fixed seed: the real order of the piles never
leaks into a preview), then lets every later decision of the same turn be taken as the
medium AI would take it, until the next seat's placement (or, where a ``FollowUps`` gives
them, as planned: the tutorial's script, so that a lesson's preview does not argue with its
text). Draws from the jungle pile are guesses then: ``TurnPreview.guessed`` says so and the
text marks the follow-up "about".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from cacao_game.ai.medium import MediumPlayer
from cacao_game.engine import Action, Fill, Game, Phase, Resolve
from cacao_game.engine import events as ev
from cacao_game.engine.errors import IllegalActionError
from cacao_game.engine.tiles import Pos
from cacao_game.session.ledger import gains

PREVIEW_SEED = 7
"""Seed of the stand-in's shuffle: the same state always gives the same preview."""
MAX_FOLLOW_UPS = 40
"""Decisions after the placement a preview plays out at most (a turn has far fewer)."""


@dataclass(frozen=True)
class TurnPreview:
    """One placement's turn, in counts (keys: cacao, gold, water, sun, lost).

    ``at_once`` is what the placement itself earns the mover, with what the rest of the turn
    adds when nothing in it is the mover's to choose or guessed (the rules settle it); else
    ``then`` is what the mover's fills and resolutions of the same turn add; ``others`` what
    each other seat gains during the turn (by seat, only seats that gain something);
    ``opens`` the empty worker squares next to the jungle tiles laid this turn, where the
    next seats may place."""

    at_once: Counter[str]
    then: Counter[str] = field(default_factory=Counter)
    others: dict[int, Counter[str]] = field(default_factory=dict)
    opens: int = 0
    guessed: bool = False
    """A tile still hidden in the pile is laid this turn (the display ran out): ``then`` and
    ``others`` assume a shuffled pile."""
    decides_more: bool = False
    """The mover still has a fill or a resolution to choose after the placement: one with
    more than one way to make it (a resolution the rules settle alone is no choice)."""
    temples: int = 0
    """How the mover's temple gold if the game ended (R5.1, the temples panel's awards)
    changes by the end of the turn: workers brought to a temple win or share its majority."""
    standings: tuple[tuple[Pos, tuple[int, ...], tuple[int, ...]], ...] = ()
    """Every temple's workers and awards at the end of the turn (``Game.temple_standings``),
    temples laid by the turn's fills included: what the temples panel shows for this move,
    so that its awards and ``temples`` are one count (a tester's label said +9 gold at the
    temples where the panel showed +3: a fill was to lay a temple beside the new workers)."""
    fills: tuple[Fill, ...] = ()
    """The jungle tiles the turn lays after the move (the engine's own included), in order, as
    far as they lie face up before it (a tile from the pile, or one the display shows only
    once refilled from it, is a guess: it and every later one are left out), so that the board
    can show the tiles behind the counts (a German trial read a label whose gain came from no
    tile drawn)."""

    @property
    def total(self) -> Counter[str]:
        """What the mover ends the turn with, all told (``at_once`` plus ``then``)."""
        total = Counter(self.at_once)
        total.update(self.then)
        return nonzero(total)


class FollowUps(Protocol):
    """Where a preview takes the mover's later decisions of the turn from."""

    def follow_ups(self, game: Game, action: Action) -> tuple[Action, ...]:
        """The mover's decisions after ``action`` in ``game``'s turn that a preview assumes, in
        order (each while it is legal; the medium AI's for the rest); () for none."""
        ...

    def resolution(self, game: Game) -> tuple[Resolve, ...]:
        """The steps of the resolution ``game`` waits for, as they will be played whichever
        way to the same end the player picks (the tutorial's script); () for none."""
        ...


def turn_preview(
    game: Game, action: Action | Sequence[Action], planned: Sequence[Action] = ()
) -> TurnPreview:
    """The preview of ``action`` (a placement, or the fills given so far) for the mover of
    ``game`` (``game`` is not changed). A fill of a space the rules already filled (the last
    space, when a single tile is left for it) is skipped. The mover's later decisions are
    ``planned``'s, in order, while the next one is legal, then the medium AI's.

    Raises ``IllegalActionError`` if an action is not legal in turn."""
    mover = game.mover
    world = game.determinize(mover, random.Random(PREVIEW_SEED))
    placed: list[ev.Event] = []
    steps = [action] if not isinstance(action, Sequence) else list(action)
    for step in steps:
        if isinstance(step, Fill) and step.pos not in world.pending_fills:
            continue
        placed += world.apply(step)
    at_once = nonzero(gains(placed, mover))
    decides_more = False
    later: list[ev.Event] = []
    player = MediumPlayer(random.Random(PREVIEW_SEED))
    plan = list(planned)
    for _ in range(MAX_FOLLOW_UPS):
        if world.is_over() or world.phase is Phase.PLACE:
            break
        legal = world.legal_actions() if world.current_player() == mover else []
        decides_more = decides_more or len(legal) > 1
        later += world.apply(plan.pop(0) if plan and plan[0] in legal else player.choose(world))
    everything = placed + later
    face_up = Counter(game.display)
    fills: list[Fill] = []
    given = {step.pos for step in steps if isinstance(step, Fill)}
    for e in everything:
        if isinstance(e, ev.JungleFilled) and e.pos not in given:
            if e.source != "display" or not face_up[e.tile]:
                break
            face_up[e.tile] -= 1
            fills.append(Fill(e.pos, e.tile, e.rotation))
    others = {
        seat: counted
        for seat in range(world.players)
        if seat != mover and (counted := nonzero(gains(everything, seat)))
    }
    laid = [e.pos for e in everything if isinstance(e, ev.JungleFilled)]
    from_pile = [e for e in everything if isinstance(e, ev.JungleFilled) and e.source == "pile"]
    guessed = len(from_pile) > (1 if game.revealed_pile_tile() else 0)
    settled = not decides_more and not guessed
    return TurnPreview(
        at_once=nonzero(gains(everything, mover)) if settled else at_once,
        then=Counter() if settled else nonzero(gains(later, mover)),
        others=others,
        opens=len(open_squares(world, laid)),
        guessed=guessed,
        decides_more=decides_more,
        temples=world.score_now()[mover].temples - game.score_now()[mover].temples,
        standings=tuple(world.temple_standings()),
        fills=tuple(fills),
    )


def nonzero(counts: Counter[str]) -> Counter[str]:
    """``counts`` without its zero entries (negative ones kept: a sale spends cacao)."""
    return Counter({key: value for key, value in counts.items() if value})


def open_squares(game: Game, laid: list[Pos]) -> set[Pos]:
    """Empty worker squares next to the jungle squares ``laid``."""
    squares = set()
    for x, y in laid:
        for square in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if square not in game.workers and square not in game.jungle:
                squares.add(square)
    return squares


class PreviewCache:
    """Previews by game state and action (one state at a time: the cache empties when the
    game moves on)."""

    def __init__(self, follow: FollowUps | None = None) -> None:
        """``follow``: where the mover's later decisions come from (None: the medium AI's)."""
        self._follow = follow
        self._state: int = -1
        self._previews: dict[Action | tuple[Action, ...], TurnPreview | None] = {}

    def get(self, game: Game, action: Action | tuple[Action, ...]) -> TurnPreview | None:
        """The preview of ``action`` (or of several in turn) in ``game`` now; None if one is
        not legal."""
        state = len(game.actions)
        if state != self._state:
            self._state, self._previews = state, {}
        if action not in self._previews:
            follow = self._follow
            planned = () if follow is None or isinstance(action, tuple) else follow.follow_ups(game, action)
            try:
                self._previews[action] = turn_preview(game, action, planned)
            except IllegalActionError:
                self._previews[action] = None
        return self._previews[action]
