"""The table's still parts, drawn again on the kept screen only where they changed.

A table's frame is mostly still: the backdrop, the board's tiles, the seat panels, the log,
the hand. The window keeps its pixels between frames, so a frame need only draw what changed.
The still parts come as a list of ``Part`` values in drawing order, each with its area and a
key: everything the part is drawn from (equal keys draw equal pixels). ``Backdrop`` remembers
the parts on the screen: a part whose key or area changed is drawn again within its old and
new areas, and so is every area something else drew over (the last frame's moving parts):
``draw_parts`` draws every part there, in order, clipped to it, so the screen equals the
parts drawn one after another. No copy of the screen is kept (a 4K screen is 32 MB).

A part may name areas it covers with opaque pixels (``Part.opaque``: the board's and the
hand's tiles): the parts before it are not drawn there, and a part that is one plain copy
(``Part.plain``: the backdrop) is copied only around them (``uncovered``), so a board row
drawn again copies its tiles, not the backdrop beneath them too.

What moves every frame (ghosts, pulses, flights, tooltips) is drawn over them; ``merge`` joins
the rectangles to draw again and to show.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from cacao_game.app.theme import uncovered

Draw = Callable[[pygame.Surface], None]
"""Draws a part on a surface in screen coordinates (the surface's clip may cut it)."""


@dataclass(frozen=True, slots=True)
class Part:
    """One still part of the picture: ``name`` (unique in a frame), the ``rect`` it draws in
    (nothing outside it is drawn), its ``key`` and how it is drawn."""

    name: str
    rect: pygame.Rect
    key: Hashable
    draw: Draw
    opaque: Sequence[pygame.Rect] = ()
    """Areas where ``draw`` sets every pixel to an opaque one, whatever lies beneath."""
    plain: bool = False
    """The part is one plain copy, as cheap drawn in pieces as whole: it is drawn only around
    the opaque areas of the parts over it."""


class Backdrop:
    """The still parts as last drawn on the screen: each part's area and key."""

    def __init__(self) -> None:
        """Nothing drawn yet."""
        self._drawn: dict[str, tuple[pygame.Rect, Hashable]] = {}

    def clear(self) -> None:
        """Forget what was drawn (the table leaves, its size or language changed)."""
        self._drawn = {}

    def changes(self, parts: Sequence[Part], damage: Sequence[pygame.Rect] = ()) -> list[pygame.Rect] | None:
        """The areas to draw again for ``parts`` (the old and new areas of each part whose
        key or area changed, and ``damage``: a part changed there under the same key), None
        when nothing was drawn yet; ``parts`` count as drawn from now on."""
        drawn = self._drawn
        self._drawn = {part.name: (part.rect, part.key) for part in parts}
        if not drawn:
            return None
        changed = list(damage)
        for part in parts:
            before = drawn.get(part.name)
            if before is None or before[0] != part.rect or before[1] != part.key:
                changed.append(part.rect)
                if before is not None and before[0] != part.rect:
                    changed.append(before[0])
        changed += [rect for name, (rect, _key) in drawn.items() if name not in self._drawn]
        return changed


def draw_parts(
    surface: pygame.Surface,
    parts: Sequence[Part],
    areas: Iterable[pygame.Rect],
    covered: Sequence[pygame.Rect] = (),
) -> None:
    """Every part that meets each of ``areas``, in order, clipped to the area, but where the
    parts over it cover it with opaque pixels (``Part.opaque``): a part wholly covered there is
    not drawn, a ``plain`` part is drawn only around them. The pixels are those of every part
    drawn in order. ``covered``: areas the caller sets to opaque pixels next (a panel drawn
    over the parts): as if a last part covered them, no part is drawn there."""
    clip = surface.get_clip()
    rects = [part.rect for part in parts]
    for area in areas:
        hidden = [area.clip(covered[i]) for i in area.collidelistall(covered)] if covered else []
        shown: list[tuple[Part, list[pygame.Rect]]] = []
        for index in reversed(area.collidelistall(rects)):
            part = parts[index]
            spot = area.clip(rects[index])
            pieces = [spot]
            if hidden and spot.collidelist(hidden) >= 0:
                pieces = uncovered(spot, hidden)
                if pieces and not part.plain:
                    pieces = [spot]
            if pieces:
                shown.append((part, pieces))
            if part.opaque:
                hidden += [spot.clip(part.opaque[i]) for i in spot.collidelistall(part.opaque)]
        for part, pieces in reversed(shown):
            for piece in pieces:
                surface.set_clip(piece)
                part.draw(surface)
    surface.set_clip(clip)


def merge(rects: Iterable[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """``rects`` clipped to ``bounds``, empty ones left out, and two overlapping ones joined
    into their union when it is no larger than the two together (fewer copies, never a large
    union of small far apart areas); the rest may overlap."""
    pending = [r.clip(bounds) for r in rects]
    pending = [r for r in pending if r.w and r.h]
    pending.sort(key=lambda r: -r.w * r.h)
    joined: list[pygame.Rect] = []
    while pending:
        rect = pending.pop(0)
        for index, other in enumerate(joined):
            if not rect.colliderect(other):
                continue
            union = rect.union(other)
            if union.w * union.h <= rect.w * rect.h + other.w * other.h:
                del joined[index]
                pending.insert(0, union)
                break
        else:
            joined.append(rect)
    return joined
