"""The engine's contract: undo, clone, seat views, purity, illegal input (R2.2 and the API)."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace
from enum import Enum
from pathlib import Path

import pytest

from cacao_game.engine import Game, NothingToUndoError, Phase, Place, Setup, WrongDecisionError, deal
from cacao_game.engine.setup import SEED_LIMIT
from tests.scenario import state_of

ROOT = Path(__file__).resolve().parent.parent


def random_game(players: int, variant: str, seed: int, moves: int | None = None) -> Game:
    game = Game.new(players, variant, seed)
    rng = random.Random(seed)
    count = 0
    while not game.is_over() and (moves is None or count < moves):
        game.apply(rng.choice(game.legal_actions()))
        count += 1
    return game


def test_pop_restores_every_previous_state_exactly() -> None:
    """Undo: popping each decision gives back the exact state before it, down to the deal."""
    game = Game.new(3, "volcano", seed=4)
    rng = random.Random(4)
    states = []
    while not game.is_over():
        states.append(repr(game._state()))
        game.apply(rng.choice(game.legal_actions()))
    while states:
        game.pop()
        assert repr(game._state()) == states.pop()
    with pytest.raises(NothingToUndoError):
        game.pop()


def test_pop_then_replay_gives_the_same_game() -> None:
    """Undo: a popped decision applied again gives an identical state and events."""
    game = random_game(2, "base", seed=8, moves=30)
    before = repr(game._state())
    action = game.legal_actions()[0]
    events = game.apply(action)
    assert game.pop() == action
    assert repr(game._state()) == before
    assert game.apply(action) == events


def test_clone_is_independent() -> None:
    """clone(): changes to the copy never reach the original."""
    game = random_game(4, "base", seed=2, moves=20)
    before = state_of(game)
    copy = game.clone()
    while not copy.is_over():
        copy.apply(copy.legal_actions()[0])
    assert state_of(game) == before
    assert not copy.can_undo


def test_same_seed_and_decisions_same_game() -> None:
    """R2.2 determinism: the same seed and the same decisions give the same game, byte for byte."""
    first = random_game(4, "volcano", seed=77)
    second = random_game(4, "volcano", seed=77)
    assert repr(first._state()) == repr(second._state())


def test_wrong_decision_kind_is_refused() -> None:
    """API: an action of another kind than the awaited decision raises and changes nothing."""
    from cacao_game.engine import Fill, Resolve

    game = Game.new(2, seed=1)
    before = state_of(game)
    for bad in (Fill((2, 0), "water"), Resolve((1, 0), 0, 1), "place", None):
        with pytest.raises(WrongDecisionError):
            game.apply(bad)  # type: ignore[arg-type]
    assert state_of(game) == before


def test_view_hides_what_the_seat_cannot_see() -> None:
    """View: two deals that differ only in seat 1's hidden tiles look the same to seat 0."""
    game = Game.new(2, seed=5)
    other = game.clone()
    other.hands[1], other.worker_piles[1] = (
        other.worker_piles[1][:3],
        other.worker_piles[1][3:] + other.hands[1],
    )
    other.jungle_pile.reverse()
    assert game.observation_key(0) == other.observation_key(0)
    assert game.observation_key(1) != other.observation_key(1)
    assert sorted(game.view(0).hands[0]) == sorted(game.hands[0])


def reachable_values(root: object) -> tuple[set[tuple[object, ...]], set[object]]:
    """Every sequence of strings (as a tuple) and every scalar held anywhere inside ``root``.

    Walks slots, dataclass fields, dict keys and values and the items of lists, tuples and
    sets, so nothing an object holds escapes.
    """
    sequences: set[tuple[object, ...]] = set()
    scalars: set[object] = set()
    seen: set[int] = set()
    stack = [root]
    while stack:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, (str, int, float, bool, type(None), Enum)):
            scalars.add(value)
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, (list, tuple, set, frozenset)):
            if not isinstance(value, (set, frozenset)) and all(isinstance(v, str) for v in value):
                sequences.add(tuple(value))
            stack.extend(value)
        else:
            names = [n for cls in type(value).__mro__ for n in getattr(cls, "__slots__", ())]
            names += list(getattr(value, "__dict__", {}))
            stack.extend(getattr(value, n) for n in names if hasattr(value, n))
    return sequences, scalars


