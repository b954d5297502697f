"""The end of a game: temples scored one by one, the score table, the winners and a chart.

``ScoringScene(app, game, config, score_history)``: ``score_history[t][seat]`` is each seat's
projected total after the game's turn ``t + 1`` (an empty history is rebuilt by replaying the
game); the chart starts from the totals before the first turn (``opening_totals``), so its
point at turn ``n`` is the total after turn ``n``. Numbers
shown once the reveal is over are exactly ``game.score_now()``; the chart and the points by
source, which tell those totals, show only from then on (``view_shown``). Click or the skip intent shows
everything at once. Rematch (same seats, new seed), New game, Watch replay, Review game (the
coach's review of every decision), Menu. A game played across machines offers no Rematch (its
seats are on other machines); its replay and review come from the record its host sent, and
without that record (no decisions here) it offers only New game and Menu.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, assert_never

import pygame

from cacao_game.app import routes, theme
from cacao_game.app.flow import start_game, watch_record
from cacao_game.app.netplay import HostedTable, JoinRequest
from cacao_game.app.play.art import TileArt
from cacao_game.app.play.overview import board_squares, draw_board, square_size
from cacao_game.app.scale import px
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.shown_names import seat_labels
from cacao_game.app.strings import t, tn, winners_text
from cacao_game.app.widgets import Button, Hotspot, Panel, row_font_size
from cacao_game.config.game import SHAPES, GameConfig, SeatConfig
from cacao_game.engine.events import TurnEnded
from cacao_game.engine.scoring import cacao_decided, places
from cacao_game.engine.setup import fresh_seed
from cacao_game.engine.tiles import GOLD1, GOLD2, VOLCANO, jungle_deck
from cacao_game.net.hosting import BackgroundHost
from cacao_game.records import PlayedBy, earlier_names
from cacao_game.session.ledger import game_stats

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell
    from cacao_game.engine.game import Game

log = logging.getLogger(__name__)

KEYS_SETTLE_SECONDS = 1.0
"""After the scores are all shown, how long the keys that walk or press the buttons
(Tab, arrows, Enter, Space) do nothing: keys still pressed for the last move or the reveal
must not start a rematch."""
SETTLING_INTENTS = frozenset({"confirm", "skip", "cycle", "pan_up", "pan_down", "pan_left", "pan_right"})
STEP_SECONDS = {"slow": 1.3, "normal": 0.8, "fast": 0.4, "instant": 0.0}
TEMPLES = (60, 150, 560, 800)
TABLE = (660, 150, 1200, 420)
CHART = (660, 590, 1200, 360)
BUTTONS_Y, BUTTON_W, BUTTON_H, BUTTON_GAP = 976, 250, 72, 24
"""Design pixels: the temples panel, the score table, the chart and the row of buttons."""
COLUMNS = (
    ("gold", "gold"),
    ("temples", "temple"),
    ("sun", "sun"),
    ("water", "water"),
    ("total", None),
    ("cacao", "cacao"),
)
STAT_ROWS = ("markets", "mines", "volcanoes", "temples", "water", "sun", "total", "harvested", "sold")
"""The rows of the points-by-source view: gold by source, the score, then cacao."""
SOURCE_TILES = {"mines": (GOLD1, GOLD2), "volcanoes": (VOLCANO,)}
"""The jungle tiles behind a points-by-source row that only some games have."""
VIEWS = ("chart", "statistics", "board")
"""What the lower panel can show: the score over the game, where the points came from, the
final board."""
TAB_W, TAB_H, TAB_TOP = 200, 44, 14
"""Design pixels of one view button, and of the row of them below the lower panel's top (the
row stays put whatever the view)."""
LEGEND_STEP = 22
"""Design pixels between the legend's two rows, when it needs two."""
TEMPLE_ROW_H = 118
SEAT_STEP = 84
"""Design pixels: a temple's row (at most) and the room of one seat's workers in it."""
NAME_W, FIRST_COLUMN, COLUMN_STEP = 300, 420, 125
"""Design pixels in the table: a seat's name, the first number column and the columns' pitch."""


def opening_totals(game: Game) -> list[int]:
    """Each seat's projected total before the first turn of ``game`` (its setup's)."""
    from cacao_game.engine.game import Game as GameClass

    return [s.total for s in GameClass(game.setup, keep_history=False).score_now()]


