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
  gather instead of stopping at a fixed turn. (``grow=G``, off by default: a node of the
  root's turn or the reply too offers placements only from G visits on, the greedy playout
  placing there before.)
- Every iteration is priced at the same point whatever the leaf's depth: below the tree the
  turns are played by hard's greedy policy (``playout``) until ``HORIZON`` turns after the
  root's in 2 players, as hard a round and one turn more in 3 and 4 (``horizon_for``), or the
  leaf's turn is finished, if deeper; then priced by ``Valuer.scores`` of a
  valuer built at the priced state itself (``leaf="leaf"``, the default: unit prices current
  there, e.g. cacao worth nothing to a seat without tiles left) or of the one built from the
  seat's view at the root (``leaf="root"``, as hard prices). (Pricing leaves at their own
  depth mixes values taken before and after a reply: moves explored more look worse. That
  was the first version's flaw.)
- Once nothing is hidden from the deciding seat (``nothing_hidden``: in 2 players from about
  turn 16) and at most ``EXACT_PLACEMENTS`` placements are left, a full max-n search over
  every placement and fill (``endgame.exact_values``) decides. In 2 players, with at most
  ``duel`` placements left (``DUEL_PLACEMENTS``), alpha-beta to the final score
  (``endgame.solve_duel``) decides if it ends within ``DUEL_SHARE`` of the budget (with
  ``iterations``: that share of the count in decisions expanded, so the move is the same at
  any speed; on time: that share of the time), else the search decides with what is left: so
  more thinking solves more endgames exactly, where the search's horizon-priced estimate is
  as wrong after 4 times the re-deals (README: exact endgames of two players). (``to_end``,
  off by default, makes playouts run to the final score once few placements are left.)
- Reach (by default in 2 players from 9 placements left, ``REACH_PLACEMENTS``; ``reach=0``
  turns it off, ``reach=N`` sets it for any player count): a decision whose budget is at least
  ``reach_budget`` iterations (``REACH_BUDGET``) plays its playouts to the final score
  (``play_to_end``, as ``to_end``) once at most ``reach`` placements are left, so that more
  thinking looks further instead of refining the horizon's estimate. With ``iterations`` the
  count is the budget (deterministic: the same position, seed and count give the same move);
  on time it is the time budget at the speed this player's own searches on time have shown
  so far (iterations per second of the clock, counted over its decisions that played no
  playout to the end; none before the first such decision). On a 2-core machine (about 1,700
  iterations a second on one stream) 2 s reaches and 1 s does not on one stream (on the app's
  two, 1 s is at the edge: 2,100-2,600 late in the game); the coach's hints and review (at
  most 1,000 iterations, a fresh player each time) never reach. Such a decision may also look
  further and play its playouts better: ``reach_horizon`` turns instead of ``horizon`` (0:
  the same), and ``reach_shortlist`` placements priced in full by each playout mover instead
  of hard's 3 (0: the same); a decision so changed does not count towards the speed on time
  either. Neither has shown a gain large enough to be the default (README: the expert's
  strength and time).

Budgets: ``iterations`` priced iterations, each a re-deal played for one root move
(reproducible: the same position, seed and count give the same move, whatever the machine's
speed: with a count and no time given the clock sets no limit), or ``time_budget`` seconds
measured by an injectable ``clock`` (``Deadline``); with both, the time caps the count.

Cores: with ``workers=2`` sequential halving splits every round's re-deals over two streams,
each with its own generator and its own tree below the root, the second played by a search
helper process (``cacao_game.ai.parallel``, started once per player); after each round the
streams' root totals are added up and the same moves leave both. With an iteration count
the move is the same wherever the second stream runs. ``workers=1`` (the default: tournaments
and tools) searches exactly as before; the app's worker asks for ``search_workers()``. The
tree and its walk live in ``cacao_game.ai.expert_tree``.
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Final, Literal, assert_never

