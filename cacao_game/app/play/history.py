"""What the table remembers of the game shown so far: log lines, moves, score history.

It grows one engine event at a time, as each event lands on the table (so the log never runs
ahead of the board), and is rebuilt from the session's journal after an undo or a rewind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import assert_never

from cacao_game.app.play.texts import LogLine, add_log_line, log_lines, log_position
from cacao_game.app.strings import t
from cacao_game.engine import events as ev
from cacao_game.engine.tiles import Pos
from cacao_game.session.journal import Entry


def standin_names(names: Sequence[str], standin: int | None) -> list[str]:
    """``names`` with seat ``standin`` (if not None) called the AI playing for its player."""
    return [t("log.standin_name", name=name) if seat == standin else name for seat, name in enumerate(names)]


def _line_names(event: ev.Event, names: Sequence[str], standin: int | None) -> Sequence[str]:
    """The names ``event``'s log line uses: a turn's heading names whose turn it is, every
    other line a stand-in's seat as such (``standin_names``)."""
    return names if isinstance(event, ev.TurnStarted) else standin_names(names, standin)


@dataclass
class Move:
    """One placement and the jungle tiles laid after it."""

    seat: int
    placed: Pos
    turn: int
    fills: list[Pos] = field(default_factory=list)


class History:
    """Log, moves and projected totals after each turn (``score_history[t][seat]``).

    Each event is logged under the seats' names when it happened (the journal's
    ``Entry.names``): a seat that changed hands (a newcomer or a computer took it over a
    network table) keeps its earlier moves under the earlier name, also when the log is
    rebuilt or relabelled for another language. The events of a decision a stand-in AI made
    for an away player (``Entry.standin``) name that seat as the AI playing for the player
    (``standin_name``), but for a turn's heading, which names whose turn it is."""

    def __init__(self, names: Sequence[str]) -> None:
        """Empty history for seats called ``names``."""
        self.names = list(names)
        """The seats' names now: those of the latest event, or of the next."""
        self.events: list[ev.Event] = []
        """Every event added, in order (the log is written from them)."""
        self.event_names: list[tuple[str, ...]] = []
        """The seats' names when each event of ``events`` happened."""
        self.event_standins: list[int | None] = []
        """The seat a stand-in AI played when each event of ``events`` happened, else None."""
        self.lines: list[LogLine] = self.write_log()
        self._logged: ev.Event | None = None
        """The event the last line of ``lines`` was written from (``texts.add_log_line``)."""
        self.moves: list[Move] = []
        self.score_history: list[list[int]] = []
        self.turn = 0
        self.temples = 0

    @classmethod
    def of(
        cls,
        entries: Sequence[Entry],
        names: Sequence[str],
        entry_names: Sequence[Sequence[str]] | None = None,
    ) -> History:
        """The history of every event of ``entries``, the seats called ``names`` now; each
        entry's events under ``entry_names`` of the same index (the seats' names when it was
        made; None: ``names`` for all), a stand-in's as such (``Entry.standin``)."""
        history = cls(names)
        for index, entry in enumerate(entries):
            named = entry_names[index] if entry_names is not None else names
            for event in entry.events:
                history.add(event, entry.totals, named, entry.standin_seat)
        history.names = list(names)
        return history

    def add(
        self, event: ev.Event, totals: Sequence[int] | None, names: Sequence[str], standin: int | None = None
    ) -> None:
        """Remember ``event``, which happened while the seats were called ``names`` (and a
        stand-in AI played seat ``standin`` for its away player, if not None); ``totals`` are
        the projected scores when its turn ended."""
        self.names = list(names)
        self.events.append(event)
        self.event_names.append(tuple(self.names))
        self.event_standins.append(standin)
        if len(self.events) == 1:
            self.lines[0] = self._opening()
        self.turn, self.temples = log_position(event, self.turn, self.temples)
        names_now = _line_names(event, self.names, standin)
        self._logged = add_log_line(self.lines, self._logged, event, names_now, self.turn, self.temples)
        match event:
            case ev.TilePlaced():
                self.moves.append(Move(event.seat, event.pos, self.turn))
            case ev.JungleFilled():
                if self.moves:
                    self.moves[-1].fills.append(event.pos)
            case ev.TurnEnded():
                if totals is not None:
                    self.score_history.append(list(totals))
            case (
                ev.TurnStarted()
                | ev.TempleScored()
                | ev.SunSpent()
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
        """The log of every event added so far, in the current language, each under its own
        names."""
        named = zip(self.events, self.event_names, self.event_standins, strict=True)
        return [
            self._opening(),
            *log_lines((event, _line_names(event, names, standin)) for event, names, standin in named),
        ]

    def _opening(self) -> LogLine:
        """The log's first line: turn 1 and who starts it (named as at the first event)."""
        first = (self.event_names[0] if self.event_names else self.names)[0]
        return LogLine(t("log.turn", turn=1, name=first), 0, 0, True)

    def relabel(self, names: Sequence[str]) -> None:
        """Write the log again in the current language (it changed), the seats now called
        ``names``: a name an event shares with the seat's name until now becomes the seat's
        new one (default names follow the language), an earlier name of the seat stays."""
        old = self.names
        self.event_names = [
            tuple(new if then == now else then for then, now, new in zip(named, old, names, strict=True))
            for named in self.event_names
        ]
        self.names = list(names)
        self.lines = self.write_log()

    def last_move(self) -> tuple[int, Pos | None, list[Pos]] | None:
        """Seat, placed square and filled squares of the latest move."""
        if not self.moves:
            return None
        move = self.moves[-1]
        return move.seat, move.placed, list(move.fills)
