"""What the table shows: an immutable snapshot of a game's public parts, built from events.

``Shown.of(game)`` is the snapshot equal to a game; ``reduce(shown, event)`` is the one
function that moves it on by one engine event. Animations apply ``reduce`` as each event
lands, so the snapshot ends exactly where the engine is whether they play or are skipped.
``reduce`` has one case per engine event type and ends in ``assert_never``, so mypy names a
new event type it does not handle. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import assert_never

from cacao_game.engine import Game, WorkerTile
from cacao_game.engine import events as ev
from cacao_game.engine.game import Standings, scores_with, temple_standings
from cacao_game.engine.scoring import SeatScore
from cacao_game.engine.tiles import Pos


@dataclass(frozen=True)
class Shown:
    """The board, display, pile size, hands, piles and tokens as shown; never changed in place."""

    jungle: Mapping[Pos, tuple[str, int]]
    workers: Mapping[Pos, WorkerTile]
    covered: Mapping[Pos, WorkerTile]
    display: tuple[str, ...]
    pile_count: int
    hands: tuple[tuple[str, ...], ...]
    piles: tuple[int, ...]
    gold: tuple[int, ...]
    cacao: tuple[int, ...]
    sun: tuple[int, ...]
    water: tuple[int, ...]
    mover: int
    turn: int
    over: bool

    @classmethod
    def of(cls, game: Game) -> Shown:
        """The snapshot equal to ``game`` (reads only)."""
        return cls(
            jungle=dict(game.jungle),
            workers=dict(game.workers),
            covered=dict(game.covered),
            display=tuple(game.display),
            pile_count=len(game.jungle_pile),
            hands=tuple(tuple(hand) for hand in game.hands),
            piles=tuple(len(pile) for pile in game.worker_piles),
            gold=tuple(game.gold),
            cacao=tuple(game.cacao),
            sun=tuple(game.sun),
            water=tuple(game.water),
            mover=game.mover,
            turn=game.turn,
            over=game.is_over(),
        )

    def temple_standings(self) -> Standings:
        """Per temple on the board as shown: its square, workers per seat, awards (R5.1; the
        engine's reading, ``engine.game.temple_standings``, of the shown board), in the order
        the temples were laid, so a temple keeps its number in the temples panel all game."""
        return temple_standings(self.jungle, self.workers, len(self.gold))

    def scores(self) -> tuple[SeatScore, ...]:
        """Each seat's score if the game ended as shown: the shown gold, sun, water and cacao
        with the temples of the shown board (what a seat panel and its tooltip both show;
        the engine's sum, ``engine.game.scores_with``)."""
        return scores_with(self.temple_standings(), self.gold, self.sun, self.water, self.cacao)


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def _placed(s: Shown, e: ev.TilePlaced) -> Shown:
    """A hand the table cannot see holds stand-ins (``TableSource.table_game``): a placed
    tile that is not among them takes the place of the last one, so the count stays right."""
    hand = list(s.hands[e.seat])
    if e.tile in hand:
        hand.remove(e.tile)
    elif hand:
        hand.pop()
    hands = (*s.hands[: e.seat], tuple(hand), *s.hands[e.seat + 1 :])
    covered = dict(s.covered)
    if e.overbuild and e.pos in s.workers:
        covered[e.pos] = s.workers[e.pos]
    workers = {**s.workers, e.pos: WorkerTile(e.seat, e.tile, e.rotation)}
    return replace(s, hands=hands, workers=workers, covered=covered)


def _filled(s: Shown, e: ev.JungleFilled) -> Shown:
    jungle = {**s.jungle, e.pos: (e.tile, e.rotation)}
    if e.source == "display" and e.tile in s.display:
        display = list(s.display)
        display.remove(e.tile)
        return replace(s, jungle=jungle, display=tuple(display))
    return replace(s, jungle=jungle, pile_count=max(0, s.pile_count - 1))


def _drawn(s: Shown, e: ev.WorkerDrawn) -> Shown:
    hands = (*s.hands[: e.seat], s.hands[e.seat] + (e.tile,), *s.hands[e.seat + 1 :])
    return replace(s, hands=hands, piles=_set(s.piles, e.seat, max(0, s.piles[e.seat] - 1)))


def reduce(shown: Shown, event: ev.Event) -> Shown:
    """``shown`` moved on by ``event``: the one case per engine event type of the table."""
    s = shown
    match event:
        case ev.TurnStarted(seat=seat, turn=turn):
            return replace(s, mover=seat, turn=turn)
        case ev.TilePlaced():
            return _placed(s, event)
        case ev.SunSpent(seat=seat, sun=sun) | ev.SunGained(seat=seat, sun=sun):
            return replace(s, sun=_set(s.sun, seat, sun))
        case ev.JungleFilled():
            return _filled(s, event)
        case ev.CacaoGained(seat=seat, cacao=cacao):
            return replace(s, cacao=_set(s.cacao, seat, cacao))
        case ev.CacaoSold(seat=seat, cacao=cacao, gold=gold):
            return replace(s, cacao=_set(s.cacao, seat, cacao), gold=_set(s.gold, seat, gold))
        case ev.GoldGained(seat=seat, gold=gold) | ev.GoldPaid(seat=seat, gold=gold):
            return replace(s, gold=_set(s.gold, seat, gold))
        case ev.WaterMoved(seat=seat, end=end):
            return replace(s, water=_set(s.water, seat, end))
        case ev.WorkerDrawn():
            return _drawn(s, event)
        case ev.DisplayRefilled(drawn=drawn, display=display):
            return replace(s, display=tuple(display), pile_count=max(0, s.pile_count - len(drawn)))
        case ev.GameEnded():
            return replace(s, over=True)
        case ev.FillRequired() | ev.EdgeActivated() | ev.EdgeResolved() | ev.TurnEnded() | ev.TempleScored():
            return s
        case _:
            assert_never(event)
