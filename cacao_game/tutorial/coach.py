"""The tutorial's teacher: which lesson step is on, what it expects, and why a try is wrong.

A ``Coach`` follows a game of ``script.DEAL`` whose decisions are a prefix of
``script.SOLUTION``. Its step index is checked against the game every time it is read, so an
undo or a resumed save can never leave it on a step that does not fit the board: it then
falls back to the first step that does (``fits``).

A player's decision is judged by where it leads, not by how it was entered: it is right
when the game after it equals the game after the decision ``SOLUTION`` makes there (equal
boards, hands, supplies and pending work). So a symmetric tile may lie in any rotation,
fills may be given in any order and a resolution may take any path to the same result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cacao_game.engine import Action, Fill, Game, Overbuild, Phase, Place, Resolve, WorkerTile
from cacao_game.engine.errors import IllegalActionError
from cacao_game.engine.tiles import WORKER_SIDES, Pos
from cacao_game.tutorial.script import CHAPTERS, DEAL, END, PLAYER, SOLUTION, STEPS, Step, chapter_of


@dataclass(frozen=True, slots=True)
class Mistake:
    """Why a try was refused: ``reason`` is a string key (``tutorial.wrong.*``) that may name
    ``code`` (a worker or jungle tile code); the step's own ``tutorial.why.<step>`` follows it."""

    reason: str
    step: str
    code: str = ""


@dataclass(frozen=True, slots=True)
class Answer:
    """The decision a move step expects, as the player would enter it: a placement, the tile
    for each space to fill (in order), or the resolution's result."""

    kind: Phase
    placement: Place | Overbuild | None = None
    fills: tuple[Fill, ...] = ()
    result: tuple[object, ...] | None = None
    """A resolution: ``position`` of the game after it (an outcome leading there is right)."""


@cache
def decisions() -> tuple[tuple[int, int, Phase], ...]:
    """(turn, seat, kind) of every decision of ``SOLUTION``, then the end (computed once)."""
    game = Game(DEAL, keep_history=False)
    found = []
    for action in SOLUTION:
        found.append((game.turn, game.current_player(), game.phase))
        game.apply(action)
    found.append((game.turn, game.current_player(), game.phase))
    return tuple(found)


def unit_end(start: int) -> int:
    """The end of the decision that starts at ``SOLUTION[start]``: the consecutive entries
    of the same seat, turn and kind (one placement, every fill of a turn, a whole
    resolution), as the player enters them at once."""
    marks = decisions()
    end = start + 1
    while end < END and marks[end] == marks[start]:
        end += 1
    return end


class ScriptedTurns:
    """The tutorial's previews (``session.preview.FollowUps``): after the script's next
    decision, the rest of its mover's turn as the script writes it, so that a lesson's preview
    shows what the lesson asks for (a trial saw lesson 6's square priced with the market that
    the next step tells the player not to lay)."""

    def follow_ups(self, game: Game, action: Action) -> tuple[Action, ...]:
        """The script's decisions of the same seat and turn after ``action``, when ``game`` is on
        the script and ``action`` is its next decision; () otherwise."""
        made = len(game.actions)
        if made >= END or not on_track(game) or SOLUTION[made] != action:
            return ()
        marks = decisions()
        end = made + 1
        while end < END and marks[end][:2] == marks[made][:2]:
            end += 1
        return SOLUTION[made + 1 : end]

    def resolution(self, game: Game) -> tuple[Resolve, ...]:
        """The script's steps of the resolution ``game`` waits for, when ``game`` is on the
        script and waits for one; () otherwise. The tutorial plays these whichever way to the
        same end the player picks (``TutorialSession``), so its row tells them (a trial's row
        said "sell 1 at 4, harvest 2, sell 1 at 3" and the log then told the script's order)."""
        made = len(game.actions)
        if made >= END or game.phase is not Phase.RESOLVE or not on_track(game):
            return ()
        steps = SOLUTION[made : unit_end(made)]
        return tuple(step for step in steps if isinstance(step, Resolve))


def on_track(game: Game) -> bool:
    """Whether ``game`` is the tutorial game so far: its deal and a prefix of ``SOLUTION``."""
    count = len(game.actions)
    return game.setup == DEAL and count <= END and tuple(game.actions) == SOLUTION[:count]


