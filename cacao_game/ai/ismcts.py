"""Single-observer information-set MCTS, the alternative search of the ``hard`` level.

Every iteration re-deals the hidden tiles (``Game.determinize``) and walks one tree shared by
all re-deals. At each decision only the moves available in this re-deal compete (UCB1 with
availability counts); placements are pruned to the best few by ``placement_scores`` and
resolutions are made by ``resolve_choice``. Below the tree the turn and the next turns up
to the horizon are played by the fast greedy policy, then every seat's position is priced
by the evaluation and backed up for the seat deciding at each node.
"""

from __future__ import annotations

import math

from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.medium import placement_scores
from cacao_game.ai.policy import resolve_choice
from cacao_game.ai.search import SearchTask
from cacao_game.engine import Action, Game, Phase

EXPLORATION = 3.0
"""UCB1 exploration constant, in points."""
BRANCHING = 5
"""Placements kept at a tree node below the root."""


class Node:
    """A decision in the tree: its children by move, its visits, how often it was available
    to choose, and the sum of every seat's value over the iterations through it."""

    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players


def _candidates(game: Game, valuer: Valuer) -> list[Action]:
    options = game.legal_actions()
    if game.phase is Phase.PLACE and len(options) > BRANCHING:
        scores = placement_scores(game, options, valuer)
        order = sorted(range(len(options)), key=lambda i: -scores[i])
        options = [options[i] for i in sorted(order[:BRANCHING])]
    return options


def ismcts(task: SearchTask) -> list[tuple[float, Action]]:
    """Search ``task``: returns ``(mean value, move)`` for the root moves, best first (ties
    by shortlist order; a move never tried comes last)."""
    view, seat, shortlist, valuer = task.view, task.seat, task.shortlist, task.valuer
    root = Node(view.players)
    done = 0
    while task.keep_going(done):
        world = view.determinize(seat, task.rng)
        turn0 = world.turn
        node = root
        path: list[tuple[Node, int]] = []
        while not world.is_over():
            if world.phase is Phase.RESOLVE:
                world.apply(resolve_choice(world, valuer))
                continue
            if path and world.phase is Phase.PLACE and world.turn - turn0 > 1:
                break
            actions = shortlist if node is root else _candidates(world, valuer)
            if len(actions) == 1:
                world.apply(actions[0])
                continue
            mover = world.current_player()
            chosen = _select(node, actions, mover, world.players)
            child = node.children[chosen]
            world.apply(chosen)
            path.append((child, mover))
            node = child
            if child.visits == 0:
                break
        task.rollout(world, turn0)
        scores = valuer.scores(world)
        for visited, _mover in path:
            visited.visits += 1
            for s, value in enumerate(scores):
                visited.totals[s] += value
        done += 1
    means = []
    for index, action in enumerate(shortlist):
        found = root.children.get(action)
        mean = found.totals[seat] / found.visits if found and found.visits else -math.inf
        means.append((mean, index, action))
    means.sort(key=lambda item: (-item[0], item[1]))
    return [(mean, action) for mean, _index, action in means]


def upper_bound(child: Node, mover: int, exploration: float) -> float:
    """UCB1 with availability counts: ``mover``'s mean at a visited ``child`` plus the bonus of
    ``exploration`` points for how seldom it was chosen when it was available."""
    bonus = exploration * math.sqrt(math.log(child.available) / child.visits)
    return child.totals[mover] / child.visits + bonus


def _select(node: Node, actions: list[Action], mover: int, players: int) -> Action:
    best: tuple[float, Action] | None = None
    for action in actions:
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = Node(players)
        child.available += 1
        value = math.inf if child.visits == 0 else upper_bound(child, mover, EXPLORATION)
        if best is None or value > best[0]:
            best = (value, action)
    assert best is not None
    return best[1]
