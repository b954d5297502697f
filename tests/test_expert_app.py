"""The expert level in the app: offered in setup with its own thinking time, which saves,
the previous setup, a rematch and hosted tables keep; an expert seat asks with it; and a timed
seat's panel shows how much of its thinking time has passed (an injected clock)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from counted_ai import HeldAI
from harness import FRAME, click, run

from cacao_game.app import routes
from cacao_game.app.app import App
from cacao_game.app.netplay import table_options
from cacao_game.app.play.ai_link import AILink
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.play.thinking_bar import bar_rect, filled_width
from cacao_game.app.scenes.setup import SetupScene, kind_choice_label
from cacao_game.app.strings import t
from cacao_game.app.widgets import Cycler
from cacao_game.config.choices import EXPERT_TIME, EXPERT_TIMES, THINKING_TIMES
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Action, Game, Phase
from cacao_game.net import protocol as p
from cacao_game.net.tables import Table, options_problem
from cacao_game.saves import load_game, save_game
from cacao_game.session import PlaySession
from cacao_game.session.messages import AIRequest

FIXTURE_V2 = Path(__file__).parent / "fixtures" / "save_v2.json"


class Clock:
    """A clock a test moves by hand."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def expert_game(expert_time: float | None = 2.0, *kinds: str) -> GameConfig:
    """A game whose first seat (moving first) is ``kinds[0]`` (the expert by default)."""
    kinds = kinds or ("expert", "human")
    names = ("Eve", "Ana", "Bo", "Cy")
    colors = ("purple", "red", "white", "yellow")
    seats = [SeatConfig(names[i], colors[i], kind) for i, kind in enumerate(kinds)]
    return GameConfig(seats, "base", 7, thinking_time=0.5, expert_time=expert_time)


# ----------------------------------------------------------------- options and saves


@pytest.mark.parametrize("seconds", EXPERT_TIMES)
def test_expert_time_round_trips_and_survives_rotation(seconds: float) -> None:
    """Every expert time of setup's list is kept by to_dict/from_dict and by rotating seats."""
    config = expert_game(seconds)
    assert config.to_dict()["expert_time"] == seconds
    assert GameConfig.from_dict(config.to_dict()) == config
    assert config.rotated(1).expert_time == seconds


def test_an_unknown_expert_time_is_refused_and_none_is_not_written() -> None:
    """A time not offered (or not a number) is a ValueError naming the expert's choices; a
    config naming none writes no key and thinks for ``EXPERT_TIME`` (3 s)."""
    data = expert_game(None).to_dict()
    assert "expert_time" not in data and EXPERT_TIME == 3.0
    assert GameConfig.from_dict(data).time_budget("expert") == EXPERT_TIME
    for bad in (4.0, 0.5, 0, 11, "3", True, [3.0]):
        with pytest.raises(ValueError, match=r"expert thinking time .* 1, 2, 3, 5, 7, 10 seconds"):
            GameConfig.from_dict({**data, "expert_time": bad})


def test_a_save_keeps_the_expert_seat_and_its_time(tmp_path: Path) -> None:
    """Saved and loaded, an expert game is still the expert at 2 s and thinks for 2 s."""
    config = expert_game(2.0, "human", "expert", "hard")
    session = PlaySession(config)
    path = tmp_path / "expert.json"
    save_game(path, session.game, config)
    assert json.loads(path.read_bytes())["options"]["expert_time"] == 2.0
    loaded = load_game(path)
    assert loaded.config == config and loaded.config.seats[1].kind == "expert"
    again = PlaySession(loaded.config, loaded.game)
    assert again.time_budget("expert") == 2.0 and again.time_budget("hard") == 0.5


def test_a_save_from_before_the_expert_still_loads() -> None:
    """The schema-2 fixture has no ``expert_time``: it loads, writes none back, and an expert
    would think for the default."""
    assert "expert_time" not in json.loads(FIXTURE_V2.read_bytes())["options"]
    loaded = load_game(FIXTURE_V2)
    assert loaded.config.expert_time is None and "expert_time" not in loaded.config.to_dict()
    assert loaded.config.time_budget("expert") == EXPERT_TIME


# ----------------------------------------------------------------- hosted tables


