"""The ``expert`` level: an anytime information-set tree search that deepens as it thinks.

Every iteration re-deals what the deciding seat cannot see (``Game.determinize``, as the
hard level does) and walks one tree shared by all re-deals:

- The root offers every legal placement (or fill) in medium's order: medium's played-out
  ranking first (``MediumPlayer.rank``), the rest by its quick estimate
  (``placement_scores``). Progressive widening admits the first ``widen(visits)`` of them,
  so more thinking compares more moves (all of them, given enough).
- Below the root every decision (any seat's placement or fill) is a node, its moves ordered
  by the quick estimates of the re-deal at hand (``placement_scores``, ``quick_fill_score``)
  and widened the same way. There is no turn cut: a node grows a child per visit, so the
  tree deepens as visits grow. Resolutions are not searched (``resolve_choice``).
- A new leaf is priced with values current at the leaf: a ``Valuer`` built from the leaf's
  own position drives a short greedy playout (``playout``, the hard level's) and prices its
  end. A finished game is priced by its final score, exactly.
- Once nothing is hidden from the deciding seat (``nothing_hidden``: in 2 players from about
  turn 16) every re-deal is the same world, so the search becomes a plain tree search of it
  whose playouts run to the final score; when ``EXACT_PLACEMENTS`` placements or fewer are
  left, a full max-n search over every placement and fill (``exact_values``) decides.

Budgets: ``iterations`` re-deals (reproducible: the same position, seed and count give the
same move, whatever the machine's speed) or ``time_budget`` seconds measured by an
injectable ``clock`` (``Deadline``); with both, the count decides and the time only caps it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.hard import Deadline, playout
from cacao_game.ai.medium import MediumPlayer, placement_scores
from cacao_game.ai.policy import quick_fill_score, resolve_choice
from cacao_game.ai.weights import DEFAULT, Weights
from cacao_game.engine import Action, Fill, Game, Phase

TIME_BUDGET = 2.0
"""Seconds per decision by default."""
EXPLORATION = 3.0
"""UCB1 exploration constant, in points."""
WIDEN_BASE = 3.0
"""Moves a node offers from its first visit on."""
WIDEN_SCALE = 1.5
"""How fast a node widens: ``WIDEN_BASE + WIDEN_SCALE * sqrt(visits)`` moves."""
PLAYOUT_TURNS = 0
"""Greedy turns played below a leaf after its own turn before it is priced (0: the leaf's turn
is finished, at most one greedy turn more; the tree supplies the depth)."""
EXACT_PLACEMENTS = 2
"""With nothing hidden and at most this many placements left, the endgame is solved exactly."""

Leaf = Callable[[Action, Game, Valuer], None]
"""Told each priced leaf: the root move above it, the game at the leaf (its playout played)
and the ``Valuer`` built there."""


class _Node:
    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players


def widen(visits: int) -> int:
    """How many of a node's ordered moves compete after ``visits`` visits."""
    return int(WIDEN_BASE + WIDEN_SCALE * math.sqrt(visits))


def nothing_hidden(view: Game, seat: int) -> bool:
    """Whether every re-deal of ``view`` for ``seat`` is the same game: the jungle pile (but a
    revealed top), the seat's own pile and each other seat's unplaced tiles are each all alike
    or (another seat's) known in full because its pile is empty."""
    revealed = view.revealed_pile_tile()
    rest = view.jungle_pile[:-1] if revealed else view.jungle_pile
    if len(set(rest)) > 1 or len(set(view.worker_piles[seat])) > 1:
        return False
    for other in range(view.players):
        if (
            other != seat
            and view.worker_piles[other]
            and len(set(view.hands[other] + view.worker_piles[other])) > 1
        ):
            return False
    return True


def final_margins(game: Game) -> list[float]:
    """Every seat's final total less the field's (mean and best): ``Valuer.scores``' shape,
    in points, for a finished game."""
    totals = [float(score.total) for score in game.score_now()]
    result = []
    for seat, mine in enumerate(totals):
        others = totals[:seat] + totals[seat + 1 :]
        result.append(mine - 0.5 * (max(others) + sum(others) / len(others)))
    return result


