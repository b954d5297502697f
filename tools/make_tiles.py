"""Procedurally draw every tile, icon and the table background for Cacao.

Run ``python tools/make_tiles.py`` from the repository root (any working
directory works: paths are resolved relative to this file).  Output:

* ``assets/tiles/jungle/<code>.png`` (256x256) for the 11 jungle codes and
  ``assets/tiles/jungle/back.png``;
* ``assets/tiles/workers/<palette>/<color>_<code>.png`` and
  ``<palette>/<color>_back.png`` (256x256) for both palettes;
* ``assets/icons/<name>.png`` (64x64);
* ``assets/ui/background.png`` (1920x1080);
* ``assets/palettes.json`` (seat colours per palette, seat shapes, UI colours);
* ``assets/preview_contact_sheet.png`` (downscaled overview for review).

Everything is drawn on a supersampled canvas and reduced with
``pygame.transform.smoothscale`` for anti-aliasing.  The script is fully
deterministic: all pseudo-randomness comes from ``random.Random`` seeded with
a CRC32 of a fixed string.

Palettes
--------
The seat colours are written by hand in one place: the ``base`` of every seat
of every palette in ``assets/palettes.json``. This script reads them from
there, draws the worker tiles in them, and writes the file back with the
shades it derives (dark, light, text, outline), the seat shapes
(``cacao_game.config.game.SHAPES``) and the UI colours; run on an unchanged
file it writes it byte for byte as it was.

``classic`` follows the colours in the box (red, purple, white, yellow).
``colorblind`` is based on the Okabe-Ito set (vermillion, blue, neutral
white with a dark outline, yellow); the seat *names* stay the same so game
logic never changes, only the rendered hue.

Red-green deficiencies collapse hues onto a blue-yellow axis, so the set
uses one dark orange, one dark blue, one light yellow and one neutral white;
``cvd_min_delta_e`` (Machado et al. 2009 simulation, CIE76 in Lab) checks
that every pair stays apart under protanopia, deuteranopia and tritanopia.
In both palettes the seat shape (circle/square/triangle/diamond) is drawn on
the hut roof and on the tile back, so colour is never the only cue.
"""

from __future__ import annotations

import json
import math
import os
import random
import zlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from cacao_game import typed_json
from cacao_game.config.game import SHAPES
from cacao_game.engine.tiles import COLORS, JUNGLE_CODES, VOLCANO_SIDES, WORKER_CODES, WORKER_SIDES

RGB = tuple[int, int, int]
Point = tuple[float, float]

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
FONT_DIR = ASSETS / "fonts"

TILE_PX = 256
TURNED = (1, 2, 3)
"""Quarter turns drawn as files of their own (``_r1`` .. ``_r3``), so the hut, the volcano's
cone and its numbers stay upright on a turned tile (the app picks them: ``app/play/art.py``)."""
ICON_PX = 64
SUPERSAMPLE = 3
BACKGROUND_SIZE = (1920, 1080)

SEAT_COLORS: tuple[str, ...] = COLORS
SEAT_SHAPES: dict[str, str] = dict(SHAPES)
PALETTES_FILE = ASSETS / "palettes.json"
PALETTES_LIMIT = 64 * 1024
"""Largest ``palettes.json`` read, in bytes."""


class PaletteFile(msgspec.Struct):
    """The part of ``palettes.json`` the generator reads: palette -> seat -> shade -> hex."""

    palettes: dict[str, dict[str, dict[str, str]]]


def load_palettes(path: Path = PALETTES_FILE) -> dict[str, dict[str, str]]:
    """Palette name -> seat colour -> its ``#RRGGBB`` base, as ``path`` gives them (the one place
    the seat colours are written). Raises ``typed_json`` errors for a file of another shape."""
    doc = typed_json.decode(path.read_bytes(), PaletteFile, limit=PALETTES_LIMIT)
    return {
        name: {seat: shades["base"] for seat, shades in seats.items()} for name, seats in doc.palettes.items()
    }


PALETTES: dict[str, dict[str, str]] = load_palettes()
ICON_NAMES: tuple[str, ...] = ("cacao", "gold", "sun", "water", "temple", "overbuilt", "overbuild")
# Edge order used by worker codes and volcano values: N, E, S, W.
EDGE_ANGLES: tuple[float, ...] = (0.0, 90.0, 180.0, 270.0)

# Shared colours.
INK: RGB = (43, 30, 22)
SAND: RGB = (226, 200, 150)
JUNGLE_DARK: RGB = (27, 74, 38)
JUNGLE_MID: RGB = (46, 112, 52)
JUNGLE_LIGHT: RGB = (96, 160, 70)
GOLD: RGB = (242, 190, 46)
GOLD_DARK: RGB = (160, 108, 18)
CACAO: RGB = (196, 102, 36)
CACAO_DARK: RGB = (110, 50, 20)
WATER: RGB = (64, 150, 220)
LAVA: RGB = (214, 52, 32)
STONE: RGB = (176, 168, 150)

# Clearing (family) colours of the jungle tiles: a distinct hue per family.
FAMILY_COLORS: dict[str, RGB] = {
    "plantation": (132, 190, 76),
    "market": (232, 168, 92),
    "gold": (128, 136, 150),
    "water": (70, 150, 214),
    "sun": (250, 214, 92),
    "temple": (160, 138, 196),
    "volcano": (58, 40, 40),
}


# --------------------------------------------------------------------------
# Colour helpers
# --------------------------------------------------------------------------


def hex_to_rgb(value: str) -> RGB:
    """Convert ``#RRGGBB`` to an ``(r, g, b)`` tuple of ints in 0..255."""
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def rgb_to_hex(color: Sequence[int]) -> str:
    """Convert an ``(r, g, b)`` sequence to upper-case ``#RRGGBB``."""
    return "#{:02X}{:02X}{:02X}".format(*(int(c) for c in color[:3]))


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Linearly interpolate colour ``a`` towards ``b`` by ``t`` in [0, 1]."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def shade(color: Sequence[int], amount: float) -> RGB:
    """Darken (``amount`` < 0, towards black) or lighten (> 0, towards white)."""
    return mix(color, (0, 0, 0) if amount < 0 else (255, 255, 255), abs(amount))


