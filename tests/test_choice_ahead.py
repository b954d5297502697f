"""``Game.choice_ahead``: whether a seat's pending plantations and markets will ask it to
decide this turn, or the rules resolve them without asking (R3.10: a step that offers no
real choice is taken automatically). The seat panel's "Choice to make this turn" reads it."""

from __future__ import annotations

import random

from cacao_game.engine import Game, Phase, deal


def _asked_later(game: Game, seat: int, rng: random.Random) -> bool:
    """Play the turn on to its end (random legal decisions): was ``seat`` asked to resolve?"""
    trial = game.clone()
    turn = trial.turn
    while not trial.is_over() and trial.turn == turn:
        if trial.phase is Phase.RESOLVE and trial.current_player() == seat:
            return True
        trial.apply(rng.choice(trial.legal_actions()))
    return False


def test_choice_ahead_says_whether_the_rules_will_ask_the_seat_this_turn() -> None:
    """In random 3- and 4-player games (both variants), at every resolution, for every other
    seat with a plantation or market pending: ``choice_ahead`` is true exactly when that seat
    is then asked to decide (R3.10). Both answers occur, so a panel that said "choice" for
    every pending trade (the reported bug) fails this test."""
    rng = random.Random(20261125)
    seen = {True: 0, False: 0}
    for number in range(24):
        players = 3 + number % 2
        game = Game(deal(players, "volcano" if number % 3 == 0 else "base", seed=number))
        while not game.is_over():
            if game.phase is Phase.RESOLVE:
                for seat in range(players):
                    if seat == game.current_player() or not any(e.is_trade for e in game.pending_edges(seat)):
                        continue
                    ahead = game.choice_ahead(seat)
                    assert ahead == _asked_later(game, seat, random.Random(number)), (number, seat)
                    seen[ahead] += 1
            game.apply(rng.choice(game.legal_actions()))
    assert seen[True] > 0 and seen[False] > 0, seen


def test_a_seat_without_trades_pending_has_no_choice_ahead() -> None:
    """At the start nothing is pending: no seat has a choice ahead."""
    game = Game(deal(2, "base", seed=3))
    assert not game.choice_ahead(0) and not game.choice_ahead(1)
