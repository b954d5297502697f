"""Key caps: a key's name on a small sand-coloured cap, as Settings and Help list them.

One owner for their look (``KeyCaps``): the font is the largest up to a size that keeps every
label whole with ``PAD`` above and below its ink, the caps of one row are as tall as that and
never taller than the row, and each label is centred by its ink, not by its line box (a
playtest saw "Tab" cut at the top and caps of two rows touching at 71 % interface size).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from cacao_game.app import theme
from cacao_game.app.scale import px

PAD = 3
"""Design pixels between a label's ink and its cap's top and bottom (at least 2 real pixels)."""
SIDE = 9
"""Design pixels between a label and its cap's sides."""
GAP = 8
"""Design pixels between two caps of a row."""
INK_SAMPLE = "Ég↓"
"""The tallest ink a key's name can have: an accent's top ("Échap") to the lower of a
descender's foot and an arrow's (the arrow reaches lower, every line on one baseline)."""


Cap = tuple[pygame.Rect, pygame.Surface, pygame.Rect]
"""A key cap, its label and where the label lies."""


class FontSource(Protocol):
    """What gives fonts by design size and weight (the app's assets)."""

    def font(self, size: float, weight: str = "regular") -> pygame.font.Font:
        """The font at ``size`` design pixels in ``weight``."""
        ...


@dataclass(frozen=True)
class KeyCaps:
    """Caps drawn with ``font``, ``height`` real pixels tall, each label ``lower`` pixels
    below the cap's middle (its ink centred)."""

    font: pygame.font.Font
    height: int
    lower: int

    @classmethod
    def fitting(cls, fonts: FontSource, room: int, largest: int, smallest: int) -> KeyCaps:
        """Caps for a row ``room`` real pixels tall: the largest bold size from ``largest``
        down to ``smallest`` (design pixels) whose tallest ink fits with ``PAD`` above and
        below; the smallest size when none does (its caps then take the whole row)."""
        pad = max(2, px(PAD))
        size = largest
        while True:
            font = fonts.font(size, "bold")
            ink = theme.ink(font, INK_SAMPLE)
            if ink.height + 2 * pad <= room or size <= smallest:
                return cls(font, min(room, ink.height + 2 * pad), ink.lower)
            size -= 1

    def row(self, keys: Sequence[str], row: pygame.Rect, x: int, *, rightward: bool = True) -> list[Cap]:
        """The caps of ``keys`` (names as shown) in ``row``, from ``x`` rightwards (or
        leftwards, the first key then the leftmost), each with its label and where the label
        lies."""
        labels = [theme.render_text(self.font, key, theme.INK) for key in keys]
        caps: list[Cap] = []
        for label in labels if rightward else reversed(labels):
            cap = pygame.Rect(0, 0, label.get_width() + 2 * px(SIDE), self.height)
            if rightward:
                cap.midleft = (x, row.centery)
                x = cap.right + px(GAP)
            else:
                cap.midright = (x, row.centery)
                x = cap.left - px(GAP)
            caps.append((cap, label, label.get_rect(center=(cap.centerx, cap.centery + self.lower))))
        return caps if rightward else caps[::-1]


def draw_caps(surface: pygame.Surface, caps: Sequence[Cap]) -> None:
    """Draw caps laid out by ``KeyCaps.row``."""
    for cap, label, spot in caps:
        pygame.draw.rect(surface, theme.SAND, cap, border_radius=px(5))
        surface.blit(label, spot)
