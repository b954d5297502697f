"""Everything around the board: seat panels, hand, display, pile, remaining tiles, log,
action buttons, the resolution popup, the hot-seat curtain and tooltips.

``Hud`` computes hit rectangles (pure geometry, from the layout anchors) and draws a
``Frame`` with its painter and tile art: every number and text comes from the frame, and a
seat panel and its tooltips read the same ``SeatView``. It knows nothing of the scene. The
static frames are drawn once into a cached backdrop; ``parts`` hands each element to the
table's kept picture (``layers.Backdrop``) keyed by the frame values it shows, so an element
is drawn again only when they change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme, widgets
from cacao_game.app.play.art import TileArt, opaque_square
from cacao_game.app.play.frame import (
    ActionView,
    Frame,
    Memo,
    PopupView,
    SeatView,
    Tip,
    ToCome,
    panel_tip,
    projected_tip,
)
from cacao_game.app.play.layers import Draw, Part, draw_parts
from cacao_game.app.play.paint import Painter
from cacao_game.app.play.shown import Shown
from cacao_game.app.play.texts import STEP_SEPARATOR, LogLine, outcome_text, per_seat
from cacao_game.app.play.thinking_bar import thinking_parts
from cacao_game.app.scale import px
from cacao_game.app.strings import PARTS_SEPARATOR, t, tn
from cacao_game.app.tile_words import jungle_action, jungle_name, laid_tile
from cacao_game.engine.tiles import CACAO_CAP, SUN_CAP, WATER_TRACK, Pos
from cacao_game.session.outcomes import Outcome

if TYPE_CHECKING:
    from cacao_game.app.assets import Assets
    from cacao_game.app.scene import Shell

HAND_TILE = 132
DISPLAY_TILE = 120
PANEL_NAMES = ("panel_seat0", "panel_seat1", "panel_seat2", "panel_seat3")
OVERBUILD_NOTE = pygame.Color(255, 190, 120)
"""The colour of the hand's "Overbuild (1 sun)" note (in place of the pile count)."""
ACTION_TEXT = 20
"""Design pixels of an action button's label."""
ACTION_MIN_FIT = theme.SMALLEST_SIZE / ACTION_TEXT
"""The table's action buttons are narrow (six in a replay): their labels may shrink this far,
to the smallest text (translations short enough to fit there: ``tests/test_text_fits.py``)."""
ACTION_GAPS = (10, 6)
"""Design pixels between two action buttons: up to four of them, and more (a replay's six)."""
POPUP_W = 620
POPUP_TOP = 72
POPUP_ROW = 58
"""Design pixels of the resolution panel: its width, its heading and one outcome row."""
POPUP_TITLE = (22, "bold")
POPUP_HINT = (theme.SMALLEST_SIZE, "regular")
POPUP_BADGE = (18, "black")
POPUP_RESULT = (22, "black")
POPUP_TAG = (theme.SMALLEST_SIZE, "regular")
POPUP_WORDS = (18, "regular")
WORDS_LEFT = 44
"""Design pixels from an outcome row's left edge to its words (past its number badge)."""
POPUP_FILL = 255
"""The resolution panel's fill is opaque: nothing beneath it shows (``Hud.popup_cover``), so
a frame need not draw the board under it before drawing it over."""
POPUP_UNROLL = 3
"""Frames a resolution panel takes to appear, unrolling from its top (``Hud.popup_band``): it
comes with the decision, in a frame that also draws the move's log line, counters and
buttons again, and its 0.6 Mpx at 4K would all fall in that frame."""
POPUP_FONTS = (POPUP_TITLE, POPUP_HINT, POPUP_BADGE, POPUP_RESULT, POPUP_TAG, POPUP_WORDS)
"""The resolution popup's fonts (design pixels, weight): opened with their glyphs loaded when
the table is laid out (``warm_fonts``), not in the frame a first popup appears in, which also
draws its panel, its shadow and its texts."""
GLYPHS = "".join(map(chr, range(32, 127)))
"""The characters whose glyphs ``warm_fonts`` loads: printable ASCII (most of every language's
text; another letter costs its glyph the first time, and asking the fallback font whether it
draws one costs more than the glyph)."""


@dataclass(frozen=True)
class Button:
    """A clickable rectangle and what it does."""

    rect: pygame.Rect
    name: str
    index: int = 0


@dataclass(frozen=True, slots=True)
class PanelFace:
    """What a seat panel shows of its ``SeatView`` (the deciding seat's outline aside): its
    key as a still part, equal faces draw equal pixels."""

    seat: int
    name: str
    color: str
    kind: str
    total: int
    gold: int
    cacao: int
    sun: int
    final: bool
    water_step: int
    tiles_left: int
    highlighted: bool
    pending: bool
    spinner: float | None
    """The clock turning the spinner of a computer player thinking; None when none thinks."""

    def lit(self) -> PanelFace:
        """Only what the panel's outline shows (when clicked): its seat, colour and state."""
        return PanelFace(
            self.seat, "", self.color, "", 0, 0, 0, 0, False, 0, 0, self.highlighted, False, None
        )

    def head(self) -> PanelFace:
        """Only what the panel's top shows: marker, spinner, name, kind, total."""
        return replace(self, gold=0, cacao=0, sun=0, water_step=0, tiles_left=0, highlighted=False)

    def counts(self) -> PanelFace:
        """Only what the panel's counts row shows: gold, cacao, sun, tiles left."""
        return PanelFace(
            self.seat,
            "",
            self.color,
            "",
            0,
            self.gold,
            self.cacao,
            self.sun,
            False,
            0,
            self.tiles_left,
            False,
            False,
            None,
        )

    def water(self) -> PanelFace:
        """Only what the panel's water track shows."""
        return PanelFace(self.seat, "", "", "", 0, 0, 0, 0, False, self.water_step, 0, False, False, None)

    @classmethod
    def of(cls, view: SeatView, spinner: float | None) -> PanelFace:
        """The face of ``view`` (``spinner``: the clock while its player thinks)."""
        score = view.score
        return cls(
            view.seat,
            view.name,
            view.color,
            view.kind,
            view.total,
            score.gold,
            score.cacao,
            score.sun,
            view.final,
            view.water_step,
            view.tiles_left,
            view.highlighted,
            view.pending,
            spinner,
        )


def warm_fonts(assets: Assets, fonts: Sequence[tuple[int, str]]) -> None:
    """Open ``fonts`` (design pixels, weight) at the current scale and load the glyphs of
    ``GLYPHS`` into each (measured and drawn once): the first text measured or drawn in a
    font otherwise loads each glyph it meets, about 20 microseconds a glyph."""
    for size, weight in fonts:
        font = assets.font(size, weight)
        font.size(GLYPHS)
        font.render(GLYPHS, True, theme.CREAM)


def _draw_nothing(surface: pygame.Surface) -> None:
    """A part that draws nothing (a seat not deciding has no outline)."""


