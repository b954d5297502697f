"""Play scene: drawing reads only, animations (skip, queued input), curtain, saves, AI worker."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest
from driver import human_turn_events, key

from cacao_game.app.app import App
from cacao_game.app.play.ai_worker import ProcessAI, Request, SyncAI
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.play.shown import Shown
from cacao_game.engine import Game, Phase
from cacao_game.engine.tiles import VOLCANO
from cacao_game.session import PlaySession, ShowHand
from tests.app_support import make_scene

SEED_ONE_STEP_AI_TURN = 1
"""A deal whose first (computer) turn is one decision, so the human decides next."""


@pytest.fixture
def app(play_app: App) -> App:
    """The conftest off-screen app with instant animations."""
    return play_app


def advance_to(app: App, scene: PlayScene, done, frames: int = 3000, seed: int = 1) -> None:
    """Play through the UI until ``done()`` holds."""
    rng = random.Random(seed)
    for _ in range(frames):
        if done():
            return
        app.step(human_turn_events(scene, rng), 0.02)
    raise AssertionError("state not reached")


def fingerprint(scene: PlayScene) -> str:
    """Everything in the engine state, the session's state and the shown snapshot, as text."""
    game = scene.source.game
    return repr(game._state()) + repr(game._history) + repr(scene.source.state_key()) + repr(scene.shown)


def test_drawing_never_changes_the_game(app: App) -> None:
    """Draw with a provisional tile, hover ghost, popup, tooltip and running animations: the
    engine state stays the same, byte for byte."""
    scene = make_scene(app, ["human", "human", "human"], seed=5)
    advance_to(app, scene, lambda: scene.source.game.turn >= 4 and scene.accepts_board_input())
    app.settings.animation_speed = "normal"
    scene.turn.cycle()
    surface = pygame.Surface((1920, 1080))
    moves = [
        pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))
        for p in ((700, 480), (1600, 80), (1500, 700))
    ]
    for event in moves:
        scene.handle([event])
        scene.update(0.5)
        before = fingerprint(scene)
        for _ in range(3):
            scene.draw(surface)
        assert fingerprint(scene) == before
    app.step([key(app, "confirm")], 0.01)
    assert scene.timeline.busy
    before = fingerprint(scene)
    for _ in range(5):
        scene.draw(surface)
        scene.timeline.update(0.05)
    assert fingerprint(scene) == before


def test_animation_shows_old_values_until_it_lands_and_space_skips(app: App) -> None:
    """At normal speed the panels show the animated values; Space finishes the animation and
    the shown state equals the engine; input during the animation is queued, applied once."""
    app.settings.animation_speed = "normal"
    scene = make_scene(app, ["human", "human"], seed=2)
    placed_before = dict(scene.source.game.workers)
    app.step([key(app, "cycle"), key(app, "confirm")], 0.01)
    assert scene.timeline.busy
    assert scene.shown.workers == placed_before != scene.source.game.workers
    app.step([key(app, "select_2")], 0.01)
    assert scene.input.queued == [("select_2", False)]
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    app.step([space], 0.01)
    assert not scene.timeline.busy
    assert scene.shown.workers == scene.source.game.workers
    truth = Shown.of(scene.source.game)
    facing = scene.hand_seat()
    assert replace(scene.shown, hands=()) == replace(truth, hands=())
    assert [len(hand) for hand in scene.shown.hands] == [len(hand) for hand in truth.hands]
    assert facing is None or scene.shown.hands[facing] == truth.hands[facing]
    assert scene.input.queued == []


def test_a_confirm_typed_during_an_animation_counts_only_for_the_decision_it_was_meant_for(
    app: App,
) -> None:
    """A tester pressed Enter twice quickly: the first played the fill, the second, typed during
    its animation, chose a row of the worker-choice panel that came next, unseen. A confirm
    queued during an animation is dropped when a move was made since the table last stood
    still, unless a queued key before it prepared the decision now (Tab then Enter typed during
    a computer's move still play, as before); with no move made it is kept."""
    scene = make_scene(app, ["human", "human"], seed=2)
    app.step([key(app, "cycle")], 0.01)
    idle = scene.frame
    assert not idle.busy and idle.accepts_input
    busy = replace(idle, busy=True)
    moved = replace(idle, version=idle.version + 1)
    table = scene.input

    def typed(names: list[str]) -> None:
        table.still(idle)
        for name in names:
            table.handle([key(app, name)], busy, scene.hud, scene.camera)
        assert [queued for queued, _shift in table.queued] == names

    typed(["confirm"])
    assert table.drain(moved) == [] and table.queued == []
    typed(["confirm"])
    assert table.drain(idle) != []
    typed(["cycle", "confirm"])
    assert table.drain(moved) != [] and table.drain(moved) != [] and table.queued == []


