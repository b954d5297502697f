"""``PlayScene``: a game of Cacao at the table: board, hand, panels, AI turns, animations.

Flow of a frame: ``handle`` turns events into intents (camera intents act at once; game
intents wait in a queue while an animation runs, a click or Space skips it); ``update``
advances the camera and the timeline, brings the AI's answer in after the pacing delay,
raises the hot-seat curtain and, once the game is over and the last animation is done,
replaces the scene with the scoring scene. ``draw`` only reads.

Every engine change goes through ``apply`` (animations, log, last move, score history,
autosave) or ``undo`` (``Game.pop``).
"""

from __future__ import annotations

import copy
import logging
import os
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pygame

from cacao_game.app import strings
from cacao_game.app.play.ai_worker import AIClient, Answer, ProcessAI, Request, SyncAI, hint_level
from cacao_game.app.play.anim import RGB, SPEED_FACTORS, Point, Pulse, Timeline
from cacao_game.app.play.art import TileArt
from cacao_game.app.play.board import BoardRenderer, tile_gap
from cacao_game.app.play.camera import PAN_SPEED, Camera
from cacao_game.app.play.choreo import choreograph
from cacao_game.app.play.controls import PAN_DIRECTIONS, PlayControls
from cacao_game.app.play.history import History
from cacao_game.app.play.hud import Hud, square_tooltip
from cacao_game.app.play.paint import Painter
from cacao_game.app.play.shown import Shown
from cacao_game.app.play.texts import LogLine
from cacao_game.app.play.turn import TurnState
from cacao_game.app.scene import Scene
from cacao_game.app.strings import t
from cacao_game.config.game import GameConfig
from cacao_game.engine import Action, Game, Phase
from cacao_game.engine import events as ev
from cacao_game.engine.errors import IllegalActionError
from cacao_game.engine.tiles import WATER_TRACK, Pos

log = logging.getLogger(__name__)

SYNC_AI_ENV = "CACAO_SYNC_AI"
"""Set to 1 to think in-process (tests, tools): no worker process."""
TOOLTIP_DELAY = 0.4
SOUNDS = {
    ev.TilePlaced: "place",
    ev.JungleFilled: "fill",
    ev.GoldGained: "coin",
    ev.CacaoSold: "coin",
    ev.CacaoGained: "cacao",
    ev.WaterMoved: "water",
    ev.SunGained: "sun",
    ev.GameEnded: "win",
}


def default_ai() -> AIClient:
    """The AI client the scene uses unless given one: a worker process, or in-process if
    ``CACAO_SYNC_AI=1``."""
    return SyncAI() if os.environ.get(SYNC_AI_ENV) == "1" else ProcessAI()


