"""A game review as the command line prints it, and as JSON (``--review``).

For a terminal: one line per reviewed decision, the reasons under a flagged one (worded as
the app words them, ``cacao_game.app.coach_words``: each count in its own seat's direction,
each worth from the reviewed seat's side), then a summary per seat. In JSON a reason has
the seat, the term, its ``change`` by the end of the turn and ``later`` (the seat's own
counts: +4 gold means that seat gets 4 more with the better move), its ``points`` for the
reviewed seat and its ``text``; ``everything_else`` completes the reasons to the loss.
"""

from __future__ import annotations

from collections.abc import Sequence

from cacao_game.ai.explain import Advice
from cacao_game.ai.review import Budget, DecisionReview, GameReview, SeatSummary
from cacao_game.app.coach_words import change_text, reason_lines
from cacao_game.engine import Action, Fill, Game, Overbuild, Resolve, Setup
from cacao_game.engine.replay import replay
from cacao_game.engine.tiles import MARKET_PRICE, VOLCANO
from cacao_game.jsontypes import JSON
from cacao_game.saves.schema import action_to_json

FORMAT = "cacao-review"
VERSION = 2


def points(value: float) -> str:
    """``+3``, ``-1.5``: a signed number of points, whole from 2 on."""
    return f"{value:+.0f}" if abs(value) >= 1.95 else f"{value:+.1f}"


def action_text(game: Game, action: Action) -> str:
    """A decision in a few words, for ``game`` just before it (which names a resolution's tile)."""
    where = f"({action.pos[0]}, {action.pos[1]})"
    if isinstance(action, Resolve):
        edge = next(
            (
                e
                for e in game.pending_edges(game.current_player())
                if (e.pos, e.side) == (action.pos, action.side)
            ),
            None,
        )
        code = edge.jungle if edge is not None else "?"
        verb = "sell" if code in MARKET_PRICE else "harvest"
        return f"{verb} {action.amount} at {code} by {where}"
    if isinstance(action, Fill):
        turned = f" r{action.rotation}" if action.tile == VOLCANO else ""
        return f"{action.tile}{turned} at {where}"
    verb = "overbuild " if isinstance(action, Overbuild) else ""
    return f"{verb}{action.tile} r{action.rotation} at {where}"


def reasons_text(advice: Advice, names: Sequence[str]) -> str:
    """Why the better move wins, read from the reviewed seat's side (``coach_words``): ``You:
    2 water steps up (+3) · Bo: 4 more gold (-4) · Everything else (+0.5)``; each count is
    its seat's own (Bo gets 4 more gold with the better move), each number in brackets its
    worth to the reviewed seat, and they add up to the loss."""
    return " · ".join(reason_lines(advice, names))


def summary_lines(summary: SeatSummary, names: Sequence[str]) -> list[str]:
    """A seat's summary: accuracy and marks, then its costliest decisions."""
    name = names[summary.seat]
    lines = [
        f"{name} (seat {summary.seat}): {summary.decisions} decisions, accuracy {summary.accuracy:.0f}%, "
        f"mean loss {summary.mean_loss:.2f}, inaccuracies {summary.inaccuracies}, "
        f"mistakes {summary.mistakes}, blunders {summary.blunders}"
    ]
    if summary.costliest:
        costly = ", ".join(
            f"turn {d.turn + 1} {d.phase.name.lower()} -{d.loss:.1f} ({d.mark})" for d in summary.costliest
        )
        lines.append(f"  costliest: {costly}")
    return lines


def report_lines(
    review: GameReview, setup: Setup, actions: Sequence[Action], names: Sequence[str]
) -> list[str]:
    """The review of the game of ``setup`` and ``actions``: a line per decision (and its
    reasons when flagged), then every reviewed seat's summary."""
    texts = decision_texts(review.decisions, setup, actions)
    width = max((len(name) for name in names), default=4)
    lines = [
        f"{'turn':>4}  {'seat':<{width}}  {'decision':<8}  {'played':<32}  {'best':<32}  {'loss':>5}  mark"
    ]
    for decision in review.decisions:
        played, best = texts[decision.index]
        lines.append(
            f"{decision.turn + 1:>4}  {names[decision.seat]:<{width}}  {decision.phase.name.lower():<8}  "
            f"{played:<32}  {best:<32}  {decision.loss:>5.1f}  {decision.mark}"
        )
        if decision.advice is not None:
            lines.append(f"{'':>4}  why: {reasons_text(decision.advice, names)}")
    lines.append("summary:")
    for summary in review.summaries():
        lines += ["  " + line for line in summary_lines(summary, names)]
    return lines


def decision_texts(
    decisions: Sequence[DecisionReview], setup: Setup, actions: Sequence[Action]
) -> dict[int, tuple[str, str]]:
    """Decision index -> (played, best) in words, each worded in its own position."""
    wanted = {d.index: d for d in decisions}
    texts = {}

    def word(game: Game, index: int, _action: Action) -> None:
        found = wanted.get(index)
        if found is not None:
            texts[index] = (action_text(game, found.played), action_text(game, found.best))

    last = max(wanted, default=-1)
    replay(setup, actions[: last + 1], before=word, keep_history=False)
    return texts


def report_json(review: GameReview, names: Sequence[str], budget: Budget) -> dict[str, JSON]:
    """The review as a JSON object (``--json``): the budget, each seat's summary, each decision."""
    seats: list[JSON] = []
    for s in review.summaries():
        seats.append(
            {
                "seat": s.seat,
                "name": names[s.seat],
                "decisions": s.decisions,
                "accuracy": round(s.accuracy, 2),
                "mean_loss": round(s.mean_loss, 3),
                "inaccuracies": s.inaccuracies,
                "mistakes": s.mistakes,
                "blunders": s.blunders,
                "costliest": [d.index for d in s.costliest],
            }
        )
    decisions: list[JSON] = []
    for d in review.decisions:
        reasons: list[JSON] = []
        rest: JSON = None
        if d.advice is not None:
            reasons = [
                {
                    "seat": c.seat,
                    "name": names[c.seat],
                    "term": c.term,
                    "change": round(c.amount, 3),
                    "later": round(c.later, 3),
                    "points": round(c.points, 3),
                    "text": change_text(c, d.seat, names),
                }
                for c in d.advice.changes
            ]
            rest = round(d.advice.rest, 3)
        decisions.append(
            {
                "index": d.index,
                "turn": d.turn + 1,
                "seat": d.seat,
                "phase": d.phase.name.lower(),
                "played": action_to_json(d.played),
                "best": action_to_json(d.best),
                "loss": round(d.loss, 3),
                "mark": d.mark,
                "candidates": d.candidates,
                "iterations": d.iterations,
                "reasons": reasons,
                "everything_else": rest,
            }
        )
    plan: dict[str, JSON] = (
        {"iterations": budget.iterations} if budget.iterations is not None else {"seconds": budget.seconds}
    )
    return {"format": FORMAT, "version": VERSION, "budget": plan, "seats": seats, "decisions": decisions}
