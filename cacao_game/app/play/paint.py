"""Drawing helpers of the table: text (the theme's one renderer), translucent rectangles,
pills and outlines, in real pixels; sizes given as design pixels are noted.

Rendering text and building alpha surfaces are the expensive parts of a frame; everything
here is cached (bounded), so a steady frame re-uses surfaces.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cacao_game.app import theme
from cacao_game.app.assets import Assets
from cacao_game.app.scale import px
from cacao_game.app.surface_cache import SurfaceCache

Color = pygame.Color | tuple[int, ...]


class Painter:
    """Text and translucent shapes drawn from bounded caches."""

    BOX_BYTES = 8 * 1024 * 1024

    def __init__(self, assets: Assets) -> None:
        """Fonts come from ``assets``."""
        self.assets = assets
        self._boxes = SurfaceCache("table boxes", self.BOX_BYTES)
        self._fitted: dict[tuple[object, ...], str] = {}

    def clear(self) -> None:
        """Drop every cached text and shape."""
        self._boxes.clear()
        self._fitted.clear()

    def text_image(
        self, text: str, size: float, weight: str = "regular", color: Color = theme.CREAM, width: int = 0
    ) -> pygame.Surface:
        """``text`` rendered (cached) in Lato ``weight`` at ``size`` design px, wrapped at
        ``width`` real px."""
        return theme.render_text(self.assets.font(size, weight), text, color, width)

    def text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[float, float],
        size: float = 22,
        weight: str = "regular",
        color: Color = theme.CREAM,
        anchor: str = "topleft",
        width: int = 0,
        shadow: bool = False,
    ) -> pygame.Rect:
        """Draw ``text`` with its ``anchor`` at ``pos``; returns its rect."""
        image = self.text_image(text, size, weight, color, width)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if shadow:
            surface.blit(self.text_image(text, size, weight, (0, 0, 0), width), rect.move(px(1), px(2)))
        surface.blit(image, rect)
        if theme.auditing():
            theme.note_text(surface, text, rect, self.assets.font(size, weight))
        return rect

    def fit(self, text: str, size: float, weight: str, width: int, name: str = "") -> str:
        """``text`` shortened to ``width`` real px, a ``name`` in it cut first
        (``theme.fit_named``; cached)."""
        key = (text, size, weight, width, name)
        fitted = self._fitted.get(key)
        if fitted is None:
            if len(self._fitted) > 500:
                self._fitted.clear()
            fitted = self._fitted[key] = theme.fit_named(self.assets.font(size, weight), text, name, width)
        elif fitted != text:
            theme.note_cut(text)
        return fitted

    def box(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect | pygame.FRect,
        color: Color,
        alpha: int,
        radius: int | None = None,
    ) -> None:
        """A translucent rounded rectangle (cached per size and colour); ``radius`` in real
        pixels (default 8 design pixels)."""
        rect = pygame.Rect(rect)
        radius = px(8) if radius is None else radius
        rgb = tuple(pygame.Color(color))[:3]

        def make() -> pygame.Surface:
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(image, (*rgb, alpha), image.get_rect(), border_radius=radius)
            return image

        image = self._boxes.get((rect.w, rect.h, rgb, alpha, radius), make)
        surface.blit(image, rect.topleft)

    def pill(
        self,
        surface: pygame.Surface,
        text: str,
        center: tuple[float, float],
        size: int = 20,
        color: Color = theme.CHOCOLATE,
        text_color: Color = theme.CREAM,
        border: Color | None = theme.GOLD,
        inside: pygame.Rect | None = None,
        *,
        others: Sequence[tuple[float, float]] = (),
        spare: Sequence[tuple[float, float]] = (),
        avoid: Sequence[pygame.Rect] = (),
        must_avoid: Sequence[pygame.Rect] = (),
        narrow: int = 0,
        prefer_off: Sequence[pygame.Rect] = (),
        prefer_at: Sequence[tuple[float, float]] = (),
    ) -> pygame.Rect:
        """A rounded label with ``text`` centred at ``center``, moved into ``inside`` if given
        (text wider than ``inside`` wraps). With ``avoid`` (panels over the board, laid tiles):
        centred at the first of ``center``, ``others`` and ``spare`` where it meets none of
        them; failing that, at the one of ``center`` and ``others`` (or of all, when each of
        those meets one) that meet none of ``must_avoid`` covering the least of ``avoid`` (the
        first of equals: on a full board a trial saw a hint's label over the row above its
        square, the room beside it empty), else at ``center``. With ``narrow`` (pixels), where
        no place meets none of ``avoid``, the text wrapped to that width is tried at the same
        places first (a retest saw a long hint label across a row of tiles, where two lines
        fitted beside its square). First of all, the first of ``prefer_at`` that meets
        neither ``prefer_off`` (the legal squares) nor ``avoid`` (a trial's labels hid half a
        row of legal squares)."""
        wrap = inside.w - px(40) if inside is not None else 0
        image = self.text_image(
            text, size, "bold", text_color, wrap if image_wider(self, text, size, wrap) else 0
        )
        points = (center, *others, *spare)
        places = self._places(image, points, inside)
        avoiding, musts = list(avoid), list(must_avoid)
        near = places[: len(places) - len(spare)]
        keep_off = [*avoiding, *prefer_off]
        preferred = self._places(image, prefer_at, inside)
        rect = next((place for place in preferred if place.collidelist(keep_off) < 0), None)
        if rect is None:
            rect = next((place for place in places if place.collidelist(avoiding) < 0), None)
        if rect is None and narrow and image_wider(self, text, size, narrow):
            wrapped = self.text_image(text, size, "bold", text_color, narrow)
            clear = next(
                (p for p in self._places(wrapped, points, inside) if p.collidelist(avoiding) < 0), None
            )
            if clear is not None:
                image, rect = wrapped, clear
        if rect is None:
            allowed = [place for place in near if place.collidelist(musts) < 0] or [
                place for place in places if place.collidelist(musts) < 0
            ]
            rect = min(allowed, key=lambda place: covered_area(place, avoiding)) if allowed else places[0]
            if inside is not None and rect.collidelist(musts) >= 0:
                beside = self._beside(text, size, text_color, rect, musts, inside)
                if beside is not None:
                    image, rect = beside
        radius = min(rect.h // 2, px(PILL_RADIUS))
        self.box(surface, rect, color, 235, radius)
        if border is not None:
            pygame.draw.rect(surface, border, rect, px(2), border_radius=radius)
        with theme.within(rect):
            if theme.auditing():
                font = self.assets.font(size, "bold")
                theme.note_text(surface, text, image.get_rect(center=rect.center), font)
        surface.blit(image, image.get_rect(center=rect.center))
        return rect

    def label_size(self, text: str, size: int = 20) -> tuple[int, int]:
        """The size of a label of ``text`` on one line, its padding included (``pill``)."""
        return self.text_image(text, size, "bold").get_rect().inflate(px(LABEL_PAD[0]), px(LABEL_PAD[1])).size

    @staticmethod
    def _places(
        image: pygame.Surface, points: Sequence[tuple[float, float]], inside: pygame.Rect | None
    ) -> list[pygame.Rect]:
        """A label of ``image`` centred at each of ``points``, moved into ``inside``."""
        places = []
        for point in points:
            center = (round(point[0]), round(point[1]))
            place = image.get_rect(center=center).inflate(px(LABEL_PAD[0]), px(LABEL_PAD[1]))
            if inside is not None:
                place.clamp_ip(inside.inflate(-px(8), -px(8)))
            places.append(place)
        return places

    def _beside(
        self,
        text: str,
        size: int,
        text_color: Color,
        rect: pygame.Rect,
        musts: Sequence[pygame.Rect],
        inside: pygame.Rect,
    ) -> tuple[pygame.Surface, pygame.Rect] | None:
        """A label's image and place at ``rect``'s height beside the panels of ``musts`` it
        meets, on the side with more room within ``inside``, wrapped to that room if it is
        narrower (a German trial's yield label, wider than the room beside the temples panel,
        lay under it, the player's own gain hidden), at ``rect``'s height or the nearest above
        or below it that meets none of them (a trial's hint label, wrapped beside the panel,
        met the hinted square's tag there and went back under the panel); None if none does."""
        gap, pad = px(BESIDE_GAP), px(22)
        inner = inside.inflate(-px(8), -px(8))
        panels = list(musts)
        for must in [panels[i] for i in rect.collidelistall(panels)]:
            right = (must.right + gap, inner.right)
            left = (inner.left, must.left - gap)
            start, end = max((right, left), key=lambda span: span[1] - span[0])
            room = end - start
            if room <= pad + px(60):
                continue
            image = self.text_image(text, size, "bold", text_color, 0)
            if image.get_width() + pad > room:
                image = self.text_image(text, size, "bold", text_color, room - pad)
            place = image.get_rect().inflate(pad, px(10))
            place.x = start if start > inner.left else end - place.w
            step = (place.h + gap) // 2
            for shift in (0, -step, step, -2 * step, 2 * step, -3 * step, 3 * step):
                place.centery = rect.centery + shift
                place.clamp_ip(inner)
                if place.collidelist(panels) < 0:
                    return image, place
        return None


LABEL_PAD = (22, 10)
"""Design pixels a label is wider and taller than its text."""
PILL_RADIUS = 18
"""Design pixels a label's corners round at most: a label of one line is a pill, one
wrapped onto more lines a rounded box (a trial saw a three-line hint label's first and last
words run into the curve of its ends)."""
BESIDE_GAP = 6
"""Design pixels between a label moved beside a panel and that panel."""


def covered_area(rect: pygame.Rect, others: Sequence[pygame.Rect]) -> int:
    """Pixels of ``rect`` under ``others``, counted once for each of them (0: it meets none)."""
    return sum(clip.w * clip.h for clip in (rect.clip(others[i]) for i in rect.collidelistall(others)))


def image_wider(painter: Painter, text: str, size: int, width: int) -> bool:
    """Whether ``text`` in bold at ``size`` is wider than ``width`` real pixels (0: never)."""
    return width > 0 and painter.assets.font(size, "bold").size(text)[0] > width


def dashed_rect(
    surface: pygame.Surface, color: Color, rect: pygame.Rect | pygame.FRect, width: int = 3, dash: int = 10
) -> None:
    """A dashed outline (legal squares: the outline differs from solid ones, not only the colour)."""
    r = pygame.Rect(rect)
    for x in range(r.left, r.right, dash * 2):
        end = min(x + dash, r.right)
        pygame.draw.line(surface, color, (x, r.top), (end, r.top), width)
        pygame.draw.line(surface, color, (x, r.bottom - 1), (end, r.bottom - 1), width)
    for y in range(r.top, r.bottom, dash * 2):
        end = min(y + dash, r.bottom)
        pygame.draw.line(surface, color, (r.left, y), (r.left, end), width)
        pygame.draw.line(surface, color, (r.right - 1, y), (r.right - 1, end), width)
