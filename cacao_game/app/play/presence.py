"""Who is at a table played across machines, as the table shows it: the banner while the
link to the host is down, what each remote seat is (this screen's, a remote player, away,
played by a stand-in AI, or left for good), the Watching tag of a spectator, in the hosting
window the notice that lets the AI play a dropped seat at once instead of waiting, and on
every table the notice that a seat was left and the game waits for a new player.

``Presence`` is what the table reads of a remote source (``net.remote.RemoteSource`` has
it); a local table has none.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from cacao_game.app import theme
from cacao_game.app.join_form import refusal_words
from cacao_game.app.netplay import STANDIN_AFTER
from cacao_game.app.play.board import temples_rect
from cacao_game.app.play.frame import NoticeView
from cacao_game.app.scale import px
from cacao_game.app.strings import short_number, t, tn
from cacao_game.engine import Overbuild, Place
from cacao_game.net.remote import BUSY, CONNECTED, HOST_PAUSED
from cacao_game.session.journal import Entry

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
    def failure(self) -> str:
        """Why, once ``failed``: the refusal's code (``Failed.code``), said in the player's
        language where it has words (``join_form.refusal_words``)."""
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
    def departed(self) -> frozenset[int]:
        """Seats whose player left on purpose, free for whoever joins (an AI may play them
        meanwhile: ``standing_in``)."""
        ...

    @property
    def table_code(self) -> str | None:
        """The table's code (a new player joins with it), once known."""
        ...

    @property
    def rejoins(self) -> int:
        """Grows each time the host sends the whole table again (the table resyncs)."""
        ...

    @property
    def watching(self) -> bool:
        """This screen watches the table (a spectator)."""
        ...

    @property
    def spectators(self) -> int:
        """How many watch the table (this screen too, when it watches), as the host last said."""
        ...

    def standin_wait(self, seat: int) -> float | None:
        """Seconds before the host's stand-in AI plays dropped ``seat`` (the same all frame
        long); None where none is due."""
        ...

    def waiting_on(self) -> int | None:
        """A dropped seat no AI plays yet that this screen may hand to the AI (the hosting
        window only), else None."""
        ...

    def stand_in_now(self, seat: int) -> bool:
        """Let the AI play dropped ``seat`` now (or free it: ``frees_seats``); False if it cannot."""
        ...

    @property
    def hosting(self) -> bool:
        """This screen is the hosting window (it may give a seat left to the AI)."""
        ...

    def let_ai_play(self, seat: int) -> bool:
        """Let the AI play free ``seat`` for the rest of the game (the hosting window only);
        False if it cannot."""
        ...

    @property
    def frees_seats(self) -> bool:
        """The hosting window's table has no stand-in AI: its notice frees a dropped seat for a
        new player instead of letting the AI play it."""
        ...

    def thinking(self) -> tuple[int, float] | None:
        """The AI seat the host thinks for and the part of its thinking time passed (as
        ``Frame.thinking``), else None."""
        ...


def crowd_text(presence: Presence | None) -> str:
    """How many watch the table, in words ("2 watching"): the lobby's, right of its Turn order
    heading, and the table's top bar; empty while nobody does (or at a local table)."""
    watchers = presence.spectators if presence is not None else 0
    return tn("net.spectators", watchers) if watchers else ""


def seat_text(presence: Presence, seat: int, you: int | None) -> str:
    """What a player's seat is, under its name: this screen's own (You), a remote player,
    Disconnected, AI stands in, or left (with the AI playing it, or waiting for a player)."""
    if seat in presence.departed:
        return t("net.left_standin") if seat in presence.standing_in else t("net.left")
    if seat in presence.standing_in:
        return t("net.standin")
    if seat in presence.absent:
        return t("net.away")
    return t("net.you") if seat == you else t("kind.remote")


