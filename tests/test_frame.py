"""The table's frame (``cacao_game.app.play.frame``): what is drawn agrees with itself at
every frame, animations included, and drawing changes nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import harness
import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.play.ai_worker import SyncAI
from cacao_game.app.play.frame import Frame, breakdown
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scenes.scoring import ScoringScene
from cacao_game.app.strings import t, tn
from cacao_game.app.tile_words import jungle_action, jungle_name
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.config.settings import Settings
from cacao_game.session import PlaySession

SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture]
"""Each example plays real frames (a fresh app per example, ``user_home`` only sets paths)."""

LEVELS = ("random", "easy")
COLORS = ("red", "purple", "white", "yellow")


@contextmanager
def table(players: int, seed: int, decisions: int) -> Iterator[tuple[App, PlayScene]]:
    """A table of computer seats at normal animation speed, ``decisions`` random decisions
    into the game of ``seed``; the AI answers in-process, without pacing."""
    pygame.init()
    app = App(
        pygame.Surface((1920, 1080)),
        Settings(animation_speed="normal", ai_pacing=0.0, sound=False),
        router=router(),
    )
    config = GameConfig([SeatConfig(f"S{i}", COLORS[i], LEVELS[i % 2]) for i in range(players)], "base", seed)
    scene = PlayScene(app, PlaySession(config, harness.random_game(config, decisions, seed)), ai=SyncAI())
    app.push(scene)
    try:
        yield app, scene
    finally:
        app.close()


def numbers(text: str) -> list[int]:
    """The integers written in ``text``, in order."""
    return [int(n) for n in re.findall(r"-?\d+", text)]


def check_tiles_to_come(frame: Frame, scene: PlayScene) -> None:
    """The jungle tiles still to come agree with the display and pile drawn in the same frame:
    those in the pile add up to the pile's size, the rest are the display's; each tooltip's
    chance that the next tile drawn is of its kind is its share of the pile (the next tile
    drawn comes from the pile only: R3.5, R3.12), and it says how many of its count lie in the
    display (a tester read "4 still to come" and "15 %" of a pile of 20 and took it for wrong).
    Each tile to come and each face-up tile also says what a worker facing it does (a French
    trial found the face-up volcano's tip silent on it)."""
    shown = scene.shown
    assert sum(kind.in_pile for kind in frame.remaining) == shown.pile_count == frame.pile_count
    display = {kind.code: kind.count - kind.in_pile for kind in frame.remaining if kind.count > kind.in_pile}
    assert display == {code: shown.display.count(code) for code in shown.display}
    lines = {tip.lines for tip in frame.tips}
    for kind in frame.remaining:
        odds = round(100 * kind.in_pile / shown.pile_count) if shown.pile_count else 0
        in_display = kind.count - kind.in_pile
        if in_display:
            said = tn("tip.remaining_display", kind.count, shown=in_display, odds=odds)
        else:
            said = tn("tip.remaining", kind.count, odds=odds)
        assert (jungle_name(kind.code), jungle_action(kind.code), said) in lines
    for code in shown.display:
        assert (jungle_name(code), jungle_action(code), t("tip.display")) in lines
        assert numbers(said) == ([kind.count, in_display, odds] if in_display else [kind.count, odds])


def check_panels(frame: Frame) -> None:
    """Each seat panel's number is the sum its tooltips show, and its gold the tooltip's gold."""
    lines = {lines for tip in frame.tips for lines in [tip.lines]}
    for view in frame.seats:
        projected = (t("tip.projected", name=view.name), breakdown(view.score))
        assert projected in lines
        gold, temples, sun, water, total, _cacao = numbers(projected[1])
        assert gold + temples + sun + water == total == view.total
        assert gold == view.score.gold


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    decisions=st.integers(0, 120),
    steps=st.lists(st.floats(0.01, 0.25), min_size=40, max_size=160),
)
def test_every_frame_of_a_played_game_agrees_with_its_tooltips(
    user_home, players: int, seed: int, decisions: int, steps: list[float]
) -> None:
    """At every frame of a game the computer seats play, animations included, every seat
    panel's number equals the sum in its tooltip; the panels' numbers are those of the shown
    snapshot (they move only as the animations land); the jungle tiles still to come agree
    with the display and the pile drawn (``check_tiles_to_come``)."""
    with table(players, seed, decisions) as (app, scene):
        for dt in steps:
            app.step([], dt)
            if app.top is not scene:
                break
            check_panels(scene.frame)
            check_tiles_to_come(scene.frame, scene)
            assert [v.score for v in scene.frame.seats] == list(scene.shown.scores())


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=SLOW_OK,
)
@given(
    seed=st.integers(0, 10_000),
    speed=st.sampled_from(["slow", "normal", "fast"]),
    steps=st.lists(st.floats(0.01, 0.4), min_size=5, max_size=40),
)
def test_the_scoring_table_equals_the_chart_at_every_frame(
    user_home, seed: int, speed: str, steps: list[float]
) -> None:
    """The chart (and the points by source) shows only at frames where the table shows the
    final scores: never a total the table does not show yet, for any seat at any frame; at
    the end both are the final scores."""
    pygame.init()
    app = App(pygame.Surface((1920, 1080)), Settings(animation_speed=speed, sound=False), router=router())
    try:
        config = GameConfig([SeatConfig(f"S{i}", COLORS[i], "random") for i in range(3)], "base", seed)
        game = harness.random_game(config, None, seed)
        scene = ScoringScene(app, game, config, [])
        app.push(scene)
        final = [s.total for s in game.score_now()]
        for dt in steps:
            app.step([], dt)
            for view in ("chart", "statistics"):
                scene.view = view
                if scene.view_shown():
                    assert [row["total"] for row in scene.rows()] == final == scene.chart_rows()[-1]
                assert scene.view_shown() == scene.done
        scene.skip()
        app.step([], 0.01)
        assert scene.view_shown() and scene.chart_rows()[-1] == final
    finally:
        app.close()


