"""The scoring scene (numbers equal ``game.score_now()``, RULES.md R5) and draw purity: drawing
any scene over a game never changes the engine state."""

from __future__ import annotations

from contextlib import contextmanager

import harness
import pytest
from harness import click, click_label, press, run

from cacao_game.app import theme
from cacao_game.app.scenes.menu import MenuScene
from cacao_game.app.scenes.scoring import VIEWS, ScoringScene, replay_history
from cacao_game.app.scenes.setup import SetupScene
from cacao_game.app.strings import t
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.records import PlayedBy

CONFIG = GameConfig(
    [
        SeatConfig("Ana", "red", "human"),
        SeatConfig("Bo", "purple", "random"),
        SeatConfig("Cy", "white", "human"),
    ],
    "base",
    21,
)


@pytest.fixture(scope="module")
def finished():
    """One finished 3-seat game."""
    return harness.random_game(CONFIG, None, seed=4)


@contextmanager
def revealed(app, game, config, size, language):
    """The scores of ``game`` fully shown in a window of ``size`` in ``language`` (English again after)."""
    from dataclasses import replace

    import pygame

    app.resize(pygame.Surface(size))
    app.apply_settings(replace(app.settings, language=language))
    try:
        scene = ScoringScene(app, game, config, [])
        app.push(scene)
        press(app, "skip")
        yield scene
    finally:
        app.apply_settings(replace(app.settings, language="en"))
        app.resize(pygame.Surface((1920, 1080)))


def engine_state(game):
    return game._state(), game.observation_key(0)


def test_scoring_numbers_equal_score_now_once_revealed(app, finished):
    """After the reveal the table shows exactly gold, temples, sun, water, total, cacao of score_now (R5)."""
    scene = ScoringScene(app, finished, CONFIG, [])
    app.push(scene)
    run(app)
    assert not scene.done
    press(app, "skip")
    assert scene.done
    for row, score in zip(scene.rows(), finished.score_now(), strict=True):
        assert row == {
            "gold": score.gold,
            "temples": score.temples,
            "sun": score.sun,
            "water": score.water,
            "cacao": score.cacao,
            "total": score.total,
        }
    assert scene.winners == finished.winners()


def test_the_table_lists_the_seats_by_place_once_revealed(app, finished):
    """A French trial read the second of four listed last, under the fourth: while the temples
    are revealed the rows keep turn order, then they list the seats by place (R5.4: total,
    then cacao), drawn in that order from the top."""
    from cacao_game.engine.scoring import places

    scene = ScoringScene(app, finished, CONFIG, [])
    app.push(scene)
    run(app)
    assert scene.row_order() == list(range(len(finished.score_now())))
    press(app, "skip")
    place = places(finished.score_now())
    order = scene.row_order()
    assert sorted(order) == list(range(len(place))) and [place[s] for s in order] == sorted(place)
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    tops = {text.text: text.rect.top for text in drawn}
    names = [scene.names[seat] for seat in order]
    assert [tops[name] for name in names] == sorted(tops[name] for name in names)


def test_points_by_source_list_the_seats_as_the_table_does(app, finished):
    """Two trials read "Points by source" in turn order under a table ranked by place: its
    columns follow the table's order, left to right."""
    scene = ScoringScene(app, finished, CONFIG, [])
    app.push(scene)
    run(app)
    press(app, "skip")
    scene.show_view("statistics")
    run(app)
    order = scene.row_order()
    assert order != sorted(order), "a game whose places differ from turn order"
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    names = [scene.names[seat] for seat in order]
    heading = max(text.rect.top for text in drawn if text.text == names[0])
    lefts = {text.text: text.rect.left for text in drawn if text.rect.top == heading}
    assert [lefts[name] for name in names] == sorted(lefts[name] for name in names)


