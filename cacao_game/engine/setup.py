"""Dealing a new game from a seed (R2)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Final

from cacao_game.engine.tiles import (
    DISPLAY_SIZE,
    HAND_SIZE,
    check_players,
    check_variant,
    jungle_deck,
    worker_deck,
)

SEED_LIMIT: Final = 1_000_000_000
"""Seeds typed in setup or drawn for a deal are below this (nine digits at most)."""


def fresh_seed(rng: random.Random | None = None) -> int:
    """A seed for a deal nobody chose, drawn from ``rng`` (default: the system's entropy, the
    one choice no seed can make), below ``SEED_LIMIT``."""
    return (rng or random.SystemRandom()).randrange(SEED_LIMIT)


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
        """Raise ValueError unless the tiles are exactly the decks of R1.2-R1.5, the display
        opens with exactly 2 tiles and every seat with a hand of exactly 3 (R2.2; the jungle
        deck and each seat's tiles are larger than that for 2-4 players in both variants)."""
        check_players(self.players)
        check_variant(self.variant)
        check_seed(self.seed)
        piles = (self.display, self.jungle_pile, *self.hands, *self.worker_piles)
        if not (
            type(self.hands) is tuple
            and type(self.worker_piles) is tuple
            and all(type(pile) is tuple and all(type(code) is str for code in pile) for pile in piles)
        ):
            raise ValueError("the display, jungle pile, hands and worker piles must be tuples of codes")
        if len(self.display) != DISPLAY_SIZE:
            raise ValueError(
                f"the opening display holds {len(self.display)} tiles; the game opens with "
                f"{DISPLAY_SIZE} from the top of the jungle pile (R2.2)"
            )
        if sorted(self.display + self.jungle_pile) != sorted_jungle_deck(self.players, self.variant):
            raise ValueError("display and jungle pile are not the jungle deck of this game")
        if len(self.hands) != self.players or len(self.worker_piles) != self.players:
            raise ValueError("one hand and one worker pile per seat are needed")
        for seat in range(self.players):
            if len(self.hands[seat]) != HAND_SIZE:
                raise ValueError(
                    f"seat {seat}'s opening hand holds {len(self.hands[seat])} tiles; every seat "
                    f"starts with {HAND_SIZE} at every player count and variant (R2.2)"
                )
            if sorted(self.hands[seat] + self.worker_piles[seat]) != sorted_worker_deck(self.players):
                raise ValueError(f"seat {seat}'s worker tiles are not the set for {self.players} players")


@cache
def sorted_jungle_deck(players: int, variant: str) -> list[str]:
    """``jungle_deck`` as a sorted list (do not change it: it is shared)."""
    return sorted(jungle_deck(players, variant).elements())


@cache
def sorted_worker_deck(players: int) -> list[str]:
    """``worker_deck`` as a sorted list (do not change it: it is shared)."""
    return sorted(worker_deck(players).elements())


def check_seed(seed: object) -> None:
    """Raise ValueError unless ``seed`` is an int (not a bool) or None."""
    if seed is not None and type(seed) is not int:
        raise ValueError(f"seed must be an integer or None, not {seed!r}")


def canonical_split(tiles: Iterable[str], hand_size: int) -> tuple[list[str], list[str]]:
    """``tiles`` in a canonical order that depends only on their multiset: ``(hand, pile)``.

    Both lists are sorted descending; the hand is the ``hand_size`` smallest codes and the pile
    (listed top last, as the game keeps piles) the rest. Used to hide a hidden order.
    """
    ordered = sorted(tiles, reverse=True)
    cut = len(ordered) - hand_size
    return ordered[cut:], ordered[:cut]


@lru_cache(maxsize=256)
def setup_seen_by(setup: Setup, seat: int) -> Setup:
    """The deal as ``seat`` saw it: a stand-in that hides what the seat could not see.

    Kept: players, variant, the display (dealt face up) and ``seat``'s own opening hand.
    Hidden: the seed (None), the order of the jungle pile and of every worker pile, and the
    other seats' opening hands; those are put in the canonical order of ``canonical_split``,
    so two deals that ``seat`` cannot tell apart give equal results. The result still passes
    ``validate``, but it does not replay to the real game.
    """
    hands: list[tuple[str, ...]] = []
    piles: list[tuple[str, ...]] = []
    for other in range(setup.players):
        own = other == seat
        hand_size = len(setup.hands[other])
        hidden = setup.worker_piles[other] if own else setup.hands[other] + setup.worker_piles[other]
        hand, pile = canonical_split(hidden, 0 if own else hand_size)
        hands.append(setup.hands[other] if own else tuple(hand))
        piles.append(tuple(reversed(pile)))
    return replace(
        setup,
        seed=None,
        jungle_pile=tuple(reversed(canonical_split(setup.jungle_pile, 0)[1])),
        hands=tuple(hands),
        worker_piles=tuple(piles),
    )


def deal(players: int, variant: str = "base", seed: int | None = None) -> Setup:
    """Shuffle and deal a new game from ``random.Random(seed)`` (R2.2); without a seed one is
    drawn (``fresh_seed``) and kept in the setup, so every dealt game can be dealt again and
    its record names the seed it was dealt from (``shared/spec/game-record.md``; a review
    found ``"seed": null``).

    Raises ValueError unless ``players`` is the int 2-4, ``variant`` a known variant and
    ``seed`` an int (not a bool) or None.

    Order: jungle pile, then each seat's worker pile in seat order; the display takes the top
    2 jungle tiles, then each seat draws 3 worker tiles. Decks are listed in a fixed order
    before shuffling, so the same seed always deals the same game.
    """
    check_players(players)
    check_variant(variant)
    check_seed(seed)
    if seed is None:
        seed = fresh_seed()
    rng = random.Random(seed)
    jungle = sorted_jungle_deck(players, variant).copy()
    rng.shuffle(jungle)
    piles = []
    for _seat in range(players):
        pile = sorted_worker_deck(players).copy()
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
