"""The coach's reasons in a player's words, for the table and the command line (no pygame).

A reason (``cacao_game.ai.explain.TermChange``) says whose count changed and by how much, in
that seat's own direction ("Bo: 4 more gold"), and what it is worth to the seat the advice
is for ("(-4)"): whole gold, cacao, sun tokens, water steps and workers; a search's share in
the turns after comes with "about" (a mean over its re-deals). The lines of an advice add up
to its margin: the reasons plus one "everything else" line.
"""

from __future__ import annotations

from collections.abc import Sequence

from cacao_game.ai.explain import Advice, TermChange
from cacao_game.app.strings import decimal, t, tn
from cacao_game.app.tile_words import jungle_phrase

NOTHING_LATER = 0.05
"""A count's change after the turn below this is no change (a search's mean)."""
SHOWN_REST = 0.05
"""Points from which the "everything else" line is shown."""


def amount(points: float) -> str:
    """``12``, ``2.3``, ``0.7`` (``0,7`` in French and German): whole points from 10 on, one
    decimal below (so the lines of a reason add up to the headline within a rounding), with
    the language's decimal point."""
    return decimal(points, 0 if abs(points) >= 9.95 else 1)


def signed(points: float) -> str:
    """``+6``, ``-2``, ``+0.7``: ``amount`` with its sign (``+0`` for a change that rounds away)."""
    return ("+" if points >= 0 else "-") + amount(abs(points))


def count_words(term: str, change: float, *, about: bool = False) -> str:
    """A change of a count under ``term`` in words: ``4 more gold``, ``about 1 water step
    less``; a mean below a half is "sometimes 1 ...", a change that is no whole count is the
    chances ("better chances at temples")."""
    direction = "more" if change > 0 else "less"
    whole = round(abs(change))
    if not whole:
        if about:
            return t("coach.sometimes", what=tn(f"coach.{direction}.{term}", 1, n=1))
        return t(f"coach.odds.{'up' if change > 0 else 'down'}.{term}")
    words = tn(f"coach.{direction}.{term}", whole, n=whole)
    return t("coach.about", what=words) if about else words


def change_text(change: TermChange, seat: int, names: Sequence[str]) -> str:
    """One reason: ``You: 2 water steps up (+3)``, ``Bo: 4 more gold now, about 3 less in the
    next turns (-1)``; ``seat`` is the seat the advice is for."""
    who = t("coach.you") if change.seat == seat else names[change.seat]
    points = signed(change.points)
    now, later = change.amount, change.later
    if change.seat != seat and not round(now) and abs(later) < 0.5:
        # the count stays (about) the same for that opponent, yet it weighs otherwise against
        # the advised seat: a change of who leads the field, or of a count's worth
        direction = "more" if change.points < 0 else "less"
        what = t(f"coach.weighs.{direction}", what=t(f"coach.noun.{change.term}"))
        return t("coach.reason", who=who, what=what, points=points)
    if abs(later) < NOTHING_LATER:
        what = count_words(change.term, now)
        if change.tile:
            what = t("coach.beside", what=what, tile=jungle_phrase(change.tile))
        return t("coach.reason", who=who, what=what, points=points)
    if not now:
        what = count_words(change.term, later, about=True)
        return t("coach.reason_later", who=who, what=what, points=points)
    return t(
        "coach.reason_split",
        who=who,
        now=count_words(change.term, now),
        later=count_words(change.term, later, about=True),
        points=points,
    )


def rest_text(advice: Advice) -> str | None:
    """The "everything else" line, None when it is too small to show."""
    if abs(advice.rest) < SHOWN_REST:
        return None
    return t("coach.rest", points=signed(advice.rest))


def reason_lines(advice: Advice, names: Sequence[str]) -> list[str]:
    """Every reason of ``advice`` in words, largest first, then everything else: they add up
    to its margin."""
    lines = [change_text(change, advice.seat, names) for change in advice.changes]
    rest = rest_text(advice)
    if rest is not None:
        lines.append(rest)
    return lines or [t("coach.nothing")]