def test_a_hosted_table_carries_the_expert_time_and_refuses_an_unknown_one() -> None:
    """The host's options take the setup's expert time to the table's game (its expert seat
    asks with it); a time not offered is refused with a reason that names the choices."""
    config = expert_game(7.0, "expert", "human", "remote")
    options, seat = table_options(config, hints=False)
    assert seat == 1 and options.expert_time == 7.0 and options.thinking_time == 0.5
    assert options_problem(options) is None
    table = Table.create("ABCDEF", options, seed=3)
    assert table.session.config.expert_time == 7.0
    (request,) = table.session.take_requests()
    assert (request.level, request.seat, request.time_budget) == ("expert", 0, 7.0)
    bad = p.TableOptions(options.seats, expert_time=4.0)
    assert options_problem(bad) == "unknown expert thinking time (expected 1, 2, 3, 5, 7, 10 seconds)"
    assert options_problem(p.TableOptions(options.seats)) is None


# ----------------------------------------------------------------- setup


def _cycler(scene: SetupScene, values: tuple[float, ...]) -> Cycler:
    """The setup's cycler of the thinking times ``values``."""
    cyclers = [w for w in scene.widgets if isinstance(w, Cycler)]
    return next(w for w in cyclers if [value for value, _text in w.options] == list(values))


def _right_arrow(cycler: Cycler) -> tuple[int, int]:
    box = cycler.box()
    return box.right - 10, box.centery


def test_setup_offers_the_expert_and_its_time_which_the_game_and_the_next_setup_keep(app: App) -> None:
    """In New game the player cycler offers the expert right after hard (with its rating once
    measured, ``kind_choice_label``); the expert's time is dimmed until a seat plays it, then a click
    steps it; the game starts with it and the next New game starts from it."""
    app.open(routes.Setup())
    scene = app.top
    assert isinstance(scene, SetupScene)
    kind = next(w for w in scene.widgets if isinstance(w, Cycler) and w.value == scene.seats[1].kind)
    values = [value for value, _text in kind.options]
    assert values[values.index("hard") + 1] == "expert"
    assert dict(kind.options)["expert"] == kind_choice_label("expert")
    expert = _cycler(scene, EXPERT_TIMES)
    assert expert.value == EXPERT_TIME and not expert.enabled
    assert not _cycler(scene, THINKING_TIMES).enabled
    click(app, _right_arrow(expert))
    assert scene.expert_time == EXPERT_TIME
    while scene.seats[1].kind != "expert":
        kind = next(w for w in scene.widgets if isinstance(w, Cycler) and w.value == scene.seats[1].kind)
        click(app, _right_arrow(kind))
    expert = _cycler(scene, EXPERT_TIMES)
    assert expert.enabled and not _cycler(scene, THINKING_TIMES).enabled
    click(app, _right_arrow(expert))
    assert scene.expert_time == 5.0
    click(app, scene.start_button.rect.center)
    run(app, 3)
    table = app.top
    assert isinstance(table, PlayScene)
    assert table.source.config.expert_time == 5.0
    assert table.source.config.kinds.count("expert") == 1
    app.home()
    app.open(routes.Setup())
    again = app.top
    assert isinstance(again, SetupScene)
    assert again.expert_time == 5.0 and _cycler(again, EXPERT_TIMES).value == 5.0


def test_an_unrated_expert_shows_its_name_alone_and_a_rated_one_its_number(monkeypatch) -> None:
    """Until the ladder rates it, the expert's choice is its name; then "Expert AI · N"."""
    from cacao_game.ai import ratings

    unrated = {level: rating for level, rating in ratings.RATINGS.items() if level != "expert"}
    monkeypatch.setattr(ratings, "RATINGS", unrated)
    assert kind_choice_label("expert") == t("kind.expert")
    monkeypatch.setattr(ratings, "RATINGS", {**unrated, "expert": 1800})
    assert kind_choice_label("expert") == t("setup.kind_rating", level=t("kind.expert"), rating=1800)


def test_new_game_from_the_scores_and_the_hosting_setup_keep_the_expert_time(app: App) -> None:
    """ "New game" (the setup prefilled with a game's seats) starts on that game's expert
    time; the hosting setup offers the same cycler and puts it in the table's options."""
    app.open(routes.Setup(expert_game(10.0)))
    scene = app.top
    assert isinstance(scene, SetupScene)
    assert _cycler(scene, EXPERT_TIMES).value == 10.0 and _cycler(scene, EXPERT_TIMES).enabled
    app.open(routes.Setup(expert_game(1.0, "human", "remote", "expert"), hosting=True))
    host = app.top
    assert isinstance(host, SetupScene) and host.hosting
    assert _cycler(host, EXPERT_TIMES).value == 1.0
    options, _seat = table_options(host.config(), hints=False)
    assert options.expert_time == 1.0


