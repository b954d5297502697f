"""A small animation timeline: tweens that start at set times and change the *shown* state.

The play scene never draws the engine state directly while something animates: it draws a
``Shown`` copy that the animations bring up to date step by step (a tile lands, a counter
ticks). Every animation has ``on_start``/``on_end`` callbacks; ``Timeline.finish()`` runs all
remaining callbacks in time order, so skipping gives exactly the same shown state as
watching (and the scene re-syncs from the engine afterwards anyway).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame
from pygame.math import lerp, smoothstep

from cacao_game.app import theme
from cacao_game.app.scale import px
from cacao_game.app.surface_cache import SurfaceCache
from cacao_game.config.choices import ANIMATION_SPEEDS
from cacao_game.engine.tiles import Pos

SPEED_FACTORS = ANIMATION_SPEEDS
"""Duration multiplier per ``settings.animation_speed`` (``cacao_game.config.choices``)."""

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class OnBoard:
    """The centre of board square ``pos``."""

    pos: Pos


@dataclass(frozen=True, slots=True)
class OnScreen:
    """A fixed pixel ``(x, y)``."""

    xy: tuple[float, float]


@dataclass(frozen=True, slots=True)
class OnPanel:
    """The counter of ``item`` (cacao, gold, water, sun, tiles) on ``seat``'s panel."""

    seat: int
    item: str


@dataclass(frozen=True, slots=True)
class DisplaySlot:
    """Slot ``index`` of the jungle display."""

    index: int


@dataclass(frozen=True, slots=True)
class OnPile:
    """The jungle pile."""


@dataclass(frozen=True, slots=True)
class HandSlot:
    """Slot ``index`` of ``seat``'s hand while it holds ``size`` tiles (its panel when that hand
    does not face the screen)."""

    seat: int
    index: int
    size: int


Point = OnBoard | OnScreen | OnPanel | DisplaySlot | OnPile | HandSlot
"""Where an animation starts or ends, resolved to pixels at draw time (the camera moves); the
view handles every kind with ``match``."""


class View(Protocol):
    """What animations need from the scene to draw themselves."""

    def resolve(self, point: Point) -> pygame.Vector2:
        """Pixel position of ``point`` now."""
        ...

    def tile_size(self) -> float:
        """Current board square size in pixels."""
        ...

    def tile_image(self, spec: tuple[str, str, int], size: float) -> pygame.Surface:
        """Image of a tile spec ``(kind, code_or_color_code, rotation)`` at ``size``."""
        ...

    def icon_image(self, name: str, size: float) -> pygame.Surface:
        """An icon at ``size``."""
        ...

    def board_glow(self, surface: pygame.Surface, pulse: Pulse, strength: float) -> pygame.Rect:
        """Draw a glow on a square (and one side of it) with ``strength`` 0-1; returns the
        area drawn on."""
        ...

    def float_text(
        self, surface: pygame.Surface, text: str, at: pygame.Vector2, alpha: int, color: RGB
    ) -> pygame.Rect:
        """Draw floating text centred at ``at``; returns the area drawn on."""
        ...


_SHADOWS = SurfaceCache("tile shadows", 2 * 1024 * 1024)


def _shadow(width: int, height: int) -> pygame.Surface:
    """A soft translucent shadow under a lifted tile (cached)."""
    return _SHADOWS.get((width, height), lambda: _make_shadow(width, height))


def _make_shadow(width: int, height: int) -> pygame.Surface:
    shadow = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (10, 6, 2, 95), shadow.get_rect(), border_radius=max(px(4), width // 12))
    return shadow


@dataclass
class Anim:
    """One tween from ``start`` for ``duration`` seconds (timeline time)."""

    start: float
    duration: float
    on_start: Callable[[], None] | None = None
    on_end: Callable[[], None] | None = None
    started: bool = field(default=False, init=False)
    ended: bool = field(default=False, init=False)

    def progress(self, now: float) -> float:
        """0-1 position of the tween at timeline time ``now``."""
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (now - self.start) / self.duration))

    def draw(self, surface: pygame.Surface, view: View, p: float) -> list[pygame.Rect]:
        """Draw at progress ``p`` (only while running); returns the areas drawn on. The base
        class draws nothing."""
        return []


