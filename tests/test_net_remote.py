"""``RemoteSource`` (issue 19): the table's source for a game on another machine plays a
whole game through the commands the table sends, with the host on 127.0.0.1."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from net_support import LOCAL, options

pytest.importorskip("cacao_game.session.source")

from cacao_game.net import protocol as p
from cacao_game.net.client import NetClient
from cacao_game.net.hosting import BackgroundHost
from cacao_game.net.remote import CONNECTED, RemoteSource
from cacao_game.session.commands import Confirm, Rotate, Select, Undo
from cacao_game.session.notices import Refusal, Refused, Undone


def seated_sources(
    port: int, table_options: p.TableOptions, clock: Callable[[], float] = time.monotonic
) -> list[RemoteSource]:
    """Two remote sources: the first (on ``clock``) opens a table with ``table_options``, the
    second joins."""
    first = RemoteSource(NetClient(LOCAL, port, p.Create(p.VERSION, "Ana", table_options)), clock=clock)
    first.client.start()
    while first.client.code is None:
        first.poll()
        time.sleep(0.01)
    second = RemoteSource(NetClient(LOCAL, port, p.Join(p.VERSION, first.client.code, "Bo")))
    second.client.start()
    return [first, second]


@contextmanager
def seated_table(folder: Path | None, table_options: p.TableOptions) -> Iterator[list[RemoteSource]]:
    """A host on 127.0.0.1 (saving in ``folder``, if any) with ``seated_sources`` at a table
    of ``table_options``; both sources closed and the host stopped afterwards."""
    hosting = BackgroundHost(folder, seed=7)
    port = hosting.start(LOCAL, 0)
    sources: list[RemoteSource] = []
    try:
        sources += seated_sources(port, table_options)
        yield sources
    finally:
        for source in sources:
            source.close()
        hosting.stop()


def test_two_remote_sources_play_a_game_through_table_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """... and the first window files the finished game's record off its own thread (the
    write and its fsync take longer than a frame), all of it by the time it closes."""
    import json
    import threading

    from cacao_game.net import remote

    writers: list[str] = []

    def write_record(record: dict[str, object], path: Path, *, overwrite: bool) -> None:
        writers.append(threading.current_thread().name)
        time.sleep(0.2)  # a slow disk: the window's next poll must not wait for it
        real_write(record, path, overwrite=overwrite)

    real_write = remote.write_record
    monkeypatch.setattr(remote, "write_record", write_record)
    filed = tmp_path / "filed"
    filed.mkdir()
    with seated_table(tmp_path, options("remote", "easy", "remote")) as sources:
        sources[0].records = filed
        rng = random.Random(2)
        animated = [0, 0]
        refusals: list[str] = []
        for _ in range(6000):
            for number, source in enumerate(sources):
                happened = source.poll()
                animated[number] += sum(1 for e in happened if not isinstance(e, Refused))
                refusals += [e.reason for e in happened if isinstance(e, Refused)]
                if not source.accepts_input():
                    continue
                action = rng.choice(source.table_game().legal_actions())
                source.selection.set_provisional(action)
                source.handle(Confirm())
                if source.accepts_input():
                    source.handle(Confirm())  # a fill: the space took its tile, now send
            if all(s.ready and s.deciding_seat() is None for s in sources):
                break
            time.sleep(0.005)
        assert all(s.ready and s.deciding_seat() is None for s in sources)
        assert sources[0].connection == CONNECTED
        assert [e.action for e in sources[0].journal] == [e.action for e in sources[1].journal]
        assert sources[0].seats[1].kind == "easy" and sources[0].seats[0].human
        assert sources[0].face_up_seat() == 0 and sources[1].face_up_seat() == 2
        assert sources[0].table_game().final == sources[1].table_game().final
        assert animated[0] > 50 and not refusals
        assert sources[0].handle(Undo())
        assert all(s.undo_check() == Refused(Refusal.UNDO_NOTHING) for s in sources), (
            "no undo offered once over"
        )
        finished = sources[0].finished_game()
        for _ in range(300):  # the record follows the last update: it may be on its way still
            if finished is not None:
                break
            time.sleep(0.005)
            sources[0].poll()
            finished = sources[0].finished_game()
        assert finished is not None and finished.final == sources[0].table_game().final is not None
        assert finished.winners() == sources[1].table_game().winners()
        assert writers and threading.current_thread().name not in writers
        sources[0].close()
        path = sources[0].record_path
        assert path is not None and path.parent == filed
        assert json.loads(path.read_text(encoding="utf-8")) == sources[0].record


def test_a_remote_source_takes_its_own_placement_back_through_the_host(tmp_path: Path) -> None:
    """Strict undo across machines through the table's commands: the seat's placement of a
    turn still going on (a fill to come) goes back, the journal and the game with it."""
    from cacao_game.engine import Phase

    with seated_table(None, options("remote", "remote")) as sources:
        rng = random.Random(4)
        undone: list[int] = []
        placed_at = taken_back = -1
        for _ in range(6000):
            for source in sources:
                for event in source.poll():
                    if isinstance(event, Undone) and event.decisions:
                        undone.append(len(source.journal))
                if undone or not source.accepts_input():
                    continue
                game = source.table_game()
                if placed_at >= 0 and placed_at == len(source.journal) - 1:
                    assert source.undo_check() == 1
                    source.handle(Undo())
                    taken_back = placed_at
                    placed_at = -2
                    continue
                keeping = []
                for action in game.legal_actions():
                    trial = game.clone()
                    trial.apply(action)
                    if trial.phase is Phase.FILL and trial.current_player() == game.current_player():
                        keeping.append(action)
                if keeping and placed_at == -1:
                    placed_at = len(source.journal)
                    action = keeping[0]
                else:
                    action = rng.choice(game.legal_actions())
                source.selection.set_provisional(action)
                source.handle(Confirm())
                if source.accepts_input():
                    source.handle(Confirm())
            if undone:
                break
            time.sleep(0.005)
        assert undone, "no placement that keeps the turn came up"
        assert undone[0] == taken_back >= 0


def test_undo_while_filling_across_machines_takes_back_the_tile_given_last() -> None:
    """As at home (README: "While filling, undo first takes back the display tile given
    last"): a tester's Undo during a fill over the network took back the whole placement.
    Each undo takes back one tile here, nothing sent; only then the placement goes back,
    through the host, and the other player is told whose it was (a trial saw a bare "Undone")."""
    from cacao_game.engine import Phase
    from cacao_game.session.commands import Target

    with seated_table(None, options("remote", "remote")) as sources:
        rng = random.Random(3)
        filler: RemoteSource | None = None
        for _ in range(8000):
            for source in sources:
                source.poll()
                if filler is not None or not source.accepts_input():
                    continue
                game = source.table_game()
                if game.phase is Phase.FILL and len(source.selection.targets()) >= 2:
                    filler = source
                    continue
                source.selection.set_provisional(rng.choice(game.legal_actions()))
                source.handle(Confirm())
                if source.accepts_input() and source.table_game().phase is Phase.FILL:
                    source.handle(Confirm())
            if filler is not None:
                break
            time.sleep(0.005)
        assert filler is not None, "no fill of two spaces came up"
        decided = len(filler.journal)
        first, second = filler.selection.targets()[:2]
        filler.handle(Target(first))
        filler.handle(Target(second))
        assert list(filler.selection.assignments()) == [first, second]
        assert filler.undo_check() == 0
        assert filler.handle(Undo()) == [Undone(0)]
        assert list(filler.selection.assignments()) == [first]
        assert filler.handle(Undo()) == [Undone(0)]
        assert filler.selection.assignments() == {}
        for _ in range(20):  # nothing went to the host: no undo comes back
            assert not any(isinstance(event, Undone) for event in filler.poll())
            time.sleep(0.01)
        assert len(filler.journal) == decided and filler.accepts_input()
        assert filler.undo_check() == 1, "no tile given: the placement goes back, via the host"
        filler.handle(Undo())
        assert _undones(filler) == [Undone(1)] and len(filler.journal) == decided - 1
        other = next(source for source in sources if source is not filler)
        assert _undones(other) == [Undone(1, filler.face_up_seat())], "the other is told whose move went back"


def _undones(source: RemoteSource) -> list[Undone]:
    """The undo notices ``source`` polls first (within about 5 s)."""

    for _ in range(500):
        undone = [event for event in source.poll() if isinstance(event, Undone)]
        if undone:
            return undone
        time.sleep(0.01)
    return []


def test_a_seat_may_take_back_its_placement_after_its_own_choice_in_the_turn_before(tmp_path: Path) -> None:
    """A seat's choice made during the other player's turn (which ended that turn) does not
    stop it from taking back its own next placement: the client's check agrees with the
    host's strict rule, which looks at the seat's last decision only (found in a two-window
    game: the Undo button was greyed out and U said the turn was over)."""
    from cacao_game.engine import Phase

    with seated_table(None, options("remote", "remote")) as sources:
        rng = random.Random(13)
        checked = False
        for _ in range(8000):
            for source in sources:
                source.poll()
                if checked or not source.accepts_input():
                    continue
                journal = source.journal
                me = source.face_up_seat()
                if (
                    len(journal) >= 2
                    and journal[-1].seat == me
                    and not journal[-1].ended_turn
                    and not journal[-1].revealed
                    and journal[-2].seat == me
                    and journal[-2].ended_turn
                ):
                    assert source.undo_check() == 1
                    checked = True
                    continue
                game = source.table_game()
                action = rng.choice(game.legal_actions())
                source.selection.set_provisional(action)
                source.handle(Confirm())
                if source.accepts_input() and source.table_game().phase is Phase.FILL:
                    source.handle(Confirm())
            if checked or all(s.ready and s.deciding_seat() is None for s in sources):
                break
            time.sleep(0.005)
        assert checked, "no placement right after the seat's own turn-ending choice came up"


def first_mover(sources: list[RemoteSource]) -> RemoteSource:
    """The source that decides first once the table runs (polled for up to 30 s)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for source in sources:
            source.poll()
            if source.accepts_input():
                return source
        time.sleep(0.01)
    raise AssertionError("nobody was asked to decide")


def test_taking_back_a_hinted_move_takes_the_hint_away() -> None:
    """Across machines as at home (playtest): Ctrl+Z on the move a hint laid clears the hint
    and its reasons with it, so no hint panel stays over an empty board."""

    with seated_table(None, options("remote", "remote")) as sources:
        mover = first_mover(sources)
        action = mover.table_game().legal_actions()[0]
        mover.hint = action
        mover.selection.set_provisional(action)
        assert mover.handle(Undo()) == [Undone(0)]
        assert mover.selection.provisional is None and mover.hint is None and mover.advice is None


def test_a_late_hint_across_machines_leaves_a_move_laid_by_hand() -> None:
    """As at home: a hint from the host that arrives after the player laid another move by
    hand keeps theirs on the board, and H then lays the hint at once, without asking the host
    again."""
    from cacao_game.session.commands import RequestHint, Target
    from cacao_game.session.notices import HintReady

    with seated_table(None, options("remote", "remote", hints=True)) as sources:
        mover = first_mover(sources)
        assert mover.handle(RequestHint()) == []
        assert mover.hint_pending()
        mine = mover.table_game().legal_actions()[-1]
        mover.handle(Target(mine.pos))
        placed = mover.selection.provisional
        assert placed is not None
        deadline = time.monotonic() + 30
        while mover.hint is None:
            assert time.monotonic() < deadline, "no hint from the host"
            mover.poll()
            time.sleep(0.01)
        assert mover.hint != placed, "the host's seed hints another move than the last legal one"
        assert mover.selection.provisional == placed, "the move laid by hand stays"
        asked = mover.client.ask_hint
        mover.client.ask_hint = lambda: pytest.fail("the host asked again")  # type: ignore[method-assign]
        try:
            assert mover.handle(RequestHint()) == [HintReady(mover.hint, mover.advice)]
        finally:
            mover.client.ask_hint = asked  # type: ignore[method-assign]
        assert mover.selection.provisional == mover.hint


def test_a_hinted_placement_confirmed_across_machines_opens_its_fill_with_the_planned_tiles() -> None:
    """A trial's joiner pressed H, confirmed the hinted placement and found its fill empty:
    the hint's planned fill had gone with the selection each update from the host makes anew.
    As at home, the fill right after the hinted placement opens with the planned tile given,
    and Confirm lays it."""
    from cacao_game.ai.explain import Advice
    from cacao_game.engine import Action, Fill, Game, Phase

    def planned(game: Game) -> tuple[Action, Fill] | None:
        """A placement of ``game`` whose fill lays a display tile, and that fill."""
        if game.phase is not Phase.PLACE:
            return None
        for action in game.legal_actions():
            after = game.clone()
            after.apply(action)
            if after.phase is Phase.FILL and after.fill_source() == "display":
                fill = after.legal_actions()[-1]
                assert isinstance(fill, Fill)
                return action, fill
        return None

    with seated_table(None, options("remote", "remote")) as sources:
        rng = random.Random(2)
        found = None
        for _ in range(3000):
            mover = first_mover(sources)
            game = mover.table_game()
            found = planned(game)
            if found is not None:
                break
            options_now = game.legal_actions()
            if game.phase is Phase.FILL:
                for pos in game.pending_fills:
                    fills = [o for o in options_now if isinstance(o, Fill) and o.pos == pos]
                    next(o for o in fills if mover.selection.assign(pos, o.tile, o.rotation))
            else:
                mover.selection.set_provisional(rng.choice(options_now))
            mover.handle(Confirm())
            for _ in range(200):
                mover.poll()
                if len(mover.table_game().actions) > len(game.actions):
                    break
                time.sleep(0.01)
        assert found is not None, "no placement with a fill from the display came up"
        action, fill = found
        advice = Advice(game.current_player(), action, None, 0.0, (), whole=(action, fill))
        mover.hint, mover.advice = action, advice
        mover.selection.show_hint(action, advice)
        mover.handle(Confirm())
        for _ in range(3000):
            mover.poll()
            if len(mover.table_game().actions) > len(game.actions) and mover.accepts_input():
                break
            time.sleep(0.01)
        assert mover.table_game().phase is Phase.FILL
        assert mover.selection.assignments() == {fill.pos: (fill.tile, fill.rotation)}
        assert mover.selection.confirm() == fill


def test_news_of_who_is_here_keeps_the_deciding_players_tile_rotation_and_hint() -> None:
    """An update that only says who is here (a spectator came) leaves the seat's selection,
    its hint and the table as they were (a trial's chosen tile and rotation went back to the
    first tile whenever someone joined, dropped or came back)."""
    with seated_table(None, options("remote", "remote")) as sources:
        mover = first_mover(sources)
        mover.handle(Select(2))
        mover.handle(Rotate(1))
        chosen = (mover.selection.selected_tile(), mover.selection.rotation)
        mover.hint = hinted = mover.table_game().legal_actions()[0]
        game, version = mover.table_game(), mover.version
        code = mover.client.code
        assert code is not None
        watching = p.Join(p.VERSION, code, spectate=True)
        watcher = RemoteSource(NetClient(LOCAL, sources[0].client.port, watching))
        sources.append(watcher)
        watcher.client.start()
        for _ in range(500):
            mover.poll()
            watcher.poll()
            if mover.spectators == 1:
                break
            time.sleep(0.01)
        assert mover.spectators == 1 and mover.version > version
        assert (mover.selection.selected_tile(), mover.selection.rotation) == chosen
        assert mover.hint == hinted and mover.table_game() is game and mover.accepts_input()


def test_a_remote_source_counts_down_the_wait_for_a_dropped_player_on_its_own_clock() -> None:
    """Bo's connection drops at a table whose stand-in waits an hour: Ana's source says how
    long is left of that wait (``standin_wait``), read once a poll on its own clock from
    the host's word, counting down as its clock goes on; none for Ana's own seat, and none
    once the link to the host is down (its word is old: a trial's table went on counting)."""
    passed = [0.0]

    def clock() -> float:
        return time.monotonic() + passed[0]

    hosting = BackgroundHost(None, seed=7)
    port = hosting.start(LOCAL, 0)
    ana, bo = seated_sources(port, options("remote", "remote", standin="random", standin_after=3600.0), clock)
    try:
        for _ in range(500):
            ana.poll()
            bo.poll()
            if ana.started and bo.started:
                break
            time.sleep(0.01)
        bo.close()
        for _ in range(500):
            ana.poll()
            if 1 in ana.absent:
                break
            time.sleep(0.01)
        first = ana.standin_wait(1)
        assert first is not None and 3590 < first <= 3600
        assert ana.standin_wait(0) is None
        passed[0] = 100.0
        assert ana.standin_wait(1) == first, "read once a poll"
        ana.poll()
        later = ana.standin_wait(1)
        assert later is not None and first - 101 < later <= first - 100
        hosting.stop()
        for _ in range(500):
            ana.poll()
            if ana.connection != CONNECTED:
                break
            time.sleep(0.01)
        assert ana.connection != CONNECTED
        assert ana.standin_wait(1) is None, "no countdown from the host's old word while the link is down"
    finally:
        ana.close()
        hosting.stop()


def test_a_seated_client_that_leaves_is_told_the_host_heard_it(tmp_path: Path) -> None:
    """``NetClient.leave`` says True when its ``leave`` went out, and the host frees the seat
    (a playtest's client logged "the host was not told" while the host freed the seat: the
    client's loop closed under the leave's own wait)."""
    with seated_table(tmp_path, options("remote", "remote")) as sources:
        first, second = sources
        for _ in range(500):
            first.poll()
            second.poll()
            table = first.client.table
            if second.client.seat is not None and table is not None and table.state.seats[1].claimed:
                break
            time.sleep(0.01)
        assert second.client.seat == 1
        assert second.client.leave()
        for _ in range(500):
            first.poll()
            table = first.client.table
            if table is not None and table.state.seats[1].left:
                break
            time.sleep(0.01)
        assert table is not None and table.state.seats[1].left


def test_a_seat_taken_back_from_another_window_hides_its_stale_hand_here(tmp_path: Path) -> None:
    """A seat's ticket used from another window moves the seat there: this window is told
    (``replaced``) and shows no hand any more (a playtest saw the old window keep the hand it
    had, under the banner), while the new window shows the seat's hand."""
    hosting = BackgroundHost(tmp_path, seed=7)
    port = hosting.start(LOCAL, 0)
    sources = seated_sources(port, options("remote", "remote"))
    try:
        first, second = sources
        for _ in range(500):
            first.poll()
            second.poll()
            if second.client.token is not None and second.face_up_seat() == 1:
                break
            time.sleep(0.01)
        code, token = first.client.code, second.client.token
        assert second.face_up_seat() == 1 and code is not None and token is not None
        third = RemoteSource(NetClient(LOCAL, port, p.Join(p.VERSION, code, token=token)))
        sources.append(third)
        third.client.start()
        for _ in range(500):
            second.poll()
            third.poll()
            if second.failed and third.face_up_seat() == 1:
                break
            time.sleep(0.01)
        assert second.failed and second.failure == p.REPLACED
        assert second.face_up_seat() is None and third.face_up_seat() == 1
    finally:
        for source in sources:
            source.close()
        hosting.stop()


def test_a_move_prepared_at_a_remote_table_keeps_its_version_as_at_a_local_one() -> None:
    """A review's Tab then Enter, typed during an animation at a table across machines,
    played nothing: the remote source counted the Tab's selection as a new version, and the
    queued Enter (``TableInput.drain``) took it for a decision that had gone. Preparing a
    move (Cycle, Rotate) leaves the version of either source as it is; the move made grows it."""
    from cacao_game.config.game import GameConfig, SeatConfig
    from cacao_game.session import PlaySession
    from cacao_game.session.commands import Cycle

    local = PlaySession(
        GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "easy")], "base", 3)
    )
    while not local.accepts_input():
        local.take_requests()
        local.play(local.game.legal_actions()[0])
    with seated_table(None, options("remote", "remote")) as sources:
        deciding: RemoteSource | None = None
        for _ in range(2000):
            for source in sources:
                source.poll()
                if source.ready and source.accepts_input():
                    deciding = source
            if deciding is not None:
                break
            time.sleep(0.005)
        assert deciding is not None
        for source in (local, deciding):
            version = source.version
            source.handle(Cycle())
            source.handle(Rotate(1))
            assert source.selection.provisional is not None and source.version == version
            made = len(source.journal)
            source.handle(Confirm())
            for _ in range(2000):
                source.poll()
                if len(source.journal) > made:
                    break
                time.sleep(0.005)
            assert len(source.journal) == made + 1 and source.version > version
