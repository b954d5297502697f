"""The app side of games across machines: Host a game (the setup with a Remote player seat,
the lobby), Join a game, the table of each player, the banner when the host goes away.

Real hosts (``BackgroundHost``) on 127.0.0.1 only, real sockets; two off-screen apps in one
process. Every wait is bounded (``pump``), never by the speed of the machine.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable

import harness
import pygame
import pytest
from harness import run

from cacao_game.app import routes
from cacao_game.app.app import App
from cacao_game.app.catalog import router
from cacao_game.app.netplay import (
    STANDIN,
    HostedSource,
    HostedTable,
    JoinRequest,
    OpenedSource,
    join_game,
    next_game,
    rejoin_game,
)
from cacao_game.app.play.presence import banner_text
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.rejoin import load_ticket
from cacao_game.app.scenes.join import JoinScene
from cacao_game.app.scenes.lobby import LobbyScene
from cacao_game.app.scenes.menu import MenuScene
from cacao_game.app.scenes.setup import SetupScene
from cacao_game.app.strings import kind_label, t, timed_label, tn
from cacao_game.config.game import HUMAN
from cacao_game.config.settings import Settings
from cacao_game.net.client import NetClient
from cacao_game.net.hosting import BackgroundHost
from cacao_game.net.protocol import REMOTE, VERSION, Join, SeatSpec, TableOptions
from cacao_game.net.remote import RemoteSource

LOCAL = "127.0.0.1"
LIMIT = 20.0
"""Seconds any wait for the network may take before the test fails."""


def make_app() -> App:
    """An off-screen app with instant animations and no AI pacing."""
    pygame.init()
    settings = Settings(animation_speed="instant", ai_pacing=0.0, sound=False)
    app = App(pygame.Surface((1920, 1080)), settings, router=router())
    app.home()
    return app


def free_port() -> int:
    """A port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind((LOCAL, 0))
        port: int = probe.getsockname()[1]
    return port


def pump(apps: list[App], until: Callable[[], bool], what: str) -> None:
    """Run frames of ``apps`` until ``until()`` holds (at most ``LIMIT`` seconds)."""
    deadline = time.monotonic() + LIMIT
    while not until():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        for app in apps:
            run(app)
        time.sleep(0.01)


def host(
    app: App,
    kinds: list[str],
    expert_time: float | None = None,
    standin: bool = True,
    hints: bool = True,
    start: int | None = 0,
    variant: str = "base",
    ending_unfinished: bool = False,
) -> HostedSource:
    """Host a game of seats ``kinds`` through the Host a game setup (the expert thinking
    ``expert_time`` if given; an AI standing in for a dropped player if ``standin``; hints
    allowed if ``hints``; ``variant``), seat ``start`` to start (None: drawn); returns its
    source (the lobby is on top)."""
    setup = SetupScene(app, hosting=True)
    app.push(setup)
    run(app)
    while len(setup.seats) > len(kinds):  # the last game hosted in this process had more
        setup.remove_seat(len(setup.seats) - 1)
    for number, kind in enumerate(kinds):
        if number >= len(setup.seats):
            setup.add_seat()
        setup.set_kind(number, kind)
    if expert_time is not None:
        setup.expert_time = expert_time
    setup.set_name(0, "Ana")
    setup.standin = standin
    setup.hints = hints
    setup.variant = variant
    setup.port_text = str(free_port())
    setup.start = start
    assert setup.validation_error() is None
    setup.start_game()
    if ending_unfinished:
        answer_yes_to_ending_the_hosted_game(app)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    assert isinstance(lobby.source, HostedSource)
    return lobby.source


def answer_yes_to_ending_the_hosted_game(app: App) -> None:
    """Host in the setup asked whether to end the unfinished hosted game: Yes."""
    from cacao_game.app.scenes.confirm import ConfirmDialog

    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.message == t("menu.host_over")
    harness.click_label(app, t("common.yes"))


def join(app: App, port: int, code: str, name: str = "Bo") -> RemoteSource:
    """Join table ``code`` through the Join a game screen; returns its source."""
    app.open(routes.Join())
    scene = app.top
    assert isinstance(scene, JoinScene)
    for key, value in (("address", LOCAL), ("port", str(port)), ("code", code.lower()), ("name", name)):
        scene.set_value(key, value)
    assert scene.validation_error() is None
    scene.join()
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    return lobby.source


def table(app: App) -> PlayScene:
    scene = app.top
    assert isinstance(scene, PlayScene)
    return scene