def test_a_click_finishes_the_animation(app: App) -> None:
    """A left click during an animation only finishes it (the click does nothing else)."""
    app.settings.animation_speed = "slow"
    scene = make_scene(app, ["human", "human"], seed=2)
    app.step([key(app, "cycle"), key(app, "confirm")], 0.01)
    done = len(scene.source.game.actions)
    assert scene.timeline.busy
    center = scene.camera.viewport.center
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=center, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=center, button=1),
        ],
        0.01,
    )
    assert not scene.timeline.busy
    assert len(scene.source.game.actions) == done
    assert scene.turn.provisional is None


def test_curtain_between_two_humans(app: App) -> None:
    """When the decision passes to another human a curtain hides the hand until Enter; not
    between a human and an AI."""
    scene = make_scene(app, ["human", "human"], seed=6)
    advance_to(app, scene, lambda: scene.source.game.current_player() == 1 or scene.curtain_for is not None)
    assert scene.curtain_for == 1
    assert scene.hand_seat() is None, "every hand is face down under the curtain"
    assert not scene.accepts_board_input()
    app.step([key(app, "cycle")], 0.01)
    assert scene.turn.provisional is None
    app.step([key(app, "confirm")], 0.01)
    assert scene.curtain_for is None and scene.source.viewer == 1 and scene.hand_seat() == 1


def test_the_menu_button_works_under_the_hot_seat_curtain(app: App) -> None:
    """Under the "Pass to Player 2" curtain the Menu button, drawn lit, opens the pause menu
    as Esc does; other clicks still do nothing but the curtain's own button."""
    scene = make_scene(app, ["human", "human"], seed=6)
    advance_to(app, scene, lambda: scene.source.game.current_player() == 1 or scene.curtain_for is not None)
    assert scene.curtain_for == 1
    menu = next(b for b in scene.hud.action_buttons() if b.name == "menu").rect.center
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu, button=1),
        ],
        0.01,
    )
    assert type(app.top).__name__ == "PauseOverlay"
    assert scene.curtain_for == 1, "the hand stays hidden behind the menu"


def test_no_curtain_against_the_ai(app: App) -> None:
    """One human against the AI never sees a curtain."""
    scene = make_scene(app, ["human", "easy"], seed=6)
    advance_to(app, scene, lambda: scene.source.game.turn >= 4)
    assert scene.curtain_for is None and scene.source.viewer == 0


def test_fill_decision_by_display_click_and_volcano_rotation(app: App) -> None:
    """In a fill decision the mover picks a display tile, rotates a volcano with E, gives it
    to a space with Tab and Enter, and once every space has a tile Enter lays them: the fill
    lands with that tile and rotation (R3.5, R3.6)."""
    from driver import click

    for seed in range(1, 60):
        app.stack.clear()
        scene = make_scene(app, ["human", "human"], seed=seed, variant="volcano")
        try:
            advance_to(
                app,
                scene,
                lambda scene=scene: (
                    scene.accepts_board_input()
                    and scene.source.game.phase is Phase.FILL
                    and VOLCANO in scene.source.game.display
                ),
                frames=400,
            )
        except AssertionError:
            continue
        break
    else:
        pytest.skip("no volcano fill decision in the seeds tried")
    index = scene.source.game.display.index(VOLCANO)
    app.step(click(scene.hud.display_slots()[index].center), 0.01)
    assert scene.turn.current_fill_code() == VOLCANO
    app.step([key(app, "rotate_cw"), key(app, "rotate_cw"), key(app, "cycle")], 0.01)
    target = scene.turn.provisional.pos
    app.step([key(app, "confirm")], 0.01)
    for _space in range(
        len(scene.source.game.pending_fills)
    ):  # the tile given to the last space lays the fill
        if target in scene.source.game.jungle:
            break
        assert scene.turn.assignments()[target] == (VOLCANO, 2)
        app.step([key(app, "cycle"), key(app, "confirm")], 0.01)
    assert scene.source.game.jungle[target] == (VOLCANO, 2)


