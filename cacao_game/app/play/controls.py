"""Input of the play scene: mouse and keys become camera moves and game intents.

``PlayControls`` is a mixin of ``PlayScene`` (it uses the scene's camera, turn state, HUD
geometry, timeline and ``apply``/``undo``). Camera intents act at once; while an animation
runs a click or Space finishes it and game intents wait in ``queued`` (at most
``MAX_QUEUED``), so input is never lost or doubled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cacao_game.app.play.camera import ZOOM_STEP
from cacao_game.engine import Phase

if TYPE_CHECKING:
    from cacao_game.app.play.scene import PlayScene

DRAG_THRESHOLD = 6
GAME_INTENTS = ("undo", "hint", "confirm", "rotate_cw", "rotate_ccw", "cycle", "select_1", "select_2",
                "select_3")  # fmt: skip
CAMERA_INTENTS = ("zoom_in", "zoom_out", "fit", "pan_up", "pan_down", "pan_left", "pan_right")
PAN_DIRECTIONS = {"pan_up": (0, -1), "pan_down": (0, 1), "pan_left": (-1, 0), "pan_right": (1, 0)}
PAN_STEP = 90
MAX_QUEUED = 8


class PlayControls:
    """Event handling of the play scene (mixed into ``PlayScene``)."""

    def handle(self: PlayScene, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """Consume mouse and key events of the play scene; pass on pause, help and the rest."""
        rest: list[pygame.event.Event] = []
        for event in events:
            if event.type == pygame.MOUSEMOTION:
                self._motion(event)
            elif event.type == pygame.MOUSEBUTTONDOWN:
                self._mouse_down(event)
            elif event.type == pygame.MOUSEBUTTONUP:
                self._mouse_up(event)
            elif event.type == pygame.MOUSEWHEEL:
                self._wheel(event)
            elif event.type == pygame.KEYDOWN:
                if not self._key(event):
                    rest.append(event)
            elif event.type == pygame.KEYUP:
                down = pygame.event.Event(pygame.KEYDOWN, key=event.key, mod=getattr(event, "mod", 0))
                self._held_pan.difference_update(self.app.intents.of(down))
            else:
                rest.append(event)
        return rest

    def _key(self: PlayScene, event: pygame.event.Event) -> bool:
        intents = self.app.intents.of(event)
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        for name in intents:
            if name in CAMERA_INTENTS:
                self._camera_intent(name)
                return True
            if name == "save":
                self.quick_save()
                return True
        if self.timeline.busy:
            if "skip" in intents:
                self.timeline.finish()
                return True
            game_intents = [name for name in intents if name in GAME_INTENTS]
            if game_intents and len(self.queued) < MAX_QUEUED:
                self.queued.append((game_intents[0], shift))
            return bool(game_intents)
        if self.curtain_for is not None and ("confirm" in intents or "skip" in intents):
            self.dismiss_curtain()
            return True
        for name in intents:
            if name in GAME_INTENTS:
                self.game_intent(name, shift)
                return True
        return False

    def _camera_intent(self: PlayScene, name: str) -> None:
        self.follow_board = name == "fit"
        if name == "zoom_in":
            self.camera.zoom(ZOOM_STEP)
        elif name == "zoom_out":
            self.camera.zoom(1 / ZOOM_STEP)
        elif name == "fit":
            self.fit_board()
        elif name in PAN_DIRECTIONS:
            dx, dy = PAN_DIRECTIONS[name]
            self.camera.pan_pixels(-dx * PAN_STEP, -dy * PAN_STEP)
            self._held_pan.add(name)

    def game_intent(self: PlayScene, name: str, shift: bool = False) -> None:
        """Carry out a game intent now (the queue calls this after an animation)."""
        if name == "undo":
            self.undo()
            return
        if name == "hint":
            self.request_hint()
            return
        if not self.accepts_board_input():
            return
        turn = self.turn
        if name == "confirm":
            action = turn.confirm()
            if action is not None:
                self.apply(action)
        elif name in ("rotate_cw", "rotate_ccw"):
            turn.rotate(1 if name == "rotate_cw" else -1)
        elif name == "cycle":
            if turn.phase is Phase.RESOLVE:
                count = len(turn.choices())
                turn.focus = (turn.focus + (-1 if shift else 1)) % max(1, count)
            else:
                pos = turn.cycle(-1 if shift else 1)
                if pos is not None:
                    self.camera.ensure_visible(pos)
        elif name.startswith("select_"):
            self._select(int(name[-1]) - 1)

    def _select(self: PlayScene, index: int) -> None:
        turn = self.turn
        if turn.phase is Phase.PLACE:
            turn.select(index)
        elif turn.phase is Phase.FILL:
            codes = turn.fill_codes()
            if index < len(codes):
                turn.pick_fill(codes[index])
        elif turn.phase is Phase.RESOLVE:
            choices = turn.choices()
            if index < len(choices):
                turn.focus = index
                self.apply(choices[index].action)

    def dismiss_curtain(self: PlayScene) -> None:
        """The next human is at the screen: show their hand."""
        if self.curtain_for is not None:
            self.viewer = self.curtain_for
            self.curtain_for = None

    def _motion(self: PlayScene, event: pygame.event.Event) -> None:
        self.mouse = (int(event.pos[0]), int(event.pos[1]))
        if self._press is None:
            return
        _button, start = self._press
        if (
            not self._dragging
            and (abs(self.mouse[0] - start[0]) + abs(self.mouse[1] - start[1])) > DRAG_THRESHOLD
        ):
            self._dragging = self.camera.viewport.collidepoint(start)
        if self._dragging:
            self.follow_board = False
            rel = getattr(event, "rel", (0, 0))
            self.camera.pan_pixels(rel[0], rel[1], immediate=True)

    def _mouse_down(self: PlayScene, event: pygame.event.Event) -> None:
        self.mouse = (int(event.pos[0]), int(event.pos[1]))
        if event.button in (1, 2):
            if event.button == 1 and self.curtain_for is not None:
                if self.hud.curtain_button().collidepoint(self.mouse):
                    self.dismiss_curtain()
                self._swallow_up = True
                return
            if event.button == 1 and self.timeline.busy:
                self.timeline.finish()
                self._swallow_up = True
                return
            self._press = (event.button, self.mouse)
            self._dragging = False
        elif event.button == 3 and self.accepts_board_input():
            self.turn.rotate(1)

    def _mouse_up(self: PlayScene, event: pygame.event.Event) -> None:
        self.mouse = (int(event.pos[0]), int(event.pos[1]))
        if event.button == 1 and self._swallow_up:
            self._swallow_up = False
            return
        press, dragging = self._press, self._dragging
        self._press = None
        self._dragging = False
        if press is None or press[0] != event.button or dragging or event.button != 1:
            return
        self.click(self.mouse)

    def _wheel(self: PlayScene, event: pygame.event.Event) -> None:
        mods = getattr(event, "mod", None)
        if mods is None:
            mods = pygame.key.get_mods()
        steps = int(getattr(event, "y", 0))
        if not steps:
            return
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT):
            if self.accepts_board_input():
                self.turn.rotate(-1 if steps > 0 else 1)
            return
        if self.camera.viewport.collidepoint(self.mouse):
            self.follow_board = False
            self.camera.zoom(ZOOM_STEP**steps, self.mouse)

    def click(self: PlayScene, point: tuple[int, int]) -> None:
        """A left click (button released without a drag) at ``point``."""
        hud = self.hud
        for button in hud.action_buttons():
            if button.rect.collidepoint(point):
                self._action_button(button.name)
                return
        if not self.accepts_board_input():
            for seat in range(self.game.players):
                if hud.panel_rect(seat).collidepoint(point):
                    self.highlight_seat = None if self.highlight_seat == seat else seat
            return
        turn = self.turn
        if turn.phase is Phase.RESOLVE:
            choices = turn.choices()
            for button in hud.popup_buttons(choices):
                if button.rect.collidepoint(point):
                    turn.focus = button.index
                    self.apply(choices[button.index].action)
                    return
        if turn.phase is Phase.PLACE:
            for index, slot in enumerate(hud.hand_slots(len(turn.hand()))):
                if slot.collidepoint(point):
                    turn.select(index)
                    return
        if turn.phase is Phase.FILL:
            for slot, code in zip(hud.display_slots(), self.game.display, strict=False):
                if slot.collidepoint(point):
                    turn.pick_fill(code)
                    return
        for seat in range(self.game.players):
            if hud.panel_rect(seat).collidepoint(point):
                self.highlight_seat = None if self.highlight_seat == seat else seat
                return
        square = self.camera.square_at(point)
        if square is not None:
            action = turn.click(square)
            if action is not None:
                self.apply(action)

    def _action_button(self: PlayScene, name: str) -> None:
        if name == "menu":
            try:
                from cacao_game.app.scenes.pause import PauseOverlay
            except ImportError:
                return
            self.app.push(PauseOverlay(self.app))
        elif self.timeline.busy:
            self.timeline.finish()
        else:
            self.game_intent(name)