def seated_pair(apps: list[App], hints: bool = True) -> tuple[App, App, HostedSource]:
    """A hosting app and a joining one (added to ``apps``, closed after the test), the joiner
    seated as Bo in seat 1 of a two-seat table (hints allowed if ``hints``), both at the
    table."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE], hints=hints)
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    join(joining, source.port, source.code)
    pump([hosting, joining], lambda: isinstance(joining.top, PlayScene), "the joiner's table")
    return hosting, joining, source


def test_a_joiner_sees_own_hand_face_up_and_the_game_starts_when_the_seat_is_taken(apps):
    """The host waits in the lobby with the remote seat free; Bo joins with the code; both
    tables open, each with its own hand face up and the other's face down, named right; a
    decision made at one screen shows at the other."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    assert not source.started
    assert not source.table_seats()[1].claimed
    assert isinstance(hosting.top, LobbyScene)

    join(joining, source.port, source.code)
    pump([hosting, joining], lambda: isinstance(hosting.top, PlayScene), "the host's table")
    pump([hosting, joining], lambda: isinstance(joining.top, PlayScene), "the joiner's table")
    ana, bo = table(hosting), table(joining)
    assert ana.names == bo.names == ["Ana", "Bo"]
    assert (ana.frame.hand_seat, bo.frame.hand_seat) == (0, 1)
    assert bo.source.face_up_seat() == 1 and bo.source.humans == frozenset({1})
    hand = bo.source.table_game().hands[1]
    assert list(bo.frame.hand.tiles) == list(hand)
    assert bo.frame.hand.tiles != () and ana.frame.hand.tiles != ()

    for made in range(4):
        pump(
            [hosting, joining],
            lambda m=made: (
                len(ana.source.journal) == len(bo.source.journal) == m
                and any(scene.source.accepts_input() and not scene.timeline.busy for scene in (ana, bo))
            ),
            "a decision",
        )
        scene = ana if ana.source.accepts_input() else bo
        action = scene.source.table_game().legal_actions()[0]
        scene.source.client.decide([action])
        pump(
            [hosting, joining],
            lambda m=made: len(ana.source.journal) == len(bo.source.journal) == m + 1,
            "both updates",
        )
        assert ana.source.journal[-1].action == bo.source.journal[-1].action == action
    assert len(ana.source.journal) == len(bo.source.journal) == 4
    assert ana.shown.turn == bo.shown.turn


