"""A joiner takes their seat back after their program closed or died (issue 19): the client
keeps its own seat ticket (``app.rejoin``, the host keeps only token digests), the menu offers
Rejoin game, and the table opens again in the same seat with its hand. A refused ticket is set
aside, never a crash; a finished game, or a player who leaves on purpose, leaves no ticket.
Host a game asks before it ends an unfinished hosted game.

Real hosts on 127.0.0.1 only, real sockets; off-screen apps in one process (one user data
folder, ``CACAO_HOME``, as a restarted program finds it); every wait bounded.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from harness import click_label, run
from msgspec.structs import replace
from net_support import ROOT
from test_net_app import LIMIT, LOCAL, free_port, host, join, make_app, pump, seated_pair, table

from cacao_game import typed_json
from cacao_game.app import routes
from cacao_game.app.app import App
from cacao_game.app.join_form import refusal_words
from cacao_game.app.netplay import (
    HostedSource,
    JoinedSource,
    JoinRequest,
    hosted_waiting,
    join_game,
    rejoin_game,
    rejoin_waiting,
)
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.rejoin import SeatTicket, load_ticket, save_ticket, ticket_path
from cacao_game.app.scenes.confirm import ConfirmDialog
from cacao_game.app.scenes.join import JoinScene
from cacao_game.app.scenes.lobby import LobbyScene
from cacao_game.app.scenes.menu import MenuScene
from cacao_game.app.scenes.pause import PauseOverlay
from cacao_game.app.scenes.setup import SetupScene
from cacao_game.app.strings import t
from cacao_game.app.toasts import LONG_TOAST_SECONDS
from cacao_game.app.widgets import Button
from cacao_game.config.game import HUMAN
from cacao_game.net import protocol as p
from cacao_game.net.client import ENDED
from cacao_game.net.hosting import BackgroundHost, hosted_folder, start_hosting
from cacao_game.net.protocol import REMOTE
from cacao_game.net.remote import RemoteSource

JOINER_PROGRAM = """
import sys, time
sys.path.insert(0, sys.argv[4])
import pygame
from harness import click_label, run
from net_support import ROOT
from test_net_app import make_app
from cacao_game.app import routes
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.strings import t
from cacao_game.app.widgets import Button
mode, port, code = sys.argv[1:4]
app = make_app()
run(app)
print("menu", "rejoin" if any(getattr(w, "label", "") == t("menu.rejoin") for w in app.top.widgets) else "-")
if mode == "join":
    app.open(routes.Join())
    for key, value in (("address", "127.0.0.1"), ("port", port), ("code", code), ("name", "Bo")):
        app.top.set_value(key, value)
    app.top.join()
else:
    click_label(app, t("menu.rejoin"))
deadline = time.monotonic() + 20.0
while not isinstance(app.top, PlayScene) and time.monotonic() < deadline:
    run(app)
    time.sleep(0.01)
seat = app.top.source.face_up_seat()
print("seated", seat, *app.top.source.table_game().hands[seat], flush=True)
while True:
    run(app)
    time.sleep(0.02)
