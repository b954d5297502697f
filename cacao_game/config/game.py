"""The options of one game as chosen in the setup scene (stored in saves as a dict)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from cacao_game.config.choices import EXPERT_TIME, EXPERT_TIMES, THINKING_TIMES
from cacao_game.config.names import name_problem
from cacao_game.engine.tiles import COLORS as ENGINE_COLORS
from cacao_game.engine.tiles import VARIANTS as ENGINE_VARIANTS
from cacao_game.jsontypes import JSON

COLORS: tuple[str, ...] = tuple(ENGINE_COLORS)
"""Seat colours in box order (the engine's list)."""

SHAPES: dict[str, str] = {"red": "circle", "purple": "square", "white": "triangle", "yellow": "diamond"}
"""The marker shape of each seat colour, so colour is never the only cue."""

HUMAN = "human"
"""``SeatConfig.kind`` of a seat played at the table; any other kind is an AI level name."""

VARIANTS: tuple[str, ...] = tuple(ENGINE_VARIANTS)
"""The base game and the volcano variant (the engine's list)."""

MIN_SEATS, MAX_SEATS = 2, 4

EXPERT = "expert"
"""The AI level that thinks for ``GameConfig.expert_time`` (the other timed levels think for
``GameConfig.thinking_time``)."""

UNDO_POLICIES: tuple[str, ...] = ("casual", "strict")
"""``GameConfig.undo`` values: ``casual`` lets a seat take decisions back, ``strict`` does not."""


@dataclass
class SeatConfig:
    """One seat: its displayed name, its colour and who plays it."""

    name: str
    """A clean name (``cacao_game.config.names.clean_name``)."""
    color: str
    """One of ``COLORS``."""
    kind: str
    """``"human"`` or an AI level name (a key of ``cacao_game.ai.LEVELS``)."""

    @property
    def is_human(self) -> bool:
        """True for a seat played at the table."""
        return self.kind == HUMAN

    @property
    def shape(self) -> str:
        """The marker shape of this seat's colour."""
        return SHAPES[self.color]


@dataclass(frozen=True)
class SeatProblem:
    """Why a game's seats cannot play together: ``reason`` about seat ``seat`` (from 0; None:
    the seats as a whole), about its ``field`` (``color``, ``kind`` or ``name``)."""

    reason: str
    seat: int | None = None
    field: str = ""

    def text(self) -> str:
        """A one-line sentence: "seat 2's name contains …" (seats counted from 1)."""
        if self.seat is None:
            return self.reason
        return f"seat {self.seat + 1}'s {self.field} {self.reason}"


def seats_problem(
    colors: Sequence[str], kinds: Sequence[str], names: Sequence[str | None], *, need_names: bool = True
) -> SeatProblem | None:
    """The one check of a game's seats, for the setup scene, saves and records alike; None if
    they can play. 2-4 seats, each of a known colour of its own (R1.1: one colour per
    player), a kind (human or an AI level) and a name that are clean text
    (``cacao_game.config.names``: refused, never changed). With ``need_names`` False a seat
    may have no name (None; records may leave names out). The values may come straight from
    a JSON file, so their types are checked too."""
    if not MIN_SEATS <= len(colors) <= MAX_SEATS:
        return SeatProblem(f"a game needs {MIN_SEATS} to {MAX_SEATS} seats, not {len(colors)}")
    first_of: dict[str, int] = {}
    for seat, color in enumerate(colors):
        if not isinstance(color, str) or color not in COLORS:
            return SeatProblem(f"unknown seat colour {color!r}")
        if color in first_of:
            return SeatProblem(
                f"every seat needs its own colour (seats {first_of[color] + 1} and {seat + 1} are {color})"
            )
        first_of[color] = seat
    for seat, (kind, name) in enumerate(zip(kinds, names, strict=True)):
        if (name is not None or need_names) and (not isinstance(name, str) or not name.strip()):
            return SeatProblem("every seat needs a name")
        if not isinstance(kind, str) or not kind:
            return SeatProblem("every seat needs a kind (human or an AI level)")
        for what, text in (("name", name), ("kind", kind)):
            problem = name_problem(text) if text is not None else None
            if problem is not None:
                return SeatProblem(problem, seat, what)
    return None


@dataclass
class GameConfig:
    """A game's seats in turn order (seat 0 moves first), its variant, optional seed and options."""

    seats: list[SeatConfig] = field(default_factory=list)
    variant: str = "base"
    seed: int | None = None
    undo: str | None = None
    """The undo policy, one of ``UNDO_POLICIES``; None means the default for the seat mix."""
    thinking_time: float | None = None
    """Seconds the hard AI thinks per decision, one of ``THINKING_TIMES``; None means the
    level's default (older saves)."""
    expert_time: float | None = None
    """Seconds the expert AI thinks per decision, one of ``EXPERT_TIMES``; None means
    ``EXPERT_TIME`` (saves from before the expert was offered)."""

    def time_budget(self, level: str) -> float | None:
        """Seconds AI ``level`` thinks per decision in this game: ``expert_time`` (else
        ``EXPERT_TIME``) for the expert, ``thinking_time`` for the others (None: the level's
        own default). Only the timed levels (``cacao_game.ai.registry.TIMED_LEVELS``) use it."""
        if level == EXPERT:
            return self.expert_time if self.expert_time is not None else EXPERT_TIME
        return self.thinking_time

    def validate(self) -> None:
        """Raise ValueError with a one-line reason unless the config can start a game.

        2-4 seats, known distinct colours, a known variant, an int seed or None, an undo policy
        of ``UNDO_POLICIES`` or None, a thinking time of ``THINKING_TIMES`` or None, an expert
        time of ``EXPERT_TIMES`` or None. Every
        seat's name and kind must be clean names (``cacao_game.config.names``): text that is
        not already clean (a NUL, a lone surrogate, a zero-width character, doubled spaces,
        more than ``MAX_NAME_LENGTH`` characters...) is refused, never changed here; the
        setup scene cleans what is typed with ``clean_name`` before it builds a config.
        AI level names are not checked here (levels may come and go; the play scene checks).
        """
        problem = seats_problem(
            [seat.color for seat in self.seats], [seat.kind for seat in self.seats], self.names
        )
        if problem is not None:
            raise ValueError(problem.text())
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}")
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise ValueError("the seed must be a whole number")
        if self.undo is not None and self.undo not in UNDO_POLICIES:
            raise ValueError(f"unknown undo policy {self.undo!r} (expected {' or '.join(UNDO_POLICIES)})")
        if self.thinking_time is not None and (
            type(self.thinking_time) not in (int, float) or self.thinking_time not in THINKING_TIMES
        ):
            choices = ", ".join(f"{seconds:g}" for seconds in THINKING_TIMES)
            raise ValueError(f"unknown thinking time {self.thinking_time!r} (expected {choices} seconds)")
        if self.expert_time is not None and (
            type(self.expert_time) not in (int, float) or self.expert_time not in EXPERT_TIMES
        ):
            choices = ", ".join(f"{seconds:g}" for seconds in EXPERT_TIMES)
            raise ValueError(
                f"unknown expert thinking time {self.expert_time!r} (expected {choices} seconds)"
            )

    @property
    def names(self) -> list[str]:
        """Each seat's name, in turn order."""
        return [seat.name for seat in self.seats]

    @property
    def kinds(self) -> list[str]:
        """Each seat's kind, in seat order."""
        return [seat.kind for seat in self.seats]

    @property
    def colors(self) -> list[str]:
        """Each seat's colour, in seat order."""
        return [seat.color for seat in self.seats]

    def to_dict(self) -> dict[str, JSON]:
        """Plain JSON data; ``from_dict(to_dict())`` gives an equal config.

        ``thinking_time`` and ``expert_time`` are written only when set, so the options of a
        game that names none read exactly as before they existed.
        """
        data: dict[str, JSON] = {
            "seats": [{"name": s.name, "color": s.color, "kind": s.kind} for s in self.seats],
            "variant": self.variant,
            "seed": self.seed,
            "undo": self.undo,
        }
        if self.thinking_time is not None:
            data["thinking_time"] = self.thinking_time
        if self.expert_time is not None:
            data["expert_time"] = self.expert_time
        return data

    @classmethod
    def from_dict(cls, data: object) -> GameConfig:
        """The config stored by ``to_dict``; ValueError (one-line reason) on bad data.

        ``variant``, ``seed``, ``undo``, ``thinking_time`` and ``expert_time`` may be missing
        (older saves): "base", None, None, None, None.
        Keys it does not know are ignored. Names are checked, not cleaned (see ``validate``):
        a file with a name that is not clean is refused with the reason.
        """
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise ValueError("the game options are not a dict with a list of seats")
        seats = []
        for entry in data["seats"]:
            if not isinstance(entry, dict):
                raise ValueError("a seat entry is not a dict")
            try:
                seats.append(SeatConfig(name=entry["name"], color=entry["color"], kind=entry["kind"]))
            except KeyError as missing:
                raise ValueError(f"a seat entry lacks {missing.args[0]!r}") from None
        config = cls(
            seats=seats,
            variant=data.get("variant", "base"),
            seed=data.get("seed"),
            undo=data.get("undo"),
            thinking_time=data.get("thinking_time"),
            expert_time=data.get("expert_time"),
        )
        config.validate()
        return config

    def started_by(self, start: int | None) -> GameConfig:
        """The config turned so that seat ``start`` moves first (``rotated``), or, for None
        ("Start player: Random"), a seat drawn from its seed: the same seed, the same start.
        The seed must be set."""
        if start is None:
            if self.seed is None:
                raise ValueError("a random start player needs the seed")
            start = random.Random(self.seed).randrange(len(self.seats))
        return self.rotated(start)

    def rotated(self, start: int) -> GameConfig:
        """The same config with seat ``start`` moved to the front (turn order kept)."""
        seats = self.seats[start:] + self.seats[:start]
        return GameConfig(
            seats=[SeatConfig(s.name, s.color, s.kind) for s in seats],
            variant=self.variant,
            seed=self.seed,
            undo=self.undo,
            thinking_time=self.thinking_time,
            expert_time=self.expert_time,
        )
