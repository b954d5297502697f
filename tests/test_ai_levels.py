"""Every AI level: legal decisions of every kind, only the seat's view, seeded chance, hints."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from cacao_game.ai import LEVELS, make_player, suggest
from cacao_game.ai.base import Player
from cacao_game.ai.expert import ExpertPlayer
from cacao_game.ai.hard import Deadline, HardPlayer
from cacao_game.ai.medium import MediumPlayer
from cacao_game.engine import Game, GameOverError, Phase

SEARCH_LEVELS = ("easy", "medium", "hard", "hard-flat", "expert")


def _still_clock() -> float:
    """A clock that never moves: the expert's time cap never cuts an iteration-bounded search
    short, however busy the machine (a loaded run once changed an endgame's choice)."""
    return 0.0


def _player(level: str, seed: int) -> Player:
    """A player of ``level``; hard and expert with a small iteration budget so tests are fast and exact
    (``hard-flat``: hard searching by flat Monte Carlo)."""
    if level == "expert":
        return ExpertPlayer(random.Random(seed), iterations=3, clock=_still_clock)
    if level.startswith("hard"):
        method = "flat" if level == "hard-flat" else "ismcts"
        return HardPlayer(random.Random(seed), iterations=3, candidates=3, method=method)
    return make_player(level, random.Random(seed))


def _play(game: Game, players: list[Player], visit: Callable[[Game], None] | None = None) -> set[Phase]:
    """Play ``game`` to its end, checking each choice is legal; return the decision kinds seen."""
    kinds = set()
    while not game.is_over():
        if visit is not None:
            visit(game)
        legal = game.legal_actions()
        action = players[game.current_player()].choose(game)
        assert action in legal
        kinds.add(game.phase)
        game.apply(action)
    return kinds


def test_levels_are_registered() -> None:
    """The issue's level names are in LEVELS, so ``--seats`` accepts them."""
    assert {"random", "easy", "medium", "hard"} <= set(LEVELS)


@pytest.mark.parametrize(
    ("players", "variant", "seed"), [(2, "base", 3), (3, "volcano", 5), (4, "volcano", 8)]
)
def test_mixed_levels_play_legal_games(players: int, variant: str, seed: int) -> None:
    """Levels side by side make only legal decisions of every kind (placements, fills,
    resolutions, volcano rotations in the volcano variant) until the game ends (R4.1)."""
    levels = ["hard", "medium", "easy", "hard-flat"][:players]
    game = Game.new(players, variant, seed, keep_history=False)
    kinds = _play(game, [_player(level, seed * 10 + s) for s, level in enumerate(levels)])
    game.check_invariants()
    assert {Phase.PLACE, Phase.FILL} <= kinds
    assert len(game.winners()) >= 1


def test_off_turn_resolution_is_decided_by_the_owner() -> None:
    """A resolution choice during another seat's turn goes to the resolving seat's player (R3.11)."""
    off_turn = []

    def visit(game: Game) -> None:
        if game.phase is Phase.RESOLVE and game.current_player() != game.mover:
            off_turn.append(game.current_player())

    for seed in range(6):
        game = Game.new(2, "base", seed, keep_history=False)
        _play(game, [_player("medium", 1), _player("medium", 2)], visit)
    assert off_turn, "no off-turn resolution choice arose in six games"


def _hidden(game: Game) -> tuple[object, ...]:
    return tuple(game.jungle_pile), tuple(map(tuple, game.hands)), tuple(map(tuple, game.worker_piles))


def _hidden_variants(game: Game, seat: int) -> list[Game]:
    """Games ``seat`` cannot tell from ``game`` whose hidden tiles (may) lie differently."""
    variants = [game.determinize(seat, random.Random(k)) for k in range(1, 4)]
    for other in variants:
        assert other.observation_key(seat) == game.observation_key(seat)
    return [other for other in variants if _hidden(other) != _hidden(game)]


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_same_observation_same_decision(level: str) -> None:
    """Two states with the same observation (same view, different hidden hands and pile
    order) get the same decision from a player with the same seed, for every decision kind."""
    checked: set[Phase] = set()

    def visit(game: Game) -> None:
        if len(game.legal_actions()) < 2 or (game.turn % 3 and game.phase is Phase.PLACE):
            return
        seat = game.current_player()
        expected = _player(level, 99).choose(game)
        variants = _hidden_variants(game, seat)
        for other in variants:
            assert _player(level, 99).choose(other) == expected
        if variants:
            checked.add(game.phase)

    for seed in (11, 12):
        game = Game.new(2, "base", seed, keep_history=False)
        _play(game, [_player("medium", 1), _player("medium", 2)], visit)
    assert {Phase.PLACE, Phase.FILL, Phase.RESOLVE} <= checked


@pytest.mark.parametrize("level", ["easy", "hard", "hard-flat", "expert"])
def test_same_seed_same_game(level: str) -> None:
    """A player's chance comes only from its seeded generator: equal seeds, equal games."""
    records = []
    for _ in range(2):
        game = Game.new(2, "base", 21, keep_history=False)
        _play(game, [_player(level, 5), _player("random", 6)])
        records.append(game.actions)
    assert records[0] == records[1]


def test_hint_matches_the_medium_player_and_is_legal() -> None:
    """``suggest`` answers for the deciding seat with the medium player's move; hard gives a
    legal move within its iteration budget."""
    game = Game.new(2, "base", 4, keep_history=False)
    for _ in range(5):
        hint = suggest(game, "medium")
        assert hint == MediumPlayer(random.Random(0)).choose(game)
        assert suggest(game, "hard", iterations=2) in game.legal_actions()
        game.apply(hint)


def test_hint_refuses_unknown_level_and_finished_game() -> None:
    """Hints come only from medium or hard, and not after the end."""
    game = Game.new(2, "base", 4, keep_history=False)
    with pytest.raises(ValueError):
        suggest(game, "random")
    _play(game, [_player("random", 1), _player("random", 2)])
    with pytest.raises(GameOverError):
        suggest(game)


def test_players_do_not_change_the_game() -> None:
    """``choose`` leaves the game as it was (the Player contract)."""
    game = Game.new(2, "volcano", 6, keep_history=False)
    for _ in range(12):
        before = game.observation_key(game.current_player()), repr(game.hands), repr(game.jungle_pile)
        for level in SEARCH_LEVELS:
            _player(level, 1).choose(game)
        assert (
            game.observation_key(game.current_player()),
            repr(game.hands),
            repr(game.jungle_pile),
        ) == before
        game.apply(_player("medium", 1).choose(game))


def test_hard_search_methods() -> None:
    """Hard searches by ISMCTS by default, by flat Monte Carlo on request, and refuses others;
    it ranks only shortlisted moves and counts its re-deals."""
    game = Game.new(2, "base", 9, keep_history=False)
    for method in ("ismcts", "flat"):
        player = HardPlayer(random.Random(1), iterations=4, candidates=3, method=method)
        ranked = player.rank(game)
        assert len(ranked) == 3
        assert player.last_iterations == 4
        assert all(action in game.legal_actions() for _value, action in ranked)
        assert ranked[0][0] >= ranked[-1][0]
    assert HardPlayer(random.Random(1)).method == "ismcts"
    with pytest.raises(ValueError):
        HardPlayer(random.Random(1), method="minimax")


class FakeClock:
    """A clock that moves only by ``tick`` seconds per reading: no wall-clock time involved."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick
        self.readings = 0

    def __call__(self) -> float:
        self.now += self.tick
        self.readings += 1
        return self.now


def test_deadline_stops_before_an_average_iteration_would_overrun() -> None:
    """Time budget: iterations of 0.03 s under a 0.1 s budget: after 1 (0.03 + 0.03) and 2
    (0.06 + 0.03) another fits, after 3 (0.09 + 0.03) it would not, so 3 run."""
    times = iter([0.0, 0.03, 0.06, 0.09])
    deadline = Deadline(0.1, 0.0, lambda: next(times))
    runs = 0
    while deadline.keep_going(runs):
        runs += 1
    assert runs == 3


def test_deadline_always_allows_the_first_iteration() -> None:
    """Time budget: even a budget spent before the search starts gives one re-deal."""
    deadline = Deadline(0.1, 0.0, lambda: 5.0)
    assert deadline.keep_going(0)
    assert not deadline.keep_going(1)


@pytest.mark.parametrize("method", ["ismcts", "flat"])
def test_hard_time_budget_bounds_the_decision(method: str) -> None:
    """With a time budget, hard re-deals at least once and stops within the budget as its own
    clock measures it (a fake clock: each reading 0.01 s later), and the same clock gives the
    same decision: the search no longer depends on how fast the machine is."""
    game = Game.new(2, "base", 9, keep_history=False)
    choices = []
    for _ in range(2):
        clock = FakeClock(0.01)
        player = HardPlayer(random.Random(1), time_budget=0.1, method=method, clock=clock)
        choices.append(player.choose(game))
        assert player.last_iterations >= 1
        assert clock.now <= 0.1 + clock.tick
    assert choices[0] == choices[1]


def test_a_timed_level_may_think_on_its_own_cpu_clock() -> None:
    """``clock=cpu`` gives a timed level the process's CPU time (tournaments on a loaded machine);
    an unknown clock, or a clock on an untimed level, is refused with the level named."""
    hard = make_player("hard:clock=cpu", random.Random(0))
    expert = make_player("expert:clock=wall", random.Random(0))
    assert isinstance(hard, HardPlayer) and hard.clock is time.process_time
    assert isinstance(expert, ExpertPlayer) and expert.clock is time.perf_counter
    for spec in ("hard:clock=sundial", "medium:clock=cpu", "hard:clock=3"):
        with pytest.raises(ValueError, match="clock must be one of wall, cpu"):
            make_player(spec, random.Random(0))
