"""``ReplayScene``: step through a finished (or unfinished) game record, turn by turn.

The record is replayed and checked with ``cacao_game.records.replay_record``; the scene then
starts from the deal and re-applies each turn's decisions (animated) on Right, takes turns
back with ``Game.pop`` on Left, jumps with Home/End. The board, panels (with projected
scores) and log are the play scene's own; nobody can make a decision here.
"""

from __future__ import annotations

from typing import Any

import pygame

from cacao_game.app import strings
from cacao_game.app.play.ai_worker import SyncAI
from cacao_game.app.play.scene import PlayScene
from cacao_game.app.strings import t
from cacao_game.config.game import COLORS, GameConfig, SeatConfig
from cacao_game.engine import Game, Overbuild, Place
from cacao_game.records import replay_record


def _seat_name(seat: dict[str, Any]) -> str:
    """The seat's name if the record has one, else its colour (the panel shows the kind)."""
    name = seat.get("name")
    if isinstance(name, str) and name.strip():
        return name
    color = str(seat.get("color", "?"))
    return strings.t(f"color.{color}") if strings.has(f"color.{color}") else color.capitalize()


def record_config(record: dict[str, Any]) -> GameConfig:
    """The seats of a record as a game config (names made from colour and kind if absent)."""
    seats = [
        SeatConfig(_seat_name(seat), seat.get("color", COLORS[i]), str(seat.get("kind", "?")))
        for i, seat in enumerate(record.get("seats", []))
    ]
    return GameConfig(seats=seats, variant=record.get("variant", "base"), seed=record.get("seed"))


class ReplayScene(PlayScene):
    """Watch a game record. Raises ``RecordError`` (a ValueError) if the record is broken."""

    pausable = False
    reveal_hands = True
    action_names = ("first", "prev", "next", "last")

    def __init__(self, app: Any, record: dict[str, Any]) -> None:
        """Replay ``record`` now (to check it); the view starts at the deal."""
        full = replay_record(record)
        self.actions = list(full.actions)
        self.turn_starts = [i for i, a in enumerate(self.actions) if isinstance(a, (Place, Overbuild))]
        self.turn_starts.append(len(self.actions))
        super().__init__(app, record_config(record), game=Game(full.setup), ai=SyncAI())
        self.humans = set()
        self.turn.humans = set()
        self.position = 0
        """Turns shown so far (0 = the deal)."""
        self.camera.fit(list(full.jungle) + list(full.workers), border=1)
        self.camera.snap()

    @property
    def turns(self) -> int:
        """Turns in the record."""
        return len(self.turn_starts) - 1

    # ----------------------------------------------------------------- moving in time

    def step_forward(self) -> None:
        """Apply the next turn's decisions, animated."""
        self.timeline.finish()
        if self.position >= self.turns:
            return
        for action in self.actions[self.turn_starts[self.position] : self.turn_starts[self.position + 1]]:
            self.apply(action)
        self.position += 1

    def step_back(self) -> None:
        """Take the last shown turn back (no animation)."""
        self.timeline.finish()
        if self.position <= 0:
            return
        self.position -= 1
        self._rewind_to(self.turn_starts[self.position])

    def jump(self, position: int) -> None:
        """Show the state after ``position`` turns at once."""
        self.timeline.finish()
        position = max(0, min(self.turns, position))
        if position < self.position:
            self._rewind_to(self.turn_starts[position])
        else:
            for action in self.actions[len(self.game.actions) : self.turn_starts[position]]:
                self.history.record(self.game, self.game.apply(action))
        self.position = position
        self.shown.sync(self.game)

    def _rewind_to(self, count: int) -> None:
        while len(self.game.actions) > count:
            self.game.pop()
        self.history.truncate(self.game)
        self.shown.sync(self.game)

    # ----------------------------------------------------------------- play scene hooks

    def autosave(self) -> None:
        """A replay is never saved."""

    def save_game(self) -> str:
        """Nothing to save in a replay."""
        raise LookupError("a replay is not a game to save")

    def accepts_board_input(self) -> bool:
        """Nobody decides in a replay."""
        return False

    def status_text(self) -> str:
        """Where we are in the record."""
        return t("replay.status", turn=self.position, turns=self.turns)

    def key_hint_text(self) -> str:
        """No decision keys."""
        return ""

    def action_enabled(self, name: str) -> bool:
        """First/Back need a turn behind, Next/Last one ahead."""
        return self.position > 0 if name in ("first", "prev") else self.position < self.turns

    def action_label(self, name: str) -> str:
        """First, Back, Next, Last."""
        return t(f"replay.{name}")

    def action_keys(self, name: str) -> str:
        """The navigation keys."""
        return {"first": "Home", "prev": "←", "next": "→", "last": "End"}[name]

    def game_intent(self, name: str, shift: bool = False) -> None:
        """Game intents do nothing in a replay."""

    def _action_button(self, name: str) -> None:
        {
            "first": lambda: self.jump(0),
            "prev": self.step_back,
            "next": self.step_forward,
            "last": lambda: self.jump(self.turns),
        }[name]()

    def _update_ai(self, dt: float) -> None:
        """No AI in a replay."""

    def _update_curtain(self) -> None:
        """No curtain in a replay."""

    def _update_end(self, dt: float) -> None:
        """The replay stays open at the end."""

    def handle(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """Left/Right step, Home/End jump, Esc leaves; the rest as in the play scene."""
        rest = []
        for event in events:
            if event.type == pygame.KEYDOWN and not getattr(event, "mod", 0) & pygame.KMOD_CTRL:
                move = {
                    pygame.K_RIGHT: self.step_forward,
                    pygame.K_LEFT: self.step_back,
                    pygame.K_HOME: lambda: self.jump(0),
                    pygame.K_END: lambda: self.jump(self.turns),
                }.get(event.key)
                if move is not None:
                    move()
                    continue
                if self.app.intents.has(event, "pause"):
                    self.app.pop()
                    continue
            rest.append(event)
        return super().handle(rest)
