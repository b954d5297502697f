"""The AI worker process never outlives the process that started it."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cacao_game.app.play.ai_worker import Answer, ProcessAI, Reply, WorkerRestarted, _serve
from cacao_game.engine import Game
from cacao_game.session.messages import AIRequest

ROOT = Path(__file__).resolve().parent.parent

PARENT = """
import os, time
from cacao_game.app.play.ai_worker import ProcessAI
ai = ProcessAI()
holder = os.fork()  # keeps the parent's end of the pipe open: the worker sees no end of file
if holder == 0:
    time.sleep(600)
    os._exit(0)
print(ai.pid, holder, flush=True)
time.sleep(600)
"""


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    except OSError:
        return True
    return state not in ("Z", "X")


LINUX = Path("/proc/self/stat").exists() and hasattr(os, "fork")


@pytest.mark.skipif(not LINUX, reason="needs /proc and fork")
def test_worker_exits_when_its_parent_is_killed() -> None:
    """SIGKILL the process that started a ProcessAI: its worker ends soon after.

    A forked process holds the parent's end of the pipe open, so only the worker's parent
    check (not a closed pipe) can end it."""
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True, env=os.environ.copy()
    )
    try:
        assert parent.stdout is not None
        worker, holder = (int(pid) for pid in parent.stdout.readline().split())
        assert running(worker)
    finally:
        parent.kill()
        parent.wait(timeout=30)
    try:
        for _ in range(600):  # a generous bound (60 s): the worker checks every quarter second
            if not running(worker):
                break
            time.sleep(0.1)
        else:
            os.kill(worker, signal.SIGKILL)
            pytest.fail("the AI worker outlived its parent")
        assert running(holder)
    finally:
        os.kill(holder, signal.SIGKILL)


def test_serve_returns_once_its_parent_is_not_the_given_one() -> None:
    """With the pipe still open and quiet, ``_serve`` notices the parent is gone and returns."""
    mine, theirs = multiprocessing.Pipe()
    not_my_parent = os.getppid() + 1 if os.getppid() + 1 != os.getpid() else os.getppid() + 2
    server = threading.Thread(target=_serve, args=(theirs, not_my_parent), kwargs={"watch": False})
    server.start()
    server.join(timeout=30)
    assert not server.is_alive()
    mine.close()
    theirs.close()


def wait_for_answer(ai: ProcessAI, request_id: int, seconds: float) -> list[Reply]:
    """Poll ``ai`` until the answer to ``request_id`` came (or ``seconds`` passed); every reply seen."""
    replies: list[Reply] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        replies += ai.poll()
        if any(isinstance(r, Answer) and r.id == request_id for r in replies):
            break
        time.sleep(0.05)
    return replies


def test_a_worker_killed_while_it_thinks_is_replaced_and_the_request_answered() -> None:
    """SIGKILL the worker in the middle of a search (issue 21, fault 1): the old one is
    reaped (no zombie), a new worker process takes the unanswered request and searches,
    and a ``WorkerRestarted`` tells the app (which says so to the player)."""
    ai = ProcessAI()
    game = Game.new(2, "base", 1)
    try:
        ai.request(AIRequest(7, "hard", 0, 1, game.clone(), time_budget=600.0))
        old = ai.pid
        assert old is not None
        deadline = time.monotonic() + 60
        while not thinking(old) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert thinking(old), "the worker was searching when it was killed"
        os.kill(old, signal.SIGKILL)
        replies: list[Reply] = []
        while not any(isinstance(r, WorkerRestarted) for r in replies) and time.monotonic() < deadline:
            replies += ai.poll()
            time.sleep(0.05)
        assert [r for r in replies if isinstance(r, WorkerRestarted)] == [WorkerRestarted(1, False)]
        assert not running(old), "the killed worker is reaped, not left a zombie"
        assert ai.pid != old and ai.alive, "a new worker process, not the UI process, thinks now"
        new = ai.pid
        assert new is not None
        while not thinking(new) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert thinking(new), "the new worker searches for the re-sent request"
    finally:
        ai.close()


def test_the_resent_request_is_answered_by_the_new_worker() -> None:
    """The unanswered request itself comes back answered (a short search, killed at once)."""
    ai = ProcessAI()
    game = Game.new(2, "base", 1)
    try:
        ai.request(AIRequest(3, "hard", 0, 1, game.clone(), time_budget=0.2))
        pid = ai.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        replies = wait_for_answer(ai, 3, 120)
        answers = [r for r in replies if isinstance(r, Answer)]
        assert len(answers) == 1 and game.is_legal(answers[0].action)
        assert ai.restarts == 1 and ai.pid != pid
    finally:
        ai.close()


def test_after_too_many_deaths_the_ui_process_answers() -> None:
    """Past ``max_restarts`` a worker that keeps dying is not started again: the requests
    are answered in-process, and the report says so."""
    ai = ProcessAI(max_restarts=0)
    game = Game.new(2, "base", 1)
    try:
        pid = ai.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        ai.request(AIRequest(1, "random", 0, 1, game.clone()))
        replies = wait_for_answer(ai, 1, 60)
        assert WorkerRestarted(1, True) in replies
        answers = [r for r in replies if isinstance(r, Answer)]
        assert len(answers) == 1 and game.is_legal(answers[0].action)
        assert not running(pid)
    finally:
        ai.close()


def test_a_worker_dead_while_idle_is_replaced_without_a_notice() -> None:
    """Nothing was asked, so nobody waited: a worker killed while idle is replaced silently
    (no ``WorkerRestarted``, no death counted against ``max_restarts``), and the new worker
    answers the next request."""
    ai = ProcessAI(max_restarts=0)
    game = Game.new(2, "base", 1)
    try:
        old = ai.pid
        assert old is not None
        os.kill(old, signal.SIGKILL)
        deadline = time.monotonic() + 30
        replies: list[Reply] = []
        while ai.pid == old and time.monotonic() < deadline:
            replies += ai.poll()
            time.sleep(0.05)
        assert ai.pid != old and ai.alive and ai.restarts == 0
        assert not [r for r in replies if isinstance(r, WorkerRestarted)]
        ai.request(AIRequest(1, "random", 0, 1, game.clone()))
        replies = wait_for_answer(ai, 1, 60)
        assert not [r for r in replies if isinstance(r, WorkerRestarted)]
        assert [r.id for r in replies if isinstance(r, Answer)] == [1]
    finally:
        ai.close()


def thinking(pid: int) -> bool:
    """Whether process ``pid`` is using the CPU now (state R: running or runnable)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "R"
    except OSError:
        return False


