"""The new-game setup: 2-4 seats (name, colour, human or AI level), variant, seed, start player
and the thinking times of the hard and the expert AI. Each AI level shows its rating
(``cacao_game.ai.ratings``).

Colours stay distinct: a seat's colour cycler offers only colours no other seat uses. An empty
seed draws one, so every game can be replayed. The start player (chosen or drawn) becomes
seat 0 by rotating the seat list (RULES.md R2.3).
"""

from __future__ import annotations

import logging
import math
import random
from functools import partial
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import host_setup, routes, theme
from cacao_game.app.flow import start_game
from cacao_game.app.join_form import MAX_ADDRESS, address_problem, read_or_defaults
from cacao_game.app.netplay import (
    STANDIN,
    STANDIN_AFTER,
    HostChoices,
    HostedTable,
    host_failure,
    host_game,
    hosted_waiting,
    open_on_server,
)
from cacao_game.app.scale import current, px
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.shown_names import name_glyph_problem
from cacao_game.app.strings import (
    color_label,
    has,
    is_automatic_name,
    kind_label,
    short_number,
    t,
    unique_names,
)
from cacao_game.app.widgets import Button, Cycler, Panel, TextInput, Toggle, Widget
from cacao_game.config.choices import EXPERT_TIME, EXPERT_TIMES, THINKING_TIMES
from cacao_game.config.game import COLORS, EXPERT, HUMAN, MAX_SEATS, MIN_SEATS, GameConfig, SeatConfig
from cacao_game.config.names import MAX_NAME_LENGTH, clean_name, name_problem
from cacao_game.engine.setup import SEED_LIMIT, fresh_seed
from cacao_game.net.protocol import DEFAULT_PORT, PORTS, REMOTE

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

log = logging.getLogger(__name__)

SEATS_PANEL = (80, 200, 1180, 720)
OPTIONS_PANEL = (1300, 200, 540, 720)
ROW_H, ROW_GAP = 118, 14
BOTTOM = 1040
HOST_LABELS = ((176, "setup.start_player"), (388, "net.port"))
"""The hosting setup's option labels: design y inside the options panel and string key (the
port's row has the server's address on its left: ``server_and_port``)."""
PORT_W = 150
"""Design width of Host a game's port field, right of the server's address."""
STANDIN_FROM_FOOT, STANDIN_W, STANDIN_H = 64, 700, 52
"""The stand-in switch of Host a game: its top above the seats panel's foot, width, height
(below the fourth seat's row, which ends 76 design px above the foot)."""
THINKING_Y, HOST_THINKING_Y = 498, 282
"""Design y of the thinking times' labels in the options panel (local setup before the
variant hint's drop, and hosting); their cyclers are 18 below."""
THINKING_GAP = 16
"""Design pixels between the hard AI's thinking time and the expert's, side by side."""
HINT_Y, SEED_LABEL_Y, HINT_GAP, MAX_DROP = 150, 248, 28, 24
"""Design pixels in the options panel: the variant's hint, the Seed label's middle, the least
gap between them, and how far the options below may move down for a long hint."""
"""Design pixels: the two panels, a seat row and the gap between rows, the buttons' bottom."""
COLUMNS = ((96, 280, "setup.name"), (396, 270, "setup.colour"), (686, 350, "setup.player"))
"""A seat row's columns: design x inside the row, width and heading."""


def seat_kinds(hosting: bool = False) -> list[str]:
    """``human`` (and ``remote`` when hosting a game across machines), then the AI levels in
    the registry's order (``cacao_game.ai.LEVELS``), read now so new levels show up."""
    from cacao_game import ai

    return [HUMAN, REMOTE, *ai.LEVELS] if hosting else [HUMAN, *ai.LEVELS]


def default_ai(kinds: list[str]) -> str:
    """The AI level a new AI seat gets: medium if present, else the first AI level."""
    ais = [k for k in kinds if k not in (HUMAN, REMOTE)]
    return "medium" if "medium" in ais else (ais[0] if ais else HUMAN)


def kind_choice_label(kind: str) -> str:
    """A seat kind as the player cycler shows it: an AI level with its rating when measured."""
    from cacao_game.ai.ratings import RATINGS

    rating = RATINGS.get(kind)
    label = kind_label(kind)
    return label if rating is None or kind == HUMAN else t("setup.kind_rating", level=label, rating=rating)


