"""The ``hard`` level: a determinized search over the medium player's shortlist.

Before each decision the player re-deals what its seat cannot see (``Game.determinize``:
the order of the jungle pile and of its own pile, the other seats' hands and piles). Two
searches are offered (``method``):

- ``"ismcts"`` (default): single-observer information-set MCTS (``cacao_game.ai.ismcts``),
  one tree over all re-deals, the opponents' replies chosen inside the tree;
- ``"flat"``: flat Monte Carlo; every re-deal is shared by all candidates (common random
  numbers) and each candidate's mean value decides.

Below the tree (or after a flat candidate) the turn is finished and the following turns up
to ``horizon`` are played by a fast greedy policy (placements shortlisted by
``placement_scores`` and priced by the evaluation), then the position is priced by
``Valuer.scores``.

Budgets: ``time_budget`` seconds per decision (default 1.0; the search stops when another
iteration of average length would overrun it, see ``Deadline``), measured by an injectable
``clock`` (default ``time.perf_counter``), or a fixed ``iterations`` count (re-deals) for
reproducible tests. Resolutions are not searched: the resolution
choice is already exact for the evaluation's prices.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.ismcts import ismcts as information_set_search
from cacao_game.ai.medium import MediumPlayer, placement_scores
from cacao_game.ai.policy import finish_turn, quick_fill, rank_by_value
from cacao_game.ai.search import SearchTask
from cacao_game.ai.weights import DEFAULT, Weights
from cacao_game.engine import Action, Game, Phase

TIME_BUDGET = 1.0
"""Seconds per decision by default."""
CANDIDATES = 6
"""Moves of the medium ranking that the search compares."""
HORIZON = 2
"""Turns played after the candidate's own turn before the position is priced, 2 players."""


def default_horizon(players: int) -> int:
    """The playout horizon for a player count: 2 turns with 2 players (tuned: beat 1, 3 and
    4), else a full round plus one turn, so every opponent answers (4 players at 0.3 s per
    decision, 100 games against three mediums: horizon 5 won 50.5%, 3 won 34%, 2 won 36%)."""
    return HORIZON if players == 2 else players + 1


METHODS = ("ismcts", "flat")
"""The two searches: information-set MCTS, flat Monte Carlo over the shortlist."""
METHOD = "ismcts"
"""The default search (the stronger in the measurements of the README's AI section)."""
REPLY_SHORTLIST = 3
"""Placements a playout mover prices in full after the quick ranking."""


class Deadline:
    """The time budget of one decision: ``keep_going(done)`` for a search.

    The budget runs from ``started`` (a reading of ``clock``); the search's own start is read
    when the deadline is made. The first iteration always runs; after ``done`` iterations
    another runs only if it would end before the budget does, were it as long as their
    average. ``clock`` returns seconds and never goes back.
    """

    __slots__ = ("clock", "deadline", "search_started")

    def __init__(self, seconds: float, started: float, clock: Callable[[], float]) -> None:
        """Budget ``seconds`` from ``started``."""
        self.clock = clock
        self.deadline = started + seconds
        self.search_started = clock()

    def keep_going(self, done: int) -> bool:
        """Whether to run another iteration after ``done`` of them."""
        if not done:
            return True
        now = self.clock()
        return now + (now - self.search_started) / done < self.deadline


def greedy_turn(game: Game, valuer: Valuer, shortlist: int = REPLY_SHORTLIST) -> None:
    """Play one whole turn of ``game`` (mutated) for its mover with the fast greedy policy."""
    options = game.legal_actions()
    if len(options) > shortlist:
        scores = placement_scores(game, options, valuer)
        order = sorted(range(len(options)), key=lambda i: -scores[i])
        options = [options[i] for i in order[:shortlist]]
    action = rank_by_value(game, options, game.mover, valuer, quick_fill)[0][2]
    game.apply(action)
    finish_turn(game, valuer, quick_fill)


