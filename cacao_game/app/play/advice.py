"""The coach on the table: a hint's reasons, and a reviewed decision with the better move.

The AI gives structured reasons (``cacao_game.ai.explain``); ``cacao_game.app.coach_words``
words them and this module draws them in one panel in the corner of the board that hides
least. A hint shows its whole fill as ghosts and outlines a move about as good; in a review
the better move is drawn as a ghost on its square (the move played is outlined), or named
in words for a resolution.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from cacao_game.ai.explain import Advice
from cacao_game.ai.review import BLUNDER, INACCURACY, MISTAKE, DecisionReview, SeatSummary
from cacao_game.app import theme
from cacao_game.app.coach_words import points_words, reason_lines
from cacao_game.app.play.board import HINT, inner_rect
from cacao_game.app.play.frame import PLANNED_FILL_GHOST, CoachMark, CoachView, PopupView
from cacao_game.app.play.paint import dashed_rect
from cacao_game.app.play.texts import steps_text
from cacao_game.app.scale import px
from cacao_game.app.strings import t
from cacao_game.app.tile_words import jungle_phrase, laid_tile
from cacao_game.engine import Action, Fill, Game, Overbuild, Place, Resolve
from cacao_game.engine.tiles import Pos
from cacao_game.session.outcomes import Outcome, outcome_of
from cacao_game.session.review import ReviewSession

if TYPE_CHECKING:
    from cacao_game.app.play.host import PanelHost, ReviewText

PANEL_W = 760
LINE = 30
HEADING = 21
BODY = 19
"""Design pixels of the coach panel: its widest, a line, the heading's and the lines' sizes."""
PLAYED_ALPHA = 130
"""How opaque the review draws the tile played beside the better move's ghost (190): fainter."""
OTHER_ALPHA = 110
"""How opaque a hint draws the move about as good inside its dashed outline: fainter than the
hinted move and its planned fills."""
MARK_COLORS = {"good": theme.LEAF, "inaccuracy": theme.SAND, "mistake": theme.CACAO, "blunder": theme.DANGER}


def hint_heading(advice: Advice) -> str:
    """The hint panel's first line: the expected margin over the next best move, or that the
    two are about as good (within ``EVEN`` points or the search's noise); for the last space of
    a fill the player began, that the tiles given decide it (a trial read "every other move
    ends the turn the same way" there, where giving the tiles otherwise changed the turn)."""
    if advice.forced:
        return t("coach.hint_forced")
    if advice.alternative is None:
        return t("coach.hint_only")
    if advice.close:
        return t("coach.hint_close")
    return points_words("coach.hint_margin", advice.margin)


def hint_lines(
    advice: Advice, names: Sequence[str], game: Game | None = None, rows: Sequence[Outcome] = ()
) -> list[str]:
    """The hint panel's lines after its heading: the whole move of a resolution (in ``game``
    just before it, worded as the panel's row of ``rows`` with its end), the move it is
    compared with (the next best, about as good or not), then the reasons and everything
    else."""
    lines = []
    if game is not None and isinstance(advice.action, Resolve):
        steps = [step for step in _whole_steps(game, advice) if isinstance(step, Resolve)]
        words = resolution_words(game, steps, rows) if steps else None
        if words:
            lines.append(t("coach.outcome", move=words))
    if advice.alternative is None:
        return lines
    lines.append(
        compared_line(advice.alternative, game, advice.action, advice.close, advice.alternative_whole, rows)
    )
    lead = t("coach.differs") if advice.close else t("coach.why")
    return [*lines, lead, *(f"· {line}" for line in reason_lines(advice, names))]


def compared_line(
    other: Action,
    game: Game | None,
    hinted: Action | None = None,
    close: bool = True,
    whole: Sequence[Action] = (),
    rows: Sequence[Outcome] = (),
) -> str:
    """The line naming the move a hint is compared with, "The other: ..." when it is about as
    good (``close``), else "The next best: ...": in words for a resolution (its ``whole``
    steps, as the panel's row of ``rows`` that ends the same) or a fill, else the outlined
    move; on the ``hinted`` move's own square (nothing else is outlined then), what differs:
    the tile turned, or another tile, as it would lie (a playtest read "the outlined move" for
    the hinted square itself)."""
    return t("coach.other" if close else "coach.next", move=_compared_move(other, game, hinted, whole, rows))