def replay_history(game: Game) -> list[list[int]]:
    """Each seat's projected total before the first turn (``opening_totals``) and after every
    turn, by replaying ``game`` from its setup."""
    from cacao_game.engine.game import Game as GameClass
    from cacao_game.engine.replay import Step, replay

    history = [opening_totals(game)]

    def after(replayed: GameClass, step: Step) -> None:
        for event in step.events:
            if isinstance(event, TurnEnded):
                history.append([s.total for s in replayed.score_now()])

    replay(game.setup, game.actions, on_events=after, keep_history=False)
    return history


BANNER_H = 52
"""Design pixels of the winner's line above the score table."""


def stat_rows(players: int, variant: str) -> list[str]:
    """The points-by-source rows of a game of ``players`` and ``variant``: a source whose tiles
    the game does not have is left out (the volcano variant's volcanoes replace the gold mines:
    a tester read "Gold from gold mines: 0" there)."""
    deck = jungle_deck(players, variant)
    return [
        key
        for key in STAT_ROWS
        if any(deck[code] for code in SOURCE_TILES.get(key, ())) or key not in SOURCE_TILES
    ]


class ScoringScene(WidgetScene):
    """The final scoring of a finished ``game`` played with ``config``."""

    def __init__(
        self,
        app: Shell,
        game: Game,
        config: GameConfig,
        score_history: Sequence[Sequence[int]],
        *,
        rematch: bool = True,
        again: HostedTable | JoinRequest | None = None,
        played_by: Sequence[PlayedBy] = (),
        host: BackgroundHost | None = None,
    ) -> None:
        super().__init__(app)
        self.game = game
        self.host = host
        """The hosting window's host, stopped when these scores are left (``routes.Scoring``)."""
        self.played_by = played_by
        """Who played each turn: the replay's (``routes.Scoring``)."""
        self.offers_rematch = rematch
        self.again = again
        """What New game opens for a game across machines (None: the setup, these seats)."""
        if isinstance(again, JoinRequest) and app.join_typed.get("code"):
            app.join_typed = {**app.join_typed, "code": ""}  # the table is over: its code joins nothing
        self.config = config
        self.names = seat_labels(app.assets, config.names, config.kinds)
        """What the seats are called on screen (a stand-in for a name the fonts cannot draw),
        in the language shown: taken anew by ``relabel``."""
        self.took_over = self._took_over()
        """Under each seat's name, who played it before its player now took it over (a
        network seat that changed hands), else empty: taken anew by ``relabel``."""
        self.standings = game.temple_standings()
        self.scores = game.score_now()
        place = places(self.scores)
        self.by_place = sorted(range(len(self.scores)), key=lambda seat: place[seat])
        """The seats by place (``places``), seats sharing a place in turn order: the final
        scores' order once revealed (worked out once, not at every frame drawn)."""
        self.winners = game.winners()
        played = [list(row) for row in score_history]
        self.history = [opening_totals(game), *played] if played else replay_history(game)
        final = [s.total for s in self.scores]
        if self.history[-1] != final:
            self.history.append(final)
        self.stats = game_stats(game)
        """Each seat's points by source."""
        self.stat_rows = stat_rows(game.players, game.variant)
        """The points-by-source view's rows for this game's tiles."""
        self.view = "chart"
        """What the lower panel shows: one of ``VIEWS``."""
        self.art = TileArt(app.assets)
        self.elapsed = 0.0
        self.step = STEP_SECONDS.get(getattr(app.settings, "animation_speed", "normal"), 0.8)
        self._announced = 0
        self._done_at: float | None = None
        """``elapsed`` when the reveal was first seen done (keys settle from then on)."""
        self._board_fit: tuple[Hashable, tuple[float, float, float]] | None = None

    # ------------------------------------------------------------------ reveal

    @property
    def revealed_temples(self) -> int:
        """How many temples are scored on screen so far."""
        if self.step <= 0:
            return len(self.standings)
        return min(len(self.standings), int(self.elapsed / self.step))

    def age(self, index: int) -> float:
        """Seconds since temple ``index`` was revealed (negative before)."""
        return self.elapsed - (index + 1) * self.step

    def pop(self, index: int) -> float:
        """Scale of temple ``index``'s awards: 1.6 when revealed, easing to 1 in 0.35 s."""
        age = self.age(index)
        return 1.0 + 0.6 * max(0.0, 1.0 - age / 0.35) if age >= 0 and not self.done else 1.0

    @property
    def done(self) -> bool:
        """True once every temple and the winner are shown."""
        return self.step <= 0 or self.elapsed >= self.step * (len(self.standings) + 1)

    def skip(self) -> None:
        """Show everything now."""
        self.elapsed = max(self.elapsed, self.step * (len(self.standings) + 1))

    def rows(self) -> list[dict[str, int]]:
        """The table as shown now: gold, temples (so far), sun, water, total, cacao per seat."""
        temples = [0] * len(self.scores)
        for _pos, _workers, awards in self.standings[: self.revealed_temples]:
            for seat, gold in enumerate(awards):
                temples[seat] += gold
        if self.done:
            temples = [s.temples for s in self.scores]
        return [
            {
                "gold": s.gold,
                "temples": temples[i],
                "sun": s.sun,
                "water": s.water,
                "cacao": s.cacao,
                "total": replace(s, temples=temples[i]).total,
            }
            for i, s in enumerate(self.scores)
        ]

    def chart_rows(self) -> list[list[int]]:
        """The chart's points: each seat's projected total before the first turn and after
        every turn, the last being the final total."""
        return self.history

    def view_shown(self) -> bool:
        """Whether the lower panel shows its view now: the chart and the points by source only
        once the reveal is done, since either tells the totals the temples are still revealing
        (a tester read the winner off the chart while the table counted the first temple)."""
        return self.done or self.view == "board"

    def update(self, dt: float) -> None:
        super().update(dt)
        was_done = self._announced > len(self.standings)
        self.elapsed += dt
        while self._announced < self.revealed_temples:
            self._announced += 1
            self.app.assets.play("score", 0.5)
        if self.done and self._done_at is None:
            self._done_at = self.elapsed
        if self.done and not was_done:
            self._announced = len(self.standings) + 1
            self.app.assets.play("win", 0.6)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.done and (
            (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1)
            or self.app.intents.has(event, "skip")
            or self.app.intents.has(event, "confirm")
        ):
            self.skip()
            return True
        if (
            self.settling()
            and event.type == pygame.KEYDOWN
            and SETTLING_INTENTS & set(self.app.intents.of(event))
        ):
            return True
        return super().handle_event(event)

    def settling(self) -> bool:
        """Whether the keys that walk or press the buttons still do nothing: the reveal ended
        less than ``KEYS_SETTLE_SECONDS`` ago (or has not been seen ending yet)."""
        return self._done_at is None or self.elapsed - self._done_at < KEYS_SETTLE_SECONDS

    # ------------------------------------------------------------------ buttons

    def rematch(self) -> None:
        """The same seats in the same turn order and the same thinking times, with a new seed;
        the start player as the last set-up chose it when these are its seats (``set_up_last``),
        else, as for "Start player: Random", drawn from the new seed (a tester's three
        rematches under "Random" all began with the seat that began the first game)."""
        last = self.app.last_config if self.set_up_last() else None
        base = last or self.config
        seats = [SeatConfig(s.name, s.color, s.kind) for s in base.seats]
        config = GameConfig(
            seats,
            self.config.variant,
            fresh_seed(),
            thinking_time=self.config.thinking_time,
            expert_time=self.config.expert_time,
        )
        start_game(self.app, config.started_by(self.app.settings.last_start() if last is not None else None))

    def new_game(self) -> None:
        """The setup scene, prefilled with these seats; after a hosted game the Host a game
        setup with the table as it was hosted; after joining or watching one, the Join form
        with the host's address and port."""
        self.app.home()
        match self.again:
            case HostedTable(config, choices):
                self.app.open(routes.Setup(config, hosting=True, choices=choices))
            case JoinRequest():
                self.app.open(routes.Join(self.again))
            case None:
                self.app.open(routes.Setup(None if self.set_up_last() else self.config))
            case _:
                assert_never(self.again)

    def set_up_last(self) -> bool:
        """Whether this game's seats are the last set-up's (``Shell.last_config``), turned to
        its start player: New game then offers that set-up as it was made, its start player
        too (a playtest saw New game turn the seats to the start player's order and renumber
        "Player 1" as "Player 2")."""
        last = self.app.last_config
        return last is not None and any(
            last.rotated(start).seats == self.config.seats for start in range(len(last.seats))
        )

    def watch_replay(self, at_end: bool = False) -> None:
        """The replay of this game, at its start or ``at_end`` (the final board full size)."""
        from cacao_game.records import seat_entries, to_record

        try:
            seats = seat_entries(self.config.kinds, self.config.colors, self.config.names)
            record = to_record(self.game, seats, self.played_by)
        except ValueError as error:
            self.app.notify(t("scoring.replay_failed", reason=error))
            return
        watch_record(self.app, record, self.config, at_end=at_end)

    def review(self) -> None:
        """Review this game's decisions (a progress overlay, then the reviewed game)."""
        self.app.open(routes.Reviewing(self.game, self.config, played_by=self.played_by))

    def relabel(self) -> None:
        """A new language: the seats' default names ("Player 1", "Hard AI") in it too."""
        self.names = seat_labels(self.app.assets, self.config.names, self.config.kinds)
        self.took_over = self._took_over()
        super().relabel()

    def _took_over(self) -> list[str]:
        """``took_over``: the seats' earlier players (``earlier_names``) in words."""
        earlier = earlier_names(self.played_by, self.config.names)
        return [
            t(
                "scoring.took_over",
                names=", ".join(seat_labels(self.app.assets, names, ["human"] * len(names))),
            )
            if names
            else ""
            for names in earlier
        ]

    def build(self) -> None:
        entries = [
            ("scoring.rematch", self.rematch, "primary"),
            ("scoring.new_game", self.new_game, "secondary"),
            ("scoring.replay", self.watch_replay, "secondary"),
            ("review.button", self.review, "secondary"),
            ("scoring.menu", self.app.home, "secondary"),
        ]
        if not self.game.actions:
            entries = [entry for entry in entries if entry[0] in ("scoring.new_game", "scoring.menu")]
        if not self.offers_rematch:
            entries = [entry for entry in entries if entry[0] != "scoring.rematch"]
        stage = self.stage
        right = TABLE[0] + TABLE[2]
        x = right - len(entries) * BUTTON_W - (len(entries) - 1) * BUTTON_GAP
        self.widgets = [
            Panel(stage.rect(*TEMPLES), t("scoring.temples")),
            Panel(stage.rect(*TABLE)),
            Panel(stage.rect(*CHART)),
        ]
        for i, (key, action, style) in enumerate(entries):
            rect = stage.rect(x + i * (BUTTON_W + BUTTON_GAP), BUTTONS_Y, BUTTON_W, BUTTON_H)
            self.widgets.append(Button(rect, t(key), action, style=style))
        labels = [t(f"scoring.view.{view}") for view in VIEWS]
        tab_size = row_font_size(self.app, labels, stage.rect(0, 0, TAB_W, TAB_H).w, theme.SMALL_SIZE)
        for i, (view, label) in enumerate(zip(VIEWS, labels, strict=True)):
            rect = stage.rect(CHART[0] + 20 + i * (TAB_W + 10), CHART[1] + TAB_TOP, TAB_W, TAB_H)
            self.widgets.append(
                Button(
                    rect,
                    label,
                    partial(self.show_view, view),
                    font_size=tab_size,
                    selected=view == self.view,
                )
            )
        if self.view == "board" and self.game.actions:
            full_size = partial(self.watch_replay, at_end=True)
            area = self.board_area(self.widgets[2].rect)
            self.widgets.append(Hotspot(area, t("scoring.board_tip"), full_size))

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Toasts sit above the row of buttons (a tester's notice lay over Rematch, New game
        and Watch replay for seconds)."""
        return pygame.Rect(screen.x, screen.y, screen.w, self.stage.point(0, BUTTONS_Y - 8)[1] - screen.y)

    def show_view(self, view: str) -> None:
        """Show ``view`` (chart, statistics or the final board) in the lower panel."""
        self.view = view
        self.rebuild()

    def tab_row(self) -> pygame.Rect:
        """The row of view tabs at the top of the lower panel (screen pixels)."""
        width = len(VIEWS) * (TAB_W + 10) - 10
        return self.stage.rect(CHART[0] + 20, CHART[1] + TAB_TOP, width, TAB_H)

    def board_area(self, chart: pygame.Rect) -> pygame.Rect:
        """Where the final board may lie in the lower panel ``chart``: below the row of tabs
        and its band, less the panel's margin (a playtest found the board risen beside the
        tabs, into their band and off the panel's middle)."""
        top = self.tab_row().bottom + px(TAB_TOP)
        return pygame.Rect(chart.x + px(20), top, chart.w - px(40), chart.bottom - px(12) - top)

    def board_fit(self, chart: pygame.Rect) -> tuple[pygame.Rect, tuple[float, float, float]]:
        """The final board's area (``board_area``) and its fit there: tiles as large as fit,
        centred (cached per area)."""
        area = self.board_area(chart)
        key = tuple(area)
        if self._board_fit is None or self._board_fit[0] != key:
            self._board_fit = (key, square_size(board_squares(self.game), area))
        return area, self._board_fit[1]

    def exit(self) -> None:
        """Drop the tile images of the final board; stop the host kept for late rejoins."""
        self.art.clear()
        if self.host is not None:
            self.host.stop()

    def back(self) -> None:
        self.app.home()

    # ------------------------------------------------------------------ drawing

    def seat_color(self, seat: int, shade: str = "base") -> pygame.Color:
        """Seat ``seat``'s colour in the current palette."""
        return self.app.assets.seat_color(self.config.seats[seat].color, shade)

    def marker(self, surface: pygame.Surface, seat: int, center: tuple[float, float], radius: float) -> None:
        """Seat ``seat``'s shape in its colour."""
        color = self.config.seats[seat].color
        theme.draw_marker(
            surface, SHAPES[color], center, radius, self.seat_color(seat), self.seat_color(seat, "outline")
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        stage = self.stage
        theme.draw_title(self.app, surface, t("scoring.title"), stage.screen_y(30), 64)
        self.draw_widgets(surface, 0, 3)
        temples, table, chart = (w.rect for w in self.widgets[:3])
        self._draw_temples(surface, temples)
        self._draw_table(surface, table)
        if self.view_shown():
            self._draw_view(surface, chart)
        self.draw_widgets(surface, 3)
        if not self.done:
            left = temples.x + px(8)
            width = (self.widgets[3].rect.x if len(self.widgets) > 3 else temples.right) - px(16) - left
            least = theme.SMALLEST_SIZE / theme.SMALL_SIZE
            small = theme.fit_font(self.app, theme.SMALL_SIZE, t("scoring.skip"), width, smallest=least)
            theme.draw_text(
                surface,
                small,
                theme.fit_text(small, t("scoring.skip"), width),
                (left, stage.point(0, BUTTONS_Y + BUTTON_H // 2)[1]),
                theme.SAND,
                anchor="midleft",
                shadow=True,
            )
        self.tooltip.draw(surface, self.app)

    def _draw_temples(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        area = pygame.Rect(panel.x + px(24), panel.y + px(84), panel.w - px(48), panel.h - px(104))
        font = self.app.assets.font(theme.BODY_SIZE - 2, "bold")
        small = self.app.assets.font(theme.SMALL_SIZE)
        if not self.standings:
            theme.draw_text(surface, small, t("scoring.no_temples"), area.center, theme.SAND, anchor="center")
            return
        row_h = min(px(TEMPLE_ROW_H), area.h // len(self.standings))
        shown = self.revealed_temples
        for index, (_pos, workers, awards) in enumerate(self.standings):
            row = pygame.Rect(area.x, area.y + index * row_h, area.w, row_h - px(10))
            active = index == shown and not self.done
            fill = theme.PANEL_HOVER if active else theme.PANEL_LIGHT
            pygame.draw.rect(surface, fill, row, border_radius=px(12))
            if active:
                pygame.draw.rect(surface, theme.GOLD, row, px(2), border_radius=px(12))
            icon = self.app.assets.icon("temple", px(52))
            surface.blit(icon, icon.get_rect(midleft=(row.x + px(12), row.centery)))
            label_w = px(200 - 76 - 8)
            title = theme.fit_text(font, t("scoring.temple", number=index + 1), label_w)
            count = theme.fit_text(small, tn("scoring.temple_workers", sum(workers)), label_w)
            theme.draw_text(surface, font, title, (row.x + px(76), row.y + px(12)), theme.CREAM)
            theme.draw_text(
                surface,
                small,
                count,
                (row.x + px(76), row.bottom - px(12)),
                theme.MUTED,
                anchor="bottomleft",
            )
            self._draw_workers(surface, row, index, workers, awards)

    def _draw_workers(
        self,
        surface: pygame.Surface,
        row: pygame.Rect,
        index: int,
        workers: Sequence[int],
        awards: Sequence[int],
    ) -> None:
        """Who had workers at temple ``index`` and, once revealed, the gold they won."""
        small = self.app.assets.font(theme.SMALL_SIZE)
        x = row.x + px(200)
        present = [seat for seat, count in enumerate(workers) if count > 0]
        if not present:
            nobody = theme.fit_text(small, t("scoring.nobody"), row.right - px(8) - x)
            theme.draw_text(surface, small, nobody, (x, row.centery), theme.MUTED, anchor="midleft")
        step = min(px(SEAT_STEP), (row.right - x) // max(1, len(present)))
        font = self.app.assets.font(theme.BODY_SIZE - 2, "bold")
        for seat in present:
            self.marker(surface, seat, (x + px(14), row.centery - px(14)), px(12))
            theme.draw_text(
                surface,
                small,
                f"×{workers[seat]}",
                (x + px(30), row.centery - px(14)),
                theme.CREAM,
                anchor="midleft",
            )
            if index < self.revealed_temples and awards[seat]:
                pop = self.pop(index)
                image = theme.render_text(font, f"+{awards[seat]}", theme.GOLD)
                if pop > 1:
                    image = pygame.transform.smoothscale_by(image, pop)
                surface.blit(image, image.get_rect(center=(x + px(14), row.centery + px(20))))
            x += step

    def _draw_table(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        rows = self.rows()
        big = self.app.assets.font(theme.BODY_SIZE + 4, "bold")
        name_font = self.app.assets.font(theme.BODY_SIZE + 2, "bold")
        small_font = self.app.assets.font(theme.SMALL_SIZE - 2)
        x0 = panel.x + px(28)
        col_x = [x0 + px(FIRST_COLUMN + i * COLUMN_STEP) for i in range(len(COLUMNS))]
        top = panel.y + px(BANNER_H + 72)
        for (key, icon), x in zip(COLUMNS, col_x, strict=True):
            if icon:
                image = self.app.assets.icon(icon, px(theme.ICON_SIZE))
                surface.blit(image, image.get_rect(midbottom=(x, top - px(30))))
            heading = t(f"scoring.{key}").upper()
            font = theme.fit_font(self.app, theme.SMALL_SIZE, heading, px(COLUMN_STEP - 8), "bold")
            heading = theme.fit_text(font, heading, px(COLUMN_STEP - 8))
            theme.draw_text(surface, font, heading, (x, top - px(26)), theme.MUTED, anchor="midtop")
        space = panel.bottom - top - px(40)
        row_h = min(px(86), space // max(1, len(rows)))
        first = top + px(10) + (space - row_h * len(rows)) // 3
        for index, seat in enumerate(self.row_order()):
            row = rows[seat]
            rect = pygame.Rect(x0, first + index * row_h, panel.w - px(56), row_h - px(10))
            winner = self.done and seat in self.winners
            fill = theme.PANEL_HOVER if winner else theme.PANEL_LIGHT
            pygame.draw.rect(surface, fill, rect, border_radius=px(12))
            pygame.draw.rect(surface, self.seat_color(seat), rect, px(2), border_radius=px(12))
            if winner:
                ring = rect.inflate(px(8), px(8))
                pygame.draw.rect(surface, theme.WINNER, ring, px(3), border_radius=px(16))
            self.marker(surface, seat, (rect.x + px(34), rect.centery), px(16))
            name_w = px(NAME_W)
            if winner:
                badge = self.winner_badge(rect)
                name_w = badge.x - px(12) - (rect.x + px(66))
                self._draw_badge(surface, badge)
            name = theme.fit_text(name_font, self.names[seat], name_w)
            name_y = rect.centery
            if self.took_over[seat]:
                name_y -= small_font.get_height() // 2
                note = theme.fit_text(small_font, self.took_over[seat], name_w)
                under = (rect.x + px(66), name_y + name_font.get_height() // 2)
                theme.draw_text(surface, small_font, note, under, theme.MUTED, anchor="topleft")
            theme.draw_text(
                surface, name_font, name, (rect.x + px(66), name_y), theme.CREAM, anchor="midleft"
            )
            latest = self.revealed_temples - 1
            fresh = latest >= 0 and not self.done and self.standings[latest][2][seat] > 0
            for (key, _icon), x in zip(COLUMNS, col_x, strict=True):
                color = theme.GOLD if key == "total" or (key == "temples" and fresh) else theme.CREAM
                if key == "cacao":
                    color = theme.MUTED
                theme.draw_text(surface, big, str(row[key]), (x, rect.centery), color, anchor="center")
        if self.done and cacao_decided(self.scores):
            self._draw_tiebreak(surface, panel, col_x[-1])
        self._draw_banner(surface, panel)

    def row_order(self) -> list[int]:
        """The seats in the order the table lists them: in turn order while the temples are
        revealed, then by place (``places``: a French trial read the 2nd of four listed last),
        seats sharing a place in turn order."""
        return self.by_place if self.done else list(range(len(self.scores)))

    def winner_badge(self, row: pygame.Rect) -> pygame.Rect:
        """The "Winner" badge of a winning seat's ``row``: at the right end of its name's
        column, as wide as its word."""
        font = self.app.assets.font(theme.SMALL_SIZE - 2, "bold")
        label = t("scoring.winner_badge").upper()
        width = min(font.size(label)[0] + px(24), px(NAME_W) // 2)
        badge = pygame.Rect(0, 0, width, min(row.h - px(12), font.get_height() + px(8)))
        badge.midright = (row.x + px(66 + NAME_W), row.centery)
        return badge

    def _draw_badge(self, surface: pygame.Surface, badge: pygame.Rect) -> None:
        label = t("scoring.winner_badge").upper()
        pygame.draw.rect(surface, theme.WINNER, badge, border_radius=badge.h // 2)
        with theme.within(badge):
            font = theme.fit_font(self.app, theme.SMALL_SIZE - 2, label, badge.w - px(12), "bold")
            text = theme.fit_text(font, label, badge.w - px(12))
            theme.draw_text(surface, font, text, badge.center, theme.INK, anchor="center")

    def _draw_tiebreak(self, surface: pygame.Surface, panel: pygame.Rect, x: int) -> None:
        """The note under the cacao column, shown only when the cacao tiebreak decided (R5.4)."""
        room = 2 * (panel.right - x) - px(16)
        size = theme.SMALL_SIZE - 2
        small = theme.fit_font(
            self.app, size, t("scoring.tiebreak"), room, smallest=theme.SMALLEST_SIZE / size
        )
        tiebreak = theme.fit_text(small, t("scoring.tiebreak"), room)
        theme.draw_text(surface, small, tiebreak, (x, panel.bottom - px(14)), theme.MUTED, anchor="midbottom")

    def _draw_banner(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        if not self.done:
            return
        text = winners_text([self.names[s] for s in self.winners])
        layer = pygame.Surface((panel.w - px(64), px(BANNER_H)), pygame.SRCALPHA)
        room = layer.get_width() - px(30) - len(self.winners) * px(44)
        font = theme.fit_font(self.app, theme.HEADING_SIZE - 4, text, room, "black")
        fade = 1.0 if self.step <= 0 else min(1.0, self.age(len(self.standings)) / 0.4)
        rect = theme.draw_text(layer, font, theme.fit_text(font, text, room), (0, 0), theme.GOLD, shadow=True)
        x = rect.right + px(30)
        for seat in self.winners:
            self.marker(layer, seat, (x, rect.centery), px(16))
            x += px(44)
        layer.set_alpha(round(255 * fade))
        surface.blit(layer, (panel.x + px(32), panel.y + px(8)))

    def _draw_view(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The lower panel's view (``self.view``) in ``panel``."""
        if self.view == "board":
            area, fitted = self.board_fit(panel)
            draw_board(surface, area, self.game, self.art, self.config.colors, fitted)
        elif self.view == "chart":
            self._draw_chart(surface, panel)
        elif self.view == "statistics":
            self._draw_statistics(surface, panel)

    def _draw_chart(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        area = pygame.Rect(panel.x + px(90), panel.y + px(90), panel.w - px(130), panel.h - px(140))
        history = self.chart_rows()
        values = [v for row in history for v in row]
        low, high = min([*values, 0]), max([*values, 1])
        span = max(1, high - low)
        turns = max(1, len(history) - 1)
        small = self.app.assets.font(theme.SMALL_SIZE - 2)
        step = _nice_step(span)
        value = (low // step) * step
        while value <= high:
            y = area.bottom - (value - low) * area.h / span
            if area.top - 1 <= y <= area.bottom + 1:
                grid = theme.PANEL_HOVER if value else theme.MUTED
                pygame.draw.line(surface, grid, (area.x, y), (area.right, y), px(1))
                theme.draw_text(
                    surface, small, str(value), (area.x - px(12), y), theme.MUTED, anchor="midright"
                )
            value += step
        turn_step = max(1, _nice_step(turns))
        for turn in range(0, turns + 1, turn_step):
            x = area.x + turn * area.w / turns
            theme.draw_text(surface, small, str(turn), (x, area.bottom + px(8)), theme.MUTED, anchor="midtop")
        theme.draw_text(
            surface,
            small,
            t("scoring.chart_turn"),
            (area.right, area.bottom + px(30)),
            theme.MUTED,
            anchor="topright",
        )
        marker_every = max(1, turns // 10)
        for seat in range(len(self.scores)):
            points = [
                (area.x + turn * area.w / turns, area.bottom - (row[seat] - low) * area.h / span)
                for turn, row in enumerate(history)
            ]
            if len(points) > 1:
                pygame.draw.lines(surface, self.seat_color(seat, "outline"), False, points, px(6))
                pygame.draw.lines(surface, self.seat_color(seat), False, points, px(3))
            for turn, point in enumerate(points):
                if turn % marker_every == (seat % marker_every) or turn == len(points) - 1:
                    self.marker(surface, seat, point, px(7))
        self._draw_legend(surface, panel)

    def _draw_statistics(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """Where each seat's points came from: a row per source, a column per seat, the seats
        in the table's order (``row_order``: by place once revealed; a trial read them in turn
        order under a table ranked by place)."""
        rows = self.stat_rows
        area = pygame.Rect(panel.x + px(24), panel.y + px(70), panel.w - px(48), panel.h - px(84))
        label_w = area.w // 3
        seats = len(self.stats)
        column = (area.w - label_w) // max(1, seats)
        row_h = min(px(30), area.h // (len(rows) + 1))
        small = self.app.assets.font(theme.SMALL_SIZE)
        bold = self.app.assets.font(theme.SMALL_SIZE, "bold")
        order = self.row_order()
        for place, seat in enumerate(order):
            x = area.x + label_w + place * column + column // 2
            self.marker(surface, seat, (x - px(40), area.y + row_h // 2), px(9))
            name = theme.fit_text(small, self.names[seat], column - px(60))
            theme.draw_text(
                surface, small, name, (x - px(26), area.y + row_h // 2), theme.CREAM, anchor="midleft"
            )
        for index, key in enumerate(rows):
            y = area.y + (index + 1) * row_h + row_h // 2
            if key in ("total", "harvested"):
                pygame.draw.line(
                    surface, theme.GOLD_DARK, (area.x, y - row_h // 2), (area.right, y - row_h // 2), px(1)
                )
            font = bold if key == "total" else small
            label = theme.fit_text(font, t(f"stats.{key}"), label_w - px(8))
            theme.draw_text(surface, font, label, (area.x, y), theme.SAND, anchor="midleft")
            for place, seat in enumerate(order):
                stats = self.stats[seat]
                value = stats.total if key == "total" else int(getattr(stats, key))
                x = area.x + label_w + place * column + column // 2
                color = (
                    theme.GOLD
                    if key == "total"
                    else (theme.MUTED if key in ("harvested", "sold") else theme.CREAM)
                )
                theme.draw_text(surface, font, str(value), (x, y), color, anchor="center")

    def legend(self, panel: pygame.Rect) -> tuple[pygame.font.Font, list[tuple[int, str, pygame.Rect]]]:
        """The chart's legend in the lower panel ``panel``, right of the view tabs: its font,
        and each seat with its name as drawn and the name's rect. Names stay whole on one row
        when they fit, else on two rows in the tabs' band in the smallest text; only a name
        too long for its half of the room is cut (a playtest saw "Mediu…" for Medium AI with
        four seats)."""
        tabs = self.tab_row()
        left, right = tabs.right + px(24), panel.right - px(28)
        seats = list(range(len(self.scores)))
        mark, gap = px(24), px(20)
        font = self.app.assets.font(theme.SMALL_SIZE - 2)

        def width(row: list[int]) -> int:
            return sum(mark + font.size(self.names[seat])[0] for seat in row) + gap * (len(row) - 1)

        rows: list[list[int]] = [seats]
        if width(seats) > right - left and len(seats) > 1:
            font = self.app.assets.font(theme.SMALLEST_SIZE)
            half = (len(seats) + 1) // 2
            rows = [seats[:half], seats[half:]]
        step = px(LEGEND_STEP)
        middle = tabs.centery - step * (len(rows) - 1) / 2
        placed: list[tuple[int, str, pygame.Rect]] = []
        for index, row in enumerate(rows):
            share = (right - left - gap * (len(row) - 1)) // len(row) - mark
            room = right - left if width(row) <= right - left else share
            x, y = right, round(middle + index * step)
            for seat in reversed(row):
                name = theme.fit_text(font, self.names[seat], room)
                rect = pygame.Rect(0, 0, *font.size(name))
                rect.midright = (x, y)
                placed.append((seat, name, rect))
                x = rect.x - mark - gap
        return font, sorted(placed, key=lambda item: item[0])

    def _draw_legend(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The seats' names and markers at the chart's top right, right of the view buttons."""
        font, placed = self.legend(panel)
        for seat, name, rect in placed:
            theme.draw_text(surface, font, name, rect.midright, theme.CREAM, anchor="midright")
            self.marker(surface, seat, (rect.x - px(14), rect.centery), px(9))


def _nice_step(span: int) -> int:
    """A round grid step giving about 4-8 lines over ``span``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if span / step <= 8:
            return step
    return 200


__all__ = ["ScoringScene", "replay_history"]
