"""The lobby of a game across machines, until it starts.

The hosting player sees what others type to join (address, port, table code), what the
address means (this computer only, or the whole network), the seats filling as friends join
(an AI seat with its level and, for hard and expert, its thinking time), how many watch
(right of the Turn order heading, once anyone does), and for each free seat a button that
lets the AI play it. A joining player sees the same
seats while the host waits for the others. The seats are listed in the table's turn order,
numbered, the order play uses: the setup's seats turned so that the start player (chosen,
or drawn when the host pressed Host) comes first; the heading over them says the same in
every lobby (``table_note``): that the start was drawn, when it was, and that the host
turned hints off, when it did. Once every seat has a player the table opens on the same
source (``RemoteSource``; the host's is a ``HostedSource``). Leaving the lobby closes the
connection (and, for the host, stops the host; Leave ends a table that never started:
nothing to resume); a joiner who leaves gives the seat up at once (the host frees it and the
lobby says who left). A lobby opened from the Join form goes back to it on Leave, and at once when
the host refuses the join (an unknown code, a full table...) or no host answers, the refusal
shown on the form with what was typed; until the host first answers it says Connecting…
(never Reconnecting…: a first connection has nothing to reconnect to).
"""

from __future__ import annotations

from functools import partial
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import clipboard, routes, theme
from cacao_game.app.join_form import refusal_words
from cacao_game.app.netplay import (
    LOOPBACK,
    HostedSource,
    JoinedSource,
    JoinRequest,
    OpenedSource,
    holds_ticket,
    lan_addresses,
)
from cacao_game.app.play.presence import SeatsSeen, crowd_text, seat_news
from cacao_game.app.scale import px
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.shown_names import seat_labels
from cacao_game.app.strings import PARTS_SEPARATOR, kind_label, t, timed_label
from cacao_game.app.widgets import Button, Panel
from cacao_game.engine.tiles import BASE_VARIANT
from cacao_game.net.client import UNREACHABLE
from cacao_game.net.protocol import REMOTE, played_kind
from cacao_game.net.remote import BUSY, CONNECTED, CONNECTING, HOST_PAUSED, RECONNECTING, RemoteSource

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

PANEL = (360, 170, 1200, 760)
SEATS_TOP = 420
COPY_WIDTH = 130
"""Design pixels of the Copy button beside the table code."""
ORDER_GAP = 34
"""Design pixels from the Turn order heading's middle down to the first seat row."""
ROW_H = 84
BOTTOM = 1030
TOAST_ABOVE = 90
"""Design pixels from the panel's bottom up to a toast's bottom (clear of the status line;
four seat rows end well above it)."""


def table_note(start_drawn: bool, hints: bool, variant: str = BASE_VARIANT) -> str:
    """What a lobby says of the table over its seats: in turn order, the start player drawn at
    random (``start_drawn``), the variant unless the base game (a trial's joiner could not tell
    the table played Volcano), no hints (unless ``hints``)."""
    parts = [t("net.turn_order_drawn") if start_drawn else t("net.turn_order")]
    if variant != BASE_VARIANT:
        parts.append(t(f"variant.{variant}"))
    if not hints:
        parts.append(t("net.no_hints"))
    return PARTS_SEPARATOR.join(parts)