def test_the_tile_tab_gives_the_last_space_lays_the_fill_with_one_enter(app: App) -> None:
    """A trial filled with the keyboard (1, Tab, Enter): Enter gave the space its tile and a
    second Enter laid it, where a click on the space and one Enter did. Enter on a space Tab
    chose gives it its tile; when that was the last space, the fill is laid at once."""
    from phases import CONFIG as PHASE_CONFIG
    from phases import game_at

    session = PlaySession(PHASE_CONFIG, game_at("fill2"))
    session.handle(ShowHand())
    scene = PlayScene(app, session, ai=SyncAI())
    app.push(scene)
    for _ in range(5):
        app.step([], 0.05)
    spaces = list(session.game.pending_fills)
    laid = len(session.game.actions)
    app.step([key(app, "select_1"), key(app, "cycle"), key(app, "confirm")], 0.01)
    assert len(session.game.actions) == laid and len(scene.turn.assignments()) == 1, (
        "a space still needs its tile"
    )
    app.step([key(app, "select_1"), key(app, "cycle"), key(app, "confirm")], 0.01)
    assert all(pos in session.game.jungle for pos in spaces), "laid with the second space's Enter"


def test_autosave_after_each_turn_and_quick_save(app: App) -> None:
    """A finished turn writes the autosave; Ctrl+S writes the quick slot; both load back."""
    from cacao_game import saves

    scene = make_scene(app, ["human", "easy"], seed=9, autosave=True)
    advance_to(app, scene, lambda: scene.source.game.turn >= 2)
    scene.source.close()
    assert saves.autosave_path().is_file()
    loaded = saves.load_game(saves.autosave_path())
    assert loaded.game.turn >= 1
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_LCTRL, unicode="")], 0.01)
    quick = saves.slot_path(getattr(saves, "QUICK_SLOT", "quick"))
    assert quick.is_file()
    assert saves.load_game(quick).game.actions == scene.source.game.actions


def test_resume_a_loaded_game_rebuilds_log_and_history(app: App) -> None:
    """A scene given a game in progress shows its log, last move and score history."""
    scene = make_scene(app, ["human", "easy"], seed=9)
    advance_to(app, scene, lambda: scene.source.game.turn >= 3)
    config, game = scene.config, scene.source.game.clone()
    resumed = PlayScene(app, PlaySession(config, game), ai=SyncAI())
    assert resumed.history.score_history == scene.history.score_history
    assert resumed.visible_log() == scene.visible_log()
    assert resumed.last_move() == scene.last_move()


def test_process_ai_answers_and_stops() -> None:
    """The worker process answers with a legal action and is gone after close()."""
    game = Game.new(2, "base", 1)
    ai = ProcessAI()
    try:
        ai.request(Request(1, "easy", 0, 1, game.clone()))
        answers = []
        for _ in range(1000):
            answers = ai.poll()
            if answers:
                break
            pygame.time.wait(10)
        assert answers and answers[0].id == 1 and game.is_legal(answers[0].action)
    finally:
        ai.close()
    assert not ai.alive


def test_camera_follows_the_growing_board_until_moved_by_hand(app: App) -> None:
    """The view re-fits as tiles are laid, so the whole board stays visible; after a manual
    pan it stays put, and Home (fit) resumes following."""
    scene = make_scene(app, ["human", "human"])
    rng = random.Random(5)
    for _ in range(25):
        scene.show(scene.source.play(rng.choice(scene.source.game.legal_actions())))
    scene.camera.snap()
    assert all(
        scene.camera.is_visible(pos)
        for pos in list(scene.source.game.workers) + list(scene.source.game.jungle)
    )
    app.step([key(app, "pan_left")], 0.016)
    assert not scene.follow_board
    center = pygame.Vector2(scene.camera.target_center)
    scene.show(scene.source.play(rng.choice(scene.source.game.legal_actions())))
    assert scene.camera.target_center == center
    app.step([key(app, "fit")], 0.016)
    assert scene.follow_board


def test_projected_scores_stay_true_across_undo_and_a_different_move(app: App) -> None:
    """The panels' projected totals equal score_now() after every move, also when a move is
    undone and another one of the same game length is played instead."""
    scene = make_scene(app, ["human", "human"], undo="casual")
    rng = random.Random(11)
    for _ in range(60):
        if scene.source.game.is_over():
            break
        options = scene.source.game.legal_actions()
        scene.show(scene.source.play(options[0]))
        app.step([], 0.016)
        app.step([key(app, "undo")], 0.016)
        scene.show(scene.source.play(rng.choice(options)))
        scene.source.handle(ShowHand())
        app.step([], 0.016)
        totals = [s.total for s in scene.source.game.score_now()]
        assert [scene.frame.seats[seat].score.total for seat in range(2)] == totals


