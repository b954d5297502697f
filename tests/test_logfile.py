"""The app's log file: a player who started the game without a terminal finds what it logged
(playtest: the settings' warnings and the host's lines went to stderr only)."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from cacao_game.app.logfile import LOG_FILE, start_log_file, stop_log_file
from cacao_game.config.storage import log_dir


def test_what_the_game_logs_goes_to_its_log_file_until_it_is_stopped() -> None:
    """Under ``CACAO_HOME`` the file is ``logs/cacao.log``; warnings reach it with their time,
    level and logger; once stopped, nothing more does and the handler is gone."""
    path = start_log_file()
    assert path == Path(os.environ["CACAO_HOME"]) / "logs" / LOG_FILE == log_dir() / LOG_FILE
    logging.getLogger("cacao_game.config.settings").warning("settings: language is 42")
    stop_log_file(path)
    logging.getLogger("cacao_game.config.settings").warning("after the window closed")
    text = path.read_text(encoding="utf-8")
    assert "WARNING cacao_game.config.settings: settings: language is 42" in text
    assert "after the window closed" not in text
    assert not any(getattr(h, "baseFilename", None) == str(path) for h in logging.getLogger().handlers)


def test_a_log_folder_that_cannot_be_made_leaves_the_game_without_a_log_file(
    caplog: pytest.LogCaptureFixture,
) -> None:
    log_dir().parent.mkdir(parents=True, exist_ok=True)
    log_dir().write_text("a file where the folder goes")
    with caplog.at_level(logging.WARNING):
        assert start_log_file() is None
    assert "no log file" in caplog.text


def test_the_window_writes_the_log_file_even_when_it_cannot_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_app`` logs to the file from its first line and closes it on the way out (here the
    display cannot be opened, so it returns 1 at once)."""
    from cacao_game.app import main

    monkeypatch.setattr(main, "prepare_display", lambda: "no display here")
    assert main.run_app(SimpleNamespace(windowed=True)) == 1
    path = log_dir() / LOG_FILE
    assert "log file:" in path.read_text(encoding="utf-8")
    assert not any(getattr(h, "baseFilename", None) == str(path) for h in logging.getLogger().handlers)


def test_the_error_that_stops_the_game_is_in_its_log_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trial's crash left its traceback on the terminal alone: the error that ends
    ``run_app`` is written to the log file with its traceback, then raised as before."""
    from cacao_game.app import main

    def broken() -> str | None:
        raise OverflowError("cannot convert float infinity to integer")

    monkeypatch.setattr(main, "prepare_display", broken)
    with pytest.raises(OverflowError):
        main.run_app(SimpleNamespace(windowed=True))
    text = (log_dir() / LOG_FILE).read_text(encoding="utf-8")
    assert "the game stopped on an error" in text and "Traceback" in text and "OverflowError" in text
