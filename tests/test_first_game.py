"""What a new player trips over (issue 22): names in the language of the screen, the tutorial's
guide, prompts of the base game, the pause menu's save and panel."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import harness
import pygame
import pytest
from harness import FRAME, click_label, motion, press, run

from cacao_game.app import strings
from cacao_game.app.app import App
from cacao_game.app.flow import start_tutorial
from cacao_game.app.play.controls import Pan
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scenes.pause import PauseOverlay
from cacao_game.app.scenes.scoring import VIEWS, ScoringScene
from cacao_game.app.strings import is_automatic_name, kind_label, seat_name, seat_names, t
from cacao_game.config.game import GameConfig, SeatConfig
from tests.app_support import make_scene


@pytest.fixture
def in_german() -> Iterator[None]:
    """German while the test runs, English after."""
    strings.set_language("de")
    yield
    strings.set_language("en")


def test_default_names_follow_the_language_typed_names_stay(in_german: None) -> None:
    """Issue 22.6: a name the game gave ("Spieler 1", "Schwere KI", the tutorial's "Spieler")
    shows in the language of the screen; a name a player typed stays as typed."""
    german = [t("setup.default_name", number=1), kind_label("hard"), t("tutorial.player")]
    strings.set_language("fr")
    french = [t("setup.default_name", number=1), kind_label("hard"), t("tutorial.player")]
    assert german != french
    assert seat_name(german[0], "human", 1) == french[0]
    assert seat_name(german[1], "hard", 2) == french[1]
    assert seat_name(german[2], "human", 1) == french[2]
    assert seat_name(f"{german[1]} 2", "hard", 3) == f"{french[1]} 2"
    assert seat_names(["Anna", "Spielerin"], ["human", "human"]) == ["Anna", "Spielerin"]


def test_a_default_name_follows_the_language_in_any_seat(in_german: None) -> None:
    """Issue 22.6: a game turns its seats so the start player comes first, so the English
    "Player 1" may sit third; switched to German it still reads "Spieler 1" (it showed
    "Hand von Player 1" beside "KI mittel"), and a setup opened from that game keeps it automatic."""
    strings.set_language("en")
    config = [t("setup.default_name", number=1), kind_label("medium"), kind_label("easy")]
    strings.set_language("de")
    names = seat_names(config[1:] + config[:1], ["medium", "easy", "human"])
    assert names == [kind_label("medium"), kind_label("easy"), "Spieler 1"]
    assert is_automatic_name(config[0], "human", 3)
    assert not is_automatic_name("Player One", "human", 3)


def test_automatic_ai_names_keep_their_setup_numbers_whoever_starts() -> None:
    """A new player set up purple "Hard AI" and white "Hard AI 2" with white to start; the table
    turns white first and showed it as "Hard AI", purple as "Hard AI 2" (names renumbered in turn
    order). Each seat keeps the name it was set up with, and a repeat that clashes is told apart."""
    hard = kind_label("hard")
    turned = seat_names([f"{hard} 2", "Player 1", hard], ["hard", "human", "hard"])
    assert turned == [f"{hard} 2", "Player 1", hard]
    assert seat_names([hard, hard, f"{hard} 2"], ["hard"] * 3) == [hard, f"{hard} 3", f"{hard} 2"]
    assert seat_names(["", ""], ["medium", "medium"]) == [kind_label("medium"), f"{kind_label('medium')} 2"]


def test_the_tutorial_resumed_in_french_calls_the_player_in_french(play_app: App) -> None:
    """Issue 22.6 and 22.7: the tutorial started in German names the player "Spieler";
    switched to French, the table says "Joueur"; its opponent is the guide, not an AI level."""
    strings.set_language("de")
    try:
        assert start_tutorial(play_app)
        scene = play_app.top
        assert isinstance(scene, PlayScene)
        assert scene.frame.seats[0].name == "Spieler"
        play_app.apply_settings(replace(play_app.settings, language="fr"))
        run(play_app, 1)
        assert scene.frame.seats[0].name == "Joueur"
        assert scene.frame.seats[1].kind == t("tutorial.guide_kind")
        assert all(kind_label(level) != scene.frame.seats[1].kind for level in ("medium", "easy", "hard"))
        assert all("Spieler" not in line.text for line in scene.frame.log)
    finally:
        strings.set_language("en")


def test_base_game_key_hints_never_mention_the_volcano(play_app: App) -> None:
    """Issue 22.4: the fill's key hint names turning a volcano only in the volcano variant."""
    base = make_scene(play_app, ["human", "human"])
    assert t("jungle_name.volcano").lower() not in base.keys_text(base.fill_hint_key()).lower()
    assert all("volcan" not in text.lower() for _title, text in base.help_topics())
    play_app.pop()
    volcano = make_scene(play_app, ["human", "human"], variant="volcano")
    assert "volcano" in volcano.keys_text(volcano.fill_hint_key()).lower()


def test_the_fill_keys_name_the_volcano_only_when_one_is_to_lay(play_app: App) -> None:
    """Playtest: in the volcano variant the fill bar says "turn a volcano" only while a
    volcano is among the tiles of the fill (the display, or the pile's tile turned up)."""
    import random

    from driver import human_turn_events

    from cacao_game.engine import Phase
    from cacao_game.engine.tiles import VOLCANO

    scene = make_scene(play_app, ["human", "human"], variant="volcano", seed=2)
    rng = random.Random(3)
    seen: set[bool] = set()
    for _ in range(3000):
        if seen == {True, False} or scene.source.game.is_over():
            break
        if scene.accepts_board_input() and scene.turn.phase is Phase.FILL:
            volcano = VOLCANO in scene.turn.fill_sources()
            assert ("volcano" in scene.key_hint_text().lower()) == volcano
            seen.add(volcano)
        play_app.step(human_turn_events(scene, rng), 0.02)
    assert seen == {True, False}


def test_a_volcano_turned_before_it_is_laid_shows_turned_in_the_display(play_app: App) -> None:
    """A trial turned the display's volcano with Q and saw it stay upright, then land turned:
    the picked volcano is drawn in the display as it will be laid."""
    import random

    from driver import human_turn_events

    from cacao_game.engine import Phase
    from cacao_game.engine.tiles import VOLCANO
    from cacao_game.session import PickFill

    scene = make_scene(play_app, ["human", "human"], variant="volcano", seed=2)
    rng = random.Random(3)
    for _ in range(3000):
        fill = scene.accepts_board_input() and scene.turn.phase is Phase.FILL
        if fill and VOLCANO in scene.turn.fill_sources() and VOLCANO in scene.frame.display.tiles:
            break
        play_app.step(human_turn_events(scene, rng), 0.02)
    else:
        raise AssertionError("no volcano in the display at a fill")
    scene.source.handle(PickFill(VOLCANO))
    play_app.step([], FRAME)
    assert scene.frame.display.turned == 0
    press(play_app, "rotate_cw")
    display = scene.frame.display
    assert display.picked is not None and display.tiles[display.picked] == VOLCANO
    assert display.turned == scene.turn.fill_rotation == 1


def test_a_narrow_screen_keeps_the_volcano_key_of_a_french_fill(user_home: Path) -> None:
    """A trial at 1366x768 in French saw the fill's key hint left out whole: beside the status
    it was too long, and "Q/E : tourner un volcan" went with it. The hint now loses its first
    part (what to click) before its keys."""
    import random

    from driver import human_turn_events

    from cacao_game.app.catalog import router
    from cacao_game.config.settings import Settings
    from cacao_game.engine import Phase
    from cacao_game.engine.tiles import VOLCANO

    pygame.init()
    settings = Settings(animation_speed="instant", ai_pacing=0.0, sound=False)
    narrow = App(pygame.Surface((1366, 768)), settings, router=router())
    strings.set_language("fr")
    try:
        scene = make_scene(narrow, ["human", "human"], variant="volcano", seed=2)
        rng = random.Random(3)
        for _ in range(3000):
            if (
                scene.accepts_board_input()
                and scene.turn.phase is Phase.FILL
                and VOLCANO in scene.turn.fill_sources()
            ):
                break
            narrow.step(human_turn_events(scene, rng), 0.02)
        else:
            raise AssertionError("no volcano fill came")
        hint = scene.key_hint_text()
        status = t("play.fill", name="Joueur 1")  # the trial's status
        frame = replace(scene.frame, status=status)
        keys = [part.key for part in scene.hud.top_parts(frame) if part.name == "keys"]
        assert keys, f"the key hint {hint!r} is drawn"
        shown = keys[0][0]  # type: ignore[index]
        assert "volcan" in shown and hint.endswith(shown) and shown != hint
    finally:
        strings.set_language("en")


def test_ctrl_s_in_the_pause_menu_saves_and_names_the_save(play_app: App) -> None:
    """Issue 22.5: Ctrl+S saves from the pause menu too; the toast names the save, and shows
    where it is while the mouse rests on it."""
    scene = make_scene(play_app, ["human", "human"])
    press(play_app, "pause")
    assert isinstance(play_app.top, PauseOverlay)
    press(play_app, "save")
    assert play_app.toast is not None
    assert play_app.toast[0] == t("play.saved", where="quick")
    assert "/" not in play_app.toast[0] and "\\" not in play_app.toast[0]
    assert Path(play_app.toast_detail).stem == "quick" and Path(play_app.toast_detail).is_file()
    assert play_app.toast_rect is not None
    play_app.step([motion(play_app.toast_rect.center)], 5.0)
    assert play_app.toast is not None and play_app.toast_hovered()
    assert isinstance(scene, PlayScene)


def test_the_pause_panel_is_opaque(play_app: App) -> None:
    """Issue 22.12: what is under the pause panel does not show through it."""
    make_scene(play_app, ["human", "human"])
    press(play_app, "pause")
    overlay = play_app.top
    assert isinstance(overlay, PauseOverlay)
    panel = overlay.panel_rect()
    point = (panel.x + panel.w // 2, panel.bottom - 12)
    colours = []
    for fill in ((255, 0, 0), (0, 0, 255)):
        surface = pygame.Surface(play_app.screen.get_size())
        surface.fill(fill)
        overlay.draw(surface)
        colours.append(tuple(surface.get_at(point))[:3])
    assert colours[0] == colours[1]
    run(play_app, 1, FRAME)
    click_label(play_app, t("pause.resume"))


def test_the_final_board_tab_keeps_the_tabs_and_the_table_in_place(app: App) -> None:
    """Issue 22.11: choosing "Final board" leaves the row of view buttons where it was and
    the score table as it was (the board takes the lower panel only)."""
    config = GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "random")], "base", 21)
    scene = ScoringScene(app, harness.random_game(config, None, seed=4), config, [])
    app.push(scene)
    press(app, "skip")

    def tabs() -> list[tuple[str, pygame.Rect]]:
        labels = {t(f"scoring.view.{view}") for view in VIEWS}
        return [(w.label, pygame.Rect(w.rect)) for w in scene.widgets if getattr(w, "label", None) in labels]

    def table_pixels() -> bytes:
        app.step([], FRAME)
        table = scene.widgets[1].rect
        return pygame.image.tobytes(app.screen.subsurface(table), "RGB")

    before, table_before = tabs(), table_pixels()
    click_label(app, t("scoring.view.board"))
    assert scene.view == "board"
    assert tabs() == before
    after = table_pixels()
    changed = sum(abs(a - b) > 24 for a, b in zip(after, table_before, strict=True))
    assert changed < len(after) // 200, "the board view drew over the score table"


