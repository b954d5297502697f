"""Drawing the board: tiles, highlights of legal squares, ghosts, the last move, glows.

Everything is read from the scene's ``Shown`` state and selection; nothing here changes the
game. Legal squares are marked by a dashed outline *and* an icon (a plus for a placement, the
overbuild icon, a leaf for a space to fill), never by colour alone.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.play.anim import RGB
from cacao_game.app.play.paint import dashed_rect
from cacao_game.app.play.texts import gains_text, preview_text
from cacao_game.app.scale import px
from cacao_game.app.strings import t
from cacao_game.app.surface_cache import SurfaceCache
from cacao_game.engine import Fill, Overbuild, Phase, Place, Resolve
from cacao_game.engine.tiles import SIDES, Pos

if TYPE_CHECKING:
    from cacao_game.app.play.scene import PlayScene

CREAM = (246, 238, 220)
HINT = (255, 214, 80)


def tile_gap(scale: float) -> float:
    """Pixels of table visible between neighbouring tiles."""
    return max(1.0, scale * 0.035)


def inner_rect(scene: PlayScene, pos: Pos) -> pygame.FRect:
    """The drawn rectangle of the tile on ``pos``."""
    rect = scene.camera.square_rect(pos)
    gap = tile_gap(scene.camera.scale)
    return rect.inflate(-gap, -gap)


TEMPLE_COLUMN = 84
"""Design pixels per seat in the temples panel."""

GHOST_BYTES = 4 * 1024 * 1024
"""Pixel memory kept for translucent ghost images."""


class BoardRenderer:
    """Draws the board area of a ``PlayScene``."""

    def __init__(self, scene: PlayScene) -> None:
        """Ghost images are cached here (tile images themselves live in ``TileArt``)."""
        self.scene = scene
        self._ghosts = SurfaceCache("ghosts", GHOST_BYTES)
        self._temples: dict[object, dict[Pos, tuple[int, ...]]] = {}
        """The temple standings after the placement considered (one entry, by state and action)."""

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

    # ----------------------------------------------------------------- layers

    def draw(self, surface: pygame.Surface, now: float, *, tiles: bool = True) -> None:
        """The whole board layer, clipped to the viewport (the tiles only with ``tiles``: the
        scene's ``BoardLayer`` draws them)."""
        scene = self.scene
        clip = surface.get_clip()
        surface.set_clip(scene.camera.viewport)
        if tiles:
            self.draw_tiles(surface)
        self.draw_last_move(surface)
        self.draw_seat_highlight(surface)
        if scene.accepts_board_input():
            self.draw_targets(surface, now)
            self.draw_selection(surface, now)
        self.draw_pending_edges(surface, now)
        self.draw_logged_square(surface, now)
        self.draw_underneath(surface)
        self.draw_temples(surface)
        surface.set_clip(clip)

    def considered_action(self) -> Place | Overbuild | None:
        """The placement the player is looking at: the provisional one, else the one under the
        mouse (None outside a placement decision)."""
        scene = self.scene
        if not scene.accepts_board_input() or scene.turn.phase is not Phase.PLACE:
            return None
        action = scene.turn.provisional
        if action is None:
            hover = scene.hover_square()
            action = scene.turn.action_at(hover) if hover is not None else None
        return action if isinstance(action, (Place, Overbuild)) else None

    def temple_rows(self) -> list[tuple[Pos, tuple[int, ...], tuple[int, ...], tuple[int, ...] | None]]:
        """Each temple: square, workers per seat, gold each would win now, and the workers
        after the placement considered (None when there is none or it changes nothing)."""
        scene = self.scene
        now = scene.game.temple_standings()
        action = self.considered_action()
        after: dict[Pos, tuple[int, ...]] = {}
        if action is not None:
            key = ("temples", scene.source.version, action)
            cached = self._temples.get(key)
            if cached is None:
                game = scene.game.clone()
                game.apply(action)
                cached = {pos: workers for pos, workers, _awards in game.temple_standings()}
                self._temples = {key: cached}
            after = cached
        return [
            (pos, workers, awards, after[pos] if after.get(pos, workers) != workers else None)
            for pos, workers, awards in now
        ]

    def draw_temples(self, surface: pygame.Surface) -> None:
        """Every temple at once, in the board's top-left corner: the workers of each seat next
        to it and the gold it would give now; the placement considered shows its change."""
        scene = self.scene
        rows = self.temple_rows()
        panel = self.temples_panel(len(rows))
        if panel is None:
            return
        p = scene.painter
        row_h = px(30)
        p.box(surface, panel, theme.INK, 215, px(10))
        with theme.within(panel):
            p.text(surface, t("play.temples"), (panel.x + px(12), panel.y + px(8)), 17, "bold", theme.GOLD)
            for index, (_pos, workers, awards, changed) in enumerate(rows):
                y = panel.y + px(36) + index * row_h + row_h // 2
                p.text(surface, str(index + 1), (panel.x + px(18), y), 17, "bold", theme.SAND, "center")
                temple = scene.art.jungle("temple", px(22))
                surface.blit(temple, temple.get_rect(center=(panel.x + px(42), y)))
                for seat in range(scene.game.players):
                    x = panel.x + px(64) + seat * px(TEMPLE_COLUMN)
                    theme.draw_seat_marker(scene.app, surface, scene.colors[seat], (x + px(8), y), px(7))
                    count = workers[seat]
                    text = (
                        str(count)
                        if changed is None or changed[seat] == count
                        else f"{count}→{changed[seat]}"
                    )
                    color = theme.GOLD if changed is not None and changed[seat] != count else theme.CREAM
                    p.text(surface, text, (x + px(20), y), 17, "bold", color, "midleft")
                    if awards[seat]:
                        p.text(
                            surface,
                            f"+{awards[seat]}",
                            (x + px(TEMPLE_COLUMN - 6), y),
                            14,
                            "bold",
                            theme.GOLD,
                            "midright",
                        )

    def temples_panel(self, rows: int | None = None) -> pygame.Rect | None:
        """Where the temples overview is drawn (``rows`` temples; default: those on the
        board), None when it is not drawn (no temple yet, or the game is over)."""
        scene = self.scene
        if rows is None:
            rows = len(scene.game.temple_standings())
        if not rows or scene.game.is_over():
            return None
        view = scene.camera.viewport
        width = px(64) + scene.game.players * px(TEMPLE_COLUMN)
        return pygame.Rect(view.x + px(10), view.y + px(10), width, px(36) + px(30) * rows)

    def draw_logged_square(self, surface: pygame.Surface, now: float) -> None:
        """The square of the log line under the mouse, outlined and pulsing."""
        line = self.scene.hovered_log_line()
        if line is None or line.pos is None:
            return
        rect = inner_rect(self.scene, line.pos).inflate(px(10), px(10))
        width = px(3) + round(px(2) * (0.5 + 0.5 * math.sin(now * 6)))
        pygame.draw.rect(surface, HINT, rect, width, border_radius=px(8))

    def draw_underneath(self, surface: pygame.Surface) -> None:
        """Over an overbuilt square under the mouse: the covered tile, lifted beside it."""
        scene = self.scene
        pos = scene.hover_square()
        covered = scene.shown.covered.get(pos) if pos is not None else None
        if pos is None or covered is None:
            return
        rect = inner_rect(scene, pos)
        size = rect.w * 0.8
        image = scene.art.worker(scene.colors[covered.seat], covered.tile, size, covered.rotation)
        peek = image.get_rect(bottomleft=(rect.right - rect.w * 0.15, rect.top + rect.h * 0.25))
        peek.clamp_ip(scene.camera.viewport)
        scene.painter.box(surface, peek.inflate(px(12), px(12)), theme.CHOCOLATE, 235)
        surface.blit(image, peek)
        pygame.draw.rect(surface, theme.GOLD, peek.inflate(px(12), px(12)), px(2), border_radius=px(8))

    def tiles_key(self) -> tuple[object, ...]:
        """Everything ``draw_tiles`` draws from: equal keys draw equal pixels."""
        scene = self.scene
        cam = scene.camera
        return (
            scene.shown,
            cam.scale,
            cam.center.x,
            cam.center.y,
            tuple(cam.viewport),
            tuple(scene.colors),
            scene.app.assets.palette,
        )

    def draw_tiles(self, surface: pygame.Surface, origin: tuple[int, int] = (0, 0)) -> None:
        """Jungle and worker tiles of the shown state, on ``surface`` whose top-left pixel is
        the screen point ``origin``."""
        scene = self.scene
        cam = scene.camera
        size = cam.scale - tile_gap(cam.scale)
        art = scene.art
        view = cam.viewport
        ox, oy = origin
        for pos, (code, rotation) in scene.shown.jungle.items():
            rect = inner_rect(scene, pos)
            if view.colliderect(rect):
                surface.blit(art.jungle(code, size, rotation), (rect.x - ox, rect.y - oy))
        overbuilt = art.icon("overbuilt", max(px(14), size * 0.28)) if scene.shown.covered else None
        for pos, tile in scene.shown.workers.items():
            rect = inner_rect(scene, pos)
            if not view.colliderect(rect):
                continue
            image = art.worker(scene.colors[tile.seat], tile.tile, size, tile.rotation)
            surface.blit(image, (rect.x - ox, rect.y - oy))
            if overbuilt is not None and pos in scene.shown.covered:
                corner = (rect.right - px(2) - ox, rect.bottom - px(2) - oy)
                surface.blit(overbuilt, overbuilt.get_rect(bottomright=corner))

    def draw_last_move(self, surface: pygame.Surface) -> None:
        """The squares of the last move, outlined in the mover's colour with its marker."""
        scene = self.scene
        move = scene.last_move()
        if move is None:
            return
        seat, placed, filled = move
        color = scene.app.assets.seat_color(scene.colors[seat], "light")
        for pos in filled:
            if pos in scene.shown.jungle:
                pygame.draw.rect(
                    surface, color, inner_rect(scene, pos).inflate(px(2), px(2)), px(3), border_radius=px(6)
                )
        if placed is not None and placed in scene.shown.workers:
            rect = inner_rect(scene, placed).inflate(px(4), px(4))
            pygame.draw.rect(surface, color, rect, px(5), border_radius=px(6))
            theme.draw_seat_marker(
                scene.app,
                surface,
                scene.colors[seat],
                (rect.right - px(4), rect.top + px(4)),
                max(px(7), scene.camera.scale * 0.1),
            )

    def draw_seat_highlight(self, surface: pygame.Surface) -> None:
        """The tiles of the seat whose panel was clicked."""
        scene = self.scene
        seat = scene.highlight_seat
        if seat is None:
            return
        color = scene.app.assets.seat_color(scene.colors[seat], "base")
        for pos, tile in scene.shown.workers.items():
            if tile.seat == seat:
                rect = inner_rect(scene, pos)
                pygame.draw.rect(
                    surface, (255, 255, 255), rect.inflate(px(8), px(8)), px(3), border_radius=px(8)
                )
                pygame.draw.rect(surface, color, rect.inflate(px(2), px(2)), px(4), border_radius=px(6))

    def draw_targets(self, surface: pygame.Surface, now: float) -> None:
        """Legal squares (placement, overbuild, fill) with an outline and an icon each."""
        scene = self.scene
        turn = scene.turn
        phase = turn.phase
        cam = scene.camera
        pulse = 0.5 + 0.5 * math.sin(now * 4)
        overbuild = set(turn.overbuild_targets()) if phase is Phase.PLACE else set()
        icon_size = max(px(12), cam.scale * 0.3)
        for pos in turn.targets():
            rect = inner_rect(scene, pos)
            if not cam.viewport.colliderect(rect):
                continue
            if pos in overbuild:
                scene.painter.box(surface, rect, (255, 236, 170), int(25 + 35 * pulse), radius=px(6))
                dashed_rect(
                    surface, theme.GOLD, rect.inflate(-px(2), -px(2)), px(3), max(4, int(cam.scale / 8))
                )
                icon = scene.art.icon("overbuild", icon_size * 1.4)
                surface.blit(icon, icon.get_rect(center=rect.center))
                continue
            scene.painter.box(
                surface,
                rect.inflate(-px(6), -px(6)),
                (255, 247, 225),
                int(40 + 40 * pulse),
                radius=max(px(4), int(cam.scale / 10)),
            )
            dashed_rect(surface, CREAM, rect.inflate(-px(6), -px(6)), 2, max(4, int(cam.scale / 10)))
            center = rect.center
            if phase is Phase.FILL:
                leaf = scene.art.jungle("back", icon_size * 1.6)
                surface.blit(leaf, leaf.get_rect(center=center))
            else:
                arm = icon_size * 0.5
                pygame.draw.line(
                    surface, CREAM, (center[0] - arm, center[1]), (center[0] + arm, center[1]), px(3)
                )
                pygame.draw.line(
                    surface, CREAM, (center[0], center[1] - arm), (center[0], center[1] + arm), px(3)
                )

    def draw_selection(self, surface: pygame.Surface, now: float) -> None:
        """The hover ghost, the provisional tile with its immediate yield, and a hint."""
        scene = self.scene
        turn = scene.turn
        hover = scene.hover_square()
        provisional = turn.provisional
        given = turn.assignments()
        for pos, (code, rotation) in given.items():
            self.draw_action(surface, Fill(pos, code, rotation), alpha=255)
            dashed_rect(surface, theme.GOLD, inner_rect(scene, pos).inflate(px(4), px(4)), px(3), px(10))
        carried = scene.input.carried
        if carried is not None and hover is not None and hover in scene.game.pending_fills:
            self.draw_action(surface, Fill(hover, carried[0], carried[1]), alpha=170)
        elif hover is not None and hover not in given and (provisional is None or provisional.pos != hover):
            action = turn.action_at(hover)
            if action is not None:
                self.draw_action(surface, action, alpha=130)
                self.yield_pill(surface, action, hinted=False, border=None)
        if provisional is not None and not isinstance(provisional, Resolve):
            self.draw_action(surface, provisional, alpha=255)
            rect = inner_rect(scene, provisional.pos)
            hinted = scene.hint == provisional
            pygame.draw.rect(
                surface,
                HINT if hinted else theme.GOLD,
                rect.inflate(px(6), px(6)),
                px(4),
                border_radius=px(8),
            )
            self.yield_pill(surface, provisional, hinted=hinted, border=theme.GOLD)

    def yield_pill(
        self,
        surface: pygame.Surface,
        action: Place | Overbuild | Fill,
        hinted: bool,
        border: pygame.Color | None,
    ) -> None:
        """What ``action`` gains at once (computed on a clone), in a label over its square."""
        preview = self.scene.turn.turn_preview(action)
        if preview is not None:
            label = preview_text(preview, self.scene.names)
        else:
            gained, then = self.scene.turn.preview(action)
            label = gains_text(gained, then)
        if hinted:
            label = t("play.hinted_preview", preview=label)
        rect = inner_rect(self.scene, action.pos)
        view = self.scene.camera.viewport
        above = (rect.centerx, rect.top - px(22))
        if rect.top - px(44) < view.top:
            above = (rect.centerx, rect.bottom + px(22))
        self.scene.painter.pill(surface, label, above, 20, border=border, inside=view)

    def draw_action(self, surface: pygame.Surface, action: Place | Overbuild | Fill, alpha: int) -> None:
        """The tile an action would lay, at its square."""
        scene = self.scene
        cam = scene.camera
        size = cam.scale - tile_gap(cam.scale)
        rect = inner_rect(scene, action.pos)
        if isinstance(action, Fill):
            image = scene.art.jungle(action.tile, size, action.rotation)
            key: tuple[object, ...] = ("j", action.tile, action.rotation)
        else:
            color = scene.colors[scene.game.mover]
            image = scene.art.worker(color, action.tile, size, action.rotation)
            key = ("w", color, action.tile, action.rotation)
        if alpha < 255:
            image = self.ghost(image, key, alpha)
        surface.blit(image, rect.topleft)

    def draw_pending_edges(self, surface: pygame.Surface, now: float) -> None:
        """While a seat resolves: the edges it still has to decide, glowing."""
        scene = self.scene
        if scene.turn.phase is not Phase.RESOLVE or scene.timeline.busy:
            return
        strength = 0.45 + 0.35 * math.sin(now * 5)
        for edge in scene.game.pending_edges(scene.turn.seat):
            if edge.is_trade:
                self.glow(surface, edge.pos, edge.side, strength, (255, 230, 140))

    def glow(self, surface: pygame.Surface, pos: Pos, side: int | None, strength: float, color: RGB) -> None:
        """A translucent glow over square ``pos`` and a bar on its ``side``."""
        scene = self.scene
        rect = inner_rect(scene, pos)
        alpha = int(max(0.0, min(1.0, strength)) * 150)
        if alpha <= 0:
            return
        scene.painter.box(surface, rect, color, alpha // 4, radius=max(px(4), int(scene.camera.scale / 10)))
        if side is not None and side in SIDES:
            thick = max(px(4), int(rect.w * 0.14))
            bars = (
                pygame.Rect(rect.left, rect.top, rect.w, thick),
                pygame.Rect(rect.right - thick, rect.top, thick, rect.h),
                pygame.Rect(rect.left, rect.bottom - thick, rect.w, thick),
                pygame.Rect(rect.left, rect.top, thick, rect.h),
            )
            scene.painter.box(surface, bars[side], color, min(255, alpha + 80), radius=px(3))
