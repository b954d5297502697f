"""Tile and icon images for the play scene, scaled and rotated once and cached.

Source art (``assets/tiles``, 256 px; ``assets/icons``, 64 px) comes from ``Assets``. A rotation ``r``
(quarter turns clockwise) is ``pygame.transform.rotate(image, -90 * r)``. Scaled images are
cached per (name, size, rotation); sizes are rounded to ``SIZE_STEP`` pixels and only the
most recently used sizes are kept, so a gliding zoom does not grow the cache without bound.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from cacao_game.app.assets import Assets

SIZE_STEP = 2
MAX_SIZES = 20
"""Distinct sizes kept in the cache (a frame uses about 12: board, hand, display, panel icons...)."""


class TileArt:
    """Serves tile and icon images at any size and rotation, from the app's ``Assets``.

    ``assets`` loads (and replaces missing files by placeholders); this class only scales,
    rotates and caches. The worker art follows ``assets.palette``; a palette switch drops
    the cached images.
    """

    def __init__(self, assets: Assets) -> None:
        """Nothing is loaded until first use."""
        self.assets = assets
        self._palette = assets.palette
        self._scaled: OrderedDict[int, dict[tuple[str, int], pygame.Surface]] = OrderedDict()

    def _relpath(self, name: str) -> str:
        kind, _, rest = name.partition(":")
        if kind == "jungle":
            return f"tiles/jungle/{rest}.png"
        if kind == "worker":
            return f"tiles/workers/{self.assets.palette}/{rest}.png"
        return f"icons/{rest}.png"

    def get(self, name: str, size: float, rotation: int = 0) -> pygame.Surface:
        """``name`` scaled to a ``size`` px square and turned ``rotation`` quarters clockwise."""
        if self.assets.palette != self._palette:
            self._palette = self.assets.palette
            self._scaled.clear()
        px = max(SIZE_STEP, round(size / SIZE_STEP) * SIZE_STEP)
        bucket = self._scaled.get(px)
        if bucket is None:
            bucket = {}
            self._scaled[px] = bucket
            while len(self._scaled) > MAX_SIZES:
                self._scaled.popitem(last=False)
        else:
            self._scaled.move_to_end(px)
        key = (name, rotation % 4)
        image = bucket.get(key)
        if image is None:
            base = bucket.get((name, 0))
            if base is None:
                base = pygame.transform.smoothscale(self.assets.image(self._relpath(name)), (px, px))
                bucket[(name, 0)] = base
            image = pygame.transform.rotate(base, -90 * (rotation % 4)) if rotation % 4 else base
            bucket[key] = image
        return image

    def jungle(self, code: str, size: float, rotation: int = 0) -> pygame.Surface:
        """A jungle tile (``back`` for the face-down pile)."""
        return self.get(f"jungle:{code}", size, rotation)

    def worker(self, color: str, code: str, size: float, rotation: int = 0) -> pygame.Surface:
        """A worker tile of ``color`` (``code`` ``back`` for a face-down tile)."""
        return self.get(f"worker:{color}_{code}", size, rotation)

    def icon(self, name: str, size: float) -> pygame.Surface:
        """An icon (cacao, gold, sun, water, temple, overbuilt)."""
        return self.get(f"icon:{name}", size)