"""
"""An off-screen app that joins table ``argv[3]`` (``join``) or takes Rejoin game in the menu
(``rejoin``), says whether the menu offered Rejoin game, then its seat and hand, and runs until
killed."""


def menu_labels(app) -> set[str]:
    menu = app.top
    assert isinstance(menu, MenuScene)
    return {getattr(widget, "label", "") for widget in menu.widgets}


def test_a_dropped_joiner_rejoins_from_a_new_app_in_the_same_seat_with_its_hand(apps) -> None:
    """Ana hosts, Bo joins: Bo's ticket is kept (seat, name, code, token). Bo's program dies
    (its client closed without leaving); a new app in the same user folder offers Rejoin game
    (the host refuses a join under another name: every seat is taken, and it names nobody
    away, whose seat a stranger could otherwise ask for by name), which opens Bo's table in seat
    1 with Bo's hand; the game goes on. Leaving asks in words fit for a joiner (and for the
    hosting window), with no Save offered; Quit to menu then forgets the ticket."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    assert load_ticket() is None
    join(joining, source.port, source.code)
    pump([hosting, joining], lambda: isinstance(joining.top, PlayScene), "the joiner's table")
    bo = table(joining).source
    assert isinstance(bo, JoinedSource)
    pump([joining], lambda: load_ticket() is not None, "the ticket")
    assert load_ticket() == SeatTicket(LOCAL, source.port, source.code, 1, "Bo", bo.client.token or "")

    bo.client.close()  # the program dies: no leave, nothing forgotten
    pump([hosting], lambda: source.absent == frozenset({1}), "Bo away")
    again = join_game(JoinRequest(LOCAL, source.port, source.code, "Cy"))
    pump([hosting], lambda: again.poll() is not None and again.failed, "a plain join refused")
    assert "taken" in again.connection and "Bo" not in again.connection, "it names nobody"
    assert load_ticket() is not None  # the refusal of another join keeps Bo's ticket

    second = make_app()
    apps.append(second)
    assert t("menu.rejoin") in menu_labels(second)
    click_label(second, t("menu.rejoin"))
    pump([hosting, second], lambda: isinstance(second.top, PlayScene), "Bo's table again")
    back = table(second)
    assert back.source.face_up_seat() == 1 and back.names == ["Ana", "Bo"]
    hand = back.source.table_game().hands[1]
    assert hand and list(back.frame.hand.tiles) == list(hand)
    pump([hosting, second], lambda: source.absent == frozenset(), "Bo back at the host")

    rng = random.Random(2)
    ana = table(hosting)
    start = len(ana.source.journal)
    deadline = time.monotonic() + LIMIT
    while len(ana.source.journal) < start + 3:
        assert time.monotonic() < deadline, "the game did not go on"
        for scene in (ana, back):
            if scene.source.accepts_input() and not scene.timeline.busy:
                count = len(scene.source.journal)
                scene.source.client.decide([rng.choice(scene.source.table_game().legal_actions())])
                pump([hosting, second], lambda c=count, s=scene: len(s.source.journal) > c, "an update")
        run(hosting)
        run(second)

    assert back.leave_question() == t("pause.quit_seat")  # the seat is given up for good
    assert ana.leave_question() == t("pause.quit_hosting")  # hosting stops, Resume hosting opens it
    second.push(PauseOverlay(second))
    run(second)
    pause = second.top
    assert isinstance(pause, PauseOverlay)
    assert t("pause.save") not in [widget.label for widget in pause.widgets]  # the host keeps it
    pause.leave()
    assert isinstance(second.top, MenuScene)
    assert load_ticket() is None and t("menu.rejoin") not in menu_labels(second)