def test_a_failing_autosave_shows_a_standing_notice_until_one_works(app: App, tmp_path) -> None:
    """While autosaves fail the status bar says so (not a passing toast); it clears after a
    save that works."""
    from cacao_game.session.autosave import BackgroundAutosaver

    target = {"path": tmp_path / "file" / "autosave.json"}
    (tmp_path / "file").write_text("a file where a folder is needed")
    scene = make_scene(app, ["human", "easy"], seed=9)
    scene.source.autosaver = BackgroundAutosaver(lambda: target["path"])
    advance_to(app, scene, lambda: scene.source.game.turn >= 2)
    scene.source.autosaver.flush()
    app.step([], 0.02)
    assert "Autosave failed" in scene.autosave_problem()
    scene.draw(pygame.Surface((1920, 1080)))
    target["path"] = tmp_path / "autosave.json"
    advance_to(app, scene, lambda: scene.source.game.turn >= 4)
    scene.source.autosaver.flush()
    app.step([], 0.02)
    assert scene.autosave_problem() == ""


def test_closing_the_window_while_a_confirmed_decision_animates_keeps_it(play_app: App) -> None:
    """Issue 21, fault 2: the human confirms decisions (animated at normal speed) and the
    window closes (Alt+F4: a QUIT event) while the last one still animates, mid-turn: the
    autosave, as Continue reads it, holds every confirmed decision."""
    from cacao_game import saves

    play_app.settings.animation_speed = "normal"
    scene = make_scene(play_app, ["human", "easy"], seed=9, autosave=True)
    rng = random.Random(2)
    mid_turn = False
    for _ in range(2000):
        decided = len(scene.source.game.actions)
        play_app.step(human_turn_events(scene, rng), 0.02)
        grew = len(scene.source.game.actions) > decided
        if grew and scene.timeline.busy and not scene.source.journal[-1].ended_turn:
            mid_turn = True
            break
    assert mid_turn, "a decision of the human's turn was confirmed, the turn goes on, it animates"
    confirmed = list(scene.source.game.actions)
    play_app.step([pygame.event.Event(pygame.QUIT)], 0.02)
    assert not play_app.running
    play_app.close()
    assert saves.load_game(saves.autosave_path()).game.actions == confirmed


def test_a_confirm_pressed_during_an_animation_is_kept_when_the_window_closes(play_app: App) -> None:
    """Tab and Enter pressed while the computer's move still animates wait for the animation
    (the human's decision comes next); closing the window then carries them out and
    autosaves the decision rather than dropping it."""
    from cacao_game import saves

    play_app.settings.animation_speed = "normal"
    scene = make_scene(play_app, ["easy", "human"], seed=SEED_ONE_STEP_AI_TURN, autosave=True)
    for _ in range(50):
        play_app.step([], 0.001)
        if scene.timeline.busy:
            break
    assert (
        scene.timeline.busy
        and len(scene.source.game.actions) == 1
        and scene.source.game.current_player() == 1
    )
    play_app.step([key(play_app, "cycle"), key(play_app, "confirm")], 0.001)
    assert scene.input.queued and len(scene.source.game.actions) == 1
    play_app.step([pygame.event.Event(pygame.QUIT)], 0.001)
    play_app.close()
    assert len(scene.source.game.actions) == 2 and scene.source.journal[-1].seat == 1
    assert saves.load_game(saves.autosave_path()).game.actions == scene.source.game.actions


def test_after_the_hot_seat_curtain_the_hand_shown_is_the_seats_own(app: App) -> None:
    """Two humans at one screen: once the next human says they are at the screen, the hand
    drawn is theirs, not the stand-ins of the previous viewer's view (found in a playtest:
    three 1-1-1-1 tiles were drawn for a hand of 2-1-0-1, 3-1-0-0 and 1-1-1-1)."""
    scene = make_scene(app, ["human", "human"], seed=4)
    session = scene.source
    rng = random.Random(3)
    revealed = 0
    for _ in range(40):
        if session.curtain is not None:
            scene.show(session.handle(ShowHand()))
            app.step([], 0.05)
            seat = session.face_up_seat()
            assert seat is not None
            assert scene.shown.hands[seat] == tuple(session.game.hands[seat])
            revealed += 1
            continue
        if not session.accepts_input():
            app.step([], 0.05)
            continue
        scene.show(session.play(rng.choice(session.game.legal_actions())))
        app.step([], 0.05)
    assert revealed >= 3


