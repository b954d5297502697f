"""The replay viewer steps through a game record with the keys and shows its scores."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pygame
import pytest

from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.play.scene import PlayScene
from cacao_game.config.settings import Settings
from cacao_game.headless import play_game
from cacao_game.session.replay import ReplaySession


@pytest.fixture
def app(tmp_path, monkeypatch) -> Iterator[App]:
    """An off-screen app with instant animations; user files under tmp_path."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    yield App(pygame.Surface((1920, 1080)), Settings(animation_speed="instant", sound=False), router=router())


def press(app: App, key: int) -> None:
    """One frame with a key press."""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")], 0.02)


def pushed_replay(app: App, record: Mapping[str, object]) -> tuple[PlayScene, ReplaySession]:
    """The replay of ``record`` pushed on ``app``: its scene and its session."""
    scene = PlayScene(app, ReplaySession(record))
    replay = scene.source
    assert isinstance(replay, ReplaySession)
    app.push(scene)
    return scene, replay


def test_replay_steps_turns_with_arrows_home_and_end(app: App) -> None:
    """Right applies one turn, Left takes it back, End shows the final scores of the record,
    Home returns to the deal, Esc leaves the replay."""
    record = play_game(["easy", "random", "easy"], seed=4, variant="volcano").record
    scene, replay = pushed_replay(app, record)
    assert replay.turns == len(record["turns"])
    press(app, pygame.K_RIGHT)
    assert replay.position == 1
    assert len(scene.source.game.actions) == replay.turn_starts[1]
    assert scene.source.game.turn == 1
    assert scene.shown.workers == scene.source.game.workers
    press(app, pygame.K_LEFT)
    assert replay.position == 0 and not scene.source.game.actions and not scene.source.game.workers
    press(app, pygame.K_END)
    assert scene.source.game.is_over()
    finals = [score["total"] for score in record["final"]["scores"]]
    assert [scene.frame.seats[seat].score.total for seat in range(3)] == finals
    assert len(scene.history.score_history) == replay.turns
    press(app, pygame.K_HOME)
    assert replay.position == 0 and not scene.source.game.actions
    press(app, pygame.K_ESCAPE)
    assert scene not in app.stack


def test_replay_counter_names_the_turn_the_header_names(app: App) -> None:
    """The status counter and the title agree (a playtest read "Turn 1 · Medium AI" beside
    "turn 0 of 30"), and both name the turn on screen (a trial stepping read turns 2, 3, 4,
    4, 6: the header named the next turn once a step had ended): at the deal, the deal and
    turn 0; each step on, that turn and its mover, whose panel is highlighted and whose hand
    shows, from the step's first frame (a trial saw a tile slide in under the previous
    turn's heading), while it animates and after; at the end the last turn, game over."""
    from cacao_game.app.strings import t

    app.settings.animation_speed = "normal"
    record = play_game(["easy", "random"], seed=4).record
    scene, replay = pushed_replay(app, record)
    app.step([], 0.02)
    first = replay.game.current_player()
    assert scene.headline()[1] == t("replay.deal", name=scene.names[first])
    assert scene.status_text().startswith(f"Replay · turn 0 of {replay.turns} ·")
    for turn in (1, 2, 3):
        mover = replay.game.current_player()
        press(app, pygame.K_RIGHT)
        seen = set()
        landed_at = None
        for frame_count in range(2000):
            seen.add((scene.headline(), scene.status_text().split(" · ")[1], scene.hand_seat()))
            if landed_at is None and scene.history.moves and scene.history.moves[-1].turn == turn - 1:
                landed_at = frame_count
            if not scene.timeline.busy:
                break
            app.step([], 0.02)
        assert landed_at is not None and landed_at > 2, "the tile flies in over several frames"
        heading = (mover, t("play.turn", turn=turn, name=scene.names[mover]))
        wanted = (heading, f"turn {turn} of {replay.turns}", mover)
        assert seen == {wanted}, "one turn named from the step's start, while it animates and after"
        frame = scene.build_frame()
        assert [view.seat for view in frame.seats if view.deciding] == [mover]
    press(app, pygame.K_END)
    app.step([], 0.02)
    assert scene.status_text().startswith(f"Replay · turn {replay.turns} of {replay.turns} ·")
    assert scene.headline()[1] == t("play.game_over")


