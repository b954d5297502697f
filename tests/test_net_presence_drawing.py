"""The table's presence overlays (a spectator's Watching tag, the hosting window's Let the AI
play now notice) drawn by changes show the very pixels of drawing everything anew, as the
notice comes, is hovered and goes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TypeVar

import pygame
import pytest
from app_support import make_config
from counted_ai import CountedAI
from test_app_layers import anew, motion, same

from cacao_game.app import scale, theme
from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.netplay import STANDIN_AFTER
from cacao_game.app.play.board import temples_rect
from cacao_game.app.play.hud import POPUP_ROW, POPUP_TOP, POPUP_W
from cacao_game.app.play.presence import banner_rects, standin_rects
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scale import px
from cacao_game.app.strings import t, tn
from cacao_game.config.settings import Settings
from cacao_game.session import PlaySession, ShowHand


class Presence:
    """A link to a host that is up; ``away`` is the dropped seat the host may hand to the AI."""

    connection = "connected"
    failed = False
    failure = ""
    rejoins = 0
    departed: frozenset[int] = frozenset()
    table_code = "K7QW2P"
    spectators = 0

    def __init__(self, watching: bool) -> None:
        self.watching = watching
        self.hosting = True
        """The hosting window's: it may hand a dropped seat to the AI (``waiting_on``)."""
        self.away: int | None = None
        self.asked: list[int] = []
        self.wait: float | None = None
        """Seconds before the stand-in plays the seat away (None: none due)."""

    @property
    def absent(self) -> frozenset[int]:
        return frozenset() if self.away is None else frozenset({self.away})

    @property
    def standing_in(self) -> frozenset[int]:
        """As the host's: the AI stands in for a seat still away (``stand_in_now``)."""
        return self.absent & frozenset(self.asked)

    def waiting_on(self) -> int | None:
        return None if self.away in self.standing_in or not self.hosting else self.away

    def standin_wait(self, seat: int) -> float | None:
        return self.wait if seat == self.away and seat not in self.standing_in else None

    frees_seats = False

    def stand_in_now(self, seat: int) -> bool:
        self.asked.append(seat)
        return True

    def let_ai_play(self, seat: int) -> bool:
        self.asked.append(seat)
        return True

    def thinking(self) -> tuple[int, float] | None:
        return None


@pytest.fixture
def app(tmp_path, monkeypatch) -> Iterator[App]:
    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    before = scale.current()
    yield App(pygame.Surface((1600, 900)), Settings(animation_speed="normal", sound=False), router=router())
    scale.use(before)


@pytest.mark.parametrize("watching", [True, False])
def test_the_presence_overlays_drawn_by_changes_equal_a_frame_drawn_anew(app: App, watching: bool) -> None:
    """Frame after frame: nothing away, then seat 1 away (the notice), the mouse on its
    button and off it, a click (the AI is asked for seat 1, the notice goes, the table is
    told the AI plays for them): every frame equals the frame drawn anew (but the one with
    that news over it); the notice's pixels are on screen only while it is up."""
    session = PlaySession(make_config(["human", "human"], 3, "base"))
    session.handle(ShowHand())
    presence = Presence(watching)
    scene = PlayScene(app, session, ai=CountedAI(), net=presence)
    app.push(scene)
    button = scene.standin_button()
    steps: list[list[pygame.event.Event]] = [[]] * 3
    steps += [[motion(button.center)], [], [motion((5, 5))], []]
    steps += [[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1)], [], []]
    for index, events in enumerate(steps):
        if index == 3:
            presence.away = 1
        app.step(events, 1 / 30)
        assert (scene.standin_seat() == 1) == (3 <= index < 7)
        if index == 7:  # the news, over the table (the app's toast): taken down to compare
            assert app.toast is not None and app.toast[0] == t("net.standin_toast", name=scene.names[1])
            app.toast = None
            continue
        assert same(app.screen, anew(scene)), f"frame {index} differs from a frame drawn anew"
    assert presence.asked == [1]


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (3840, 2160)])
def test_the_banner_and_the_standin_notice_keep_off_the_temples_panel(size: tuple[int, int]) -> None:
    """At every screen size the connection banner and the Let the AI play now notice lie in
    the board area and clear of the temples panel, however many seats and temples it shows
    (a tester saw the notice cover the panel in a 1340x760 window); and clear of the worker
    choice panel at the board's top right while it is up (a tester saw the notice hide its
    first rows)."""
    pygame.init()
    before = scale.current()
    try:
        shell = App(pygame.Surface(size), Settings(animation_speed="normal", sound=False), router=router())
        board = shell.layout["board"]
        choice = pygame.Rect(0, 0, min(px(POPUP_W), board.w - px(32)), px(POPUP_TOP + 16 + 4 * POPUP_ROW))
        choice.topright = (board.right - px(16), board.top + px(16))
        for avoid in (None, choice):
            for rects in (banner_rects(board, avoid), standin_rects(board, avoid)):
                notice, button = rects
                assert board.contains(notice) and notice.contains(button)
                assert avoid is None or not notice.colliderect(avoid), size
                for seats in (2, 3, 4):
                    for rows in range(1, 6):
                        assert not notice.colliderect(temples_rect(board, seats, rows)), (size, seats, rows)
    finally:
        scale.use(before)


