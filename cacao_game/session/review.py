"""``ReviewSession``: a reviewed game stepped decision by decision, behind the replay's view.

It is a replay (``ReplaySession``) that stops before every reviewed decision as well as at
the start of every turn, so the table shows the position each decision was made in; the
review of the decision about to be made there is ``here()``. ``jump_flag`` goes to the
next or previous decision that lost at least a point (an inaccuracy, a mistake or a
blunder).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping

from cacao_game.ai.review import DecisionReview, GameReview
from cacao_game.config.game import GameConfig
from cacao_game.session.replay import ReplaySession
from cacao_game.session.source import REVIEW, Capabilities, Stepping


class ReviewSession(ReplaySession):
    """Step through ``record`` with its ``review`` (raises ``RecordError`` if the record is
    broken, ValueError if the review is of another game). ``config`` names the seats when
    the record does not (a record keeps only colours and kinds)."""

    capabilities: Capabilities = REVIEW

    def __init__(
        self, record: Mapping[str, object], review: GameReview, config: GameConfig | None = None
    ) -> None:
        super().__init__(record, config)
        if review.players != self.game.players or any(
            d.index >= len(self.actions) or self.actions[d.index] != d.played for d in review.decisions
        ):
            raise ValueError("the review is of another game")
        self.review = review
        self._by_index = {decision.index: decision for decision in review.decisions}
        self._indices = sorted(self._by_index)
        self.turn_starts = sorted(set(self.turn_starts) | set(self._by_index))
        """Where a step stops: every turn's start and every reviewed decision."""

    def stepping(self) -> Stepping | None:
        """Steps shown of the review's steps (turn starts and reviewed decisions), and which
        reviewed decision is shown, if one is."""
        index = len(self.game.actions)
        decision = bisect_left(self._indices, index) + 1 if index in self._by_index else None
        return Stepping(
            self.position, self.turns, decisions=True, reviewed=len(self._indices), decision=decision
        )

    def here(self) -> DecisionReview | None:
        """The review of the decision made at the position shown, if it was reviewed."""
        return self._by_index.get(len(self.game.actions))

    def stood_in_here(self) -> tuple[int, ...]:
        """The reviewed seats an AI stand-in played in the turn shown (``PlayedBy.standin``):
        their decisions there are not reviewed, not being their player's."""
        turn = self.game.turn
        played = self.played_by[turn].standin if turn < len(self.played_by) else ()
        return tuple(seat for seat in self.review.seats if seat in played)

    def flagged_positions(self) -> list[int]:
        """The positions (steps from the deal) of the decisions marked worse than good."""
        return [
            position
            for position, index in enumerate(self.turn_starts)
            if index in self._by_index and self._by_index[index].mark != "good"
        ]

    def flag_target(self, direction: int) -> int | None:
        """The next (``direction`` > 0) or previous flagged position from here, if any."""
        flagged = self.flagged_positions()
        if direction > 0:
            return next((p for p in flagged if p > self.position), None)
        return next((p for p in reversed(flagged) if p < self.position), None)

    def jump_flag(self, direction: int) -> bool:
        """Show the next or previous flagged decision; False (nothing changes) if there is none."""
        target = self.flag_target(direction)
        if target is None:
            return False
        self.jump(target)
        return True
