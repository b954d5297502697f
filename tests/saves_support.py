"""Shared helpers of the saves tests: seeded games, configs, and re-signed documents."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cacao_game.ai import make_player
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Game, Phase
from cacao_game.engine.tiles import COLORS
from cacao_game.saves.schema import checksum


def make_config(
    players: int, variant: str = "base", seed: int | None = None, kinds: list[str] | None = None
) -> GameConfig:
    """A game config as the app makes it: seats ``Seat 1``... in box colours."""
    kinds = kinds or ["human"] * players
    return GameConfig(
        seats=[SeatConfig(f"Seat {s + 1}", COLORS[s], kinds[s]) for s in range(players)],
        variant=variant,
        seed=seed,
    )


def seat_summaries(config: GameConfig) -> list[dict[str, str]]:
    """The seats of ``config`` as the Load screen's ``SaveInfo.seats`` lists them."""
    return [{"name": s.name, "color": s.color, "kind": s.kind} for s in config.seats]


def random_game(players: int, variant: str, seed: int, decisions: int | None = None) -> Game:
    """A game played by seeded random players for ``decisions`` decisions (None: to the end)."""
    game = Game.new(players, variant, seed)
    player = make_player("random", random.Random(seed))
    while not game.is_over() and (decisions is None or len(game.actions) < decisions):
        game.apply(player.choose(game))
    return game


def mid_turn_game(players: int, variant: str, seed: int) -> Game:
    """A seeded game stopped at its first fill or resolution decision after turn 3."""
    game = Game.new(players, variant, seed)
    player = make_player("random", random.Random(seed))
    while game.turn < 3 or game.phase is Phase.PLACE:
        game.apply(player.choose(game))
    return game


def position(game: Game) -> dict[str, Any]:
    """Everything public about a position, for comparing two games."""
    return {
        "setup": game.setup,
        "actions": list(game.actions),
        "decision": game.decision(),
        "jungle": dict(game.jungle),
        "workers": dict(game.workers),
        "covered": dict(game.covered),
        "frontier": set(game.frontier),
        "jungle_pile": list(game.jungle_pile),
        "display": list(game.display),
        "hands": [list(h) for h in game.hands],
        "worker_piles": [list(p) for p in game.worker_piles],
        "tokens": (list(game.gold), list(game.cacao), list(game.sun), list(game.water)),
        "turn": (game.mover, game.turn),
        "pending_fills": list(game.pending_fills),
        "edges": {seat: list(edges) for seat, edges in game.edges.items()},
        "legal": game.legal_actions(),
        "scores": game.score_now(),
    }


def resign(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with its checksum recomputed, as a careful forger would leave it."""
    document = dict(document)
    document["checksum"] = checksum(document)
    return document


def write_document(path: Path, document: Any) -> bytes:
    """Write ``document`` as JSON to ``path``; return the bytes written."""
    data = json.dumps(document).encode("utf-8")
    path.write_bytes(data)
    return data
