"""The play scene played through its input only (App.step with key and mouse events)."""

from __future__ import annotations

import random

import harness
import pygame
import pytest
from driver import human_turn_events, key

from cacao_game.app.app import App
from cacao_game.app.play.controls import CONFIRM_PAUSE
from cacao_game.app.play.scene import BOARD_GRACE, PlayScene
from cacao_game.engine import Fill, Phase
from cacao_game.session import PlaySession, ShowHand
from cacao_game.session.outcomes import outcomes
from tests.app_support import make_config, make_scene


@pytest.fixture
def app(play_app: App) -> App:
    """The conftest off-screen app with instant animations."""
    return play_app


def test_whole_game_through_the_ui_reaches_scoring(app: App) -> None:
    """Two humans (one on keys, one on the mouse) and an AI finish a game via events only,
    and the scene hands over to the scoring scene with a score history of every turn: its
    chart starts before the first turn, so its point at turn n is the total after turn n, the
    same as the chart rebuilt from the game (a playtest saw the live one a turn early)."""
    from cacao_game.app.scenes.scoring import ScoringScene, replay_history

    scene = make_scene(app, ["human", "human", "easy"], seed=11)
    rng = random.Random(5)
    curtains = 0
    for _frame in range(4000):
        if app.top is not scene:
            break
        if scene.curtain_for is not None:
            curtains += 1
        seat = scene.curtain_for if scene.curtain_for is not None else scene.source.game.current_player()
        app.step(human_turn_events(scene, rng, use_mouse=(seat == 1)), 0.02)
    assert isinstance(app.top, ScoringScene)
    assert scene.source.game.is_over()
    assert curtains > 0
    assert len(scene.history.score_history) == scene.source.game.turn + 1
    chart = app.top.history
    rebuilt = replay_history(scene.source.game)
    assert chart[: len(rebuilt)] == rebuilt and chart[0] == [-10, -10, -10]
    assert scene.ai.client is not None


def test_keyboard_alone_places_a_tile(app: App) -> None:
    """1-3 select, E/R/Q rotate, Tab cycles legal squares, Enter confirms (R3.2)."""
    scene = make_scene(app, ["human", "human"])
    turn = scene.turn
    app.step([key(app, "select_2")], 0.02)
    assert turn.hand_index == 1
    app.step([key(app, "select_3")], 0.02)
    assert turn.hand_index == 2
    app.step([key(app, "rotate_cw")], 0.02)
    assert turn.rotation == 1
    app.step([app.intents.event_for("rotate_cw")] * 1 + [key(app, "rotate_ccw")] * 3, 0.02)
    assert turn.rotation == 3
    app.step([key(app, "cycle")], 0.02)
    first = turn.provisional
    assert first is not None and first.pos == turn.targets()[0]
    app.step([key(app, "cycle")], 0.02)
    assert turn.provisional.pos == turn.targets()[1]
    app.step([key(app, "cycle", mod=pygame.KMOD_SHIFT)], 0.02)
    assert turn.provisional.pos == turn.targets()[0]
    tile = turn.provisional.tile
    app.step([key(app, "confirm")], 0.02)
    assert len(scene.source.game.actions) == 1
    placed = scene.source.game.workers[first.pos]
    assert (placed.tile, placed.rotation, placed.seat) == (tile, 3, 0)


