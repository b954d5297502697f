"""What the play scene remembers about the game so far: log lines, moves, score history.

Every entry is stamped with the number of decisions made when it happened
(``len(game.actions)``), so ``truncate`` after ``Game.pop`` drops exactly what was undone.
``rebuild`` recomputes everything from a game's decisions (a loaded save needs no UI data).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cacao_game.app.play.texts import LogLine, log_lines
from cacao_game.app.strings import t
from cacao_game.engine import Game
from cacao_game.engine import events as ev
from cacao_game.engine.replay import replay
from cacao_game.engine.tiles import Pos


@dataclass
class Move:
    """One placement and the jungle tiles laid after it."""

    count: int
    seat: int
    placed: Pos
    turn: int
    fills: list[tuple[int, Pos]] = field(default_factory=list)


class History:
    """Log, moves and projected totals after each turn (``score_history[t][seat]``)."""

    def __init__(self, names: Sequence[str]) -> None:
        """Empty history for seats called ``names``."""
        self.names = list(names)
        self.entries: list[tuple[int, LogLine]] = [
            (0, LogLine(t("log.turn", turn=1, name=self.names[0]), 0, 0, True))
        ]
        self.moves: list[Move] = []
        self.score_history: list[list[int]] = []
        self._turn = 0

    @classmethod
    def rebuild(cls, game: Game, names: Sequence[str]) -> History:
        """The history of ``game`` from its start (replays its decisions on a fresh copy)."""
        history = cls(names)
        replay(
            game.setup,
            game.actions,
            on_events=lambda g, step: history.record(g, step.events),
            keep_history=False,
        )
        return history

    def record(self, game: Game, events: Sequence[ev.Event]) -> None:
        """Remember ``events``, just returned by ``game.apply``."""
        count = len(game.actions)
        self.entries.extend((count, line) for line in log_lines(events, self.names))
        for event in events:
            if isinstance(event, ev.TurnStarted):
                self._turn = event.turn
            elif isinstance(event, ev.TilePlaced):
                self.moves.append(Move(count, event.seat, event.pos, self._turn))
            elif isinstance(event, ev.JungleFilled) and self.moves:
                self.moves[-1].fills.append((count, event.pos))
            elif isinstance(event, ev.TurnEnded):
                self.score_history.append([score.total for score in game.score_now()])

    def truncate(self, game: Game) -> None:
        """Forget what happened after ``game``'s last decision (after an undo)."""
        count = len(game.actions)
        self.entries = [(c, line) for c, line in self.entries if c <= count]
        self.moves = [m for m in self.moves if m.count <= count]
        for move in self.moves:
            move.fills = [(c, pos) for c, pos in move.fills if c <= count]
        del self.score_history[game.turn :]

    def lines(self) -> list[LogLine]:
        """Log lines, oldest first."""
        return [line for _count, line in self.entries]

    def last_move(self) -> tuple[int, Pos | None, list[Pos]] | None:
        """Seat, placed square and filled squares of the latest move."""
        if not self.moves:
            return None
        move = self.moves[-1]
        return move.seat, move.placed, [pos for _c, pos in move.fills]