from cacao_game.ai.endgame import (
    DUEL_PLACEMENTS,
    DUEL_SHARE,
    Allowance,
    OutOfTime,
    exact_values,
    ordered_moves,
    solve_duel,
)
from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.expert_tree import (
    DEEPEN_AT,
    GROW_AT,
    LEAF_VALUERS,
    PLAYOUT_PLACEMENTS,
    WIDEN_BASE,
    WIDEN_SCALE,
    ArmStats,
    Leaf,
    Stream,
    Tuning,
    Walk,
    horizon_for,
    placements_left,
    play_to_end,
    widen,
)
from cacao_game.ai.hard import HORIZON, Deadline
from cacao_game.ai.ismcts import EXPLORATION, Node
from cacao_game.ai.medium import MediumPlayer
from cacao_game.ai.parallel import Helper, LocalPartner, Partner
from cacao_game.ai.weights import DEFAULT, Weights
from cacao_game.engine import Action, Game, Phase

log = logging.getLogger(__name__)

TIME_BUDGET = 3.0
"""Seconds per decision by default (setup offers it first: ``config.choices.EXPERT_TIME``)."""
ROOT_BASE = 6
"""Root moves competing from the first re-deal on (hard's shortlist)."""
ROOT_SCALE = 0.35
"""How fast the root widens: ``max(ROOT_BASE, ROOT_SCALE * sqrt(visits))`` moves (6 up to
about 300 re-deals, 11 at 1,000, 22 at 4,000, 44 at 16,000)."""
EXACT_PLACEMENTS = 2
"""With nothing hidden and at most this many placements left, the endgame is solved exactly."""
REACH_BUDGET = 2500
"""Iterations a decision's budget must reach for its playouts to run to the final score late in
the game (see ``REACH_PLACEMENTS``): between 1 s and 2 s of one stream on a 2-core machine."""
REACH_PLACEMENTS: Final[Mapping[int, int]] = MappingProxyType({2: 9})
"""By player count, how many placements (all seats) may be left for a decision whose budget
holds ``REACH_BUDGET`` iterations or more to run its playouts to the final score (a count not
listed: never). 9 in 2 players (about the last five turns each, where a playout to the end
costs up to about three times one to ``HORIZON``): at the same CPU time it won 14 more
endgames in 100 from there (README: the expert's strength and time); 3 players are not
measured, and 4 players (from 12 or 8 left at 1 s) showed no gain."""

ROOT_METHODS = ("widen", "halving")
"""How the root spends its re-deals: progressive widening under UCB1 (``widen``), or
sequential halving over common re-deals (``halving``: ``ExpertPlayer.halving``)."""
SELECTIONS = ("visits", "mean", "lcb")
"""How the widening root's move is picked: most visits; best mean among moves with at least
``MEAN_SHARE`` of the most visits; best lower bound (mean less the UCB1 bonus)."""
MEAN_SHARE = 0.25
"""Share of the most visited root move's visits a move needs to be picked by ``mean``."""
MAX_WORKERS = 8
"""The most streams (``workers``) a player may search with."""
HALVING_PULLS = 16
"""Re-deals each root move gets in the first round of sequential halving, at least: the
number of moves entered is the most that leaves them this many."""


def default_reach(players: int) -> int:
    """Placements left from which a decision that reaches plays to the final score in a game of
    ``players`` (``REACH_PLACEMENTS``; 0: never)."""
    return REACH_PLACEMENTS.get(players, 0)


def root_width(visits: int, scale: float = ROOT_SCALE) -> int:
    """How many of the root's ordered moves compete after ``visits`` visits."""
    return max(ROOT_BASE, int(scale * math.sqrt(visits)))


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


Solver = Literal["max-n", "alpha-beta"]
"""An exact endgame search (``exact_solver``)."""


def exact_solver(
    view: Game, seat: int, exact: int = EXACT_PLACEMENTS, duel: int = DUEL_PLACEMENTS
) -> Solver | None:
    """Which exact search may decide ``seat``'s decision in ``view`` (the level's and the
    coach's one rule): once nothing is hidden, max-n (``endgame.exact_values``) with at most
    ``exact`` placements left, else in 2 players alpha-beta (``endgame.solve_duel``) with at
    most ``duel``; None: the tree search decides."""
    if not nothing_hidden(view, seat):
        return None
    left = placements_left(view)
    if left <= exact:
        return "max-n"
    return "alpha-beta" if view.players == 2 and left <= duel else None


