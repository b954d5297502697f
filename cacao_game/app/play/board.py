"""Drawing the board: tiles, highlights of legal squares, ghosts, the last move, glows.

``BoardRenderer.draw(surface, frame, now)`` draws the frame's ``BoardView`` (the shown tiles,
the decision's squares, the ghosts and their yields, the temples) through the table's
camera, painter and tile art; nothing here reads the scene or changes the game. Legal
squares are marked by a dashed outline *and* an icon (a plus for a placement, the overbuild
icon, a leaf for a space to fill), never by colour alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from cacao_game.app import theme
from cacao_game.app.play.anim import RGB
from cacao_game.app.play.art import TileArt, opaque_square
from cacao_game.app.play.camera import Camera
from cacao_game.app.play.frame import BoardView, Frame, Ghost, Memo
from cacao_game.app.play.layers import Draw, Part
from cacao_game.app.play.paint import Painter, dashed_rect
from cacao_game.app.play.shown import Shown
from cacao_game.app.scale import px
from cacao_game.app.strings import t
from cacao_game.app.surface_cache import SurfaceCache
from cacao_game.engine import Fill, Overbuild, Phase, Place
from cacao_game.engine.tiles import SIDES, Pos

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

CREAM = (246, 238, 220)
HINT = (255, 214, 80)


class HasCamera(Protocol):
    """Anything holding the table's camera (the table's panels pass the scene)."""

    @property
    def camera(self) -> Camera:
        """The board's camera."""
        ...


def tile_gap(scale: float) -> float:
    """Pixels of table visible between neighbouring tiles."""
    return max(1.0, scale * 0.035)


def square_rect(camera: Camera, pos: Pos) -> pygame.FRect:
    """The drawn rectangle of the tile on ``pos``."""
    return square_maker(camera)(pos)


def square_maker(camera: Camera) -> Callable[[Pos], pygame.FRect]:
    """``square_rect`` for many squares at once: the camera's origin, scale and gap read
    once (equal rectangles)."""
    x, y = camera.origin()
    scale = camera.scale
    gap = tile_gap(scale)

    def rect(pos: Pos) -> pygame.FRect:
        return pygame.FRect(x + pos[0] * scale, y + pos[1] * scale, scale, scale).inflate(-gap, -gap)

    return rect


def inner_rect(holder: HasCamera, pos: Pos) -> pygame.FRect:
    """The drawn rectangle of the tile on ``pos``, through ``holder``'s camera."""
    return square_rect(holder.camera, pos)


TileSpec = tuple[str, int] | tuple[str, str, int, bool]
"""A board tile's image: a jungle tile (code, rotation) or a worker (colour, code, rotation,
covered)."""
TilePlaces = tuple[list[pygame.Rect], list[tuple[pygame.FRect, TileSpec]], tuple[pygame.Rect, ...]]
"""Where the shown tiles are drawn (``BoardRenderer._tile_places``): the pixels each touches,
its square and image, and the pixels it surely covers."""
COACH_TAG_ROOM = 40
"""Design pixels below a square the coach marks that its tag takes (``advice.draw_coach``'s
"about as good", 18 below the square, 16-point text)."""
BESIDE_TILES_REACH = 3
"""Squares a label set beside the laid tiles may lie from its own square at most."""
TEMPLE_COLUMN = 84
"""Design pixels per seat in the temples panel."""


def temples_rect(viewport: pygame.Rect, seats: int, rows: int) -> pygame.Rect:
    """The temples overview of ``rows`` temples and ``seats`` seats, at the top left of the
    board ``viewport`` (the camera keeps squares out from under it)."""
    width = px(64) + seats * px(TEMPLE_COLUMN)
    return pygame.Rect(viewport.x + px(10), viewport.y + px(10), width, px(36) + px(30) * rows)


def temples_panel(viewport: pygame.Rect, seats: int, rows: int, over: bool) -> pygame.Rect | None:
    """Where the temples overview of ``rows`` rows lies over the board, as drawn: nowhere
    without a row or once the game is over. The one rule for the panel, its tooltip and the
    camera's cover (a review found the cover sized from the engine's board, the panel from
    the rows shown)."""
    return temples_rect(viewport, seats, rows) if rows and not over else None


GHOST_BYTES = 4 * 1024 * 1024
"""Pixel memory kept for translucent ghost images."""
PULSE_STEPS = 8
"""Pulsing marks (legal squares, glows) take this many strengths above the least: each one is
a translucent image drawn once per size and kept, not one per frame."""
ZOOM_ART_STEP = 4
"""While the view zooms, tiles are drawn at sizes rounded to this many design pixels, each
resized quickly from the art at the size the zoom ends at (``TileArt.get``'s ``toward``): the
art is smoothly scaled once per glide, not every few frames (at rest, at the square's size)."""
TEMPLES_RADIUS = 10
"""Design pixels of the temples panel's rounded corners (``temples_parts``)."""


