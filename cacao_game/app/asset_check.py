"""Whether this installation has its art: ``cacao --check-assets`` (also run by the install
and bundle checks in CI).

``check_assets`` loads every file under ``assets_root()`` the way the game does (images,
fonts, sounds when a mixer starts, palettes, the layout map) and the table of look-alike
characters that names are compared with (``config/confusables.json``), then draws the menu (its
backdrop, tiles, icon and fonts) off-screen for a few frames, while watching the log: any
warning of the game's loggers (an asset replaced by a fallback, a layout not read) is a
problem. It writes no file.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from cacao_game.app.assets import FONT_FILES, Assets, assets_root
from cacao_game.app.layout import Layout

CHECK_SIZE = (1366, 768)
"""The off-screen size the scenes are drawn at (the smallest common laptop screen)."""
FRAMES = 3
"""Frames of the menu drawn."""
NOT_LOADED = frozenset({".md", ".txt", ".py", ".pyc"})
"""Files that are documentation, licences or the package marker: present, never loaded."""


@dataclass
class AssetReport:
    """What ``check_assets`` found: where the assets are, how many files were loaded, and
    every warning logged meanwhile (empty when nothing fell back)."""

    root: Path
    loaded: int = 0
    problems: list[str] = field(default_factory=list)


class _Collector(logging.Handler):
    """Keeps the message of every warning (or worse) of the ``cacao_game`` loggers."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("cacao_game"):
            self.messages.append(record.getMessage())


def asset_files(root: Path) -> list[Path]:
    """Every file under ``root`` (compiled Python caches aside), relative, sorted."""
    return sorted(
        path.relative_to(root)
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    )


def _load(assets: Assets, relpath: Path) -> bool:
    """Load one file as the game would; False for files that are not loaded (documents)."""
    suffix = relpath.suffix.lower()
    if suffix in NOT_LOADED:
        return False
    if suffix == ".png":
        assets.image(relpath.as_posix())
    elif suffix == ".ttf":
        pygame.font.Font(assets.root / relpath, 20)
    elif suffix == ".wav":
        if not assets.sound_available:
            return False
        pygame.mixer.Sound(assets.root / relpath)
    elif relpath.name == "palettes.json":
        assets.palette_names()
    elif suffix == ".tmx":
        Layout.from_tmx(assets.root / relpath)
    else:
        logging.getLogger(__name__).warning("asset %s: no loader for this kind of file", relpath)
    return True


def check_assets(size: tuple[int, int] = CHECK_SIZE) -> AssetReport:
    """Load every asset and draw the menu at ``size`` off-screen; the report.

    A file that fails to load is a problem named by its path and error; so is every
    warning of the game's loggers meanwhile. Needs no display (an off-screen surface)."""
    from cacao_game.app.app import App
    from cacao_game.app.catalog import router
    from cacao_game.config.lookalike import prototypes
    from cacao_game.config.settings import Settings

    collector = _Collector()
    logging.getLogger().addHandler(collector)
    report = AssetReport(assets_root())
    if not report.root.is_dir():
        report.problems.append(f"{report.root}: not a folder")
    try:
        pygame.font.init()
        assets = Assets(report.root, sound=True)
        for weight in FONT_FILES:
            assets.font_px(20, weight)
        for relpath in asset_files(report.root):
            try:
                report.loaded += _load(assets, relpath)
            except (OSError, ValueError, pygame.error) as error:
                report.problems.append(f"{relpath}: {error}")
        try:
            report.loaded += bool(prototypes())
        except (OSError, ValueError) as error:
            report.problems.append(f"cacao_game/config/confusables.json: {error}")
        app = App(pygame.Surface(size), Settings(sound=False), assets=assets, router=router())
        try:
            app.home()
            for _ in range(FRAMES):
                app.step([], 1 / 60)
                app.draw(app.screen)
        finally:
            app.close()
    finally:
        logging.getLogger().removeHandler(collector)
    report.problems += collector.messages
    return report
