"""``PanelHost``: what the panels drawn over the table use of it.

The coach's hint and review panel (``advice``) and the tutorial's lesson panel (``coach``)
are drawn over the board and still read the table directly, through this protocol rather
than the scene class (the table scene is one ``PanelHost``): they need its camera, painter,
tile art, board and HUD geometry, the selection, the shown snapshot and its frame, and a few
of its answers. The HUD, the board and the input read only the frame (``frame``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from cacao_game.ai.explain import Advice
from cacao_game.app.play.anim import Timeline
from cacao_game.app.play.art import TileArt
from cacao_game.app.play.board import BoardRenderer
from cacao_game.app.play.camera import Camera
from cacao_game.app.play.frame import Frame
from cacao_game.app.play.hud import Hud
from cacao_game.app.play.paint import Painter
from cacao_game.app.play.shown import Shown
from cacao_game.engine import Game
from cacao_game.engine.tiles import Pos
from cacao_game.session import SessionEvent
from cacao_game.session.review import ReviewSession
from cacao_game.session.selection import Selection

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

ReviewText = tuple[str, list[str], str, list[Pos]]
"""A review panel's heading, lines, accent (``CoachView.accent``) and key squares."""


class PanelHost(Protocol):
    """The table as its panels see it."""

    @property
    def app(self) -> Shell:
        """The app (assets, intents, notices, scene routes)."""
        ...

    @property
    def painter(self) -> Painter:
        """Text and boxes."""
        ...

    @property
    def art(self) -> TileArt:
        """Tile and icon images."""
        ...

    @property
    def camera(self) -> Camera:
        """The board's camera."""
        ...

    @property
    def board(self) -> BoardRenderer:
        """The board's renderer (ghost tiles, the temples panel)."""
        ...

    @property
    def hud(self) -> Hud:
        """The HUD's geometry."""
        ...

    @property
    def timeline(self) -> Timeline:
        """The animations (whether one runs)."""
        ...

    @property
    def shown(self) -> Shown:
        """The shown snapshot."""
        ...

    @property
    def frame(self) -> Frame:
        """What the table draws now."""
        ...

    @property
    def game(self) -> Game:
        """The game as the seat at the screen sees it."""
        ...

    @property
    def turn(self) -> Selection:
        """The deciding human's selection."""
        ...

    @property
    def names(self) -> list[str]:
        """Each seat's name."""
        ...

    @property
    def colors(self) -> list[str]:
        """Each seat's colour."""
        ...

    def accepts_board_input(self) -> bool:
        """Whether a person at the screen decides now, with nothing in the way."""
        ...

    def hint_words(self, advice: Advice, note: str | None) -> tuple[str, tuple[str, ...]]:
        """A hint panel's heading and lines (``advice.hint_text``), made once while the hint,
        its note, the position, the names and the language stay the same."""
        ...

    def review_words(self, session: ReviewSession) -> ReviewText | None:
        """A review panel's text where ``session`` stands (``advice.review_text``), made once
        while the position, whether a step animates, the names and the language stay."""
        ...

    def board_squares(self) -> list[Pos]:
        """Every square holding a tile now."""
        ...

    @property
    def hint_pin(self) -> pygame.Rect | None:
        """Where the hint's panel stays, once the board moved beside it (None: where it hides
        least)."""
        ...

    def show(self, events: Sequence[SessionEvent]) -> None:
        """Animate engine events, say notices."""
        ...

    def restart_tutorial(self) -> None:
        """Start the tutorial over."""
        ...

    def hand_seat(self) -> int | None:
        """Whose hand the hand bar shows face up."""
        ...

    def current_seat(self) -> int | None:
        """The seat the header names."""
        ...

    def action_enabled(self, name: str) -> bool:
        """Whether action button ``name`` does something now."""
        ...
