"""Memory of the app in a real window: resident size per scene, the AI worker's, the largest holders.

    python tools/bench_memory.py [--sizes 1920x1080,3840x2160] [--frames N] [--seed S] [--no-trace]

For each screen size a fresh app process opens a real full-screen window (under ``xvfb-run``
with a screen of that size when no ``DISPLAY`` is set; with a display, at the desktop's own
size), then:

1. ``menu``: the main menu, drawn for a while;
2. ``table``: a late 4-player volcano game (seeded AIs played it to a few turns before the
   end; seat 1 is the player, three ``hard`` seats), resumed from a save as *Continue*
   does, the mouse moving over the legal squares of the player's placement;
3. ``table+ai``: the player's turn made (the first legal choices), the three AIs thinking
   in the worker process and playing their turns while the mouse keeps moving over the
   board, until the player's next placement.

After each scene it prints the app's resident size (``VmRSS``; peak ``VmHWM``), the AI
worker's, and the pixel memory of every surface cache (``surface_cache.memory_report``) plus
the other large surfaces the app holds (found by walking the objects the garbage collector
tracks). A second process per size runs the same with ``tracemalloc`` and prints the Python
allocations by line (``--no-trace`` skips it; tracing inflates the resident size, so it is
never measured in the same run). Pixel memory is allocated by SDL, not by Python, so
``tracemalloc`` does not see it: the surface list does.

Goals (issue 21): <= 140 MB at 1920x1080 and <= 200 MB at 3840x2160 for the app.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MB = 1024 * 1024


def status_kb(pid: int | str, field: str) -> int:
    """A ``kB`` field of ``/proc/<pid>/status`` (0 when the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        return 0
    return 0


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def worker_rss_mb(pid: int) -> float:
    """Resident size of the AI worker: the largest child of ``pid`` (the resource tracker is small)."""
    sizes = [status_kb(child, "VmRSS") for child in children(pid)]
    return max(sizes, default=0) / 1024


def surface_holders(limit: int = 12) -> list[tuple[str, int, int]]:
    """(owner, surfaces, bytes) of the surfaces held in attributes, dicts and lists of
    gc-tracked objects, largest first; surfaces inside the surface caches are left out
    (``memory_report`` lists those)."""
    import pygame

    from cacao_game.app.surface_cache import SurfaceCache, surface_bytes

    cached: set[int] = set()
    for obj in gc.get_objects():
        if isinstance(obj, SurfaceCache):
            cached.update(id(surface) for surface in obj._items.values())
    totals: dict[str, list[int]] = {}
    seen: set[int] = set()

    def count(owner: str, value: object) -> None:
        if isinstance(value, pygame.Surface) and id(value) not in seen and id(value) not in cached:
            seen.add(id(value))
            entry = totals.setdefault(owner, [0, 0])
            entry[0] += 1
            entry[1] += surface_bytes(value)

    for obj in gc.get_objects():
        attributes = getattr(obj, "__dict__", None)
        if isinstance(attributes, dict) and not isinstance(obj, type):
            for name, value in attributes.items():
                count(f"{type(obj).__name__}.{name}", value)
                if isinstance(value, (list, tuple)):
                    for item in value:
                        count(f"{type(obj).__name__}.{name}[]", item)
                elif isinstance(value, dict):
                    for item in value.values():
                        count(f"{type(obj).__name__}.{name}{{}}", item)
    display = pygame.display.get_surface()
    if display is not None and id(display) not in seen:
        totals["display"] = [1, surface_bytes(display)]
    rows = [(owner, n, size) for owner, (n, size) in totals.items()]
    return sorted(rows, key=lambda row: -row[2])[:limit]


def late_save(seed: int, home: Path) -> Path:
    """A save of a late 4-player volcano game at seat 0's placement (three hard seats)."""
    sys.path.insert(0, str(REPO / "tools"))
    from bench_frames import late_game

    from cacao_game import saves
    from cacao_game.config.game import GameConfig, SeatConfig
    from cacao_game.engine import Phase

    game, rest = late_game(seed, turns_left=8)
    while not (game.mover == 0 and game.phase is Phase.PLACE) and rest:
        game.apply(rest.pop(0))
    seats = [
        SeatConfig(name, color, kind)
        for name, color, kind in zip(
            ("Anna", "Ben", "Mia", "Otto"),
            ("red", "purple", "white", "yellow"),
            ("human", "hard", "hard", "hard"),
            strict=True,
        )
    ]
    path = home / "late.json"
    saves.save_game(path, game, GameConfig(seats, "volcano", seed))
    return path


def child(args: argparse.Namespace) -> int:
    """One app process: the scenes, printing one JSON line per scene."""
    if args.trace:
        tracemalloc.start(8)
    import pygame

    from cacao_game.app.app import App
    from cacao_game.app.catalog import router
    from cacao_game.app.main import first_scenes, open_display, prepare_display
    from cacao_game.app.play.scene import PlayScene
    from cacao_game.app.surface_cache import memory_report
    from cacao_game.config.settings import Settings
    from cacao_game.engine import Phase

    problem = prepare_display()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    home = Path(os.environ["CACAO_HOME"])
    save = late_save(args.seed, home)
    screen = open_display(windowed=False)
    settings = Settings(animation_speed="normal", ai_pacing=0.0, sound=False)
    app = App(screen, settings, router=router())
    first_scenes(app, argparse.Namespace(load=None, replay=None))
    rng = random.Random(args.seed)
    me = os.getpid()

    def frames(count: int, points: list[tuple[int, int]]) -> None:
        for index in range(count):
            events = []
            if points:
                x, y = points[index % len(points)]
                events.append(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 0), buttons=(0, 0, 0))
                )
            app.step(events + pygame.event.get(), 1 / 60)
            pygame.display.flip()

    def report(scene: str) -> None:
        gc.collect()
        row: dict[str, object] = {
            "scene": scene,
            "size": list(app.screen.get_size()),
            "rss_mb": status_kb(me, "VmRSS") / 1024,
            "peak_mb": status_kb(me, "VmHWM") / 1024,
            "worker_mb": worker_rss_mb(me),
            "caches": [list(entry) for entry in memory_report() if entry[2]],
            "surfaces": [list(entry) for entry in surface_holders()],
        }
        if args.trace:
            top = tracemalloc.take_snapshot().statistics("lineno")[:12]
            row["python"] = [[str(stat.traceback[0]), stat.count, stat.size] for stat in top]
            row["python_total"] = sum(
                stat.size for stat in tracemalloc.take_snapshot().statistics("filename")
            )
        print(json.dumps(row), flush=True)

    frames(args.frames, [])
    report("menu")
    from cacao_game.app.flow import open_save

    open_save(app, save)
    scene = app.top
    assert isinstance(scene, PlayScene)
    frames(30, [])
    targets = [scene.camera.square_center(pos) for pos in scene.turn.targets()]
    points = [(int(p.x) + rng.randint(-3, 3), int(p.y) + rng.randint(-3, 3)) for p in targets]
    frames(args.frames, points)
    report("table")
    start = scene.game.turn
    ends = time.monotonic() + args.ai_seconds
    while time.monotonic() < ends and not scene.game.is_over():
        game = scene.game
        if game.current_player() == 0 and not scene.timeline.busy:
            if game.phase is Phase.PLACE and game.turn > start:
                break
            scene.show(scene.source.play(game.legal_actions()[0]))
        frames(10, points)
    report("table+ai")
    app.close()
    pygame.quit()
    return 0