def level_tip(kind: str) -> str | None:
    """The tooltip of a seat's level: what the level does (a trial found nothing in setup
    telling the levels apart) and, beside a rating, what the number is; None for a person."""
    if not has(f"setup.level.{kind}"):
        return None
    does = t(f"setup.level.{kind}")
    return f"{does} {t('setup.rating_hint')}" if kind_choice_label(kind) != kind_label(kind) else does


def default_thinking_time() -> float:
    """The hard AI's own default thinking time (one of ``THINKING_TIMES``)."""
    from cacao_game.ai.hard import TIME_BUDGET

    return TIME_BUDGET


def thinks_for(kinds: list[str], expert: bool) -> bool:
    """Whether a seat of ``kinds`` thinks for the expert's time (``expert``), or for the hard
    time (a timed level other than the expert: ``GameConfig.time_budget``)."""
    from cacao_game.ai.registry import TIMED_LEVELS

    return any(kind in TIMED_LEVELS and (kind == EXPERT) == expert for kind in kinds)


def default_name(kind: str, number: int) -> str:
    """The automatic name of seat ``number`` (1-based) of ``kind``."""
    return t("setup.default_name", number=number) if kind == HUMAN else kind_label(kind)


class SetupScene(WidgetScene):
    """Choose the seats and options, then Start replaces everything with the play scene.

    ``hosting``: the Host a game setup. One more seat kind, ``remote`` (a friend who joins
    from another machine); exactly one human seat (the hosting player); a port, whether
    other machines may connect, and whether hints are allowed instead of the seed
    (``config`` and ``choices``: as a hosted table had them, else those of the last game
    hosted, kept in the settings file: ``app.host_setup``, never open to the network);
    Host starts the host and opens its lobby."""

    primary_default = True
    """The focus starts on Start (Host), drawn as the default: Enter plays the setup shown (a
    keyboard-only trial pressed Enter at the yellow button and nothing happened, then needed
    19 Tabs to reach it)."""

    def __init__(
        self,
        app: Shell,
        config: GameConfig | None = None,
        *,
        hosting: bool = False,
        choices: HostChoices | None = None,
    ) -> None:
        super().__init__(app)
        self.hosting = hosting
        self.kinds = seat_kinds(hosting)
        last = self.last_hosted() if hosting and config is None else None
        chosen = choices or (last.choices if last is not None else HostChoices())
        self.port_text = str(chosen.port)
        self.server_text = chosen.server
        self.everywhere = chosen.everywhere
        self.hints = chosen.hints
        self.standin = chosen.standin
        self._network: Toggle | None = None
        self._standin: Toggle | None = None
        if hosting:
            previous = config or (last.config if last is not None else None)
            start = chosen.start
        else:
            previous = config or app.last_config
            start = app.settings.last_start() if config is None and previous is not None else None
        self.take(previous, start)

    def last_hosted(self) -> HostedTable | None:
        """The setup of the last game hosted, as the settings file keeps it (None: none). One
        that does not read (a damaged or hostile file) is forgotten, and the player is told
        that the setup starts from its defaults (the reason under the mouse)."""
        stored = self.app.settings.last_hosted
        if stored is None:
            return None
        try:
            return host_setup.read_remembered(stored)
        except ValueError as error:
            log.warning("settings: %s; Host a game starts from the defaults", error)
            self.app.remember_hosted(None)
            self.app.notify(t("net.setup_forgotten"), detail=str(error))
            return None

    def joined_name(self) -> str:
        """The name the player last joined a table with ("" if none, or one that does not
        read): a first Host a game seats the hosting player under it (a network trial's Host a
        game said "Player 1" to someone the Join form knew as Bo)."""
        stored = self.app.settings.last_joined
        return read_or_defaults(stored).name if stored is not None else ""

    def take(self, previous: GameConfig | None, start: int | None = None) -> None:
        """Seats and options as in ``previous`` (no seed; ``start`` the start player if that
        seat exists, else random), or the defaults of a first New game (None)."""
        hosting = self.hosting
        if hosting and previous is None:
            self.seats = [
                SeatConfig(self.joined_name() or default_name(HUMAN, 1), "red", HUMAN),
                SeatConfig(default_name(REMOTE, 2), "purple", REMOTE),
            ]
            self.variant = "base"
            self.thinking_time = default_thinking_time()
            self.expert_time = EXPERT_TIME
        elif previous is not None:
            self.seats = [SeatConfig(s.name, s.color, s.kind) for s in previous.seats]
            self.variant = previous.variant
            self.thinking_time = previous.thinking_time or default_thinking_time()
            self.expert_time = previous.expert_time or EXPERT_TIME
        else:
            ai = default_ai(self.kinds)
            self.seats = [
                SeatConfig(default_name(HUMAN, 1), "red", HUMAN),
                SeatConfig(default_name(ai, 2), "purple", ai),
            ]
            self.variant = "base"
            self.thinking_time = default_thinking_time()
            self.expert_time = EXPERT_TIME
        automatic = unique_names([default_name(s.kind, i + 1) for i, s in enumerate(self.seats)])
        self.auto_named = [
            s.name == automatic[i] or is_automatic_name(s.name, s.kind, i + 1)
            for i, s in enumerate(self.seats)
        ]
        self.name_automatic_seats()
        self.seed_text = ""
        self.start: int | None = start if start is not None and start < len(self.seats) else None

    def reset(self) -> None:
        """Defaults: everything this screen holds as on a first start: the seats and options
        of a first New game (hosting: of a first Host a game, with the default port, this
        computer only, hints allowed), no seed, the start player drawn. The last set-up is
        offered again next time until another game starts."""
        if self.hosting:
            first = HostChoices()
            self.port_text, self.everywhere, self.hints = str(first.port), first.everywhere, first.hints
            self.standin, self.server_text = first.standin, first.server
        self.take(None)
        self.rebuild()

    # ------------------------------------------------------------------ state

    def free_colors(self, seat: int) -> list[str]:
        """Colours seat ``seat`` may take: its own and those no other seat uses."""
        taken = {s.color for i, s in enumerate(self.seats) if i != seat}
        return [c for c in COLORS if c not in taken]

    def add_seat(self) -> None:
        """Add an AI seat in the first free colour (up to 4 seats)."""
        if len(self.seats) >= MAX_SEATS:
            return
        color = next(c for c in COLORS if c not in {s.color for s in self.seats})
        kind = default_ai(self.kinds)
        self.seats.append(SeatConfig(default_name(kind, len(self.seats) + 1), color, kind))
        self.auto_named.append(True)
        self.name_automatic_seats()
        self.rebuild()

    def remove_seat(self, seat: int) -> None:
        """Remove seat ``seat`` (never below 2 seats)."""
        if len(self.seats) <= MIN_SEATS:
            return
        del self.seats[seat]
        del self.auto_named[seat]
        self.name_automatic_seats()
        if self.start is not None and self.start >= len(self.seats):
            self.start = None
        self.rebuild()

    def set_kind(self, seat: int, kind: str) -> None:
        """Change who plays seat ``seat``; an automatic name follows the kind."""
        self.seats[seat].kind = kind
        self.name_automatic_seats()
        self.rebuild()

    def name_automatic_seats(self) -> None:
        """Give every seat the player did not name its automatic name, never one already used
        ("Medium AI", then "Medium AI 2")."""
        names = [
            default_name(s.kind, i + 1) if self.auto_named[i] else s.name for i, s in enumerate(self.seats)
        ]
        for index, name in enumerate(unique_names(names)):
            if self.auto_named[index]:
                self.seats[index].name = name

    def set_name(self, seat: int, name: str) -> None:
        """The player typed a name: it is no longer automatic, and the start player's choice
        names the seat so at once (a playtest saw it keep the old name while typing)."""
        self.seats[seat].name = name
        self.auto_named[seat] = False
        self.start_choice.options = self.start_options()

    def set_color(self, seat: int, color: str) -> None:
        """Seat ``seat`` takes ``color``."""
        self.seats[seat].color = color
        self.rebuild()

    def set_seed_text(self, text: str) -> None:
        """The seed field changed."""
        self.seed_text = text

    def validation_error(self) -> str | None:
        """Why the game cannot start yet, or None."""
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            return t("setup.error_seats")
        if self.hosting:
            kinds = [s.kind for s in self.seats]
            if kinds.count(HUMAN) != 1 or REMOTE not in kinds:
                return t("net.error_seats")
            if not (self.port_text.isdigit() and int(self.port_text) in PORTS):
                return t("net.error_port")
            if self.server_text.strip():
                problem = address_problem(self.server_text)
                if problem is not None:
                    return problem
        colors = [s.color for s in self.seats]
        if len(set(colors)) != len(colors) or any(c not in COLORS for c in colors):
            return t("setup.error_colours")
        if any(name_problem(" ".join(s.name.split())) for s in self.seats):
            return t("setup.error_name")
        glyphs = name_glyph_problem(self.app.assets, [s.name for s in self.seats])
        if glyphs is not None:
            return glyphs
        if self.seed_text and not (self.seed_text.isdigit() and int(self.seed_text) < SEED_LIMIT):
            return t("setup.error_seed")
        return None

    def config(self, rng: random.Random | None = None) -> GameConfig:
        """The game to start: seed drawn if empty, start player applied by rotation.

        Raises ValueError (the one-line reason) when ``validation_error`` is not None.
        """
        problem = self.validation_error()
        if problem is not None:
            raise ValueError(problem)
        rng = rng or random.Random()
        seed = int(self.seed_text) if self.seed_text else fresh_seed(rng)
        seats = [SeatConfig(clean_name(s.name), s.color, s.kind) for s in self.seats]
        config = GameConfig(
            seats=seats,
            variant=self.variant,
            seed=seed,
            thinking_time=self.thinking_time,
            expert_time=self.expert_time,
        )
        config = config.started_by(self.start)
        config.validate()
        return config

    def start_game(self) -> None:
        """Start: remember these seats for next time (names as the game has them, cleaned of
        stray spaces: the settings file keeps only clean names) and open the play scene
        (hosting: start the host and open its lobby)."""
        try:
            config = self.config()
        except ValueError as error:
            self.app.notify(str(error))
            return
        remembered = GameConfig(
            [SeatConfig(clean_name(s.name), s.color, s.kind) for s in self.seats],
            self.variant,
            None,
            thinking_time=self.thinking_time,
            expert_time=self.expert_time,
        )
        if self.hosting:
            server = self.server_text.strip()
            choices = HostChoices(
                int(self.port_text), self.everywhere, self.hints, self.start, self.standin, server
            )
            self.app.remember_hosted(host_setup.remembered(HostedTable(remembered, choices)))
            if server:
                self.open_on_server(config, server)
            elif hosted_waiting():
                ask = routes.Confirm(t("menu.host_over"), partial(self.host, config), danger=True)
                self.app.open(ask)
            else:
                self.host(config)
            return
        self.app.remember_setup(remembered, self.start)
        start_game(self.app, config)

    def host(self, config: GameConfig) -> None:
        """Start hosting ``config``'s game and wait for the players in the lobby (the port
        is valid: ``validation_error``)."""
        port = int(self.port_text)
        try:
            source = host_game(
                config,
                port=port,
                everywhere=self.everywhere,
                hints=self.hints,
                chosen_start=self.start is not None,
                standin=self.standin,
            )
        except (OSError, ValueError, TimeoutError) as error:
            self.app.notify(host_failure(error, port))
            return
        self.app.home()
        self.app.open(routes.Lobby(source))

    def open_on_server(self, config: GameConfig, server: str) -> None:
        """Open ``config``'s table on the Cacao server at ``server`` (its port typed: valid,
        ``validation_error``) and wait for the players in the lobby; the server's answer (a
        refusal, or none) is said there."""
        source = open_on_server(
            config,
            address=server,
            port=int(self.port_text),
            hints=self.hints,
            chosen_start=self.start is not None,
        )
        self.app.home()
        self.app.open(routes.Lobby(source))

    # ------------------------------------------------------------------ widgets

    def seats_rect(self) -> pygame.Rect:
        """The seats panel."""
        return self.stage.rect(*SEATS_PANEL)

    def options_rect(self) -> pygame.Rect:
        """The options panel."""
        return self.stage.rect(*OPTIONS_PANEL)

    def row_rect(self, seat: int) -> pygame.Rect:
        """Seat row ``seat`` inside the seats panel."""
        x, y, w, _h = SEATS_PANEL
        return self.stage.rect(x + 28, y + 130 + seat * (ROW_H + ROW_GAP), w - 56, ROW_H)

    def option(self, y: float, h: float) -> pygame.Rect:
        """A line of the options panel ``y`` design pixels below its top, ``h`` high."""
        x, top, w, _h = OPTIONS_PANEL
        return self.stage.rect(x + 32, top + y, w - 64, h)

    def option_drop(self) -> int:
        """Design pixels the options below the variant's hint move down so that the hint,
        wrapped as the language and screen make it, keeps ``HINT_GAP`` above the Seed label
        (at most ``MAX_DROP``, the room left at the panel's foot)."""
        note = self.app.assets.font(theme.SMALL_SIZE - 1)
        line = self.option(HINT_Y, 0)
        bottom = line.y + theme.render_text(note, t("setup.variant_hint"), theme.SAND, line.w).get_height()
        label = self.app.assets.font(theme.SMALL_SIZE - 2, "bold")
        label_top = self.option(SEED_LABEL_Y, 0).y - label.get_height() // 2
        needed = (bottom + px(HINT_GAP) - label_top) / current().factor
        return max(0, min(MAX_DROP, math.ceil(needed)))

    def build(self) -> None:
        seats, options = self.seats_rect(), self.options_rect()
        self.widgets = [Panel(seats, t("setup.players")), Panel(options, t("setup.options"))]
        for seat in range(len(self.seats)):
            self.widgets += self._seat_widgets(seat)
        if len(self.seats) < MAX_SEATS:
            row = self.row_rect(len(self.seats))
            add = pygame.Rect(row.x, row.y + px(16), px(260), px(60))
            self.widgets.append(Button(add, "+  " + t("setup.add_seat"), self.add_seat))
        if self.hosting:
            self.widgets.append(self._standin_toggle())
        self.widgets += self._option_widgets()
        if self.hosting:
            self._network_on_server()
        bottom = self.stage.point(0, BOTTOM)[1]
        back = pygame.Rect(0, 0, px(260), px(76))
        back.bottomleft = (seats.x, bottom)
        start = pygame.Rect(0, 0, px(380), px(76))
        start.bottomright = (options.right, bottom)
        label = t("net.host") if self.hosting else t("common.start")
        self.start_button = Button(start, label, self.start_game, style="primary", font_size=34)
        defaults = pygame.Rect(0, 0, px(300), px(76))
        defaults.bottomleft = (back.right + px(24), bottom)
        tip = t("net.defaults_tip", port=DEFAULT_PORT) if self.hosting else None
        self.widgets += [
            Button(back, t("common.back"), self.back),
            Button(defaults, t("setup.defaults"), self.reset, tooltip=tip),
            self.start_button,
        ]
        self.problem_area = pygame.Rect(
            defaults.right + px(24), defaults.y, start.x - defaults.right - px(48), defaults.h
        )
        """Where Host a game says why it cannot host: between Defaults and Host (the seats
        panel's foot holds the stand-in toggle there; a tester saw the two drawn over each
        other)."""

    def _seat_widgets(self, seat: int) -> list[Widget]:
        row = self.row_rect(seat)
        s = self.seats[seat]
        y, h = row.y + px(44), px(60)
        (name_x, name_w, _), (color_x, color_w, _), (kind_x, kind_w, _) = COLUMNS
        name = TextInput(
            (row.x + px(name_x), y, px(name_w), h),
            s.name,
            partial(self.set_name, seat),
            placeholder=t("setup.name"),
            max_length=MAX_NAME_LENGTH,
        )
        color = Cycler(
            (row.x + px(color_x), y, px(color_w), h),
            [(c, color_label(c, self.app.settings.palette)) for c in self.free_colors(seat)],
            s.color,
            partial(self.set_color, seat),
            swatch=self._swatch,
        )
        kinds = list(self.kinds) if s.kind in self.kinds else [*self.kinds, s.kind]
        kind = Cycler(
            (row.x + px(kind_x), y, px(kind_w), h),
            [(k, kind_choice_label(k)) for k in kinds],
            s.kind,
            partial(self.set_kind, seat),
            tooltip=level_tip(s.kind),
            one_size=True,
        )
        widgets: list[Widget] = [name, color, kind]
        if len(self.seats) > MIN_SEATS:
            remove = Button(
                (row.right - px(76), y, h, h),
                "×",
                partial(self.remove_seat, seat),
                tooltip=t("setup.remove_seat"),
                font_size=40,
            )
            widgets.append(remove)
        return widgets

    def _option_widgets(self) -> list[Widget]:
        if self.hosting:
            return self._host_option_widgets()
        variant = Toggle(
            self.option(84, 60), t("setup.variant"), self.variant == "volcano", self._set_variant
        )
        drop = self.option_drop()
        seed = TextInput(
            self.option(266 + drop, 60),
            self.seed_text,
            self.set_seed_text,
            placeholder=t("setup.seed_hint"),
            max_length=9,
            allowed=str.isdigit,
        )
        return [variant, seed, *self._start_and_thinking(410 + drop, THINKING_Y + 18 + drop)]

    def _start_and_thinking(self, start_y: int, thinking_y: int) -> list[Widget]:
        options = self.start_options()
        self.start_choice = Cycler(self.option(start_y, 60), options, self.start, self._set_start)
        return [self.start_choice, *self._thinking_widgets(thinking_y)]

    def start_options(self) -> list[tuple[int | None, str]]:
        """The start player's choices: drawn, or a seat by its name as typed so far."""
        options: list[tuple[int | None, str]] = [(None, t("setup.start_random"))]
        return options + [(i, s.name or t("setup.seat", number=i + 1)) for i, s in enumerate(self.seats)]

    def thinking_halves(self, y: float, h: float) -> tuple[pygame.Rect, pygame.Rect]:
        """The hard AI's and the expert's halves of the thinking times' line ``y`` design
        pixels below the options panel's top, ``h`` high."""
        line = self.option(y, h)
        gap = px(THINKING_GAP)
        width = (line.w - gap) // 2
        hard = pygame.Rect(line.x, line.y, width, line.h)
        return hard, pygame.Rect(line.right - width, line.y, width, line.h)

    def _thinking_widgets(self, y: int) -> list[Widget]:
        """The hard AI's thinking time and the expert's, side by side; each is dimmed (and
        skipped by the keyboard) while no seat plays that level, and keeps its value."""
        kinds = [s.kind for s in self.seats]
        rows = (
            (THINKING_TIMES, self.thinking_time, self._set_thinking_time, "setup.thinking_hint", False),
            (EXPERT_TIMES, self.expert_time, self._set_expert_time, "setup.expert_thinking_hint", True),
        )
        widgets: list[Widget] = []
        for rect, (times, value, change, hint, expert) in zip(self.thinking_halves(y, 60), rows, strict=True):
            labels = [(s, t("setup.thinking_value", seconds=short_number(s))) for s in times]
            cycler = Cycler(rect, labels, value, change, tooltip=t(hint), ordered=True)
            cycler.enabled = thinks_for(kinds, expert)
            widgets.append(cycler)
        return widgets

    def _host_option_widgets(self) -> list[Widget]:
        variant = Toggle(
            self.option(84, 60), t("setup.variant"), self.variant == "volcano", self._set_variant
        )
        server_rect, port_rect = self.server_and_port(HOST_LABELS[1][0] + 20, 60)
        server = TextInput(
            server_rect,
            self.server_text,
            self._set_server,
            placeholder=t("net.this_computer"),
            max_length=MAX_ADDRESS,
            tooltip=t("net.server_tip"),
        )
        port = TextInput(
            port_rect,
            self.port_text,
            self._set_port,
            placeholder=str(DEFAULT_PORT),
            max_length=5,
            allowed=str.isdigit,
        )
        network = Toggle(self.option(490, 60), t("net.everywhere"), self.everywhere, self._set_everywhere)
        self._network = network
        hints = Toggle(self.option(566, 60), t("net.hints"), self.hints, self._set_hints)
        return [
            variant,
            *self._start_and_thinking(HOST_LABELS[0][0] + 20, HOST_THINKING_Y + 20),
            server,
            port,
            network,
            hints,
        ]

    def _standin_toggle(self) -> Toggle:
        """Whether an AI plays a dropped player's seat: at the seats panel's foot, below the
        fourth seat's row."""
        x, y, _w, h = SEATS_PANEL
        rect = self.stage.rect(x + 28, y + h - STANDIN_FROM_FOOT, STANDIN_W, STANDIN_H)
        tip = t("net.standin_tip", seconds=short_number(STANDIN_AFTER), level=kind_label(STANDIN))
        self._standin = Toggle(rect, t("net.standin_choice"), self.standin, self._set_standin, tooltip=tip)
        return self._standin

    def _set_standin(self, standin: bool) -> None:
        self.standin = standin

    def _set_port(self, text: str) -> None:
        self.port_text = text

    def _set_server(self, text: str) -> None:
        self.server_text = text
        self._network_on_server()

    def _network_on_server(self) -> None:
        """While a server's address is typed, Open to the network is the server's to decide,
        and an AI always stands in for a dropped player (nobody there can free a seat: a
        trial's server game waited for good)."""
        server = bool(self.server_text.strip())
        for switch, words in (
            (self._network, "net.everywhere_server"),
            (self._standin, "net.standin_server"),
        ):
            if switch is not None:
                switch.unavailable = t(words) if server else ""
                switch.enabled = not server

    def server_and_port(self, y: float, h: float) -> tuple[pygame.Rect, pygame.Rect]:
        """The server's address and the port, side by side in the options panel, ``y``
        design pixels below its top, ``h`` high."""
        whole = self.option(y, h)
        gap, port_w = px(16), px(PORT_W)
        return (
            pygame.Rect(whole.x, whole.y, whole.w - port_w - gap, whole.h),
            pygame.Rect(whole.right - port_w, whole.y, port_w, whole.h),
        )

    def _set_everywhere(self, everywhere: bool) -> None:
        self.everywhere = everywhere
        self.rebuild()

    def _set_hints(self, hints: bool) -> None:
        self.hints = hints

    def _set_variant(self, volcano: bool) -> None:
        self.variant = "volcano" if volcano else "base"

    def _set_start(self, start: int | None) -> None:
        self.start = start

    def _set_thinking_time(self, seconds: float) -> None:
        self.thinking_time = seconds

    def _set_expert_time(self, seconds: float) -> None:
        self.expert_time = seconds

    def _swatch(self, surface: pygame.Surface, rect: pygame.Rect, color: str) -> None:
        theme.draw_seat_marker(self.app, surface, color, rect.center, px(15))

    # ------------------------------------------------------------------ drawing

    def update(self, dt: float) -> None:
        super().update(dt)
        self.start_button.enabled = self.validation_error() is None

    def draw_content(self, surface: pygame.Surface) -> None:
        title = t("net.host_title") if self.hosting else t("setup.title")
        theme.draw_title(self.app, surface, title, self.stage.screen_y(48))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_content(surface)
        self.draw_widgets(surface, 0, 2)
        self._draw_labels(surface)
        self.draw_widgets(surface, 2)
        problem = self.validation_error()
        if problem and self.hosting:
            area = self.problem_area
            font = self.app.assets.font(theme.SMALL_SIZE, "bold")
            with theme.within(area):
                theme.draw_text(
                    surface, font, problem, area.midleft, theme.PROBLEM, anchor="midleft", width=area.w
                )
        elif problem:
            seats = self.seats_rect()
            width = seats.w - px(64)
            font = theme.fit_font(self.app, theme.BODY_SIZE, problem, width, "bold")
            theme.draw_text(
                surface,
                font,
                theme.fit_text(font, problem, width),
                (seats.right - px(32), seats.bottom - px(40)),
                theme.PROBLEM,
                anchor="midright",
            )
        self.tooltip.draw(surface, self.app, self.tip_area())

    def tip_area(self) -> pygame.Rect | None:
        """Where the tooltip of the widget under the mouse stays: a seat's inside the players'
        panel, so that it never covers the options' captions and fields (a German trial's
        level tooltip covered SEED); elsewhere the screen (None)."""
        target = self.tooltip.target
        seats = self.seats_rect()
        return seats if target is not None and seats.contains(target.rect) else None

    def _draw_labels(self, surface: pygame.Surface) -> None:
        small = self.app.assets.font(theme.SMALL_SIZE - 2, "bold")
        first = self.row_rect(0)
        for x, width, key in COLUMNS:
            heading = theme.fit_text(small, t(key).upper(), px(width - 8))
            pos = (first.x + px(x + 4), first.y - px(34))
            theme.draw_text(surface, small, heading, pos, theme.MUTED, anchor="midleft")
        for seat, s in enumerate(self.seats):
            row = self.row_rect(seat)
            card = pygame.Rect(row.x, row.y + px(30), row.w, px(88))
            pygame.draw.rect(surface, theme.PANEL_LIGHT, card, border_radius=px(14))
            pygame.draw.rect(surface, self.app.assets.seat_color(s.color), card, px(3), border_radius=px(14))
            theme.draw_seat_marker(self.app, surface, s.color, (row.x + px(48), card.centery), px(24))
        drop = 0 if self.hosting else self.option_drop()
        labels = (
            HOST_LABELS
            if self.hosting
            else (
                (SEED_LABEL_Y + drop, "setup.seed"),
                (392 + drop, "setup.start_player"),
            )
        )
        for y, key in labels:
            line = self.option(y - 20, 40)
            if key == "net.port":
                server, port = self.server_and_port(y - 20, 40)
                for place, words in ((server, t("net.server")), (port, t(key))):
                    text = theme.fit_text(small, words.upper(), place.w)
                    theme.draw_text(surface, small, text, place.midleft, theme.MUTED, anchor="midleft")
                continue
            text = theme.fit_text(small, t(key).upper(), line.w)
            theme.draw_text(surface, small, text, line.midleft, theme.MUTED, anchor="midleft")
        thinking_y = HOST_THINKING_Y if self.hosting else THINKING_Y + drop
        halves = self.thinking_halves(thinking_y - 20, 40)
        kinds = [s.kind for s in self.seats]
        for half, (key, expert) in zip(
            halves, (("setup.thinking", False), ("setup.expert_thinking", True)), strict=True
        ):
            caption = t(key).upper()
            font = theme.fit_font(self.app, theme.SMALL_SIZE - 2, caption, half.w, "bold")
            text = theme.fit_text(font, caption, half.w)
            color = theme.MUTED if thinks_for(kinds, expert) else theme.UNAVAILABLE_TEXT
            theme.draw_text(surface, font, text, half.midleft, color, anchor="midleft")
        note = self.app.assets.font(theme.SMALL_SIZE - 1)
        if self.hosting:
            line = self.option(640, 0)
            if self.server_text.strip():
                text = t("net.on_server_note")
            else:
                text = t("net.bind_all") if self.everywhere else t("net.bind_local")
            theme.draw_text(surface, note, text, line.topleft, theme.SAND, width=line.w)
            return
        for y, key in ((HINT_Y, "setup.variant_hint"), (334 + drop, "setup.seed_note")):
            line = self.option(y, 0)
            theme.draw_text(surface, note, t(key), line.topleft, theme.SAND, width=line.w)
        self._draw_variant_tiles(surface, self.option(596 + drop, 0), 68 - drop // 2)

    def _draw_variant_tiles(self, surface: pygame.Surface, area: pygame.Rect, design_size: int) -> None:
        """The special tiles (gold mines or volcanoes) this variant puts in the jungle pile,
        ``design_size`` design pixels each, under a heading that says they are only those."""
        caption = t("setup.in_box").upper()
        small = theme.fit_font(self.app, theme.SMALL_SIZE - 2, caption, area.w, "bold")
        theme.draw_text(surface, small, theme.fit_text(small, caption, area.w), area.topleft, theme.MUTED)
        from cacao_game.engine.tiles import GOLD_YIELD, VOLCANO, jungle_deck

        deck = jungle_deck(len(self.seats), self.variant)
        codes = sorted(code for code in deck.elements() if code in GOLD_YIELD or code == VOLCANO)
        size = px(design_size)
        step = min(px(80), (area.w - size) // max(1, len(codes) - 1))
        for i, code in enumerate(codes):
            tile = self.app.assets.jungle_tile(code, size)
            rect = tile.get_rect(topleft=(area.x + i * step, area.y + px(30)))
            theme.draw_shadow(surface, rect, px(12), 90)
            surface.blit(tile, rect)