def fits(index: int, made: int) -> bool:
    """Whether step ``index`` (``len(STEPS)``: finished) can be on after ``made`` decisions:
    it is not behind the game and every step before it is done."""
    if not 0 <= index <= len(STEPS):
        return False
    if index < len(STEPS) and STEPS[index].at < made:
        return False
    if index == len(STEPS) and made < END:
        return False
    if index == 0:
        return True
    before = STEPS[index - 1]
    return before.at < made if before.move else before.at <= made


def first_fitting(made: int) -> int:
    """The first step that fits after ``made`` decisions (notes at that point shown again)."""
    return next(index for index in range(len(STEPS) + 1) if fits(index, made))


def settle(game: Game, actions: Sequence[Action]) -> Game | None:
    """A copy of ``game`` after ``actions``, None if one is illegal. A fill the engine has
    already made by itself (the last space of a turn gets the last tile) is skipped."""
    copy = game.clone()
    try:
        for action in actions:
            if isinstance(action, Fill) and copy.jungle.get(action.pos, (None,))[0] == action.tile:
                continue
            copy.apply(action)
    except IllegalActionError:
        return None
    return copy


def position(game: Game) -> tuple[object, ...]:
    """What a decision changed, for comparing two ways to make it: workers by their sides
    (a symmetric tile's rotation does not count), jungle, piles, hands, supplies, the
    pending fills and edges, and whose decision is next."""

    def tiles(board: dict[Pos, WorkerTile]) -> tuple[object, ...]:
        return tuple(sorted((pos, t.seat, WORKER_SIDES[t.tile][t.rotation]) for pos, t in board.items()))

    return (
        tiles(dict(game.workers)),
        tiles(dict(game.covered)),
        tuple(sorted(game.jungle.items())),
        tuple(game.display),
        tuple(game.jungle_pile),
        tuple(tuple(sorted(hand)) for hand in game.hands),
        tuple(game.gold),
        tuple(game.cacao),
        tuple(game.sun),
        tuple(game.water),
        tuple(sorted(game.pending_fills)),
        tuple(sorted((seat, tuple(edges)) for seat, edges in game.edges.items())),
        game.phase,
        game.current_player(),
        game.turn,
    )


