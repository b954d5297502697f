"""``Frame``: everything the table draws this frame, as one frozen value.

The scene builds one frame per update (``PlayScene.update``) from the source, the shown
snapshot, the input state and the camera; the HUD and the board draw from its fields and
compute nothing of the game. A seat panel's number and its tooltip's sum read the same field
(``SeatView.score``, from the shown snapshot), so they agree at every frame, animations
included. Previews that play moves out (the temple what-if, a placement's yield) are
computed while building, cached by the position's key, and arrive here as text and numbers;
the costly parts (scores, tooltips) are built again only when their inputs change (``Memo``).

No pygame here: rectangles are plain ``(x, y, w, h)`` tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from cacao_game.app.play.shown import Shown
from cacao_game.app.play.texts import LogLine
from cacao_game.app.strings import t
from cacao_game.engine import Action, Fill, Overbuild, Phase, Place
from cacao_game.engine.scoring import SeatScore
from cacao_game.engine.tiles import Pos
from cacao_game.session.outcomes import Outcome

Box = tuple[int, int, int, int]
"""A screen rectangle ``(x, y, w, h)``."""

T = TypeVar("T")


class Memo(Generic[T]):
    """A part of the frame built again only when its inputs change: the last value made and
    the key (its inputs) it was made from."""

    def __init__(self) -> None:
        """Nothing made yet."""
        self._made: tuple[Hashable, T] | None = None

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value for ``key``: the last one if made for an equal key, else ``make()``."""
        made = self._made
        if made is not None and made[0] == key:
            return made[1]
        value = make()
        self._made = (key, value)
        return value