@dataclass
class Flight(Anim):
    """An image flying from ``src`` to ``dst`` on an arc (tiles and tokens)."""

    src: Point = OnScreen((0, 0))
    dst: Point = OnScreen((0, 0))
    tile: tuple[str, str, int] | None = None
    icon: str | None = None
    size: float = 0.0
    """Icon size in design px; tiles use the board square size (0) or this size when set."""
    arc: float = 0.0
    """Height of the arc in design px (tokens hop, tiles slide flat)."""
    label: str = ""
    hides: Point | None = None
    """What the view leaves out while this flies (the hand slot or display slot it left)."""

    def draw(self, surface: pygame.Surface, view: View, p: float) -> list[pygame.Rect]:
        """The image at the eased point of its path."""
        e = smoothstep(0.0, 1.0, p)
        a = view.resolve(self.src)
        b = view.resolve(self.dst)
        x = lerp(a.x, b.x, e)
        y = lerp(a.y, b.y, e) - px(self.arc) * 4 * e * (1 - e)
        drawn: list[pygame.Rect] = []
        if self.tile is not None:
            size = px(self.size) if self.size else view.tile_size()
            image = view.tile_image(self.tile, size)
            lift = 1 + 0.12 * 4 * e * (1 - e)
            if lift > 1.005:
                image = pygame.transform.scale_by(image, lift)
            shadow = _shadow(image.get_width(), image.get_height())
            drawn.append(surface.blit(shadow, shadow.get_rect(center=(int(x) + px(8), int(y) + px(12)))))
        else:
            image = view.icon_image(self.icon or "gold", px(self.size or theme.ICON_SIZE))
        drawn.append(surface.blit(image, image.get_rect(center=(int(x), int(y)))))
        if self.label:
            at = pygame.Vector2(x, y - image.get_height() * 0.6)
            drawn.append(view.float_text(surface, self.label, at, 255, (255, 244, 214)))
        return drawn


@dataclass
class Pulse(Anim):
    """A glow on a board square (an activated worker edge, a scored temple)."""

    pos: Pos = (0, 0)
    side: int | None = None
    color: tuple[int, int, int] = (255, 230, 120)

    def draw(self, surface: pygame.Surface, view: View, p: float) -> list[pygame.Rect]:
        """Glow strength rises and falls once."""
        return [view.board_glow(surface, self, 4 * p * (1 - p))]


@dataclass
class FloatText(Anim):
    """Text rising from a point and fading (``+2``, ``-1 gold``)."""

    at: Point = OnScreen((0, 0))
    text: str = ""
    color: tuple[int, int, int] = (255, 244, 214)

    def draw(self, surface: pygame.Surface, view: View, p: float) -> list[pygame.Rect]:
        """Rise 40 design px and fade out over the second half."""
        base = view.resolve(self.at)
        alpha = int(255 * min(1.0, 2 * (1 - p)))
        rise = px(40) * smoothstep(0, 1, p)
        return [view.float_text(surface, self.text, pygame.Vector2(base.x, base.y - rise), alpha, self.color)]


class Timeline:
    """Animations on one clock. ``busy`` while any has not ended."""

    def __init__(self) -> None:
        """An idle timeline at time 0."""
        self.now = 0.0
        self.anims: list[Anim] = []

    @property
    def busy(self) -> bool:
        """Whether an animation is still to start or to end."""
        return bool(self.anims)

    @property
    def end_time(self) -> float:
        """When the last queued animation ends (``now`` when idle)."""
        return max((a.start + a.duration for a in self.anims), default=self.now)

    def add(self, anim: Anim) -> Anim:
        """Queue ``anim`` (its ``start`` is timeline time)."""
        self.anims.append(anim)
        return anim

    def _fire_until(self, now: float) -> None:
        moments: list[tuple[float, int, int, Anim]] = []
        for order, anim in enumerate(self.anims):
            if not anim.started and anim.start <= now:
                moments.append((anim.start, 0, order, anim))
            if not anim.ended and anim.start + anim.duration <= now:
                moments.append((anim.start + anim.duration, 1, order, anim))
        moments.sort(key=lambda m: (m[0], m[2], m[1]))
        for _time, what, _order, anim in moments:
            if what == 0 and not anim.started:
                anim.started = True
                if anim.on_start:
                    anim.on_start()
            elif what == 1 and not anim.ended:
                if not anim.started:
                    anim.started = True
                    if anim.on_start:
                        anim.on_start()
                anim.ended = True
                if anim.on_end:
                    anim.on_end()
        self.anims = [a for a in self.anims if not a.ended]

    def update(self, dt: float) -> None:
        """Advance the clock by ``dt`` and fire callbacks that fall due, in time order."""
        if not self.anims:
            self.now += dt
            return
        self.now += dt
        self._fire_until(self.now)

    def hidden(self) -> list[Point]:
        """What running flights hide (hand and display slots whose tile is in the air): a flight
        still to start hides nothing, so a tile stays in its slot until the move that takes it
        is shown (a tester saw the display's slot empty during the move before)."""
        return [
            a.hides
            for a in self.anims
            if isinstance(a, Flight) and a.hides is not None and a.started and not a.ended
        ]

    def cancel(self) -> None:
        """Drop every animation without running its callbacks (the view re-syncs after)."""
        self.anims = []

    def finish(self) -> None:
        """Jump to the end: every pending callback runs, in time order."""
        if self.anims:
            self.now = self.end_time
            self._fire_until(self.now)
            self.anims = []

    def draw(self, surface: pygame.Surface, view: View) -> list[pygame.Rect]:
        """Draw the running animations (started and not ended); returns the areas drawn on."""
        drawn: list[pygame.Rect] = []
        for anim in self.anims:
            if anim.started and not anim.ended:
                drawn += anim.draw(surface, view, anim.progress(self.now))
        return drawn
