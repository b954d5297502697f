"""Drawing writes nothing: every scene, and the table in every phase, drawn twice, leaves the
play session, the shown snapshot and the engine exactly as they were."""

from __future__ import annotations

import random

import pygame
import pytest

from cacao_game.app import routes
from cacao_game.app.app import App
from cacao_game.app.play.ai_worker import SyncAI
from cacao_game.app.play.scene import PlayScene
from cacao_game.engine import Phase
from cacao_game.headless import play_game
from cacao_game.session import AIAnswered, PlaySession, ShowHand
from cacao_game.session.replay import ReplaySession
from tests.app_support import make_config

PHASES = ("place", "fill", "resolve", "off_turn", "curtain", "ai_turn", "animating", "over")


def phase_of(session: PlaySession) -> str:
    """The name of what the table shows now."""
    game = session.game
    if game.is_over():
        return "over"
    if session.curtain is not None:
        return "curtain"
    if session.deciding_human() is None:
        return "ai_turn"
    if game.phase is Phase.RESOLVE:
        return "off_turn" if game.current_player() != game.mover else "resolve"
    return "fill" if game.phase is Phase.FILL else "place"


def state(scene: PlayScene) -> str:
    """Everything drawing could change, as text."""
    game = scene.source.game
    key = scene.source.state_key() if isinstance(scene.source, PlaySession) else scene.source.position
    return repr((game._state(), game._history, key, scene.shown, scene.history.lines))


def draw_twice_unchanged(app: App, scene: PlayScene) -> None:
    surface = pygame.Surface((1920, 1080))
    before = state(scene)
    for point in ((700, 480), (1600, 200), (400, 950)):
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))], 0.5)
        before = state(scene)
        app.draw(surface)
        app.draw(surface)
        assert state(scene) == before


def test_the_table_draws_every_phase_without_changing_anything(play_app: App) -> None:
    """Place, fill, resolve, an off-turn choice, a curtain, an AI turn, an animation running
    and game over: each drawn with the mouse in three places changes nothing."""
    app = play_app
    app.settings.animation_speed = "normal"
    seen: set[str] = set()
    for seed in range(1, 40):
        session = PlaySession(make_config(["human", "human", "easy"], seed=seed, variant="volcano"))
        rng = random.Random(seed)
        while len(seen) < len(PHASES):
            phase = phase_of(session)
            if phase not in seen:
                scene = PlayScene(app, session, ai=SyncAI())
                app.stack[:] = []
                app.push(scene)
                draw_twice_unchanged(app, scene)
                seen.add(phase)
            if session.game.is_over():
                break
            if session.curtain is not None:
                session.handle(ShowHand())
                continue
            requests = [r for r in session.take_requests() if not r.hint]
            if requests:
                events = session.handle(
                    AIAnswered(requests[0].id, rng.choice(requests[0].game.legal_actions()))
                )
            else:
                events = session.play(rng.choice(session.game.legal_actions()))
            if "animating" not in seen and events:
                scene = PlayScene(app, session, ai=SyncAI())
                app.stack[:] = []
                app.push(scene)
                scene.show(events)
                assert scene.timeline.busy
                draw_twice_unchanged(app, scene)
                seen.add("animating")
        if len(seen) == len(PHASES):
            break
    assert seen == set(PHASES)


def test_the_replay_and_every_scene_draw_without_changing_anything(play_app: App) -> None:
    """The replay at its start, middle and end; every scene the router knows, over a table."""
    app = play_app
    record = play_game(["easy", "random"], seed=4).record
    replay = PlayScene(app, ReplaySession(record))
    app.push(replay)
    for step in (0, 5, 1000):
        replay.jump_replay(step)
        draw_twice_unchanged(app, replay)
    app.stack[:] = []
    session = PlaySession(make_config(["human", "easy"], seed=2))
    table = PlayScene(app, session, ai=SyncAI())
    app.push(table)
    overlays: list[routes.Route] = [routes.Pause(), routes.Help(), routes.SettingsPage()]
    for route in [*overlays, routes.Confirm("Really?", lambda: None)]:
        app.open(route)
        draw_twice_unchanged(app, table)
        app.pop()


@pytest.mark.parametrize(
    "route", [routes.Menu(), routes.Setup(), routes.SettingsPage(), routes.Load(), routes.Rules()], ids=repr
)
def test_every_full_screen_scene_draws(play_app: App, route: routes.Route) -> None:
    """Each full-screen scene opens by its route and draws its frame."""
    scene = play_app.open(route)
    surface = pygame.Surface((1920, 1080))
    play_app.step([], 0.1)
    play_app.draw(surface)
    assert play_app.top is scene
