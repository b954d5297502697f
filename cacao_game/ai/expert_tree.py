"""The expert level's tree below the root (``cacao_game.ai.expert``) and the walk that grows it.

A ``Walk`` is one tree over the re-deals of one decision: each iteration goes down by UCB1
(the root's moves given), adds one node, plays out to the horizon and backs the price up (the
module docstring of ``cacao_game.ai.expert`` says how). A ``Stream`` is a walk with its own
re-deal generator: the unit of work that sequential halving hands to each worker (in this
process or in the search helper, ``cacao_game.ai.parallel``), round after round; its root
totals are what the streams merge. A stream is a pure function of its view, seat, seed,
``Tuning`` and the rounds it is asked to run (with an iteration count: the same results in any
process). No pygame here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from cacao_game.ai.evaluation import FIELD_LEAD, Valuer, field_margins
from cacao_game.ai.hard import REPLY_SHORTLIST, default_horizon, greedy_turn, playout
from cacao_game.ai.ismcts import EXPLORATION, Node, upper_bound
from cacao_game.ai.medium import placement_scores
from cacao_game.ai.policy import finish_turn, quick_fill, resolve_choice
from cacao_game.ai.term_mix import mixed_values
from cacao_game.ai.weights import Weights
from cacao_game.engine import Action, Game, Phase

WIDEN_BASE = 5
"""Placements a node below the root offers from its first visit on (hard's)."""
WIDEN_SCALE = 0.25
"""How fast a node below the root widens: ``WIDEN_BASE + WIDEN_SCALE * sqrt(visits)``."""
DEEPEN_AT = 16
"""Visits a node past the reply needs before it grows children of its own."""
PLAYOUT_PLACEMENTS = 0
"""With at most this many placements left (all seats), playouts run to the final score by
``play_to_end`` (0: never; playing to the end costs re-deals, and the screen's judge, which
plays to the end the same way, cannot judge it fairly: games must)."""
GROW_AT = 0
"""Visits a node of the root's turn or the reply needs before it offers placements (0: from
its first visit; the tree then explores a reply among its widened placements from the first
re-deal on, where the playout would play the greedy one)."""
LEAF_VALUERS = ("root", "leaf")
"""Which ``Valuer`` prices an iteration: the one built at the root, or one built afresh at the
priced state (its unit prices current there)."""

Leaf = Callable[[Action, Game, Valuer], None]
"""Told each priced iteration: the root move above it, the game where it was priced and the
``Valuer`` that priced it."""
ArmStats = dict[Action, tuple[float, int]]
"""Root move -> (the deciding seat's total value, visits) of a stream's tree."""


@dataclass(frozen=True, slots=True)
class Tuning:
    """How the tree grows and prices (the player's options of the same names)."""

    weights: Weights
    exploration: float = EXPLORATION
    horizon: int | None = None
    """Turns played after the root's before pricing; None: by the player count (``horizon_for``)."""
    deepen: int = DEEPEN_AT
    grow: int = GROW_AT
    """Visits a node of the root's turn or the reply needs before it offers placements of its
    own (before that the playout's greedy policy places there)."""
    to_end: int = PLAYOUT_PLACEMENTS
    leaf: str = "leaf"
    shortlist: int = REPLY_SHORTLIST
    """Placements a playout's mover prices in full (``greedy_turn``)."""
    lead: float | None = None
    """The deciding seat's share of the best other seat in its field (``field_margins``);
    None: by the player count (``default_lead``)."""
    mix: float = 0.0
    """How far every seat's worth at the priced state moves from the evaluation's plain sum of
    terms to the learned mix (``term_mix.mixed_values``: 0 the sum, 1 the fitted weights)."""
    win: float = 0.0
    """0: the deciding seat's price is its field margin. Above 0: that margin soft-clipped
    (``win_price``) at ``win`` points per placement left at the priced state, so that a lead
    the rest of the game is unlikely to undo counts little more than a small one (a price for
    finishing first rather than for the margin); the other seats keep theirs."""

    def leads(self, players: int, seat: int) -> list[float]:
        """Every seat's lead in a search for ``seat``: ``lead`` (or ``default_lead``) for it,
        ``FIELD_LEAD`` for the others (as every level prices them)."""
        own = self.lead if self.lead is not None else default_lead(players)
        return [own if other == seat else FIELD_LEAD for other in range(players)]


FIRST_PLACE_LEAD: Final = 1.0
"""The expert's own lead in 4 players: its worth against the best other seat alone, so that
it plays for first place (README: the expert in 4 players; measured against 0.5 on the same
96 games: 36.5 % wins against 29.2 %, +7.3 ± 6.4 points paired)."""


def default_lead(players: int) -> float:
    """The expert's own lead for a player count: ``FIRST_PLACE_LEAD`` in 4 players, where it
    was measured; ``FIELD_LEAD`` in 3 (not measured; in 2 every lead gives the same)."""
    return FIRST_PLACE_LEAD if players == 4 else FIELD_LEAD


def horizon_for(tuning: Tuning, players: int) -> int:
    """The turns after the root's that every iteration of ``tuning`` is played to before it is
    priced, in a game of ``players``: its ``horizon``, or by default hard's for that count
    (``cacao_game.ai.hard.default_horizon``: hard's ``HORIZON`` in 2 players; in 3 and 4 a
    round and one turn more, so that every opponent answers before the price is taken; 4
    players: 2 turns left the last opponent's reply and the seat's own next turn out, README:
    the expert in 4 players)."""
    return tuning.horizon if tuning.horizon is not None else default_horizon(players)


def win_price(margin: float, scale: float, left: int) -> float:
    """``margin`` soft-clipped for a chance of finishing ahead: ``s * tanh(margin / s)`` with
    ``s = scale * (left + 1)`` (in points, so near 0 it is the margin itself and UCB's
    exploration keeps its meaning); ``scale`` 0 gives the margin unchanged. The form is the
    best of those fitted to who won 150 four-player medium games from their margins against
    the leader (logistic in ``margin / (left + 1)``: slope 2.29, so a ``scale`` near 0.9)."""
    if scale <= 0:
        return margin
    spread = scale * (left + 1)
    return spread * math.tanh(margin / spread)


def widen(visits: int) -> int:
    """How many of a node's ordered placements compete after ``visits`` visits (below the root)."""
    return int(WIDEN_BASE + WIDEN_SCALE * math.sqrt(visits))


def play_to_end(world: Game, weights: Weights, shortlist: int = REPLY_SHORTLIST) -> None:
    """Finish ``world`` (mutated) with hard's greedy policy (``shortlist`` placements priced in
    full), a valuer built afresh each turn."""
    finish_turn(world, Valuer(world, weights), quick_fill)
    while not world.is_over():
        greedy_turn(world, Valuer(world, weights), shortlist)


def placements_left(game: Game) -> int:
    """Worker tiles not yet placed, all seats together."""
    return sum(len(game.hands[s]) + len(game.worker_piles[s]) for s in range(game.players))


def select(node: Node, actions: list[Action], mover: int, exploration: float) -> Action:
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
        value = upper_bound(child, mover, exploration)
        if best is None or value > best[0]:
            best = (value, action)
    assert best is not None
    return best[1]


class Walk:
    """One search's tree and the iteration that walks it: down the tree by UCB1 (the root's
    moves given), one node added, a playout to the horizon, the price backed up."""

    def __init__(self, tuning: Tuning, view: Game, seat: int, on_leaf: Leaf | None = None) -> None:
        self.tuning = tuning
        self.seat = seat
        self.root = Node(view.players)
        self.weights = tuning.weights
        self.valuer = Valuer(view, self.weights)
        self.leads = tuning.leads(view.players, seat)
        self.to_end = placements_left(view) <= tuning.to_end
        self.rollout = playout(self.valuer, horizon_for(tuning, view.players), tuning.shortlist)
        self.on_leaf = on_leaf
        self.nodes = 1
        self.depth = 0

    def mean(self, action: Action) -> float:
        """The deciding seat's mean value of root move ``action`` (-inf before its first visit)."""
        child = self.root.children.get(action)
        return child.totals[self.seat] / child.visits if child is not None and child.visits else -math.inf

    def stats(self) -> ArmStats:
        """Every visited root move's total value for the deciding seat and its visits."""
        return {
            action: (child.totals[self.seat], child.visits)
            for action, child in self.root.children.items()
            if child.visits
        }

    def iterate(self, world: Game, root_actions: list[Action]) -> None:
        """One iteration on the re-deal ``world`` (mutated), the root choosing among
        ``root_actions``."""
        tuning, valuer, root = self.tuning, self.valuer, self.root
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
                if world.phase is Phase.PLACE and node.visits < (
                    tuning.deepen if world.turn - turn0 > 1 else tuning.grow
                ):
                    break
                actions = candidates(world, valuer, node.visits)
            if len(actions) == 1 and node is not root:
                world.apply(actions[0])
                continue
            chosen = select(node, actions, world.current_player(), tuning.exploration)
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
            play_to_end(world, self.weights, tuning.shortlist)
        else:
            self.rollout(world, turn0)
        pricer = valuer if tuning.leaf == "root" else Valuer(world, self.weights)
        worth = (
            mixed_values(pricer, world, placements_left(world), tuning.mix)
            if tuning.mix
            else pricer.seat_values(world)
        )
        values = field_margins(worth, self.leads)
        if tuning.win:
            values[self.seat] = win_price(values[self.seat], tuning.win, placements_left(world))
        if self.on_leaf is not None and root_move is not None:
            self.on_leaf(root_move, world, pricer)
        self.depth = max(self.depth, len(path) - 1)
        for visited in path:
            visited.visits += 1
            for s, value in enumerate(values):
                visited.totals[s] += value


class Stream:
    """A walk and its own re-deal generator: the re-deals one worker plays, round by round."""

    def __init__(
        self, tuning: Tuning, view: Game, seat: int, rng: random.Random, on_leaf: Leaf | None = None
    ) -> None:
        """``on_leaf`` is told each priced iteration (see ``Leaf``)."""
        self.view = view
        self.seat = seat
        self.rng = rng
        self.walk = Walk(tuning, view, seat, on_leaf)
        self.done = 0
        """Iterations played so far (every round's)."""

    def play(self, arms: list[Action], keep_going: Callable[[int], bool]) -> bool:
        """One re-deal played for each of ``arms`` in turn (the same deal: common random
        numbers), while ``keep_going(done)`` says so before each; False once it said no."""
        world = self.view.determinize(self.seat, self.rng)
        for arm in arms:
            if not keep_going(self.done):
                return False
            self.walk.iterate(world.clone(), [arm])
            self.done += 1
        return True

    def run(
        self, arms: list[Action], redeals: int | None, iterations: int | None, stop: Callable[[], bool]
    ) -> int:
        """A round: up to ``redeals`` re-deals (None: no bound) of ``play``, at most
        ``iterations`` iterations in all (None: no bound), ``stop()`` asked before each
        iteration. Returns the iterations played."""
        start = self.done

        def keep_going(done: int) -> bool:
            return (iterations is None or done - start < iterations) and not stop()

        dealt = 0
        while (redeals is None or dealt < redeals) and keep_going(self.done):
            dealt += 1
            if not self.play(arms, keep_going):
                break
        return self.done - start


def candidates(world: Game, valuer: Valuer, visits: int) -> list[Action]:
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
