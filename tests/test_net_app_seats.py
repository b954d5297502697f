"""The app side of who sits where across machines: a joiner who leaves on purpose (Quit to
menu, the lobby's Leave) gives the seat up at once and the host's window says so; the lobby
lists the seats in turn order, as play uses them; New game on the scores of a game across
machines opens the Host a game setup with the table as hosted (host again in one step), or
the Join form filled with the host's address.

Real hosts (``BackgroundHost``) on 127.0.0.1 only, real sockets; off-screen apps in one
process; every wait bounded (``pump``).
"""

from __future__ import annotations

import harness
import pytest
from harness import random_game, run
from test_net_app import (
    LOCAL,
    answer_yes_to_ending_the_hosted_game,
    free_port,
    host,
    join,
    make_app,
    pump,
    table,
)
from test_net_watch_app import watch

from cacao_game.app import routes
from cacao_game.app.app import App
from cacao_game.app.netplay import (
    HostChoices,
    HostedSource,
    HostedTable,
    JoinedSource,
    JoinRequest,
    next_game,
)
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.scenes.join import JoinScene
from cacao_game.app.scenes.lobby import LobbyScene
from cacao_game.app.scenes.menu import MenuScene
from cacao_game.app.scenes.scoring import ScoringScene
from cacao_game.app.scenes.setup import SetupScene
from cacao_game.app.strings import t
from cacao_game.config.game import HUMAN
from cacao_game.net.protocol import REMOTE
from cacao_game.net.remote import RemoteSource


def labels(app: App) -> set[str]:
    return {label for w in app.top.widgets if isinstance(label := getattr(w, "label", None), str)}


