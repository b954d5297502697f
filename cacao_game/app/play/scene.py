"""``PlayScene``: the table, showing one ``TableSource`` (``cacao_game.session.source``).

The source decides: a play session takes the players' commands, a replay steps through a
record, a review through a reviewed game, a remote table relays another machine's game. The
scene never asks which one it holds: it reads the source's queries and offers what its
``capabilities`` allow. The tutorial's lesson panel and the review's panel come as the
``lesson`` and ``review`` the opener hands over. The scene turns input into commands
(``controls``), shows what comes back (engine events become animations that move the shown
snapshot on with ``reduce``; notices become messages and sounds), sends the source's AI
requests to the worker process and hands the answers back after the pacing delay.

``draw`` only reads: it draws the shown snapshot, the selection and the camera.
"""

from __future__ import annotations

import gc
import logging
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import replace
from itertools import chain
from typing import TYPE_CHECKING, Final, assert_never

import pygame

from cacao_game.ai.explain import Advice
from cacao_game.app import routes, strings, theme
from cacao_game.app.flow import start_tutorial
from cacao_game.app.intents import CTRL_PREFIX, display_name
from cacao_game.app.netplay import HostedSource, JoinedSource, next_game
from cacao_game.app.play.advice import (
    draw_coach,
    hint_key,
    hint_panel,
    hint_text,
    hint_view,
    review_panel,
    review_text,
    review_view,
)
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
from cacao_game.app.play.board import (
    BoardRenderer,
    area,
    changed_squares,
    moved_tiles,
    pulses,
    temples_panel,
    tile_gap,
)
from cacao_game.app.play.camera import CALM_RATE, PAN_SPEED, Camera
from cacao_game.app.play.choreo import choreograph
from cacao_game.app.play.coach import CoachPanel
from cacao_game.app.play.controls import (
    LATER_ROWS,
    PAN_DIRECTIONS,
    Autoplay,
    AwaitHint,
    Finish,
    Fit,
    Flag,
    Highlight,
    Jump,
    Leave,
    Lesson,
    Pan,
    Pause,
    QuickSave,
    ScrollLog,
    Send,
    Speed,
    Step,
    TableCommand,
    TableInput,
    Zoom,
    others_move,
)
from cacao_game.app.play.frame import (
    PLANNED_FILL_GHOST,
    ActionView,
    BoardView,
    CoachView,
    DisplayView,
    FillView,
    Frame,
    Ghost,
    HandView,
    Memo,
    NoticeView,
    PopupView,
    SeatView,
    TempleRow,
    Tip,
    ToCome,
    headline,
)
from cacao_game.app.play.history import History
from cacao_game.app.play.host import ReviewText
from cacao_game.app.play.hud import POPUP_UNROLL, Hud, square_tooltip, table_tips, worker_lines
from cacao_game.app.play.layers import Backdrop, Part, draw_parts, merge
from cacao_game.app.play.paint import Painter
from cacao_game.app.play.presence import (
    Presence,
    SeatsSeen,
    banner_rects,
    banner_text,
    crowd_text,
    draw_notice,
    draw_tag,
    drop_notice_due,
    hint_refusal,
    left_notice,
    left_rects,
    left_seat,
    link_status,
    seat_news,
    seat_text,
    standin_notice,
    standin_played,
    standin_rects,
    tag_rect,
    turn_status,
)
from cacao_game.app.play.shown import Shown, reduce
from cacao_game.app.play.sounds import batch_sound
from cacao_game.app.play.texts import LogLine, gains_text, preview_text, refusal_text
from cacao_game.app.scale import px
from cacao_game.app.scene import Scene
from cacao_game.app.shown_names import seat_labels
from cacao_game.app.strings import decimal, problem_text, t, tn, winners_text
from cacao_game.app.tile_words import jungle_phrase
from cacao_game.config.choices import REPLAY_SPEEDS
from cacao_game.config.game import HUMAN, GameConfig
from cacao_game.engine import Action, Fill, Game, Overbuild, OverbuildBar, Phase, Place, Resolve
from cacao_game.engine import events as ev
from cacao_game.engine.scoring import SeatScore
from cacao_game.engine.tiles import DISPLAY_SIZE, JUNGLE_CODES, VOLCANO, Pos
from cacao_game.session import (
    AutosaveFailed,
    AutosaveRestored,
    Command,
    CurtainRaised,
    Cycle,
    HandShown,
    HintReady,
    Refusal,
    Refused,
    RequestHint,
    SessionEvent,
    Target,
    Undone,
)
from cacao_game.session.journal import Entry, played_by
from cacao_game.session.notices import split
from cacao_game.session.review import ReviewSession
from cacao_game.session.selection import Selection
from cacao_game.session.source import TableSource
from cacao_game.tutorial.session import TutorialSession

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

log = logging.getLogger(__name__)

AI_THINKING_WORDS: Final = {
    Phase.PLACE: "play.ai_turn",
    Phase.FILL: "play.ai_fill",
    Phase.RESOLVE: "play.ai_resolve",
}
"""What a computer seat is said to be doing while it decides, by the decision: its tile laid,
"thinking" read as if it were still choosing it (a German trial)."""
TOOLTIP_DELAY = 0.4
END_DELAY = 1.5
"""Seconds the finished board stays before the scoring scene (times the speed factor)."""
AUTOPLAY_ANIMATION = 0.8
"""The most of a replay's turn time (one turn per ``1 / speed`` s) its animations may take
while it plays on its own, the rest the table standing still."""
BESIDE_ZOOM_OUT = 0.85
"""The least zoom, as a share of the view's, at which the board moves beside a panel over it
(a hint's, the resolution popup) rather than only the squares the panel is about
(``PlayScene._clear_hint``, ``PlayScene._clear_popup``)."""
LEGAL_BESIDE_ZOOM_OUT = 0.75
"""The least zoom, as a share of the view's, at which a hint's panel moves the board with its
legal squares beside it (``PlayScene._move_beside``'s ``also``; else as ``BESIDE_ZOOM_OUT``
without them): at a game's first decisions the view is zoomed in as far as it goes and the
board beside the panel needs about 0.83 of it (a tester saw a legal square under the panel)."""
HELP_ROWS: Final = 3
"""The resolution rows the Help page names keys for (it is read outside a resolution)."""
HINT_MOVES = 2
"""How many times a hint's panel may move the board (``PlayScene._clear_hint``): the panel
takes the corner that hides least of the view it finds, so a move may send it to another
corner over a square again (a playtest saw the move about as good under the panel)."""
OVERBUILD_GHOST = 225
"""Opacity of the tile an overbuild under the mouse would lay: over a tile, a fainter ghost
would mix with the tile it covers."""
OVERBUILD_BARS = {
    OverbuildBar.JUNGLE_LEFT: "play.overbuild_later",
    OverbuildBar.NO_SUN: "play.overbuild_no_sun",
    OverbuildBar.OVERBUILT: "play.overbuild_once",
}
"""What a click on one's own tile says when it cannot overbuild it, by reason (R3.3)."""
BOARD_GRACE = 0.5
"""Seconds board clicks are ignored once the decision passes to a person at the screen from
another seat (a click meant for the computer's turn must not make the person's move)."""
PLAY_ACTIONS = ("undo", "hint", "confirm", "menu")
REPLAY_ACTIONS = ("first", "prev", "play", "next", "last", "speed")
REVIEW_ACTIONS = ("first", "prev", "next", "last", "flag_prev", "flag_next")
WATCH_ACTIONS = ("menu",)
"""A spectator's table: no move, no undo, no hint."""
WITHOUT_HINT = {
    "play.rotate_hint": "play.rotate_hint_no_hints",
    "play.resolve_keys": "play.resolve_keys_no_hints",
}
"""The keys of a decision without the Hint key, for a table without hints (``keys_text``)."""


def action_names(source: TableSource) -> tuple[str, ...]:
    """The action buttons the table offers for ``source``."""
    capabilities = source.capabilities
    if capabilities.flags:
        return REVIEW_ACTIONS
    if capabilities.step:
        return REPLAY_ACTIONS
    return PLAY_ACTIONS if capabilities.commands else WATCH_ACTIONS


