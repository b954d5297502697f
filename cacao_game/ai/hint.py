"""Suggestions for a human seat (the app's H key): a function of the position.

``advise(game, level)`` gives the move ``level`` suggests to ``game.current_player()`` and
why (``cacao_game.ai.explain``); ``suggest`` gives just the move. Both read only that seat's
view, so they never leak hidden tiles, and both are deterministic: ``medium`` ranks by its
one-turn evaluation; ``hard`` and ``expert`` ask the coach's search
(``cacao_game.ai.analysis``, ``SEARCHES``) for ``HINT_ITERATIONS`` iterations (by level and
player count; an expert fill a ``FILL_SHARE`` of them), seeded from the position
(``position_seed``): hard's flat search over medium's best ``CANDIDATES``, or the expert
level's own search over every legal move (the move ``expert:iterations=N`` plays with that
seed). The same position and level give the
same move and reasons on any machine, at any speed, in any language; no clock is read.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from cacao_game.ai.analysis import SEARCHES, Analysis, appraise, position_seed, searched_moves
from cacao_game.ai.explain import Advice, explain, laid_by_the_engine
from cacao_game.ai.medium import MediumPlayer
from cacao_game.engine import Action, Fill, Game, GameOverError, Phase

HINT_LEVELS = ("medium", "hard", "expert")
"""The levels that give hints, weakest first (the app asks the strongest: ``hint_level``)."""
HINT_ITERATIONS: Final[dict[str, dict[int, int]]] = {
    "hard": {2: 40, 3: 24, 4: 16},
    "expert": {2: 1000, 3: 380, 4: 280},
}
"""Iterations of a searching level's hint by player count: a ``hard`` hint's re-deals (each
plays medium's best ``CANDIDATES`` moves), an ``expert`` hint's priced iterations (each
plays one move). Each fits about the hard level's default thinking time (1 s) at the slowest
5 % of positions on the machine that measured them (``HINT_CALIBRATION``; the expert's on a
shared 2-core machine: p95 0.79 / 0.90 / 0.86 s with 2 / 3 / 4 players, hints included, at
1,000 / 800 / 750). Since the expert's playouts in 3 and 4 players run a round and one turn
past the root's (``expert_tree.horizon_for``) an iteration costs 2.1 / 2.7 times what it did
there (CPU time side by side, 8 positions each), so those counts are 800 / 750 divided by it."""
HINT_CALIBRATION: Final = "python tools/bench_coach.py --calibrate --players P"
"""The command that measured ``HINT_ITERATIONS`` (it prints each search's iterations per
second and the counts that fit the hard level's thinking time)."""
FILL_SHARE: Final = 4
"""An expert fill hint searches a quarter of ``HINT_ITERATIONS``: a placement's hint plans
its fills (``planned_fills``), and the whole then costs about 1.3 times the placement's search
rather than 1.7, which keeps the hints' p95 near 1 s. The price, measured by ``python
tools/bench_coach.py --fills 4 --games 12 --every 3 --seed 40`` (53 fills from the display,
2 players; loss against 4,000 iterations of another seed): 0.106 points at 250 iterations,
0.034 at 500, 0.007 at 1,000, about a placement hint's own loss (0.10); with 4 players
(``--players 4 --games 6``, 35 fills) 0.05 to 0.08 at every count, within noise."""
MAX_PLANNED_FILLS: Final = 4
"""Most fills a placement's plan holds: one per side of its worker tile."""
HINT_SALT: Final = "hint"
"""Mixed into the position's seed, so a hint's re-deals differ from a review's."""


def hint_iterations(players: int, level: str = "expert", phase: Phase = Phase.PLACE) -> int:
    """The iterations of a ``level`` hint in a game of ``players`` (``HINT_ITERATIONS``), an
    expert fill's a ``FILL_SHARE`` of them; ValueError for a level that does not search."""
    counts = HINT_ITERATIONS.get(level)
    if counts is None:
        raise ValueError(f"{level!r} hints do not search")
    count = counts.get(players, min(counts.values()))
    return max(1, count // FILL_SHARE) if level == "expert" and phase is Phase.FILL else count


def suggest(
    game: Game,
    level: str = "medium",
    *,
    seed: int | None = None,
    iterations: int | None = None,
    keep_going: Callable[[int], bool] | None = None,
) -> Action:
    """The action ``level`` suggests for ``game.current_player()``; one of ``legal_actions()``.

    ``seed`` (default: the position's own, ``position_seed``) and ``iterations`` (default
    ``hint_iterations``) bound a hard hint. ``keep_going(done)`` is asked between a search's
    iterations (the game review raises from it when cancelled); the move is the hint only if
    it never says no. Raises ValueError for a level that gives no hints and GameOverError
    once the game is over.
    """
    return _first(_ranking(game, level, seed, iterations, keep_going))


def advise(
    game: Game,
    level: str = "medium",
    *,
    seed: int | None = None,
    iterations: int | None = None,
    keep_going: Callable[[int], bool] | None = None,
) -> Advice:
    """``suggest``'s move with the reasons it beats the next best (``explain``).

    The move is the one ``suggest`` gives with the same arguments (the search is bounded in
    iterations; no clock is read; ``keep_going`` as ``suggest``'s, asked in every search,
    the planned fills' too). For a placement,
    ``Advice.whole`` goes on with the fills of the same turn that ``planned_fills`` knows
    now, so that a preview of the hinted placement lays what the next hints will advise (a
    trial's hint was priced with a market, and the next hint laid a temple), and the reasons'
    "now" is that turn too (``explain``'s ``planned``). Raises as ``suggest`` does.
    """
    ranking = _ranking(game, level, seed, iterations, keep_going)
    if game.phase is not Phase.PLACE:
        return explain(game, ranking)
    planned = planned_fills(game, _first(ranking), level, iterations, keep_going)
    advice = explain(game, ranking, planned)
    return replace(advice, whole=(advice.action, *planned))


def planned_fills(
    game: Game,
    action: Action,
    level: str,
    iterations: int | None = None,
    keep_going: Callable[[int], bool] | None = None,
) -> tuple[Fill, ...]:
    """The fills of the turn placement ``action`` starts in ``game``, each as ``level``'s hint
    there advises it (``advise`` with its position's own seed and ``iterations``), as far as
    they are known before the placement: those laid from the display (one the engine lays by
    itself after them included: a German trial's hint showed one of its two fills, and its
    label counted the other), not a pile tile (hidden until drawn). Resolutions are left out:
    their hints are the medium AI's choices, as a preview's are."""
    seat = game.current_player()
    after = game.clone()
    after.apply(action)
    planned: list[Fill] = []
    while (
        not after.is_over()
        and after.phase is Phase.FILL
        and after.current_player() == seat
        and after.fill_source() == "display"
        and len(planned) < MAX_PLANNED_FILLS
    ):
        advice = advise(after, level, iterations=iterations, keep_going=keep_going)
        laid = [step for step in advice.whole or (advice.action,) if isinstance(step, Fill)]
        count = len(planned)
        for step in laid:
            if step.pos in after.pending_fills:
                planned += [step, *laid_by_the_engine(after.apply(step), step)]
        if len(planned) == count:
            break
    return tuple(planned)


def _first(ranking: list[tuple[float, Action]] | Analysis) -> Action:
    """The move a ranking puts first."""
    return ranking.options[0].action if isinstance(ranking, Analysis) else ranking[0][1]


def _ranking(
    game: Game,
    level: str,
    seed: int | None,
    iterations: int | None,
    keep_going: Callable[[int], bool] | None = None,
) -> list[tuple[float, Action]] | Analysis:
    """Medium's ranking, or for a searching level the coach search's analysis (``SEARCHES``)
    of the moves it searches (``searched_moves``); a resolution, or a single option, needs no search."""
    if game.is_over():
        raise GameOverError("the game is over: nothing to suggest")
    if level not in HINT_LEVELS:
        raise ValueError(f"hints come from {', '.join(HINT_LEVELS)}, not {level!r}")
    ranked = MediumPlayer(random.Random(0)).rank(game)
    search = SEARCHES.get(level)
    if search is None or game.phase is Phase.RESOLVE or len(ranked) == 1:
        return ranked
    return appraise(
        game,
        searched_moves(game, level, ranked),
        iterations=hint_iterations(game.players, level, game.phase) if iterations is None else iterations,
        seed=position_seed(game, HINT_SALT) if seed is None else seed,
        search=search,
        keep_going=keep_going,
    )
