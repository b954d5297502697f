"""A table frame with many keys bound to one action (issue 21, fault 4).

    python tools/bench_key_caption.py [--keys N]

Prints the time of one frame (``App.step``: input, update, draw) with the default key
bindings, with ``--keys`` keys on Confirm held in memory (fitting the Confirm button's key
caption: the old fitting that measured the whole caption once per key dropped, then the
linear cached one), and with the same bindings read from a settings file (capped at
``MAX_KEYS_PER_ACTION``). The minimum of three frames each, off-screen (dummy drivers), in
one process so the figures compare.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from cacao_game.app import widgets  # noqa: E402
from cacao_game.config.settings import Settings, default_key_bindings, load_settings  # noqa: E402


def old_first_fitting(font: pygame.font.Font, keys: str, width: int) -> str:
    """The fitting before issue 21: drop the last key and measure the whole caption again."""
    parts = keys.split(" / ")
    while len(parts) > 1 and font.size(" / ".join(parts))[0] > width:
        parts.pop()
    return " / ".join(parts)


def frame_ms(settings: Settings) -> float:
    """The fastest of three table frames under ``settings``, in milliseconds."""
    from tests.app_support import make_scene
    from tests.harness import make_app

    app = make_app(settings)
    make_scene(app, ["human", "easy"])
    app.step([], 1 / 60)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        app.step([], 1 / 60)
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=3000, help="keys bound to Confirm (default 3000)")
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory() as home:
        os.environ["CACAO_HOME"] = home
        many = default_key_bindings()
        many["confirm"] = ["return"] + [f"f{n}" for n in range(13, 12 + args.keys)]
        new: Callable[[pygame.font.Font, str, int], str] = widgets.first_fitting
        print(f"default bindings: {frame_ms(Settings(sound=False)):.1f} ms a frame")
        in_memory = Settings(sound=False, key_bindings=many)
        widgets.first_fitting = old_first_fitting
        print(f"{args.keys} keys in memory, old fitting: {frame_ms(in_memory):.1f} ms a frame")
        widgets.first_fitting = new
        print(f"{args.keys} keys in memory, new fitting: {frame_ms(in_memory):.1f} ms a frame")
        path = Path(home) / "settings.json"
        path.write_text(json.dumps({"key_bindings": many, "sound": False}))
        print(f"{args.keys} keys from settings.json (capped): {frame_ms(load_settings(path)):.1f} ms a frame")


if __name__ == "__main__":
    main()
