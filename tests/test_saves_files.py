"""Save files on disk: folders, slots, the .bak, listing, deleting, and refused files kept."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

import pytest

from cacao_game.config import config_dir, data_dir
from cacao_game.saves import (
    SaveError,
    autosave_path,
    delete_save,
    list_saves,
    load_game,
    load_with_backup,
    save_game,
    saves_dir,
    slot_path,
)
from tests.saves_support import make_config, position, random_game, seat_summaries


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own CACAO_HOME."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_cacao_home_holds_config_and_data(home: Path) -> None:
    """With CACAO_HOME set, config, data, saves and the autosave all live under it."""
    assert config_dir() == home / "config" and data_dir() == home / "data"
    assert saves_dir() == home / "data" / "saves"
    assert autosave_path() == saves_dir() / "autosave.json"


def test_without_cacao_home_platformdirs_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unset, the folders are platformdirs' user folders named cacao."""
    monkeypatch.delenv("CACAO_HOME")
    assert data_dir().name == "cacao" and config_dir().name == "cacao"


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("quick", "quick.json"),
        ("My game 2", "My game 2.json"),
        ("../../etc/passwd", "______etc_passwd.json"),
        ("  spaced  ", "spaced.json"),
        ("x" * 80, "x" * 40 + ".json"),
        ("Partie à deux", "Partie à deux.json"),
        ("a.b:c", "a_b_c.json"),
    ],
)
def test_slot_names_are_safe_file_names(name: str, file: str) -> None:
    """Slot names keep letters, digits, spaces, - and _; anything else cannot escape the folder."""
    assert slot_path(name) == saves_dir() / file


@pytest.mark.parametrize("name", ["", "   ", "///", "autosave", "AutoSave"])
def test_unusable_slot_names_are_rejected(name: str) -> None:
    """A name with nothing usable left, or the autosave's name, is a ValueError."""
    with pytest.raises(ValueError):
        slot_path(name)


def test_previous_version_is_kept_as_bak() -> None:
    """Saving over a save keeps the one before as <name>.bak, which loads."""
    config = make_config(2)
    first, second = random_game(2, "base", 4, decisions=8), random_game(2, "base", 4, decisions=16)
    save_game(autosave_path(), first, config)
    assert not autosave_path().with_name("autosave.json.bak").exists()
    save_game(autosave_path(), second, config)
    assert position(load_game(autosave_path()).game) == position(second)
    assert position(load_game(autosave_path().with_name("autosave.json.bak")).game) == position(first)


def test_load_with_backup_falls_back_to_the_bak() -> None:
    """Continue: a damaged autosave falls back to its .bak (from_backup set), the damaged file untouched."""
    config = make_config(2)
    save_game(autosave_path(), random_game(2, "base", 4, decisions=8), config)
    save_game(autosave_path(), random_game(2, "base", 4, decisions=16), config)
    autosave_path().write_bytes(b"{garbage")
    loaded = load_with_backup(autosave_path())
    assert loaded.from_backup and len(loaded.game.actions) == 8
    assert autosave_path().read_bytes() == b"{garbage"
    autosave_path().with_name("autosave.json.bak").write_bytes(b"")
    with pytest.raises(SaveError, match=r"^file: truncated or not JSON"):
        load_with_backup(autosave_path())


def test_a_refused_file_is_set_aside_not_overwritten() -> None:
    """Saving onto a file that would be refused renames it (same bytes) and lists it with its reason."""
    path = slot_path("quick")
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"format": "cacao-save", "schema_version": 99}')
    save_game(path, random_game(2, "base", 4, decisions=8), make_config(2))
    assert len(load_game(path).game.actions) == 8
    aside = [p for p in saves_dir().iterdir() if p.name.startswith("quick.refused-")]
    assert len(aside) == 1 and aside[0].read_bytes() == b'{"format": "cacao-save", "schema_version": 99}'
    infos = {info.name: info for info in list_saves()}
    assert infos["quick"].error is None
    assert "newer version" in (infos[aside[0].stem].error or "")


def test_list_saves_shows_date_seats_turn_and_scores() -> None:
    """list_saves: newest first, with seats, turn in progress, totals; refused files carry an error."""
    early = random_game(3, "volcano", 6, decisions=10)
    late = random_game(2, "base", 7)
    save_game(slot_path("early"), early, make_config(3, "volcano", kinds=["human", "random", "human"]))
    save_game(slot_path("late"), late, make_config(2))
    (saves_dir() / "broken.json").write_text("[]")
    (saves_dir() / ".hidden.json").write_text("[]")
    infos = list_saves()
    assert [info.name for info in infos] == ["broken", "late", "early"]
    by_name = {info.name: info for info in infos}
    assert set(by_name) == {"late", "early", "broken"}
    assert by_name["early"].seats[1] == {"name": "Seat 2", "color": "purple", "kind": "random"}
    assert by_name["early"].turn == early.turn + 1 and not by_name["early"].finished
    assert by_name["early"].totals == [s.total for s in early.score_now()]
    assert by_name["late"].finished and by_name["late"].current_seat == -1
    assert by_name["broken"].error and by_name["broken"].saved_at