def test_a_joiner_who_quits_to_the_menu_gives_the_seat_up_and_the_host_is_told_at_once(apps):
    """Bo quits to the menu mid-game (Pause, Quit to menu, Yes): the hosting window says at
        once that Bo left and that an AI plays the seat from now on (not Disconnected, no
        waiting for the stand-in's 60 s), the AI plays Bo's turns, and Bo's menu offers no
        Rejoin game. While the AI plays Bo's seat, the status line of the hosting window and of
        Cy's (watching) says so, not "Bo's move" nor "Waiting for Bo". Every table's top bar says
    that one watches."""
    hosting, joining, watching = make_app(), make_app(), make_app()
    apps += [hosting, joining, watching]
    source = host(hosting, [HUMAN, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    watch(watching, source.port, source.code)
    bo = join(joining, source.port, source.code)
    pump([hosting, joining], lambda: isinstance(joining.top, PlayScene), "Bo's table")
    pump([hosting, watching], lambda: isinstance(hosting.top, PlayScene), "Ana's table")
    pump([hosting, watching], lambda: isinstance(watching.top, PlayScene), "Cy's table")
    ana, cy = table(hosting), table(watching)
    assert isinstance(bo, JoinedSource)
    one = f"{t('variant.base')} · 1 watching"
    pump([hosting, joining, watching], lambda: ana.frame.variant == one == cy.frame.variant, "1 watching")
    assert table(joining).header_note() == one

    joining.open(routes.Pause())
    run(joining)
    harness.click_label(joining, t("pause.quit"))
    run(joining)
    harness.click_label(joining, t("common.yes"))
    run(joining)
    assert isinstance(joining.top, MenuScene)
    assert t("menu.rejoin") not in labels(joining)

    pump([hosting], lambda: hosting.toast is not None, "the news on the host's table")
    assert hosting.toast is not None and hosting.toast[0] == t("net.left_toast_standin", name="Bo")
    assert ana.seat_kind_text(1) == t("net.left_standin")
    assert ana.standin_seat() is None and ana.left_notice() is None

    statuses: dict[str, set[str]] = {"Ana": set(), "Cy": set()}

    def ai_played() -> bool:
        for who, scene in (("Ana", ana), ("Cy", cy)):
            if scene.current_seat() == 1 and not scene.game.is_over():
                statuses[who].add(scene.status_text())
        if any(entry.seat == 1 for entry in ana.source.journal) and all(statuses.values()):
            return True
        if ana.source.accepts_input() and not ana.timeline.busy:
            count = len(ana.source.journal)
            ana.source.client.decide([ana.source.table_game().legal_actions()[0]])
            pump([hosting, watching], lambda: len(ana.source.journal) > count, "Ana's decision")
        return False

    pump([hosting, watching], ai_played, "the AI playing Bo's seat, seen on both tables")
    assert statuses == {who: {t("net.standin_plays", name="Bo")} for who in statuses}


def test_a_joiner_who_leaves_the_lobby_frees_the_seat_for_the_next_one(apps):
    """Bo waits in the lobby and presses Leave: the hosting lobby frees the seat at once (Let
    the AI play is offered for it again) and says Bo left; Cy then takes the seat, which the
    hosting lobby says too."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 3, "the host's lobby")
    join(joining, source.port, source.code)
    pump([hosting, joining], lambda: source.table_seats()[1].claimed, "Bo seated")
    run(hosting)
    assert labels(hosting) >= {t("net.fill_ai")}
    fills = sum(label == t("net.fill_ai") for label in (getattr(w, "label", "") for w in hosting.top.widgets))
    assert fills == 1

    run(joining)
    harness.click_label(joining, t("net.leave"))
    assert isinstance(joining.top, JoinScene)  # back to the form it came from
    pump([hosting], lambda: hosting.toast is not None, "the news in the host's lobby")
    assert hosting.toast is not None and hosting.toast[0] == t("net.left_toast", name="Bo")
    seat = source.table_seats()[1]
    assert seat.left and not seat.claimed and seat.name == "Bo"
    assert isinstance(hosting.top, LobbyScene)
    assert hosting.top.seat_status(1, "Bo") == t("net.seat_left", name="Bo")
    run(hosting)
    fills = sum(label == t("net.fill_ai") for label in (getattr(w, "label", "") for w in hosting.top.widgets))
    assert fills == 2

    cy = join(joining, source.port, source.code, name="Cy")
    pump([hosting, joining], lambda: source.table_seats()[1].claimed and cy.ready, "Cy seated")
    taken = t("net.seat_taken", name="Cy")
    pump([hosting], lambda: hosting.toast is not None and hosting.toast[0] == taken, "the news of Cy")
    assert [seat.name for seat in source.table_seats()][:2] == ["Ana", "Cy"]
    assert not source.table_seats()[1].left


def test_every_lobby_labels_the_seat_of_the_hosting_windows_player_host(apps):
    """A trial could not tell whose window ran the table: the hosting player's seat reads
    "You · Host" in the hosting lobby and "Joined · Host" in a joiner's, and no other seat
    says Host; the host's word for it is the seat's ``host`` (protocol version 8)."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 3, "the host's lobby")
    bo = join(joining, source.port, source.code)
    pump(
        [hosting, joining],
        lambda: all(len(s.table_seats()) == 3 and s.table_seats()[1].connected for s in (source, bo)),
        "Bo seated, as both windows see it",
    )
    assert [seat.host for seat in bo.table_seats()] == [True, False, False]
    assert isinstance(hosting.top, LobbyScene) and isinstance(joining.top, LobbyScene)
    you, joined = t("net.you"), t("net.joined")
    assert hosting.top.seat_status(0, "Ana") == t("net.hosting_status", status=you)
    assert hosting.top.seat_status(1, "Bo") == joined
    assert joining.top.seat_status(0, "Ana") == t("net.hosting_status", status=joined)
    assert joining.top.seat_status(1, "Bo") == you
    assert joining.top.seat_status(2, "") == ""


@pytest.mark.parametrize("start", [2, None])
def test_the_lobby_lists_the_seats_in_the_turn_order_play_uses(apps, start):
    """Ana sets up Ana, a remote seat and Eve (easy), Eve to start (or the start drawn): the
    lobby lists the seats numbered in turn order, the setup's seats turned to the start
    player, says so (and that the start was drawn, when it was), and the table plays them in
    that very order."""
    hosting = make_app()
    apps.append(hosting)
    setup = SetupScene(hosting, hosting=True)
    hosting.push(setup)
    run(hosting)
    while len(setup.seats) > 2:
        setup.remove_seat(len(setup.seats) - 1)
    setup.add_seat()
    for number, kind in enumerate([HUMAN, REMOTE, "easy"]):
        setup.set_kind(number, kind)
    setup.set_name(0, "Ana")
    setup.set_name(2, "Eve")
    setup.port_text = str(free_port())
    setup.start = start
    set_up = [(s.name, s.kind) for s in setup.seats]
    setup.start_game()
    lobby = hosting.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.source, HostedSource)
    source = lobby.source
    pump([hosting], lambda: len(source.table_seats()) == 3, "the host's lobby")
    listed = [(seat.name if seat.claimed else None, seat.kind) for seat in source.table_seats()]
    kinds = [kind for _, kind in listed]
    first = (2 - kinds.index("easy")) % 3 if start is None else start  # Eve is the setup's third
    turned = set_up[first:] + set_up[:first]
    assert [kind for _, kind in listed] == [REMOTE if kind == HUMAN else kind for _, kind in turned]
    assert [name for name, _ in listed if name is not None] == [n for n, k in turned if k != REMOTE]
    if start is not None:
        assert listed[0] == ("Eve", "easy")
    assert lobby.order_note() == (t("net.turn_order") if start is not None else t("net.turn_order_drawn"))

    run(hosting)
    harness.click_label(hosting, t("net.fill_ai"))
    pump([hosting], lambda: isinstance(hosting.top, PlayScene), "the table")
    assert [seat.color for seat in table(hosting).frame.seats] == [s.color for s in source.table_seats()]
    assert table(hosting).names[: len(listed)] == lobby.seat_names()


def hosted_for_again(app: App) -> tuple[HostedSource, list[tuple[str, str, str]], int]:
    """Ana hosts, through the setup, a volcano table of four: Ana, Carla (a remote seat named
    by the host), Eve (expert, 7 s) and Hal (hard, 2 s), no hints, on a port of its own,
    Carla chosen to start; returns its source, the seats in turn order (name, colour, kind)
    and the port."""
    setup = SetupScene(app, hosting=True)
    app.push(setup)
    run(app)
    while len(setup.seats) < 4:
        setup.add_seat()
    seats = [("Ana", HUMAN), ("Carla", REMOTE), ("Eve", "expert"), ("Hal", "hard")]
    for number, (name, kind) in enumerate(seats):
        setup.set_kind(number, kind)
        setup.set_name(number, name)
    setup.variant = "volcano"
    setup.thinking_time, setup.expert_time = 2.0, 7.0
    setup.hints = False
    port = free_port()
    setup.port_text = str(port)
    setup.start = 1
    in_order = [(s.name, s.color, s.kind) for s in setup.seats]
    setup.start_game()
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.source, HostedSource)
    return lobby.source, in_order[1:] + in_order[:1], port


