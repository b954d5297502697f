"""A host's table files (issue 19): the decision journal read back after a crash, torn or
stale journals, and a host restored from them (no sockets needed here)."""

from __future__ import annotations

import logging
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Action, Game
from cacao_game.net.store import TableSaver, journal_actions, load_table


def played(count: int, seed: int = 3) -> Game:
    game = Game.new(2, "base", seed)
    rng = random.Random(seed)
    for _ in range(count):
        game.apply(rng.choice(game.legal_actions()))
    return game


def config() -> GameConfig:
    return GameConfig(
        [SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "human")], "base", 3, "strict"
    )


def saver(tmp_path: Path, pool: ThreadPoolExecutor) -> TableSaver:
    return TableSaver(pool, tmp_path / "tables" / "ABCDEF.json")


def test_the_journal_brings_an_older_save_up_to_date_including_undos(tmp_path: Path) -> None:
    game = played(30)
    with ThreadPoolExecutor(1) as pool:
        keeper = saver(tmp_path, pool)
        keeper.save(game.clone(), config(), {})
        keeper.force()
        keeper.flush()
        actions: list[Action] = list(game.actions[:20])
        keeper.noted = 0
        keeper.note(actions)
        keeper.note(actions[:18])  # an undo of two decisions
        keeper.note(list(game.actions))
    loaded, resumed = load_table(keeper.path)
    assert resumed.actions == game.actions
    assert loaded.config.names == ["Ana", "Bo"]


def test_a_torn_last_line_or_a_gap_stops_the_journal_there(tmp_path: Path) -> None:
    game = played(12)
    journal = tmp_path / "t.moves"
    with ThreadPoolExecutor(1) as pool:
        keeper = TableSaver(pool, tmp_path / "t.json")
        keeper.note(list(game.actions))
    lines = journal.read_bytes().splitlines()
    journal.write_bytes(b"\n".join(lines[:8]) + b"\n" + lines[8][:7])
    assert journal_actions(journal, []) == game.actions[:8]
    journal.write_bytes(b"\n".join(lines[:4] + lines[6:]) + b"\n")
    assert journal_actions(journal, []) == game.actions[:4]


def test_a_journal_behind_its_save_does_not_take_decisions_back(tmp_path: Path) -> None:
    game = played(20)
    journal = tmp_path / "t.moves"
    with ThreadPoolExecutor(1) as pool:
        TableSaver(pool, tmp_path / "t.json").note(list(game.actions[:5]))
    assert journal_actions(journal, list(game.actions)) == game.actions
    assert journal_actions(tmp_path / "missing.moves", list(game.actions[:3])) == game.actions[:3]


def test_a_decision_is_journalled_not_saved_in_full_until_a_seat_change_forces_it(tmp_path: Path) -> None:
    """Full saves cost the host's event loop: decisions go to the journal only."""
    with ThreadPoolExecutor(1) as pool:
        keeper = TableSaver(pool, tmp_path / "t.json")
        keeper.save(played(2), config(), {})
        keeper.force()
        keeper.flush()
        first = keeper.last
        keeper.save(played(4), config(), {})
        assert keeper.last is first  # kept, not written
        assert len(load_table(keeper.path)[1].actions) == 2
        keeper.force()
        keeper.flush()
    assert keeper.last is not first
    assert len(load_table(keeper.path)[1].actions) == 4


def test_a_journal_long_with_undos_is_rewritten_short_and_still_reads_back(tmp_path: Path) -> None:
    game = played(10)
    with ThreadPoolExecutor(1) as pool:
        keeper = TableSaver(pool, tmp_path / "t.json")
        actions: list[Action] = list(game.actions)
        for _ in range(100):  # a player placing and taking back, again and again
            keeper.note(actions[:9])
            keeper.note(actions)
        keeper.flush()
    lines = keeper.journal.read_bytes().splitlines()
    assert len(lines) <= 2 * len(actions) + 64
    assert journal_actions(keeper.journal, []) == game.actions


def test_each_seats_state_built_from_one_public_state_adds_only_its_own_hand() -> None:
    """The host builds the public state once per change and each seat's from it: a seat gets
    its own hand and worker pile, the others' stay as a spectator sees them."""
    from cacao_game.net.views import public_state, seat_state

    game = played(9)
    public = public_state(game, table="ABCDEF", seats=[], started=True, hints=False)
    mine = seat_state(public, game, 0)
    theirs = seat_state(public, game, 1)
    assert (public.hand, public.you, mine.hand, theirs.hand) == (
        [],
        None,
        list(game.hands[0]),
        list(game.hands[1]),
    )
    assert public.unplayed[0] != mine.unplayed[0] and theirs.unplayed[0] == public.unplayed[0]
    assert mine.unplayed[1] == public.unplayed[1] and theirs.unplayed[1] != public.unplayed[1]
    assert seat_state(public, game, None) is public


def test_the_network_package_never_imports_pygame() -> None:
    """``cacao_game.net`` runs on a machine without a window (the headless host)."""
    import subprocess
    import sys

    code = (
        "import sys, cacao_game.net.host, cacao_game.net.client, cacao_game.net.bot, cacao_game.net.serve; "
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "False"


def test_a_dead_ai_worker_is_replaced_and_the_table_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    """An AI worker process killed mid-game: that decision falls back to a legal move, the
    next request gets a fresh worker."""
    import asyncio
    import os
    import signal

    from net_support import options, run, seated_bots, start_host

    async def play() -> bool:
        host = await start_host(None, seed=6, ai_processes=1)
        bots = await seated_bots(host, options("remote", "random"), remotes=1, think=0.01)
        while not getattr(host._ai._pool, "_processes", None):
            await asyncio.sleep(0.01)
        for pid in list(host._ai._pool._processes):  # type: ignore[union-attr]
            os.kill(pid, signal.SIGKILL)
        report = await bots[0][1]
        await host.stop()
        return report.finished

    caplog.set_level(logging.INFO)
    assert run(play(), timeout=30.0)
    assert any("AI random failed" in record.getMessage() for record in caplog.records)


def test_the_tables_folder_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """A network trial read a table's save, with every hand and the pile's order, as another
    local user (mode 0644): the folder that holds the tables is its owner's alone."""
    import stat

    game = Game.new(2, "base", 3)
    with ThreadPoolExecutor(1) as pool:
        saver = TableSaver(pool, tmp_path / "host" / "tables" / "ABCDEF.json")
        saver.save(game, config(), {})
        saver.flush()
    folder = tmp_path / "host" / "tables"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert (folder / "ABCDEF.json").is_file()