def test_space_confirms_and_second_click_confirms(app: App) -> None:
    """Space confirms a provisional placement; a click sets one, a second click on the same
    square confirms it (no auto-confirm on the first click)."""
    from driver import click, square_point

    scene = make_scene(app, ["human", "human"])
    app.step(
        [key(app, "cycle"), pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")], 0.02
    )
    assert len(scene.source.game.actions) >= 1
    while scene.source.game.current_player() == 0 or scene.curtain_for is not None:
        app.step(human_turn_events(scene, random.Random(1)), 0.02)
    target = sorted(scene.source.game.frontier)[0]
    point = square_point(scene, target)
    done = len(scene.source.game.actions)
    app.step(click(point), 0.02)
    assert len(scene.source.game.actions) == done
    assert scene.turn.provisional is not None and scene.turn.provisional.pos == target
    app.step([], CONFIRM_PAUSE)
    app.step(click(point), 0.02)
    assert len(scene.source.game.actions) == done + 1
    assert target in scene.source.game.workers


@pytest.mark.parametrize("gaps", [(0.0, 0.02, 0.02), (0.15,) * 6], ids=["double", "burst"])
def test_quick_clicks_choose_but_do_not_confirm(app: App, gaps: tuple[float, ...]) -> None:
    """Issue 22.3: the second click of a double-click on a square (within ``CONFIRM_PAUSE``)
    leaves the placement provisional; a click after the pause confirms it. A trial's four
    clicks 150 ms apart placed the tile and confirmed it: the pause counts from the last
    click of a burst."""
    from driver import click, square_point

    scene = make_scene(app, ["human", "human"])
    target = sorted(scene.source.game.frontier)[0]
    point = square_point(scene, target)
    for gap in gaps:
        app.step(click(point), gap)
    assert scene.source.game.actions == []
    assert scene.turn.provisional is not None and scene.turn.provisional.pos == target
    app.step([], CONFIRM_PAUSE)
    app.step(click(point), 0.02)
    assert target in scene.source.game.workers


@pytest.mark.parametrize("laid_by", ["tab", "hint"])
def test_a_double_click_on_a_move_a_hint_or_tab_laid_chooses_it_without_confirming(
    app: App, laid_by: str
) -> None:
    """A trial's double-click (150 ms) on the tile a hint laid confirmed it at once, and so
    on one Tab laid: the first click on such a move chooses it, the double-click's second
    click is within ``CONFIRM_PAUSE`` and does nothing, and a click after the pause confirms."""
    from driver import click, square_point

    from cacao_game.engine import Place
    from cacao_game.session import RequestHint

    scene = make_scene(app, ["human", "easy"])
    if laid_by == "tab":
        app.step([key(app, "cycle")], 0.02)
    else:
        scene.source.handle(RequestHint())
        for _ in range(50):
            app.step([], 0.05)
            if scene.source.hint is not None:
                break
    app.step([], CONFIRM_PAUSE)
    laid = scene.turn.provisional
    assert isinstance(laid, Place)
    point = square_point(scene, laid.pos)
    app.step(click(point), 0.15)
    app.step(click(point), 0.02)
    assert scene.source.game.actions == [], "a double-click chose, it did not confirm"
    app.step([], CONFIRM_PAUSE)
    app.step(click(point), 0.02)
    assert scene.source.game.actions and scene.source.game.actions[0] == laid


def play_to_own_placement(scene: PlayScene, turn: int) -> random.Random:
    """Play seat 0's decisions (the computer the others) until seat 0 is to place a tile at
    ``turn`` or later, the table then standing still; the random choices' source, to go on."""
    rng = random.Random(2)
    for _ in range(600):
        game = scene.source.game
        if game.turn >= turn and scene.source.deciding_human() == 0 and game.phase is Phase.PLACE:
            break
        scene.app.step(human_turn_events(scene, rng), 0.02)
    scene.app.step([], 3.0)
    return rng


def test_a_double_click_on_undo_takes_back_one_decision(app: App) -> None:
    """A trial's double-click on Undo took back two decisions, five quick clicks a whole turn
    (there is no redo): a click on Undo within ``CONFIRM_PAUSE`` of the last one does nothing;
    after a pause it undoes again."""
    from driver import click

    scene = make_scene(app, ["human", "easy"], seed=8)
    play_to_own_placement(scene, 4)
    made = len(scene.source.game.actions)
    reach = scene.source.undo_check()
    assert isinstance(reach, int) and reach > 0
    undo = next(b for b in scene.hud.action_buttons() if b.name == "undo").rect.center
    app.step(click(undo), 0.1)
    app.step(click(undo), 0.1)
    app.step([], 3.0)
    assert len(scene.source.game.actions) == made - reach, "one undo"
    app.step(click(undo), 0.02)
    app.step([], 0.1)
    assert len(scene.source.game.actions) < made - reach, "a click after the pause undoes"


def test_undo_clicked_while_the_computer_moves_undoes(user_home: object) -> None:
    """A trial clicked Undo while the computer's move was shown: the click only skipped the
    animation and the computer played on. A click on Undo during an animation ends it and
    undoes, as the button says."""
    from driver import click

    from cacao_game.app.catalog import router
    from cacao_game.config.settings import Settings

    app = App(pygame.Surface((1920, 1080)), Settings(animation_speed="normal", sound=False), router=router())
    scene = make_scene(app, ["human", "easy"], seed=8)
    rng = play_to_own_placement(scene, 2)
    before = len(scene.source.game.actions)
    for _ in range(600):
        app.step(human_turn_events(scene, rng), 0.02)
        if scene.timeline.busy and len(scene.source.game.actions) > before:
            break
    assert scene.timeline.busy and len(scene.source.game.actions) > before
    undo = next(b for b in scene.hud.action_buttons() if b.name == "undo").rect.center
    app.step(click(undo), 0.02)
    app.step([], 3.0)
    assert len(scene.source.game.actions) <= before, "back to before the player's move"


def test_a_double_click_on_a_fill_space_gives_it_its_tile(app: App) -> None:
    """A trial's double-click on a jungle space gave it the tile and took it back at once: the
    second click of a double-click (within ``CONFIRM_PAUSE``) keeps the tile there; a click
    after the pause takes it back, as before."""
    from driver import click, square_point

    scene = make_scene(app, ["human", "human"], seed=5)
    rng = random.Random(2)
    for _ in range(3000):
        game = scene.source.game
        if scene.accepts_board_input() and game.phase is Phase.FILL and not scene.turn.assignments():
            break
        app.step(human_turn_events(scene, rng), 0.02)
    else:
        raise AssertionError("no fill reached")
    app.step([], BOARD_GRACE)
    space = sorted(scene.source.game.pending_fills)[0]
    point = square_point(scene, space)
    app.step(click(point) + click(point), 0.02)
    assert space in scene.turn.assignments()
    app.step([], CONFIRM_PAUSE)
    app.step(click(point), 0.02)
    assert space not in scene.turn.assignments()


def test_a_double_click_on_confirm_does_not_skip_the_move_it_plays(user_home: object) -> None:
    """A tester's double-click on a button skipped the animations it started: the second
    click of a double-click (within ``CONFIRM_PAUSE`` of the click that played the move) lets
    the move's animation run; a click after the pause still finishes it at once."""
    from driver import click

    from cacao_game.app.catalog import router
    from cacao_game.config.settings import Settings

    app = App(pygame.Surface((1920, 1080)), Settings(animation_speed="normal", sound=False), router=router())
    scene = make_scene(app, ["human", "human"])
    app.step([key(app, "cycle")], 0.02)
    confirm = next(b.rect for b in scene.hud.action_buttons() if b.name == "confirm")
    app.step(click(confirm.center), 0.02)
    assert len(scene.source.game.actions) == 1 and scene.timeline.busy
    app.step(click(confirm.center), 0.02)
    assert scene.timeline.busy
    app.step([], CONFIRM_PAUSE)
    assert scene.timeline.busy
    app.step(click(confirm.center), 0.02)
    assert not scene.timeline.busy


def test_board_clicks_wait_a_moment_after_the_computer_moved(app: App) -> None:
    """Issue 22.14: once the computer's turn is over, clicks on the board do nothing for
    ``BOARD_GRACE`` seconds of the table's clock, then they work again."""
    from driver import click, square_point

    scene = make_scene(app, ["easy", "human"], seed=4)
    for _ in range(600):
        if scene.accepts_board_input():
            break
        app.step([], 0.05)
    assert scene.accepts_board_input() and scene.source.game.current_player() == 1
    assert scene.frame.ready_at > scene.clock
    target = sorted(scene.source.game.frontier)[0]
    point = square_point(scene, target)
    app.step(click(point), 0.02)
    assert scene.turn.provisional is None
    app.step([], BOARD_GRACE)
    app.step(click(point), 0.02)
    assert scene.turn.provisional is not None and scene.turn.provisional.pos == target


def test_undo_provisional_then_engine_steps(app: App) -> None:
    """U drops the provisional tile first; Ctrl+Z then takes back engine decisions (Game.pop),
    back across the AI's answer (casual undo, one human)."""
    scene = make_scene(app, ["human", "easy"], seed=4)
    app.step([key(app, "cycle")], 0.02)
    assert scene.turn.provisional is not None
    app.step([key(app, "undo")], 0.02)
    assert scene.turn.provisional is None
    assert not scene.source.game.actions
    app.step([key(app, "cycle"), key(app, "confirm")], 0.02)
    assert len(scene.source.game.actions) == 2, "the human's placement and the AI's answer"
    assert scene.source.game.workers
    app.step([key(app, "undo")], 0.02)
    assert not scene.source.game.actions
    assert scene.source.game.turn == 0 and scene.source.game.current_player() == 0
    assert scene.curtain_for is None
    assert scene.shown.workers == scene.source.game.workers == {}


def test_ctrl_z_is_undo(app: App) -> None:
    """Ctrl+Z (the default binding) undoes like U."""
    scene = make_scene(app, ["human", "easy"], seed=4)
    app.step([key(app, "cycle"), key(app, "confirm")], 0.02)
    assert scene.source.game.actions
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="")
    app.step([ctrl_z], 0.02)
    assert not scene.source.game.actions


