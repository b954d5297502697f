"""Where each seat's points came from, over a whole game.

``game_stats(game)`` replays ``game`` from its deal (``engine.replay``) and adds up, per seat,
the gold from markets, gold mines and volcanoes (R3.10), the final scoring's temples, water
and sun (R5.1-R5.3), and the cacao harvested and sold. The parts add up to the score.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cacao_game.engine import Game
from cacao_game.engine import events as ev
from cacao_game.engine.replay import Step, replay
from cacao_game.engine.tiles import VOLCANO


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


def game_stats(game: Game) -> list[SeatStats]:
    """Each seat's statistics for ``game`` (finished or not: then the final scoring parts are
    what they would be now)."""
    stats = [SeatStats() for _ in range(game.players)]

    def count(replayed: Game, step: Step) -> None:
        for event in step.events:
            add(stats, replayed, event)

    replay(game.setup, game.actions, on_events=count, keep_history=False)
    for seat, score in enumerate(game.score_now()):
        stats[seat].temples = score.temples
        stats[seat].water = score.water
        stats[seat].sun = score.sun
    return stats


def add(stats: list[SeatStats], game: Game, event: ev.Event) -> None:
    """Count ``event`` (``game`` is the state just after it, to tell a volcano from a mine)."""
    if isinstance(event, ev.CacaoGained):
        stats[event.seat].harvested += event.gained
    elif isinstance(event, ev.CacaoSold):
        stats[event.seat].sold += event.sold
        stats[event.seat].markets += event.sold * event.price
    elif isinstance(event, ev.GoldGained):
        if game.jungle.get(event.source, ("", 0))[0] == VOLCANO:
            stats[event.seat].volcanoes += event.gained
        else:
            stats[event.seat].mines += event.gained
    elif isinstance(event, ev.GoldPaid):
        stats[event.seat].volcanoes -= event.paid
    elif isinstance(event, ev.SunSpent):
        stats[event.seat].sun_spent += 1
    elif isinstance(event, ev.TurnEnded):
        for seat, held in enumerate(game.gold):
            stats[seat].gold_by_turn.append(held)
