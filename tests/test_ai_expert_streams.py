"""The expert on two cores: sequential halving over streams of re-deals, the second played by a
search helper process (``cacao_game.ai.parallel``); one worker searches exactly as before."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import random
import signal

import pytest

from cacao_game.ai.expert import HORIZON, ExpertPlayer
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.parallel import Helper, Round, search_workers
from cacao_game.ai.registry import make_player
from cacao_game.engine import Game, Phase
from tests.test_ai_expert import _Clock

PINNED = [
    (
        (3, 11, 2, Phase.PLACE),
        "Place(tile='2101', rotation=3, pos=(1, 0))",
        [
            3.86762,
            3.468959,
            4.083744,
            3.392733,
            4.158057,
            4.099733,
            3.94641,
            2.154829,
            2.0327,
            1.966609,
            1.894643,
            1.446211,
            1.38902,
            1.308533,
            1.252224,
            0.903299,
        ],
        799,
        6,
    ),
    (
        (9, 12, 2, Phase.PLACE),
        "Place(tile='2101', rotation=0, pos=(-2, 5))",
        [
            2.586545,
            2.275662,
            1.936176,
            1.374005,
            1.038946,
            1.003377,
            0.639273,
            0.059126,
            0.515998,
            0.319576,
            -0.016511,
            -0.440274,
            -0.451741,
            -1.098659,
            -1.151058,
            -1.199951,
        ],
        656,
        5,
    ),
    (
        (6, 13, 2, Phase.FILL),
        "Fill(pos=(-2, -2), tile='sun', rotation=0)",
        [5.21228, 5.21228, 6.048276, 6.048276],
        593,
        5,
    ),
    (
        (7, 14, 3, Phase.PLACE),
        "Place(tile='2101', rotation=3, pos=(3, 2))",
        [
            -3.473133,
            -4.302587,
            -5.398361,
            -5.719297,
            -6.2065,
            -6.320772,
            -6.484749,
            -7.10595,
            -7.152587,
            -7.180771,
            -7.530419,
            -7.597617,
            -7.832456,
            -7.947721,
            -8.150158,
            -9.227244,
        ],
        846,
        6,
    ),
]
"""Rankings of 1,200 iterations (seeded by the position's deal) recorded before the search
was split into streams (commit fc3e7af): the move, every ranked mean, the nodes and depth.
The playouts ran ``HORIZON`` turns then in any player count (since, 3 and 4 players play
further by default: the test sets it)."""


def _position(turn: int, seed: int, players: int, phase: Phase) -> Game:
    """Medium self-play of deal ``seed`` to the first decision of ``phase`` with a choice from ``turn`` on."""
    game = Game.new(players, seed=seed, keep_history=False)
    medium = MediumPlayer(random.Random(0))
    while not game.is_over() and (
        game.turn < turn or game.phase is not phase or len(game.legal_actions()) < 2
    ):
        game.apply(medium.choose(game))
    return game


@pytest.mark.parametrize(("where", "move", "means", "nodes", "depth"), PINNED)
def test_one_worker_searches_exactly_as_before_the_streams(
    where: tuple[int, int, int, Phase], move: str, means: list[float], nodes: int, depth: int
) -> None:
    """With ``workers=1`` (the default) the same position, seed and count give the same ranking,
    means, tree size and depth as the search before it was split into streams."""
    game = _position(*where)
    player = ExpertPlayer(random.Random(where[1]), iterations=1200, time_budget=1e9, horizon=HORIZON)
    ranked = player.rank(game)
    assert repr(ranked[0][1]) == move
    assert [round(mean, 6) for mean, _move in ranked] == means
    assert (player.last_iterations, player.last_nodes, player.last_depth) == (1200, nodes, depth)


def _ranked(player: ExpertPlayer, game: Game, seed: int) -> tuple[str, int, int]:
    """The ranking of ``game`` by ``player`` re-seeded with ``seed``, its iterations and nodes."""
    player.rng = random.Random(seed)
    ranking = player.rank(game)
    return repr(ranking), player.last_iterations, player.last_nodes


def test_two_streams_give_the_same_ranking_in_a_helper_process_or_here() -> None:
    """``workers=2`` with an iteration count: the stream played by the helper process and the
    same stream played here, after the first, give the same ranking and tree sizes; the
    helper is started once and reused for the next decision."""
    games = [_position(4, 21, 2, Phase.PLACE), _position(10, 22, 2, Phase.PLACE)]
    remote = ExpertPlayer(random.Random(0), iterations=500, time_budget=1e9, workers=2)
    here = ExpertPlayer(random.Random(0), iterations=500, time_budget=1e9, workers=2, helpers=False)
    try:
        pids = set()
        for game in games:
            by_helper = _ranked(remote, game, 5)
            pids.add(remote._helpers[0].pid)
            assert remote._helpers[0].alive
            assert by_helper == _ranked(here, game, 5)
            assert by_helper[1] <= 500
        assert len(pids) == 1 and None not in pids, "one helper for both decisions"
        assert here._helpers == [] or all(helper.pid is None for helper in here._helpers)
        one = ExpertPlayer(random.Random(5), iterations=500, time_budget=1e9)
        assert repr(one.rank(games[1])) != _ranked(here, games[1], 5)[0], "two streams are not one"
    finally:
        remote.close()
    assert remote._helpers == []


def test_the_rounds_are_split_over_the_streams_within_the_count() -> None:
    """Each round's re-deals (the count left over the rounds left) are dealt out to the streams
    in turn, and no round's iterations exceed the count left."""
    player = ExpertPlayer(random.Random(0), iterations=1000, time_budget=1e9, workers=2)
    assert player._quotas(0, 3, 8, 1) == [(41, 328)]
    assert player._quotas(0, 3, 8, 2) == [(21, 168), (20, 160)]
    assert player._quotas(995, 1, 8, 2) == [(1, 5), (0, 0)]
    timed = ExpertPlayer(random.Random(0), workers=2)
    assert timed._quotas(0, 3, 8, 2) == [(None, None), (None, None)]


def test_a_helper_that_cannot_start_leaves_both_streams_here(caplog: pytest.LogCaptureFixture) -> None:
    """A daemonic process may start no children: the helper cannot start, that is logged and
    both streams play here, giving the helper's ranking."""
    game = _position(6, 23, 2, Phase.PLACE)
    config = multiprocessing.current_process()._config  # type: ignore[attr-defined]
    player = ExpertPlayer(random.Random(0), iterations=300, time_budget=1e9, workers=2)
    was = config.get("daemon")
    config["daemon"] = True
    try:
        with caplog.at_level(logging.WARNING, logger="cacao_game.ai.parallel"):
            blocked = _ranked(player, game, 9)
    finally:
        config["daemon"] = was
        player.close()
    assert "could not start" in caplog.text
    here = ExpertPlayer(random.Random(0), iterations=300, time_budget=1e9, workers=2, helpers=False)
    assert blocked == _ranked(here, game, 9)


def _kill_at_round(monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    """Make every helper die (SIGKILL, reaped) just before it is sent round ``number``."""
    send = Helper.send

    def killing(helper: Helper, command: object) -> bool:
        if isinstance(command, Round) and command.number == number and helper._process is not None:
            os.kill(helper._process.pid or 0, signal.SIGKILL)
            helper._process.join(timeout=10)
        return send(helper, command)  # type: ignore[arg-type]

    monkeypatch.setattr(Helper, "send", killing)


def test_a_helper_killed_mid_decision_is_replayed_here(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The helper dies after its first round: its stream is played again here from its seed,
    so the ranking is the one it would have given; the next decision starts a new helper."""
    game = _position(5, 24, 2, Phase.PLACE)
    here = ExpertPlayer(random.Random(0), iterations=600, time_budget=1e9, workers=2, helpers=False)
    expected = _ranked(here, game, 3)
    player = ExpertPlayer(random.Random(0), iterations=600, time_budget=1e9, workers=2)
    try:
        _kill_at_round(monkeypatch, 1)
        with caplog.at_level(logging.WARNING, logger="cacao_game.ai.parallel"):
            assert _ranked(player, game, 3) == expected
        assert "replaying its stream here" in caplog.text
        monkeypatch.undo()
        assert _ranked(player, game, 3) == expected
        assert player._helpers[0].alive
    finally:
        player.close()


def test_a_helper_killed_on_time_leaves_its_totals_and_the_search_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """On time (a fake clock) a helper that dies is not waited for: its last totals stay and
    the decision ends with a legal move."""
    game = _position(5, 24, 2, Phase.PLACE)
    player = ExpertPlayer(random.Random(0), time_budget=1.0, clock=_Clock(1e-3), workers=2)
    try:
        _kill_at_round(monkeypatch, 1)
        with caplog.at_level(logging.WARNING, logger="cacao_game.ai.parallel"):
            assert player.choose(game) in game.legal_actions()
        assert "going on without it" in caplog.text
        assert player.last_iterations > 6
    finally:
        player.close()


def test_workers_reach_the_expert_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """``make_player``'s ``workers`` goes to the expert unless its spec sets one; other levels
    ignore it. The app's choice is two streams with three cores or more (a core to spare for
    the window), else one."""
    rng = random.Random(0)
    expert = make_player("expert", rng, workers=2)
    assert isinstance(expert, ExpertPlayer) and expert.workers == 2
    pinned = make_player("expert:workers=1", rng, workers=2)
    assert isinstance(pinned, ExpertPlayer) and pinned.workers == 1
    default = make_player("expert", rng)
    assert isinstance(default, ExpertPlayer) and default.workers == 1
    assert make_player("hard", rng, workers=2).name == "hard"
    with pytest.raises(ValueError, match="workers"):
        make_player("expert:workers=0", rng)
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    assert search_workers() == 2
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert search_workers() == 1, "a core stays for the window and the display server"
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert search_workers() == 1
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert search_workers() == 1


def test_a_hung_helper_is_given_up_and_its_stream_replayed_here(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A helper that stops answering (frozen with SIGSTOP before its second round) under an
    iteration count and no time limit does not hold the decision for good: after the
    patience it is killed and its stream played here, so the ranking is the one it would
    have given."""
    from cacao_game.ai import parallel

    game = _position(5, 24, 2, Phase.PLACE)
    here = ExpertPlayer(random.Random(0), iterations=600, time_budget=1e9, workers=2, helpers=False)
    expected = _ranked(here, game, 3)
    player = ExpertPlayer(random.Random(0), iterations=600, time_budget=1e9, workers=2)
    send = Helper.send
    frozen: list[int] = []

    def freezing(helper: Helper, command: object) -> bool:
        if isinstance(command, Round) and command.number == 1 and helper._process is not None:
            frozen.append(helper._process.pid or 0)
            os.kill(frozen[-1], signal.SIGSTOP)
        return send(helper, command)  # type: ignore[arg-type]

    monkeypatch.setattr(Helper, "send", freezing)
    monkeypatch.setattr(parallel, "STALL_FLOOR_SECONDS", 0.5)
    try:
        with caplog.at_level(logging.WARNING, logger="cacao_game.ai.parallel"):
            assert _ranked(player, game, 3) == expected
        assert frozen and "hung" in caplog.text and "replaying its stream here" in caplog.text
    finally:
        for pid in frozen:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        player.close()
