"""Every scene and every play phase, built on an app of any size: what ``tools/screenshot.py``
renders and what the no-overflow test audits.

``SHOTS`` maps a shot name to a function that brings a fresh app to that screen (driven
through ``App.step`` with fed events, as a player would). Saves live under ``CACAO_HOME``,
which the caller points at a temporary folder. Hints search a fixed number of re-deals
(``counted_ai.CountedAI``), so every shot is the same on every run and machine.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

import pygame
from counted_ai import CountedAI, HeldAI
from harness import FRAME, motion, random_game, run
from phases import CONFIG, game_at
from tutorial_support import advance, solve

from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.review import Budget as ReviewBudget
from cacao_game.ai.review import GameReview, review_game
from cacao_game.app import routes
from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.play.ai_worker import Message, Reply, ReviewProgress, ScriptedAI
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scenes.help import HelpOverlay
from cacao_game.app.scenes.setup import SetupScene
from cacao_game.app.strings import t
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.config.settings import Settings
from cacao_game.engine import Game, Phase
from cacao_game.records.gamerecord import PlayedBy, seat_entries, to_record
from cacao_game.session import PlaySession, Rotate, Select, ShowHand, Target
from cacao_game.session.replay import ReplaySession
from cacao_game.session.review import ReviewSession
from cacao_game.tutorial.session import TutorialSession

Shot = Callable[[App], None]


def make_app(size: tuple[int, int], settings: Settings | None = None) -> App:
    """An app drawing on an off-screen surface of ``size``."""
    return App(pygame.Surface(size), settings or Settings(sound=False), router=router())


@contextmanager
def unseen(app: App) -> Iterator[None]:
    """Frames stepped in this block update the app as usual but draw nothing (an audit renders
    only the frame it checks; ``test_text_fits`` checks this changes no text or box)."""
    app.draw = lambda surface: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        del app.draw


def frames(app: App, count: int = 3, events: list[pygame.event.Event] | None = None) -> None:
    """Run ``count`` frames, feeding ``events`` to the first."""
    app.step(events or [], FRAME)
    run(app, count - 1)


def at(app: App, fx: float, fy: float) -> tuple[int, int]:
    """The point at fractions ``fx``, ``fy`` of the screen."""
    w, h = app.screen.get_size()
    return round(w * fx), round(h * fy)


def hover(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to ``pos`` and let tooltips appear."""
    frames(app, 40, [motion(pos)])


def make_saves() -> None:
    """A few saves (one corrupt) in the saves folder, and an autosave."""
    from cacao_game.saves import autosave_path, save_game, saves_dir, slot_path

    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(autosave_path(), random_game(CONFIG, 60), CONFIG, {})
    two = GameConfig(
        [SeatConfig("Lena", "yellow", "human"), SeatConfig("Easy AI", "red", "random")], "base", 5
    )
    save_game(slot_path("quick"), random_game(two, 30), two, {})
    save_game(slot_path("Sunday evening with a very long name"), random_game(two, None), two, {})
    (saves_dir() / "broken.json").write_text('{"format": "cacao-save", "version": 1, "game": ', "utf-8")
    from cacao_game.app.netplay import records_dir
    from cacao_game.records import write_record

    finished = random_game(two, None)
    names = ["Lena", "Bo"]
    record = to_record(finished, seat_entries(["human", "human"], two.colors, names))
    write_record(record, records_dir() / "2026-11-25-205537-K7QW2P.json")


def shot_menu(app: App) -> None:
    app.home()
    hover(app, at(app, 0.5, 0.6))


def shot_setup(app: App) -> None:
    app.home()
    app.open(routes.Setup())
    hover(app, at(app, 0.9, 0.93))


def shot_setup_expert(app: App) -> None:
    """New game with a hard and an expert seat: both thinking times lit, the expert's at 2 s."""
    app.home()
    app.open(routes.Setup())
    scene = app.top
    assert isinstance(scene, SetupScene)
    scene.add_seat()
    scene.set_kind(1, "hard")
    scene.set_kind(2, "expert")
    scene.expert_time = 2.0
    scene.rebuild()
    hover(app, at(app, 0.9, 0.93))


def shot_host_setup(app: App) -> None:
    """Host a game: the setup with a Remote player seat and the host's options."""
    app.home()
    app.open(routes.Setup(hosting=True))
    hover(app, at(app, 0.9, 0.93))


def shot_host_on_server(app: App) -> None:
    """Host a game on a Cacao server: its address typed, the note saying where the table opens."""
    app.home()
    app.open(routes.Setup(hosting=True))
    scene = app.top
    assert isinstance(scene, SetupScene)
    scene.server_text = "cacao.example.org"
    scene.rebuild()
    hover(app, at(app, 0.9, 0.93))