def test_undo_steps_back_across_an_ai_turn(app: App) -> None:
    """After the AI moved, undo pops back to the human's previous decision and forgets the
    undone turns' log lines and score history."""
    scene = make_scene(app, ["human", "medium"], seed=8)
    rng = random.Random(2)
    for _ in range(400):
        if (
            scene.source.game.turn >= 2
            and scene.source.deciding_human() == 0
            and scene.source.game.phase is Phase.PLACE
        ):
            break
        app.step(human_turn_events(scene, rng), 0.02)
    assert scene.source.game.turn == 2
    history_before = len(scene.history.score_history)
    assert history_before == 2
    app.step([key(app, "undo")], 0.02)
    assert scene.source.game.current_player() == 0
    assert scene.source.game.turn == 0
    assert len(scene.history.score_history) == 0
    assert len(scene.history.lines) == 1
    assert list(scene.shown.gold) == scene.source.game.gold


def test_after_an_undo_the_view_is_the_one_the_table_opens_with_there(app: App) -> None:
    """A tester undid back across turns that had grown the board and the view stayed zoomed
    out over the few tiles left. After an undo a view that follows the board fits the board
    as it is, as the table opened at that position would show it."""
    from cacao_game.app.play.ai_worker import SyncAI
    from cacao_game.session import PlaySession

    scene = make_scene(app, ["human", "medium", "medium"], seed=8)
    rng = random.Random(2)
    for _ in range(2000):
        if scene.source.game.turn >= 12 and scene.source.deciding_human() == 0 and not scene.timeline.busy:
            break
        app.step(human_turn_events(scene, rng), 0.02)
    grown = scene.camera.target_scale
    while scene.source.game.turn > 3:
        app.step([key(app, "undo")], 0.02)
        app.step([], 0.02)
    harness.run(app, 90)
    game = scene.source.game
    assert scene.follow_board
    fresh = PlayScene(app, PlaySession(scene.source.config, game.clone()), ai=SyncAI())
    assert scene.camera.target_scale == pytest.approx(fresh.camera.target_scale)
    assert scene.camera.target_scale > grown


def test_hint_shows_a_legal_ghost(app: App) -> None:
    """H asks the AI; its suggestion becomes the provisional, legal choice (not applied)."""
    scene = make_scene(app, ["human", "human"])
    app.step([key(app, "hint")], 0.02)
    app.step([], 0.02)
    assert scene.hint is not None
    assert scene.turn.provisional == scene.hint
    assert scene.source.game.is_legal(scene.hint)
    assert not scene.source.game.actions


def test_camera_keys(app: App) -> None:
    """+/- zoom, WASD and arrows pan, Home fits every tile."""
    scene = make_scene(app, ["human", "human"])
    cam = scene.camera
    scale = cam.target_scale
    app.step([key(app, "zoom_in")], 0.02)
    assert cam.target_scale > scale
    app.step([key(app, "zoom_out"), key(app, "zoom_out")], 0.02)
    assert cam.target_scale < scale
    x, y = cam.target_center
    for intent, check in (
        ("pan_right", lambda c: c.x > x),
        ("pan_left", lambda c: c.x <= x),
        ("pan_down", lambda c: c.y > y),
        ("pan_up", lambda c: c.y <= y),
    ):
        app.step([key(app, intent)], 0.02)
        app.step([pygame.event.Event(pygame.KEYUP, key=key(app, intent).key, mod=0)], 0.02)
        assert check(cam.target_center), intent
    app.step([key(app, "fit")], 0.02)
    scene.camera.snap()
    for square in list(scene.source.game.jungle) + list(scene.source.game.frontier):
        assert cam.viewport.contains(pygame.Rect(cam.square_rect(square)))


def test_mouse_rotation_and_zoom(app: App) -> None:
    """Right-click and Ctrl+wheel rotate; the plain wheel over the board zooms."""
    scene = make_scene(app, ["human", "human"])
    center = scene.camera.viewport.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=center, button=3)], 0.02)
    assert scene.turn.rotation == 1
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, mod=pygame.KMOD_LCTRL)], 0.02)
    assert scene.turn.rotation == 0
    scale = scene.camera.target_scale
    app.step(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=center, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, mod=0),
        ],
        0.02,
    )
    assert scene.camera.target_scale > scale


def raw(code: int, mod: int = 0) -> pygame.event.Event:
    """A KEYDOWN of a physical key."""
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")