def luminance(color: Sequence[int]) -> float:
    """Return WCAG relative luminance of an sRGB colour (0 = black, 1 = white)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(color: Sequence[int]) -> RGB:
    """Return the ink (near-black or white) with the higher contrast on ``color``."""
    lum = luminance(color)
    dark_contrast = (lum + 0.05) / (luminance(INK) + 0.05)
    light_contrast = 1.05 / (lum + 0.05)
    return INK if dark_contrast >= light_contrast else (255, 255, 255)


def seat_outline(color: Sequence[int]) -> RGB:
    """Outline colour for a seat-coloured shape: dark ink for light colours."""
    return INK if luminance(color) > 0.35 else shade(color, -0.6)


# Machado, Oliveira & Fernandes (2009) full-severity simulation matrices
# operating on linear RGB.
CVD_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _to_lab(linear: Sequence[float]) -> tuple[float, float, float]:
    """Convert linear sRGB (0..1) to CIE L*a*b* (D65)."""
    r, g, b = (min(1.0, max(0.0, v)) for v in linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def cvd_min_delta_e(colors: Iterable[str]) -> dict[str, float]:
    """Smallest pairwise CIE76 distance of ``colors`` per simulated deficiency.

    Keys are ``"normal"`` plus the names in :data:`CVD_MATRICES`; values are
    the minimum Delta-E over all pairs (larger = easier to tell apart).
    """

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    base = [[linear(c) for c in hex_to_rgb(h)] for h in colors]
    result: dict[str, float] = {}
    identity = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    for name, matrix in (("normal", identity), *CVD_MATRICES.items()):
        labs = [_to_lab([sum(row[i] * rgb[i] for i in range(3)) for row in matrix]) for rgb in base]
        result[name] = min(
            math.dist(labs[i], labs[j]) for i in range(len(labs)) for j in range(i + 1, len(labs))
        )
    return result


def palette_entry(hex_color: str) -> dict[str, str]:
    """Derived UI colours for one seat: base, dark, light, text and outline."""
    base = hex_to_rgb(hex_color)
    return {
        "base": rgb_to_hex(base),
        "dark": rgb_to_hex(shade(base, -0.45)),
        "light": rgb_to_hex(shade(base, 0.55)),
        "text": rgb_to_hex(text_on(base)),
        "outline": rgb_to_hex(seat_outline(base)),
    }


def palettes_document() -> dict[str, object]:
    """The JSON-serialisable content of ``assets/palettes.json``."""
    return {
        "palettes": {
            name: {seat: palette_entry(hex_color) for seat, hex_color in colors.items()}
            for name, colors in PALETTES.items()
        },
        "shapes": dict(SEAT_SHAPES),
        "ui": {
            "ink": rgb_to_hex(INK),
            "sand": rgb_to_hex(SAND),
            "jungle": rgb_to_hex(JUNGLE_MID),
            "jungle_dark": rgb_to_hex(JUNGLE_DARK),
            "gold": rgb_to_hex(GOLD),
            "cacao": rgb_to_hex(CACAO),
            "water": rgb_to_hex(WATER),
            "lava": rgb_to_hex(LAVA),
            "panel": "#2B1E16",
            "panel_light": "#4A3626",
            "text_light": "#F6EEDC",
        },
    }


# --------------------------------------------------------------------------
# Geometry and drawing primitives
# --------------------------------------------------------------------------


def seeded_rng(key: str) -> random.Random:
    """A ``random.Random`` seeded deterministically from ``key``."""
    return random.Random(zlib.crc32(key.encode("utf-8")))


def rotate(points: Iterable[Point], degrees: float, origin: Point) -> list[Point]:
    """Rotate ``points`` clockwise (screen coordinates) by ``degrees`` about ``origin``."""
    rad = math.radians(degrees)
    cos_a, sin_a = math.cos(rad), math.sin(rad)
    ox, oy = origin
    return [
        (ox + (x - ox) * cos_a - (y - oy) * sin_a, oy + (x - ox) * sin_a + (y - oy) * cos_a)
        for x, y in points
    ]


def polygon(
    surf: pygame.Surface,
    fill: Sequence[int] | None,
    points: Sequence[Point],
    outline: Sequence[int] | None = None,
    width: int = 0,
) -> None:
    """Draw a filled polygon with an optional outline of ``width`` pixels."""
    if fill is not None:
        pygame.draw.polygon(surf, fill, points)
    if outline is not None and width > 0:
        pygame.draw.polygon(surf, outline, points, width)
        for x, y in points:  # round the joints
            pygame.draw.circle(surf, outline, (x, y), max(1, width // 2))


def circle(
    surf: pygame.Surface,
    fill: Sequence[int] | None,
    center: Point,
    radius: float,
    outline: Sequence[int] | None = None,
    width: int = 0,
) -> None:
    """Draw a filled circle with an optional outline ring of ``width`` pixels."""
    if outline is not None and width > 0:
        pygame.draw.circle(surf, outline, center, radius + width / 2)
        if fill is not None:
            pygame.draw.circle(surf, fill, center, radius - width / 2)
    elif fill is not None:
        pygame.draw.circle(surf, fill, center, radius)


def ellipse_points(center: Point, rx: float, ry: float, angle: float = 0.0, steps: int = 48) -> list[Point]:
    """Points of an ellipse with radii ``rx``/``ry`` rotated by ``angle`` degrees."""
    cx, cy = center
    pts = [
        (cx + rx * math.cos(2 * math.pi * i / steps), cy + ry * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]
    return rotate(pts, angle, center)


def leaf_points(base: Point, length: float, width: float, angle: float) -> list[Point]:
    """A pointed leaf starting at ``base``, pointing ``angle`` degrees from up."""
    bx, by = base
    pts: list[Point] = []
    steps = 12
    for i in range(steps + 1):
        t = i / steps
        pts.append((bx + width * math.sin(math.pi * t) ** 0.8, by - length * t))
    for i in range(steps, -1, -1):
        t = i / steps
        pts.append((bx - width * math.sin(math.pi * t) ** 0.8, by - length * t))
    return rotate(pts, angle, base)


def star_points(center: Point, outer: float, inner: float, spikes: int) -> list[Point]:
    """Points of a star (sun rays) with ``spikes`` tips."""
    cx, cy = center
    pts: list[Point] = []
    for i in range(spikes * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / spikes - math.pi / 2
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def radial_glow(
    surf: pygame.Surface, center: Point, radius: float, inner: Sequence[int], outer: Sequence[int]
) -> None:
    """Paint concentric circles from ``outer`` (at ``radius``) to ``inner`` (centre)."""
    steps = 40
    for i in range(steps):
        t = i / (steps - 1)
        pygame.draw.circle(surf, mix(outer, inner, t), center, radius * (1 - t) + 1)


def load_font(size: int, weight: str = "Black") -> pygame.font.Font:
    """Lato of ``weight`` from ``assets/fonts`` at ``size`` px, else pygame's default."""
    path = FONT_DIR / f"Lato-{weight}.ttf"
    return pygame.font.Font(str(path) if path.exists() else None, size)


def text(
    surf: pygame.Surface,
    label: str,
    center: Point,
    size: int,
    color: Sequence[int],
    outline: Sequence[int] | None = None,
    outline_px: int = 0,
    weight: str = "Black",
) -> None:
    """Draw ``label`` centred on ``center`` with an optional outline halo."""
    font = load_font(size, weight)
    glyphs = font.render(label, True, color)
    rect = glyphs.get_rect(center=(round(center[0]), round(center[1])))
    if outline is not None and outline_px > 0:
        halo = font.render(label, True, outline)
        for i in range(16):
            a = 2 * math.pi * i / 16
            for r in range(1, outline_px + 1):
                surf.blit(halo, rect.move(round(r * math.cos(a)), round(r * math.sin(a))))
    surf.blit(glyphs, rect)


