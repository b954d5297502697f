"""Checks of the screen layout stored in ``assets/layout.tmx``."""

from __future__ import annotations

import itertools
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytmx

from cacao_game.app.assets import assets_root

LAYOUT = assets_root() / "layout.tmx"
SCREEN_W, SCREEN_H = 1920, 1080
REQUIRED = (
    "board",
    "hand",
    "display",
    "jungle_pile",
    "remaining",
    "panel_seat0",
    "panel_seat1",
    "panel_seat2",
    "panel_seat3",
    "log",
    "actions",
    "title",
    "status",
)
# Regions that must never overlap each other on screen.
EXCLUSIVE = (
    "board",
    "hand",
    "display",
    "jungle_pile",
    "panel_seat0",
    "panel_seat1",
    "panel_seat2",
    "panel_seat3",
    "remaining",
    "log",
    "actions",
    "status",
    "title",
)

Rect = tuple[float, float, float, float]


@pytest.fixture(scope="module")
def anchors() -> dict[str, Rect]:
    """Anchor name -> (x, y, width, height) read with pytmx, no display needed."""
    tiled = pytmx.TiledMap(str(LAYOUT))
    group = tiled.get_layer_by_name("anchors")
    return {obj.name: (obj.x, obj.y, obj.width, obj.height) for obj in group}


def test_map_is_1920_by_1080() -> None:
    """The map covers exactly 1920x1080 logical pixels (240x135 tiles of 8 px)."""
    tiled = pytmx.TiledMap(str(LAYOUT))
    assert (tiled.width, tiled.height) == (240, 135)
    assert (tiled.tilewidth, tiled.tileheight) == (8, 8)


def test_every_anchor_exists(anchors: dict[str, Rect]) -> None:
    """Every anchor the UI relies on is present in the ``anchors`` group."""
    missing = [name for name in REQUIRED if name not in anchors]
    assert not missing, f"missing anchors: {missing}"


def test_anchor_metadata() -> None:
    """Each anchor is typed/classed ``anchor`` and has an int ``z`` property."""
    tiled = pytmx.TiledMap(str(LAYOUT))
    for obj in tiled.get_layer_by_name("anchors"):
        assert obj.type == "anchor", obj.name
        assert isinstance(obj.properties.get("z"), int), obj.name


@pytest.mark.parametrize("name", REQUIRED)
def test_anchor_inside_screen(anchors: dict[str, Rect], name: str) -> None:
    """Anchor ``name`` has a positive size and lies within 1920x1080."""
    x, y, w, h = anchors[name]
    assert w > 0 and h > 0
    assert x >= 0 and y >= 0
    assert x + w <= SCREEN_W and y + h <= SCREEN_H


def test_exclusive_anchors_do_not_overlap(anchors: dict[str, Rect]) -> None:
    """Board, hand, piles, seat panels, log, actions and banners never overlap."""

    def overlap(a: Rect, b: Rect) -> bool:
        return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]

    clashes = [(a, b) for a, b in itertools.combinations(EXCLUSIVE, 2) if overlap(anchors[a], anchors[b])]
    assert not clashes, f"overlapping anchors: {clashes}"


def test_board_is_the_largest_region(anchors: dict[str, Rect]) -> None:
    """The board viewport gets more area than any other anchor."""
    area = {name: r[2] * r[3] for name, r in anchors.items()}
    assert max(area, key=area.__getitem__) == "board"
