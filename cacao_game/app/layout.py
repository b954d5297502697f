"""Screen layout anchors from ``assets/layout.tmx`` (a Tiled map): name -> pygame.Rect.

The object group ``anchors`` holds named rectangles in logical 1920x1080 pixels; an object's
kind is read from ``type`` or ``class`` (Tiled 1.9+ writes ``class``). Only objects of kind
``anchor`` (or without a kind) are anchors; their custom properties are kept too. A missing or
unreadable map gives ``DEFAULT_ANCHORS`` with a logged warning.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

log = logging.getLogger(__name__)

ANCHOR_GROUP = "anchors"

DEFAULT_ANCHORS: dict[str, tuple[int, int, int, int]] = {
    "title": (24, 12, 1360, 52),
    "status": (24, 72, 1360, 40),
    "board": (24, 120, 1360, 728),
    "display": (24, 864, 360, 204),
    "hand": (400, 864, 608, 204),
    "jungle_pile": (1024, 864, 360, 204),
    "panel_seat0": (1408, 12, 488, 148),
    "panel_seat1": (1408, 168, 488, 148),
    "panel_seat2": (1408, 324, 488, 148),
    "panel_seat3": (1408, 480, 488, 148),
    "remaining": (1408, 640, 488, 120),
    "log": (1408, 772, 488, 220),
    "actions": (1408, 1004, 488, 64),
}
"""The layout used when the map cannot be read (the same as the shipped map)."""


def object_kind(obj: Any) -> str:
    """A Tiled object's kind from ``type`` or, for Tiled 1.9+, ``class``; "" if neither."""
    for attribute in ("type", "class_", "class"):
        value = getattr(obj, attribute, None)
        if value:
            return str(value)
    return str(getattr(obj, "properties", {}).get("class", "") or "")


@dataclass
class Layout:
    """Named anchors; ``layout["board"]`` is a fresh copy of the board's Rect."""

    anchors: dict[str, pygame.Rect] = field(default_factory=dict)
    properties: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __getitem__(self, name: str) -> pygame.Rect:
        return self.anchors[name].copy()

    def __contains__(self, name: object) -> bool:
        return name in self.anchors

    def get(self, name: str, default: pygame.Rect | None = None) -> pygame.Rect | None:
        """The anchor ``name`` (a copy), or ``default``."""
        rect = self.anchors.get(name)
        return rect.copy() if rect is not None else default

    def names(self) -> list[str]:
        """Anchor names in map order."""
        return list(self.anchors)

    @classmethod
    def defaults(cls) -> Layout:
        """The built-in layout."""
        return cls({name: pygame.Rect(r) for name, r in DEFAULT_ANCHORS.items()})

    @classmethod
    def load(cls, path: Path) -> Layout:
        """Read ``path``; the defaults (with a warning) if it is missing or broken."""
        try:
            return cls.from_tmx(path)
        except Exception as error:  # pytmx raises many kinds; any of them means "use defaults"
            log.warning("layout %s not loaded (%s); using the built-in layout", path, error)
            return cls.defaults()

    @classmethod
    def from_tmx(cls, path: Path) -> Layout:
        """The anchors of the Tiled map at ``path`` (no display needed); errors propagate."""
        import pytmx

        tiled = pytmx.TiledMap(str(path))
        group = tiled.get_layer_by_name(ANCHOR_GROUP)
        layout = cls()
        for obj in group:
            if object_kind(obj) not in ("", "anchor") or not obj.name:
                continue
            layout.anchors[obj.name] = pygame.Rect(
                round(obj.x), round(obj.y), round(obj.width), round(obj.height)
            )
            layout.properties[obj.name] = dict(obj.properties)
        for name, rect in DEFAULT_ANCHORS.items():
            if name not in layout.anchors:
                log.warning("layout %s lacks anchor %r; using the built-in one", path, name)
                layout.anchors[name] = pygame.Rect(rect)
        return layout
