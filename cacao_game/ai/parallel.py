"""The expert's second core: a helper process that plays its own stream of re-deals.

Sequential halving (``ExpertPlayer.halving``) splits each round's re-deals over ``workers``
streams (``cacao_game.ai.expert_tree.Stream``): its own process plays the first, a
``Partner`` each of the others. A ``HelperPartner`` sends its stream's rounds to a helper
process and takes back its root totals after each round; a ``LocalPartner`` plays its rounds
in this process, after the first stream's (the same results, later). A helper is started once
per player (``Helper``, a ``spawn`` process, never a fork) and reused for every decision: it
says it is ``Ready`` once, gets the view once per decision (``Begin``), then one ``Round`` a
round, answered by a ``RoundDone``; a ``Stop`` ends an open round (time is up). On time a
helper still starting is not waited for (the first decision does not wait for its start).
Messages are pickled over the pipe to our own child, never written anywhere.

Faults: a helper that cannot start (a daemonic parent, no processes), dies, or hangs (no answer
to a round with bounds long after this process played its own share: ``STALL_FLOOR_SECONDS``,
``STALL_FACTOR``) is logged and the search goes on in this process. With an iteration count a
lost helper's rounds are played again here from its seed, so the move is the same; on time its
last totals are kept and it plays no more. A lost helper is started again at the next decision,
``HELPER_STARTS`` times at most. The helper dies with its parent (``cacao_game.ai.lifeline``)
and runs at its parent's priority (inherited: below the window's under the app's AI worker).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import random
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Final, Protocol

from cacao_game.ai.expert_tree import ArmStats, Stream, Tuning
from cacao_game.ai.lifeline import PARENT_CHECK_SECONDS, bind_to_parent, name_process, shut
from cacao_game.engine import Action, Game

log = logging.getLogger(__name__)

SEARCH_NAME: Final = "cacao-search"
"""The helper process's name in ``top`` (``lifeline.name_process``)."""
HELPER_STARTS: Final = 4
"""Helper processes a player starts at most (the first and three after deaths)."""
HELPER_GRACE: Final = 0.2
"""Seconds a helper asked to end (``close``) has before it is killed."""
STOP_GRACE_SECONDS: Final = 5.0
"""How long a helper told to stop may take to answer before it is given up (killed)."""
STALL_FLOOR_SECONDS: Final = 30.0
"""A round with bounds whose helper has not answered this long after this process finished
its own equal share (nor ``STALL_FACTOR`` times that share's time) is taken for hung: the
helper is killed and its stream played here (the same move). Generous: it covers a helper
still starting on a busy machine."""
STALL_FACTOR: Final = 8.0
"""See ``STALL_FLOOR_SECONDS``."""


def search_workers() -> int:
    """How many streams the app's expert plays a decision on: 2 where the machine has a core
    to spare beside them (three or more), else 1 (the one place that decides it; tools keep
    the player's default). The window and the display server keep a core: on a 2-core
    machine two streams left the frames' work p99 at 2.4 times an idle table's (all of it in
    showing the frame, the display server's copy waiting for a core), one stream at 0.95
    (``python tools/bench_frames.py --window --no-launch --ai-seconds 0 --frames 30
    --expert-seconds 3 --expert-phases 12 [--workers 1]``)."""
    return 2 if (os.cpu_count() or 1) >= 3 else 1


@dataclass(frozen=True, slots=True)
class Begin:
    """A new decision: the stream of ``seat`` in ``view`` re-deals from ``random.Random(seed)``."""

    decision: int
    view: Game
    seat: int
    seed: int
    tuning: Tuning


@dataclass(frozen=True, slots=True)
class Round:
    """Play up to ``redeals`` re-deals (None: until a ``Stop``) for each of ``arms``, at most
    ``iterations`` iterations (None: no bound)."""

    decision: int
    number: int
    arms: tuple[Action, ...]
    redeals: int | None
    iterations: int | None


@dataclass(frozen=True, slots=True)
class Stop:
    """End round ``number`` of ``decision`` after the iteration under way."""

    decision: int
    number: int