class LobbyScene(WidgetScene):
    """Waits for ``source``'s game to start, then opens the table on it."""

    def __init__(self, app: Shell, source: RemoteSource, request: JoinRequest | None = None) -> None:
        super().__init__(app)
        self.source = source
        self.request = request
        """What the Join form asked for (None: hosting, or Rejoin game from the menu)."""
        self.opened = False
        self._seen: tuple[int, bool] = (-1, False)
        """The source's version and whether the table's code was known at the last build (a
        table opened on a server learns its code, and gets its Copy button, in its welcome)."""
        self._addresses: list[str] | None = None
        self._seats_seen = SeatsSeen()
        """Seats left for good and away whose news was shown (from the table's first state on:
        before it every seat would read as there)."""

    @property
    def hosted(self) -> HostedSource | None:
        """The host this lobby runs, when this player hosts."""
        return self.source if isinstance(self.source, HostedSource) else None

    def shared(self) -> tuple[list[str], int, str] | None:
        """What the others type to join, when this player opened the table (hosting it, or on
        a Cacao server: ``OpenedSource``, once the server gave its code): the addresses, the
        port and the table code; None for a joiner or a spectator."""
        hosted = self.hosted
        if hosted is not None:
            return self.addresses(), hosted.port, hosted.code
        source = self.source
        if isinstance(source, OpenedSource) and source.client.code is not None:
            return [source.address], source.port, source.client.code
        return None

    def addresses(self) -> list[str]:
        """What others type as the address (asked once)."""
        hosted = self.hosted
        if hosted is None:
            return []
        if self._addresses is None:
            self._addresses = [LOOPBACK] if hosted.bind == LOOPBACK else lan_addresses() or [hosted.bind]
        return self._addresses

    # ----------------------------------------------------------------- widgets

    def seat_rect(self, number: int) -> pygame.Rect:
        """Seat row ``number``."""
        x, _y, w, _h = PANEL
        return self.stage.rect(x + 40, SEATS_TOP + number * ROW_H, w - 80, ROW_H - 12)

    def build(self) -> None:
        self.widgets = [Panel(self.stage.rect(*PANEL))]
        if self.shared() is not None:
            self.widgets.append(
                Button(self.copy_rect(), t("net.copy_code"), self.copy_code, tooltip=t("net.copy_code_tip"))
            )
        if self.hosted is not None:
            for number, seat in enumerate(self.source.table_seats()):
                if seat.kind == REMOTE and not seat.claimed:
                    row = self.seat_rect(number)
                    rect = pygame.Rect(0, 0, px(330), row.h - px(16))
                    rect.midright = (row.right - px(12), row.centery)
                    self.widgets.append(Button(rect, t("net.fill_ai"), partial(self.fill, number)))
        back = pygame.Rect(0, 0, px(320), px(76))
        back.midbottom = self.stage.point(960, BOTTOM)
        self.widgets.append(Button(back, t("net.leave"), self.back))

    def address_columns(self) -> tuple[pygame.Rect, ...]:
        """The host's address, port and table code: each column's place in the panel (the
        code's leaves room for its Copy button on the right)."""
        inner = self.stage.rect(*PANEL).inflate(-px(80), 0)
        return tuple(
            pygame.Rect(inner.x + inner.w * start // 10, 0, inner.w * (end - start) // 10, 0)
            for start, end in pairwise((0, 5, 7, 10))
        )

    def copy_rect(self) -> pygame.Rect:
        """The Copy button, right of the table code's value."""
        code = self.address_columns()[-1]
        rect = pygame.Rect(0, 0, px(COPY_WIDTH), px(52))
        rect.midright = (code.right, self.stage.rect(*PANEL).y + px(36 + 30 + 26))
        return rect

    def copy_code(self) -> None:
        """Put the table code on the clipboard (to paste in a chat, or in a Join form on this
        computer) and say so."""
        shared = self.shared()
        if shared is None:
            return
        code = shared[2]
        copied = clipboard.write(code)
        self.app.notify(t("net.code_copied" if copied else "net.code_not_copied", code=code))

    def fill(self, number: int) -> None:
        """Let the AI play free seat ``number`` for the whole game (``HostedSource.let_ai_play``:
        nothing if someone took the seat meanwhile; the lobby shows who did)."""
        hosted = self.hosted
        if hosted is not None:
            hosted.let_ai_play(number)

    def back(self) -> None:
        """Leave on purpose (``leave_table``); the hosting player is asked first once others
        have joined (a tester's Esc ended a table two friends sat at without a word)."""
        if isinstance(self.source, HostedSource):
            joined = self.joined_names()
            if joined:
                question = t("net.end_table_question", names=", ".join(joined))
                yes, no = t("net.end_table"), t("common.cancel")
                self.app.open(routes.Confirm(question, self.leave_table, yes=yes, no=no, danger=True))
                return
        self.leave_table()

    def leave_table(self) -> None:
        """Leave (the connection closes and the host stops as the lobby exits; a joiner gives
        the seat up: the host frees it at once, and the ticket is forgotten; the hosting
        player's table, if it never started, is ended: whoever joined is told, and there is
        no Resume hosting)."""
        source = self.source
        if isinstance(source, HostedSource):
            self.opened = True  # the host stops here, not again as the lobby exits
            source.leave()
        elif isinstance(source, JoinedSource):
            source.leave()
        if self.request is not None:
            self.app.switch(routes.Join(self.request))
        else:
            self.app.pop()

    def joined_names(self) -> list[str]:
        """The names of the players other than the hosting one who took a seat here."""
        mine = self.source.client.seat
        return [
            seat.name
            for number, seat in enumerate(self.source.table_seats())
            if seat.kind == REMOTE and seat.claimed and number != mine
        ]

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Toasts (who left, who took a seat) sit in the panel between the last seat row and
        the status line, over neither, nor over the Leave button."""
        _x, y, _w, h = PANEL
        return pygame.Rect(
            screen.x, screen.y, screen.w, self.stage.point(0, y + h - TOAST_ABOVE)[1] - screen.y
        )

    def exit(self) -> None:
        """Leaving the lobby any way but into the table closes the connection (and stops the
        host)."""
        if not self.opened:
            self.opened = True
            self.source.close()

    # ----------------------------------------------------------------- frames

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.opened:
            return
        self.source.poll()
        if self.source.failed and self.request is not None and not self.source.reached:
            self.opened = True
            self.source.close()
            problem = refusal_words(self.source.failure, self.source.connection, holds_ticket(self.request))
            self.app.switch(routes.Join(self.request, problem))
            return
        seen = (self.source.version, self.shared() is not None)
        if seen != self._seen:
            self._seen = seen
            self.rebuild()
        if self.source.ready:
            self._seats_seen, news = seat_news(self.source, self._seats_seen, self.seat_names())
            for text in news:
                self.app.notify(text)
        if self.source.ready and self.source.started and not self.source.failed:
            self.opened = True
            self.app.switch(routes.Table(self.source, net=self.source))

    def status(self) -> str:
        """How the connection stands, in words (a trial's lobby said only "Reconnecting…" for
        a minute after its host was killed, the host's seat still "Joined")."""
        source = self.source
        if source.failed and source.failure == UNREACHABLE and isinstance(source, OpenedSource):
            return t("net.server_unreachable")  # the joiner's words name the host's game
        if source.failed:
            return refusal_words(source.failure, source.connection)
        if source.connection == CONNECTING:
            return t("net.connecting")
        if source.connection == RECONNECTING:
            return t("net.lobby_reconnecting")
        if source.connection == HOST_PAUSED:
            return t("net.host_paused")
        if source.connection == BUSY:
            return t("net.busy")
        if source.connection == CONNECTED and not source.started:
            return t("net.waiting_players")
        return t("net.starting")

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.shared() is not None or isinstance(self.source, OpenedSource):
            title = t("net.host_title")
        else:
            title = t("net.watch_title") if self.source.watching else t("net.join_title")
        theme.draw_title(self.app, surface, title, self.stage.screen_y(48))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_content(surface)
        self.draw_widgets(surface, 0, 1)
        panel = self.stage.rect(*PANEL)
        inner = panel.inflate(-px(80), 0)
        with theme.within(panel):
            self._draw_address(surface, inner, panel.y + px(36))
            self._draw_seats(surface)
            status = self.status()
            if self.source.failed:  # a refusal's reason in full, wrapped: a trial's was cut
                font = self.app.assets.font(theme.BODY_SIZE, "bold")
                theme.draw_text(
                    surface,
                    font,
                    status,
                    (panel.centerx, panel.bottom - px(40)),
                    theme.PROBLEM,
                    anchor="midbottom",
                    width=inner.w,
                    align=pygame.FONT_CENTER,
                )
            else:
                font = theme.fit_font(self.app, theme.BODY_SIZE, status, inner.w, "bold")
                theme.draw_text(
                    surface,
                    font,
                    theme.fit_text(font, status, inner.w),
                    (panel.centerx, panel.bottom - px(40)),
                    theme.SAND,
                    anchor="midbottom",
                )
        self.draw_widgets(surface, 1)
        self.tooltip.draw(surface, self.app)

    def _draw_address(self, surface: pygame.Surface, inner: pygame.Rect, top: int) -> None:
        shared = self.shared()
        small = self.app.assets.font(theme.SMALL_SIZE)
        if shared is None:
            code = self.source.client.code or ""
            text = t("net.joining", code=code)
            font = theme.fit_font(self.app, theme.HEADING_SIZE, text, inner.w, "bold")
            theme.draw_text(surface, font, theme.fit_text(font, text, inner.w), (inner.x, top), theme.CREAM)
            return
        label = self.app.assets.font(theme.SMALL_SIZE - 2, "bold")
        addresses, port, code = shared
        columns = (
            (t("net.address"), " / ".join(addresses)),
            (t("net.port"), str(port)),
            (t("net.code"), code),
        )
        places = self.address_columns()
        copy = self.copy_rect()
        for index, ((heading, value), place) in enumerate(zip(columns, places, strict=True)):
            x, width = place.x, place.w
            theme.draw_text(
                surface, label, theme.fit_text(label, heading.upper(), width - px(16)), (x, top), theme.MUTED
            )
            room = (copy.x - x if index == len(columns) - 1 else width) - px(16)
            font = theme.fit_font(self.app, theme.HEADING_SIZE + 6, value, room, "black")
            theme.draw_text(surface, font, theme.fit_text(font, value, room), (x, top + px(30)), theme.GOLD)
        hosted = self.hosted
        if hosted is None:
            note = t("net.bind_server")
        else:
            note = t("net.bind_local") if hosted.bind == LOOPBACK else t("net.bind_all")
        theme.draw_text(surface, small, note, (inner.x, top + px(100)), theme.SAND, width=inner.w)

    def order_note(self) -> str:
        """The heading over the seats, the same in every lobby of the table (the host's,
        a joiner's, a spectator's: a tester's joiner lacked what the host's said): they are
        in turn order, the start player drawn at random when it was, the variant, and no hints
        when the host turned them off (``table_note``)."""
        return table_note(self.source.start_drawn, self.source.hints_allowed, self.source.variant)

    def crowd(self) -> str:
        """How many watch the table, in words (``crowd_text``), shown right of the Turn order
        heading; empty while nobody does."""
        return crowd_text(self.source)

    def seat_names(self) -> list[str]:
        """The seats' names as the table will show them (``seat_labels``: a computer seat
        by its level in the screen's language)."""
        seats = self.source.table_seats()
        kinds = [played_kind(seat.kind) for seat in seats]
        return seat_labels(self.app.assets, [seat.name for seat in seats], kinds)

    def seat_status(self, number: int, name: str) -> str:
        """What seat ``number`` (called ``name``) is, in words beside its name: a computer's
        level and time; "{name} left" on a free seat its player left; "You"; "Joined" or
        "Disconnected" as the host last said, but nothing while this window cannot reach the
        host (a trial's dead host still read "Joined" there: nobody's state is known then);
        the hosting window's own seat with "Host" after that (a trial could not tell whose
        window ran the table)."""
        seat = self.source.table_seats()[number]
        if seat.kind != REMOTE:
            return timed_label(kind_label(seat.kind), seat.think_time)
        if not seat.claimed:
            return t("net.seat_left", name=name) if seat.left else ""
        if self.source.client.seat == number:
            status = t("net.you")
        elif self.source.connection != CONNECTED:
            status = ""
        else:
            status = t("net.joined") if seat.connected else t("net.away")
        if not seat.host:
            return status
        return t("net.hosting_status", status=status) if status else t("net.hosting_seat")

    def _draw_seats(self, surface: pygame.Surface) -> None:
        seats = self.source.table_seats()
        names = self.seat_names()
        font = self.app.assets.font(theme.BODY_SIZE, "bold")
        small = self.app.assets.font(theme.SMALL_SIZE)
        label = self.app.assets.font(theme.SMALL_SIZE - 2, "bold")
        buttons = {w.rect.centery for w in self.widgets if isinstance(w, Button)}
        if seats:
            first = self.seat_rect(0)
            middle = first.y - px(ORDER_GAP)
            crowd = self.crowd().upper()
            room = first.w - (label.size(crowd)[0] + px(24) if crowd else 0)
            heading = theme.fit_text(label, self.order_note().upper(), room)
            theme.draw_text(surface, label, heading, (first.x, middle), theme.MUTED, anchor="midleft")
            if crowd:
                theme.draw_text(surface, label, crowd, (first.right, middle), theme.SAND, anchor="midright")
        for number, seat in enumerate(seats):
            row = self.seat_rect(number)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=px(14))
            pygame.draw.rect(
                surface, self.app.assets.seat_color(seat.color), row, px(3), border_radius=px(14)
            )
            place = str(number + 1)
            theme.draw_text(surface, font, place, (row.x + px(30), row.centery), theme.GOLD, anchor="center")
            theme.draw_seat_marker(self.app, surface, seat.color, (row.x + px(80), row.centery), px(20))
            waiting = seat.kind == REMOTE and not seat.claimed
            name = t("net.seat_free") if waiting else names[number]
            what = self.seat_status(number, names[number])
            room = row.w - px(140) - (px(350) if row.centery in buttons else px(20))
            text_w = room * 3 // 5
            theme.draw_text(
                surface,
                font,
                theme.fit_text(font, name, text_w),
                (row.x + px(120), row.centery),
                theme.MUTED if waiting else theme.CREAM,
                anchor="midleft",
            )
            theme.draw_text(
                surface,
                small,
                theme.fit_named(small, what, names[number], room - text_w - px(16)),
                (row.x + px(136) + text_w, row.centery),
                theme.SAND,
                anchor="midleft",
            )
