"""Tile and icon images for the play scene, scaled and rotated once and cached.

Source art (``assets/tiles``, 256 px and opaque; ``assets/icons``, 64 px) comes from
``Assets``. A rotation ``r`` (quarter turns clockwise) of a tile with upright parts (a worker
tile's hut, the volcano's cone and numbers) is a file of its own, ``<name>_r<r>.png``
(``tools/make_tiles.py`` draws them); of any other image it is
``pygame.transform.rotate(image, -90 * r)``. Scaled images are cached per (name, size,
rotation) in a cache bounded in bytes; sizes are rounded to ``SIZE_STEP`` pixels, so a gliding
zoom re-uses images and never grows memory past the bound.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.surface_cache import SurfaceCache
from cacao_game.engine.tiles import VOLCANO

if TYPE_CHECKING:
    from cacao_game.app.assets import Assets

SIZE_STEP = 2
ART_BYTES = 16 * 1024 * 1024
"""Pixel memory kept for scaled and rotated art (a frame uses a few MB)."""
REFINE_PER_FRAME = 4
"""Images a frame scales smoothly to the size a gliding zoom ends at (``TileArt.refine``)."""


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
        self._scaled = SurfaceCache("tile art", ART_BYTES)
        self._smooth: dict[tuple[str, int], set[int]] = {}
        """The sizes each image (name, quarter turns) was asked at, at rest (scaled smoothly)."""
        self._wanted: dict[tuple[str, int, int], None] = {}
        """Images (name, size, rotation) a glide ends at, to scale smoothly (``refine``)."""
        self._from: dict[tuple[str, int, int], int] = {}
        """The kept size a glide's in-between images of (name, end size, rotation) are resized
        from until the end size is scaled (``_source``): one source for the glide, whatever
        sizes are drawn at rest meanwhile."""

    def _relpath(self, name: str, turns: int = 0) -> str:
        kind, _, rest = name.partition(":")
        if turns:
            rest = f"{rest}_r{turns}"
        if kind == "jungle":
            return f"tiles/jungle/{rest}.png"
        if kind == "worker":
            return f"tiles/workers/{self.assets.palette}/{rest}.png"
        return f"icons/{rest}.png"

    def get(self, name: str, size: float, rotation: int = 0, toward: float | None = None) -> pygame.Surface:
        """``name`` scaled to a ``size`` px square and turned ``rotation`` quarters clockwise.
        With ``toward`` (the size a gliding zoom ends at), an in-between size is the image at
        ``toward`` resized quickly (``transform.scale``): one smooth scaling per glide, not one
        per size passed; the glide ends on the smooth image."""
        if self.assets.palette != self._palette:
            self._palette = self.assets.palette
            self.clear()
        if toward is not None:
            goal = max(SIZE_STEP, round(toward / SIZE_STEP) * SIZE_STEP)
            step = max(SIZE_STEP, round(size / SIZE_STEP) * SIZE_STEP)
            if step != goal:
                source = self._source(name, goal, rotation)
                return self._scaled.get(
                    (name, step, rotation % 4, goal, source.get_width()),
                    lambda: pygame.transform.scale(source, (step, step)),
                )
        px = max(SIZE_STEP, round(size / SIZE_STEP) * SIZE_STEP)
        turns = rotation % 4
        self._smooth.setdefault((name, turns), set()).add(px)
        base = self._scaled.get(
            (name, px, 0),
            lambda: _held(
                name, pygame.transform.smoothscale(self.assets.image(self._relpath(name)), (px, px))
            ),
        )
        if not turns:
            return base
        if _drawn_turned(name):
            return self._scaled.get(
                (name, px, turns),
                lambda: _held(
                    name,
                    pygame.transform.smoothscale(self.assets.image(self._relpath(name, turns)), (px, px)),
                ),
            )
        return self._scaled.get((name, px, turns), lambda: pygame.transform.rotate(base, -90 * turns))

    def _source(self, name: str, goal: int, rotation: int) -> pygame.Surface:
        """What a glide's in-between sizes of ``name`` are resized from: the kept smooth image
        chosen when first asked (the one nearest to ``goal`` in size), the same one until
        ``refine`` scales ``goal`` (a size drawn at rest meanwhile, say by a ghost or a hand
        tile, even ``goal`` itself, would give a frame drawn twice two pictures); the image at
        ``goal`` when it was scaled before the glide asked, or when none is kept."""
        turns = rotation % 4
        chosen = self._from.get((name, goal, turns))
        kept = None if chosen is None else self._scaled.peek((name, chosen, turns))
        if kept is not None:
            return kept
        ready = self._scaled.peek((name, goal, turns))
        if ready is not None:
            return ready
        sizes = self._smooth.get((name, turns), set())
        for size in sorted(sizes, key=lambda size: abs(size - goal)):
            kept = self._scaled.peek((name, size, turns))
            if kept is not None:
                self._wanted[(name, goal, turns)] = None
                self._from[(name, goal, turns)] = size
                return kept
            sizes.discard(size)  # dropped from the cache
        return self.get(name, goal, rotation)

    def refine(self, count: int = REFINE_PER_FRAME) -> None:
        """Scale smoothly up to ``count`` of the images gliding zooms end at (the first asked
        first), so a glide spreads its smooth scalings over its frames and ends on them."""
        for _ in range(min(count, len(self._wanted))):
            name, size, turns = next(iter(self._wanted))
            del self._wanted[(name, size, turns)]
            self._from.pop((name, size, turns), None)
            self.get(name, size, turns)

    def clear(self) -> None:
        """Drop every cached image."""
        self._scaled.clear()
        self._smooth.clear()
        self._wanted.clear()
        self._from.clear()

    def jungle(
        self, code: str, size: float, rotation: int = 0, toward: float | None = None
    ) -> pygame.Surface:
        """A jungle tile (``back`` for the face-down pile); ``toward`` as in ``get``."""
        return self.get(f"jungle:{code}", size, rotation, toward)

    def worker(
        self, color: str, code: str, size: float, rotation: int = 0, toward: float | None = None
    ) -> pygame.Surface:
        """A worker tile of ``color`` (``code`` ``back`` for a face-down tile); ``toward`` as in ``get``."""
        return self.get(f"worker:{color}_{code}", size, rotation, toward)

    def icon(self, name: str, size: float) -> pygame.Surface:
        """An icon (cacao, gold, sun, water, temple, overbuilt)."""
        image = self.get(f"icon:{name}", size)
        theme.note_icon(name, image.get_height())
        return image


def _held(name: str, image: pygame.Surface) -> pygame.Surface:
    """``image`` as kept: a tile (opaque art, ``tools/make_tiles.py``) without per-pixel alpha,
    in the screen's format once a display exists, so drawing it is a plain copy (half the
    time of blending it at 4K) that sets every pixel of its square (``opaque_square``; a
    placeholder's see-through corners come out black); an icon as it is."""
    if not name.startswith(("jungle:", "worker:")):
        return image
    if pygame.display.get_surface() is not None:
        return image.convert()
    flat = pygame.Surface(image.get_size())
    flat.blit(image, (0, 0))
    return flat


def opaque_square(x: float, y: float, size: float) -> pygame.Rect:
    """The pixels a tile image asked at ``size`` and blitted at ``(x, y)`` surely sets: its
    side is within ``SIZE_STEP // 2`` of ``size`` (``TileArt.get`` rounds to ``SIZE_STEP``), its
    corner within a pixel of ``(x, y)`` (a blit drops a position's fraction), and a tile is
    opaque (``_held``)."""
    side = max(0, int(size) - SIZE_STEP // 2 - 1)
    return pygame.Rect(math.floor(x) + 1, math.floor(y) + 1, side, side)


def _drawn_turned(name: str) -> bool:
    """Whether ``name``'s turned faces are files of their own (their upright parts stay so)."""
    kind, _, rest = name.partition(":")
    return name == f"jungle:{VOLCANO}" or (kind == "worker" and not rest.endswith("_back"))