def test_an_overbuild_preview_counts_the_sun_it_costs() -> None:
    """Issue 22.2: the sun token an overbuild pays shows in its yield ("-1 sun"), net of what
    the placement gains (rulebook: overbuilding costs 1 sun token, RULES.md R4)."""
    from cacao_game.app.play.texts import amounts
    from cacao_game.engine import events as ev
    from cacao_game.session.ledger import gains

    paid = gains([ev.SunSpent(seat=0, sun=1), ev.GoldGained(seat=0, gained=3, gold=3, source=(0, 0))], 0)
    assert paid["sun"] == -1 and paid["gold"] == 3
    assert tn_sun(-1) in amounts(paid) and "-1" in tn_sun(-1) and "+-" not in amounts(paid)


def tn_sun(n: int) -> str:
    from cacao_game.app.strings import tn

    return tn("yield.sun", abs(n), n=n)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_worker_tiles_are_named_in_words_not_codes(language: str) -> None:
    """Issue 22.9: tooltips and the log name a worker tile in words, never "3-0-0-1"."""
    import re

    from cacao_game.app.play.texts import log_lines
    from cacao_game.app.tile_words import laid_tile
    from cacao_game.engine import events as ev
    from cacao_game.engine.tiles import WORKER_CODES

    strings.set_language(language)
    try:
        names = [t(f"tile.{code}") for code in WORKER_CODES]
        assert len(set(names)) == len(names)
        assert not any(re.search(r"\d-\d", name) for name in names)
        placed = ev.TilePlaced(seat=0, pos=(1, 0), tile="3001", rotation=0, overbuild=False)
        lines = log_lines([(placed, ["Ana", "Bo"])])
        assert any(laid_tile("3001", 0) in line.text for line in lines)
        assert not any(re.search(r"\d-\d-\d-\d", line.text) for line in lines)
    finally:
        strings.set_language("en")