def test_drawing_leaves_the_frame_equal(user_home) -> None:
    """Drawing the table, again and again, leaves its frame and the frame it would build
    now equal (drawing reads the frame and changes nothing)."""
    with table(3, 5, 30) as (app, scene):
        for _ in range(25):
            app.step([], 0.05)
        before = scene.frame
        for _ in range(3):
            scene.draw(app.screen)
        assert scene.frame == before
        assert scene.build_frame() == before


def test_input_maps_events_and_the_frame_to_commands_without_the_scene(user_home) -> None:
    """The table's input reads events against a frame and returns commands; the same key
    means a decision at the table, a finished animation while one runs, and a step in a
    replay; a click on a seat panel outlines its tiles. Nothing is carried out."""
    from dataclasses import replace

    from driver import click, key

    from cacao_game.app.play.controls import Finish, Highlight, Send, Step, TableInput
    from cacao_game.session import Confirm

    with table(2, 5, 4) as (app, scene):
        frame = replace(scene.frame, accepts_input=True, busy=False, stepped=False, curtain=None)
        before = (scene.source.game._state(), scene.shown, scene.camera.target_scale)
        controls = TableInput(app.intents)
        enter = [key(app, "confirm")]
        assert controls.handle(enter, frame, scene.hud, scene.camera)[0] == [Send(Confirm())]
        busy = replace(frame, busy=True)
        assert controls.handle([key(app, "skip")], busy, scene.hud, scene.camera)[0] == [Finish()]
        replay = replace(frame, stepped=True)
        assert controls.handle([key(app, "pan_right")], replay, scene.hud, scene.camera)[0] == [Step(1)]
        watching = replace(frame, accepts_input=False)
        panel = scene.hud.panel_rect(1).center
        assert controls.handle(click(panel), watching, scene.hud, scene.camera)[0] == [Highlight(1)]
        assert (scene.source.game._state(), scene.shown, scene.camera.target_scale) == before


def paced_app() -> App:
    """A 1920x1080 app whose computer seats think at the normal pace (a second a move)."""
    pygame.init()
    return App(
        pygame.Surface((1920, 1080)),
        Settings(animation_speed="normal", ai_pacing=1.0, sound=False),
        router=router(),
    )


def test_the_notice_that_hints_are_for_your_turn_goes_when_the_hand_over_screen_comes(user_home) -> None:
    """A German trial pressed H while the computer thought, then read "Hints are for your
    turn" over the next player's hand-over screen, as if that player had been refused: the
    notice goes once the hand-over screen is up."""
    from app_support import make_scene
    from driver import key

    app = paced_app()
    try:
        scene = make_scene(app, ["easy", "human", "human"], seed=3)
        app.step([], 0.02)
        assert not scene.timeline.busy and not scene.source.accepts_input()
        app.step([key(app, "hint")], 0.02)
        assert app.toast is not None and app.toast[0] == t("play.hint_not_your_turn")
        app.toast = (app.toast[0], 600.0)
        for _ in range(400):
            app.step([], 0.05)
            if scene.curtain_for is not None:
                break
        assert scene.curtain_for == 1
        assert app.toast is None or app.toast[0] != t("play.hint_not_your_turn")
    finally:
        app.close()