def ordered_moves(game: Game, valuer: Valuer) -> list[Action]:
    """The mover's moves, most promising first, by the quick estimates (ties by legal order)."""
    options = game.legal_actions()
    if len(options) < 2:
        return options
    if game.phase is Phase.PLACE:
        scores = placement_scores(game, options, valuer)
    else:
        scores = [quick_fill_score(game, f, valuer) for f in options if isinstance(f, Fill)]
    order = sorted(range(len(options)), key=lambda i: (-scores[i], i))
    return [options[i] for i in order]


def root_moves(view: Game, medium: MediumPlayer) -> list[Action]:
    """Every legal move of ``view``'s decider: medium's ranking first, then the rest in the
    quick order."""
    ranked = [action for _value, action in medium.rank(view)]
    seen = set(ranked)
    rest = [a for a in ordered_moves(view, Valuer(view, medium.weights)) if a not in seen]
    return ranked + rest


def placements_left(game: Game) -> int:
    """Worker tiles not yet placed, all seats together."""
    return sum(len(game.hands[s]) + len(game.worker_piles[s]) for s in range(game.players))


def exact_values(game: Game, valuer: Valuer) -> list[float]:
    """Max-n values of a game with nothing hidden: every placement and fill searched to the
    end (resolutions by ``resolve_choice``), each seat maximising its own final margin."""
    if game.is_over():
        return final_margins(game)
    if game.phase is Phase.RESOLVE:
        after = game.clone()
        after.apply(resolve_choice(after, valuer))
        return exact_values(after, valuer)
    mover = game.current_player()
    best: list[float] | None = None
    for action in game.legal_actions():
        after = game.clone()
        after.apply(action)
        values = exact_values(after, valuer)
        if best is None or values[mover] > best[mover] + 1e-9:
            best = values
    assert best is not None
    return best