def test_temples_are_revealed_one_by_one(app, finished):
    """Each step of the animation adds one temple's awards to the temples column (R5.1)."""
    scene = ScoringScene(app, finished, CONFIG, [])
    app.push(scene)
    seen = []
    for _ in range(len(scene.standings) + 2):
        seen.append(scene.revealed_temples)
        app.step([], scene.step)
    assert seen[: len(scene.standings) + 1] == list(range(len(scene.standings) + 1))
    partial = sum(awards[0] for _pos, _w, awards in scene.standings[:1])
    scene.elapsed = scene.step * 1.01
    assert scene.rows()[0]["temples"] == partial


def test_instant_speed_shows_everything_at_once(app, finished):
    """With animation speed Instant the scene starts fully revealed."""
    app.settings.animation_speed = "instant"
    assert ScoringScene(app, finished, CONFIG, []).done


def test_history_is_rebuilt_and_ends_at_the_final_totals(finished):
    """Without a history the chart's is rebuilt by replay; it ends at the final totals."""
    history = replay_history(finished)
    assert len(history) > 10
    assert history[-1] == [s.total for s in finished.score_now()]
    assert history[0] == [-10, -10, -10]


def test_drawing_never_changes_the_game(app, finished):
    """Drawing the scoring scene, and the pause and help overlays over a game, leaves the engine as it was."""
    before = engine_state(finished)
    scene = ScoringScene(app, finished, CONFIG, [[0, 0, 0]])
    app.push(scene)
    for _ in range(3):
        scene.draw(app.screen)
        run(app)
    press(app, "skip")
    press(app, "help")
    run(app, 2)
    assert engine_state(finished) == before


def test_drawing_the_play_scene_never_changes_the_game(app):
    """Drawing the play scene with the pause overlay over it leaves the engine state unchanged."""
    from cacao_game.app.play.scene import PlayScene
    from cacao_game.session import PlaySession

    humans = GameConfig([SeatConfig("A", "red", "human"), SeatConfig("B", "white", "human")], "base", 3)
    scene = PlayScene(app, PlaySession(humans, harness.random_game(humans, 12)))
    app.push(scene)
    run(app, 2)
    before = (engine_state(scene.source.game), scene.source.state_key(), scene.shown)
    press(app, "pause")
    for _ in range(3):
        app.draw(app.screen)
    assert (engine_state(scene.source.game), scene.source.state_key(), scene.shown) == before


def test_rematch_keeps_the_seats_in_turn_order_with_a_new_seed(app, finished, monkeypatch):
    """Rematch starts the same seats in the same turn order with another seed, over the menu.
    The start player is drawn again from the new seed ("Start player: Random": a tester's three
    rematches all began with the seat that began the first), unless the last set-up of these
    seats chose one: that seat starts again."""
    import random

    started = []
    monkeypatch.setattr(
        "cacao_game.app.scenes.scoring.start_game",
        lambda app_, config: started.append(config),
    )
    app.remember_setup(CONFIG, None)
    for _ in range(6):
        app.push(ScoringScene(app, finished, CONFIG, []))
        press(app, "skip")
        click_label(app, t("scoring.rematch"))
    for config in started:
        assert config.seed != CONFIG.seed
        assert config.seats == CONFIG.rotated(random.Random(config.seed).randrange(3)).seats
    started.clear()
    app.remember_setup(CONFIG, 2)
    for _ in range(3):
        app.push(ScoringScene(app, finished, CONFIG.rotated(2), []))
        press(app, "skip")
        click_label(app, t("scoring.rematch"))
    assert [config.seats for config in started] == [CONFIG.rotated(2).seats] * 3


def test_points_by_source_lists_the_sources_the_game_has():
    """Volcano mini-expansion, set-up: "First replace the 3 gold mines with the 3 volcano
    tiles." A tester read "Gold from gold mines: 0" on a volcano game's points by source: a
    volcano game lists volcanoes and no gold mines, a base game the mines and no volcanoes."""
    from cacao_game.app.scenes.scoring import stat_rows

    for players in (2, 3, 4):
        base, volcano = stat_rows(players, "base"), stat_rows(players, "volcano")
        assert "mines" in base and "volcanoes" not in base
        assert "volcanoes" in volcano and "mines" not in volcano
        assert [key for key in base if key != "mines"] == [key for key in volcano if key != "volcanoes"]


