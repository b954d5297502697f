"""The table's link to the AI worker: requests out, answers back after the pacing delay.

The play session makes the requests (``take_requests``) and takes the answers
(``AIAnswered``); this link carries them to and from an ``AIClient`` (a worker process, or
in-process for tests) and holds a computer seat's move until the pacing delay has passed
and no animation runs, so AI turns play at a readable pace. Hints pass at once.

It also times a timed level's move (hard, expert): when the request left (its ``clock``,
injectable) and the seconds it may think (the request's ``time_budget``), so the table can
show how much of that time has passed (``thinking``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final, assert_never

from cacao_game.app.play.ai_worker import (
    AIClient,
    Answer,
    ProcessAI,
    ReviewDone,
    ReviewProgress,
    SyncAI,
    WorkerRestarted,
)
from cacao_game.session import AIAnswered, AIRequest, SessionEvent
from cacao_game.session.messages import time_passed
from cacao_game.session.source import TableSource

SYNC_AI_ENV = "CACAO_SYNC_AI"
"""Set to 1 to think in-process (tests, tools): no worker process."""


def default_ai() -> AIClient:
    """A worker process, or in-process thinking if ``CACAO_SYNC_AI=1``."""
    return SyncAI() if os.environ.get(SYNC_AI_ENV) == "1" else ProcessAI()


OVERDUE_AFTER: Final = 5.0
"""Seconds past twice its thinking time after which a timed move is said to be late."""


@dataclass(frozen=True, slots=True)
class Timing:
    """A timed computer seat's move on its way: the request's id, the seat, when it was sent
    (``AILink.clock``) and the seconds the level may think (the request's ``time_budget``)."""

    request: int
    seat: int
    started: float
    budget: float

    def share(self, now: float) -> float:
        """The part of the thinking time passed at ``now`` (``messages.time_passed``): 0 when
        sent, exactly 1.0 at the budget and from then on."""
        return time_passed(self.started, self.budget, now)


class AILink:
    """Requests and answers between a table source and an AI client (started on first use).

    ``clock`` (seconds, never going back; ``time.monotonic`` unless a test gives its own)
    times the thinking of a timed seat's move (``thinking``)."""

    def __init__(
        self,
        client: AIClient | None = None,
        factory: Callable[[], AIClient] = default_ai,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.client = client
        self._factory = factory
        self.clock = clock
        self.timing: Timing | None = None
        """The last timed move request sent (``thinking`` checks it is still awaited)."""
        self.held: Answer | None = None
        """A computer seat's move waiting for the pacing delay."""
        self.waited = 0.0
        self.restarts: list[WorkerRestarted] = []
        """Worker deaths not yet told to the player (``take_restarts``); each one sent the
        awaited requests again, so a timed move's thinking time starts again with it."""

    def start(self) -> None:
        """Start the client if none was given."""
        if self.client is None:
            self.client = self._factory()

    def close(self) -> None:
        """Stop the client."""
        if self.client is not None:
            self.client.close()

    def take_restarts(self) -> list[WorkerRestarted]:
        """The worker deaths since the last call (each one's requests were sent again)."""
        restarts, self.restarts = self.restarts, []
        return restarts

    def _time(self, request: AIRequest) -> None:
        """Start timing ``request`` if it is a computer seat's move with a thinking time."""
        if request.hint:
            return
        budget = request.time_budget
        self.timing = None if budget is None else Timing(request.id, request.seat, self.clock(), budget)

    def thinking(self, session: TableSource) -> tuple[int, float] | None:
        """The computer seat whose timed move is awaited and the part of its thinking time
        passed (``Timing.share``), while its answer has not arrived; else None (a level
        without a thinking time, a move taken back, a source whose AI thinks elsewhere)."""
        timing = self.timing
        if timing is None or self.held is not None or not session.awaits_move(timing.request):
            return None
        return timing.seat, timing.share(self.clock())

    def overdue(self, session: TableSource) -> int | None:
        """The computer seat whose timed move is still awaited ``OVERDUE_AFTER`` seconds past
        twice its thinking time (a machine too busy, a helper process stopped: a trial's bar
        stood full for 20 s without a word); else None."""
        timing = self.timing
        if timing is None or self.thinking(session) is None:
            return None
        late = self.clock() - timing.started - 2 * timing.budget
        return timing.seat if late >= OVERDUE_AFTER else None

    def reset(self) -> None:
        """Forget a held answer and the time waited (after an undo, or a move was shown)."""
        self.held = None
        self.waited = 0.0

    def update(self, session: TableSource, dt: float, busy: bool, pacing: float) -> list[SessionEvent]:
        """Send new requests, take answers, and hand a held move to the session once
        ``pacing`` seconds have passed with nothing animating. Returns what the session did."""
        if self.client is None:
            return []
        events: list[SessionEvent] = []
        for request in session.take_requests():
            self.client.request(request)
            self._time(request)
        for answer in self.client.poll():
            match answer:
                case Answer() if session.awaits_move(answer.id):
                    self.held = answer
                case Answer():
                    events += session.handle(
                        AIAnswered(answer.id, answer.action, answer.error, answer.advice)
                    )
                case WorkerRestarted():
                    self.restarts.append(answer)
                    if self.timing is not None:
                        self.timing = replace(self.timing, started=self.clock())
                case ReviewProgress() | ReviewDone():
                    pass
                case _:
                    assert_never(answer)
        if busy or session.waiting_for_ai() is None:
            return events
        self.waited += dt
        if self.held is not None and self.waited >= pacing:
            answer, self.held = self.held, None
            events += session.handle(AIAnswered(answer.id, answer.action, answer.error))
        return events