def _compared_move(
    other: Action, game: Game | None, hinted: Action | None, whole: Sequence[Action], rows: Sequence[Outcome]
) -> str:
    """The move a hint is compared with, in the words of ``compared_line``."""
    same = (
        not isinstance(other, Resolve) and not isinstance(hinted, Resolve | None) and other.pos == hinted.pos
    )
    if isinstance(other, Fill):
        return t("coach.what.fill_same" if same else "coach.what.fill", tile=laid_words(other))
    words = whole_words(game, other, whole, rows) if game is not None else None
    if words:
        return words
    if same and isinstance(other, Place | Overbuild) and isinstance(hinted, Place | Overbuild):
        key = "coach.what.turned" if other.tile == hinted.tile else "coach.what.tile"
        return t(key, laid=laid_words(other))
    return t("coach.what.board")


def laid_words(action: Place | Overbuild | Fill) -> str:
    """The tile ``action`` lays in words: "a market (3)", or a worker tile as it lies ("3
    workers up, 1 worker left")."""
    return jungle_phrase(action.tile) if isinstance(action, Fill) else laid_tile(action.tile, action.rotation)


def _whole_steps(game: Game, advice: Advice) -> list[Action]:
    """The steps of a whole resolution, each legal where it is made (on a copy of ``game``)."""
    steps = list(advice.whole) or [advice.action]
    state = game.clone()
    made = []
    for step in steps:
        if not state.is_legal(step):
            break
        made.append(step)
        state.apply(step)
    return made


def whole_words(
    game: Game, action: Action, whole: Sequence[Action] = (), rows: Sequence[Outcome] = ()
) -> str | None:
    """A resolution in words (``sell 2 at 3``) in ``game`` just before it: the ``whole`` of it
    that ``action`` starts (its reasons price the whole; without it, the step alone), as the
    row of ``rows`` that ends the same; None for a move the board shows."""
    if not isinstance(action, Resolve):
        return None
    steps = (
        [step for step in whole if isinstance(step, Resolve)] if whole and whole[0] == action else [action]
    )
    return resolution_words(game, steps, rows)


def resolution_words(game: Game, steps: Sequence[Resolve], rows: Sequence[Outcome] = ()) -> str | None:
    """Resolution ``steps`` in words as the resolution panel says them: as the row of ``rows``
    (the panel's) that ends the same, else as a row for these steps would (``outcome_of``,
    ``steps_text``: a hint said "harvest 2", the workers, where the row said "harvest 4", the
    cacao; then "harvest 4, sell 1 at 3, harvest 1, sell 2 at 3", its steps in the AI's order,
    where the row said "harvest 5, sell 3 at 3"); None if they are not legal in ``game``."""
    outcome = outcome_of(game, steps)
    if outcome is None:
        return None
    row = next((row for row in rows if row.result == outcome.result), outcome)
    return steps_text(row.steps)


def review_lines(session: ReviewSession, decision: DecisionReview, names: Sequence[str]) -> list[str]:
    """A reviewed decision's lines after its heading: the better move, why, and the seat's
    summary."""
    lines = []
    if decision.mark == "good":
        lines.append(t("review.good"))
    else:
        advice = decision.advice
        played = whole_words(session.game, decision.played, advice.alternative_whole if advice else ())
        better = whole_words(session.game, decision.best, advice.whole if advice else ())
        if played is None or better is None:
            same = getattr(decision.played, "pos", None) == getattr(decision.best, "pos", None)
            if same and isinstance(decision.played, Place | Overbuild | Fill):
                turned = getattr(decision.best, "tile", None) == decision.played.tile
                key = "review.better_turned" if turned else "review.better_same"
                lines.append(t(key, laid=laid_words(decision.played)))
            else:
                lines.append(t("review.better_board"))
        else:
            lines += [t("review.played", move=played), t("review.better", move=better)]
        if decision.advice is not None:
            lines += [t("review.why"), *(f"· {line}" for line in reason_lines(decision.advice, names))]
    lines.append(summary_line(session.review.summary(decision.seat)))
    return lines


