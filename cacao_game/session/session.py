"""``PlaySession``: one game at the table, driven by commands, with no window.

``handle(command)`` changes the game or the selection and returns what happened: the
engine's events and the session's notices, in order. ``take_requests`` hands the AI requests
the worker should answer; ``poll`` reports autosave outcomes. Everything else is a query.

Hidden information (hot seat, two or more humans): a hand is face up only while its seat
decides and its human has lifted the curtain. A curtain goes up before the first human
decision and whenever a different human's decision comes next. With one human, that
human's hand stays face up (nobody else is at the screen); with none, the mover's hand.

Undo acts for the human at the screen (the last one who saw their hand) under the undo
policy (``cacao_game.session.policy``). While filling, undo first takes back the tile given
last (then the next, ...); with no tile given it takes back the decision before. An undo
asked under a curtain is still the last viewer's: when the decision goes back to them, their
hand shows at once (no curtain for the one who just pressed the key); when it goes to
someone else, a new curtain names them, so no hand shows to whoever pressed the key. After
an undo the autosave is written at once, so Continue never brings undone moves back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from cacao_game import saves, typed_json
from cacao_game.ai import HINT_LEVELS, LEVELS
from cacao_game.ai.explain import Advice
from cacao_game.ai.registry import player_seed
from cacao_game.config.game import GameConfig
from cacao_game.engine import Action, Fill, Game, Phase, in_turn
from cacao_game.engine import events as ev
from cacao_game.engine.errors import IllegalActionError
from cacao_game.engine.tiles import VOLCANO, Pos
from cacao_game.jsontypes import JSON
from cacao_game.session import journal
from cacao_game.session.autosave import Autosaver
from cacao_game.session.board_input import Ask, steer
from cacao_game.session.commands import (
    AIAnswered,
    BoardInput,
    Command,
    RequestHint,
    ShowHand,
    Undo,
)
from cacao_game.session.messages import AIRequest
from cacao_game.session.notices import (
    AutosaveFailed,
    AutosaveRestored,
    CurtainRaised,
    HandShown,
    HintReady,
    Notice,
    Refusal,
    Refused,
    Undone,
)
from cacao_game.session.outcomes import Outcome
from cacao_game.session.policy import UndoPolicy, note_undo, resolve_policy, undo_reach
from cacao_game.session.preview import FollowUps
from cacao_game.session.seats import Seats
from cacao_game.session.selection import Selection
from cacao_game.session.source import PLAY, Capabilities, Stepping, think_time

log = logging.getLogger(__name__)

SessionEvent = ev.Event | Notice
"""What ``handle`` returns: engine events and session notices (``source.SourceEvent``)."""

HINT_SEAT_OFFSET = 100
"""Hint requests use AI players of their own (seat + this), apart from the computer seats'."""


SAVED_AS = "saved_as"
"""The view entry naming the file (its stem) this game was last saved to by ``save``: the
autosave carries it, so a game continued from the autosave saves where it was saved before."""
RESULT_SHOWN = "result_shown"
"""View key of a finished game: whether its final scoring was shown. An autosave written as
the game ends says False until the table shows the scores (``result_shown``), so that a game
whose last move came while the window closed is offered by Continue, at its scores (a trial
closed the window during the computer's last move and never saw who won). A finished game
without the key (opened over, an older save) counts as seen."""
SEAT_NAMES = "seat_names"
"""View key of a saved game: the seats' names from each decision on where they changed
(``[[at, [name, ...]], ...]``, ``journal.name_changes``), so that a game loaded or a table
resumed names each decision by who made it (a seat taken over by another player keeps the
earlier player's name on the earlier moves)."""


def hint_level() -> str:
    """The AI level that gives hints: the strongest of ``cacao_game.ai.HINT_LEVELS``."""
    return next((level for level in reversed(HINT_LEVELS) if level in LEVELS), "random")