def test_a_joiner_program_killed_with_sigkill_rejoins_when_started_again(tmp_path: Path) -> None:
    """The tester's case with real processes: Bo's program joins, is killed (SIGKILL: nothing
    said to the host, nothing cleaned up), and started again in the same user folder: its
    menu offers Rejoin game, which seats Bo again in the same seat with the same hand, and the
    host sees Bo connected."""
    hosting = BackgroundHost(None, ai_processes=0, seed=3)
    port = hosting.start(LOCAL, 0)
    env = dict(os.environ, CACAO_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    tests = str(ROOT / "tests")

    def launch(mode: str) -> tuple[subprocess.Popen[str], list[str], list[str]]:
        program = subprocess.Popen(
            [sys.executable, "-c", JOINER_PROGRAM, mode, str(port), code, tests],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        assert program.stdout is not None
        menu = program.stdout.readline().split()
        seated = program.stdout.readline().split()
        return program, menu, seated

    try:
        code = hosting.open_table(p.TableOptions([p.SeatSpec("easy"), p.SeatSpec(REMOTE)]))
        first, menu, seated = launch("join")
        first.kill()
        first.wait(10.0)
        assert menu == ["menu", "-"] and seated[:2] == ["seated", "1"] and len(seated) > 2
        deadline = time.monotonic() + LIMIT
        while hosting.seats(code)[1].connected:
            assert time.monotonic() < deadline, "the host never saw Bo go"
            time.sleep(0.02)
        second, menu, again = launch("rejoin")
        try:
            assert menu == ["menu", "rejoin"] and again == seated
            deadline = time.monotonic() + LIMIT
            while not hosting.seats(code)[1].connected:
                assert time.monotonic() < deadline, "the host never saw Bo back"
                time.sleep(0.02)
        finally:
            second.kill()
            second.wait(10.0)
    finally:
        hosting.stop()


def test_rejoin_takes_the_seat_back_from_the_ai_stand_in(user_home: Path) -> None:
    """Bo drops; the stand-in AI plays Bo's seat; Rejoin game's source (from the kept ticket)
    is seated in Bo's seat again, and the stand-in makes no decision after that: Bo's table
    waits for Bo's own decision once Ana's turn is over."""
    hosting = BackgroundHost(None, ai_processes=0, seed=4)
    port = hosting.start(LOCAL, 0)
    try:
        seats = p.TableOptions([p.SeatSpec(REMOTE), p.SeatSpec(REMOTE)], standin="easy", standin_after=0.05)
        code = hosting.open_table(seats)
        ana = join_game(JoinRequest(LOCAL, port, code, "Ana"))
        assert isinstance(ana, JoinedSource)
        sources = [ana]

        def until(done: Callable[[], bool], what: str) -> None:
            deadline = time.monotonic() + LIMIT
            while not done():
                assert time.monotonic() < deadline, f"timed out waiting for {what}"
                for source in sources:
                    source.poll()
                time.sleep(0.01)

        # One after the other: two joins sent at once take the seats in either order, and
        # both joiners of this one process keep their ticket in the same file (Bo's last).
        until(lambda: ana.ticket is not None, "Ana seated")
        bo = join_game(JoinRequest(LOCAL, port, code, "Bo"))
        assert isinstance(bo, JoinedSource)
        sources = [ana, bo]
        until(lambda: ana.ready and ana.started and bo.ticket is not None, "both seated")
        assert bo.face_up_seat() == 1 and ana.face_up_seat() == 0
        bo.client.close()
        until(lambda: hosting.seats(code)[1].standin, "the stand-in")
        rng = random.Random(5)
        until(lambda: ana.accepts_input(), "Ana's turn")
        ana.client.decide([rng.choice(ana.table_game().legal_actions())])
        until(lambda: ana.accepts_input() and len(ana.journal) >= 2, "the stand-in's decision")
        assert ana.journal[1].seat == 1  # the stand-in played Bo's turn

        ticket = rejoin_waiting()
        assert ticket is not None and ticket.seat == 1
        bo = rejoin_game(ticket)
        sources = [ana, bo]
        until(lambda: bo.ready, "Bo back")
        assert bo.face_up_seat() == 1 and list(bo.table_game().hands[1])
        back_at = len(ana.journal)
        deadline = time.monotonic() + LIMIT
        while not bo.accepts_input():
            assert time.monotonic() < deadline, "Bo's own turn never came"
            if ana.accepts_input():
                count = len(ana.journal)
                ana.client.decide([rng.choice(ana.table_game().legal_actions())])
                until(lambda c=count: len(ana.journal) > c, "Ana's decision")
            for source in sources:
                source.poll()
            time.sleep(0.01)
        assert len(ana.journal) > back_at and all(entry.seat == 0 for entry in ana.journal[back_at:])
        assert not hosting.seats(code)[1].standin and hosting.seats(code)[1].connected
        ana.close()
        bo.close()
    finally:
        hosting.stop()


@pytest.mark.parametrize(
    "data",
    [
        b"{not json",
        b'{"address": "127.0.0.1"}',
        b'{"address": "127.0.0.1", "port": 8765, "code": "../../x", "seat": 1, "name": "Bo", "token": "t"}',
        b"[" * 5000,
    ],
    ids=["not-json", "fields-missing", "hostile-code", "deep"],
)
def test_a_refused_ticket_is_set_aside_and_the_menu_offers_no_rejoin(apps, data: bytes) -> None:
    """A ticket that is not JSON, lacks fields, names no table code or nests deeply: the menu
    shows (no Rejoin game, no crash), the file is kept aside with its bytes, and it is gone
    from where tickets are read."""
    path = ticket_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    app = make_app()
    apps.append(app)
    run(app)
    assert t("menu.rejoin") not in menu_labels(app)
    assert not path.exists()
    aside = list(path.parent.glob("rejoin.refused-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == data


def test_a_finished_game_leaves_no_ticket(apps, tmp_path: Path) -> None:
    """Bo plays a whole game against the host's AI: the ticket is kept while it runs and
    removed when it ends; the menu then offers no Rejoin game."""
    hosting = BackgroundHost(None, ai_processes=0, seed=5)
    port = hosting.start(LOCAL, 0)
    try:
        code = hosting.open_table(p.TableOptions([p.SeatSpec(REMOTE), p.SeatSpec("random")]))
        bo = join_game(JoinRequest(LOCAL, port, code, "Bo"))
        assert isinstance(bo, JoinedSource)
        rng = random.Random(1)
        seen: list[SeatTicket | None] = []
        deadline = time.monotonic() + 90.0
        while not (bo.ready and bo.started and bo.deciding_seat() is None):
            assert time.monotonic() < deadline, "the game did not end"
            bo.poll()
            if bo.accepts_input():
                seen.append(load_ticket())
                bo.client.decide([rng.choice(bo.table_game().legal_actions())])
            time.sleep(0.002)
        bo.poll()
        assert seen and seen[0] is not None and seen[0].code == code and seen[0].seat == 0
        assert load_ticket() is None and not ticket_path().exists()
        bo.close()
    finally:
        hosting.stop()
    app = make_app()
    apps.append(app)
    assert t("menu.rejoin") not in menu_labels(app)


def polled_until(source: RemoteSource, done: Callable[[RemoteSource], bool], what: str) -> None:
    """Poll ``source`` until ``done(source)`` (at most ``LIMIT`` seconds)."""
    deadline = time.monotonic() + LIMIT
    while not done(source):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        source.poll()
        time.sleep(0.01)


def seated_bo(port: int, code: str) -> SeatTicket:
    """Bo joins table ``code`` (its seats all taken once he sits) with a bare source, which
    keeps his ticket, then his program dies (the client closes, nothing said): the ticket."""
    bo = join_game(JoinRequest(LOCAL, port, code, "Bo"))
    assert isinstance(bo, JoinedSource)
    deadline = time.monotonic() + LIMIT
    while not (bo.started and bo.ticket is not None):
        assert time.monotonic() < deadline, "Bo never seated"
        bo.poll()
        time.sleep(0.01)
    bo.client.close()
    ticket = load_ticket()
    assert ticket is not None and ticket.code == code
    return ticket


def rejoined_while_the_host_is_down(apps: list[App], folder: Path) -> tuple[App, int, SeatTicket]:
    """Bo seated at a table hosted from ``folder``, the host then stopped, and a new app's
    Rejoin game at the Join form it opens: the app, the host's port and Bo's ticket."""
    hosting = BackgroundHost(folder, ai_processes=0, seed=6)
    port = hosting.start(LOCAL, 0)
    try:
        code = hosting.open_table(p.TableOptions([p.SeatSpec("easy"), p.SeatSpec(REMOTE)]))
        ticket = seated_bo(port, code)
    finally:
        hosting.stop()
    app = make_app()
    apps.append(app)
    click_label(app, t("menu.rejoin"))
    pump([app], lambda: isinstance(app.top, JoinScene), "the Join form")
    return app, port, ticket


@pytest.mark.parametrize("way_back", ["menu", "form"])
def test_rejoin_while_the_host_is_down_keeps_the_ticket_for_when_it_is_back(
    apps, tmp_path: Path, way_back: str
) -> None:
    """The tester's case: Bo's program is killed mid-game and the host stops hosting; Bo's new
    program offers Rejoin game, which comes back to the Join form saying that no game is hosted
    there, and the ticket was deleted with it: once the host resumed, the seat could never be
    taken back. No host answering is no refusal: the ticket stays, the menu still offers Rejoin
    game, and once the host is back on its port (its tables put back from its folder) Rejoin
    game seats Bo again; so does Join on the form the failed Rejoin opened, with the ticket's
    host, table and name (a later trial's Join there said every seat was taken). The form
    says the host does not answer and the seat is kept (a later trial was told to check the
    address)."""
    folder = tmp_path / "host"
    app, port, ticket = rejoined_while_the_host_is_down(apps, folder)
    form = app.top
    assert isinstance(form, JoinScene) and form.shown_problem() == t("net.unreachable_rejoin")
    assert load_ticket() == ticket and form.values["name"] == ticket.name
    if way_back == "menu":
        app.home()
        assert t("menu.rejoin") in menu_labels(app)

    back = BackgroundHost(folder, ai_processes=0, seed=6)
    back.start(LOCAL, port)
    try:
        if way_back == "menu":
            click_label(app, t("menu.rejoin"))
        else:
            form.join()
        pump([app], lambda: isinstance(app.top, PlayScene), "Bo's table again")
        assert table(app).source.face_up_seat() == 1
        assert load_ticket() == ticket
        app.home()
    finally:
        back.stop()


def test_a_ticket_the_host_refuses_is_forgotten(user_home: Path) -> None:
    """A host that answers and has no table with the ticket's code (the host ended that game:
    said so, ``ENDED``), or no seat for its token: the ticket goes, and the menu offers no
    Rejoin game any more."""
    hosting = BackgroundHost(None, ai_processes=0, seed=6)
    port = hosting.start(LOCAL, 0)
    try:
        code = hosting.open_table(p.TableOptions([p.SeatSpec("easy"), p.SeatSpec(REMOTE)]))
        ticket = seated_bo(port, code)
        other = "ABCDEF" if code != "ABCDEF" else "ABCDEG"
        for kept, failure in (
            (replace(ticket, code=other), ENDED),
            (replace(ticket, token="wrong"), "token"),
        ):
            assert save_ticket(kept)
            source = rejoin_game(kept)
            polled_until(source, lambda polled: polled.failed, "a refusal")
            source.poll()
            source.close()
            assert source.failure == failure and load_ticket() is None
    finally:
        hosting.stop()
    assert refusal_words(ENDED, "No table …") == t("net.host_ended")


def test_a_ticket_round_trips_through_the_one_validator(tmp_path: Path) -> None:
    """What ``save_ticket`` writes is what ``load_ticket`` reads (``typed_json``)."""
    ticket = SeatTicket(LOCAL, 8765, "K7QW2P", 2, "Bo", "secret")
    path = tmp_path / "rejoin.json"
    assert save_ticket(ticket, path)
    assert typed_json.decode(path.read_bytes(), SeatTicket, limit=4096) == ticket
    assert load_ticket(path) == ticket


def test_host_a_game_asks_before_ending_an_unfinished_hosted_game(apps) -> None:
    """With an unfinished hosted game, Host in the Host a game setup asks first, once the
    server is chosen (a trial was asked on the menu, before choosing a server, where a table
    opened ends nothing): No keeps it (Resume hosting still offered), Yes hosts the new game.
    The setup opens at once, and a table opened on a server asks nothing."""
    app = make_app()
    apps.append(app)
    seats = p.TableOptions([p.SeatSpec(REMOTE), p.SeatSpec(REMOTE)])
    hosted, _game, _token = start_hosting(
        hosted_folder(), seats, 0, "Ana", bind=LOCAL, port=0, ai_processes=0
    )
    hosted.stop()
    assert hosted_waiting()
    run(app)
    click_label(app, t("menu.host"))
    setup = app.top
    assert isinstance(setup, SetupScene), "the setup at once: no server chosen yet"
    setup.set_kind(1, REMOTE)
    setup.port_text = str(free_port())
    assert setup.validation_error() is None
    setup.start_game()
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.message == t("menu.host_over")
    run(app)
    click_label(app, t("common.no"))
    assert app.top is setup and hosted_waiting()
    setup.server_text = LOCAL
    setup.start_game()
    assert isinstance(app.top, LobbyScene), "a table opened on a server ends nothing: no question"
    app.top.source.leave()
    app.home()
    assert t("menu.resume_hosting") in menu_labels(app)
    click_label(app, t("menu.host"))
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.server_text = ""
    setup.port_text = str(free_port())
    setup.start_game()
    run(app)
    click_label(app, t("common.yes"))
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.source, HostedSource)
    lobby.source.leave()


def refused_on_form(hosting, app, port: int, code: str, name: str) -> str:
    """``app`` joins table ``code`` as ``name`` through the Join form: the refusal the form
    then shows."""
    join(app, port, code, name=name)
    pump(
        [hosting, app],
        lambda: isinstance(app.top, JoinScene) and bool(app.top.shown_problem()),
        f"{name} refused",
    )
    form = app.top
    assert isinstance(form, JoinScene)
    problem = form.shown_problem()
    assert problem is not None
    app.home()
    return problem


def test_a_join_under_a_dropped_joiners_name_is_refused_and_his_ticket_still_works(
    apps, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Bo's window closes mid-game. A join under his name from a machine with none of his
    data (another user folder: no ticket) is refused as a full table (another name would not
    help), in words that say nothing of Rejoin game (that machine has no seat to take back),
    and his seat stays his (a network trial took a dropped player's seat and hand so; only a
    ``--serve --back-by-name`` host allows it). On his own machine a join under another name
    is refused as a full table too (a window that lost the race for the last seat has no seat
    to take back), and the same join under his name takes his seat back with the ticket kept
    there for that table and name, as Rejoin game does: seat 1 with his hand."""
    hosting, joining, source = seated_pair(apps)
    first = table(joining).source
    pump([joining], lambda: load_ticket() is not None, "the ticket")
    old_ticket = load_ticket()
    first.client.close()  # the window closes: no leave
    pump([hosting], lambda: source.absent == frozenset({1}), "Bo away")

    first_home = os.environ["CACAO_HOME"]
    monkeypatch.setenv("CACAO_HOME", str(tmp_path / "other-machine"))
    other = make_app()
    apps.append(other)
    assert t("menu.rejoin") not in menu_labels(other)
    assert refused_on_form(hosting, other, source.port, source.code, "bo") == t("net.refused_full")
    assert t("menu.rejoin") not in t("net.refused_full")

    monkeypatch.setenv("CACAO_HOME", first_home)
    assert old_ticket is not None and load_ticket() == old_ticket
    again = make_app()
    apps.append(again)
    assert refused_on_form(hosting, again, source.port, source.code, "Cy") == t("net.refused_full")
    assert load_ticket() == old_ticket
    join(again, source.port, source.code, name="bo")
    pump([hosting, again], lambda: isinstance(again.top, PlayScene), "Bo's table again")
    back = table(again)
    assert back.source.face_up_seat() == 1 and back.names == ["Ana", "Bo"]
    assert list(back.frame.hand.tiles) == list(back.source.table_game().hands[1])
    pump([hosting, again], lambda: source.absent == frozenset(), "Bo back at the host")


def test_rejoin_game_says_which_table_and_host_in_a_full_menu(apps) -> None:
    """A trial's menu offered Rejoin game without saying which table or host: with a ticket
    the menu has eight rows, no room for the caption under the button ("Table … at …"), so
    the button's tooltip says it, and the menu says it on opening (a trial's bare
    "Rejoin game": a tooltip is for the mouse)."""
    ticket = SeatTicket(LOCAL, 4567, "K7QW2P", 1, "Bo", "a seat token")
    save_ticket(ticket)
    app = make_app()
    apps.append(app)
    menu = app.top
    assert isinstance(menu, MenuScene)
    button = next(widget for widget in menu.widgets if getattr(widget, "label", "") == t("menu.rejoin"))
    words = t("menu.rejoin_caption", code="K7QW2P", address=ticket.address)
    assert isinstance(button, Button) and words in (button.caption, button.tooltip)
    assert not button.caption and app.toast is not None
    assert app.toast[1] == LONG_TOAST_SECONDS, "long enough for a player looking over late"
    assert app.toast[0] == t("menu.rejoin_notice", code="K7QW2P", address=ticket.address)


def test_taking_a_seat_at_another_table_asks_before_it_forgets_the_rejoin_ticket(apps) -> None:
    """A trial's player, dropped from one game (Rejoin game in the menu), joined another table
    and lost the way back without a word. Join at another table asks first: Cancel keeps the
    ticket and the form (a spectator takes no seat: Watch does not ask)."""
    kept = SeatTicket(LOCAL, 8765, "K7QW2P", 1, "Bo", "secret")
    assert save_ticket(kept)
    app = make_app()
    apps.append(app)
    app.open(routes.Join())
    scene = app.top
    assert isinstance(scene, JoinScene)
    for key, value in (("address", LOCAL), ("port", "8766"), ("code", "ABCDEF"), ("name", "Bo")):
        scene.set_value(key, value)
    run(app)
    click_label(app, t("net.join"))
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.message == t("net.join_forgets", code="K7QW2P")
    click_label(app, t("common.cancel"))
    assert app.top is scene and load_ticket() == kept


def test_what_the_stand_in_played_is_told_once_also_across_windows(user_home: Path) -> None:
    """A network trial was told "While you were away, the AI played 1 turn for you" again
    after a later comeback in a new window, where the AI had played nothing: how far the
    player was told is kept in the seat's ticket, and a new window's table goes on from
    there; the ticket the table keeps in step with the seat keeps it."""
    hosting = BackgroundHost(None, ai_processes=0, seed=6)
    port = hosting.start(LOCAL, 0)
    try:
        code = hosting.open_table(p.TableOptions([p.SeatSpec("easy"), p.SeatSpec(REMOTE)]))
        ticket = seated_bo(port, code)
        assert ticket.told == 0
        source = rejoin_game(ticket)
        polled_until(source, lambda polled: polled.ready, "Bo back at the table")
        source.note_standin_told(6)
        for _ in range(20):
            source.poll()
            time.sleep(0.01)
        kept = load_ticket()
        assert kept is not None and kept.told == 6, "kept, and kept in step with the seat"
        source.close()
        again = rejoin_game(kept)
        assert again.standin_told == 6
        again.note_standin_told(3)
        assert load_ticket() == kept, "never told back"
        again.close()
    finally:
        hosting.stop()
