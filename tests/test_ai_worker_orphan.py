"""The AI worker process never outlives the process that started it."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cacao_game.app.play.ai_worker import _serve

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


def test_a_killed_worker_is_reaped_at_once_and_the_game_goes_on() -> None:
    """SIGKILL the worker: the next poll notices, reaps it (no zombie is left) and the AI
    answers in-process from then on."""
    import os
    import signal

    from cacao_game.app.play.ai_worker import ProcessAI
    from cacao_game.engine import Game
    from cacao_game.session.messages import AIRequest

    ai = ProcessAI()
    try:
        pid = ai.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        for _ in range(200):
            ai.poll()
            if ai._fallback is not None:
                break
            ai._conn.poll(0.05)
        assert ai._fallback is not None
        assert not os.path.exists(f"/proc/{pid}"), "the killed worker is reaped, not left a zombie"
        game = Game.new(2, "base", 1)
        ai.request(AIRequest(1, "random", 0, 1, game.clone()))
        answers = ai.poll()
        assert answers and game.is_legal(answers[0].action)
    finally:
        ai.close()