def finish(canvas: pygame.Surface, size: int) -> pygame.Surface:
    """Downsample a supersampled canvas to ``size`` x ``size`` (anti-aliasing)."""
    return pygame.transform.smoothscale(canvas, (size, size))


def new_canvas(size: int) -> pygame.Surface:
    """A transparent supersampled square canvas for an output of ``size`` px."""
    return pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)


# --------------------------------------------------------------------------
# Motifs shared by tiles and icons
# --------------------------------------------------------------------------


def draw_seat_shape(
    surf: pygame.Surface,
    shape: str,
    center: Point,
    radius: float,
    fill: Sequence[int],
    outline: Sequence[int],
    width: int,
) -> None:
    """Draw a seat shape (circle/square/triangle/diamond) of roughly ``radius``."""
    cx, cy = center
    if shape == "circle":
        circle(surf, fill, center, radius * 0.92, outline, width)
        return
    if shape == "square":
        r = radius * 0.8
        pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    elif shape == "triangle":
        r = radius * 1.1
        pts = [
            (cx, cy - r),
            (cx + r * math.cos(math.pi / 6), cy + r * 0.6),
            (cx - r * math.cos(math.pi / 6), cy + r * 0.6),
        ]
    elif shape == "diamond":
        r = radius * 1.05
        pts = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    else:
        raise ValueError(f"unknown seat shape {shape!r}")
    polygon(surf, fill, pts, outline, width)