class ExpertPlayer:
    """Search player: see the module docstring. Deterministic given its seed, the seat's view
    and (with ``iterations``) no time limit."""

    name = "expert"

    def __init__(
        self,
        rng: random.Random,
        time_budget: float = TIME_BUDGET,
        iterations: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        weights: str | Weights = DEFAULT,
        exploration: float = EXPLORATION,
        playout_turns: int = PLAYOUT_TURNS,
        exact: int = EXACT_PLACEMENTS,
    ) -> None:
        """``rng`` drives the re-deals; ``clock`` measures ``time_budget`` (seconds, never
        going back); ``iterations`` bounds the re-deals (the time then only caps them).
        ``weights`` is the evaluation's weight set or its name (ValueError for an unknown one).
        """
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.rng = rng
        self.time_budget = time_budget
        self.iterations = iterations
        self.clock = clock
        self.exploration = exploration
        self.playout_turns = playout_turns
        self.exact = exact
        self.medium = MediumPlayer(rng, weights=weights)
        self.last_iterations = 0
        """Re-deals used by the last decision (for measurements)."""
        self.last_nodes = 0
        """Tree nodes grown by the last decision (for measurements)."""
        self.last_depth = 0
        """Decisions on the deepest path of the last decision's tree (for measurements)."""

    def rank(self, game: Game) -> list[tuple[float, Action]]:
        """The deciding seat's searched moves, ``(mean value, move)``, most visited first
        (then by value, then medium's order); moves never visited are left out."""
        started = self.clock()
        seat = game.current_player()
        view = game.view(seat)
        self.last_iterations = self.last_nodes = self.last_depth = 0
        if view.phase is Phase.RESOLVE:
            return self.medium.rank(view)
        moves = root_moves(view, self.medium)
        if len(moves) == 1:
            return [(0.0, moves[0])]
        weights = self.medium.weights
        if nothing_hidden(view, seat) and placements_left(view) <= self.exact:
            valuer = Valuer(view, weights)
            scored = []
            for index, action in enumerate(moves):
                after = view.clone()
                after.apply(action)
                scored.append((exact_values(after, valuer)[seat], index, action))
            scored.sort(key=lambda item: (-item[0], item[1]))
            return [(value, action) for value, _i, action in scored]
        deadline = Deadline(self.time_budget, started, self.clock)

        def keep_going(done: int) -> bool:
            if self.iterations is not None and done >= self.iterations:
                return False
            return deadline.keep_going(done)

        root = self.search(view, seat, moves, keep_going, self.rng)
        order = {action: index for index, action in enumerate(moves)}
        visited = [
            (child.visits, child.totals[seat] / child.visits, action)
            for action, child in root.children.items()
            if child.visits
        ]
        visited.sort(key=lambda item: (-item[0], -item[1], order[item[2]]))
        return [(mean, action) for _visits, mean, action in visited]

    def search(
        self,
        view: Game,
        seat: int,
        moves: list[Action],
        keep_going: Callable[[int], bool],
        rng: random.Random,
        *,
        root_width: int | None = None,
        on_leaf: Leaf | None = None,
    ) -> _Node:
        """Grow the tree of ``seat``'s decision in ``view`` over the root ``moves`` (in order of
        promise) while ``keep_going(done)`` says so, re-dealing with ``rng``; returns its root.
        ``root_width`` fixes how many root moves compete (default: widening); ``on_leaf`` is
        told each priced leaf (see ``Leaf``)."""
        players = view.players
        root = _Node(players)
        horizon = self.playout_turns
        weights = self.medium.weights
        known = nothing_hidden(view, seat)
        nodes = 1
        depth = 0
        done = 0
        while keep_going(done):
            world = view.determinize(seat, rng)
            node = root
            path: list[_Node] = [root]
            fresh = False
            first = True
            root_move: Action | None = None
            while not world.is_over():
                if world.phase is Phase.RESOLVE:
                    world.apply(resolve_choice(world, Valuer(world, weights)))
                    continue
                if first:
                    actions = moves
                    first = False
                else:
                    actions = ordered_moves(world, Valuer(world, weights))
                if len(actions) == 1:
                    world.apply(actions[0])
                    continue
                width = root_width if node is root and root_width is not None else widen(node.visits)
                chosen = self._select(node, actions[:width], world.current_player(), players)
                root_move = chosen if root_move is None else root_move
                child = node.children.get(chosen)
                if child is None:
                    child = node.children[chosen] = _Node(players)
                    nodes += 1
                    fresh = True
                world.apply(chosen)
                path.append(child)
                node = child
                if fresh:
                    break
            leaf = Valuer(world, weights)
            if not world.is_over():
                playout(leaf, 10_000 if known else horizon)(world, world.turn)
            values = final_margins(world) if world.is_over() else leaf.scores(world)
            if on_leaf is not None and root_move is not None:
                on_leaf(root_move, world, leaf)
            depth = max(depth, len(path) - 1)
            for visited in path:
                visited.visits += 1
                for s, value in enumerate(values):
                    visited.totals[s] += value
            done += 1
        self.last_iterations = done
        self.last_nodes = nodes
        self.last_depth = depth
        return root

    def _select(self, node: _Node, actions: list[Action], mover: int, players: int) -> Action:
        best: tuple[float, Action] | None = None
        log_term: dict[int, float] = {}
        untried = None
        for action in actions:
            child = node.children.get(action)
            if child is None:
                untried = action if untried is None else untried
            else:
                child.available += 1
        if untried is not None:
            return untried
        for action in actions:
            child = node.children[action]
            if child.available not in log_term:
                log_term[child.available] = math.log(child.available)
            value = child.totals[mover] / child.visits + self.exploration * math.sqrt(
                log_term[child.available] / child.visits
            )
            if best is None or value > best[0]:
                best = (value, action)
        assert best is not None
        return best[1]

    def choose(self, game: Game) -> Action:
        """The most visited move of the search."""
        return self.rank(game)[0][1]
