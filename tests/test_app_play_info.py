"""Every fact at hand on the table: tooltips on the HUD, a log that scrolls back and points
at its tiles, the covered tile of an overbuild."""

from __future__ import annotations

import random

import pygame
from app_support import make_scene
from harness import motion

from cacao_game.app.app import App
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.strings import t, tn
from cacao_game.session import ShowHand


def advance(scene: PlayScene, decisions: int, seed: int = 1) -> None:
    """Play ``decisions`` random decisions of the scene's session, then show the result."""
    rng = random.Random(seed)
    session = scene.source
    for _ in range(decisions):
        if session.game.is_over():
            break
        session.play(rng.choice(session.game.legal_actions()))
    scene.resync()


def hover(app: App, pos: tuple[int, int], seconds: float = 0.8) -> None:
    """Rest the mouse on ``pos`` long enough for a tooltip."""
    app.step([motion(pos)], 0.02)
    for _ in range(int(seconds / 0.1)):
        app.step([], 0.1)


def test_every_hud_element_has_a_tooltip(play_app: App) -> None:
    """Gold, cacao, sun, water, tiles, score of each seat, the display, the pile, the hand,
    the tiles to come and every button: resting the mouse on one shows its own text."""
    scene = make_scene(play_app, ["human", "human", "human"], seed=5)
    advance(scene, 12)
    if scene.source.curtain is not None:
        scene.send(ShowHand())
    tips = [(pygame.Rect(tip.box), list(tip.lines)) for tip in scene.frame.tips]
    assert len(tips) >= 3 * 7 + 2 + 1 + 3 + 4
    shown = set()
    for rect, lines in tips:
        hover(play_app, rect.center)
        assert scene.tooltip(), f"nothing shown over {lines}"
        shown.add(tuple(scene.tooltip()))
    assert len(shown) >= len(tips) - 4
    remaining = [lines for _rect, lines in tips if "the next tile drawn" in lines[-1]]
    assert remaining


def test_the_pile_count_and_a_water_track_of_one_point_say_so_on_hover(play_app: App) -> None:
    """Trials found no tooltip on the pile's count ("17 left") and read "worth -1 points" on
    a water track: the count explains the pile as the pile does, and one point is singular.
    A trial read "Each water carrier moves it": it is each worker facing a water tile (R3.8)."""
    scene = make_scene(play_app, ["human", "human"], seed=5)
    pile = t("play.pile")
    count = scene.hud.pile_count_rect(scene.frame.pile_count)
    boxes = [pygame.Rect(tip.box) for tip in scene.frame.tips if pile in tip.lines]
    assert any(box.contains(count.inflate(0, -8)) for box in boxes)
    water = scene.frame.seats[0].score.water
    assert water == -10
    lines = [line for tip in scene.frame.tips for line in tip.lines]
    assert tn("tip.water", 10, name=scene.names[0], n="-10") in lines
    assert "-1 point now" in tn("tip.water", 1, name="Ana", n="-1")
    assert "-10 points now" in tn("tip.water", 10, name="Ana", n="-10")
    assert "Each worker facing a water tile moves" in tn("tip.water", 10, name="Ana", n="-10")


def test_a_greyed_out_buttons_tooltip_says_it_is_not_available_now(play_app: App) -> None:
    """A trial saw Confirm's tooltip ("Play the move shown on the board") on the greyed-out
    button during an AI's move: a button that cannot act now says so; one that can does not."""
    from cacao_game.app.strings import t

    scene = make_scene(play_app, ["human", "human"], seed=5)
    advance(scene, 3)
    if scene.source.curtain is not None:
        scene.send(ShowHand())
    off = t("tip.action_off")
    buttons = [button.rect for button in scene.hud.action_buttons()]
    enabled = [action.enabled for action in scene.frame.actions]
    assert set(enabled) == {True, False}
    for rect, on in zip(buttons, enabled, strict=True):
        tip = next(tip for tip in scene.frame.tips if rect.contains(tip.box))
        assert (off in tip.lines) == (not on), tip.lines