def shot_join(app: App) -> None:
    """Join a game: the form, its table code still missing."""
    app.home()
    app.open(routes.Join())
    hover(app, at(app, 0.5, 0.4))


def shot_lobby(app: App) -> None:
    """The host's lobby: a real host on 127.0.0.1 (a free port), one seat waiting, an expert
    AI seat named with its thinking time, hints off (the heading over the seats at its
    longest: the start drawn, no hints)."""
    from cacao_game.app.netplay import host_game

    app.home()
    config = GameConfig(
        [
            SeatConfig("Ana", "red", "human"),
            SeatConfig("Remote player", "purple", "remote"),
            SeatConfig("Expert AI", "white", "expert"),
        ]
    )
    source = host_game(config, port=0, everywhere=False, hints=False)
    app.open(routes.Lobby(source))
    deadline = time.monotonic() + 20.0
    while len(source.table_seats()) < 3 and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.01)
    hover(app, at(app, 0.5, 0.95))


def net_table(app: App, presence: LostHost) -> None:
    """A table across machines at the placement shot's position, seen through ``presence``."""
    app.home()
    session = PlaySession(CONFIG, game_at("place"))
    if session.curtain is not None:
        session.handle(ShowHand())
    app.push(PlayScene(app, session, ai=CountedAI(), net=presence))
    frames(app, 30)


class LostHost:
    """A link to a host that is down (the table's banner), no seat away."""

    connection = "reconnecting"
    failed = False
    failure = ""
    absent: frozenset[int] = frozenset()
    standing_in: frozenset[int] = frozenset()
    departed: frozenset[int] = frozenset()
    table_code: str | None = "K7QW2P"
    rejoins = 0
    watching = False
    spectators = 0

    def waiting_on(self) -> int | None:
        return None

    def standin_wait(self, seat: int) -> float | None:
        return None

    frees_seats = False
    hosting = False

    def stand_in_now(self, seat: int) -> bool:
        return False

    def let_ai_play(self, seat: int) -> bool:
        return False

    def thinking(self) -> tuple[int, float] | None:
        return None


class Watching(LostHost):
    """A spectator's link, up."""

    connection = "connected"
    watching = True
    spectators = 3


class HostWaiting(LostHost):
    """The hosting window's link, up, with seat 1's player gone and no stand-in yet."""

    connection = "connected"
    absent = frozenset({1})

    def waiting_on(self) -> int | None:
        return 1

    def standin_wait(self, seat: int) -> float | None:
        return 41.5 if seat == 1 else None


def shot_net_watching(app: App) -> None:
    """A spectator's table: the Watching tag, the status, the Menu button only."""
    net_table(app, Watching())


def shot_net_standin(app: App) -> None:
    """The hosting window while a player is away: Let the AI play now."""
    net_table(app, HostWaiting())


class SeatLeft(LostHost):
    """A link, up, to a table without a stand-in whose seat 0's player (Ana) left for good."""

    connection = "connected"
    absent = frozenset({0})
    departed = frozenset({0})


class SeatLeftToAI(SeatLeft):
    """The same, at a table whose stand-in AI plays the seat left."""

    standing_in = frozenset({0})


def shot_net_left(app: App) -> None:
    """A table whose seat 0 was left with no AI to play it: the seat says so, and the notice
    names the player and the table code."""
    net_table(app, SeatLeft())


class SeatLeftHosting(SeatLeft):
    """The same, seen from the hosting window (its notice has Let the AI play)."""

    hosting = True


def shot_net_left_host(app: App) -> None:
    """The hosting window at a table whose seat 0 was left with no AI: Let the AI play."""
    net_table(app, SeatLeftHosting())


def shot_net_left_ai(app: App) -> None:
    """A table whose seat 0 was left and is played by the stand-in AI (its panel says so)."""
    net_table(app, SeatLeftToAI())


def shot_net_banner(app: App) -> None:
    """A table whose host does not answer: the reconnecting banner over the board."""
    net_table(app, LostHost())


def shot_settings(app: App) -> None:
    app.home()
    app.open(routes.SettingsPage())
    hover(app, at(app, 0.3, 0.4))


def shot_rules(app: App) -> None:
    app.home()
    app.open(routes.Rules())
    frames(app)


def rules_scrolled(share: float) -> Shot:
    """The Rules screen scrolled to ``share`` of its length (1: the end, the rulings)."""

    def shot(app: App) -> None:
        app.home()
        app.open(routes.Rules())
        frames(app)
        scene = app.stack[-1]
        assert isinstance(scene, HelpOverlay)
        scene.scroll_by(round(share * (scene.content_height - scene.view_height)))
        frames(app)

    return shot


