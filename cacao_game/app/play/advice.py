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
from cacao_game.app.play.frame import PLANNED_FILL_GHOST, PopupView
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
    lines.append(compared_line(advice.alternative, game, advice.action, advice.close))
    lead = t("coach.differs") if advice.close else t("coach.why")
    return [*lines, lead, *(f"· {line}" for line in reason_lines(advice, names))]


def compared_line(other: Action, game: Game | None, hinted: Action | None = None, close: bool = True) -> str:
    """The line naming the move a hint is compared with, "The other: ..." when it is about as
    good (``close``), else "The next best: ...": in words for a resolution or a fill, else the
    outlined move; on the ``hinted`` move's own square (nothing else is outlined then), what
    differs: the tile turned, or another tile, as it would lie (a playtest read "the outlined
    move" for the hinted square itself)."""
    return t("coach.other" if close else "coach.next", move=_compared_move(other, game, hinted))


def _compared_move(other: Action, game: Game | None, hinted: Action | None) -> str:
    """The move a hint is compared with, in the words of ``compared_line``."""
    same = (
        not isinstance(other, Resolve) and not isinstance(hinted, Resolve | None) and other.pos == hinted.pos
    )
    if isinstance(other, Fill):
        return t("coach.what.fill_same" if same else "coach.what.fill", tile=laid_words(other))
    words = move_words(game, other) if game is not None else None
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


def move_words(game: Game, action: Action) -> str | None:
    """A resolution step in words (``sell 2 at 3``) in ``game`` just before it; None for a
    move the board shows."""
    if not isinstance(action, Resolve):
        return None
    return resolution_words(game, [action])


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
        played, better = move_words(session.game, decision.played), move_words(session.game, decision.best)
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
    scene: PanelHost, heading: str, lines: Sequence[str], key: Sequence[Pos], popup: PopupView | None
) -> pygame.Rect:
    """The coach panel for ``heading`` and ``lines``: as wide as its longest line (at most
    ``PANEL_W``), where on the board (a corner, the middle of the bottom or top edge, below
    the temples panel; never on that panel nor on the resolution ``popup``) it hides least:
    the ``key`` squares (the moves the panel is about) above all, then the tiles and the legal
    squares."""
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
    shown = [*scene.board_squares(), *(scene.turn.targets() if scene.accepts_board_input() else [])]
    squares = [(pygame.Rect(inner_rect(scene, pos)), KEY_SQUARE) for pos in key]
    squares += [(pygame.Rect(inner_rect(scene, pos)), 1) for pos in shown]

    def hidden(rect: pygame.Rect) -> int:
        return sum(weight * rect.clip(square).w * rect.clip(square).h for square, weight in squares)

    return min((pygame.Rect(x, y, width, height) for x, y in corners), key=hidden)


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
    return panel_rect(scene, heading, list(lines), key, popup), key


def draw_hint(
    scene: PanelHost,
    surface: pygame.Surface,
    advice: Advice,
    where: tuple[int, int, int, int],
    note: str | None = None,
) -> pygame.Rect:
    """A hint's panel: its margin over the next best move and why (off the hinted squares,
    the tiles of a resolution's steps too), at ``where`` (the frame's ``coach_panel``);
    ``note`` first when there is one (the board no longer shows the hinted move); a fill
    hint's whole fill as ghosts while the board shows it (a placement's planned fills are
    its preview's, drawn with it by the table: a German trial staged the other move, and the
    hint's planned fill stayed as a ghost beside an empty square), and the move it is compared
    with as a faint ghost (its tile as it would lie: a French trial saw only a dashed square
    and could not tell which tile or turn it meant) outlined with its tag, "about as good" or
    "next best" (not on a hinted square: its line says what differs there)."""
    moves = [a for a in advice.whole or (advice.action,) if not isinstance(a, Resolve)]
    other = compared_other(advice)
    if other is not None and other.pos in {a.pos for a in moves}:
        other = None
    given = scene.turn.assignments()
    clip = surface.get_clip()
    surface.set_clip(scene.camera.viewport)
    for fill in moves if note is None and isinstance(advice.action, Fill) else ():
        if isinstance(fill, Fill) and fill.pos not in given:
            scene.board.draw_action(surface, fill, alpha=PLANNED_FILL_GHOST)
    surface.set_clip(clip)
    if other is not None:
        surface.set_clip(scene.camera.viewport)
        scene.board.draw_action(surface, other, alpha=OTHER_ALPHA)
        surface.set_clip(clip)
        rect = _outline(scene, surface, other.pos, pygame.Color(HINT), solid=False)
        scene.painter.pill(
            surface,
            t("coach.other_tag" if advice.close else "coach.next_tag"),
            (rect.centerx, rect.bottom + px(18)),
            16,
            border=HINT,
            inside=scene.camera.viewport,
        )
    heading, lines = scene.hint_words(advice, note)
    return draw_panel(scene, surface, heading, list(lines), pygame.Color(HINT), where)


