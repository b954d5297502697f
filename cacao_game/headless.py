"""Games between computer players, without a window (the ``--headless`` command line)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cacao_game.ai import make_player
from cacao_game.ai.base import Player
from cacao_game.ai.registry import player_seed
from cacao_game.engine import Game, SeatScore
from cacao_game.records import Record, seat_entries, to_record


@dataclass
class MatchResult:
    """One finished game: its scores, winners and record."""

    seed: int
    scores: tuple[SeatScore, ...]
    winners: tuple[int, ...]
    record: Record | None = field(repr=False)
    """The game record, or None when it was not asked for."""


def make_players(levels: list[str], seed: int) -> list[Player]:
    """One AI per seat, each with its own generator derived from ``seed`` and its seat."""
    return [make_player(level, random.Random(player_seed(seed, s))) for s, level in enumerate(levels)]


def finish(game: Game, players: list[Player]) -> None:
    """Let ``players[seat]`` make every decision of its seat until ``game`` is over."""
    while not game.is_over():
        game.apply(players[game.current_player()].choose(game))


def play_game(
    levels: list[str],
    seed: int,
    variant: str = "base",
    players: list[Player] | None = None,
    *,
    record: bool = True,
) -> MatchResult:
    """Play one game where seat ``i`` is the AI ``levels[i]`` and return its result.

    Each AI gets its own ``random.Random`` derived from ``seed`` and its seat, so a game is
    reproduced exactly by its seed and levels. ``players`` overrides the made players.
    ``record=False`` skips building the record (it replays the game, doubling the cost).
    """
    game = Game.new(len(levels), variant, seed, keep_history=False)
    finish(game, players or make_players(levels, seed))
    return MatchResult(
        seed=seed,
        scores=game.score_now(),
        winners=game.winners(),
        record=to_record(game, seat_entries(levels)) if record else None,
    )
