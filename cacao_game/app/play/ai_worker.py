"""Computer players for the play scene, off the UI thread.

``ProcessAI`` runs the AI in a separate process (``multiprocessing`` spawn context: no fork of
the pygame process) so the window keeps 60 fps while the AI thinks. Requests carry a
``game.clone()`` (pickled over the pipe, never written to disk) and an id; the scene drops
answers whose id it no longer waits for (after an undo). A hint's answer is ``advise``'s for the
position alone, with why the move is best (``cacao_game.ai.explain``). The worker also reviews whole games
(``ReviewRequest``): it reports ``ReviewProgress`` after each decision, stops at a
``ReviewCancel`` (or a closed pipe) between two re-deals, and ends with ``ReviewDone``.
``SyncAI`` has the same interface and answers at once in-process: for tests. This module
must not import pygame: the worker process imports it.

The worker's expert seats search on ``search_workers()`` streams (``cacao_game.ai.parallel``:
two where the machine has two cores), so the worker starts search helper processes of its
own. A daemonic process may have no children, so the worker is not daemonic: it ends with the
app by its own watches instead (the kernel's signal when its parent dies, a thread watching
the parent, the end of its pipe; ``cacao_game.ai.lifeline``) and ``ProcessAI`` closes it at
the interpreter's exit if the app did not. Its helpers end with it the same way.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import queue
import random
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from multiprocessing.connection import Connection
from typing import Final, Protocol, assert_never

from cacao_game.ai import LEVELS, make_player
from cacao_game.ai.base import Player
from cacao_game.ai.explain import Advice
from cacao_game.ai.hint import HINT_LEVELS, advise
from cacao_game.ai.lifeline import (
    AI_NICE,
    PARENT_CHECK_SECONDS,
    bind_to_parent,
    lower_priority,
    name_process,
    own_cpu_group,
    parent_gone,
    reap,
    shut,
)
from cacao_game.ai.parallel import search_workers
from cacao_game.ai.review import Budget, DecisionReview, GameReview, ReviewCancelled, review_game
from cacao_game.engine import Action, Setup
from cacao_game.session.messages import AIRequest

WORKER_NAME: Final = "cacao-ai"
"""The AI worker process's name in ``top`` (``lifeline.name_process``)."""

log = logging.getLogger(__name__)

MAX_RESTARTS: Final = 3
"""Worker deaths while it thinks (requests unanswered) a ``ProcessAI`` recovers from by
starting a new worker; after that it thinks in-process (a worker that dies on every request
must not be restarted forever)."""
HEARTBEAT_SECONDS: Final = 1.0
"""How often a busy worker says it is alive (``Alive``, from a thread of its own)."""
HANG_SECONDS: Final = 30.0
"""A worker with requests unanswered that has said nothing this long, while the app polled
it, is taken for hung (a trial stopped it with SIGSTOP, and the table waited for good): it is
killed and replaced as a dead one is. Generous: a busy machine's worker still beats every
``HEARTBEAT_SECONDS``. The beat comes from a thread of its own: a worker frozen whole
(stopped, swapped out) is caught, one whose thinking thread loops or deadlocks is not."""
POLL_GAP_SECONDS: Final = 5.0
"""A gap between two polls longer than this (the machine slept, the app was busy elsewhere)
does not count as the worker's silence: it counts again from the poll after it."""
MAX_IDLE_DEATHS: Final = 10
"""Worker deaths with nothing asked that a ``ProcessAI`` recovers from silently (nobody
waited for it, so the player is not told); past them it thinks in-process, and says so (a
worker that cannot stay up must not be started again on every frame)."""


def playable_level(level: str) -> str:
    """``level`` if it exists, else ``"random"`` (an unknown level never stops a game)."""
    return level if level in LEVELS else "random"


Request = AIRequest
"""What the worker answers: the play session's AI request message."""


@dataclass(frozen=True)
class Answer:
    """The action chosen for request ``id`` (or ``error`` and a fallback legal action); a
    hint's ``advice`` says why."""

    id: int
    action: Action
    error: str | None = None
    advice: Advice | None = None


@dataclass(frozen=True)
class ReviewRequest:
    """Review the game of ``setup`` and ``actions`` for ``seats`` (None: every seat),
    ``seconds`` of search per decision, or ``iterations`` re-deals if set, leaving out the
    decisions an AI stand-in made (``standin``: by turn, the seats it played)
    (``cacao_game.ai.review``)."""

    id: int
    setup: Setup
    actions: tuple[Action, ...]
    seats: tuple[int, ...] | None
    seconds: float
    iterations: int | None = None
    seed: int = 0
    standin: tuple[tuple[int, ...], ...] = ()
    done: tuple[DecisionReview, ...] = ()
    """The first decisions' reviews already made (``ProcessAI`` keeps them as they come, so
    that a worker that dies mid-review is resumed where it was)."""