@pytest.mark.parametrize(
    ("keys", "check"),
    [
        ([pygame.K_2], lambda s, before: s.turn.hand_index == 1),
        ([pygame.K_3, pygame.K_1], lambda s, before: s.turn.hand_index == 0),
        ([pygame.K_e], lambda s, before: s.turn.rotation == 1),
        ([pygame.K_r, pygame.K_r], lambda s, before: s.turn.rotation == 2),
        ([pygame.K_q], lambda s, before: s.turn.rotation == 3),
        ([pygame.K_TAB], lambda s, before: s.turn.provisional is not None),
        ([pygame.K_TAB, pygame.K_RETURN], lambda s, before: len(s.source.game.actions) == 1),
        ([pygame.K_TAB, pygame.K_SPACE], lambda s, before: len(s.source.game.actions) == 1),
        ([pygame.K_TAB, pygame.K_u], lambda s, before: s.turn.provisional is None),
        ([pygame.K_h], lambda s, before: s.hint is not None),
        ([pygame.K_EQUALS], lambda s, before: s.camera.target_scale > before.target_scale),
        ([pygame.K_PLUS], lambda s, before: s.camera.target_scale > before.target_scale),
        ([pygame.K_MINUS], lambda s, before: s.camera.target_scale < before.target_scale),
        ([pygame.K_w], lambda s, before: s.camera.target_center.y < before.target_center.y),
        ([pygame.K_UP], lambda s, before: s.camera.target_center.y < before.target_center.y),
        ([pygame.K_s], lambda s, before: s.camera.target_center.y > before.target_center.y),
        ([pygame.K_a], lambda s, before: s.camera.target_center.x < before.target_center.x),
        ([pygame.K_LEFT], lambda s, before: s.camera.target_center.x < before.target_center.x),
        ([pygame.K_d], lambda s, before: s.camera.target_center.x > before.target_center.x),
        ([pygame.K_RIGHT], lambda s, before: s.camera.target_center.x > before.target_center.x),
        ([pygame.K_MINUS, pygame.K_HOME], lambda s, before: s.camera.target_scale == before.target_scale),
    ],
)
def test_default_hotkeys(app: App, keys: list[int], check) -> None:
    """Each default key of the play scene (settings.DEFAULT_KEY_BINDINGS) does its job."""
    import copy

    scene = make_scene(app, ["human", "human"], seed=4)
    before = copy.deepcopy(scene.camera)
    for code in keys:
        app.step([raw(code)], 0.02)
    app.step([], 0.02)
    assert check(scene, before)


def test_drag_pans_without_placing(app: App) -> None:
    """Dragging on the board pans the view; releasing after a drag is not a click."""
    scene = make_scene(app, ["human", "human"])
    start = scene.camera.square_center(sorted(scene.source.game.frontier)[0])
    x, y = round(start.x), round(start.y)
    center = pygame.Vector2(scene.camera.center)
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 60, y), rel=(60, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 120, y + 30), rel=(60, 30), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 120, y + 30), button=1),
        ],
        0.0,
    )
    assert scene.camera.center.x < center.x and scene.camera.center.y < center.y
    assert scene.turn.provisional is None and not scene.source.game.actions


def test_a_square_shows_no_tooltip_while_a_move_animates(user_home: object) -> None:
    """A trial's tooltip, under the resting mouse, hid the tiles the computer was laying: a
    board square's tooltip waits for the animation's end; a seat panel's still shows."""
    from driver import square_point

    from cacao_game.app.catalog import router
    from cacao_game.config.settings import Settings

    app = App(pygame.Surface((1920, 1080)), Settings(animation_speed="slow", sound=False), router=router())
    scene = make_scene(app, ["human", "human"])
    app.step([key(app, "cycle"), key(app, "confirm")], 0.02)
    assert scene.timeline.busy
    point = square_point(scene, (0, 0))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))], 0.02)
    app.step([], 0.5)
    assert scene.timeline.busy and scene.tooltip() == []
    panel = scene.hud.panel_rect(1).center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=panel, rel=(0, 0), buttons=(0, 0, 0))], 0.02)
    app.step([], 0.5)
    assert scene.timeline.busy and scene.tooltip() != []


def test_a_square_clicked_shows_no_tooltip_until_the_mouse_moves(app: App) -> None:
    """A French trial's tooltip, over the square just clicked, covered the preview label the
    click brought: after a click a square's tooltip waits until the mouse moves again."""
    from driver import click, square_point

    scene = make_scene(app, ["human", "human"])
    point = square_point(scene, (0, 0))

    def move(to: tuple[int, int]) -> pygame.event.Event:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(1, 0), buttons=(0, 0, 0))

    app.step([move(point)], 0.02)
    app.step([], 0.6)
    assert scene.tooltip() != []
    app.step(click(point), 0.02)
    app.step([], 0.6)
    assert scene.tooltip() == []
    app.step([move((point[0] + 1, point[1]))], 0.02)
    app.step([], 0.6)
    assert scene.tooltip() != []


def test_panel_click_highlights_and_hover_shows_the_breakdown(app: App) -> None:
    """Clicking a seat panel toggles the highlight of its tiles; hovering it ~0.4 s shows the
    projected score breakdown (game.score_now)."""
    from driver import click

    scene = make_scene(app, ["human", "human"])
    panel = scene.hud.panel_rect(1)
    app.step(click(panel.center), 0.02)
    assert scene.highlight_seat == 1
    app.step([], 0.2)
    assert scene.tooltip() == []
    app.step([], 0.3)
    score = scene.source.game.score_now()[1]
    lines = scene.tooltip()
    assert lines[0] == "Ben" and f"= {score.total}" in lines[1]
    app.step(click(panel.center), 0.02)
    assert scene.highlight_seat is None


def test_header_says_the_game_is_over_while_the_temples_are_scored(app: App) -> None:
    """Once the last turn has ended on screen, the temples' scoring animation is headed
    "Game over" with a final-scoring status, not the last mover's turn (nor the winner yet)."""
    from cacao_game.app.strings import t
    from cacao_game.engine import events as ev

    app.settings.animation_speed = "normal"
    scene = make_scene(app, ["easy", "easy"], seed=4)
    seen: list[tuple[str, str]] = []
    for _frame in range(20000):
        if app.top is not scene:
            break
        app.step([], 0.05)
        if scene.timeline.busy and scene.game.is_over():
            seen.append((scene.headline()[1], scene.status_text()))
    temples = [e for entry in scene.source.journal for e in entry.events if isinstance(e, ev.TempleScored)]
    assert temples, "the seed's game must score a temple"
    assert (t("play.game_over"), t("play.final_scoring")) in seen
    assert not any(h == t("play.game_over") and s != t("play.final_scoring") for h, s in seen)


def _resolution_with_choices(app: App, scene: PlayScene) -> None:
    """Play on by keys until a human resolves with two or more rows on offer."""
    rng = random.Random(2)
    for _ in range(2000):
        turn = scene.turn
        if (
            scene.curtain_for is None
            and scene.accepts_board_input()
            and turn.phase is Phase.RESOLVE
            and len(turn.outcomes()) >= 2
        ):
            return
        app.step(human_turn_events(scene, rng), 0.02)
    raise AssertionError("no resolution with a choice")


