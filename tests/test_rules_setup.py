"""Setup rules: decks per player count and variant, the deal, the start tiles (R1, R2)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from cacao_game.engine import Game, Phase, deal
from cacao_game.engine.tiles import (
    VOLCANO_EDGES,
    VOLCANO_SIDES,
    WATER_TRACK,
    WORKER_SIDES,
    jungle_deck,
    worker_deck,
)

FULL_BASE_PILE = {
    "plantation1": 5,
    "plantation2": 2,
    "market2": 1,
    "market3": 4,
    "market4": 1,
    "gold1": 2,
    "gold2": 1,
    "water": 3,
    "sun": 2,
    "temple": 5,
}


def test_worker_sets_per_player_count() -> None:
    """R1.2: 2 players keep all 11 tiles; 3 remove one 1111; 4 remove one 1111 and one 2101."""
    assert worker_deck(2) == Counter({"1111": 4, "2101": 5, "3001": 1, "3100": 1})
    assert worker_deck(3) == Counter({"1111": 3, "2101": 5, "3001": 1, "3100": 1})
    assert worker_deck(4) == Counter({"1111": 3, "2101": 4, "3001": 1, "3100": 1})
    assert [sum(worker_deck(p).values()) for p in (2, 3, 4)] == [11, 10, 9]


def test_yucata_1210_is_2101_rotated() -> None:
    """R1.2: Yucata's 4-player removal "1-2-1-0" is the 2101 tile turned a quarter clockwise."""
    assert WORKER_SIDES["2101"][1] == (1, 2, 1, 0)


@pytest.mark.parametrize("players", [3, 4])
def test_base_jungle_pile_for_three_and_four(players: int) -> None:
    """R1.3: 28 tiles less the two start tiles: 26 in the pile with 3 or 4 players."""
    assert jungle_deck(players, "base") == Counter(FULL_BASE_PILE)
    assert sum(jungle_deck(players, "base").values()) == 26


def test_two_player_removals() -> None:
    """R1.4: two players remove 2 single plantations, a price-3 market, a value-1 mine,
    a water, a sun-worshiping site and a temple: 19 tiles remain in the pile."""
    expected = Counter(FULL_BASE_PILE)
    expected.subtract({"plantation1": 2, "market3": 1, "gold1": 1, "water": 1, "sun": 1, "temple": 1})
    assert jungle_deck(2, "base") == +expected
    assert sum(jungle_deck(2, "base").values()) == 19


@pytest.mark.parametrize("players", [3, 4])
def test_volcanoes_replace_gold_mines(players: int) -> None:
    """R1.5: in the volcano variant the 3 gold mines are replaced by 3 volcanoes."""
    deck = jungle_deck(players, "volcano")
    assert deck["volcano"] == 3
    assert deck["gold1"] == deck["gold2"] == 0
    assert sum(deck.values()) == 26


def test_two_player_volcano_removes_a_volcano() -> None:
    """R1.5: with 2 players one volcano is removed instead of the value-1 gold mine."""
    deck = jungle_deck(2, "volcano")
    assert deck["volcano"] == 2
    assert deck["gold1"] == deck["gold2"] == 0
    assert sum(deck.values()) == 19


def test_volcano_edges_ruling() -> None:
    """R1.6: unrotated volcano +2 on N and E, -1 on S and W; rotation turns them clockwise."""
    assert VOLCANO_EDGES == (2, 2, -1, -1)
    assert VOLCANO_SIDES[1] == (-1, 2, 2, -1)
    assert len(set(VOLCANO_SIDES)) == 4


def test_water_track() -> None:
    """R1.7: fields -10, -4, -1, 0, 2, 4, 7, 11, 16."""
    assert WATER_TRACK == (-10, -4, -1, 0, 2, 4, 7, 11, 16)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["base", "volcano"])
def test_deal(players: int, variant: str) -> None:
    """R2.1-R2.2: start tiles placed diagonally, 2 face-up tiles, 3 worker tiles per hand,
    everyone on water field -10 with nothing else, seat 0 to place."""
    game = Game.new(players, variant, seed=3)
    assert game.jungle == {(0, 0): ("plantation1", 0), (1, 1): ("market2", 0)}
    assert len(game.display) == 2
    assert Counter(game.display) + Counter(game.jungle_pile) == jungle_deck(players, variant)
    for seat in range(players):
        assert len(game.hands[seat]) == 3
        assert game.remaining_workers(seat) == worker_deck(players)
    assert game.gold == game.cacao == game.sun == game.water == [0] * players
    assert game.decision().kind is Phase.PLACE and game.current_player() == 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["base", "volcano"])
@pytest.mark.parametrize("hand_size", [0, 1, 2, 4])
def test_opening_hands_of_other_than_three_tiles_are_refused(
    players: int, variant: str, hand_size: int
) -> None:
    """R2.2: every seat draws 3 worker tiles at setup, at every player count and variant. A
    smaller hand (even an empty one, which would leave the seat without a legal action) or a
    larger one is refused even when the seat's tiles are complete."""
    setup = deal(players, variant, seed=2)
    tiles = setup.hands[1] + setup.worker_piles[1]
    hands = list(setup.hands)
    piles = list(setup.worker_piles)
    hands[1], piles[1] = tiles[:hand_size], tiles[hand_size:]
    bad = replace(setup, hands=tuple(hands), worker_piles=tuple(piles))
    with pytest.raises(ValueError, match=r"seat 1's opening hand holds \d+ tiles"):
        bad.validate()
    with pytest.raises(ValueError):
        Game(bad)
    setup.validate()


def test_same_seed_same_deal_and_other_seeds_differ() -> None:
    """R2.2: the deal is a function of the seed."""
    assert deal(4, "base", 11) == deal(4, "base", 11)
    assert len({deal(4, "base", seed).jungle_pile for seed in range(20)}) == 20


def test_deal_leaves_global_random_alone() -> None:
    """R2.2: every shuffle comes from the game's own generator, never the global one."""
    random.seed(1234)
    before = random.getstate()
    game = Game.new(3, "volcano", seed=5)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    assert random.getstate() == before


def test_start_squares_are_the_checkerboard() -> None:
    """R2.1/R3.1: the only legal first squares are the six worker squares around the start tiles."""
    game = Game.new(2, seed=0)
    assert game.frontier == {(1, 0), (0, 1), (-1, 0), (0, -1), (2, 1), (1, 2)}
    assert all((x + y) % 2 == 1 for x, y in game.frontier)
