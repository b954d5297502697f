"""The app side of a remote game's end and of watching one: a spectator's read-only table,
the scoring screen's Replay and Review from the record the host sends, the hosting window's
"Let the AI play now", and what the seat panels of remote players say.

Real hosts (``BackgroundHost``) on 127.0.0.1 only, real sockets; off-screen apps in one
process; every wait bounded (``pump``).
"""

from __future__ import annotations

import random
import time

import harness
import pytest
from harness import run
from test_net_app import LOCAL, host, hosted_with_bo, join, make_app, pump, table

from cacao_game.app import routes, theme
from cacao_game.app.netplay import HostedTable, JoinRequest, records_dir
from cacao_game.app.play.presence import NOTICE_AFTER
from cacao_game.app.play.scene import WATCH_ACTIONS, PlayScene
from cacao_game.app.scenes.join import JoinScene
from cacao_game.app.scenes.lobby import LobbyScene
from cacao_game.app.scenes.scoring import ScoringScene
from cacao_game.app.strings import t
from cacao_game.config.game import HUMAN
from cacao_game.engine import Phase
from cacao_game.net.client import NetClient
from cacao_game.net.protocol import REMOTE, VERSION, Join
from cacao_game.net.remote import RemoteSource
from cacao_game.records import read_record, replay_record
from cacao_game.session.commands import Confirm, RequestHint, Select, Undo
from cacao_game.session.replay import ReplaySession


def watch(app, port: int, code: str) -> RemoteSource:
    """Watch table ``code`` through the Join screen's Watch button (no name needed)."""
    app.open(routes.Join())
    scene = app.top
    assert isinstance(scene, JoinScene)
    for key, value in (("address", LOCAL), ("port", str(port)), ("code", code), ("name", "")):
        scene.set_value(key, value)
    assert scene.validation_error() is not None and scene.validation_error(watch=True) is None
    run(app)
    harness.click_label(app, t("net.watch"))
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    return lobby.source


