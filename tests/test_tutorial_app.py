"""The guided first game in the app, without a window: the menu offers it, the table shows
its lesson panel, it is played by clicks and keys, and it can be left and resumed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest
from app_support import make_scene
from harness import FRAME, click, click_label, press, run
from shots import make_app
from tutorial_support import advance, play_one

from cacao_game import saves
from cacao_game.app.app import App
from cacao_game.app.play.ai_worker import ScriptedAI
from cacao_game.app.play.board import inner_rect
from cacao_game.app.play.controls import CONFIRM_PAUSE
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scenes.menu import MenuScene
from cacao_game.app.scenes.scoring import ScoringScene
from cacao_game.app.strings import t
from cacao_game.app.widgets import Button
from cacao_game.config.settings import Settings
from cacao_game.tutorial import progress
from cacao_game.tutorial.script import PLAYER, SOLUTION, STEPS
from cacao_game.tutorial.session import TutorialSession


def menu_labels(app: App) -> list[tuple[str, str]]:
    """(label, style) of every menu button, in order."""
    assert isinstance(app.top, MenuScene)
    return [(w.label, w.style) for w in app.top.widgets if isinstance(w, Button)]


def open_tutorial(app: App) -> PlayScene:
    """Learn to play, from the menu."""
    app.home()
    click_label(app, t("tutorial.menu"))
    run(app, 2)
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.tutorial is not None
    return scene


def step_key(scene: PlayScene) -> str:
    session = scene.tutorial
    assert session is not None
    step = session.coach.current(session.game)
    assert step is not None
    return step.key


def follow_lessons(app: App, scene: PlayScene) -> None:
    """One frame of a player who follows the lessons by keys: Next by Enter, a move by Show
    me (H) and Enter, else a frame that lets Coco and the animations go on."""
    assert scene.coach is not None
    buttons = dict(scene.coach.buttons())
    if "next" in buttons:
        press(app, "confirm")
    elif "show" in buttons:
        press(app, "hint")
        press(app, "confirm")
    else:
        app.step([], FRAME)


def test_the_menu_offers_the_tutorial_first_on_a_first_launch_and_keeps_it_after(play_app: App) -> None:
    """First launch (no tutorial started, no autosave): Learn to play is highlighted (below
    New game: the menu keeps one order). Once started New game is highlighted instead, and
    Learn to play stays in its place."""
    play_app.home()
    labels = menu_labels(play_app)
    assert labels[0] == (t("menu.new"), "secondary")
    assert labels[1] == (t("tutorial.menu"), "primary")
    progress.save(TutorialSession())
    play_app.home()
    labels = menu_labels(play_app)
    assert labels[0] == (t("menu.new"), "primary")
    assert labels[1] == (t("tutorial.menu"), "secondary")


def test_leaving_by_the_pause_menu_and_coming_back_resumes_the_lesson(play_app: App) -> None:
    """Esc, Quit to menu, Learn to play: the same lesson on the same board. Continue and
    Load never see the tutorial."""
    scene = open_tutorial(play_app)
    session = scene.tutorial
    assert session is not None
    advance(session, "fill_choose")
    scene.resync()
    made = len(session.game.actions)
    press(play_app, "pause")
    click_label(play_app, t("pause.quit"))
    click_label(play_app, t("common.yes"))
    assert isinstance(play_app.top, MenuScene)
    assert progress.status() is progress.Status.STARTED
    assert not saves.autosave_path().exists() and saves.list_saves() == []
    assert t("menu.continue") not in [label for label, _style in menu_labels(play_app)]
    again = open_tutorial(play_app)
    assert step_key(again) == "fill_choose"
    assert again.tutorial is not None and len(again.tutorial.game.actions) == made
    assert play_app.toast is not None and t("tutorial.chapter.filling") in play_app.toast[0]


def test_a_damaged_tutorial_file_resumes_from_its_backup_or_is_kept_aside(play_app: App) -> None:
    """A trial damaged the tutorial's file: Learn to play deleted it with its good backup and
    began at lesson 1, unsaid. A refused file whose backup loads resumes from the backup; one
    whose backup is refused too is kept aside under a name of its own, and the player is told
    before the first lesson opens."""
    from cacao_game.config.storage import backup_path

    scene = open_tutorial(play_app)
    session = scene.tutorial
    assert session is not None
    advance(session, "fill_choose")
    assert session.autosaver is not None
    session.autosaver.flush()  # no autosave still writing the file the next saves write
    progress.save(session)
    progress.save(session)  # the second save leaves the first as the backup
    path = progress.tutorial_path()
    backup = backup_path(path)
    assert backup.is_file()
    play_app.home()
    path.write_bytes(path.read_bytes()[:200])
    again = open_tutorial(play_app)
    assert step_key(again) == "fill_choose", "resumed from the backup"
    chapter = t("tutorial.chapter.filling")
    assert play_app.toast is not None and play_app.toast[0] == t("tutorial.resumed_backup", chapter=chapter)
    play_app.home()
    assert again.tutorial is not None and again.tutorial.autosaver is not None
    again.tutorial.autosaver.flush()
    damaged = b'{"not": "a save"}'
    path.write_bytes(damaged)
    backup.write_bytes(damaged)
    fresh = open_tutorial(play_app)
    assert fresh.tutorial is not None and not fresh.tutorial.game.actions
    kept = [f for f in path.parent.iterdir() if f.name.startswith("tutorial.refused-")]
    damaged_kept = [f for f in kept if f.read_bytes() == damaged]
    assert len(damaged_kept) == 1, "the damaged file is kept"
    kept = damaged_kept
    assert play_app.toast is not None and play_app.toast[0] == t("tutorial.kept_refused", name=kept[0].name)


def test_the_lesson_panel_plays_the_tutorial_to_its_end_by_clicks_and_keys(play_app: App) -> None:
    """Next by its button, notes by Enter too; moves by Show me (H) and Enter; Coco by her
    script through the table's AI link. The end waits for the last Next, then the scores."""
    scene = open_tutorial(play_app)
    session = scene.tutorial
    assert session is not None and scene.coach is not None
    clicked_next = False
    for _frame in range(3000):
        if play_app.top is not scene:
            break
        buttons = dict(scene.coach.buttons())
        if "next" in buttons and not clicked_next:
            click(play_app, buttons["next"].center)
            clicked_next = True
        else:
            follow_lessons(play_app, scene)
        if session.game.is_over() and not session.finished():
            run(play_app, 200)
            assert play_app.top is scene, "the last lesson waits for Next"
    assert isinstance(play_app.top, ScoringScene)
    assert tuple(session.game.actions) == SOLUTION
    assert progress.status() is progress.Status.FINISHED


