"""Schema versions: the version-1 and version-2 fixtures load forever, upgrades run as a chain."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Phase, Resolve
from cacao_game.saves import LoadedSave, SaveError, load_game, schema
from tests.saves_support import resign, write_document

FIXTURES = Path(__file__).parent / "fixtures"
FIXTURE = FIXTURES / "save_v1.json"
FIXTURE_V2 = FIXTURES / "save_v2.json"


def _check_fixture_game(loaded: LoadedSave) -> None:
    """The position both fixtures were saved at (3-player volcano, seed 9, turn 16)."""
    game = loaded.game
    assert (game.players, game.variant, game.setup.seed) == (3, "volcano", 9)
    assert game.decision().kind is Phase.RESOLVE and game.current_player() == 2 and game.mover == 0
    assert (game.turn, len(game.actions)) == (15, 33)
    assert [score.total for score in game.score_now()] == [12, 7, 16]
    assert game.legal_actions() == [Resolve((2, 3), 2, 0), Resolve((2, 3), 2, 1)]
    assert loaded.config.seats[1] == SeatConfig("Bo", "purple", "medium")
    assert loaded.view["camera"] == {"x": 1.5, "y": -2.0, "zoom": 0.75}
    assert (loaded.info.turn, loaded.info.current_seat, loaded.info.finished) == (16, 2, False)
    assert game.can_undo


def test_version_1_fixture_still_loads() -> None:
    """tests/fixtures/save_v1.json (schema 1) loads into the position it was saved at."""
    assert json.loads(FIXTURE.read_bytes())["schema_version"] == 1
    before = FIXTURE.read_bytes()
    loaded = load_game(FIXTURE)
    _check_fixture_game(loaded)
    assert loaded.config == GameConfig(loaded.config.seats, "volcano", 9, undo=None)
    assert loaded.ui_state is loaded.view
    assert FIXTURE.read_bytes() == before


def test_version_2_fixture_still_loads() -> None:
    """tests/fixtures/save_v2.json (schema 2, undo "strict") loads into the same position."""
    document = json.loads(FIXTURE_V2.read_bytes())
    assert document["schema_version"] == 2 and "record" not in document and "state" not in document
    loaded = load_game(FIXTURE_V2)
    _check_fixture_game(loaded)
    assert loaded.config.undo == "strict"
    assert load_game(FIXTURE).game.actions == loaded.game.actions


def test_upgrade_1_to_2_keeps_the_deal_options_decisions_and_view() -> None:
    """The real 1->2 step: config becomes options (undo null), the record's deal becomes setup."""
    old = json.loads(FIXTURE.read_bytes())
    new = schema.UPGRADES[1](dict(old))
    assert set(new) == {"format", "schema_version", "app_version", "saved_at", *schema.BODY_KEYS}
    assert new["options"] == {**old["config"], "undo": None}
    assert new["setup"] == {
        "players": 3,
        "variant": "volcano",
        "seed": 9,
        **old["record"]["setup"],
    }
    assert new["actions"] == old["actions"] and new["view"] == old["ui_state"]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"record": []}, r"^record: expected an object$"),
        ({"config": {"seats": "x"}}, r"^options\.seats: expected a list$"),
    ],
)
def test_a_broken_version_1_document_is_refused(tmp_path: Path, change: dict[str, Any], reason: str) -> None:
    """A version-1 file whose parts are malformed (but signed) is refused with a one-line reason."""
    document = {**json.loads(FIXTURE.read_bytes()), **change}
    write_document(tmp_path / "old.json", resign(document))
    with pytest.raises(SaveError, match=reason):
        load_game(tmp_path / "old.json")


def test_upgrades_run_in_order_from_the_saved_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With schema 3 current, a version-1 save passes through the 1->2 and 2->3 steps in order."""
    calls: list[int] = []
    real_one_to_two = schema.UPGRADES[1]

    def one_to_two(document: dict[str, Any]) -> dict[str, Any]:
        calls.append(document["schema_version"])
        return {**real_one_to_two(document), "notes": ["added by 1->2"]}

    def two_to_three(document: dict[str, Any]) -> dict[str, Any]:
        calls.append(document["schema_version"])
        assert document["notes"] == ["added by 1->2"]
        return {key: value for key, value in document.items() if key != "notes"}

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 3)
    monkeypatch.setattr(schema, "UPGRADES", {1: one_to_two, 2: two_to_three})
    shutil.copy(FIXTURE, tmp_path / "old.json")
    loaded = load_game(tmp_path / "old.json")
    assert calls == [1, 2]
    assert len(loaded.game.actions) == 33

    document = json.loads(FIXTURE_V2.read_bytes())
    write_document(tmp_path / "v2.json", resign({**document, "notes": ["added by 1->2"]}))
    calls.clear()
    load_game(tmp_path / "v2.json")
    assert calls == [2]


def test_a_missing_upgrade_step_refuses_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A gap in the chain is a one-line refusal, not a crash."""
    monkeypatch.setattr(schema, "UPGRADES", {})
    shutil.copy(FIXTURE, tmp_path / "old.json")
    with pytest.raises(SaveError, match=r"^schema_version: no upgrade from schema 1$"):
        load_game(tmp_path / "old.json")


def test_the_real_chain_reaches_the_current_version() -> None:
    """Every version below the current one has its upgrade step."""
    assert schema.SCHEMA_VERSION == 2
    assert all(version in schema.UPGRADES for version in range(1, schema.SCHEMA_VERSION))