def summary_line(summary: SeatSummary, names: Sequence[str] | None = None) -> str:
    """A reviewed seat's numbers in one line: its accuracy and its flagged decisions by kind,
    so that they add up to the decisions Tab walks through (a tester counted 12 flags where
    the line, without its inaccuracies, said 7). Led by the seat's name from ``names``; None:
    without it, under a heading that names the seat (a decision's panel stays as narrow as
    it was, over less of the board)."""
    counts = {
        "accuracy": f"{summary.accuracy:.0f}",
        "inaccuracies": summary.inaccuracies,
        "mistakes": summary.mistakes,
        "blunders": summary.blunders,
    }
    if names is None:
        return t("review.summary_own", **counts)
    return t("review.summary", name=names[summary.seat], **counts)


def review_heading(decision: DecisionReview, names: Sequence[str]) -> str:
    """A reviewed decision's first line: turn, seat, kind of decision and the verdict."""
    phase = t(f"review.phase.{decision.phase.name.lower()}")
    mark = t(f"review.mark.{decision.mark}")
    verdict = mark if decision.mark == "good" else points_words("review.verdict", decision.loss, mark=mark)
    return t(
        "review.decision", turn=decision.turn + 1, name=names[decision.seat], phase=phase, verdict=verdict
    )


KEY_SQUARE = 20
"""How much more a square the panel is about weighs than any other tile or legal square."""


def wrapped(scene: PanelHost, lines: Sequence[str], room: int) -> list[str]:
    """``lines`` broken at spaces into rows at most ``room`` pixels wide; a continued row is
    indented."""
    font = scene.app.assets.font(BODY)
    rows: list[str] = []
    for line in lines:
        row = ""
        for word in line.split(" "):
            candidate = f"{row} {word}" if row else word
            if row and font.size(candidate)[0] > room:
                rows.append(row)
                row = "   " + word
            else:
                row = candidate
        rows.append(row)
    return rows


