"""The state the play scene draws: the engine state as far as the animations have got."""

from __future__ import annotations

from dataclasses import dataclass, field

from cacao_game.engine import Game, WorkerTile
from cacao_game.engine.tiles import Pos


@dataclass
class Shown:
    """A drawable copy of the public parts of a game (plus the hands, for the hand bar).

    Animations change it step by step; ``sync`` makes it equal to the engine again.
    """

    jungle: dict[Pos, tuple[str, int]] = field(default_factory=dict)
    workers: dict[Pos, WorkerTile] = field(default_factory=dict)
    covered: dict[Pos, WorkerTile] = field(default_factory=dict)
    display: list[str] = field(default_factory=list)
    pile_count: int = 0
    hands: list[list[str]] = field(default_factory=list)
    piles: list[int] = field(default_factory=list)
    gold: list[int] = field(default_factory=list)
    cacao: list[int] = field(default_factory=list)
    sun: list[int] = field(default_factory=list)
    water: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game) -> Shown:
        """The shown state equal to ``game``."""
        shown = cls()
        shown.sync(game)
        return shown

    def sync(self, game: Game) -> None:
        """Copy every shown field from ``game`` (reads only)."""
        self.jungle = dict(game.jungle)
        self.workers = dict(game.workers)
        self.covered = dict(game.covered)
        self.display = list(game.display)
        self.pile_count = len(game.jungle_pile)
        self.hands = [list(h) for h in game.hands]
        self.piles = [len(p) for p in game.worker_piles]
        self.gold = list(game.gold)
        self.cacao = list(game.cacao)
        self.sun = list(game.sun)
        self.water = list(game.water)

    def tiles_left(self, seat: int) -> int:
        """Worker tiles ``seat`` still has to place (hand and pile)."""
        return len(self.hands[seat]) + self.piles[seat]
