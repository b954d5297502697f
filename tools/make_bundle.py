"""Build Cacao as a one-folder PyInstaller bundle that runs without Python.

    python tools/make_bundle.py --out DIR [--check]

Needs PyInstaller in the running Python (``pip install -e '.[bundle]'``) and the game
installed there (editable or not): the bundle is made from the installed package, its
dependencies and the interpreter, for this OS family. ``DIR/cacao/`` holds the executable
``cacao`` (``cacao.exe`` on Windows), which takes the same arguments as
``python -m cacao_game`` (``--version``, ``--headless``, ``--load`` ...), and ``_internal/``
with the interpreter, the libraries, the package's data (``cacao_game/assets``,
``cacao_game/locale``) and its metadata (so ``--version`` is the one of ``pyproject.toml``).
The game finds its assets in the bundle the way it does everywhere, through
``importlib.resources`` on ``cacao_game.assets``.

``--check`` then runs the bundle from a temporary folder outside the checkout, with a clean
environment: ``tools/check_install.check_program`` (``--version``, a headless game,
``--check-assets`` and the assets byte for byte) and ``check_worker``: the app opens a saved
game of two computer seats (the hard AI first) with SDL's dummy video driver, and its
spawned AI worker (a second copy of the executable, started through
``multiprocessing.freeze_support``) must play turns, which the autosave shows. Prints the
build time, the bundle's size and each check's time; exit code 1 if anything fails.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from importlib import resources, util
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_install import CheckFailed, check_program, clean_env, folder_size, megabytes

NAME = "cacao"
WORKER_SEATS = ("hard", "medium")
"""The seats of the game the worker check opens: the hard AI moves first."""
WORKER_TURNS = 3
"""Decisions the AI worker must have made (seen in the autosave) for the check to pass."""
WORKER_SECONDS = 120.0
"""How long the worker check waits for them at most."""
WORKER_FAILURES = ("Traceback", "AI worker is gone", "error:", "unrecognized arguments")
"""Text in the app's output that means the worker (or the app) failed."""


def entry_script() -> Path:
    """``cacao_game/__main__.py`` of the installed package: the bundle's entry."""
    spec = util.find_spec("cacao_game")
    if spec is None or spec.origin is None:
        raise CheckFailed("cacao_game is not installed in this Python (pip install -e '.[bundle]')")
    return Path(spec.origin).parent / "__main__.py"


def staged_assets(work: Path) -> Path:
    """The installed assets (``importlib.resources``, as the game finds them) copied to
    ``work`` without compiled caches: the folder the bundle gets as ``cacao_game/assets``."""
    source = resources.files("cacao_game.assets")
    if not isinstance(source, Path):
        raise CheckFailed(f"cacao_game.assets is not a folder on disk: {source}")
    target = work / "assets"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return target


def executable(bundle: Path) -> Path:
    """The bundle's program."""
    return bundle / (f"{NAME}.exe" if os.name == "nt" else NAME)