def test_a_row_click_chooses_and_a_second_click_plays(app: App) -> None:
    """Playtest: a click on a resolution row only chooses it (focused, nothing played), so a
    misclick can be taken back by clicking another row; a double-click does not play; a
    click on the chosen row after ``CONFIRM_PAUSE`` plays it, as placements do."""
    from driver import click

    scene = make_scene(app, ["human", "human"], seed=5)
    _resolution_with_choices(app, scene)
    turn = scene.turn
    outcomes = turn.outcomes()
    rows = scene.hud.popup_buttons(outcomes)
    done = len(scene.source.game.actions)
    other = next(i for i in range(len(outcomes)) if i != turn.focused())
    app.step(click(rows[other].rect.center), 0.02)
    assert len(scene.source.game.actions) == done
    assert turn.focused() == other and scene.frame.popup is not None and scene.frame.popup.focused == other
    app.step([], CONFIRM_PAUSE)
    mine = next(i for i in range(len(outcomes)) if i != other)
    app.step(click(rows[mine].rect.center) + click(rows[mine].rect.center), 0.02)
    assert len(scene.source.game.actions) == done
    assert turn.focused() == mine
    app.step([], CONFIRM_PAUSE)
    app.step(click(rows[mine].rect.center), 0.02)
    played = scene.source.game.actions[done:]
    assert played and tuple(played[: len(outcomes[mine].actions)]) == outcomes[mine].actions


@pytest.mark.parametrize("by", ["click", "number"])
def test_a_row_chosen_by_click_or_number_plays_on_enter(app: App, by: str) -> None:
    """A row chosen by a click, or by its number key, is what Enter plays."""
    from driver import click

    scene = make_scene(app, ["human", "human"], seed=5)
    _resolution_with_choices(app, scene)
    turn = scene.turn
    outcomes = turn.outcomes()
    done = len(scene.source.game.actions)
    other = next(i for i in range(min(3, len(outcomes))) if i != turn.focused())
    if by == "click":
        app.step(click(scene.hud.popup_buttons(outcomes)[other].rect.center), 0.02)
    else:
        app.step([key(app, f"select_{other + 1}")], 0.02)
    assert len(scene.source.game.actions) == done
    app.step([key(app, "confirm")], 0.02)
    wanted = outcomes[other].actions
    assert tuple(scene.source.game.actions[done : done + len(wanted)]) == wanted


def test_a_number_key_chooses_a_row_as_a_click_does(app: App) -> None:
    """Playtest: a number key only chooses its row (a wrong key is taken back by another);
    the same number again plays it, and so does Enter after a number (one rule for clicks and
    keys); the key hint says so."""
    scene = make_scene(app, ["human", "human"], seed=5)
    _resolution_with_choices(app, scene)
    turn = scene.turn
    outcomes = turn.outcomes()
    done = len(scene.source.game.actions)
    first, second = (1, 0) if turn.focused() == 0 else (0, 1)
    app.step([key(app, f"select_{first + 1}")], 0.02)
    assert len(scene.source.game.actions) == done
    assert turn.focused() == first
    app.step([key(app, f"select_{second + 1}")], 0.02)
    assert len(scene.source.game.actions) == done
    assert turn.focused() == second
    numbers = "/".join(str(row) for row in range(1, min(3, len(outcomes)) + 1))
    assert f"{numbers} " in scene.key_hint_text() and len(outcomes) >= 2
    app.step([key(app, f"select_{second + 1}")], 0.02)
    wanted = outcomes[second].actions
    assert tuple(scene.source.game.actions[done : done + len(wanted)]) == wanted


def test_tab_from_a_hovered_square_shows_one_ghost(app: App) -> None:
    """Playtest: with the mouse resting on a legal square, Tab moves the provisional move
    elsewhere and the ghost under the mouse gives way (one ghost, one label); moving the
    mouse brings it back, unlabelled: a tester saw two labelled ghosts and could not tell
    which one Enter would play."""
    from driver import square_point
    from harness import motion

    scene = make_scene(app, ["human", "human"])
    targets = scene.turn.targets()
    point = square_point(scene, targets[-1])
    app.step([motion((round(point[0]), round(point[1])))], 0.02)
    frame = scene.frame
    assert frame.board is not None and [g.pill for g in frame.board.ghosts] == [True]
    app.step([key(app, "cycle")], 0.02)
    frame = scene.frame
    assert scene.turn.provisional is not None and scene.turn.provisional.pos == targets[0]
    assert frame.board is not None
    assert [g.action.pos for g in frame.board.ghosts] == [targets[0]]
    assert list(frame.previews) == [scene.turn.provisional]
    app.step([motion((round(point[0]) + 2, round(point[1])))], 0.02)
    assert frame is not scene.frame and scene.frame.board is not None
    assert {g.action.pos for g in scene.frame.board.ghosts} == {targets[0], targets[-1]}
    labelled = [g.action.pos for g in scene.frame.board.ghosts if g.pill]
    assert labelled == [targets[0]], "one label: the provisional move's, the one Enter confirms"
    assert list(scene.frame.previews) == [scene.turn.provisional]


def test_temples_keep_their_numbers_all_game(app: App) -> None:
    """Playtest: a temple's number in the temples panel (its row) and in its square's tooltip
    stays the same when another temple is laid, also one on a square that sorts before it;
    the final scoring numbers them the same way."""
    from cacao_game.app.play.hud import square_tooltip
    from cacao_game.engine import events as ev

    scene = make_scene(app, ["human", "human"], seed=7)
    rng = random.Random(4)
    numbers: dict[tuple[int, int], int] = {}
    jumped_ahead = False
    for _ in range(6000):
        game = scene.source.game
        if game.is_over():
            break
        laid = scene.shown.jungle
        rows = [row.pos for row in scene.frame.temples if row.pos in laid]  # not one given to a fill yet
        for number, pos in enumerate(rows, 1):
            assert numbers.setdefault(pos, number) == number
            assert square_tooltip(scene.shown, scene.names, pos, False)[0] == f"Temple {number}"
        if rows and any(pos < rows[0] for pos in rows[1:]):
            jumped_ahead = True
        app.step(human_turn_events(scene, rng), 0.02)
    assert scene.source.game.is_over() and jumped_ahead
    scored = [e.pos for e in scene.history.events if isinstance(e, ev.TempleScored)]
    assert scored == sorted(numbers, key=numbers.__getitem__)


