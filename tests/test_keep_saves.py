"""A game kept when another replaces the autosave (``flow.keep_finished``,
``flow.keep_unfinished``) never writes over a save point the player made earlier in it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import harness
import pytest

from cacao_game import saves
from cacao_game.app.flow import keep_finished, keep_unfinished, same_game
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.session.session import SAVED_AS

CONFIG = GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "medium")], "base", 3)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    saves.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    return tmp_path


def played_on_from_a_save_point(decisions: int | None) -> tuple[Path, saves.LoadedSave]:
    """A save point at decision 9 ("Game 1"), then the same game played on to ``decisions``
    (None: its end) in the autosave, which names that save as where it was saved
    (``SAVED_AS``), as when the player loads the save point and plays on."""
    early = harness.random_game(CONFIG, 9, seed=5)
    point = saves.slot_path("Game 1")
    saves.save_game(point, early, CONFIG)
    later = harness.random_game(CONFIG, decisions, seed=5)
    assert later.actions[:9] == early.actions
    saves.save_game(saves.autosave_path(), later, CONFIG, {SAVED_AS: "Game 1"})
    return point, saves.load_game(saves.autosave_path())


def test_a_finished_game_kept_leaves_the_save_point_it_was_loaded_from(home: Path) -> None:
    """A French trial saved at turn 6, played to the end, and loaded the turn-6 save: the
    finished game was kept under the save's name and the turn-6 save was gone. It is kept
    under a name of its own now, and the save point still holds turn 6."""
    point, loaded = played_on_from_a_save_point(None)
    assert loaded.game.is_over()
    kept = keep_finished(loaded, datetime(2026, 11, 29, 1, 52, 5))
    assert kept is not None and kept != point
    assert same_game(saves.load_game(kept).game, loaded.game)
    assert len(saves.load_game(point).game.actions) == 9


def test_an_unfinished_game_kept_leaves_the_save_point_and_is_kept_once(home: Path) -> None:
    """The same for a game left unfinished (New game: keep it); kept again unchanged, it is
    the same save, not a pile of copies."""
    point, loaded = played_on_from_a_save_point(20)
    assert not loaded.game.is_over()
    kept = keep_unfinished(datetime(2026, 11, 29, 1, 55, 5))
    assert kept != point and len(saves.load_game(point).game.actions) == 9
    assert same_game(saves.load_game(kept).game, loaded.game)
    saves.save_game(saves.autosave_path(), loaded.game, CONFIG, {SAVED_AS: kept.stem})
    assert keep_unfinished(datetime(2026, 11, 29, 2, 0, 5)) == kept


def test_a_game_kept_where_it_was_saved_when_that_save_is_gone(home: Path) -> None:
    """With the save point deleted, the kept game takes its name (nothing is lost there)."""
    point, loaded = played_on_from_a_save_point(None)
    point.unlink()
    assert keep_finished(loaded, datetime(2026, 11, 29, 1, 52, 5)) == point


def test_a_save_that_could_not_be_written_names_no_file(home: Path) -> None:
    """A review saved to a path that could not be written: the view still named that file
    (``SAVED_AS``), and every later autosave with it, so keeping the game would take it for
    saved there. A failed Save leaves the view as it was."""
    from cacao_game.session import PlaySession

    blocked = home / "a file"
    blocked.write_text("not a folder")
    session = PlaySession(CONFIG, save_to=lambda: blocked / "slot.json")
    session.view[SAVED_AS] = "Game 1"
    with pytest.raises((OSError, ValueError)):
        session.save()
    assert session.view[SAVED_AS] == "Game 1"
    fresh = PlaySession(CONFIG, save_to=lambda: blocked / "slot.json")
    with pytest.raises((OSError, ValueError)):
        fresh.save()
    assert SAVED_AS not in fresh.view