def test_both_lobbies_name_the_expert_seat_with_the_thinking_time_set_up_by_the_host(apps):
    """The host sets the expert to 7 s: the hosting lobby and the lobby of a joiner waiting for
    the last seat both name the expert's seat with that time (as the host's table has it),
    the others without one."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE, REMOTE, "expert"], expert_time=7.0)
    pump([hosting], lambda: len(source.table_seats()) == 4, "the host's lobby")
    bo = join(joining, source.port, source.code)
    pump([hosting, joining], lambda: len(bo.table_seats()) == 4 and bo.ready, "Bo's lobby")
    assert isinstance(joining.top, LobbyScene) and isinstance(hosting.top, LobbyScene)
    expert = t("net.ai_thinks", level=t("kind.expert"), seconds="7")
    for seats in (source.table_seats(), bo.table_seats()):
        assert [seat.think_time for seat in seats] == [None, None, None, 7.0]
        assert timed_label(kind_label(seats[3].kind), seats[3].think_time) == expert


def test_the_host_lets_the_ai_play_a_free_seat_and_the_table_opens(apps):
    """Let the AI play (the lobby's button) turns the free remote seat into an AI seat; with
    no seat free the host's table opens at once."""
    hosting = make_app()
    apps.append(hosting)
    source = host(hosting, [HUMAN, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    lobby = hosting.top
    assert isinstance(lobby, LobbyScene)
    harness.run(hosting)
    harness.click_label(hosting, t("net.fill_ai"))
    pump([hosting], lambda: isinstance(hosting.top, PlayScene), "the host's table")
    assert table(hosting).kinds == [HUMAN, "medium"]


def test_the_joiner_sees_reconnecting_when_the_host_stops_and_goes_back_to_the_menu(apps, caplog):
    """The host goes away to its menu: the joiner's table (and a lobby) says the host stopped
    hosting for now (a trial read the plain "Reconnecting to the host…" as a crash, though the host had
    been told its friends wait) and its status line says Reconnecting… (it still asked for a
    tile), while the window keeps running (frames go on), and the banner's button leads back
    to the menu. The joiner's log says it joined and that the host
    stopped (a trial found only its first line in a joiner's log, which the README asks
    players to send)."""
    import logging

    caplog.set_level(logging.INFO, logger="cacao_game.net.client")
    hosting, joining, _source = seated_pair(apps)
    bo = table(joining)
    assert banner_text(bo.net) is None

    hosting.home()
    pump([joining], lambda: banner_text(bo.net) is not None, "the banner")
    assert banner_text(bo.net) == t("net.host_paused")
    assert bo.net is not None and LobbyScene(joining, bo.net).status() == t("net.host_paused")
    assert bo.status_text() == t("net.reconnecting"), "no prompt for a move the table cannot take"
    harness.press(joining, "undo")
    assert joining.toast is not None and joining.toast[0] == t("play.undo_offline"), "a trial's U: nothing"
    frames = joining.frame
    run(joining, 5)
    assert joining.frame == frames + 5
    harness.click(joining, bo.banner_button().center)
    assert isinstance(joining.top, MenuScene)
    said = [r.getMessage() for r in caplog.records if r.name == "cacao_game.net.client"]
    assert any(line.startswith("joined table ") and "as seat 1" in line for line in said), said
    assert any("the host stopped hosting for now" in line for line in said), said


def test_a_joiner_and_a_spectator_are_told_the_host_ended_the_game(apps):
    """The host ends an unfinished game and hosts a new one on the same port: the joiner's
    table and a spectator's, reconnecting, said the host's "No table with the code … on this
    host." with Back to menu. They were at that table: they say that the host ended this game,
    in the player's words (the lobby too), and the status line under it that this window no
    longer follows the game (a trial's went on counting down the host's own seat, dropped);
    Undo and Hint say the window is not connected (a trial's said "Undo stops at Ana's
    move" and "Hints are for your turn", as if the game went on).
    A join with a mistyped code still says to check it
    (``test_a_wrong_table_code_is_said_on_the_join_form_with_what_was_typed``)."""
    hosting, joining, source = seated_pair(apps)
    watcher = join_game(JoinRequest(LOCAL, source.port, source.code, "", watch=True))
    pump([hosting, joining], lambda: watcher.poll() is not None and watcher.ready, "the spectator")
    bo = table(joining)
    port = source.port
    hosting.home()  # the host ends the game...
    again = BackgroundHost(None, ai_processes=0)
    again.start(LOCAL, port)  # ...and hosts another one where the first was
    try:
        again.open_table(TableOptions([SeatSpec(REMOTE), SeatSpec(REMOTE)]))
        pump(
            [joining],
            lambda: watcher.poll() is not None and watcher.failed and bo.net is not None and bo.net.failed,
            "the end of the table",
        )
        assert banner_text(bo.net) == t("net.host_ended")
        assert banner_text(watcher) == t("net.host_ended")
        assert LobbyScene(joining, watcher).status() == t("net.host_ended")
        assert bo.status_text() == t("net.link_ended"), "no countdown or prompt under the banner"
        assert [bo.net.standin_wait(seat) for seat in range(2)] == [None, None]
        for intent, said in (("undo", "play.undo_offline"), ("hint", "play.hint_offline")):
            harness.press(joining, intent)
            assert joining.toast is not None and joining.toast[0] == t(said), f"{intent}: the game is not on"
        assert not bo.action_enabled("undo")
        harness.click(joining, bo.banner_button().center)
        assert isinstance(joining.top, MenuScene)
    finally:
        watcher.close()
        again.stop()


def hosted_with_bo(apps: list[App], standin: bool = True) -> tuple[App, HostedSource, NetClient, PlayScene]:
    """Ana hosts a 2-seat game from a new app (Human and Remote player; ``standin`` as Host a
    game's switch); Bo joins with a bare client; returns the hosting app, its source, Bo's
    client and Ana's table once it is open."""
    hosting = make_app()
    apps.append(hosting)
    source = host(hosting, [HUMAN, REMOTE], standin=standin)
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    bo = NetClient(LOCAL, source.port, Join(VERSION, source.code, name="Bo"))
    bo.start()
    pump([hosting], lambda: isinstance(hosting.top, PlayScene), "the host's table")
    return hosting, source, bo, table(hosting)


def test_the_host_table_shows_a_player_who_left_as_disconnected(apps):
    """Bo (a client of the host) leaves mid-game: the host's table says so on Bo's seat."""
    hosting, _source, bo, ana = hosted_with_bo(apps)
    assert ana.frame.seats[1].name == "Bo"
    assert ana.frame.seats[0].kind == t("net.you")
    assert ana.frame.seats[1].kind == t("kind.remote")
    bo.close()
    pump([hosting], lambda: ana.frame.seats[1].kind == t("net.away"), "Bo shown away")


def lobby_says_until_the_form(app: App) -> set[str]:
    """What the lobby on top of ``app`` says, frame by frame, until the Join form is back."""
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    said: set[str] = set()

    def form_back() -> bool:
        if app.top is lobby:
            said.add(lobby.status())
        return isinstance(app.top, JoinScene)

    pump([app], form_back, "the failure on the form")
    return said


def test_a_join_where_no_game_is_hosted_is_said_on_the_join_form(apps):
    """A trial's join to a host that had stopped said Reconnecting... for good, and one on
    the wrong port showed the lobby's Reconnecting… for seconds first: the Join form comes
    back saying no game is hosted there, with what was typed, at once when the port refuses
    the connection (nothing listens there), after a few tries when something there hangs up
    (no host speaks there); until then the lobby says Connecting… (it never got through, so
    it never reconnects). (127.0.0.1 only.)"""
    joining = make_app()
    apps.append(joining)
    join(joining, free_port(), "ABCDEF", name="Joiny")
    assert lobby_says_until_the_form(joining) <= {t("net.connecting")}
    form = joining.top
    assert isinstance(form, JoinScene) and form.shown_problem() == t("net.unreachable")
    assert form.values["name"] == "Joiny"

    with socket.socket() as listener:  # takes each connection and hangs up at once
        listener.bind((LOCAL, 0))
        listener.listen()
        listener.settimeout(0.05)
        port = listener.getsockname()[1]
        stop = threading.Event()

        def hang_up() -> None:
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    listener.accept()[0].close()

        answering = threading.Thread(target=hang_up, daemon=True)
        answering.start()
        try:
            join(joining, port, "ABCDEF", name="Joiny")
            assert lobby_says_until_the_form(joining) == {t("net.connecting")}
        finally:
            stop.set()
            answering.join(5.0)
    form = joining.top
    assert isinstance(form, JoinScene) and form.shown_problem() == t("net.unreachable")
    assert form.values["port"] == str(port) and form.values["name"] == "Joiny"


def test_a_wrong_table_code_is_said_on_the_join_form_with_what_was_typed(apps):
    """Joining a code the host does not have: the Join form comes back with the refusal in
    the player's words and every field as typed (a tester saw it on an empty lobby page
    whose Leave went to the menu); typing clears it, Back goes to the menu. A joiner's Leave
    from the lobby goes back to the form too. The address, port and name (not the code) are
    remembered in the settings, so a new start's form has them."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 3, "the host's lobby")
    wrong = "ABCDEF" if source.code != "ABCDEF" else "ABCDEG"
    join(joining, source.port, wrong, name="Joiny")
    pump([hosting, joining], lambda: isinstance(joining.top, JoinScene), "the refusal on the form")
    form = joining.top
    assert isinstance(form, JoinScene)
    assert form.shown_problem() == t("net.refused_table")
    assert form.values["code"] == wrong.lower() and form.values["name"] == "Joiny"
    assert form.values["port"] == str(source.port)
    run(joining)
    form.set_value("code", source.code)
    assert form.shown_problem() is None
    form.join()
    lobby = joining.top
    assert isinstance(lobby, LobbyScene)
    pump([hosting, joining], lambda: lobby.source.connection == "connected", "the lobby")
    harness.click_label(joining, t("net.leave"))
    back = joining.top
    assert isinstance(back, JoinScene) and back.values["name"] == "Joiny"
    harness.click_label(joining, t("common.back"))
    assert isinstance(joining.top, MenuScene)
    stored = joining.settings.last_joined
    assert stored == {"address": LOCAL, "port": source.port, "name": "Joiny"}
    later = make_app()
    apps.append(later)
    later.settings.last_joined = stored
    fresh = JoinScene(later)
    kept = (fresh.values["port"], fresh.values["name"], fresh.values["code"])
    assert kept == (str(source.port), "Joiny", "")


def test_the_hosted_table_keeps_the_setup_seats_in_order_with_their_colours():
    """The setup's seats become the host's table in turn order: the hosting player's seat and
    each Remote player a remote seat, AI seats their level, every seat its name as set up and
    its colour; two seats of one colour are refused."""
    from cacao_game.app.netplay import table_options
    from cacao_game.config.game import GameConfig, SeatConfig
    from cacao_game.net.protocol import SeatSpec
    from cacao_game.net.tables import options_problem

    config = GameConfig(
        [
            SeatConfig("Remote player", "yellow", REMOTE),
            SeatConfig("Ana", "white", HUMAN),
            SeatConfig("Rita", "red", "hard"),
        ]
    )
    options, seat = table_options(config, hints=False)
    assert seat == 1
    assert options.seats == [
        SeatSpec(REMOTE, "Remote player", "yellow"),
        SeatSpec(REMOTE, "Ana", "white"),
        SeatSpec("hard", "Rita", "red"),
    ]
    assert options_problem(options) is None
    clash = [SeatSpec(REMOTE, "", "red"), SeatSpec(REMOTE, "", "red")]
    assert options_problem(type(options)(clash)) is not None
    with pytest.raises(ValueError):
        table_options(
            GameConfig([SeatConfig("A", "red", HUMAN), SeatConfig("B", "white", "easy")]), hints=False
        )


def join_form(apps: list[App]) -> tuple[App, JoinScene]:
    """A new app (a fresh run: nothing typed before) with the Join form open, a frame run."""
    app = make_app()
    apps.append(app)
    app.open(routes.Join())
    form = app.top
    assert isinstance(form, JoinScene)
    run(app)
    return app, form


def test_a_fresh_join_form_shows_no_error_until_a_code_is_typed(apps):
    """A tester saw the Join form open with "The table code is 6 letters and digits." in red
    before anything was typed: while the code is empty the form shows no problem (Join stays
    disabled; the field's placeholder says what to type); a wrong code typed is then named.
    (A new app is a fresh run: nothing typed before.)"""
    _app, scene = join_form(apps)
    assert scene.validation_error() == t("net.error_code") and not scene.join_button.enabled
    assert scene.shown_problem() is None
    scene.set_value("code", "ab")
    assert scene.shown_problem() == t("net.error_code")
    scene.set_value("code", "")
    scene.set_value("port", "0")
    assert scene.shown_problem() == t("net.error_port")


def test_a_code_pasted_with_spaces_is_taken_and_a_missing_name_is_asked_for(apps, monkeypatch):
    """A trial pasted a code from a chat with the spaces around it: the field kept the first
    space, counted it towards the 6 characters, cut the code and refused it; a long name was
    cut without a word; and with no name the form said "Every seat needs a name." (the host's
    setup's words). Ctrl+V types the clipboard's text, the code field keeps only letters and
    digits, a full field says so, and a missing name is asked for in the Join form's own
    words."""
    from cacao_game.app import clipboard

    app = make_app()
    apps.append(app)
    app.join_typed.update(address=LOCAL, port="8765", code="", name="")
    app.open(routes.Join())
    form = app.top
    assert isinstance(form, JoinScene) and form.fields["code"].editing
    monkeypatch.setattr(clipboard, "read", lambda: " zkbfvx ")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="")], 0.01)
    assert form.values["code"] == "zkbfvx"
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=" 2")], 0.01)
    assert form.values["code"] == "zkbfvx", "six characters, a space is not one of them"
    assert app.toast is not None and app.toast[0] == tn("widgets.text_full", 6), "a full field says so"
    assert form.validation_error() == t("net.error_name")
    assert form.validation_error(watch=True) is None
    form.set_value("name", "Bo")
    assert form.validation_error() is None
    form.set_value("address", f"{LOCAL}:8765")
    assert form.validation_error() == t("net.error_address_port")
    form.set_value("address", f"http://{LOCAL}")
    assert form.validation_error() == t("net.error_address_alone")


def test_a_field_clicked_on_the_join_form_is_the_only_one_that_looks_focused(apps):
    """A trial saw two fields of the Join form lit at once: the one clicked to type in and
    the one keyboard focus was on. A field a click starts editing takes the focus too."""
    from cacao_game.app.widgets import TextInput

    app, form = join_form(apps)
    form.focus.index = form.focus.widgets.index(form.fields["address"])
    form.focus.move(0)
    assert form.fields["address"].focused, "the keys' focus on the address (Shift+Tab there)"
    harness.click(app, form.fields["name"].rect.center)
    lit = [w for w in form.widgets if w.focused or (isinstance(w, TextInput) and w.editing)]
    assert lit == [form.fields["name"]]


def test_the_hosts_lobby_copies_the_table_code(apps, monkeypatch):
    """Friends share the table code in a chat: the host's lobby has a Copy button beside the
    code that puts it on the clipboard and says so, or says the code when no clipboard can be
    written."""
    from cacao_game.app import clipboard

    copied: list[str] = []
    monkeypatch.setattr(clipboard, "write", lambda text: copied.append(text) or True)
    hosting = make_app()
    apps.append(hosting)
    source = host(hosting, [HUMAN, REMOTE])
    pump([hosting], lambda: isinstance(hosting.top, LobbyScene), "the host's lobby")
    harness.click_label(hosting, t("net.copy_code"))
    assert copied == [source.code]
    assert hosting.toast is not None and hosting.toast[0] == t("net.code_copied", code=source.code)
    monkeypatch.setattr(clipboard, "write", lambda text: False)
    harness.click_label(hosting, t("net.copy_code"))
    assert hosting.toast[0] == t("net.code_not_copied", code=source.code)


def test_a_strict_undo_refusal_across_machines_points_at_no_setting(apps):
    """A tester was told "…undo stays within your own turn here (Settings → Undo)" in a game
    across machines, whose undo is always strict (the setting does nothing there): in both
    windows the refusals say it is so in a network game, and Undo's tooltip points at no
    setting either; a table at home keeps the pointer."""
    from cacao_game.app.play.texts import refusal_text
    from cacao_game.session.notices import Refusal, Refused

    hosting, joining, _source = seated_pair(apps)
    pump([hosting, joining], lambda: isinstance(hosting.top, PlayScene), "the host's table")
    for app in (hosting, joining):
        scene = table(app)
        for reason, key in (
            (Refusal.UNDO_TURN_OVER, "play.undo_turn_over_net"),
            (Refusal.UNDO_REVEAL, "play.undo_reveal_net"),
        ):
            scene.show([Refused(reason)])
            assert app.toast is not None and app.toast[0] == t(key)
            assert "Settings" not in app.toast[0] and "network game" in app.toast[0]
        undo = next(action for action in scene.frame.actions if action.name == "undo")
        assert undo.tip_lines[0] == t("tip.action.undo_net") and "Settings" not in undo.tip_lines[0]
    at_home = refusal_text(Refused(Refusal.UNDO_TURN_OVER), ["Ana", "Bo"])
    assert at_home == t("play.undo_turn_over") and "Settings → Undo" in at_home


def test_a_table_whose_host_turned_hints_off_greys_hint_and_says_so(apps):
    """A tester's host turned hints off: the Hint button stayed lit, the status line said
    "H hint", and H did nothing, silently. In both windows the Hint button is greyed, its
    tooltip saying the host turned hints off (the hosting window: that its player did; a
    later trial's host was told it was the host's choice) and showing no key, the keys shown
    leave H out, no resolution row is tagged or focused as the computer's pick, and H (on
    one's own turn or the other's) says so."""
    from cacao_game.engine import Phase

    hosting, joining, _source = seated_pair(apps, hints=False)
    pump([hosting, joining], lambda: isinstance(hosting.top, PlayScene), "the host's table")
    scenes = [table(hosting), table(joining)]
    pump(
        [hosting, joining],
        lambda: any(s.source.accepts_input() and not s.timeline.busy for s in scenes),
        "the first decision",
    )
    mover = next(s for s in scenes if s.source.accepts_input())
    assert mover.game.phase is Phase.PLACE
    assert mover.key_hint_text() == mover.keys_text("play.rotate_hint_no_hints")
    assert t("play.rotate_hint", **mover.key_names()) != mover.key_hint_text()
    offs = ("play.hints_off_yours", "play.hints_off")
    for app, scene, off in zip((hosting, joining), scenes, offs, strict=True):
        run(app)
        hint = next(action for action in scene.frame.actions if action.name == "hint")
        assert not hint.enabled
        assert hint.tip_lines == (t("tip.action.hint"), t(off)), "the hosting player turned them off"
        assert hint.keys == "", "no key under a Hint that does nothing, nor in its tooltip"
        menu = next(action for action in scene.frame.actions if action.name == "menu")
        assert menu.tip_lines[0] == t("tip.action.menu_unsaved"), "the Menu promises no Save here"
        assert not scene.source.selection.suggests, "a resolution's focus starts on its first row"
        assert not scene._popup_view().ai_pick, "no row tagged as the computer's pick"
        harness.press(app, "hint")
        assert app.toast is not None and app.toast[0] == t(off)
        assert scene.source.hint is None and not scene.source.hint_pending()


def test_every_lobby_says_the_start_was_drawn_the_variant_and_the_hints_are_off(apps):
    """A tester's joiner lobby lacked what the host's said ("start player drawn at random"),
    neither said that the host turned hints off, and a later trial's did not say the table
    played Volcano: the host's lobby and a joiner's waiting for the last seat say the same,
    all three facts, over the seats."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE, REMOTE], hints=False, start=None, variant="volcano")
    pump([hosting], lambda: len(source.table_seats()) == 3, "the host's lobby")
    bo = join(joining, source.port, source.code)
    pump([hosting, joining], lambda: bo.ready and len(bo.table_seats()) == 3, "Bo's lobby")
    lobbies = [hosting.top, joining.top]
    assert all(isinstance(lobby, LobbyScene) for lobby in lobbies)
    said = f"{t('net.turn_order_drawn')} · {t('variant.volcano')} · {t('net.no_hints')}"
    assert [lobby.order_note() for lobby in lobbies] == [said, said]
    for app in (hosting, joining):
        app.draw(app.screen)


def test_the_join_form_types_into_the_code_field_and_enter_joins(apps):
    """A tester opened Join a game and typed the table code: no field had the keys, the W of
    the code moved the focus to Back, and Enter went back to the menu; Enter in a field never
    joined. The first empty field (the code: address, port and name are remembered) takes
    the keys at once, letters are text there, and Enter with the form complete joins."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    joining.join_typed.update(address=LOCAL, port=str(source.port), code="")
    joining.open(routes.Join())
    form = joining.top
    assert isinstance(form, JoinScene) and form.fields["code"].editing
    for char in source.code:
        key = getattr(pygame, f"K_{char.lower()}")
        joining.step(
            [
                pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char),
                pygame.event.Event(pygame.TEXTINPUT, text=char),
            ],
            0.01,
        )
    joining.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w")], 0.01)
    assert joining.top is form and form.fields["code"].editing, "a WASD letter stays in the field"
    assert form.values["code"].upper() == source.code.upper()
    joining.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], 0.01)
    # the lobby, or already the table: the seat joined was the last, and the game may start
    # within the same step on a busy machine
    assert isinstance(joining.top, LobbyScene | PlayScene), "Enter in the code field joins"
    pump([hosting, joining], lambda: isinstance(joining.top, PlayScene), "the joiner's table")


def test_a_join_form_with_every_field_filled_types_a_new_code_over_the_old(app: App) -> None:
    """A trial came back from a game its host had ended and opened Join a game: every field
    was filled (the old code too) and none took the keys, so the new code typed went nowhere
    and Join tried the old one. The code field takes the keys with its code selected: a
    code typed replaces it."""
    app.join_typed.update(address=LOCAL, port="47123", code="Y86NUC", name="Cy")
    app.open(routes.Join())
    form = app.top
    assert isinstance(form, JoinScene) and form.fields["code"].editing
    for char in "232NCT":
        key = getattr(pygame, f"K_{char.lower()}")
        app.step(
            [
                pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char),
                pygame.event.Event(pygame.TEXTINPUT, text=char),
            ],
            0.01,
        )
    assert form.values["code"].upper() == "232NCT"
    assert (form.values["address"], form.values["name"]) == (LOCAL, "Cy"), "the rest is kept"
    app.home()
    app.open(routes.Join(problem=t("net.refused_name")))  # back with a refusal: about the name, maybe
    form = app.top
    assert isinstance(form, JoinScene) and not any(field.editing for field in form.fields.values())


def open_on_a_server(app: App, port: int, kinds: list[str]) -> LobbyScene:
    """Host a game with ``server`` typed: the table of seats ``kinds`` (Ana is the human
    seat) opened on the Cacao server at 127.0.0.1:``port``; returns its lobby."""
    setup = SetupScene(app, hosting=True)
    app.push(setup)
    run(app)
    for number, kind in enumerate(kinds):
        if number >= len(setup.seats):
            setup.add_seat()
        setup.set_kind(number, kind)
    setup.set_name(kinds.index(HUMAN), "Ana")
    setup.standin = False
    setup._set_server(f" {LOCAL} ")
    setup.port_text = str(port)
    setup.start = 0
    assert setup.validation_error() is None
    setup.start_game()
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def test_a_player_opens_a_table_on_a_cacao_server_from_host_a_game_and_a_friend_joins_it(apps, monkeypatch):
    """A ``--serve`` host is for players on other machines: Host a game with a server's
    address opens the table there (a trial found no way to open one from the game). The
    opener sits in the seat set up as theirs (the second here, not the first remote one), the
    lobby shows what the others type, with Copy, and a friend who joins with the code starts
    the game; the server holds it, not the opener's computer. New game on its scores opens
    Host a game with the table as opened, the server's address too (a trial's opener got the
    Join form, with no code to type)."""
    from cacao_game.app import clipboard

    copied: list[str] = []
    monkeypatch.setattr(clipboard, "write", lambda text: copied.append(text) or True)
    server = BackgroundHost(None, ai_processes=0)
    port = server.start(LOCAL, 0)
    try:
        opening, joining = make_app(), make_app()
        apps += [opening, joining]
        lobby = open_on_a_server(opening, port, [REMOTE, HUMAN])
        assert isinstance(lobby.source, OpenedSource)
        pump([opening], lambda: lobby.shared() is not None, "the server's table code")
        addresses, shown_port, code = lobby.shared() or ([], 0, "")
        assert (addresses, shown_port) == ([LOCAL], port) and list(server.host.tables) == [code]
        assert lobby.source.client.seat == 1
        assert [seat.name for seat in server.seats(code)][1] == "Ana"
        assert server.options(code).standin == STANDIN, "nobody on a server frees a dropped seat"
        pump([opening], lambda: load_ticket() is not None, "the opener's ticket")
        ticket = load_ticket()
        assert ticket is not None and ticket.opened and ticket.seat == 1
        run(opening)
        harness.click_label(opening, t("net.copy_code"))
        assert copied == [code]
        join(joining, port, code)
        pump([opening, joining], lambda: isinstance(opening.top, PlayScene), "the opener's table")
        pump([joining], lambda: isinstance(joining.top, PlayScene), "the friend's table")
        assert [seat.name for seat in table(opening).source.table_seats()] == ["Bo", "Ana"]
        again = next_game(lobby.source)
        assert isinstance(again, HostedTable), "New game opens Host a game for the opener"
        assert (again.choices.server, again.choices.port, again.choices.start) == (LOCAL, port, 0)
        assert [s.kind for s in again.config.seats] == [REMOTE, HUMAN] and again.config.seats[1].name == "Ana"
        back = rejoin_game(ticket)
        assert isinstance(back, OpenedSource), "Rejoin game brings back the opener's lobby"
        unknown = next_game(back)  # the seat's name comes once the host answers
        assert isinstance(unknown, JoinRequest), "a table it does not know: the Join form"
        assert (unknown.address, unknown.port, unknown.code) == (LOCAL, port, "")
        back.close()
    finally:
        server.stop()


def test_a_server_that_lets_nobody_open_tables_says_so_in_the_lobby(apps):
    """A host that opens no tables for its players (a game hosted from a window) refuses the
    table in words, in the lobby, and keeps no seat for it."""
    server = BackgroundHost(None, ai_processes=0, allow_create=False)
    port = server.start(LOCAL, 0)
    try:
        opening = make_app()
        apps.append(opening)
        lobby = open_on_a_server(opening, port, [HUMAN, REMOTE])
        pump([opening], lambda: lobby.source.poll() is not None and lobby.source.failed, "the refusal")
        assert lobby.status() == t("net.refused_create")
        assert list(server.host.tables) == []
    finally:
        server.stop()


def test_a_joiners_lobby_whose_host_stops_answering_says_the_seat_stays_theirs(apps):
    """A trial killed the host while a joiner waited in its lobby: the lobby said only
    "Reconnecting…" for a minute, the other player's seat still "Joined". While the link is
    tried again it says the host does not answer and that the seat stays the joiner's, and
    claims nothing of the others' seats; connected again, it waits for the players."""
    from cacao_game.net.remote import CONNECTED, RECONNECTING

    server = BackgroundHost(None, ai_processes=0)
    port = server.start(LOCAL, 0)
    try:
        code = server.open_table(TableOptions([SeatSpec(REMOTE), SeatSpec(REMOTE), SeatSpec(REMOTE)]))
        joining, other = make_app(), make_app()
        apps += [joining, other]
        join(other, port, code, name="Ana")
        bo = join(joining, port, code)
        lobby = joining.top
        assert isinstance(lobby, LobbyScene)
        pump(
            [joining, other],
            lambda: bo.connection == CONNECTED and sum(seat.claimed for seat in bo.table_seats()) == 2,
            "Ana and Bo in the lobby",
        )
        ana = next(n for n, seat in enumerate(bo.table_seats()) if seat.claimed and seat.name == "Ana")
        assert lobby.status() == t("net.waiting_players")
        assert lobby.seat_status(ana, "Ana") == t("net.joined")
        bo.connection = RECONNECTING
        assert lobby.status() == t("net.lobby_reconnecting") != t("net.reconnecting")
        assert lobby.seat_status(ana, "Ana") == ""
        assert bo.client.seat is not None
        assert lobby.seat_status(bo.client.seat, "Bo") == t("net.you")
    finally:
        server.stop()


def test_a_server_that_does_not_answer_is_said_to_be_a_server(apps):
    """A check of the fixes opened a table on a server address where nothing ran and read the
    joiner's words ("...the host's game is open"): the lobby says no Cacao server answers
    there."""
    opening = make_app()
    apps.append(opening)
    lobby = open_on_a_server(opening, free_port(), [HUMAN, REMOTE])
    pump([opening], lambda: lobby.source.poll() is not None and lobby.source.failed, "no answer")
    assert lobby.status() == t("net.server_unreachable")


def test_friends_are_told_the_game_ended_when_the_host_hosts_a_new_one_on_another_port(apps):
    """A trial's host ended an unfinished game by hosting a new one on another port: the
    friends read "the game goes on if they resume it" for over a minute, and kept a Rejoin
    game that could not work. The old port now answers for a while with no table, so a
    friend's table says the host ended this game, and the ticket is gone."""
    from cacao_game.app.rejoin import load_ticket

    hosting, joining, source = seated_pair(apps)
    bo = table(joining)
    old_port = source.port
    hosting.home()
    pump([joining], lambda: bo.net is not None and bo.net.connection != "connected", "the host gone")
    again = host(hosting, [HUMAN, REMOTE], ending_unfinished=True)
    assert again.port != old_port
    pump([joining], lambda: bo.net is not None and bo.net.failed, "the end of the old game")
    assert banner_text(bo.net) == t("net.host_ended")
    assert load_ticket() is None


def test_the_player_who_opened_a_table_on_a_server_ends_it_by_leaving_before_it_starts(apps):
    """A trial's opener left a server table's lobby and the table stayed: whoever had the code
    could start a game without the one who set it up. Leaving before the start now ends it,
    as the hosting player's Leave does: the friend waiting there is told the host ended it."""
    server = BackgroundHost(None, ai_processes=0)
    port = server.start(LOCAL, 0)
    try:
        opening, joining = make_app(), make_app()
        apps += [opening, joining]
        lobby = open_on_a_server(opening, port, [REMOTE, HUMAN, REMOTE])
        pump([opening], lambda: lobby.shared() is not None, "the server's table code")
        code = (lobby.shared() or ([], 0, ""))[2]
        friend = join(joining, port, code)
        pump([opening, joining], lambda: sum(seat.claimed for seat in friend.table_seats()) == 2, "Bo seated")
        lobby.back()
        pump([joining], lambda: friend.poll() is not None and friend.failed, "the end of the table")
        assert banner_text(friend) == t("net.host_ended")
        assert list(server.host.tables) == []
    finally:
        server.stop()
