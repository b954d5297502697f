"""Surface caches bounded in bytes: the least recently used surfaces go first.

Every cache of drawn images in the app is one of these, so memory stays bounded however long
a session runs, whatever the zoom, texts or palette. ``memory_report`` lists every live cache
with its size, for the monkey tool and for finding where the memory goes.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

_LIVE: weakref.WeakSet[SurfaceCache] = weakref.WeakSet()


def surface_bytes(surface: pygame.Surface) -> int:
    """The pixel memory of ``surface``."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class SurfaceCache:
    """Surfaces by key, at most ``max_bytes`` of pixels; ``name`` says what it holds.

    A surface larger than the whole budget is returned but not kept.
    """

    def __init__(self, name: str, max_bytes: int) -> None:
        self.name = name
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        _LIVE.add(self)

    def __len__(self) -> int:
        return len(self._items)

    def peek(self, key: Hashable) -> pygame.Surface | None:
        """The surface for ``key`` if cached (marked as just used), else None."""
        item = self._items.get(key)
        if item is not None:
            self._items.move_to_end(key)
        return item

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        """Keep ``surface`` for ``key`` (dropping the oldest surfaces past the budget)."""
        size = surface_bytes(surface)
        if size > self.max_bytes:
            return surface
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = surface
        self.bytes += size
        while self.bytes > self.max_bytes:
            _key, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)
        return surface

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface for ``key``, made by ``make()`` on a miss."""
        item = self.peek(key)
        return item if item is not None else self.put(key, make())

    def clear(self) -> None:
        """Drop everything."""
        self._items.clear()
        self.bytes = 0


def memory_report() -> list[tuple[str, int, int]]:
    """(name, entries, bytes) of every live cache, largest first."""
    rows = [(cache.name, len(cache), cache.bytes) for cache in list(_LIVE)]
    return sorted(rows, key=lambda row: -row[2])
