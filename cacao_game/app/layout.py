"""Screen layout anchors from ``assets/layout.tmx`` (a Tiled map): name -> pygame.Rect.

The object group ``anchors`` holds named rectangles in design pixels (a 1920x1080 screen);
``arranged(scale)`` gives them in the display's own pixels, with the extra room of a larger
design area (see ``cacao_game.app.scale``) handed out by each anchor's ``dock`` property:
``grow_x``/``grow_y`` widen/heighten the anchor, ``shift_x``/``shift_y`` move it. An object's
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

from cacao_game.app.scale import DESIGN_SIZE, Scale

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

DEFAULT_DOCKS: dict[str, str] = {
    "title": "grow_x",
    "status": "grow_x",
    "board": "grow_x grow_y",
    "display": "shift_y",
    "hand": "grow_x shift_y",
    "jungle_pile": "shift_x shift_y",
    "panel_seat0": "shift_x",
    "panel_seat1": "shift_x",
    "panel_seat2": "shift_x",
    "panel_seat3": "shift_x",
    "remaining": "shift_x",
    "log": "shift_x grow_y",
    "actions": "shift_x shift_y",
}
"""How each default anchor takes extra room (the same as the shipped map)."""


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

    def dock(self, name: str) -> frozenset[str]:
        """The dock flags of anchor ``name`` (from its ``dock`` property)."""
        return frozenset(str(self.properties.get(name, {}).get("dock", "")).split())

    def arranged(self, scale: Scale) -> Layout:
        """The anchors in real pixels for ``scale``, docked into its design area."""
        extra_w = max(0, scale.design_size[0] - DESIGN_SIZE[0])
        extra_h = max(0, scale.design_size[1] - DESIGN_SIZE[1])
        anchors: dict[str, pygame.Rect] = {}
        for name, design in self.anchors.items():
            flags = self.dock(name)
            x = design.x + (extra_w if "shift_x" in flags else 0)
            y = design.y + (extra_h if "shift_y" in flags else 0)
            w = design.w + (extra_w if "grow_x" in flags else 0)
            h = design.h + (extra_h if "grow_y" in flags else 0)
            left, top = scale.px(x), scale.px(y)
            anchors[name] = pygame.Rect(left, top, scale.px(x + w) - left, scale.px(y + h) - top)
        return Layout(anchors, self.properties)

    def names(self) -> list[str]:
        """Anchor names in map order."""
        return list(self.anchors)

    @classmethod
    def defaults(cls) -> Layout:
        """The built-in layout."""
        return cls(
            {name: pygame.Rect(r) for name, r in DEFAULT_ANCHORS.items()},
            {name: {"dock": DEFAULT_DOCKS.get(name, "")} for name in DEFAULT_ANCHORS},
        )

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
                layout.properties[name] = {"dock": DEFAULT_DOCKS.get(name, "")}
        return layout