def test_the_hint_button_of_a_lesson_is_called_as_the_lessons_show_me(play_app: App) -> None:
    """A trial read "Show me (H)" on the lesson's panel and "Hint (H)" in the bottom bar, and
    wondered which one H meant: both show the lesson's move, so the bar's button says "Show
    me" too, and its tooltip says what it lays; a game's button stays Hint."""
    scene = open_tutorial(play_app)
    view = scene.action_view("hint")
    assert view.label == t("tutorial.show") and view.tip_lines[0] == t("tip.action.show_me")
    assert view.keys == scene.app.intents.label("hint")
    play_app.home()
    game = make_scene(play_app, ["human", "human"], seed=2)
    assert game.action_view("hint").label == t("play.hint")


def test_show_me_by_its_key_leaves_no_tile_under_the_resting_mouse(play_app: App) -> None:
    """A trial clicked a wrong square, pressed H (Show me) with the mouse still there, and read
    the faint tile under the mouse as a copy of the refused move left behind: once the lesson's
    move is shown, the move under the resting mouse gives way (as after Tab) until the mouse
    moves again."""
    scene = open_tutorial(play_app)
    session = scene.tutorial
    assert session is not None
    from driver import square_point

    point = (round(square_point(scene, (0, 1))[0]), round(square_point(scene, (0, 1))[1]))
    click(play_app, point)
    play_app.step([], CONFIRM_PAUSE)
    click(play_app, point)
    assert session.game.actions == [] and session.coach.mistake is not None
    press(play_app, "hint")
    run(play_app, 2)
    assert session.selection.provisional == SOLUTION[0]
    assert [ghost.action.pos for ghost in scene.frame.board.ghosts] == [SOLUTION[0].pos]
    play_app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(point[0] + 3, point[1]), rel=(3, 0), buttons=(0, 0, 0))],
        0.02,
    )
    run(play_app, 2)
    assert (0, 1) in [ghost.action.pos for ghost in scene.frame.board.ghosts], (
        "the mouse moved: it shows again"
    )