def shot_load(app: App) -> None:
    make_saves()
    app.home()
    app.open(routes.Load())
    hover(app, at(app, 0.45, 0.4))


def shot_confirm(app: App) -> None:
    make_saves()
    app.home()
    app.open(routes.Load())
    question = t("load.delete_confirm", name="Sunday evening with a very long name")
    app.open(routes.Confirm(question, lambda: None))
    frames(app)


ONE_HUMAN_OF_FOUR = GameConfig(
    [SeatConfig("Ana", "red", "human")]
    + [
        SeatConfig(name, color, "random")
        for name, color in (("B", "purple"), ("C", "white"), ("D", "yellow"))
    ],
    "base",
    1,
)
"""Ana, the human, and three computer seats: the seats of a late 4-player board's table."""


def late_board(seed: int, tiles: int, phase: Phase = Phase.PLACE) -> Game:
    """A 4-player base game of medium players (seeded by seat) from the deal of ``seed``, at
    the first ``phase`` decision of seat 0 with at least ``tiles`` tiles laid (a resolution
    with more than one way to end it)."""
    game = Game.new(4, "base", seed)
    players = [MediumPlayer(random.Random(seat)) for seat in range(4)]
    while not (
        game.phase is phase
        and game.current_player() == 0
        and len(game.workers) + len(game.jungle) >= tiles
        and (phase is not Phase.RESOLVE or len(game.legal_actions()) > 1)
    ):
        game.apply(players[game.current_player()].choose(game))
    return game


def late_table(
    size: tuple[int, int], seed: int, tiles: int, phase: Phase = Phase.PLACE
) -> tuple[App, PlayScene]:
    """An app of ``size`` showing ``late_board`` at Ana's table, fitted and at rest."""
    app = make_app(size, Settings(sound=False))
    scene = table(app, late_board(seed, tiles, phase), ONE_HUMAN_OF_FOUR)
    scene.fit_board(snap=True)
    frames(app, 30)
    return app, scene


def table(app: App, game: Game, config: GameConfig = CONFIG) -> PlayScene:
    """The table over ``game`` with the deciding human's hand shown, the AI answering at once."""
    app.home()
    session = PlaySession(config, game)
    if session.curtain is not None:
        session.handle(ShowHand())
    scene = PlayScene(app, session, ai=CountedAI())
    app.push(scene)
    frames(app, 30)
    return scene


def point_at_first_target(app: App, scene: PlayScene) -> None:
    """Hover the first legal square, so its ghost and yield bubble show."""
    targets = scene.turn.targets()
    if targets:
        center = scene.camera.square_center(targets[0])
        hover(app, (round(center.x), round(center.y)))


def phase_shot(name: str) -> Shot:
    """The table at phase ``name`` of ``phases.PHASES``, pointing at a legal square."""

    def shot(app: App) -> None:
        scene = table(app, game_at(name))
        if name.startswith("fill"):
            scene.send(Target(scene.turn.targets()[0]))
            free = [pos for pos in scene.turn.targets() if pos not in scene.turn.assignments()]
            center = scene.camera.square_center(free[0])
            hover(app, (round(center.x), round(center.y)))
            return
        point_at_first_target(app, scene)

    return shot


def shot_ai_turn(app: App) -> None:
    """A computer seat's move, caught mid-animation."""
    scene = table(app, game_at("ai_turn"))
    for _ in range(600):
        app.step([], FRAME)
        if scene.timeline.busy and scene.clock > 0.3:
            break
    run(app, 8)


def shot_expert_thinking(app: App) -> None:
    """An expert seat thinking, 2 s of its 5 s passed: the bar under its name, 40 % full."""
    app.home()
    seats = [SeatConfig("Expert AI", "purple", "expert"), SeatConfig("Ana", "red", "human")]
    session = PlaySession(GameConfig(seats, "base", 7, expert_time=5.0))
    scene = PlayScene(app, session, ai=HeldAI())
    now = [100.0]
    scene.ai.clock = lambda: now[0]
    app.push(scene)
    frames(app, 5)
    now[0] = 102.0
    frames(app, 3)


def shot_game_over(app: App) -> None:
    """The table once the game has ended (before the scores)."""
    game = random_game(CONFIG, None, seed=3)
    scene = table(app, game)
    del scene
    frames(app, 5)


