"""A child process's tie to the process that started it: it never outlives it, and it thinks
at a lower priority than the window.

Used by the app's AI worker (``cacao_game.app.play.ai_worker``) and by the expert's search
helper (``cacao_game.ai.parallel``). ``bind_to_parent`` asks the kernel to kill the child
when its parent ends (Linux ``PR_SET_PDEATHSIG``) and starts a thread that ends it within
``PARENT_CHECK_SECONDS`` of the parent's death anywhere else (or if the parent ended before
the kernel was asked). A niceness set by ``lower_priority`` is inherited by the child's own
children. No pygame here.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Final

PARENT_CHECK_SECONDS: Final = 0.1
"""How often a child checks that the process that started it still runs."""
PR_SET_PDEATHSIG: Final = 1
"""Linux ``prctl`` option: a signal the kernel sends this process when its parent ends."""
PR_SET_NAME: Final = 15
"""Linux ``prctl`` option: the name ``top`` and ``ps -o comm`` show (15 bytes at most)."""
AI_NICE: Final = 5
"""How much lower than the window's the AI worker's priority is (``os.nice`` steps, and its
CPU group's). Not the lowest: at +19 the window's frames while the expert thinks were
steadier (work p99 4.4-6.8 ms against 7.9 at +5, idle 2-core machine), but a worker or
helper at +19 next to a busy process of another group got almost no CPU (a helper took over
30 s to start while tests ran on both cores). The expert's search helper, started by the
worker, inherits it."""


def parent_gone(parent_pid: int) -> bool:
    """True once the process ``parent_pid`` that started this one has ended.

    An orphan is adopted by another process, so its parent pid changes.
    """
    return os.getppid() != parent_pid


def die_with_parent() -> bool:
    """Ask the kernel to kill this process as soon as its parent ends (Linux ``prctl``
    ``PR_SET_PDEATHSIG``); False where that does not exist. The kernel sends it when the
    parent's *thread* that started this process ends: start children from a thread that
    lives as long as its process (the main thread). ``watch_parent`` remains the portable
    way out."""
    return _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def name_process(name: str) -> bool:
    """Show this process as ``name`` (cut to 15 bytes) in ``top`` and ``ps -o comm``, so a
    player sees what uses the CPU (Linux ``prctl``); False where that does not exist."""
    return _prctl(PR_SET_NAME, ctypes.c_char_p(name.encode()[:15]))


def _prctl(option: int, argument: int | ctypes.c_char_p) -> bool:
    """Linux ``prctl(option, argument)``; False where it does not exist or fails."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(option, argument, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def watch_parent(parent_pid: int) -> None:
    """End this process at once when its parent is gone, even in the middle of a search
    (blocks: run it in a daemon thread)."""
    while not parent_gone(parent_pid):
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def bind_to_parent(parent_pid: int) -> None:
    """Make this process end with ``parent_pid``: the kernel's signal where there is one,
    an exit now if the parent already ended, and a daemon thread watching it."""
    die_with_parent()
    if parent_gone(parent_pid):  # it ended before the kernel was asked
        os._exit(0)
    threading.Thread(target=watch_parent, args=(parent_pid,), name="cacao-parent-watch", daemon=True).start()


def lower_priority(steps: int) -> None:
    """Lower this process's priority by ``steps`` nice steps (nothing where that is not
    possible)."""
    if steps > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(steps)


def own_cpu_group(steps: int) -> bool:
    """Put this process (and the children it starts later) in a CPU group of its own,
    ``steps`` nice steps below the others: a new session, whose Linux autogroup nice is set
    to ``steps``. With autogroups (the kernel's default on desktops) the CPU is shared
    fairly between sessions first and a process's nice counts only inside its session: a
    search in the window's own session would take the window's share, whatever its nice.
    False where this is not possible (no ``setsid``, no autogroups: the nice of
    ``lower_priority`` still holds)."""
    if not hasattr(os, "setsid"):
        return False
    try:
        os.setsid()
    except OSError:
        return False
    try:
        Path("/proc/self/autogroup").write_text(str(max(0, steps)))
    except OSError:
        return False
    return True


def reap(process: BaseProcess, grace: float, *, terminate: bool = False, after: float = 1.0) -> None:
    """Wait up to ``grace`` seconds for ``process`` to end; then end it (SIGKILL, or SIGTERM
    with ``terminate``) and wait up to ``after`` seconds more. Never leaves a zombie that ended."""
    process.join(timeout=grace)
    if process.is_alive():
        (process.terminate if terminate else process.kill)()
        process.join(timeout=after)


def shut(
    conn: Connection, process: BaseProcess, grace: float, *, terminate: bool = False, after: float = 1.0
) -> None:
    """Ask the child at the other end of ``conn`` to stop (it is sent ``None``), ``reap`` it
    with these times, and close the pipe."""
    with contextlib.suppress(BrokenPipeError, OSError):
        conn.send(None)
    reap(process, grace, terminate=terminate, after=after)
    conn.close()