def test_the_log_names_a_worker_tile_as_it_lies() -> None:
    """A playtest found the log's words ignoring the rotation: "3 workers + 1 on the left" for
    a tile turned upside down. The log names the sides the workers face on the screen."""
    from cacao_game.app.play.texts import log_lines
    from cacao_game.engine import events as ev

    def logged(rotation: int) -> str:
        placed = ev.TilePlaced(seat=0, pos=(1, 0), tile="3001", rotation=rotation, overbuild=False)
        return log_lines([(placed, ["Ana", "Bo"])])[-1].text

    assert logged(0) == "Ana placed 3 workers up, 1 worker left"
    assert logged(2) == "Ana placed 1 worker right, 3 workers down"
    assert len({logged(rotation) for rotation in range(4)}) == 4


def test_an_overbuilt_squares_tooltip_names_both_tiles_as_they_lie() -> None:
    """Issue 22 item 2: the covered tile's line told the unturned tile's words, so it named the
    wrong neighbours its workers faced; it names the sides they faced on the screen."""
    from dataclasses import replace

    from cacao_game.app.play.hud import square_tooltip
    from cacao_game.app.play.shown import Shown
    from cacao_game.app.tile_words import jungle_action, jungle_name, laid_tile
    from cacao_game.engine import Game
    from cacao_game.engine.game import WorkerTile

    game = Game.new(2, seed=3)
    shown = Shown.of(game)
    pos = (5, 5)
    shown = replace(
        shown,
        workers={**shown.workers, pos: WorkerTile(0, "3100", 1)},
        covered={pos: WorkerTile(0, "3001", 2)},
    )
    lines = square_tooltip(shown, ["Ana", "Bo"], pos, False)
    assert lines[0] == f"Ana · {laid_tile('3100', 1)}" == "Ana · 3 workers right, 1 worker down"
    assert lines[1] == t("play.built_over", name="Ana", tile="1 worker right, 3 workers down")
    jungle, (code, _rotation) = next(iter(shown.jungle.items()))
    assert square_tooltip(shown, ["Ana", "Bo"], jungle, False) == [jungle_name(code), jungle_action(code)]


