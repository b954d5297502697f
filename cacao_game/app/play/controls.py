"""Input of the table: mouse and keys become a list of table commands.

``TableInput`` owns the input state of one table (mouse position, a press or drag, held pan
keys, queued intents, a carried fill tile). ``handle(events, frame, hud, camera)`` reads the
events against the frame on screen and the geometry of the HUD and the camera, and returns
the commands they mean (``TableCommand``): a command for the source (``Send``), a camera
move, a replay step, ... It never calls the scene; the scene carries them out. Intents (never
raw key codes) are read through the app's key map. While an animation runs a click or Space
finishes it and game intents wait in ``queued`` (at most ``MAX_QUEUED``) until ``drain``
returns them, so input is never lost or doubled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import pygame

from cacao_game.app.intents import DOUBLE_CLICK_SECONDS, IntentMap
from cacao_game.app.play.camera import ZOOM_STEP, Camera
from cacao_game.app.play.frame import Frame, PopupView
from cacao_game.app.play.hud import Hud
from cacao_game.engine import Phase
from cacao_game.engine.tiles import Pos
from cacao_game.session import (
    Assign,
    Choose,
    Command,
    Confirm,
    Cycle,
    Focus,
    PickFill,
    RequestHint,
    Rotate,
    Select,
    ShowHand,
    Target,
    Unassign,
    Undo,
)
from cacao_game.session.outcomes import Outcome

DRAG_THRESHOLD = 6
GAME_INTENTS = ("undo", "hint", "confirm", "rotate_cw", "rotate_ccw", "cycle", "select_1", "select_2",
                "select_3")  # fmt: skip
CAMERA_INTENTS = ("zoom_in", "zoom_out", "fit", "pan_up", "pan_down", "pan_left", "pan_right")
PAN_DIRECTIONS = {"pan_up": (0, -1), "pan_down": (0, 1), "pan_left": (-1, 0), "pan_right": (1, 0)}
PAN_STEP = 90
MAX_QUEUED = 8
COMMITTING = frozenset({"confirm"})
"""Keys that make a move at once: queued during an animation, one is dropped if a move was made
since the table last stood still and no key queued before it prepared the decision now (a
second Enter after a fill chose a row of a panel the player never saw)."""
CONFIRM_PAUSE = DOUBLE_CLICK_SECONDS
"""Seconds after a click set a placement before a click on the same square confirms it (the
second click of a double-click does nothing); a click on a resolution row the same, and a
click on a space a click just gave a tile."""
LATER_ROWS: Final = range(4, 10)
"""The resolution rows (numbered from 1) chosen by their digit key beside the hand's keys."""
LATER_ROW_KEYS: Final = {
    **{getattr(pygame, f"K_{n}"): n - 1 for n in LATER_ROWS},
    **{getattr(pygame, f"K_KP{n}"): n - 1 for n in LATER_ROWS},
}
"""Digit keys 4-9 (and the keypad's) by the resolution row they choose (0-based), when no
action is bound to them: the panel numbers every row, and ``select_1``..``select_3`` (the hand's
keys, 1-3 by default) choose only the first three."""


def later_row(event: pygame.event.Event) -> int | None:
    """The resolution row (0-based, 3 or more) a key press names by its digit, else None."""
    return LATER_ROW_KEYS.get(int(getattr(event, "key", 0)))


@dataclass(frozen=True, slots=True)
class Send:
    """Hand ``command`` to the source."""

    command: Command


@dataclass(frozen=True, slots=True)
class Finish:
    """Finish the running animation at once."""


@dataclass(frozen=True, slots=True)
class Step:
    """A stepped source: ``delta`` steps on (back if negative)."""

    delta: int


@dataclass(frozen=True, slots=True)
class Jump:
    """A stepped source: show the state after ``position`` steps (clamped)."""

    position: int


@dataclass(frozen=True, slots=True)
class Flag:
    """A review: the next (``direction`` > 0) or previous flagged decision."""

    direction: int


@dataclass(frozen=True, slots=True)
class Autoplay:
    """A replay: start or stop playing on its own."""


@dataclass(frozen=True, slots=True)
class Speed:
    """A replay: the next speed."""


