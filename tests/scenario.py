"""Building board positions for rules tests by hand.

The helpers put tiles straight onto a game's board (bypassing the rules), then recompute the
legal squares independently of the engine: an empty worker square next to a jungle tile.
Positions built this way do not conserve tiles, so tests using them skip that invariant.
"""

from __future__ import annotations

from cacao_game.engine import Game, WorkerTile
from cacao_game.engine.tiles import SIDES, Pos, neighbour


def refresh_frontier(game: Game) -> None:
    """Recompute ``game.frontier`` from the board."""
    game.frontier = {
        neighbour(pos, side)
        for pos in game.jungle
        for side in SIDES
        if neighbour(pos, side) not in game.workers and neighbour(pos, side) not in game.jungle
    }


def put_jungle(game: Game, pos: Pos, code: str, rotation: int = 0) -> None:
    """Lay a jungle tile on ``pos`` (a jungle square)."""
    assert (pos[0] + pos[1]) % 2 == 0, "jungle tiles go on squares with x+y even"
    game.jungle[pos] = (code, rotation)
    refresh_frontier(game)


def put_worker(game: Game, pos: Pos, seat: int, code: str, rotation: int = 0) -> None:
    """Lay a worker tile of ``seat`` on ``pos`` (a worker square)."""
    assert (pos[0] + pos[1]) % 2 == 1, "worker tiles go on squares with x+y odd"
    game.workers[pos] = WorkerTile(seat, code, rotation)
    refresh_frontier(game)


def new_game(
    players: int = 2,
    *,
    hand: list[str] | None = None,
    display: list[str] | None = None,
    pile: list[str] | None = None,
    variant: str = "base",
    seed: int = 0,
) -> Game:
    """A fresh game whose mover (seat 0) holds ``hand`` and whose display/pile are given.

    ``pile`` is listed top first. Tiles are set directly; the game is otherwise as dealt.
    """
    game = Game.new(players, variant, seed)
    if hand is not None:
        game.hands[0] = list(hand)
    if display is not None:
        game.display = list(display)
    if pile is not None:
        game.jungle_pile = list(reversed(pile))
    return game


def state_of(game: Game) -> str:
    """A complete, comparable snapshot of the game's state (for 'unchanged' checks)."""
    return repr(game._state()) + repr(game._history)