# ----------------------------------------------------------------- progress


def expert_asked(seconds: float = 2.0) -> tuple[PlaySession, HeldAI, Clock, AILink, AIRequest]:
    """A game whose expert (``seconds`` a move) was just asked for its move, at 10.0 on an
    injected clock: the session, the AI holding the request, the clock, the link and the
    request."""
    session = PlaySession(expert_game(seconds))
    held = HeldAI()
    clock = Clock(10.0)
    link = AILink(held, clock=clock)
    link.update(session, FRAME, busy=False, pacing=0.5)
    (request,) = held.requests
    return session, held, clock, link, request


def test_the_share_of_thinking_time_rises_with_the_clock_to_exactly_one_and_stays() -> None:
    """From the expert's request on, the link's share of its 2 s rises with the injected
    clock, is exactly 1.0 at 2 s and stays 1.0 while the answer is late; once the answer is
    in, nobody is thinking."""
    session, held, clock, link, request = expert_asked()
    assert request.level == "expert" and request.time_budget == 2.0
    shares = []
    for now in (10.0, 10.5, 11.0, 11.5, 12.0, 12.5, 30.0):
        clock.now = now
        seat_share = link.thinking(session)
        assert seat_share is not None and seat_share[0] == 0
        shares.append(seat_share[1])
    assert shares == [0.0, 0.25, 0.5, 0.75, 1.0, 1.0, 1.0]
    held.answer(request, request.game.legal_actions()[0])
    link.update(session, FRAME, busy=False, pacing=0.5)
    assert link.held is not None and link.thinking(session) is None


def test_a_move_long_past_its_thinking_time_is_said_to_be_late() -> None:
    """A trial stopped the AI's helper: the bar stood full for 20 s past the expert's time
    without a word. From ``OVERDUE_AFTER`` seconds past twice its time the link names the
    seat as late (the table says the computer may be busy); not before, and not once the
    answer is in."""
    from cacao_game.app.play.ai_link import OVERDUE_AFTER

    session, held, clock, link, request = expert_asked()
    clock.now = 10.0 + 4.0 + OVERDUE_AFTER - 0.1
    assert link.overdue(session) is None
    clock.now = 10.0 + 4.0 + OVERDUE_AFTER
    assert link.overdue(session) == 0
    held.answer(request, request.game.legal_actions()[0])
    link.update(session, FRAME, busy=False, pacing=0.5)
    assert link.overdue(session) is None


def test_only_a_timed_seat_has_a_share_each_of_its_own_time() -> None:
    """A hard seat's share runs on the hard time (0.5 s), a medium seat has none."""
    session = PlaySession(expert_game(2.0, "hard", "medium", "human"))
    held = HeldAI()
    clock = Clock(0.0)
    link = AILink(held, clock=clock)
    link.update(session, FRAME, busy=False, pacing=0.0)
    clock.now = 0.25
    assert link.thinking(session) == (0, 0.5)
    held.answer(held.requests[-1], held.requests[-1].game.legal_actions()[0])
    link.update(session, FRAME, busy=False, pacing=0.0)
    link.update(session, FRAME, busy=False, pacing=0.0)
    assert session.deciding_seat() == 1 and held.requests[-1].level == "medium"
    assert held.requests[-1].time_budget is None and link.thinking(session) is None


def test_a_worker_restarted_mid_think_starts_the_thinking_time_again() -> None:
    """A worker death sends the awaited request again: the new worker thinks its whole time,
    so the share starts again from 0 rather than sitting full while it searches."""
    session = PlaySession(expert_game(2.0))
    held = HeldAI()
    clock = Clock(10.0)
    link = AILink(held, clock=clock)
    link.update(session, FRAME, busy=False, pacing=0.5)
    clock.now = 11.5
    assert link.thinking(session) == (0, 0.75)
    held.restart()
    link.update(session, FRAME, busy=False, pacing=0.5)
    assert link.thinking(session) == (0, 0.0) and len(link.take_restarts()) == 1
    clock.now = 12.5
    assert link.thinking(session) == (0, 0.5)