def test_a_wrong_click_is_explained_on_the_panel_and_show_me_sets_the_answer(play_app: App) -> None:
    """A placement on another square is refused (the error sound, nothing placed), the panel
    keeps the reason; Show me selects, turns and places the expected tile provisionally."""
    scene = open_tutorial(play_app)
    session = scene.tutorial
    assert session is not None and scene.coach is not None
    from driver import square_point

    point = square_point(scene, (0, 1))
    click(play_app, (round(point[0]), round(point[1])))
    play_app.step([], CONFIRM_PAUSE)
    click(play_app, (round(point[0]), round(point[1])))
    assert session.game.actions == [] and session.coach.mistake is not None
    run(play_app, 2)
    buttons = dict(scene.coach.buttons())
    click(play_app, buttons["show"].center)
    assert session.selection.provisional == SOLUTION[0]
    press(play_app, "confirm")
    assert session.game.actions[:1] == [SOLUTION[0]]


def test_enter_on_a_note_turns_the_page_only_even_with_a_tile_laid(play_app: App) -> None:
    """Playtest: a tile laid before Next, one Enter both left the note and confirmed the tile
    (refused at once). Enter on a note is Next alone: the tile stays laid, nothing refused,
    and neither Confirm nor the prompt line's keys show Enter then (a playtest read
    "Enter: confirm" above the note); on the move step Enter confirms, and both show it,
    but not within ``CONFIRM_PAUSE`` of the Enter that turned the page (a trial's double
    Enter on Next met "Choose a square first")."""
    scene = open_tutorial(play_app)
    session = scene.tutorial
    assert session is not None and scene.coach is not None
    from driver import square_point

    point = square_point(scene, (0, 1))
    click(play_app, (round(point[0]), round(point[1])))
    assert session.selection.provisional is not None and step_key(scene) == "welcome"
    assert scene.action_keys("confirm") == "", "Enter and Space belong to the note's Next"
    assert scene.key_hint_text() == ""
    press(play_app, "confirm")
    assert step_key(scene) == "village"
    assert session.coach.mistake is None and session.game.actions == []
    assert session.selection.provisional is not None
    press(play_app, "confirm")
    assert step_key(scene) == "place" and session.coach.mistake is None
    assert scene.action_keys("confirm") == play_app.intents.label("confirm")
    assert scene.key_hint_text() == scene.keys_text("play.rotate_hint")
    press(play_app, "confirm")
    assert session.coach.mistake is None, "an Enter right after the page turned is that press doubled"
    run(play_app, 1, CONFIRM_PAUSE)
    press(play_app, "confirm")
    assert session.coach.mistake is not None and session.game.actions == []


def test_quick_save_writes_the_tutorial_file_not_a_slot(play_app: App) -> None:
    """Ctrl+S (and Save in the pause menu) keeps the tutorial's progress in its own file, and
    says so in words, not by the file's name (a French trial read "Sauvegardé : tutorial")."""
    scene = open_tutorial(play_app)
    press(play_app, "save")
    assert progress.tutorial_path().is_file()
    assert not saves.slot_path(saves.QUICK_SLOT).exists()
    assert scene.tutorial is not None
    assert play_app.toast is not None and play_app.toast[0] == t("tutorial.saved")


