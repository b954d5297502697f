"""Input of the table: mouse and keys become camera moves and session commands.

``TableInput`` owns the input state of one table (mouse position, a press or drag, held pan
keys, queued intents). Intents (never raw key codes) become camera moves at once, commands
for the play session (``PlayScene.send``), or replay steps. While an animation runs a click
or Space finishes it and game intents wait in ``queued`` (at most ``MAX_QUEUED``), so input
is never lost or doubled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import routes
from cacao_game.app.play.camera import ZOOM_STEP
from cacao_game.app.strings import t
from cacao_game.engine import Phase
from cacao_game.engine.tiles import Pos
from cacao_game.session import (
    Assign,
    Choose,
    Confirm,
    Cycle,
    PickFill,
    PlaySession,
    RequestHint,
    Rotate,
    Select,
    ShowHand,
    Target,
    Unassign,
    Undo,
)

if TYPE_CHECKING:
    from cacao_game.app.play.scene import PlayScene

DRAG_THRESHOLD = 6
GAME_INTENTS = ("undo", "hint", "confirm", "rotate_cw", "rotate_ccw", "cycle", "select_1", "select_2",
                "select_3")  # fmt: skip
CAMERA_INTENTS = ("zoom_in", "zoom_out", "fit", "pan_up", "pan_down", "pan_left", "pan_right")
PAN_DIRECTIONS = {"pan_up": (0, -1), "pan_down": (0, 1), "pan_left": (-1, 0), "pan_right": (1, 0)}
PAN_STEP = 90
MAX_QUEUED = 8


class TableInput:
    """The input of ``scene``: events in, camera moves and commands out."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.app = scene.app
        self.mouse: tuple[int, int] = (-1, -1)
        self.queued: list[tuple[str, bool]] = []
        self.hint_waits = False
        """H was pressed during an animation before a human's decision: hint at the next one."""
        self.held_pan: set[str] = set()
        self.press: tuple[int, tuple[int, int]] | None = None
        self.dragging = False
        self.swallow_up = False
        self.hover_key: object = None
        """What the mouse rests on (a panel, a square ...), for tooltips."""
        self.hover_since = 0.0
        self.carried: tuple[str, int] | None = None
        """FILL: a jungle tile (code, rotation) being dragged to a space."""
        self.carried_from: Pos | None = None
        """The space the carried tile was taken from (None: from the display)."""

    def release(self) -> None:
        """Forget held keys, presses and drags (an overlay opened)."""
        self.held_pan.clear()
        self.press = None
        self.dragging = False
        self.carried = None
        self.carried_from = None

    def hover(self, key: object, dt: float) -> None:
        """The mouse rests on ``key`` this frame (``dt`` seconds)."""
        if key != self.hover_key:
            self.hover_key = key
            self.hover_since = 0.0
        else:
            self.hover_since += dt

    def drain(self) -> None:
        """Carry out the intents queued during an animation, once it is over. A hint asked for
        while no human decides waits for the next decision of a human at the screen."""
        while self.queued and not self.scene.timeline.busy:
            name, shift = self.queued.pop(0)
            if name == "hint" and not self.scene.source.accepts_input():
                self.hint_waits = True
                continue
            self.game_intent(name, shift)
        if self.hint_waits and self.scene.accepts_board_input():
            self.hint_waits = False
            self.game_intent("hint")

    def handle(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
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
                self.held_pan.difference_update(self.app.intents.of(down))
            else:
                rest.append(event)
        return rest

    def _key(self, event: pygame.event.Event) -> bool:
        intents = self.app.intents.of(event)
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if self.scene.replay:
            return self._replay_key(intents, shift)
        for name in intents:
            if name in CAMERA_INTENTS:
                self._camera_intent(name)
                return True
            if name == "save":
                self.scene.quick_save()
                return True
        if self.scene.timeline.busy:
            if "skip" in intents:
                self.scene.timeline.finish()
                return True
            game_intents = [name for name in intents if name in GAME_INTENTS]
            if game_intents and len(self.queued) < MAX_QUEUED:
                self.queued.append((game_intents[0], shift))
            return bool(game_intents)
        if self.scene.curtain_for is not None and ("confirm" in intents or "skip" in intents):
            self.scene.send(ShowHand())
            return True
        for name in intents:
            if name in GAME_INTENTS:
                self.game_intent(name, shift)
                return True
        return False

    def _camera_intent(self, name: str) -> None:
        self.scene.follow_board = name == "fit"
        if name == "zoom_in":
            self.scene.camera.zoom(ZOOM_STEP)
        elif name == "zoom_out":
            self.scene.camera.zoom(1 / ZOOM_STEP)
        elif name == "fit":
            self.scene.fit_board()
        elif name in PAN_DIRECTIONS:
            dx, dy = PAN_DIRECTIONS[name]
            self.scene.camera.pan_pixels(-dx * PAN_STEP, -dy * PAN_STEP)
            self.held_pan.add(name)

    def _replay_key(self, intents: Sequence[str], shift: bool = False) -> bool:
        keys = REVIEW_KEYS if "flag_next" in self.scene.action_names else REPLAY_KEYS
        for name in intents:
            if name in keys:
                button = keys[name]
                self._action_button("flag_prev" if shift and button == "flag_next" else button)
                return True
            if name in CAMERA_INTENTS:
                self._camera_intent(name)
                return True
            if name == "pause":
                self.app.pop()
                return True
        return False

    def game_intent(self, name: str, shift: bool = False) -> None:
        """Carry out a game intent now (the queue calls this after an animation)."""
        step = -1 if shift else 1
        if name == "undo":
            self.scene.send(Undo())
        elif name == "hint":
            self.scene.send(RequestHint())
            source = self.scene.source
            if isinstance(source, PlaySession) and source.hint_pending():
                self.app.notify(t("play.hint_thinking"))
        elif name == "confirm":
            coach = self.scene.coach
            if coach is not None and coach.wants_confirm():
                coach.press("next")
            else:
                self.scene.send(Confirm())
        elif name in ("rotate_cw", "rotate_ccw"):
            self.scene.send(Rotate(1 if name == "rotate_cw" else -1))
        elif name == "cycle":
            self.scene.send(Cycle(step))
            action = self.scene.turn.provisional
            if action is not None and self.scene.turn.phase is not Phase.RESOLVE:
                self.scene.camera.ensure_visible(action.pos)
        elif name.startswith("select_"):
            self._select(int(name[-1]) - 1)

    def _select(self, index: int) -> None:
        turn = self.scene.turn
        if turn.phase is Phase.PLACE:
            self.scene.send(Select(index))
        elif turn.phase is Phase.FILL:
            display = self.scene.shown.display or turn.fill_sources()
            if index < len(display) and display[index] in turn.free_tiles():
                self.scene.send(PickFill(display[index]))
        elif turn.phase is Phase.RESOLVE:
            self.scene.send(Choose(index))

    def _motion(self, event: pygame.event.Event) -> None:
        self.mouse = (int(event.pos[0]), int(event.pos[1]))
        if self.press is None:
            return
        _button, start = self.press
        if (
            not self.dragging
            and (abs(self.mouse[0] - start[0]) + abs(self.mouse[1] - start[1])) > DRAG_THRESHOLD
        ):
            if self.carried is None and self._pick_up(start):
                return
            self.dragging = self.carried is None and self.scene.camera.viewport.collidepoint(start)
        if self.dragging:
            self.scene.follow_board = False
            rel = getattr(event, "rel", (0, 0))
            self.scene.camera.pan_pixels(rel[0], rel[1], immediate=True)

    def _mouse_down(self, event: pygame.event.Event) -> None:
        self.mouse = (int(event.pos[0]), int(event.pos[1]))
        if event.button in (1, 2):
            if event.button == 1 and self.scene.curtain_for is not None:
                if self.scene.hud.curtain_button().collidepoint(self.mouse):
                    self.scene.send(ShowHand())
                self.swallow_up = True
                return
            if event.button == 1 and self.scene.timeline.busy:
                self.scene.timeline.finish()
                self.swallow_up = True
                return
            self.press = (event.button, self.mouse)
            self.dragging = False
        elif event.button == 3 and self.scene.accepts_board_input():
            self.scene.send(Rotate(1))

    def _mouse_up(self, event: pygame.event.Event) -> None:
        self.mouse = (int(event.pos[0]), int(event.pos[1]))
        if event.button == 1 and self.swallow_up:
            self.swallow_up = False
            return
        press, dragging = self.press, self.dragging
        self.press = None
        self.dragging = False
        if self.carried is not None:
            self._drop(self.mouse)
            return
        if press is None or press[0] != event.button or dragging or event.button != 1:
            return
        self.click(self.mouse)

    def _wheel(self, event: pygame.event.Event) -> None:
        mods = getattr(event, "mod", None)
        if mods is None:
            mods = pygame.key.get_mods()
        steps = int(getattr(event, "y", 0))
        if not steps:
            return
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT):
            if self.scene.accepts_board_input():
                self.scene.send(Rotate(-1 if steps > 0 else 1))
            return
        if self.scene.hud.a("log").collidepoint(self.mouse):
            self.scene.scroll_log(steps * 3)
            return
        if self.scene.camera.viewport.collidepoint(self.mouse):
            self.scene.follow_board = False
            self.scene.camera.zoom(ZOOM_STEP**steps, self.mouse)

    def _pick_up(self, start: tuple[int, int]) -> bool:
        """FILL: a drag starting on a display tile or on a space's tile carries that tile."""
        scene = self.scene
        if not scene.accepts_board_input() or scene.turn.phase is not Phase.FILL:
            return False
        turn = scene.turn
        given = turn.assignments()
        square = scene.camera.square_at(start)
        if square is not None and square in given:
            self.carried, self.carried_from = given[square], square
            scene.send(Unassign(square))
            return True
        free = turn.free_tiles()
        for slot, code in zip(scene.hud.display_slots(), scene.shown.display, strict=False):
            if slot.collidepoint(start) and code in free:
                self.carried, self.carried_from = (code, 0), None
                scene.send(PickFill(code))
                return True
        return False

    def _drop(self, point: tuple[int, int]) -> None:
        """The carried tile goes to the space under ``point``; anywhere else it goes back where
        it came from (its space, or the display)."""
        carried, origin = self.carried, self.carried_from
        self.carried = self.carried_from = None
        assert carried is not None
        square = self.scene.camera.square_at(point)
        target = square if square is not None and square in self.scene.game.pending_fills else origin
        if target is not None:
            self.scene.send(Assign(target, carried[0], carried[1]))

    def click(self, point: tuple[int, int]) -> None:
        """A left click (button released without a drag) at ``point``."""
        hud = self.scene.hud
        for button in hud.action_buttons():
            if button.rect.collidepoint(point):
                self._action_button(button.name)
                return
        coach = self.scene.coach
        if coach is not None and coach.click(point):
            return
        if not self.scene.accepts_board_input():
            for seat in range(self.scene.game.players):
                if hud.panel_rect(seat).collidepoint(point):
                    self.scene.highlight_seat = None if self.scene.highlight_seat == seat else seat
            return
        turn = self.scene.turn
        if turn.phase is Phase.RESOLVE:
            for button in hud.popup_buttons(turn.outcomes()):
                if button.rect.collidepoint(point):
                    self.scene.send(Choose(button.index))
                    return
        if turn.phase is Phase.PLACE:
            for index, slot in enumerate(hud.hand_slots(len(turn.hand()))):
                if slot.collidepoint(point):
                    self.scene.send(Select(index))
                    return
        if turn.phase is Phase.FILL:
            for slot, code in zip(hud.display_slots(), self.scene.shown.display, strict=False):
                if slot.collidepoint(point):
                    self.scene.send(PickFill(code))
                    return
        for seat in range(self.scene.game.players):
            if hud.panel_rect(seat).collidepoint(point):
                self.scene.highlight_seat = None if self.scene.highlight_seat == seat else seat
                return
        square = self.scene.camera.square_at(point)
        if square is not None:
            self.scene.send(Target(square))

    def _action_button(self, name: str) -> None:
        if name == "menu":
            self.app.open(routes.Pause())
        elif name in REPLAY_STEPS:
            REPLAY_STEPS[name](self.scene)
        elif self.scene.timeline.busy:
            self.scene.timeline.finish()
        else:
            self.game_intent(name)


REPLAY_KEYS = {
    "pan_right": "next",
    "pan_left": "prev",
    "fit": "first",
    "last": "last",
    "confirm": "play",
    "cycle": "speed",
}
"""Intents that drive a replay (arrow keys, Home, End, Enter/Space, Tab), by replay button."""
REVIEW_KEYS = {**REPLAY_KEYS, "confirm": "next", "cycle": "flag_next"}
"""A review steps with Enter/Space too; Tab goes to the next flagged decision (Shift: back)."""
REPLAY_STEPS: dict[str, Callable[[PlayScene], None]] = {
    "first": lambda scene: scene.jump_replay(0),
    "prev": lambda scene: scene.step_replay(-1),
    "next": lambda scene: scene.step_replay(1),
    "last": lambda scene: scene.jump_replay(1 << 30),
    "play": lambda scene: scene.toggle_autoplay(),
    "speed": lambda scene: scene.next_speed(),
    "flag_prev": lambda scene: scene.jump_flag(-1),
    "flag_next": lambda scene: scene.jump_flag(1),
}