class PlayScene(Scene):
    """The table for ``source``; ``ai`` overrides the AI client of a source that asks an AI.
    ``lesson`` is the tutorial session shown (its lesson panel is drawn), ``review`` the
    reviewed game shown (its verdict panel is drawn)."""

    def __init__(
        self,
        app: Shell,
        source: TableSource,
        *,
        ai: AIClient | None = None,
        lesson: TutorialSession | None = None,
        review: ReviewSession | None = None,
        net: Presence | None = None,
    ) -> None:
        super().__init__(app)
        self.source = source
        self.net = net
        """The link to the host of a game played across machines (its banner, seats away)."""
        self._rejoins = net.rejoins if net is not None else 0
        self._seats_seen = SeatsSeen.of(net, len(source.seats)) if net is not None else SeatsSeen()
        """Seats left for good and away whose news was shown (``presence.seat_news``)."""
        self._standin_seen = 0
        """Decisions looked at for the stand-in's turns to tell this screen's player of
        (``presence.standin_played``)."""
        self.lesson = lesson
        self.review = review
        self.stepped = source.capabilities.step
        """The source steps through a recorded game (the replay's buttons and keys)."""
        self.pausable = not self.stepped
        self.action_names = action_names(source)
        self.colors = [seat.color for seat in source.seats]
        self.shown = Shown.of(source.table_game())
        self.history = History.of(source.journal, self.names, self.journal_names())
        self.timeline = Timeline()
        self.camera = Camera(app.layout["board"])
        self.follow_board = True
        """The camera re-fits the board as it grows, until the player moves it (Home resumes)."""
        self.art = TileArt(app.assets)
        self.painter = Painter(app.assets)
        self.hud = self._make_hud()
        self.board = BoardRenderer(app, self.painter, self.art, self.camera)
        self.backdrop = Backdrop()
        """The still parts (backdrop, tiles, HUD) as last drawn on the screen."""
        self._moving: list[pygame.Rect] = []
        """Where the last frame drew its moving parts on the screen (over the backdrop)."""
        self._still: Hashable = None
        """The signature of the last frame's moving parts (``_still_signature``)."""
        self._tip: tuple[Hashable, pygame.Rect] | None = None
        """The tooltip on the screen when drawn over all else (``_tip_plan``): kept, not drawn
        again, while neither it nor anything beneath it changes."""
        self._tiles_drawn: tuple[Hashable, Shown, dict[Pos, pygame.Rect]] | None = None
        """The camera (``BoardRenderer.view_key``), snapshot and tiles' areas (by square, as the
        camera put them when it last moved) the backdrop shows."""
        self.ai = AILink(ai)
        self.coach = CoachPanel(self, lesson) if lesson is not None else None
        """The lesson panel of a tutorial game, else None."""
        self.highlight_seat: int | None = None
        self.input = TableInput(app.intents)
        self.hint_awaited = False
        """H was pressed during another seat's move: the hint is asked for once the player's
        decision is up (``AwaitHint``), unless another seat's turn comes first."""
        self.hint_awaited_during: int | None = None
        """The seat whose move was shown when the awaited hint was asked."""
        self.log_scroll = 0
        """Log lines scrolled back from the newest (the wheel over the log)."""
        self.autoplay = False
        """A replay plays on its own (one turn per ``1 / REPLAY_SPEEDS[autoplay_speed]`` s)."""
        self.autoplay_speed = REPLAY_SPEEDS.index(1.0)
        self._autoplay_wait = 0.0
        self._playback = 1.0
        """How much faster than set the animations of the turn a replay plays on its own run
        (``playback_rate``)."""
        self.clock = 0.0
        self._over_wait = 0.0
        self._scoring = self.shown.over
        """The game's last turn has ended on screen: its temples are being scored (or were)."""
        self._left = False
        self._popup_cleared = -1
        self._popup_frames = 0
        """Updates the resolution panel has been shown in, one after another (0: not shown)."""
        self._popup_moved: tuple[tuple[float, float, float], tuple[float, float, float]] | None = None
        """The camera's aim (x, y, scale) before and after the resolution popup moved the
        board aside, until the view goes back (``_clear_popup``)."""
        self._review_cleared = -1
        self._hint_cleared: Advice | None = None
        """The hint whose panel ``_clear_hint`` last looked at."""
        self._hint_moves = 0
        """Times the board moved out from under the hint ``_hint_cleared``'s panel."""
        self._hint_zoom: tuple[float, float] | None = None
        """The camera's zoom before the hint's panel first moved the board aside and after it
        last did, until the hint is gone (``_zoom_back``)."""
        self._hint_pin: pygame.Rect | None = None
        """Where the hint's panel stays: the board moved beside it (``_clear_hint``)."""
        self._others_turn = False
        """Another seat (a computer, or a turn animating) has had the table since a person last
        could decide: the next decision waits ``BOARD_GRACE`` for board clicks."""
        self.ready_at = 0.0
        self._framed_for: tuple[int, Phase] | None = (len(source.journal), self.turn.phase)
        """The decision (journal length, phase) whose squares the camera brought into view (the
        first one is the view the table opens with)."""
        self._notice_covers: tuple[pygame.Rect, ...] = ()
        """The notice over the board as of the last update (``notice_covers``)."""
        self._scores: Memo[tuple[SeatScore, ...]] = Memo()
        self._workers: Memo[tuple[tuple[str, ...], ...]] = Memo()
        self._tips: Memo[tuple[Tip, ...]] = Memo()
        self._log_tips: Memo[tuple[Tip, ...]] = Memo()
        self._temples: Memo[tuple[TempleRow, ...]] = Memo()
        self._hint_words: Memo[tuple[str, tuple[str, ...]]] = Memo()
        self._review_words: Memo[ReviewText | None] = Memo()
        """Parts of the frame built again only when their inputs change."""
        camera = source.view.get("camera")
        if isinstance(camera, dict):  # a view the player moved (``_keep_view``)
            self.camera.load_dict(camera)
            self.follow_board = False
            self._framed_for = None  # a view saved in another window may cut the squares off (trial)
        else:
            self.fit_board(snap=True)
        self.frame = self.build_frame()
        """What the table draws now: built once per update (``build_frame``)."""

    # ----------------------------------------------------------------- lifecycle

    def enter(self) -> None:
        """Start the AI of a source that asks one (a worker process unless one was given);
        set the objects alive now (the game, the art, the fonts, the app) aside from the
        collector's full passes (``gc.freeze``): walking them took 30-40 ms, a frame's
        stall every few thousand frames. ``exit`` hands them back."""
        if self.source.capabilities.ai:
            self.ai.start()
        gc.collect()
        gc.freeze()

    def exit(self) -> None:
        """Carry out the keys pressed during the last animation (a Confirm is a decision the
        player made), stop the AI worker, finish the pending autosave."""
        if self.source.capabilities.commands:
            for _ in range(len(self.input.queued)):
                self.timeline.finish()
                self.drain()
        self._left = True
        self.ai.close()
        self.release_images()
        self.source.close()
        gc.unfreeze()

    def release_images(self) -> None:
        """Drop this table's cached images (it is leaving; nothing must wait for the collector)."""
        self.art.clear()
        self.painter.clear()
        self.board.clear()
        self.hud.clear()
        self.backdrop.clear()
        self._tiles_drawn = None

    def resume(self) -> None:
        """Back on top (after Settings, say): the undo setting applies from now on."""
        self.source.set_undo(self.app.settings.undo_policy)

    def pause(self) -> None:
        """Drop held keys and drags when an overlay opens, and the tooltip with them (a
        playtest saw a hand tile's tooltip stay up under the pause menu and its question)."""
        self.input.release()
        self.frame = self.build_frame()

    def handle(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """Input: the commands each event means on the frame on screen, carried out in order
        (the frame is built again after each event that did something); returns what the
        table did not use. While the link to a host is down, its banner's button leads back
        to the menu."""
        unused: list[pygame.event.Event] = []
        for event in events:
            if self._banner_click(event):
                self.app.home()
                return []
            if self._standin_click(event):
                continue
            commands, rest = self.input.handle([event], self.frame, self.hud, self.camera)
            unused += rest
            if commands:
                self.run(commands)
                self.frame = self.build_frame()
        return unused

    def drain(self) -> None:
        """Carry out the intents queued during an animation, one by one on a fresh frame,
        until one starts an animation again."""
        while not self.timeline.busy and self.input.queued:
            self.frame = self.build_frame()
            commands = self.input.drain(self.frame)
            if not commands and not self.input.queued:
                break
            self.run(commands)

    def _ask_awaited_hint(self) -> None:
        """Ask for the hint H asked for during another seat's move once the player's decision
        is up (no animation left); forget it when the game ends first, and say hints are for
        the player's turn when a seat other than the one then shown comes to decide first (a
        tester's hint, asked during one computer's move, came after the next computer's whole
        turn: a move nobody asked for by then)."""
        if not self.hint_awaited:
            return
        if self.game.is_over():
            self.hint_awaited = False
        elif others_move(self.frame) and self.frame.heading_seat != self.hint_awaited_during:
            self.hint_awaited = False
            self.app.notify(t("play.hint_not_your_turn"))
        elif not self.timeline.busy and self.source.accepts_input():
            self.hint_awaited = False
            self.frame = self.build_frame()
            self.run([Send(RequestHint())])

    def overbuild_bar(self, pos: Pos) -> OverbuildBar | None:
        """Why a click on ``pos``, one of the deciding seat's own tiles, cannot overbuild it
        now, when the player at the screen places (a trial's click on their own tile with no
        sun token did nothing and said nothing); None for any other click."""
        game = self.game
        tile = game.workers.get(pos)
        if tile is None or tile.seat != game.mover or not self.source.accepts_input():
            return None
        bar = game.overbuild_bar(pos)
        return bar if bar in OVERBUILD_BARS else None

    def run(self, commands: Sequence[TableCommand]) -> None:
        """Carry out table commands (from input, in order)."""
        for command in commands:
            match command:
                case Send(RequestHint()) | AwaitHint() if self.hints_off():
                    self.app.notify(self.hints_off_text())
                case Send(RequestHint() as hint):
                    if not self.source.accepts_input() and self.frame.curtain is None:
                        refusal = hint_refusal(self.net) if self.net is not None else None
                        if refusal is not None:
                            self.app.notify(refusal)
                            continue
                        if self.game.is_over():
                            waiting = "play.hint_game_over"
                        elif self.hint_awaited:
                            waiting = "play.hint_awaited"
                        else:
                            waiting = "play.hint_not_your_turn"
                        self.app.notify(t(waiting))
                        continue
                    self.send(hint)
                    if self.source.hint_pending():
                        self.app.notify(t("play.hint_thinking"))
                case Send(Cycle() as cycle):
                    self.send(cycle)
                    action = self.turn.provisional
                    if action is not None and self.turn.phase is not Phase.RESOLVE:
                        self.camera.ensure_visible(action.pos)
                case Send(Target(pos) as target):
                    bar = self.overbuild_bar(pos)
                    if bar is not None:
                        self.app.notify(t(OVERBUILD_BARS[bar]))
                    self.send(target)
                case Send(other):
                    self.send(other)
                case Finish():
                    self.timeline.finish()
                case Step(delta):
                    self.step_replay(delta)
                case Jump(position):
                    self.jump_replay(position)
                case Flag(direction):
                    self.jump_flag(direction)
                case Autoplay():
                    self.toggle_autoplay()
                case Speed():
                    self.next_speed()
                case Zoom(factor, at):
                    self.follow_board = False
                    self.camera.zoom(factor, at)
                case Pan(dx, dy, immediate):
                    self.follow_board = False
                    self.camera.pan_pixels(dx, dy, immediate=immediate)
                case Fit():
                    self.follow_board = True
                    self.fit_board()
                case ScrollLog(lines):
                    self.scroll_log(lines)
                case Highlight(seat):
                    self.highlight_seat = None if self.highlight_seat == seat else seat
                case QuickSave():
                    self.quick_save()
                case Pause():
                    self.app.open(routes.Pause())
                case Leave():
                    self.app.pop()
                case Lesson(name):
                    if self.coach is not None:
                        self.coach.press(name)
                case AwaitHint():
                    if not self.hint_awaited:
                        self.hint_awaited_during = self.frame.heading_seat
                    self.hint_awaited = True
                    self.app.notify(t("play.hint_awaited"))
                case _:
                    assert_never(command)

    def _banner_click(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or banner_text(self.net) is None:
            return False
        return self.banner_button().collidepoint(event.pos)

    def standin_seat(self) -> int | None:
        """The dropped seat the hosting window may let the AI play now (its notice is up)."""
        if self.net is None or banner_text(self.net) is not None or self.game.is_over():
            return None
        seat = self.net.waiting_on()
        return seat if seat is not None and drop_notice_due(self.net, seat) else None

    def standin_button(self) -> pygame.Rect:
        """Where the Let the AI play now button is."""
        return standin_rects(self.hud.anchors["board"], self.notice_avoid())[1]

    def _standin_click(self, event: pygame.event.Event) -> bool:
        """A click on the hosting window's notice button: Let the AI play now (or Free the
        seat) for a dropped seat, Let the AI play for a seat left with no AI to play it."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self.net is None:
            return False
        seat = self.standin_seat()
        if seat is not None and self.standin_button().collidepoint(event.pos):
            self.net.stand_in_now(seat)
        else:
            seat = self.left_ai_seat()
            if seat is None or not self.standin_button().collidepoint(event.pos):
                return False
            self.net.let_ai_play(seat)
        self.input.clicked(self.clock)
        return True

    def left_ai_seat(self) -> int | None:
        """The seat left with no AI to play it whose notice the hosting window shows with Let
        the AI play (a trial's freed seat could only wait for a new player), else None."""
        if self.net is None or not self.net.hosting or self.left_notice() is None:
            return None
        return left_seat(self.net, self.source.deciding_seat())

    def banner_button(self) -> pygame.Rect:
        """Where the Back to menu button of the connection banner is."""
        return banner_rects(self.hud.anchors["board"], self.notice_avoid())[1]

    def notice_avoid(self) -> pygame.Rect | None:
        """What the connection banner and the presence notices keep clear of: the worker
        choice panel while it is up (at the board's top right)."""
        popup = self.frame.popup
        return None if popup is None else self.hud.popup_rect(popup.outcomes)

    @property
    def mouse(self) -> tuple[int, int]:
        """The mouse position as last seen."""
        return self.input.mouse

    # ----------------------------------------------------------------- what the drawing reads

    @property
    def game(self) -> Game:
        """The game as the seat at the screen sees it (the drawing shows ``shown``)."""
        return self.source.table_game()

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
        seats = self.source.seats
        return seat_labels(self.app.assets, [seat.name for seat in seats], [seat.kind for seat in seats])

    def entry_names(self, entry: Entry) -> list[str]:
        """The seats' names shown for the decision ``entry``: those it was made under
        (``Entry.names``), else the seats' names now."""
        if not entry.names:
            return self.names
        return seat_labels(self.app.assets, entry.names, [seat.kind for seat in self.source.seats])

    def journal_names(self) -> list[list[str]]:
        """``entry_names`` of every decision of the source's journal."""
        shown: dict[tuple[str, ...], list[str]] = {}
        out = []
        for entry in self.source.journal:
            if entry.names not in shown:
                shown[entry.names] = self.entry_names(entry)
            out.append(shown[entry.names])
        return out

    @property
    def tutorial(self) -> TutorialSession | None:
        """The tutorial session shown, if this table is the guided first game."""
        return self.lesson

    @property
    def kinds(self) -> list[str]:
        """Each seat's kind."""
        return [seat.kind for seat in self.source.seats]

    @property
    def humans(self) -> frozenset[int]:
        """The seats played at the table."""
        return self.source.humans

    @property
    def hint(self) -> Action | None:
        """The hinted action, if any."""
        return self.source.hint

    def hint_on_board(self) -> bool:
        """Whether the board still shows the hinted move: a placement as hinted (square, tile
        and turn), a fill's every hinted tile on its space; a resolution's hinted row stays
        marked in its popup whatever is chosen. False once the player turned or moved the
        hinted tile, chose another or took a tile back."""
        advice, hint = self.source.advice, self.hint
        if advice is None or hint is None:
            return False
        if isinstance(hint, Place | Overbuild):
            return self.turn.provisional == hint
        if isinstance(hint, Fill):
            given = self.turn.assignments()
            fills = [a for a in (advice.whole or (hint,)) if isinstance(a, Fill)]
            return all(given.get(fill.pos) == (fill.tile, fill.rotation) for fill in fills)
        return True

    def hint_note(self) -> str | None:
        """The hint panel's first line while the board no longer shows the hinted move."""
        return None if self.hint_on_board() else self.keys_text("coach.hint_moved")

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
        mover of the turn on the table while it animates, else the deciding seat; in a replay
        stepped by turns, the mover of the turn it shows (``replayed_turn``)."""
        replayed = self.replayed_turn()
        if replayed is not None:
            return None if self._scoring or self.shown.over else replayed[1]
        if self.timeline.busy:
            return None if self._scoring else self.shown.mover
        return self.source.deciding_seat()

    def pending_choices(self, seat_now: int | None) -> frozenset[int]:
        """The seats played at the screen, other than ``seat_now`` and the mover, with an
        off-turn choice still to make this turn (markets and plantations their workers face,
        unless the rules resolve them without asking, R3.10)."""
        game = self.game
        if self.timeline.busy or game.is_over():
            return frozenset()
        return frozenset(
            seat for seat in self.humans if seat not in (seat_now, game.mover) and game.choice_ahead(seat)
        )

    def accepts_board_input(self) -> bool:
        """Whether a human at the screen decides now, with nothing in the way."""
        return self.source.accepts_input() and not self.timeline.busy

    def hand_seat(self) -> int | None:
        """Whose hand the hand bar shows face up, or None (face down). Where every hand is
        public (a recorded game) it is the current seat's, the one the header names; in hot
        seat a hand is face up only while its seat is the current seat on the table,
        animations included."""
        if self.source.capabilities.open_hands:
            return self.current_seat()
        seat = self.source.face_up_seat()
        if self.source.hot_seat and seat != self.current_seat():
            return None
        return seat

    def seat_kind_text(self, seat: int) -> str:
        """The seat panel's line under the name: the kind, or nothing where the name already
        says it (a trial read "Hard AI / Hard AI"); a timed AI's thinking time beside it
        ("Expert AI · 2 s per decision", or "2 s per decision" under the name "Expert AI": a trial found
        the time nowhere in the game); at a table across machines a player's seat says whose
        it is (You, Remote player, Disconnected, AI stands in)."""
        if self.net is not None and self.kinds[seat] == HUMAN:
            return seat_text(self.net, seat, self.source.face_up_seat())
        label = self.kind_label(seat)
        seconds = self.source.seats[seat].think_time if self.lesson is None else None
        if label != self.names[seat]:
            return strings.timed_label(label, seconds)
        return "" if seconds is None else t("play.thinks", seconds=strings.short_number(seconds))

    def kind_label(self, seat: int) -> str:
        """``Human`` or the AI level of ``seat``; the tutorial's scripted opponent is the guide
        (she plays the lesson's moves, not an AI level's)."""
        if self.lesson is not None and seat not in self.humans:
            return t("tutorial.guide_kind")
        return strings.kind_label(self.kinds[seat])

    def remaining_jungle(self) -> tuple[ToCome, ...]:
        """The jungle tiles not yet on the board as shown (the pile and the display), by kind,
        with those in the pile: every jungle tile of the game (on the board, in the display,
        in the pile: a sum that never changes) less those on the shown board, so the counts
        agree with the board, display and pile drawn in the same frame, mid-animation too."""
        game, shown = self.game, self.shown
        every = (
            game.unseen_jungle() + Counter(game.display) + Counter(code for code, _ in game.jungle.values())
        )
        to_come = every - Counter(code for code, _ in shown.jungle.values())
        in_pile = to_come - Counter(shown.display)
        return tuple(ToCome(code, to_come[code], in_pile[code]) for code in JUNGLE_CODES if to_come[code])

    def remaining_workers(self, seat: int) -> Counter[str]:
        """``seat``'s worker tiles in hand and pile as shown: those of the game and those it
        has laid since the shown board (``remaining_jungle``'s rule, so that a seat's tooltip
        agrees with its panel's counts mid-animation: a review found the tile just drawn
        listed in the pile)."""

        def laid(board: Game | Shown) -> Counter[str]:
            tiles = chain(board.workers.values(), board.covered.values())
            return Counter(tile.tile for tile in tiles if tile.seat == seat)

        return self.game.remaining_workers(seat) + laid(self.game) - laid(self.shown)

    def visible_log(self) -> list[LogLine]:
        """The log lines of everything shown so far."""
        return self.history.lines

    def last_move(self) -> tuple[int, Pos | None, list[Pos]] | None:
        """Seat, placed square and filled squares of the latest placement shown."""
        return self.history.last_move()

    def replayed_turn(self) -> tuple[int, int] | None:
        """In a replay stepped by turns: the turn whose moves the board shows last (counted
        from 1; 0 at the deal) and its mover (at the deal, the first). The header, the
        counter, the highlighted panel and the hand name the move on screen from the moment
        its step starts, while its tile flies in and after (a trial stepping read turns 2, 3,
        4, 4, 6: the header named the next turn once a step had ended; another saw a tile
        slide in under the previous turn's heading). None elsewhere."""
        stepping = self.source.stepping()
        if stepping is None or stepping.decisions:
            return None
        history = self.history
        moves = history.moves
        if self.timeline.busy and (not moves or moves[-1].turn != history.turn):
            return history.turn + 1, self.shown.mover
        if not moves:
            return 0, self.shown.mover
        return moves[-1].turn + 1, moves[-1].seat

    def headline(self) -> tuple[int | None, str]:
        """The current seat and the title of its turn."""
        seat = self.current_seat()
        return seat, self.heading(seat)

    def heading(self, seat: int | None) -> str:
        """The title of the turn on the table, ``seat`` being the current seat (``current_seat``)."""
        replayed = self.replayed_turn()
        if replayed is None:
            return headline(self.shown.turn + 1, self.shown.mover, seat, self.names)
        turn, mover = replayed
        if turn == 0 and seat is not None:
            return t("replay.deal", name=self.names[mover])
        return headline(turn, mover, seat, self.names)

    def result_text(self) -> str:
        """Who won, in one sentence (the game is over)."""
        return winners_text([self.names[s] for s in self.game.winners()])

    def status_text(self) -> str:
        """What to do now, in one line."""
        stepping = self.source.stepping()
        if stepping is not None and stepping.decisions and stepping.at_end:
            return tn("review.status_end", stepping.reviewed)  # not "step 49 of 49" twice
        if stepping is not None and stepping.decisions:
            keys = t("review.keys" if self.action_enabled("flag_next") else "review.keys_last")
            if stepping.decision is not None and not self.timeline.busy:
                return t("review.status", decision=stepping.decision, decisions=stepping.reviewed, keys=keys)
            # a turn's start, or a step still animating: the turn shown, as the header names it
            return t("review.status_turn", turn=self.shown.turn + 1, keys=keys)
        replayed = self.replayed_turn()
        if stepping is not None and replayed is not None:
            return t("replay.status", turn=replayed[0], turns=stepping.steps)
        game = self.game
        seat = self.current_seat()
        if seat is None:
            return self.result_text() if self.shown.over else t("play.final_scoring")
        name = self.names[seat]
        presence = None
        if self.net is not None:
            notice = self.standin_seat() == seat
            presence = link_status(self.net) or turn_status(self.net, seat, name, notice)
        if presence is not None:
            return presence
        if self.timeline.busy:
            return t("play.animating", name=name)
        if self.lesson is not None and self.lesson.coach.holds_coco(self.lesson.game):
            return t("tutorial.status_next")
        if self.net is not None and self.net.watching:
            return t("net.watching_status", name=name)
        if seat not in self.humans:
            remote = self.net is not None and self.kinds[seat] == HUMAN
            if remote:
                return t("net.waiting_for", name=name)
            if self.net is None and self.ai.overdue(self.source) == seat:
                return t("play.ai_overdue", name=name)
            return t(AI_THINKING_WORDS.get(game.phase, "play.ai_turn"), name=name)
        if self.curtain_for is not None:
            return t("play.curtain", name=self.names[self.curtain_for])
        if self.source.hint_pending():
            return t("play.hint_thinking")
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
        """The keys of the current decision; none while a lesson's note waits (Enter turns
        its page then, as its Next button says, and does not confirm)."""
        if not self.accepts_board_input():
            return ""
        if self.coach is not None and self.coach.wants_confirm():
            return ""
        if self.game.phase is Phase.FILL:
            return self.keys_text(self.fill_hint_key(self.turn.fill_sources()))
        if self.game.phase is Phase.PLACE:
            return self.keys_text("play.rotate_hint")
        if self.game.phase is Phase.RESOLVE:
            return self.keys_text("play.resolve_keys")
        return ""

    def fill_hint_key(self, tiles: Sequence[str] | None = None) -> str:
        """The keys of a fill: turning a tile matters only to a volcano, so they name it in the
        volcano variant and, given the fill's ``tiles`` now, only when a volcano is among them."""
        volcano = self.config.variant == "volcano" and (tiles is None or VOLCANO in tiles)
        return "play.fill_hint" if volcano else "play.fill_hint_base"

    def keys_text(self, key: str) -> str:
        """String ``key`` with the keys bound now (``key_names``); where hints are off
        (``hints_off``), the keys of a decision leave the Hint key out (``WITHOUT_HINT``)."""
        if self.hints_off():
            key = WITHOUT_HINT.get(key, key)
        return t(key, **self.key_names())

    def hints_off(self) -> bool:
        """The player decides at this table, which gives no hints (a host turned them off):
        the Hint button is greyed, the keys leave H out, and H says why (``play.hints_off``)."""
        capabilities = self.source.capabilities
        return capabilities.commands and not capabilities.hint

    def hints_off_text(self) -> str:
        """Why a table across machines gives no hints: the host's choice, or in the hosting
        window the player's own (a trial's host was told it was the host's choice)."""
        hosting = self.net is not None and self.net.hosting
        return t("play.hints_off_yours" if hosting else "play.hints_off")

    def key_names(self) -> dict[str, str]:
        """The keys bound now, by placeholder: ``rotate`` (anticlockwise/clockwise),
        ``confirm``, ``cycle``, ``undo``, ``hint``, ``rows`` (a number key for each row of the
        resolution panel: "1/2" for two rows, "1/2/3", then the digits of further rows:
        "1/2/3/4…6", as ``controls.later_row`` reads them; outside a resolution ``HELP_ROWS``
        rows, for the Help page: a trial read "1 choose a row" there), ``tiles`` (a number key for each
        display tile a fill may take now, as ``TableInput`` reads them; outside a fill, as
        many as the display holds: the Help page), each its first key without Ctrl."""
        intents = self.app.intents
        rows = len(self.turn.outcomes()) if self.game.phase is Phase.RESOLVE else HELP_ROWS
        tiles = len(self.turn.fill_sources()) if self.game.phase is Phase.FILL else DISPLAY_SIZE

        def first(intent: str) -> str:
            keys = intents.keys_for(intent)
            plain = [k for k in keys if not k.startswith(CTRL_PREFIX)] or keys
            return display_name(plain[0]) if plain else "—"

        return {
            "rotate": f"{first('rotate_ccw')}/{first('rotate_cw')}",
            "confirm": first("confirm"),
            "cycle": first("cycle"),
            "undo": first("undo"),
            "hint": first("hint"),
            "rows": "/".join(
                [first(f"select_{row}") for row in (1, 2, 3)[: max(1, rows)]] + later_rows(rows)
            ),
            "tiles": "/".join(first(f"select_{tile}") for tile in (1, 2, 3)[: max(1, tiles)]),
        }

    def action_enabled(self, name: str) -> bool:
        """Whether action button ``name`` does something now."""
        source = self.source
        if name.startswith("flag_"):
            review = self.review
            return review is not None and review.flag_target(1 if name == "flag_next" else -1) is not None
        stepping = source.stepping()
        if stepping is not None:
            if name == "speed":
                return True
            if name == "play":
                return self.autoplay or not stepping.at_end
            return not stepping.at_start if name in ("first", "prev") else not stepping.at_end
        if name == "undo":
            return source.capabilities.undo and not isinstance(source.undo_check(), Refused)
        if name == "hint" and self.hints_off():
            return False
        if name in ("hint", "confirm"):
            if not self.accepts_board_input():
                return False
            return name == "hint" or self.turn.confirm() is not None
        return True

    def action_view(self, name: str) -> ActionView:
        """Action button ``name`` as drawn now."""
        enabled = self.action_enabled(name)
        return ActionView(
            name, self.action_label(name), self.action_keys(name), enabled, self.action_tip(name, enabled)
        )

    def action_tip(self, name: str, enabled: bool) -> tuple[str, ...]:
        """The lines of action button ``name``'s tooltip under its label: what it does and,
        when it does not work now (``enabled`` False), that it does not. Undo across machines,
        always strict there, points at no setting; Menu offers no Save where the game is not
        saved here (a tester's network game promised one)."""
        if name == "undo" and self.net is not None:
            about = t("tip.action.undo_net")
        elif name == "menu" and not self.can_save():
            about = t("tip.action.menu_unsaved")
        elif name == "hint" and self.coach is not None:
            about = t("tip.action.show_me")
        else:
            about = t(f"tip.action.{name}")
        if enabled:
            return (about,)
        return (about, self.hints_off_text() if name == "hint" and self.hints_off() else t("tip.action_off"))

    def action_label(self, name: str) -> str:
        """The label of action button ``name`` (in a lesson, Hint is the lesson's Show me, as
        its panel calls the same key: a trial read two buttons on H and wondered which)."""
        if name == "hint" and self.coach is not None:
            return t("tutorial.show")
        if not self.stepped:
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
        """The keys of action button ``name``, as shown under its label and in its tooltip (none
        under Confirm while a lesson's note waits: its keys then turn the page; none under a
        Hint the host turned off)."""
        if self.stepped:
            keys = {"first": "home", "prev": "left", "next": "right", "last": "end"}
            if name in keys:
                return display_name(keys[name])
            label = self.app.intents.label({"play": "confirm", "speed": "cycle"}.get(name, "cycle"))
            return t("key.shift", key=label) if name == "flag_prev" else label
        if name == "confirm" and self.coach is not None and self.coach.wants_confirm():
            return ""  # a lesson's note takes Enter and Space (its Next button says so)
        if name == "hint" and self.hints_off():
            return ""  # the host turned hints off: H only says so
        return self.app.intents.label({"menu": "pause"}.get(name, name))

    def thinking_seat(self) -> int | None:
        """The computer seat whose answer is awaited (for a spinner), else None."""
        if self.ai.held is not None or self.timeline.busy:
            return None
        return self.source.waiting_for_ai()

    def thinking_progress(self) -> tuple[int, float] | None:
        """The computer seat whose timed move this table awaits and the part of its thinking
        time passed (``AILink.thinking``), from the moment it was asked, so also while the
        move before it is still animating; at a table across machines, the host's word of its
        AI thinking (``Presence.thinking``); else None (no seat thinks, its answer is in, a
        level without a thinking time)."""
        if self.net is not None:
            return self.net.thinking()
        return self.ai.thinking(self.source)

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
                return self.hud.panel_point(seat, item, self.shown)
            case DisplaySlot(index):
                slots = self.hud.display_slots()
                return pygame.Vector2(slots[min(index, len(slots) - 1)].center)
            case OnPile():
                return pygame.Vector2(self.hud.pile_rect().center)
            case HandSlot(seat, index, count):
                if seat == self.frame.hand_seat:  # the hand drawn (drawing reads only the frame)
                    return pygame.Vector2(self.hud.hand_slots(max(count, index + 1))[index].center)
                return self.hud.panel_point(seat, "tiles", self.shown)
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

    def board_glow(self, surface: pygame.Surface, pulse: Pulse, strength: float) -> pygame.Rect:
        """A pulse's glow on the board (clipped to the board)."""
        clip = surface.get_clip()
        view = clip.clip(self.camera.viewport)
        surface.set_clip(view)
        drawn = self.board.glow(surface, pulse.pos, pulse.side, strength, pulse.color)
        surface.set_clip(clip)
        return drawn.clip(view)

    def float_text(
        self, surface: pygame.Surface, text: str, at: pygame.Vector2, alpha: int, color: RGB
    ) -> pygame.Rect:
        """Floating text for an animation; returns the area drawn on."""
        image = self.painter.text_image(text, 24, "black", color)
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        outline = self.painter.text_image(text, 24, "black", (30, 20, 10))
        rect = image.get_rect(center=(round(at.x), round(at.y)))
        shadow = surface.blit(outline, rect.move(px(2), px(2)))
        return surface.blit(image, rect).union(shadow)

    # ----------------------------------------------------------------- changing what is shown

    def send(self, command: Command) -> list[SessionEvent]:
        """Hand ``command`` to the source and show what it caused."""
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
                case Undone(decisions, seat):
                    if decisions:
                        # back across turns: the view the table opens with there (a trial saw it
                        # stay zoomed out); one decision of one's own: the view kept (a trial's
                        # next click, aimed before Undo, missed its square)
                        self.resync(settle=decisions > 1)
                        if self.follow_board and decisions > 1:
                            self.fit_board()
                    self.app.notify(self.undone_words(decisions, seat))
                case Refused():
                    self._refused(event)
                case HintReady(action, advice):
                    self.input.tabbed = True  # the move under a resting mouse gives way, as after Tab
                    if advice is None:
                        self.app.notify(t("play.hint_ready"))
                    else:
                        self.app.withdraw(t("play.hint_thinking"))
                    if advice is not None:
                        self.camera.include(hint_key(advice), border=1)
                    elif not isinstance(action, Resolve):
                        self.camera.ensure_visible(action.pos)
                case AutosaveFailed(reason):
                    self.app.notify(t("play.autosave_failed", reason=reason))
                case AutosaveRestored():
                    self.app.notify(t("play.autosave_ok"))
                case HandShown(seat):
                    self._reveal_hand(seat)
                case CurtainRaised():
                    pass
                case _:
                    assert_never(event)

    def undone_words(self, decisions: int, seat: int | None) -> str:
        """What an undo says: who took back their move (from another screen), else, when it
        went back more than one decision (the casual undo takes back the computer's moves
        since), how many and to which turn (a trial's one U went back three turns and read
        "Undone" alone)."""
        if seat is not None and seat < len(self.names):
            return t("play.undone_by", name=self.names[seat])
        if decisions > 1:
            return tn("play.undone_many", decisions, turn=self.game.turn + 1)
        return t("play.undone")

    def _refused(self, refusal: Refused) -> None:
        text = refusal_text(refusal, self.names, network=self.net is not None)
        if text is None and refusal.reason is Refusal.CONFIRM_NOTHING:
            text = self.nothing_to_confirm()
        if text is not None:
            self.app.notify(text)
        else:
            self.app.assets.play("error")

    def nothing_to_confirm(self) -> str | None:
        """What Confirm lacks now, in words with the keys bound (a playtest pressed Enter in
        a fill with no tile given and saw nothing happen): the spaces still without a tile,
        or the square not chosen yet, or that the hint asked for is on its way (its move is
        chosen then); None in a resolution (a row is always focused)."""
        if self.source.hint_pending():
            return t("play.hint_thinking")
        turn = self.turn
        if turn.phase is Phase.FILL:
            missing = max(1, turn.to_assign() - len(turn.assignments()))
            return tn("play.fill_missing", missing, **self.key_names())
        if turn.phase is Phase.PLACE:
            return self.keys_text("play.place_missing")
        return None

    def _animate(self, events: Sequence[ev.Event]) -> None:
        choreograph(events, self.shown, self.timeline, self.factor, self.colors, self._commit)
        if self.factor == 0:
            self.timeline.finish()
        sound = batch_sound(events)
        if sound is not None:
            self.app.assets.play(sound)
        self.ai.waited = 0.0
        laid = [e.pos for e in events if isinstance(e, (ev.TilePlaced, ev.JungleFilled))]
        if self.follow_board and laid:
            # the tiles still to be animated count too, or one may land under the temples panel
            self.follow([*self.board_squares(), *laid])

    def _commit(self, event: ev.Event) -> None:
        self.shown = reduce(self.shown, event)
        journal = self.source.journal
        entry = next((e for e in reversed(journal) if event in e.events), None)
        if isinstance(event, ev.TurnEnded):
            self._scoring = self.game.is_over() and bool(journal) and event in journal[-1].events
        elif isinstance(event, ev.GameEnded):
            self._scoring = True
        totals = entry.totals if entry is not None and isinstance(event, ev.TurnEnded) else None
        before = len(self.history.lines)
        if entry is None:
            self.history.add(event, totals, self.names)
        else:
            self.history.add(event, totals, self.entry_names(entry), entry.standin_seat)
        self._keep_log_in_place(before)

    def _keep_log_in_place(self, before: int) -> None:
        """The log had ``before`` lines: scrolled back, it keeps showing the same lines while
        lines come or go at its end (its scroll bar says there is more below); at its end it
        follows the newest."""
        if self.log_scroll:
            self.log_scroll = max(0, self.log_scroll + len(self.history.lines) - before)

    def _reveal_hand(self, seat: int) -> None:
        """Show ``seat``'s hand, face up now, as that seat sees it: the snapshot was taken from
        the previous viewer's view, which held stand-ins for this hand."""
        hands = list(self.shown.hands)
        hands[seat] = tuple(self.source.table_game().hands[seat])
        self.shown = replace(self.shown, hands=tuple(hands))

    def resync(self, *, settle: bool = True) -> None:
        """Show the source's game as it is now, without animation (after an undo or a jump).
        A camera that follows the board centres it again, or with ``settle`` False only moves
        if the board or the squares to play left the view."""
        self.timeline.cancel()
        self.shown = Shown.of(self.source.table_game())
        self._scoring = self.shown.over
        before = len(self.history.lines)
        self.history = History.of(self.source.journal, self.names, self.journal_names())
        self._keep_log_in_place(before)
        self.ai.reset()
        self.input.queued.clear()
        if self.follow_board and settle:
            self.follow(self.board_squares())
        elif self.follow_board:
            self.camera.keep_in_view(self.board_squares())
            self.camera.keep_in_view(self.turn.targets(), border=0)
        self.frame = self.build_frame()

    def follow(self, squares: list[Pos]) -> None:
        """The camera follows the board (the player has not moved it since the last fit):
        the view zooms out only when ``squares`` outgrow it, and stays centred on them (a
        playtest saw the board left of the middle after a fill grew it on one side)."""
        self.camera.keep_in_view(squares)
        self.camera.centre(squares)

    def step_replay(self, delta: int) -> None:
        """A stepped source: one step forward (animated) or back. In a review, a step forward
        while the last one animates only finishes it: every step shows its decision (a retest
        pressed → twice and never saw the decision the first press reached)."""
        if self.stepped:
            if delta > 0 and self.review is not None and self.timeline.busy:
                self.timeline.finish()
                return
            self.timeline.finish()
            events = self.source.step(delta)
            if events is None:
                self.resync()
            elif events:
                self._animate(events)

    def jump_replay(self, position: int) -> None:
        """A stepped source: show the state after ``position`` steps at once, the camera
        fitted to the board shown (a playtest saw Home after End keep the end's tiny zoom, and
        End leave the final board off the middle)."""
        if self.stepped:
            self.source.jump(position)
            self.resync()
            self.follow_board = True
            self.fit_board()

    def jump_flag(self, direction: int) -> None:
        """A review: show the next (``direction`` > 0) or previous flagged decision, its
        better move in view."""
        if self.review is not None and self.review.jump_flag(direction):
            self.resync()
            decision = self.review.here()
            if decision is not None:
                for action in (decision.best, decision.played):
                    if not isinstance(action, Resolve):
                        self.camera.ensure_visible(action.pos)

    def can_save(self) -> bool:
        """A game played here can be saved; a replay, a review, a remote seat or a spectator's
        table cannot (the host keeps a remote game)."""
        return self.source.capabilities.save

    def save_game(self) -> str:
        """Save where the source keeps its game (the game's own save, ``flow.SaveSlot``; the
        tutorial's file) with the camera; returns where (for the pause overlay and Ctrl+S).
        Raises LookupError if the source cannot be saved."""
        if not self.source.capabilities.save:
            raise LookupError("this table's game is not one to save")
        self._keep_view()
        return self.source.save()

    def _keep_view(self) -> None:
        """Note the view in the source's save: the camera where the player moved it by hand;
        none while it follows the board, so that Continue fits the board anew (a trial's
        view, moved aside for a hint's panel, came back off-centre with the panel gone)."""
        if self.follow_board:
            self.source.view.pop("camera", None)
        else:
            self.source.view["camera"] = self.camera.to_dict()

    def quick_save(self) -> None:
        """Ctrl+S: save and say where (or why not)."""
        try:
            where = self.save_game()
        except LookupError:
            return
        except (OSError, ValueError) as error:
            self.app.notify(t("play.save_failed", reason=problem_text(error, details=True)))
            return
        self.app.notify(self.saved_words(where), detail=where)

    def saved_words(self, where: str) -> str:
        """The tutorial's file is not a save the player names: say its progress is kept."""
        return t("tutorial.saved") if self.lesson is not None else super().saved_words(where)

    def board_squares(self) -> list[Pos]:
        """Every square holding a tile now."""
        return list(self.shown.jungle) + list(self.shown.workers)

    @property
    def hint_pin(self) -> pygame.Rect | None:
        """Where the hint's panel stays, once the board moved beside it (None: where it hides
        least)."""
        return self._hint_pin

    def board_covers(self) -> tuple[pygame.Rect, ...]:
        """What is drawn over the board's viewport, for the camera to keep squares from under:
        the temples panel (as drawn: ``temples_panel``), a
        spectator's Watching tag, and a notice while it is up (the connection banner, the
        hosting window's Let the AI play now, a seat left for good: a playtest saw the
        stand-in notice hide the legal squares of the board's top row)."""
        view = self.camera.viewport
        panel = temples_panel(view, len(self.source.seats), len(self._temple_rows()), self.shown.over)
        covers = [panel] if panel is not None else []
        if self.net is not None and self.net.watching:
            covers.append(tag_rect(view))
        return (*covers, *self._notice_covers)

    def notice_covers(self) -> tuple[pygame.Rect, ...]:
        """The notice over the board now, if one is up (as ``draw`` places it)."""
        notice = self._notice_view(self.frame.popup)
        return (pygame.Rect(notice.box),) if notice is not None else ()

    def fit_board(self, *, snap: bool = False) -> None:
        """Aim the camera at every tile plus a one-tile border, its tiles and the squares a
        click can act on now clear of the panels over it; a hint's or a review's panel, and a
        resolution's popup, is then looked at again (``_clear_hint``, ``_clear_review``,
        ``_clear_popup``: a trial changed the language during a hint, and the board fitted
        anew lay under its panel, Home too; another resized the window with the popup up, and
        the board fitted to the new size lay under it)."""
        self.camera.covered = self.board_covers()
        self.camera.fit(self.board_squares(), border=1, also=self.turn.targets())
        if snap:
            self.camera.snap()
        self._hint_moves = 0
        self._hint_pin = None
        self._review_cleared = -1
        self._popup_cleared = -1

    def relabel(self) -> None:
        """The language changed: the log is written again (default names follow the
        language), the table laid out again."""
        self.history.relabel(self.names)
        self.relayout()

    def relayout(self) -> None:
        """The screen or scale changed: new anchors; a camera that follows the board fits it
        to the new view at once (a playtest saw a window made lower cut off the board's top
        and bottom rows until Home), one the player moved keeps its view, zoomed by the side
        that changed most so that what was seen stays in view."""
        old = self.hud.anchors["board"]
        self.hud = self._make_hud()
        new = self.hud.anchors["board"]
        ratio = min(new.w / old.w, new.h / old.h) if old.w and old.h else 1.0
        self.camera.relayout(new, ratio)
        if self.follow_board:
            self.fit_board(snap=True)
        self.release_images()
        self.frame = self.build_frame()

    def _make_hud(self) -> Hud:
        return Hud(self.app, self.painter, self.art, self.action_names, shows_remaining=self.lesson is None)

    # ----------------------------------------------------------------- frames

    def update(self, dt: float) -> None:
        """Camera, animations, queued input, AI, end of game."""
        self.clock += dt
        for name in self.input.held_pan:
            dx, dy = PAN_DIRECTIONS[name]
            self.camera.pan_pixels(-dx * px(PAN_SPEED) * dt, -dy * px(PAN_SPEED) * dt)
        notices = self.notice_covers()
        if notices != self._notice_covers:
            self._notice_covers = notices
            if self.follow_board:
                self.fit_board()
        self.camera.covered = self.board_covers()
        self.camera.update(dt)
        self.art.refine()  # the size a gliding zoom ends at, a few images a frame
        self.timeline.update(dt * self.playback_rate())
        if self.app.top is self:
            self.drain()  # keys typed ahead wait while the menu over a live table is open
        self._ask_awaited_hint()
        self._update_hover(dt)
        if self.source.capabilities.autoplay:
            self._update_autoplay(dt)
        if self.source.capabilities.save:
            self._keep_view()
        self.show(self.source.poll())
        if self.net is not None and self.net.rejoins != self._rejoins:
            self._rejoins = self.net.rejoins
            self.resync()
        if self.net is not None:
            self._seats_seen, news = seat_news(self.net, self._seats_seen, self.names)
            for text in news + self._standin_news(self.net):
                self.app.notify(text)
        self._update_ai(dt)
        self._clear_popup()
        self._clear_hint()
        self._clear_review()
        if self.coach is not None:
            self.coach.update()
        self._update_end(dt)
        self._track_turn()
        self._popup_frames = self._popup_frames + 1 if self._shows_popup(self.accepts_board_input()) else 0
        self.frame = self.build_frame()
        if self.app.top is self:
            self.input.still(self.frame)  # keys held under a menu are judged when it closes

    def _standin_news(self, net: Presence) -> list[str]:
        """Once this screen's player is back at the table: what the stand-in AI played for
        them meanwhile (``presence.standin_played``), told once."""
        you = self.source.face_up_seat()
        name = self.names[you] if you is not None else ""
        joined = self.source if isinstance(self.source, JoinedSource) else None
        seen = max(self._standin_seen, joined.standin_told) if joined is not None else self._standin_seen
        self._standin_seen, news = standin_played(net, self.source.journal, you, name, seen)
        if news is not None and joined is not None:
            joined.note_standin_told(self._standin_seen)  # told once, in this window or the next
        return [news] if news is not None else []

    def _track_turn(self) -> None:
        """Move ``ready_at`` on when the decision passes to a person at the screen after
        another seat had the table, and take down the notice that hints are for the player's
        turn, no longer true (a trial pressed H while the computer thought, and still read it
        on the player's own turn; a German trial read it over the next player's hand-over
        screen, as if refused there, and over the end of the game)."""
        if self.curtain_for is not None or self.shown.over:
            self.app.withdraw(t("play.hint_not_your_turn"))
        if not self.accepts_board_input():
            seat = self.current_seat()
            if seat is None or seat not in self.humans or self.thinking_seat() is not None:
                self._others_turn = True
        else:
            if self._others_turn:
                self._others_turn = False
                self.ready_at = self.clock + BOARD_GRACE
                self.app.withdraw(t("play.hint_not_your_turn"))
            self._frame_targets()

    def _frame_targets(self) -> None:
        """Once per decision: when its legal squares are not all in view (the board grew, the
        player looked elsewhere), ease the camera calmly to them, keeping the view otherwise."""
        decision = (len(self.source.journal), self.turn.phase)
        if decision == self._framed_for:
            return
        self._framed_for = decision
        targets = self.turn.targets()
        if targets and not self.camera.contains(targets, border=0):
            self.camera.include(targets, border=1)

    def build_frame(self) -> Frame:
        """What the table draws now, from the source, the shown snapshot, the input state and
        the camera (previews computed here, cached by the position's key)."""
        source, shown, names = self.source, self.shown, self.names
        game = self.game
        seat_now = self.current_seat()
        thinking = self.thinking_seat()
        scores = self._scores.get(shown, shown.scores)
        pending = self.pending_choices(seat_now)
        seats = tuple(
            SeatView(
                seat=seat,
                name=names[seat],
                color=self.colors[seat],
                kind=self.seat_kind_text(seat),
                score=scores[seat],
                final=shown.over,
                water_step=shown.water[seat],
                hand=len(shown.hands[seat]),
                pile=shown.piles[seat],
                deciding=seat == seat_now,
                highlighted=seat == self.highlight_seat,
                thinking=seat == thinking,
                at_screen=seat in self.humans,
                pending=seat in pending,
            )
            for seat in range(len(scores))
        )
        hand_seat = self.hand_seat()
        language = strings.language()
        workers = self._workers.get(
            (source.version, shown, hand_seat, tuple((v.name, v.hand, v.pile) for v in seats), language),
            lambda: tuple(
                tuple(
                    worker_lines(
                        view,
                        self.remaining_workers(view.seat),
                        shown.hands[view.seat] if view.seat == hand_seat else None,
                    )
                )
                for view in seats
            ),
        )
        remaining = self.remaining_jungle() if self.hud.shows_remaining() else ()
        actions = tuple(self.action_view(name) for name in self.action_names)
        hand = shown.hands[hand_seat] if hand_seat is not None else ()
        hud = self.hud
        accepts = self.accepts_board_input()
        placing = accepts and self.turn.phase is Phase.PLACE
        picked = self.turn.hand_index if placing else None
        inputs = (
            hud,
            seats,
            workers,
            shown.display,
            shown.pile_count,
            hand,
            remaining,
            actions,
            placing,
            picked,
        )
        tips = self._tips.get((*inputs, language), lambda: table_tips(*inputs))
        log = tuple(self.history.lines)
        scroll = self.log_scroll
        tips += self._log_tips.get((hud, log, scroll, language), lambda: hud.log_tips(log, scroll))
        temple_rows = self._temple_rows()
        panel = temples_panel(self.camera.viewport, len(seats), len(temple_rows), shown.over)
        if panel is not None:
            tips += (Tip((panel.x, panel.y, panel.w, panel.h), (t("play.temples"), t("tip.temples"))),)
        return Frame(
            version=source.version,
            heading_seat=seat_now,
            heading=self.heading(seat_now),
            status=self.status_text(),
            problem=self.autosave_problem(),
            keys=self.key_hint_text(),
            variant=self.header_note(),
            seats=seats,
            hand_seat=hand_seat,
            pile_count=shown.pile_count,
            revealed=game.revealed_pile_tile() if not self.timeline.busy else None,
            remaining=remaining,
            log=log,
            log_scroll=scroll,
            actions=actions,
            accepts_input=accepts,
            curtain=self.curtain_for,
            tips=tips,
            tooltip=tuple(self._tooltip_lines(tips)),
            temples=temple_rows,
            previews=self._previews() if accepts else {},
            hand=self._hand_view(hand_seat, seat_now, accepts),
            display=self._display_view(accepts),
            popup=(popup := self._popup_view() if self._shows_popup(accepts) else None),
            hovered_log=self.hovered_log_line(),
            mouse=self.mouse,
            clock=self.clock,
            busy=self.timeline.busy,
            stepped=self.stepped,
            flags=source.capabilities.flags,
            phase=self.turn.phase if accepts else None,
            fill=self._fill_view() if accepts and self.turn.phase is Phase.FILL else FillView(),
            lesson=self.coach.view(seats) if self.coach is not None else None,
            board=self._board_view(accepts),
            provisional=self._provisional_square() if accepts else None,
            ready_at=self.ready_at,
            thinking=self.thinking_progress(),
            coach=self._coach_view(accepts, popup),
            coach_marks=self._coach_marks(accepts),
            notice=self._notice_view(popup),
            watching=self.net is not None and self.net.watching and banner_text(self.net) is None,
        )

    def hint_words(self, advice: Advice, note: str | None) -> tuple[str, tuple[str, ...]]:
        """A hint panel's heading and lines (``hint_text``), made once while the hint, its
        note, the position, the names and the language stay the same: the panel is laid out
        and drawn every frame, its words (a resolution played on a copy of the game among
        them) made once."""
        key = (advice, note, len(self.game.actions), tuple(self.names), strings.language())
        return self._hint_words.get(key, lambda: hint_text(self, advice, note))

    def review_words(self, session: ReviewSession) -> ReviewText | None:
        """A review panel's text where ``session`` stands (``review_text``), made once while
        the position, whether a step animates, the names and the language stay the same (the
        panel is laid out and drawn every frame)."""
        key = (session.position, self.timeline.busy, tuple(self.names), strings.language())
        return self._review_words.get(key, lambda: review_text(self, session))

    def _coach_view(self, accepts: bool, popup: PopupView | None) -> CoachView | None:
        """``Frame.coach``: the review's panel, else a hint's while a person here decides
        (off the frame's resolution ``popup``; its note first while the board no longer shows
        the hinted move)."""
        if self.review is not None:
            return review_view(self, self.review, popup)
        if accepts and self.source.advice is not None:
            return hint_view(self, self.source.advice, self.hint_note(), popup)
        return None

    def _notice_view(self, popup: PopupView | None) -> NoticeView | None:
        """``Frame.notice``: the connection banner while the link is down, else the hosting
        window's notice of a dropped seat, else the notice of a seat left with no AI to play
        it (its Let the AI play button in the hosting window only); each clear of the
        resolution ``popup`` at the board's top right."""
        net = self.net
        if net is None:
            return None
        board = self.hud.anchors["board"]
        avoid = None if popup is None else self.hud.popup_rect(popup.outcomes)
        banner, seat, left = banner_text(net), self.standin_seat(), self.left_notice()
        if banner is not None:
            kind, text, label, (box, button) = "banner", banner, t("net.to_menu"), banner_rects(board, avoid)
        elif seat is not None:
            text, label = (
                standin_notice(net, seat, self.names[seat]),
                t("net.free_seat" if net.frees_seats else "net.standin_now"),
            )
            kind, (box, button) = "standin", standin_rects(board, avoid)
        elif left is not None:
            kind, text, label = "left", left, t("net.fill_ai") if net.hosting else ""
            box, button = left_rects(board, avoid, net.hosting)
        else:
            return None
        return NoticeView(
            kind,
            text,
            (box.x, box.y, box.w, box.h),
            (button.x, button.y, button.w, button.h) if label else None,
            label,
            bool(label) and button.collidepoint(self.mouse),
        )

    def _coach_marks(self, accepts: bool) -> tuple[Pos, ...]:
        """``Frame.coach_marks``: while a hint is shown, the squares it is about but its own
        move's (the fills it plans, a trial's label hid the gold mine planned; the move about
        as good, which the hint's panel outlines over the labels)."""
        advice = self.source.advice
        if not accepts or self.review is not None or advice is None:
            return ()
        return tuple(pos for pos in dict.fromkeys(hint_key(advice)) if pos != advice.action.pos)

    def _provisional_square(self) -> Pos | None:
        provisional = self.turn.provisional
        return provisional.pos if isinstance(provisional, (Place, Overbuild)) else None

    def _board_view(self, accepts: bool) -> BoardView:
        """The board: the shown tiles, what the decision now offers and the ghosts of it."""
        turn = self.turn
        move = self.history.last_move()
        hover = self.hover_square()
        logged = self.hovered_log_line()
        targets: tuple[Pos, ...] = ()
        overbuild: frozenset[Pos] = frozenset()
        ghosts: list[Ghost] = []
        edges: tuple[tuple[Pos, int], ...] = ()
        if accepts:
            targets = tuple(turn.targets())
            if turn.phase is Phase.PLACE:
                overbuild = frozenset(turn.overbuild_targets())
            ghosts = self._ghosts(None if self.input.tabbed else hover)
        if turn.phase is Phase.RESOLVE and not self.timeline.busy:
            edges = tuple((e.pos, e.side) for e in self.game.pending_edges(turn.seat) if e.is_trade)
        return BoardView(
            shown=self.shown,
            last_move=(move[0], move[1], tuple(move[2])) if move is not None else None,
            highlight=self.highlight_seat,
            targets=targets,
            overbuild=overbuild,
            ghosts=tuple(ghosts),
            edges=edges,
            logged=logged.pos if logged is not None else None,
            hover=hover,
            mover_color=self.colors[self.game.mover],
        )

    def _ghosts(self, hover: Pos | None) -> list[Ghost]:
        """The fills given so far, the tile carried over a space or the move under the mouse,
        and the provisional move (outlined; gold when it is the hint). While a move is
        provisional only its ghost carries a yield label, the one the temples panel shows and
        Enter confirms (a tester saw two labelled ghosts after Tab and could not tell which
        Enter would play); the one under the mouse shows where a click would move it. The
        labelled placement's turn lays its fills faintly first (``TurnPreview.fills``, those
        of face-up tiles), so its label's gains come from tiles the board shows (a German
        trial read a gain from no tile drawn)."""
        turn = self.turn
        provisional = turn.provisional
        given = turn.assignments()
        labelled = self.labelled_action()
        ghosts: list[Ghost] = []
        if isinstance(labelled, (Place, Overbuild)):
            preview = turn.turn_preview(labelled)
            ghosts += [Ghost(fill, PLANNED_FILL_GHOST) for fill in preview.fills] if preview else []
        ghosts += [
            Ghost(fill, 255, "given", pill=fill == labelled)
            for fill in (Fill(pos, code, rotation) for pos, (code, rotation) in given.items())
        ]
        carried = self.input.carried
        if carried is not None and hover is not None and hover in self.game.pending_fills:
            ghosts.append(Ghost(Fill(hover, carried[0], carried[1]), 170))
        elif hover is not None and hover not in given and (provisional is None or provisional.pos != hover):
            action = turn.action_at(hover)
            if action is not None:
                alpha = OVERBUILD_GHOST if isinstance(action, Overbuild) else 130
                ghosts.append(Ghost(action, alpha, pill=provisional is None))
        if isinstance(provisional, (Place, Overbuild, Fill)):
            outline = "hinted" if self.hint == provisional else "chosen"
            ghosts.append(Ghost(provisional, 255, outline, pill=True))
        return ghosts

    def _fill_view(self) -> FillView:
        turn = self.turn
        display = tuple(self.shown.display)
        return FillView(
            free=tuple(turn.free_tiles()),
            given=dict(turn.assignments()),
            spaces=frozenset(self.game.pending_fills),
            display=display,
            sources=display or tuple(turn.fill_sources()),
        )

    def _hand_view(self, face_up: int | None, seat_now: int | None, accepts: bool) -> HandView:
        """The hand bar: the face-up hand, else the current seat's face down."""
        seat = face_up if face_up is not None else seat_now
        if seat is None:
            return HandView()
        tiles = self.shown.hands[seat]
        flying = frozenset(
            index
            for index in range(len(tiles))
            if HandSlot(seat, index, len(tiles)) in self.timeline.hidden()
        )
        active = accepts and self.turn.phase is Phase.PLACE
        return HandView(
            seat=seat,
            hidden=face_up is None,
            tiles=tiles,
            flying=flying,
            selected=self.turn.hand_index if active else None,
            rotation=self.turn.rotation if active else 0,
            overbuild=active and bool(self.turn.overbuild_targets()),
        )

    def _display_view(self, accepts: bool) -> DisplayView:
        """The display's places: a tile given to a space, carried or flying shows as empty;
        while a fill is chosen the picked tile is outlined, until every space has its tile (a
        trial saw the display's other tile outlined as the one to lay once a hint had filled
        the only space)."""
        turn = self.turn
        picking = accepts and turn.phase is Phase.FILL
        picked_code = turn.current_fill_code() if picking and not turn.fill_complete() else None
        free = turn.free_tiles() if picking else list(self.shown.display)
        carried = self.input.carried
        if carried is not None and self.input.carried_from is None and carried[0] in free:
            free.remove(carried[0])
        in_flight = self.timeline.hidden()
        tiles: list[str] = []
        picked: int | None = None
        for index, code in enumerate(self.shown.display):
            if DisplaySlot(index) in in_flight or code not in free:
                tiles.append("")
                continue
            free.remove(code)
            if code == picked_code and picked is None:
                picked = index
            tiles.append(code)
        turned = turn.fill_rotation if picked_code == VOLCANO else 0
        return DisplayView(tuple(tiles), picking, picked, turned)

    def _shows_popup(self, accepts: bool) -> bool:
        """Whether the frame shows the resolution panel (``accepts``: a person at the screen
        decides now)."""
        return accepts and self.turn.phase is Phase.RESOLVE

    def _popup_view(self) -> PopupView:
        """The resolution panel of the seat resolving now, unrolled as far as the updates it
        has been shown in take it (``hud.POPUP_UNROLL``)."""
        turn = self.turn
        hint = self.hint
        return PopupView(
            seat=turn.seat,
            mover=self.game.mover,
            outcomes=tuple(turn.outcomes()),
            focused=turn.focused(),
            hinted=turn.hinted_outcome(hint) if hint is not None else None,
            ai_pick=self.lesson is None and not self.hints_off(),
            unrolled=min(max(self._popup_frames, 1), POPUP_UNROLL),
        )

    def labelled_action(self) -> Place | Overbuild | Fill | None:
        """The move whose yield label the board shows and whose end of turn the temples panel
        shows: the provisional one, else the one under the mouse (none while Tab leads, nor
        over a space already given a tile), else during a fill the last fill given, whose
        preview plays every fill given (a trial gave a volcano its space and no label said it
        would cost 2 gold); None outside a placement or a fill."""
        if not self.accepts_board_input() or self.turn.phase not in (Phase.PLACE, Phase.FILL):
            return None
        turn = self.turn
        provisional = turn.provisional
        if isinstance(provisional, (Place, Overbuild, Fill)):
            return provisional
        hover = None if self.input.tabbed else self.hover_square()
        given = turn.assignments()
        action = turn.action_at(hover) if hover is not None and hover not in given else None
        if isinstance(action, (Place, Overbuild, Fill)):
            return action
        if given:
            pos, (code, rotation) = list(given.items())[-1]
            return Fill(pos, code, rotation)
        return None

    def _temple_rows(self) -> tuple[TempleRow, ...]:
        """Each temple of the shown board, and its workers at the end of the turn of the move
        labelled (``labelled_action``: the same played-out turn as its label, cached by
        position and move), temples its fills would lay included; during a fill, of the fills
        given so far when nothing else is labelled (a trial saw a temple given but not yet
        confirmed leave the panel once the mouse left the spaces)."""
        given = tuple(self.turn.assignments().items())
        action = self.labelled_action()
        return self._temples.get(
            (self.source.version, self.shown, action, given), lambda: self._make_temple_rows(action)
        )

    def _make_temple_rows(self, action: Place | Overbuild | Fill | None) -> tuple[TempleRow, ...]:
        now = self.shown.temple_standings()
        preview = self.turn.turn_preview(action) if action is not None else None
        ahead = preview.standings if preview is not None else ()
        after = {pos: (workers, awards) for pos, workers, awards in ahead}
        rows = []
        for pos, workers, awards in now:
            changed = after.get(pos, (workers, awards))
            if changed[0] == workers:
                rows.append(TempleRow(pos, workers, awards, None))
            else:
                rows.append(TempleRow(pos, workers, changed[1], changed[0]))
        shown = {pos for pos, _workers, _awards in now}
        for pos, workers, awards in ahead:
            if pos not in shown:
                rows.append(TempleRow(pos, tuple(0 for _ in workers), awards, workers))
        return tuple(rows)

    def _previews(self) -> dict[Action, str]:
        """The yield label of each placement or fill the board shows as a labelled ghost now:
        the provisional one, else the one under the mouse (``Selection`` caches them per
        position)."""
        turn = self.turn
        action = self.labelled_action()
        if action is None:
            return {}
        preview = turn.turn_preview(action)
        if preview is not None:
            return {action: preview_text(preview, self.names)}
        gained, then = turn.preview(action)
        return {action: gains_text(gained, then)}

    def scroll_log(self, lines: int) -> None:
        """Scroll the log back (``lines`` > 0) or forward, within the log."""
        most = max(0, len(self.visible_log()) - self.hud.log_capacity())
        self.log_scroll = max(0, min(most, self.log_scroll + lines))

    def hovered_log_line(self) -> LogLine | None:
        """The log line under the mouse, if any."""
        for rect, line in self.hud.log_rows(self.history.lines, self.log_scroll):
            if rect.collidepoint(self.mouse):
                return line
        return None

    def toggle_autoplay(self) -> None:
        """Start or stop the replay playing on its own; at its end there is nothing to play
        (Play is greyed out there: Home goes back to the start)."""
        stepping = self.source.stepping()
        if stepping is not None and self.source.capabilities.autoplay:
            if not self.autoplay and stepping.at_end:
                return
            self.autoplay = not self.autoplay
            self._autoplay_wait = 0.0

    def next_speed(self) -> None:
        """The next replay speed of ``REPLAY_SPEEDS`` (wrapping)."""
        self.autoplay_speed = (self.autoplay_speed + 1) % len(REPLAY_SPEEDS)

    def _update_autoplay(self, dt: float) -> None:
        """A replay playing on its own steps a turn every ``1 / speed`` seconds, counted from
        the last step, once that turn's animations have ended; they run faster where they
        would take more than ``AUTOPLAY_ANIMATION`` of that time (``playback_rate``: a trial
        measured 0.25 to 0.4 turns a second at every speed)."""
        stepping = self.source.stepping()
        if not self.autoplay or stepping is None:
            return
        if stepping.at_end and not self.timeline.busy:
            self.autoplay = False
            return
        self._autoplay_wait += dt
        budget = 1.0 / REPLAY_SPEEDS[self.autoplay_speed]
        if self.timeline.busy or self._autoplay_wait < budget:
            return
        self._autoplay_wait = 0.0
        self.step_replay(1)
        left = self.timeline.end_time - self.timeline.now
        self._playback = max(1.0, left / (AUTOPLAY_ANIMATION * budget))

    def playback_rate(self) -> float:
        """How fast the table's animations run against their set speed: 1, or faster for a
        turn a replay plays on its own (``_update_autoplay``)."""
        return self._playback if self.autoplay else 1.0

    def _update_hover(self, dt: float) -> None:
        key = self._hover_target()
        self.input.hover(key, dt)

    def _hover_target(self) -> object:
        for tip in self.frame.tips:
            if pygame.Rect(tip.box).collidepoint(self.mouse):
                return ("tip", tip.box)
        square = self.hover_square()
        return ("square", square) if square is not None else None

    def _update_ai(self, dt: float) -> None:
        if self.source.capabilities.ai:
            events = self.ai.update(self.source, dt, self.timeline.busy, self.app.settings.ai_pacing)
            self.show(events)
            restarts = self.ai.take_restarts()
            if restarts:  # a trial's fourth death was said to be restarted, while it thought in-process
                in_process = any(restart.in_process for restart in restarts)
                self.app.notify(t("play.ai_in_process" if in_process else "play.ai_restarted"))

    def _clear_popup(self) -> None:
        """Once per decision, move the board (the least it can, ``Camera.include``) so the
        edges being decided and their jungle tiles lie neither under the resolution popup
        nor under the temples panel: the whole board beside the popup where it fits there
        zoomed out by at most ``BESIDE_ZOOM_OUT``, else those squares only (a trial saw the
        board's bottom rows pushed out of the view below the popup while the room beside it
        was empty); once the decision is made, the board goes back to where it was, unless
        the player moved the view meanwhile (a playtest saw the board left off the middle
        after every resolution)."""
        camera = self.camera
        if self._popup_cleared != len(self.source.journal):
            self._popup_cleared = -1  # the decision is made or taken back: clear it again when it comes
        if self._popup_moved is not None and self._popup_cleared == -1:
            before, after = self._popup_moved
            self._popup_moved = None
            if _aim(camera) == after:
                camera.target_center = pygame.Vector2(before[0], before[1])
                camera.target_scale = before[2]
                camera.rate = CALM_RATE
        if not self.accepts_board_input() or self.turn.phase is not Phase.RESOLVE:
            return
        if self._popup_cleared == len(self.source.journal):
            return
        self._popup_cleared = len(self.source.journal)
        popup = self.hud.popup_rect(self.turn.outcomes()).inflate(px(24), px(24))
        squares = [
            square for edge in self.game.pending_edges(self.turn.seat) for square in (edge.pos, edge.source)
        ]
        before = _aim(camera)
        camera.covered = self.board_covers()
        self._move_beside(popup, squares, BESIDE_ZOOM_OUT)
        if _aim(camera) != before:
            self._popup_moved = (before, _aim(camera))

    def _clear_hint(self) -> None:
        """Up to ``HINT_MOVES`` times a hint, judged where the view is going (at once, not once
        the view rests: a trial saw the panel over the tiles for a second and a half, the board
        gliding twice): when its panel would hide
        a tile, a legal square or a square it is about, the camera moves the board beside it if it fits there
        zoomed out by at most ``BESIDE_ZOOM_OUT`` (a playtest saw the panel over an opponent's
        tile beside an empty half of the view), else only the squares it is about (the corners
        all hide one on a full board; ``include`` with the panel counted as covered). Once the
        hint is gone (the move made), the board zooms back (``_zoom_back``: a trial saw it left
        zoomed out for a large panel until Home). The panel then stays where it was when the
        board moved beside it (``hint_pin``: a trial saw it leave for another corner)."""
        advice = self.source.advice
        if advice is not self._hint_cleared:
            self._hint_cleared, self._hint_moves, self._hint_pin = advice, 0, None
            if advice is None:
                self._zoom_back()
        if advice is None or not self.accepts_board_input():
            return
        if self._hint_moves >= HINT_MOVES:
            return
        rect, key = hint_panel(self, advice, self.hint_note(), self.frame.popup)
        targets = self.turn.targets()
        tiles = [*self.board_squares(), *targets, *key]
        if any(rect.colliderect(self.camera.target_square_rect(pos)) for pos in tiles):
            self._hint_moves += 1
            before = self.camera.target_scale if self._hint_zoom is None else self._hint_zoom[0]
            self._move_beside(rect, key, BESIDE_ZOOM_OUT, also=targets)
            self._hint_pin = rect
            if self.camera.target_scale != before:
                self._hint_zoom = (before, self.camera.target_scale)
        else:
            self._hint_moves = HINT_MOVES

    def _zoom_back(self) -> None:
        """The hint whose panel zoomed the board out is gone: a board the camera follows (the
        player has not moved the view) goes back to the zoom it had before, unless the zoom
        changed since, and is followed again (``follow``: zoomed out only as far as the
        board and the legal squares need, centred)."""
        zoom, self._hint_zoom = self._hint_zoom, None
        camera = self.camera
        if zoom is None or not self.follow_board or camera.target_scale != zoom[1]:
            return
        camera.target_scale = zoom[0]
        camera.rate = CALM_RATE
        self.follow([*self.board_squares(), *self.turn.targets()])

    def _clear_review(self) -> None:
        """Once per review step, with the view at rest: when the review panel would hide a
        tile or one of its key squares, the camera moves them beside it (``include`` with the
        panel counted as covered; the panel then takes the corner that hides least)."""
        review = self.review
        if review is None or self.camera.moving or self._review_cleared == review.position:
            return
        panel = review_panel(self, review, self.frame.popup)
        if panel is None:
            return
        self._review_cleared = review.position
        self._move_beside(*panel)

    def _move_beside(
        self, panel: pygame.Rect, key: list[Pos], least_zoom: float | None = None, also: Sequence[Pos] = ()
    ) -> None:
        """Move the board's tiles, the squares ``also`` (a hint's: the legal squares, a tester
        saw one under the hint's panel) and the ``key`` squares out from under ``panel``
        (counted as covered: ``Camera.include``). With ``least_zoom``, when that fails or
        zooms out below that share of the view's zoom (``LEGAL_BESIDE_ZOOM_OUT`` with
        ``also``), move the tiles and the ``key`` squares without ``also``, and if that fails
        too only the ``key`` squares."""
        camera = self.camera
        camera.covered = (*camera.covered, panel)
        before = (pygame.Vector2(camera.target_center), camera.target_scale, camera.rate)
        tiles = self.board_squares()
        tries = [([*tiles, *key], least_zoom)]
        if also:
            tries.insert(
                0,
                (
                    [*tiles, *also, *key],
                    None if least_zoom is None else min(least_zoom, LEGAL_BESIDE_ZOOM_OUT),
                ),
            )
        for squares, zoom in tries:
            moved = camera.include(squares, border=0)
            if zoom is None or (moved and camera.target_scale >= zoom * before[1]):
                return
            camera.target_center, camera.target_scale, camera.rate = before
        camera.include(key, border=0)

    def _update_end(self, dt: float) -> None:
        final = self.source.finished_game()
        if final is None or self.timeline.busy or self._left or self.app.top is not self:
            return
        self._over_wait += dt
        if self._over_wait < END_DELAY * self.factor:
            return
        self._left = True
        self.source.result_shown()
        self.app.switch(
            routes.Scoring(
                final,
                self.source.config,
                self.history.score_history,
                rematch=self.net is None,
                again=next_game(self.source),
                played_by=played_by(self.source.journal),
                host=self.source.keep_host() if isinstance(self.source, HostedSource) else None,
            )
        )

    def draw(self, surface: pygame.Surface) -> None:
        """Board, HUD, animations, popup, tooltip, curtain, all of it drawn anew (nothing
        kept: under an overlay, in a text audit). Reads only."""
        frame = self.frame
        size = surface.get_size()
        surface.blit(self.hud.chrome(size, len(frame.seats)), (0, 0))
        if frame.board is not None:
            clip = surface.get_clip()
            surface.set_clip(clip.clip(self.camera.viewport))
            self.board.draw_tiles(surface, frame.board, frame=frame)
            self.board.draw_temples(surface, frame)
            surface.set_clip(clip)
        self.hud.draw(surface, frame)
        self.draw_moving(surface, frame)

    def draw_changes(
        self, surface: pygame.Surface, damage: list[pygame.Rect], *, fresh: bool
    ) -> list[pygame.Rect] | None:
        """The frame drawn over the last one on ``surface``: the still parts that changed,
        the areas of the last frame's moving parts and ``damage`` drawn again from the still
        parts, then this frame's moving parts (``Scene.draw_changes``). A tooltip drawn over
        all else (``_tip_plan``) is kept as it is while neither it nor anything beneath it
        changed; a moving part coming under it draws its area again from the still parts."""
        frame = self.frame
        parts, tiles = self.still_parts(surface.get_size(), frame)
        changed = self.backdrop.changes(parts, tiles)
        still = self._still_signature(frame)
        if not fresh and changed == [] and not damage and still is not None and still == self._still:
            return []
        self._still = still
        whole = surface.get_rect()
        covered = self.moving_covers(frame)
        tip = self._tip_plan(frame, whole)
        before, self._tip = self._tip, tip
        if fresh or changed is None:
            draw_parts(surface, parts, [whole], covered)
            self._moving = merge(self.draw_moving(surface, frame, tip=tip is None), whole)
            if tip is not None:
                self.hud.draw_tooltip(surface, list(frame.tooltip), frame.mouse)
            return None
        beneath = [*changed, *self._moving, *damage]
        restored = merge(beneath, whole)
        keep = tip is not None and tip == before and tip[1].collidelist(restored) < 0
        if before is not None and not keep:
            restored = merge([*beneath, before[1]], whole)
        draw_parts(surface, parts, restored, covered)
        drawn = self.draw_moving(surface, frame, tip=tip is None)
        if tip is not None:
            area = tip[1]
            if keep and area.collidelist(drawn) >= 0:
                draw_parts(surface, parts, [area], covered)
                clip = surface.get_clip()
                surface.set_clip(clip.clip(area))
                self.draw_moving(surface, frame, tip=False)
                surface.set_clip(clip)
                keep = False
            if not keep:
                self.hud.draw_tooltip(surface, list(frame.tooltip), frame.mouse)
                restored.append(area)
        moving = merge(drawn, whole)
        self._moving = moving
        return merge([*restored, *moving], whole)

    def _tip_plan(self, frame: Frame, screen: pygame.Rect) -> tuple[Hashable, pygame.Rect] | None:
        """The tooltip ``draw_changes`` draws over all else: its lines and place, and the area
        it draws in (with its shadow); None when there is none or it is drawn among the moving
        parts (a curtain's, review's, hint's, banner's or presence notice's frame)."""
        if not frame.tooltip or frame.curtain is not None or frame.coach is not None or frame.flags:
            return None
        if frame.notice is not None or frame.watching:
            return None
        rect, _images = theme.tip_layout(self.app, screen, frame.tooltip, frame.mouse)
        return (frame.tooltip, tuple(rect)), theme.panel_area(rect)

    def moving_covers(self, frame: Frame) -> list[pygame.Rect]:
        """The areas ``draw_moving`` sets to opaque pixels of its own whatever lies beneath
        (the resolution popup's inside): the still parts need not be drawn there first."""
        if frame.popup is None:
            return []
        return [self.hud.popup_cover(frame.popup)]

    def _still_signature(self, frame: Frame) -> Hashable:
        """Everything the moving parts are drawn from, when nothing animates by itself (no
        animation, lesson, review or hint panel): an equal signature draws equal pixels, so
        the frame is left as it is. None when something animates."""
        if self.timeline.busy or self.coach is not None or self.review is not None:
            return None
        if frame.coach is not None:
            return None
        return (replace(frame, clock=0.0), pulses(self.clock), self.input.carried)

    def still_parts(self, size: tuple[int, int], frame: Frame) -> tuple[list[Part], list[pygame.Rect]]:
        """The still parts of ``frame`` (``layers.Part``): the backdrop, the board's tiles and
        temples panel, the HUD; and the areas whose tiles changed since the last frame (the
        squares whose tiles changed; where the tiles were and are when the camera moved)."""
        chrome = self.hud.chrome(size, len(frame.seats))
        whole = pygame.Rect((0, 0), size)

        def backdrop(surface: pygame.Surface) -> None:
            surface.blit(chrome, (0, 0))

        parts = [Part("chrome", whole, chrome, backdrop, plain=True)]
        squares: list[pygame.Rect] = []
        board = frame.board
        if board is not None:
            camera, key = self.board.view_key(frame)
            drawn = self._tiles_drawn
            if drawn is not None and drawn[0] == camera and drawn[1] is board.shown:
                spread = drawn[2]
            else:
                spread = self.board.tile_areas(board, frame)
                if drawn is not None and drawn[0] == camera:
                    changed = changed_squares(drawn[1], board.shown)
                    squares = [area(self.board.rect(pos), 1) for pos in changed]
                elif drawn is not None:
                    squares = moved_tiles(drawn[2], spread)
            self._tiles_drawn = (camera, board.shown, spread)
            parts.append(
                Part(
                    "tiles",
                    self.camera.viewport.clip(whole),
                    key,
                    lambda surface: self.board.draw_tiles(surface, board, frame=frame),
                    self.board.tile_covers(board, frame),
                )
            )
            parts += self.board.temples_parts(frame)
        parts += self.hud.parts(frame)
        return parts, squares

    def draw_moving(self, surface: pygame.Surface, frame: Frame, *, tip: bool = True) -> list[pygame.Rect]:
        """What is drawn over the still parts: the board's marks, ghosts and temples panel,
        animations, panels, the carried tile, the curtain or tooltip (not without ``tip``),
        the banner; returns the areas drawn on (the whole screen for panels without a known
        area)."""
        whole = surface.get_rect()
        chrome = self.hud.chrome(surface.get_size(), len(frame.seats))
        board = frame.board

        def beneath(target: pygame.Surface) -> None:
            target.blit(chrome, (0, 0))
            if board is not None:
                self.board.draw_tiles(target, board, frame=frame)

        drawn = self.board.draw(surface, frame, self.clock, tiles=False, beneath=beneath)
        drawn += self.timeline.draw(surface, self)
        panels: list[pygame.Rect] = []
        if frame.coach is not None:
            panels.append(draw_coach(self, surface, frame.coach, self.board.marked_in_view(frame)))
            drawn.append(whole)
        elif frame.flags:
            drawn.append(whole)
        if frame.popup is not None:
            self.hud.draw_popup(surface, frame, frame.popup)
            drawn.append(self.hud.popup_band(frame.popup))
        if self.coach is not None and frame.lesson is not None:
            self.coach.draw(surface, frame.lesson)
            self.coach.draw_looks(surface, frame.lesson, self.clock)
            drawn.append(whole)
        carried = self.input.carried
        if carried is not None:
            size = self.camera.scale - tile_gap(self.camera.scale)
            image = self.art.jungle(carried[0], size, carried[1])
            drawn.append(surface.blit(image, image.get_rect(center=self.mouse)))
        if frame.curtain is not None:
            self.hud.draw_curtain(surface, frame, frame.curtain)
            drawn.append(whole)
        elif frame.tooltip and tip:
            drawn.append(
                theme.panel_area(self.hud.draw_tooltip(surface, list(frame.tooltip), frame.mouse, panels))
            )
        if frame.watching:
            area = self.hud.anchors["board"]
            draw_tag(self.app, surface, area)
            drawn.append(tag_rect(area).inflate(px(64), px(64)))  # with its shadow
        if frame.notice is not None:
            drawn.append(draw_notice(self.app, surface, frame.notice).inflate(px(64), px(64)))
        return drawn

    def left_notice(self) -> str | None:
        """The notice that a seat was left for good and the game waits for a new player
        (``presence.left_notice``), unless the hosting window's stand-in notice is up."""
        if self.net is None or self.game.is_over() or self.standin_seat() is not None:
            return None
        return left_notice(self.net, self.source.deciding_seat(), self.names)

    def header_note(self) -> str:
        """The top bar's right note: the variant, and at a table across machines that anyone
        watches how many do ("Volcano · 2 watching")."""
        variant = t(f"variant.{self.source.config.variant}")
        crowd = crowd_text(self.net)
        return f"{variant} · {crowd}" if crowd else variant

    def tooltip(self) -> list[str]:
        """The tooltip lines shown now (the frame's)."""
        return list(self.frame.tooltip)

    def _tooltip_lines(self, tips: Sequence[Tip]) -> list[str]:
        """The tooltip lines to show: after ``TOOLTIP_DELAY`` s on the same thing; a board
        square's not while a move animates (a trial's tooltip hid the tiles the computer was
        laying under the resting mouse), nor after a click until the mouse moves
        (``tips_quiet``: a French trial's, over the square just clicked, hid the preview the
        click brought), nor any after a key until it moves (``keys_quiet``)."""
        if (
            self.input.hover_since < TOOLTIP_DELAY
            or self.input.keys_quiet
            or self.input.press is not None
            or self.curtain_for is not None
            or self.app.top is not self
        ):
            return []
        key = self.input.hover_key
        if not isinstance(key, tuple):
            return []
        kind, data = key
        if kind == "tip":
            return next((list(tip.lines) for tip in tips if tip.box == data), [])
        if self.timeline.busy or self.input.tips_quiet:
            return []
        fill_space = data in self.game.pending_fills and not self.accepts_board_input()
        overbuild = self.accepts_board_input() and data in self.turn.overbuild_targets()
        return square_tooltip(self.shown, self.names, data, fill_space, overbuild)

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Toasts sit over the board, above the hand, the display and the pile, never over
        them nor over the seats or the game log beside the board."""
        board = self.hud.a("board")
        return pygame.Rect(board.left, screen.top, board.w, self.hud.a("hand").y - screen.top)

    def leave_on_purpose(self) -> None:
        """Quit to menu: a joiner leaves their seat for good (no Rejoin game in the menu)."""
        if isinstance(self.source, JoinedSource):
            self.source.leave()

    def plays_on(self) -> bool:
        """A table across machines goes on under the menu (the others, the host's AI, play)."""
        return self.net is not None

    def pause_title(self) -> str:
        """A table played across machines does not pause while this screen's menu is open
        (the others, the host's AI, play on): its overlay is the Menu, not Paused."""
        return t("pause.title_live") if self.net is not None else super().pause_title()

    def leave_question(self) -> str:
        """A tutorial keeps its place: say so before leaving it; the hosting window stops
        hosting (kept for Resume hosting); a joiner gives up their seat for good; a table that
        is not saved here (a replay, a review, a spectator's), nor one whose autosaves fail, does
        not claim it is. A game that ended under the menu says Resume shows its scores (a
        trial's host was told its friends waited for it, after the end)."""
        if self.lesson is not None:
            return t("tutorial.leave")
        if self.source.finished_game() is not None:
            return t("pause.quit_finished")
        if isinstance(self.source, HostedSource):
            return t("pause.quit_hosting")
        if isinstance(self.source, JoinedSource):
            return t("pause.quit_seat")
        if not self.can_save():
            return t("pause.quit_confirm_unsaved")
        if self.source.autosave_error:
            return t("pause.quit_confirm_save_failed")  # a trial read "saved after every move"
        return super().leave_question()

    def close_question(self) -> str | None:
        """The hosting window of a game in progress asks before it closes: its friends' game
        stops with it (a tester closed it with Alt+F4 and the others dropped to Reconnecting
        without a word); every other table closes at once (it is saved, or a joiner's seat
        waits for Rejoin game)."""
        if isinstance(self.source, HostedSource) and not self.game.is_over():
            return t("pause.close_hosting")
        return None

    def restart_tutorial(self) -> None:
        """Start over: the tutorial from its first lesson (its saved progress is dropped)."""
        start_tutorial(self.app, fresh=True)

    def help_topics(self) -> list[tuple[str, str]]:
        """The play keys for the F1 page."""
        return [
            (t("play.hand"), self.keys_text("play.rotate_hint")),
            (t("play.display"), self.keys_text(self.fill_hint_key())),
            (t("help.workers_title"), f"{t('play.resolve_help')}\n{self.keys_text('play.resolve_keys')}"),
        ]


def later_rows(rows: int) -> list[str]:
    """The digit keys of a resolution panel's rows after the third (``controls.later_row``):
    none, "4", "4", "5" (a French trial read "4…5" as odd), or "4…N" (at most 9)."""
    first, last = LATER_ROWS[0], min(rows, LATER_ROWS[-1])
    if last - first < 2:
        return [str(row) for row in range(first, last + 1)]
    return [f"{first}…{last}"]


def _aim(camera: Camera) -> tuple[float, float, float]:
    """Where ``camera`` is headed: its target centre and scale."""
    return (camera.target_center.x, camera.target_center.y, camera.target_scale)