P = TypeVar("P", bound=Presence)


class Left(Presence):
    """A link to a host at whose table seat 1's player left for good; ``ai``: an AI plays it
    (and the seat away, if any)."""

    def __init__(self) -> None:
        super().__init__(watching=False)
        self.gone: frozenset[int] = frozenset()
        self.ai = False

    @property
    def departed(self) -> frozenset[int]:  # type: ignore[override]
        return self.gone

    @property
    def standing_in(self) -> frozenset[int]:
        return self.gone | self.absent if self.ai else frozenset()


def table_with(app: App, presence: P) -> tuple[P, PlayScene]:
    """A two-human table linked to ``presence``, pushed on ``app``, its hand shown."""
    session = PlaySession(make_config(["human", "human"], 3, "base"))
    session.handle(ShowHand())
    scene = PlayScene(app, session, ai=CountedAI(), net=presence)
    app.push(scene)
    return presence, scene


def deciding(app: App, scene: PlayScene) -> tuple[int, str]:
    """After one frame, the seat to play on ``scene`` and its name."""
    app.step([], 1 / 30)
    seat = scene.current_seat()
    assert seat is not None
    return seat, scene.names[seat]


def test_a_seat_left_for_good_is_told_on_the_table_and_drawn_by_changes(app: App) -> None:
    """Seat 1's player leaves and no AI plays the seat: the table says so once in a toast,
    the seat panel says Left the game, and a notice (drawn by changes as anew) names the
    player and the table code a new player joins with; once an AI plays the seat, the notice
    goes and the panel says so; once a new player takes the seat, the table says that too."""
    presence, scene = table_with(app, Left())
    name = scene.names[1]
    for index in range(6):
        if index == 2:
            presence.gone = frozenset({1})
        app.step([], 1 / 30)
        if index == 2:  # the news, over the table (the app's toast): taken down to compare
            assert app.toast is not None and app.toast[0] == t("net.left_toast", name=name)
            app.toast = None
            continue
        assert same(app.screen, anew(scene)), f"frame {index} differs from a frame drawn anew"
    assert app.toast is None, "the news is told once"
    assert scene.left_notice() == t("net.left_waiting_host", name=name, code="K7QW2P")
    assert scene.seat_kind_text(1) == t("net.left")
    presence.ai = True
    app.step([], 1 / 30)
    assert same(app.screen, anew(scene))
    assert scene.left_notice() is None
    assert scene.seat_kind_text(1) == t("net.left_standin")
    presence.gone = frozenset()  # a new player took the seat
    app.step([], 1 / 30)
    assert app.toast is not None and app.toast[0] == t("net.seat_taken", name=name)


def test_a_player_back_at_their_seat_is_told_once(app: App) -> None:
    """Playtest: a player whose link dropped took their seat back (joined again under their
    name) and no table said so; the dropped notice just vanished. Now the table says once that
    they are back; a seat left for good and taken again says that instead (not both)."""
    presence, scene = table_with(app, Left())
    name = scene.names[1]
    presence.away = 1
    app.step([], 1 / 30)
    assert app.toast is None, "a drop is shown by its notice, not a toast"
    presence.away = None
    app.step([], 1 / 30)
    assert app.toast is not None and app.toast[0] == t("net.seat_back", name=name)
    app.toast = None
    app.step([], 1 / 30)
    assert app.toast is None, "the news is told once"
    presence.away = 1
    presence.gone = frozenset({1})
    app.step([], 1 / 30)
    app.toast = None
    presence.away = None
    presence.gone = frozenset()
    app.step([], 1 / 30)
    assert app.toast is not None and app.toast[0] == t("net.seat_taken", name=name)