@dataclass(frozen=True, slots=True)
class RoundDone:
    """A round is over: the stream's root totals so far, its iterations, nodes and depth."""

    decision: int
    number: int
    stats: ArmStats
    done: int
    nodes: int
    depth: int


@dataclass(frozen=True, slots=True)
class Ready:
    """The helper is up (the search imported, bound to its parent): sent once, first."""


Command = Begin | Round | Stop | None
"""What the helper is sent (None: end)."""


class Partner(Protocol):
    """A stream played outside the deciding player's own loop, one round at a time."""

    @property
    def done(self) -> int:
        """Iterations the stream played so far."""
        ...

    @property
    def nodes(self) -> int:
        """Nodes of the stream's tree."""
        ...

    @property
    def depth(self) -> int:
        """Decisions on the deepest path of the stream's tree."""
        ...

    def start(self, arms: list[Action], redeals: int | None, iterations: int | None) -> None:
        """Begin a round (``Stream.run``'s bounds); a helper starts playing at once."""
        ...

    def finish(self, in_time: Callable[[], bool]) -> None:
        """End the round: wait for it (a helper is stopped once ``in_time()`` is false, or at
        once without bounds), or play it now."""
        ...

    def stats(self) -> ArmStats:
        """The stream's root totals after its last round."""
        ...


class LocalPartner:
    """A stream played in this process, each round when it is finished."""

    def __init__(self, tuning: Tuning, view: Game, seat: int, seed: int) -> None:
        self.stream = Stream(tuning, view, seat, random.Random(seed))
        self.round: tuple[list[Action], int | None, int | None] | None = None
        self.done = self.nodes = self.depth = 0

    def start(self, arms: list[Action], redeals: int | None, iterations: int | None) -> None:
        """Remember the round."""
        self.round = (arms, redeals, iterations)

    def finish(self, in_time: Callable[[], bool]) -> None:
        """Play the round now (a round without bounds plays nothing: it has no time of its own)."""
        if self.round is None:
            return
        arms, redeals, iterations = self.round
        self.round = None
        if redeals is not None or iterations is not None:
            self.stream.run(arms, redeals, iterations, lambda: not in_time())
        self.done, self.nodes, self.depth = self.stream.done, self.stream.walk.nodes, self.stream.walk.depth

    def stats(self) -> ArmStats:
        """See ``Partner.stats``."""
        return self.stream.walk.stats()


