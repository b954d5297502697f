"""What engine events did for each seat, counted three ways from one reading of each event.

``changes(event)`` is the one place that reads an engine event as a seat's gain or loss: every
event type has a case, and mypy names a new one that has none (``assert_never``). From it:

- ``gains(events, seat)``: what a seat gained, in counts (cacao, gold net, water steps, sun,
  cacao lost) - the previews and the selection's "+2 cacao, +3 gold";
- ``steps_of(events, seat)``: the same as the steps of a resolution ("harvest 2, sell 2 at 2");
- ``game_stats(game)``: where each seat's points came from over a whole game (R3.10, R5.1-R5.3),
  replayed from its deal through the engine's one replay loop. The parts add up to the score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, assert_never

from cacao_game.engine import Game
from cacao_game.engine import events as ev
from cacao_game.engine.replay import Step as ReplayStep
from cacao_game.engine.replay import replay
from cacao_game.engine.tiles import VOLCANO, Pos

StepKind = Literal["harvest", "sell", "keep", "gold", "pay", "water", "sun", "lost", "spend_sun"]
"""What happened to a seat: cacao harvested, sold (or kept at a market), gold taken or paid,
water steps, sun taken, cacao wasted at the cap, a sun token paid for overbuilding."""

OUTCOME_KINDS: frozenset[StepKind] = frozenset({"harvest", "sell", "keep", "gold", "pay", "water", "sun"})
"""The kinds a resolution's outcome names (``outcome.<kind>`` strings)."""


@dataclass(frozen=True)
class Step:
    """One thing that happens to a seat: ``kind``, how many (``amount``), and ``price`` for a
    market (``sell`` or ``keep``)."""

    kind: StepKind
    amount: int
    price: int = 0


@dataclass(frozen=True, slots=True)
class Change:
    """``step`` happened to ``seat``, caused by the jungle square ``source`` (None: overbuild)."""

    seat: int
    step: Step
    source: Pos | None


def changes(event: ev.Event) -> tuple[Change, ...]:
    """What ``event`` did to a seat's goods, as changes (amounts may be 0); () for events that
    move no goods."""
    match event:
        case ev.CacaoGained(seat=seat, gained=gained, lost=lost, source=source):
            return Change(seat, Step("harvest", gained), source), Change(seat, Step("lost", lost), source)
        case ev.CacaoSold(seat=seat, sold=sold, price=price, source=source):
            step = Step("sell", sold, price) if sold else Step("keep", 0, price)
            return (Change(seat, step, source),)
        case ev.GoldGained(seat=seat, gained=gained, source=source):
            return (Change(seat, Step("gold", gained), source),)
        case ev.GoldPaid(seat=seat, paid=paid, source=source):
            return (Change(seat, Step("pay", paid), source),)
        case ev.WaterMoved(seat=seat, start=start, end=end, source=source):
            return (Change(seat, Step("water", end - start), source),)
        case ev.SunGained(seat=seat, gained=gained, source=source):
            return (Change(seat, Step("sun", gained), source),)
        case ev.SunSpent(seat=seat):
            return (Change(seat, Step("spend_sun", 1), None),)
        case (
            ev.TurnStarted()
            | ev.TilePlaced()
            | ev.FillRequired()
            | ev.JungleFilled()
            | ev.EdgeActivated()
            | ev.EdgeResolved()
            | ev.WorkerDrawn()
            | ev.DisplayRefilled()
            | ev.TurnEnded()
            | ev.TempleScored()
            | ev.GameEnded()
        ):
            return ()
        case _:
            assert_never(event)


def _of(events: Iterable[ev.Event], seat: int) -> list[Change]:
    return [change for event in events for change in changes(event) if change.seat == seat]


def gains(events: Iterable[ev.Event], seat: int) -> Counter[str]:
    """What ``seat`` gained in ``events``: cacao, gold (net), water steps, sun (net: an
    overbuild pays 1), cacao lost."""
    total: Counter[str] = Counter()
    for change in _of(events, seat):
        step = change.step
        match step.kind:
            case "harvest":
                total["cacao"] += step.amount
            case "sell":
                total["cacao"] -= step.amount
                total["gold"] += step.amount * step.price
            case "gold":
                total["gold"] += step.amount
            case "pay":
                total["gold"] -= step.amount
            case "water" | "sun" | "lost":
                total[step.kind] += step.amount
            case "spend_sun":
                total["sun"] -= step.amount
            case "keep":
                pass
            case _:
                assert_never(step.kind)
    return total


def steps_of(events: Iterable[ev.Event], seat: int) -> list[Step]:
    """What ``events`` did for ``seat`` as a resolution's steps, in order; steps of nothing
    are left out (a market that sold none stays, as ``keep``)."""
    return [
        change.step
        for change in _of(events, seat)
        if change.step.kind in OUTCOME_KINDS and (change.step.amount or change.step.kind == "keep")
    ]


@dataclass
class SeatStats:
    """One seat's game, by source. Gold figures are gold coins; ``total`` is the score."""

    markets: int = 0
    """Gold from selling cacao."""
    mines: int = 0
    """Gold from gold mines."""
    volcanoes: int = 0
    """Gold from volcanoes' +2 edges less gold paid at their -1 edges."""
    temples: int = 0
    water: int = 0
    sun: int = 0
    """Final scoring: one gold per sun token left."""
    harvested: int = 0
    """Cacao taken from plantations (wasted cacao not counted)."""
    sold: int = 0
    """Cacao sold at markets."""
    sun_spent: int = 0
    """Sun tokens paid for overbuilding."""
    gold_by_turn: list[int] = field(default_factory=list)
    """Gold held at the end of every turn."""

    @property
    def total(self) -> int:
        """The score: every source of gold plus the final scoring."""
        return self.markets + self.mines + self.volcanoes + self.temples + self.water + self.sun

    def count(self, change: Change, game: Game) -> None:
        """Add ``change`` (``game`` is the state just after it, to tell a volcano from a mine)."""
        step = change.step
        match step.kind:
            case "harvest":
                self.harvested += step.amount
            case "sell":
                self.sold += step.amount
                self.markets += step.amount * step.price
            case "gold":
                if change.source is not None and game.jungle.get(change.source, ("", 0))[0] == VOLCANO:
                    self.volcanoes += step.amount
                else:
                    self.mines += step.amount
            case "pay":
                self.volcanoes -= step.amount
            case "spend_sun":
                self.sun_spent += step.amount
            case "keep" | "water" | "sun" | "lost":
                pass
            case _:
                assert_never(step.kind)


def game_stats(game: Game) -> list[SeatStats]:
    """Each seat's statistics for ``game`` (finished or not: then the final scoring parts are
    what they would be now)."""
    stats = [SeatStats() for _ in range(game.players)]

    def count(replayed: Game, step: ReplayStep) -> None:
        for event in step.events:
            for change in changes(event):
                stats[change.seat].count(change, replayed)
            if isinstance(event, ev.TurnEnded):
                for seat, held in enumerate(replayed.gold):
                    stats[seat].gold_by_turn.append(held)

    replay(game.setup, game.actions, on_events=count, keep_history=False)
    for seat, score in enumerate(game.score_now()):
        stats[seat].temples = score.temples
        stats[seat].water = score.water
        stats[seat].sun = score.sun
    return stats