def _piece(rect: pygame.Rect, whole: pygame.Rect, draw: Draw, first: bool) -> Draw:
    """A piece of a drawing over ``whole`` cut side by side into parts: ``draw`` only within
    ``rect``. A text audit (``theme.auditing``: everything drawn anew at once) sees each text
    once: the ``first`` piece draws the whole drawing then, the others nothing."""

    def drawn(surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        if theme.auditing():
            if first:
                surface.set_clip(whole)
                draw(surface)
        else:
            surface.set_clip(clip.clip(rect))
            draw(surface)
        surface.set_clip(clip)

    return drawn


POPUP_ROW_RADIUS = 10
"""Design pixels of a popup row's rounded corners (its opaque fill covers all but their rows:
``theme.fill_inside``)."""
HAND_TILE_MARGIN = 28
"""Design pixels around a hand tile's place (raised when selected) that its drawing reaches:
the number badge on its corner and the selection's outline."""
PART_MARGIN = 8
"""Design pixels an element of the HUD may draw outside its anchor (outlines, badges); the
action buttons' shadows reach further."""
KEY_SEPARATOR = PARTS_SEPARATOR
"""Between the parts of a decision's key hint (every language's strings use it)."""
TOTAL_SIZE = 40
TOTAL_TOP = 3
TOTAL_GAP = 8
"""Design pixels of a seat panel's total: its size, its top below the panel's, and the gap
between the word naming it and its left (``Hud.total_rects``)."""
REMAINING_ICON = 40
"""Design pixels of a jungle tile in the list of tiles to come (28 real pixels at 1366x768)."""
PANEL_ICON = theme.ICON_SIZE
"""Design pixels of a seat panel's icons (gold, cacao, sun, water, tiles left)."""


def button_areas(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """Where an action button on ``rect`` draws (``widgets.Button.draw``: its face, raised by
    ``widgets.HOT_LIFT`` when the mouse is over it, and its shadow) and the part of it its
    opaque face covers in either state (all but the rows of its rounded corners)."""
    hot = rect.move(0, -widgets.HOT_LIFT)
    radius = min(px(theme.RADIUS), rect.h // 2)
    reach = theme.panel_area(rect).union(theme.panel_area(hot))
    return reach, theme.fill_inside(rect, radius).clip(theme.fill_inside(hot, radius))


@dataclass(frozen=True)
class SeatParts:
    """Where a seat panel shows each count, an icon at the left of each (``seat_parts``)."""

    gold: pygame.Rect
    cacao: pygame.Rect
    sun: pygame.Rect
    tiles: pygame.Rect
    water: pygame.Rect


HEAD_NAME_RIGHT = 56 + 250
"""Design pixels from a seat panel's left edge to the right end of its name's room: the
panel's top left of it (marker, name, kind) and right of it (the total) are parts of their own."""


def count_columns(panel: pygame.Rect, row: pygame.Rect) -> list[pygame.Rect]:
    """``row`` (a seat panel's counts) cut side by side at the left edges of its counts (gold,
    cacao, sun, tiles left: ``seat_parts``): each count and its icon lie in a column of their own."""
    parts = seat_parts(panel)
    edges = [row.x, parts.cacao.x, parts.sun.x, parts.tiles.x, row.right]
    return [pygame.Rect(left, row.y, right - left, row.h) for left, right in pairwise(edges)]


def seat_parts(panel: pygame.Rect) -> SeatParts:
    """The one place of a seat panel's counts, for its drawing and its tooltips: gold, cacao
    (of 5), sun (of 3) and tiles left in a row, the water track below."""
    top = panel.y + px(94 - PANEL_ICON // 2)

    def part(x: int, width: int) -> pygame.Rect:
        return pygame.Rect(x, top, width, px(PANEL_ICON))

    return SeatParts(
        gold=part(panel.x + px(14), px(116)),
        cacao=part(panel.x + px(140), px(112)),
        sun=part(panel.x + px(262), px(104)),
        tiles=part(panel.right - px(104), px(94)),
        water=pygame.Rect(panel.x + px(14), panel.y + px(112), px(400), px(34)),
    )


class Hud:
    """Geometry and drawing of the table's surroundings, for ``app``'s layout: the action
    buttons ``action_names``, the list of tiles to come unless ``shows_remaining`` is False
    (a tutorial's lesson panel takes its place)."""

    def __init__(
        self,
        app: Shell,
        painter: Painter,
        art: TileArt,
        action_names: Sequence[str],
        *,
        shows_remaining: bool = True,
    ) -> None:
        self.app = app
        self.painter = painter
        self.art = art
        self.action_names = tuple(action_names)
        self._shows_remaining = shows_remaining
        layout = app.layout
        self.anchors = {name: layout[name] for name in layout.names()}
        self._chrome: pygame.Surface | None = None
        self._chrome_key: object = None
        self._top: Memo[list[Part]] = Memo()
        self._log: Memo[list[Part]] = Memo()
        self._seats: dict[int, Memo[list[Part]]] = {}
        """The parts of the top bar, the log and each seat, made again when what they show
        (or the layout) changes: measuring texts every frame would cost more than drawing."""
        warm_fonts(app.assets, POPUP_FONTS)

    def a(self, name: str) -> pygame.Rect:
        """A copy of anchor ``name``."""
        return self.anchors[name].copy()

    # ----------------------------------------------------------------- geometry

    def panel_rect(self, seat: int) -> pygame.Rect:
        """The panel of ``seat``."""
        return self.a(PANEL_NAMES[seat])

    def hand_slots(self, count: int) -> list[pygame.Rect]:
        """Rectangles of the hand tiles."""
        area = self.a("hand")
        gap, size = px(40), px(HAND_TILE)
        total = count * size + max(0, count - 1) * gap
        x = area.centerx - total // 2
        return [pygame.Rect(x + i * (size + gap), area.y + px(56), size, size) for i in range(count)]

    def display_slots(self, count: int = 2) -> list[pygame.Rect]:
        """Rectangles of the display tiles (always two places)."""
        area = self.a("display")
        gap, size = px(28), px(DISPLAY_TILE)
        total = 2 * size + gap
        x = area.centerx - total // 2
        return [pygame.Rect(x + i * (size + gap), area.y + px(66), size, size) for i in range(max(2, count))]

    def pile_count_rect(self, count: int) -> pygame.Rect:
        """Where the pile's count ("17 left") is drawn, right of the pile."""
        rect = self.pile_rect()
        image = self.painter.text_image(tn("play.pile_left", count), 24, "black")
        return image.get_rect(topleft=(rect.right + px(26), rect.y + px(6)))

    def pile_rect(self) -> pygame.Rect:
        """The face-down pile."""
        area = self.a("jungle_pile")
        return pygame.Rect(area.x + px(40), area.y + px(66), px(DISPLAY_TILE), px(DISPLAY_TILE))

    def revealed_rect(self) -> pygame.Rect:
        """Where a pile tile drawn face up for a fill is shown."""
        return self.pile_rect().move(px(DISPLAY_TILE + 60), 0)

    def action_buttons(self) -> list[Button]:
        """The scene's action buttons (Undo, Hint, Confirm, Menu in play)."""
        area = self.a("actions")
        names = self.action_names
        gap = px(ACTION_GAPS[0] if len(names) <= 4 else ACTION_GAPS[1])
        width = (area.w - gap * (len(names) - 1)) // len(names)
        return [
            Button(pygame.Rect(area.x + i * (width + gap), area.y + px(6), width, area.h - px(12)), name)
            for i, name in enumerate(names)
        ]

    def popup_rect(self, outcomes: Sequence[Outcome]) -> pygame.Rect:
        """The resolution panel, in the top right corner of the board: a row per outcome."""
        board = self.a("board")
        rect = pygame.Rect(
            0, 0, min(px(POPUP_W), board.w - px(32)), px(POPUP_TOP + 16) + len(outcomes) * px(POPUP_ROW)
        )
        rect.topright = (board.right - px(16), board.top + px(16))
        return rect

    def popup_cover(self, popup: PopupView) -> pygame.Rect:
        """The pixels of the resolution panel its drawing sets whatever lies beneath: the
        panel is opaque (``POPUP_FILL``) but for the rows of its rounded corners, within the
        part unrolled (``popup_band``)."""
        inside = theme.fill_inside(self.popup_rect(popup.outcomes), px(theme.RADIUS))
        return inside.clip(self.popup_band(popup))

    def popup_band(self, popup: PopupView) -> pygame.Rect:
        """The part of the screen the resolution panel (with its shadow) shows now: its top
        ``unrolled / POPUP_UNROLL`` (``draw_popup`` draws nothing outside it)."""
        area = theme.panel_area(self.popup_rect(popup.outcomes))
        shown = min(max(popup.unrolled, 1), POPUP_UNROLL)
        return pygame.Rect(area.x, area.y, area.w, -(-area.h * shown // POPUP_UNROLL))

    def popup_buttons(self, outcomes: Sequence[Outcome]) -> list[Button]:
        """One button per outcome, stacked."""
        rect = self.popup_rect(outcomes)
        return [
            Button(
                pygame.Rect(
                    rect.x + px(16),
                    rect.y + px(POPUP_TOP) + i * px(POPUP_ROW),
                    rect.w - px(32),
                    px(POPUP_ROW - 8),
                ),
                "choice",
                i,
            )
            for i in range(len(outcomes))
        ]

    def curtain_button(self) -> pygame.Rect:
        """The "ready" button of the hot-seat curtain."""
        rect = pygame.Rect(0, 0, px(360), px(76))
        board = self.a("board")
        rect.center = (board.centerx, board.centery + px(176))
        return rect

    def panel_point(self, seat: int, item: str, shown: Shown) -> pygame.Vector2:
        """Where a token of ``item`` lands in ``seat``'s panel, with the tokens ``shown``."""
        r = self.panel_rect(seat)
        parts = seat_parts(r)
        icon = px(PANEL_ICON) // 2
        if item == "gold":
            return pygame.Vector2(parts.gold.x + icon, parts.gold.centery)
        if item == "cacao":
            return pygame.Vector2(parts.cacao.x + icon, parts.cacao.centery)
        if item == "sun":
            return pygame.Vector2(parts.sun.x + icon, parts.sun.centery)
        if item == "water":
            return pygame.Vector2(r.x + px(66 + 38 * shown.water[seat]), parts.water.centery + px(3))
        return pygame.Vector2(parts.tiles.x + icon, parts.tiles.centery)

    # ----------------------------------------------------------------- static frames

    def clear(self) -> None:
        """Drop the cached backdrop (the table is leaving)."""
        self._chrome = None
        self._chrome_key = None

    def chrome(self, surface_size: tuple[int, int], players: int) -> pygame.Surface:
        """The backdrop with every panel frame, drawn once per player count and palette."""
        key = (surface_size, players, self.app.assets.palette)
        if self._chrome is not None and self._chrome_key == key:
            return self._chrome
        chrome = (
            pygame.Surface(surface_size).convert()
            if pygame.display.get_surface()
            else pygame.Surface(surface_size)
        )
        theme.draw_backdrop(self.app, chrome, shade=70)
        top = self.a("title").union(self.a("status"))
        theme.draw_panel(chrome, top, alpha=225)
        theme.draw_panel(chrome, self.a("board"), color=theme.JUNGLE_DARK, alpha=150, border=theme.GOLD_DARK)
        for name in ("display", "hand", "jungle_pile", "remaining", "log"):
            if name != "remaining" or self.shows_remaining():
                theme.draw_panel(chrome, self.a(name), alpha=225)
        for seat in range(players):
            theme.draw_panel(chrome, self.panel_rect(seat), alpha=235)
        self._chrome = chrome
        self._chrome_key = key
        return chrome

    # ----------------------------------------------------------------- dynamic parts

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        """Every HUD element of ``frame`` over the board (the board is drawn before), each
        clipped to its part's area as when drawn by changes."""
        draw_parts(surface, self.parts(frame), [surface.get_clip()])

    def parts(self, frame: Frame) -> list[Part]:
        """The HUD's elements of ``frame`` as still parts of the picture (``layers.Part``):
        each with the area it draws in and, as its key, the values of ``frame`` it shows. The
        elements a new turn changes are parts of their own, as small as what they draw: the
        heading's and the status line's texts, the deciding seat's outline, each button."""
        margin = px(PART_MARGIN)
        seats = frame.seats
        parts = list(self.top_parts(frame))
        for view in seats:
            spinner = frame.clock if view.thinking else None
            memo = self._seats.setdefault(view.seat, Memo())
            inputs = (view, spinner, tuple(self.panel_rect(view.seat)))
            parts += memo.get(inputs, partial(self.panel_parts, view, spinner))
        parts += thinking_parts(frame, self.panel_rect, self.app.assets.seat_color)
        keyed: list[tuple[str, Hashable, pygame.Rect]] = [
            ("display", frame.display, self.a("display")),
            (
                "jungle_pile",
                (frame.pile_count, frame.revealed),
                self.a("jungle_pile").union(self.revealed_rect()),
            ),
            ("remaining", frame.remaining, self.a("remaining")),
        ]
        draws = {
            "display": self.draw_display,
            "jungle_pile": self.draw_pile,
            "remaining": self.draw_remaining,
        }
        for anchor, key, area in keyed:
            if anchor == "remaining" and not self.shows_remaining():
                continue
            parts.append(
                Part(
                    anchor,
                    area.inflate(2 * margin, 2 * margin),
                    key,
                    self._within(self.a(anchor), partial(draws[anchor], frame=frame)),
                )
            )
        return parts + self.hand_parts(frame) + self.log_parts(frame) + self.action_parts(frame)

    def panel_parts(self, view: SeatView, spinner: float | None) -> list[Part]:
        """A seat panel as parts: the deciding seat's outline, the panel's outline when
        clicked, its top, its counts and its water track, each keyed by what it shows. The top
        is two parts side by side (the total on the right: a new score draws again only it),
        and the counts row one part per count (``count_columns``): a gain draws again the
        count it changes, not the whole panel."""
        area = self.panel_rect(view.seat)
        face = PanelFace.of(view, spinner)
        parts = self.turn_parts(view)
        name = f"seat{view.seat}"
        lit = pygame.Rect(area.x - px(20), area.y - px(8), area.w + px(28), area.h + px(16))
        parts.append(
            Part(name, lit, face.lit(), self._within(area, partial(self.draw_panel_lit, face=face.lit())))
        )
        head = face.head()
        split = area.x + px(HEAD_NAME_RIGHT)
        top = pygame.Rect(area.x, area.y, area.w, px(84))
        halves: tuple[tuple[str, pygame.Rect, Hashable], ...] = (
            (".head", top.clip(pygame.Rect(top.x, top.y, split - top.x, top.h)), replace(head, total=0)),
            (
                ".total",
                top.clip(pygame.Rect(split, top.y, top.right - split, top.h)),
                (head.total, head.final, head.kind, head.pending),  # a long kind may reach here
            ),
        )
        for index, (suffix, band, key) in enumerate(halves):
            if suffix == ".total":
                band = self.total_area(head, band)
            draw = _piece(band, top, partial(self.draw_panel_head, face=head), first=index == 0)
            parts.append(Part(f"{name}{suffix}", band, key, self._within(area, draw)))
        counts = face.counts()
        row = pygame.Rect(area.x, area.y + px(70), area.w, px(48))
        shown: tuple[Hashable, ...] = (
            counts.gold,
            counts.cacao,
            counts.sun,
            (counts.color, counts.tiles_left),
        )
        for index, (column, key) in enumerate(zip(count_columns(area, row), shown, strict=True)):
            draw = _piece(column, row, partial(self.draw_panel_counts, face=counts), first=index == 0)
            parts.append(Part(f"{name}.counts{index}", column, key, self._within(area, draw)))
        water = face.water()
        band = pygame.Rect(area.x, area.y + px(104), area.w, px(48))
        draw = partial(self.draw_panel_water, face=water)
        parts.append(Part(f"{name}.water", band, water, self._within(area, draw)))
        return parts

    def total_area(self, face: PanelFace, band: pygame.Rect) -> pygame.Rect:
        """What ``draw_panel_head`` draws within ``band`` (the right of a panel's top): the
        total, the word under it, and the kind or pending note where it reaches that far."""
        r = self.panel_rect(face.seat)
        p = self.painter
        drawn = [rect for _text, rect in self.total_rects(face, r)]
        note = (
            (t("play.choice_pending"), "bold", theme.GOLD)
            if face.pending
            else (face.kind, "regular", theme.MUTED)
        )
        drawn.append(
            p.text_image(note[0], 17, note[1], note[2]).get_rect(topleft=(r.x + px(56), r.y + px(46)))
        )
        reach = [rect.clip(band) for rect in drawn]
        return band.clip(pygame.Rect(reach[0]).unionall([rect for rect in reach[1:] if rect.w and rect.h]))

    def top_parts(self, frame: Frame) -> list[Part]:
        """The top bar's texts as parts as tight as their texts: the mover's marker and the
        heading, the variant, the status, and on its right the decision's keys or problem
        (they shrink a little first to fit, then lose their first parts, which say what to click,
        so that the keys stay: a French volcano fill lost "turn a volcano" with the rest; else
        they are left out: the help page lists them)."""
        seat = frame.heading_seat
        key = (
            frame.variant,
            frame.heading,
            frame.seats[seat].color if seat is not None else None,
            frame.status,
            frame.problem,
            frame.keys,
            tuple(self.anchors["title"]),
            tuple(self.anchors["status"]),
        )
        return self._top.get(key, lambda: self._top_parts(frame))

    def _top_parts(self, frame: Frame) -> list[Part]:
        p = self.painter
        title, status = self.a("title"), self.a("status")
        y = title.centery + px(2)
        grow = px(2)
        variant = p.text_image(frame.variant, 20, "bold", theme.MUTED).get_rect(
            midright=(title.right - px(20), y)
        )
        start = title.x + px(52)
        heading = p.fit(frame.heading, 30, "black", variant.left - px(24) - start)
        heading_at = p.text_image(heading, 30, "black", theme.CREAM).get_rect(midleft=(start, y))
        seat = frame.heading_seat
        color = frame.seats[seat].color if seat is not None else None
        marker = pygame.Rect(0, 0, px(40), px(40))
        marker.center = (title.x + px(28), y)

        def draw_heading(surface: pygame.Surface) -> None:
            if color is not None:
                theme.draw_seat_marker(self.app, surface, color, marker.center, px(13))
            p.text(surface, heading, (start, y), 30, "black", theme.CREAM, "midleft")

        def draw_variant(surface: pygame.Surface) -> None:
            p.text(surface, frame.variant, (title.right - px(20), y), 20, "bold", theme.MUTED, "midright")

        parts = [
            Part(
                "heading",
                heading_at.union(marker).inflate(grow, grow),
                (color, heading),
                self._within(title, draw_heading),
            ),
            Part("variant", variant.inflate(grow, grow), frame.variant, self._within(title, draw_variant)),
        ]
        left, right = status.x + px(24), status.right - px(20)
        text = p.fit(frame.status, 22, "regular", right - left)
        shown = p.text_image(text, 22, "regular", theme.SAND).get_rect(midleft=(left, status.centery))

        def draw_status(surface: pygame.Surface) -> None:
            p.text(surface, text, (left, status.centery), 22, "regular", theme.SAND, "midleft")

        parts.append(Part("status", shown.inflate(grow, grow), text, self._within(status, draw_status)))
        problem = frame.problem
        side = problem or frame.keys
        if not side:
            return parts
        room = right - shown.right - px(32)
        weight, tint = ("bold", theme.DANGER) if problem else ("regular", theme.MUTED)
        font = theme.fit_font(self.app, 18, side, room, weight, theme.SMALLEST_SIZE / 18)
        segments = side.split(KEY_SEPARATOR)
        while not problem and font.size(side)[0] > room and len(segments) > 1:
            segments = segments[1:]  # the first says what to click; the keys come after it
            side = KEY_SEPARATOR.join(segments)
            font = theme.fit_font(self.app, 18, side, room, weight, theme.SMALLEST_SIZE / 18)
        if not problem and font.size(side)[0] > room:
            return parts
        side = theme.fit_text(font, side, max(room, 0)) if problem else side
        at = theme.render_text(font, side, tint).get_rect(midright=(right, status.centery))

        def draw_side(surface: pygame.Surface) -> None:
            theme.draw_text(surface, font, side, (right, status.centery), tint, anchor="midright")

        parts.append(
            Part("keys", at.inflate(grow, grow), (side, font, tint), self._within(status, draw_side))
        )
        return parts

    def turn_parts(self, view: SeatView) -> list[Part]:
        """The outline and pointer of a deciding seat's panel: four strips along its rim and
        the pointer on its left, so a new turn draws again its rim, not the whole panel. The
        strips on the left and right hold the rounded corners; those along the top and bottom
        only the straight line between them."""
        r = self.panel_rect(view.seat)
        ring = r.inflate(px(4), px(4))
        band = px(theme.RADIUS + 2) + 1
        line = px(4) + 1
        strips = (
            pygame.Rect(ring.x + band, ring.y, ring.w - 2 * band, line),
            pygame.Rect(ring.x + band, ring.bottom - line, ring.w - 2 * band, line),
            pygame.Rect(ring.x, ring.y, band, ring.h),
            pygame.Rect(ring.right - band, ring.y, band, ring.h),
            pygame.Rect(r.x - px(16), r.y + px(20), px(16), px(24)),
        )
        return [
            Part(
                f"seat{view.seat}.turn{k}",
                strip,
                view.deciding,
                partial(self.draw_turn, seat=view.seat, strip=strip) if view.deciding else _draw_nothing,
            )
            for k, strip in enumerate(strips)
        ]

    def draw_turn(self, surface: pygame.Surface, seat: int, strip: pygame.Rect | None = None) -> None:
        """The deciding seat's outline and the pointer to its panel (only within ``strip``)."""
        r = self.panel_rect(seat)
        clip = surface.get_clip()
        if strip is not None:
            surface.set_clip(clip.clip(strip))
        pygame.draw.rect(
            surface, theme.GOLD, r.inflate(px(4), px(4)), px(4), border_radius=px(theme.RADIUS + 2)
        )
        tip = [(r.x - px(14), r.y + px(22)), (r.x - px(2), r.y + px(32)), (r.x - px(14), r.y + px(42))]
        pygame.draw.polygon(surface, theme.GOLD, tip)
        surface.set_clip(clip)

    def action_parts(self, frame: Frame) -> list[Part]:
        """Each action button as a part of its own (with its shadow), keyed by its action and
        whether the mouse is over it."""
        mouse = self.app.mouse_pos
        parts = []
        for index, (button, action) in enumerate(zip(self.action_buttons(), frame.actions, strict=False)):
            hot = button.rect.collidepoint(mouse)
            reach, face = button_areas(button.rect)
            parts.append(
                Part(
                    f"action{index}",
                    reach,
                    (action, hot),
                    self._within(
                        self.a("actions"), partial(self.draw_action, rect=button.rect, action=action)
                    ),
                    (face,),
                )
            )
        return parts

    @staticmethod
    def _within(area: pygame.Rect, draw: Draw) -> Draw:
        """``draw`` with its texts belonging to ``area`` (``theme.within``)."""

        def drawn(surface: pygame.Surface) -> None:
            with theme.within(area):
                draw(surface)

        return drawn

    def draw_panel_lit(self, surface: pygame.Surface, face: PanelFace) -> None:
        """The outline of a seat panel clicked to show its tiles on the board."""
        if face.highlighted:
            pygame.draw.rect(
                surface,
                self.app.assets.seat_color(face.color),
                self.panel_rect(face.seat).inflate(-px(6), -px(6)),
                px(3),
                border_radius=px(theme.RADIUS),
            )

    def draw_panel_head(self, surface: pygame.Surface, face: PanelFace) -> None:
        """A seat panel's top: marker (and spinner), name, kind or pending choice, total."""
        p = self.painter
        r = self.panel_rect(face.seat)
        theme.draw_seat_marker(self.app, surface, face.color, (r.x + px(30), r.y + px(32)), px(15))
        if face.spinner is not None:
            start = face.spinner * 5
            arc = pygame.Rect(0, 0, px(44), px(44))
            arc.center = (r.x + px(30), r.y + px(32))
            pygame.draw.arc(surface, theme.GOLD, arc, start, start + 4.2, px(3))
        name = p.fit(face.name, 26, "bold", px(250))
        p.text(surface, name, (r.x + px(56), r.y + px(14)), 26, "bold")
        if face.pending:
            p.text(surface, t("play.choice_pending"), (r.x + px(56), r.y + px(46)), 17, "bold", theme.GOLD)
            pygame.draw.circle(surface, theme.GOLD, (r.x + px(44), r.y + px(20)), px(7))
        else:
            p.text(surface, face.kind, (r.x + px(56), r.y + px(46)), 17, "regular", theme.MUTED)
        (total, at_total), *caption = self.total_rects(face, r)
        p.text(surface, total, at_total.topright, TOTAL_SIZE, "black", theme.GOLD, "topright")
        for line, at_line in caption:
            p.text(surface, line, at_line.topright, theme.SMALLEST_SIZE, "regular", theme.MUTED, "topright")

    def total_rects(self, face: PanelFace, panel: pygame.Rect) -> tuple[tuple[str, pygame.Rect], ...]:
        """The one place of a seat panel's total and of the word that names it ("score now"),
        with their texts: the total first, then the word's lines. The word stands left of the
        total, its words one under the other and the block centred on the total, so that it
        reads as the total's caption (two trials read "score now" above the counts' row as the
        caption of the tiles left under it); it never reaches left of the name's room."""
        p = self.painter
        total = str(face.total)
        at_total = p.text_image(total, TOTAL_SIZE, "black", theme.GOLD).get_rect(
            topright=(panel.right - px(22), panel.y + px(TOTAL_TOP))
        )
        room = at_total.left - px(TOTAL_GAP) - (panel.x + px(HEAD_NAME_RIGHT))
        words = t("play.final" if face.final else "play.projected").split()
        lines = [p.fit(word, theme.SMALLEST_SIZE, "regular", room) for word in words]
        images = [p.text_image(line, theme.SMALLEST_SIZE, "regular", theme.MUTED) for line in lines]
        top = at_total.centery - sum(image.get_height() for image in images) // 2
        placed: list[tuple[str, pygame.Rect]] = [(total, at_total)]
        for line, image in zip(lines, images, strict=True):
            placed.append((line, image.get_rect(topright=(at_total.left - px(TOTAL_GAP), top))))
            top += image.get_height()
        return tuple(placed)

    def draw_panel_counts(self, surface: pygame.Surface, face: PanelFace) -> None:
        """A seat panel's counts: gold, cacao, sun, tiles left."""
        p = self.painter
        art = self.art
        parts = seat_parts(self.panel_rect(face.seat))
        icon = px(PANEL_ICON)
        counts = (
            (parts.gold, art.icon("gold", icon), str(face.gold), 26, "black"),
            (parts.cacao, art.icon("cacao", icon), f"{face.cacao}/{CACAO_CAP}", 22, "bold"),
            (parts.sun, art.icon("sun", icon), f"{face.sun}/{SUN_CAP}", 22, "bold"),
            (parts.tiles, art.worker(face.color, "back", icon), str(face.tiles_left), 22, "bold"),
        )
        for part, image, text, size, weight in counts:
            surface.blit(image, image.get_rect(midleft=part.midleft))
            p.text(surface, text, (part.x + icon + px(6), part.centery), size, weight, theme.CREAM, "midleft")

    def draw_panel_water(self, surface: pygame.Surface, face: PanelFace) -> None:
        """A seat panel's water track, its step lit."""
        p = self.painter
        r = self.panel_rect(face.seat)
        parts = seat_parts(r)
        y2 = parts.water.centery + px(3)
        water_icon = self.art.icon("water", px(PANEL_ICON))
        surface.blit(water_icon, water_icon.get_rect(center=(parts.water.x + px(20), parts.water.centery)))
        clip = surface.get_clip()
        for step, value in enumerate(WATER_TRACK):
            cell = pygame.Rect(0, 0, px(36), px(22))
            cell.center = (r.x + px(66 + 38 * step), y2)
            if not clip.colliderect(cell.inflate(px(12), px(12))):
                continue  # nothing of it shows through the clip (a deciding seat's rim drawn again)
            here = step == face.water_step
            if here:
                pygame.draw.rect(surface, theme.WATER, cell, border_radius=px(6))
                pygame.draw.rect(surface, theme.CREAM, cell, px(2), border_radius=px(6))
            else:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, cell, border_radius=px(6))
            p.text(
                surface,
                f"{value:+d}" if value else "0",
                cell.center,
                theme.SMALLEST_SIZE,
                "bold" if here else "regular",
                theme.CREAM if here else theme.MUTED,
                "center",
            )

    def draw_display(self, surface: pygame.Surface, frame: Frame) -> None:
        """The display tiles with their number keys; in a fill decision the picked one is
        outlined (and turned as it will be laid) and a tile already given to a space shows as
        an empty place."""
        area = self.a("display")
        self.painter.text(surface, t("play.display"), (area.x + px(20), area.y + px(14)), 22, "bold")
        display = frame.display
        for index, (slot, code) in enumerate(
            zip(self.display_slots(), [*display.tiles, "", ""], strict=False)
        ):
            if not code:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, slot, px(2), border_radius=px(10))
                continue
            picked = index == display.picked
            surface.blit(self.art.jungle(code, slot.w, display.turned if picked else 0), slot.topleft)
            if display.picking:
                self.draw_badge(surface, slot, index + 1, picked)
            if picked:
                pygame.draw.rect(
                    surface, theme.GOLD, slot.inflate(px(10), px(10)), px(4), border_radius=px(10)
                )

    def draw_badge(self, surface: pygame.Surface, slot: pygame.Rect, number: int, lit: bool) -> None:
        """The number key of a hand or display tile, on its top-left corner."""
        badge = pygame.Rect(0, 0, px(28), px(28))
        badge.center = (slot.x + px(4), slot.y + px(4))
        pygame.draw.rect(surface, theme.CHOCOLATE, badge, border_radius=px(8))
        pygame.draw.rect(surface, theme.GOLD if lit else theme.GOLD_DARK, badge, px(2), border_radius=px(8))
        self.painter.text(surface, str(number), badge.center, 18, "black", theme.CREAM, "center")

    def draw_pile(self, surface: pygame.Surface, frame: Frame) -> None:
        """The face-down pile with its count, and a tile drawn face up for a fill."""
        area = self.a("jungle_pile")
        self.painter.text(surface, t("play.pile"), (area.x + px(20), area.y + px(14)), 22, "bold")
        rect = self.pile_rect()
        count = frame.pile_count
        for k in range(min(3, count), 0, -1):
            surface.blit(self.art.jungle("back", rect.w), rect.move(px(4 * k), -px(4 * k)).topleft)
        if count == 0:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, px(2), border_radius=px(10))
        at = self.pile_count_rect(count).topleft
        self.painter.text(surface, tn("play.pile_left", count), at, 24, "black", theme.CREAM)
        revealed = frame.revealed
        if revealed:
            target = self.revealed_rect()
            surface.blit(self.art.jungle(revealed, target.w), target.topleft)
            pygame.draw.rect(surface, theme.GOLD, target.inflate(px(8), px(8)), px(4), border_radius=px(10))

    def _hand_title(self, title: str) -> Part:
        """The hand bar's title ``title`` (already fitted), at its top left."""
        p, area = self.painter, self.a("hand")
        titled = p.text_image(title, 22, "bold").get_rect(topleft=(area.x + px(20), area.y + px(14)))

        def draw_title(surface: pygame.Surface) -> None:
            p.text(surface, title, titled.topleft, 22, "bold")

        return Part("hand", titled.inflate(px(2), px(2)), title, self._within(area, draw_title))

    def hand_parts(self, frame: Frame) -> list[Part]:
        """The hand bar of ``frame.hand`` (face down under the curtain or for a computer seat):
        its title (whose hand), its note (the pile or overbuild) and each tile's place, parts
        of their own keyed by what they show (a new turn draws again the heading and the tiles,
        not the whole bar)."""
        p = self.painter
        area = self.a("hand")
        bar = frame.hand
        if bar.seat is None:  # no hand to show (the game is over): the bar keeps its title
            return [self._hand_title(t("play.hand"))]
        view = frame.seats[bar.seat]
        color, name = view.color, view.name
        if bar.overbuild:
            note, weight, note_color = t("play.overbuild"), "bold", OVERBUILD_NOTE
        else:
            note, weight, note_color = tn("play.in_pile", view.pile), "regular", theme.MUTED
        noted = p.text_image(note, 18, weight, note_color).get_rect(
            topright=(area.right - px(20), area.y + px(18))
        )
        title = p.fit(t("play.hand_of", name=name), 22, "bold", noted.left - px(16) - area.x - px(20))

        def draw_note(surface: pygame.Surface) -> None:
            p.text(surface, note, noted.topright, 18, weight, note_color, "topright")

        grow = px(2)
        parts = [
            self._hand_title(title),
            Part("hand.note", noted.inflate(grow, grow), (note, weight), self._within(area, draw_note)),
        ]
        for index, (slot, code) in enumerate(zip(self.hand_slots(len(bar.tiles)), bar.tiles, strict=False)):
            selected = index == bar.selected
            shown = (
                None
                if index in bar.flying
                else (
                    color,
                    "back" if bar.hidden else code,
                    not bar.hidden and selected,
                    bar.rotation if selected else 0,
                )
            )
            place = slot.union(slot.move(0, -px(10))).inflate(px(HAND_TILE_MARGIN), px(HAND_TILE_MARGIN))
            draw = partial(self.draw_hand_tile, slot=slot, index=index, shown=shown)
            tile = slot.move(0, -px(10)) if shown is not None and shown[2] else slot
            opaque = () if shown is None else (opaque_square(tile.x, tile.y, slot.w),)
            parts.append(Part(f"hand.tile{index}", place, shown, self._within(area, draw), opaque))
        return parts

    def draw_hand_tile(
        self, surface: pygame.Surface, slot: pygame.Rect, index: int, shown: tuple[str, str, bool, int] | None
    ) -> None:
        """Hand tile ``index`` at ``slot`` as ``shown``: (colour, code or ``back``, selected,
        rotation); None while it flies in."""
        if shown is None:
            return
        color, code, selected, rotation = shown
        if code == "back":
            surface.blit(self.art.worker(color, "back", slot.w), slot.topleft)
            return
        rect = slot.move(0, -px(10)) if selected else slot
        surface.blit(self.art.worker(color, code, slot.w, rotation), rect.topleft)
        if selected:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(px(10), px(10)), px(4), border_radius=px(12))
        self.draw_badge(surface, rect, index + 1, selected)

    def draw_section(self, surface: pygame.Surface, anchor: str, title: str) -> None:
        """The title of the section at ``anchor`` (``section``)."""
        self.section(surface, anchor, title)

    def section(self, surface: pygame.Surface, anchor: str, title: str) -> pygame.Rect:
        """Draw the title (string key ``title``) of the section at ``anchor``; returns the area."""
        area = self.a(anchor)
        self.painter.text(surface, t(title), (area.x + px(20), area.y + px(10)), 19, "bold")
        return area

    def shows_remaining(self) -> bool:
        """Whether the jungle tiles to come are listed (a tutorial's lesson panel takes their
        place)."""
        return self._shows_remaining

    def remaining_cells(self, remaining: Sequence[ToCome]) -> list[tuple[pygame.Rect, ToCome]]:
        """Where each kind of jungle tile still to come is listed ([] when the list is not
        shown)."""
        if not self.shows_remaining():
            return []
        area = self.a("remaining")
        cells = []
        for k, kind in enumerate(remaining):
            x, y = area.x + px(18 + (k % 6) * 78), area.y + px(34 + (k // 6) * 43)
            cells.append((pygame.Rect(x, y, px(76), px(REMAINING_ICON)), kind))
        return cells

    def draw_remaining(self, surface: pygame.Surface, frame: Frame) -> None:
        """The jungle tiles still to come (pile and display), with counts."""
        p = self.painter
        area = self.section(surface, "remaining", "play.remaining")
        cells = self.remaining_cells(frame.remaining)
        for rect, kind in cells:
            surface.blit(self.art.jungle(kind.code, rect.h), rect.topleft)
            p.text(
                surface,
                f"×{kind.count}",
                (rect.x + rect.h + px(3), rect.centery),
                18,
                "bold",
                theme.CREAM,
                "midleft",
            )
        if not cells:
            p.text(surface, "—", (area.x + px(22), area.y + px(46)), 22, "bold", theme.MUTED)

    LOG_ROW = 23
    """Design pixels per log line."""

    def log_capacity(self) -> int:
        """How many log lines the log section shows at once."""
        return max(1, (self.a("log").h - px(44)) // px(self.LOG_ROW))

    def log_rows(self, lines: Sequence[LogLine], scroll: int) -> list[tuple[pygame.Rect, LogLine]]:
        """The log ``lines`` on screen (scrolled back ``scroll`` lines), with their rows."""
        area = self.a("log")
        capacity = self.log_capacity()
        end = len(lines) - min(scroll, max(0, len(lines) - capacity))
        shown = lines[max(0, end - capacity) : end]
        row = px(self.LOG_ROW)
        top = area.y + px(40)
        return [
            (pygame.Rect(area.x + px(12), top + i * row, area.w - px(36), row), line)
            for i, line in enumerate(shown)
        ]

    def log_tips(self, lines: Sequence[LogLine], scroll: int) -> tuple[Tip, ...]:
        """A tooltip with the whole line for each log row shown cut short (``draw_log``'s fit)."""
        width = self.log_text_room()
        tips: list[Tip] = []
        for rect, line in self.log_rows(lines, scroll):
            weight = "bold" if line.heading else "regular"
            if self.painter.fit(line.text, 17, weight, width) != line.text:
                tips.append(Tip((rect.x, rect.y, rect.w, rect.h), (line.text,)))
        return tuple(tips)

    def log_parts(self, frame: Frame) -> list[Part]:
        """The game log, scrolled back by the wheel, each line in its seat's colour; the line
        under the mouse is lit (its tile is outlined on the board). Its title, its scroll bar
        and each row are parts of their own (a new line at the end draws again the rows that
        changed)."""
        hovered = next((i for i, line in enumerate(frame.log) if line is frame.hovered_log), None)
        colors = tuple(view.color for view in frame.seats)
        key = (frame.log, frame.log_scroll, hovered, colors, tuple(self.anchors["log"]))
        return self._log.get(key, lambda: self._log_parts(frame))

    def _log_parts(self, frame: Frame) -> list[Part]:
        area = self.a("log")
        grow = px(2)
        title = pygame.Rect(area.x, area.y, area.w, px(40)).inflate(grow, grow)
        parts = [
            Part(
                "log",
                title,
                (),
                self._within(area, partial(self.draw_section, anchor="log", title="play.log")),
            )
        ]
        rows = self.log_rows(frame.log, frame.log_scroll)
        for index in range(self.log_capacity()):
            row = pygame.Rect(
                area.x + px(12), area.y + px(40) + index * px(self.LOG_ROW), area.w - px(36), px(self.LOG_ROW)
            )
            shown: tuple[LogLine, bool, str | None] | None = None
            if index < len(rows):
                line = rows[index][1]
                color = frame.seats[line.seat].color if line.seat is not None else None
                shown = (line, line is frame.hovered_log, color)
            draw = partial(self.draw_log_row, row=row, shown=shown)
            place = self.log_row_area(row, shown).inflate(grow, grow)
            parts.append(Part(f"log.row{index}", place, shown, self._within(area, draw)))
        total, capacity = len(frame.log), self.log_capacity()
        track = pygame.Rect(area.right - px(16), area.y + px(40), px(6), capacity * px(self.LOG_ROW))
        bar = None
        if total > capacity:
            shown_from = total - capacity - min(frame.log_scroll, total - capacity)
            thumb = pygame.Rect(track.x, 0, track.w, max(px(12), track.h * capacity // total))
            thumb.y = track.y + (track.h - thumb.h) * shown_from // max(1, total - capacity)
            bar = ((track.x, track.y, track.w, track.h), (thumb.x, thumb.y, thumb.w, thumb.h))
        parts.append(Part("log.bar", track.inflate(grow, grow), bar, partial(self.draw_log_bar, bar=bar)))
        below = min(frame.log_scroll, max(0, total - capacity))
        note = tn("play.log_below", below) if below else ""
        place = pygame.Rect(area.x + area.w // 2, area.y + px(8), area.w // 2 - px(16), px(26))
        draw_below = partial(self.draw_log_below, rect=place, note=note)
        parts.append(Part("log.below", place.inflate(grow, grow), note, draw_below))
        return parts

    def draw_log_below(self, surface: pygame.Surface, rect: pygame.Rect, note: str) -> None:
        """How many log lines lie below the view while it is scrolled back (a playtest scrolled
        back and did not see that new lines kept coming), at the right of the log's title."""
        if not note:
            return
        text = self.painter.fit(note, theme.SMALLEST_SIZE, "regular", rect.w)
        self.painter.text(
            surface, text, rect.midright, theme.SMALLEST_SIZE, "regular", theme.GOLD, "midright"
        )

    def log_row_area(self, row: pygame.Rect, shown: tuple[LogLine, bool, str | None] | None) -> pygame.Rect:
        """What ``draw_log_row`` draws on: the whole row under the mouse, else the seat's marker
        and the text, as wide as the whole line or the room it is cut to (an empty rectangle
        for an empty row)."""
        if shown is None:
            return pygame.Rect(row.topleft, (0, 0))
        line, hovered, _color = shown
        if hovered:
            return row.copy()
        weight = "bold" if line.heading else "regular"
        width, height = self.app.assets.font(17, weight).size(line.text)
        drawn = pygame.Rect(self.log_text_at(row), (min(width, self.log_text_room()), height))
        reach = px(7) + px(3)
        marker = pygame.Rect(0, 0, 2 * reach, 2 * reach)
        marker.center = self.log_marker_at(row)
        return drawn.union(marker)

    def log_text(self, line: LogLine, color: str | None) -> tuple[str, str, pygame.Color]:
        """A log line's text as shown (cut to the row: a long name first, down to a third of
        the row, so that what the seat did stays readable; a trial's 24-letter name left only
        the name), its weight and its colour (its seat's)."""
        weight = "bold" if line.heading else "regular"
        room = self.log_text_room()
        text = self.painter.fit(line.text, 17, weight, room, line.name)  # log_tips shows it whole
        if line.heading:
            return text, weight, theme.CREAM
        tint = self.app.assets.seat_color(color, "light") if color is not None else theme.GOLD
        return text, weight, pygame.Color(tint)

    def log_text_room(self) -> int:
        """The width a log line's text is cut to."""
        return self.anchors["log"].w - px(70)

    def log_text_at(self, row: pygame.Rect) -> tuple[int, int]:
        """The top left of a log row's text."""
        return self.anchors["log"].x + px(44), row.y

    def log_marker_at(self, row: pygame.Rect) -> tuple[int, int]:
        """The centre of a log row's seat marker."""
        return self.anchors["log"].x + px(28), row.y + px(10)

    def draw_log_row(
        self, surface: pygame.Surface, row: pygame.Rect, shown: tuple[LogLine, bool, str | None] | None
    ) -> None:
        """One log row as ``shown``: (the line, whether the mouse is over it, its seat's colour)."""
        if shown is None:
            return
        line, hovered, color = shown
        if hovered:
            self.painter.box(surface, row, theme.PANEL_HOVER, 255, px(6))
        if color is not None:
            theme.draw_seat_marker(self.app, surface, color, self.log_marker_at(row), px(7))
        text, weight, tint = self.log_text(line, color)
        self.painter.text(surface, text, self.log_text_at(row), 17, weight, tint)

    @staticmethod
    def draw_log_bar(
        surface: pygame.Surface, bar: tuple[tuple[int, int, int, int], tuple[int, int, int, int]] | None
    ) -> None:
        """The log's scroll bar (track, thumb) when it holds more lines than it shows."""
        if bar is None:
            return
        track, thumb = bar
        pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=px(3))
        pygame.draw.rect(surface, theme.GOLD_DARK, thumb, border_radius=px(3))

    def cap_keys(self, keys: str, width: int) -> str:
        """The keys shown under an action button ``width`` wide: ``keys`` when their first
        fits whole, else none (never a cut "Umsch…"; its tooltip names them)."""
        first = keys.split(widgets.KEY_SEPARATOR)[0]
        fits = self.app.assets.font(theme.SMALLEST_SIZE).size(first)[0] <= width - px(8)
        return keys if fits else ""

    def draw_action(self, surface: pygame.Surface, rect: pygame.Rect, action: ActionView) -> None:
        """An action button (Undo, Hint, Confirm, Menu, or the replay's) with its keys, drawn
        as the app's buttons (the table's input handles their clicks)."""
        widget = widgets.Button(
            rect,
            action.label,
            lambda: None,
            style="primary" if action.primary else "secondary",
            font_size=ACTION_TEXT,
            caption=self.cap_keys(action.keys, rect.w),
            caption_size=theme.SMALLEST_SIZE,
            min_fit=ACTION_MIN_FIT,
        )
        widget.enabled = action.enabled
        widget.draw(surface, self.app)

    # ----------------------------------------------------------------- overlays

    def draw_popup(self, surface: pygame.Surface, frame: Frame, popup: PopupView) -> None:
        """The resolution as outcomes: whose decision it is, then one row per reachable end
        (what happens, in words, and what it yields), the medium AI's pick marked; only the
        part unrolled (``popup_band``)."""
        clip = surface.get_clip()
        surface.set_clip(clip.clip(self.popup_band(popup)))
        self._draw_popup(surface, frame, popup)
        surface.set_clip(clip)

    def _draw_popup(self, surface: pygame.Surface, frame: Frame, popup: PopupView) -> None:
        """The whole resolution panel (``draw_popup`` clips it to the part unrolled)."""
        p = self.painter
        outcomes = popup.outcomes
        rect = self.popup_rect(outcomes)
        buttons = self.popup_buttons(outcomes)
        rows = [theme.fill_inside(button.rect, px(POPUP_ROW_RADIUS)) for button in buttons]
        theme.draw_panel(surface, rect, alpha=POPUP_FILL, border=theme.GOLD, covered=rows)
        seat, mover = popup.seat, popup.mover
        with theme.within(rect):
            theme.draw_seat_marker(
                self.app, surface, frame.seats[seat].color, (rect.x + px(30), rect.y + px(30)), px(12)
            )
            key = "play.resolve_title" if seat == mover else "play.resolve_other"
            name = frame.seat_name(seat)
            title = t(key, name=name, mover=frame.seat_name(mover))
            p.text(
                surface,
                p.fit(title, *POPUP_TITLE, rect.w - px(70), name),  # the question stays whole
                (rect.x + px(52), rect.y + px(30)),
                *POPUP_TITLE,
                theme.CREAM,
                "midleft",
            )
            hint = p.fit(t("play.resolve_help"), *POPUP_HINT, rect.w - px(70))
            p.text(surface, hint, (rect.x + px(52), rect.y + px(52)), *POPUP_HINT, theme.MUTED, "midleft")
        focused, hinted_row = popup.focused, popup.hinted
        texts = [outcome_text(outcome) for outcome in outcomes]
        tagged = [outcome.default and popup.ai_pick for outcome in outcomes]
        rooms = [
            self.words_room(button.rect, result, tag)
            for button, (_words, result), tag in zip(buttons, texts, tagged, strict=True)
        ]
        size, lines_of = self.outcome_lines([words for words, _result in texts], rooms)
        weight = POPUP_WORDS[1]
        step = self.app.assets.font(size, weight).get_linesize()
        for button, (_words, result), tag, room, lines in zip(
            buttons, texts, tagged, rooms, lines_of, strict=True
        ):
            row = button.rect
            is_focused = button.index == focused
            hinted = button.index == hinted_row
            hover = row.collidepoint(frame.mouse)
            fill = theme.JUNGLE if is_focused else (theme.PANEL_HOVER if hover else theme.PANEL_LIGHT)
            pygame.draw.rect(surface, fill, row, border_radius=px(POPUP_ROW_RADIUS))
            rim = (255, 214, 80) if hinted else (theme.GOLD if is_focused else theme.GOLD_DARK)
            width = px(3 if (is_focused or hinted) else 2)
            pygame.draw.rect(surface, rim, row, width, border_radius=px(POPUP_ROW_RADIUS))
            with theme.within(row):
                badge = pygame.Rect(row.x + px(8), row.centery - px(13), px(26), px(26))
                pygame.draw.rect(surface, theme.CHOCOLATE, badge, border_radius=px(7))
                if button.index < 9:
                    p.text(surface, str(button.index + 1), badge.center, *POPUP_BADGE, theme.CREAM, "center")
                p.text(
                    surface,
                    result,
                    (row.right - px(12), row.y + px(2)),
                    *POPUP_RESULT,
                    theme.GOLD,
                    "topright",
                )
                if tag:
                    p.text(
                        surface,
                        self.ai_pick_tag(row),
                        (row.right - px(12), row.bottom - px(2)),
                        *POPUP_TAG,
                        theme.SAND,
                        "bottomright",
                    )
                top = row.centery - step * (len(lines) - 1) // 2
                for index, line in enumerate(lines):
                    at = (row.x + px(WORDS_LEFT), top + index * step)
                    p.text(surface, p.fit(line, size, weight, room), at, size, weight, theme.CREAM, "midleft")

    def ai_pick_tag(self, row: pygame.Rect) -> str:
        """The tag of the computer's pick in an outcome ``row``, cut to a third of it."""
        return self.painter.fit(t("play.ai_pick"), *POPUP_TAG, row.w // 3)

    def words_room(self, row: pygame.Rect, result: str, tagged: bool) -> int:
        """Real pixels an outcome ``row``'s words may take: from their start to the yield
        (``result``, top right) and, in the computer's pick (``tagged``), its tag (bottom
        right), whichever reaches further left, less a gap."""
        taken = self.app.assets.font(*POPUP_RESULT).size(result)[0]
        if tagged:
            taken = max(taken, self.app.assets.font(*POPUP_TAG).size(self.ai_pick_tag(row))[0])
        return row.w - px(12) - taken - px(WORDS_LEFT) - px(10)

    def outcome_lines(self, rows: Sequence[str], rooms: Sequence[int]) -> tuple[float, list[list[str]]]:
        """The outcome rows' words (``rows``, each in its ``rooms`` real pixels) as drawn: the
        one size in design pixels of them all (``POPUP_WORDS``, or smaller down to the smallest
        text, as the longest row needs), and each row's lines. A row too long for one line at
        the smallest text takes two, broken after a comma (the second cut to fit if it must
        be)."""
        words_size, weight = POPUP_WORDS
        size = min(
            (
                theme.fit_size(self.app, words_size, words, room, weight, theme.SMALLEST_SIZE)
                for words, room in zip(rows, rooms, strict=True)
            ),
            default=words_size,
        )
        font = self.app.assets.font(size, weight)
        lines: list[list[str]] = []
        for words, room in zip(rows, rooms, strict=True):
            parts = words.split(STEP_SEPARATOR)
            if font.size(words)[0] <= room or len(parts) == 1:
                lines.append([words])
                continue
            end = STEP_SEPARATOR.rstrip()
            cut = 1
            while cut < len(parts) - 1 and font.size(STEP_SEPARATOR.join(parts[: cut + 1]) + end)[0] <= room:
                cut += 1
            lines.append([STEP_SEPARATOR.join(parts[:cut]) + end, STEP_SEPARATOR.join(parts[cut:])])
        return size, lines

    def draw_curtain(self, surface: pygame.Surface, frame: Frame, seat: int) -> None:
        """The hot-seat curtain hiding the hand until the next human is at the screen."""
        p = self.painter
        theme.dim(surface, 215)
        view = frame.seats[seat]
        color = view.color
        board = self.a("board")
        cx, cy = board.centerx, board.centery
        theme.draw_seat_marker(self.app, surface, color, (cx, cy - px(80)), px(44))
        p.text(
            surface,
            t("play.curtain", name=view.name),
            (cx, cy),
            64,
            "black",
            theme.CREAM,
            "midtop",
            shadow=True,
        )
        p.text(
            surface,
            t("play.curtain_sub", name=view.name),
            (cx, cy + px(86)),
            26,
            "regular",
            theme.SAND,
            "midtop",
        )
        button = self.curtain_button()
        hover = button.collidepoint(frame.mouse)
        theme.draw_panel(
            surface,
            button,
            color=theme.LEAF if hover else theme.JUNGLE,
            alpha=250,
            radius=px(16),
            border=theme.GOLD,
        )
        p.text(surface, t("play.ready"), button.center, 30, "bold", theme.CREAM, "center")

    def draw_tooltip(
        self,
        surface: pygame.Surface,
        lines: list[str],
        at: tuple[int, int],
        avoid: Sequence[pygame.Rect] = (),
    ) -> pygame.Rect:
        """A tooltip near the mouse (the app's one tooltip look), off the panels ``avoid`` over
        the board (the hint's, the review's) where it can be; returns its panel."""
        return theme.draw_tip(self.app, surface, lines, at, avoid)


def seat_tips(hud: Hud, view: SeatView, workers: Sequence[str]) -> list[Tip]:
    """The tooltips of one seat panel's parts (the ones listed first win); ``workers`` are
    the lines of its tiles-left tip (``worker_lines``)."""
    r = hud.panel_rect(view.seat)
    name, score = view.name, view.score
    parts = seat_parts(r)
    water = score.water

    def tip(part: pygame.Rect, lines: Sequence[str]) -> Tip:
        rect = part.inflate(0, -px(8))
        return Tip((rect.x, rect.y, rect.w, rect.h), tuple(lines))

    return [
        tip(parts.gold, [tn("tip.gold", score.gold, name=name)]),
        tip(parts.cacao, [tn("tip.cacao", score.cacao, name=name)]),
        tip(parts.sun, [tn("tip.sun", score.sun, name=name)]),
        tip(parts.tiles, workers),
        tip(parts.water, [tn("tip.water", abs(water), name=name, n=f"{water:+d}" if water else "0")]),
        tip(pygame.Rect(r.right - px(110), r.y + px(4), px(100), px(70)), projected_tip(view)),
    ]


def worker_lines(view: SeatView, remaining: Counter[str], own: tuple[str, ...] | None) -> list[str]:
    """How many worker tiles ``view``'s seat has left and which (``remaining``: hand and pile
    together): the pile's contents for the seat whose hand is shown (``own``), hand and pile
    together for the others (what the table may know)."""
    lines = [tn("tip.tiles", view.hand, name=view.name, pile=view.pile)]
    tiles = Counter(remaining)
    if own is not None:
        tiles -= Counter(own)
        key = "tip.own_pile"
    else:
        key = "tip.hand_and_pile"
    listed = ", ".join(f"{t(f'tile.{code}')} ×{count}" for code, count in sorted(tiles.items()) if count)
    lines.append(t(key, tiles=listed or "—"))
    return lines


def table_tips(
    hud: Hud,
    seats: Sequence[SeatView],
    workers: Sequence[Sequence[str]],
    display: Sequence[str],
    pile_count: int,
    hand: Sequence[str],
    remaining: Sequence[ToCome],
    actions: Sequence[ActionView],
    placing: bool = True,
    picked: int | None = None,
) -> tuple[Tip, ...]:
    """Every HUD element's tooltip: the seat panels' parts, the display, the pile, the hand
    face up (``hand``, empty when face down: its keys pick a tile while ``placing``, else they
    wait for the seat's placement: a trial read "Press 1 to pick this tile" during a fill,
    where 1 picks a display tile), the jungle tiles to come (``hud.remaining_cells``) and the
    action buttons. A jungle tile's tip, face up or to come, says what a worker facing
    it does (a French trial found the face-up volcano's tip silent on it)."""

    def tip(part: pygame.Rect, lines: Sequence[str]) -> Tip:
        rect = part.inflate(0, -px(8))
        return Tip((rect.x, rect.y, rect.w, rect.h), tuple(lines))

    tips: list[Tip] = []
    for view, lines in zip(seats, workers, strict=True):
        tips += seat_tips(hud, view, lines)
        tips.append(tip(hud.panel_rect(view.seat), panel_tip(view)))
    for slot, code in zip(hud.display_slots(), display, strict=False):
        tips.append(tip(slot, [jungle_name(code), jungle_action(code), t("tip.display")]))
    pile = hud.pile_rect().union(hud.pile_count_rect(pile_count))  # and its count (no tip there once)
    tips.append(tip(pile, [t("play.pile"), tn("tip.pile", pile_count)]))
    for index, (slot, code) in enumerate(zip(hud.hand_slots(len(hand)), hand, strict=False)):
        key = "tip.hand_picked" if index == picked else "tip.hand" if placing else "tip.hand_later"
        tips.append(tip(slot, [t(f"tile.{code}"), t(key, key=index + 1)]))
    for rect, kind in hud.remaining_cells(remaining):
        odds = round(100 * kind.in_pile / pile_count) if pile_count else 0
        tips.append(tip(rect, [jungle_name(kind.code), jungle_action(kind.code), remaining_tip(kind, odds)]))
    for button, action in zip(hud.action_buttons(), actions, strict=False):
        keys = [t("tip.keys", keys=action.keys)] if action.keys else []
        tips.append(tip(button.rect, [action.label, *action.tip_lines, *keys]))
    tips.append(tip(hud.a("title").union(hud.a("status")), [t("tip.status")]))
    return tuple(tips)


def remaining_tip(kind: ToCome, odds: int) -> str:
    """The tooltip line of a kind of jungle tile still to come: how many, how many of them lie
    in the display now (the count takes them in; a tester read 4 to come and 15 % and took
    the chance for wrong), and the chance, in percent, that the next tile drawn from the pile
    is one (``odds``)."""
    shown = kind.count - kind.in_pile
    if shown:
        return tn("tip.remaining_display", kind.count, shown=shown, odds=odds)
    return tn("tip.remaining", kind.count, odds=odds)


def square_tooltip(
    shown: Shown, names: Sequence[str], pos: Pos, fill_space: bool, overbuild: bool = False
) -> list[str]:
    """Tooltip lines for a board square as ``shown`` (tile and what a worker facing it does,
    owner, temple standings); ``fill_space``: the square is a space waiting for a jungle tile
    nobody at the screen is choosing now; ``overbuild``: the deciding player may overbuild
    the worker tile there now (R3.3; a trial found its dashed outline unexplained). (A
    playtest saw a volcano's tooltip say only "Volcano".)"""
    if pos in shown.jungle:
        code, _rotation = shown.jungle[pos]
        lines = [jungle_name(code), jungle_action(code)]
        if code == "temple":
            for number, (temple, workers, awards) in enumerate(shown.temple_standings(), 1):
                if temple == pos:
                    counts = per_seat(workers, names)
                    won = per_seat(awards, names, "+")
                    lines = [t("play.temple_name", number=number)]
                    lines += [t("play.temple_tip", workers=counts), t("play.temple_awards", awards=won)]
        return lines
    if pos in shown.workers:
        tile = shown.workers[pos]
        lines = [f"{names[tile.seat]} · {laid_tile(tile.tile, tile.rotation)}"]
        under = shown.covered.get(pos)
        if under is not None:
            lines.append(
                t("play.built_over", name=names[under.seat], tile=laid_tile(under.tile, under.rotation))
            )
        if overbuild:
            lines.append(t("play.overbuild_tip"))
        return lines
    return [t("play.fill_space")] if fill_space else []
