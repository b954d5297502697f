"""Decision helpers shared by the heuristic and search players.

- ``resolve_choice``: the best resolution step for the resolving seat, found by listing every
  plantation/market result still reachable and pricing held cacao at that seat's unit price
  (so a seat holds its cacao for a better market when that pays, and sells when it does not).
- ``finish_turn``: plays a turn to its end (fills by a given policy, resolutions by
  ``resolve_choice``), so that a placement can be judged by the state it leads to.
- ``rank_by_value``: scores actions by the state each leads to at the end of the turn.
"""

from __future__ import annotations

from collections.abc import Callable

from cacao_game.ai.evaluation import Valuer
from cacao_game.engine import Action, Fill, Game, Phase, Resolve
from cacao_game.engine.resolution import amounts, apply_edge, reachable
from cacao_game.engine.tiles import OPPOSITE, VOLCANO, VOLCANO_SIDES, WORKER_SIDES, neighbours

FillPolicy = Callable[[Game, Valuer], Action]
"""Chooses a fill for the mover of a game waiting for one."""


def resolve_choice(game: Game, valuer: Valuer) -> Resolve:
    """The resolution step whose best reachable result is worth most to the resolving seat.

    Ties go to the first legal step (a fixed order, so the choice is deterministic).
    """
    seat = game.current_player()
    options = game.legal_actions()
    if len(options) == 1:
        return options[0]  # type: ignore[return-value]
    edges = [e for e in game.pending_edges(seat) if e.is_trade]
    keys = tuple(e.trade_key() for e in edges)
    cacao = game.cacao[seat]
    best: tuple[float, Resolve] | None = None
    for option in options:
        assert isinstance(option, Resolve)
        index = next(i for i, e in enumerate(edges) if e.pos == option.pos and e.side == option.side)
        if option.amount not in amounts(keys[index], cacao):
            continue
        after, gold = apply_edge(keys[index], cacao, option.amount)
        rest = keys[:index] + keys[index + 1 :]
        value = gold + max(g + valuer.cacao_worth(seat, c) for c, g in reachable(rest, after))
        if best is None or value > best[0] + 1e-9:
            best = (value, option)
    assert best is not None
    return best[1]


def finish_turn(game: Game, valuer: Valuer, fill_policy: FillPolicy) -> Game:
    """Play ``game`` (mutated) until the next placement decision or the end; return it."""
    while not game.is_over() and game.phase is not Phase.PLACE:
        if game.phase is Phase.FILL:
            game.apply(fill_policy(game, valuer))
        else:
            game.apply(resolve_choice(game, valuer))
    return game


def rank_by_value(
    game: Game, actions: list[Action], seat: int, valuer: Valuer, fill_policy: FillPolicy
) -> list[tuple[float, int, Action]]:
    """``(value for seat, index, action)`` for each action, best first, ties by list order.

    Each action is applied to a clone and the turn is finished with ``fill_policy``.
    """
    scored = []
    for index, action in enumerate(actions):
        after = game.clone()
        after.apply(action)
        finish_turn(after, valuer, fill_policy)
        scored.append((valuer.score(after, seat), index, action))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return scored


def quick_fill_score(game: Game, fill: Fill, valuer: Valuer) -> float:
    """What a fill earns the mover now: its activations, the other seats' subtracted."""
    score = 0.0
    mover = game.mover
    others = max(1, game.players - 1)
    for side, square in enumerate(neighbours(fill.pos)):
        tile = game.workers.get(square)
        if tile is None:
            continue
        facing = WORKER_SIDES[tile.tile][tile.rotation][OPPOSITE[side]]
        if not facing:
            continue
        edge = VOLCANO_SIDES[fill.rotation][side] if fill.tile == VOLCANO else None
        gain = facing * valuer.worker_value(game, tile.seat, fill.tile, edge)
        score += gain if tile.seat == mover else -gain / others
    return score


def quick_fill(game: Game, valuer: Valuer) -> Action:
    """The fill with the best ``quick_fill_score`` (first in legal order on ties)."""
    options = game.legal_actions()
    if len(options) == 1:
        return options[0]
    return max(options, key=lambda f: quick_fill_score(game, f, valuer))  # type: ignore[arg-type]


def best_fill(game: Game, valuer: Valuer) -> Action:
    """The fill (space, tile, volcano rotation) that leaves the mover best placed.

    Each option is played out to the end of the turn (later fills by ``quick_fill``).
    """
    options = game.legal_actions()
    if len(options) == 1:
        return options[0]
    return rank_by_value(game, options, game.mover, valuer, quick_fill)[0][2]