def test_new_game_and_menu_buttons(app, finished):
    """New game opens the setup prefilled with these seats; Menu returns to the menu."""
    app.push(ScoringScene(app, finished, CONFIG, []))
    press(app, "skip")
    click_label(app, t("scoring.new_game"))
    assert isinstance(app.top, SetupScene)
    assert [s.name for s in app.top.seats] == ["Ana", "Bo", "Cy"]
    app.push(ScoringScene(app, finished, CONFIG, []))
    press(app, "skip")
    click_label(app, t("scoring.menu"))
    assert [type(s) for s in app.stack] == [MenuScene]


def test_new_game_offers_the_set_up_as_made_not_turned_to_its_start_player(app, finished):
    """Playtest: a game set up as Player 1 (human) and Expert AI, Bo chosen to start, ended
    and New game showed Expert AI first and the human renamed "Player 2". New game now offers
    the set-up as it was made, with its start player; a game not set up last (a loaded
    one) offers its own seats."""
    app.remember_setup(CONFIG, 1)
    app.push(ScoringScene(app, finished, CONFIG.rotated(1), []))
    press(app, "skip")
    click_label(app, t("scoring.new_game"))
    assert isinstance(app.top, SetupScene)
    assert [s.name for s in app.top.seats] == ["Ana", "Bo", "Cy"] and app.top.start == 1
    other = GameConfig([SeatConfig("Di", "red", "human"), SeatConfig("Ed", "white", "human")], "base", 3)
    app.push(ScoringScene(app, harness.random_game(other, None, seed=4), other, []))
    press(app, "skip")
    click_label(app, t("scoring.new_game"))
    assert [s.name for s in app.top.seats] == ["Di", "Ed"]


def test_watch_replay_pushes_the_replay_scene_or_notifies(app, finished):
    """Watch replay pushes UI-play's ReplayScene with this game's record (or says it is missing)."""
    app.push(ScoringScene(app, finished, CONFIG, []))
    press(app, "skip")
    click_label(app, t("scoring.replay"))
    assert type(app.top).__name__ == "PlayScene" and app.top.stepped


def test_a_click_on_the_small_final_board_opens_the_replay_at_its_end(app, finished):
    """The final board on the scoring screen is small (about 20-pixel tiles at 1366x768): a
    click on it opens the replay at its last turn, where the board fills the table; Esc comes
    back to the scores. Under Score over time the same place opens nothing."""
    app.push(ScoringScene(app, finished, CONFIG, []))
    press(app, "skip")
    scoring = app.top
    middle = scoring.board_area(scoring.widgets[2].rect).center
    click(app, middle)
    assert app.top is scoring
    scoring.show_view("board")
    click(app, middle)
    scene = app.top
    assert type(scene).__name__ == "PlayScene"
    assert scene.source.position == scene.source.turns > 0
    assert scene.source.table_game().is_over()
    press(app, "pause")
    run(app, 5)
    assert app.top is scoring


def test_the_replay_names_each_turn_by_who_played_it(app, finished):
    """A game whose seat 1 changed hands after turn 4 (a network table's newcomer): Watch
    replay names that seat's first turns by the earlier player and the rest by the later,
    and the one turn a stand-in AI played for Bo by the AI playing for Bo."""
    turns = finished.turn
    earlier = [PlayedBy(("Ana", "Zed", "Cy"))] * 4 + [PlayedBy(tuple(CONFIG.names))] * (turns - 4)
    earlier[7] = PlayedBy(tuple(CONFIG.names), standin=(1,))
    app.push(ScoringScene(app, finished, CONFIG, [], played_by=earlier))
    press(app, "skip")
    click_label(app, t("scoring.replay"))
    scene = app.top
    press(app, "last")
    lines = [line.text for line in scene.history.lines if line.seat == 1 and line.pos is not None]
    assert any("Zed" in text for text in lines) and any("Bo" in text for text in lines)
    named = {entry.turn: entry.names for entry in scene.source.journal}
    assert named[1] == ("Ana", "Zed", "Cy") and named[4] == ()
    marked = t("log.standin_name", name="Bo")
    stood_in = [line.text for line in scene.history.lines if marked in line.text]
    assert stood_in and all(line.seat == 1 for line in scene.history.lines if marked in line.text)
    assert {entry.turn for entry in scene.source.journal if entry.standin} == {7}