def test_the_temples_panel_shows_the_awards_the_considered_placement_brings(app: App) -> None:
    """A tester read "1→4 +3" on the temples panel as what the move would bring, where 4
    workers against 1 win 6: with a placement considered that changes a temple's workers, its
    row gives the gold each would win after it; with none, the gold each would win now."""
    from cacao_game.engine import Place

    scene = make_scene(app, ["human", "human"], seed=7)
    rng = random.Random(4)
    for _ in range(6000):
        game = scene.source.game
        assert not game.is_over(), "no placement changed a temple's award"
        now = {pos: (workers, awards) for pos, workers, awards in game.temple_standings()}
        for action in game.legal_actions() if scene.source.accepts_input() else []:
            if not isinstance(action, Place):
                continue
            trial = game.clone()
            trial.apply(action)
            after = {pos: (workers, awards) for pos, workers, awards in trial.temple_standings()}
            changed = [pos for pos in now if after[pos][0] != now[pos][0] and after[pos][1] != now[pos][1]]
            if changed and scene.shown.temple_standings() == game.temple_standings():
                rows = {row.pos: row for row in scene._make_temple_rows(action)}
                pos = changed[0]
                assert rows[pos].after == after[pos][0] and rows[pos].awards == after[pos][1]
                plain = {row.pos: row for row in scene._make_temple_rows(None)}
                assert plain[pos].awards == now[pos][1] and plain[pos].after is None
                return
        app.step(human_turn_events(scene, rng), 0.02)


def test_ensure_visible_keeps_a_square_out_from_under_a_panel() -> None:
    """Camera.ensure_visible (Tab, a hint) brought a square into the viewport but left it
    under the temples panel; now it moves it beside the panel."""
    from cacao_game.app.play.camera import Camera

    camera = Camera(pygame.Rect(0, 0, 1000, 600), scale=100)
    camera.snap()
    square = (-3, -2)
    cover = pygame.Rect(0, 0, 300, 200)
    camera.covered = (cover,)
    assert camera.target_square_rect(square).colliderect(cover)
    camera.ensure_visible(square)
    rect = camera.target_square_rect(square)
    assert not rect.colliderect(cover) and camera.viewport.contains(rect)


def test_a_followed_board_stays_centred_and_comes_back_after_a_resolution() -> None:
    """Playtest at 1366x768: after a fill and its resolution the board sat left of the middle
    (the popup had pushed it aside and it never came back; a board growing on one side
    stayed off-centre). While the camera follows the board and no panel covers it, the
    tiles' box is centred at rest, within ``CENTRE_SLACK`` squares; during a resolution the
    squares decided lie clear of the popup."""
    from driver import human_turn_events

    from cacao_game.app.catalog import router
    from cacao_game.app.play.ai_worker import SyncAI
    from cacao_game.app.play.camera import CENTRE_SLACK, Camera
    from cacao_game.app.play.scene import PlayScene as Scene
    from cacao_game.config.settings import Settings
    from cacao_game.session import PlaySession, ShowHand
    from tests.app_support import make_config

    pygame.init()
    app = App(pygame.Surface((1366, 768)), Settings(animation_speed="instant", ai_pacing=0.0, sound=False),
              router=router())  # fmt: skip
    session = PlaySession(make_config(["human", "easy"], 3))
    session.handle(ShowHand())
    scene = Scene(app, session, ai=SyncAI())
    app.push(scene)
    rng = random.Random(1)
    checked = resolutions = 0
    for _ in range(400):
        if app.top is not scene or scene.board_covers():
            break
        app.step(human_turn_events(scene, rng), 0.05)
        for _ in range(40):
            app.step([], 0.05)
        camera: Camera = scene.camera
        if not scene.accepts_board_input() or camera.moving:
            continue
        if scene.turn.phase is Phase.RESOLVE:
            popup = scene.hud.popup_rect(scene.turn.outcomes())
            for edge in scene.game.pending_edges(scene.turn.seat):
                for square in (edge.pos, edge.source):
                    assert not camera.square_rect(square).colliderect(popup)
            resolutions += 1
            continue
        rects = [camera.square_rect(pos) for pos in scene.board_squares()]
        box = rects[0].unionall(rects[1:])
        slack = CENTRE_SLACK * camera.scale + 2
        assert (
            abs(box.centerx - camera.viewport.centerx) <= slack
            and abs(box.centery - camera.viewport.centery) <= slack
        )
        checked += 1
    assert checked >= 5 and resolutions >= 1


def resolution_table(app: App) -> tuple[PlaySession, PlayScene]:
    """A 2-player table at a resolution of six rows (seed 6, 35 decisions in), its hand shown,
    pushed over ``app``."""
    from cacao_game.app.play.ai_worker import SyncAI

    config = make_config(["human", "human"], 1, "base")
    game = harness.random_game(config, 35, seed=6)
    assert game.phase is Phase.RESOLVE and len(outcomes(game)) == 6, "the deal and moves set up six rows"
    session = PlaySession(config, game)
    session.handle(ShowHand())
    scene = PlayScene(app, session, ai=SyncAI())
    app.push(scene)
    return session, scene


def test_a_resolution_moves_the_whole_board_beside_its_popup_where_it_fits(app: App) -> None:
    """A trial saw a late board pushed below the resolution popup, its bottom rows out of the
    view, while the room beside the popup was empty: where the whole board fits beside the
    popup zoomed out by at most ``BESIDE_ZOOM_OUT``, every tile lies in the view and clear of
    it."""
    from cacao_game.app.play.scene import BESIDE_ZOOM_OUT

    _session, scene = resolution_table(app)
    camera = scene.camera
    camera.snap()
    scale = camera.scale
    popup = scene.hud.popup_rect(scene.turn.outcomes())
    under = [pos for pos in scene.board_squares() if camera.square_rect(pos).colliderect(popup)]
    assert under, "the popup covers tiles of the board as it lies"
    for _ in range(120):
        app.step([], 0.05)
    assert not camera.moving and camera.scale >= BESIDE_ZOOM_OUT * scale
    for pos in scene.board_squares():
        rect = camera.square_rect(pos)
        assert camera.viewport.contains(rect) and not rect.colliderect(popup), pos


def test_a_resolution_taken_back_is_cleared_of_its_popup_again(app: App) -> None:
    """A trial confirmed a resolution row and pressed U at once: the panel came back over the
    board as it lay before the resolution, hiding half of the player's tile. The decision taken
    back is cleared again, as the first time."""
    from cacao_game.session import Undo

    session, scene = resolution_table(app)
    camera = scene.camera
    camera.snap()
    for _ in range(120):
        app.step([], 0.05)
    popup = scene.hud.popup_rect(scene.turn.outcomes())
    first = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")
    done = len(session.game.actions)
    app.step([first], 0.05)
    app.step([first], 0.05)
    assert len(session.game.actions) > done
    for _ in range(120):
        app.step([], 0.05)
    scene.send(Undo())
    for _ in range(120):
        app.step([], 0.05)
    assert session.game.phase is Phase.RESOLVE and len(session.game.actions) == done
    assert not camera.moving
    for pos in scene.board_squares():
        assert not camera.square_rect(pos).colliderect(popup), pos