def test_start_over_asks_then_begins_at_the_first_lesson(play_app: App) -> None:
    """Start over (after a confirmation) drops the progress: a fresh board, lesson 1."""
    scene = open_tutorial(play_app)
    assert scene.tutorial is not None and scene.coach is not None
    advance(scene.tutorial, "water")
    scene.resync()
    click(play_app, dict(scene.coach.buttons())["restart"].center)
    click_label(play_app, t("common.yes"))
    run(play_app, 2)
    fresh = play_app.top
    assert isinstance(fresh, PlayScene) and fresh is not scene and fresh.tutorial is not None
    assert fresh.tutorial.game.actions == [] and step_key(fresh) == "welcome"
    kept = progress.load()
    assert kept is None or kept.game.actions == [], "the old tutorial saved itself after Start over"
    play_app.home()
    saved = progress.load()
    assert saved is not None and saved.game.actions == [] and saved.step == 0


@contextmanager
def tutorial_table(
    size: tuple[int, int], **options: object
) -> Iterator[tuple[App, TutorialSession, PlayScene]]:
    """An app of ``size`` showing a new tutorial's table (closed afterwards)."""
    app = make_app(size, Settings(sound=False, **options))  # type: ignore[arg-type]
    try:
        app.home()
        session = TutorialSession()
        scene = PlayScene(app, session, ai=ScriptedAI(session.scripted_answer), lesson=session)
        app.push(scene)
        yield app, session, scene
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_panel_points_at_what_each_step_looks_at(size: tuple[int, int], user_home) -> None:
    """Every look of every step is found on screen (a square in the board, a hand or display
    tile, a panel part, the row to choose) when the step is on."""
    with tutorial_table(size, animation_speed="instant", ai_pacing=0.0) as (app, session, scene):
        assert scene.coach is not None
        while not session.finished():
            step = session.coach.current(session.game)
            assert step is not None
            if len(session.game.actions) == step.at and session.game.current_player() in (PLAYER, -1):
                scene.resync()
                run(app, 2)
                for look in scene.coach.looks(step):
                    if look.kind == "temples" and session.game.is_over():
                        continue
                    rect = scene.coach.look_rect(look)
                    assert rect is not None, (step.key, look)
                    assert app.screen.get_rect().contains(rect.inflate(-12, -12)), (step.key, look)
            play_one(session)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_a_tile_just_laid_is_not_left_under_the_temples_panel(size: tuple[int, int], user_home) -> None:
    """Playtest: the gold mine given in practice 3 ended under the Temples panel while Coco
    thought. The view a move asks for counts the tiles still to be animated too, so the view
    the camera eases to keeps every tile of the board out from under the panel."""
    with tutorial_table(size, ai_pacing=0.0) as (app, session, scene):
        advance(session, "practice_3_fill")
        scene.resync()
        run(app, 2)
        camera, space, panel = scene.camera, (-4, -2), scene.board.temples_panel()
        assert panel is not None
        scale, middle = camera.target_scale, camera.viewport.center
        camera.target_center.x = space[0] - (panel.right + 4 - scale - middle[0]) / scale
        camera.target_center.y = space[1] - (panel.bottom + 4 - middle[1]) / scale
        camera.snap()  # as the tester saw it: the space below the panel, its tile beside, the bottom cut off
        run(app, 2)
        assert not camera.contains(scene.board_squares()) and not panel.colliderect(inner_rect(scene, space))
        press(app, "hint")
        press(app, "confirm")
        assert session.game.actions[-1].pos == space and scene.timeline.busy
        squares = list(session.game.jungle) + list(session.game.workers)
        hidden = [pos for pos in squares if panel.colliderect(camera.target_square_rect(pos))]
        assert hidden == []


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_every_lesson_and_its_wrong_try_fit_above_the_buttons(size: tuple[int, int], user_home) -> None:
    """On the smallest screens, each step's text (with the longest reason a wrong try can
    add) fits in the lesson panel above its buttons, shrinking no further than allowed."""
    with tutorial_table(size) as (_app, _session, scene):
        assert scene.coach is not None
        reasons = [t("tutorial.wrong.turn"), t("tutorial.wrong.tile", tile=t("tile.2101"))]
        assert scene.coach.text_size("Title", t("tutorial.step.welcome") * 6, None) is None
        for step in STEPS:
            title = t(f"tutorial.chapter.{step.chapter}")
            text = t(f"tutorial.step.{step.key}", you=65, coco=59)
            mistakes = (
                [f"{reason} {t(f'tutorial.why.{step.key}')}" for reason in reasons] if step.move else []
            )
            for mistake in [None, *mistakes]:
                assert scene.coach.text_size(title, text, mistake) is not None, (step.key, mistake)