@pytest.mark.parametrize("watching", [True, False])
def test_the_status_line_says_who_plays_a_seat_left_or_away(app: App, watching: bool) -> None:
    """On a player's table and a spectator's alike, the status line at a seat whose player
    left says the game waits for a new player, or, once the host's stand-in AI plays it,
    that the AI plays for that player; a seat away that the AI stands in for says the same,
    and without it that the game waits for them to reconnect; the player back, the ordinary
    line returns."""
    presence, scene = table_with(app, Left())
    presence.watching = watching
    seat, name = deciding(app, scene)
    ordinary = scene.status_text()
    presence.gone = frozenset({seat})
    assert scene.status_text() == t("net.waiting_new", name=name)
    presence.ai = True
    assert scene.status_text() == t("net.standin_plays", name=name)
    presence.gone, presence.away = frozenset(), seat
    assert scene.status_text() == t("net.standin_plays", name=name)
    presence.ai = False
    assert scene.status_text() == t("net.waiting_back", name=name)
    presence.away = None
    assert scene.status_text() == ordinary


@pytest.mark.parametrize("watching", [True, False])
def test_the_table_counts_down_the_wait_for_a_dropped_player_and_tells_when_the_ai_takes_over(
    app: App, watching: bool
) -> None:
    """A trial's tables said "Waiting for Bo…" while the game hung on a dropped player, the
    hosting window's notice said "60 s after the drop" with no count, and a spectator saw
    the AI move for Bo unannounced. Now the status line at a dropped player's turn says the
    seconds left before the AI plays for them (on the hosting window its notice counts them
    instead: one countdown on screen, not two), at a table without a stand-in that it waits
    for them to come back, and every table is told once when the AI takes the seat over.
    The hosting window's notice waits ``NOTICE_AFTER`` seconds (after Resume hosting every
    player reconnects by themselves within a few seconds, and a trial saw the notice flash
    up for each)."""
    presence, scene = table_with(app, Presence(watching))
    seat, name = deciding(app, scene)
    presence.away, presence.wait = seat, STANDIN_AFTER - 0.4
    app.step([], 1 / 30)
    assert scene.frame.status == t("net.waiting_dropped", name=name, seconds=60)
    assert scene.standin_seat() is None, "no notice while the player may be reconnecting by themselves"
    presence.wait = 41.2
    app.step([], 1 / 30)
    assert scene.standin_seat() == seat
    assert app.toast is None
    notice = t("net.dropped", name=name, seconds=42)
    with theme.text_audit() as audit:
        app.draw(app.screen)
    said = [text.text for text in audit]
    assert notice in said
    assert scene.frame.status == t("net.waiting_back", name=name), "the hosting window's notice counts, once"
    assert not any("42" in text for text in said if text != notice)
    presence.hosting = False  # a joiner's or a spectator's table: no notice, the status line counts
    app.step([], 1 / 30)
    assert scene.standin_seat() is None
    assert scene.frame.status == t("net.waiting_dropped", name=name, seconds=42)
    presence.wait = 0.0
    app.step([], 1 / 30)
    never_zero = t("net.waiting_dropped", name=name, seconds=1)
    assert scene.frame.status == never_zero, "never 0 s before the AI is there"
    presence.wait = None
    app.step([], 1 / 30)
    assert scene.frame.status == t("net.waiting_back", name=name)
    presence.stand_in_now(seat)
    app.step([], 1 / 30)
    assert app.toast is not None and app.toast[0] == t("net.standin_toast", name=name)
    assert scene.frame.status == t("net.standin_plays", name=name)
    app.toast = None
    app.step([], 1 / 30)
    assert app.toast is None, "told once"


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("decisions", [0, 8])
def test_the_camera_keeps_the_legal_squares_clear_of_a_notice_while_it_is_up(
    tmp_path, monkeypatch, size: tuple[int, int], decisions: int
) -> None:
    """Playtest: the hosting window's notice that Bo dropped out hid two legal squares of the
    board's top row during the host's own turn. While a notice is up the camera, following
    the board, keeps every tile and legal square out from under it (the notice is among the
    board's covers); once it goes, the cover goes too."""
    import random

    from cacao_game.engine import Game, Phase

    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    pygame.init()
    before = scale.current()
    try:
        app = App(pygame.Surface(size), Settings(animation_speed="fast", sound=False), router=router())
        config = make_config(["human", "human"], 5, "base")
        game, rng = Game.new(2, "base", 5), random.Random(decisions)
        while len(game.actions) < decisions or game.phase is not Phase.PLACE:
            game.apply(rng.choice(game.legal_actions()))
        session = PlaySession(config, game)
        session.handle(ShowHand())
        presence = Presence(False)
        scene = PlayScene(app, session, ai=CountedAI(), net=presence)
        app.push(scene)
        for _ in range(90):
            app.step([], 1 / 30)
        presence.away = 1
        for _ in range(90):
            app.step([], 1 / 30)
        notice = standin_rects(scene.hud.anchors["board"], scene.notice_avoid())[0]
        assert notice in scene.camera.covered
        squares = [*scene.turn.targets(), *scene.board_squares()]
        hidden = [pos for pos in squares if scene.camera.square_rect(pos).colliderect(notice)]
        assert not hidden, f"squares under the notice: {hidden}"
        presence.away = None
        app.step([], 1 / 30)
        assert notice not in scene.camera.covered
    finally:
        scale.use(before)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_dropped_players_notice_is_drawn_whole_in_every_language(size: tuple[int, int]) -> None:
    """A trial read "Bob is disconnected: the AI plays for them in 60 …": the notice lost its
    end on one line. It is drawn whole, on up to two lines left of its button, for a long
    name (12 letters), in every language, and so is the notice of a table without a
    stand-in, with its Free the seat button."""
    from cacao_game.app import strings, theme
    from cacao_game.app.play.frame import NoticeView
    from cacao_game.app.play.presence import draw_notice
    from cacao_game.config.choices import LANGUAGES, SOURCE_LANGUAGE

    pygame.init()
    before = scale.current()
    try:
        shell = App(pygame.Surface(size), Settings(animation_speed="normal", sound=False), router=router())
        board = shell.layout["board"]
        notice, button = standin_rects(board, None)
        name = "Bartholomäus"
        for language, frees in itertools.product(LANGUAGES, (False, True)):
            strings.set_language(language)
            wanted = t("net.dropped_waits", name=name) if frees else t("net.dropped", name=name, seconds="60")
            label = t("net.free_seat" if frees else "net.standin_now")
            with theme.text_audit() as audit:
                box, place = tuple(notice), tuple(button)
                draw_notice(shell, shell.screen, NoticeView("standin", wanted, box, place, label))
            drawn = [text for text in audit if text.text == wanted]
            assert drawn and wanted not in audit.cut, (language, [text.text for text in audit])
            assert notice.contains(drawn[0].rect) and drawn[0].rect.right <= button.x, language
            assert label in [text.text for text in audit] and label not in audit.cut, (language, label)
    finally:
        strings.set_language(SOURCE_LANGUAGE)
        scale.use(before)