def draw_coin(
    surf: pygame.Surface, center: Point, radius: float, label: str | None, ink: Sequence[int] = INK
) -> None:
    """A gold coin with a rim, a highlight and an optional centred label."""
    cx, cy = center
    w = max(2, round(radius * 0.09))
    circle(surf, GOLD_DARK, (cx, cy + radius * 0.08), radius)
    circle(surf, GOLD, center, radius, shade(GOLD_DARK, -0.3), w)
    circle(surf, None, center, radius * 0.78, shade(GOLD, -0.18), max(1, w // 2))
    pygame.draw.arc(
        surf,
        shade(GOLD, 0.55),
        pygame.Rect(cx - radius * 0.66, cy - radius * 0.66, radius * 1.32, radius * 1.32),
        math.radians(100),
        math.radians(170),
        max(2, w),
    )
    if label:
        size = round(radius * (1.45 if len(label) == 1 else 1.05))
        text(surf, label, (cx, cy + radius * 0.02), size, ink, shade(GOLD, 0.6), max(1, w // 2))


def draw_cacao_pod(
    surf: pygame.Surface, center: Point, length: float, angle: float, color: RGB = CACAO
) -> None:
    """A ribbed cacao pod of ``length`` px, tilted ``angle`` degrees clockwise."""
    cx, cy = center
    rx, ry = length * 0.3, length * 0.5
    # Pod outline: an egg shape (pointed at the top), built in local coordinates.
    pts: list[Point] = []
    for i in range(60):
        a = 2 * math.pi * i / 60
        x = math.cos(a) * rx * (1 - 0.25 * max(0.0, -math.sin(a)))
        y = math.sin(a) * ry
        pts.append((cx + x, cy + y))
    pts = rotate(pts, angle, center)
    w = max(2, round(length * 0.045))
    polygon(surf, color, pts, shade(color, -0.6), w)
    # Ribs.
    for k in (-0.55, -0.2, 0.2, 0.55):
        rib = [
            (cx + k * rx * math.cos(math.asin(max(-1.0, min(1.0, t)))), cy + t * ry * 0.88)
            for t in (x / 10 for x in range(-9, 10))
        ]
        pygame.draw.lines(surf, shade(color, -0.35), False, rotate(rib, angle, center), max(1, w // 2))
    # Highlight.
    hl = ellipse_points((cx - rx * 0.35, cy - ry * 0.2), rx * 0.18, ry * 0.45)
    pygame.draw.polygon(surf, shade(color, 0.35), rotate(hl, angle, center))
    # Stem.
    stem = rotate([(cx, cy - ry), (cx, cy - ry * 1.2)], angle, center)
    pygame.draw.line(surf, (80, 60, 30), stem[0], stem[1], w + 1)


def draw_water_drop(surf: pygame.Surface, center: Point, height: float) -> None:
    """A water drop symbol ``height`` px tall with outline and highlight."""
    cx, cy = center
    r = height * 0.33
    body_cy = cy + height * 0.17
    pts: list[Point] = [(cx, cy - height * 0.5)]
    for i in range(41):
        a = math.radians(-30 + 240 * i / 40)
        pts.append((cx + r * math.cos(a), body_cy + r * math.sin(a)))
    w = max(2, round(height * 0.05))
    polygon(surf, (84, 170, 235), pts, (20, 60, 120), w)
    hl = ellipse_points((cx - r * 0.4, body_cy - r * 0.05), r * 0.16, r * 0.36, 20)
    pygame.draw.polygon(surf, (210, 238, 255), hl)


def draw_sun(surf: pygame.Surface, center: Point, radius: float) -> None:
    """A radiant sun: star-shaped rays and a glowing disc with a face-like ring."""
    w = max(2, round(radius * 0.06))
    polygon(surf, (255, 158, 28), star_points(center, radius, radius * 0.66, 12), (150, 70, 10), w)
    circle(surf, (255, 214, 64), center, radius * 0.6, (150, 70, 10), w)
    circle(surf, None, center, radius * 0.42, (232, 150, 30), w)
    circle(surf, (255, 240, 160), (center[0] - radius * 0.18, center[1] - radius * 0.2), radius * 0.12)


def draw_temple(surf: pygame.Surface, center: Point, width: float) -> None:
    """A stepped pyramid (4 tiers plus a shrine) ``width`` px wide, centred."""
    cx, cy = center
    tiers = 4
    tier_h = width * 0.14
    w = max(2, round(width * 0.025))
    base_y = cy + tier_h * (tiers + 1) / 2
    for i in range(tiers):
        tw = width * (1 - i * 0.2)
        rect = pygame.Rect(0, 0, tw, tier_h + 1)
        rect.midbottom = (round(cx), round(base_y - i * tier_h))
        color = shade(STONE, -0.05 * i)
        pygame.draw.rect(surf, color, rect)
        pygame.draw.rect(surf, shade(STONE, 0.35), (rect.x, rect.y, rect.width, max(2, w)))
        pygame.draw.rect(surf, INK, rect, w)
    # Stairs.
    stair_w = width * 0.18
    stairs = pygame.Rect(0, 0, stair_w, tier_h * tiers)
    stairs.midbottom = (round(cx), round(base_y))
    pygame.draw.rect(surf, shade(STONE, 0.2), stairs)
    for i in range(1, tiers * 2):
        y = stairs.bottom - i * tier_h / 2
        pygame.draw.line(surf, shade(STONE, -0.3), (stairs.x, y), (stairs.right, y), max(1, w // 2))
    pygame.draw.rect(surf, INK, stairs, w)
    # Shrine on top.
    shrine = pygame.Rect(0, 0, width * 0.3, tier_h * 1.1)
    shrine.midbottom = (round(cx), round(base_y - tiers * tier_h))
    pygame.draw.rect(surf, shade(STONE, -0.15), shrine)
    door = pygame.Rect(0, 0, shrine.width * 0.36, shrine.height * 0.6)
    door.midbottom = shrine.midbottom
    pygame.draw.rect(surf, INK, door)
    pygame.draw.rect(surf, INK, shrine, w)


def draw_meeple(
    surf: pygame.Surface,
    base: Point,
    height: float,
    angle: float,
    fill: Sequence[int],
    outline: Sequence[int],
) -> None:
    """A worker figure standing on ``base``; its head points ``angle`` degrees from up."""
    bx, by = base
    h = height
    # Meeple silhouette in local coordinates (head up, base at (bx, by)).
    body = [
        (bx - 0.46 * h, by),
        (bx - 0.30 * h, by - 0.38 * h),
        (bx - 0.50 * h, by - 0.50 * h),
        (bx - 0.46 * h, by - 0.62 * h),
        (bx - 0.16 * h, by - 0.66 * h),
        (bx + 0.16 * h, by - 0.66 * h),
        (bx + 0.46 * h, by - 0.62 * h),
        (bx + 0.50 * h, by - 0.50 * h),
        (bx + 0.30 * h, by - 0.38 * h),
        (bx + 0.46 * h, by),
        (bx + 0.06 * h, by),
        (bx, by - 0.18 * h),
        (bx - 0.06 * h, by),
    ]
    w = max(2, round(h * 0.07))
    polygon(surf, fill, rotate(body, angle, base), outline, w)
    head_center = rotate([(bx, by - 0.80 * h)], angle, base)[0]
    circle(surf, fill, head_center, 0.17 * h, outline, w)
    shine = rotate([(bx - 0.06 * h, by - 0.85 * h)], angle, base)[0]
    circle(surf, shade(fill, 0.5), shine, 0.05 * h)


def draw_hut(
    surf: pygame.Surface,
    center: Point,
    width: float,
    color: RGB,
    shape: str,
) -> None:
    """A hut in ``color`` with the seat ``shape`` emblem on its roof."""
    cx, cy = center
    outline = seat_outline(color)
    w = max(3, round(width * 0.035))
    wall = mix(color, SAND, 0.35) if luminance(color) < 0.5 else shade(color, -0.08)
    roof = color
    # Walls.
    wall_rect = pygame.Rect(0, 0, width * 0.72, width * 0.42)
    wall_rect.midtop = (round(cx), round(cy + width * 0.02))
    pygame.draw.rect(surf, wall, wall_rect)
    pygame.draw.rect(surf, outline, wall_rect, w)
    # Door.
    door = pygame.Rect(0, 0, width * 0.2, width * 0.28)
    door.midbottom = wall_rect.midbottom
    pygame.draw.rect(
        surf,
        shade(wall, -0.55),
        door,
        border_top_left_radius=round(width * 0.1),
        border_top_right_radius=round(width * 0.1),
    )
    # Roof.
    roof_pts = [
        (cx - width * 0.5, cy + width * 0.06),
        (cx, cy - width * 0.5),
        (cx + width * 0.5, cy + width * 0.06),
    ]
    polygon(surf, roof, roof_pts, outline, w)
    for i in range(1, 5):  # thatch strokes
        t = i / 5
        x0 = cx - width * 0.5 + width * t
        pygame.draw.line(
            surf, shade(roof, -0.2), (cx, cy - width * 0.42), (x0, cy + width * 0.03), max(1, w // 2)
        )
    # Emblem disc on the roof so the shape always contrasts.
    disc_center = (cx, cy - width * 0.14)
    emblem_fill = text_on(color)
    emblem_bg = shade(color, -0.35) if emblem_fill == (255, 255, 255) else shade(color, 0.45)
    circle(surf, emblem_bg, disc_center, width * 0.19, outline, w)
    draw_seat_shape(surf, shape, disc_center, width * 0.125, emblem_fill, outline, max(2, w // 2))


# --------------------------------------------------------------------------
# Tile backgrounds
# --------------------------------------------------------------------------


def tile_frame(surf: pygame.Surface, fill: RGB) -> pygame.Rect:
    """Fill the whole square with ``fill`` and return the inner area inside a bevel."""
    s = surf.get_width()
    surf.fill(fill)
    bevel = max(3, s // 64)
    pygame.draw.rect(surf, shade(fill, 0.25), (0, 0, s, bevel))
    pygame.draw.rect(surf, shade(fill, 0.25), (0, 0, bevel, s))
    pygame.draw.rect(surf, shade(fill, -0.35), (0, s - bevel, s, bevel))
    pygame.draw.rect(surf, shade(fill, -0.35), (s - bevel, 0, bevel, s))
    pygame.draw.rect(surf, shade(fill, -0.6), (0, 0, s, s), max(2, bevel // 2))
    return pygame.Rect(bevel, bevel, s - 2 * bevel, s - 2 * bevel)


def scatter_leaves(
    surf: pygame.Surface,
    rng: random.Random,
    count: int,
    keep_out: pygame.Rect | None,
    palette: Sequence[RGB],
    size_range: tuple[float, float],
) -> None:
    """Scatter ``count`` leaves over ``surf`` avoiding the centre of ``keep_out``."""
    s = surf.get_width()
    for _ in range(count):
        x, y = rng.uniform(0, s), rng.uniform(0, s)
        if keep_out is not None and keep_out.inflate(-s * 0.08, -s * 0.08).collidepoint(x, y):
            continue
        length = rng.uniform(*size_range) * s
        color = rng.choice(palette)
        angle = rng.uniform(0, 360)
        polygon(
            surf,
            color,
            leaf_points((x, y), length, length * 0.32, angle),
            shade(color, -0.35),
            max(1, s // 256),
        )
        vein = rotate([(x, y), (x, y - length * 0.85)], angle, (x, y))
        pygame.draw.line(surf, shade(color, 0.2), vein[0], vein[1], max(1, s // 300))


def jungle_base(surf: pygame.Surface, family: str, seed: str) -> pygame.Rect:
    """Jungle rim of leaves plus a rounded clearing in the family colour.

    Returns the clearing rectangle (symbols are drawn inside it).
    """
    s = surf.get_width()
    tile_frame(surf, JUNGLE_MID)
    rng = seeded_rng(seed)
    clearing = pygame.Rect(0, 0, round(s * 0.8), round(s * 0.8))
    clearing.center = (s // 2, s // 2)
    leaf_colors = [JUNGLE_DARK, JUNGLE_LIGHT, shade(JUNGLE_MID, -0.15), (70, 138, 58)]
    scatter_leaves(surf, rng, 70, clearing, leaf_colors, (0.06, 0.12))
    color = FAMILY_COLORS[family]
    radius = round(s * 0.09)
    shadow = clearing.move(0, s // 100)
    pygame.draw.rect(surf, shade(JUNGLE_DARK, -0.3), shadow, border_radius=radius)
    pygame.draw.rect(surf, color, clearing, border_radius=radius)

    def inner_glow(target: pygame.Surface) -> None:
        radial_glow(target, clearing.center, clearing.width * 0.72, shade(color, 0.22), color)

    glow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(glow, (255, 255, 255, 255), clearing, border_radius=radius)
    shine = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    inner_glow(shine)
    shine.blit(glow, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(shine, (0, 0))
    pygame.draw.rect(surf, shade(color, -0.45), clearing, max(2, s // 128), border_radius=radius)
    return clearing


def number_badge(surf: pygame.Surface, label: str, center: Point, radius: float, fill: RGB) -> None:
    """A round badge with a bold ``label``, used for counts/prices/values."""
    w = max(2, round(radius * 0.12))
    circle(surf, fill, center, radius, INK, w)
    text(surf, label, (center[0], center[1] + radius * 0.02), round(radius * 1.5), text_on(fill), INK, 0)


# --------------------------------------------------------------------------
# Jungle tiles
# --------------------------------------------------------------------------


def draw_plantation(surf: pygame.Surface, pods: int) -> None:
    """Plantation with ``pods`` cacao pods (1 or 2) hanging from a small tree."""
    s = surf.get_width()
    clearing = jungle_base(surf, "plantation", f"plantation{pods}")
    cx, cy = clearing.center
    # Tree: trunk plus a canopy of leaves.
    trunk = [
        (cx - s * 0.04, cy + s * 0.34),
        (cx - s * 0.025, cy - s * 0.1),
        (cx + s * 0.025, cy - s * 0.1),
        (cx + s * 0.04, cy + s * 0.34),
    ]
    polygon(surf, (112, 76, 44), trunk, INK, max(2, s // 128))
    for ang, dx in ((-60, -0.02), (-25, -0.01), (25, 0.01), (60, 0.02), (0, 0.0)):
        pts = leaf_points((cx + s * dx, cy - s * 0.08), s * 0.26, s * 0.07, ang)
        polygon(surf, (62, 140, 56), pts, JUNGLE_DARK, max(2, s // 160))
    if pods == 1:
        draw_cacao_pod(surf, (cx, cy + s * 0.1), s * 0.36, 0)
    else:
        draw_cacao_pod(surf, (cx - s * 0.13, cy + s * 0.1), s * 0.32, -12)
        draw_cacao_pod(surf, (cx + s * 0.13, cy + s * 0.1), s * 0.32, 12)
    number_badge(surf, str(pods), (clearing.right - s * 0.085, clearing.bottom - s * 0.085), s * 0.07, CACAO)


def draw_market(surf: pygame.Surface, price: int) -> None:
    """Market stall with a striped awning and a big coin showing ``price``."""
    s = surf.get_width()
    clearing = jungle_base(surf, "market", f"market{price}")
    cx, cy = clearing.center
    w = max(2, s // 110)
    awning_colors = {2: (200, 40, 40), 3: (30, 110, 170), 4: (120, 60, 150)}
    stripe = awning_colors[price]
    top, bottom = cy - s * 0.3, cy - s * 0.14
    left, right = cx - s * 0.32, cx + s * 0.32
    # Posts and counter.
    for x in (left + s * 0.04, right - s * 0.04):
        pygame.draw.rect(surf, (110, 72, 40), (x - s * 0.015, bottom, s * 0.03, s * 0.34))
        pygame.draw.rect(surf, INK, (x - s * 0.015, bottom, s * 0.03, s * 0.34), max(1, w // 2))
    counter = pygame.Rect(round(left), round(cy + s * 0.1), round(right - left), round(s * 0.1))
    pygame.draw.rect(surf, (150, 98, 52), counter)
    pygame.draw.rect(surf, INK, counter, w)
    # Awning stripes (alternating colour/white), trapezoid with scalloped edge.
    n = 6
    for i in range(n):
        x0 = left + (right - left) * i / n
        x1 = left + (right - left) * (i + 1) / n
        tx0 = cx + (x0 - cx) * 0.8
        tx1 = cx + (x1 - cx) * 0.8
        pts = [(tx0, top), (tx1, top), (x1, bottom), (x0, bottom)]
        polygon(surf, stripe if i % 2 == 0 else (250, 244, 230), pts)
        circle(surf, stripe if i % 2 == 0 else (250, 244, 230), ((x0 + x1) / 2, bottom), (x1 - x0) / 2)
    polygon(
        surf,
        None,
        [(cx - (cx - left) * 0.8, top), (cx + (right - cx) * 0.8, top), (right, bottom), (left, bottom)],
        INK,
        w,
    )
    # Goods: a pod on the counter, and the big price coin.
    draw_cacao_pod(surf, (left + s * 0.1, counter.y - s * 0.02), s * 0.16, -70)
    draw_coin(surf, (cx + s * 0.03, cy + s * 0.04), s * 0.17, str(price))


def draw_gold_mine(surf: pygame.Surface, value: int) -> None:
    """Rocky mountain with a mine entrance and a coin showing ``value``."""
    s = surf.get_width()
    clearing = jungle_base(surf, "gold", f"gold{value}")
    cx, cy = clearing.center
    w = max(2, s // 110)
    rock = (96, 98, 108)
    peaks = [
        (clearing.x + s * 0.02, cy + s * 0.22),
        (cx - s * 0.22, cy - s * 0.2),
        (cx - s * 0.1, cy - s * 0.1),
        (cx + s * 0.05, cy - s * 0.32),
        (cx + s * 0.3, cy + s * 0.02),
        (clearing.right - s * 0.02, cy + s * 0.22),
    ]
    polygon(surf, rock, peaks, INK, w)
    polygon(
        surf,
        (236, 236, 240),
        [
            (cx + s * 0.05, cy - s * 0.32),
            (cx + s * 0.11, cy - s * 0.23),
            (cx + s * 0.02, cy - s * 0.25),
            (cx - s * 0.02, cy - s * 0.24),
        ],
    )
    # Mine entrance.
    entrance = pygame.Rect(0, 0, round(s * 0.18), round(s * 0.16))
    entrance.midbottom = (round(cx - s * 0.18), round(cy + s * 0.22))
    pygame.draw.rect(
        surf,
        (30, 24, 20),
        entrance,
        border_top_left_radius=entrance.width // 2,
        border_top_right_radius=entrance.width // 2,
    )
    pygame.draw.rect(
        surf,
        (130, 90, 50),
        entrance,
        w * 2,
        border_top_left_radius=entrance.width // 2,
        border_top_right_radius=entrance.width // 2,
    )
    # Nuggets.
    for nx, ny, r in ((-0.31, 0.2, 0.032), (-0.06, 0.205, 0.026), (0.3, 0.19, 0.03)):
        circle(surf, GOLD, (cx + s * nx, cy + s * ny), s * r, GOLD_DARK, max(1, w // 2))
    draw_coin(surf, (cx + s * 0.1, cy + s * 0.06), s * 0.17, str(value))


def draw_water(surf: pygame.Surface) -> None:
    """Water source: waves in a blue clearing and a big water drop."""
    s = surf.get_width()
    clearing = jungle_base(surf, "water", "water")
    cx, cy = clearing.center
    w = max(2, s // 100)
    for row in range(5):
        y = clearing.y + s * 0.12 + row * s * 0.14
        pts = [
            (x, y + math.sin((x / s) * math.pi * 8 + row) * s * 0.012)
            for x in range(clearing.x + s // 30, clearing.right - s // 30, max(1, s // 100))
        ]
        pygame.draw.lines(surf, shade(FAMILY_COLORS["water"], 0.3), False, pts, w)
    draw_water_drop(surf, (cx, cy + s * 0.01), s * 0.56)


def draw_sun_site(surf: pygame.Surface) -> None:
    """Sun-worshipping site: a stone circle altar under a radiant sun."""
    s = surf.get_width()
    clearing = jungle_base(surf, "sun", "sun")
    cx, cy = clearing.center
    for i in range(8):
        a = 2 * math.pi * i / 8
        px, py = cx + math.cos(a) * s * 0.3, cy + math.sin(a) * s * 0.3
        rect = pygame.Rect(0, 0, s * 0.05, s * 0.07)
        rect.center = (round(px), round(py))
        pygame.draw.rect(surf, STONE, rect, border_radius=s // 100)
        pygame.draw.rect(surf, INK, rect, max(2, s // 160), border_radius=s // 100)
    draw_sun(surf, (cx, cy), s * 0.25)


def draw_temple_site(surf: pygame.Surface) -> None:
    """Temple: a stepped pyramid in a lilac clearing."""
    s = surf.get_width()
    clearing = jungle_base(surf, "temple", "temple")
    cx, cy = clearing.center
    for i in range(3):
        circle(
            surf, shade(FAMILY_COLORS["temple"], 0.15 + 0.1 * i), (cx, cy - s * 0.02), s * (0.33 - 0.05 * i)
        )
    draw_temple(surf, (cx, cy + s * 0.02), s * 0.6)


def draw_edge_marker(surf: pygame.Surface, edge: int, value: int) -> None:
    """Volcano edge marker on ``edge`` (0=N..3=W): gold coin for +, lava for - (a true minus
    sign, white on the lava with nothing behind it: a trial read the hyphen, half hidden by a
    glint, as "1" or "+1")."""
    s = surf.get_width()
    cx = cy = s / 2
    dist = s * 0.385
    angle = EDGE_ANGLES[edge]
    px, py = rotate([(cx, cy - dist)], angle, (cx, cy))[0]
    label = f"{value:+d}" if value > 0 else f"\u2212{-value}"
    if value > 0:
        draw_coin(surf, (px, py), s * 0.105, label)
    else:
        blob = ellipse_points((px, py), s * 0.11, s * 0.095, angle, 60)
        blob = [
            (x + math.sin(i * 1.7) * s * 0.008, y + math.cos(i * 1.3) * s * 0.008)
            for i, (x, y) in enumerate(blob)
        ]
        polygon(surf, LAVA, blob, (70, 10, 4), max(2, s // 110))
        text(surf, label, (px, py), round(s * 0.115), (255, 255, 255), (70, 10, 4), max(1, s // 170))


def draw_volcano(surf: pygame.Surface, turns: int = 0) -> None:
    """Volcano with lava flows and its edge markers as laid ``turns`` quarters clockwise
    (unturned: N/E = +2 (coins), S/W = -1 (lava)); the cone and the numbers stay upright."""
    s = surf.get_width()
    clearing = jungle_base(surf, "volcano", "volcano")
    cx, cy = clearing.center
    w = max(2, s // 110)
    # Smoke.
    for i, (dx, dy, r) in enumerate(((-0.03, -0.24, 0.05), (0.03, -0.29, 0.06), (-0.01, -0.34, 0.045))):
        circle(surf, (120 + i * 20, 112 + i * 20, 110 + i * 20), (cx + s * dx, cy + s * dy), s * r)
    cone = [
        (cx - s * 0.26, cy + s * 0.2),
        (cx - s * 0.07, cy - s * 0.16),
        (cx + s * 0.07, cy - s * 0.16),
        (cx + s * 0.26, cy + s * 0.2),
    ]
    polygon(surf, (92, 62, 52), cone, INK, w)
    flow = [
        (cx - s * 0.06, cy - s * 0.16),
        (cx + s * 0.06, cy - s * 0.16),
        (cx + s * 0.03, cy - s * 0.04),
        (cx + s * 0.08, cy + s * 0.1),
        (cx + s * 0.02, cy + s * 0.06),
        (cx - s * 0.02, cy + s * 0.14),
        (cx - s * 0.04, cy - s * 0.02),
    ]
    polygon(surf, (255, 110, 30), flow, (140, 30, 10), max(1, w // 2))
    crater = ellipse_points((cx, cy - s * 0.16), s * 0.075, s * 0.025)
    polygon(surf, (255, 200, 60), crater, (140, 30, 10), max(1, w // 2))
    for edge, value in enumerate(VOLCANO_SIDES[turns]):
        draw_edge_marker(surf, edge, value)


JUNGLE_DRAWERS: dict[str, Callable[[pygame.Surface], None]] = {
    "plantation1": lambda s: draw_plantation(s, 1),
    "plantation2": lambda s: draw_plantation(s, 2),
    "market2": lambda s: draw_market(s, 2),
    "market3": lambda s: draw_market(s, 3),
    "market4": lambda s: draw_market(s, 4),
    "gold1": lambda s: draw_gold_mine(s, 1),
    "gold2": lambda s: draw_gold_mine(s, 2),
    "water": draw_water,
    "sun": draw_sun_site,
    "temple": draw_temple_site,
    "volcano": draw_volcano,
}


def draw_emblem_back(
    surf: pygame.Surface, base: RGB, emblem: Callable[[pygame.Surface, Point, float], None]
) -> None:
    """A card back: ``base`` colour, diagonal pattern, medallion with ``emblem``."""
    s = surf.get_width()
    area = tile_frame(surf, base)
    step = s // 10
    line_col = shade(base, -0.12)
    for k in range(-s, 2 * s, step):
        pygame.draw.line(surf, line_col, (k, 0), (k + s, s), max(2, s // 90))
        pygame.draw.line(surf, line_col, (k, s), (k + s, 0), max(2, s // 90))
    inner = area.inflate(-s * 0.08, -s * 0.08)
    pygame.draw.rect(surf, shade(base, 0.35), inner, max(2, s // 80), border_radius=s // 14)
    center = (s / 2, s / 2)
    circle(surf, shade(base, -0.3), (center[0], center[1] + s * 0.01), s * 0.27)
    circle(surf, mix(base, SAND, 0.55), center, s * 0.26, INK, max(2, s // 90))
    emblem(surf, center, s * 0.26)


def draw_jungle_back(surf: pygame.Surface) -> None:
    """Back of the face-down jungle pile: jungle green, cacao pod medallion."""

    def emblem(target: pygame.Surface, center: Point, radius: float) -> None:
        draw_cacao_pod(target, center, radius * 1.35, -20)

    s = surf.get_width()
    draw_emblem_back(surf, JUNGLE_DARK, emblem)
    rng = seeded_rng("jungle_back_leaves")
    corners = [(0.12, 0.12, 135), (0.88, 0.12, 225), (0.88, 0.88, 315), (0.12, 0.88, 45)]
    for x, y, ang in corners:
        for d in (-25, 0, 25):
            pts = leaf_points((s * x, s * y), s * 0.16, s * 0.045, ang + d + rng.uniform(-5, 5))
            polygon(surf, JUNGLE_LIGHT, pts, JUNGLE_DARK, max(1, s // 200))


# --------------------------------------------------------------------------
# Worker tiles
# --------------------------------------------------------------------------


def worker_positions(count: int, edge: int, size: float) -> list[Point]:
    """Foot points of ``count`` workers centred on ``edge`` (0=N..3=W), near the border."""
    c = size / 2
    spacing = size * 0.19
    foot = size * 0.23
    pts = [(c + (i - (count - 1) / 2) * spacing, foot) for i in range(count)]
    return rotate(pts, EDGE_ANGLES[edge], (c, c))


def draw_worker_tile(surf: pygame.Surface, code: str, color: RGB, shape: str, turns: int = 0) -> None:
    """Sand tile with the seat's hut in the middle and workers per ``code`` (N,E,S,W) as
    laid ``turns`` quarters clockwise; the hut stays upright.

    Each worker stands with its feet towards the hut and its head towards the
    border it serves, so the figures stay countable after rotation.
    """
    sides = WORKER_SIDES[code][turns]
    s = surf.get_width()
    tile_frame(surf, SAND)
    rng = seeded_rng(f"worker-sand-{code}")
    for _ in range(220):  # subtle sand speckles
        x, y = rng.uniform(0, s), rng.uniform(0, s)
        circle(surf, shade(SAND, rng.uniform(-0.12, 0.08)), (x, y), s * rng.uniform(0.003, 0.008))
    c = s / 2
    # Soft paths from the hut towards each edge with workers.
    for edge, count in enumerate(sides):
        if count:
            end = rotate([(c, s * 0.16)], EDGE_ANGLES[edge], (c, c))[0]
            pygame.draw.line(surf, shade(SAND, -0.08), (c, c), end, round(s * 0.09))
    circle(surf, shade(SAND, -0.14), (c, c + s * 0.02), s * 0.19)
    draw_hut(surf, (c, c + s * 0.01), s * 0.31, color, shape)
    outline = seat_outline(color)
    for edge, count in enumerate(sides):
        for foot in worker_positions(count, edge, s):
            draw_meeple(surf, foot, s * 0.16, EDGE_ANGLES[edge], color, outline)


def draw_worker_back(surf: pygame.Surface, color: RGB, shape: str) -> None:
    """Back of a seat's worker pile: seat colour with a medallion showing its shape."""

    def emblem(target: pygame.Surface, center: Point, radius: float) -> None:
        draw_seat_shape(
            target, shape, center, radius * 0.55, color, seat_outline(color), max(3, round(radius * 0.07))
        )

    draw_emblem_back(surf, color if luminance(color) < 0.6 else shade(color, -0.12), emblem)


# --------------------------------------------------------------------------
# Icons and background
# --------------------------------------------------------------------------


def draw_icon(name: str, surf: pygame.Surface) -> None:
    """Draw the 64 px icon ``name`` (see :data:`ICON_NAMES`) on a transparent canvas."""
    s = surf.get_width()
    c = (s / 2, s / 2)
    if name == "cacao":
        draw_cacao_pod(surf, (c[0], c[1] + s * 0.03), s * 0.8, 25)
    elif name == "gold":
        draw_coin(surf, c, s * 0.44, None)
        star = star_points((c[0], c[1] + s * 0.01), s * 0.24, s * 0.1, 5)
        polygon(surf, shade(GOLD, 0.35), star, GOLD_DARK, max(2, s // 40))
    elif name == "sun":
        draw_sun(surf, c, s * 0.48)
    elif name == "water":
        draw_water_drop(surf, c, s * 0.92)
    elif name == "temple":
        draw_temple(surf, (c[0], c[1] + s * 0.04), s * 0.94)
    elif name == "overbuilt":
        # Two stacked tiles, the lower one peeking out: "a tile lies under this one".
        w = max(2, s // 22)
        for off, col in ((0.12, (150, 130, 100)), (-0.08, SAND)):
            rect = pygame.Rect(0, 0, s * 0.6, s * 0.6)
            rect.center = (round(c[0] + s * off), round(c[1] - s * off))
            pygame.draw.rect(surf, col, rect, border_radius=s // 12)
            pygame.draw.rect(surf, INK, rect, w, border_radius=s // 12)
    elif name == "overbuild":
        # A tile with an arrow landing on it and the sun it costs: "you may build over this".
        w = max(2, s // 22)
        rect = pygame.Rect(0, 0, s * 0.58, s * 0.46)
        rect.midbottom = (round(c[0] - s * 0.1), round(s * 0.94))
        pygame.draw.rect(surf, SAND, rect, border_radius=s // 12)
        pygame.draw.rect(surf, INK, rect, w, border_radius=s // 12)
        x = rect.centerx
        arrow = [(x - s * 0.18, s * 0.3), (x + s * 0.18, s * 0.3), (x, s * 0.5)]
        pygame.draw.line(surf, INK, (x, s * 0.06), (x, s * 0.34), max(3, s // 10))
        polygon(surf, INK, arrow)
        draw_sun(surf, (s * 0.76, s * 0.26), s * 0.22)
    else:
        raise ValueError(f"unknown icon {name!r}")


def draw_background(size: tuple[int, int]) -> pygame.Surface:
    """A warm wooden table with soft planks, grain and a vignette, at ``size``."""
    w, h = size
    low = pygame.Surface((w // 2, h // 2))
    lw, lh = low.get_size()
    rng = seeded_rng("table")
    plank_h = lh // 6
    base_colors = [(118, 76, 45), (110, 70, 41), (124, 81, 49), (114, 73, 43)]
    seams: list[tuple[float, int]] = []
    for p in range(7):
        y0 = p * plank_h
        base = base_colors[p % len(base_colors)]
        pygame.draw.rect(low, base, (0, y0, lw, plank_h))
        for _ in range(70):  # grain lines
            gy = y0 + rng.uniform(2, plank_h - 2)
            amp = rng.uniform(1, 4)
            freq = rng.uniform(0.004, 0.012)
            phase = rng.uniform(0, 6.28)
            col = shade(base, rng.uniform(-0.14, 0.1))
            pts = [(x, gy + amp * math.sin(x * freq + phase)) for x in range(0, lw + 8, 8)]
            pygame.draw.lines(low, col, False, pts, 1)
        seams.append((rng.uniform(lw * 0.2, lw * 0.8), y0))
    # Soft large-scale tone variation: a tiny random map, smoothly upscaled, multiplied in.
    tone = pygame.Surface((16, 9))
    for ty in range(9):
        for tx in range(16):
            v = rng.randint(200, 255)
            tone.set_at((tx, ty), (v, v, v))
    low.blit(pygame.transform.smoothscale(tone, (lw, lh)), (0, 0), special_flags=pygame.BLEND_MULT)
    for seam_x, y0 in seams:
        pygame.draw.line(low, (52, 32, 20), (0, y0), (lw, y0), 2)
        pygame.draw.line(low, (58, 36, 22), (seam_x, y0), (seam_x, y0 + plank_h), 2)
    big = pygame.transform.smoothscale(low, size)
    # Vignette: darken towards the edges with nested translucent ellipses.
    vignette = pygame.Surface(size, pygame.SRCALPHA)
    vignette.fill((0, 0, 0, 140))
    steps = 40
    for i in range(1, steps + 1):
        t = i / steps
        rect = pygame.Rect(0, 0, round(w * (1.6 - 1.3 * t)), round(h * (1.6 - 1.3 * t)))
        rect.center = (w // 2, h // 2)
        pygame.draw.ellipse(vignette, (0, 0, 0, round(140 * (1 - t) ** 1.2)), rect)
    big.blit(vignette, (0, 0))
    return big


# --------------------------------------------------------------------------
# Rendering entry points
# --------------------------------------------------------------------------


def render(size: int, draw: Callable[[pygame.Surface], None]) -> pygame.Surface:
    """Draw with ``draw`` on a supersampled canvas and return a ``size`` px surface."""
    canvas = new_canvas(size)
    draw(canvas)
    return finish(canvas, size)


def render_tile(draw: Callable[[pygame.Surface], None]) -> pygame.Surface:
    """A 256 px tile drawn with ``draw``, opaque: every pixel's alpha 255 (the colours as
    drawn), so the game draws tiles as plain copies and a board's pixels never show through."""
    tile = render(TILE_PX, draw)
    tile.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)
    return tile


def render_jungle(code: str) -> pygame.Surface:
    """The 256 px face of jungle tile ``code`` (``"back"`` for the pile back)."""
    return render_tile(draw_jungle_back if code == "back" else JUNGLE_DRAWERS[code])


def render_volcano(turns: int) -> pygame.Surface:
    """The 256 px volcano laid ``turns`` (1-3) quarters clockwise, numbers upright."""
    return render_tile(lambda s: draw_volcano(s, turns))


def render_worker(palette: str, seat: str, code: str, turns: int = 0) -> pygame.Surface:
    """The 256 px worker tile ``code`` (or ``"back"``) of ``seat`` in ``palette``, laid
    ``turns`` quarters clockwise with its hut upright."""
    color = hex_to_rgb(PALETTES[palette][seat])
    shape = SEAT_SHAPES[seat]
    if code == "back":
        return render_tile(lambda s: draw_worker_back(s, color, shape))
    return render_tile(lambda s: draw_worker_tile(s, code, color, shape, turns))


def contact_sheet(
    jungle: dict[str, pygame.Surface],
    workers: dict[str, dict[str, pygame.Surface]],
    icons: dict[str, pygame.Surface],
) -> pygame.Surface:
    """Overview: jungle at 96 and 48 px, workers of both palettes and icons at 48 px."""
    pad, big, small = 8, 96, 48
    label_font = load_font(16, "Bold")
    cols = max(len(jungle), len(next(iter(workers.values()))) // 2 + 1)
    width = pad + cols * (big + pad)
    rows_h = [24 + big + pad, 24 + small + pad, *[24 + 2 * (small + pad) for _ in workers], 24 + 64 + pad]
    sheet = pygame.Surface((width, sum(rows_h) + pad))
    sheet.fill((60, 42, 30))
    y = pad

    def heading(label: str) -> None:
        sheet.blit(label_font.render(label, True, (246, 238, 220)), (pad, y))

    heading("Jungle tiles at 96 px")
    for i, surf in enumerate(jungle.values()):
        sheet.blit(pygame.transform.smoothscale(surf, (big, big)), (pad + i * (big + pad), y + 24))
    y += rows_h[0]
    heading("Jungle tiles at 48 px (board zoomed out)")
    for i, surf in enumerate(jungle.values()):
        sheet.blit(pygame.transform.smoothscale(surf, (small, small)), (pad + i * (small + pad), y + 24))
    y += rows_h[1]
    for r, (palette, tiles) in enumerate(workers.items()):
        heading(f"Worker tiles, {palette} palette, 48 px")
        for i, surf in enumerate(tiles.values()):
            row, col = divmod(i, len(tiles) // 2)
            sheet.blit(
                pygame.transform.smoothscale(surf, (small, small)),
                (pad + col * (small + pad), y + 24 + row * (small + pad)),
            )
        y += rows_h[2 + r]
    heading("Icons at 64 and 32 px")
    for i, surf in enumerate(icons.values()):
        x = pad + i * (64 + 32 + 2 * pad)
        sheet.blit(surf, (x, y + 24))
        sheet.blit(pygame.transform.smoothscale(surf, (32, 32)), (x + 64 + pad, y + 24 + 16))
    return sheet


def save(surf: pygame.Surface, path: Path) -> None:
    """Save ``surf`` as PNG at ``path``, creating parent folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def main() -> None:
    """Generate every image asset and ``palettes.json`` under ``assets/``."""
    pygame.init()
    jungle: dict[str, pygame.Surface] = {}
    for code in (*JUNGLE_CODES, "back"):
        jungle[code] = render_jungle(code)
        save(jungle[code], ASSETS / "tiles" / "jungle" / f"{code}.png")
    for turns in TURNED:
        save(render_volcano(turns), ASSETS / "tiles" / "jungle" / f"volcano_r{turns}.png")
    workers: dict[str, dict[str, pygame.Surface]] = {}
    for palette in PALETTES:
        workers[palette] = {}
        for seat in SEAT_COLORS:
            for code in (*WORKER_CODES, "back"):
                surf = render_worker(palette, seat, code)
                workers[palette][f"{seat}_{code}"] = surf
                save(surf, ASSETS / "tiles" / "workers" / palette / f"{seat}_{code}.png")
            for code in WORKER_CODES:
                for turns in TURNED:
                    turned = render_worker(palette, seat, code, turns)
                    save(turned, ASSETS / "tiles" / "workers" / palette / f"{seat}_{code}_r{turns}.png")
    icons: dict[str, pygame.Surface] = {}
    for name in ICON_NAMES:
        icons[name] = render(ICON_PX, lambda s, n=name: draw_icon(n, s))
        save(icons[name], ASSETS / "icons" / f"{name}.png")
    save(draw_background(BACKGROUND_SIZE), ASSETS / "ui" / "background.png")
    save(contact_sheet(jungle, workers, icons), ASSETS / "preview_contact_sheet.png")
    doc = palettes_document()
    (ASSETS / "palettes.json").write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    for palette, colors in PALETTES.items():
        deltas = cvd_min_delta_e(colors.values())
        summary = ", ".join(f"{k}={v:.1f}" for k, v in deltas.items())
        print(f"{palette}: min pairwise Delta-E {summary}")
    print(f"wrote assets under {ASSETS}")


if __name__ == "__main__":
    main()