def playout(valuer: Valuer, horizon: int, shortlist: int = REPLY_SHORTLIST) -> Callable[[Game, int], None]:
    """A search's ``rollout(world, turn0)``: finish the turn of ``world`` (mutated), then play
    greedy turns (``shortlist`` placements priced in full) until ``horizon`` turns after
    ``turn0`` or the end."""

    def rollout(world: Game, turn0: int) -> None:
        finish_turn(world, valuer, quick_fill)
        while not world.is_over() and world.turn - turn0 <= horizon:
            greedy_turn(world, valuer, shortlist)

    return rollout


def common_redeals(task: SearchTask) -> Iterator[list[Game]]:
    """Re-deal after re-deal while ``task.keep_going(done)`` says so: each shortlisted move
    played on the same re-deal (common random numbers) and rolled out, in shortlist order."""
    done = 0
    while task.keep_going(done):
        world = task.view.determinize(task.seat, task.rng)
        games = []
        for action in task.shortlist:
            game = world.clone()
            game.apply(action)
            task.rollout(game, world.turn)
            games.append(game)
        yield games
        done += 1


def flat_monte_carlo(task: SearchTask) -> list[tuple[float, Action]]:
    """Mean value of each shortlisted move over re-deals shared by all moves.

    Returns ``(mean value, move)``, best first (ties by shortlist order).
    """
    shortlist = task.shortlist
    totals = [0.0] * len(shortlist)
    done = 0
    for games in common_redeals(task):
        for index, game in enumerate(games):
            totals[index] += task.valuer.score(game, task.seat)
        done += 1
    order = sorted(range(len(shortlist)), key=lambda i: (-totals[i], i))
    return [(totals[i] / max(1, done), shortlist[i]) for i in order]


class HardPlayer:
    """Search player: see the module docstring. Deterministic given its seed, the seat's view
    and (with ``iterations``) no time limit."""

    name = "hard"

    def __init__(
        self,
        rng: random.Random,
        time_budget: float = TIME_BUDGET,
        iterations: int | None = None,
        candidates: int = CANDIDATES,
        horizon: int | None = None,
        method: str = METHOD,
        ismcts: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        weights: str | Weights = DEFAULT,
    ) -> None:
        """``rng`` is the player's own seeded generator (it drives the re-deals).

        ``clock`` measures ``time_budget`` (seconds, never going back); a fake clock makes
        the budget testable and the search reproducible.

        ``method`` is ``"ismcts"`` or ``"flat"`` (``ismcts=0/1`` is the same switch as a
        number). ``horizon`` None picks ``default_horizon`` for the game's player count.
        ``weights`` is the evaluation's weight set or its name. Raises ValueError for another
        method or an unknown weight set.
        """
        self.rng = rng
        self.time_budget = time_budget
        self.clock = clock
        self.iterations = iterations
        self.candidates = candidates
        self.horizon = horizon
        if ismcts is not None:
            method = "ismcts" if ismcts else "flat"
        if method not in METHODS:
            raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
        self.method = method
        self.medium = MediumPlayer(rng, weights=weights)
        self.last_iterations = 0
        """Determinizations used by the last decision (for measurements)."""

    def rank(self, game: Game) -> list[tuple[float, Action]]:
        """The deciding seat's shortlisted options with their mean searched values, best first."""
        started = self.clock()
        seat = game.current_player()
        ranked = self.medium.rank(game)
        if game.phase is Phase.RESOLVE or len(ranked) == 1:
            self.last_iterations = 0
            return ranked
        shortlist = [action for _value, action in ranked[: self.candidates]]
        view = game.view(seat)
        valuer = Valuer(view, self.medium.weights)
        deadline = Deadline(self.time_budget, started, self.clock)
        counter = [0]
        horizon = self.horizon if self.horizon is not None else default_horizon(game.players)

        def keep_going(done: int) -> bool:
            counter[0] = done
            if self.iterations is not None:
                return done < self.iterations
            return deadline.keep_going(done)

        task = SearchTask(view, seat, shortlist, valuer, self.rng, keep_going, playout(valuer, horizon))
        search = information_set_search if self.method == "ismcts" else flat_monte_carlo
        result = search(task)
        self.last_iterations = counter[0]
        return result

    def choose(self, game: Game) -> Action:
        """The shortlisted action with the best mean value over the re-deals."""
        return self.rank(game)[0][1]