def target_pulse(now: float) -> float:
    """How lit the legal squares are at ``now`` (0-1, in ``PULSE_STEPS`` steps)."""
    return round(PULSE_STEPS * (0.5 + 0.5 * math.sin(now * 4))) / PULSE_STEPS


def edge_strength(now: float) -> float:
    """How strongly the edges still to resolve glow at ``now``."""
    return 0.45 + 0.35 * math.sin(now * 5)


def glow_alpha(strength: float) -> int:
    """The opacity of a glow of ``strength`` (in ``PULSE_STEPS`` steps)."""
    return round(max(0.0, min(1.0, strength)) * PULSE_STEPS) * 150 // PULSE_STEPS


def logged_width(now: float) -> int:
    """The outline width of the square of the log line under the mouse at ``now``."""
    return px(3) + round(px(2) * (0.5 + 0.5 * math.sin(now * 6)))


def pulses(now: float) -> tuple[float, int, int]:
    """Everything the board's marks draw from the clock at ``now``: equal values, equal pixels."""
    return target_pulse(now), glow_alpha(edge_strength(now)), logged_width(now)


def area(rect: pygame.Rect | pygame.FRect, grow: int = 0) -> pygame.Rect:
    """The whole pixels ``rect`` touches, grown by ``grow`` on every side."""
    left, top = math.floor(rect.left) - grow, math.floor(rect.top) - grow
    return pygame.Rect(left, top, math.ceil(rect.right) + grow - left, math.ceil(rect.bottom) + grow - top)