def test_the_next_decision_brings_its_squares_back_into_view(play_app: App) -> None:
    """Issue 22.1: a player who panned the board away finds the next decision's legal squares
    in view again (the camera eases there once per decision, not on every frame)."""
    from driver import key

    scene = make_scene(play_app, ["human", "human"])
    run(play_app, 2)
    assert scene.camera.contains(scene.turn.targets(), border=0)
    scene.run([Pan(5000, 5000, immediate=True)])
    run(play_app, 2)
    assert not scene.camera.contains(scene.turn.targets(), border=0), "one decision: no refit"
    play_app.step([key(play_app, "cycle"), key(play_app, "confirm")], FRAME)
    for _ in range(50):
        if scene.accepts_board_input():
            break
        play_app.step([key(play_app, "confirm")] if scene.curtain_for is not None else [], 0.1)
    assert scene.accepts_board_input()
    run(play_app, 2)
    assert scene.camera.contains(scene.turn.targets(), border=0)


def test_a_seat_with_an_off_turn_choice_is_marked_until_it_is_made(play_app: App) -> None:
    """Yucata's aid (issue 22): in hot seat, a seat whose workers face a market or plantation
    in another seat's turn shows a pending choice on its panel until it has chosen."""
    import random

    from driver import human_turn_events

    scene = make_scene(play_app, ["human", "human", "human"], seed=7)
    rng = random.Random(3)
    marked: set[int] = set()
    for _ in range(3000):
        if scene.source.game.is_over() or marked:
            break
        play_app.step(human_turn_events(scene, rng), 0.02)
        marked = {view.seat for view in scene.frame.seats if view.pending}
    assert marked, "no off-turn choice came up"
    seat = marked.pop()
    assert scene.source.game.pending_edges(seat)
    assert seat != scene.source.game.mover and not scene.frame.seats[seat].deciding
    for _ in range(3000):
        if not scene.source.game.pending_edges(seat):
            break
        play_app.step(human_turn_events(scene, rng), 0.02)
    run(play_app, 1)
    assert not scene.frame.seats[seat].pending


