"""The ``expert`` level: an anytime information-set tree search that widens and deepens as it
thinks, built on the hard level's search so that it never knows less than hard does.

Every iteration re-deals what the deciding seat cannot see (``Game.determinize``) and walks
one tree shared by all re-deals (single-observer ISMCTS, as ``cacao_game.ai.ismcts``):

- The root offers every legal placement (or fill) in medium's order: medium's played-out
  ranking first (``MediumPlayer.rank``), the rest by the quick estimate
  (``placement_scores``). By default (``root="halving"``, ``ExpertPlayer.halving``) the
  first of them, as many as the budget allows ``HALVING_PULLS`` re-deals each in the first
  round, are each played on the same re-deals (common random numbers: the luck of a re-deal
  cancels out of their comparison) and sequential halving drops the worse half after each
  round, the last move left being played. ``root="widen"`` instead lets UCB1 choose among
  ``root_width(visits)`` of them (progressive widening: hard's 6 at first, all of them given
  enough re-deals) and picks the move by ``select``.
- Below the root every placement and fill (any seat's) is a node, placements ordered by the
  re-deal's quick estimate and widened by ``widen(visits)``. Resolutions are not searched
  (``resolve_choice``). The tree holds the deciding seat's turn and the reply; a node past
  that grows children once it has ``DEEPEN_AT`` visits, so the tree deepens where visits
  gather instead of stopping at a fixed turn.
- Every iteration is priced at the same point whatever the leaf's depth: below the tree the
  turns are played by hard's greedy policy (``playout``) until ``HORIZON`` turns after the
  root's (or the leaf's turn is finished, if deeper), then priced by ``Valuer.scores`` of a
  valuer built at the priced state itself (``leaf="leaf"``, the default: unit prices current
  there, e.g. cacao worth nothing to a seat without tiles left) or of the one built from the
  seat's view at the root (``leaf="root"``, as hard prices). (Pricing leaves at their own
  depth mixes values taken before and after a reply: moves explored more look worse. That
  was the first version's flaw.)
- Once nothing is hidden from the deciding seat (``nothing_hidden``: in 2 players from about
  turn 16) and at most ``EXACT_PLACEMENTS`` placements are left, a full max-n search over
  every placement and fill (``exact_values``) decides. (``to_end``, off by default, makes
  playouts run to the final score once few placements are left.)

Budgets: ``iterations`` priced iterations, each a re-deal played for one root move
(reproducible: the same position, seed and count give the same move, whatever the machine's
speed), or ``time_budget`` seconds measured by an injectable ``clock`` (``Deadline``); with
both, the count decides and the time only caps it.
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Callable

from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.hard import Deadline, greedy_turn, playout
from cacao_game.ai.ismcts import Node
from cacao_game.ai.medium import MediumPlayer, placement_scores
from cacao_game.ai.policy import finish_turn, quick_fill, quick_fill_score, resolve_choice
from cacao_game.ai.weights import DEFAULT, Weights
from cacao_game.engine import Action, Fill, Game, Phase

log = logging.getLogger(__name__)

TIME_BUDGET = 2.0
"""Seconds per decision by default."""
EXPLORATION = 3.0
"""UCB1 exploration constant, in points (hard's)."""
ROOT_BASE = 6
"""Root moves competing from the first re-deal on (hard's shortlist)."""
ROOT_SCALE = 0.35
"""How fast the root widens: ``max(ROOT_BASE, ROOT_SCALE * sqrt(visits))`` moves (6 up to
about 300 re-deals, 11 at 1,000, 22 at 4,000, 44 at 16,000)."""
WIDEN_BASE = 5
"""Placements a node below the root offers from its first visit on (hard's)."""
WIDEN_SCALE = 0.25
"""How fast a node below the root widens: ``WIDEN_BASE + WIDEN_SCALE * sqrt(visits)``."""
DEEPEN_AT = 16
"""Visits a node past the reply needs before it grows children of its own."""
HORIZON = 2
"""Turns after the root's that every iteration is played to before it is priced (hard's)."""
PLAYOUT_PLACEMENTS = 0
"""With at most this many placements left (all seats), playouts run to the final score by
``play_to_end`` (0: never; playing to the end costs re-deals, and the screen's judge, which
plays to the end the same way, cannot judge it fairly: games must)."""
EXACT_PLACEMENTS = 2
"""With nothing hidden and at most this many placements left, the endgame is solved exactly."""

ROOT_METHODS = ("widen", "halving")
"""How the root spends its re-deals: progressive widening under UCB1 (``widen``), or
sequential halving over common re-deals (``halving``: ``ExpertPlayer.halving``)."""
SELECTIONS = ("visits", "mean", "lcb")
"""How the widening root's move is picked: most visits; best mean among moves with at least
``MEAN_SHARE`` of the most visits; best lower bound (mean less the UCB1 bonus)."""
LEAF_VALUERS = ("root", "leaf")
"""Which ``Valuer`` prices an iteration: the one built at the root, or one built afresh at the
priced state (its unit prices current there)."""
MEAN_SHARE = 0.25
"""Share of the most visited root move's visits a move needs to be picked by ``mean``."""
HALVING_PULLS = 16
"""Re-deals each root move gets in the first round of sequential halving, at least: the
number of moves entered is the most that leaves them this many."""

Leaf = Callable[[Action, Game, Valuer], None]
"""Told each priced iteration: the root move above it, the game where it was priced and the
``Valuer`` that priced it."""


def widen(visits: int) -> int:
    """How many of a node's ordered placements compete after ``visits`` visits (below the root)."""
    return int(WIDEN_BASE + WIDEN_SCALE * math.sqrt(visits))


def root_width(visits: int, scale: float = ROOT_SCALE) -> int:
    """How many of the root's ordered moves compete after ``visits`` visits."""
    return max(ROOT_BASE, int(scale * math.sqrt(visits)))


def play_to_end(world: Game, weights: Weights) -> None:
    """Finish ``world`` (mutated) with hard's greedy policy, a valuer built afresh each turn."""
    finish_turn(world, Valuer(world, weights), quick_fill)
    while not world.is_over():
        greedy_turn(world, Valuer(world, weights))


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


class OutOfTime(Exception):
    """An exact search ran past its deadline."""


def exact_values(game: Game, valuer: Valuer, in_time: Callable[[], bool] = lambda: True) -> list[float]:
    """Max-n values of a game with nothing hidden: every placement and fill searched to the
    end (resolutions by ``resolve_choice``), each seat maximising its own final margin.
    Raises ``OutOfTime`` as soon as ``in_time()`` is false (checked at every decision)."""
    if game.is_over():
        return final_margins(game)
    if game.phase is Phase.RESOLVE:
        after = game.clone()
        after.apply(resolve_choice(after, valuer))
        return exact_values(after, valuer, in_time)
    if not in_time():
        raise OutOfTime
    mover = game.current_player()
    best: list[float] | None = None
    for action in game.legal_actions():
        after = game.clone()
        after.apply(action)
        values = exact_values(after, valuer, in_time)
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
        horizon: int = HORIZON,
        deepen: int = DEEPEN_AT,
        root_scale: float = ROOT_SCALE,
        to_end: int = PLAYOUT_PLACEMENTS,
        exact: int = EXACT_PLACEMENTS,
        root: str = "halving",
        select: str = "visits",
        leaf: str = "leaf",
        pulls: int = HALVING_PULLS,
    ) -> None:
        """``rng`` drives the re-deals; ``clock`` measures ``time_budget`` (seconds, never
        going back); ``iterations`` bounds the re-deals (the time then only caps them).
        ``weights`` is the evaluation's weight set or its name (ValueError for an unknown one);
        ``root``, ``select`` and ``leaf`` pick one of ``ROOT_METHODS``, ``SELECTIONS`` and
        ``LEAF_VALUERS`` (ValueError for another); the other options override the module's
        constants of the same meaning."""
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        for value, known, what in (
            (root, ROOT_METHODS, "root"),
            (select, SELECTIONS, "select"),
            (leaf, LEAF_VALUERS, "leaf"),
        ):
            if value not in known:
                raise ValueError(f"{what} must be one of {', '.join(known)}, not {value!r}")
        self.rng = rng
        self.time_budget = time_budget
        self.iterations = iterations
        self.clock = clock
        self.exploration = exploration
        self.horizon = int(horizon)
        self.deepen = int(deepen)
        self.root_scale = root_scale
        self.to_end = int(to_end)
        self.exact = int(exact)
        self.root = root
        self.select = select
        self.leaf = leaf
        self.pulls = max(1, int(pulls))
        self.medium = MediumPlayer(rng, weights=weights)
        self.last_iterations = 0
        """Re-deals used by the last decision (for measurements)."""
        self.last_nodes = 0
        """Tree nodes grown by the last decision (for measurements)."""
        self.last_depth = 0
        """Decisions on the deepest path of the last decision's tree (for measurements)."""

    def rank(self, game: Game) -> list[tuple[float, Action]]:
        """The deciding seat's searched moves, ``(mean value, move)``, the chosen first: by
        ``select`` (widening root; then by visits, value, medium's order) or by the round of
        sequential halving a move reached (then by value); moves never visited are left out."""
        started = self.clock()
        seat = game.current_player()
        view = game.view(seat)
        self.last_iterations = self.last_nodes = self.last_depth = 0
        if view.phase is Phase.RESOLVE:
            return self.medium.rank(view)
        moves = root_moves(view, self.medium)
        if len(moves) == 1:
            return [(0.0, moves[0])]
        deadline = Deadline(self.time_budget, started, self.clock)
        if nothing_hidden(view, seat) and placements_left(view) <= self.exact:
            try:
                return self._solve(view, seat, moves, lambda: self.clock() < deadline.deadline)
            except OutOfTime:
                log.info("exact endgame out of time at turn %d; searching instead", view.turn)

        def keep_going(done: int) -> bool:
            if self.iterations is not None and done >= self.iterations:
                return False
            return deadline.keep_going(done)

        if self.root == "halving":
            return self.halving(view, seat, moves, keep_going, deadline, self.rng)
        root = self.search(view, seat, moves, keep_going, self.rng)
        order = {action: index for index, action in enumerate(moves)}
        visited = [
            (child.visits, child.totals[seat] / child.visits, action)
            for action, child in root.children.items()
            if child.visits
        ]
        visited.sort(key=lambda item: (-item[0], -item[1], order[item[2]]))
        ranked = [(mean, action) for _visits, mean, action in visited]
        if self.select == "visits" or len(visited) < 2:
            return ranked
        most = visited[0][0]
        if self.select == "mean":
            keys = {a: m if v >= MEAN_SHARE * most else -math.inf for v, m, a in visited}
        else:
            log_n = math.log(max(2, root.visits))
            keys = {a: m - self.exploration * math.sqrt(log_n / v) for v, m, a in visited}
        best = max(ranked, key=lambda item: (keys[item[1]], -order[item[1]]))
        return [best] + [item for item in ranked if item[1] != best[1]]

    def _solve(
        self, view: Game, seat: int, moves: list[Action], in_time: Callable[[], bool]
    ) -> list[tuple[float, Action]]:
        """Every root move with its exact value (``exact_values``), best first (ties: ``moves``'
        order); ``OutOfTime`` once ``in_time()`` is false."""
        valuer = Valuer(view, self.medium.weights)
        scored = []
        for index, action in enumerate(moves):
            after = view.clone()
            after.apply(action)
            scored.append((exact_values(after, valuer, in_time)[seat], index, action))
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [(value, action) for value, _i, action in scored]

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
    ) -> Node:
        """Grow the tree of ``seat``'s decision in ``view`` over the root ``moves`` (in order of
        promise) while ``keep_going(done)`` says so, re-dealing with ``rng``; returns its root.
        ``root_width`` fixes how many root moves compete (default: widening); ``on_leaf`` is
        told each priced iteration (see ``Leaf``)."""
        walk = _Walk(self, view, seat, on_leaf)
        done = 0
        while keep_going(done):
            width = root_width if root_width is not None else self._root_width(walk.root.visits)
            walk.iterate(view.determinize(seat, rng), moves[:width])
            done += 1
        walk.report(done)
        return walk.root

    def halving(
        self,
        view: Game,
        seat: int,
        moves: list[Action],
        keep_going: Callable[[int], bool],
        deadline: Deadline,
        rng: random.Random,
    ) -> list[tuple[float, Action]]:
        """Sequential halving at the root: the first moves of ``moves`` (as many as leave each
        ``pulls`` re-deals in the first round of an estimated budget) are each played on the
        same re-deals, round after round, and the worse half (by mean) leaves after each round;
        the budget of a round is the re-deals left split over the rounds left, estimated again
        after every re-deal on time (so the last round runs until the time is up). Below the root
        the tree grows as in ``search``. The budget is ``iterations`` (or, on time, the
        re-deals the first re-deal's speed promises); ``keep_going`` caps it. Returns the moves
        that got a re-deal, the last left first, then by the round each reached and its mean."""
        walk = _Walk(self, view, seat, None)
        done = 0
        arms = moves[:ROOT_BASE]
        if self.iterations is None:
            world = view.determinize(seat, rng)
            for arm in arms:
                walk.iterate(world.clone(), [arm])
            done = len(arms)
        budget = self._budget(done, deadline)
        count = len(moves)
        while count > 2 and count * math.ceil(math.log2(count)) * self.pulls > budget:
            count -= 1
        arms = moves[: max(count, min(len(moves), 2))]
        reached = dict.fromkeys(arms, 0)
        stage = 0
        running = True
        while running and len(arms) > 1:
            rounds = math.ceil(math.log2(len(arms)))
            start = done
            while True:
                share = (self._budget(done, deadline) - start) // rounds
                if done > start and done + len(arms) > start + share:
                    break
                running = keep_going(done)
                if not running:
                    break
                world = view.determinize(seat, rng)
                for arm in arms:
                    running = keep_going(done)
                    if not running:
                        break
                    walk.iterate(world.clone(), [arm])
                    done += 1
                if not running:
                    break
            stage += 1
            arms = sorted(arms, key=lambda a: -walk.mean(a))[: (len(arms) + 1) // 2]
            for arm in arms:
                reached[arm] = stage
        walk.report(done)
        tried = [a for a in reached if walk.mean(a) > -math.inf]
        tried.sort(key=lambda a: (-reached[a], -walk.mean(a)))
        return [(walk.mean(a), a) for a in tried]

    def _budget(self, done: int, deadline: Deadline) -> int:
        """Playouts a search may make in all: ``iterations``, or on time ``done`` and as many
        more as the time left holds at the speed of those ``done`` (at least 1 of them)."""
        if self.iterations is not None:
            return self.iterations
        now = self.clock()
        spent = max(1e-9, now - deadline.search_started)
        return done + max(0, int((deadline.deadline - now) * done / spent))

    def _root_width(self, visits: int) -> int:
        return root_width(visits, self.root_scale)

    def _select(self, node: Node, actions: list[Action], mover: int) -> Action:
        """UCB1 with availability counts over ``actions``; the first untried one if any."""
        best: tuple[float, Action] | None = None
        untried = None
        for action in actions:
            child = node.children.get(action)
            if child is None or not child.visits:
                untried = action if untried is None else untried
            if child is not None:
                child.available += 1
        if untried is not None:
            return untried
        for action in actions:
            child = node.children[action]
            value = child.totals[mover] / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if best is None or value > best[0]:
                best = (value, action)
        assert best is not None
        return best[1]

    def choose(self, game: Game) -> Action:
        """The first move of ``rank``."""
        return self.rank(game)[0][1]


class _Walk:
    """One search's tree and the iteration that walks it: down the tree by UCB1 (the root's
    moves given), one node added, a playout to the horizon, the price backed up."""

    def __init__(self, player: ExpertPlayer, view: Game, seat: int, on_leaf: Leaf | None) -> None:
        self.player = player
        self.seat = seat
        self.root = Node(view.players)
        self.weights = player.medium.weights
        self.valuer = Valuer(view, self.weights)
        self.to_end = placements_left(view) <= player.to_end
        self.rollout = playout(self.valuer, player.horizon)
        self.on_leaf = on_leaf
        self.nodes = 1
        self.depth = 0

    def mean(self, action: Action) -> float:
        """The deciding seat's mean value of root move ``action`` (-inf before its first visit)."""
        child = self.root.children.get(action)
        return child.totals[self.seat] / child.visits if child is not None and child.visits else -math.inf

    def iterate(self, world: Game, root_actions: list[Action]) -> None:
        """One iteration on the re-deal ``world`` (mutated), the root choosing among
        ``root_actions``."""
        player, valuer, root = self.player, self.valuer, self.root
        players = world.players
        turn0 = world.turn
        node = root
        path: list[Node] = [root]
        root_move: Action | None = None
        while not world.is_over():
            if world.phase is Phase.RESOLVE:
                world.apply(resolve_choice(world, valuer))
                continue
            if node is root:
                actions = root_actions
            else:
                if world.phase is Phase.PLACE and world.turn - turn0 > 1 and node.visits < player.deepen:
                    break
                actions = _candidates(world, valuer, node.visits)
            if len(actions) == 1 and node is not root:
                world.apply(actions[0])
                continue
            chosen = player._select(node, actions, world.current_player())
            root_move = chosen if root_move is None else root_move
            child = node.children.get(chosen)
            if child is None:
                child = node.children[chosen] = Node(players)
                self.nodes += 1
            world.apply(chosen)
            path.append(child)
            node = child
            if child.visits == 0:
                break
        if self.to_end:
            play_to_end(world, self.weights)
        else:
            self.rollout(world, turn0)
        pricer = valuer if player.leaf == "root" else Valuer(world, self.weights)
        values = pricer.scores(world)
        if self.on_leaf is not None and root_move is not None:
            self.on_leaf(root_move, world, pricer)
        self.depth = max(self.depth, len(path) - 1)
        for visited in path:
            visited.visits += 1
            for s, value in enumerate(values):
                visited.totals[s] += value

    def report(self, done: int) -> None:
        """Record the search's size on the player (``last_iterations`` and the rest)."""
        self.player.last_iterations = done
        self.player.last_nodes = self.nodes
        self.player.last_depth = self.depth


def _candidates(world: Game, valuer: Valuer, visits: int) -> list[Action]:
    """A node's moves below the root: every fill; the ``widen(visits)`` best placements by the
    quick estimate (ties by legal order)."""
    options = world.legal_actions()
    if world.phase is not Phase.PLACE:
        return options
    width = widen(visits)
    if len(options) <= width:
        return options
    scores = placement_scores(world, options, valuer)
    order = sorted(range(len(options)), key=lambda i: (-scores[i], i))
    return [options[i] for i in order[:width]]