def test_no_part_of_a_view_holds_the_hidden_deal() -> None:
    """View: no attribute of a view, its ``setup`` included (walked recursively), holds the
    seed, the order of the jungle pile or of any worker pile, or another seat's hand. The
    deal is chosen so that each would be detectable: no pile is in sorted order and the
    other seats' opening hands differ from the canonical ones."""
    seed = 123456789
    game = Game.new(3, "volcano", seed)
    real = game.setup
    hidden = [real.jungle_pile, *real.worker_piles, real.hands[1], real.hands[2]]
    for order in [real.jungle_pile, *real.worker_piles]:
        assert list(order) not in (sorted(order), sorted(order, reverse=True))
    for other in (1, 2):
        assert sorted(real.hands[other]) != ["1111"] * 3, "the canonical hand: not detectable"
    rng = random.Random(seed)
    for moves in (0, 7):
        for _ in range(moves):
            game.apply(rng.choice(game.legal_actions()))
        sequences, scalars = reachable_values(game.view(0))
        assert seed not in scalars
        for order in hidden:
            assert tuple(order) not in sequences and tuple(reversed(order)) not in sequences
        assert game.determinize(0, random.Random(1)).setup == game.view(0).setup
    assert game.view(0).setup.hands[0] == real.hands[0], "a seat knows its own opening hand"
    assert game.view(0).setup.display == real.display, "the display was dealt face up"


def test_views_of_indistinguishable_deals_have_equal_setups() -> None:
    """View: two deals that differ only in what seat 0 cannot see give seat 0 equal setups."""
    game = Game.new(2, seed=5)
    setup = game.setup
    other = Setup(
        setup.players,
        setup.variant,
        6,
        setup.display,
        tuple(reversed(setup.jungle_pile)),
        (setup.hands[0], setup.worker_piles[1][:3]),
        (tuple(reversed(setup.worker_piles[0])), setup.worker_piles[1][3:] + setup.hands[1]),
    )
    assert game.view(0).setup == Game(other).view(0).setup
    assert game.view(1).setup != Game(other).view(1).setup


def test_determinize_keeps_the_visible_and_reshuffles_the_hidden() -> None:
    """View: a determinization keeps the board, own hand and counts; it varies hidden order."""
    game = random_game(3, "base", seed=6, moves=15)
    seat = game.current_player()
    worlds = [game.determinize(seat, random.Random(k)) for k in range(8)]
    for world in worlds:
        assert world.jungle == game.jungle and world.hands[seat] == game.hands[seat]
        assert world.unseen_jungle() == game.unseen_jungle()
        assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
        assert world.legal_actions() == game.legal_actions()
    assert len({tuple(w.jungle_pile) for w in worlds}) > 1


def test_engine_imports_without_pygame() -> None:
    """Engine purity: the engine, AI and records import with pygame made unimportable."""
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import cacao_game.engine, cacao_game.records, cacao_game.ai, cacao_game.headless\n"
        "from cacao_game.engine import Game\n"
        "g = Game.new(2, seed=1)\n"
        "while not g.is_over(): g.apply(g.legal_actions()[0])\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.strip() == "ok", result.stderr


