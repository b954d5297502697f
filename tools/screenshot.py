"""Render every app scene to PNG files, off-screen (SDL's dummy driver), for review.

    python tools/screenshot.py [--out out/screenshots] [--only menu,setup,...]

Scenes: menu, setup, settings, rules, help, load, confirm, pause, play, scoring. Each is
driven through ``App.step`` with fed events; saves and settings live in a temporary
``CACAO_HOME`` so the real user folders are never touched. Prints each file written.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["CACAO_ALLOW_DUMMY"] = "1"
os.environ["CACAO_SYNC_AI"] = "1"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CACAO_HOME", tempfile.mkdtemp(prefix="cacao_shots_"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import pygame
from harness import FRAME, motion, random_game, run

from cacao_game.app.app import LOGICAL_SIZE, App
from cacao_game.app.catalog import router
from cacao_game.app.main import quiet_dummy_warnings
from cacao_game.config.game import GameConfig, SeatConfig

CONFIG = GameConfig(
    seats=[
        SeatConfig("Ana", "red", "human"),
        SeatConfig("Medium AI", "purple", "random"),
        SeatConfig("Bruno", "white", "human"),
        SeatConfig("Hard AI", "yellow", "random"),
    ],
    variant="volcano",
    seed=2024,
)


def frames(app: App, count: int = 3, events: list[pygame.event.Event] | None = None) -> None:
    """Run ``count`` frames, feeding ``events`` to the first."""
    app.step(events or [], FRAME)
    run(app, count - 1)


def hover(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to ``pos``."""
    frames(app, 2, [motion(pos)])


def make_saves() -> None:
    """A few saves (one corrupt) in the temporary saves folder, and an autosave."""
    from cacao_game.saves import autosave_path, save_game, saves_dir, slot_path

    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(autosave_path(), random_game(CONFIG, 60), CONFIG, {})
    two = GameConfig(
        [SeatConfig("Lena", "yellow", "human"), SeatConfig("Easy AI", "red", "random")], "base", 5
    )
    save_game(slot_path("quick"), random_game(two, 30), two, {})
    save_game(slot_path("Sunday evening"), random_game(two, None), two, {})
    (saves_dir() / "broken.json").write_text(
        '{"format": "cacao-save", "version": 1, "game": ', encoding="utf-8"
    )


def scene_menu(app: App) -> None:
    app.home()
    hover(app, (960, 700))


def scene_setup(app: App) -> None:
    from cacao_game.app.scenes.setup import SetupScene

    app.home()
    setup = SetupScene(app, CONFIG)
    app.push(setup)
    setup.seed_text = "2024"
    setup.rebuild()
    hover(app, (1700, 1000))


def scene_settings(app: App) -> None:
    from cacao_game.app.scenes.settings import SettingsScene

    app.home()
    app.push(SettingsScene(app))
    hover(app, (500, 420))


def scene_rules(app: App) -> None:
    from cacao_game.app.scenes.help import RulesScene

    app.home()
    app.push(RulesScene(app))
    frames(app)


def scene_load(app: App) -> None:
    from cacao_game.app.scenes.load import LoadScene

    app.home()
    app.push(LoadScene(app))
    hover(app, (900, 420))


def scene_confirm(app: App) -> None:
    from cacao_game.app.scenes.load import LoadScene

    app.home()
    load = LoadScene(app)
    app.push(load)
    load.ask_delete(load.saves[-1])
    hover(app, (800, 600))


def _play(app: App) -> None:
    from cacao_game.session import PlaySession, ShowHand

    app.home()
    session = PlaySession(CONFIG, random_game(CONFIG, 45))
    session.handle(ShowHand())
    app.open("table", session)
    frames(app, 30)


def scene_play(app: App) -> None:
    _play(app)
    hover(app, (700, 500))


def scene_pause(app: App) -> None:
    _play(app)
    frames(app, 2, [app.intents.event_for("pause")])
    hover(app, (960, 450))


def scene_help(app: App) -> None:
    _play(app)
    frames(app, 2, [app.intents.event_for("help")])


def scene_scoring(app: App) -> None:
    from cacao_game.app.scenes.scoring import ScoringScene

    game = random_game(CONFIG, None, seed=3)
    app.home()
    app.push(ScoringScene(app, game, CONFIG, []))
    frames(app, 2, [app.intents.event_for("skip")])
    hover(app, (1040, 1010))


SCENES: dict[str, Callable[[App], None]] = {
    "menu": scene_menu,
    "setup": scene_setup,
    "settings": scene_settings,
    "rules": scene_rules,
    "help": scene_help,
    "load": scene_load,
    "confirm": scene_confirm,
    "pause": scene_pause,
    "play": scene_play,
    "scoring": scene_scoring,
}


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; returns 0, or 1 if a scene failed (the others still run)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("out/screenshots"))
    parser.add_argument("--only", default="", help="comma-separated scene names")
    args = parser.parse_args(argv)
    quiet_dummy_warnings()
    pygame.init()
    screen = pygame.display.set_mode(LOGICAL_SIZE, pygame.SCALED)
    args.out.mkdir(parents=True, exist_ok=True)
    make_saves()
    names = [n for n in args.only.split(",") if n] or list(SCENES)
    failed = 0
    for name in names:
        app = App(screen, router=router())
        try:
            SCENES[name](app)
        except Exception as error:  # report and go on with the other scenes
            print(f"{name}: FAILED {type(error).__name__}: {error}", file=sys.stderr)
            failed += 1
            continue
        path = args.out / f"{name}.png"
        pygame.image.save(app.screen, path)
        print(path)
    pygame.quit()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
