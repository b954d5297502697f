"""Scene routing: scenes ask for the next scene by a typed route, and never import one another.

A route is a small frozen value naming a scene and carrying exactly what that scene is built
with (``Setup(config)``, ``Table(source)``, ``Scoring(game, config, history)`` ...). The app
pushes, replaces or resets scenes by route (``Shell.open``, ``Shell.switch``, ``Shell.home``);
``cacao_game.app.catalog`` is the one ``match`` that builds the scene of each route, so mypy
names a route nobody builds. This module knows no scene and no app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cacao_game.ai.review import REVIEW_SECONDS
from cacao_game.app.netplay import HostChoices, HostedTable, JoinRequest
from cacao_game.app.play.ai_worker import AIClient
from cacao_game.config.game import GameConfig
from cacao_game.engine import Game
from cacao_game.net.hosting import BackgroundHost
from cacao_game.net.remote import RemoteSource
from cacao_game.records import PlayedBy
from cacao_game.session.review import ReviewSession
from cacao_game.session.source import TableSource
from cacao_game.tutorial.session import TutorialSession


@dataclass(frozen=True)
class Menu:
    """The main menu."""


@dataclass(frozen=True)
class Setup:
    """The new-game setup, filled with ``config`` (None: the last game's seats, or defaults)."""

    config: GameConfig | None = None
    hosting: bool = False
    """The Host a game setup (a Remote player seat kind; Host opens the lobby)."""
    choices: HostChoices | None = None
    """Hosting: the port, network, hints and start player to show (None: the last ones)."""


@dataclass(frozen=True)
class Join:
    """Join a game across machines: address, port, table code, name; ``filled`` fills the
    form (the last game's host: its address, port and the player's name)."""

    filled: JoinRequest | None = None
    problem: str | None = None
    """Why the host refused the join just tried with ``filled`` (shown on the form)."""


@dataclass(frozen=True)
class Lobby:
    """A game across machines waiting to start (``source``: this player's seat; the hosting
    player's is a ``HostedSource`` with its host). ``request``: what the Join form asked for
    (a refusal, and Leave, go back to the form with it)."""

    source: RemoteSource
    request: JoinRequest | None = None


@dataclass(frozen=True)
class SettingsPage:
    """The settings screen."""


@dataclass(frozen=True)
class Load:
    """The saved games."""


@dataclass(frozen=True)
class Rules:
    """The rules screen."""


@dataclass(frozen=True)
class Help:
    """The help overlay (F1)."""


@dataclass(frozen=True)
class Pause:
    """The pause overlay over the table."""


@dataclass(frozen=True)
class Confirm:
    """A Yes / No question; the chosen callback runs after the dialog closed. ``title``,
    ``yes`` and ``no`` replace the default wording; ``danger`` colours Yes as destructive."""

    message: str
    on_yes: Callable[[], None]
    on_no: Callable[[], None] | None = None
    title: str | None = None
    yes: str | None = None
    no: str | None = None
    danger: bool = False


@dataclass(frozen=True)
class Scoring:
    """The final scoring of ``game`` (``history``: each seat's projected total after every turn;
    empty: replayed from the game)."""

    game: Game
    config: GameConfig
    history: Sequence[Sequence[int]] = ()
    rematch: bool = True
    """Offer Rematch (not for a game played across machines: its seats are elsewhere)."""
    again: HostedTable | JoinRequest | None = None
    """What New game opens for a game across machines (``netplay.next_game``): the Host a
    game setup with the table as hosted, or the Join form filled; None: the setup with these
    seats."""
    played_by: Sequence[PlayedBy] = ()
    """Who played each turn (``session.journal.played_by``): the replay names each move by
    who made it (none given: by the names in ``config``)."""
    host: BackgroundHost | None = None
    """The hosting window's host, kept running while its scores are shown (a player who
    dropped out may still rejoin for the result) and stopped when they are left."""


@dataclass(frozen=True)
class Reviewing:
    """The coach reviewing ``game``: ``seconds`` per decision or ``iterations`` re-deals (tests);
    ``ai`` replaces the worker; ``played_by`` who played each turn."""

    game: Game
    config: GameConfig
    seconds: float = REVIEW_SECONDS
    iterations: int | None = None
    ai: AIClient | None = None
    played_by: Sequence[PlayedBy] = ()
    """Who played each turn (as ``Scoring``'s): the review leaves a stand-in's decisions out
    and its table's log names them as the stand-in's."""


@dataclass(frozen=True)
class Table:
    """The play table showing ``source`` (any ``TableSource``); ``ai`` replaces the AI worker
    (the tutorial's script); ``lesson`` is the tutorial shown (its lesson panel is drawn),
    ``review`` the reviewed game shown (its verdict panel is drawn)."""

    source: TableSource
    ai: AIClient | None = None
    lesson: TutorialSession | None = None
    review: ReviewSession | None = None
    net: RemoteSource | None = None
    """The link to the host of a game across machines (the banner, seats away)."""


Route = (
    Menu
    | Setup
    | Join
    | Lobby
    | SettingsPage
    | Load
    | Rules
    | Help
    | Pause
    | Confirm
    | Scoring
    | Reviewing
    | Table
)
"""Every scene the app can open."""


class UnknownScene(LookupError):
    """The app was built without a scene catalog, or the catalog does not build this route."""
