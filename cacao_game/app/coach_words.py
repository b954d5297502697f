"""The coach's reasons in a player's words, for the table and the command line (no pygame).

A reason (``cacao_game.ai.explain.TermChange``) says whose count changed and by how much, in
that seat's own direction ("Bo: 4 more gold"), and what it is worth to the seat the advice
is for ("(-4)"): whole gold, cacao, sun tokens, water steps and workers; a search's share in
the turns after comes with "about" (a mean over its re-deals). The lines of an advice add up
to its margin: the reasons plus one "everything else" line, each shown with the headline's
precision and rounded together (largest remainders), so the figures shown add up to the
headline's exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cacao_game.ai.explain import Advice, TermChange
from cacao_game.app.strings import decimal, t, tn, tn_decimal
from cacao_game.app.tile_words import jungle_phrase

NOTHING_LATER = 0.05
"""A count's change after the turn below this is no change (a search's mean)."""


def digits(points: float) -> int:
    """Decimals a figure of ``points`` is shown with: none from 10 on, one below."""
    return 0 if abs(points) >= 9.95 else 1


def amount(points: float, places: int | None = None) -> str:
    """``12``, ``2.3``, ``0.7`` (``0,7`` in French and German): ``places`` decimals, by default
    ``digits(points)``, with the language's decimal point."""
    return decimal(points, digits(points) if places is None else places)


def points_words(string_key: str, points: float, /, **kw: object) -> str:
    """A plural string about ``points`` shown as ``amount`` shows them (``{n}``), in the form
    the language gives that figure (``tn_decimal``)."""
    return tn_decimal(string_key, points, digits(points), **kw)


def signed(points: float, places: int | None = None) -> str:
    """``+6``, ``-2``, ``+0.7``: ``amount`` with its sign (``+0`` for a change that rounds away)."""
    return ("+" if points >= 0 else "-") + amount(abs(points), places)


def apportion(parts: Sequence[float], total: float, places: int) -> list[float]:
    """``parts`` (adding up to ``total``) rounded to ``places`` decimals so that they add up to
    ``total`` as ``amount`` shows it: each is rounded down, and the parts with the largest
    remainders take the units left (ties to the first)."""
    unit = 10.0**-places
    target = round(float(f"{total:.{places}f}") / unit)
    scaled = [part / unit for part in parts]
    floors = [math.floor(value) for value in scaled]
    left = target - sum(floors)
    order = sorted(range(len(parts)), key=lambda i: (-(scaled[i] - floors[i]), i))
    for index in order[: max(0, min(left, len(parts)))]:
        floors[index] += 1
    return [round(units * unit, places) for units in floors]


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


def change_text(
    change: TermChange, seat: int, names: Sequence[str], shown: tuple[float, int] | None = None
) -> str:
    """One reason: ``You: 2 water steps up (+3)``, ``Bo: 4 more gold now, about 3 less in the
    next turns (-1)``; ``seat`` is the seat the advice is for; ``shown`` is the points shown
    and their decimals (default: the change's own points, ``digits`` of them)."""
    who = t("coach.you") if change.seat == seat else names[change.seat]
    points = signed(*shown) if shown is not None else signed(change.points)
    now, later = change.amount, change.later
    if change.seat != seat and ((not round(now) and abs(later) < 0.5) or _against_its_count(change)):
        # the count stays (about) the same for that opponent, or moves their way yet helps the
        # advised seat (or the other way round): a change of who leads the field, or of a
        # count's worth, weighs otherwise against the advised seat
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


def _against_its_count(change: TermChange) -> bool:
    """Whether an opponent's ``change`` is worth points of the sign its count's words would
    contradict: "about 1 more worker at the temples (+1.6)" (their gain, worth points to the
    advised seat because it changes who leads), as a trial read it."""
    count = change.amount + change.later
    return abs(count) >= NOTHING_LATER and (count > 0) == (change.points > 0)


def reason_lines(advice: Advice, names: Sequence[str]) -> list[str]:
    """Every reason of ``advice`` in words: those for the move first, then those against it
    (a trial read a hint whose first line was a loss as advice against the move), each
    largest first, then everything else (unless it shows as nothing): their figures, rounded
    together to the margin's ``digits``, add up to the margin as its headline shows it
    (``amount``). Without a reason, "no single reason stands out" alone (not an "everything
    else" that would be the whole margin)."""
    if not advice.changes:
        return [t("coach.nothing")]
    places = digits(advice.margin)
    *points, rest = apportion([*(c.points for c in advice.changes), advice.rest], advice.margin, places)
    reasons = sorted(zip(advice.changes, points, strict=True), key=lambda pair: pair[0].points < 0)
    lines = [change_text(change, advice.seat, names, (shown, places)) for change, shown in reasons]
    if rest:
        lines.append(t("coach.rest", points=signed(rest, places)))
    return lines