class PlayScene(PlayControls, Scene):
    """One game at the table. ``game`` resumes a loaded game; ``ai`` overrides the AI client."""

    pausable = True
    reveal_hands = False
    """Show computer seats' hands face up (the replay does)."""
    action_names: tuple[str, ...] = ("undo", "hint", "confirm", "menu")
    ai_factory: Callable[[], AIClient] = staticmethod(default_ai)

    def __init__(
        self,
        app: Any,
        config: GameConfig,
        game: Game | None = None,
        ui_state: dict[str, Any] | None = None,
        *,
        ai: AIClient | None = None,
    ) -> None:
        """A new game dealt from ``config`` (its seed), or ``game`` resumed with ``ui_state``.

        Raises ValueError if ``game`` does not have one seat per configured seat."""
        super().__init__(app)
        self.config = config
        self.game = game if game is not None else Game.new(len(config.seats), config.variant, config.seed)
        if self.game.players != len(config.seats):
            raise ValueError(f"{len(config.seats)} seats configured for a {self.game.players}-player game")
        self.names = [seat.name for seat in config.seats]
        self.colors = [seat.color for seat in config.seats]
        self.kinds = [seat.kind for seat in config.seats]
        self.humans = {i for i, kind in enumerate(self.kinds) if kind == "human"}
        self.turn = TurnState(self.game, self.humans)
        self.shown = Shown.of(self.game)
        self.timeline = Timeline()
        self.camera = Camera(app.layout["board"])
        self.follow_board = True
        """The camera re-fits the board as it grows, until the player moves it (Home resumes)."""
        self.art = TileArt(app.assets)
        self.painter = Painter(app.assets)
        self.hud = Hud(self)
        self.board = BoardRenderer(self)
        self.history = History.rebuild(self.game, self.names)
        self.ai = ai
        self._next_id = 0
        self._move_request: tuple[int, int] | None = None
        self._move_answer: Answer | None = None
        self._hint_request: tuple[int, int] | None = None
        self._ai_wait = 0.0
        self.hint: Action | None = None
        self.hint_ai = hint_level()
        """AI level asked for hints (tests may pick a faster one)."""
        self.viewer: int | None = None
        self.curtain_for: int | None = None
        self.highlight_seat: int | None = None
        self.mouse: tuple[int, int] = (-1, -1)
        self._hover_key: object = None
        self._hover_since = 0.0
        self.queued: list[tuple[str, bool]] = []
        self._held_pan: set[str] = set()
        self._press: tuple[int, tuple[int, int]] | None = None
        self._dragging = False
        self._swallow_up = False
        self.clock = 0.0
        self._over_wait = 0.0
        self._left = False
        self._saver: ThreadPoolExecutor | None = None
        self._popup_cleared = -1
        self._temples_key: int = -1
        self._temples: list[int] = [0] * self.game.players
        self._restore(ui_state or {})

    # ----------------------------------------------------------------- lifecycle

    def _restore(self, ui_state: dict[str, Any]) -> None:
        if "camera" in ui_state:
            self.camera.load_dict(ui_state["camera"])
        else:
            self.fit_board(snap=True)
        viewer = ui_state.get("viewer")
        if isinstance(viewer, int) and viewer in self.humans:
            self.viewer = viewer

    def ui_state(self) -> dict[str, Any]:
        """JSON data to resume the view: camera and the human who last saw the hand."""
        return {"camera": self.camera.to_dict(), "viewer": self.viewer}

    def enter(self) -> None:
        """Start the AI (a worker process unless one was given)."""
        if self.ai is None:
            self.ai = type(self).ai_factory()
        self._update_curtain()

    def exit(self) -> None:
        """Stop the AI worker; finish the pending autosave."""
        self._left = True
        if self.ai is not None:
            self.ai.close()
        self.flush_saves()

    def pause(self) -> None:
        """Drop held keys and drags when an overlay opens."""
        self._held_pan.clear()
        self._press = None
        self._dragging = False

    # ----------------------------------------------------------------- queries used by the drawing

    @property
    def factor(self) -> float:
        """Animation duration multiplier of the current speed setting."""
        return SPEED_FACTORS.get(getattr(self.app.settings, "animation_speed", "normal"), 1.0)

    def deciding_human(self) -> int | None:
        """The deciding seat if it is played at the table."""
        if self.game.is_over():
            return None
        seat = self.game.current_player()
        return seat if seat in self.humans else None

    def accepts_board_input(self) -> bool:
        """Whether the deciding seat is a human at the screen, with nothing in the way."""
        seat = self.deciding_human()
        return (
            seat is not None and self.curtain_for is None and not self.timeline.busy and seat == self.viewer
        )

    def hand_seat(self) -> int | None:
        """Whose hand the hand bar shows: the human at the screen, else the mover."""
        if self.viewer is not None:
            return self.viewer
        if self.game.is_over():
            return None
        return min(self.humans) if self.humans else self.game.mover

    def kind_label(self, seat: int) -> str:
        """``Human`` or the AI level of ``seat``."""
        return strings.kind_label(self.kinds[seat])

    def projected_total(self, seat: int) -> int:
        """Projected end score as shown: animated gold, sun and water plus current temple awards."""
        key = len(self.game.actions)
        if key != self._temples_key:
            self._temples_key = key
            self._temples = [s.temples for s in self.game.score_now()]
        shown = self.shown
        return shown.gold[seat] + self._temples[seat] + shown.sun[seat] + WATER_TRACK[shown.water[seat]]

    def remaining_jungle(self) -> Counter[str]:
        """Jungle tiles not yet on the board: the pile and the display."""
        return self.game.unseen_jungle() + Counter(self.game.display)

    def visible_log(self) -> list[LogLine]:
        """The log lines of everything done so far."""
        return self.history.lines()

    def last_move(self) -> tuple[int, Pos | None, list[Pos]] | None:
        """Seat, placed square and filled squares of the latest placement."""
        return self.history.last_move()

    def headline(self) -> tuple[int | None, str]:
        """The seat and title of the turn on screen (the animated one while it plays)."""
        game = self.game
        move = self.history.moves[-1] if self.history.moves else None
        if self.timeline.busy and move is not None:
            return move.seat, t("play.turn", turn=move.turn + 1, name=self.names[move.seat])
        if game.is_over():
            return None, t("play.game_over")
        return game.current_player(), t("play.turn", turn=game.turn + 1, name=self.names[game.mover])

    def status_text(self) -> str:
        """What to do now, in one line."""
        game = self.game
        if game.is_over():
            return t("play.game_over")
        seat = game.current_player()
        name = self.names[seat]
        move = self.last_move()
        if self.timeline.busy and move is not None:
            return t("play.animating", name=self.names[move[0]])
        if seat not in self.humans:
            return t("play.ai_turn", name=name)
        if self.curtain_for is not None:
            return t("play.curtain", name=self.names[self.curtain_for])
        if game.phase is Phase.FILL:
            revealed = game.revealed_pile_tile()
            if revealed:
                return t("play.fill_pile", name=name, tile=t(f"jungle.{revealed}"))
            return t("play.fill", name=name)
        if game.phase is Phase.RESOLVE:
            return t("play.resolve", name=name)
        return t("play.your_turn", name=name)

    def key_hint_text(self) -> str:
        """The keys of the current decision."""
        if not self.accepts_board_input():
            return ""
        if self.game.phase is Phase.FILL:
            return t("play.fill_hint")
        if self.game.phase is Phase.PLACE:
            return t("play.rotate_hint")
        return ""

    def action_enabled(self, name: str) -> bool:
        """Whether action button ``name`` does something now."""
        if name == "undo":
            return self.turn.provisional is not None or (self.game.can_undo and bool(self.humans))
        if name in ("hint", "confirm"):
            if not self.accepts_board_input():
                return False
            return name == "hint" or self.turn.confirm() is not None
        return True

    def action_label(self, name: str) -> str:
        """The label of action button ``name``."""
        return t(f"play.{name}")

    def action_keys(self, name: str) -> str:
        """The keys of action button ``name``, as shown under its label."""
        return self.app.intents.label({"menu": "pause"}.get(name, name))

    def thinking_seat(self) -> int | None:
        """The computer seat whose answer is awaited (for a spinner), else None."""
        if self._move_request is None or self._move_answer is not None or self.game.is_over():
            return None
        seat = self.game.current_player()
        return None if seat in self.humans else seat

    def hover_square(self) -> Pos | None:
        """The board square under the mouse."""
        return self.camera.square_at(self.mouse)

    # ----------------------------------------------------------------- the animation view protocol

    def resolve(self, point: Point) -> pygame.Vector2:
        """Pixel position of an animation end point."""
        kind, data = point
        if kind == "board":
            return self.camera.square_center(data)
        if kind == "panel":
            return self.hud.panel_point(*data)
        if kind == "display":
            slots = self.hud.display_slots()
            return pygame.Vector2(slots[min(data, len(slots) - 1)].center)
        if kind == "pile":
            return pygame.Vector2(self.hud.pile_rect().center)
        if kind == "hand":
            seat, index, count = data
            if seat == self.hand_seat() and (seat in self.humans or self.reveal_hands):
                return pygame.Vector2(self.hud.hand_slots(count)[index].center)
            return self.hud.panel_point(seat, "tiles")
        return pygame.Vector2(data)

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
        surface.blit(outline, rect.move(2, 2))
        surface.blit(image, rect)

    # ----------------------------------------------------------------- changing the game

    def apply(self, action: Action) -> list[ev.Event]:
        """Apply ``action`` to the game and animate, log and autosave what happened."""
        try:
            events = self.game.apply(action)
        except IllegalActionError as error:
            log.warning("refused %s: %s", action, error)
            self.app.assets.play("error")
            return []
        self.hint = None
        self.turn.after_apply()
        self.history.record(self.game, events)
        choreograph(events, self.shown, self.timeline, self.factor, self.colors)
        if self.factor == 0:
            self.timeline.finish()
            self.shown.sync(self.game)
        for event_type, sound in SOUNDS.items():
            if any(isinstance(e, event_type) for e in events):
                self.app.assets.play(sound)
                break
        self._ai_wait = 0.0
        if self.follow_board and any(isinstance(e, (ev.TilePlaced, ev.JungleFilled)) for e in events):
            self.fit_board()
        if any(isinstance(e, ev.TurnEnded) for e in events):
            self.autosave()
        return events

    def undo(self) -> None:
        """Undo the provisional choice, else engine decisions back to a human's decision."""
        self.timeline.finish()
        if not self.humans:
            return
        popped = self.turn.undo()
        if popped < 0:
            self.app.notify(t("play.nothing_to_undo"))
            return
        if popped > 0:
            self._temples_key = -1
            self.history.truncate(self.game)
            self._move_request = None
            self._move_answer = None
            self._hint_request = None
            self.hint = None
            self.shown.sync(self.game)
            self.curtain_for = None
            seat = self.deciding_human()
            if seat is not None and self.viewer is not None and seat != self.viewer:
                self.curtain_for = seat
        self.app.notify(t("play.undone"))

    def request_hint(self) -> None:
        """Ask the AI for a suggestion for the deciding human."""
        if not self.accepts_board_input() or self.ai is None:
            return
        self._next_id += 1
        seat = self.game.current_player()
        self._hint_request = (self._next_id, len(self.game.actions))
        self.ai.request(
            Request(self._next_id, self.hint_ai, 100 + seat, self._seed(seat) + 17, self.game.clone())
        )
        self.app.notify(t("play.hint_thinking"))

    def _seed(self, seat: int) -> int:
        base = self.config.seed if self.config.seed is not None else self.game.setup.seed or 0
        return int(base) * 1009 + seat * 7919 + 1

    def autosave(self) -> None:
        """Save a copy of the game to the autosave file, on a background thread (the write and
        its fsync take 5-15 ms: a frame). Never raises; ``flush_saves`` waits for it."""
        try:
            from cacao_game import saves
        except ImportError:
            return
        game, config, ui_state = self.game.clone(), copy.deepcopy(self.config), self.ui_state()

        def write() -> None:
            try:
                saves.save_game(saves.autosave_path(), game, config, ui_state)
            except Exception as error:  # a failed autosave must not stop the game
                log.warning("autosave failed: %s", error)

        if self._saver is None:
            self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cacao-autosave")
        self._saver.submit(write)

    def flush_saves(self) -> None:
        """Wait until every autosave started so far is written."""
        if self._saver is not None:
            self._saver.shutdown(wait=True)
            self._saver = None

    def save_game(self) -> str:
        """Save to the quick slot; returns where (for the pause overlay and Ctrl+S)."""
        from cacao_game import saves

        path = saves.slot_path(getattr(saves, "QUICK_SLOT", "quick"))
        saves.save_game(path, self.game, self.config, self.ui_state())
        return str(path)

    def quick_save(self) -> None:
        """Ctrl+S: save and say where (or why not)."""
        try:
            where = self.save_game()
        except ImportError:
            self.app.notify(t("play.saves_missing"))
            return
        except Exception as error:  # shown to the player, one line
            self.app.notify(t("play.save_failed", reason=str(error).splitlines()[0] if str(error) else error))
            return
        self.app.notify(t("play.saved", where=where))

    def fit_board(self, *, snap: bool = False) -> None:
        """Aim the camera at every tile plus a one-tile border."""
        self.camera.fit(list(self.game.jungle) + list(self.game.workers), border=1)
        if snap:
            self.camera.snap()

    # ----------------------------------------------------------------- frames

    def update(self, dt: float) -> None:
        """Camera, animations, queued input, AI, curtain, end of game."""
        self.clock += dt
        for name in self._held_pan:
            dx, dy = PAN_DIRECTIONS[name]
            self.camera.pan_pixels(-dx * PAN_SPEED * dt, -dy * PAN_SPEED * dt)
        self.camera.update(dt)
        was_busy = self.timeline.busy
        self.timeline.update(dt)
        if was_busy and not self.timeline.busy:
            self.shown.sync(self.game)
        if not self.timeline.busy:
            while self.queued and not self.timeline.busy:
                name, shift = self.queued.pop(0)
                self.game_intent(name, shift)
        self._update_hover(dt)
        self._update_ai(dt)
        self._update_curtain()
        self._clear_popup()
        self._update_end(dt)

    def _update_hover(self, dt: float) -> None:
        key = self._hover_target()
        if key != self._hover_key:
            self._hover_key = key
            self._hover_since = 0.0
        else:
            self._hover_since += dt

    def _hover_target(self) -> object:
        for seat in range(self.game.players):
            if self.hud.panel_rect(seat).collidepoint(self.mouse):
                return ("panel", seat)
        for rect, code, _count in self.hud.remaining_cells():
            if rect.collidepoint(self.mouse):
                return ("remaining", code)
        square = self.hover_square()
        return ("square", square) if square is not None else None

    def _update_ai(self, dt: float) -> None:
        if self.ai is None:
            return
        actions_done = len(self.game.actions)
        for answer in self.ai.poll():
            if self._hint_request == (answer.id, actions_done):
                self._hint_request = None
                self.hint = answer.action
                self.turn.set_provisional(answer.action)
                if hasattr(answer.action, "pos") and not hasattr(answer.action, "amount"):
                    self.camera.ensure_visible(answer.action.pos)
                self.app.notify(t("play.hint_ready"))
            elif self._move_request == (answer.id, actions_done):
                self._move_answer = answer
        if self.game.is_over() or self.deciding_human() is not None or self.timeline.busy:
            return
        self._ai_wait += dt
        if self._move_request is None or self._move_request[1] != actions_done:
            seat = self.game.current_player()
            self._next_id += 1
            self._move_request = (self._next_id, actions_done)
            self._move_answer = None
            self.ai.request(
                Request(self._next_id, self.kinds[seat], seat, self._seed(seat), self.game.clone())
            )
        pacing = float(getattr(self.app.settings, "ai_pacing", 0.6))
        if self._move_answer is not None and self._ai_wait >= pacing:
            answer, self._move_answer = self._move_answer, None
            if answer.error:
                self.app.notify(t("play.ai_error", error=answer.error))
            action = answer.action if self.game.is_legal(answer.action) else self.game.legal_actions()[0]
            self.apply(action)

    def _clear_popup(self) -> None:
        """Pan the board left, once per decision, so the edges being decided and their jungle
        tiles are not hidden under the resolution popup."""
        if not self.accepts_board_input() or self.turn.phase is not Phase.RESOLVE:
            return
        if self._popup_cleared == len(self.game.actions):
            return
        self._popup_cleared = len(self.game.actions)
        popup = self.hud.popup_rect(self.turn.choices()).inflate(48, 48)
        overlap = 0.0
        for edge in self.game.pending_edges(self.turn.seat):
            for square in (edge.pos, edge.source):
                rect = self.camera.target_square_rect(square)
                if rect.colliderect(popup):
                    overlap = max(overlap, rect.right - popup.left)
        if overlap:
            self.camera.pan_pixels(-overlap, 0)

    def _update_curtain(self) -> None:
        if self.timeline.busy or self.curtain_for is not None:
            return
        seat = self.deciding_human()
        if seat is None:
            return
        if self.viewer is None:
            self.viewer = seat
        elif seat != self.viewer:
            self.curtain_for = seat

    def _update_end(self, dt: float) -> None:
        if not self.game.is_over() or self.timeline.busy or self._left:
            return
        self._over_wait += dt
        if self._over_wait < 1.5 * self.factor:
            return
        try:
            from cacao_game.app.scenes.scoring import ScoringScene
        except ImportError as error:
            log.warning("scoring scene unavailable: %s", error)
            self._left = True
            return
        self._left = True
        self.app.replace(ScoringScene(self.app, self.game, self.config, self.history.score_history))

    def draw(self, surface: pygame.Surface) -> None:
        """Board, HUD, animations, popup, tooltip, curtain. Reads only."""
        surface.blit(self.hud.chrome(surface.get_size()), (0, 0))
        self.board.draw(surface, self.clock)
        self.hud.draw(surface)
        self.timeline.draw(surface, self)
        if self.accepts_board_input() and self.turn.phase is Phase.RESOLVE:
            self.hud.draw_popup(surface, self.turn.choices())
        if self.curtain_for is not None:
            self.hud.draw_curtain(surface, self.curtain_for)
        else:
            lines = self.tooltip()
            if lines:
                self.hud.draw_tooltip(surface, lines, self.mouse)

    def tooltip(self) -> list[str]:
        """The tooltip lines to show now: after ``TOOLTIP_DELAY`` s on the same thing."""
        if self._hover_since < TOOLTIP_DELAY or self._press is not None or self.curtain_for is not None:
            return []
        return self._tooltip_lines()

    def _tooltip_lines(self) -> list[str]:
        key = self._hover_key
        if not isinstance(key, tuple):
            return []
        kind, data = key
        if kind == "panel":
            score = self.game.score_now()[data]
            return [
                self.names[data],
                t(
                    "play.breakdown",
                    gold=score.gold,
                    temples=score.temples,
                    sun=score.sun,
                    water=score.water,
                    total=score.total,
                    cacao=score.cacao,
                ),
            ]
        if kind == "remaining":
            return [t(f"jungle.{data}").removeprefix("a ").capitalize()]
        return square_tooltip(self, data)

    def help_topics(self) -> list[tuple[str, str]]:
        """The play keys for the F1 page."""
        return [(t("play.hand"), t("play.rotate_hint")), (t("play.display"), t("play.fill_hint"))]
