"""Every test runs headless (SDL gets dummy video and audio drivers before pygame loads) and
in English."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The system language is English for every test: a first start and the command line take it
# from the environment; tests that need another one set it themselves.
os.environ["LANGUAGE"] = "en"


import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run on a checkout that is not installed: the assets are the package data of
    ``cacao_game.assets`` (``pyproject.toml`` maps ``assets/`` there), which only an install
    makes importable; without it every test that draws would see placeholders."""
    from importlib import util

    if util.find_spec("cacao_game.assets") is None and not os.environ.get("CACAO_ASSETS"):
        raise pytest.UsageError(
            "cacao_game.assets is not importable: install this checkout (pip install -e .) "
            "or point CACAO_ASSETS at its assets/ folder"
        )


@pytest.fixture
def user_home(tmp_path, monkeypatch):
    """User config and saves under ``tmp_path`` (never the real folders); AI runs in-process."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    monkeypatch.setenv("CACAO_SYNC_AI", "1")
    return tmp_path


@pytest.fixture
def app(user_home):
    """A fresh app at the main menu, drawing to an off-screen surface."""
    import harness

    app = harness.make_app()
    app.home()
    return app


@pytest.fixture
def play_app(user_home):
    """An off-screen app with instant animations, no AI pacing and no sound, with no scene."""
    import pygame

    from cacao_game.app.app import App
    from cacao_game.app.catalog import router
    from cacao_game.config.settings import Settings

    pygame.init()
    settings = Settings(animation_speed="instant", ai_pacing=0.0, sound=False)
    return App(pygame.Surface((1920, 1080)), settings, router=router())