def test_hint_pressed_while_the_computer_thinks_is_refused_with_a_word(user_home) -> None:
    """Playtest: H pressed while the computer seat thought was kept, and the hint popped up
    with its move staged when the player's turn began, unasked by then. Now it is refused at
    once with a notice, taken down when the player's turn comes (a trial still read it then,
    the computer having moved fast); no hint is asked for or arrives later, and H on the
    player's own turn still gives one."""
    from app_support import make_scene
    from driver import key

    app = paced_app()
    try:
        scene = make_scene(app, ["easy", "human"], seed=3)
        app.step([], 0.02)
        assert not scene.timeline.busy and not scene.source.accepts_input()
        app.step([key(app, "hint")], 0.02)
        assert app.toast is not None and app.toast[0] == t("play.hint_not_your_turn")
        app.toast = (app.toast[0], 600.0)  # up as long as the computer's turn lasts
        assert not scene.source.hint_pending()
        for _ in range(400):
            app.step([], 0.05)
            if scene.source.accepts_input() and not scene.timeline.busy:
                break
        assert app.toast is None or app.toast[0] != t("play.hint_not_your_turn")
        for _ in range(20):
            app.step([], 0.05)
        assert scene.source.hint is None and not scene.source.hint_pending()
        app.step([key(app, "hint")], 0.02)
        for _ in range(400):
            app.step([], 0.05)
            if scene.source.hint is not None:
                break
        assert scene.source.hint is not None
    finally:
        app.close()


class Tripwire:
    """Stands in for a model object while the table draws: any use of it fails the test."""

    def __init__(self, what: str) -> None:
        self._what = what

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"drawing read {self._what}.{name}")


@pytest.mark.parametrize(
    "shot",
    [
        "place",
        "hint",
        "hint_fill",
        "review",
        "review_resolve",
        "tutorial_wrong",
        "tutorial_fill",
        "net_banner",
        "net_standin",
        "net_left_host",
        "net_watching",
        "ai_turn",
        "tutorial_watch",
        "game_over",
    ],
)
def test_drawing_reads_the_frame_not_the_session(shot: str, user_home: object) -> None:
    """The standard: drawing reads one frame value and does no model work. With the table's
    source, its lesson, its review and its network presence each replaced by a tripwire, the
    table draws whole and by changes: the hint's and review's panels, the lesson panel and
    the network's notices come from the frame alone."""
    from shots import SHOTS, frames, make_app

    app = make_app((1366, 768), Settings(sound=False))
    SHOTS[shot](app)
    frames(app, 3)
    scene = app.top
    assert isinstance(scene, PlayScene)
    kept = (scene.source, scene.lesson, scene.review, scene.net, scene.coach)
    drawn_whole = app.screen.copy()
    scene.draw(drawn_whole)
    try:
        scene.source = Tripwire("source")  # type: ignore[assignment]
        scene.lesson = Tripwire("lesson")  # type: ignore[assignment]
        scene.review = Tripwire("review") if scene.review is not None else None  # type: ignore[assignment]
        scene.net = Tripwire("net") if scene.net is not None else None  # type: ignore[assignment]
        if scene.coach is not None:
            scene.coach.session = Tripwire("lesson")  # type: ignore[assignment]
        tripped = app.screen.copy()
        scene.draw(tripped)
        assert pygame.image.tobytes(tripped, "RGB") == pygame.image.tobytes(drawn_whole, "RGB")
        scene.draw_changes(app.screen.copy(), [], fresh=True)
    finally:
        scene.source, scene.lesson, scene.review, scene.net, scene.coach = kept
        if scene.coach is not None and kept[1] is not None:
            scene.coach.session = kept[1]
        app.close()


@pytest.mark.parametrize(("shot", "placing"), [("place", True), ("fill2", False), ("resolve", False)])
def test_a_hand_tiles_tip_names_its_key_only_while_it_picks(
    shot: str, placing: bool, user_home: object
) -> None:
    """A trial read "Press 1 to pick this tile" on a hand tile during a fill, where 1 picks a
    display tile: the hand's tips say their key picks the tile while the seat places, and
    otherwise that it will at the seat's next placement. Another read it over the tile
    already picked: that one's tip says how to turn and lay it."""
    from shots import SHOTS, frames, make_app

    from cacao_game.app.play.hud import table_tips

    app = make_app((1366, 768), Settings(sound=False))
    SHOTS[shot](app)
    frames(app, 3)
    scene = app.top
    assert isinstance(scene, PlayScene)
    frame = scene.frame
    hand = scene.shown.hands[frame.hand_seat] if frame.hand_seat is not None else []
    assert hand, "the hand is face up"
    workers = [[] for _ in frame.seats]
    tips = table_tips(scene.hud, frame.seats, workers, (), 0, hand, (), (), placing)
    wanted = t("tip.hand" if placing else "tip.hand_later", key=1)
    assert any(wanted in tip.lines for tip in tips)
    shown = [line for tip in frame.tips for line in tip.lines]
    picked = frame.hand.selected
    assert (picked is not None) == placing
    for index in range(len(hand)):
        key = "tip.hand_picked" if index == picked else "tip.hand" if placing else "tip.hand_later"
        assert t(key, key=index + 1) in shown
    app.close()
