"""``ReplaySession``: a recorded game stepped turn by turn, behind the same view as play.

Nobody decides in a replay: every hand is public, there is no curtain, no AI and no
autosave. ``step`` returns the engine events of the turn it adds (the view animates them);
``jump`` and stepping back return None, and the view re-syncs from the game. It is a
``TableSource`` (``cacao_game.session.source``) with the capabilities of ``REPLAY``: the
commands of play are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from cacao_game.ai.explain import Advice
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Action, Game, Overbuild, Place
from cacao_game.engine import events as ev
from cacao_game.jsontypes import JSON
from cacao_game.records import record_played_by, replay_record
from cacao_game.session import journal
from cacao_game.session.commands import Command
from cacao_game.session.journal import Entry
from cacao_game.session.messages import AIRequest
from cacao_game.session.notices import Refusal, Refused
from cacao_game.session.seats import Seats
from cacao_game.session.selection import Selection
from cacao_game.session.source import REPLAY, Capabilities, SeatInfo, SourceEvent, Stepping, seat_infos


def record_config(record: Mapping[str, object]) -> GameConfig:
    """The seats of a record as a game config; a seat without a name has an empty name (the
    view names it by its kind)."""
    seats_data = record.get("seats")
    seats = []
    for seat in seats_data if isinstance(seats_data, list) else []:
        color = str(seat.get("color", "red")) if isinstance(seat, dict) else "red"
        kind = str(seat.get("kind", "?")) if isinstance(seat, dict) else "?"
        name = seat.get("name") if isinstance(seat, dict) else None
        seats.append(SeatConfig(name.strip() if isinstance(name, str) else "", color, kind))
    variant = record.get("variant")
    seed = record.get("seed")
    return GameConfig(
        seats=seats,
        variant=variant if isinstance(variant, str) else "base",
        seed=seed if type(seed) is int else None,
    )


class ReplaySession(Seats):
    """Step through ``record`` (replayed and checked now: raises ``RecordError`` if broken).

    ``config`` names the seats when the record does not (a record keeps only colours and
    kinds): the game's own options, so a replay calls every seat what the game called it.
    Raises ValueError if ``config`` has another number of seats than the record.
    """

    capabilities: Capabilities = REPLAY
    humans: frozenset[int] = frozenset()
    curtain: int | None = None
    hint: Action | None = None
    advice: Advice | None = None
    autosave_error: str | None = None
    hot_seat = False

    def __init__(self, record: Mapping[str, object], config: GameConfig | None = None) -> None:
        full = replay_record(record)
        if config is not None and len(config.seats) != full.players:
            raise ValueError(f"{len(config.seats)} seats configured for a {full.players}-player game")
        self.config = config if config is not None else record_config(record)
        self.actions = list(full.actions)
        self.played_by = record_played_by(record)
        """Who played each turn: the seats' names where the record gives them (else the
        seats' names stand) and whether a stand-in AI did."""
        self.turn_starts = [i for i, a in enumerate(self.actions) if isinstance(a, (Place, Overbuild))]
        self.turn_starts.append(len(self.actions))
        self.game = Game(full.setup)
        self.journal: list[Entry] = []
        self.selection = Selection(self.game)
        self.position = 0
        """Turns shown so far (0 = the deal)."""
        self.version = 0
        self.view: dict[str, JSON] = {}
        self.final_board = list(full.jungle) + list(full.workers)
        """Every square of the finished board (the camera frames it from the first frame)."""

    def shown_names(self) -> tuple[str, ...]:
        """Every seat's name at the position shown: those the last decision shown was made
        under (before the first, those of the first turn), where the record gives them, else
        the game's. A seat that changed hands mid-game is called by who played it then, in the
        header, the hand and the panels as in the log."""
        if self.journal:
            names = self.journal[-1].names
        elif self.played_by:
            names = self.played_by[0].names
        else:
            names = ()
        return names if names else tuple(seat.name for seat in self.config.seats)

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """Every seat as the table names and colours it, under ``shown_names``."""
        return tuple(
            replace(info, name=name)
            for info, name in zip(seat_infos(self.config), self.shown_names(), strict=True)
        )

    @property
    def names(self) -> list[str]:
        """Each seat's name at the position shown (``shown_names``)."""
        return list(self.shown_names())

    @property
    def turns(self) -> int:
        """Turns in the record."""
        return len(self.turn_starts) - 1

    def deciding_seat(self) -> int | None:
        """The seat to move at this point of the record."""
        return None if self.game.is_over() else self.game.current_player()

    def face_up_seat(self) -> int | None:
        """Every hand may be seen in a replay (``open_hands``): the mover's, by default."""
        return None if self.game.is_over() else self.game.mover

    def accepts_input(self) -> bool:
        """Nobody decides in a replay."""
        return False

    def table_game(self) -> Game:
        """The game at this point of the record (nothing in it is hidden from a watcher)."""
        return self.game

    def finished_game(self) -> Game | None:
        """A replay's table stays at the end of the record."""
        return None

    def stepping(self) -> Stepping | None:
        """Turns shown of the record's turns."""
        return Stepping(self.position, self.turns)

    def undo_check(self) -> int | Refused:
        """Nothing to undo in a replay."""
        return Refused(Refusal.UNDO_NOTHING)

    def handle(self, command: Command) -> list[SourceEvent]:
        """Nobody decides in a replay: every command is ignored."""
        return []

    def poll(self) -> list[SourceEvent]:
        """Nothing happens on its own in a replay."""
        return []

    def take_requests(self) -> list[AIRequest]:
        """No AI in a replay."""
        return []

    def hint_pending(self) -> bool:
        """No hints in a replay."""
        return False

    def awaits_move(self, request_id: int) -> bool:
        """No AI in a replay."""
        return False

    def save(self) -> str:
        """A replay is not a game to save."""
        raise LookupError("a replay is not a game to save")

    def set_undo(self, choice: str | None) -> None:
        """No undo in a replay."""

    def close(self) -> None:
        """Nothing to finish."""

    def result_shown(self) -> None:
        """A record is not the autosave: nothing to note."""

    def score_totals(self) -> tuple[int, ...]:
        """Each seat's end score if the game ended at this point."""
        return tuple(score.total for score in self.game.score_now())

    def waiting_for_ai(self) -> int | None:
        """No AI in a replay."""
        return None

    def step(self, delta: int) -> list[ev.Event] | None:
        """One turn forward (its events) or back (None: re-sync); [] at either end."""
        if delta > 0:
            if self.position >= self.turns:
                return []
            entries = self._advance_turn()
            self.version += 1
            return [event for entry in entries for event in entry.events]
        if self.position <= 0:
            return []
        self.jump(self.position - 1)
        return None

    def _as_played(self, entry: Entry) -> Entry:
        """``entry`` named as the record names its turn, a stand-in's if the record says a
        stand-in played its seat in that turn."""
        played = self.played_by[entry.turn]
        return replace(entry, names=played.names or entry.names, standin=entry.seat in played.standin)

    def _advance_turn(self) -> list[Entry]:
        """Play the record's next step, a turn (or in a review a decision), its entries named
        as the record names their turn."""
        wanted = self.actions[self.turn_starts[self.position] : self.turn_starts[self.position + 1]]
        entries = [self._as_played(entry) for entry in journal.advance(self.game, wanted)]
        self.journal.extend(entries)
        self.position += 1
        return entries

    def jump(self, position: int) -> None:
        """Show the state after ``position`` turns (clamped to the record)."""
        position = max(0, min(self.turns, position))
        count = self.turn_starts[position]
        while len(self.game.actions) > count:
            self.game.pop()
            self.journal.pop()
        self.position = min(self.position, position)
        while self.position < position:
            self._advance_turn()
        self.version += 1