class Coach:
    """The step a tutorial game is at, the last mistake, and whether the answer is shown."""

    def __init__(self, step: int = 0) -> None:
        """Start at step ``step`` (checked against the game whenever it is read)."""
        self.step = step
        self.mistake: Mistake | None = None
        """The last refused try of the current step, until the step changes (the session also
        drops it once the player changes the move refused or asks for the answer)."""
        self.revealed = False
        """The player asked for the answer (or erred): the expected tile shows on the board."""

    # ----------------------------------------------------------------- where we are

    def index(self, game: Game) -> int:
        """The current step's index (``len(STEPS)`` once finished), made to fit ``game``."""
        made = len(game.actions)
        if not fits(self.step, made):
            self._go(first_fitting(made))
        return self.step

    def current(self, game: Game) -> Step | None:
        """The current step, None once the tutorial is finished."""
        index = self.index(game)
        return STEPS[index] if index < len(STEPS) else None

    def finished(self, game: Game) -> bool:
        """Whether every step is done (the last note was read)."""
        return self.index(game) == len(STEPS)

    def chapter(self, game: Game) -> tuple[int, int]:
        """The current chapter's number (from 1) and the number of chapters."""
        return chapter_of(self.index(game)), len(CHAPTERS)

    def watching(self, game: Game) -> bool:
        """Whether Coco is to play before the current step shows."""
        step = self.current(game)
        return step is not None and len(game.actions) < step.at

    def holds_coco(self, game: Game) -> bool:
        """Whether Coco must wait: a note is on at her decision (the player reads first)."""
        step = self.current(game)
        return (
            step is not None
            and not step.move
            and step.at == len(game.actions)
            and game.current_player() != PLAYER
        )

    def can_go_on(self, game: Game) -> bool:
        """Whether Next does something now: a note is on and the game is at it."""
        step = self.current(game)
        return step is not None and not step.move and step.at == len(game.actions)

    def go_on(self, game: Game) -> bool:
        """Next: leave the current note. False (nothing changes) unless ``can_go_on``."""
        if not self.can_go_on(game):
            return False
        self._go(self.index(game) + 1)
        return True

    def move_step(self, game: Game) -> int | None:
        """The move step for the player's decision now: the current step, or the first move
        step after the notes shown at this point; None when the player is not to decide."""
        if game.is_over() or game.current_player() != PLAYER:
            return None
        made = len(game.actions)
        index = self.index(game)
        while index < len(STEPS) and STEPS[index].at == made:
            if STEPS[index].move:
                return index
            index += 1
        return None

    def _go(self, index: int) -> None:
        if index != self.step:
            self.step = index
            self.mistake = None
            self.revealed = False

    # ----------------------------------------------------------------- the expected decision

    def expected(self, game: Game) -> tuple[Action, ...]:
        """The ``SOLUTION`` entries of the decision the game waits for ('()' at the end)."""
        made = len(game.actions)
        return SOLUTION[made : unit_end(made)] if made < END else ()

    def scripted(self, game: Game) -> Action:
        """Coco's decision now, as written. Raises LookupError when the game is not at one
        of her decisions of ``SOLUTION``."""
        made = len(game.actions)
        if made >= END or not on_track(game) or game.current_player() == PLAYER:
            raise LookupError("the tutorial game is not at one of Coco's decisions")
        return SOLUTION[made]

    def answer(self, game: Game) -> Answer | None:
        """What the player should do now, None when it is not the player's decision."""
        if self.move_step(game) is None:
            return None
        expected = self.expected(game)
        target = settle(game, expected)
        assert target is not None, "SOLUTION is legal"
        if game.phase is Phase.PLACE:
            placement = expected[0]
            assert isinstance(placement, (Place, Overbuild))
            return Answer(Phase.PLACE, placement=placement)
        if game.phase is Phase.FILL:
            laid = [pos for pos in game.pending_fills if pos in target.jungle]
            chosen = [fill.pos for fill in expected if isinstance(fill, Fill)]
            order = chosen + [pos for pos in laid if pos not in chosen]
            fills = tuple(Fill(pos, *target.jungle[pos]) for pos in order)
            return Answer(Phase.FILL, fills=fills)
        return Answer(Phase.RESOLVE, result=position(target))

    def leads_right(self, game: Game, actions: Sequence[Action]) -> bool:
        """Whether ``actions`` reach what the expected decision reaches."""
        mine = settle(game, actions)
        theirs = settle(game, self.expected(game))
        return mine is not None and theirs is not None and position(mine) == position(theirs)

    # ----------------------------------------------------------------- judging a try

    def judge(self, game: Game, actions: Sequence[Action]) -> Mistake | None:
        """None if the player's decision ``actions`` is the one the lesson expects (the step
        then counts as done: ``accept``), else why not (kept in ``mistake``; the notes before
        the move step are then left: the player is at the move)."""
        index = self.move_step(game)
        if index is not None and self.leads_right(game, actions):
            return None
        if index is None:
            step = self.current(game)
            mistake = Mistake("tutorial.wrong.wait", step.key if step is not None else "")
        else:
            self._go(index)
            mistake = self._explain(game, actions, STEPS[index].key)
        self.mistake = mistake
        self.revealed = True
        return mistake

    def accept(self, game: Game) -> None:
        """The player's expected decision was made: go past its move step. Call before
        applying it (``game`` still at the decision)."""
        index = self.move_step(game)
        if index is not None:
            self._go(index + 1)

    def _explain(self, game: Game, actions: Sequence[Action], key: str) -> Mistake:
        expected = self.expected(game)
        tried = actions[0] if actions else None
        wanted = expected[0]
        if isinstance(wanted, (Place, Overbuild)) and isinstance(tried, (Place, Overbuild)):
            if type(tried) is not type(wanted):
                overbuild = isinstance(wanted, Overbuild)
                return Mistake("tutorial.wrong.overbuild" if overbuild else "tutorial.wrong.place", key)
            if tried.pos != wanted.pos:
                return Mistake("tutorial.wrong.square", key)
            if WORKER_SIDES[wanted.tile][wanted.rotation] not in WORKER_SIDES[tried.tile]:
                return Mistake("tutorial.wrong.tile", key, wanted.tile)
            return Mistake("tutorial.wrong.turn", key)
        if isinstance(wanted, Fill):
            answer = self.answer(game)
            right = {fill.pos: fill.tile for fill in answer.fills} if answer is not None else {}
            for fill in actions:
                if isinstance(fill, Fill) and right.get(fill.pos, fill.tile) != fill.tile:
                    return Mistake("tutorial.wrong.fill", key, right[fill.pos])
            return Mistake("tutorial.wrong.fill_all", key)
        return Mistake("tutorial.wrong.choice", key)
