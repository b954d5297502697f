"""What the deciding human has selected: hand tile, rotation, display tile, provisional move.

``Selection`` turns clicks and keys into engine actions but never applies one: ``click`` and
``confirm`` return the action for the session to apply. Queries never change anything (a
stale index is clamped when read, not written back). Previews run on a ``clone()`` of the
game, never on the game itself.
"""

from __future__ import annotations

from collections import Counter
from typing import TypeAlias

from cacao_game.ai.explain import Advice
from cacao_game.engine import Action, Fill, Game, Overbuild, Phase, Place, Resolve
from cacao_game.engine.errors import IllegalActionError
from cacao_game.engine.tiles import VOLCANO, Pos
from cacao_game.session.ledger import gains
from cacao_game.session.outcomes import Outcome, as_planned, outcomes, result_after
from cacao_game.session.preview import FollowUps, PreviewCache, TurnPreview

Plan: TypeAlias = tuple[int, Action, tuple[Action, ...]]
"""A turn planned from its placement on: the decisions made before it, the placement, and the
decisions after it (a hint's plan, or the display tiles a placement's preview laid)."""


class Selection:
    """Selection and provisional action of the deciding seat."""

    def __init__(self, game: Game, *, suggests: bool = True, follow: FollowUps | None = None) -> None:
        """The selection of whoever decides in ``game`` (the session's live game); with
        ``suggests`` a resolution's focus starts on the medium AI's pick (``Outcome.default``),
        without (a table whose host turned hints off: the pick is advice) on its first row.
        ``follow``: where the previews take the mover's later decisions from (None: the
        medium AI's)."""
        self.game = game
        self.follow = follow
        self.suggests = suggests
        self.hand_index = 0
        self.rotation = 0
        self.fill_code: str | None = None
        self.fill_rotation = 0
        self.fill_picked = False
        """The player chose the display tile explicitly: a second click on a space confirms."""
        self.provisional: Action | None = None
        self.focus: int | None = None
        """The outcome focused in a resolution (None: the default one)."""
        self._outcomes: tuple[int, list[Outcome]] = (-1, [])
        self._hinted: tuple[object, int | None] = (None, None)
        self._preview_cache: dict[tuple[int, Action], tuple[Counter[str], Phase | None]] = {}
        self._hinted_turn = HintedTurn(follow)
        self._turn_previews = PreviewCache(self._hinted_turn)
        self.assigned: dict[Pos, tuple[str, int]] = {}
        """FILL: the jungle tile (code, rotation) given to each space so far, in order; valid
        while the game stays at ``_assigned_at`` decisions."""
        self._assigned_at = -1
        self._clicked_at: Pos | None = None
        """The square a click last laid the provisional placement on: only a click there again
        confirms it (a placement a hint or Tab laid is not one the player clicked yet)."""
        self._hint_asked: tuple[Action | None, dict[Pos, tuple[str, int]]] | None = None
        """The move on the board when a hint was last asked (``ask_hint``), until it arrives."""
        self._previewed: Plan | None = None
        """The placement last confirmed (the decisions made then, the placement) and the
        display tiles its preview laid as ghosts on its spaces (``TurnPreview.fills``): the
        fill after it opens with them picked in turn (``_pick_planned``)."""

    # ----------------------------------------------------------------- queries

    @property
    def seat(self) -> int:
        """The deciding seat (TERMINAL when the game is over)."""
        return self.game.current_player()

    @property
    def phase(self) -> Phase:
        """The kind of decision pending."""
        return self.game.decision().kind

    def hand(self) -> list[str]:
        """The mover's hand."""
        return list(self.game.hands[self.game.mover]) if not self.game.is_over() else []

    def selected_tile(self) -> str | None:
        """The hand tile selected for placing."""
        hand = self.hand()
        if not hand:
            return None
        return hand[min(self.hand_index, len(hand) - 1)]

    def overbuild_targets(self) -> list[Pos]:
        """Squares of the mover's own tiles that may be overbuilt now (R3.3), else []."""
        return self.game.overbuild_targets() if self.game.can_overbuild() else []

    def targets(self) -> list[Pos]:
        """The squares a click can act on in this phase (placement, overbuild or fill)."""
        if self.phase is Phase.PLACE:
            return sorted(self.game.frontier, key=_reading_order) + self.overbuild_targets()
        if self.phase is Phase.FILL:
            return sorted(self.game.pending_fills, key=_reading_order)
        return []

    def assignments(self) -> dict[Pos, tuple[str, int]]:
        """FILL: each space given a tile so far -> (jungle code, rotation), in the order given."""
        if self.phase is not Phase.FILL or self._assigned_at != len(self.game.actions):
            return {}
        return dict(self.assigned)

    def fill_sources(self) -> list[str]:
        """The tiles this fill may use, with repeats: the display, or the drawn pile tile."""
        game = self.game
        if game.display:
            return list(game.display)
        revealed = game.revealed_pile_tile()
        return [revealed] if revealed else []

    def free_tiles(self) -> list[str]:
        """``fill_sources`` less the tiles already given to a space (repeats kept)."""
        free = self.fill_sources()
        for code, _rotation in self.assignments().values():
            if code in free:
                free.remove(code)
        return free

    def fill_codes(self) -> list[str]:
        """The jungle tiles the mover may still give to a space (distinct, display order)."""
        return list(dict.fromkeys(self.free_tiles()))

    def to_assign(self) -> int:
        """How many spaces get a tile before Confirm: every space, as far as the display (or the
        drawn pile tile) reaches; the pile gives the rest after."""
        return min(len(self.game.pending_fills), len(self.fill_sources()))

    def fill_complete(self) -> bool:
        """Whether every space that can get a tile now has one (Confirm may lay them)."""
        return self.phase is Phase.FILL and 0 < self.to_assign() <= len(self.assignments())

    def fill_actions(self) -> list[Fill]:
        """The fills Confirm lays, in the order the tiles were given (empty until complete)."""
        if not self.fill_complete():
            return []
        return [Fill(pos, code, rotation) for pos, (code, rotation) in self.assignments().items()]

    def current_fill_code(self) -> str | None:
        """The jungle tile the mover has picked (the first one by default)."""
        codes = self.fill_codes()
        if not codes:
            return None
        return self.fill_code if self.fill_code in codes else codes[0]

    def action_at(self, pos: Pos) -> Place | Overbuild | Fill | None:
        """The action the current selection makes at square ``pos`` (None if none is legal)."""
        if self.phase is Phase.PLACE:
            tile = self.selected_tile()
            if tile is None:
                return None
            if pos in self.game.frontier:
                return Place(tile, self.rotation, pos)
            if pos in self.overbuild_targets():
                return Overbuild(tile, self.rotation, pos)
            return None
        if self.phase is Phase.FILL and pos in self.game.pending_fills:
            given = self.assignments().get(pos)
            if given is not None:
                return Fill(pos, given[0], given[1])
            picked = self.current_fill_code()
            if picked is None:
                return None
            return Fill(pos, picked, self.fill_rotation if picked == VOLCANO else 0)
        return None

    def preview(self, action: Action) -> tuple[Counter[str], Phase | None]:
        """What ``action`` gains the deciding seat at once, and the decision of the same seat
        that follows in this turn (FILL or RESOLVE), if any.

        Computed on ``game.clone()``; cached until the game changes.
        """
        key = (len(self.game.actions), action)
        cached = self._preview_cache.get(key)
        if cached is not None:
            return cached
        if len(self._preview_cache) > 256:
            self._preview_cache.clear()
        seat = self.seat
        clone = self.game.clone()
        try:
            events = clone.apply(action)
        except IllegalActionError:
            result: tuple[Counter[str], Phase | None] = (Counter(), None)
        else:
            same = clone.current_player() == seat and clone.turn == self.game.turn and not clone.is_over()
            result = (gains(events, seat), clone.phase if same else None)
        self._preview_cache[key] = result
        return result

    def turn_preview(self, action: Place | Overbuild | Fill) -> TurnPreview | None:
        """The whole turn in numbers (``session.preview``) after placement ``action``, or after
        the fills given so far plus fill ``action``; None if not legal now. Cached until the
        game changes."""
        if isinstance(action, Fill):
            given = [Fill(pos, code, rotation) for pos, (code, rotation) in self.assignments().items()]
            steps = (*[fill for fill in given if fill.pos != action.pos], action)
            return self._turn_previews.get(self.game, steps)
        return self._turn_previews.get(self.game, action)

    def outcomes(self) -> list[Outcome]:
        """The ends the deciding seat's resolution can reach (``session.outcomes``), [] outside
        a resolution; the one ``follow`` plans told as planned (``as_planned``). Cached until
        the game changes."""
        state = len(self.game.actions)
        if self._outcomes[0] != state:
            found = outcomes(self.game) if self.phase is Phase.RESOLVE else []
            planned = self.follow.resolution(self.game) if self.follow is not None and found else ()
            self._outcomes = (state, as_planned(found, self.game, planned) if planned else found)
        return self._outcomes[1]

    def focused(self) -> int:
        """The index of the focused outcome: the player's pick, else the default one (the
        first without ``suggests``)."""
        options = self.outcomes()
        if self.focus is not None and 0 <= self.focus < len(options):
            return self.focus
        return next((i for i, outcome in enumerate(options) if outcome.default and self.suggests), 0)

    def focused_outcome(self) -> Outcome | None:
        """The outcome Confirm would reach now, if any."""
        options = self.outcomes()
        return options[self.focused()] if options else None

    # ----------------------------------------------------------------- changing the selection

    def select(self, index: int) -> bool:
        """Select hand tile ``index`` (0-based), upright if it is another tile than the one
        selected; False if there is none."""
        if self.phase is not Phase.PLACE or not 0 <= index < len(self.hand()):
            return False
        if index != self.hand_index:
            self.rotation = 0
        self.hand_index = index
        self._refresh_provisional()
        return True

    def focus_choice(self, index: int) -> bool:
        """Focus resolution outcome ``index``; False if there is none."""
        if not 0 <= index < len(self.outcomes()):
            return False
        self.focus = index
        return True

    def rotate(self, step: int) -> bool:
        """Turn the selected hand tile by ``step`` quarters; while filling, the volcano being
        laid: the one picked or shown on a space (``provisional``), else the one given to a
        space last, else the display's next (a keyboard-only trial's hint laid a volcano and E
        turned the other one, still in the display, which nothing pointed at)."""
        next_volcano = (
            self.phase is Phase.FILL and self.current_fill_code() == VOLCANO and bool(self.fill_codes())
        )
        chosen = self.fill_picked or self.provisional is not None or self._last_volcano() is None
        if self.phase is Phase.PLACE:
            self.rotation = (self.rotation + step) % 4
        elif next_volcano and chosen:
            self.fill_rotation = (self.fill_rotation + step) % 4
        elif self.phase is Phase.FILL and self._last_volcano() is not None:
            pos = self._last_volcano()
            assert pos is not None
            code, rotation = self.assigned[pos]
            self.assigned[pos] = (code, (rotation + step) % 4)
        else:
            return False
        self._refresh_provisional()
        return True

    def pick_fill(self, code: str) -> bool:
        """Choose which display tile to lay next."""
        if self.phase is not Phase.FILL or code not in self.fill_codes():
            return False
        self.fill_code = code
        self.fill_picked = True
        self._refresh_provisional()
        return True

    def _last_volcano(self) -> Pos | None:
        """The space most recently given a volcano (Q/E then turn it), if any."""
        volcanoes = [pos for pos, (code, _r) in self.assignments().items() if code == VOLCANO]
        return volcanoes[-1] if volcanoes else None

    def assign(self, pos: Pos, code: str | None = None, rotation: int | None = None) -> bool:
        """Give space ``pos`` the tile ``code`` (default: the one picked) turned ``rotation``
        (default: as picked); a space that had a tile gives it back first. The selection
        then moves to the next tile not given yet. False if the space or tile is not free."""
        if self.phase is not Phase.FILL or pos not in self.game.pending_fills:
            return False
        self._fresh_assignments()
        previous = self.assigned.pop(pos, None)
        code = code if code is not None else self.current_fill_code()
        if code is None or code not in self.free_tiles():
            if previous is not None:
                self.assigned[pos] = previous
            return False
        turn = (rotation if rotation is not None else self.fill_rotation) if code == VOLCANO else 0
        self.assigned[pos] = (code, turn % 4)
        free = self.fill_codes()
        self.fill_code = free[0] if free else None
        self.fill_rotation = 0
        self.fill_picked = False
        self.provisional = None
        self._pick_planned()
        return True

    def unassign(self, pos: Pos) -> str | None:
        """Take the tile back from space ``pos``; it becomes the picked tile. Its code, or None."""
        if pos not in self.assignments():
            return None
        code, rotation = self.assigned.pop(pos)
        self.fill_code, self.fill_rotation, self.fill_picked = code, rotation, True
        return code

    def take_back_last(self) -> str | None:
        """FILL: take back the tile given last (``unassign``); its code, or None if none was given."""
        given = list(self.assignments())
        return self.unassign(given[-1]) if given else None

    def undoable(self) -> bool:
        """Whether an undo stays within this selection (``undo``): a provisional move to drop,
        or, while filling, a display tile given that can be taken back. The one rule for every
        table, at home and across machines (nothing is sent to a host for it)."""
        return self.provisional is not None or bool(self.assignments())

    def undo(self) -> None:
        """Undo within the selection (see ``undoable``): drop the provisional move, else take
        back the display tile given last (``take_back_last``); nothing if neither is there."""
        if self.provisional is not None:
            self.provisional = None
        else:
            self.take_back_last()

    def _fresh_assignments(self) -> None:
        """Forget tiles given in an earlier state of the game."""
        if self._assigned_at != len(self.game.actions):
            self.assigned = {}
            self._assigned_at = len(self.game.actions)

    def _refresh_provisional(self) -> None:
        if self.provisional is not None and not isinstance(self.provisional, Resolve):
            self.provisional = self.action_at(_pos_of(self.provisional))

    def click(self, pos: Pos) -> Action | None:
        """A click on square ``pos``: set a placement provisionally, or confirm it on a second
        click (returns the action to apply then, else None); a placement a hint or Tab laid
        takes the player's first click there without confirming (a trial's click on a hinted
        tile, to look at it, made the move). In the FILL phase a click gives
        or takes back a space's tile (``assign``/``unassign``); Confirm lays them."""
        if self.phase is Phase.FILL:
            self._click_space(pos)
            return None
        action = self.action_at(pos)
        if action is None:
            return None
        if self.provisional is not None and _pos_of(self.provisional) == pos:
            if self._clicked_at == pos:
                return self.confirm()
            self._clicked_at = pos  # laid by a hint or Tab: this is the player's first click
            return None
        self.provisional = action
        self._clicked_at = pos
        return None

    def _click_space(self, pos: Pos) -> None:
        """FILL: a click on a space gives it the picked tile; on a space that has one, it
        takes that tile back (or swaps in the tile the player picked since)."""
        if pos not in self.game.pending_fills:
            return
        if pos in self.assignments() and not (self.fill_picked and self.fill_codes()):
            self.unassign(pos)
            return
        self.assign(pos)

    def cycle(self, step: int = 1) -> Pos | None:
        """Move the provisional action to the next target square (keyboard play). While
        filling, only the spaces still without a tile take their turn, so Tab then Enter
        never takes back a tile already given."""
        targets = self.targets()
        if self.phase is Phase.FILL:
            given = self.assignments()
            targets = [pos for pos in targets if pos not in given] or targets
        if not targets:
            return None
        if self.provisional is not None and _pos_of(self.provisional) in targets:
            index = (targets.index(_pos_of(self.provisional)) + step) % len(targets)
        else:
            index = 0 if step > 0 else len(targets) - 1
        self.provisional = self.action_at(targets[index])
        self._clicked_at = None
        return targets[index]

    def ask_hint(self) -> None:
        """Note the move on the board as a hint is asked (``show_hint`` leaves a move laid by
        hand after it)."""
        self._hint_asked = (self.provisional, self.assignments())

    def show_hint(self, action: Action, advice: Advice | None) -> bool:
        """Show a hint: ``action`` as the provisional choice, and for a fill every space of
        the whole fill the ``advice`` names (Confirm then lays them all); for a placement,
        its previews take the fills after it from the ``advice`` (``HintedTurn``). The one way
        a hint reaches the selection, at home and at a table across machines.

        A hint that arrives after the player laid another move by hand since asking
        (``ask_hint``: another square, a tile given to a space) leaves that move on the board (a
        trial's own placement was replaced by a late hint): returns whether the hint was laid."""
        asked, self._hint_asked = self._hint_asked, None
        if isinstance(action, (Place, Overbuild)) and advice is not None and advice.action == action:
            self._hinted_turn.plan = (len(self.game.actions), action, advice.whole[1:])
            self._turn_previews = PreviewCache(self._hinted_turn)
        if asked is not None and asked != (self.provisional, self.assignments()):
            return False
        self.set_provisional(action)
        if isinstance(action, Fill) and advice is not None:
            for fill in advice.whole:
                if isinstance(fill, Fill):
                    self.assign(fill.pos, fill.tile, fill.rotation)
        return True

    def lay_hint(self, action: Action, advice: Advice | None) -> None:
        """Lay a hint already known for this position (H again), whatever is on the board."""
        self.ask_hint()
        self.show_hint(action, advice)

    def set_provisional(self, action: Action) -> None:
        """Show ``action`` (a hint) as the provisional choice, selecting its tile and rotation."""
        self._clicked_at = None
        if isinstance(action, (Place, Overbuild)):
            hand = self.hand()
            if action.tile in hand:
                self.hand_index = hand.index(action.tile)
            self.rotation = action.rotation
        elif isinstance(action, Fill):
            self.fill_code = action.tile
            self.fill_rotation = action.rotation
        elif isinstance(action, Resolve):
            index = self.hinted_outcome(action)
            if index is not None:
                self.focus = index
            return
        self.provisional = action

    def hinted_outcome(self, action: Action) -> int | None:
        """The outcome a hinted resolution step leads to when the seat goes on as the AI
        would; None if ``action`` is not a legal step now."""
        if not isinstance(action, Resolve):
            return None
        key = (len(self.game.actions), action)
        if self._hinted[0] != key:
            result = result_after(self.game, action)
            found = (i for i, outcome in enumerate(self.outcomes()) if outcome.result == result)
            self._hinted = (key, next(found, None) if result is not None else None)
        return self._hinted[1]

    def confirm(self) -> Action | None:
        """The action to apply now: the provisional one, the first step of the focused outcome
        of a resolution (``focused_outcome`` has them all) or the first fill once every space
        has its tile (``fill_actions`` has them all); while a space still needs its tile, the
        fill Confirm gives it (``confirm_fill``), if any."""
        if self.phase is Phase.RESOLVE:
            outcome = self.focused_outcome()
            return outcome.actions[0] if outcome is not None else None
        if self.phase is Phase.FILL:
            fills = self.fill_actions()
            if fills:
                return fills[0]
            if isinstance(self.provisional, Fill):
                return self.provisional
            return self._last_space_fill()
        action = self.provisional
        if action is None or not self.game.is_legal(action):
            return None
        self._note_previewed(action)
        return action

    def confirmed(self) -> list[Action] | None:
        """What Confirm decides now, for any table: every step of the focused outcome of a
        resolution, the fills of a fill (``confirm_fill``), or the placement (``confirm``); []
        when there is nothing to decide, None when Confirm only gave a space its tile."""
        if self.phase is Phase.RESOLVE:
            outcome = self.focused_outcome()
            return list(outcome.actions) if outcome is not None else []
        if self.phase is Phase.FILL:
            fills = self.confirm_fill()
            return None if fills is None else list(fills)
        action = self.confirm()
        return [action] if action is not None else []

    def confirm_fill(self) -> list[Fill] | None:
        """FILL, Confirm: the fills to lay now (``fill_actions``), or None when Confirm gave a
        space its tile instead and spaces still need theirs: the provisional space (a hint's or
        Tab's), else the one space left without a tile, the picked tile (a trial pressed Enter
        with one space and a tile picked, and was told a space still needed one). A tile given
        to the last space lays the fill at once, as a click there and Enter do (a trial's 1,
        Tab, Enter only gave the tile, a second Enter laid it). [] when nothing can be laid."""
        provisional = self.provisional
        if not self.fill_complete():
            if isinstance(provisional, Fill):
                self.assign(provisional.pos)
                if not self.fill_complete():
                    return None
            last = self._last_space_fill()
            if last is not None:
                self.assign(last.pos)
        return self.fill_actions()

    def _last_space_fill(self) -> Fill | None:
        """The picked tile on the one space left without a tile, when the display (or the drawn
        pile tile) reaches it and no other; else None (several spaces: Confirm cannot tell which)."""
        given = self.assignments()
        left = [pos for pos in self.game.pending_fills if pos not in given]
        picked = self.current_fill_code()
        if len(left) != 1 or picked is None or self.to_assign() - len(given) != 1:
            return None
        return Fill(left[0], picked, self.fill_rotation if picked == VOLCANO else 0)

    def _note_previewed(self, action: Place | Overbuild | Fill | Resolve) -> None:
        """Remember placement ``action``, about to be made, with the display tiles its preview
        lays on its spaces (``_previewed``), where the tiles are advice the table gives
        (``suggests``)."""
        if not self.suggests or not isinstance(action, (Place, Overbuild)):
            return
        made = len(self.game.actions)
        if self._previewed is not None and self._previewed[:2] == (made, action):
            return
        preview = self.turn_preview(action)
        self._previewed = (made, action, preview.fills if preview is not None else ())

    def after_apply(self) -> None:
        """Reset the provisional choice once the engine moved on; the next tile picked starts
        upright."""
        self.provisional = None
        self.rotation = 0
        self.focus = None
        self.assigned = {}
        self._assigned_at = -1
        self.fill_rotation = 0
        self.fill_picked = False
        if self.phase is Phase.PLACE:
            self.hand_index = min(self.hand_index, max(0, len(self.hand()) - 1))
        self._give_planned()

    def _give_planned(self) -> None:
        """Right after the hinted placement, give each space the tile (and turn) the hint's
        plan lays there (``HintedTurn``), as a fill's hint does, so that Confirm lays the turn
        the hint priced (a trial confirmed a hinted placement, saw its fill ghost, and had to
        give the tile by hand); a space the plan leaves picks as ``_pick_planned`` says. A
        click on a space takes its tile back."""
        plan = self._planned_now()
        if plan is None:
            self._pick_planned()
            return
        for step in plan:
            if isinstance(step, Fill) and step.pos in self.game.pending_fills:
                self.assign(step.pos, step.tile, step.rotation)

    def continue_from(self, previous: Selection, made: Action) -> None:
        """This selection is made anew for the state after ``previous``'s game and the decision
        ``made`` there (a table across machines makes one for every update from the host, on
        a view without the game's history): when ``made`` is the hinted placement, its plan
        carries over, so that the fill right after it opens with the planned tiles given
        (``_give_planned``; a trial's joiner confirmed a hinted placement and had to give its
        fill's tile by hand)."""
        if self.phase is not Phase.FILL:
            return
        made_at = len(self.game.actions) - 1
        self._previewed = _carried(previous._previewed, made, made_at)
        self._hinted_turn.plan = _carried(previous._hinted_turn.plan, made, made_at)
        self._give_planned()

    def _planned_now(self) -> tuple[Action, ...] | None:
        """The fills the hint planned for this fill, if the move just made is the hinted
        placement (a view without history, across machines, is taken at ``continue_from``'s
        word); else None."""
        return self._right_after(self._hinted_turn.plan)

    def _previewed_now(self) -> tuple[Action, ...] | None:
        """The display tiles the preview of the placement just made laid on its spaces
        (``_previewed``), while its fill is on; else None."""
        return self._right_after(self._previewed)

    def _right_after(self, plan: Plan | None) -> tuple[Action, ...] | None:
        """The steps of ``plan`` while the fill right after its placement is on; else None."""
        game = self.game
        if self.phase is not Phase.FILL or plan is None or len(game.actions) != plan[0] + 1:
            return None
        return None if game.actions and game.actions[-1] != plan[1] else plan[2]

    def _pick_planned(self) -> None:
        """Right after the hinted placement, pick the tile (and turn) its plan lays next on a
        space not given yet (``HintedTurn``), so that the fill goes on as the hint priced it (a
        trial confirmed a hinted placement whose ghost laid water, and the fill then had the
        display's first tile picked); after another placement, the tile its preview's ghost
        laid there (a trial saw a plantation's ghost, then a market picked)."""
        plan = self._planned_now()
        if plan is None:
            plan = self._previewed_now()
        if plan is None:
            return
        given = self.assignments()
        free = self.fill_codes()
        game = self.game
        for step in plan:
            if isinstance(step, Fill) and step.pos in game.pending_fills and step.pos not in given:
                if step.tile in free:
                    self.fill_code, self.fill_rotation = step.tile, step.rotation
                return

    def reset(self, back_to: Action | None = None) -> None:
        """Forget everything after an undo (the tile index is clamped to the hand), the caches
        too: they are keyed by the number of decisions, which an undo followed by another
        decision brings back to the same count for another position. ``back_to``: the
        decision the undo took back first (now pending again); a placement's tile is selected
        again, turned as it was (a tester saw it come back upright)."""
        self._hinted_turn = HintedTurn(self.follow)
        self._turn_previews = PreviewCache(self._hinted_turn)
        self.after_apply()
        self.fill_code = None
        self._preview_cache.clear()
        self._outcomes = (-1, [])
        self._hinted = (None, None)
        hand = self.hand() if self.phase is Phase.PLACE else []
        if isinstance(back_to, Place | Overbuild) and back_to.tile in hand:
            self.hand_index = hand.index(back_to.tile)
            self.rotation = back_to.rotation

    def snapshot(self) -> tuple[object, ...]:
        """Every field a player can change, for equality checks (caches left out)."""
        return (
            self.hand_index,
            self.rotation,
            self.fill_code,
            self.fill_rotation,
            self.fill_picked,
            self.provisional,
            self.focus,
            tuple(self.assignments().items()),
        )


