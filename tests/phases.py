"""Games stopped at each play phase the screenshots and the no-overflow test look at.

``game_at(name)`` plays seeded random games of ``CONFIG`` until the decision named ``name``
comes up (the same game every time: the seeds and the choices are fixed).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Game, Phase

CONFIG = GameConfig(
    seats=[
        SeatConfig("Ana", "red", "human"),
        SeatConfig("Medium AI", "purple", "random"),
        SeatConfig("Bruno-Maximilian", "white", "human"),
        SeatConfig("Hard AI", "yellow", "random"),
    ],
    variant="volcano",
    seed=2024,
)
"""Two humans (one with a long name) and two computer seats, volcano variant."""


def _fills(count: int) -> Callable[[Game], bool]:
    def check(game: Game) -> bool:
        return game.decision().kind is Phase.FILL and len(game.pending_fills) == count

    return check


def _human(game: Game) -> bool:
    return CONFIG.seats[game.current_player()].kind == "human"


def _resolve_choice(game: Game) -> bool:
    return (
        game.decision().kind is Phase.RESOLVE
        and game.current_player() == game.mover
        and _human(game)
        and len(game.legal_actions()) > 1
    )


def _off_turn_choice(game: Game) -> bool:
    return (
        game.decision().kind is Phase.RESOLVE
        and game.current_player() != game.mover
        and _human(game)
        and len(game.legal_actions()) > 1
    )


def _long_resolve_choice(game: Game) -> bool:
    """A choice whose outcomes take many steps to tell (a playtest saw such rows cut)."""
    return _resolve_choice(game) and len(game.legal_actions()) >= 5


def _overbuild(game: Game) -> bool:
    return game.decision().kind is Phase.PLACE and _human(game) and game.can_overbuild()


def _place(game: Game) -> bool:
    return game.decision().kind is Phase.PLACE and _human(game) and len(game.workers) > 8


def _ai_turn(game: Game) -> bool:
    return game.decision().kind is Phase.PLACE and not _human(game) and len(game.workers) > 8


PHASES: dict[str, Callable[[Game], bool]] = {
    "place": _place,
    "fill2": lambda game: _fills(2)(game) and _human(game),
    "fill3": lambda game: _fills(3)(game) and _human(game),
    "resolve": _resolve_choice,
    "resolve_long": _long_resolve_choice,
    "offturn": _off_turn_choice,
    "overbuild": _overbuild,
    "ai_turn": _ai_turn,
}
"""Phase name -> the test a decision must pass."""


FIRST_SEED: dict[str, int] = {"fill3": 134}
"""Where the search for a rare phase starts (found once; any seed works, these are fast)."""


def game_at(name: str, config: GameConfig = CONFIG, tries: int = 400) -> Game:
    """A game whose pending decision is the phase ``name`` of ``PHASES``.

    Raises LookupError if none of ``tries`` seeded random games reaches it."""
    wanted = PHASES[name]
    first = FIRST_SEED.get(name, 0) if config == CONFIG else 0
    for seed in range(first, first + tries):
        game = Game.new(len(config.seats), config.variant, config.seed + seed)
        rng = random.Random(seed)
        while not game.is_over():
            if wanted(game):
                return game
            steered = _steer(game, wanted) if game.decision().kind is Phase.PLACE else None
            if steered is not None:
                return steered
            game.apply(rng.choice(game.legal_actions()))
    raise LookupError(f"no game reached the phase {name!r}")


def _steer(game: Game, wanted: Callable[[Game], bool]) -> Game | None:
    """The game after the first legal action that leads straight to ``wanted``, if any (rare
    phases, such as three spaces to fill, come up faster when looked for)."""
    for action in game.legal_actions():
        after = game.clone()
        after.apply(action)
        if not after.is_over() and wanted(after):
            return after
    return None