@dataclass(frozen=True, slots=True)
class Zoom:
    """Zoom the board by ``factor`` about ``at`` (None: the board's centre); the camera stops
    following the board."""

    factor: float
    at: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Pan:
    """Move the board by ``dx``, ``dy`` pixels (``immediate``: without easing, a drag); the
    camera stops following the board."""

    dx: float
    dy: float
    immediate: bool = False


@dataclass(frozen=True, slots=True)
class Fit:
    """Frame the whole board and follow it again."""


@dataclass(frozen=True, slots=True)
class ScrollLog:
    """Scroll the log back (``lines`` > 0) or forward."""

    lines: int


@dataclass(frozen=True, slots=True)
class Highlight:
    """Outline ``seat``'s tiles on the board (again: stop)."""

    seat: int


@dataclass(frozen=True, slots=True)
class QuickSave:
    """Save the game now and say where."""


@dataclass(frozen=True, slots=True)
class Pause:
    """Open the pause menu."""


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the table (a replay's Esc)."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """Press the lesson panel's button ``name`` (``show``, ``next``, ``restart``)."""

    name: str


@dataclass(frozen=True, slots=True)
class AwaitHint:
    """H pressed while another seat's move animates: ask for the hint once the player's own
    decision is up (README, Hints)."""


TableCommand = (
    Send | Finish | Step | Jump | Flag | Autoplay | Speed | Zoom | Pan | Fit | ScrollLog | Highlight
    | QuickSave | Pause | Leave | Lesson | AwaitHint
)  # fmt: skip
"""What input asks the table to do; the scene carries each out with one ``match``."""


def others_move(frame: Frame) -> bool:
    """Whether ``frame`` shows the move of a seat not played at this screen (a computer's, a
    remote player's)."""
    seat = frame.heading_seat
    return seat is not None and seat < len(frame.seats) and not frame.seats[seat].at_screen


def inside(box: tuple[int, int, int, int], point: tuple[int, int]) -> bool:
    """Whether ``point`` lies in the rectangle ``box``."""
    return pygame.Rect(box).collidepoint(point)


class TableInput:
    """The input state of one table: events in, table commands out (see the module)."""

    def __init__(self, intents: IntentMap) -> None:
        self.intents = intents
        self.mouse: tuple[int, int] = (-1, -1)
        self.queued: list[tuple[str, bool]] = []
        """Game keys pressed during an animation, with whether shift was held."""
        self.seen_version = -1
        """The source version of the decision the player last saw or acted on: the last frame
        without an animation (``still``), or a queued key that prepared a move (``drain``)."""
        self.held_pan: set[str] = set()
        self.press: tuple[int, tuple[int, int]] | None = None
        self.dragging = False
        self.swallow_up = False
        self.hover_key: object = None
        """What the mouse rests on (a panel, a square ...), for tooltips."""
        self.hover_since = 0.0
        self.tips_quiet = False
        """A mouse button was pressed since the mouse last moved: no board square's tooltip
        until it moves."""
        self.keys_quiet = False
        """A key was pressed since the mouse last moved: no tooltip at all until it moves (a
        keyboard trial's tooltips stayed over the table, one over the hint label)."""
        self.carried: tuple[str, int] | None = None
        """FILL: a jungle tile (code, rotation) being dragged to a space."""
        self.carried_from: Pos | None = None
        """The space the carried tile was taken from (None: from the display)."""
        self.chosen_at: tuple[Pos, float] | None = None
        """The square a click made the provisional placement, and the table's clock then."""
        self.tabbed = False
        """Tab, or a hint (Show me in a lesson), moved the choice since the mouse last moved:
        the move under the mouse gives way
        (no second ghost and label beside the provisional one)."""
        self.row_chosen: tuple[tuple[int, tuple[Outcome, ...], int], float] | None = None
        """The resolution row a click or a number key chose (seat, outcomes, index), and the
        table's clock then."""
        self.paged_at: float | None = None
        """The table's clock when Enter last turned a lesson's page: an Enter within
        ``CONFIRM_PAUSE`` after it is the same press doubled, not a move (a trial's second
        Enter on Next met "Choose a square first")."""
        self.undo_clicked_at: float | None = None
        """The table's clock when Undo was last clicked (``click``)."""
        self.clicked_at: float | None = None
        """The table's clock when a left click last did something (``clicked``): a press
        within ``CONFIRM_PAUSE`` after it is the same click doubled and does not skip the
        animation that click started (a tester's double-click on Let the AI play now skipped
        the animations of the two moves it led to)."""

    def release(self) -> None:
        """Forget held keys, presses, drags and what the mouse rests on (an overlay opened)."""
        self.hover_key = None
        self.hover_since = 0.0
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

    def drain(self, frame: Frame) -> list[TableCommand]:
        """The commands of the oldest intent queued during an animation, once it is over
        (``frame.busy`` False; the caller drains again on a fresh frame while any wait). A
        hint asked for during an animation is asked for when it ends: the player's own turn
        then gets it, another's turn refuses it (``PlayScene.run``). A key that makes a move
        (``COMMITTING``) is dropped if a move was made since the table last stood still
        (``still``) and no key drained before it prepared the decision now: it was meant for a
        decision that is gone (Tab then Enter typed during a computer's move still play)."""
        if frame.busy:
            return []
        while self.queued:
            name, shift = self.queued.pop(0)
            if name in COMMITTING and self.seen_version != frame.version:
                continue
            if name not in COMMITTING:
                self.seen_version = frame.version
            return self.game_intent(name, frame, shift)
        return []

    def still(self, frame: Frame) -> None:
        """Note that the table stands still on ``frame`` (no animation): keys that make a move,
        pressed during the next animation, count only for the decision of this version."""
        if not frame.busy:
            self.seen_version = frame.version

    def handle(
        self, events: list[pygame.event.Event], frame: Frame, hud: Hud, camera: Camera
    ) -> tuple[list[TableCommand], list[pygame.event.Event]]:
        """The commands ``events`` mean on ``frame``, and the events the table does not use
        (pause, help and the rest)."""
        out: list[TableCommand] = []
        rest: list[pygame.event.Event] = []
        for event in events:
            if event.type == pygame.MOUSEMOTION:
                self.tips_quiet = self.keys_quiet = False
                out += self._motion(event, frame, hud, camera)
            elif event.type == pygame.MOUSEBUTTONDOWN:
                self.tips_quiet = True
                out += self._mouse_down(event, frame, hud)
            elif event.type == pygame.MOUSEBUTTONUP:
                out += self._mouse_up(event, frame, hud, camera)
            elif event.type == pygame.MOUSEWHEEL:
                out += self._wheel(event, frame, hud, camera)
            elif event.type == pygame.KEYDOWN:
                self.keys_quiet = True
                used = self._key(event, frame)
                if used is None:
                    rest.append(event)
                else:
                    out += used
            elif event.type == pygame.KEYUP:
                down = pygame.event.Event(pygame.KEYDOWN, key=event.key, mod=getattr(event, "mod", 0))
                self.held_pan.difference_update(self.intents.of(down))
            else:
                rest.append(event)
        return out, rest

    def _key(self, event: pygame.event.Event, frame: Frame) -> list[TableCommand] | None:
        """The commands of a key, or None if the table does not use it."""
        intents = self.intents.of(event)
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if frame.stepped:
            return self._replay_key(intents, frame, shift)
        for name in intents:
            if name in CAMERA_INTENTS:
                return self._camera_intent(name)
            if name == "save":
                return [QuickSave()]
        if frame.busy:
            if "skip" in intents:
                return [Finish()]
            if "hint" in intents and others_move(frame):
                return [AwaitHint()]
            game_intents = [name for name in intents if name in GAME_INTENTS]
            if game_intents and len(self.queued) < MAX_QUEUED:
                self.queued.append((game_intents[0], shift))
            return [] if game_intents else None
        if frame.curtain is not None and ("confirm" in intents or "skip" in intents):
            return [Send(ShowHand())]
        for name in intents:
            if name in GAME_INTENTS:
                return self.game_intent(name, frame, shift)
        row = later_row(event)
        if row is not None and frame.phase is Phase.RESOLVE and frame.popup is not None:
            return (
                self._row(row, frame.popup, frame.clock, by_key=True)
                if row < len(frame.popup.outcomes)
                else []
            )
        return None

    def _camera_intent(self, name: str) -> list[TableCommand]:
        if name == "zoom_in":
            return [Zoom(ZOOM_STEP)]
        if name == "zoom_out":
            return [Zoom(1 / ZOOM_STEP)]
        if name == "fit":
            return [Fit()]
        dx, dy = PAN_DIRECTIONS[name]
        self.held_pan.add(name)
        return [Pan(-dx * PAN_STEP, -dy * PAN_STEP)]

    def _replay_key(self, intents: Sequence[str], frame: Frame, shift: bool) -> list[TableCommand] | None:
        keys = REVIEW_KEYS if frame.flags else REPLAY_KEYS
        for name in intents:
            if name in keys:
                button = keys[name]
                return self.action_button("flag_prev" if shift and button == "flag_next" else button, frame)
            if name in CAMERA_INTENTS:
                return self._camera_intent(name)
            if name == "pause":
                return [Leave()]
        return None

    def game_intent(self, name: str, frame: Frame, shift: bool = False) -> list[TableCommand]:
        """The commands of a game intent now (the queue replays them after an animation)."""
        if name == "undo":
            return [Send(Undo())]
        if name == "hint":
            return [Send(RequestHint())]
        if name == "confirm":
            if frame.lesson is not None and frame.lesson.confirms:
                self.paged_at = frame.clock
                return [Lesson("next")]
            if self.paged_at is not None and frame.clock - self.paged_at < CONFIRM_PAUSE:
                return []
            return [Send(Confirm())]
        if name in ("rotate_cw", "rotate_ccw"):
            return [Send(Rotate(1 if name == "rotate_cw" else -1))]
        if name == "cycle":
            self.tabbed = True
            return [Send(Cycle(-1 if shift else 1))]
        if name.startswith("select_"):
            return self._select(int(name[-1]) - 1, frame)
        return []

    def _select(self, index: int, frame: Frame) -> list[TableCommand]:
        if frame.phase is Phase.PLACE:
            return [Send(Select(index))]
        if frame.phase is Phase.FILL:
            sources = frame.fill.sources
            if index < len(sources) and sources[index] in frame.fill.free:
                return [Send(PickFill(sources[index]))]
        elif frame.phase is Phase.RESOLVE and frame.popup is not None and index < len(frame.popup.outcomes):
            return self._row(index, frame.popup, frame.clock, by_key=True)
        return []

    def _motion(
        self, event: pygame.event.Event, frame: Frame, hud: Hud, camera: Camera
    ) -> list[TableCommand]:
        mouse = (int(event.pos[0]), int(event.pos[1]))
        if mouse != self.mouse:
            self.tabbed = False
        self.mouse = mouse
        if self.press is None:
            return []
        _button, start = self.press
        out: list[TableCommand] = []
        if (
            not self.dragging
            and (abs(self.mouse[0] - start[0]) + abs(self.mouse[1] - start[1])) > DRAG_THRESHOLD
        ):
            if self.carried is None:
                picked = self._pick_up(start, frame, hud, camera)
                if picked:
                    return picked
            self.dragging = self.carried is None and camera.viewport.collidepoint(start)
        if self.dragging:
            rel = getattr(event, "rel", (0, 0))
            out.append(Pan(rel[0], rel[1], immediate=True))
        return out

    def _mouse_down(self, event: pygame.event.Event, frame: Frame, hud: Hud) -> list[TableCommand]:
        self.mouse = (int(event.pos[0]), int(event.pos[1]))
        if event.button in (1, 2):
            if event.button == 1 and frame.curtain is not None:
                self.swallow_up = True
                if hud.curtain_button().collidepoint(self.mouse):
                    return [Send(ShowHand())]
                on = [b.name for b in hud.action_buttons() if b.rect.collidepoint(self.mouse)]
                return self.action_button("menu", frame) if "menu" in on else []
            if event.button == 1 and frame.busy:
                self.swallow_up = True
                doubled = self.clicked_at is not None and frame.clock - self.clicked_at < CONFIRM_PAUSE
                if doubled:
                    return []
                on_undo = any(
                    b.name == "undo" and b.rect.collidepoint(self.mouse) for b in hud.action_buttons()
                )
                return [Finish(), *self._undo_click(frame)] if on_undo else [Finish()]
            self.press = (event.button, self.mouse)
            self.dragging = False
        elif event.button == 3 and frame.accepts_input:
            return [Send(Rotate(1))]
        return []

    def _mouse_up(
        self, event: pygame.event.Event, frame: Frame, hud: Hud, camera: Camera
    ) -> list[TableCommand]:
        self.mouse = (int(event.pos[0]), int(event.pos[1]))
        if event.button == 1 and self.swallow_up:
            self.swallow_up = False
            return []
        press, dragging = self.press, self.dragging
        self.press = None
        self.dragging = False
        if self.carried is not None:
            return self._drop(self.mouse, frame, camera)
        if press is None or press[0] != event.button or dragging or event.button != 1:
            return []
        commands = self.click(self.mouse, frame, hud, camera)
        if commands:
            self.clicked(frame.clock)
        return commands

    def clicked(self, clock: float) -> None:
        """A left click did something at the table's ``clock`` (``clicked_at``)."""
        self.clicked_at = clock

    def _wheel(self, event: pygame.event.Event, frame: Frame, hud: Hud, camera: Camera) -> list[TableCommand]:
        mods = getattr(event, "mod", None)
        if mods is None:
            mods = pygame.key.get_mods()
        steps = int(getattr(event, "y", 0))
        if not steps:
            return []
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT):
            return [Send(Rotate(-1 if steps > 0 else 1))] if frame.accepts_input else []
        if hud.a("log").collidepoint(self.mouse):
            return [ScrollLog(steps * 3)]
        if camera.viewport.collidepoint(self.mouse):
            return [Zoom(ZOOM_STEP**steps, self.mouse)]
        return []

    def _pick_up(self, start: tuple[int, int], frame: Frame, hud: Hud, camera: Camera) -> list[TableCommand]:
        """FILL: a drag starting on a display tile or on a space's tile carries that tile."""
        if frame.phase is not Phase.FILL:
            return []
        given = frame.fill.given
        square = camera.square_at(start)
        if square is not None and square in given:
            self.carried, self.carried_from = given[square], square
            return [Send(Unassign(square))]
        for slot, code in zip(hud.display_slots(), frame.fill.display, strict=False):
            if slot.collidepoint(start) and code in frame.fill.free:
                self.carried, self.carried_from = (code, 0), None
                return [Send(PickFill(code))]
        return []

    def _undo_click(self, frame: Frame) -> list[TableCommand]:
        """A click on Undo: it undoes, also during an animation, whose end it shows first (a
        trial's click on Undo while the computer moved only skipped the animation, and the
        computer played on); a click within ``CONFIRM_PAUSE`` of the last one on it does
        nothing (``click``)."""
        last, self.undo_clicked_at = self.undo_clicked_at, frame.clock
        if last is not None and frame.clock - last < CONFIRM_PAUSE:
            return []
        return self.game_intent("undo", frame)

    def _drop(self, point: tuple[int, int], frame: Frame, camera: Camera) -> list[TableCommand]:
        """The carried tile goes to the space under ``point``; anywhere else it goes back where
        it came from (its space, or the display)."""
        carried, origin = self.carried, self.carried_from
        self.carried = self.carried_from = None
        if carried is None:
            return []
        square = camera.square_at(point)
        target = square if square is not None and square in frame.fill.spaces else origin
        return [Send(Assign(target, carried[0], carried[1]))] if target is not None else []

    def click(self, point: tuple[int, int], frame: Frame, hud: Hud, camera: Camera) -> list[TableCommand]:
        """The commands of a left click (button released without a drag) at ``point``. Undo
        clicked again within ``CONFIRM_PAUSE`` of the last click on it does nothing (a trial's
        double-click took back two decisions, five quick clicks a whole turn; U and Ctrl+Z,
        pressed on purpose, undo at every press)."""
        for button in hud.action_buttons():
            if button.rect.collidepoint(point):
                if button.name == "undo":
                    return self._undo_click(frame)
                return self.action_button(button.name, frame)
        lesson = frame.lesson
        if lesson is not None:
            for name, box in lesson.buttons:
                if inside(box, point):
                    return [Lesson(name)]
            if inside(lesson.box, point):
                return []
        seats = [view.seat for view in frame.seats]
        panel = next((seat for seat in seats if hud.panel_rect(seat).collidepoint(point)), None)
        if not frame.accepts_input or frame.clock < frame.ready_at:
            return [Highlight(panel)] if panel is not None else []
        if frame.popup is not None:
            for button in hud.popup_buttons(frame.popup.outcomes):
                if button.rect.collidepoint(point):
                    return self._row(button.index, frame.popup, frame.clock)
        if frame.phase is Phase.PLACE:
            for index, slot in enumerate(hud.hand_slots(len(frame.hand.tiles))):
                if slot.collidepoint(point):
                    return [Send(Select(index))]
        if frame.phase is Phase.FILL:
            for slot, code in zip(hud.display_slots(), frame.fill.display, strict=False):
                if slot.collidepoint(point):
                    return [Send(PickFill(code))]
        if panel is not None:
            return [Highlight(panel)]
        square = camera.square_at(point)
        return self._target(square, frame) if square is not None else []

    def _target(self, square: Pos, frame: Frame) -> list[TableCommand]:
        """A click on ``square``: a second click on the placement a click just chose, or on
        the space a click just gave a tile, waits ``CONFIRM_PAUSE`` after the last click there
        (a double-click, or a burst of clicks, chooses or gives, it neither confirms nor takes
        the tile back: a trial's double-click on a space left it empty, another's four quick
        clicks placed a tile and confirmed it; a trial's double-click on the tile a hint laid
        confirmed it)."""
        given = frame.phase is Phase.FILL and square in frame.fill.given
        if square == frame.provisional or given:
            chosen = self.chosen_at
            if chosen is not None and chosen[0] == square and frame.clock - chosen[1] < CONFIRM_PAUSE:
                self.chosen_at = (square, frame.clock)
                return []
        self.chosen_at = (square, frame.clock)  # also the first click on a move a hint or Tab laid
        return [Send(Target(square))]

    def _row(self, index: int, popup: PopupView, clock: float, *, by_key: bool = False) -> list[TableCommand]:
        """A click on resolution row ``index``, or its number key (``by_key``), chooses it
        (shown as focused); a second click or the same number again on the row a click or key
        chose plays it, as Confirm does. A misclick or a wrong key can be taken back by
        choosing another row. A click plays once ``CONFIRM_PAUSE`` has passed (a double-click
        chooses, it does not play); a key press is deliberate and plays at once."""
        row = (popup.seat, tuple(popup.outcomes), index)
        chosen = self.row_chosen
        if chosen is not None and chosen[0] == row and popup.focused == index:
            if not by_key and clock - chosen[1] < CONFIRM_PAUSE:
                self.row_chosen = (row, clock)  # a burst of clicks chooses; a pause, then a click, plays
                return []
            return [Send(Choose(index))]
        self.row_chosen = (row, clock)
        return [Send(Focus(index))]

    def action_button(self, name: str, frame: Frame) -> list[TableCommand]:
        """The commands of action button ``name`` (or its key). A replay's button, or its
        key, does what the button shows: nothing while it is greyed out (a playtest pressed
        Enter at a replay's last turn, its Play greyed out, and the replay started again)."""
        if name == "menu":
            return [Pause()]
        stepped = REPLAY_STEPS.get(name)
        if stepped is not None:
            shown = next((view for view in frame.actions if view.name == name), None)
            return [stepped] if shown is None or shown.enabled else []
        if frame.busy:
            return [Finish()]
        return self.game_intent(name, frame)


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
REPLAY_STEPS: dict[str, TableCommand] = {
    "first": Jump(0),
    "prev": Step(-1),
    "next": Step(1),
    "last": Jump(1 << 30),
    "play": Autoplay(),
    "speed": Speed(),
    "flag_prev": Flag(-1),
    "flag_next": Flag(1),
}
"""The replay's buttons, as commands."""