def test_a_seat_that_changed_hands_names_its_earlier_player_under_the_scores(app, finished):
    """Seat 1 was Zed's for 4 turns, then Bo's (a network newcomer), with a stand-in's turn
    between: its row says it took over from Zed, in the screen's language; the other rows,
    and a game whose seats never changed hands, say nothing more."""
    turns = finished.turn
    played = [PlayedBy(("Ana", "Zed", "Cy"))] * 4 + [PlayedBy(tuple(CONFIG.names))] * (turns - 4)
    played[5] = PlayedBy(tuple(CONFIG.names), standin=(1,))
    scene = ScoringScene(app, finished, CONFIG, [], played_by=played)
    app.push(scene)
    press(app, "skip")
    run(app, 2)
    assert scene.took_over == ["", t("scoring.took_over", names="Zed"), ""]
    assert "Zed" in scene.took_over[1]
    plain = ScoringScene(app, finished, CONFIG, [], played_by=[PlayedBy(tuple(CONFIG.names))] * turns)
    assert plain.took_over == ["", "", ""]


def test_default_names_follow_a_language_switch_on_the_scoring_screen(app, finished):
    """An unnamed seat and a seat with the game's default name are called by their default in
    the language shown, and a switch in Settings over the scores renames them at once (it
    once renamed them only on the next screen); a typed name stays."""
    from dataclasses import replace

    config = GameConfig(
        [
            SeatConfig("", "red", "human"),
            SeatConfig("Random AI", "purple", "random"),
            SeatConfig("Cy", "white", "human"),
        ],
        "base",
        21,
    )
    scene = ScoringScene(app, finished, config, [])
    app.push(scene)
    run(app)
    assert scene.names == [t("setup.default_name", number=1), t("kind.random"), "Cy"]
    app.apply_settings(replace(app.settings, language="de"))
    try:
        assert scene.names == ["Spieler 1", t("kind.random"), "Cy"]
        assert t("kind.random") != "Random AI"
    finally:
        app.apply_settings(replace(app.settings, language="en"))


def test_the_final_board_lies_centred_below_the_tabs(app, finished):
    """A playtest saw the final board risen beside the tabs, into their band and right of the
    panel's middle: every square lies in the lower panel below the tab row, and the board is
    centred across the panel."""
    import pygame

    from cacao_game.app.play.overview import board_squares

    scene = ScoringScene(app, finished, CONFIG, [])
    app.push(scene)
    press(app, "skip")
    click_label(app, t("scoring.view.board"))
    assert scene.view == "board"
    scene.draw(app.screen)
    chart, tabs = scene.widgets[2].rect, scene.tab_row()
    _area, (size, left, top) = scene.board_fit(chart)
    squares = [pygame.FRect(left + x * size, top + y * size, size, size) for x, y in board_squares(finished)]
    assert size > 10
    for square in squares:
        assert chart.contains(square) and square.top >= tabs.bottom
    board = squares[0].unionall(squares[1:])
    assert abs(board.centerx - chart.centerx) <= 1