def _at_own_fill(app: App, scene: PlayScene) -> None:
    """Play on by keys until the human has placed a worker tile and fills jungle spaces."""
    rng = random.Random(4)
    for _ in range(3000):
        turn, journal = scene.turn, scene.source.journal
        if (
            scene.accepts_board_input()
            and turn.phase is Phase.FILL
            and journal
            and journal[-1].seat == 0
            and not scene.timeline.busy
        ):
            return
        app.step(human_turn_events(scene, rng), 0.02)
    raise AssertionError("no fill of the human's own")


@pytest.mark.parametrize("leave", ["pause_quit", "close_window"])
def test_leaving_during_the_fill_comes_back_at_the_fill_with_the_tile_laid(app: App, leave: str) -> None:
    """Playtest: quit (Esc, Quit; or the window's close) after the worker tile is confirmed,
    while the jungle tiles are being chosen; Continue brings the game back at that fill with
    the worker tile laid (a decision is saved when it is confirmed; a jungle tile given to a
    space but not confirmed is a choice, not a decision, and is not kept)."""
    from harness import click_label

    from cacao_game.app.catalog import router
    from cacao_game.app.strings import t
    from cacao_game.engine import Overbuild, Place

    scene = make_scene(app, ["human", "easy"], seed=6, autosave=True)
    _at_own_fill(app, scene)
    placed = scene.source.journal[-1].action
    assert isinstance(placed, (Place, Overbuild))
    confirmed = list(scene.source.game.actions)
    spaces = sorted(scene.source.game.pending_fills)
    from cacao_game.session.commands import Target

    scene.send(Target(scene.turn.targets()[0]))  # as a click on the space: given, not laid
    assert scene.turn.assignments(), "a tile given to a space, not confirmed"
    if leave == "pause_quit":
        app.step([key(app, "pause")], 0.02)
        click_label(app, t("pause.quit"))
        click_label(app, t("common.yes"))
        assert type(app.top).__name__ == "MenuScene"
        home = app
    else:
        app.step([pygame.event.Event(pygame.QUIT)], 0.02)
        assert not app.running
        app.close()
        home = App(pygame.Surface((1920, 1080)), app.settings, router=router())
        home.home()
    click_label(home, t("menu.continue"))
    again = home.top
    assert isinstance(again, PlayScene) and again is not scene
    game = again.source.game
    assert list(game.actions) == confirmed
    assert game.decision().kind is Phase.FILL and game.current_player() == 0
    assert sorted(game.pending_fills) == spaces
    assert game.workers[placed.pos].tile == placed.tile
    assert placed.pos in again.shown.workers, "the tile is on the board shown"
    assert again.accepts_board_input() and again.turn.targets() == sorted(spaces, key=lambda p: (p[1], p[0]))


def test_the_table_logs_a_seat_taken_over_under_each_name_and_keeps_them_when_rebuilt(app: App) -> None:
    """A seat renamed mid-game (a network table gives it to a newcomer: ``Table.claim``) is
    logged under its new name from then on; rebuilding the table from the journal (``resync``:
    after an undo, a rejoin, a replay's jump) keeps the earlier moves under the earlier name."""
    scene = make_scene(app, ["human", "human"], seed=5)
    advance_to(app, scene, lambda: scene.source.game.turn >= 3 and scene.accepts_board_input())
    old = scene.names[1]
    scene.source.config.seats[1].name = "Newcomer"
    advance_to(app, scene, lambda: scene.source.game.turn >= 6 and scene.accepts_board_input())
    placed = [line.text for line in scene.history.lines if line.pos is not None and line.seat == 1]
    assert any(old in text for text in placed) and any("Newcomer" in text for text in placed)
    lines = [line.text for line in scene.history.lines]
    scene.resync()
    assert [line.text for line in scene.history.lines] == lines


def test_a_fills_keys_name_the_number_keys_of_the_display_tiles_and_tab(app: App) -> None:
    """A keyboard-only trial read "Click a display tile, then a space" at every fill, and in
    Help too, and learned the keys from the README: the fill's key line names the number
    key of each display tile it may take and the key that moves to the next space; those
    keys lay a tile without the mouse."""
    scene = make_scene(app, ["human", "easy"], seed=4)
    _at_own_fill(app, scene)
    sources = scene.turn.fill_sources()
    keys = "/".join(str(n) for n in range(1, min(3, len(sources)) + 1))
    line = scene.frame.keys
    assert line.startswith(f"{keys} or click a display tile, then Tab or click a space"), line
    given, made = len(scene.turn.assignments()), len(scene.source.game.actions)
    app.step([key(app, "select_1")], 0.02)
    app.step([key(app, "cycle")], 0.02)
    app.step([key(app, "confirm")], 0.02)
    assert len(scene.turn.assignments()) > given or len(scene.source.game.actions) > made