def _fills_after(game: Game, action: Action) -> bool:
    """Whether ``action`` leaves its mover a fill to decide."""
    after = game.clone()
    after.apply(action)
    return after.phase is Phase.FILL


def test_the_bar_shows_from_the_request_on_while_the_move_before_it_animates(app: App) -> None:
    """An expert's fill is asked as soon as its placement is in: while the placement still
    animates, the frame already carries the fill's share, so the bar never starts part-full
    nor misses a decision shorter than the animation (two experts, placements answered at
    once until one leaves a fill)."""
    app.settings.animation_speed = "normal"
    app.home()
    held = HeldAI()
    scene = PlayScene(app, PlaySession(expert_game(2.0, "expert", "expert")), ai=held)
    scene.ai.clock = Clock()
    app.push(scene)
    run(app, 3)
    filling: list[Action] = []
    for _ in range(12):
        asked = held.requests[-1]
        legal = asked.game.legal_actions()
        filling = [action for action in legal if _fills_after(asked.game, action)]
        held.answer(asked, (filling or legal)[0])
        for _frame in range(600):
            run(app, 1)
            if held.requests[-1] is not asked:
                break
        if filling:
            break
    assert filling, "a placement that leaves a fill within 12 decisions"
    seen: list[tuple[int, float] | None] = []
    while scene.timeline.busy:
        seen.append(scene.frame.thinking)
        run(app, 1)
    fill = held.requests[-1]
    assert seen and all(share == (fill.seat, 0.0) for share in seen)
    assert fill.time_budget == 2.0 and fill.game.phase is Phase.FILL


def _bar_pixels(surface: pygame.Surface, rect: pygame.Rect, color: pygame.Color) -> int:
    row = rect.centery
    return sum(1 for x in range(rect.left, rect.right) if surface.get_at((x, row))[:3] == color[:3])


def test_the_thinking_seats_panel_draws_the_frames_share(app: App) -> None:
    """The table's frame carries the thinking seat and its share (from the scene's link and
    its clock), and the panel's bar fills exactly that share in the seat's colour: a quarter
    after 0.5 s of 2 s, full at 2 s and after; none once the answer arrives."""
    app.home()
    held = HeldAI()
    scene = PlayScene(app, PlaySession(expert_game(2.0)), ai=held)
    clock = Clock()
    scene.ai.clock = clock
    app.push(scene)
    run(app, 3)
    color = app.assets.seat_color("purple")
    rect = bar_rect(scene.hud.panel_rect(0))
    for seconds, share in ((0.5, 0.25), (2.0, 1.0), (8.0, 1.0)):
        clock.now = 100.0 + seconds
        run(app, 1)
        assert scene.frame.thinking == (0, share)
        assert t("play.ai_turn", name="Eve") in scene.frame.status
        app.draw(app.screen)
        assert _bar_pixels(app.screen, rect, color) == filled_width(rect, share) > 0
    clock.now = 109.0
    run(app, 1)
    assert scene.frame.status == t("play.ai_overdue", name="Eve"), "5 s past twice its time: said late"
    held.answer(held.requests[0], held.requests[0].game.legal_actions()[0])
    run(app, 2)
    assert scene.frame.thinking is None
    app.draw(app.screen)
    assert _bar_pixels(app.screen, rect, color) == 0


def test_a_computer_seat_is_said_to_choose_what_its_decision_is_about(app: App) -> None:
    """A German trial read "Medium AI is thinking…" with the AI's tile already on the board
    (it was choosing the fill): the status line says what the seat decides, its tile, its
    jungle tiles, or what to harvest and sell."""
    from harness import random_game

    config = expert_game(2.0, "expert", "human")
    seen = set()
    for decisions in range(0, 60):
        game = random_game(config, decisions, seed=3)
        if game.is_over() or game.current_player() != 0:
            continue
        scene = PlayScene(app, PlaySession(config, game), ai=HeldAI())
        app.push(scene)
        run(app, 2)
        key = {Phase.PLACE: "play.ai_turn", Phase.FILL: "play.ai_fill", Phase.RESOLVE: "play.ai_resolve"}
        assert scene.frame.status == t(key[game.phase], name=config.seats[0].name)
        seen.add(game.phase)
        app.home()
    assert {Phase.PLACE, Phase.FILL} <= seen