def test_the_temples_panel_explains_itself_on_hover(play_app: App) -> None:
    """A trial found no tooltip on the temples panel and could not tell what "3 +6" meant:
    resting the mouse on the panel says what its rows show."""
    from cacao_game.engine.tiles import TEMPLE

    scene = make_scene(play_app, ["human", "human"], seed=5)
    rng = random.Random(2)
    session = scene.source
    while not any(code == TEMPLE for code, _rotation in session.game.jungle.values()):
        session.play(rng.choice(session.game.legal_actions()))
    scene.resync()
    if scene.source.curtain is not None:
        scene.send(ShowHand())
    play_app.step([], 0.02)
    play_app.draw(play_app.screen)
    panel = scene.board.temples_panel()
    assert panel is not None
    hover(play_app, panel.center)
    assert scene.tooltip() == [t("play.temples"), t("tip.temples")]


def test_the_log_scrolls_back_and_points_at_its_tile(play_app: App) -> None:
    """The wheel over the log shows older lines; hovering a placement line names its square."""
    import pygame

    scene = make_scene(play_app, ["human", "human"], seed=2)
    advance(scene, 40)
    if scene.source.curtain is not None:
        scene.send(ShowHand())
    newest = [line for _rect, line in scene.hud.log_rows(scene.history.lines, scene.log_scroll)]
    log_area = scene.hud.a("log")
    play_app.step([motion(log_area.center)], 0.02)
    play_app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)], 0.02)
    older = [line for _rect, line in scene.hud.log_rows(scene.history.lines, scene.log_scroll)]
    assert scene.log_scroll == 6
    assert older != newest and older[-1] is not newest[-1]
    placed = next(
        (rect, line)
        for rect, line in scene.hud.log_rows(scene.history.lines, scene.log_scroll)
        if line.pos is not None
    )
    play_app.step([motion(placed[0].center)], 0.02)
    assert scene.hovered_log_line() is placed[1]
    advance(scene, 4, seed=3)
    kept = [line.text for _rect, line in scene.hud.log_rows(scene.history.lines, scene.log_scroll)]
    assert kept == [line.text for line in older], "scrolled back, the log stays where the player put it"
    assert scene.log_scroll > 6
    play_app.step([], 0.02)
    below = {part.name: part.key for part in scene.hud.log_parts(scene.frame)}["log.below"]
    assert below == tn("play.log_below", scene.log_scroll), "it says how many lines came below"
    for _ in range(40):
        play_app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)], 0.02)
    assert scene.log_scroll == 0
    assert {part.name: part.key for part in scene.hud.log_parts(scene.frame)}["log.below"] == ""
    advance(scene, 4, seed=4)
    assert scene.log_scroll == 0, "at its end the log follows the newest line"


def test_worker_tiles_left_show_what_the_table_may_know(play_app: App) -> None:
    """The tiles-left tooltip lists the shown hand's seat's pile contents, and for the other
    seats their hand and pile together (never a hidden hand on its own)."""
    from collections import Counter

    from cacao_game.app.play.hud import worker_lines

    scene = make_scene(play_app, ["human", "easy"], seed=4)
    own = scene.hand_seat()
    assert own == 0
    game = scene.source.game
    lines = worker_lines(scene.frame.seats[0], game.remaining_workers(0), scene.shown.hands[0])
    pile = Counter(scene.source.game.worker_piles[0])
    assert lines[1].startswith("Still in the pile")
    for code, count in pile.items():
        assert f"{t(f'tile.{code}')} ×{count}" in lines[1]
    other = worker_lines(scene.frame.seats[1], game.remaining_workers(1), None)
    assert other[1].startswith("In hand and pile together")
    together = scene.source.game.remaining_workers(1)
    assert sum(together.values()) == len(scene.source.game.hands[1]) + len(scene.source.game.worker_piles[1])


def test_a_log_line_cut_short_shows_whole_in_its_tooltip(play_app: App) -> None:
    """A log line too long for its row ends in "…"; resting the mouse on it shows it whole."""
    from cacao_game.app.play.texts import LogLine

    scene = make_scene(play_app, ["human", "human"], seed=2)
    advance(scene, 6)
    if scene.source.curtain is not None:
        scene.send(ShowHand())
    long_text = "Player 1 lays " + ", ".join(["2 workers up", "1 worker right", "1 worker left"] * 3)
    scene.history.lines.append(LogLine(long_text, 0, scene.shown.turn))
    play_app.step([], 0.02)
    rows = scene.hud.log_rows(scene.history.lines, scene.log_scroll)
    cut_rect = next(rect for rect, line in rows if line.text == long_text)
    short_rect = next(rect for rect, line in rows if line.text != long_text and not line.heading)
    hover(play_app, cut_rect.center)
    assert scene.tooltip() == [long_text]
    hover(play_app, short_rect.center)
    assert long_text not in scene.tooltip()


