"""Which plantation/market results a seat can reach, and which are worth offering (R3.10).

An *outcome* is ``(cacao, gold_gain)``: the cacao held after resolving every plantation and
market edge, and the gold those sales earned. Gains are always taken in full; a market
sells any number from 0 up to one cacao per worker.

``gold_at_risk`` (volcano variant, R3.10): while a volcano may still make the seat pay, gold
can be lost and stored cacao cannot, so a cacao may be worth more than the best price. Then
an outcome only beats another with no less cacao *and* no less gold, and keeping cacao at a
market always stays a choice.
"""

from __future__ import annotations

from functools import lru_cache

from cacao_game.engine.tiles import CACAO_CAP, MARKET_PRICE

Outcome = tuple[int, int]
"""``(cacao held, gold gained)``."""
TradeEdge = tuple[bool, int, int]
"""``(is_market, value, workers)``: value is a plantation's yield or a market's price."""

BEST_PRICE = max(MARKET_PRICE.values())
"""No cacao can ever sell for more than the dearest market, so a cacao is worth at most this."""


def dominates(a: Outcome, b: Outcome, gold_at_risk: bool = False) -> bool:
    """Whether ``a`` is at least as good as ``b`` in every respect.

    ``a`` has no less gold, and no less gold once each cacao is counted at the best price;
    with ``gold_at_risk``, no less gold and no less cacao.
    """
    if gold_at_risk:
        return a[1] >= b[1] and a[0] >= b[0]
    return a[1] >= b[1] and a[1] + BEST_PRICE * a[0] >= b[1] + BEST_PRICE * b[0]


def best_outcomes(outcomes: frozenset[Outcome], gold_at_risk: bool = False) -> frozenset[Outcome]:
    """The outcomes that no other outcome dominates."""
    return frozenset(
        o for o in outcomes if not any(p != o and dominates(p, o, gold_at_risk) for p in outcomes)
    )


def apply_edge(edge: TradeEdge, cacao: int, amount: int) -> Outcome:
    """Resolve one edge with ``amount`` workers: the new cacao and the gold gained.

    The caller guarantees ``amount`` is legal (see ``amounts``).
    """
    is_market, value, _workers = edge
    if is_market:
        return cacao - amount, amount * value
    return min(CACAO_CAP, cacao + amount * value), 0


def amounts(edge: TradeEdge, cacao: int) -> range:
    """The worker counts worth using on ``edge`` with ``cacao`` held.

    A plantation always uses every worker (more cacao never hurts); a market sells 0 up to
    the smaller of its workers and the cacao held.
    """
    is_market, _value, workers = edge
    if is_market:
        return range(min(workers, cacao) + 1)
    return range(workers, workers + 1)


@lru_cache(maxsize=65536)
def reachable(edges: tuple[TradeEdge, ...], cacao: int) -> frozenset[Outcome]:
    """Every outcome reachable by resolving all ``edges`` in some order from ``cacao``."""
    return _reachable(tuple(sorted(edges)), cacao)


@lru_cache(maxsize=65536)
def _reachable(edges: tuple[TradeEdge, ...], cacao: int) -> frozenset[Outcome]:
    """``reachable`` of ``edges`` in sorted order: the outcomes do not depend on the order, so
    every order of the same edges shares one cache entry (and an edge equal to the one before
    it leaves the same rest, so it is tried once)."""
    if not edges:
        return frozenset({(cacao, 0)})
    results: set[Outcome] = set()
    for index, edge in enumerate(edges):
        if index and edge == edges[index - 1]:
            continue
        rest = edges[:index] + edges[index + 1 :]
        for amount in amounts(edge, cacao):
            after, gold = apply_edge(edge, cacao, amount)
            results.update((c, g + gold) for c, g in _reachable(rest, after))
    return frozenset(results)


@lru_cache(maxsize=65536)
def has_single_best(edges: tuple[TradeEdge, ...], cacao: int, gold_at_risk: bool = False) -> bool:
    """Whether exactly one best outcome is reachable, so nothing is left to decide."""
    if not any(is_market for is_market, _value, _workers in edges):
        return True
    return len(best_outcomes(reachable(edges, cacao), gold_at_risk)) == 1


@lru_cache(maxsize=65536)
def worthwhile_steps(
    edges: tuple[TradeEdge, ...], cacao: int, gold_at_risk: bool = False
) -> tuple[tuple[int, int], ...]:
    """The steps ``(edge index, amount)`` that keep a best outcome within reach."""
    best = best_outcomes(reachable(edges, cacao), gold_at_risk)
    steps = []
    for index, edge in enumerate(edges):
        rest = edges[:index] + edges[index + 1 :]
        for amount in amounts(edge, cacao):
            after, gold = apply_edge(edge, cacao, amount)
            if any((c, g + gold) in best for c, g in reachable(rest, after)):
                steps.append((index, amount))
    return tuple(steps)


@lru_cache(maxsize=65536)
def forced_step(
    edges: tuple[TradeEdge, ...], cacao: int, gold_at_risk: bool = False
) -> tuple[int, int] | None:
    """The step to take without asking while ``has_single_best`` holds (the first of
    ``worthwhile_steps``), or None when a real choice remains or no edge is left."""
    if not edges or not has_single_best(edges, cacao, gold_at_risk):
        return None
    return worthwhile_steps(edges, cacao, gold_at_risk)[0]