def shot_pause(app: App) -> None:
    table(app, game_at("place"))
    frames(app, 2, [app.intents.event_for("pause")])
    hover(app, at(app, 0.5, 0.42))


def shot_help(app: App) -> None:
    table(app, game_at("place"))
    frames(app, 2, [app.intents.event_for("help")])


def shot_scoring(app: App) -> None:
    game = random_game(CONFIG, None, seed=3)
    app.home()
    app.switch(routes.Scoring(game, CONFIG))
    frames(app, 2, [app.intents.event_for("skip")])
    run(app, 60)


def shot_scoring_taken_over(app: App) -> None:
    """The scores of a network game whose long-named seat another player took over (and whose
    first seat two players held before its last), each row saying whom it took over from."""
    game = random_game(CONFIG, None, seed=3)
    names = tuple(CONFIG.names)
    earlier = (("Christophe-Alexandre", *names[1:]), ("Zoë", *names[1:2], "Wilhelmina-Josefine", names[3]))
    played = [PlayedBy(earlier[0])] * 3 + [PlayedBy(earlier[1])] * 3 + [PlayedBy(names)] * (game.turn - 6)
    app.home()
    app.switch(routes.Scoring(game, CONFIG, played_by=played))
    frames(app, 2, [app.intents.event_for("skip")])
    run(app, 60)


def shot_scoring_reveal(app: App) -> None:
    """The scores being revealed temple by temple, the line saying how to show everything."""
    game = random_game(CONFIG, None, seed=3)
    app.home()
    app.switch(routes.Scoring(game, CONFIG))
    run(app, 5)


def scoring_view(view: str) -> Shot:
    """The scoring scene showing ``view`` (statistics or the final board)."""

    def shot(app: App) -> None:
        shot_scoring(app)
        show_view = app.top.show_view
        show_view(view)
        frames(app, 3)

    return shot


def shot_replay(app: App) -> None:
    game = random_game(CONFIG, None, seed=3)
    seats = CONFIG.seats
    record = to_record(game, seat_entries([s.kind for s in seats], [s.color for s in seats]))
    app.home()
    app.push(PlayScene(app, ReplaySession(record)))
    frames(app, 30)


def shot_menu_newcomer(app: App) -> None:
    """The menu of a first launch (no tutorial started, no autosave): Learn to play first."""
    before = os.environ.get("CACAO_HOME")
    os.environ["CACAO_HOME"] = tempfile.mkdtemp(prefix="cacao_newcomer_")
    try:
        app.home()
        hover(app, at(app, 0.2, 0.2))
    finally:
        if before is None:
            os.environ.pop("CACAO_HOME", None)
        else:
            os.environ["CACAO_HOME"] = before


def tutorial_table(app: App, until: str) -> PlayScene:
    """The tutorial's table with the lesson step ``until`` on (played there through the session)."""
    app.home()
    session = TutorialSession()
    advance(session, until)
    scene = PlayScene(app, session, ai=ScriptedAI(session.scripted_answer), lesson=session)
    app.push(scene)
    frames(app, 30)
    return scene


def tutorial_shot(until: str, *, wrong: bool = False, show: bool = False) -> Shot:
    """The tutorial at step ``until``: as it opens, after a try turned the wrong way, or with
    the answer shown."""

    def shot(app: App) -> None:
        scene = tutorial_table(app, until)
        session = scene.tutorial
        assert session is not None and scene.coach is not None
        if wrong:
            answer = session.coach.answer(session.game)
            assert answer is not None and answer.placement is not None
            placement = answer.placement
            scene.send(Select(session.selection.hand().index(placement.tile)))
            while session.selection.rotation != (placement.rotation + 1) % 4:
                scene.send(Rotate(1))
            scene.send(Target(placement.pos))
            scene.send(Target(placement.pos))
        if show:
            scene.coach.press("show")
        frames(app, 5)
        point_at_first_target(app, scene)

    return shot


def hint_shot(name: str) -> Shot:
    """The table at phase ``name`` after H: the hinted move and the coach's reasons."""

    def shot(app: App) -> None:
        scene = table(app, game_at(name))
        frames(app, 3, [app.intents.event_for("hint")])
        frames(app, 20)
        assert scene.source.advice is not None, "the hint came with its reasons"

    return shot


def shot_tutorial_watch(app: App) -> None:
    """Coco's turn in the tutorial, mid-animation, the lesson panel saying so."""
    scene = tutorial_table(app, "sell")
    session = scene.tutorial
    assert session is not None
    scene.show(solve(session))
    for _ in range(600):
        app.step([], FRAME)
        if scene.timeline.busy and scene.current_seat() == 1:
            break
    run(app, 8)