def test_a_whole_game_watched_then_replayed_and_reviewed_from_the_hosts_record(apps):
    """Ana hosts, Bo joins, Cy watches (the Join screen's Watch). Cy's table is read-only:
    only the Menu button, no hand face up, the Watching status, every seat a remote player;
    board input sends nothing. They play the whole game; each of the three reaches the
    scoring screen with the game replayed from the host's record (filed in the records
    folder), offering Replay and Review but no Rematch; Replay ends on the same scores; the
    Load screen lists the record (Watch replays it, the seats named)."""
    hosting, joining, watching = make_app(), make_app(), make_app()
    apps += [hosting, joining, watching]
    everyone = [hosting, joining, watching]
    source = host(hosting, [HUMAN, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 2, "the host's lobby")
    cy = watch(watching, source.port, source.code)
    join(joining, source.port, source.code)
    pump(everyone, lambda: all(isinstance(app.top, PlayScene) for app in everyone), "three tables")
    ana, bo, spectator = table(hosting), table(joining), table(watching)

    assert cy.watching and not bo.source.watching
    assert spectator.action_names == WATCH_ACTIONS
    assert spectator.frame.hand_seat is None
    assert spectator.status_text().startswith(t("net.watching_status", name="")[:4])
    assert [seat.kind for seat in spectator.frame.seats] == [t("kind.remote")] * 2
    assert [seat.kind for seat in ana.frame.seats] == [t("net.you"), t("kind.remote")]
    assert [seat.kind for seat in bo.frame.seats] == [t("kind.remote"), t("net.you")]
    assert not cy.accepts_input() and not cy.capabilities.hint and not cy.capabilities.undo
    sent: list[object] = []
    cy.client.decide = sent.append  # type: ignore[method-assign]
    for command in (Select(0), Confirm(), Undo(), RequestHint()):
        cy.handle(command)
    assert sent == [] and not cy.hint_pending()
    harness.press(watching, "undo")
    assert watching.toast is not None and watching.toast[0] == t("play.undo_watching"), "not Nothing to undo"
    harness.press(watching, "hint")
    assert watching.toast[0] == t("play.hint_watching"), "not Hints are for your turn"
    # Esc does not pause a table played across machines: its menu says so (a tester saw
    # "Paused" over a table that played on)
    assert spectator.pause_title() == bo.pause_title() == t("pause.title_live") != t("pause.title")

    rng = random.Random(3)
    players = (ana, bo)
    for _ in range(400):
        if all(isinstance(app.top, ScoringScene) for app in everyone):
            break
        pump(
            everyone,
            lambda: (
                all(isinstance(app.top, ScoringScene) for app in everyone)
                or any(s.source.accepts_input() and not s.timeline.busy for s in players)
            ),
            "a decision or the end",
        )
        mover = next((s for s in players if s.source.accepts_input() and not s.timeline.busy), None)
        if mover is not None and isinstance(mover.source, RemoteSource):
            count = len(mover.source.journal)
            mover.source.client.decide([rng.choice(mover.source.table_game().legal_actions())])
            pump(everyone, lambda c=count, m=mover: len(m.source.journal) > c, "the decision's update")
    assert all(isinstance(app.top, ScoringScene) for app in everyone)

    scores = []
    for app in everyone:
        scoring = app.top
        assert isinstance(scoring, ScoringScene)
        assert scoring.game.actions, "replay and review need the game's decisions"
        labels = {getattr(w, "label", None) for w in scoring.widgets}
        assert {t("scoring.replay"), t("review.button")} <= labels
        assert t("scoring.rematch") not in labels
        scores.append([s.total for s in scoring.game.score_now()])
    assert scores[0] == scores[1] == scores[2]
    again = [app.top.again for app in everyone]
    assert isinstance(again[0], HostedTable) and again[0].config.names == ["Ana", "Remote player"]
    assert again[1:] == [JoinRequest(LOCAL, source.port, "", "Bo"), JoinRequest(LOCAL, source.port, "", "")]
    filed = sorted(records_dir().glob("*.json"))
    assert len(filed) == 3
    assert all(replay_record(read_record(path)).actions == hosting.top.game.actions for path in filed)

    harness.click_label(joining, t("scoring.replay"))
    replay = joining.top
    assert isinstance(replay, PlayScene) and isinstance(replay.source, ReplaySession)
    replay.source.jump(replay.source.stepping().steps)
    assert [s.total for s in replay.source.table_game().score_now()] == scores[0]
    joining.pop()
    run(joining)
    assert isinstance(joining.top, ScoringScene)
    harness.click_label(joining, t("review.button"))
    pump(
        [joining], lambda: isinstance(joining.top, PlayScene) and joining.top.review is not None, "the review"
    )
    assert table(joining).source.table_game().players == 2

    joining.home()
    joining.open(routes.Load())
    run(joining)
    harness.click_label(joining, t("load.watch"))
    later = joining.top
    assert isinstance(later, PlayScene) and isinstance(later.source, ReplaySession)
    assert later.source.config.names == ["Ana", "Bo"]


def test_the_hosting_window_lets_the_ai_play_a_dropped_seat_now_and_the_player_takes_it_back(apps):
    """Bo drops: after a few seconds (``NOTICE_AFTER``, on the source's clock) Ana's table
    shows the notice with Let the AI play now instead of waiting the 60 s; clicking it hands
    the seat to the stand-in (the panel says so) and the game goes on; Bo comes back with
    his token and has the seat again (the panel says Remote player)."""
    hosting, source, bo, ana = hosted_with_bo(apps)
    assert ana.standin_seat() is None
    token = bo.token
    assert token is not None
    bo.close()
    pump([hosting], lambda: ana.frame.seats[1].kind == t("net.away"), "Bo shown away")
    assert ana.standin_seat() is None, "no notice in the first seconds: Bo may come back by himself"
    source.clock = lambda: time.monotonic() + NOTICE_AFTER
    pump([hosting], lambda: ana.standin_seat() == 1, "the notice, once Bo has been away a while")
    harness.click(hosting, ana.standin_button().center)
    pump([hosting], lambda: ana.frame.seats[1].kind == t("net.standin"), "the stand-in")
    assert ana.standin_seat() is None
    pump(
        [hosting],
        lambda: any(entry.seat == 1 for entry in ana.source.journal) or ana.source.accepts_input(),
        "the game going on",
    )
    back = NetClient(LOCAL, source.port, Join(VERSION, source.code, token=token), seed=2)
    back.start()
    try:
        pump([hosting], lambda: ana.frame.seats[1].kind == t("kind.remote"), "Bo back")
        assert back.seat == 1
    finally:
        back.close()


def test_a_player_who_dropped_before_the_end_rejoins_the_finished_game_for_its_record(apps):
    """A trial's Bo was killed on the last turn; the AI finished his seat, the hosting window
    moved on to the scores and its host stopped with it: Bo's Rejoin found no game and he
    never learned who won. The host runs on while the hosting window shows the scores: Bo
    rejoins with his token and gets the finished game's record; leaving the scores stops the
    host."""
    hosting, source, bo, ana = hosted_with_bo(apps)
    token = bo.token
    assert token is not None
    bo.close()
    source.clock = lambda: time.monotonic() + NOTICE_AFTER
    pump([hosting], lambda: ana.standin_seat() == 1, "the notice, once Bo has been away a while")
    harness.click(hosting, ana.standin_button().center)
    rng = random.Random(5)
    for _ in range(300):
        pump(
            [hosting],
            lambda: (
                isinstance(hosting.top, ScoringScene)
                or (ana.source.accepts_input() and not ana.timeline.busy)
            ),
            "Ana's decision or the scores",
        )
        if isinstance(hosting.top, ScoringScene):
            break
        count = len(source.journal)
        source.client.decide([rng.choice(source.table_game().legal_actions())])
        pump([hosting], lambda c=count: len(source.journal) > c, "the decision's update")
    scoring = hosting.top
    assert isinstance(scoring, ScoringScene) and scoring.host is source.host
    back = RemoteSource(NetClient(LOCAL, source.port, Join(VERSION, source.code, token=token), seed=2))
    back.client.start()
    try:
        deadline = time.monotonic() + 20
        while back.finished_game() is None and time.monotonic() < deadline:
            back.poll()
            hosting.step([], 0.02)
            time.sleep(0.01)
        finished = back.finished_game()
        assert finished is not None, ("Bo gets the finished game", back.failure)
        assert [s.total for s in finished.score_now()] == [s.total for s in scoring.game.score_now()]
    finally:
        back.close()
    hosting.home()
    assert not source.host.running


def test_a_table_hosted_without_a_stand_in_waits_and_the_host_may_free_the_seat(apps):
    """Host a game with its stand-in switch off: Bo drops, his seat shows Disconnected, the
    host lets no AI play it and the game waits; the hosting window's notice offers Free the
    seat instead of Let the AI play now (a trial's table stayed stuck for good, every join
    refused as full): a click frees it, the toast says the seat is free (not that Bo left),
    and Eve joins with the code and plays it."""
    hosting, source, bo, ana = hosted_with_bo(apps, standin=False)
    assert source.table.choices.standin is False
    bo.close()
    pump([hosting], lambda: ana.frame.seats[1].kind == t("net.away"), "Bo shown away")
    assert source.host.options(source.code).standin is None
    assert not source.host.seats(source.code)[1].standin
    pump([hosting], lambda: ana.standin_seat() == 1, "the host's notice")
    with theme.text_audit() as audit:
        hosting.draw(hosting.screen)
    said = [text.text for text in audit]
    assert t("net.dropped_waits", name="Bo") in said and t("net.free_seat") in said
    assert t("net.standin_now") not in said
    harness.click(hosting, ana.standin_button().center)
    harness.click(hosting, ana.standin_button().center)  # a double-click frees it once
    pump([hosting], lambda: 1 in ana.net.departed if ana.net is not None else False, "the seat freed")
    freed = t("net.freed_toast", name="Bo")
    pump([hosting], lambda: hosting.toast is not None and hosting.toast[0] == freed, "the news of the seat")
    eve = NetClient(LOCAL, source.port, Join(VERSION, source.code, name="Eve"))
    eve.start()
    try:
        pump([hosting], lambda: eve.seat == 1, "Eve seated")
        pump([hosting], lambda: ana.names[1] == "Eve", "Eve named at the host's table")
        assert not source.host.seats(source.code)[1].standin
        for seat in (0, 1):  # the hosting player's own, and Eve's (she is here)
            with pytest.raises(ValueError):
                source.host.free_seat(source.code, seat)
    finally:
        eve.close()


def test_the_host_may_let_the_ai_play_a_seat_freed_at_a_table_without_a_stand_in(apps):
    """A trial freed a dropped player's seat at a table hosted without a stand-in: the game
    then waited for a new player, and nothing gave the seat to the AI. The hosting window's
    notice of the free seat says either may play it and has Let the AI play: a double-click
    lets the medium AI play it (once), the notice goes, and the game does not wait there."""
    hosting, source, bo, ana = hosted_with_bo(apps, standin=False)
    bo.close()
    pump([hosting], lambda: ana.standin_seat() == 1, "the host's notice")
    harness.click(hosting, ana.standin_button().center)
    pump([hosting], lambda: ana.left_ai_seat() == 1, "the free seat's notice")
    assert ana.left_notice() == t("net.left_waiting_host", name="Bo", code=source.code)
    with theme.text_audit() as audit:
        hosting.draw(hosting.screen)
    assert t("net.fill_ai") in [text.text for text in audit]
    harness.double_click(hosting, ana.standin_button().center)
    pump([hosting], lambda: source.host.seats(source.code)[1].kind == "medium", "the AI given the seat")
    pump([hosting], lambda: ana.left_notice() is None, "the notice gone")
    pump([hosting], lambda: ana.source.deciding_seat() == 0, "Ana's turn: the seat does not hold the game")


def test_a_joiner_cannot_let_the_ai_play_only_the_hosting_window_can(apps):
    """A joiner's table never offers Let the AI play now (the host decides)."""
    hosting, joining = make_app(), make_app()
    apps += [hosting, joining]
    source = host(hosting, [HUMAN, REMOTE, REMOTE])
    pump([hosting], lambda: len(source.table_seats()) == 3, "the host's lobby")
    mine = join(joining, source.port, source.code)
    pump([hosting, joining], lambda: mine.client.seat == 1, "Bo seated")
    third = NetClient(LOCAL, source.port, Join(VERSION, source.code, name="Cy"))
    third.start()
    pump([hosting, joining], lambda: isinstance(joining.top, PlayScene), "the joiner's table")
    bo = table(joining)
    third.close()
    pump([hosting, joining], lambda: bo.frame.seats[2].kind == t("net.away"), "Cy shown away")
    assert bo.standin_seat() is None
    pump([hosting, joining], lambda: isinstance(hosting.top, PlayScene), "the host's table")
    pump([hosting, joining], lambda: table(hosting).standin_seat() == 2, "the host's notice")
    assert bo.standin_seat() is None


@pytest.mark.parametrize("over", ["menu", "settings"])
def test_a_table_across_machines_plays_on_under_its_menu(apps, over):
    """A trial opened the menu (Esc) at a table across machines: the table stood still
    behind it while the game went on, then played the missed moves back for 6 s after
    Resume. Under the menu, and under Settings opened from it, the table goes on: the move
    comes in and is shown (its animations run), and the menu stays on top until the player
    leaves it."""
    from cacao_game.app.scenes.pause import PauseOverlay
    from cacao_game.app.scenes.settings import SettingsScene

    hosting, source, bo, ana = hosted_with_bo(apps)
    rng = random.Random(4)
    pump([hosting], lambda: source.accepts_input() and not ana.timeline.busy, "Ana's turn")
    assert source.deciding_seat() == 0
    hosting.open(routes.Pause())
    if over == "settings":
        hosting.open(routes.SettingsPage())
    run(hosting)
    count = len(source.journal)
    source.client.decide([rng.choice(source.table_game().legal_actions())])
    pump([hosting], lambda: len(source.journal) > count, "Ana's move, under the menu")
    pump([hosting], lambda: not ana.timeline.busy, "its animations, under the menu")
    assert isinstance(hosting.top, PauseOverlay if over == "menu" else SettingsScene)
    assert ana.shown.over or ana.frame.version == source.version
    bo.close()


def test_a_game_that_ends_under_the_menu_shows_its_scores_once_the_menu_closes(apps):
    """Under its menu a table across machines goes on, to its end too: the scores wait for
    the menu (they do not replace it, leaving the table behind it), then come as usual. Quit
    to menu meanwhile says Resume shows the scores."""
    from cacao_game.app.scenes.pause import PauseOverlay

    hosting, source, bo, ana = hosted_with_bo(apps)
    bo.close()
    source.clock = lambda: time.monotonic() + NOTICE_AFTER
    pump([hosting], lambda: ana.standin_seat() == 1, "the notice, once Bo has been away a while")
    harness.click(hosting, ana.standin_button().center)
    rng = random.Random(6)
    menu = False
    for _ in range(300):
        pump(
            [hosting],
            lambda: source.finished_game() is not None or source.accepts_input(),
            "a decision or the end",
        )
        if source.finished_game() is not None:
            break
        game = source.table_game()
        last = len(game.hands[0]) + len(game.worker_piles[0]) == 1 and game.phase is Phase.PLACE
        if last and not menu:  # the menu opens before Ana's last placement: the game ends under it
            hosting.open(routes.Pause())
            run(hosting)
            menu = True
        count = len(source.journal)
        source.client.decide([rng.choice(source.table_game().legal_actions())])
        pump([hosting], lambda c=count: len(source.journal) > c, "the decision's update")
    assert menu and source.finished_game() is not None
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        run(hosting)
    assert isinstance(hosting.top, PauseOverlay) and ana in hosting.stack
    # a trial's host, quitting now, was told its friends waited for it: the game is over
    assert ana.leave_question() == t("pause.quit_finished")
    hosting.pop()
    pump([hosting], lambda: isinstance(hosting.top, ScoringScene), "the scores, once the menu closed")
    assert ana not in hosting.stack
