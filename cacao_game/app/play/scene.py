"""``PlayScene``: the table, showing a play session or a replay through one view.

The source decides: a ``PlaySession`` takes the players' commands (``cacao_game.session``);
a ``ReplaySession`` steps through a record, and a ``ReviewSession`` through a reviewed game,
decision by decision, with the coach's panel (``advice``). The scene turns input into commands
(``controls``), shows what comes back (engine events become animations that move the shown
snapshot on with ``reduce``; notices become messages and sounds), sends the session's AI
requests to the worker process and hands the answers back after the pacing delay.

``draw`` only reads: it draws the shown snapshot, the selection and the camera.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, assert_never

import pygame

from cacao_game.ai.registry import thinking_seconds
from cacao_game.app import routes, strings
from cacao_game.app.flow import start_tutorial
from cacao_game.app.intents import CTRL_PREFIX, display_name
from cacao_game.app.play.advice import draw_hint, draw_review
from cacao_game.app.play.ai_link import AILink
from cacao_game.app.play.ai_worker import AIClient
from cacao_game.app.play.anim import (
    RGB,
    SPEED_FACTORS,
    DisplaySlot,
    HandSlot,
    OnBoard,
    OnPanel,
    OnPile,
    OnScreen,
    Point,
    Pulse,
    Timeline,
)
from cacao_game.app.play.art import TileArt
from cacao_game.app.play.board import BoardRenderer, tile_gap
from cacao_game.app.play.camera import PAN_SPEED, Camera
from cacao_game.app.play.choreo import choreograph
from cacao_game.app.play.coach import CoachPanel
from cacao_game.app.play.controls import PAN_DIRECTIONS, TableInput
from cacao_game.app.play.history import History
from cacao_game.app.play.hud import Hud, hud_tips, square_tooltip
from cacao_game.app.play.paint import Painter
from cacao_game.app.play.shown import Shown, reduce
from cacao_game.app.play.sounds import batch_sound
from cacao_game.app.play.texts import LogLine, refusal_text
from cacao_game.app.scale import px
from cacao_game.app.scene import Scene
from cacao_game.app.shown_names import seat_labels
from cacao_game.app.strings import decimal, problem_text, t, winners_text
from cacao_game.app.tile_words import jungle_phrase
from cacao_game.config.choices import REPLAY_SPEEDS
from cacao_game.config.game import GameConfig
from cacao_game.engine import Game, Phase, Resolve
from cacao_game.engine import events as ev
from cacao_game.engine.tiles import WATER_TRACK, Pos
from cacao_game.jsontypes import JSON
from cacao_game.session import (
    AutosaveFailed,
    AutosaveRestored,
    Command,
    CurtainRaised,
    HandShown,
    HintReady,
    PlaySession,
    Refused,
    SessionEvent,
    Undone,
)
from cacao_game.session.notices import split
from cacao_game.session.replay import ReplaySession
from cacao_game.session.review import ReviewSession
from cacao_game.session.selection import Selection
from cacao_game.tutorial import progress
from cacao_game.tutorial.session import TutorialSession

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

log = logging.getLogger(__name__)

TOOLTIP_DELAY = 0.4
END_DELAY = 1.5
"""Seconds the finished board stays before the scoring scene (times the speed factor)."""
PLAY_ACTIONS = ("undo", "hint", "confirm", "menu")
REPLAY_ACTIONS = ("first", "prev", "play", "next", "last", "speed")
REVIEW_ACTIONS = ("first", "prev", "next", "last", "flag_prev", "flag_next")

Source = PlaySession | ReplaySession
"""What the table shows."""


class PlayScene(Scene):
    """The table for ``source``; ``ai`` overrides the AI client of a play session."""

    def __init__(self, app: Shell, source: Source, *, ai: AIClient | None = None) -> None:
        super().__init__(app)
        self.source = source
        self.replay = isinstance(source, ReplaySession)
        self.pausable = not self.replay
        self.action_names = REPLAY_ACTIONS if self.replay else PLAY_ACTIONS
        if isinstance(source, ReviewSession):
            self.action_names = REVIEW_ACTIONS
        self.colors = [seat.color for seat in source.config.seats]
        self.shown = Shown.of(source.game)
        self.history = History.of(source.journal, self.names)
        self.timeline = Timeline()
        self.camera = Camera(app.layout["board"])
        self.follow_board = True
        """The camera re-fits the board as it grows, until the player moves it (Home resumes)."""
        self.art = TileArt(app.assets)
        self.painter = Painter(app.assets)
        self.hud = Hud(self)
        self.board = BoardRenderer(self)
        self.ai = AILink(ai)
        self.coach = CoachPanel(self, source) if isinstance(source, TutorialSession) else None
        """The lesson panel of a tutorial game, else None."""
        self.highlight_seat: int | None = None
        self.input = TableInput(self)
        self.log_scroll = 0
        """Log lines scrolled back from the newest (the wheel over the log)."""
        self.autoplay = False
        """A replay plays on its own (one turn per ``1 / REPLAY_SPEEDS[autoplay_speed]`` s)."""
        self.autoplay_speed = REPLAY_SPEEDS.index(1.0)
        self._autoplay_wait = 0.0
        self.clock = 0.0
        self._thinking: tuple[int, int, float] | None = None
        """(seat, decisions made, clock) when the awaited computer seat began thinking."""
        self._over_wait = 0.0
        self._left = False
        self._popup_cleared = -1
        camera = source.view.get("camera")
        if isinstance(camera, dict):
            self.camera.load_dict(camera)
        else:
            self.fit_board(snap=True)

    # ----------------------------------------------------------------- lifecycle

    def enter(self) -> None:
        """Start the AI of a play session (a worker process unless one was given)."""
        if not self.replay:
            self.ai.start()

    def exit(self) -> None:
        """Carry out the keys pressed during the last animation (a Confirm is a decision the
        player made), stop the AI worker, finish the pending autosave."""
        if isinstance(self.source, PlaySession):
            for _ in range(len(self.input.queued)):
                self.timeline.finish()
                self.input.drain()
        self._left = True
        self.ai.close()
        self.release_images()
        if isinstance(self.source, PlaySession):
            self.source.close()

    def release_images(self) -> None:
        """Drop this table's cached images (it is leaving; nothing must wait for the collector)."""
        self.art.clear()
        self.painter.clear()
        self.board.clear()
        self.hud.clear()

    def resume(self) -> None:
        """Back on top (after Settings, say): the undo setting applies from now on."""
        if isinstance(self.source, PlaySession):
            self.source.set_undo(self.app.settings.undo_policy)

    def pause(self) -> None:
        """Drop held keys and drags when an overlay opens."""
        self.input.release()

    def handle(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """Input: camera moves and session commands; returns what the table did not use."""
        return self.input.handle(events)

    @property
    def mouse(self) -> tuple[int, int]:
        """The mouse position as last seen."""
        return self.input.mouse

    # ----------------------------------------------------------------- what the drawing reads

    @property
    def game(self) -> Game:
        """The source's game (the rules state; the drawing shows ``shown``)."""
        return self.source.game

    @property
    def config(self) -> GameConfig:
        """The seats and options of the game shown."""
        return self.source.config

    @property
    def turn(self) -> Selection:
        """The deciding human's selection."""
        return self.source.selection

    @property
    def names(self) -> list[str]:
        """Each seat's name."""
        return seat_labels(self.app.assets, self.source.names, self.source.kinds)

    @property
    def tutorial(self) -> TutorialSession | None:
        """The tutorial session shown, if this table is the guided first game."""
        return self.source if isinstance(self.source, TutorialSession) else None

    @property
    def kinds(self) -> list[str]:
        """Each seat's kind."""
        return self.source.kinds

    @property
    def humans(self) -> frozenset[int]:
        """The seats played at the table."""
        return self.source.humans

    @property
    def hint(self) -> object:
        """The hinted action, if any."""
        return self.source.hint

    @property
    def reveal_hands(self) -> bool:
        """A replay shows computer seats' hands face up."""
        return self.replay

    @property
    def curtain_for(self) -> int | None:
        """The human the curtain waits for, once the animations are done."""
        return None if self.timeline.busy else self.source.curtain

    @property
    def factor(self) -> float:
        """Animation duration multiplier of the current speed setting."""
        return SPEED_FACTORS.get(self.app.settings.animation_speed, 1.0)

    def current_seat(self) -> int | None:
        """The one seat the header, the highlighted panel, the hand and the log agree on: the
        mover of the turn on the table while it animates, else the deciding seat."""
        if self.timeline.busy:
            return None if self.shown.over else self.shown.mover
        return self.source.deciding_seat()

    def accepts_board_input(self) -> bool:
        """Whether a human at the screen decides now, with nothing in the way."""
        return self.source.accepts_input() and not self.timeline.busy

    def hand_seat(self) -> int | None:
        """Whose hand the hand bar shows face up, or None (face down). In hot seat a hand is
        face up only while its seat is the current seat on the table, animations included."""
        seat = self.source.face_up_seat()
        if self.source.hot_seat and seat != self.current_seat():
            return None
        return seat

    def kind_label(self, seat: int) -> str:
        """``Human`` or the AI level of ``seat``."""
        return strings.kind_label(self.kinds[seat])

    def projected_total(self, seat: int) -> int:
        """Projected end score as shown: shown gold, sun and water plus current temple awards."""
        shown = self.shown
        temples = self._temples()
        return shown.gold[seat] + temples[seat] + shown.sun[seat] + WATER_TRACK[shown.water[seat]]

    def _temples(self) -> Sequence[int]:
        totals = self.source.score_totals()
        game = self.source.game
        return [
            totals[seat] - game.gold[seat] - game.sun[seat] - WATER_TRACK[game.water[seat]]
            for seat in range(game.players)
        ]

    def remaining_jungle(self) -> Counter[str]:
        """Jungle tiles not yet on the board: the pile and the display."""
        return self.game.unseen_jungle() + Counter(self.game.display)

    def visible_log(self) -> list[LogLine]:
        """The log lines of everything shown so far."""
        return self.history.lines

    def last_move(self) -> tuple[int, Pos | None, list[Pos]] | None:
        """Seat, placed square and filled squares of the latest placement shown."""
        return self.history.last_move()

    def headline(self) -> tuple[int | None, str]:
        """The current seat and the title of its turn."""
        seat = self.current_seat()
        if seat is None:
            return None, t("play.game_over")
        turn, mover = self.shown.turn + 1, self.names[self.shown.mover]
        if seat != self.shown.mover:
            return seat, t("play.turn_other", turn=turn, name=mover, other=self.names[seat])
        return seat, t("play.turn", turn=turn, name=mover)

    def result_text(self) -> str:
        """Who won, in one sentence (the game is over)."""
        return winners_text([self.names[s] for s in self.game.winners()])

    def status_text(self) -> str:
        """What to do now, in one line."""
        if isinstance(self.source, ReviewSession):
            return t("review.status", step=self.source.position, steps=self.source.turns)
        if isinstance(self.source, ReplaySession):
            return t("replay.status", turn=self.source.position, turns=self.source.turns)
        game = self.game
        seat = self.current_seat()
        if seat is None:
            return self.result_text()
        name = self.names[seat]
        if self.timeline.busy:
            return t("play.animating", name=name)
        if isinstance(self.source, TutorialSession) and self.source.coach.holds_coco(game):
            return t("tutorial.status_next")
        if seat not in self.humans:
            return t("play.ai_turn", name=name)
        if self.curtain_for is not None:
            return t("play.curtain", name=self.names[self.curtain_for])
        if game.phase is Phase.FILL:
            revealed = game.revealed_pile_tile()
            if revealed:
                return t("play.fill_pile", name=name, tile=jungle_phrase(revealed))
            return t("play.fill", name=name)
        if game.phase is Phase.RESOLVE:
            return t("play.resolve", name=name)
        return t("play.your_turn", name=name)

    def autosave_problem(self) -> str:
        """The standing notice while autosaves fail (cleared by the next one that works)."""
        error = self.source.autosave_error
        return t("play.autosave_failed", reason=error) if error else ""

    def key_hint_text(self) -> str:
        """The keys of the current decision."""
        if not self.accepts_board_input():
            return ""
        if self.game.phase is Phase.FILL:
            return self.keys_text("play.fill_hint")
        if self.game.phase is Phase.PLACE:
            return self.keys_text("play.rotate_hint")
        return ""

    def keys_text(self, key: str) -> str:
        """String ``key`` with the keys bound now: ``{rotate}`` (anticlockwise/clockwise),
        ``{confirm}``, ``{cycle}``, ``{undo}``, ``{hint}``, each its first key without Ctrl."""
        intents = self.app.intents

        def first(intent: str) -> str:
            keys = intents.keys_for(intent)
            plain = [k for k in keys if not k.startswith(CTRL_PREFIX)] or keys
            return display_name(plain[0]) if plain else "—"

        return t(
            key,
            rotate=f"{first('rotate_ccw')}/{first('rotate_cw')}",
            confirm=first("confirm"),
            cycle=first("cycle"),
            undo=first("undo"),
            hint=first("hint"),
        )

    def action_enabled(self, name: str) -> bool:
        """Whether action button ``name`` does something now."""
        source = self.source
        if isinstance(source, ReviewSession) and name.startswith("flag_"):
            return source.flag_target(1 if name == "flag_next" else -1) is not None
        if isinstance(source, ReplaySession):
            if name == "speed":
                return True
            if name == "play":
                return self.autoplay or source.position < source.turns
            return source.position > 0 if name in ("first", "prev") else source.position < source.turns
        if name == "undo":
            return not isinstance(source.undo_check(), Refused)
        if name in ("hint", "confirm"):
            if not self.accepts_board_input():
                return False
            return name == "hint" or self.turn.confirm() is not None
        return True

    def action_label(self, name: str) -> str:
        """The label of action button ``name``."""
        if not self.replay:
            return t(f"play.{name}")
        if name.startswith("flag_"):
            return t(f"review.{name}")
        if name == "play":
            return t("replay.pause" if self.autoplay else "replay.play")
        if name == "speed":
            speed = REPLAY_SPEEDS[self.autoplay_speed]
            return t("replay.speed", speed=decimal(speed, 0 if speed.is_integer() else 1))
        return t(f"replay.{name}")

    def action_keys(self, name: str) -> str:
        """The keys of action button ``name``, as shown under its label."""
        if self.replay:
            keys = {"first": "home", "prev": "left", "next": "right", "last": "end"}
            if name in keys:
                return display_name(keys[name])
            label = self.app.intents.label({"play": "confirm", "speed": "cycle"}.get(name, "cycle"))
            return t("key.shift", key=label) if name == "flag_prev" else label
        return self.app.intents.label({"menu": "pause"}.get(name, name))

    def thinking_seat(self) -> int | None:
        """The computer seat whose answer is awaited (for a spinner), else None."""
        if self.ai.held is not None or self.timeline.busy:
            return None
        return self.source.waiting_for_ai()

    def _update_thinking(self) -> None:
        seat = self.thinking_seat()
        if seat is None:
            self._thinking = None
            return
        made = len(self.source.game.actions)
        if self._thinking is None or self._thinking[:2] != (seat, made):
            self._thinking = (seat, made, self.clock)

    def thinking_progress(self) -> float | None:
        """The share (0 to 1) of its thinking time the awaited computer seat has used, for a
        level with a thinking time (``TIMED_LEVELS``); None otherwise."""
        if self._thinking is None:
            return None
        seat, _made, since = self._thinking
        level = self.source.kinds[seat]
        seconds = thinking_seconds(level, self.source.config.time_budget(level))
        if not seconds:
            return None
        return min(1.0, (self.clock - since) / seconds)

    def hover_square(self) -> Pos | None:
        """The board square under the mouse."""
        return self.camera.square_at(self.mouse)

    # ----------------------------------------------------------------- the animation view protocol

    def resolve(self, point: Point) -> pygame.Vector2:
        """Pixel position of an animation end point."""
        match point:
            case OnBoard(pos):
                return self.camera.square_center(pos)
            case OnPanel(seat, item):
                return self.hud.panel_point(seat, item)
            case DisplaySlot(index):
                slots = self.hud.display_slots()
                return pygame.Vector2(slots[min(index, len(slots) - 1)].center)
            case OnPile():
                return pygame.Vector2(self.hud.pile_rect().center)
            case HandSlot(seat, index, count):
                if seat == self.hand_seat():
                    return pygame.Vector2(self.hud.hand_slots(count)[index].center)
                return self.hud.panel_point(seat, "tiles")
            case OnScreen(xy):
                return pygame.Vector2(xy)
            case _:
                assert_never(point)

    def tile_size(self) -> float:
        """Drawn size of a board tile."""
        return self.camera.scale - tile_gap(self.camera.scale)

    def tile_image(self, spec: tuple[str, str, int], size: float) -> pygame.Surface:
        """A tile image for an animation."""
        kind, name, rotation = spec
        return self.art.get(f"{kind}:{name}", size, rotation)

    def icon_image(self, name: str, size: float) -> pygame.Surface:
        """An icon for an animation."""
        return self.art.icon(name, size)

    def board_glow(self, surface: pygame.Surface, pulse: Pulse, strength: float) -> None:
        """A pulse's glow on the board (clipped to the board)."""
        clip = surface.get_clip()
        surface.set_clip(self.camera.viewport)
        self.board.glow(surface, pulse.pos, pulse.side, strength, pulse.color)
        surface.set_clip(clip)

    def float_text(
        self, surface: pygame.Surface, text: str, at: pygame.Vector2, alpha: int, color: RGB
    ) -> None:
        """Floating text for an animation."""
        image = self.painter.text_image(text, 24, "black", color)
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        outline = self.painter.text_image(text, 24, "black", (30, 20, 10))
        rect = image.get_rect(center=(round(at.x), round(at.y)))
        surface.blit(outline, rect.move(px(2), px(2)))
        surface.blit(image, rect)

    # ----------------------------------------------------------------- changing what is shown

    def send(self, command: Command) -> list[SessionEvent]:
        """Hand ``command`` to the play session and show what it caused."""
        if not isinstance(self.source, PlaySession):
            return []
        events = self.source.handle(command)
        self.show(events)
        return events

    def show(self, events: Sequence[SessionEvent]) -> None:
        """Animate engine events, say notices, play a sound."""
        engine, notices = split(events)
        if engine:
            self._animate(engine)
        for event in notices:
            match event:
                case Undone(decisions):
                    if decisions:
                        self.resync()
                    self.app.notify(t("play.undone"))
                case Refused():
                    self._refused(event)
                case HintReady(action):
                    self.app.notify(t("play.hint_ready"))
                    if not isinstance(action, Resolve):
                        self.camera.ensure_visible(action.pos)
                case AutosaveFailed(reason):
                    self.app.notify(t("play.autosave_failed", reason=reason))
                case AutosaveRestored():
                    self.app.notify(t("play.autosave_ok"))
                case CurtainRaised() | HandShown():
                    pass
                case _:
                    assert_never(event)

    def _refused(self, refusal: Refused) -> None:
        text = refusal_text(refusal, self.names)
        if text is not None:
            self.app.notify(text)
        else:
            self.app.assets.play("error")

    def _animate(self, events: Sequence[ev.Event]) -> None:
        choreograph(events, self.shown, self.timeline, self.factor, self.colors, self._commit)
        if self.factor == 0:
            self.timeline.finish()
        sound = batch_sound(events)
        if sound is not None:
            self.app.assets.play(sound)
        self.ai.waited = 0.0
        if self.follow_board and any(isinstance(e, (ev.TilePlaced, ev.JungleFilled)) for e in events):
            self.camera.keep_in_view(self.board_squares())

    def _commit(self, event: ev.Event) -> None:
        self.shown = reduce(self.shown, event)
        totals = None
        if isinstance(event, ev.TurnEnded):
            totals = next((e.totals for e in reversed(self.source.journal) if event in e.events), None)
        self.history.add(event, totals)

    def resync(self) -> None:
        """Show the source's game as it is now, without animation (after an undo or a jump)."""
        self.timeline.cancel()
        self.shown = Shown.of(self.source.game)
        self.history = History.of(self.source.journal, self.names)
        self.ai.reset()
        self.input.queued.clear()
        if self.follow_board:
            self.camera.keep_in_view(self.board_squares())

    def step_replay(self, delta: int) -> None:
        """A replay: one turn forward (animated) or back."""
        if isinstance(self.source, ReplaySession):
            self.timeline.finish()
            events = self.source.step(delta)
            if events is None:
                self.resync()
            elif events:
                self._animate(events)

    def jump_replay(self, position: int) -> None:
        """A replay: show the state after ``position`` turns at once."""
        if isinstance(self.source, ReplaySession):
            self.source.jump(position)
            self.resync()

    def jump_flag(self, direction: int) -> None:
        """A review: show the next (``direction`` > 0) or previous flagged decision, its
        better move in view."""
        if isinstance(self.source, ReviewSession) and self.source.jump_flag(direction):
            self.resync()
            decision = self.source.here()
            if decision is not None:
                for action in (decision.best, decision.played):
                    if not isinstance(action, Resolve):
                        self.camera.ensure_visible(action.pos)

    def save_game(self) -> str:
        """Save to the quick slot; returns where (for the pause overlay and Ctrl+S)."""
        from cacao_game import saves

        if not isinstance(self.source, PlaySession):
            raise LookupError("a replay is not a game to save")
        if isinstance(self.source, TutorialSession):
            self.source.view.update(self._view_state())
            return str(progress.save(self.source))
        path = saves.slot_path(saves.QUICK_SLOT)
        saves.save_game(path, self.game, self.source.config, self._view_state())
        return str(path)

    def _view_state(self) -> dict[str, JSON]:
        return {"camera": self.camera.to_dict()}

    def quick_save(self) -> None:
        """Ctrl+S: save and say where (or why not)."""
        try:
            where = self.save_game()
        except LookupError:
            return
        except (OSError, ValueError) as error:
            self.app.notify(t("play.save_failed", reason=problem_text(error, details=True)))
            return
        self.app.notify(t("play.saved", where=where))

    def board_squares(self) -> list[Pos]:
        """Every square holding a tile now."""
        return list(self.shown.jungle) + list(self.shown.workers)

    def fit_board(self, *, snap: bool = False) -> None:
        """Aim the camera at every tile plus a one-tile border."""
        self.camera.fit(self.board_squares(), border=1)
        if snap:
            self.camera.snap()

    def relabel(self) -> None:
        """The language changed: the log is written again, the table laid out again."""
        self.history.relabel()
        self.relayout()

    def relayout(self) -> None:
        """The screen or scale changed: new anchors, the same view of the board."""
        old = self.hud.anchors["board"]
        self.hud = Hud(self)
        new = self.hud.anchors["board"]
        self.camera.relayout(new, new.w / old.w if old.w else 1.0)
        self.release_images()

    # ----------------------------------------------------------------- frames

    def update(self, dt: float) -> None:
        """Camera, animations, queued input, AI, end of game."""
        self.clock += dt
        for name in self.input.held_pan:
            dx, dy = PAN_DIRECTIONS[name]
            self.camera.pan_pixels(-dx * px(PAN_SPEED) * dt, -dy * px(PAN_SPEED) * dt)
        self.camera.update(dt)
        self.timeline.update(dt)
        self.input.drain()
        self._update_hover(dt)
        if isinstance(self.source, ReplaySession):
            self._update_autoplay(dt)
        if isinstance(self.source, PlaySession):
            self.source.view["camera"] = self.camera.to_dict()
            self.show(self.source.poll())
            self._update_ai(dt)
            self._clear_popup()
            if self.coach is not None:
                self.coach.update()
            self._update_end(dt)
        self._update_thinking()

    def scroll_log(self, lines: int) -> None:
        """Scroll the log back (``lines`` > 0) or forward, within the log."""
        most = max(0, len(self.visible_log()) - self.hud.log_capacity())
        self.log_scroll = max(0, min(most, self.log_scroll + lines))

    def hovered_log_line(self) -> LogLine | None:
        """The log line under the mouse, if any."""
        for rect, line in self.hud.log_rows():
            if rect.collidepoint(self.mouse):
                return line
        return None

    def toggle_autoplay(self) -> None:
        """Start or stop the replay playing on its own (from the start again at its end)."""
        if isinstance(self.source, ReplaySession):
            if not self.autoplay and self.source.position >= self.source.turns:
                self.jump_replay(0)
            self.autoplay = not self.autoplay
            self._autoplay_wait = 0.0

    def next_speed(self) -> None:
        """The next replay speed of ``REPLAY_SPEEDS`` (wrapping)."""
        self.autoplay_speed = (self.autoplay_speed + 1) % len(REPLAY_SPEEDS)

    def _update_autoplay(self, dt: float) -> None:
        if not self.autoplay or self.timeline.busy or not isinstance(self.source, ReplaySession):
            return
        if self.source.position >= self.source.turns:
            self.autoplay = False
            return
        self._autoplay_wait += dt
        if self._autoplay_wait >= 1.0 / REPLAY_SPEEDS[self.autoplay_speed]:
            self._autoplay_wait = 0.0
            self.step_replay(1)

    def _update_hover(self, dt: float) -> None:
        key = self._hover_target()
        self.input.hover(key, dt)

    def _hover_target(self) -> object:
        for rect, _lines in hud_tips(self, self.hud):
            if rect.collidepoint(self.mouse):
                return ("tip", tuple(rect))
        square = self.hover_square()
        return ("square", square) if square is not None else None

    def _update_ai(self, dt: float) -> None:
        if isinstance(self.source, PlaySession):
            events = self.ai.update(self.source, dt, self.timeline.busy, self.app.settings.ai_pacing)
            self.show(events)
            if self.ai.take_restarts():
                self.app.notify(t("play.ai_restarted"))

    def _clear_popup(self) -> None:
        """Pan the board left, once per decision, so the edges being decided and their jungle
        tiles are not hidden under the resolution popup."""
        if not self.accepts_board_input() or self.turn.phase is not Phase.RESOLVE:
            return
        if self._popup_cleared == len(self.game.actions):
            return
        self._popup_cleared = len(self.game.actions)
        popup = self.hud.popup_rect(self.turn.outcomes()).inflate(px(48), px(48))
        overlap = 0.0
        for edge in self.game.pending_edges(self.turn.seat):
            for square in (edge.pos, edge.source):
                rect = self.camera.target_square_rect(square)
                if rect.colliderect(popup):
                    overlap = max(overlap, rect.right - popup.left)
        if overlap:
            self.camera.pan_pixels(-overlap, 0)

    def _update_end(self, dt: float) -> None:
        if not self.game.is_over() or self.timeline.busy or self._left:
            return
        if isinstance(self.source, TutorialSession) and not self.source.finished():
            return
        self._over_wait += dt
        if self._over_wait < END_DELAY * self.factor:
            return
        self._left = True
        self.app.switch(routes.Scoring(self.game, self.source.config, self.history.score_history))

    def draw(self, surface: pygame.Surface) -> None:
        """Board, HUD, animations, popup, tooltip, curtain. Reads only."""
        surface.blit(self.hud.chrome(surface.get_size()), (0, 0))
        self.board.draw(surface, self.clock)
        self.hud.draw(surface)
        self.timeline.draw(surface, self)
        if isinstance(self.source, ReviewSession):
            draw_review(self, surface, self.source)
        elif (
            isinstance(self.source, PlaySession)
            and self.source.advice is not None
            and self.accepts_board_input()
        ):
            draw_hint(self, surface, self.source.advice)
        if self.accepts_board_input() and self.turn.phase is Phase.RESOLVE:
            self.hud.draw_popup(surface, self.turn.outcomes())
        if self.coach is not None:
            self.coach.draw(surface)
            self.coach.draw_looks(surface, self.clock)
        carried = self.input.carried
        if carried is not None:
            size = self.camera.scale - tile_gap(self.camera.scale)
            image = self.art.jungle(carried[0], size, carried[1])
            surface.blit(image, image.get_rect(center=self.mouse))
        if self.curtain_for is not None:
            self.hud.draw_curtain(surface, self.curtain_for)
        else:
            lines = self.tooltip()
            if lines:
                self.hud.draw_tooltip(surface, lines, self.mouse)

    def tooltip(self) -> list[str]:
        """The tooltip lines to show now: after ``TOOLTIP_DELAY`` s on the same thing."""
        if (
            self.input.hover_since < TOOLTIP_DELAY
            or self.input.press is not None
            or self.curtain_for is not None
        ):
            return []
        return self._tooltip_lines()

    def _tooltip_lines(self) -> list[str]:
        key = self.input.hover_key
        if not isinstance(key, tuple):
            return []
        kind, data = key
        if kind == "tip":
            return next((lines for rect, lines in hud_tips(self, self.hud) if tuple(rect) == data), [])
        return square_tooltip(self, data)

    def leave_question(self) -> str:
        """A tutorial keeps its place: say so before leaving it."""
        return t("tutorial.leave") if self.tutorial is not None else super().leave_question()

    def restart_tutorial(self) -> None:
        """Start over: the tutorial from its first lesson (its saved progress is dropped)."""
        start_tutorial(self.app, fresh=True)

    def help_topics(self) -> list[tuple[str, str]]:
        """The play keys for the F1 page."""
        return [
            (t("play.hand"), self.keys_text("play.rotate_hint")),
            (t("play.display"), self.keys_text("play.fill_hint")),
        ]
