"""The table's still picture, kept between frames and redrawn by part.

A table's frame is mostly still: the backdrop, the board's tiles, the seat panels, the log,
the hand. ``Backdrop`` keeps them drawn on one surface the size of the screen, as a list of
``Part`` values in drawing order, each with its area and a key: everything the part is drawn
from (equal keys draw equal pixels). A frame hands it the parts again; a part whose key or
area changed is drawn again, within its old and new areas, together with every part under or
over it there, in order, so the kept surface equals the parts drawn one after another.

What moves every frame (ghosts, pulses, flights, tooltips) is drawn over a copy of the kept
surface on the screen; ``merge`` joins the rectangles the screen must take again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass

import pygame

Draw = Callable[[pygame.Surface], None]
"""Draws a part on a surface in screen coordinates (the surface's clip may cut it)."""


_STALE = object()
"""The key of a part drawn elsewhere: it differs from every part's key."""


@dataclass(frozen=True, slots=True)
class Part:
    """One still part of the picture: ``name`` (unique in a frame), the ``rect`` it draws in
    (nothing outside it is kept), its ``key`` and how it is drawn."""

    name: str
    rect: pygame.Rect
    key: Hashable
    draw: Draw


class Backdrop:
    """The still parts of the table drawn on one kept surface (see the module docstring)."""

    def __init__(self) -> None:
        """Nothing is kept until the first ``update``."""
        self._surface: pygame.Surface | None = None
        self._drawn: dict[str, tuple[pygame.Rect, Hashable]] = {}

    @property
    def surface(self) -> pygame.Surface:
        """The kept picture (after an ``update``)."""
        assert self._surface is not None, "update the backdrop first"
        return self._surface

    def clear(self) -> None:
        """Drop the kept picture (the table leaves, its size or language changed)."""
        self._surface = None
        self._drawn = {}

    def update(
        self,
        like: pygame.Surface,
        parts: Sequence[Part],
        damage: Sequence[pygame.Rect] = (),
        *,
        elsewhere: str | None = None,
    ) -> list[pygame.Rect] | None:
        """Bring the kept picture to ``parts`` (a surface the size and format of ``like``),
        drawing ``damage`` again too (a part changed there under the same key); returns the
        rectangles that changed, or None when all of it was drawn anew. The part named
        ``elsewhere`` is drawn on the screen this frame, not here (the board while the view
        moves): its area is left as it is and drawn again at the next update without it."""
        surface = self._surface
        if surface is None or surface.get_size() != like.get_size():
            surface = self._surface = like.copy()
            self._drawn = {}
        drawn = self._drawn
        fresh = not drawn
        if fresh:
            elsewhere = None
        kept = [part for part in parts if part.name != elsewhere]
        now: dict[str, tuple[pygame.Rect, Hashable]] = {part.name: (part.rect, part.key) for part in parts}
        if fresh:
            changed: list[pygame.Rect] = [surface.get_rect()]
        else:
            changed = list(damage)
            for part in kept:
                before = drawn.get(part.name)
                if before is None or before[0] != part.rect or before[1] != part.key:
                    changed.append(part.rect)
                    if before is not None and before[0] != part.rect:
                        changed.append(before[0])
            changed += [rect for name, (rect, _key) in drawn.items() if name not in now]
        areas = merge(changed, surface.get_rect())
        for area in areas:
            for part in kept:
                inside = area.clip(part.rect)
                if inside.w and inside.h:
                    surface.set_clip(inside)
                    part.draw(surface)
        surface.set_clip(None)
        if elsewhere is not None and elsewhere in now:
            now[elsewhere] = (now[elsewhere][0], _STALE)
        self._drawn = now
        return None if fresh else areas


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