def test_a_player_back_at_their_seat_is_told_how_many_turns_the_ai_played_for_them() -> None:
    """A trial's player came back to a board that had moved on, with no word why. Back at
    their seat (connected, not away), they are told once how many turns the stand-in played
    for them since their own last decision; not while still away or reconnecting, not the
    turns it played for the seat's earlier player (another name), not a spectator."""
    from cacao_game.app.play.presence import standin_played
    from cacao_game.engine import Fill, Place
    from cacao_game.session.journal import Entry

    def entry(seat: int, turn: int, standin: bool, name: str = "Bo") -> Entry:
        return Entry(seat, turn, Place("1111", 0, (0, 1)), (), False, None, ("Ana", name), standin)

    journal = [entry(1, 1, False), entry(0, 2, False), entry(1, 3, True), entry(1, 3, True)]
    journal += [entry(0, 4, False), entry(1, 5, True)]
    presence = Presence(watching=False)
    presence.away = 1
    assert standin_played(presence, journal, 1, "Bo", 0) == (0, None), "not while away"
    presence.away = None
    seen, news = standin_played(presence, journal, 1, "Bo", 0)
    assert (seen, news) == (6, tn("net.standin_played", 2)), "two turns (3 and 5), not three decisions"
    assert standin_played(presence, journal, 1, "Bo", seen) == (6, None), "told once"
    assert standin_played(presence, journal, 1, "Carl", 0) == (6, None), "not another player's"
    assert standin_played(presence, journal, None, "", 0) == (0, None), "not a spectator"
    presence.connection = "reconnecting"
    assert standin_played(presence, [*journal, entry(1, 7, True)], 1, "Bo", seen) == (6, None), "not yet back"
    presence.connection = "connected"
    own_since = [*journal, entry(1, 7, False), entry(0, 8, False)]
    assert standin_played(presence, own_since, 1, "Bo", 0) == (8, None), "nothing since their own move"
    fill = Entry(1, 9, Fill((1, 1), "water", 0), (), False, None, ("Ana", "Bo"), True)
    filled = [*own_since, fill]
    assert standin_played(presence, filled, 1, "Bo", 8) == (9, tn("net.standin_decided", 1)), (
        "a trial was told of a turn played when the AI had only filled a space of theirs"
    )