@pytest.mark.parametrize("how", ["resize", "home"])
def test_a_board_fitted_anew_under_a_resolution_is_cleared_of_its_popup_again(app: App, how: str) -> None:
    """A trial resized the window while the workers' choice was up: the board, fitted to the
    new size, lay under the popup, and Home did not move it. A board fitted anew while a
    resolution waits is cleared of its popup again."""
    _session, scene = resolution_table(app)
    camera = scene.camera
    for _ in range(120):
        app.step([], 0.05)
    if how == "resize":
        app.resize(pygame.Surface((1500, 800)))
    else:
        scene.fit_board(snap=True)
    popup = scene.hud.popup_rect(scene.turn.outcomes())
    assert any(camera.square_rect(pos).colliderect(popup) for pos in scene.board_squares()), "fitted under it"
    for _ in range(120):
        app.step([], 0.05)
    assert not camera.moving
    for pos in scene.board_squares():
        assert not camera.square_rect(pos).colliderect(popup), pos


def test_the_digit_of_a_fifth_row_chooses_it_and_the_key_hint_names_it(app: App) -> None:
    """Playtest: the panel numbers every row, but only rows 1-3 had keys (4 and 5 did
    nothing). The digit keys 4-9 choose rows 4-9 as the hand's keys choose rows 1-3: once to
    choose, again to play; a digit past the last row does nothing; the key hint names them."""
    _session, scene = resolution_table(app)
    app.step([], 0.02)
    turn = scene.turn
    rows = turn.outcomes()
    done = len(scene.source.game.actions)
    fifth = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_5, mod=0, unicode="5")
    app.step([fifth], 0.02)
    assert len(scene.source.game.actions) == done and turn.focused() == 4
    assert "1/2/3/4…6" in scene.key_hint_text()
    from cacao_game.app.play.scene import later_rows

    assert [later_rows(rows) for rows in (3, 4, 5, 6, 12)] == [[], ["4"], ["4", "5"], ["4…6"], ["4…9"]]
    beyond = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP7, mod=0, unicode="7")
    app.step([beyond], 0.02)
    assert len(scene.source.game.actions) == done and turn.focused() == 4
    app.step([fifth], 0.02)
    wanted = rows[4].actions
    assert tuple(scene.source.game.actions[done : done + len(wanted)]) == wanted


def test_a_moves_label_and_the_temples_panel_count_the_same_temple_gold(app: App) -> None:
    """A tester's label said "+9 gold at the temples as things stand" where the temples
    panel showed +3: a fill was to lay a temple beside the new workers, which the label
    counted and the panel did not. For every legal placement and fill of a game, the
    mover's temple gold in the panel (its awards, a temple the turn would lay included, as
    a new row from 0 workers) changes by what the label counts (``TurnPreview.temples``);
    at least one of them lays a new temple."""
    from cacao_game.engine import Fill, Overbuild, Place

    scene = make_scene(app, ["human", "human"], seed=7)
    rng = random.Random(4)
    laid_by_fill = 0
    for _ in range(4000):
        game = scene.source.game
        if game.is_over():
            break
        if scene.accepts_board_input() and scene.shown.temple_standings() == game.temple_standings():
            mover = game.mover
            before = sum(awards[mover] for _pos, _workers, awards in game.temple_standings())
            for action in game.legal_actions():
                if not isinstance(action, (Place, Overbuild, Fill)):
                    continue
                preview = scene.turn.turn_preview(action)
                assert preview is not None
                rows = scene._make_temple_rows(action)
                assert sum(row.awards[mover] for row in rows) - before == preview.temples, action
                laid_by_fill += len(rows) > len(game.temple_standings())
        app.step(human_turn_events(scene, rng), 0.02)
    assert laid_by_fill > 0, "no move whose turn lays a temple was seen"


def test_the_temples_panel_keeps_a_temple_given_while_the_mouse_is_elsewhere(app: App) -> None:
    """A trial saw a temple tile given to a space (not yet confirmed) leave the temples panel
    once the mouse left the spaces: with no move under the mouse, the panel shows the end of
    the turn of the fills given so far."""
    from cacao_game.engine.tiles import TEMPLE

    scene = make_scene(app, ["human", "human"], seed=5)
    rng = random.Random(2)
    for _ in range(6000):
        game = scene.source.game
        assert not game.is_over(), "no fill offered a temple"
        if scene.source.accepts_input() and game.phase is Phase.FILL and TEMPLE in game.display:
            space = next(iter(game.pending_fills))
            assert scene.turn.assign(space, TEMPLE)
            app.step(
                [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))], 0.02
            )
            assert scene.labelled_action() == Fill(space, TEMPLE, 0)
            rows = {row.pos: row for row in scene._temple_rows()}
            assert space in rows and rows[space].after is not None
            return
        app.step(human_turn_events(scene, rng), 0.02)


def test_a_volcano_given_its_space_says_what_it_costs_or_pays(app: App) -> None:
    """A trial gave a volcano its space, its -1 edge facing two of their workers, and nothing
    said it would cost 2 gold: with the mouse off the spaces, the last fill given carries the
    yield label of the fills given so far (its ghost's), and turning the volcano changes it."""
    from cacao_game.app.play.texts import preview_text
    from cacao_game.engine.tiles import VOLCANO

    scene = make_scene(app, ["human", "human"], seed=5, variant="volcano")
    rng = random.Random(2)
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(6000):
        game = scene.source.game
        assert not game.is_over(), "no fill offered a volcano"
        if scene.source.accepts_input() and game.phase is Phase.FILL and VOLCANO in game.display:
            space = next(iter(game.pending_fills))
            labels = set()
            for rotation in range(4):
                assert scene.turn.assign(space, VOLCANO, rotation)
                app.step([away], 0.02)
                given = Fill(space, VOLCANO, rotation)
                assert scene.labelled_action() == given
                preview = scene.turn.turn_preview(given)
                assert preview is not None
                label = scene.frame.previews[given]
                assert label == preview_text(preview, scene.names)
                board = scene.frame.board
                assert board is not None
                assert any(ghost.action == given and ghost.pill for ghost in board.ghosts)
                labels.add(label)
            assert len(labels) > 1, "the volcano's turn changes what it pays"
            return
        app.step(human_turn_events(scene, rng), 0.02)