@dataclass(frozen=True)
class Alive:
    """A busy worker is alive (sent every ``HEARTBEAT_SECONDS`` while it thinks or reviews;
    ``ProcessAI`` keeps it to itself)."""


@dataclass(frozen=True)
class ReviewCancel:
    """Stop review ``id`` (answered by a ``ReviewDone`` without a review)."""

    id: int


@dataclass(frozen=True)
class ReviewProgress:
    """Review ``id`` has done ``done`` of ``total`` decisions; ``decision``: the review of the
    one just made (None for the report before the first)."""

    id: int
    done: int
    total: int
    decision: DecisionReview | None = None


@dataclass(frozen=True)
class ReviewDone:
    """Review ``id`` is over: its ``review``, or None with ``error`` (``"cancelled"`` if it was)."""

    id: int
    review: GameReview | None
    error: str | None = None


@dataclass(frozen=True)
class WorkerRestarted:
    """The worker died while it thought; a new one (or, after ``MAX_RESTARTS``, the UI process
    when ``in_process``) took over the requests still unanswered, which are sent again. A death
    with nothing asked is reported only when it ends the worker processes (``in_process``)."""

    restarts: int
    in_process: bool = False


Message = Request | ReviewRequest | ReviewCancel
"""What the worker is sent."""
Reply = Answer | ReviewProgress | ReviewDone | WorkerRestarted
"""What the worker sends back."""
CANCELLED = "cancelled"


class _Brains:
    """The AI players, one per (level, seat, thinking time), each with its own seeded generator;
    a searching level's decision uses ``workers`` processes at most."""

    def __init__(self, workers: int = 1) -> None:
        self.players: dict[tuple[str, int, float | None], Player] = {}
        self.workers = workers

    def answer(self, request: Request) -> Answer:
        """A computer seat's move, or a hint: ``advise`` for the position alone (the same
        position and level always give the same hint, whatever came before)."""
        try:
            if request.hint and request.level in HINT_LEVELS:
                advice = advise(request.game, request.level)
                return Answer(request.id, advice.action, advice=advice)
            return Answer(request.id, self._player(request).choose(request.game))
        except Exception as error:  # an AI bug must not end the game: fall back to a legal move
            log.exception("AI %s failed", request.level)
            return Answer(request.id, request.game.legal_actions()[0], error=repr(error))

    def _player(self, request: Request) -> Player:
        key = (request.level, request.seat, request.time_budget)
        player = self.players.get(key)
        if player is None:
            rng = random.Random(request.seed)
            level = playable_level(request.level)
            player = make_player(level, rng, time_budget=request.time_budget, workers=self.workers)
            self.players[key] = player
        return player


def run_review(request: ReviewRequest, send: Callable[[Reply], None], stop: Callable[[], bool]) -> ReviewDone:
    """Carry out ``request`` from its ``done`` decisions on: ``send`` each progress report
    (after each decision, with its review); ``stop()`` is asked between re-deals. Returns
    the review, or why there is none (never raises)."""
    made: list[DecisionReview] = []

    def report(done: int, total: int) -> None:
        send(ReviewProgress(request.id, done, total, made.pop() if made else None))

    try:
        review = review_game(
            request.setup,
            request.actions,
            seats=request.seats,
            budget=Budget(request.seconds, request.iterations),
            seed=request.seed,
            progress=report,
            stop=stop,
            standin=request.standin,
            done=request.done,
            reviewed=made.append,
        )
    except ReviewCancelled:
        return ReviewDone(request.id, None, CANCELLED)
    except Exception as error:  # a review bug must not end the app: say so instead
        log.exception("review %s failed", request.id)
        return ReviewDone(request.id, None, repr(error))
    return ReviewDone(request.id, review)


class AIClient(Protocol):
    """What the play scene uses: ``request`` now, ``poll`` every frame, ``close`` on exit."""

    def request(self, request: Message) -> None:
        """Start thinking about ``request`` (or stop the review a ``ReviewCancel`` names)."""
        ...

    def poll(self) -> list[Reply]:
        """Answers and review reports that arrived since the last poll (never blocks)."""
        ...

    def close(self) -> None:
        """Stop the AI; further calls are ignored."""
        ...


