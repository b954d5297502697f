"""The play scene's user-facing strings, and the game log built from engine events.

Every string lives in ``cacao_game.app.strings`` (one place, ready for translations).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import assert_never

from cacao_game.app.strings import PARTS_SEPARATOR, joined, t, tn, winners_text
from cacao_game.app.tile_words import jungle_phrase, laid_tile
from cacao_game.engine import Phase
from cacao_game.engine import events as ev
from cacao_game.engine.scoring import SeatScore, cacao_decided
from cacao_game.engine.tiles import Pos, water_value
from cacao_game.session.ledger import Step
from cacao_game.session.notices import Refusal, Refused
from cacao_game.session.outcomes import Outcome
from cacao_game.session.preview import TurnPreview


@dataclass(frozen=True)
class LogLine:
    """One line of the game log; ``seat`` (or None) gives its colour; ``turn`` its turn."""

    text: str
    seat: int | None
    turn: int
    heading: bool = False
    pos: Pos | None = None
    """The board square the line is about (a tile laid, a worker that acted), if any."""
    name: str = ""
    """The name of the seat the line is about, as its text has it ("": none): the log cuts a
    long name before it cuts what the seat did (``Hud.log_text``)."""


def gains_text(total: Counter[str], then: Phase | None = None) -> str:
    """``+2 cacao, +3 gold`` (or "no immediate gain"); ``then``: the phase of the same seat's
    next decision this turn (``Phase.FILL`` or ``Phase.RESOLVE``), named after the gains."""
    parts = [amounts(total)] if amounts(total) else []
    match then:
        case Phase.FILL:
            parts.append(t("play.then_fill"))
        case Phase.RESOLVE:
            parts.append(t("play.then_resolve"))
        case Phase.PLACE | Phase.GAME_OVER | None:
            pass
        case _:
            assert_never(then)
    return ", ".join(parts) if parts else t("play.yield_none")


def amounts(total: Counter[str]) -> str:
    """``+2 cacao, +3 gold`` (signs as they are), or "" when nothing changes."""
    parts = [
        tn(f"yield.{key}", abs(total[key]), n=total[key])
        for key in ("cacao", "gold", "water", "sun")
        if total[key]
    ]
    if total["lost"]:
        parts.append(tn("yield.lost", total["lost"]))
    return ", ".join(parts)


def preview_text(preview: TurnPreview, names: Sequence[str]) -> str:
    """A placement's whole turn in one line: "+1 sun · then +6 gold with your choices · Bea +3
    gold · opens 2 squares to the others" (the empty worker squares beside the jungle tiles
    laid; "to your opponent" with 2 players: a tester read "the others" as wrong there; "then"
    says whose: a trial read "then +3 gold" and asked after what); what comes only
    from the mover's own choices reads "+1 cacao, +2 gold with your choices" (never
    "nothing at once" before a gain; what the rules settle alone after the placement is
    ``at_once``'s: a trial read "with your choices" where none came); a change of the
    mover's temple gold as things stand reads "+6 gold at the temples as things stand"
    (never "nothing for you" beside it: a trial read that against the temples panel's +6)."""
    at_once = amounts(preview.at_once)
    then = amounts(preview.then)
    about = "_about" if preview.guessed else ""
    parts = []
    if then and not at_once:
        parts.append(t(f"preview.with_choices{about}", gains=then))
    elif at_once or not preview.temples:
        parts.append(at_once or t("preview.nothing"))
        if then:
            parts.append(t(f"preview.then{about}", gains=then))
        elif preview.decides_more and at_once:
            parts.append(t("preview.then_nothing"))
    if preview.temples:
        parts.append(t("preview.temples", gold=tn("yield.gold", abs(preview.temples), n=preview.temples)))
    for seat, gained in sorted(preview.others.items()):
        parts.append(t("preview.gives", name=names[seat], gains=amounts(gained)))
    if preview.opens:
        parts.append(tn("preview.opens_opponent" if len(names) == 2 else "preview.opens", preview.opens))
    return PARTS_SEPARATOR.join(parts)


STEP_SEPARATOR = ", "
"""Between two steps of an outcome in words (a long row of the resolution panel breaks there)."""


def outcome_text(outcome: Outcome) -> tuple[str, str]:
    """An outcome in words and its yield: ("harvest 2, sell 2 at 2", "+4 gold, -0 cacao").
    Steps of a kind in a row are told once, summed (``merged_steps``): four workers at
    price-3 markets read "sell 3 at 3", not "sell 1 at 3, sell 1 at 3, sell none at 3, ..."
    (a playtest saw that cut off in German)."""
    return steps_text(outcome.steps), amounts(outcome.gains) or t("outcome.no_change")


def steps_text(steps: Sequence[Step]) -> str:
    """A resolution's steps in words, as a row of its panel says them (``merged_steps``):
    "harvest 4, sell 1 at 2"; "nothing happens" for none."""
    words = [step_text(step) for step in merged_steps(steps)]
    return STEP_SEPARATOR.join(words) or t("outcome.nothing")


def step_text(step: Step) -> str:
    """One step in words: "sell 2 at 3" (its form by the amount sold), "harvest 4"."""
    if step.kind == "sell":
        return tn("outcome.sell", step.amount, price=step.price)
    return t(f"outcome.{step.kind}", n=step.amount, price=step.price)


def merged_steps(steps: Sequence[Step]) -> list[Step]:
    """``steps`` with each run of the same kind (and, at markets, the same price: selling
    none there, ``keep``, is selling 0) as one step of their summed amount."""
    merged: list[Step] = []
    for step in steps:
        kind = "sell" if step.kind == "keep" else step.kind
        last = merged[-1] if merged else None
        if (
            last is not None
            and ("sell" if last.kind == "keep" else last.kind) == kind
            and last.price == step.price
        ):
            amount = last.amount + step.amount
            merged[-1] = Step("keep" if kind == "sell" and not amount else kind, amount, step.price)
        else:
            merged.append(step)
    return merged


def refusal_text(refused: Refused, names: Sequence[str], *, network: bool = False) -> str | None:
    """Why an undo was refused, in words; None for the refusals the table answers with the
    error sound alone (the move or the tutorial step says the rest). ``network``: a game
    across machines, whose undo is always strict: its refusals point at no setting (Settings →
    Undo does nothing there; a tester was sent to it)."""
    name = names[refused.seat] if refused.seat is not None else ""
    match refused.reason:
        case Refusal.UNDO_NOBODY:
            return t("play.undo_nobody")
        case Refusal.UNDO_NOTHING:
            return t("play.undo_nothing")
        case Refusal.UNDO_WATCHING:
            return t("play.undo_watching")
        case Refusal.UNDO_OFFLINE:
            return t("play.undo_offline")
        case Refusal.UNDO_OTHER_HUMAN:
            return t("play.undo_other_human", name=name)
        case Refusal.UNDO_TURN_OVER:
            return t("play.undo_turn_over_net" if network else "play.undo_turn_over")
        case Refusal.UNDO_REVEAL:
            return t("play.undo_reveal_net" if network else "play.undo_reveal")
        case Refusal.UNDO_STANDIN:
            return t("play.undo_standin")
        case Refusal.CONFIRM_NOTHING | Refusal.ILLEGAL | Refusal.TUTORIAL:
            return None
        case _:
            assert_never(refused.reason)


def per_seat(values: Sequence[int], names: Sequence[str], sign: str = "") -> str:
    """The seats with a value, named: "Ana: 2, Bo: 1" ("Ana: +6, Bo: +3" with ``sign="+"``),
    or "nobody" (a temple's workers and its awards, in the log and the tooltip; a trial read
    "Player 1 1" for the default name and its count run together)."""
    parts = [t("play.seat_value", name=names[s], value=f"{sign}{v}") for s, v in enumerate(values) if v]
    return ", ".join(parts) or t("play.nobody")


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def log_lines(
    named: Iterable[tuple[ev.Event, Sequence[str]]], turn: int = 0, temples: int = 0
) -> list[LogLine]:
    """The log lines of the ``named`` events (each with the seats' names to say it with),
    with the seat whose colour each takes; ``turn`` is the turn they start in and
    ``temples`` the number of temples scored before them."""
    lines: list[LogLine] = []
    last: ev.Event | None = None
    for event, names in named:
        turn, temples = log_position(event, turn, temples)
        last = add_log_line(lines, last, event, names, turn, temples)
    return lines


def add_log_line(
    lines: list[LogLine], last: ev.Event | None, e: ev.Event, names: Sequence[str], turn: int, temples: int
) -> ev.Event | None:
    """Add the log line of ``e`` (``log_line``) to ``lines``, whose last line was written from
    ``last`` (None: none yet); returns the event the last line is written from now. A seat's
    cacao from several plantations in a row is one line, the gains and losses summed: ``e``
    then rewrites ``last``'s line (a tester read "+5 cacao (1 lost: storage full)" and then
    "storage full, 1 cacao lost", one fact twice); so are its sun tokens and its gold from
    mines in a row (a French trial read "+1 sun" twice for one sun site two of its worker
    tiles faced)."""
    summed = _summed(e, last)
    if summed is not None:
        lines.pop()
        e = summed
    line = log_line(e, names, turn, temples)
    if line is None:
        return last
    if isinstance(e, ev.SeatEvent):
        line = replace(line, name=names[e.seat])
    lines.append(line)
    if isinstance(e, ev.GameEnded) and (tie := tie_text(e.scores, e.winners, names)) is not None:
        lines.append(LogLine(tie, line.seat, turn))
    return e


def tie_text(scores: tuple[SeatScore, ...], winners: Sequence[int], names: Sequence[str]) -> str | None:
    """How a tie for the highest total ended, or None when one seat's total is highest: who
    tied and who kept the most cacao (R5.4), or that the winners share it with as much cacao
    each (a French trial saw three equal totals and one winner in the log with no word why)."""
    best = max(s.total for s in scores)
    tied = [seat for seat, s in enumerate(scores) if s.total == best]
    if len(tied) < 2 or not winners:
        return None
    cacao = scores[winners[0]].cacao
    if cacao_decided(scores):
        who = [names[seat] for seat in winners]
        tied_names = joined([names[seat] for seat in tied])
        return tn("log.tiebreak", len(who), tied=tied_names, total=best, winners=joined(who), cacao=cacao)
    return tn("log.tie_shared", cacao, total=best)


def _summed(e: ev.Event, last: ev.Event | None) -> ev.Event | None:
    """``e`` with ``last``'s gain (and loss) added when both are one seat's cacao, sun tokens
    or gold from a mine, else None."""
    if isinstance(e, ev.GoldGained) and isinstance(last, ev.GoldGained) and last.seat == e.seat:
        return replace(e, gained=last.gained + e.gained)
    if isinstance(e, ev.CacaoGained) and isinstance(last, ev.CacaoGained) and last.seat == e.seat:
        return replace(e, gained=last.gained + e.gained, lost=last.lost + e.lost)
    if isinstance(e, ev.SunGained) and isinstance(last, ev.SunGained) and last.seat == e.seat:
        return replace(e, gained=last.gained + e.gained, lost=last.lost + e.lost)
    return None


def log_position(e: ev.Event, turn: int, temples: int) -> tuple[int, int]:
    """The turn and the temples scored (``e`` included) once ``e`` has happened, from those
    before it."""
    match e:
        case ev.TurnStarted():
            return e.turn, temples
        case ev.TempleScored():
            return turn, temples + 1
    return turn, temples


def log_line(e: ev.Event, names: Sequence[str], turn: int, temples: int) -> LogLine | None:
    """The log line of ``e`` (None: the log leaves it out), in turn ``turn``; ``temples`` counts
    the temples scored so far, ``e`` included."""
    name = names[e.seat] if isinstance(e, ev.SeatEvent) else ""
    match e:
        case ev.TurnStarted():
            return LogLine(t("log.turn", turn=e.turn + 1, name=name), e.seat, turn, heading=True)
        case ev.TilePlaced():
            tile = laid_tile(e.tile, e.rotation)
            text = t("log.overbuild" if e.overbuild else "log.place", name=name, tile=tile)
            return LogLine(text, e.seat, turn, pos=e.pos)
        case ev.JungleFilled():
            return LogLine(t("log.fill", name=name, jungle=jungle_phrase(e.tile)), e.seat, turn, pos=e.pos)
        case ev.CacaoGained(gained=0, lost=0):
            return None
        case ev.CacaoGained(gained=0):
            return LogLine(tn("log.cacao_full", e.lost, name=name), e.seat, turn)
        case ev.CacaoGained():
            key = "log.cacao_lost" if e.lost else "log.cacao"
            return LogLine(tn(key, e.gained, name=name, lost=e.lost), e.seat, turn)
        case ev.CacaoSold(sold=0, cacao=0):
            return None
        case ev.CacaoSold(sold=0):
            return LogLine(t("log.sold_none", name=name, price=e.price), e.seat, turn)
        case ev.CacaoSold():
            return LogLine(tn("log.sold", e.sold, name=name, gold=e.sold * e.price), e.seat, turn)
        case ev.GoldGained():
            return LogLine(t("log.gold", name=name, n=e.gained), e.seat, turn)
        case ev.GoldPaid(paid=0):
            return LogLine(t("log.paid_none", name=name), e.seat, turn)
        case ev.GoldPaid() if e.paid < e.owed:
            return LogLine(t("log.paid_all", name=name, n=e.paid), e.seat, turn)
        case ev.GoldPaid():
            return LogLine(t("log.paid", name=name, n=e.paid), e.seat, turn)
        case ev.WaterMoved() if e.end != e.start:
            start, end = _signed(water_value(e.start)), _signed(water_value(e.end))
            return LogLine(t("log.water", name=name, start=start, end=end), e.seat, turn)
        case ev.SunGained() if e.gained:
            return LogLine(tn("log.sun", e.gained, name=name), e.seat, turn)
        case ev.TempleScored():
            text = t("log.temple", number=temples, awards=per_seat(e.gold, names, "+"))
            return LogLine(text, None, turn, pos=e.pos)
        case ev.GameEnded():
            text = winners_text([names[s] for s in e.winners])
            return LogLine(text, e.winners[0] if e.winners else None, turn, heading=True)
        case (
            ev.WaterMoved()
            | ev.SunGained()
            | ev.SunSpent()
            | ev.FillRequired()
            | ev.EdgeActivated()
            | ev.EdgeResolved()
            | ev.WorkerDrawn()
            | ev.DisplayRefilled()
            | ev.TurnEnded()
        ):
            return None
        case _:
            assert_never(e)
