"""Who is at a table played across machines, as the table shows it: the banner while the
link to the host is down, what each remote seat is (this screen's, a remote player, away, or
played by a stand-in AI), the Watching tag of a spectator, and, in the hosting window, the
notice that lets the AI play a dropped seat at once instead of waiting.

``Presence`` is what the table reads of a remote source (``net.remote.RemoteSource`` has
it); a local table has none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from cacao_game.app import theme
from cacao_game.app.play.board import temples_rect
from cacao_game.app.scale import px
from cacao_game.app.strings import t
from cacao_game.net.remote import BUSY, CONNECTED

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell


class Presence(Protocol):
    """The link to the host and the seats away."""

    @property
    def connection(self) -> str:
        """``connected``, ``connecting``, ``reconnecting``, ``busy`` (the host has too many
        connections: trying again), or why the host refused (words)."""
        ...

    @property
    def failed(self) -> bool:
        """The host will not have this client any more."""
        ...

    @property
    def absent(self) -> frozenset[int]:
        """Seats whose player is away."""
        ...

    @property
    def standing_in(self) -> frozenset[int]:
        """Seats away for which an AI plays now."""
        ...

    @property
    def rejoins(self) -> int:
        """Grows each time the host sends the whole table again (the table resyncs)."""
        ...

    @property
    def watching(self) -> bool:
        """This screen watches the table (a spectator)."""
        ...

    def waiting_on(self) -> int | None:
        """A dropped seat no AI plays yet that this screen may hand to the AI (the hosting
        window only), else None."""
        ...

    def stand_in_now(self, seat: int) -> bool:
        """Let the AI play dropped ``seat`` now; False if it cannot."""
        ...

    def thinking(self) -> tuple[int, float] | None:
        """The AI seat the host thinks for and the part of its thinking time passed (as
        ``Frame.thinking``), else None."""
        ...


def seat_text(presence: Presence, seat: int, you: int | None) -> str:
    """What a player's seat is, under its name: this screen's own (You), a remote player,
    Disconnected, or AI stands in."""
    if seat in presence.standing_in:
        return t("net.standin")
    if seat in presence.absent:
        return t("net.away")
    return t("net.you") if seat == you else t("kind.remote")


def banner_text(presence: Presence | None) -> str | None:
    """The banner over the table while the link is down (None: no banner)."""
    if presence is None or presence.connection == CONNECTED:
        return None
    if presence.failed:
        return presence.connection
    return t("net.busy") if presence.connection == BUSY else t("net.lost")


BANNER_WIDTH = 1100
"""Design pixels of the connection banner at most (and of the stand-in notice)."""
BANNER_LEAST = 900
"""Design pixels the banner needs beside the temples panel; with less room it goes to the
board's bottom instead."""


def banner_rects(board: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The banner and its Back to menu button, in the ``board`` area clear of the temples
    panel at its top left (as wide as four seats make it): at the top, right of that panel,
    when the room there is at least ``BANNER_LEAST``; else at the bottom."""
    temples = temples_rect(board, 4, 1)
    beside = pygame.Rect(temples.right + px(16), board.y, board.right - px(20) - temples.right - px(16), 0)
    banner = pygame.Rect(0, 0, min(beside.w, px(BANNER_WIDTH)), px(96))
    if beside.w >= px(BANNER_LEAST):
        banner.midtop = (beside.centerx, board.y + px(24))
    else:
        banner.w = min(board.w - px(40), px(BANNER_WIDTH))
        banner.midbottom = (board.centerx, board.bottom - px(24))
    button = pygame.Rect(0, 0, px(280), px(64))
    button.midright = (banner.right - px(16), banner.centery)
    return banner, button


def draw_banner(app: Shell, surface: pygame.Surface, board: pygame.Rect, text: str, hot: bool) -> None:
    """The banner over ``board``: ``text`` and the button (``hot``: under the mouse)."""
    banner, button = banner_rects(board)
    _draw_notice(app, surface, (banner, button), theme.DANGER, text, t("net.to_menu"), hot)


def _draw_notice(
    app: Shell,
    surface: pygame.Surface,
    rects: tuple[pygame.Rect, pygame.Rect],
    border: pygame.Color,
    text: str,
    label: str,
    hot: bool,
) -> None:
    """A notice panel (``rects``: the panel and its button) with ``border``, ``text`` fitted
    left of the button, and the button ``label`` (``hot``: under the mouse)."""
    notice, button = rects
    theme.draw_panel(surface, notice, border=border)
    width = button.x - notice.x - px(40)
    font = theme.fit_font(app, theme.BODY_SIZE, text, width, "bold")
    theme.draw_text(
        surface,
        font,
        theme.fit_text(font, text, width),
        (notice.x + px(24), notice.centery),
        theme.CREAM,
        anchor="midleft",
    )
    _draw_button(app, surface, button, label, hot)


def _draw_button(app: Shell, surface: pygame.Surface, button: pygame.Rect, label: str, hot: bool) -> None:
    pygame.draw.rect(surface, theme.PANEL_HOVER if hot else theme.PANEL_LIGHT, button, border_radius=px(14))
    pygame.draw.rect(surface, theme.GOLD, button, px(2), border_radius=px(14))
    small = theme.fit_font(app, theme.SMALL_SIZE + 2, label, button.w - px(24), "bold")
    theme.draw_text(
        surface,
        small,
        theme.fit_text(small, label, button.w - px(24)),
        button.center,
        theme.GOLD,
        anchor="center",
    )


def tag_rect(board: pygame.Rect) -> pygame.Rect:
    """The Watching tag, at the top middle of the ``board`` area (clear of the temples panel
    at its top left)."""
    tag = pygame.Rect(0, 0, px(260), px(56))
    tag.midtop = (board.centerx, board.y + px(16))
    return tag


def draw_tag(app: Shell, surface: pygame.Surface, board: pygame.Rect) -> None:
    """The Watching tag of a spectator's table."""
    tag = tag_rect(board)
    theme.draw_panel(surface, tag, border=theme.GOLD)
    label = t("net.watching")
    font = theme.fit_font(app, theme.BODY_SIZE, label, tag.w - px(24), "bold")
    theme.draw_text(
        surface, font, theme.fit_text(font, label, tag.w - px(24)), tag.center, theme.GOLD, anchor="center"
    )


def standin_rects(board: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The hosting window's notice about a dropped seat and its Let the AI play now button,
    at the top of the ``board`` area (where the connection banner would be)."""
    notice, button = banner_rects(board)
    button.w = px(400)
    button.midright = (notice.right - px(16), notice.centery)
    return notice, button


def draw_standin(app: Shell, surface: pygame.Surface, board: pygame.Rect, name: str, hot: bool) -> None:
    """The notice that ``name`` dropped, with the Let the AI play now button (``hot``: under
    the mouse)."""
    rects = standin_rects(board)
    _draw_notice(app, surface, rects, theme.GOLD, t("net.dropped", name=name), t("net.standin_now"), hot)
