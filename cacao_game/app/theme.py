"""The look of the app: colours, spacing and drawing helpers (panels, text, seat markers).

A warm cacao/jungle theme: dark chocolate panels with a thin gold rim and a soft shadow over
the jungle backdrop, cream text, gold accents. Every helper draws onto a given surface and
returns the rectangle it used; nothing here keeps a screen.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from cacao_game.app.scale import px
from cacao_game.app.surface_cache import SurfaceCache

if TYPE_CHECKING:
    from cacao_game.app.assets import Assets


class WithAssets(Protocol):
    """What the drawing helpers need of the app: its assets (a scene's ``Shell`` has them)."""

    @property
    def assets(self) -> Assets:
        """Fonts, images, palettes."""
        ...


INK = pygame.Color("#2B1E16")
CHOCOLATE = pygame.Color("#3A271B")
PANEL = pygame.Color("#2B1E16")
PANEL_LIGHT = pygame.Color("#4A3626")
PANEL_HOVER = pygame.Color("#5C4330")
CREAM = pygame.Color("#F6EEDC")
SAND = pygame.Color("#E2C896")
MUTED = pygame.Color("#BFAE93")
GOLD = pygame.Color("#F2BE2E")
GOLD_DARK = pygame.Color("#B8871A")
CACAO = pygame.Color("#C46624")
JUNGLE = pygame.Color("#2E7034")
JUNGLE_DARK = pygame.Color("#1B4A26")
LEAF = pygame.Color("#4E9A3E")
DANGER = pygame.Color("#B8432F")
PROBLEM = pygame.Color("#F08A6C")
"""Text saying why something cannot be done (a form's problem, a refused save, a lost host)."""
UNAVAILABLE_FILL = pygame.Color("#3B3129")
UNAVAILABLE_TEXT = pygame.Color("#8A7D6B")
UNAVAILABLE_BORDER = pygame.Color("#54473B")
"""A control that cannot be used now (a disabled button, a thinking time no seat uses): its
fill, text and outline, all clearly duller than an available control's (a French trial took
an unused thinking time's muted arrows in its gold outline for an active one)."""
WATER = pygame.Color("#4096DC")
WINNER = pygame.Color("#62C95A")
"""The winner's mark on the final scoring (row outline and badge): a green no seat colour of
either palette comes near (tester8 took the yellow seat's gold-like row for a second winner)."""

RADIUS = 18
GAP = 16
PAD = 24
SHADOW_OFFSET = 6
"""Spacing in design pixels (``px`` gives real pixels); font sizes below likewise."""

TITLE_SIZE = 84
HEADING_SIZE = 40
BODY_SIZE = 28
SMALL_SIZE = 22
SMALLEST_SIZE = 17
"""Design pixels of the smallest text of any screen (key captions, key hints, the panels' fine
print, the temples' awards): 12 real pixels at 1366x768 (``tests/test_text_fits.py``)."""
ICON_SIZE = 40
"""Design pixels of the smallest icon (gold, cacao, sun, water...) of any screen: 28 real
pixels at 1366x768."""


_SHADOWS = SurfaceCache("shadows", 6 * 1024 * 1024)
"""Panel shadows by size, radius and strength."""


SHADOW_STEPS = 5
"""A shadow's opacity is its strength divided by this (see ``_make_shadow``)."""
SHADOW_SPREAD = 10
"""Design pixels a shadow reaches beyond its panel on every side (before ``SHADOW_OFFSET``)."""


SHADOW_MIDDLE = 64
"""Rows of a shadow's straight middle its image keeps (``_shadow``)."""


def _shadow(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    """A panel's shadow (cached), its rows between the rounded corners (all alike) kept at
    most ``SHADOW_MIDDLE`` high (``_blit_shadow`` repeats them): every tall panel of a width
    shares one small image (at 4K a popup's whole shadow is 4 MB, made in the frame it first
    appears, and the cache held one)."""
    w, h = size
    corner, spread = radius + px(SHADOW_SPREAD), px(SHADOW_SPREAD)
    kept = (w, min(h, 2 * corner + SHADOW_MIDDLE - 2 * spread))
    return _SHADOWS.get((kept, radius, alpha), lambda: _make_shadow(kept, radius, alpha))


def _make_shadow(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    """One rounded rectangle of black at ``alpha // SHADOW_STEPS``, ``SHADOW_SPREAD`` beyond
    ``size`` on every side. (It was drawn as five nested rectangles of that colour; pygame's ``draw``
    writes pixels without blending them, so the inner four changed nothing: these are the
    very pixels, drawn once, a fifth of the work for a popup's large shadow.)"""
    w, h = size
    spread = px(SHADOW_SPREAD)
    surface = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    color = (0, 0, 0, alpha // SHADOW_STEPS)
    pygame.draw.rect(surface, color, surface.get_rect(), border_radius=radius + spread)
    return surface


def shadow_rect(rect: pygame.Rect) -> pygame.Rect:
    """Where ``draw_shadow`` draws the shadow of ``rect``: ``SHADOW_SPREAD`` beyond it on every
    side, moved right and down by ``SHADOW_OFFSET``."""
    spread = px(SHADOW_SPREAD)
    return pygame.Rect(
        rect.x - spread + px(SHADOW_OFFSET) // 2,
        rect.y - spread + px(SHADOW_OFFSET),
        rect.w + 2 * spread,
        rect.h + 2 * spread,
    )


def panel_area(rect: pygame.Rect) -> pygame.Rect:
    """The pixels ``draw_panel`` may draw on for ``rect``: the panel and its shadow."""
    return pygame.Rect(rect).union(shadow_rect(rect))


SOLID_FILL = 240
"""A panel fill at least this opaque hides its shadow: a panel's shadow darkens by 24 of 255,
and such a fill lets at most 15 of 255 of what lies under it through, so the shadow would
change a pixel under the fill by at most 2 levels of 255 (by none under an opaque fill):
``draw_panel`` draws it only around the fill (popups and tooltips, drawn again each frame)."""


def draw_shadow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int | None = None,
    alpha: int = 120,
    *,
    under: Sequence[pygame.Rect] = (),
) -> None:
    """A soft drop shadow under ``rect`` (``radius`` in real pixels; default the panels'), but
    not within ``under`` (where opaque fills drawn next hide it: a large panel's shadow is
    then a rim, not a second pass over the panel's pixels)."""
    radius = px(RADIUS) if radius is None else radius
    shadow = _shadow((rect.w, rect.h), radius, alpha)
    at = shadow_rect(rect)
    for piece in uncovered(at, under):
        _blit_shadow(surface, shadow, at, piece, radius + px(SHADOW_SPREAD))


def _blit_shadow(
    surface: pygame.Surface, image: pygame.Surface, at: pygame.Rect, piece: pygame.Rect, corner: int
) -> None:
    """``piece`` (within ``at``) of a shadow drawn at ``at`` from its ``image`` (``_shadow``):
    the rows of its rounded corners (``corner`` high at the top and at the bottom) from the
    image's, the rows between from the image's middle rows, repeated as often as needed."""
    squeezed = at.h - image.get_height()
    middle = image.get_height() - 2 * corner
    y, bottom, x = piece.y - at.y, piece.bottom - at.y, piece.x - at.x
    while y < bottom:
        if not squeezed:
            source, rows = y, bottom - y
        elif y < corner:
            source, rows = y, min(bottom, corner) - y
        elif y >= at.h - corner:
            source, rows = y - squeezed, bottom - y
        else:
            source, rows = corner, min(bottom, at.h - corner, y + middle) - y
        surface.blit(image, (piece.x, at.y + y), (x, source, piece.w, rows))
        y += rows


def _blit_around(
    surface: pygame.Surface, image: pygame.Surface, at: pygame.Rect, covers: Sequence[pygame.Rect]
) -> None:
    """``image`` blitted at ``at`` but within ``covers`` (``uncovered``)."""
    for piece in uncovered(at, covers):
        surface.blit(image, piece, piece.move(-at.x, -at.y))


def fill_inside(rect: pygame.Rect, radius: int) -> pygame.Rect:
    """The part of a rounded rectangle of ``radius`` that its fill covers whole: all but the
    rows of its rounded corners (nothing when the corners take the whole side)."""
    if 2 * radius >= min(rect.w, rect.h):
        return pygame.Rect(rect.x, rect.y, 0, 0)
    return pygame.Rect(rect.x, rect.y + radius, rect.w, rect.h - 2 * radius)


def uncovered(rect: pygame.Rect, covers: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """``rect`` less ``covers``, as rectangles that do not overlap (none when covered, ``rect``
    alone when there are no covers)."""
    left: list[pygame.Rect] = []
    todo = [pygame.Rect(rect)]
    while todo:
        piece = todo.pop()
        index = piece.collidelist(covers)
        if index < 0:
            left.append(piece)
            continue
        cut = piece.clip(covers[index])
        if cut.top > piece.top:
            todo.append(pygame.Rect(piece.x, piece.y, piece.w, cut.top - piece.top))
        if cut.bottom < piece.bottom:
            todo.append(pygame.Rect(piece.x, cut.bottom, piece.w, piece.bottom - cut.bottom))
        if cut.left > piece.left:
            todo.append(pygame.Rect(piece.x, cut.y, cut.left - piece.left, cut.h))
        if cut.right < piece.right:
            todo.append(pygame.Rect(cut.right, cut.y, piece.right - cut.right, cut.h))
    return left


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    color: pygame.Color | tuple[int, ...] = PANEL,
    alpha: int = 235,
    radius: int | None = None,
    border: pygame.Color | tuple[int, ...] | None = GOLD_DARK,
    shadow: bool = True,
    border_width: int = 2,
    covered: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """A rounded panel with a shadow (only around a fill of ``SOLID_FILL`` or more), a
    translucent fill and a thin rim; returns ``rect``. ``radius`` is in real pixels (default:
    the theme's, scaled); ``border_width`` in design pixels. ``covered``: areas inside the rim
    the caller fills with opaque pixels next (a popup's rows): neither shadow nor fill is
    drawn there."""
    rect = pygame.Rect(rect)
    radius = px(RADIUS) if radius is None else radius
    if shadow:
        solid = [fill_inside(rect, radius)] if alpha >= SOLID_FILL else []
        draw_shadow(surface, rect, radius, under=[*solid, *covered])
    rgb = tuple(pygame.Color(color))[:3]
    if alpha >= 255 and fill_inside(rect, radius).h > 0:
        key = (rect.size, rgb, radius, "edges")
        edges = _PANELS.get(key, lambda: _opaque_edges(rect.size, rgb, radius))
        _fill_opaque(surface, edges, rect, radius, covered)
    else:
        fill = _PANELS.get(
            (rect.size, rgb, alpha, radius), lambda: _panel_fill(rect.size, rgb, alpha, radius)
        )
        _blit_around(surface, fill, rect, covered)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=px(border_width), border_radius=radius)
    return rect


_PANELS = SurfaceCache("panels", 8 * 1024 * 1024)
"""Panel fills by size and colour: drawn once, not every frame."""


def _fill_opaque(
    surface: pygame.Surface,
    edges: pygame.Surface,
    rect: pygame.Rect,
    radius: int,
    covered: Sequence[pygame.Rect],
) -> None:
    """An opaque panel drawn at ``rect`` from its ``edges`` (``_opaque_edges``) but within
    ``covered``: the rows of its rounded corners copied, the rows between them (each of one
    colour: the glow's, then the fill's) filled with their colours, the very pixels a copy of
    its whole fill (``_panel_fill``) sets."""
    band = fill_inside(rect, radius)
    for at, row in ((pygame.Rect(rect.x, rect.y, rect.w, radius), 0), (band.move(0, band.h), radius + 2)):
        at = at.clip(rect)
        for piece in uncovered(at, covered):
            surface.blit(edges, piece, (piece.x - rect.x, piece.y - at.y + row, piece.w, piece.h))
    glow = pygame.Rect(band.x, band.y, band.w, max(0, rect.y + _glow_height(rect.size) - band.y))
    for part, row in (
        (glow, radius),
        (pygame.Rect(band.x, glow.bottom, band.w, band.bottom - glow.bottom), radius + 1),
    ):
        if part.w > 0 and part.h > 0:
            color = edges.get_at((0, row))
            for piece in uncovered(part, covered):
                surface.fill(color, piece)


def _opaque_edges(size: tuple[int, int], rgb: tuple[int, ...], radius: int) -> pygame.Surface:
    """The rows of an opaque panel's fill (``_panel_fill``) that ``_fill_opaque`` reads, not
    the whole fill (at 4K a popup's is 4 MB, drawn in the frame it first appears): its first
    ``radius + 1`` rows (the rounded corners and the glow's first row), the first row below the
    glow, then its last ``radius`` rows (the corners). The same pixels: the fill is drawn
    shifted, clipped to each part."""
    width, height = size
    body = max(radius, _glow_height(size))
    edges = pygame.Surface((width, 2 * radius + 2), pygame.SRCALPHA)
    for top, row, rows in ((0, 0, radius + 1), (body, radius + 1, 1), (height - radius, radius + 2, radius)):
        edges.set_clip(pygame.Rect(0, row, width, rows))
        _draw_fill(edges, size, rgb, 255, radius, row - top)
    edges.set_clip(None)
    return edges


def _glow_height(size: tuple[int, int]) -> int:
    """Rows at the top of a panel of ``size`` its fill lightens."""
    return min(size[1] // 2, px(60))


def _panel_fill(size: tuple[int, int], rgb: tuple[int, ...], alpha: int, radius: int) -> pygame.Surface:
    """A panel's fill: a rounded rectangle of ``rgb`` at ``alpha``, its top rows lightened."""
    fill = pygame.Surface(size, pygame.SRCALPHA)
    _draw_fill(fill, size, rgb, alpha, radius, 0)
    return fill


def _draw_fill(
    target: pygame.Surface, size: tuple[int, int], rgb: tuple[int, ...], alpha: int, radius: int, dy: int
) -> None:
    """A panel fill of ``size`` drawn on ``target`` moved down by ``dy`` (within its clip: the
    glow's image holds only the rows that meet it)."""
    pygame.draw.rect(target, (*rgb, alpha), pygame.Rect(0, dy, *size), border_radius=radius)
    clip = target.get_clip()
    first, last = max(0, clip.top - dy), min(_glow_height(size), clip.bottom - dy)
    if last <= first:
        return
    glow = pygame.Surface((size[0], last - first), pygame.SRCALPHA)
    highlight = pygame.Rect(0, -first, size[0], _glow_height(size))
    pygame.draw.rect(
        glow, (255, 240, 210, 14), highlight, border_top_left_radius=radius, border_top_right_radius=radius
    )
    target.blit(glow, (0, dy + first))


VEIL_COLOR = (12, 8, 4)
"""The near-black every darkening fades towards."""


def darken(surface: pygame.Surface, alpha: int) -> None:
    """Fade the whole surface towards ``VEIL_COLOR`` by ``alpha`` (0-255), in place: the same
    pixels as blitting a veil of that colour and alpha, with no full-screen layer kept."""
    alpha = max(0, min(255, alpha))
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surface.fill(tuple(round(c * alpha / 255) for c in VEIL_COLOR), special_flags=pygame.BLEND_RGB_ADD)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (under a modal overlay)."""
    darken(surface, alpha)


@dataclass(frozen=True)
class TextDrawn:
    """One text drawn while an audit runs: what, where, the box it had to stay in and the
    size of its font in real pixels."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect
    size: int


class Audit(list[TextDrawn]):
    """The texts drawn while an audit runs, ``cut``: the texts shortened with an ellipsis to
    fit (``fit_text``), as they were before the cut, and ``icons``: the icons drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.cut: list[str] = []
        self.icons: list[tuple[str, int]] = []
        """Each icon asked for meanwhile, with its size in real pixels."""


_boxes: list[pygame.Rect] = []
_audit: Audit | None = None


@contextmanager
def within(rect: pygame.Rect) -> Iterator[pygame.Rect]:
    """Texts drawn inside this block belong to ``rect`` (an audit checks they fit in it)."""
    _boxes.append(pygame.Rect(rect))
    try:
        yield rect
    finally:
        _boxes.pop()


def note_text(surface: pygame.Surface, text: str, rect: pygame.Rect, font: pygame.font.Font) -> None:
    """Record a drawn text, drawn in ``font``, for a running audit (nothing otherwise)."""
    if _audit is not None and text.strip():
        box = _boxes[-1] if _boxes else surface.get_rect()
        _audit.append(TextDrawn(text, pygame.Rect(rect), box, font.point_size))


def note_icon(name: str, size: int) -> None:
    """Record for a running audit that icon ``name`` was asked for at ``size`` real pixels."""
    if _audit is not None:
        _audit.icons.append((name, size))


def note_cut(text: str) -> None:
    """Record for a running audit that ``text`` was shortened to fit (nothing otherwise)."""
    if _audit is not None:
        _audit.cut.append(text)


def auditing() -> bool:
    """Whether a ``text_audit`` runs (drawing then draws every text anew, nothing kept)."""
    return _audit is not None


@contextmanager
def text_audit() -> Iterator[Audit]:
    """Collect every text drawn inside this block, with the box it belongs to, and every
    text shortened to fit (tests)."""
    global _audit
    _audit = Audit()
    try:
        yield _audit
    finally:
        _audit = None


def draw_text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    pos: tuple[int, int] | tuple[float, float],
    color: pygame.Color | tuple[int, ...] = CREAM,
    *,
    anchor: str = "topleft",
    shadow: bool = False,
    width: int = 0,
    align: int = pygame.FONT_LEFT,
) -> pygame.Rect:
    """Render ``text`` with its ``anchor`` point at ``pos`` (wrapped at ``width`` if given)."""
    font.align = align
    image = render_text(font, text, color, width)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        back = render_text(font, text, (0, 0, 0), width)
        back.set_alpha(140)
        surface.blit(back, rect.move(px(2), px(3)))
    surface.blit(image, rect)
    note_text(surface, text, rect, font)
    font.align = pygame.FONT_LEFT
    return rect


def render_text(
    font: pygame.font.Font, text: str, color: pygame.Color | tuple[int, ...], width: int = 0
) -> pygame.Surface:
    """``text`` rendered (wrapped at ``width`` if given), from a cache bounded in bytes (a
    frame redraws the same texts: rendering them again would churn memory). Text with nothing
    to draw (empty, or only zero-width characters) gives an empty transparent surface of the
    line's height instead of pygame's "Text has zero width" error."""
    key = (font, text, tuple(pygame.Color(color)), width, font.align)

    def make() -> pygame.Surface:
        try:
            return font.render(text, True, color, None, width) if width else font.render(text, True, color)
        except pygame.error:
            return pygame.Surface((1, font.get_linesize()), pygame.SRCALPHA)

    return _TEXTS.get(key, make)


_TEXTS = SurfaceCache("texts", 8 * 1024 * 1024)
"""Rendered texts of every scene by font, text, colour and wrap width."""


@dataclass(frozen=True, slots=True)
class Ink:
    """How a text's ink sits in its rendered line: the ink's ``height``, and how far below a
    line's middle to put the line so that the ink is centred there (``lower``; a text centred
    by its line box sits high, the line's descent lying below its ink)."""

    height: int
    lower: int


@functools.lru_cache(maxsize=128)
def ink(font: pygame.font.Font, sample: str) -> Ink:
    """The ink of ``sample`` rendered in ``font`` (``render_text``; its colour does not move
    the ink), measured once a font and sample, not every frame it is drawn in."""
    image = render_text(font, sample, INK)
    box = image.get_bounding_rect()
    return Ink(box.h, image.get_height() // 2 - box.centery)


def fit_text(font: pygame.font.Font, text: str, width: int, *, tail: bool = False) -> str:
    """``text`` shortened with an ellipsis so that it fits ``width`` pixels: its start kept,
    or with ``tail`` its end (a field being typed in shows the text by its caret).

    Measures O(log n) prefixes (a binary search), so a very long text costs little. A
    running ``text_audit`` notes the cut."""
    if font.size(text)[0] <= width:
        return text
    note_cut(text)

    def cut(kept: int) -> str:
        return "…" + text[len(text) - kept :] if tail else text[:kept] + "…"

    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(cut(middle))[0] <= width:
            low = middle
        else:
            high = middle - 1
    return cut(low)


def fit_named(font: pygame.font.Font, text: str, name: str, width: int) -> str:
    """``text`` fitted to ``width`` pixels as ``fit_text`` does, but where it names ``name``
    that name is cut first, down to a third of ``width``, so that what is said of it stays
    readable (a trial's 24-letter name left only the name in the log, and "Maximiliana
    Wolkenst…" in a lobby row that was to say she left)."""
    if not name or name not in text or font.size(text)[0] <= width:
        return fit_text(font, text, width)
    rest = font.size(text.replace(name, "", 1))[0]
    short = fit_text(font, name, max(width - rest, width // 3))
    return fit_text(font, text.replace(name, short, 1), width)


def fit_font(
    app: WithAssets,
    size: float,
    text: str,
    width: int,
    weight: str = "regular",
    smallest: float | None = None,
) -> pygame.font.Font:
    """The font of ``size`` design pixels, or a smaller one (down to ``smallest`` of it,
    default ``MIN_FIT``) in which ``text`` fits ``width`` real pixels; text still too wide
    is for ``fit_text``."""
    least = size * (MIN_FIT if smallest is None else smallest)
    return app.assets.font(fit_size(app, size, text, width, weight, least), weight)


def fit_size(app: WithAssets, size: float, text: str, width: int, weight: str, least: float) -> float:
    """The size in design pixels of ``fit_font``'s font: ``size``, or a smaller one down to
    ``least`` design pixels in which ``text`` fits ``width`` real pixels."""
    step = size
    while app.assets.font(step, weight).size(text)[0] > width and step > least:
        step = max(step - max(1.0, size * 0.05), least)
    return step


MIN_FIT = 0.75
"""The smallest a label shrinks to fit (``fit_font``) before it is cut with an ellipsis."""

TIP_WIDTH = 520
"""Tooltip text wraps at this many design pixels."""


def draw_tip(
    app: WithAssets,
    surface: pygame.Surface,
    text: str | Sequence[str],
    near: tuple[int, int],
    avoid: Sequence[pygame.Rect] = (),
    over: pygame.Rect | None = None,
    within: pygame.Rect | None = None,
) -> pygame.Rect:
    """The one tooltip look: ``text`` (or lines, the first one bold) wrapped in a small panel
    below-right of ``near`` (``tip_place``: elsewhere around it, or around the hovered
    widget ``over``, when that covers one of ``avoid``), kept on screen, inside ``within``
    when given; returns the panel's rectangle."""
    lines = [text] if isinstance(text, str) else list(text)
    area = surface.get_rect() if within is None else within.clip(surface.get_rect())
    rect, images = tip_layout(app, area, lines, near, avoid, over)
    draw_panel(surface, rect, color=CHOCOLATE, alpha=250, radius=px(10), border=GOLD)
    y = rect.y + px(10)
    for line, image in zip(lines, images, strict=True):
        surface.blit(image, (rect.x + px(14), y))
        if auditing():
            font = app.assets.font(SMALL_SIZE)
            note_text(surface, line, image.get_rect(topleft=(rect.x + px(14), y)), font)
        y += image.get_height()
    return rect


def tip_layout(
    app: WithAssets,
    screen: pygame.Rect,
    lines: Sequence[str],
    near: tuple[int, int],
    avoid: Sequence[pygame.Rect] = (),
    over: pygame.Rect | None = None,
) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """Where ``draw_tip`` draws a tooltip of ``lines`` on ``screen`` (its panel, without the
    shadow) and the images of its lines."""
    wrap = min(px(TIP_WIDTH), screen.w - px(64))
    images = [
        render_text(
            app.assets.font(SMALL_SIZE, "bold" if i == 0 and len(lines) > 1 else "regular"), line, CREAM, wrap
        )
        for i, line in enumerate(lines)
    ]
    width = max((image.get_width() for image in images), default=0)
    size = (width + px(28), sum(image.get_height() for image in images) + px(20))
    return tip_place(size, near, screen, avoid, over), images


def tip_place(
    size: tuple[int, int],
    near: tuple[int, int],
    screen: pygame.Rect,
    avoid: Sequence[pygame.Rect] = (),
    over: pygame.Rect | None = None,
) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: below-right of the mouse at ``near`` (above it when
    there is no room below), else below-left, above-right or above-left, else (given the
    hovered widget's rectangle ``over``, and no room below) centred on the mouse right above
    that widget: the first of them that covers none of ``avoid`` (the one covering least of them
    when each does); always on ``screen``. (A trial's Watch tooltip on the Join form's row
    of buttons covered Back beside it.)"""
    room = screen.inflate(-px(16), -px(16))
    places = []
    no_room_below = near[1] + px(24) + size[1] > screen.bottom - px(8)
    for right, below in ((True, True), (False, True), (True, False), (False, False)):
        rect = pygame.Rect((0, 0), size)
        rect.left = near[0] + px(18) if right else near[0] - px(18) - size[0]
        rect.top = near[1] + px(24) if below else near[1] - px(8) - size[1]
        if below and no_room_below:
            rect.bottom = near[1] - px(8)
        places.append(rect.clamp(room))
    if over is not None and no_room_below:
        above = pygame.Rect((0, 0), size)
        above.midbottom = (near[0], over.top - px(8))
        places.append(above.clamp(room))

    def covered(rect: pygame.Rect) -> int:
        return sum(rect.clip(other).w * rect.clip(other).h for other in avoid)

    return min(places, key=covered)


def shape_points(shape: str, center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """Polygon points of a seat marker ``shape`` (square, triangle, diamond); [] for a circle."""
    x, y = center
    if shape == "square":
        r = radius * 0.86
        return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    if shape == "triangle":
        return [
            (x + radius * math.cos(a), y + radius * 1.1 * math.sin(a) + radius * 0.15)
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
    if shape == "diamond":
        return [(x, y - radius * 1.1), (x + radius * 0.9, y), (x, y + radius * 1.1), (x - radius * 0.9, y)]
    return []


def draw_marker(
    surface: pygame.Surface,
    shape: str,
    center: tuple[float, float],
    radius: float,
    fill: pygame.Color | tuple[int, ...],
    outline: pygame.Color | tuple[int, ...] = INK,
    width: int | None = None,
) -> pygame.Rect:
    """A seat marker: a filled ``shape`` (circle, square, triangle, diamond) with an outline
    ``width`` real pixels wide (default: 2 design pixels)."""
    width = px(2) if width is None else width
    points = shape_points(shape, center, radius)
    if not points:
        rect = pygame.draw.circle(surface, fill, center, radius)
        if width:
            pygame.draw.circle(surface, outline, center, radius, width)
        return rect
    rect = pygame.draw.polygon(surface, fill, points)
    if width:
        pygame.draw.polygon(surface, outline, points, width)
    return rect


def draw_seat_marker(
    app: WithAssets, surface: pygame.Surface, color: str, center: tuple[float, float], radius: float
) -> pygame.Rect:
    """The marker of seat colour ``color`` (its shape, in the current palette)."""
    from cacao_game.config.game import SHAPES

    return draw_marker(
        surface,
        SHAPES.get(color, "circle"),
        center,
        radius,
        app.assets.seat_color(color),
        app.assets.seat_color(color, "outline"),
    )


def draw_backdrop(app: WithAssets, surface: pygame.Surface, shade: int = 60) -> None:
    """The jungle background, darkened by ``shade`` (0-255) so panels stand out."""
    surface.blit(app.assets.background(surface.get_size()), (0, 0))
    if shade:
        darken(surface, shade)


def draw_title(
    app: WithAssets, surface: pygame.Surface, text: str, y: int = 64, size: int = TITLE_SIZE
) -> pygame.Rect:
    """A centred screen title (top at design pixel ``y``) with a gold underline flourish."""
    font = app.assets.font(size, "black")
    cx = surface.get_width() // 2
    text = fit_text(font, text, surface.get_width() - px(2 * PAD))
    rect = draw_text(surface, font, text, (cx, px(y)), CREAM, anchor="midtop", shadow=True)
    line_y = rect.bottom + px(10)
    half = max(px(120), rect.w // 2 + px(40))
    pygame.draw.line(surface, GOLD_DARK, (cx - half, line_y), (cx - px(18), line_y), px(3))
    pygame.draw.line(surface, GOLD_DARK, (cx + px(18), line_y), (cx + half, line_y), px(3))
    draw_marker(surface, "diamond", (cx, line_y), px(9), GOLD, GOLD_DARK)
    return rect.union(pygame.Rect(cx - half, line_y - px(10), 2 * half, px(20)))


def draw_toast(
    app: WithAssets,
    surface: pygame.Surface,
    message: str,
    opacity: float = 1.0,
    area: pygame.Rect | None = None,
) -> pygame.Rect:
    """A short message in a pill near the bottom of ``area`` (real pixels; None: the screen),
    centred between its sides and wrapped to more lines when one line there cannot hold it (a
    start's notices about the settings file were cut off; a French notice ran from the board
    over the game log); returns its area."""
    font = app.assets.font(SMALL_SIZE + 4, "bold")
    area = area if area is not None else surface.get_rect()
    limit = area.w - px(160)
    text = render_text(font, message, CREAM, limit if font.size(message)[0] > limit else 0)
    margin = px(24)
    pill = text.get_rect().inflate(px(56), px(28))
    layer = pygame.Surface((pill.w + 2 * margin, pill.h + 2 * margin), pygame.SRCALPHA)
    pill.topleft = (margin, margin)
    radius = min(pill.h // 2, font.get_linesize() // 2 + px(14))
    draw_panel(layer, pill, color=CHOCOLATE, alpha=245, radius=radius, border=GOLD)
    layer.blit(text, text.get_rect(center=pill.center))
    layer.set_alpha(round(255 * max(0.0, min(1.0, opacity))))
    bottom = min(surface.get_height() - px(48), area.bottom - px(12))
    where = layer.get_rect(midbottom=(area.centerx, bottom + margin))
    surface.blit(layer, where)
    note_text(surface, message, text.get_rect(center=pill.move(where.topleft).center), font)
    return pill.move(where.topleft)


def forget_sized() -> None:
    """Drop every cached text, panel and shadow (the scale changed)."""
    for cache in (_TEXTS, _PANELS, _SHADOWS):
        cache.clear()


def lerp_color(a: pygame.Color, b: pygame.Color, amount: float) -> pygame.Color:
    """The colour ``amount`` (0-1) of the way from ``a`` to ``b``."""
    return pygame.Color(a).lerp(b, max(0.0, min(1.0, amount)))