@dataclass(frozen=True)
class SeatsSeen:
    """The seats a table last saw left for good and away, and those it has seen played from
    a screen (``seat_news`` tells what changed)."""

    departed: frozenset[int] = frozenset()
    absent: frozenset[int] = frozenset()
    standing_in: frozenset[int] = frozenset()
    played: frozenset[int] = frozenset()
    """Seats seen with their player there at some time: only their player can come back (a
    seat waiting for its first player is away too)."""

    @classmethod
    def of(cls, presence: Presence, seats: int, before: SeatsSeen | None = None) -> SeatsSeen:
        """The seats ``presence`` shows left and away now, of ``seats`` seats, and those seen
        played now or ``before``."""
        there = frozenset(range(seats)) - presence.absent - presence.departed
        played = there | (before.played if before is not None else frozenset())
        return cls(presence.departed, presence.absent, presence.standing_in, played)


def seat_news(presence: Presence, seen: SeatsSeen, names: Sequence[str]) -> tuple[SeatsSeen, list[str]]:
    """The seats left and away now, and the news since ``seen``, to show once: who left and
    what happens now (an AI plays the seat, or the game waits for a new player), whose seat
    the stand-in AI plays now that their wait is over (a trial's spectator saw the AI move
    for a dropped player unannounced), who took a seat that was left, and who came back to a
    seat they were away from (a playtest saw a player take their seat back by name and no
    table say so). A seat freed while its player was away (the host's Free the seat: a player
    who leaves on purpose is there when they do) is said to be free, not left (a trial's toast
    said "Bo left the game." of a seat the host had freed)."""
    now = SeatsSeen.of(presence, len(names), seen)
    news = [
        t("net.left_toast_standin", name=names[seat])
        if seat in presence.standing_in
        else t("net.freed_toast", name=names[seat])
        if seat in seen.absent & seen.played
        else t("net.left_toast", name=names[seat])
        for seat in sorted(now.departed - seen.departed)
        if seat < len(names)
    ]
    news += [
        t("net.standin_toast", name=names[seat])
        for seat in sorted(now.standing_in - seen.standing_in - now.departed - seen.departed)
        if seat < len(names)
    ]
    news += [
        t("net.seat_taken", name=names[seat])
        for seat in sorted(seen.departed - now.departed)
        if seat < len(names) and seat not in now.absent
    ]
    news += [
        t("net.seat_back", name=names[seat])
        for seat in sorted((seen.absent & seen.played) - now.absent - seen.departed - now.departed)
        if seat < len(names)
    ]
    return now, news


def standin_played(
    presence: Presence, journal: Sequence[Entry], you: int | None, name: str, seen: int
) -> tuple[int, str | None]:
    """The news for this screen's player (seat ``you``, named ``name``) once back at their
    seat (connected, not away): how many turns the host's stand-in AI played for them while
    they were away (a trial's player came back to a board that had moved on and no word
    why), or when it laid none of their tiles how many decisions it made (a trial was told
    of a turn played when the AI had only filled a space of theirs), among the decisions
    of ``journal`` from ``seen`` on and after their own last one;
    None if none (or for a spectator). Returns the next ``seen`` (the journal's length once
    looked at) and the news. Decisions made when the seat had another name (a player before
    them, who left it) are not theirs."""
    if presence.connection != CONNECTED or you is None or you in presence.absent:
        return seen, None
    if len(journal) <= seen:
        return len(journal), None
    own = max((at for at, entry in enumerate(journal) if entry.seat == you and not entry.standin), default=-1)
    made = [
        entry
        for entry in journal[max(seen, own + 1) :]
        if entry.seat == you and entry.standin and (len(entry.names) <= you or entry.names[you] == name)
    ]
    turns = {entry.turn for entry in made if isinstance(entry.action, Place | Overbuild)}
    if turns:
        return len(journal), tn("net.standin_played", len(turns))
    return len(journal), tn("net.standin_decided", len(made)) if made else None


def awaiting_player(presence: Presence) -> frozenset[int]:
    """Seats left for good that no AI plays: the game waits there for a new player."""
    return presence.departed - presence.standing_in


def link_status(presence: Presence) -> str | None:
    """The status line while the link to the host is down: Reconnecting… while it is tried
    again, and once the host will not have this window any more, that it no longer follows
    the game (the banner says why in both; a trial's status line still asked a player to
    place a tile while the host had stopped, and another's went on counting down a dropped
    player's wait under "The host ended this game."); else None."""
    if presence.connection == CONNECTED:
        return None
    return t("net.link_ended") if presence.failed else t("net.reconnecting")


