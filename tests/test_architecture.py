"""Layering: no import cycles, no pygame below the app, scenes routed by name; one reducer."""

from __future__ import annotations

import dataclasses
import inspect
import random
import sys
import typing
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cacao_game.app.play.shown import Shown, reduce
from cacao_game.engine import Game
from cacao_game.engine import events as ev

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import import_graph  # noqa: E402


def test_the_package_has_no_import_cycle_and_keeps_its_layers(capsys) -> None:
    """No cycle among cacao_game's modules (imports inside functions count); engine, AI,
    session, records, saves and config never import pygame; no scene imports a scene."""
    assert import_graph.main([str(ROOT / "cacao_game")]) == 0, capsys.readouterr().out


def test_the_app_shell_is_in_no_cycle_even_counting_type_only_imports() -> None:
    """The shell (app, routes, scene protocol, theme, widgets, catalog, flow) imports one way:
    scenes hold a ``Shell`` protocol, never the ``App``, so no cycle passes through it even
    when the imports under ``if TYPE_CHECKING:`` count."""
    shell = {
        f"cacao_game.app.{name}" for name in ("app", "routes", "scene", "theme", "widgets", "catalog", "flow")
    }
    typed = import_graph.import_graph(ROOT / "cacao_game", type_checking=True)
    assert [c for c in import_graph.cycles(typed) if shell & set(c)] == []


def test_the_checker_sees_cycles_inside_functions_and_scene_imports(tmp_path: Path, capsys) -> None:
    """The checker is not blind: a function-level import cycle and a scene importing a scene
    are both reported; a TYPE_CHECKING-only import is not run-time, but a cycle it closes is
    reported as type-only, and fails with ``--with-type-checking``."""
    package = tmp_path / "cacao_game"
    (package / "app" / "scenes").mkdir(parents=True)
    for init in (package, package / "app", package / "app" / "scenes"):
        (init / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from cacao_game import b\n")
    (package / "b.py").write_text("from cacao_game import a\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cacao_game import d\n"
    )
    (package / "d.py").write_text("from cacao_game import c\n")
    (package / "app" / "scenes" / "menu.py").write_text("from cacao_game.app.scenes import setup\n")
    (package / "app" / "scenes" / "setup.py").write_text("x = 1\n")
    graph = import_graph.import_graph(package)
    assert import_graph.cycles(graph) == [["cacao_game.a", "cacao_game.b"]]
    assert "cacao_game.d" not in graph["cacao_game.c"]
    typed = import_graph.import_graph(package, type_checking=True)
    assert "cacao_game.d" in typed["cacao_game.c"]
    assert import_graph.cycles(typed) == [["cacao_game.a", "cacao_game.b"], ["cacao_game.c", "cacao_game.d"]]
    problems = import_graph.layering_problems(graph, "cacao_game")
    assert problems == ["scene cacao_game.app.scenes.menu imports scene cacao_game.app.scenes.setup"]
    (package / "b.py").write_text("x = 1\n")
    (package / "app" / "scenes" / "menu.py").write_text("x = 1\n")
    assert import_graph.main([str(package)]) == 0
    assert "type-only cycle of 2: cacao_game.c, cacao_game.d" in capsys.readouterr().out
    assert import_graph.main(["--with-type-checking", str(package)]) == 1


def test_the_event_union_names_every_engine_event() -> None:
    """Every concrete event class of the engine is a member of ``Event``, so the consumers'
    ``match ... assert_never`` (checked by mypy) covers it; the seat base is not an event."""
    event_types = {
        cls
        for _name, cls in inspect.getmembers(ev, inspect.isclass)
        if dataclasses.is_dataclass(cls) and cls.__module__ == ev.__name__ and cls is not ev.SeatEvent
    }
    assert event_types, "the engine defines events"
    assert event_types == set(typing.get_args(ev.Event))
    seated = {cls for cls in event_types if "seat" in {f.name for f in dataclasses.fields(cls)}}
    assert seated == {cls for cls in event_types if issubclass(cls, ev.SeatEvent)}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), volcano=st.booleans())
def test_reducing_every_event_shows_exactly_the_engine_state(seed: int, players: int, volcano: bool) -> None:
    """After every decision of a random game, reducing its events gives ``Shown.of(game)``."""
    game = Game.new(players, "volcano" if volcano else "base", seed)
    rng = random.Random(seed)
    shown = Shown.of(game)
    while not game.is_over():
        for event in game.apply(rng.choice(game.legal_actions())):
            shown = reduce(shown, event)
        assert shown == Shown.of(game)
