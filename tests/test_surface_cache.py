"""Every surface cache is bounded in bytes, least recently used first (the app's memory bound)."""

from __future__ import annotations

import pygame

from cacao_game.app.play.art import ART_BYTES, TileArt
from cacao_game.app.surface_cache import SurfaceCache, memory_report, surface_bytes


def test_a_cache_drops_the_least_recently_used_past_its_byte_budget() -> None:
    """Three 100x100 surfaces (40 kB each) in an 100 kB cache: the oldest unused one goes."""
    cache = SurfaceCache("test", 100_000)
    first = cache.get("a", lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
    cache.get("b", lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
    assert cache.peek("a") is first
    cache.get("c", lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
    assert cache.peek("b") is None and cache.peek("a") is first
    assert cache.bytes == 80_000 <= cache.max_bytes
    huge = cache.get("huge", lambda: pygame.Surface((400, 400), pygame.SRCALPHA))
    assert surface_bytes(huge) > cache.max_bytes and cache.peek("huge") is None
    assert ("test", 2, 80_000) in memory_report()


def test_tile_art_stays_within_its_budget_through_a_long_zoom(play_app) -> None:
    """Every tile at every size from 20 to 400 px, in 4 rotations: memory stays bounded."""
    art = TileArt(play_app.assets)
    for size in range(20, 400, 3):
        for rotation in range(4):
            art.jungle("plantation1", size, rotation)
            art.worker("red", "2101", size, rotation)
    assert art._scaled.bytes <= ART_BYTES