def test_enter_on_a_first_launch_takes_learn_to_play_whatever_the_pointer_rests_on(play_app: App) -> None:
    """A full-screen window opens with the pointer over the middle of the menu (New game):
    that first report of where it rests does not move the focus, so Enter takes the
    highlighted Learn to play; later (New game highlighted) a real move of the mouse onto
    Learn to play does not move it either: the mouse never moves the focus ring."""
    play_app.home()
    new_game = next(w for w in play_app.top.widgets if isinstance(w, Button) and w.label == t("menu.new"))
    rests = pygame.event.Event(pygame.MOUSEMOTION, pos=new_game.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    play_app.step([rests, play_app.intents.event_for("confirm")], 1 / 60)
    run(play_app, 2)
    assert isinstance(play_app.top, PlayScene) and play_app.top.tutorial is not None
    play_app.home()
    menu = play_app.top
    away = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    learn = next(w for w in menu.widgets if isinstance(w, Button) and w.label == t("tutorial.menu"))
    x, y = learn.rect.center
    onto = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(x - 5, y - 5), buttons=(0, 0, 0))
    play_app.step([away, onto, play_app.intents.event_for("confirm")], 1 / 60)
    assert type(play_app.top).__name__ == "SetupScene"


def test_the_panel_names_the_final_scoring_not_cocos_turn_once_the_game_is_over(user_home) -> None:
    """A trial saw "Coco's turn · Coco is playing" on the lesson panel under "Game over" while
    the temples were scored: once the game is over the panel says so while it is shown."""
    app = make_app((1366, 768), Settings(sound=False))
    try:
        app.home()
        session = TutorialSession()
        while len(session.game.actions) < len(SOLUTION) - 3:
            play_one(session)
        scene = PlayScene(app, session, ai=ScriptedAI(session.scripted_answer), lesson=session)
        app.push(scene)
        assert scene.coach is not None
        seen: set[str] = set()
        for _frame in range(3000):
            if app.top is not scene or session.finished():
                break
            if session.game.is_over() and scene.timeline.busy:
                seen.add(scene.coach.words()[0])
            follow_lessons(app, scene)
        assert seen == {t("play.game_over")}
    finally:
        app.close()


def test_the_tile_a_lesson_asks_for_stays_outlined_once_it_is_selected(user_home) -> None:
    """The lessons speak of "the highlighted tile": a trial selected lesson 6's tile and found
    no outline on it, only the selection's border. The hand tile of the placement to make is
    pointed at whether or not it is selected."""
    with tutorial_table((1366, 768), animation_speed="instant", ai_pacing=0.0) as (app, session, scene):
        assert scene.coach is not None
        advance(session, "temple_place")
        scene.resync()
        run(app, 2)
        answer = session.coach.answer(session.game)
        assert answer is not None and answer.placement is not None
        tile = answer.placement.tile
        press(app, f"select_{scene.turn.hand().index(tile) + 1}")
        run(app, 2)
        step = session.coach.current(session.game)
        assert step is not None and scene.turn.selected_tile() == tile
        marked = [look for look in scene.coach.looks(step) if look.kind == "hand"]
        assert [look.code for look in marked] == [tile]
        assert scene.coach.look_rect(marked[0]) is not None
