"""Write the 1920x1080 screen layout as a Tiled map: ``assets/layout.tmx``.

Run ``python tools/make_layout.py`` (from any directory).  The map is
orthogonal, 240x135 tiles of 8x8 px (= 1920x1080 logical pixels), with no
tilesets or tile layers (pytmx does not need them) and a single object group
``anchors`` of rectangles.  Every rectangle has ``type`` and ``class`` set to
``"anchor"``, an int property ``z`` (drawing order, higher on top) and a ``dock``
property (how it takes extra room on a larger screen; see ``cacao_game.app.layout``).

Screen plan (logical pixels)::

    +-------------------------------------------+--------------+
    | title                                     | panel_seat0  |
    | status                                    | panel_seat1  |
    | board (big viewport)                      | panel_seat2  |
    |                                           | panel_seat3  |
    |                                           | remaining    |
    |                                           | log          |
    | display   |     hand      | jungle_pile   | actions      |
    +-------------------------------------------+--------------+

The output is deterministic (objects in :data:`ANCHORS` order).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple
from xml.etree import ElementTree as ET

ROOT = Path(__file__).resolve().parents[1]
LAYOUT_PATH = ROOT / "assets" / "layout.tmx"

SCREEN_W, SCREEN_H = 1920, 1080
GRID = 8
MAP_W, MAP_H = SCREEN_W // GRID, SCREEN_H // GRID

MARGIN = 24
GAP = 16
RIGHT_X = 1408
RIGHT_W = SCREEN_W - RIGHT_X - MARGIN
LEFT_W = RIGHT_X - MARGIN - MARGIN
BOTTOM_Y = 864
BOTTOM_H = SCREEN_H - BOTTOM_Y - 12


class Anchor(NamedTuple):
    """A named screen rectangle in logical 1920x1080 pixels."""

    name: str
    x: int
    y: int
    width: int
    height: int
    z: int
    dock: str = ""
    """How the anchor takes extra room when the screen is larger than 1920x1080 design
    pixels: ``grow_x``/``grow_y`` widen/heighten it, ``shift_x``/``shift_y`` move it."""


def _seat_panels() -> list[Anchor]:
    """The four seat panels stacked at the top of the right column."""
    height, step = 148, 156
    return [Anchor(f"panel_seat{i}", RIGHT_X, 12 + i * step, RIGHT_W, height, 1, "shift_x") for i in range(4)]


ANCHORS: tuple[Anchor, ...] = (
    Anchor("title", MARGIN, 12, LEFT_W, 52, 3, "grow_x"),
    Anchor("status", MARGIN, 72, LEFT_W, 40, 3, "grow_x"),
    Anchor("board", MARGIN, 120, LEFT_W, BOTTOM_Y - GAP - 120, 0, "grow_x grow_y"),
    Anchor("display", MARGIN, BOTTOM_Y, 360, BOTTOM_H, 2, "shift_y"),
    Anchor("hand", MARGIN + 360 + GAP, BOTTOM_Y, LEFT_W - 2 * (360 + GAP), BOTTOM_H, 2, "grow_x shift_y"),
    Anchor("jungle_pile", RIGHT_X - MARGIN - 360, BOTTOM_Y, 360, BOTTOM_H, 2, "shift_x shift_y"),
    *_seat_panels(),
    Anchor("remaining", RIGHT_X, 640, RIGHT_W, 120, 1, "shift_x"),
    Anchor("log", RIGHT_X, 772, RIGHT_W, 220, 1, "shift_x grow_y"),
    Anchor("actions", RIGHT_X, 1004, RIGHT_W, 64, 4, "shift_x shift_y"),
)


def build_tmx(anchors: tuple[Anchor, ...] = ANCHORS) -> ET.ElementTree:
    """Build the TMX document holding ``anchors`` in an ``anchors`` object group."""
    root = ET.Element(
        "map",
        {
            "version": "1.10",
            "tiledversion": "1.10.2",
            "orientation": "orthogonal",
            "renderorder": "right-down",
            "width": str(MAP_W),
            "height": str(MAP_H),
            "tilewidth": str(GRID),
            "tileheight": str(GRID),
            "infinite": "0",
            "nextlayerid": "2",
            "nextobjectid": str(len(anchors) + 1),
        },
    )
    group = ET.SubElement(root, "objectgroup", {"id": "1", "name": "anchors"})
    for index, anchor in enumerate(anchors, start=1):
        obj = ET.SubElement(
            group,
            "object",
            {
                "id": str(index),
                "name": anchor.name,
                "type": "anchor",
                "class": "anchor",
                "x": str(anchor.x),
                "y": str(anchor.y),
                "width": str(anchor.width),
                "height": str(anchor.height),
            },
        )
        props = ET.SubElement(obj, "properties")
        ET.SubElement(props, "property", {"name": "z", "type": "int", "value": str(anchor.z)})
        if anchor.dock:
            ET.SubElement(props, "property", {"name": "dock", "value": anchor.dock})
    ET.indent(root, space=" ")
    return ET.ElementTree(root)


def write_layout(path: Path = LAYOUT_PATH) -> Path:
    """Write the layout TMX to ``path`` (parents created) and return ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    build_tmx().write(path, encoding="UTF-8", xml_declaration=True)
    return path


def main() -> None:
    """Write ``assets/layout.tmx`` and list the anchors."""
    path = write_layout()
    for a in ANCHORS:
        print(f"{a.name:12s} x={a.x:4d} y={a.y:4d} w={a.width:4d} h={a.height:4d} z={a.z}")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
