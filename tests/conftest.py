"""Every test runs headless (SDL gets dummy video and audio drivers before pygame loads), in
English, and with its own ``CACAO_HOME`` (never the real user folders; tests running side by
side in worker processes share no file).

With pytest-xdist installed (the ``test`` extra) the suite runs in one worker process per
CPU core unless ``-n`` says otherwise (``-n 0``: one process, as without xdist)."""

from __future__ import annotations

import gc
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The system language is English for every test: a first start and the command line take it
# from the environment; tests that need another one set it themselves.
os.environ["LANGUAGE"] = "en"


from collections.abc import Iterator

import pytest

from cacao_game.config.choices import SOURCE_LANGUAGE


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Spread the tests over every core (``-n auto``) when xdist is there and no ``-n`` was given."""
    wanted = config.getoption("numprocesses", None) is None and not config.getoption("usepdb", False)
    if wanted and config.pluginmanager.hasplugin("xdist") and not hasattr(config, "workerinput"):
        config.option.numprocesses = "auto"


@pytest.fixture(autouse=True, scope="module")
def settled_heap() -> None:
    """What lives when a test module starts is set aside from garbage collection (``gc.freeze``):
    the full collections the app runs on every return to the menu then look only at what
    the module's tests made, not at every module, cache and fixture of the session."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def isolated(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts alike, whatever ran before it in its process: settings, saves and
    records (also of the processes it starts) live in a fresh temporary folder (``user_home``
    puts them in the test's ``tmp_path`` instead), and the interface speaks English and draws at
    the design scale again afterwards (a test or the monkey may switch the language, and an app
    at another window size or interface size sets the scale every drawing module reads)."""
    from cacao_game.app import scale, strings

    monkeypatch.setenv("CACAO_HOME", str(tmp_path_factory.mktemp("home")))
    before = scale.current()
    yield
    strings.set_language(SOURCE_LANGUAGE)
    scale.use(before)


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
    """User config and saves under ``tmp_path`` (never the real folders); AI runs in-process,
    the hard level by a fixed number of re-deals (``counted_ai``: no answer depends on the
    clock)."""
    from counted_ai import CountedAI

    from cacao_game.app.play import ai_link

    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    monkeypatch.setenv("CACAO_SYNC_AI", "1")
    monkeypatch.setattr(ai_link, "SyncAI", CountedAI)
    return tmp_path


@pytest.fixture
def apps(user_home):
    """A list for the apps a test makes (several windows of one game across machines), each
    taken home and closed after the test. The Host a game setup starts from its defaults:
    what an earlier test hosted is remembered only in that test's settings."""
    made: list = []
    yield made
    for made_app in made:
        made_app.home()
        made_app.close()


@pytest.fixture
def app(user_home):
    """A fresh app at the main menu, drawing to an off-screen surface; its Host a game setup
    starts from the defaults (nothing remembered from an earlier test)."""
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