def test_the_lower_panel_keeps_the_totals_until_the_temples_are_revealed(app, finished):
    """A tester read the winner off the chart while the table still counted the first temple:
    until the reveal is done, the panel under the table draws no chart and no points by
    source (both tell the final totals; the panel is then as bare under either), only the
    final board; once it is done, it draws each view, and the chart ends on the final
    totals."""
    import pygame

    scene = ScoringScene(app, finished, CONFIG, [])
    app.push(scene)
    panel = scene.widgets[2].rect

    def panel_pixels() -> dict[str, bytes]:
        shown = {}
        for view in VIEWS:
            scene.show_view(view)
            app.screen.fill((0, 0, 0))
            scene.draw(app.screen)
            top = scene.tab_row().bottom + 4
            below_tabs = pygame.Rect(panel.x, top, panel.w, panel.bottom - 4 - top)
            shown[view] = pygame.image.tobytes(app.screen.subsurface(below_tabs), "RGB")
        return shown

    assert not scene.done
    during = panel_pixels()
    assert during["chart"] == during["statistics"] != during["board"]
    press(app, "skip")
    assert scene.done
    after = panel_pixels()
    assert after["chart"] != during["chart"] and after["statistics"] != during["statistics"]
    assert after["board"] == during["board"]
    assert scene.chart_rows()[-1] == [s.total for s in finished.score_now()]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)])
@pytest.mark.parametrize("first", ["Ana", "Bruno-Maximilian"])
def test_the_chart_legend_names_every_seat_whole(app, finished, language, size, first):
    """A playtest saw the legend cut to "Mediu…" with four seats: every AI's default name and
    a typed name show whole (on two rows when one is too narrow), inside the panel, clear of
    the tabs and of each other."""

    config = GameConfig(
        [
            SeatConfig(first, "red", "human"),
            SeatConfig("", "purple", "medium"),
            SeatConfig("", "white", "expert"),
            SeatConfig("", "yellow", "easy"),
        ],
        "base",
        21,
    )
    game = harness.random_game(config, None, seed=4)
    with revealed(app, game, config, size, language) as scene:
        scene.draw(app.screen)
        panel = scene.widgets[2].rect
        _font, placed = scene.legend(panel)
        assert [name for _seat, name, _rect in placed] == scene.names
        assert "" not in scene.names
        rects = [rect for _seat, _name, rect in placed]
        for index, rect in enumerate(rects):
            assert panel.contains(rect) and not rect.colliderect(scene.tab_row())
            assert rect.collidelist(rects[index + 1 :]) == -1


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)])
def test_the_view_tabs_labels_sit_in_their_middle(app, finished, size):
    """A playtest saw the "Final board" tab read off-centre: a label without descenders is
    centred in its tab to a pixel (a line centred by its box sat 3-4 px high)."""
    import pygame

    from cacao_game.app import theme

    app.resize(pygame.Surface(size))
    try:
        scene = ScoringScene(app, finished, CONFIG, [])
        app.push(scene)
        press(app, "skip")
        (tab,) = [w for w in scene.widgets if getattr(w, "label", None) == t("scoring.view.board")]
        surface = pygame.Surface(app.screen.get_size())
        tab.draw(surface, app)
        rows = [
            y
            for y in range(tab.rect.top + 4, tab.rect.bottom - 4)
            for x in range(tab.rect.left + 10, tab.rect.right - 10)
            if pygame.Color(surface.get_at((x, y))) == theme.CREAM
        ]
        assert rows
        assert abs((min(rows) + max(rows) + 1) / 2 - tab.rect.centery) <= 1.0, (
            min(rows),
            max(rows),
            tab.rect,
        )
    finally:
        app.resize(pygame.Surface((1920, 1080)))


