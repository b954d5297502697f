"""A hint's reasons on the wire: ``cacao_game.ai.explain.Advice`` to and from the protocol's
``AdviceMsg``, so a player at a table across machines gets the same hint and the same
reasons as H gives at home."""

from __future__ import annotations

from cacao_game.ai.explain import Advice, TermChange
from cacao_game.net import protocol as p
from cacao_game.saves.schema import action_from_json, decision


def advice_message(advice: Advice) -> p.AdviceMsg:
    """``advice`` as the host sends it (its seat and move travel in the ``Hint`` itself)."""
    return p.AdviceMsg(
        None if advice.alternative is None else decision(advice.alternative),
        advice.margin,
        [
            p.ReasonMsg(c.seat, c.term, c.points, c.amount, c.later, c.tile)
            for c in advice.changes[: p.MAX_REASONS]
        ],
        advice.searched,
        advice.rest,
        [decision(action) for action in advice.whole[: p.MAX_ACTIONS]],
        advice.close,
        advice.noise,
        [decision(action) for action in advice.alternative_whole[: p.MAX_ACTIONS]],
    )


def advice_of(message: p.AdviceMsg, seat: int, hint: p.ActionMsg) -> Advice:
    """The ``Advice`` for ``seat`` that ``message`` carries with the hinted move ``hint``
    (whether its moves are legal is the table's call)."""
    return Advice(
        seat,
        action_from_json(hint),
        None if message.alternative is None else action_from_json(message.alternative),
        message.margin,
        tuple(TermChange(c.seat, c.term, c.points, c.amount, c.later, c.tile) for c in message.changes),
        message.searched,
        message.rest,
        tuple(action_from_json(action) for action in message.whole),
        message.close,
        message.noise,
        alternative_whole=tuple(action_from_json(action) for action in message.alternative_whole),
    )