def make_bundle(out: Path, work: Path) -> Path:
    """Run PyInstaller (one folder, no console window changes) into ``out``; the bundle folder."""
    assets = staged_assets(work)
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--onedir",
        "--name",
        NAME,
        "--distpath",
        str(out),
        "--workpath",
        str(work / "build"),
        "--specpath",
        str(work),
        "--log-level",
        "WARN",
        "--collect-data",
        "cacao_game",
        "--add-data",
        f"{assets}{os.pathsep}cacao_game/assets",
        "--copy-metadata",
        "cacao-game",
        "--exclude-module",
        "tkinter",
        str(entry_script()),
    ]
    done = subprocess.run(command, cwd=work, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise CheckFailed(f"PyInstaller failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return out / NAME


def write_worker_game(path: Path) -> int:
    """A save of a fresh game whose seats are ``WORKER_SEATS``; its number of decisions (0)."""
    from cacao_game.config.game import GameConfig, SeatConfig
    from cacao_game.engine import Game
    from cacao_game.engine.tiles import COLORS
    from cacao_game.saves import save_game

    seats = [SeatConfig(f"AI {n + 1}", COLORS[n], kind) for n, kind in enumerate(WORKER_SEATS)]
    game = Game.new(len(seats), "base", 11)
    save_game(path, game, GameConfig(seats=seats, variant="base", seed=11))
    return len(game.actions)


def autosaved_decisions(home: Path) -> int:
    """Decisions in the autosave of the user folders under ``home`` (-1 when there is none)."""
    found = sorted(home.rglob("autosave.json"))
    if not found:
        return -1
    try:
        actions = json.loads(found[0].read_text(encoding="utf-8")).get("actions", [])
    except (OSError, ValueError):
        return -1
    return len(actions) if isinstance(actions, list) else -1


def worker_processes(parent: int) -> list[str]:
    """Command lines of the processes whose parent is ``parent`` (Linux ``/proc``; [] elsewhere)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                found.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
        except (OSError, ValueError, IndexError):
            continue
    return found


def stop(app: subprocess.Popen[bytes]) -> None:
    """End the app, then whatever is left of its process group (its worker)."""
    if app.poll() is None:
        app.terminate()
    try:
        app.wait(timeout=30)
    finally:
        if os.name != "nt":
            with contextlib.suppress(ProcessLookupError):
                os.killpg(app.pid, signal.SIGKILL)


def check_worker(bundle: Path, workdir: Path, timings: dict[str, float]) -> None:
    """Open a game of computer seats in the bundle's app (dummy video) and wait until its AI
    worker process has made ``WORKER_TURNS`` decisions; CheckFailed otherwise."""
    home = workdir / "worker-home"
    save = workdir / "ai-game.json"
    start = write_worker_game(save)
    env = {**clean_env(home), "CACAO_ALLOW_DUMMY": "1"}
    log = workdir / "worker-run.log"
    started = time.perf_counter()
    seen: list[str] = []
    with log.open("w") as output:
        app = subprocess.Popen(
            [str(executable(bundle)), "--windowed", "--load", str(save)],
            cwd=workdir,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=os.name != "nt",
        )
        try:
            while time.perf_counter() - started < WORKER_SECONDS and app.poll() is None:
                seen += [line for line in worker_processes(app.pid) if "multiprocessing" in line]
                if autosaved_decisions(home) >= start + WORKER_TURNS:
                    break
                time.sleep(0.5)
            made = autosaved_decisions(home) - start
            text = log.read_text(errors="replace")
        finally:
            stop(app)
    timings["AI worker game"] = time.perf_counter() - started
    failures = [word for word in WORKER_FAILURES if word in text]
    if made < WORKER_TURNS or failures:
        found = ", ".join(failures) or "no error"
        raise CheckFailed(f"the AI worker made {made} decisions ({found} in the output):\n{text}")
    where = f"; worker process: {sorted(set(seen))[0]}" if seen else ""
    print(f"  the app's AI worker made {made} decisions{where}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="where DIR/cacao/ is written")
    parser.add_argument("--check", action="store_true", help="run the bundle's checks after building it")
    args = parser.parse_args(argv)
    out = args.out.resolve()
    timings: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="cacao-bundle-") as temporary:
        work = Path(temporary)
        try:
            started = time.perf_counter()
            bundle = make_bundle(out, work)
            timings["build"] = time.perf_counter() - started
            print(f"bundle {bundle}: {megabytes(folder_size(bundle))}, built in {timings['build']:.0f} s")
            if args.check:
                outside = work / "elsewhere"
                outside.mkdir()
                check_program([executable(bundle)], outside, timings)
                check_worker(bundle, outside, timings)
        except CheckFailed as error:
            print(f"bundle FAILED: {error}", file=sys.stderr)
            return 1
    if args.check:
        steps = ", ".join(f"{step} {seconds:.1f} s" for step, seconds in timings.items())
        print(f"bundle check passed: {steps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