@pytest.mark.parametrize(("max_restarts", "notice"), [(3, "play.ai_restarted"), (0, "play.ai_in_process")])
def test_the_table_plays_on_and_says_so_after_the_worker_is_killed_mid_think(
    max_restarts: int, notice: str
) -> None:
    """The app: a computer seat's worker killed while it thinks; the table gets the move
    from the new worker and shows the (translated) notice. Past the restarts allowed, the
    window's process thinks, and the notice says so (a trial's fourth death was said to be
    restarted)."""
    from cacao_game.app.play.scene import PlayScene
    from cacao_game.app.strings import t
    from cacao_game.session import PlaySession
    from tests.app_support import make_config
    from tests.harness import make_app, run

    app = make_app()
    ai = ProcessAI(max_restarts=max_restarts)
    session = PlaySession(make_config(["hard", "human"], seed=5))
    scene = PlayScene(app, session, ai=ai)
    app.push(scene)
    try:
        run(app, 2)
        assert session.waiting_for_ai() == 0
        pid = ai.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 120
        notified = False
        while not session.game.actions and time.monotonic() < deadline:
            run(app, 1)
            notified = notified or (app.toast is not None and app.toast[0] == t(notice))
            time.sleep(0.02)
        assert notified
        assert session.game.actions, "the computer seat moved"
        assert ai.restarts == 1
    finally:
        app.pop()
        ai.close()