def test_replay_buttons_and_no_decisions(app: App) -> None:
    """The Next/Last buttons move forward; no key makes a decision in a replay."""
    from driver import click, key

    record = play_game(["random", "random"], seed=2).record
    scene, replay = pushed_replay(app, record)
    buttons = {b.name: b.rect for b in scene.hud.action_buttons()}
    app.step(click(buttons["next"].center), 0.02)
    assert replay.position == 1
    done = len(scene.source.game.actions)
    app.step([key(app, "cycle"), key(app, "confirm"), key(app, "undo")], 0.02)
    assert len(scene.source.game.actions) == done
    app.step(click(buttons["last"].center), 0.02)
    assert replay.position == replay.turns and scene.source.game.is_over()


def test_replay_plays_on_its_own_at_the_chosen_speed(app: App) -> None:
    """Space starts the replay playing, one turn per second at 1×; Tab doubles the speed;
    Space again pauses it; at the end it stops by itself."""
    record = play_game(["easy", "random"], seed=4).record
    scene, replay = pushed_replay(app, record)
    press(app, pygame.K_SPACE)
    assert scene.autoplay
    for _ in range(50):
        app.step([], 0.02)
    assert replay.position == 1
    press(app, pygame.K_TAB)
    assert scene.action_label("speed") == "2×"
    for _ in range(26):
        app.step([], 0.02)
    assert replay.position == 2
    press(app, pygame.K_SPACE)
    assert not scene.autoplay
    for _ in range(100):
        app.step([], 0.02)
    assert replay.position == 2
    scene.jump_replay(replay.turns - 1)
    press(app, pygame.K_SPACE)
    for _ in range(200):
        app.step([], 0.02)
    assert replay.position == replay.turns
    assert not scene.autoplay