def draw_review(
    scene: PanelHost, surface: pygame.Surface, session: ReviewSession, where: tuple[int, int, int, int] | None
) -> pygame.Rect | None:
    """The decision about to be made where the review stands: the better move as a ghost (the
    played one outlined, their tags off the panel; a good move, the played one, as a ghost in
    its green outline: a trial saw an empty outline there), and at ``where`` (the frame's
    ``coach_panel``) the panel with the verdict, the reasons and the seat's summary. Nothing
    while a step animates."""
    text = scene.review_words(session)
    if text is None:
        return None
    heading, lines, accent, key = text
    decision = session.here()
    if decision is not None and decision.mark != "good":
        _draw_moves(scene, surface, decision, [pygame.Rect(where)] if where is not None else [])
    elif decision is not None and key:
        if not isinstance(decision.played, Resolve):
            _ghost(scene, surface, decision.played)
        _outline(scene, surface, key[0], theme.LEAF, solid=True)
    return draw_panel(scene, surface, heading, lines, accent, where) if where is not None else None


def review_text(scene: PanelHost, session: ReviewSession) -> ReviewText | None:
    """The review panel's heading, lines, accent and key squares where the review stands (the
    overview where no reviewed decision is made); None while a step animates. (The scene
    keeps them while the position, names and language stay: ``PanelHost.review_words``.)"""
    if scene.timeline.busy:
        return None
    decision = session.here()
    names = scene.names
    if decision is None:
        return t("review.overview"), overview_lines(session, names), theme.GOLD, []
    key = [a.pos for a in (decision.played, decision.best) if not isinstance(a, Resolve)]
    heading, lines = review_heading(decision, names), review_lines(session, decision, names)
    return heading, lines, pygame.Color(MARK_COLORS[decision.mark]), key


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
    scene: PanelHost, surface: pygame.Surface, pos: Pos, color: pygame.Color, *, solid: bool
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


def _draw_moves(
    scene: PanelHost, surface: pygame.Surface, decision: DecisionReview, panels: Sequence[pygame.Rect]
) -> None:
    """The better move as a ghost with a gold frame, the played square outlined in red (with
    the tile played, fainter, when it is another square: trials saw only an empty outline),
    each with a tag, kept off ``panels`` (the coach's) where it can (a playtest saw "better"
    cut to "bet" under the review panel)."""
    played, best = decision.played, decision.best
    if isinstance(played, Resolve) or isinstance(best, Resolve):
        return
    view = scene.camera.viewport
    if played.pos != best.pos:
        _ghost(scene, surface, played, PLAYED_ALPHA)
    _ghost(scene, surface, best)
    rect = _outline(scene, surface, best.pos, pygame.Color(HINT), solid=True)
    played_rect = _outline(scene, surface, played.pos, theme.DANGER, solid=False)
    below = (rect.centerx, rect.bottom + px(18))
    scene.painter.pill(
        surface,
        t("review.better_tag"),
        (rect.centerx, rect.top - px(18)),
        18,
        border=HINT,
        inside=view,
        others=[below],
        avoid=panels,
        must_avoid=panels,
    )
    if played.pos != best.pos:
        aside = [(played_rect.centerx, played_rect.bottom + px(18)), played_rect.center]
        scene.painter.pill(
            surface,
            t("review.played_tag"),
            (played_rect.centerx, played_rect.top - px(18)),
            18,
            border=theme.DANGER,
            inside=view,
            others=aside,
            avoid=panels,
            must_avoid=panels,
        )