def test_an_undo_from_another_screen_names_the_player_who_took_their_move_back(app: App) -> None:
    """A trial across machines saw a bare "Undone" when the other player took back their move:
    an undo from another screen names that player; an undo made here still says "Undone"."""
    from cacao_game.app.strings import t
    from cacao_game.session import Undone

    _session, scene = resolution_table(app)
    scene.show([Undone(0, 1)])
    assert app.toast is not None and app.toast[0] == t("play.undone_by", name=scene.names[1])
    scene.show([Undone(0)])
    assert app.toast is not None and app.toast[0] == t("play.undone")


def test_an_undo_of_several_decisions_says_how_many_and_to_which_turn(app: App) -> None:
    """A German trial's one U at turn 13 went back to its own fill of turn 10 (the casual undo
    takes back the computer's moves since) and read "Undone" alone: an undo of more than one
    decision says how many were taken back and the turn the table is at now."""
    from cacao_game.app.play.ai_worker import SyncAI
    from cacao_game.app.strings import t, tn
    from cacao_game.session import AIAnswered, Undo

    session = PlaySession(make_config(["human", "easy"], 1, "base"))
    scene = PlayScene(app, session, ai=SyncAI())
    app.push(scene)
    session.set_undo("casual")
    turn = session.game.turn
    rng = random.Random(5)
    while session.game.turn < turn + 2 and not session.game.is_over():
        if session.accepts_input():
            session.play(rng.choice(session.game.legal_actions()))
        else:
            for request in session.take_requests():
                session.handle(AIAnswered(request.id, request.game.legal_actions()[0], None, None))
    decided = len(session.journal)
    scene.show(session.handle(Undo()))
    taken = decided - len(session.journal)
    assert taken > 1
    assert app.toast is not None
    assert app.toast[0] == tn("play.undone_many", taken, turn=session.game.turn + 1)
    assert str(session.game.turn + 1) in app.toast[0] and t("play.undone") != app.toast[0]


def test_a_view_restored_from_a_save_still_shows_the_squares_to_play(app: App) -> None:
    """A trial continued a game in a window of another size: the view saved with it cut a
    legal square off at the bottom until Home. The saved view is restored, and the first
    decision then brings its squares into view as every later one does."""
    from cacao_game.app.play.ai_worker import SyncAI

    session = PlaySession(make_config(["human", "random"], 3, "base"))
    session.handle(ShowHand())
    session.view["camera"] = {"x": 30.0, "y": 30.0, "scale": 90.0}
    scene = PlayScene(app, session, ai=SyncAI())
    app.push(scene)
    targets = scene.turn.targets()
    assert targets and not scene.camera.contains(targets, border=0), "the saved view looks elsewhere"
    for _ in range(120):
        app.step([], 0.05)
    assert scene.camera.contains(targets, border=0)


def test_a_click_on_your_own_tile_says_why_it_cannot_be_overbuilt_now(app: App) -> None:
    """R3.3, as a French trial met it: a click on one's own tile did nothing and said nothing.
    Mid-game it says overbuilding waits for the jungle pile and the display to run out; with
    them empty and no sun token, that it costs one; a click on an empty square says neither."""
    from cacao_game.app.play.controls import Send
    from cacao_game.app.strings import t
    from cacao_game.session import Target

    scene = make_scene(app, ["human", "medium"])
    app.step([key(app, "cycle")], 0.02)
    square = scene.turn.provisional.pos
    app.step([key(app, "confirm")], 0.02)
    for _ in range(600):
        ready = not scene.timeline.busy and scene.source.accepts_input()
        if ready and scene.game.decision().kind is Phase.PLACE:
            break
        app.step([key(app, "confirm")] if ready else [], 0.05)
    game = scene.game
    assert game.workers[square].seat == 0 and game.decision().kind is Phase.PLACE
    scene.run([Send(Target(square))])
    assert app.toast is not None and app.toast[0] == t("play.overbuild_later")
    app.toast = None
    scene.run([Send(Target((square[0] + 9, square[1] + 10)))])
    assert app.toast is None
    game.jungle_pile.clear()
    game.display.clear()
    game.sun[0] = 0
    scene.run([Send(Target(square))])
    assert app.toast is not None and app.toast[0] == t("play.overbuild_no_sun")


def test_a_save_keeps_the_view_only_where_the_player_moved_it(app: App) -> None:
    """A keyboard-only trial continued a game whose view a hint's panel had moved aside: it
    came back off-centre with half the board area empty. While the camera follows the board
    the save keeps no view, so Continue fits the board anew; a view the player panned is
    kept, and Home lets go of it again."""
    from cacao_game.app.play.controls import Fit, Pan

    scene = make_scene(app, ["human", "random"], seed=3)
    app.step([], 0.05)
    assert scene.follow_board and "camera" not in scene.source.view
    scene.run([Pan(40, 0, True)])
    app.step([], 0.05)
    assert not scene.follow_board and "camera" in scene.source.view
    scene.run([Fit()])
    app.step([], 0.05)
    assert "camera" not in scene.source.view


def test_undoing_ones_own_move_keeps_the_view(app: App) -> None:
    """A trial placed a tile, pressed Undo and aimed its next click at a square that the
    board, fitted anew, had moved by 35 pixels. Undoing one's own last decision keeps the
    view where the squares still fit in it (back across turns it is fitted, as before)."""
    scene = make_scene(app, ["human", "easy"], seed=4)
    rng = random.Random(4)
    for _ in range(3000):
        journal = scene.source.journal
        if scene.turn.phase is Phase.FILL and journal and journal[-1].seat == 0 and not scene.timeline.busy:
            break
        app.step(human_turn_events(scene, rng), 0.02)
    harness.run(app, 90)
    made = len(scene.source.journal)
    view = (scene.camera.target_center, scene.camera.target_scale)
    app.step([key(app, "undo")], 0.02)
    harness.run(app, 90)
    assert len(scene.source.journal) == made - 1
    assert (scene.camera.target_center, scene.camera.target_scale) == view
