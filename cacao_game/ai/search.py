"""What a search of the ``hard`` level is given for one decision."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from cacao_game.ai.evaluation import Valuer
from cacao_game.engine import Action, Game


@dataclass(frozen=True, slots=True)
class SearchTask:
    """One decision to search, for the seat that decides it."""

    view: Game
    """The deciding seat's view; searches re-deal it with ``determinize``."""
    seat: int
    shortlist: list[Action]
    """The root moves compared (medium's best few)."""
    valuer: Valuer
    rng: random.Random
    """The player's own generator: it drives the re-deals."""
    keep_going: Callable[[int], bool]
    """``keep_going(done)``: whether to run another iteration after ``done`` of them."""
    rollout: Callable[[Game, int], None]
    """``rollout(game, turn0)``: plays a re-dealt game on to the horizon counted from ``turn0``."""
