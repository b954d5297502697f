"""``TutorialSession``: the play session of the guided first game.

It is a ``PlaySession`` of the tutorial's seats over ``script.DEAL`` with three changes:

- the player's decisions are judged by the coach before they reach the engine: a wrong one
  is refused (``Refused(Refusal.TUTORIAL)``, nothing changes, the coach keeps the reason) and a
  right one is played as ``SOLUTION`` writes it, so the game stays on the script;
- Coco's decisions come from the script (``scripted_answer`` answers the AI requests), and
  she waits while a note is on at her decision;
- a hint shows the lesson's answer at once (the whole fill or the resolution row).

The lesson reached is saved with the game, in the view (``view["tutorial"]``), after every
turn, every undo, every Next and when the session closes. The table leaves for the scoring
screen only once the last lesson has been read (``finished_game``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from cacao_game.engine import Action, Fill, Game, Overbuild, Phase, Place
from cacao_game.jsontypes import JSON
from cacao_game.session import Command, HintReady, PlaySession, Refusal, Refused, SessionEvent
from cacao_game.session.autosave import Autosaver
from cacao_game.session.messages import AIRequest
from cacao_game.session.outcomes import Outcome
from cacao_game.tutorial import script
from cacao_game.tutorial.coach import Coach, ScriptedTurns, on_track, position, settle

PROGRESS_KEY = "tutorial"
"""The key of the view that holds ``{"version": ..., "step": ...}``."""


class TutorialSession(PlaySession):
    """The tutorial game ``game`` (a new one if None) at lesson step ``step``, the player's
    seat called ``player``.

    ``save_to`` names the file Save writes (``progress.tutorial_path``). Raises ValueError
    if ``game`` is not the tutorial game (another deal, or decisions off the script:
    ``cacao_game.tutorial.progress`` only resumes games that are on it) or if ``player`` is
    not a clean name.
    """

    def __init__(
        self,
        game: Game | None = None,
        step: int = 0,
        *,
        player: str = "Player",
        autosaver: Autosaver | None = None,
        view: dict[str, JSON] | None = None,
        save_to: Callable[[], Path] | None = None,
    ) -> None:
        game = game if game is not None else Game(script.DEAL)
        if not on_track(game):
            raise ValueError("not the tutorial game")
        super().__init__(
            script.config(player),
            game,
            autosaver=autosaver,
            view=view,
            save_to=save_to,
            follow=ScriptedTurns(),
        )
        self.coach = Coach(step)
        self.coach.index(self.game)
        self._select_the_lessons_tile()
        self._pick_the_lessons_tile()  # a lesson resumed at a fill picks its tile too

    # ----------------------------------------------------------------- the lessons

    def next_step(self) -> bool:
        """Next: leave the note on; False if no note waits for it. Saves the progress."""
        if not self.coach.go_on(self.game):
            return False
        self.version += 1
        self.autosave()
        return True

    def finished(self) -> bool:
        """Whether the last lesson has been read."""
        return self.coach.finished(self.game)

    def finished_game(self) -> Game | None:
        """The game once it is over and its last lesson read, else None."""
        return self.game if self.game.is_over() and self.finished() else None

    def expected_choice(self) -> int | None:
        """The resolution row the lesson expects now, if the player is resolving."""
        answer = self.coach.answer(self.game)
        if answer is None or answer.kind is not Phase.RESOLVE:
            return None
        return next((i for i, o in enumerate(self.outcomes()) if self._reaches(o, answer.result)), None)

    def _reaches(self, outcome: Outcome, result: tuple[object, ...] | None) -> bool:
        after = settle(self.game, outcome.actions)
        return after is not None and position(after) == result

    def show_answer(self) -> list[SessionEvent]:
        """Set up the expected decision as the provisional one (the tile turned on its
        square, every space given its tile, or the row focused); Confirm then plays it."""
        answer = self.coach.answer(self.game)
        if answer is None or not self.accepts_input():
            return []
        self.coach.revealed = True
        self.coach.mistake = None
        selection = self.selection
        if answer.placement is not None:
            selection.set_provisional(answer.placement)
            shown: Action = answer.placement
        elif answer.fills:
            for pos in list(selection.assignments()):
                selection.unassign(pos)
            for fill in answer.fills[: selection.to_assign()]:
                selection.assign(fill.pos, fill.tile, fill.rotation)
            shown = answer.fills[0]
        else:
            choice = self.expected_choice()
            if choice is None:
                return []
            selection.focus = choice
            shown = self.outcomes()[choice].actions[0]
        self.hint = shown
        self.version += 1
        return [HintReady(shown)]

    def _request_hint(self) -> list[SessionEvent]:
        return self.show_answer()

    # ----------------------------------------------------------------- judged decisions

    def _carry_out(self, command: Command) -> list[SessionEvent]:
        """As a play session; a refusal shown stays only while the move refused stays: a
        command that changes the selection (another tile, square, rotation, space or row)
        and is not refused itself takes it away."""
        before = self.selection.snapshot()
        happened = super()._carry_out(command)
        changed = self.selection.snapshot() != before
        if self.coach.mistake is not None and changed and not any(isinstance(e, Refused) for e in happened):
            self.coach.mistake = None
            self.version += 1
        self._pick_the_lessons_tile()
        return happened

    def _pick_the_lessons_tile(self) -> None:
        """At the player's fill, a display tile the player has not picked yet is the one the
        lesson wants next (not the display's first: a trial clicked the outlined space and
        laid the gold mine where the lesson asked for the double plantation)."""
        selection = self.selection
        if not self._players_decision() or self.game.phase is not Phase.FILL or selection.fill_picked:
            return
        given = selection.assignments()
        wanted = [
            fill
            for fill in self.coach.expected(self.game)
            if isinstance(fill, Fill) and fill.pos not in given
        ]
        if wanted and wanted[0].tile in selection.fill_codes():
            selection.fill_code = wanted[0].tile

    def _select_the_lessons_tile(self) -> None:
        """At the player's placement, once Coco has moved (or the lesson resumes there), the
        hand tile the lesson lays is the one selected (a trial saw the lesson's tile outlined
        and another selected, a click away from laying the wrong one)."""
        if not self._players_decision() or self.game.phase is not Phase.PLACE:
            return
        hand = self.selection.hand()
        for action in self.coach.expected(self.game):
            if isinstance(action, (Place, Overbuild)) and action.tile in hand:
                self.selection.hand_index = hand.index(action.tile)
                return

    def _players_decision(self) -> bool:
        return not self.game.is_over() and self.game.current_player() == script.PLAYER

    def _apply(self, action: Action) -> list[SessionEvent]:
        if self._players_decision():
            return self._coached([action])
        happened = super()._apply(action)
        self._select_the_lessons_tile()
        return happened

    def _apply_all(self, actions: Sequence[Action]) -> list[SessionEvent]:
        if actions and self._players_decision():
            return self._coached(list(actions))
        return super()._apply_all(actions)

    def _coached(self, tried: list[Action]) -> list[SessionEvent]:
        """Refuse ``tried`` with the coach's reason, or play the expected decision."""
        if self.coach.judge(self.game, tried) is not None:
            self.version += 1
            return [Refused(Refusal.TUTORIAL)]
        expected = self.coach.expected(self.game)
        self.coach.accept(self.game)
        happened: list[SessionEvent] = []
        for action in expected:
            happened += PlaySession._apply(self, action)
        return happened

    # ----------------------------------------------------------------- Coco

    def take_requests(self) -> list[AIRequest]:
        """As a play session, but Coco's move is not asked for while a note holds her."""
        if self.coach.holds_coco(self.game):
            requests, self._outbox = self._outbox, []
            return requests
        return super().take_requests()

    def scripted_answer(self, request: AIRequest) -> Action:
        """The answer to an AI request: Coco's decision as the script writes it (the
        request's game is a copy of this game at her decision)."""
        return self.coach.scripted(request.game)

    # ----------------------------------------------------------------- saving

    def progress(self) -> dict[str, JSON]:
        """What the view stores about the lessons."""
        return {"version": script.VERSION, "step": self.coach.index(self.game)}

    def save(self) -> str:
        """Save the game with the lesson reached now (Save, Ctrl+S); returns where."""
        self.view[PROGRESS_KEY] = self.progress()
        return super().save()

    def autosave(self) -> None:
        """Save the game with the lesson reached (to the tutorial's own file)."""
        self.view[PROGRESS_KEY] = self.progress()
        super().autosave()

    def close(self) -> None:
        """Save where the player stands (even in the middle of a turn), then finish writing."""
        self.autosave()
        super().close()