def test_at_1366x768_no_label_below_12_px_and_tiles_to_come_at_28_px(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22.13: drawing the table at 1366x768 asks for no font under 12 real pixels, and
    the list of jungle tiles to come draws them at 28 pixels or more."""
    import random

    from driver import human_turn_events
    from shots import make_app

    app = make_app((1366, 768))
    scene = make_scene(app, ["human", "human", "human"], seed=5)
    rng = random.Random(2)
    for _ in range(120):
        app.step(human_turn_events(scene, rng), 0.05)
    fonts: list[int] = []
    tiles: list[float] = []
    font_px, jungle = app.assets.font_px, scene.hud.art.jungle

    def spy_font(size: int, weight: str = "regular") -> pygame.font.Font:
        fonts.append(size)
        return font_px(size, weight)

    def spy_jungle(code: str, size: float, rotation: int = 0, toward: float | None = None) -> pygame.Surface:
        tiles.append(size)
        return jungle(code, size, rotation, toward)

    monkeypatch.setattr(app.assets, "font_px", spy_font)
    monkeypatch.setattr(scene.hud.art, "jungle", spy_jungle)
    scene.hud.clear()
    scene.release_images()
    scene.hud.draw_remaining(app.screen, scene.frame)
    app.step([], FRAME)
    assert fonts and min(fonts) >= 12
    assert tiles and min(tiles) >= 28


def test_toasts_stay_off_the_hand(play_app: App) -> None:
    """Issue 22.10: a toast at the table sits above the hand, the display and the pile."""
    scene = make_scene(play_app, ["human", "human"])
    play_app.notify(t("play.hint_ready"))
    run(play_app, 1)
    assert play_app.toast_rect is not None
    assert play_app.toast_rect.bottom <= scene.hud.a("hand").y


def test_a_long_toast_at_the_table_stays_over_the_board_in_french(play_app: App) -> None:
    """A trial at 1366x768 saw the French notice of a kept finished game run from the board
    over the game log's title: at the table a toast is centred over the board and wrapped
    within it."""
    play_app.resize(pygame.Surface((1366, 768)))
    strings.set_language("fr")
    try:
        scene = make_scene(play_app, ["human", "human"])
        play_app.notify(t("flow.kept_finished", name="Partie 2026-11-27 19-45-20"))
        run(play_app, 1)
        board, toast = scene.hud.a("board"), play_app.toast_rect
        assert toast is not None and board.left <= toast.left and toast.right <= board.right
        assert abs(toast.centerx - board.centerx) <= 1
    finally:
        strings.set_language("en")


def test_an_overbuild_under_the_mouse_shows_a_solid_ghost_and_its_sun() -> None:
    """Issue 22.2: the tile an overbuild under the mouse would lay is drawn nearly solid (it
    covers a tile), and its yield label counts the sun it pays."""
    from phases import game_at
    from shots import make_app, table

    from cacao_game.app.play.scene import OVERBUILD_GHOST
    from cacao_game.engine import Overbuild

    app = make_app((1920, 1080))
    scene = table(app, game_at("overbuild"))
    square = scene.turn.overbuild_targets()[0]
    scene.camera.ensure_visible(square)
    scene.camera.snap()
    center = scene.camera.square_center(square)
    app.step([motion((round(center.x), round(center.y)))], FRAME)
    board = scene.frame.board
    assert board is not None
    ghost = next(g for g in board.ghosts if isinstance(g.action, Overbuild))
    assert ghost.alpha == OVERBUILD_GHOST >= 200
    assert tn_sun(-1) in scene.frame.previews[ghost.action]


def test_a_hosted_tables_computer_seat_is_named_by_its_level_in_the_language(in_german: None) -> None:
    """A hosted table names a computer seat by its level ("Medium", ``net.tables``): every
    window shows it as that level's AI in its own language ("KI mittel"), as a seat set up
    at home (a playtest saw "Medium" beside "KI mittel" in German and French)."""
    assert seat_names(["Medium", "Hard", "Ana"], ["medium", "hard", "human"]) == [
        kind_label("medium"),
        kind_label("hard"),
        "Ana",
    ]
    assert seat_name("Medium", "human", 1) == "Medium"


def test_the_hand_bar_keeps_its_title_when_no_hand_is_shown(play_app: App) -> None:
    """A trial saw the hand bar's title blank at a replay's last step (the game over, no hand
    to show): it then reads "Hand"."""
    scene = make_scene(play_app, ["human", "human"])
    frame = replace(scene.frame, hand=replace(scene.frame.hand, seat=None))
    parts = scene.hud.hand_parts(frame)
    assert [part.key for part in parts] == [t("play.hand")]
    assert parts[0].rect.w > 0 and scene.hud.a("hand").contains(parts[0].rect)


def test_q_and_e_turn_the_volcano_just_laid_until_another_tile_is_chosen() -> None:
    """A keyboard-only trial's hint laid a volcano on a space, then E turned the display's
    other volcano, which nothing pointed at. Once a volcano is given to a space, Q/E turn it
    until the player picks a tile or shows one on a space; then they turn that one."""
    from dataclasses import replace

    from phases import CONFIG, game_at

    from cacao_game.engine.tiles import VOLCANO
    from cacao_game.session.selection import Selection

    game = game_at("fill2", replace(CONFIG, variant="volcano"))
    game.display = [VOLCANO, VOLCANO]
    selection = Selection(game)
    first, second = sorted(game.pending_fills)
    assert selection.assign(first, VOLCANO)
    assert selection.rotate(1)
    assert selection.assignments()[first] == (VOLCANO, 1) and selection.fill_rotation == 0
    assert selection.pick_fill(VOLCANO)
    assert selection.rotate(1)
    assert selection.assignments()[first] == (VOLCANO, 1) and selection.fill_rotation == 1
    assert selection.assign(second)
    assert selection.assignments()[second] == (VOLCANO, 1)


def test_once_every_space_has_its_tile_no_display_tile_is_outlined_as_the_next(play_app: App) -> None:
    """A trial's hint gave the only space the display's water; the display's other tile, a
    temple, stayed outlined as the one to lay. Once every space that can get a tile has one,
    no display tile is outlined as picked; before, the one the next space gets is."""
    import random

    from driver import human_turn_events

    from cacao_game.engine import Phase
    from cacao_game.session import Assign

    scene = make_scene(play_app, ["human", "human"], seed=4)
    rng = random.Random(5)
    for _ in range(3000):
        turn = scene.turn
        if (
            scene.accepts_board_input()
            and turn.phase is Phase.FILL
            and len(turn.fill_codes()) > turn.to_assign()
        ):
            break
        play_app.step(human_turn_events(scene, rng), 0.02)
    else:
        raise AssertionError("no fill with a display tile to spare")
    play_app.step([], FRAME)
    assert scene.frame.display.picked is not None
    for pos in sorted(scene.game.pending_fills)[: scene.turn.to_assign()]:
        code = scene.turn.current_fill_code()
        assert code is not None
        scene.source.handle(Assign(pos, code))
    play_app.step([], FRAME)
    assert scene.turn.fill_complete() and scene.frame.display.picked is None