@dataclass(frozen=True, slots=True)
class ToCome:
    """One kind of jungle tile still to come as shown: its ``code``, how many are left
    (``count``: the pile and the display) and how many of those lie in the pile (``in_pile``:
    the next tile drawn comes from there)."""

    code: str
    count: int
    in_pile: int


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat panel as drawn: its name, colour and kind, its score as shown (the panel's
    number is ``score.total``, its tooltip sums ``score``'s parts), its tokens and tiles."""

    seat: int
    name: str
    color: str
    kind: str
    score: SeatScore
    final: bool
    water_step: int
    hand: int
    pile: int
    deciding: bool
    highlighted: bool
    thinking: bool
    at_screen: bool = False
    """A person at this screen plays the seat (not a computer, nor a player elsewhere)."""
    pending: bool = False
    """A person at this seat has an off-turn choice still to make this turn (hot seat): the
    panel says so until it is made."""

    @property
    def total(self) -> int:
        """The big number of the panel."""
        return self.score.total

    @property
    def tiles_left(self) -> int:
        """Worker tiles still to place (hand and pile)."""
        return self.hand + self.pile


@dataclass(frozen=True, slots=True)
class ActionView:
    """An action button as drawn: its label, its keys, whether it works now, and its tooltip's
    lines between the label and the keys (what it does; when it does not work, why)."""

    name: str
    label: str
    keys: str
    enabled: bool
    tip_lines: tuple[str, ...] = ()

    @property
    def primary(self) -> bool:
        """Drawn as the main button (Confirm, Play) when it works."""
        return self.enabled and self.name in ("confirm", "play")


@dataclass(frozen=True, slots=True)
class Tip:
    """A tooltip's area and lines."""

    box: Box
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TempleRow:
    """One temple in the board's corner: its square, workers per seat, the gold each would win
    (now, or after the placement considered when it changes the workers: a tester read "1→4 +3"
    as what the move would bring), and the workers after that placement (None: none, or no
    change)."""

    pos: Pos
    workers: tuple[int, ...]
    awards: tuple[int, ...]
    after: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class HandView:
    """The hand bar: whose hand (``seat``, None: nothing to show), face down (``hidden``), its
    tiles, the places whose tile is still flying in (``flying``), the tile selected for a
    placement and its rotation, and whether an overbuild is possible (its note replaces the
    pile count)."""

    seat: int | None = None
    hidden: bool = True
    tiles: tuple[str, ...] = ()
    flying: frozenset[int] = frozenset()
    selected: int | None = None
    rotation: int = 0
    overbuild: bool = False


@dataclass(frozen=True, slots=True)
class DisplayView:
    """The display: per place the tile drawn there ("" for an empty place: none, flying, or
    given to a space), whether a fill is being chosen (number badges), and the place outlined
    as the tile picked."""

    tiles: tuple[str, ...] = ()
    picking: bool = False
    picked: int | None = None
    turned: int = 0
    """Quarter turns of the picked tile as it will be laid (a volcano the player turned with
    Q/E: a trial saw the display's volcano stay upright and then land turned)."""


@dataclass(frozen=True, slots=True)
class PopupView:
    """The resolution panel: whose decision (``seat``) in whose turn (``mover``), the ends on
    offer, the focused and the hinted one, whether the AI's pick is tagged, and how far it
    has unrolled: on the ``unrolled``-th frame it is shown (counted from 1, at most
    ``hud.POPUP_UNROLL``) its top ``unrolled / POPUP_UNROLL`` shows."""

    seat: int
    mover: int
    outcomes: tuple[Outcome, ...]
    focused: int
    hinted: int | None
    ai_pick: bool
    unrolled: int = 1


@dataclass(frozen=True, slots=True)
class FillView:
    """A fill being chosen: the tiles still free, the tiles given to spaces so far, the spaces
    waiting for a tile, the display's tiles as shown (clicks pick them) and the tiles the
    number keys pick from (the display, or the pile's tile turned up)."""

    free: tuple[str, ...] = ()
    given: Mapping[Pos, tuple[str, int]] = field(default_factory=dict)
    spaces: frozenset[Pos] = frozenset()
    display: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LessonView:
    """The tutorial's lesson panel: its area, its buttons by name (``show``, ``next``,
    ``restart``), and whether Enter means Next now; what it says (the lesson's number line,
    its title and text at text size ``size``, the reason of a wrong try) and shows (the
    expected tile and its quarter turns beside "Like this", ``sample``); the areas it points
    at (``looks``: each area, and whether it lies on the board and is clipped to it); the
    tiles of the answer drawn translucent on their squares (``answer``); and the keys under
    its Next and Show me buttons (``captions``, by button name)."""

    box: Box
    buttons: tuple[tuple[str, Box], ...]
    confirms: bool
    number_line: str = ""
    title: str = ""
    text: str = ""
    size: int = 0
    mistake: str | None = None
    sample: tuple[str, int] | None = None
    looks: tuple[tuple[Box, bool], ...] = ()
    answer: tuple[Place | Overbuild | Fill, ...] = ()
    captions: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CoachMark:
    """A square the coach's panel is about, drawn over the board: the tile ``ghost`` lays
    there, see-through (``alpha``; None: no ghost), its ``outline`` ("other": dashed, the
    move a hint is compared with; "better": the review's better move; "played": the move
    played, dashed; "good": a good move played; "": none) and its ``tag`` ("": none)."""

    pos: Pos
    ghost: Place | Overbuild | Fill | None
    alpha: int = 190
    outline: str = ""
    tag: str = ""


@dataclass(frozen=True, slots=True)
class CoachView:
    """The coach's panel over the board, a hint's or the review's: where it lies (``box``),
    its heading in its ``accent`` ("hint", "overview", or a review mark: "good",
    "inaccuracy", "mistake", "blunder"), its lines, the fills a fill hint plans drawn as
    ghosts (``fills``) and the squares it marks (``marks``)."""

    box: Box
    heading: str
    lines: tuple[str, ...]
    accent: str
    fills: tuple[Fill, ...] = ()
    marks: tuple[CoachMark, ...] = ()


@dataclass(frozen=True, slots=True)
class NoticeView:
    """A notice over the board at a table across machines: its ``kind`` ("banner": the link
    is down, with Back to menu; "standin": a dropped seat the AI plays for soon; "left": a
    seat left for good), its text, its area and its button's (None: no button) with the
    button's label, and whether the mouse is over the button (``hot``)."""

    kind: str
    text: str
    box: Box
    button: Box | None = None
    label: str = ""
    hot: bool = False


PLANNED_FILL_GHOST = 120
"""Opacity of a fill a move's turn would lay (its preview's, or a fill hint's still to give):
fainter than the move itself."""


@dataclass(frozen=True, slots=True)
class Ghost:
    """A tile an action would lay, drawn translucent (``alpha`` < 255) or solid, outlined as
    ``outline`` (``given``: a fill already given, ``chosen``: the provisional move,
    ``hinted``: the provisional move is the hint; ``none``), with its yield label if
    ``pill``."""

    action: Place | Overbuild | Fill
    alpha: int
    outline: str = "none"
    pill: bool = False


@dataclass(frozen=True, slots=True)
class BoardView:
    """The board as drawn: the shown tiles, the last move (seat, placed square, filled
    squares), the seat whose tiles are outlined, the legal squares of the decision now (and
    which of them are overbuilds), the ghosts, the edges still to resolve (glowing), the
    square of the log line under the mouse, the square under the mouse, and the colour a
    worker ghost takes (the mover's)."""

    shown: Shown
    last_move: tuple[int, Pos | None, tuple[Pos, ...]] | None = None
    highlight: int | None = None
    targets: tuple[Pos, ...] = ()
    overbuild: frozenset[Pos] = frozenset()
    ghosts: tuple[Ghost, ...] = ()
    edges: tuple[tuple[Pos, int], ...] = ()
    logged: Pos | None = None
    hover: Pos | None = None
    mover_color: str = "red"


@dataclass(frozen=True, slots=True)
class Frame:
    """What the table draws now (see the module docstring). ``heading_seat`` is the seat the
    header, the highlighted panel, the hand and the log agree on (None once the game is
    over); ``hand_seat`` is the seat whose hand is face up (None: face down)."""

    version: int
    heading_seat: int | None
    heading: str
    status: str
    problem: str
    keys: str
    variant: str
    seats: tuple[SeatView, ...]
    hand_seat: int | None
    pile_count: int
    revealed: str | None
    remaining: tuple[ToCome, ...]
    log: tuple[LogLine, ...]
    log_scroll: int
    actions: tuple[ActionView, ...]
    accepts_input: bool
    curtain: int | None
    tips: tuple[Tip, ...]
    tooltip: tuple[str, ...]
    temples: tuple[TempleRow, ...] = ()
    previews: Mapping[Action, str] = field(default_factory=dict)
    """The yield label of each placement or fill the board shows as a ghost now."""
    hand: HandView = HandView()
    display: DisplayView = DisplayView()
    popup: PopupView | None = None
    hovered_log: LogLine | None = None
    mouse: tuple[int, int] = (-1, -1)
    clock: float = 0.0
    """Seconds the table has run (spinners turn with it)."""
    busy: bool = False
    """An animation runs (a click or Space finishes it; game keys wait)."""
    stepped: bool = False
    """The source steps through a recorded game (the replay's keys); ``flags``: a review."""
    flags: bool = False
    phase: Phase | None = None
    """The decision a person at the screen makes now, None when nobody may decide."""
    fill: FillView = FillView()
    lesson: LessonView | None = None
    board: BoardView | None = None
    provisional: Pos | None = None
    """The square of the provisional placement (a click there confirms it)."""
    ready_at: float = 0.0
    """Board clicks count from this ``clock`` on: the decision just passed to a person at the
    screen from another seat, and a click meant for that seat's turn must not make a move."""
    thinking: tuple[int, float] | None = None
    """The timed computer seat thinking now and the part of its thinking time passed, from 0
    to 1 (``AILink.thinking``): its panel's bar shows exactly this. None while no timed seat
    thinks here."""
    coach: CoachView | None = None
    """The coach's panel (a hint's or the review's) over the board: a yield label keeps off
    its ``box``. None when none is drawn."""
    coach_marks: tuple[Pos, ...] = ()
    """Squares a hint shows besides its own move's: the fills it plans, the move about as good
    (drawn over the board's labels, its tag below it). A yield label keeps off them and the
    room of a tag below each (a French trial's label was drawn over, another's hid a planned
    gold mine)."""

    notice: NoticeView | None = None
    """The notice over the board across machines (the link down, a dropped seat, a seat left
    for good), None when none is up."""
    watching: bool = False
    """A spectator's table: the Watching tag is drawn (not under the connection banner)."""

    @property
    def coach_panel(self) -> Box | None:
        """Where the coach's panel lies over the board, None when none is drawn."""
        return self.coach.box if self.coach is not None else None

    def seat_name(self, seat: int) -> str:
        """What ``seat`` is called."""
        return self.seats[seat].name


def breakdown(score: SeatScore) -> str:
    """A seat's score part by part, in one line (the panel's tooltip)."""
    return t(
        "play.breakdown",
        gold=score.gold,
        temples=score.temples,
        sun=score.sun,
        water=score.water,
        total=score.total,
        cacao=score.cacao,
    )


def panel_tip(view: SeatView) -> tuple[str, ...]:
    """The tooltip of a whole seat panel: its name, its score's sum, what a click does."""
    return (view.name, breakdown(view.score), t("tip.panel"))


def projected_tip(view: SeatView) -> tuple[str, ...]:
    """The tooltip of a seat panel's big number."""
    return (t("tip.projected", name=view.name), breakdown(view.score))


def headline(turn: int, mover: int, seat: int | None, names: Sequence[str]) -> str:
    """The title of turn ``turn`` (counted from 1) of ``mover``: whose turn, and who decides
    when another seat does; "Game over" when ``seat`` is None."""
    if seat is None:
        return t("play.game_over")
    if seat != mover:
        return t("play.turn_other", turn=turn, name=names[mover], other=names[seat])
    return t("play.turn", turn=turn, name=names[mover])
