"""Schema versions: the version-1 fixture loads forever, and upgrades run as a chain."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cacao_game.engine import Phase, Resolve
from cacao_game.saves import SaveError, load_game, schema
from tests.saves_support import resign, write_document

FIXTURE = Path(__file__).parent / "fixtures" / "save_v1.json"


def test_version_1_fixture_still_loads() -> None:
    """tests/fixtures/save_v1.json (schema 1) loads into the position it was saved at."""
    assert json.loads(FIXTURE.read_bytes())["schema_version"] == 1
    before = FIXTURE.read_bytes()
    loaded = load_game(FIXTURE)
    game = loaded.game
    assert (game.players, game.variant, game.setup.seed) == (3, "volcano", 9)
    assert game.decision().kind is Phase.RESOLVE and game.current_player() == 2 and game.mover == 0
    assert (game.turn, len(game.actions)) == (15, 33)
    assert [score.total for score in game.score_now()] == [12, 7, 16]
    assert game.legal_actions() == [Resolve((2, 3), 2, 0), Resolve((2, 3), 2, 1)]
    assert loaded.config["seats"][1] == {"name": "Bo", "color": "purple", "kind": "medium"}
    assert loaded.ui_state["camera"] == {"x": 1.5, "y": -2.0, "zoom": 0.75}
    assert (loaded.info.turn, loaded.info.current_seat, loaded.info.finished) == (16, 2, False)
    assert game.can_undo
    assert FIXTURE.read_bytes() == before


def test_upgrades_run_in_order_from_the_saved_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With schema 3 current, a version-1 save passes through the 1->2 and 2->3 steps in order."""
    calls: list[int] = []

    def one_to_two(document: dict[str, Any]) -> dict[str, Any]:
        calls.append(document["schema_version"])
        return {**document, "notes": ["added by 1->2"]}

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

    document = json.loads(FIXTURE.read_bytes())
    write_document(
        tmp_path / "v2.json", resign({**document, "schema_version": 2, "notes": ["added by 1->2"]})
    )
    calls.clear()
    load_game(tmp_path / "v2.json")
    assert calls == [2]


def test_a_missing_upgrade_step_refuses_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A gap in the chain is a one-line refusal, not a crash."""
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(schema, "UPGRADES", {})
    shutil.copy(FIXTURE, tmp_path / "old.json")
    with pytest.raises(SaveError, match=r"^schema_version: no upgrade from schema 1$"):
        load_game(tmp_path / "old.json")


def test_the_real_chain_reaches_the_current_version() -> None:
    """Every version below the current one has its upgrade step."""
    assert all(version in schema.UPGRADES for version in range(1, schema.SCHEMA_VERSION))