class BoardRenderer:
    """Draws the board area of a table through ``camera`` (ghost images are cached here; tile
    images live in ``TileArt``)."""

    def __init__(self, app: Shell, painter: Painter, art: TileArt, camera: Camera) -> None:
        self.app = app
        self.painter = painter
        self.art = art
        self.camera = camera
        self._ghosts = SurfaceCache("ghosts", GHOST_BYTES)
        self._places: Memo[TilePlaces] = Memo()
        """Where the shown tiles are drawn, for the camera and colours last asked."""
        self._frame: Frame | None = None
        """The frame drawn last (the panels drawn over the board draw ghosts in it)."""

    def clear(self) -> None:
        """Drop the cached ghost images."""
        self._ghosts.clear()

    def ghost(self, image: pygame.Surface, key: tuple[object, ...], alpha: int) -> pygame.Surface:
        """A translucent copy of ``image`` (cached)."""

        def make() -> pygame.Surface:
            ghost = image.copy()
            ghost.set_alpha(alpha)
            return ghost

        return self._ghosts.get((*key, image.get_width(), alpha), make)

    def rect(self, pos: Pos) -> pygame.FRect:
        """The drawn rectangle of the tile on ``pos``."""
        return square_rect(self.camera, pos)

    def color(self, seat: int, frame: Frame | None = None) -> str:
        """``seat``'s colour in ``frame`` (default: the frame drawn last)."""
        frame = frame if frame is not None else self._frame
        return frame.seats[seat].color if frame is not None else "red"

    # ----------------------------------------------------------------- layers

    def draw(
        self,
        surface: pygame.Surface,
        frame: Frame,
        now: float,
        *,
        tiles: bool = True,
        beneath: Draw | None = None,
    ) -> list[pygame.Rect]:
        """The frame's board layer, clipped to the viewport; returns the rectangles drawn on
        (within the viewport). Without ``tiles`` the scene keeps the tiles and the temples
        panel drawn (``temples_part``) and ``beneath`` draws what lies under the marks (the
        backdrop and the tiles): the marks are drawn, and where they reach under the panel
        that area is drawn again from ``beneath``, the marks and the panel, so the panel
        stays over the marks as when all is drawn anew."""
        self._frame = frame
        board = frame.board
        if board is None:
            return []
        clip = surface.get_clip()
        view = self.camera.viewport
        surface.set_clip(clip.clip(view))
        drawn: list[pygame.Rect] = []
        if tiles:
            self.draw_tiles(surface, board)
            drawn.append(view)
        drawn += self.draw_marks(surface, frame, now)
        panel = self._temples_rect(frame)
        if tiles:
            drawn += self.draw_temples(surface, frame)
        elif panel is not None:
            for index in panel.collidelistall(drawn):
                surface.set_clip(clip.clip(view).clip(drawn[index]).clip(panel))
                if beneath is not None:
                    beneath(surface)
                self.draw_marks(surface, frame, now, surface.get_clip())
                self._draw_temple_parts(surface, frame)
        surface.set_clip(clip)
        return [rect.clip(view) for rect in drawn]

    def draw_marks(
        self, surface: pygame.Surface, frame: Frame, now: float, bounds: pygame.Rect | None = None
    ) -> list[pygame.Rect]:
        """What the board shows over its tiles and under the temples panel: the last move,
        the clicked seat's tiles, the legal squares (those meeting ``bounds``, default the
        viewport), ghosts and their labels, the edges to resolve, the log line's square, a
        covered tile lifted; returns the areas drawn on."""
        board = frame.board
        if board is None:
            return []
        drawn = self.draw_last_move(surface, board)
        drawn += self.draw_seat_highlight(surface, board)
        drawn += self.draw_targets(surface, board, frame.phase, now, bounds)
        for ghost in board.ghosts:
            drawn += self.draw_ghost(surface, ghost)
        drawn += self.draw_pending_edges(surface, board, now)
        drawn += self.draw_logged_square(surface, board, now)
        drawn += self.draw_underneath(surface, board)
        pills: list[pygame.Rect] = []
        for ghost in board.ghosts:
            if ghost.pill:
                border = theme.GOLD if ghost.outline != "none" else None
                hinted = ghost.outline == "hinted"
                pill = self.yield_pill(surface, frame, ghost.action, hinted, border, pills)
                if pill is not None:
                    pills.append(pill.inflate(px(4), px(4)))
                    drawn += self.leader(surface, pill, ghost.action.pos, border or theme.SAND)
        return drawn + pills

    def leader(
        self, surface: pygame.Surface, label: pygame.Rect, pos: Pos, color: pygame.Color
    ) -> list[pygame.Rect]:
        """A thin line from ``label`` to square ``pos`` when the label lies further than half
        a square from it (set beside the laid tiles: ``_beside_tiles``), so it is read as
        that square's; returns the area drawn on (none when the label is by its square)."""
        square = self.rect(pos)
        start = (
            min(max(square.centerx, label.left), label.right - 1),
            min(max(square.centery, label.top), label.bottom - 1),
        )
        end = (
            min(max(start[0], square.left), square.right - 1),
            min(max(start[1], square.top), square.bottom - 1),
        )
        if math.dist(start, end) <= self.camera.scale / 2:
            return []
        clip = surface.get_clip()
        surface.set_clip(self.camera.viewport)
        line = pygame.draw.line(surface, color, start, end, max(2, px(2)))
        surface.set_clip(clip)
        return [line.inflate(px(4), px(4))]

    def temples_parts(self, frame: Frame) -> list[Part]:
        """The temples panel of ``frame`` as still parts of the table (``layers.Part``, drawn
        after the tiles): the panel with its title, then one part per temple row keyed by the
        row, so a temple's new standing draws again its row, not the panel; none when the
        panel is not drawn. The panel is opaque (``Part.opaque``: all but the rows of its
        rounded corners): the tiles and marks beneath it are not drawn again for it."""
        panel = self._temples_rect(frame)
        if panel is None:
            return []
        colors = tuple(view.color for view in frame.seats)
        inside = theme.fill_inside(panel, px(TEMPLES_RADIUS))
        parts = [
            Part(
                "temples",
                panel,
                (tuple(panel), self.app.assets.palette),
                partial(self._draw_temples_panel, panel=panel),
                (inside,),
            )
        ]
        for index, row in enumerate(frame.temples):
            strip = self._temple_row_rect(panel, index)
            parts.append(
                Part(
                    f"temples.row{index}",
                    strip,
                    (row, colors, self.app.assets.palette),
                    partial(self._draw_temple_row, frame=frame, panel=panel, index=index),
                )
            )
        return parts

    def draw_temples(self, surface: pygame.Surface, frame: Frame) -> list[pygame.Rect]:
        """Every temple at once, in the board's top-left corner: the workers of each seat next
        to it and the gold it would give now; the placement considered shows its change
        (``temples_parts``, drawn within the surface's clip)."""
        self._draw_temple_parts(surface, frame)
        panel = self._temples_rect(frame)
        return [] if panel is None else [panel]

    def _draw_temple_parts(self, surface: pygame.Surface, frame: Frame) -> None:
        """The temples panel's parts that meet the surface's clip, in order."""
        clip = surface.get_clip()
        for part in self.temples_parts(frame):
            if part.rect.colliderect(clip):
                part.draw(surface)

    @staticmethod
    def _temple_row_rect(panel: pygame.Rect, index: int) -> pygame.Rect:
        """Temple row ``index``'s strip of the panel."""
        return pygame.Rect(panel.x, panel.y + px(36) + index * px(30), panel.w, px(30)).clip(panel)

    def _draw_temples_panel(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The temples panel's box and title."""
        pygame.draw.rect(surface, theme.INK, panel, border_radius=px(TEMPLES_RADIUS))
        with theme.within(panel):
            self.painter.text(
                surface, t("play.temples"), (panel.x + px(12), panel.y + px(8)), 17, "bold", theme.GOLD
            )

    def _draw_temple_row(self, surface: pygame.Surface, frame: Frame, panel: pygame.Rect, index: int) -> None:
        """Temple row ``index``: its number and icon, each seat's workers there (and their
        change by the placement considered) and, right after them, the gold each would win
        (``TempleRow.awards``: with that placement when it changes the workers), set apart from
        the next seat's marker (it was read as that seat's)."""
        row = frame.temples[index]
        workers, awards, changed = row.workers, row.awards, row.after
        p = self.painter
        y = self._temple_row_rect(panel, index).y + px(30) // 2
        with theme.within(panel):
            p.text(surface, str(index + 1), (panel.x + px(18), y), 17, "bold", theme.SAND, "center")
            temple = self.art.jungle("temple", px(22))
            surface.blit(temple, temple.get_rect(center=(panel.x + px(42), y)))
            for seat, view in enumerate(frame.seats):
                x = panel.x + px(64) + seat * px(TEMPLE_COLUMN)
                theme.draw_seat_marker(self.app, surface, view.color, (x + px(8), y), px(7))
                count = workers[seat]
                text = str(count) if changed is None or changed[seat] == count else f"{count}→{changed[seat]}"
                color = theme.GOLD if changed is not None and changed[seat] != count else theme.CREAM
                drawn = p.text(surface, text, (x + px(20), y), 17, "bold", color, "midleft")
                if awards[seat]:
                    award = f"+{awards[seat]}"
                    p.text(
                        surface,
                        award,
                        (drawn.right + px(3), y),
                        theme.SMALLEST_SIZE,
                        "bold",
                        theme.GOLD,
                        "midleft",
                    )

    def temples_panel(self) -> pygame.Rect | None:
        """Where the temples overview of the frame drawn last is drawn, None when it is not
        drawn (no frame yet, no temple yet, or the game is over)."""
        return None if self._frame is None else self._temples_rect(self._frame)

    def _temples_rect(self, frame: Frame) -> pygame.Rect | None:
        """Where ``frame``'s temples panel is drawn (None: not drawn)."""
        over = bool(frame.seats) and frame.seats[0].final
        return temples_panel(self.camera.viewport, len(frame.seats), len(frame.temples), over)

    def draw_logged_square(self, surface: pygame.Surface, board: BoardView, now: float) -> list[pygame.Rect]:
        """The square of the log line under the mouse, outlined and pulsing."""
        if board.logged is None:
            return []
        rect = self.rect(board.logged).inflate(px(10), px(10))
        width = logged_width(now)
        pygame.draw.rect(surface, HINT, rect, width, border_radius=px(8))
        return [area(rect, 1)]

    def draw_underneath(self, surface: pygame.Surface, board: BoardView) -> list[pygame.Rect]:
        """Over an overbuilt square under the mouse: the covered tile, lifted beside it."""
        pos = board.hover
        covered = board.shown.covered.get(pos) if pos is not None else None
        if pos is None or covered is None:
            return []
        rect = self.rect(pos)
        size = rect.w * 0.8
        image = self.art.worker(self.color(covered.seat), covered.tile, size, covered.rotation)
        peek = image.get_rect(bottomleft=(rect.right - rect.w * 0.15, rect.top + rect.h * 0.25))
        peek.clamp_ip(self.camera.viewport)
        self.painter.box(surface, peek.inflate(px(12), px(12)), theme.CHOCOLATE, 235)
        surface.blit(image, peek)
        pygame.draw.rect(surface, theme.GOLD, peek.inflate(px(12), px(12)), px(2), border_radius=px(8))
        return [peek.inflate(px(14), px(14))]

    def view_key(self, frame: Frame) -> tuple[Hashable, Hashable]:
        """Everything ``draw_tiles`` draws from but the tiles (``changed_squares``): the
        camera's scale and origin and, while it zooms, the scale it glides to (tiles are then
        drawn at rounded sizes from the art at that scale); then the viewport, the colours and
        the art set (a change of the camera alone changes pixels only where the tiles were and
        are: ``tile_areas``)."""
        cam = self.camera
        return (
            (cam.scale, cam.origin(), cam.target_scale if cam.zooming else None),
            (tuple(cam.viewport), tuple(seat.color for seat in frame.seats), self.app.assets.palette),
        )

    def tile_areas(self, board: BoardView, frame: Frame) -> dict[Pos, pygame.Rect]:
        """The pixels of the viewport each shown tile touches, by square (``draw_tiles``
        draws nowhere else)."""
        view = self.camera.viewport
        shown = board.shown
        hits, _places, _covers = self._layout(shown, tuple(v.color for v in frame.seats))
        areas: dict[Pos, pygame.Rect] = {}
        for pos, hit in zip([*shown.jungle, *shown.workers], hits, strict=True):
            before = areas.get(pos)
            areas[pos] = hit.clip(view) if before is None else before.union(hit.clip(view))
        return areas

    def tile_covers(self, board: BoardView, frame: Frame) -> tuple[pygame.Rect, ...]:
        """The pixels ``draw_tiles`` surely sets to a tile's opaque pixels (``art.opaque_square``
        of each shown tile): whatever lies beneath them is hidden."""
        return self._layout(board.shown, tuple(v.color for v in frame.seats))[2]

    def _layout(self, shown: Shown, colors: tuple[str, ...]) -> TilePlaces:
        """``_tile_places`` for the camera now (kept while the camera, tiles and colours stay)."""
        cam = self.camera
        return self._places.get(
            (shown.jungle, shown.workers, shown.covered, cam.scale, cam.zooming, cam.origin(), colors),
            lambda: self._tile_places(shown, colors),
        )

    def draw_tiles(
        self,
        surface: pygame.Surface,
        board: BoardView,
        origin: tuple[int, int] = (0, 0),
        frame: Frame | None = None,
    ) -> None:
        """Jungle and worker tiles of the shown state, on ``surface`` whose top-left pixel is
        the screen point ``origin``, in the seat colours of ``frame`` (default: the frame
        drawn last; the kept layer is drawn before the frame's marks, so it passes its own)."""
        cam = self.camera
        size, toward = self._art_size()
        art = self.art
        ox, oy = origin
        view = cam.viewport.clip(surface.get_clip().move(ox, oy))
        shown = board.shown
        seen = frame if frame is not None else self._frame
        colors = tuple(v.color for v in seen.seats) if seen is not None else ()
        hits, places, _covers = self._layout(shown, colors)
        overbuilt = art.icon("overbuilt", max(px(14), size * 0.28)) if shown.covered else None
        for index in view.collidelistall(hits):
            rect, spec = places[index]
            at = (rect.x - ox, rect.y - oy)
            match spec:
                case (code, rotation):
                    surface.blit(art.jungle(code, size, rotation, toward), at)
                case (color, code, rotation, covered):
                    surface.blit(art.worker(color, code, size, rotation, toward), at)
                    if covered and overbuilt is not None:
                        corner = (rect.right - px(2) - ox, rect.bottom - px(2) - oy)
                        surface.blit(overbuilt, overbuilt.get_rect(bottomright=corner))

    def _art_size(self) -> tuple[float, float | None]:
        """The size tiles are drawn at now and, while the view zooms, the size their art is
        taken from (``TileArt.get``'s ``toward``): a zoom draws sizes rounded to ``ZOOM_ART_STEP``."""
        cam = self.camera
        size = cam.scale - tile_gap(cam.scale)
        if not cam.zooming:
            return size, None
        step = px(ZOOM_ART_STEP)
        return max(step, round(size / step) * step), cam.target_scale - tile_gap(cam.target_scale)

    def _tile_places(self, shown: Shown, colors: tuple[str, ...]) -> TilePlaces:
        """Every tile of ``shown`` where the camera puts it: the pixels it touches (to pick
        the tiles a clipped redraw needs; while the view zooms, with the room of a tile drawn
        at a size rounded up, ``ZOOM_ART_STEP``), its square and image, jungle tiles first, and
        the pixels it surely covers."""
        rect = square_maker(self.camera)
        places: list[tuple[pygame.FRect, TileSpec]] = [
            (rect(pos), (code, rotation)) for pos, (code, rotation) in shown.jungle.items()
        ]
        places += [
            (
                rect(pos),
                (
                    colors[tile.seat] if tile.seat < len(colors) else "red",
                    tile.tile,
                    tile.rotation,
                    pos in shown.covered,
                ),
            )
            for pos, tile in shown.workers.items()
        ]
        cam = self.camera
        grow = 1 + math.ceil(px(ZOOM_ART_STEP) / 2) if cam.zooming else 1
        size, _toward = self._art_size()
        covers = tuple(opaque_square(rect.x, rect.y, size) for rect, _spec in places)
        return [area(rect, grow) for rect, _spec in places], places, covers

    def draw_last_move(self, surface: pygame.Surface, board: BoardView) -> list[pygame.Rect]:
        """The squares of the last move, outlined in the mover's colour with its marker."""
        move = board.last_move
        if move is None:
            return []
        drawn: list[pygame.Rect] = []
        seat, placed, filled = move
        color = self.app.assets.seat_color(self.color(seat), "light")
        for pos in filled:
            if pos in board.shown.jungle:
                rect = self.rect(pos).inflate(px(2), px(2))
                pygame.draw.rect(surface, color, rect, px(3), border_radius=px(6))
                drawn.append(area(rect, 1))
        if placed is not None and placed in board.shown.workers:
            rect = self.rect(placed).inflate(px(4), px(4))
            pygame.draw.rect(surface, color, rect, px(5), border_radius=px(6))
            radius = max(px(7), self.camera.scale * 0.1)
            theme.draw_seat_marker(
                self.app, surface, self.color(seat), (rect.right - px(4), rect.top + px(4)), radius
            )
            drawn.append(area(rect, math.ceil(radius) + px(4)))
        return drawn

    def draw_seat_highlight(self, surface: pygame.Surface, board: BoardView) -> list[pygame.Rect]:
        """The tiles of the seat whose panel was clicked."""
        seat = board.highlight
        if seat is None:
            return []
        drawn: list[pygame.Rect] = []
        color = self.app.assets.seat_color(self.color(seat), "base")
        for pos, tile in board.shown.workers.items():
            if tile.seat == seat:
                rect = self.rect(pos)
                pygame.draw.rect(
                    surface, (255, 255, 255), rect.inflate(px(8), px(8)), px(3), border_radius=px(8)
                )
                pygame.draw.rect(surface, color, rect.inflate(px(2), px(2)), px(4), border_radius=px(6))
                drawn.append(area(rect, px(4) + 1))
        return drawn

    def draw_targets(
        self,
        surface: pygame.Surface,
        board: BoardView,
        phase: Phase | None,
        now: float,
        bounds: pygame.Rect | None = None,
    ) -> list[pygame.Rect]:
        """Legal squares (placement, overbuild, fill) with an outline and an icon each, those
        meeting ``bounds`` (default: the viewport)."""
        cam = self.camera
        within = cam.viewport if bounds is None else bounds
        pulse = target_pulse(now)
        icon_size = max(px(12), cam.scale * 0.3)
        drawn: list[pygame.Rect] = []
        for pos in board.targets:
            rect = self.rect(pos)
            if not within.colliderect(rect):
                continue
            if pos in board.overbuild:
                drawn.append(area(rect, 1))
                self.painter.box(surface, rect, (255, 236, 170), int(25 + 35 * pulse), radius=px(6))
                dashed_rect(
                    surface, theme.GOLD, rect.inflate(-px(2), -px(2)), px(3), max(4, int(cam.scale / 8))
                )
                icon = self.art.icon("overbuild", icon_size * 1.4)
                surface.blit(icon, icon.get_rect(center=rect.center))
                continue
            drawn.append(area(rect.inflate(-px(6), -px(6)), 2))  # the mark is inset
            self.painter.box(
                surface,
                rect.inflate(-px(6), -px(6)),
                (255, 247, 225),
                int(40 + 40 * pulse),
                radius=max(px(4), int(cam.scale / 10)),
            )
            dashed_rect(surface, CREAM, rect.inflate(-px(6), -px(6)), 2, max(4, int(cam.scale / 10)))
            center = rect.center
            if phase is Phase.FILL:
                leaf = self.art.jungle("back", icon_size * 1.6)
                surface.blit(leaf, leaf.get_rect(center=center))
            else:
                arm = icon_size * 0.5
                pygame.draw.line(
                    surface, CREAM, (center[0] - arm, center[1]), (center[0] + arm, center[1]), px(3)
                )
                pygame.draw.line(
                    surface, CREAM, (center[0], center[1] - arm), (center[0], center[1] + arm), px(3)
                )
        return drawn

    def draw_ghost(self, surface: pygame.Surface, ghost: Ghost) -> list[pygame.Rect]:
        """A ghost of the frame: its tile and its outline (its yield label is drawn after every
        ghost and mark, ``draw_marks``: a second ghost's tile hid the first one's label)."""
        action = ghost.action
        drawn = [self.draw_action(surface, action, ghost.alpha)]
        rect = self.rect(action.pos)
        drawn.append(area(rect, px(6)))
        if ghost.outline == "given":
            dashed_rect(surface, theme.GOLD, rect.inflate(px(4), px(4)), px(3), px(10))
        elif ghost.outline in ("chosen", "hinted"):
            color = HINT if ghost.outline == "hinted" else theme.GOLD
            pygame.draw.rect(surface, color, rect.inflate(px(6), px(6)), px(4), border_radius=px(8))
        return drawn

    def yield_pill(
        self,
        surface: pygame.Surface,
        frame: Frame,
        action: Place | Overbuild | Fill,
        hinted: bool,
        border: pygame.Color | None,
        labels: Sequence[pygame.Rect] = (),
    ) -> pygame.Rect | None:
        """What ``action`` gains (the frame's preview), in a label over its square: at the
        nearest place above or below it, up to two rows further and two squares aside, that
        meets no tile, panel, coach mark nor one of the ``labels`` already drawn (else the one
        that covers least; below a panel over the board only where the view goes on below it:
        a trial saw a label at the board's bottom edge, far from its square, under a hint
        panel lying there), else beside the laid tiles where that covers nothing
        (``_beside_tiles``), never over its own square (a trial's hint label hid the hinted
        overbuild square, the rows beyond the label's free); nothing until the frame has it.
        Returns the label's area."""
        label = frame.previews.get(action)
        if label is None:
            return None
        if hinted:
            label = t("play.hinted_preview", preview=label)
        rect = self.rect(action.pos)
        view = self.camera.viewport
        above = (rect.centerx, rect.top - px(22))
        below = (rect.centerx, rect.bottom + px(22))
        if rect.top - px(44) < view.top:
            above, below = below, above
        overlays = self.overlays()
        if frame.coach_panel is not None:
            overlays.append(pygame.Rect(frame.coach_panel))
        room = px(COACH_TAG_ROOM)
        marks = [pygame.Rect(self.rect(pos).inflate(0, room).move(0, room // 2)) for pos in frame.coach_marks]
        clear = [
            (rect.centerx, panel.bottom + px(24)) for panel in overlays if panel.bottom + px(48) < view.bottom
        ]
        step = self.camera.scale
        rows = [
            (x, y + k * step * (1 if y > rect.centery else -1)) for k in (0, 1, 2) for x, y in (above, below)
        ]
        near = [(x + dx, y) for x, y in rows for dx in (0, -step, step, -2 * step, 2 * step)]
        near.sort(key=lambda point: math.dist(point, rect.center) + (0 if point[1] == above[1] else 1))
        size = self.painter.label_size(label)
        half = size[0] // 2 + px(10)
        near += [(rect.left - half, rect.centery), (rect.right + half, rect.centery)]
        tiles = self.laid_in_view(frame)
        own = pygame.Rect(rect).inflate(-px(4), -px(4))
        legal = self.legal_in_view(frame, action.pos)
        return self.painter.pill(
            surface,
            label,
            above,
            20,
            border=border,
            inside=view,
            others=[point for point in near if point != above],
            spare=[*clear, *self._beside_tiles(size, rect, tiles)],
            avoid=[*overlays, *labels, *marks, *tiles, own],
            must_avoid=[*overlays, *marks, own],
            narrow=max(px(220), round(3 * step)),
            prefer_off=legal,
            prefer_at=[point for point in [above, *near] if abs(point[1] - rect.centery) < 2 * step + px(22)],
        )

    def _beside_tiles(
        self, size: tuple[int, int], square: pygame.FRect, tiles: Sequence[pygame.Rect]
    ) -> list[tuple[float, float]]:
        """Where a label of ``size`` (``Painter.label_size``) for ``square`` lies clear of the
        laid ``tiles`` altogether, nearest first: left or right of them at the square's height,
        above or below them at its column (a trial's hint label lay across a whole row of
        tiles, the board's sides empty); none further than ``BESIDE_TILES_REACH`` squares from
        it (a retest found a line across seven tiles harder to read than the label it led to)."""
        if not tiles:
            return []
        laid = tiles[0].unionall(list(tiles[1:]))
        half_w, half_h, gap = size[0] // 2, size[1] // 2, px(10)
        places = [
            ((laid.left - gap - half_w, square.centery), square.left - laid.left + gap),
            ((laid.right + gap + half_w, square.centery), laid.right - square.right + gap),
            ((square.centerx, laid.top - gap - half_h), square.top - laid.top + gap),
            ((square.centerx, laid.bottom + gap + half_h), laid.bottom - square.bottom + gap),
        ]
        reach = BESIDE_TILES_REACH * self.camera.scale
        return [point for point, away in sorted(places, key=lambda place: place[1]) if away <= reach]

    def laid_in_view(self, frame: Frame) -> list[pygame.Rect]:
        """The board's squares in view that hold a tile, a few pixels in from their edges (the
        tile places kept for drawing, ``_layout``): a yield label keeps off them where it can
        (issue 22 item 10)."""
        if frame.board is None:
            return []
        hits, _places, _covers = self._layout(frame.board.shown, tuple(v.color for v in frame.seats))
        inset = self._inset()
        return [hits[i].inflate(inset, inset) for i in self.camera.viewport.collidelistall(hits)]

    def _inset(self) -> int:
        """Pixels a square is taken in from its edges where a label or tag keeps off it."""
        return -max(2, int(self.camera.scale // 8))

    def marked_in_view(self, frame: Frame) -> list[pygame.Rect]:
        """The laid tiles in view (``laid_in_view``) and the legal squares in view
        (``legal_in_view``): a coach's tag keeps off them where it can (trials saw a tag hide
        half a neighbouring tile)."""
        return [*self.laid_in_view(frame), *self.legal_in_view(frame)]

    def legal_in_view(self, frame: Frame, but: Pos | None = None) -> list[pygame.Rect]:
        """The legal squares in view but ``but``, a few pixels in from their edges: a label
        keeps off them where a place near its square allows (a trial's labels hid half a row
        of them)."""
        if frame.board is None:
            return []
        inset = self._inset()
        view = self.camera.viewport
        legal = [
            pygame.Rect(self.rect(pos)).inflate(inset, inset) for pos in frame.board.targets if pos != but
        ]
        return [rect for rect in legal if view.colliderect(rect)]

    def overlays(self) -> list[pygame.Rect]:
        """The panels drawn over the board (the temples overview): a label over a square
        moves off them."""
        panel = self.temples_panel()
        return [] if panel is None else [panel]

    def draw_action(
        self, surface: pygame.Surface, action: Place | Overbuild | Fill, alpha: int
    ) -> pygame.Rect:
        """The tile an action would lay, at its square (a worker in the mover's colour);
        returns the area drawn on."""
        cam = self.camera
        size = cam.scale - tile_gap(cam.scale)
        rect = self.rect(action.pos)
        if isinstance(action, Fill):
            image = self.art.jungle(action.tile, size, action.rotation)
            key: tuple[object, ...] = ("j", action.tile, action.rotation)
        else:
            board = self._frame.board if self._frame is not None else None
            color = board.mover_color if board is not None else "red"
            image = self.art.worker(color, action.tile, size, action.rotation)
            key = ("w", color, action.tile, action.rotation)
        if alpha < 255:
            image = self.ghost(image, key, alpha)
        return surface.blit(image, rect.topleft)

    def draw_pending_edges(self, surface: pygame.Surface, board: BoardView, now: float) -> list[pygame.Rect]:
        """While a seat resolves: the edges it still has to decide, glowing."""
        strength = edge_strength(now)
        return [self.glow(surface, pos, side, strength, (255, 230, 140)) for pos, side in board.edges]

    def glow(
        self, surface: pygame.Surface, pos: Pos, side: int | None, strength: float, color: RGB
    ) -> pygame.Rect:
        """A translucent glow over square ``pos`` and a bar on its ``side``; returns the area."""
        rect = self.rect(pos)
        alpha = glow_alpha(strength)
        if alpha <= 0:
            return pygame.Rect(0, 0, 0, 0)
        self.painter.box(surface, rect, color, alpha // 4, radius=max(px(4), int(self.camera.scale / 10)))
        if side is not None and side in SIDES:
            thick = max(px(4), int(rect.w * 0.14))
            bars = (
                pygame.Rect(rect.left, rect.top, rect.w, thick),
                pygame.Rect(rect.right - thick, rect.top, thick, rect.h),
                pygame.Rect(rect.left, rect.bottom - thick, rect.w, thick),
                pygame.Rect(rect.left, rect.top, thick, rect.h),
            )
            self.painter.box(surface, bars[side], color, min(255, alpha + 80), radius=px(3))
        return area(rect, 1)


def moved_tiles(before: Mapping[Pos, pygame.Rect], after: Mapping[Pos, pygame.Rect]) -> list[pygame.Rect]:
    """The areas to draw again when the camera moved the tiles from ``before`` to ``after``
    (``BoardRenderer.tile_areas``): where each run of a board row's side by side tiles was and
    is, so a glide draws again the tiles' pixels, not the box around all of them nor the
    empty squares between a row's runs (one area a run, not one a tile: each area costs a
    pass over the parts that meet it)."""
    rows: dict[int, dict[int, list[pygame.Rect]]] = {}
    for spots in (before, after):
        for pos, rect in spots.items():
            if rect.w and rect.h:
                rows.setdefault(pos[1], {}).setdefault(pos[0], []).append(rect)
    areas: list[pygame.Rect] = []
    for row in rows.values():
        run: list[pygame.Rect] = []
        last = None
        for x in sorted(row):
            if run and last is not None and x != last + 1:
                areas.append(run[0].unionall(run[1:]))
                run = []
            run += row[x]
            last = x
        areas.append(run[0].unionall(run[1:]))
    return areas


def changed_squares(before: Shown, after: Shown) -> set[Pos]:
    """The squares whose drawn tiles differ between two snapshots (jungle, worker, covered)."""
    squares: set[Pos] = set()
    for old, new in (
        (before.jungle, after.jungle),
        (before.workers, after.workers),
        (before.covered, after.covered),
    ):
        if old is new:
            continue
        squares.update(pos for pos in old.keys() | new.keys() if old.get(pos) != new.get(pos))
    return squares
