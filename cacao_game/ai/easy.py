"""The ``easy`` level: greedy one-ply with noise.

Placements are scored by what they earn this turn (``placement_scores``), fills by what
they earn the mover (``quick_fill_score``), each plus Gaussian noise from the player's own
generator; resolutions use the shared ``resolve_choice``. It plays sensibly, but it does
not look at temples' futures, what it hands to the next player or the game phase.
"""

from __future__ import annotations

import random

from cacao_game.ai.evaluation import Valuer
from cacao_game.ai.medium import placement_scores
from cacao_game.ai.policy import quick_fill_score, resolve_choice
from cacao_game.engine import Action, Fill, Game, Phase

NOISE = 1.5
"""Standard deviation of the noise added to every score, in gold."""


class EasyPlayer:
    """Greedy one-ply player with noise; deterministic given its seed and the seat's view."""

    name = "easy"

    def __init__(self, rng: random.Random, noise: float = NOISE) -> None:
        """``rng`` is the player's own seeded generator; ``noise`` as ``NOISE``."""
        self.rng = rng
        self.noise = noise

    def choose(self, game: Game) -> Action:
        """The legal action with the best noisy immediate score."""
        view = game.view(game.current_player())
        valuer = Valuer(view)
        options = view.legal_actions()
        if view.phase is Phase.RESOLVE:
            return resolve_choice(view, valuer)
        if len(options) == 1:
            return options[0]
        if view.phase is Phase.FILL:
            scores = [quick_fill_score(view, a, valuer) for a in options if isinstance(a, Fill)]
        else:
            scores = placement_scores(view, options, valuer)
        noisy = [s + self.rng.gauss(0.0, self.noise) for s in scores]
        return options[max(range(len(options)), key=noisy.__getitem__)]