@pytest.mark.parametrize("speed", ["0.5×", "1×", "4×"])
def test_a_replay_with_animations_plays_its_turns_at_the_chosen_speed(
    tmp_path, monkeypatch, speed: str
) -> None:
    """A trial measured 0.25 to 0.4 turns a second at every speed: each turn's animations ran
    at their set length before the wait began. With animations at normal speed, a replay
    playing on its own plays about as many turns a second as its speed says (its animations
    faster where they would take longer)."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    app = App(pygame.Surface((1366, 768)), Settings(animation_speed="normal", sound=False), router=router())
    record = play_game(["easy", "random"], seed=4).record
    scene, replay = pushed_replay(app, record)
    while scene.action_label("speed") != speed:
        press(app, pygame.K_TAB)
    press(app, pygame.K_SPACE)
    assert scene.autoplay
    rate = float(speed.rstrip("×"))
    seconds = 8.0 / rate
    for _ in range(round(seconds / 0.02)):
        app.step([], 0.02)
    assert 7 <= replay.position <= 9, replay.position


def test_replay_names_unnamed_seats_by_their_kind(app: App) -> None:
    """A record without seat names shows each seat by its kind, repeats numbered (never by
    its colour)."""
    record = play_game(["easy", "easy"], seed=4).record
    scene = PlayScene(app, ReplaySession(record))
    assert scene.names == ["Easy AI", "Easy AI 2"]


def test_the_review_panel_moves_tiles_out_from_under_it(user_home) -> None:
    """A playtest saw the review panel over board tiles: stepping a reviewed game at 1366x768,
    once the view rests, no tile lies under the panel (the camera moves them beside it)."""
    from shots import frames, make_app, open_review

    from cacao_game.app.play.advice import review_panel

    app = make_app((1366, 768))
    scene, session = open_review(app)
    for step in range(1, 9):
        session.jump(step)
        scene.resync()
        frames(app, 90)
        for _ in range(600):
            if not scene.camera.moving:
                break
            frames(app, 1)
        frames(app, 2)
        assert not scene.camera.moving
        panel = review_panel(scene, session, scene.frame.popup)
        assert panel is not None
        under = [p for p in scene.board_squares() if panel[0].colliderect(scene.camera.square_rect(p))]
        assert not under, (step, under)


def test_a_review_panels_words_are_made_once_a_position(user_home, monkeypatch) -> None:
    """The review's panel is laid out and drawn every frame; its words (a resolution's steps
    played on a copy of the game among them) are made once a position, not every frame."""
    from shots import frames, make_app, open_review

    from cacao_game.app.play import advice

    made = []
    real = advice.review_lines
    monkeypatch.setattr(advice, "review_lines", lambda *args: made.append(1) or real(*args))
    app = make_app((1366, 768))
    scene, session = open_review(app)
    positions = [p for p in range(1, 50) if not session.jump(p) and session.here() is not None]
    first, second = positions[:2]
    session.jump(first)
    scene.resync()
    frames(app, 30)
    made.clear()
    for _ in range(40):
        frames(app, 1)
        app.draw(app.screen)
    assert made == []
    session.jump(second)
    scene.resync()
    frames(app, 30)
    assert len(made) == 1


def test_a_replays_pause_menu_offers_no_save_and_claims_no_autosave(app: App) -> None:
    """A replay is not a game saved here (a tester saw a spectator's pause menu offer Save,
    which answered "nothing to save", and its quit question claim "saved after every move"):
    the pause overlay has no Save button, and leaving asks without that claim."""
    from cacao_game.app.scenes.pause import PauseOverlay
    from cacao_game.app.strings import t

    record = play_game(["easy", "random"], seed=5, variant="base").record
    scene = PlayScene(app, ReplaySession(record))
    app.push(scene)
    app.step([], 0.02)
    pause = PauseOverlay(app)
    app.push(pause)
    app.step([], 0.02)
    labels = [widget.label for widget in pause.widgets]
    assert t("pause.save") not in labels and t("pause.quit") in labels
    assert scene.leave_question() == t("pause.quit_confirm_unsaved")


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)])
def test_a_replays_jumps_fit_the_board_shown(tmp_path, monkeypatch, size) -> None:
    """A playtest saw End leave the final board off the middle and Home after End keep the
    end's tiny zoom: after End the final board is fitted and centred, after Home the deal's
    two tiles are shown as large as a fit makes them, whatever the zoom before."""
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    app = App(pygame.Surface(size), Settings(animation_speed="instant", sound=False), router=router())
    record = play_game(["easy", "random", "easy"], seed=4, variant="volcano").record
    scene = PlayScene(app, ReplaySession(record))
    app.push(scene)
    camera = scene.camera

    def fitted() -> tuple[float, pygame.Vector2]:
        probe = type(camera)(camera.viewport)
        probe.covered = scene.board_covers()
        probe.fit(scene.board_squares(), border=1)
        return probe.target_scale, probe.target_center

    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_END)
    scale, center = fitted()
    assert camera.target_scale == pytest.approx(scale) and camera.target_center == center
    end_scale = camera.target_scale
    press(app, pygame.K_HOME)
    scale, center = fitted()
    assert camera.target_scale == pytest.approx(scale) and scale > 1.5 * end_scale
    assert camera.target_center == center


def test_at_the_last_turn_play_and_its_keys_do_nothing(app: App) -> None:
    """Playtest: at a replay's last turn Enter started it again from the start while Play
    was greyed out. Play's keys (Enter, Space) and a click on it do what it shows there:
    nothing; Home then Play plays from the start."""
    from driver import click, key

    record = play_game(["random", "random"], seed=2).record
    scene, replay = pushed_replay(app, record)
    press(app, pygame.K_END)
    assert replay.position == replay.turns
    assert not next(view for view in scene.frame.actions if view.name == "play").enabled
    play = next(b.rect for b in scene.hud.action_buttons() if b.name == "play")
    app.step([key(app, "confirm")], 0.02)
    press(app, pygame.K_SPACE)
    app.step(click(play.center), 0.02)
    for _ in range(20):
        app.step([], 0.1)
    assert replay.position == replay.turns and not scene.autoplay
    press(app, pygame.K_HOME)
    app.step([key(app, "confirm")], 0.02)
    assert scene.autoplay and replay.position == 0