def test_a_long_name_is_cut_before_what_its_seat_did(play_app: App) -> None:
    """A trial's 24-letter name filled whole log lines, what the seat did cut away: a line too
    long for its row cuts the name first (to no less than a third of the row), so the rest
    reads whole; a line that fits keeps the name whole."""
    from cacao_game.app.play.texts import LogLine

    scene = make_scene(play_app, ["human", "human"], seed=2)
    name = "W" * 24
    did = " sold 2 cacao for 6 gold"
    cut, _weight, _tint = scene.hud.log_text(LogLine(name + did, 0, 1, name=name), None)
    assert cut.endswith(did) and cut != name + did and "…" in cut
    short, _weight, _tint = scene.hud.log_text(LogLine("Bo" + did, 0, 1, name="Bo"), None)
    assert short == "Bo" + did


def test_the_resolution_panel_cuts_a_long_name_not_its_question(user_home) -> None:
    """A network trial's 24-letter name left "Bartholomew Fitzgerald-W, how do your workers
    a…" as the resolution panel's title in a 1280x720 window: the name is cut first, the
    question stays whole."""
    from dataclasses import replace

    from harness import run
    from phases import CONFIG, game_at

    from cacao_game.app import theme
    from cacao_game.app.catalog import router
    from cacao_game.app.play.ai_worker import SyncAI
    from cacao_game.config.settings import Settings
    from cacao_game.session import PlaySession

    pygame.init()
    play_app = App(
        pygame.Surface((1280, 720)), Settings(animation_speed="instant", sound=False), router=router()
    )

    game = game_at("resolve")
    seat = game.current_player()
    name = "Bartholomew Fitzgerald-Wx"[:24]
    seats = [replace(s, name=name) if n == seat else s for n, s in enumerate(CONFIG.seats)]
    session = PlaySession(replace(CONFIG, seats=seats), game)
    session.handle(ShowHand())
    scene = PlayScene(play_app, session, ai=SyncAI())
    play_app.push(scene)
    run(play_app, 40)
    question = t("play.resolve_title", name=name)[len(name) :]
    with theme.text_audit() as drawn:
        play_app.draw(play_app.screen)
    titles = [text.text for text in drawn if text.text.endswith(question)]
    play_app.close()
    assert titles and "…" in titles[0] and not titles[0].startswith(name), titles


def test_a_tooltip_goes_when_the_pause_menu_opens_over_it(play_app: App) -> None:
    """A hand tile's tooltip under a resting mouse goes when the pause menu opens (a playtest
    saw it stay up under the menu and its question), and comes back only once the table is
    on top again and the mouse has rested anew."""
    scene = make_scene(play_app, ["human", "human"], seed=2)
    advance(scene, 6)
    if scene.source.curtain is not None:
        scene.send(ShowHand())
    play_app.step([], 0.02)
    tip = next(tip for tip in scene.frame.tips if tip.lines)
    hover(play_app, pygame.Rect(tip.box).center)
    assert scene.tooltip()
    play_app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")], 0.02)
    assert play_app.top is not scene
    for _ in range(10):
        play_app.step([], 0.1)
    assert scene.tooltip() == []
    play_app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")], 0.02)
    assert play_app.top is scene
    hover(play_app, pygame.Rect(tip.box).center)
    assert scene.tooltip()


def test_a_tile_that_may_be_overbuilt_says_so_on_hover(user_home) -> None:
    """A trial found the dashed outline on the player's own tiles unexplained late in the
    game (R3.3): resting the mouse on one that may be overbuilt now says how; an opponent's
    tile does not."""
    from phases import game_at
    from shots import make_app, table

    app = make_app((1366, 768))
    try:
        scene = table(app, game_at("overbuild"))
        mine = scene.turn.overbuild_targets()
        theirs = [pos for pos, tile in scene.game.workers.items() if tile.seat != scene.game.mover]
        assert mine and theirs
        for pos, offered in ((mine[0], True), (theirs[0], False)):
            center = scene.camera.square_center(pos)
            hover(app, (round(center.x), round(center.y)))
            lines = scene.tooltip()
            assert lines and (t("play.overbuild_tip") in lines) == offered, lines
    finally:
        app.close()