def test_engine_source_never_mentions_pygame_imports() -> None:
    """Engine purity: no module under engine/ or ai/ imports pygame."""
    for folder in ("engine", "ai"):
        for path in (ROOT / "cacao_game" / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert "import pygame" not in text and "from pygame" not in text, path


def test_first_decision_and_terminal() -> None:
    """API: a new game waits for seat 0's placement; a finished one for nobody."""
    game = Game.new(2, seed=3)
    assert game.decision().kind is Phase.PLACE and game.decision().seat == 0
    assert all(isinstance(a, Place) for a in game.legal_actions())
    finished = random_game(2, "base", seed=3)
    assert finished.decision().kind is Phase.GAME_OVER and finished.current_player() == -1
    assert finished.legal_actions() == []


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2.0},
        {"players": True},
        {"players": "2"},
        {"players": 5},
        {"players": 2, "variant": "Volcano"},
        {"players": 2, "variant": None},
        {"players": 2, "seed": "abc"},
        {"players": 2, "seed": 1.5},
        {"players": 2, "seed": b"x"},
        {"players": 2, "seed": True},
    ],
)
def test_bad_game_arguments_raise_value_error(kwargs: dict) -> None:
    """API: a player count that is not the int 2-4, an unknown variant, or a seed that is not
    an int or None (bools included: True would deal the game of seed 1) is a ValueError."""
    with pytest.raises(ValueError, match=list(kwargs)[-1]):
        Game.new(**kwargs)
    with pytest.raises(ValueError):
        deal(**kwargs)


def test_a_setup_with_a_bad_seed_or_lists_is_refused() -> None:
    """API: ``Setup.validate`` refuses the same seeds, and piles that are not tuples of codes;
    a game dealt without a seed draws one and keeps it (a record names the seed it was dealt
    from: shared/spec/game-record.md; a review found ``"seed": null``)."""
    setup = deal(2, "base", 1)
    for bad in (
        replace(setup, seed=1.5),
        replace(setup, seed=True),
        replace(setup, display=list(setup.display)),
    ):
        with pytest.raises(ValueError):
            bad.validate()
    drawn = Game.new(2, seed=None).setup
    assert type(drawn.seed) is int and 0 <= drawn.seed < SEED_LIMIT
    assert deal(2, "base", drawn.seed) == drawn, "a deal without a seed keeps the one it drew"


@pytest.mark.parametrize("seat", [-1, 2, None, "0", 1.0, True])
def test_views_of_a_seat_that_does_not_exist_are_refused(seat: object) -> None:
    """API: ``view``, ``determinize`` and the other per-seat queries take a seat number 0 to
    players-1 as an int; anything else (-1 would silently mean the last seat) is a ValueError."""
    game = Game.new(2, seed=1)
    before = state_of(game)
    calls = (
        lambda: game.view(seat),  # type: ignore[arg-type]
        lambda: game.determinize(seat, random.Random(0)),  # type: ignore[arg-type]
        lambda: game.observation_key(seat),  # type: ignore[arg-type]
        lambda: game.remaining_workers(seat),  # type: ignore[arg-type]
        lambda: game.pending_edges(seat),  # type: ignore[arg-type]
        lambda: game.gold_at_risk(seat),  # type: ignore[arg-type]
    )
    for call in calls:
        with pytest.raises(ValueError, match="seat must be an integer 0-1"):
            call()
    assert state_of(game) == before


def test_a_decisions_fills_leave_out_the_one_the_engine_laid_itself() -> None:
    """R3.10: with one space and one display tile left, the engine lays that tile itself, so
    a decision sent whole (every space with its tile) finds its last fill made already:
    ``in_turn`` leaves it out as the decision is applied, at home, across machines and on
    the host alike; a fill still pending is kept."""
    from phases import game_at

    from cacao_game.engine import Fill, in_turn

    game = game_at("fill2")
    first, second = game.pending_fills[:2]
    tiles = list(game.display)
    fills = [Fill(first, tiles[0], 0), Fill(second, tiles[1], 0)]
    played = []
    for action in in_turn(game, fills):
        played.append(action)
        game.apply(action)
    assert played == fills[:1] and not game.pending_fills
    assert any(pos == second for pos in game.filled), "the engine laid the last tile itself"