def _carried(plan: Plan | None, made: Action, made_at: int) -> Plan | None:
    """``plan`` for a selection made anew after its placement ``made``, the ``made_at``-th
    decision (``Selection.continue_from``); None when ``made`` is not its placement."""
    return None if plan is None or made != plan[1] else (made_at, made, plan[2])


def _reading_order(pos: Pos) -> tuple[int, int]:
    return (pos[1], pos[0])


def _pos_of(action: Action) -> Pos:
    return action.pos


class HintedTurn:
    """Previews' follow-ups (``session.preview.FollowUps``): after a hinted placement, the
    fills its hint plans (``Advice.whole``, the fills the next hints advise), so that the
    hint's price is what following the coach gives; for any other action, ``fallback``'s (the
    tutorial's script), else none (the medium AI's)."""

    def __init__(self, fallback: FollowUps | None) -> None:
        self.fallback = fallback
        self.plan: Plan | None = None
        """The decisions made when the hint came, its placement and the decisions after it."""

    def follow_ups(self, game: Game, action: Action) -> tuple[Action, ...]:
        """The hint's plan after ``action`` when ``game`` is where it was hinted and ``action`` is
        its placement; else ``fallback``'s."""
        if self.plan is not None and self.plan[:2] == (len(game.actions), action):
            return self.plan[2]
        return self.fallback.follow_ups(game, action) if self.fallback is not None else ()

    def resolution(self, game: Game) -> tuple[Resolve, ...]:
        """``fallback``'s (a hint plans no resolution)."""
        return self.fallback.resolution(game) if self.fallback is not None else ()
