"""A UI monkey: random events through every scene, reporting exceptions, frame times and memory.

    python tools/monkey.py [--events N] [--seed S] [--jump-every K] [--quiet] [--worker]

Runs the real app off-screen (dummy video and audio drivers, user files in a temporary
``CACAO_HOME``); the AI thinks in-process unless ``--worker`` asks for the worker process the
game uses. Each frame gets a few random events: presses of bound keys, key presses of any
letter, clicks and drags anywhere, wheel turns, text typed (odd Unicode
included). Every ``--jump-every`` events the monkey also opens a random scene by name, so
every scene is visited even where random clicks would rarely lead. An exception is printed
with its traceback and the app starts again from the menu; the run goes on.

Prints the events sent, the exceptions (by type and place), frame time p50/p99/max, the
largest resident memory seen (with when, and the scenes then open) and what the surface caches
hold at the end. Exits 1 if any
exception happened.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if "--worker" not in sys.argv:
    os.environ["CACAO_SYNC_AI"] = "1"
os.environ.setdefault("CACAO_HOME", tempfile.mkdtemp(prefix="cacao_monkey_"))

import pygame

from cacao_game.app import routes
from cacao_game.app.app import LOGICAL_SIZE, App
from cacao_game.app.catalog import router
from cacao_game.app.main import quiet_dummy_warnings
from cacao_game.app.memory import return_large_blocks
from cacao_game.app.surface_cache import memory_report
from cacao_game.config.settings import Settings
from cacao_game.percentiles import percentile

TEXT = ("a", "Zoë", "\u200b", "\ufe0f", "\u034f", "שלום", "e\u0301", "🙂", " ", "\x00", "x" * 40)
"""Typed text the monkey tries, odd characters included."""
JUMPS: tuple[routes.Route, ...] = (
    routes.Menu(),
    routes.Setup(),
    routes.SettingsPage(),
    routes.Load(),
    routes.Rules(),
    routes.Help(),
)
"""Scenes the monkey opens (the table and the scoring scene come through play)."""
MAX_DEPTH = 6
"""A jump goes home first once this many scenes are stacked (a player would have gone back)."""
FROM_MENU = (routes.Setup, routes.Load, routes.Rules)
"""Scenes a player reaches only from the menu: a jump to one goes home first, as a player
would (no setup or second game on top of a game in progress); a jump to the menu goes home."""


def rss_mb() -> float:
    """The resident memory of this process in MB (0 where /proc is missing)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def random_events(rng: random.Random, app: App) -> list[pygame.event.Event]:
    """A few random events of the kinds a player makes."""
    width, height = LOGICAL_SIZE
    pos = (rng.randrange(width), rng.randrange(height))
    kind = rng.random()
    if kind < 0.35:
        intent = rng.choice(list(app.intents.bindings))
        if intent in ("fullscreen",):
            return []
        return [app.intents.event_for(intent)]
    if kind < 0.7:
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    if kind < 0.8:
        end = (
            min(width - 1, pos[0] + rng.randint(-200, 200)),
            min(height - 1, pos[1] + rng.randint(-200, 200)),
        )
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=end, rel=(end[0] - pos[0], end[1] - pos[1]), buttons=(1, 0, 0)
            ),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ]
    if kind < 0.88:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), mod=0)]
    if kind < 0.95:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXT))]
    key = rng.choice((pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_a))
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")]


def run(events: int, seed: int, jump_every: int, log: Callable[[str], None]) -> dict[str, object]:
    """Send ``events`` random events; return the figures (see the module docstring)."""
    quiet_dummy_warnings()
    return_large_blocks()
    pygame.init()
    rng = random.Random(seed)
    settings = Settings(animation_speed="fast", ai_pacing=0.0, sound=False, fullscreen=False)

    def fresh_app() -> App:
        app = App(pygame.Surface(LOGICAL_SIZE), settings, router=router())
        app.home()
        return app

    app = fresh_app()
    failures: Counter[str] = Counter()
    frames: list[float] = []
    peak = rss_mb()
    peak_where = "menu"
    sent = 0
    while sent < events:
        batch = random_events(rng, app)
        sent += max(1, len(batch))
        try:
            if jump_every and sent % jump_every == 0:
                route = rng.choice(JUMPS)
                if len(app.stack) > MAX_DEPTH or isinstance(route, (*FROM_MENU, routes.Menu)):
                    app.home()
                if not isinstance(route, routes.Menu):
                    app.open(route)
            start = time.perf_counter()
            app.step(batch, 1 / 30)
            frames.append((time.perf_counter() - start) * 1000)
            if not app.running or not app.stack:
                app.running = True
                app.home()
        except Exception as error:  # the monkey reports every crash and goes on
            where = traceback.extract_tb(error.__traceback__)[-1]
            failures[f"{type(error).__name__} at {Path(where.filename).name}:{where.lineno}"] += 1
            log(traceback.format_exc())
            app.close()
            app = fresh_app()
        if sent % 500 < 4:
            now = rss_mb()
            if now > peak:
                peak, peak_where = (
                    now,
                    f"after {sent} events, scenes {' > '.join(type(s).__name__ for s in app.stack)}",
                )
    peak = max(peak, rss_mb())
    app.close()
    ordered = sorted(frames) or [0.0]
    return {
        "events": sent,
        "exceptions": sum(failures.values()),
        "by_place": dict(failures),
        "frame_p50_ms": percentile(ordered, 0.5),
        "frame_p99_ms": percentile(ordered, 0.99),
        "frame_max_ms": ordered[-1],
        "max_rss_mb": peak,
        "max_rss_at": peak_where,
        "caches": memory_report(),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the monkey and print its figures; 1 if anything raised."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=5000, help="random events to send (default 5000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--jump-every", type=int, default=150, help="open a random scene every K events")
    parser.add_argument("--quiet", action="store_true", help="do not print tracebacks")
    parser.add_argument(
        "--worker", action="store_true", help="AI in its worker process, as in the game (default: in-process)"
    )
    args = parser.parse_args(argv)
    figures = run(args.events, args.seed, args.jump_every, (lambda _text: None) if args.quiet else print)
    print(
        f"events {figures['events']}  exceptions {figures['exceptions']}  "
        f"frame p50 {figures['frame_p50_ms']:.2f} ms  p99 {figures['frame_p99_ms']:.2f} ms  "
        f"max {figures['frame_max_ms']:.1f} ms  max RSS {figures['max_rss_mb']:.0f} MB"
    )
    print(f"max RSS seen {figures['max_rss_at']}")
    for place, count in sorted(figures["by_place"].items()):  # type: ignore[attr-defined]
        print(f"  {count} x {place}")
    print("surface caches at the end (entries, MB):")
    for name, entries, size in figures["caches"]:  # type: ignore[attr-defined]
        print(f"  {name:<14} {entries:>6} {size / 1e6:8.1f}")
    return 1 if figures["exceptions"] else 0


if __name__ == "__main__":
    sys.exit(main())