def hint_refusal(presence: Presence) -> str | None:
    """Why H gets no hint at this table across machines, where the reason is the table's and
    not the turn's: a spectator's table, or a link to the host that is down or ended (a trial
    was told "Hints are for your turn" in both); else None."""
    if presence.watching:
        return t("play.hint_watching")
    if presence.connection != CONNECTED:
        return t("play.hint_offline")
    return None


def standin_seconds(presence: Presence, seat: int) -> int | None:
    """Whole seconds before the stand-in AI plays dropped ``seat`` (at least 1: the host's
    word that it plays may be on its way), else None."""
    wait = presence.standin_wait(seat)
    return None if wait is None else max(1, math.ceil(wait))


def turn_status(presence: Presence, seat: int, name: str, notice: bool = False) -> str | None:
    """The status line while ``seat`` (named ``name``) is not played at a screen but is
    left or away: the game waits there for a new player, or for the dropped player to come
    back (with the seconds before the host's stand-in AI plays for them, where it will), or
    the stand-in plays it (its moves too, as they are shown); else None (the seat's own
    player plays). The same on the hosting window, a joiner's and a spectator's (a trial's
    table said only "Waiting for Bo…" while the game hung on a dropped player), but that
    with the hosting window's ``notice`` up, which counts the seconds, the line does not
    count them too."""
    if seat in awaiting_player(presence):
        return t("net.waiting_new", name=name)
    if seat in presence.standing_in:
        return t("net.standin_plays", name=name)
    if seat in presence.absent:
        seconds = standin_seconds(presence, seat)
        if seconds is None or notice:
            return t("net.waiting_back", name=name)
        return t("net.waiting_dropped", name=name, seconds=seconds)
    return None


NOTICE_AFTER = 5.0
"""Seconds a player is away before the hosting window puts up its notice (a trial saw it
flash up for every player after Resume hosting, while they reconnected by themselves)."""


def drop_notice_due(presence: Presence, seat: int) -> bool:
    """Whether the hosting window's notice for dropped ``seat`` is up: once the player has
    been away ``NOTICE_AFTER`` seconds of the host's wait (``STANDIN_AFTER``), or when the
    host says no wait (the status line says from the first moment that the game waits)."""
    wait = presence.standin_wait(seat)
    return wait is None or wait <= STANDIN_AFTER - NOTICE_AFTER


def standin_notice(presence: Presence, seat: int, name: str) -> str:
    """The hosting window's notice that dropped ``seat`` (named ``name``) is disconnected and
    that the AI plays for them in so many seconds (the host's wait counting down), or at a
    table without a stand-in that the game waits for them (``frees_seats``)."""
    if presence.frees_seats:
        return t("net.dropped_waits", name=name)
    seconds = standin_seconds(presence, seat)
    return t(
        "net.dropped", name=name, seconds=seconds if seconds is not None else short_number(STANDIN_AFTER)
    )


def left_seat(presence: Presence, deciding: int | None) -> int | None:
    """The seat left for good with no AI playing it that the game waits for first (the
    deciding one if it is such a seat), else None."""
    waiting = awaiting_player(presence)
    return deciding if deciding in waiting else min(waiting, default=None)


def left_notice(presence: Presence, deciding: int | None, names: Sequence[str]) -> str | None:
    """While a seat left for good has no AI playing it, the notice that says so on every
    table: whose seat (``left_seat``), and that the game goes on once a new player joins with
    the table's code (the hosting window: or once the AI plays it); else None."""
    seat = left_seat(presence, deciding)
    if seat is None or seat >= len(names):
        return None
    key = "net.left_waiting_host" if presence.hosting else "net.left_waiting"
    return t(key, name=names[seat], code=presence.table_code or "")


def banner_text(presence: Presence | None) -> str | None:
    """The banner over the table while the link is down (None: no banner); once it failed,
    why in the player's words (``refusal_words``: a table the host ended says so)."""
    if presence is None or presence.connection == CONNECTED:
        return None
    if presence.failed:
        return refusal_words(presence.failure, presence.connection)
    if presence.connection == HOST_PAUSED:
        return t("net.host_paused")
    return t("net.busy") if presence.connection == BUSY else t("net.lost")


