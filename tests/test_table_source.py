"""The table's sources (``cacao_game.session.source``): every kind of game the table shows
answers the same questions, and a replay names and shows what its header says."""

from __future__ import annotations

from collections.abc import Iterator

import harness
import pygame
import pytest

from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scenes.scoring import ScoringScene
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.config.settings import Settings
from cacao_game.records import seat_entries, to_record
from cacao_game.session import Confirm, PlaySession
from cacao_game.session.replay import ReplaySession
from cacao_game.session.source import PLAY, REPLAY, TableSource
from cacao_game.tutorial.session import TutorialSession

CONFIG = GameConfig(
    [
        SeatConfig("Anna", "yellow", "human"),
        SeatConfig("", "red", "easy"),
        SeatConfig("Bo", "white", "human"),
    ],
    "base",
    8,
)


def as_sources(a: PlaySession, b: ReplaySession, c: TutorialSession) -> list[TableSource]:
    """Each session is a ``TableSource`` (mypy checks this signature)."""
    return [a, b, c]


@pytest.fixture
def app(tmp_path, monkeypatch) -> Iterator[App]:
    """An off-screen app at normal animation speed (a replay step animates)."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    yield App(pygame.Surface((1920, 1080)), Settings(animation_speed="normal", sound=False), router=router())


def finished_record() -> tuple[dict[str, object], GameConfig]:
    game = harness.random_game(CONFIG, None, seed=3)
    return dict(to_record(game, seat_entries(CONFIG.kinds, CONFIG.colors))), CONFIG


def test_sources_state_what_they_offer_and_hide_nothing_they_must_not_show() -> None:
    """A play session offers play (undo, hint, save, AI) and hands the table a view of the
    game in which the other seats' hands are stand-ins; a replay offers stepping with every
    hand public, ignores commands and cannot be saved."""
    record, config = finished_record()
    game = harness.random_game(CONFIG, 6, seed=3)
    alone = GameConfig([*CONFIG.seats[:2], SeatConfig("Bo", "white", "medium")], "base", 8)
    play = PlaySession(alone, game)
    replay = ReplaySession(record, config)
    sources = as_sources(play, replay, TutorialSession())
    assert [s.capabilities for s in sources[:2]] == [PLAY, REPLAY]
    assert [seat.name for seat in replay.seats] == ["Anna", "", "Bo"]
    seen = play.table_game()
    facing = play.face_up_seat()
    viewer = facing if facing is not None else play.viewer
    assert viewer is not None
    assert seen.observation_key(viewer) == play.game.observation_key(viewer)
    assert seen.actions == [] and seen is play.table_game()
    assert replay.handle(Confirm()) == [] and replay.take_requests() == []
    with pytest.raises(LookupError):
        replay.save()
    assert replay.stepping() is not None and play.stepping() is None


def test_replay_from_the_scoring_screen_keeps_the_names(app: App) -> None:
    """Watch replay calls every seat what the game called it ("Anna" stays "Anna", the
    unnamed AI seat is "Easy AI"), in the panels' names and the log."""
    record, config = finished_record()
    from cacao_game.records import replay_record

    app.push(ScoringScene(app, replay_record(record), config, []))
    top = app.top
    assert isinstance(top, ScoringScene)
    top.watch_replay()
    table = app.top
    assert isinstance(table, PlayScene) and table.stepped
    assert table.names[0] == "Anna" and table.names[2] == "Bo"
    table.step_replay(1)
    table.timeline.finish()
    assert any("Anna" in line.text for line in table.visible_log())


def test_replay_names_and_hands_follow_the_header(app: App) -> None:
    """At every frame of a replay stepped turn by turn, animations included, the hand bar
    shows the hand of the seat the header names, and the highlighted panel is that seat."""
    record, config = finished_record()
    scene = PlayScene(app, ReplaySession(record, config))
    app.push(scene)
    checked = 0
    for _turn in range(6):
        scene.step_replay(1)
        for _frame in range(80):
            seat, heading = scene.headline()
            if seat is not None:
                assert scene.hand_seat() == seat
                replayed = scene.replayed_turn()
                assert replayed is not None and replayed[1] == seat
                assert scene.names[seat] in heading
                checked += 1
            app.step([], 0.05)
            if not scene.timeline.busy:
                break
    assert checked > 20
