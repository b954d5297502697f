"""What the table remembers of the game shown so far: log lines, moves, score history.

It grows one engine event at a time, as each event lands on the table (so the log never runs
ahead of the board), and is rebuilt from the session's journal after an undo or a rewind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import assert_never

from cacao_game.app.play.texts import LogLine, log_lines
from cacao_game.app.strings import t
from cacao_game.engine import events as ev
from cacao_game.engine.tiles import Pos
from cacao_game.session.journal import Entry


@dataclass
class Move:
    """One placement and the jungle tiles laid after it."""

    seat: int
    placed: Pos
    turn: int
    fills: list[Pos] = field(default_factory=list)


class History:
    """Log, moves and projected totals after each turn (``score_history[t][seat]``)."""

    def __init__(self, names: Sequence[str]) -> None:
        """Empty history for seats called ``names``."""
        self.names = list(names)
        self.events: list[ev.Event] = []
        """Every event added, in order (the log is written from them)."""
        self.lines: list[LogLine] = self.write_log()
        self.moves: list[Move] = []
        self.score_history: list[list[int]] = []
        self.turn = 0
        self.temples = 0

    @classmethod
    def of(cls, entries: Sequence[Entry], names: Sequence[str]) -> History:
        """The history of every event of ``entries``."""
        history = cls(names)
        for entry in entries:
            for event in entry.events:
                history.add(event, entry.totals)
        return history

    def add(self, event: ev.Event, totals: Sequence[int] | None) -> None:
        """Remember ``event``; ``totals`` are the projected scores when its turn ended."""
        self.events.append(event)
        self.lines.extend(log_lines([event], self.names, self.turn, self.temples))
        match event:
            case ev.TempleScored():
                self.temples += 1
            case ev.TurnStarted():
                self.turn = event.turn
            case ev.TilePlaced():
                self.moves.append(Move(event.seat, event.pos, self.turn))
            case ev.JungleFilled():
                if self.moves:
                    self.moves[-1].fills.append(event.pos)
            case ev.TurnEnded():
                if totals is not None:
                    self.score_history.append(list(totals))
            case (
                ev.SunSpent()
                | ev.FillRequired()
                | ev.EdgeActivated()
                | ev.EdgeResolved()
                | ev.CacaoGained()
                | ev.CacaoSold()
                | ev.GoldGained()
                | ev.GoldPaid()
                | ev.WaterMoved()
                | ev.SunGained()
                | ev.WorkerDrawn()
                | ev.DisplayRefilled()
                | ev.GameEnded()
            ):
                pass
            case _:
                assert_never(event)

    def write_log(self) -> list[LogLine]:
        """The log of every event added so far, in the current language."""
        first = LogLine(t("log.turn", turn=1, name=self.names[0]), 0, 0, True)
        return [first, *log_lines(self.events, self.names)]

    def relabel(self) -> None:
        """Write the log again in the current language (it changed)."""
        self.lines = self.write_log()

    def last_move(self) -> tuple[int, Pos | None, list[Pos]] | None:
        """Seat, placed square and filled squares of the latest move."""
        if not self.moves:
            return None
        move = self.moves[-1]
        return move.seat, move.placed, list(move.fills)
