"""Final scoring (R5): temples, sun, water, totals and winners."""

from __future__ import annotations

from dataclasses import dataclass

from cacao_game.engine.tiles import water_value

FIRST_PLACE_GOLD = 6
SECOND_PLACE_GOLD = 3


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's final score and its parts."""

    gold: int
    """Gold held before final scoring."""
    temples: int
    sun: int
    water: int
    """Value of the water field; may be negative."""
    cacao: int
    """Cacao left: the tiebreak (R5.4)."""

    @property
    def total(self) -> int:
        """gold + temples + sun + water."""
        return self.gold + self.temples + self.sun + self.water


def temple_awards(workers: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Gold each seat wins at one temple, from its worker count there (R5.1).

    A seat with 0 workers takes no part. Ties for first share 6 (rounded down each) and
    nobody is second; otherwise the single first gets 6 and the seats tied for the next
    count share 3 (rounded down each).
    """
    present = sorted({w for w in workers if w > 0}, reverse=True)
    awards = [0] * len(workers)
    if not present:
        return tuple(awards)
    firsts = [seat for seat, w in enumerate(workers) if w == present[0]]
    if len(firsts) > 1 or len(present) == 1:
        for seat in firsts:
            awards[seat] = FIRST_PLACE_GOLD // len(firsts)
        return tuple(awards)
    awards[firsts[0]] = FIRST_PLACE_GOLD
    seconds = [seat for seat, w in enumerate(workers) if w == present[1]]
    for seat in seconds:
        awards[seat] = SECOND_PLACE_GOLD // len(seconds)
    return tuple(awards)


def seat_score(gold: int, temples: int, sun: int, water_step: int, cacao: int) -> SeatScore:
    """The score of one seat from what it holds at the end."""
    return SeatScore(gold=gold, temples=temples, sun=sun, water=water_value(water_step), cacao=cacao)


def winners(scores: list[SeatScore] | tuple[SeatScore, ...]) -> tuple[int, ...]:
    """Seats with the highest total, tie broken by most cacao; several on a shared win."""
    best = max((s.total, s.cacao) for s in scores)
    return tuple(seat for seat, s in enumerate(scores) if (s.total, s.cacao) == best)


def places(scores: list[SeatScore] | tuple[SeatScore, ...]) -> tuple[int, ...]:
    """Each seat's place (1: a winner, ``winners``): one more than the seats ahead of it on
    total, then on cacao (R5.4's tiebreak); seats alike on both share a place."""
    keys = [(s.total, s.cacao) for s in scores]
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def cacao_decided(scores: list[SeatScore] | tuple[SeatScore, ...]) -> bool:
    """Whether the cacao tiebreak decided something (R5.4): several seats share the highest
    total and fewer of them win (most cacao left). False when one seat's total is highest,
    and on a shared win whose seats have as much cacao each."""
    best = max(s.total for s in scores)
    tied = sum(1 for s in scores if s.total == best)
    return tied > 1 and len(winners(scores)) < tied