class HelperPartner:
    """A stream played by the helper process; played here instead once the helper is lost."""

    def __init__(self, helper: Helper, begin: Begin) -> None:
        self.helper = helper
        self.begin = begin
        self.history: list[tuple[list[Action], int | None, int | None, int]] = []
        """Every round finished: its bounds and the iterations the helper played."""
        self.open: Round | None = None
        self.rounds = 0
        """Rounds sent (their numbers)."""
        self.last = RoundDone(begin.decision, -1, {}, 0, 1, 0)
        self.local: LocalPartner | None = None
        """The stream replayed here after the helper was lost (with iteration bounds)."""
        self.frozen = False
        """The helper was lost on time: its last totals stay, it plays no more."""
        self.sent_at = 0.0
        """When the open round was sent (``time.monotonic``)."""

    @property
    def done(self) -> int:
        """Iterations played (here too, after a loss)."""
        return self.local.done if self.local is not None else self.last.done

    @property
    def nodes(self) -> int:
        """Nodes of the stream's tree."""
        return self.local.nodes if self.local is not None else self.last.nodes

    @property
    def depth(self) -> int:
        """Decisions on the deepest path of the stream's tree."""
        return self.local.depth if self.local is not None else self.last.depth

    def start(self, arms: list[Action], redeals: int | None, iterations: int | None) -> None:
        """Send the round to the helper."""
        if self.local is not None:
            self.local.start(arms, redeals, iterations)
            return
        if self.frozen:
            return
        self.open = Round(self.begin.decision, self.rounds, tuple(arms), redeals, iterations)
        self.sent_at = time.monotonic()
        self.rounds += 1
        if not self.helper.send(self.open):
            self._lost("could not send a round", lambda: True)

    def finish(self, in_time: Callable[[], bool]) -> None:
        """Wait for the helper's totals (stopping it at once if the round has no bounds, or
        once ``in_time()`` is false); a helper lost on the way is replaced as the class says.
        A round without bounds is not waited for while the helper is still starting (its
        totals come with a later round)."""
        if self.local is not None:
            self.local.finish(in_time)
            return
        if self.open is None:
            return
        sent = self.open
        unbounded = sent.redeals is None and sent.iterations is None
        stopped_at: float | None = None
        waiting_from = time.monotonic()
        patience = max(STALL_FLOOR_SECONDS, STALL_FACTOR * (waiting_from - self.sent_at))
        while True:
            if stopped_at is None and (unbounded or not in_time()):
                stopped_at = time.monotonic()
                if not self.helper.send(Stop(sent.decision, sent.number)):
                    self._lost("could not stop it", in_time)
                    return
                if unbounded and not self.helper.started():
                    self.open = None
                    return
            reply = self.helper.receive(PARENT_CHECK_SECONDS)
            if isinstance(reply, RoundDone) and (reply.decision, reply.number) == (
                sent.decision,
                sent.number,
            ):
                self.last = reply
                self.history.append(
                    (list(sent.arms), sent.redeals, sent.iterations, reply.done - self._before())
                )
                self.open = None
                return
            if reply is None and not self.helper.alive:
                self._lost("it died", in_time)
                return
            if stopped_at is not None and time.monotonic() - stopped_at > STOP_GRACE_SECONDS:
                self.helper.close()
                self._lost(f"no answer {STOP_GRACE_SECONDS:.0f} s after it was stopped", in_time)
                return
            if stopped_at is None and time.monotonic() - waiting_from > patience:
                self.helper.close()
                self._lost(f"no answer {patience:.1f} s after this stream's share was done (hung)", in_time)
                return

    def _before(self) -> int:
        return sum(played for *_bounds, played in self.history)

    def stats(self) -> ArmStats:
        """See ``Partner.stats``."""
        return self.local.stats() if self.local is not None else self.last.stats

    def _lost(self, why: str, in_time: Callable[[], bool]) -> None:
        """Go on without the helper: replay its rounds here (all with bounds; the open one
        while ``in_time()``), else keep its last totals."""
        self.helper.close()
        open_round, self.open = self.open, None
        bounded = all(r is not None or i is not None for _a, r, i, _p in self.history)
        if open_round is not None:
            bounded = bounded and (open_round.redeals is not None or open_round.iterations is not None)
        log.warning(
            "expert search helper lost (%s): %s",
            why,
            "replaying its stream here" if bounded else "going on without it",
        )
        if not bounded:
            self.frozen = True
            return
        begin = self.begin
        local = LocalPartner(begin.tuning, begin.view, begin.seat, begin.seed)
        for arms, redeals, _iterations, played in self.history:
            local.start(arms, redeals, played)
            local.finish(lambda: True)
        self.local = local
        if open_round is not None:
            local.start(list(open_round.arms), open_round.redeals, open_round.iterations)
            local.finish(in_time)


