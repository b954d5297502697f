"""Board geometry: a camera mapping board squares to screen pixels inside the board viewport.

World units are board squares: square ``(x, y)`` covers ``[x, x+1) x [y, y+1)``. The camera
keeps a *target* (centre and scale) and eases its current view towards it, so zooming and
fitting glide; ``snap()`` jumps straight to the target (tests, first frame). The game itself
moves the view with ``include``: the least pan (and zoom out) that brings squares into view,
eased calmly, so the view the player chose is kept as far as it can be; and, while the table
follows the board (the player has not moved the view), ``centre`` keeps it in the middle.
Panels drawn over the board (``covered``) count as out of view for ``fit``, ``include``,
``contains``, ``centre`` and ``ensure_visible``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from cacao_game.app.scale import current, px
from cacao_game.engine.tiles import Pos
from cacao_game.jsontypes import JSON

MIN_SCALE = 28.0
"""Smallest square size in design pixels (the whole late-game board fits a 1360x728 viewport)."""
MAX_SCALE = 220.0
"""Largest square size in design pixels."""
MARGIN = 24
"""Design pixels kept free around a fitted board."""
ZOOM_STEP = 1.2
"""Scale factor of one wheel notch or one +/- key press."""
PAN_SPEED = 900.0
"""Design pixels per second when panning with the keyboard."""
EASE_RATE = 14.0
"""How fast the view follows its target (per second, exponential)."""
CALM_RATE = 4.0
"""How fast it follows a target the game set (``include``): a calm glide of about half a
second, not a jump, until the player moves the view again."""
SNAP_SCALE = 0.05
"""A glide ends (``snap``) when the scale is this close to its target (design pixels per
square) and the centre less than ``SNAP_SHIFT`` design pixels from it: the same end at every
screen size (in real pixels a 4K screen would glide on for frames moving the picture by a
pixel, each drawing the whole board again)."""
SNAP_SHIFT = 1.0
"""Design pixels of pan left when a glide ends (see ``SNAP_SCALE``)."""
VIEW_REACH = 1000.0
"""Squares from the start tiles a saved view's centre may lie (a board spans a few dozen)."""
CENTRE_SLACK = 0.5
"""Squares a followed board may sit off the middle before ``centre`` pans it back: a board
that grew by a column on one side stays (half a square), one that grew twice there glides
back; centring on every growth glided the whole board at each turn's start (every tile
redrawn, for about a second) to move it by half a square."""