class SyncAI:
    """Answers in-process at ``request`` time; ``poll`` hands the answers over. A review runs
    to its end at once (so a ``ReviewCancel`` finds nothing left to stop)."""

    def __init__(self) -> None:
        """No process is started (an expert searches on one core)."""
        self._brains = _Brains()
        self._ready: list[Reply] = []

    def request(self, request: Message) -> None:
        """Think now (blocks the caller)."""
        if isinstance(request, ReviewRequest):
            self._ready.append(run_review(request, self._ready.append, lambda: False))
        elif isinstance(request, AIRequest):
            self._ready.append(self._brains.answer(request))

    def poll(self) -> list[Reply]:
        """The answers computed so far."""
        ready, self._ready = self._ready, []
        return ready

    def close(self) -> None:
        """Nothing to stop."""
        self._ready = []


class ThreadAI:
    """Answers in a thread of this process, one message at a time, so that the window keeps
    drawing and taking input while it thinks (``SyncAI`` would block it): what a
    ``ProcessAI`` falls back to once its workers keep dying (a trial's window froze for the
    whole thinking time of every computer move after the fourth death). A review stops at its
    ``ReviewCancel``; ``poll`` hands the answers over."""

    def __init__(self) -> None:
        """Start the thread (an expert searches on one core here)."""
        self._brains = _Brains()
        self._inbox: queue.SimpleQueue[Message | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._ready: list[Reply] = []
        self._cancelled: set[int] = set()
        self._closed = False
        self._thread = threading.Thread(target=self._serve, name="cacao-ai-thread", daemon=True)
        self._thread.start()

    def request(self, request: Message) -> None:
        """Queue ``request`` (a review's cancel takes effect at once)."""
        if isinstance(request, ReviewCancel):
            with self._lock:
                self._cancelled.add(request.id)
            return
        self._inbox.put(request)

    def _deliver(self, reply: Reply) -> None:
        with self._lock:
            self._ready.append(reply)

    def _stopped(self, review_id: int) -> bool:
        with self._lock:
            return self._closed or review_id in self._cancelled

    def _serve(self) -> None:
        while (message := self._inbox.get()) is not None:
            if isinstance(message, ReviewRequest):
                self._deliver(run_review(message, self._deliver, partial(self._stopped, message.id)))
            elif isinstance(message, AIRequest):
                self._deliver(self._brains.answer(message))  # never raises

    def poll(self) -> list[Reply]:
        """The answers and review reports made so far."""
        with self._lock:
            ready, self._ready = self._ready, []
        return ready

    def close(self) -> None:
        """Stop after the message in hand (a review stops at once); further calls are ignored."""
        with self._lock:
            self._closed = True
            self._ready = []
        self._inbox.put(None)


class ScriptedAI:
    """Answers every request in-process with ``answer(request)``: moves written in advance
    (the tutorial's computer seat). ``poll`` hands the answers over."""

    def __init__(self, answer: Callable[[Request], Action]) -> None:
        self._answer = answer
        self._ready: list[Reply] = []

    def request(self, request: Message) -> None:
        """Look a move's answer up now (a script reviews nothing: review messages are ignored)."""
        if isinstance(request, Request):
            self._ready.append(Answer(request.id, self._answer(request)))

    def poll(self) -> list[Reply]:
        """The answers looked up so far."""
        ready, self._ready = self._ready, []
        return ready

    def close(self) -> None:
        """Nothing to stop."""
        self._ready = []


class _Worker:
    """The worker process's side of the pipe: answers requests, runs reviews."""

    def __init__(self, conn: Connection, workers: int) -> None:
        self.conn = conn
        self.brains = _Brains(workers)
        self.backlog: deque[Message] = deque()
        """Requests that arrived during a review, answered after it."""
        self.closing = False
        """The pipe closed or the app said stop: serve no more."""
        self.busy = threading.Event()
        """Set while a request is carried out: the heartbeat thread sends ``Alive``."""
        self._sending = threading.Lock()

    def send(self, reply: Reply | Alive) -> None:
        """Send ``reply`` (from the serving thread or the heartbeat's, one at a time)."""
        try:
            with self._sending:
                self.conn.send(reply)
        except (BrokenPipeError, OSError):
            self.closing = True

    def beat(self) -> None:
        """The heartbeat thread: ``Alive`` every ``HEARTBEAT_SECONDS`` while busy."""
        while not self.closing:
            self.busy.wait()
            time.sleep(HEARTBEAT_SECONDS)
            if self.busy.is_set():
                self.send(Alive())

    def handle(self, message: Message | None) -> None:
        """Carry out one message (``None``: stop serving), saying it is alive at once and
        meanwhile."""
        self.busy.set()
        self.send(Alive())
        try:
            if message is None:
                self.closing = True
            elif isinstance(message, ReviewRequest):
                self.send(run_review(message, self.send, lambda: self._review_stopped(message.id)))
            elif isinstance(message, AIRequest):
                self.send(self.brains.answer(message))
        finally:
            self.busy.clear()

    def _review_stopped(self, review_id: int) -> bool:
        """Whether review ``review_id`` must stop: its cancel, a stop or a closed pipe came.
        Other messages wait in the backlog."""
        try:
            while self.conn.poll():
                message = self.conn.recv()
                if message is None:
                    self.closing = True
                elif isinstance(message, ReviewCancel):
                    if message.id == review_id:
                        return True
                else:
                    self.backlog.append(message)
        except (EOFError, OSError):
            self.closing = True
        return self.closing


def _serve(
    conn: Connection,
    parent_pid: int | None = None,
    *,
    watch: bool = True,
    nice: int = AI_NICE,
    workers: int | None = None,
) -> None:
    """The worker process: answer requests until ``None``, a closed pipe or its parent is gone.

    The pipe is polled every ``PARENT_CHECK_SECONDS``; between polls the worker returns as
    soon as ``parent_pid`` (default: the parent at start) is no longer its parent. With
    ``watch`` the kernel kills the worker when its parent ends (Linux), and a daemon thread
    also ends it during a long search within ``PARENT_CHECK_SECONDS`` of the parent's death
    (the worker must never outlive the window's process; once it is gone, multiprocessing's
    resource tracker sees the end of its pipe and ends too). It runs ``nice`` steps below
    the window's priority (its search helpers inherit it), so the window wins a busy CPU.
    Its expert searches on ``workers`` streams (default ``search_workers()``)."""
    parent = os.getppid() if parent_pid is None else parent_pid
    name_process(WORKER_NAME)
    if watch:
        bind_to_parent(parent)
        own_cpu_group(nice)
    lower_priority(nice)
    worker = _Worker(conn, search_workers() if workers is None else workers)
    worker.send(Alive())  # up: a slow start on a busy machine counts from here
    threading.Thread(target=worker.beat, name="cacao-ai-heartbeat", daemon=True).start()
    while not worker.closing and not parent_gone(parent):
        if worker.backlog:
            worker.handle(worker.backlog.popleft())
            continue
        try:
            if not conn.poll(PARENT_CHECK_SECONDS):
                continue
            message = conn.recv()
        except (EOFError, OSError):
            return
        worker.handle(message)


class ProcessAI:
    """The AI in a spawned worker process. Starting it does not block.

    It keeps every request until its answer (a move's ``Answer``, a review's ``ReviewDone``)
    arrives. When the worker dies (killed, crashed) it is reaped, a new worker is started and
    the unanswered requests are sent to it again; ``poll`` reports a ``WorkerRestarted`` so
    the player can be told. After ``max_restarts`` deaths the requests are answered
    in-process instead."""

    def __init__(
        self,
        max_restarts: int = MAX_RESTARTS,
        nice: int = AI_NICE,
        workers: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Spawn the worker (it imports only the engine and the AI, not pygame); it thinks
        ``nice`` steps below this process's priority, an expert decision on ``workers``
        streams (default: ``search_workers()``, decided in the worker). ``clock`` times its
        silence (``HANG_SECONDS``)."""
        self._clock = clock
        self._heard = clock()
        """When the worker last said something, or was started or given work while idle."""
        self._polled = self._heard
        """When the app last polled."""
        self._context = multiprocessing.get_context("spawn")
        self._max_restarts = max_restarts
        self._nice = nice
        self._workers = workers
        self._restarts = 0
        self._idle_deaths = 0
        self._pending: dict[tuple[str, int], Request | ReviewRequest] = {}
        """Requests sent and not answered yet, in the order they were sent."""
        self._reports: list[Reply] = []
        self._closed = False
        self._fallback: ThreadAI | None = None
        self._conn, self._process = self._spawn()
        atexit.register(self.close)

    def _spawn(self) -> tuple[Connection, multiprocessing.process.BaseProcess]:
        """Start a worker: not daemonic, so that it may start search helpers (see the module
        docstring)."""
        conn, child = self._context.Pipe()
        process = self._context.Process(
            target=_serve,
            args=(child, os.getpid()),
            kwargs={"nice": self._nice, "workers": self._workers},
            name="cacao-ai",
            daemon=False,
        )
        process.start()
        child.close()
        self._heard = self._clock()
        return conn, process

    def request(self, request: Message) -> None:
        """Send ``request`` to the worker (a new worker takes it if this one has died)."""
        if self._closed:
            return
        if not self._pending:
            self._heard = self._clock()  # an idle worker says nothing: its silence counts from now
        match request:
            case ReviewCancel():
                self._pending.pop(("review", request.id), None)
            case ReviewRequest():
                self._pending["review", request.id] = request
            case AIRequest():
                self._pending["move", request.id] = request
            case _:
                assert_never(request)
        self._send(request)

    def _send(self, request: Message) -> bool:
        """Pass ``request`` on; False if the worker was found dead (``_lost`` has then sent
        every unanswered request again)."""
        if self._fallback is not None:
            self._fallback.request(request)
            return True
        try:
            self._conn.send(request)
        except (BrokenPipeError, OSError) as error:
            self._lost(error)
            return False
        return True

    def _lost(self, error: BaseException | None) -> None:
        """The worker died: reap it at once (no zombie), then hand the unanswered requests
        to a new worker (or, past the restart limit, to in-process thinking)."""
        reap(self._process, 0.1)
        self._conn.close()
        thinking = bool(self._pending)
        if thinking:
            self._restarts += 1
        else:
            self._idle_deaths += 1
        in_process = self._restarts > self._max_restarts or self._idle_deaths > MAX_IDLE_DEATHS
        log.error(
            "AI worker is gone (%s, exit code %s): %s, %d unanswered request(s) sent again",
            repr(error) if error else "not running",
            self._process.exitcode,
            "thinking in-process from now on" if in_process else "starting a new one",
            len(self._pending),
        )
        if thinking or in_process:
            self._reports.append(WorkerRestarted(self._restarts, in_process))
        if in_process:
            self._fallback = ThreadAI()
        else:
            self._conn, self._process = self._spawn()
        for request in list(self._pending.values()):
            if not self._send(request):
                return

    def poll(self) -> list[Reply]:
        """Answers and review reports waiting in the pipe, and a ``WorkerRestarted`` after
        the worker died."""
        answers: list[Reply] = []
        if self._closed:
            return answers
        if self._fallback is None:
            now = self._clock()
            if now - self._polled > POLL_GAP_SECONDS:
                self._heard = max(self._heard, now)  # unwatched meanwhile (a laptop asleep): not silence
            self._polled = now
            try:
                while self._conn.poll():
                    message: Reply | Alive = self._conn.recv()
                    self._heard = self._clock()
                    if not isinstance(message, Alive):
                        answers.append(message)
            except (EOFError, OSError) as error:
                self._lost(error)
            else:
                self._check_silence()
        else:
            answers += self._fallback.poll()
        for answer in answers:
            match answer:
                case Answer():
                    self._pending.pop(("move", answer.id), None)
                case ReviewDone():
                    self._pending.pop(("review", answer.id), None)
                case ReviewProgress(decision=DecisionReview() as decision):
                    self._keep_reviewed(answer.id, decision)
                case ReviewProgress() | WorkerRestarted():
                    pass
                case _:
                    assert_never(answer)
        reports, self._reports = self._reports, []
        return reports + answers

    def _check_silence(self) -> None:
        """A worker with requests unanswered, silent for ``HANG_SECONDS`` while polled, is
        hung (stopped, frozen): kill it, and hand its requests on as a dead one's (``_lost``)."""
        silent = self._clock() - self._heard
        if not self._pending or silent < HANG_SECONDS:
            return
        log.error(
            "AI worker %s said nothing for %.0f s with work to do: killing it", self._process.pid, silent
        )
        self._process.kill()
        self._lost(TimeoutError(f"silent for {silent:.0f} s"))

    def _keep_reviewed(self, review_id: int, decision: DecisionReview) -> None:
        """Keep a decision reviewed with its pending review, so that a worker that dies
        mid-review is sent the review again from the next decision on."""
        pending = self._pending.get(("review", review_id))
        if isinstance(pending, ReviewRequest):
            self._pending["review", review_id] = replace(pending, done=(*pending.done, decision))

    @property
    def pid(self) -> int | None:
        """The worker's process id (None before it started)."""
        return self._process.pid

    @property
    def alive(self) -> bool:
        """Whether the worker process runs."""
        return not self._closed and self._process.is_alive()

    @property
    def restarts(self) -> int:
        """How many times the worker died while it thought and was replaced."""
        return self._restarts

    def close(self) -> None:
        """Ask the worker to stop, then make sure it has (terminate after a short wait)."""
        if self._closed:
            return
        self._closed = True
        atexit.unregister(self.close)
        self._pending.clear()
        if self._fallback is not None:
            self._fallback.close()
        shut(self._conn, self._process, 0.5, terminate=True, after=0.5)
