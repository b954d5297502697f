"""Render every scene and every play phase to PNG files at a given size, natively and
off-screen (SDL's dummy driver), for review.

    python tools/screenshot.py [--size 1920x1080] [--out out/screenshots] [--only menu,place]
                               [--ui-scale fit|100|...|200] [--lang en|de|fr]

Each PNG is exactly the asked size: the app lays out and renders its text at that size (it
never scales a picture). Shots: the scenes (menu, setup, settings, rules, load, confirm,
pause, help, scoring) and the play phases (place, fill with 2 and 3 spaces, a resolution
with a choice, an off-turn choice, overbuild, an AI turn mid-animation, game over, the
replay); see ``tests/shots.py``. Saves and settings live in a temporary ``CACAO_HOME``, so
the real user folders are never touched. Only the shot's last frame is drawn (the frames
that reach it update the app without drawing). ``--lang`` renders every text in that language
(default English). Prints each file written.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["CACAO_ALLOW_DUMMY"] = "1"
os.environ["CACAO_SYNC_AI"] = "1"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CACAO_HOME", tempfile.mkdtemp(prefix="cacao_shots_"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import pygame
from shots import SHOTS, make_app, unseen

from cacao_game.app.main import quiet_dummy_warnings
from cacao_game.config.choices import LANGUAGES, SOURCE_LANGUAGE, UI_SCALES
from cacao_game.config.settings import Settings


def size_argument(text: str) -> tuple[int, int]:
    """``WxH`` -> (W, H), each from 320 to 7680."""
    match = re.fullmatch(r"(\d{3,4})x(\d{3,4})", text.strip())
    if not match or not all(320 <= int(n) <= 7680 for n in match.groups()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080")
    return int(match[1]), int(match[2])


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns 0, or 1 if a shot failed (the others still run)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=size_argument, default=(1920, 1080), help="WxH (default 1920x1080)")
    parser.add_argument("--out", type=Path, default=Path("out/screenshots"))
    parser.add_argument("--only", default="", help=f"comma-separated shots of: {', '.join(SHOTS)}")
    parser.add_argument("--ui-scale", choices=UI_SCALES, default="fit", help="interface size")
    parser.add_argument("--lang", choices=LANGUAGES, default=SOURCE_LANGUAGE, help="language of the texts")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(SHOTS)
    unknown = [n for n in names if n not in SHOTS]
    if unknown:
        parser.error(f"unknown shot(s) {', '.join(unknown)}; choose from {', '.join(SHOTS)}")
    quiet_dummy_warnings()
    pygame.init()
    pygame.display.set_mode((1, 1))
    args.out.mkdir(parents=True, exist_ok=True)
    failed = 0
    for name in names:
        app = make_app(args.size, Settings(sound=False, ui_scale=args.ui_scale, language=args.lang))
        try:
            with unseen(app):
                SHOTS[name](app)
            app.draw(app.screen)
        except Exception as error:  # report and go on with the other shots
            print(f"{name}: FAILED {type(error).__name__}: {error}", file=sys.stderr)
            failed += 1
            continue
        finally:
            app.close()
        path = args.out / f"{name}.png"
        pygame.image.save(app.screen, path)
        print(path)
    pygame.quit()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