class Camera:
    """Maps squares to pixels inside ``viewport`` (a rect of the screen, in real pixels);
    ``scale`` is the real pixels per square."""

    def __init__(self, viewport: pygame.Rect, scale: float | None = None) -> None:
        """Start centred on the two start tiles at ``scale`` pixels per square (default 96
        design pixels)."""
        scale = px(96) if scale is None else scale
        self.viewport = pygame.Rect(viewport)
        self.center = pygame.Vector2(1.0, 1.0)
        self.scale = scale
        self.target_center = pygame.Vector2(self.center)
        self.target_scale = scale
        self.rest_scale = scale
        self.rest_center = pygame.Vector2(self.center)
        """The view it last came to rest at (``snap``): until the view leaves it, a glide asked
        for draws as at rest (``resting``, ``zooming``)."""
        self.rate = EASE_RATE
        """How fast the view eases now: ``CALM_RATE`` after ``include``, else ``EASE_RATE``."""
        self.covered: tuple[pygame.Rect, ...] = ()
        """Screen rects drawn over the board (the temples panel, the Watching tag), set by the
        table each frame: a fitted or included square is kept out from under them."""

    # ----------------------------------------------------------------- mapping

    def to_screen(self, x: float, y: float) -> pygame.Vector2:
        """The screen point of world point ``(x, y)``."""
        return pygame.Vector2(
            self.viewport.centerx + (x - self.center.x) * self.scale,
            self.viewport.centery + (y - self.center.y) * self.scale,
        )

    def origin(self) -> tuple[int, int]:
        """The screen pixel of the world's origin, rounded to a whole pixel: squares are drawn
        from it, so a view that moves by less than half a pixel draws the same pixels. While
        the view glides it is rounded to whole design pixels (``px(1)`` real pixels): a glide
        moves the picture in the same steps at every screen size (at 4K, half as many frames
        draw the board again); at rest, and in the frame a glide is asked for, it is exact."""
        x = self.viewport.centerx - self.center.x * self.scale
        y = self.viewport.centery - self.center.y * self.scale
        step = px(1)
        if step > 1 and self.moving and not self.resting:
            return round(x / step) * step, round(y / step) * step
        return round(x), round(y)

    def square_rect(self, pos: Pos) -> pygame.FRect:
        """The screen rectangle of board square ``pos`` (from ``origin``)."""
        x, y = self.origin()
        return pygame.FRect(x + pos[0] * self.scale, y + pos[1] * self.scale, self.scale, self.scale)

    def target_square_rect(self, pos: Pos) -> pygame.FRect:
        """The screen rectangle square ``pos`` will have once the view reaches its target."""
        x = self.viewport.centerx + (pos[0] - self.target_center.x) * self.target_scale
        y = self.viewport.centery + (pos[1] - self.target_center.y) * self.target_scale
        return pygame.FRect(x, y, self.target_scale, self.target_scale)

    def square_center(self, pos: Pos) -> pygame.Vector2:
        """The screen centre of square ``pos``."""
        return self.to_screen(pos[0] + 0.5, pos[1] + 0.5)

    def to_world(self, point: tuple[float, float]) -> pygame.Vector2:
        """The world point under screen point ``point``."""
        return pygame.Vector2(
            self.center.x + (point[0] - self.viewport.centerx) / self.scale,
            self.center.y + (point[1] - self.viewport.centery) / self.scale,
        )

    def square_at(self, point: tuple[float, float]) -> Pos | None:
        """The square under a screen point, or None outside the viewport."""
        if not self.viewport.collidepoint(point):
            return None
        world = self.to_world(point)
        return (int(world.x // 1), int(world.y // 1))

    def is_visible(self, pos: Pos) -> bool:
        """Whether any part of square ``pos`` is inside the viewport."""
        return self.viewport.colliderect(self.square_rect(pos))

    # ----------------------------------------------------------------- moving

    def zoom(self, factor: float, anchor: tuple[float, float] | None = None) -> None:
        """Multiply the target scale by ``factor``, keeping the world point under ``anchor`` still."""
        anchor = anchor if anchor is not None else self.viewport.center
        new_scale = self.clamp(self.target_scale * factor)
        offset = pygame.Vector2(anchor[0] - self.viewport.centerx, anchor[1] - self.viewport.centery)
        world = self.target_center + offset / self.target_scale
        self.target_center = world - offset / new_scale
        self.target_scale = new_scale
        self.rate = EASE_RATE

    def pan_pixels(self, dx: float, dy: float, *, immediate: bool = False) -> None:
        """Move the view so the board follows a drag of ``(dx, dy)`` pixels."""
        delta = pygame.Vector2(dx, dy) / self.target_scale
        self.target_center -= delta
        self.rate = EASE_RATE
        if immediate:
            self.center -= pygame.Vector2(dx, dy) / self.scale

    @staticmethod
    def clamp(scale: float) -> float:
        """``scale`` within the zoom limits (``MIN_SCALE``-``MAX_SCALE`` design pixels)."""
        return max(px(MIN_SCALE), min(px(MAX_SCALE), scale))

    def framed(self) -> pygame.Rect:
        """The viewport less its margin: where a fitted board lies."""
        return self.viewport.inflate(-2 * px(MARGIN), -2 * px(MARGIN))

    @staticmethod
    def bounds(squares: Iterable[Pos], border: int) -> tuple[int, int, int, int] | None:
        """(left, top, right, bottom) of ``squares`` plus ``border`` squares; None if empty."""
        squares = list(squares)
        if not squares:
            return None
        xs = [p[0] for p in squares]
        ys = [p[1] for p in squares]
        return min(xs) - border, min(ys) - border, max(xs) + 1 + border, max(ys) + 1 + border

    def fit(self, squares: Iterable[Pos], border: int = 1, also: Iterable[Pos] = ()) -> None:
        """Aim at the bounding box of ``squares`` plus ``border`` squares on every side, as large
        as it fits inside the viewport less its margin with no square under ``covered`` (the
        whole room when the squares miss the covers there, else the room beside or below one).
        ``also`` (squares inside that box, such as the legal squares) are kept from under the
        covers as well where some room allows it, else only ``squares`` are."""
        squares = list(squares)
        box = self.bounds(squares, border)
        if box is None:
            return
        left, top, right, bottom = box
        best: tuple[float, pygame.Vector2] | None = None
        also = list(also)
        for clear in ([*squares, *also], squares) if also else (squares,):
            for room in self.rooms():
                scale = self.clamp(min(room.width / (right - left), room.height / (bottom - top)))
                center = pygame.Vector2((left + right) / 2, (top + bottom) / 2) - self._offset(room) / scale
                if (best is None or scale > best[0]) and not self._hidden(clear, center, scale):
                    best = (scale, center)
            if best is not None:
                break
        if best is None:
            room = self.framed()
            scale = self.clamp(min(room.width / (right - left), room.height / (bottom - top)))
            best = (scale, pygame.Vector2((left + right) / 2, (top + bottom) / 2))
        self.target_scale, self.target_center = best
        self.rate = EASE_RATE

    def rooms(self) -> list[pygame.Rect]:
        """Where a board may lie: the framed viewport, then for each cover over it the parts
        of each room so far (the framed view's, then those left by the covers before) right
        of, below, left of and above it (empty ones left out): beside a resolution's popup
        and below the temples panel too (a trial saw the popup stay over eight tiles, the
        room left of it and below the panel empty)."""
        rooms = [self.framed()]
        gap = px(MARGIN) // 2
        for cover in self.covered:
            for room in list(rooms):
                if not cover.colliderect(room):
                    continue
                for part in (
                    pygame.Rect(cover.right + gap, room.top, room.right - cover.right - gap, room.height),
                    pygame.Rect(room.left, cover.bottom + gap, room.width, room.bottom - cover.bottom - gap),
                    pygame.Rect(room.left, room.top, cover.left - gap - room.left, room.height),
                    pygame.Rect(room.left, room.top, room.width, cover.top - gap - room.top),
                ):
                    if part.width > 0 and part.height > 0 and part not in rooms:
                        rooms.append(part)
        return rooms

    def _offset(self, room: pygame.Rect) -> pygame.Vector2:
        """Pixels from the viewport's middle to ``room``'s (a board centred in ``room`` has
        the view's centre that far from its own, over the scale)."""
        return pygame.Vector2(room.centerx - self.viewport.centerx, room.centery - self.viewport.centery)

    def _hidden(self, squares: Iterable[Pos], center: pygame.Vector2, scale: float) -> bool:
        """Whether any of ``squares`` would lie (partly) under a cover at view ``(center, scale)``."""
        if not self.covered:
            return False
        for pos in squares:
            x = self.viewport.centerx + (pos[0] - center.x) * scale
            y = self.viewport.centery + (pos[1] - center.y) * scale
            rect = pygame.FRect(x, y, scale, scale)
            if any(rect.colliderect(cover) for cover in self.covered):
                return True
        return False

    def include(self, squares: Iterable[Pos], border: int = 1) -> bool:
        """Bring ``squares`` plus ``border`` into the framed view with the least change of the
        target view: a pan if they fit at the current zoom, else the zoom out they need (never
        in), centred as little away as it can; eased calmly. No square may end under a cover:
        the room beside or below it is tried then (the largest view wins). True if the view
        changed."""
        squares = list(squares)
        box = self.bounds(squares, border)
        if box is None or self.contains(squares, border):
            return False
        left, top, right, bottom = box
        best: tuple[float, float, pygame.Vector2] | None = None
        for room in self.rooms():
            scale = min(
                self.target_scale, self.clamp(min(room.width / (right - left), room.height / (bottom - top)))
            )
            offset = self._offset(room)
            center = self.target_center + offset / scale
            half = pygame.Vector2(room.width, room.height) / (2 * scale)
            center.x = _least_shift(center.x, half.x, left, right)
            center.y = _least_shift(center.y, half.y, top, bottom)
            center -= offset / scale
            if self._hidden(squares, center, scale):
                continue
            shift = (center - self.target_center).length()
            if best is None or (scale, -shift) > (best[0], -best[1]):
                best = (scale, shift, center)
            if room == self.framed():
                break
        if best is None:
            return False
        self.target_scale, _shift, self.target_center = best
        self.rate = CALM_RATE
        return True

    def contains(self, squares: Iterable[Pos], border: int = 1) -> bool:
        """Whether ``squares`` plus ``border`` lie inside the framed viewport at the target view,
        and no square under a cover."""
        squares = list(squares)
        box = self.bounds(squares, border)
        if box is None:
            return True
        left, top, right, bottom = box
        corner = self.target_square_rect((left, top))
        far = self.target_square_rect((right - 1, bottom - 1))
        room = self.framed()
        slack = 0.01  # pixels: a view aimed with ``include`` at a room's edge lands a rounding error past it
        return (
            room.left - slack <= corner.left
            and corner.top >= room.top - slack
            and far.right <= room.right + slack
            and far.bottom <= room.bottom + slack
            and not self._hidden(squares, self.target_center, self.target_scale)
        )

    def centre(self, squares: Iterable[Pos], border: int = 1) -> bool:
        """Pan, the zoom kept, so ``squares`` plus ``border`` lie in the middle of the framed
        viewport when none of them is hidden there, else of the room beside a cover where none
        is (the least move of those), eased calmly; nothing when they are there already or no
        room holds them at this zoom, or off the middle by at most ``CENTRE_SLACK`` squares.
        True if the view changed (a board that grew on one side stays centred while the camera
        follows it; a trial saw a board moved beside a hint's panel stay there on later turns,
        off the middle of a view that held it)."""
        squares = list(squares)
        box = self.bounds(squares, border)
        if box is None:
            return False
        left, top, right, bottom = box
        scale = self.target_scale
        middle = pygame.Vector2((left + right) / 2, (top + bottom) / 2)
        best: tuple[float, pygame.Vector2] | None = None
        for room in self.rooms():
            if (right - left) * scale > room.width or (bottom - top) * scale > room.height:
                continue
            center = middle - self._offset(room) / scale
            shift = (center - self.target_center).length()
            if not self._hidden(squares, center, scale) and (best is None or shift < best[0]):
                best = (shift, center)
                if room == self.framed():
                    break
        if best is None or best[0] <= CENTRE_SLACK:
            return False
        self.target_center = best[1]
        self.rate = CALM_RATE
        return True

    def keep_in_view(self, squares: Iterable[Pos], border: int = 1) -> bool:
        """Move only when ``squares`` outgrow the view (``include``); True if the view changed."""
        return self.include(list(squares), border)

    def relayout(self, viewport: pygame.Rect, factor_ratio: float) -> None:
        """A new viewport after a resize; the zoom follows the scale change ``factor_ratio``."""
        self.viewport = pygame.Rect(viewport)
        self.scale *= factor_ratio
        self.target_scale = self.clamp(self.target_scale * factor_ratio)

    def ensure_visible(self, pos: Pos) -> None:
        """Pan the target only if square ``pos`` is not wholly inside the viewport now, just far
        enough to show it with a small margin; and out from under a panel over the board
        (``covered``: ``include`` then finds the least move beside it)."""
        if not self.viewport.contains(self.target_square_rect(pos)):
            rect = self.viewport.inflate(-2 * self.target_scale, -2 * self.target_scale)
            half = pygame.Vector2(rect.width, rect.height) / (2 * self.target_scale)
            cx = pos[0] + 0.5
            cy = pos[1] + 0.5
            tc = self.target_center
            if cx < tc.x - half.x:
                tc.x = cx + half.x
            elif cx > tc.x + half.x:
                tc.x = cx - half.x
            if cy < tc.y - half.y:
                tc.y = cy + half.y
            elif cy > tc.y + half.y:
                tc.y = cy - half.y
        if self._hidden([pos], self.target_center, self.target_scale):
            self.include([pos], border=0)

    def snap(self) -> None:
        """Jump to the target view."""
        self.center = pygame.Vector2(self.target_center)
        self.scale = self.target_scale
        self.rest_scale = self.scale
        self.rest_center = pygame.Vector2(self.center)
        self.rate = EASE_RATE

    def update(self, dt: float) -> None:
        """Ease the view towards its target."""
        k = 1.0 - pow(2.718281828, -self.rate * max(0.0, dt))
        self.center += (self.target_center - self.center) * k
        self.scale += (self.target_scale - self.scale) * k
        factor = current().factor
        shift = (self.center - self.target_center).length() * self.scale
        if abs(self.scale - self.target_scale) < SNAP_SCALE * factor and shift < SNAP_SHIFT * factor:
            self.snap()

    @property
    def moving(self) -> bool:
        """Whether the view is still easing."""
        return self.scale != self.target_scale or self.center != self.target_center

    @property
    def resting(self) -> bool:
        """Whether the view is where it last came to rest (a glide asked for has not moved it
        yet: the frame it is asked in draws the very pixels of the view at rest)."""
        return self.scale == self.rest_scale and self.center == self.rest_center

    @property
    def zooming(self) -> bool:
        """Whether the view is between two scales, gliding to ``target_scale`` (tiles are then
        drawn at rounded sizes from the art at the scale it ends at)."""
        return self.scale != self.target_scale and self.scale != self.rest_scale

    def to_dict(self) -> dict[str, JSON]:
        """JSON data to restore the view (``from_dict``)."""
        return {
            "x": self.target_center.x,
            "y": self.target_center.y,
            "scale": self.target_scale / current().factor,
        }

    def load_dict(self, data: object) -> None:
        """Restore a view saved by ``to_dict`` (its scale in design pixels); ignores bad data:
        not numbers, or a centre more than ``VIEW_REACH`` squares from the start tiles (a
        trial's edited save centred at 1e308 squares stopped the game at every Continue)."""
        if not isinstance(data, dict):
            return
        try:
            x, y, scale = float(data["x"]), float(data["y"]), float(data["scale"])
        except (KeyError, TypeError, ValueError):
            return
        if not (abs(x) <= VIEW_REACH and abs(y) <= VIEW_REACH and math.isfinite(scale)):
            return
        self.target_center = pygame.Vector2(x, y)
        self.target_scale = self.clamp(scale * current().factor)
        self.snap()


def _least_shift(center: float, half: float, low: float, high: float) -> float:
    """``center`` of a span ``center +- half`` moved the least so that it holds ``[low, high]``
    (centred on it when the span is the shorter)."""
    if high - low >= 2 * half:
        return (low + high) / 2
    if low < center - half:
        return low + half
    if high > center + half:
        return high - half
    return center
