"""Settings: persisted in the user config folder; unknown keys ignored, bad values fall back."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from cacao_game.config import (
    DEFAULT_KEY_BINDINGS,
    Settings,
    load_settings,
    save_settings,
    settings_path,
    storage,
)
from cacao_game.config.choices import system_language
from cacao_game.config.settings import BindingRepair, SettingsRefusal


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own CACAO_HOME."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    return tmp_path


def test_defaults_without_a_file(home: Path) -> None:
    """No settings file: the defaults, and reading creates nothing."""
    assert load_settings() == Settings()
    assert Settings().key_bindings == DEFAULT_KEY_BINDINGS
    assert not (home / "config").exists()


def test_settings_persist_in_the_config_folder(home: Path) -> None:
    """Every setting changed, saved and read back equal, from CACAO_HOME/config/settings.json."""
    changed = Settings(
        language="en",
        animation_speed="instant",
        ai_pacing=1.25,
        fullscreen=False,
        palette="colorblind",
        sound=False,
    )
    changed.key_bindings["undo"] = ["ctrl+z", "backspace"]
    save_settings(changed)
    assert settings_path() == home / "config" / "settings.json" and settings_path().is_file()
    assert load_settings() == changed
    assert list(settings_path().parent.iterdir()) == [settings_path()]


def test_instances_do_not_share_key_bindings() -> None:
    """Changing one Settings' bindings changes neither the defaults nor another instance."""
    first = Settings()
    first.key_bindings["hint"].append("f2")
    assert Settings().key_bindings["hint"] == ["h"] and DEFAULT_KEY_BINDINGS["hint"] == ["h"]


def test_unknown_keys_are_ignored(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Keys and intents this version does not know are skipped without a warning."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"sound": False, "future_option": 3, "key_bindings": {"teleport": ["t"]}}))
    with caplog.at_level(logging.WARNING):
        settings = load_settings(path)
    assert settings == Settings(sound=False)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """Windows Notepad saves UTF-8 with a byte order mark: a trial's settings file, so
    saved, was refused whole and every setting reset. The mark is skipped; the file is read."""
    path = tmp_path / "s.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"sound": False, "language": "de"}).encode())
    refusals: list[SettingsRefusal] = []
    settings = load_settings(path, refusals=refusals)
    assert (settings.sound, settings.language, refusals) == (False, "de", [])
    assert path.exists()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("language", "xx"),
        ("language", 1),
        ("animation_speed", "warp"),
        ("ai_pacing", -1),
        ("ai_pacing", 9.5),
        ("ai_pacing", True),
        ("ai_pacing", "1"),
        ("fullscreen", 1),
        ("fullscreen", "yes"),
        ("palette", "neon"),
        ("sound", None),
        ("key_bindings", ["e"]),
    ],
)
def test_a_bad_value_falls_back_to_its_default_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, key: str, value: Any
) -> None:
    """One bad value: that setting takes its default, a good one beside it is kept, a warning names it."""
    other, good = ("palette", "colorblind") if key != "palette" else ("sound", False)
    path = tmp_path / "s.json"
    path.write_text(json.dumps({key: value, other: good}))
    with caplog.at_level(logging.WARNING):
        settings = load_settings(path)
    assert getattr(settings, key) == getattr(Settings(), key)
    assert getattr(settings, other) == good
    assert any(key in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)


def test_a_bad_value_s_warning_gives_the_validator_s_reason(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Each value is checked by the one JSON validator (``typed_json``): its reason names the key."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"ai_pacing": 9, "sound": 1, "language": "xx"}))
    defaulted: list[str] = []
    with caplog.at_level(logging.WARNING):
        load_settings(path, defaulted=defaulted)
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert defaulted == ["ai_pacing", "sound", "language"]
    assert any("ai_pacing: expected a number <= 5.0" in line for line in warned)
    assert any("sound: expected true or false" in line for line in warned)
    assert any("language: 'xx' is not one of en, de, fr" in line for line in warned)


def test_bad_key_bindings_fall_back_per_intent(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A bad binding takes that intent's default; good ones are kept; missing intents take defaults."""
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps({"key_bindings": {"hint": ["g"], "undo": "ctrl+z", "pause": [3], "help": [""]}})
    )
    with caplog.at_level(logging.WARNING):
        bindings = load_settings(path).key_bindings
    assert bindings["hint"] == ["g"]
    for intent in ("undo", "pause", "help", "zoom_in"):
        assert bindings[intent] == DEFAULT_KEY_BINDINGS[intent]
    warned = " ".join(r.getMessage() for r in caplog.records)
    assert "key_bindings.undo" in warned and "key_bindings.pause" in warned and "key_bindings.help" in warned


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe", b"[1, 2]", b"", b'{"ai_pacing": NaN}', b'{"a": ' * 40 + b"1" + b"}" * 40],
)
def test_an_unreadable_file_gives_defaults_and_is_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, content: bytes
) -> None:
    """Corrupt, binary or non-object settings: defaults (in the system's language) with a
    warning and a refusal for the player's notice; the file is kept, byte for byte, under a
    refused name beside it, so the next save cannot replace it."""
    path = tmp_path / "s.json"
    path.write_bytes(content)
    refusals: list[SettingsRefusal] = []
    with caplog.at_level(logging.WARNING):
        assert load_settings(path, refusals=refusals) == Settings(language=system_language())
    assert caplog.records and not path.exists()
    assert len(refusals) == 1 and refusals[0].kept.startswith("s.refused-")
    assert (tmp_path / refusals[0].kept).read_bytes() == content
    save_settings(Settings(sound=False), path)
    assert (tmp_path / refusals[0].kept).read_bytes() == content