class ReviewInProgress:
    """An AI client that has reviewed 17 of 41 decisions and never finishes."""

    def request(self, request: Message) -> None:
        """Nothing to do."""

    def poll(self) -> list[Reply]:
        return [ReviewProgress(1, 17, 41)]

    def close(self) -> None:
        """Nothing to stop."""


def shot_reviewing(app: App) -> None:
    """The scores with the review's progress over them."""
    shot_scoring(app)
    app.open(routes.Reviewing(random_game(CONFIG, None, seed=3), CONFIG, ai=ReviewInProgress()))
    frames(app, 5)


@cache
def reviewed_game() -> tuple[Game, GameReview]:
    """The finished game of the scoring shot, its humans' decisions reviewed at 8 iterations
    (the expert's search: one iteration would appraise the played move alone)."""
    game = random_game(CONFIG, None, seed=3)
    return game, review_game(game.setup, game.actions, seats=[0, 2], budget=ReviewBudget(iterations=8))


def open_review(app: App) -> tuple[PlayScene, ReviewSession]:
    """The reviewed game (``reviewed_game``) opened at its start in a review table, over the
    menu alone, after a few frames."""
    game, review = reviewed_game()
    seats = CONFIG.seats
    record = to_record(game, seat_entries([s.kind for s in seats], [s.color for s in seats]))
    session = ReviewSession(record, review, CONFIG)
    app.home()
    scene = PlayScene(app, session, review=session)
    app.push(scene)
    frames(app, 5)
    return scene, session


def review_shot(phase: str) -> Shot:
    """The review stepped to the first flagged decision of ``phase`` (place or resolve), or to
    the end of the game (``end``: the review's overview)."""

    def shot(app: App) -> None:
        scene, session = open_review(app)
        if phase == "end":
            session.jump(session.turns)
        while phase != "end" and session.jump_flag(1):
            here = session.here()
            if here is not None and here.phase.name.lower() == phase:
                break
        scene.resync()
        frames(app, 20)

    return shot


SHOTS: dict[str, Shot] = {
    "menu": shot_menu,
    "setup": shot_setup,
    "setup_expert": shot_setup_expert,
    "host_setup": shot_host_setup,
    "host_on_server": shot_host_on_server,
    "join": shot_join,
    "lobby": shot_lobby,
    "net_banner": shot_net_banner,
    "net_watching": shot_net_watching,
    "net_standin": shot_net_standin,
    "net_left": shot_net_left,
    "net_left_host": shot_net_left_host,
    "net_left_ai": shot_net_left_ai,
    "settings": shot_settings,
    "rules": shot_rules,
    "rules_tiles": rules_scrolled(0.55),
    "rules_rulings": rules_scrolled(1.0),
    "load": shot_load,
    "confirm": shot_confirm,
    "place": phase_shot("place"),
    "fill2": phase_shot("fill2"),
    "fill3": phase_shot("fill3"),
    "resolve": phase_shot("resolve"),
    "resolve_long": phase_shot("resolve_long"),
    "offturn": phase_shot("offturn"),
    "overbuild": phase_shot("overbuild"),
    "ai_turn": shot_ai_turn,
    "expert_thinking": shot_expert_thinking,
    "game_over": shot_game_over,
    "pause": shot_pause,
    "help": shot_help,
    "scoring": shot_scoring,
    "scoring_reveal": shot_scoring_reveal,
    "scoring_taken_over": shot_scoring_taken_over,
    "statistics": scoring_view("statistics"),
    "final_board": scoring_view("board"),
    "replay": shot_replay,
    "menu_newcomer": shot_menu_newcomer,
    "tutorial_welcome": tutorial_shot("welcome"),
    "tutorial_place": tutorial_shot("place"),
    "tutorial_wrong": tutorial_shot("place", wrong=True),
    "tutorial_sell": tutorial_shot("sell"),
    "tutorial_watch": shot_tutorial_watch,
    "tutorial_fill": tutorial_shot("sun_fill", show=True),
    "tutorial_temple": tutorial_shot("temple_lead"),
    "tutorial_practice": tutorial_shot("practice_2"),
    "tutorial_overbuild": tutorial_shot("overbuild"),
    "tutorial_scoring": tutorial_shot("scoring"),
    "hint": hint_shot("place"),
    "hint_resolve": hint_shot("resolve"),
    "hint_fill": hint_shot("fill2"),
    "reviewing": shot_reviewing,
    "review": review_shot("place"),
    "review_resolve": review_shot("resolve"),
    "review_end": review_shot("end"),
}
"""Shot name -> how to reach it; the play phases are those the layout issue lists."""