THINKING_PARENT = """
import time
from cacao_game.app.play.ai_worker import ProcessAI
from cacao_game.engine import Game
from cacao_game.session.messages import AIRequest
ai = ProcessAI()
ai.request(AIRequest(1, "hard", 0, 1, Game.new(4, "base", 1), time_budget=600.0))
print(ai.pid, flush=True)
time.sleep(600)
"""


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


KILL_SLACK_SECONDS = 5.0
"""The bound for the worker and the resource tracker to end after the app's kill -9: each must
be scheduled to take its signal or read its end of file and exit, which a machine shared by
many busy processes can delay (alone each takes about 0.1 s, within the issue's 1 s; a run
under a load of 5 measured 1.5 s for the worker)."""


@pytest.mark.skipif(not LINUX, reason="needs /proc")
def test_the_worker_and_the_resource_tracker_end_soon_after_a_kill_9() -> None:
    """kill -9 the app while its worker searches (issue 21, fault 7): the kernel kills the
    worker with its parent (``KILL_SLACK_SECONDS``; alone at once), and multiprocessing's resource
    tracker, whose pipe the worker held, then reads its end and exits too."""
    parent = subprocess.Popen(
        [sys.executable, "-c", THINKING_PARENT],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    kids: set[int] = set()
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        deadline = time.monotonic() + 60
        while not thinking(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        kids = children(parent.pid)
        assert worker in kids and len(kids) == 2, "the worker and the resource tracker"
    finally:
        parent.kill()
        killed = time.monotonic()
        parent.wait(timeout=30)
    gone: dict[int, float] = {}
    while len(gone) < len(kids) and time.monotonic() - killed < 30:
        for kid in kids - set(gone):
            if not running(kid):
                gone[kid] = time.monotonic() - killed
        time.sleep(0.01)
    for kid in kids - set(gone):
        os.kill(kid, signal.SIGKILL)
    assert gone.get(worker, 99) < KILL_SLACK_SECONDS, (
        f"the worker lived {gone.get(worker, 99):.2f} s after its parent"
    )
    tracker = next(iter(kids - {worker}))
    assert gone.get(tracker, 99) < KILL_SLACK_SECONDS, f"the tracker lived {gone.get(tracker, 99):.2f} s"


def threads(pid: int) -> int:
    """How many threads process ``pid`` runs (0 once it is gone)."""
    try:
        return len(list(Path(f"/proc/{pid}/task").iterdir()))
    except OSError:
        return 0


@pytest.mark.skipif(not LINUX, reason="needs /proc")
def test_no_search_helper_outlives_a_killed_worker() -> None:
    """kill -9 the app's AI worker while an expert on two streams thinks: the search helper
    the worker started (its child, bound to it by then: its parent-watch thread runs, and
    searching) ends, within ``KILL_SLACK_SECONDS`` (alone about 0.1 s; a clean-clone CI run
    beside a 2-process benchmark on 2 cores measured 2.25 s against the 1 s bound this had)."""
    ai = ProcessAI(workers=2)
    game = Game.new(2, "base", 1)
    helpers: set[int] = set()
    try:
        ai.request(AIRequest(1, "expert", 0, 1, game.clone(), time_budget=600.0))
        worker = ai.pid
        assert worker is not None
        deadline = time.monotonic() + 30
        while not any(thinking(kid) and threads(kid) > 1 for kid in helpers) and time.monotonic() < deadline:
            helpers = children(worker)
            time.sleep(0.05)
        assert len(helpers) == 1, "the worker started one search helper"
        assert threads(next(iter(helpers))) > 1 and thinking(next(iter(helpers))), "bound and searching"
        os.kill(worker, signal.SIGKILL)
        killed = time.monotonic()
        while any(running(kid) for kid in helpers) and time.monotonic() - killed < 10:
            time.sleep(0.01)
        lived = time.monotonic() - killed
        assert not any(running(kid) for kid in helpers), "the helper outlived its worker"
        assert lived < KILL_SLACK_SECONDS, f"the helper lived {lived:.2f} s after its worker"
    finally:
        for kid in helpers:
            if running(kid):
                os.kill(kid, signal.SIGKILL)
        ai.close()


AUTOGROUPS = Path("/proc/sys/kernel/sched_autogroup_enabled")


@pytest.mark.skipif(
    not AUTOGROUPS.exists() or AUTOGROUPS.read_text().strip() != "1", reason="needs Linux autogroups"
)
def test_the_worker_thinks_in_a_cpu_group_of_its_own_below_the_window() -> None:
    """With autogroups the CPU is shared between sessions first: the worker starts a session
    of its own whose group is ``AI_NICE`` steps below, so its search does not take the
    window's share."""
    from cacao_game.ai.lifeline import AI_NICE

    ai = ProcessAI()
    try:
        pid = ai.pid
        assert pid is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and (
            os.getsid(pid) == os.getsid(0) or autogroup_nice(pid) != AI_NICE
        ):
            time.sleep(0.05)
        assert os.getsid(pid) != os.getsid(0), "the worker shares the window's session"
        assert autogroup_nice(pid) == AI_NICE
    finally:
        ai.close()


def autogroup_nice(pid: int) -> int | None:
    """The nice of ``pid``'s autogroup, or None while its file reads empty or is gone (some
    sandboxes answer an empty read now and then)."""
    try:
        fields = Path(f"/proc/{pid}/autogroup").read_text().split()
    except OSError:
        return None
    return int(fields[-1]) if fields else None


@pytest.mark.skipif(not LINUX, reason="process names by prctl are Linux's")
def test_the_worker_and_its_search_helper_say_what_they_are_in_top() -> None:
    """A player who looks at ``top`` while the expert thinks sees ``cacao-ai`` and
    ``cacao-search``, not two anonymous Pythons."""
    from cacao_game.ai.parallel import SEARCH_NAME
    from cacao_game.app.play.ai_worker import WORKER_NAME

    ai = ProcessAI(workers=2)
    try:
        pid = ai.pid
        assert pid is not None
        game = Game.new(2, seed=3)
        ai.request(AIRequest(1, "expert", 0, 3, game, time_budget=0.5))
        deadline = time.monotonic() + 60
        names: set[str] = set()
        answered = False
        while time.monotonic() < deadline and not (answered and SEARCH_NAME in names):
            answered = answered or any(isinstance(reply, Answer) for reply in ai.poll())
            names = {command_name(kid) for kid in [pid, *children(pid)]}
            time.sleep(0.05)
        assert WORKER_NAME in names and SEARCH_NAME in names, names
    finally:
        ai.close()


def command_name(pid: int) -> str:
    """``pid``'s name as ``top`` shows it ("" once it has ended)."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


HOST = """
import os, time
from cacao_game.net.thinking import Thinker
thinker = Thinker(1)
print(thinker.pool.submit(os.getpid).result(timeout=120), flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(not LINUX, reason="needs /proc")
def test_no_host_ai_worker_outlives_a_killed_host() -> None:
    """SIGKILL a process whose host's AI pool (``net.thinking.Thinker``) has a worker: the
    worker ends soon after (a tester's killed hosting window left one running for minutes)."""
    host = subprocess.Popen(
        [sys.executable, "-c", HOST], cwd=ROOT, stdout=subprocess.PIPE, text=True, env=os.environ.copy()
    )
    try:
        assert host.stdout is not None
        worker = int(host.stdout.readline())
        assert running(worker)
    finally:
        host.kill()
        host.wait(timeout=30)
    for _ in range(600):  # a generous bound (60 s): the kernel's signal is at once
        if not running(worker):
            return
        time.sleep(0.1)
    os.kill(worker, signal.SIGKILL)
    pytest.fail("the host's AI worker outlived the host")


def test_the_fallback_thinks_beside_the_window_not_in_its_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trial's window froze for the whole thinking time of every computer move once the
    worker had died too often and the window thought itself. The fallback (``ThreadAI``)
    thinks in a thread: a request returns at once, nothing is answered until the thinking
    ends, the answer then comes with ``poll``, and a review stops at its cancel."""
    from cacao_game.app.play import ai_worker
    from cacao_game.app.play.ai_worker import CANCELLED, ReviewCancel, ReviewDone, ReviewRequest, ThreadAI

    release = threading.Event()
    started = threading.Event()
    real_answer = ai_worker._Brains.answer

    def slow_answer(brains: ai_worker._Brains, request: AIRequest) -> Answer:
        started.set()
        assert release.wait(30), "the test releases the thinking"
        return real_answer(brains, request)

    monkeypatch.setattr(ai_worker._Brains, "answer", slow_answer)
    game = Game.new(2, "base", 1)
    ai = ThreadAI()
    try:
        ai.request(AIRequest(1, "random", 0, 1, game.clone()))
        assert started.wait(30), "the thread took the request"
        assert ai.poll() == [], "still thinking, and the caller was not held"
        release.set()
        replies = wait_for_answer(ai, 1, 30)
        assert [r.id for r in replies if isinstance(r, Answer)] == [1]

        stops = threading.Event()

        def review(
            request: ReviewRequest, send: Callable[[Reply], None], stop: Callable[[], bool]
        ) -> ReviewDone:
            deadline = time.monotonic() + 30
            while not stop():
                assert time.monotonic() < deadline, "the cancel reached the review"
                time.sleep(0.01)
            stops.set()
            return ReviewDone(request.id, None, CANCELLED)

        monkeypatch.setattr(ai_worker, "run_review", review)
        ai.request(ReviewRequest(7, game.setup, (), None, 1.0))
        ai.request(ReviewCancel(7))
        assert stops.wait(30)
        deadline = time.monotonic() + 30
        done: list[Reply] = []
        while not done and time.monotonic() < deadline:
            done = ai.poll()
            time.sleep(0.01)
        assert done == [ReviewDone(7, None, CANCELLED)]
    finally:
        ai.close()


def test_a_review_whose_worker_dies_goes_on_where_it_was() -> None:
    """A trial killed the helper mid-review and the review began again at 0 of 21. Each
    decision reviewed comes with its progress report and is kept with the pending review, so
    the new worker goes on from the next decision (``review_game``'s ``done``: the same review
    as in one go, ``tests/test_ai_review.py``)."""
    from cacao_game.ai.review import positions
    from cacao_game.app.play.ai_worker import ReviewDone, ReviewProgress, ReviewRequest
    from tests.test_ai_review import golden

    game = golden()
    ai = ProcessAI()
    try:
        ai.request(ReviewRequest(5, game.setup, tuple(game.actions), (0,), 1.0, iterations=2, seed=3))
        seen: list[ReviewProgress] = []
        deadline = time.monotonic() + 120
        while sum(1 for r in seen if r.decision is not None) < 2:
            assert time.monotonic() < deadline, "the review reported its first decisions"
            seen += [r for r in ai.poll() if isinstance(r, ReviewProgress)]
            time.sleep(0.01)
        pid = ai.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        replies: list[Reply] = []
        while not any(isinstance(r, ReviewDone) for r in replies):
            assert time.monotonic() < deadline, "the review ended"
            replies += ai.poll()
            time.sleep(0.01)
    finally:
        ai.close()
    reviewed_before = max(r.done for r in seen)
    after = [r.done for r in replies if isinstance(r, ReviewProgress)]
    assert any(isinstance(r, WorkerRestarted) for r in replies)
    assert after and min(after) >= reviewed_before, "the new worker went on, not from 0"
    (done,) = [r for r in replies if isinstance(r, ReviewDone)]
    assert done.review is not None
    indices = [decision.index for decision in done.review.decisions]
    assert indices == [index for index, _game, _played in positions(game.setup, game.actions, [0])]
    kept = [r.decision for r in seen if r.decision is not None]
    assert kept == list(done.review.decisions[: len(kept)]), "the decisions before the death are kept"


def test_a_hung_worker_is_killed_and_its_request_answered_by_a_new_one() -> None:
    """A trial stopped the worker (SIGSTOP) while a computer seat thought: the table waited
    for good. A worker with work to do that says nothing for ``HANG_SECONDS`` (by the clock
    given) is killed and replaced, and the new one answers the request."""
    from cacao_game.app.play.ai_worker import HANG_SECONDS, POLL_GAP_SECONDS

    now = [0.0]
    ai = ProcessAI(clock=lambda: now[0])
    try:
        game = Game.new(2, "base", 3)
        ai.request(AIRequest(1, "medium", game.current_player(), 7, game.clone()))
        hung = ai.pid
        assert hung is not None
        os.kill(hung, signal.SIGSTOP)
        now[0] += 10 * HANG_SECONDS
        assert ai.poll() == [] and ai.pid == hung, "a long gap between polls (asleep) is not silence"
        step = POLL_GAP_SECONDS / 2
        while now[0] + step < 11 * HANG_SECONDS:
            now[0] += step
            assert ai.poll() == [] and ai.pid == hung, "silent, but not for long enough"
        now[0] += 2 * step
        replies: list[Reply] = []
        deadline = time.monotonic() + 120
        while not any(isinstance(r, Answer) for r in replies) and time.monotonic() < deadline:
            replies += ai.poll()
            time.sleep(0.02)
        assert WorkerRestarted(1) in replies
        assert [r.id for r in replies if isinstance(r, Answer)] == [1]
        assert ai.pid != hung and not running(hung)
    finally:
        ai.close()


def test_a_busy_worker_says_it_is_alive() -> None:
    """While the worker carries a request out, its heartbeat thread sends ``Alive`` every
    ``HEARTBEAT_SECONDS`` (a slow but working worker is never taken for hung); idle, nothing."""
    from cacao_game.app.play.ai_worker import Alive, _Worker

    ours, theirs = multiprocessing.Pipe()
    worker = _Worker(theirs, 1)
    beating = threading.Thread(target=worker.beat, daemon=True)
    beating.start()
    try:
        assert not ours.poll(1.5), "idle: no heartbeat"
        worker.busy.set()
        assert ours.poll(10) and ours.recv() == Alive()
    finally:
        worker.closing = True
        worker.busy.set()
        beating.join(5)
        ours.close()
        theirs.close()


def test_a_worker_that_keeps_talking_is_never_taken_for_hung() -> None:
    """Every message from the worker (its ``Alive`` beats among them) counts as a sign of
    life: a worker thinking for many times ``HANG_SECONDS`` that beats is not killed."""
    from cacao_game.app.play.ai_worker import HANG_SECONDS, POLL_GAP_SECONDS, Alive

    class Beating:
        """The worker's end of the pipe, as the app reads it: one ``Alive`` a poll."""

        def __init__(self) -> None:
            self.waiting = True

        def poll(self) -> bool:
            waiting, self.waiting = self.waiting, False
            return waiting

        def recv(self) -> Alive:
            return Alive()

    now = [0.0]
    ai = ProcessAI(clock=lambda: now[0])
    worker = ai.pid
    real = ai._conn
    try:
        game = Game.new(2, "base", 3)
        ai.request(AIRequest(1, "medium", game.current_player(), 7, game.clone()))
        beating = Beating()
        ai._conn = beating  # type: ignore[assignment]
        for _ in range(round(4 * HANG_SECONDS / POLL_GAP_SECONDS)):
            now[0] += POLL_GAP_SECONDS - 1
            beating.waiting = True
            assert ai.poll() == []
        assert ai.pid == worker and ai.restarts == 0
    finally:
        ai._conn = real
        ai.close()