def test_a_failed_save_keeps_the_previous_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """save_settings is atomic: a failure at the rename leaves the old file whole and raises OSError."""
    path = tmp_path / "s.json"
    save_settings(Settings(sound=False), path)
    before = path.read_bytes()

    def replace(source: Any, target: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", replace)
    with pytest.raises(OSError):
        save_settings(Settings(palette="colorblind"), path)
    monkeypatch.undo()
    assert path.read_bytes() == before and load_settings(path) == Settings(sound=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]


def test_a_settings_file_that_is_a_pipe_or_too_large_is_refused_and_kept(tmp_path, caplog) -> None:
    """A named pipe (which would block a plain read), a folder and a file over 64 kB give the
    defaults in the system's language, a warning and a refusal; each is kept (renamed aside,
    unchanged), so the player's next change of a setting cannot overwrite it (a playtest
    found a 70 kB file silently replaced)."""
    import os

    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    large = tmp_path / "large.json"
    large.write_text('{"sound": false, "pad": "' + "x" * 70_000 + '"}')
    for path in (pipe, folder, large):
        caplog.clear()
        refusals: list[SettingsRefusal] = []
        assert load_settings(path, refusals=refusals) == Settings(language=system_language())
        assert any("settings" in record.getMessage() for record in caplog.records)
        assert len(refusals) == 1 and refusals[0].kept and not path.exists()
        save_settings(Settings(), path)
    kept = {p.name.split(".refused-")[0]: p for p in tmp_path.iterdir() if ".refused-" in p.name}
    assert kept["pipe"].is_fifo() and kept["folder"].is_dir() and kept["large"].stat().st_size > 70_000


def test_the_player_is_told_once_where_a_refused_settings_file_is_kept(tmp_path: Path) -> None:
    """Playtest: a 70 kB settings.json silently gave the defaults (the language too) and
    was replaced at the next change. The notice names the kept file; the next start finds no
    refused file and says nothing more."""
    from cacao_game.app import prefs

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"language": "de", "pad": "' + "x" * 70_000 + '"}')
    refusals: list[SettingsRefusal] = []
    prefs.load(refusals=refusals)
    notice = prefs.refusal_notice(refusals)
    assert notice is not None and refusals[0].kept in notice
    again: list[SettingsRefusal] = []
    prefs.load(refusals=again)
    assert prefs.refusal_notice(again) is None


def test_the_player_is_told_which_settings_went_back_to_their_defaults(tmp_path: Path) -> None:
    """Playtest: a settings file with ``"language": 42`` (and a dozen such values) opened the
    game in English with nothing said on screen. Now each setting of the Settings screen whose
    value could not be used is named in a notice (once each, in the screen's words), and an
    action whose keys were not a list of key names is among the key bindings repaired; key
    bindings that are not bindings at all are named too, and a last New game set-up that does
    not read is said to be forgotten."""
    from cacao_game.app import prefs
    from cacao_game.app.strings import t

    path = tmp_path / "s.json"
    hostile = {"language": 42, "fullscreen": "yes", "last_setup": 5, "volume": "loud"}
    path.write_text(json.dumps({**hostile, "key_bindings": {"confirm": 5, "hint": ["g"]}}))
    repairs: list[BindingRepair] = []
    defaulted: list[str] = []
    settings = load_settings(path, repairs=repairs, defaulted=defaulted)
    assert settings.language == Settings().language and settings.key_bindings["hint"] == ["g"]
    assert sorted(defaulted) == ["fullscreen", "language", "last_setup"]
    notice = prefs.defaulted_notice(defaulted)
    assert notice is not None and t("settings.language") in notice and t("settings.fullscreen") in notice
    assert prefs.defaulted_notice(["last_setup"]) == t("settings.setup_forgotten"), (
        "a trial's New game forgot unsaid"
    )
    assert t("settings.setup_forgotten") in notice and prefs.defaulted_notice([]) is None
    keys = prefs.defaulted_notice(["key_bindings"])
    assert keys is not None and t("settings.keys") in keys, "a trial's key bindings were reset unsaid"
    repaired = prefs.repair_notice(repairs)
    assert repaired is not None and t("intent.confirm") in repaired
    one = prefs.defaulted_notice(["sound"])
    assert one is not None and one != notice and t("settings.sound") in one


def test_a_home_the_game_cannot_write_is_said_at_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial's CACAO_HOME named a file: the game started and said only that the settings
    could not be read. Where the folders of the player's files cannot be written, the start
    says that nothing will be kept, naming what is in the way; nothing is created to find out."""
    from cacao_game.app import prefs
    from cacao_game.app.strings import t
    from cacao_game.config.storage import blocked_by

    assert blocked_by(tmp_path / "fresh" / "config") is None and not (tmp_path / "fresh").exists()
    assert prefs.unwritable_notice() is None
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("not a folder")
    monkeypatch.setenv("CACAO_HOME", str(in_the_way))
    assert blocked_by(in_the_way / "config") == in_the_way
    assert prefs.unwritable_notice() == t("settings.unwritable", path=str(in_the_way))


@pytest.mark.parametrize(
    ("blocked", "said"), [("config", "settings.unwritable_settings"), ("data", "settings.unwritable_saves")]
)
def test_a_start_says_which_files_cannot_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, blocked: str, said: str
) -> None:
    """A trial's settings folder could not be written: the start said saves and the
    tutorial's progress would be lost too, their folder writable. Only the folder in the way
    is named, and what it holds."""
    from cacao_game.app import prefs
    from cacao_game.app.strings import t

    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    (tmp_path / blocked).write_text("a file where the folder goes")
    assert prefs.unwritable_notice() == t(said, path=str(tmp_path / blocked))