class Helper:
    """The search helper process of one player: started at its first decision, reused for the
    next ones, started again after a death (``HELPER_STARTS`` in all), closed with the player
    (or when it is garbage collected)."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._starts = 0
        self._decisions = 0
        self.ready = False
        """The helper process has said it is up."""
        self._finalizer: weakref.finalize[[Connection, BaseProcess, float], Helper] | None = None
        """Stops the helper when this object is closed or collected."""

    @property
    def alive(self) -> bool:
        """Whether the helper process runs."""
        return self._process is not None and self._process.is_alive()

    @property
    def pid(self) -> int | None:
        """The helper's process id (None while none runs)."""
        return self._process.pid if self._process is not None else None

    def partner(self, view: Game, seat: int, seed: int, tuning: Tuning) -> HelperPartner | None:
        """A stream of this decision played by the helper (started now if none runs), or None
        if no helper can run (logged)."""
        if not self.alive and not self._start():
            return None
        self._decisions += 1
        begin = Begin(self._decisions, view, seat, seed, tuning)
        if not self.send(begin):
            self.close()
            log.warning("expert search helper lost before a decision: searching in this process")
            return None
        return HelperPartner(self, begin)

    def _start(self) -> bool:
        """Start a helper process; False (logged) if that is not possible or allowed any more."""
        self.close()
        if self._starts >= HELPER_STARTS:
            return False
        self._starts += 1
        conn, child = self._context.Pipe()
        process = self._context.Process(
            target=serve, args=(child, os.getpid()), name="cacao-search-helper", daemon=True
        )
        try:
            process.start()
        except (AssertionError, OSError, RuntimeError) as error:  # a daemonic process has no children
            log.warning("expert search helper could not start (%r): searching in this process", error)
            self._starts = HELPER_STARTS
            conn.close()
            child.close()
            return False
        child.close()
        self._conn, self._process = conn, process
        self.ready = False
        self._finalizer = weakref.finalize(self, shut, conn, process, HELPER_GRACE)
        return True

    def send(self, command: Command) -> bool:
        """Send ``command``; False if the helper is gone."""
        if self._conn is None:
            return False
        try:
            self._conn.send(command)
        except (BrokenPipeError, OSError):
            return False
        return True

    def started(self) -> bool:
        """Whether the helper has said it is ``Ready`` (its first message), not waiting."""
        if not self.ready and self._conn is not None:
            with contextlib.suppress(EOFError, OSError):
                if self._conn.poll():
                    self.ready = isinstance(self._conn.recv(), Ready)
        return self.ready

    def receive(self, seconds: float) -> RoundDone | None:
        """The helper's next totals, waiting up to ``seconds`` (None: none came, or it is
        gone); its ``Ready`` sets ``ready`` on the way."""
        if self._conn is None:
            return None
        try:
            while self._conn.poll(seconds):
                reply: RoundDone | Ready = self._conn.recv()
                if isinstance(reply, RoundDone):
                    return reply
                self.ready = True
                seconds = 0.0
        except (EOFError, OSError):
            return None
        return None

    def close(self) -> None:
        """Stop the helper (if one runs) and reap it."""
        if self._finalizer is not None:
            self._finalizer()
        self._finalizer = None
        self._conn = self._process = None


def serve(conn: Connection, parent_pid: int) -> None:
    """The helper process: one stream per decision, its rounds as told, until ``None``, a
    closed pipe or its parent's end."""
    bind_to_parent(parent_pid)
    name_process(SEARCH_NAME)
    try:
        conn.send(Ready())
    except (BrokenPipeError, OSError):
        return
    stream: Stream | None = None
    decision = -1
    while True:
        try:
            command: Command = conn.recv()
        except (EOFError, OSError):
            return
        match command:
            case None:
                return
            case Begin():
                decision = command.decision
                stream = Stream(command.tuning, command.view, command.seat, random.Random(command.seed))
            case Round() if stream is not None and command.decision == decision:
                stopper = _Stopper(conn, command)
                stream.run(list(command.arms), command.redeals, command.iterations, stopper)
                if stopper.closed:
                    return
                reply = RoundDone(
                    decision,
                    command.number,
                    stream.walk.stats(),
                    stream.done,
                    stream.walk.nodes,
                    stream.walk.depth,
                )
                try:
                    conn.send(reply)
                except (BrokenPipeError, OSError):
                    return
            case _:  # a late stop, or a round of a decision given up
                pass


class _Stopper:
    """``stop()`` of a helper's round: true once its ``Stop`` (or the end) came over the pipe."""

    def __init__(self, conn: Connection, round_: Round) -> None:
        self.conn = conn
        self.round = round_
        self.stopped = False
        self.closed = False

    def __call__(self) -> bool:
        try:
            while not self.stopped and self.conn.poll():
                command: Command = self.conn.recv()
                if command is None:
                    self.stopped = self.closed = True
                elif isinstance(command, Stop):
                    self.stopped = (command.decision, command.number) == (
                        self.round.decision,
                        self.round.number,
                    )
        except (EOFError, OSError):
            self.stopped = self.closed = True
        return self.stopped