def run_child(size: str, args: argparse.Namespace, trace: bool) -> list[dict[str, object]]:
    """Run one app process at ``size`` (under Xvfb without a display); its scene rows."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        "--frames",
        str(args.frames),
        "--seed",
        str(args.seed),
        "--ai-seconds",
        str(args.ai_seconds),
    ]
    if trace:
        command.append("--trace")
    if not os.environ.get("DISPLAY"):
        if shutil.which("xvfb-run") is None:
            raise SystemExit("no DISPLAY and no xvfb-run: cannot open a real window")
        command = ["xvfb-run", "-a", "-s", f"-screen 0 {size}x24", *command]
    env = dict(os.environ, CACAO_HOME=tempfile.mkdtemp(prefix="cacao-memory-"), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    if result.returncode != 0 or not rows:
        sys.stderr.write(result.stderr[-3000:])
        raise SystemExit(f"the app process at {size} failed (exit {result.returncode})")
    return rows


def show(rows: list[dict[str, object]], trace: list[dict[str, object]] | None) -> None:
    """Print the figures of one size."""
    for row in rows:
        size = "x".join(str(n) for n in row["size"])  # type: ignore[attr-defined]
        print(
            f"  {row['scene']:<9} {size}: app {row['rss_mb']:.0f} MB (peak {row['peak_mb']:.0f} MB), "
            f"AI worker {row['worker_mb']:.0f} MB"
        )
    last = rows[-1]
    caches = last["caches"]
    assert isinstance(caches, list)
    print(
        "  surface caches (pixels, at the last scene): "
        + ", ".join(f"{name} {size / MB:.1f} MB ({n})" for name, n, size in caches)
    )
    surfaces = last["surfaces"]
    assert isinstance(surfaces, list)
    print(
        "  other surfaces held: "
        + ", ".join(f"{owner} {size / MB:.1f} MB ({n})" for owner, n, size in surfaces if size >= 256 * 1024)
    )
    if trace:
        traced = trace[-1]
        total = traced.get("python_total", 0)
        assert isinstance(total, int)
        print(f"  Python allocations (tracemalloc, separate run, last scene): {total / MB:.1f} MB; largest:")
        python = traced.get("python", [])
        assert isinstance(python, list)
        for where, n, size in python[:8]:
            print(f"    {size / MB:6.2f} MB  {n:7d} blocks  {where}")


def main(argv: list[str] | None = None) -> int:
    """Measure every size; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1920x1080,3840x2160")
    parser.add_argument("--frames", type=int, default=240, help="frames drawn per scene")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ai-seconds", type=float, default=20.0, help="longest wait for the AIs' turns")
    parser.add_argument("--no-trace", action="store_true", help="skip the tracemalloc run")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args)
    goals = {"1920x1080": 140, "3840x2160": 200}
    for size in args.sizes.split(","):
        rows = run_child(size, args, trace=False)
        traced = None if args.no_trace else run_child(size, args, trace=True)
        worst = max(float(row["rss_mb"]) for row in rows)  # type: ignore[arg-type]
        goal = goals.get(size)
        verdict = f" (goal <= {goal} MB)" if goal else ""
        print(f"memory {size}: app at most {worst:.0f} MB over the scenes{verdict}")
        show(rows, traced)
    return 0


if __name__ == "__main__":
    sys.exit(main())