def root_moves(view: Game, medium: MediumPlayer) -> list[Action]:
    """Every legal move of ``view``'s decider: medium's ranking first, then the rest in the
    quick order."""
    ranked = [action for _value, action in medium.rank(view)]
    seen = set(ranked)
    rest = [a for a in ordered_moves(view, Valuer(view, medium.weights)) if a not in seen]
    return ranked + rest


class ExpertPlayer:
    """Search player: see the module docstring. Deterministic given its seed, the seat's view
    and (with ``iterations``) no time limit."""

    name = "expert"

    def __init__(
        self,
        rng: random.Random,
        time_budget: float | None = None,
        iterations: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        weights: str | Weights = DEFAULT,
        exploration: float = EXPLORATION,
        horizon: int | None = None,
        deepen: int = DEEPEN_AT,
        grow: int = GROW_AT,
        root_scale: float = ROOT_SCALE,
        to_end: int = PLAYOUT_PLACEMENTS,
        exact: int = EXACT_PLACEMENTS,
        duel: int = DUEL_PLACEMENTS,
        duel_share: float = DUEL_SHARE,
        root: str = "halving",
        select: str = "visits",
        leaf: str = "leaf",
        pulls: int = HALVING_PULLS,
        workers: int = 1,
        helpers: bool = True,
        reach: int | None = None,
        reach_budget: int = REACH_BUDGET,
        reach_horizon: int = 0,
        reach_shortlist: int = 0,
        lead: float | None = None,
        win: float = 0.0,
        mix: float = 0.0,
    ) -> None:
        """``rng`` drives the re-deals; ``clock`` measures ``time_budget`` (seconds, never
        going back; None: ``TIME_BUDGET``, or no time limit with ``iterations``);
        ``iterations`` bounds the re-deals (a time given as well then caps them: a review
        found ``expert:iterations=N`` cut by the default 3 s, its move hanging on the
        machine's speed).
        ``workers`` is how many streams of re-deals sequential halving plays (``halving``:
        the others in search helper processes, ``cacao_game.ai.parallel``, or with
        ``helpers`` false in this process, in turn, and only with ``iterations``; ``close``
        stops the helpers). ``reach`` and ``reach_budget``: playouts to the final score once
        at most ``reach`` placements are left (None: by the player count, ``default_reach``;
        0: never), in decisions whose budget is at least ``reach_budget`` iterations (0: in
        every decision; the module docstring's Reach); ``reach_horizon`` (0: ``horizon``)
        is the horizon of such decisions and ``reach_shortlist`` (0: hard's ``REPLY_SHORTLIST``)
        how many placements their playouts' movers price in full.
        ``duel`` and ``duel_share``: the exact endgame of two players from that many
        placements left, within that share of the budget (``DUEL_PLACEMENTS``, ``DUEL_SHARE``;
        ``duel=0`` never tries it).
        ``weights`` is the evaluation's weight set or its name (ValueError for an unknown one);
        ``lead`` is the share of the best other seat in the field the deciding seat's own
        worth is measured against in its search (None: by the player count, ``default_lead``;
        every other seat keeps ``FIELD_LEAD``, as every level prices them); ``win`` above 0
        prices the deciding seat's margin for finishing ahead (``Tuning.win``, ``win_price``);
        ``mix`` above 0 prices every seat's worth with the learned mix of terms (``Tuning.mix``);
        ``root``, ``select`` and ``leaf`` pick one of ``ROOT_METHODS``, ``SELECTIONS`` and
        ``LEAF_VALUERS`` (ValueError for another); ``horizon`` None plays playouts as far as
        the player count asks (``horizon_for``); the other options override the module's
        constants of the same meaning."""
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if int(workers) != workers or not 1 <= workers <= MAX_WORKERS:
            raise ValueError(f"workers must be a whole number from 1 to {MAX_WORKERS}, not {workers}")
        for value, known, what in (
            (root, ROOT_METHODS, "root"),
            (select, SELECTIONS, "select"),
            (leaf, LEAF_VALUERS, "leaf"),
        ):
            if value not in known:
                raise ValueError(f"{what} must be one of {', '.join(known)}, not {value!r}")
        self.rng = rng
        self.time_budget = (
            time_budget if time_budget is not None else TIME_BUDGET if iterations is None else math.inf
        )
        self.iterations = iterations
        self.clock = clock
        self.exploration = exploration
        self.horizon = None if horizon is None else int(horizon)
        self.deepen = int(deepen)
        self.root_scale = root_scale
        self.to_end = int(to_end)
        self.exact = int(exact)
        self.duel = int(duel)
        self.duel_share = float(duel_share)
        self.root = root
        self.select = select
        self.leaf = leaf
        self.pulls = max(1, int(pulls))
        self.medium = MediumPlayer(rng, weights=weights)
        self.tuning = Tuning(
            self.medium.weights,
            exploration,
            self.horizon,
            self.deepen,
            int(grow),
            self.to_end,
            leaf,
            lead=None if lead is None else float(lead),
            win=float(win),
            mix=float(mix),
        )
        self.workers = int(workers)
        self.helpers = bool(helpers)
        self.reach = None if reach is None else int(reach)
        self.reach_budget = int(reach_budget)
        self.reach_horizon = int(reach_horizon) or self.horizon
        self.reach_shortlist = int(reach_shortlist) or self.tuning.shortlist
        self.speed: tuple[int, float] = (0, 0.0)
        """Iterations and clock seconds of this player's searches on time that played no
        playout to the end (their speed prices a time budget in iterations: ``expected``). A
        caller that makes a player afresh for each decision (a host's AI worker) carries it
        from one to the next."""
        self._helpers: list[Helper] = []
        """The search helpers of the streams after the first (started at the first decision)."""
        self.last_iterations = 0
        """Re-deals used by the last decision (for measurements)."""
        self.last_nodes = 0
        """Tree nodes grown by the last decision, or the decisions its exact endgame of two
        players expanded (for measurements)."""
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
        try:
            match exact_solver(view, seat, self.exact, self.duel):
                case "max-n":
                    return self._solve(view, seat, moves, lambda: self.clock() < deadline.deadline)
                case "alpha-beta":
                    return self._duel(view, moves, started)
                case None:
                    pass
                case unknown:
                    assert_never(unknown)
        except OutOfTime:
            log.info("exact endgame out of its budget at turn %d; searching instead", view.turn)
            deadline = Deadline(self.time_budget, started, self.clock)

        def keep_going(done: int) -> bool:
            if self.iterations is not None and done >= self.iterations:
                return False
            return deadline.keep_going(done)

        tuning = self.decision_tuning(view.players)
        if self.root == "halving":
            ranked = self.halving(view, seat, moves, keep_going, deadline, self.rng, tuning=tuning)
        else:
            root = self.search(view, seat, moves, keep_going, self.rng, tuning=tuning)
            ranked = self._picked(root, seat, moves)
        plain = replace(tuning, to_end=self.to_end) == self.tuning
        if self.iterations is None and placements_left(view) > tuning.to_end and plain:
            count, seconds = self.speed
            self.speed = (count + self.last_iterations, seconds + self.clock() - deadline.search_started)
        return ranked

    def _picked(self, root: Node, seat: int, moves: list[Action]) -> list[tuple[float, Action]]:
        """The widening root's visited moves, ``(mean value, move)``, the one ``select`` picks
        first, then by visits, value and ``moves``' order."""
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

    def expected(self) -> float | None:
        """Iterations a decision's budget holds: ``iterations``, or on time ``time_budget`` at
        the speed of this player's searches on time so far (None before the first)."""
        if self.iterations is not None:
            return float(self.iterations)
        count, seconds = self.speed
        return self.time_budget * count / seconds if count and seconds > 0 else None

    def decision_tuning(self, players: int) -> Tuning:
        """How the next decision of a game of ``players`` grows and prices its tree: the player's
        ``Tuning``, with playouts to the final score from ``reach`` placements left (None: by
        the player count, ``default_reach``) and the horizon ``reach_horizon`` when the budget
        (``expected``) is at least ``reach_budget``, always if that is 0 (the module docstring's
        Reach)."""
        budget = self.expected()
        if self.reach_budget > 0 and (budget is None or budget < self.reach_budget):
            return self.tuning
        reach = self.reach if self.reach is not None else default_reach(players)
        return replace(
            self.tuning,
            to_end=max(self.to_end, reach),
            horizon=self.reach_horizon,
            shortlist=self.reach_shortlist,
        )

    def _solve(
        self, view: Game, seat: int, moves: list[Action], in_time: Callable[[], bool]
    ) -> list[tuple[float, Action]]:
        """Every root move with its exact value (``exact_values``), best first (ties: ``moves``'
        order); ``OutOfTime`` once ``in_time()`` is false."""
        valuer = Valuer(view, self.medium.weights)
        leads = self.tuning.leads(view.players, seat)
        scored = []
        for index, action in enumerate(moves):
            after = view.clone()
            after.apply(action)
            scored.append((exact_values(after, valuer, in_time, leads)[seat], index, action))
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [(value, action) for value, _i, action in scored]

    def _duel(self, view: Game, moves: list[Action], started: float) -> list[tuple[float, Action]]:
        """The best of ``moves`` by ``solve_duel`` alone, with its exact margin, if it ends within
        ``duel_share`` of the budget: with ``iterations`` that many decisions expanded per
        iteration, and on time that share of ``time_budget`` from ``started`` (either caps it
        when both are given); ``OutOfTime`` otherwise."""
        until = started + self.duel_share * self.time_budget
        allowance = Allowance.duel(self.iterations, lambda: self.clock() < until, self.duel_share)
        try:
            value, action, _end = solve_duel(view, moves, Valuer(view, self.medium.weights), allowance)
        finally:
            self.last_nodes = allowance.expanded
        return [(value, action)]

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
        tuning: Tuning | None = None,
    ) -> Node:
        """Grow the tree of ``seat``'s decision in ``view`` over the root ``moves`` (in order of
        promise) while ``keep_going(done)`` says so, re-dealing with ``rng``; returns its root.
        ``root_width`` fixes how many root moves compete (default: widening); ``on_leaf`` is
        told each priced iteration (see ``Leaf``); ``tuning`` defaults to the player's. One
        stream, in this process."""
        walk = Walk(tuning or self.tuning, view, seat, on_leaf)
        done = 0
        while keep_going(done):
            width = root_width if root_width is not None else self._root_width(walk.root.visits)
            walk.iterate(view.determinize(seat, rng), moves[:width])
            done += 1
        self.last_iterations, self.last_nodes, self.last_depth = done, walk.nodes, walk.depth
        return walk.root

    def halving(
        self,
        view: Game,
        seat: int,
        moves: list[Action],
        keep_going: Callable[[int], bool],
        deadline: Deadline,
        rng: random.Random,
        *,
        keep: Action | None = None,
        on_leaf: Leaf | None = None,
        tuning: Tuning | None = None,
    ) -> list[tuple[float, Action]]:
        """Sequential halving at the root: the first moves of ``moves`` (as many as leave each
        ``pulls`` re-deals in the first round of an estimated budget) are each played on the
        same re-deals, round after round, and the worse half (by mean) leaves after each round;
        the budget of a round is the re-deals left split over the rounds left, estimated again
        after every re-deal on time (so the last round runs until the time is up). Below the root
        the tree grows as in ``search``. The budget is ``iterations`` (or, on time, the
        re-deals the first re-deal's speed promises); ``keep_going`` caps it. Returns the moves
        that got a re-deal, the last left first, then by the round each reached and its mean.

        With ``workers`` above 1 every round's re-deals are split over that many streams, each
        with its own generator (seeded from ``rng``) and its own tree below the root: this
        process plays the first, search helpers the others (``cacao_game.ai.parallel``); after
        each round their root totals are added up and the same moves leave all of them. With
        ``iterations`` each stream's share of a round is fixed in advance, so the move is the
        same wherever the streams run; on time the others play until the first has played its
        share of the time. With one worker ``rng`` itself deals the re-deals.

        For the coach (``cacao_game.ai.analysis``): ``keep``, a move of ``moves``, is played on
        every round's re-deals even once it has left the contest (or if it never entered it),
        so it is appraised on the same re-deals as the move chosen (first on each, so even a
        single iteration appraises it); it is listed at the round it reached (0 if it never
        entered). ``on_leaf`` is told every priced iteration (one
        worker only: ValueError otherwise). ``tuning`` (every stream's) defaults to the
        player's."""
        if on_leaf is not None and self.workers != 1:
            raise ValueError("on_leaf needs a search of one worker")
        first, partners = self._streams(view, seat, rng, tuning or self.tuning, on_leaf)
        try:
            return self._halve(moves, first, partners, keep_going, deadline, keep)
        finally:
            for partner in partners:
                partner.finish(lambda: False)

    def _streams(
        self, view: Game, seat: int, rng: random.Random, tuning: Tuning, on_leaf: Leaf | None = None
    ) -> tuple[Stream, list[Partner]]:
        """This process's stream and the others' partners: a helper's, or one played here in
        turn if no helper can run and an iteration count bounds the search (on time it is
        left out: it would have no time of its own)."""
        if self.workers == 1:
            return Stream(tuning, view, seat, rng, on_leaf), []
        seeds = [rng.getrandbits(64) for _ in range(self.workers)]
        partners: list[Partner] = []
        for index, seed in enumerate(seeds[1:]):
            if len(self._helpers) <= index:
                self._helpers.append(Helper())
            helper = self._helpers[index].partner(view, seat, seed, tuning) if self.helpers else None
            if helper is not None:
                partners.append(helper)
            elif self.iterations is not None:
                partners.append(LocalPartner(tuning, view, seat, seed))
        return Stream(tuning, view, seat, random.Random(seeds[0])), partners

    def _halve(
        self,
        moves: list[Action],
        first: Stream,
        partners: list[Partner],
        keep_going: Callable[[int], bool],
        deadline: Deadline,
        keep: Action | None = None,
    ) -> list[tuple[float, Action]]:
        """``halving`` over the streams: ``first`` played here, ``partners`` a round at a time;
        ``keep`` played in every round."""
        streams = 1 + len(partners)
        arms = moves[:ROOT_BASE]
        if self.iterations is None:
            world = first.view.determinize(first.seat, first.rng)
            opening = arms if keep is None or keep in arms else [keep, *arms]
            for arm in opening:  # ``keep`` too: appraised even if the time is up after these
                first.walk.iterate(world.clone(), [arm])
            first.done = len(opening)
        budget = self._budget(first.done, deadline) * (1 if self.iterations is not None else streams)
        count = len(moves)
        while count > 2 and count * math.ceil(math.log2(count)) * self.pulls > budget:
            count -= 1
        arms = moves[: max(count, min(len(moves), 2))]
        reached = dict.fromkeys(arms, 0)
        stage = 0
        running = True
        means: dict[Action, float] = {}
        while running and len(arms) > 1:
            rounds = math.ceil(math.log2(len(arms)))
            playing = arms if keep is None else [keep, *(arm for arm in arms if arm != keep)]
            others = sum(partner.done for partner in partners)
            quotas = self._quotas(first.done + others, rounds, len(playing), streams)
            for partner, (redeals, cap) in zip(partners, quotas[1:], strict=True):
                partner.start(playing, redeals, cap)
            running = self._first_round(first, playing, rounds, quotas[0], keep_going, others, deadline)
            in_time = _in_time(running, keep_going, first, others)
            for partner in partners:
                partner.finish(in_time)
            stage += 1
            means = _means(first.walk.stats(), *(partner.stats() for partner in partners))
            arms = sorted(arms, key=lambda a: -means.get(a, -math.inf))[: (len(arms) + 1) // 2]
            for arm in arms:
                reached[arm] = stage
        if not means:
            means = _means(first.walk.stats(), *(partner.stats() for partner in partners))
        self.last_iterations = first.done + sum(partner.done for partner in partners)
        self.last_nodes = first.walk.nodes + sum(partner.nodes for partner in partners)
        self.last_depth = max([first.walk.depth, *(partner.depth for partner in partners)])
        if keep is not None:
            reached.setdefault(keep, 0)
        tried = [a for a in reached if a in means]
        tried.sort(key=lambda a: (-reached[a], -means[a]))
        return [(means[a], a) for a in tried]

    def _quotas(self, done: int, rounds: int, arms: int, streams: int) -> list[tuple[int | None, int | None]]:
        """Each stream's bounds for the next round, ``(re-deals, iterations)``: with an
        iteration count the round's re-deals (the count left split over the rounds left, at
        least one) dealt out in turn, the first streams taking any left over, and iterations
        up to the count left; on time no bounds (the first stream's time decides)."""
        if self.iterations is None:
            return [(None, None)] * streams
        share = (self.iterations - done) // rounds
        redeals = max(1, share // arms)
        left = self.iterations - done
        quotas: list[tuple[int | None, int | None]] = []
        for index in range(streams):
            mine = redeals // streams + (1 if index < redeals % streams else 0)
            cap = min(mine * arms, left)
            left -= cap
            quotas.append((mine, cap))
        return quotas

    def _first_round(
        self,
        first: Stream,
        arms: list[Action],
        rounds: int,
        quota: tuple[int | None, int | None],
        keep_going: Callable[[int], bool],
        others: int,
        deadline: Deadline,
    ) -> bool:
        """This process's share of a round: ``quota``'s re-deals and iterations, or on time
        until its share of the time left is played (estimated again after every re-deal);
        False once ``keep_going`` (told every stream's iterations) said no."""
        start = first.done
        redeals, cap = quota
        dealt = 0

        def go_on(done: int) -> bool:
            return (cap is None or done - start < cap) and keep_going(others + done)

        while True:
            if redeals is not None:
                if dealt >= redeals:
                    return True
            else:
                share = (self._budget(first.done, deadline) - start) // rounds
                if first.done > start and first.done + len(arms) > start + share:
                    return True
            if not go_on(first.done):
                return False
            dealt += 1
            if not first.play(arms, go_on):
                return False

    def close(self) -> None:
        """Stop the search helpers (a later decision starts them again)."""
        for helper in self._helpers:
            helper.close()
        self._helpers = []

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

    def choose(self, game: Game) -> Action:
        """The first move of ``rank``."""
        return self.rank(game)[0][1]


def _in_time(
    running: bool, keep_going: Callable[[int], bool], first: Stream, others: int
) -> Callable[[], bool]:
    """Whether the other streams may finish their round: the first one's did not run out,
    and ``keep_going`` (told the iterations known) still says so."""
    return lambda: running and keep_going(first.done + others)


def _means(*streams: ArmStats) -> dict[Action, float]:
    """Each root move's mean value over the streams' totals (moves never visited left out)."""
    totals: dict[Action, list[float]] = {}
    for stats in streams:
        for action, (total, visits) in stats.items():
            into = totals.setdefault(action, [0.0, 0.0])
            into[0] += total
            into[1] += visits
    return {action: total / visits for action, (total, visits) in totals.items()}


__all__ = [
    "DEEPEN_AT",
    "EXPLORATION",
    "HORIZON",
    "LEAF_VALUERS",
    "PLAYOUT_PLACEMENTS",
    "REACH_BUDGET",
    "REACH_PLACEMENTS",
    "WIDEN_BASE",
    "WIDEN_SCALE",
    "ExpertPlayer",
    "Leaf",
    "default_reach",
    "horizon_for",
    "nothing_hidden",
    "placements_left",
    "play_to_end",
    "root_moves",
    "root_width",
    "widen",
]
