"""Dealing a new game from a seed (R2)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from cacao_game.engine.tiles import (
    DISPLAY_SIZE,
    HAND_SIZE,
    VARIANTS,
    WORKER_SET,
    jungle_deck,
    worker_deck,
)


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything dealt before the first move. Piles are listed top first."""

    players: int
    variant: str
    seed: int | None
    display: tuple[str, ...]
    jungle_pile: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    worker_piles: tuple[tuple[str, ...], ...]

    def validate(self) -> None:
        """Raise ValueError unless the tiles are exactly the decks of R1.2-R1.5."""
        if self.players not in WORKER_SET:
            raise ValueError(f"players must be 2, 3 or 4, not {self.players!r}")
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}")
        if len(self.display) > DISPLAY_SIZE:
            raise ValueError("the display holds at most 2 tiles")
        if Counter(self.display) + Counter(self.jungle_pile) != jungle_deck(self.players, self.variant):
            raise ValueError("display and jungle pile are not the jungle deck of this game")
        if len(self.hands) != self.players or len(self.worker_piles) != self.players:
            raise ValueError("one hand and one worker pile per seat are needed")
        for seat in range(self.players):
            if len(self.hands[seat]) > HAND_SIZE:
                raise ValueError(f"seat {seat} holds more than 3 tiles")
            tiles = Counter(self.hands[seat]) + Counter(self.worker_piles[seat])
            if tiles != worker_deck(self.players):
                raise ValueError(f"seat {seat}'s worker tiles are not the set for {self.players} players")


def deal(players: int, variant: str = "base", seed: int | None = None) -> Setup:
    """Shuffle and deal a new game from ``random.Random(seed)`` (R2.2).

    Order: jungle pile, then each seat's worker pile in seat order; the display takes the top
    2 jungle tiles, then each seat draws 3 worker tiles. Decks are listed in a fixed order
    before shuffling, so the same seed always deals the same game.
    """
    rng = random.Random(seed)
    jungle = sorted(jungle_deck(players, variant).elements())
    rng.shuffle(jungle)
    piles = []
    for _seat in range(players):
        pile = sorted(worker_deck(players).elements())
        rng.shuffle(pile)
        piles.append(pile)
    return Setup(
        players=players,
        variant=variant,
        seed=seed,
        display=tuple(jungle[:DISPLAY_SIZE]),
        jungle_pile=tuple(jungle[DISPLAY_SIZE:]),
        hands=tuple(tuple(pile[:HAND_SIZE]) for pile in piles),
        worker_piles=tuple(tuple(pile[HAND_SIZE:]) for pile in piles),
    )