def test_delete_save_removes_the_save_and_its_bak() -> None:
    """delete_save removes <name>.json and <name>.json.bak; deleting again is fine."""
    path = slot_path("gone")
    save_game(path, random_game(2, "base", 4, decisions=4), make_config(2))
    save_game(path, random_game(2, "base", 4, decisions=6), make_config(2))
    delete_save(path)
    assert list(saves_dir().iterdir()) == []
    delete_save(path)


def test_list_saves_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    """No saves folder yet: nothing to list."""
    assert list_saves(tmp_path / "nowhere") == []


def test_bad_config_or_view_is_not_saved() -> None:
    """A config that does not fit the game or is invalid, or a view that is not JSON: nothing written."""
    game = random_game(2, "base", 4, decisions=4)
    with pytest.raises(SaveError, match=r"^options.seats: expected 2 seats, found 3$"):
        save_game(slot_path("x"), game, make_config(3))
    with pytest.raises(SaveError, match=r"^options.variant: "):
        save_game(slot_path("x"), game, make_config(2, "volcano"))
    lax = make_config(2)
    lax.undo = "whenever"
    with pytest.raises(SaveError, match=r"^options: unknown undo policy 'whenever'"):
        save_game(slot_path("x"), game, lax)
    with pytest.raises(SaveError, match=r"^view: not JSON data"):
        save_game(slot_path("x"), game, make_config(2), {"surface": object()})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="GameConfig"):
        save_game(slot_path("x"), game, make_config(2).to_dict())  # type: ignore[arg-type]
    assert not slot_path("x").exists()


def test_a_game_changed_behind_the_engine_is_not_saved() -> None:
    """A game whose state is not what its decisions give would not load: saving it fails, old save kept."""
    game = random_game(2, "base", 4, decisions=6)
    save_game(autosave_path(), game, make_config(2))
    before = autosave_path().read_bytes()
    game.gold[0] += 5
    with pytest.raises(
        SaveError, match=r"^internal error, the game is not what its moves give: state.players\[0\]"
    ):
        save_game(autosave_path(), game, make_config(2))
    assert autosave_path().read_bytes() == before


def test_the_summary_is_derived_from_the_game() -> None:
    """SaveInfo: seats from the options, turn, totals and deciding seat from the replayed game."""
    game = random_game(2, "base", 4, decisions=3)
    save_game(autosave_path(), game, make_config(2, "base", 4))
    info = load_game(autosave_path()).info
    assert info.seats == seat_summaries(make_config(2))
    assert (info.turn, info.current_seat, info.variant) == (game.turn + 1, game.current_player(), "base")
    assert info.totals == [s.total for s in game.score_now()]
    assert len(info.saved_at_local) == len("2026-01-01 12:00")


def test_save_stores_the_setup_and_the_actions_once() -> None:
    """The file is JSON: header, options, setup, actions, view, checksum; no record or state stored."""
    game = random_game(2, "volcano", 4, decisions=6)
    save_game(autosave_path(), game, make_config(2, "volcano"), {"camera": {"x": 1}})
    document = json.loads(autosave_path().read_text(encoding="utf-8"))
    assert list(document) == [
        "format",
        "schema_version",
        "app_version",
        "saved_at",
        "options",
        "setup",
        "actions",
        "view",
        "checksum",
    ]
    assert document["format"] == "cacao-save" and document["schema_version"] == 2
    assert document["app_version"] == metadata.version("cacao-game") and document["saved_at"].endswith("Z")
    assert document["options"] == {**make_config(2, "volcano").to_dict(), "undo": None}
    setup = document["setup"]
    assert (setup["players"], setup["variant"], setup["seed"]) == (2, "volcano", 4)
    assert setup["jungle_pile"] == list(game.setup.jungle_pile)
    assert setup["worker_piles"] == [list(pile) for pile in game.setup.worker_piles]
    assert len(document["actions"]) == 6 and document["view"] == {"camera": {"x": 1}}
    assert document["checksum"].startswith("sha256:")


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        (None, "missing"),
        (b'{"format": "cacao-save", "game": ', "damaged"),
        (b"[1, 2]", "not_save"),
        (b'{"format": "something-else"}', "not_save"),
        (b'{"format": "cacao-record", "version": 1}', "record"),
        (b'{"format": "cacao-save", "schema_version": 99}', "newer"),
        (b'{"format": "cacao-save", "schema_version": 1, "checksum": "0"}', "damaged"),
        (b'{"format": "cacao-save", "schema_version": 1}', "invalid"),
    ],
)
def test_a_refusal_says_what_kind_of_trouble_it_is(content: bytes | None, kind: str) -> None:
    """Each refused save names its kind of trouble (the app says it in the player's words)
    besides its one-line reason; the listing carries it too."""
    path = slot_path("odd")
    path.parent.mkdir(parents=True)
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(SaveError) as refused:
        load_game(path)
    assert refused.value.kind == kind
    if content is not None:
        assert [info.problem for info in list_saves()] == [kind]