def test_new_game_after_a_hosted_game_opens_the_host_setup_with_the_table_as_hosted(apps):
    """The scores of a hosted game: New game opens Host a game (not a local setup) with the
    table's seats in turn order, names as set up, colours, levels, both thinking times, the
    variant, hints, port, and the start player as chosen; Host then opens the same table
    again in one step (the seats' thinking times as before)."""
    hosting = make_app()
    apps.append(hosting)
    source, seats, port = hosted_for_again(hosting)
    again = next_game(source)
    assert isinstance(again, HostedTable)
    assert again.choices == HostChoices(port, False, False, 0)
    game = random_game(source.config if source.ready else again.config)
    hosting.switch(routes.Scoring(game, again.config, (), rematch=False, again=again))
    run(hosting)
    assert isinstance(hosting.top, ScoringScene)
    harness.click_label(hosting, t("scoring.new_game"))
    setup = hosting.top
    assert isinstance(setup, SetupScene) and setup.hosting
    assert [(s.name, s.color, s.kind) for s in setup.seats] == seats
    assert (setup.variant, setup.thinking_time, setup.expert_time) == ("volcano", 2.0, 7.0)
    assert (setup.port_text, setup.everywhere, setup.hints, setup.start) == (str(port), False, False, 0)
    assert setup.validation_error() is None

    run(hosting)
    harness.click_label(hosting, t("net.host"))
    answer_yes_to_ending_the_hosted_game(hosting)  # the scores were shown of a game never played
    lobby = hosting.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.source, HostedSource)
    again_source = lobby.source
    pump([hosting], lambda: len(again_source.table_seats()) == 4, "the new lobby")
    table_seats = again_source.table_seats()
    assert [s.kind for s in table_seats] == [REMOTE, "expert", "hard", REMOTE]
    assert [s.color for s in table_seats] == [color for _, color, _ in seats]
    assert [s.name for s in table_seats][1:] == ["Eve", "Hal", "Ana"]
    assert [s.think_time for s in table_seats] == [None, 7.0, 2.0, None]
    assert again_source.port == port
    said = f"{t('net.turn_order')} · {t('variant.volcano')} · {t('net.no_hints')}"  # hosted without hints
    assert lobby.order_note() == said