def panel_rect(
    scene: PanelHost,
    heading: str,
    lines: Sequence[str],
    key: Sequence[Pos],
    popup: PopupView | None,
    keep: pygame.Rect | None = None,
) -> pygame.Rect:
    """The coach panel for ``heading`` and ``lines``: as wide as its longest line (at most
    ``PANEL_W``), where on the board (a corner, the middle of the bottom or top edge, below
    the temples panel; never on that panel nor on the resolution ``popup``) it hides least:
    the ``key`` squares (the moves the panel is about) above all, then the tiles and the legal
    squares, where the view is going (a trial saw the panel jump corners while the board
    glided). At ``keep`` when that is one of those places for a panel of this size (the
    board moved beside it: a trial saw the panel leave for another corner, the board
    following)."""
    view = scene.camera.viewport
    assets = scene.app.assets
    widest = max(
        [assets.font(HEADING, "bold").size(heading)[0], *(assets.font(BODY).size(line)[0] for line in lines)]
    )
    width = min(view.w - px(20), px(PANEL_W), widest + px(40))
    rows = wrapped(scene, lines, width - px(36))
    height = px(24 + LINE * (len(rows) + 1))
    margin = px(10)
    corners = [
        (view.x + margin, view.bottom - margin - height),
        (view.right - margin - width, view.bottom - margin - height),
        (view.right - margin - width, view.y + margin),
        (view.centerx - width // 2, view.bottom - margin - height),
        (view.centerx - width // 2, view.y + margin),
    ]
    temples = scene.board.temples_panel()
    if temples is not None:
        corners.append((view.x + margin, temples.bottom + margin))
    for cover in (temples, scene.hud.popup_rect(popup.outcomes) if popup is not None else None):
        if cover is not None:
            corners = [
                c for c in corners if not cover.colliderect(pygame.Rect(c, (width, height)))
            ] or corners
    places = [pygame.Rect(x, y, width, height) for x, y in corners]
    if keep is not None and keep in places:
        return pygame.Rect(keep)
    shown = [*scene.board_squares(), *(scene.turn.targets() if scene.accepts_board_input() else [])]
    aimed = scene.camera.target_square_rect
    squares = [(pygame.Rect(aimed(pos)), KEY_SQUARE) for pos in key]
    squares += [(pygame.Rect(aimed(pos)), 1) for pos in shown]

    def hidden(rect: pygame.Rect) -> int:
        return sum(weight * rect.clip(square).w * rect.clip(square).h for square, weight in squares)

    return min(places, key=hidden)


def draw_panel(
    scene: PanelHost,
    surface: pygame.Surface,
    heading: str,
    lines: Sequence[str],
    accent: pygame.Color,
    where: tuple[int, int, int, int],
) -> pygame.Rect:
    """The coach panel: ``heading`` in ``accent``, then ``lines`` (a line too long goes on in
    the next row, so every reason keeps its number), at ``where`` (the frame's
    ``coach_panel``: where it hides least of the board, ``panel_rect``)."""
    p = scene.painter
    rect = pygame.Rect(where)
    p.box(surface, rect, theme.INK, 245, px(12))
    pygame.draw.rect(surface, accent, rect, px(2), border_radius=px(12))
    room = rect.w - px(36)
    with theme.within(rect):
        y = rect.y + px(12)
        p.text(surface, p.fit(heading, HEADING, "bold", room), (rect.x + px(18), y), HEADING, "bold", accent)
        for line in wrapped(scene, lines, room):
            y += px(LINE)
            p.text(
                surface,
                p.fit(line, BODY, "regular", room),
                (rect.x + px(18), y),
                BODY,
                "regular",
                theme.CREAM,
            )
    return rect


def compared_other(advice: Advice) -> Place | Overbuild | Fill | None:
    """The move the hint is compared with (the next best, about as good or not) that its
    panel outlines on the board, so that the points in brackets can be checked against it (an
    experienced trial read "9 less gold now" against a move it never saw); none for a
    resolution (its line names it in words)."""
    other = advice.alternative
    return None if other is None or isinstance(other, Resolve) else other


def hint_key(advice: Advice) -> list[Pos]:
    """The squares a hint's panel is about: its moves (a resolution's worker tile too) and
    the move it is compared with."""
    other = compared_other(advice)
    return [a.pos for a in advice.whole or (advice.action,)] + ([other.pos] if other is not None else [])


def hint_text(scene: PanelHost, advice: Advice, note: str | None = None) -> tuple[str, tuple[str, ...]]:
    """A hint panel's heading and lines, ``note`` first when there is one (the scene keeps
    them while the hint, note, position, names and language stay: ``PanelHost.hint_words``)."""
    lines = hint_lines(advice, scene.names, scene.game, scene.turn.outcomes())
    return hint_heading(advice), (note, *lines) if note else tuple(lines)


def hint_panel(
    scene: PanelHost, advice: Advice, note: str | None, popup: PopupView | None
) -> tuple[pygame.Rect, list[Pos]]:
    """Where a hint's panel goes now (``panel_rect``, off the resolution ``popup``), and its
    key squares (``hint_key``)."""
    key = hint_key(advice)
    heading, lines = scene.hint_words(advice, note)
    return panel_rect(scene, heading, list(lines), key, popup, scene.hint_pin), key


def hint_view(scene: PanelHost, advice: Advice, note: str | None, popup: PopupView | None) -> CoachView:
    """A hint's panel as the frame carries it: its margin over the next best move and why,
    where it hides least (``hint_panel``, off the resolution ``popup``), ``note`` first when
    there is one (the board no longer shows the hinted move); a fill hint's fills not yet
    given as ghosts while the board shows it (a placement's planned fills are its preview's,
    drawn with it by the table: a German trial staged the other move, and the hint's planned
    fill stayed as a ghost beside an empty square), and the move it is compared with as a
    faint ghost (its tile as it would lie: a French trial saw only a dashed square and could
    not tell which tile or turn it meant) outlined with its tag, "about as good" or "next
    best" (not on a hinted square: its line says what differs there)."""
    moves = [a for a in advice.whole or (advice.action,) if not isinstance(a, Resolve)]
    other = compared_other(advice)
    if other is not None and other.pos in {a.pos for a in moves}:
        other = None
    given = scene.turn.assignments()
    fills = tuple(
        fill
        for fill in (moves if note is None and isinstance(advice.action, Fill) else ())
        if isinstance(fill, Fill) and fill.pos not in given
    )
    tag = t("coach.other_tag" if advice.close else "coach.next_tag")
    marks = (CoachMark(other.pos, other, OTHER_ALPHA, "other", tag),) if other is not None else ()
    heading, lines = scene.hint_words(advice, note)
    rect = hint_panel(scene, advice, note, popup)[0]
    return CoachView((rect.x, rect.y, rect.w, rect.h), heading, lines, "hint", fills, marks)


def review_view(scene: PanelHost, session: ReviewSession, popup: PopupView | None) -> CoachView | None:
    """The review's panel as the frame carries it where the review stands: the verdict, the
    reasons and the seat's summary, where it hides least (``review_panel``); the better move
    as a ghost in its gold outline and the move played outlined (with its tile, fainter, on
    another square: trials saw only an empty outline), each tagged; a good move, the played
    one, as a ghost in its green outline (a trial saw an empty outline there). None while a
    step animates."""
    text = scene.review_words(session)
    found = review_panel(scene, session, popup)
    if text is None or found is None:
        return None
    heading, lines, accent, key = text
    rect = found[0]
    decision = session.here()
    marks: tuple[CoachMark, ...] = ()
    if decision is not None and decision.mark != "good":
        played, best = decision.played, decision.best
        if not isinstance(played, Resolve) and not isinstance(best, Resolve):
            elsewhere = played.pos != best.pos
            marks = (
                CoachMark(best.pos, best, 190, "better", t("review.better_tag")),
                CoachMark(played.pos, played if elsewhere else None, PLAYED_ALPHA, "played",
                          t("review.played_tag") if elsewhere else ""),
            )  # fmt: skip
    elif decision is not None and key:
        played_move = None if isinstance(decision.played, Resolve) else decision.played
        marks = (CoachMark(key[0], played_move, 190, "good"),)
    return CoachView((rect.x, rect.y, rect.w, rect.h), heading, tuple(lines), accent, (), marks)


def draw_coach(
    scene: PanelHost, surface: pygame.Surface, view: CoachView, tiles: Sequence[pygame.Rect] = ()
) -> pygame.Rect:
    """The coach's panel of the frame (``hint_view``, ``review_view``): the planned fills and
    the marks' ghosts, their outlines and tags (kept off the panel where they can: a
    playtest saw "better" cut to "bet" under the review panel; off the ``tiles``, laid or
    legal, where they can: ``BoardRenderer.marked_in_view``), then the panel."""
    panel = pygame.Rect(view.box)
    for fill in view.fills:
        _ghost(scene, surface, fill, PLANNED_FILL_GHOST)
    for mark in view.marks:
        if mark.ghost is not None:
            _ghost(scene, surface, mark.ghost, mark.alpha)
    outlined = [(mark, _outline(scene, surface, mark.pos, *OUTLINES[mark.outline])) for mark in view.marks]
    for mark, rect in outlined:
        if mark.tag:
            _tag(scene, surface, mark, rect, panel, tiles)
    return draw_panel(scene, surface, view.heading, view.lines, ACCENTS[view.accent], view.box)


ACCENTS = {"hint": pygame.Color(HINT), "overview": theme.GOLD} | MARK_COLORS
"""The colour of a coach panel's heading and border, by ``CoachView.accent``."""
OUTLINES = {
    "other": (pygame.Color(HINT), False),
    "better": (pygame.Color(HINT), True),
    "played": (theme.DANGER, False),
    "good": (theme.LEAF, True),
}
"""A coach mark's outline (``CoachMark.outline``): its colour, and whether it is solid (else
dashed)."""


def _tag(
    scene: PanelHost,
    surface: pygame.Surface,
    mark: CoachMark,
    rect: pygame.FRect,
    panel: pygame.Rect,
    tiles: Sequence[pygame.Rect],
) -> None:
    """``mark``'s tag by its outlined square ``rect``, kept off ``panel``: a hint's compared
    move below it, the review's above it, else the first of below, above, left and right of
    it, then its corners, that covers none of the ``tiles`` (laid, legal) nor the square
    (else the place covering least of them; the move played also on its middle). Trials saw
    the tags hide half a neighbouring tile."""
    view = scene.camera.viewport
    color, _solid = OUTLINES[mark.outline]
    size = 16 if mark.outline == "other" else 18
    half = scene.painter.label_size(mark.tag, size)[0] // 2 + px(6)
    below = (rect.centerx, rect.bottom + px(18))
    above = (rect.centerx, rect.top - px(18))
    first, second = (below, above) if mark.outline == "other" else (above, below)
    places = [second, (rect.left - half, rect.centery), (rect.right + half, rect.centery)]
    places += [
        (x, y) for y in (first[1], second[1]) for x in (rect.left - half + px(12), rect.right + half - px(12))
    ]
    if mark.outline == "played":
        places.append(rect.center)
    scene.painter.pill(
        surface,
        mark.tag,
        first,
        size,
        border=color,
        inside=view,
        others=places,
        avoid=[panel, *tiles, pygame.Rect(rect)],
        must_avoid=[panel],
    )


def review_text(scene: PanelHost, session: ReviewSession) -> ReviewText | None:
    """The review panel's heading, lines, accent (``ACCENTS``) and key squares where the
    review stands (the overview where no reviewed decision is made); None while a step
    animates. (The scene keeps them while the position, names and language stay:
    ``PanelHost.review_words``.)"""
    if scene.timeline.busy:
        return None
    decision = session.here()
    names = scene.names
    if decision is None:
        return t("review.overview"), overview_lines(session, names), "overview", []
    key = [a.pos for a in (decision.played, decision.best) if not isinstance(a, Resolve)]
    heading, lines = review_heading(decision, names), review_lines(session, decision, names)
    return heading, lines, decision.mark, key


def review_panel(
    scene: PanelHost, session: ReviewSession, popup: PopupView | None
) -> tuple[pygame.Rect, list[Pos]] | None:
    """Where the review's panel goes now (``panel_rect``, off the resolution ``popup``), and
    its key squares; None when it draws none."""
    text = scene.review_words(session)
    if text is None:
        return None
    heading, lines, _accent, key = text
    return panel_rect(scene, heading, lines, key, popup), key


def overview_lines(session: ReviewSession, names: Sequence[str]) -> list[str]:
    """Where no reviewed decision is made: whose moves in the turn shown an AI stand-in made
    (not reviewed: a trial stepped through them with no word), every reviewed seat's summary,
    what its marks mean (a trial read "inaccuracies · mistakes · blunders" with no word of
    the difference) and how to go on."""
    lines = [t("review.standin_turn", name=names[seat]) for seat in session.stood_in_here()]
    summaries = [summary_line(summary, names) for summary in session.review.summaries()]
    lines += summaries
    if summaries:
        lines.append(
            t("review.marks", inaccuracy=f"{INACCURACY:g}", mistake=f"{MISTAKE:g}", blunder=f"{BLUNDER:g}")
        )
    if session.flag_target(1) is not None:
        lines.append(t("review.to_flags"))
    else:
        lines.append(t("review.back_to_flags" if session.flagged_positions() else "review.no_flags"))
    return lines


def _outline(
    scene: PanelHost, surface: pygame.Surface, pos: Pos, color: pygame.Color, solid: bool
) -> pygame.FRect:
    """A frame around square ``pos`` (solid, or dashed), clipped to the board."""
    rect = inner_rect(scene, pos)
    clip = surface.get_clip()
    surface.set_clip(scene.camera.viewport)
    if solid:
        pygame.draw.rect(surface, color, rect.inflate(px(6), px(6)), px(4), border_radius=px(8))
    else:
        dashed_rect(surface, color, rect.inflate(px(10), px(10)), px(4), px(12))
    surface.set_clip(clip)
    return rect


def _ghost(
    scene: PanelHost, surface: pygame.Surface, action: Place | Overbuild | Fill, alpha: int = 190
) -> None:
    """The tile ``action`` lays, see-through (``alpha``) at its square, clipped to the board."""
    clip = surface.get_clip()
    surface.set_clip(scene.camera.viewport)
    scene.board.draw_action(surface, action, alpha=alpha)
    surface.set_clip(clip)