class PlaySession(Seats):
    """A game of ``config``'s seats: new from its seed, or ``game`` resumed.

    ``undo`` is the undo setting (``auto``/None, ``casual``, ``strict``); ``config.undo``, when
    set, wins (a game's options live in its save). ``autosaver`` (optional) receives a copy
    of the game after every turn and every undo. ``save_to`` names the file Save writes
    (the quick slot by default). ``follow``: where the previews take the mover's later
    decisions of a turn from (the tutorial's script; None: the medium AI's). Raises ValueError
    if ``game`` does not have one seat per configured seat.

    It is a ``TableSource`` (``cacao_game.session.source``) with the capabilities of ``PLAY``.
    """

    capabilities: Capabilities = PLAY

    def __init__(
        self,
        config: GameConfig,
        game: Game | None = None,
        *,
        undo: str | None = None,
        autosaver: Autosaver | None = None,
        view: Mapping[str, JSON] | None = None,
        save_to: Callable[[], Path] | None = None,
        follow: FollowUps | None = None,
    ) -> None:
        self.config = config
        self._save_to = save_to
        kinds = [seat.kind for seat in config.seats]
        self.humans = frozenset(seat for seat, kind in enumerate(kinds) if kind == "human")
        self.policy: UndoPolicy = resolve_policy(config.undo or undo, len(self.humans))
        if game is not None and game.players != len(kinds):
            raise ValueError(f"{len(kinds)} seats configured for a {game.players}-player game")
        if game is None:
            game = Game.new(len(kinds), config.variant, config.seed)
        self.game, rebuilt = journal.rebuild(game.setup, game.actions)
        self.journal = journal.named(rebuilt, read_name_changes((view or {}).get(SEAT_NAMES), len(kinds)))
        """The game and one journal entry per decision; a resumed game is replayed from its
        deal so that undo reaches its start."""
        self.undone_by: dict[int, int] = {}
        """Journal length -> the seat of the decision an undo last took back there (the one
        that came right after): strict undo treats it as the next player having acted
        (``policy.undo_reach``)."""
        self.selection = Selection(self.game, follow=follow)
        self.viewer: int | None = next(iter(self.humans)) if len(self.humans) == 1 else None
        """The human at the screen: the last one whose hand was face up."""
        self.curtain: int | None = None
        """The human the curtain waits for, or None."""
        self.hint: Action | None = None
        self.advice: Advice | None = None
        """Why the hint is the move (cleared with it)."""
        self.view: dict[str, JSON] = dict(view or {})
        """View state the app saves with the game (the camera ...); the session only stores it."""
        if self.game.is_over():
            self.view.setdefault(RESULT_SHOWN, True)
        self.autosaver = autosaver
        self.autosave_error: str | None = None
        """The reason the last autosave failed, until one succeeds."""
        self._outbox: list[AIRequest] = []
        self._move_request: tuple[int, int] | None = None
        self._hint_request: tuple[int, int] | None = None
        self._hint_given: dict[Pos, tuple[str, int]] = {}
        """The tiles given to spaces when the pending hint was asked for."""
        self._next_id = 0
        self._scores_key = -1
        self._scores: tuple[int, ...] = ()
        self.version = 0
        """Grows with every change of the game (caches key on it)."""
        self._view_key: tuple[int, int] | None = None
        self._view_game: Game | None = None
        self._update_curtain()

    def set_undo(self, choice: str | None) -> None:
        """The undo setting changed (Settings, mid-game): it applies from now on, unless the
        game's own options fix the policy."""
        self.policy = resolve_policy(self.config.undo or choice, len(self.humans))

    # ----------------------------------------------------------------- queries

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share the screen."""
        return len(self.humans) >= 2

    def deciding_seat(self) -> int | None:
        """The seat whose decision the game waits for (None once it is over)."""
        return None if self.game.is_over() else self.game.current_player()

    def deciding_human(self) -> int | None:
        """The deciding seat if a human plays it."""
        seat = self.deciding_seat()
        return seat if seat in self.humans else None

    def face_up_seat(self) -> int | None:
        """Whose hand may be shown face up now, or None (every hand face down)."""
        if not self.humans:
            return None if self.game.is_over() else self.game.mover
        if not self.hot_seat:
            return self.viewer
        if self.curtain is None and self.viewer is not None and self.deciding_seat() == self.viewer:
            return self.viewer
        return None

    def accepts_input(self) -> bool:
        """Whether the deciding seat is a human at the screen with the curtain down."""
        seat = self.deciding_human()
        return seat is not None and self.curtain is None and (not self.hot_seat or seat == self.viewer)

    def table_game(self) -> Game:
        """The game as the seat in front of the screen sees it: ``Game.view`` of the face-up
        seat, else of the last human at the screen, else of the mover (cached per change)."""
        seat = self.face_up_seat()
        if seat is None:
            seat = self.viewer if self.viewer is not None else self.game.mover
        key = (self.version, seat)
        if self._view_game is None or self._view_key != key:
            self._view_key, self._view_game = key, self.game.view(seat)
        return self._view_game

    def finished_game(self) -> Game | None:
        """The whole game once it is over (the scoring screen takes it), else None."""
        return self.game if self.game.is_over() else None

    def stepping(self) -> Stepping | None:
        """A game being played does not step."""
        return None

    def step(self, delta: int) -> list[ev.Event] | None:
        """A game being played does not step."""
        return []

    def jump(self, position: int) -> None:
        """A game being played does not step."""

    def undo_check(self) -> int | Refused:
        """How many decisions an undo would take back now (0: just the provisional move, or
        while filling the tile given last), or why it is refused: nothing is taken back once
        the game is over (its scores are final; a trial saw Undo lit on the finished board)."""
        if self.game.is_over():
            return Refused(Refusal.UNDO_NOTHING)
        if self.accepts_input() and self.selection.undoable():
            return 0
        actor = self.viewer
        if actor is None:
            return Refused(Refusal.UNDO_NOBODY)
        undone_by = self.undone_by.get(len(self.journal))
        return undo_reach(self.journal, self.humans, actor, self.policy, undone_by)

    def score_totals(self) -> tuple[int, ...]:
        """Each seat's end score if the game ended now (temples included); cached per change."""
        if self._scores_key != self.version:
            self._scores_key = self.version
            self._scores = tuple(score.total for score in self.game.score_now())
        return self._scores

    def state_key(self) -> tuple[object, ...]:
        """Everything a command can change, for equality checks (caches left out)."""
        return (
            tuple(self.game.actions),
            self.selection.snapshot(),
            self.viewer,
            self.curtain,
            self.hint,
            self.advice,
            self._move_request,
            self._hint_request,
            self.autosave_error,
            tuple(sorted(self.view.items())),
        )

    # ----------------------------------------------------------------- commands

    def handle(self, command: Command) -> list[SessionEvent]:
        """Carry out ``command``; return the engine events and notices it caused, in order.

        A command that makes no sense now (not your decision, nothing selected) returns []
        or a ``Refused`` notice; the state is then unchanged. A command that decided
        something is autosaved before this returns: a decision is saved when it is
        confirmed, whatever its animation does afterwards.
        """
        decided = len(self.journal)
        events = self._carry_out(command)
        self._autosave_after(decided)
        return events

    def _autosave_after(self, decided: int) -> None:
        """Autosave if decisions were added since the journal held ``decided`` entries."""
        if len(self.journal) > decided:
            self.autosave()

    def _carry_out(self, command: Command) -> list[SessionEvent]:
        match command:
            case AIAnswered():
                return self._answer(command)
            case Undo():
                return self._undo()
            case ShowHand():
                return self._show_hand()
            case _ if not self.accepts_input():
                return []
            case RequestHint():
                return self._request_hint()
            case _:
                return self._select(command)

    def _select(self, command: BoardInput) -> list[SessionEvent]:
        """Board input on the selection (``board_input.steer``); a completed move is applied."""
        match steer(self.selection, command):
            case Ask.CONFIRM:
                return self._confirm()
            case None:
                return []
            case action:
                return self._apply(action)

    def _confirm(self) -> list[SessionEvent]:
        """Apply what Confirm decides (``Selection.confirmed``); nothing to decide is refused."""
        actions = self.selection.confirmed()
        return [] if actions is None else self._apply_all(actions)

    def _apply_all(self, actions: Sequence[Action]) -> list[SessionEvent]:
        """Apply ``actions`` in order (``engine.in_turn``: a fill the engine laid itself is
        left out), stopping at the first one refused."""
        if not actions:
            return [Refused(Refusal.CONFIRM_NOTHING)]
        happened: list[SessionEvent] = []
        for action in in_turn(self.game, actions):
            happened += self._apply(action)
            if any(isinstance(event, Refused) for event in happened):
                break
        return happened

    def _apply(self, action: Action) -> list[SessionEvent]:
        try:
            entry = journal.decide(self.game, action)
        except IllegalActionError as error:
            log.warning("refused %s: %s", action, error)
            return [Refused(Refusal.ILLEGAL)]
        entry = replace(entry, names=tuple(seat.name for seat in self.config.seats))
        self.journal.append(entry)
        self.version += 1
        self.hint = None
        self.advice = None
        self._hint_request = None
        self.selection.after_apply()
        events: list[SessionEvent] = list(entry.events)
        events.extend(self._update_curtain())
        return events

    def _undo(self) -> list[SessionEvent]:
        check = self.undo_check()
        if isinstance(check, Refused):
            return [check]
        if check == 0:
            self.selection.undo()
            self.hint = None
            self.advice = None
            return [Undone(0)]
        actor = self.viewer
        back_to = self.game.actions[-check]
        for _ in range(check):
            self.game.pop()
        note_undo(self.undone_by, self.journal, check)
        del self.journal[len(self.journal) - check :]
        self.version += 1
        self.selection.reset(back_to)
        self.hint = None
        self.advice = None
        self._move_request = None
        self._hint_request = None
        if self.curtain is not None and self.deciding_human() != actor:
            self.viewer = None
        self.curtain = None
        notices: list[SessionEvent] = [Undone(check)]
        notices.extend(self._update_curtain())
        self.autosave()
        return notices

    def _show_hand(self) -> list[SessionEvent]:
        if self.curtain is None:
            return []
        self.viewer, self.curtain = self.curtain, None
        return [HandShown(self.viewer)]

    def _update_curtain(self) -> list[SessionEvent]:
        if not self.hot_seat or self.curtain is not None:
            return []
        seat = self.deciding_human()
        if seat is None or seat == self.viewer:
            return []
        self.curtain = seat
        return [CurtainRaised(seat)]

    # ----------------------------------------------------------------- the AI

    def _seed(self, seat: int) -> int:
        base = self.config.seed if self.config.seed is not None else self.game.setup.seed or 0
        return player_seed(int(base), seat)

    def _request(
        self, level: str, seat: int, seed: int, *, hint: bool, game: Game | None = None
    ) -> tuple[int, int]:
        self._next_id += 1
        position = game if game is not None else self.game.clone()
        think = self.time_budget(level)
        self._outbox.append(AIRequest(self._next_id, level, seat, seed, position, hint, think))
        return (self._next_id, len(self.game.actions))

    def time_budget(self, level: str) -> float | None:
        """Seconds AI ``level`` thinks per decision in this game (``source.think_time``)."""
        return think_time(self.config, level)

    def take_requests(self) -> list[AIRequest]:
        """The AI requests to send now (a computer seat's decision, a hint), each once."""
        seat = self.deciding_seat()
        count = len(self.game.actions)
        stale = self._move_request is None or self._move_request[1] != count
        if seat is not None and seat not in self.humans and stale:
            self._move_request = self._request(self.kinds[seat], seat, self._seed(seat), hint=False)
        requests, self._outbox = self._outbox, []
        return requests

    def waiting_for_ai(self) -> int | None:
        """The computer seat whose answer is awaited, else None."""
        seat = self.deciding_seat()
        if seat is None or seat in self.humans or self._move_request is None:
            return None
        return seat

    def hint_pending(self) -> bool:
        """Whether a hint was asked of the AI and its answer is still awaited."""
        return self._hint_request is not None

    def awaits_move(self, request_id: int) -> bool:
        """Whether ``request_id`` is the computer seat's move the game waits for now."""
        return self._move_request == (request_id, len(self.game.actions))

    def _request_hint(self) -> list[SessionEvent]:
        if self.hint_pending() and self._hint_given == self.selection.assignments():
            return []  # the same position's hint is on its way: asking again would only delay it
        seat = self.game.current_player()
        forced = self._last_fill()
        if forced is not None:
            self.hint, self.advice = forced, Advice(seat, forced, None, 0.0, (), forced=True)
            self.selection.set_provisional(forced)
            return [HintReady(forced, self.advice)]
        if self.hint is not None and self._hint_given == self.selection.assignments():
            self.selection.lay_hint(self.hint, self.advice)
            return [HintReady(self.hint, self.advice)]
        self._hint_given = self.selection.assignments()
        self.selection.ask_hint()
        self._hint_request = self._request(
            hint_level(),
            HINT_SEAT_OFFSET + seat,
            self._seed(seat) + 17,
            hint=True,
            game=self._hint_position(),
        )
        return []

    def _last_fill(self) -> Fill | None:
        """While filling: the one tile left for the one space left without one, if that is all
        there is to choose (a volcano still has its turn to choose)."""
        selection = self.selection
        if selection.phase is not Phase.FILL or not selection.assignments():
            return None
        spaces = [pos for pos in self.game.pending_fills if pos not in selection.assignments()]
        tiles = selection.free_tiles()
        if len(spaces) != 1 or len(tiles) != 1 or tiles[0] == VOLCANO:
            return None
        return Fill(spaces[0], tiles[0], 0)

    def _hint_position(self) -> Game:
        """The game a hint is asked for: while filling, with the tiles already given to spaces
        laid (so the hint is for a space still without one), unless that ends the filling."""
        game = self.game.clone()
        given = self.selection.assignments()
        if not given or self.selection.fill_complete():
            return game
        seat = game.current_player()
        try:
            for pos, (code, rotation) in given.items():
                game.apply(Fill(pos, code, rotation))
        except IllegalActionError:
            return self.game.clone()
        if (
            game.is_over()
            or game.phase is not Phase.FILL
            or game.current_player() != seat
            or not game.display
        ):
            return self.game.clone()  # the next tile would come from the pile: nothing to reveal early
        return game

    def _answer(self, answer: AIAnswered) -> list[SessionEvent]:
        key = (answer.request_id, len(self.game.actions))
        if key == self._hint_request:
            self._hint_request = None
            self.hint = answer.action
            self.advice = (
                answer.advice if answer.advice is not None and answer.advice.action == answer.action else None
            )
            self.selection.show_hint(answer.action, self.advice)
            return [HintReady(answer.action, self.advice)]
        if key != self._move_request:
            return []
        self._move_request = None
        action = answer.action
        if not self.game.is_legal(action):
            log.warning("the AI answered an illegal action %s; playing the first legal one", action)
            action = self.game.legal_actions()[0]
        return self.play(action)

    def play(self, action: Action) -> list[SessionEvent]:
        """Apply ``action`` for the deciding seat, whoever plays it (the AI's answers, tools and
        tests). An illegal action returns a ``Refused`` notice and changes nothing; a legal
        one is autosaved."""
        decided = len(self.journal)
        events = self._apply(action)
        self._autosave_after(decided)
        return events

    # ----------------------------------------------------------------- saving

    def autosave(self) -> None:
        """Hand a copy of the game to the autosaver (if any)."""
        if self.autosaver is not None:
            self.autosaver.save(self.game.clone(), self.config, self.saved_view())

    def saved_view(self) -> dict[str, JSON]:
        """The view a save of this game keeps: ``view`` and the seats' names by decision
        (``SEAT_NAMES``), the names now counting from the next decision on (a hosted table
        saves in full when a seat changes hands, and only appends the decisions after it)."""
        changes = journal.name_changes(self.journal)
        now = tuple(seat.name for seat in self.config.seats)
        if not changes or changes[-1][1] != now:
            changes.append((len(self.journal), now))
        written: list[JSON] = [[at, list(names)] for at, names in changes]
        ended = {RESULT_SHOWN: False} if self.game.is_over() and RESULT_SHOWN not in self.view else {}
        return {**self.view, **ended, SEAT_NAMES: written}

    def poll(self) -> list[SessionEvent]:
        """Autosave outcomes since the last call: a failure notice, or the all-clear after one."""
        if self.autosaver is None:
            return []
        notices: list[SessionEvent] = []
        for outcome in self.autosaver.results():
            if outcome is not None:
                self.autosave_error = outcome
                notices.append(AutosaveFailed(outcome))
            elif self.autosave_error is not None:
                self.autosave_error = None
                notices.append(AutosaveRestored())
        return notices

    def save(self) -> str:
        """Write the game with its view to ``save_to`` (the quick slot by default), the view
        naming that file (``SAVED_AS``, handed to the autosave too); returns where. Raises
        OSError or ValueError (``SaveError``) if it cannot be written, the view as it was (a
        save not written names no file: a review's later autosaves did). A pending autosave is
        finished first: the tutorial saves to its autosave's own file, which an older autosave
        finishing after Save would write over."""
        if self.autosaver is not None:
            self.autosaver.flush()
        path = self._save_to() if self._save_to is not None else saves.slot_path(saves.QUICK_SLOT)
        saves.save_game(path, self.game, self.config, {**self.saved_view(), SAVED_AS: path.stem})
        self.view[SAVED_AS] = path.stem
        self.autosave()
        return str(path)

    def close(self) -> None:
        """Finish pending autosaves."""
        if self.autosaver is not None:
            self.autosaver.flush()

    def result_shown(self) -> None:
        """The table shows the final scoring: a game that ended unseen (``RESULT_SHOWN``
        False in its view: it ended here, or was continued so) is autosaved as seen; one opened
        already over and seen is not written again (Load would list it as just played)."""
        if self.view.get(RESULT_SHOWN) is True:
            return
        self.view[RESULT_SHOWN] = True
        self.autosave()

    # ----------------------------------------------------------------- what the view shows

    def outcomes(self) -> Sequence[Outcome]:
        """The ends on offer to the seat resolving now (``session.outcomes``), in order."""
        return self.selection.outcomes()


def read_name_changes(value: JSON | None, players: int) -> list[tuple[int, tuple[str, ...]]]:
    """The seats' names by decision a save's view holds (``SEAT_NAMES``); none (the names now
    stand for every decision) if it holds none or something else, which is logged."""
    if value is None:
        return []
    try:
        changes = typed_json.convert(value, list[tuple[int, list[str]]], where=SEAT_NAMES)
    except typed_json.ShapeError as error:
        log.warning("the seats' names by decision are unreadable (%s): the names now are shown", error)
        return []
    if any(at < 0 or len(names) != players for at, names in changes):
        log.warning("the seats' names by decision do not fit the game: the names now are shown")
        return []
    return [(at, tuple(names)) for at, names in changes]