BANNER_WIDTH = 1100
"""Design pixels of the connection banner at most (and of the stand-in notice)."""
BANNER_LEAST = 900
"""Design pixels the banner needs beside the temples panel; with less room it goes to the
board's bottom instead."""


def banner_rects(board: pygame.Rect, avoid: pygame.Rect | None = None) -> tuple[pygame.Rect, pygame.Rect]:
    """The banner and its Back to menu button, in the ``board`` area clear of the temples
    panel at its top left (as wide as four seats make it): at the top, right of that panel,
    when the room there is at least ``BANNER_LEAST`` and it would not cover ``avoid`` (a
    panel the player needs, such as the worker choice at the board's top right); else at
    the bottom."""
    temples = temples_rect(board, 4, 1)
    beside = pygame.Rect(temples.right + px(16), board.y, board.right - px(20) - temples.right - px(16), 0)
    banner = pygame.Rect(0, 0, min(beside.w, px(BANNER_WIDTH)), px(96))
    banner.midtop = (beside.centerx, board.y + px(24))
    if beside.w < px(BANNER_LEAST) or (avoid is not None and banner.colliderect(avoid)):
        banner.w = min(board.w - px(40), px(BANNER_WIDTH))
        banner.midbottom = (board.centerx, board.bottom - px(24))
    button = pygame.Rect(0, 0, px(280), px(64))
    button.midright = (banner.right - px(16), banner.centery)
    return banner, button


def draw_notice(app: Shell, surface: pygame.Surface, view: NoticeView) -> pygame.Rect:
    """The frame's notice over the board (``Frame.notice``): the connection banner in red,
    a seat's notice in gold, its text and its button; returns its area."""
    box = pygame.Rect(view.box)
    border = theme.DANGER if view.kind == "banner" else theme.GOLD
    button = pygame.Rect(view.button) if view.button is not None else box
    _draw_notice(app, surface, (box, button), border, view.text, view.label or None, view.hot)
    return box


def _draw_notice(
    app: Shell,
    surface: pygame.Surface,
    rects: tuple[pygame.Rect, pygame.Rect],
    border: pygame.Color,
    text: str,
    label: str | None,
    hot: bool,
) -> None:
    """A notice panel (``rects``: the panel and its button) with ``border``, ``text`` on up
    to two lines left of the button (a trial saw the dropped player's notice cut off on one
    line before its end), and the button ``label`` (``hot``: under the mouse); without a
    label, no button and the text has the whole panel."""
    notice, button = rects
    theme.draw_panel(surface, notice, border=border)
    if label is None:
        _draw_lines(app, surface, notice, text)
        return
    _draw_lines(app, surface, pygame.Rect(notice.x, notice.y, button.x - notice.x + px(8), notice.h), text)
    _draw_button(app, surface, button, label, hot)


def _draw_lines(app: Shell, surface: pygame.Surface, notice: pygame.Rect, text: str) -> None:
    """``text`` in ``notice``, on up to two lines (a smaller size where it needs it)."""
    width, height = notice.w - px(48), notice.h - px(16)
    for size in (theme.BODY_SIZE, theme.SMALL_SIZE + 2, theme.SMALL_SIZE):
        font = app.assets.font(size, "bold")
        image = theme.render_text(font, text, theme.CREAM, width)
        if image.get_height() <= height:
            break
    at = image.get_rect(midleft=(notice.x + px(24), notice.centery))
    surface.blit(image, at)
    theme.note_text(surface, text, at, font)


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


def standin_rects(board: pygame.Rect, avoid: pygame.Rect | None) -> tuple[pygame.Rect, pygame.Rect]:
    """The hosting window's notice about a dropped seat and its Let the AI play now button,
    where the connection banner would be (clear of ``avoid``)."""
    notice, button = banner_rects(board, avoid)
    button.w = px(400)
    button.midright = (notice.right - px(16), notice.centery)
    return notice, button


def left_rects(
    board: pygame.Rect, avoid: pygame.Rect | None, hosting: bool
) -> tuple[pygame.Rect, pygame.Rect]:
    """The notice that a seat was left and its button (the hosting window's Let the AI play:
    as the stand-in notice's; elsewhere none, as the connection banner's rects)."""
    return standin_rects(board, avoid) if hosting else banner_rects(board, avoid)