def test_the_winner_is_marked_apart_from_every_seat_colour_and_the_tiebreak_only_when_it_decided(app):
    """Tester8: the winner's row was outlined in the gold that the yellow seat's row shares,
    and "tiebreak: cacao" showed without a tie. The winner's row alone carries the "Winner"
    badge and a ring of the winner colour, which no seat colour of either palette comes near;
    the tiebreak note shows only when cacao decided a tie on the total (R5.4, see
    tests/test_rules_scoring.py)."""
    import pygame

    from cacao_game.app import theme
    from cacao_game.config.choices import PALETTES
    from cacao_game.config.game import COLORS
    from cacao_game.engine import SeatScore
    from cacao_game.engine.scoring import winners

    seats = [
        SeatConfig(name, color, "human")
        for name, color in zip(("Ana", "Bo", "Cy", "Di"), COLORS, strict=True)
    ]
    assert "yellow" in COLORS
    four = GameConfig(seats, "base", 5)
    game = harness.random_game(four, None, seed=2)
    scene = ScoringScene(app, game, four, [])
    app.push(scene)
    run(app)
    press(app, "skip")

    def shown(scores: list[SeatScore]) -> list[str]:
        scene.scores, scene.winners = scores, winners(scores)
        with theme.text_audit() as drawn:
            app.draw(app.screen)
        return [text.text for text in drawn]

    def score(total: int, cacao: int) -> SeatScore:
        return SeatScore(gold=total, temples=0, sun=0, water=0, cacao=cacao)

    badge = t("scoring.winner_badge").upper()
    clear = shown([score(40, 0), score(38, 2), score(30, 1), score(53, 1)])
    assert clear.count(badge) == 1 and t("scoring.tiebreak") not in clear
    marked = pygame.mask.from_threshold(app.screen, theme.WINNER, (1, 1, 1, 255)).count()
    assert marked > 0
    tie = shown([score(50, 0), score(50, 2), score(30, 1), score(40, 1)])
    assert tie.count(badge) == 1 and t("scoring.tiebreak") in tie
    shared = shown([score(50, 2), score(50, 2), score(30, 1), score(40, 1)])
    assert shared.count(badge) == 2 and t("scoring.tiebreak") not in shared
    for palette in PALETTES:
        app.assets.palette = palette
        for color in COLORS:
            seat = app.assets.seat_color(color)
            distance = sum(abs(a - b) for a, b in zip(seat[:3], theme.WINNER[:3], strict=True))
            assert distance > 150, (palette, color, seat)
    app.assets.palette = "classic"


def test_a_notice_on_the_scoring_screen_keeps_off_its_buttons(app, finished):
    """A tester's notice ("The unfinished game is kept as ...") lay over Rematch, New game and
    Watch replay for seconds: on the scoring screen a toast sits above the row of buttons."""
    from cacao_game.app.widgets import Button

    scene = ScoringScene(app, finished, CONFIG, [])
    app.push(scene)
    run(app)
    press(app, "skip")
    app.notify('The unfinished game is kept as "Unfinished 2026-11-27 23-17-42" (Load game) ' * 2)
    app.draw(app.screen)
    assert app.toast_rect is not None
    buttons = [
        w.rect for w in scene.widgets if isinstance(w, Button) and w.rect.y > app.screen.get_height() // 2
    ]
    assert len(buttons) >= 4
    assert not any(app.toast_rect.colliderect(rect) for rect in buttons)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)])
def test_the_view_tabs_share_one_font_and_the_shown_one_reads_as_chosen(app, finished, language, size):
    """A tester saw "Évolution du score" in a smaller font, set lower than the other tabs,
    and took the tab under the mouse for the one shown: the tabs are drawn in one size that
    fits every label, and the tab shown has its label in gold (a tab under the mouse keeps
    cream)."""

    from cacao_game.app import theme
    from cacao_game.app.widgets import Button

    with revealed(app, finished, CONFIG, size, language) as scene:
        tabs = [w for w in scene.widgets if isinstance(w, Button) and w.rect.colliderect(scene.tab_row())]
        assert len(tabs) == len(VIEWS)
        least = theme.MIN_FIT * tabs[0].font_size
        room = tabs[0].label_room()
        drawn = {theme.fit_size(app, tab.font_size, tab.label, room, "bold", least) for tab in tabs}
        assert len(drawn) == 1 and {tab.label_room() for tab in tabs} == {room}, drawn
        assert all(app.assets.font(*drawn, "bold").size(tab.label)[0] <= tab.label_room() for tab in tabs)
        shown, other = tabs[0], tabs[1]
        assert shown.selected and not other.selected
        assert shown._colors(False)[1] == theme.GOLD and other._colors(True)[1] == theme.CREAM