def test_a_seat_named_as_its_kind_is_not_labelled_twice(play_app: App) -> None:
    """A trial read "Hard AI" under "Hard AI" (a computer seat keeps its level as its name):
    the line under a name gives the kind only where the name does not already. A timed
    level's line says how long it thinks (a trial found the expert's time nowhere in the
    game): "1 s per decision" under "Hard AI", "Expert AI · 2 s per decision" under another name."""
    from cacao_game.app.play.ai_worker import SyncAI
    from cacao_game.app.strings import kind_label
    from cacao_game.config.game import GameConfig, SeatConfig
    from cacao_game.session import PlaySession

    config = GameConfig(
        [
            SeatConfig("Ana", "red", "human"),
            SeatConfig(kind_label("hard"), "purple", "hard"),
            SeatConfig("Bo", "white", "easy"),
            SeatConfig("Cy", "yellow", "expert"),
        ],
        "base",
        3,
        thinking_time=1.0,
        expert_time=2.0,
    )
    session = PlaySession(config)
    session.handle(ShowHand())
    scene = PlayScene(play_app, session, ai=SyncAI())
    play_app.push(scene)
    assert [scene.seat_kind_text(seat) for seat in range(4)] == [
        kind_label("human"),
        t("play.thinks", seconds="1"),
        kind_label("easy"),
        t("net.ai_thinks", level=kind_label("expert"), seconds="2"),
    ]
    assert t("net.ai_thinks", level=kind_label("expert"), seconds="2") == "Expert AI · 2 s per decision"


def test_a_seats_tiles_left_agree_with_its_panel_mid_animation(user_home: object) -> None:
    """A review found the seat tooltip's tile list taken from the game while its counts came
    from the board as shown: mid-animation the tile just drawn was listed in the pile. At
    every frame of a human's turns and the computer's answers, each seat's tiles left (hand
    and pile as shown) number its panel's hand and pile, and the pile listed for the seat
    whose hand is face up is what is left once that hand is taken out."""
    from collections import Counter

    from driver import human_turn_events

    from cacao_game.app.catalog import router
    from cacao_game.config.settings import Settings

    app = App(pygame.Surface((1280, 720)), Settings(animation_speed="normal", sound=False), router=router())
    scene = make_scene(app, ["human", "easy"], seed=4)
    rng = random.Random(4)
    busy_frames = 0
    for _ in range(400):
        app.step(human_turn_events(scene, rng), 0.05)
        busy_frames += scene.timeline.busy
        hand_seat = scene.hand_seat()
        for view in scene.frame.seats:
            left = scene.remaining_workers(view.seat)
            assert sum(left.values()) == view.hand + view.pile
            if view.seat == hand_seat:
                assert sum((left - Counter(scene.shown.hands[view.seat])).values()) == view.pile
    assert busy_frames > 50


def test_the_cameras_cover_is_the_temples_panel_drawn_at_every_frame(user_home: object) -> None:
    """A review found the camera's cover for the temples panel sized from the engine's board
    (a temple still being laid counted) while the panel drawn follows the board shown and
    the previewed move: tiles could lie under a panel larger than the cover. At every frame
    of a game with temples, animations included, the cover is the panel drawn."""
    from driver import human_turn_events

    from cacao_game.app.catalog import router
    from cacao_game.config.settings import Settings

    app = App(pygame.Surface((1280, 720)), Settings(animation_speed="normal", sound=False), router=router())
    scene = make_scene(app, ["human", "easy", "easy", "easy"], seed=4, variant="volcano")
    rng = random.Random(5)
    drawn = 0
    for _ in range(900):
        app.step(human_turn_events(scene, rng), 0.05)
        if app.top is not scene or scene.source.game.is_over():
            break
        panel = scene.board.temples_panel()
        covers = scene.board_covers()
        assert (covers[0] if covers else None) == panel
        drawn += panel is not None
    assert drawn > 100


def test_a_key_takes_a_resting_mouses_tooltip_down_until_the_mouse_moves(play_app: App) -> None:
    """A keyboard trial's tooltips stayed over the table after Tab, E and the arrow keys (the
    temples panel's over the hint label). A key takes the tooltip down; it comes back once
    the mouse moves, and not before."""
    from harness import key

    scene = make_scene(play_app, ["human", "human"], seed=5)
    if scene.source.curtain is not None:
        scene.send(ShowHand())
    box = pygame.Rect(scene.frame.tips[0].box)
    hover(play_app, box.center)
    assert scene.tooltip()
    play_app.step([key("tab")], 0.02)
    for _ in range(15):
        play_app.step([], 0.1)
    assert not scene.tooltip()
    hover(play_app, (box.centerx + 1, box.centery))
    assert scene.tooltip()
