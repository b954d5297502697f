"""An in-process AI for tests whose timed levels count re-deals instead of watching the clock.

The hard level searches for its thinking time; under test that makes answers depend on how
busy the machine is. A hint is already a function of the position (``ai.hint.advise``); here
it searches fewer re-deals, to be fast. ``CountedAI`` answers like
``SyncAI`` but gives a timed level a fixed iteration budget: the same move and reasons on
every run, in a fraction of the time. The ``user_home`` fixture makes it the AI of every
app a test starts; shots and the monkey use it too.
"""

from __future__ import annotations

import random

from cacao_game.ai.hint import advise
from cacao_game.ai.registry import TIMED_LEVELS, make_player
from cacao_game.app.play.ai_worker import Answer, Message, Reply, SyncAI, WorkerRestarted
from cacao_game.engine import Action
from cacao_game.session.messages import AIRequest

ITERATIONS = 16
"""Re-deals a timed level searches per decision, instead of its thinking time."""


class CountedAI(SyncAI):
    """``SyncAI`` whose timed levels (the hint's) search ``ITERATIONS`` re-deals instead of
    a time budget: the same answer and hint text on every run, however busy the machine."""

    def request(self, request: Message) -> None:
        """Think now, a timed level by its iteration count."""
        if not (isinstance(request, AIRequest) and request.level in TIMED_LEVELS):
            super().request(request)
            return
        if request.hint:
            advice = advise(request.game, request.level, iterations=ITERATIONS)
            self._ready.append(Answer(request.id, advice.action, advice=advice))
            return
        player = make_player(f"{request.level}:iterations={ITERATIONS}", random.Random(request.seed))
        self._ready.append(Answer(request.id, player.choose(request.game)))


class HeldAI:
    """An AI client that answers nothing until told: a computer seat stays thinking for as
    long as a test likes (``requests`` keeps what was asked; ``answer`` sends a move back)."""

    def __init__(self) -> None:
        self.requests: list[AIRequest] = []
        self._ready: list[Reply] = []

    def request(self, request: Message) -> None:
        """Keep a move or hint request unanswered (review messages are ignored)."""
        if isinstance(request, AIRequest):
            self.requests.append(request)

    def answer(self, request: AIRequest, action: Action) -> None:
        """Send ``action`` back as the answer to ``request`` (the next ``poll`` hands it over)."""
        self._ready.append(Answer(request.id, action))

    def restart(self) -> None:
        """Report a worker death that sent the unanswered requests again (kept unanswered)."""
        self._ready.append(WorkerRestarted(1))

    def poll(self) -> list[Reply]:
        """The answers sent back since the last poll."""
        ready, self._ready = self._ready, []
        return ready

    def close(self) -> None:
        """Nothing to stop."""