def test_new_game_after_joining_or_watching_opens_the_join_form_with_the_hosts_address(apps):
    """The scores of a joined game: New game opens Join a game with the host's address, port
    and the player's name (the new table's code is left to type); a spectator's, the same
    with the app's own name. Join a game from the menu no longer offers the ended table's code
    either (a trial's form did, and Join said the host had no such table)."""
    hosting, joining, watching = make_app(), make_app(), make_app()
    apps += [hosting, joining, watching]
    source = host(hosting, [HUMAN, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    bo = join(joining, source.port, source.code)
    pump([hosting, joining], lambda: isinstance(joining.top, PlayScene), "Bo's table")
    watching.open(routes.Join())
    spectator = watching.top
    assert isinstance(spectator, JoinScene)
    for key, value in (("address", LOCAL), ("port", str(source.port)), ("code", source.code)):
        spectator.set_value(key, value)
    spectator.watch()
    cy = watching.top.source
    assert isinstance(cy, RemoteSource)
    pump([hosting, joining, watching], lambda: cy.ready and cy.watching, "Cy watching")

    assert next_game(bo) == JoinRequest(LOCAL, source.port, "", "Bo")
    assert next_game(cy) == JoinRequest(LOCAL, source.port, "", "")
    own_name = JoinScene(watching).values["name"]
    for app, source_of, name in ((joining, bo, "Bo"), (watching, cy, own_name)):
        game = random_game(source.config)
        app.switch(routes.Scoring(game, source.config, (), rematch=False, again=next_game(source_of)))
        run(app)
        harness.click_label(app, t("scoring.new_game"))
        form = app.top
        assert isinstance(form, JoinScene)
        values = form.values
        assert (values["address"], values["port"], values["code"], values["name"]) == (
            LOCAL,
            str(source.port),
            "",
            name,
        )
        assert form.validation_error() == t("net.error_code")
        assert JoinScene(app).values["code"] == "", "from the menu: the ended table's code is gone"


def test_the_lobby_says_how_many_watch_as_spectators_come_and_go(apps):
    """Ana hosts and waits for Bo; Cy and Dee watch: the hosting lobby (and each watcher's)
    says so right of the Turn order heading, "1 watching", then "2 watching", and "1 watching"
    again once Dee leaves; nothing is said while nobody watches."""
    hosting, cy_app, dee_app = make_app(), make_app(), make_app()
    apps += [hosting, cy_app, dee_app]
    source = host(hosting, [HUMAN, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    lobby = hosting.top
    assert isinstance(lobby, LobbyScene) and lobby.crowd() == ""

    cy = watch(cy_app, source.port, source.code)
    pump([hosting, cy_app], lambda: source.spectators == 1 and cy.spectators == 1, "Cy counted")
    assert lobby.crowd() == "1 watching" and isinstance(cy_app.top, LobbyScene)
    assert cy_app.top.crowd() == "1 watching"
    run(hosting)

    watch(dee_app, source.port, source.code)
    pump([hosting, cy_app, dee_app], lambda: source.spectators == 2 and cy.spectators == 2, "Dee counted")
    assert lobby.crowd() == "2 watching"
    run(hosting)

    run(dee_app)
    harness.click_label(dee_app, t("net.leave"))
    pump([hosting, cy_app], lambda: source.spectators == 1 and cy.spectators == 1, "Dee gone")
    assert lobby.crowd() == "1 watching"
    assert not source.started
