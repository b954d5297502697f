"""The main menu: New game, Continue (only with an autosave), Resume hosting (only with an
unfinished hosted game), Rejoin game (only with a seat's ticket of a game joined on another
machine), New game, Learn to play, Host a game / Join a game, Load, Settings, Rules, Quit, in
that order always (a playtest saw Learn to play move once the tutorial had been started); on
a first launch Learn to play is the highlighted entry."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from cacao_game.app import routes, theme
from cacao_game.app.flow import (
    RESULT_UNSEEN,
    UNFINISHED,
    Continuing,
    autosave_exists,
    continue_game,
    start_tutorial,
    to_continue,
)
from cacao_game.app.netplay import (
    JoinRequest,
    hosted_waiting,
    rejoin_game,
    rejoin_waiting,
    resume_failure,
    resume_hosted,
)
from cacao_game.app.scale import px
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.shown_names import seat_labels
from cacao_game.app.strings import t
from cacao_game.app.toasts import LONG_TOAST_SECONDS
from cacao_game.app.widgets import Button
from cacao_game.tutorial import progress as tutorial_progress
from cacao_game.tutorial.script import CHAPTERS, STEPS, chapter_of
from cacao_game.version import app_version

__all__ = ["MenuScene"]

BUTTON_W, BUTTON_H, BUTTON_GAP = 440, 70, 14
PANEL_TOP, PANEL_BOTTOM, PANEL_CLEAR, FOOTER_ROOM = 40, 34, 12, 64
"""Design pixels: the buttons' panel above the first button and below the last one, the
least space between the subtitle and the panel, and the footer's strip at the bottom; the
buttons get lower when a long menu (Continue shown) would otherwise reach either."""
VERSION_SIZE = 18
"""The version in the bottom-right corner: small, yet 12 px or more at 1366x768."""
ONLINE = "menu.online"
"""The row of Host a game and Join a game."""
DECOR_X = 470
"""Design pixels from the screen's middle to the centres of the decor's first tiles."""
SUBTITLE_GAP = 24
"""Design pixels kept between the subtitle and the decor's tiles beside it."""
DECOR_TILES = ("plantation2", "market3", "temple", "gold2", "water", "sun", "plantation1", "market4")


class MenuScene(WidgetScene):
    """The first screen. Esc does nothing here (Quit is explicit). The highlighted entry is
    what the player most likely wants: Learn to play on the first launch, else Continue when a
    game is unfinished, else Resume hosting when a hosted game is, else Rejoin game when a game
    joined on another machine is, else New game. The focus ring starts on it and comes back
    to it from any screen opened here, so Enter takes it unless the arrow keys moved the ring."""

    primary_default = True
    untold: str | None = None
    """What a crowded menu says on entering that a caption would have said: which table
    Rejoin game goes back to (a trial's full menu read a bare "Rejoin game")."""
    waiting: Continuing | None = None
    """Why Continue is offered (``flow.to_continue``), as the menu was last built."""

    def go(self, route: routes.Route) -> None:
        """Open the screen of ``route`` (a button's action)."""
        self.app.open(route)

    def learn(self) -> None:
        """Learn to play: the tutorial, where it was left."""
        start_tutorial(self.app)

    def build(self) -> None:
        hosted = hosted_waiting()
        ticket = rejoin_waiting()
        newcomer = self.newcomer() and not hosted and ticket is None
        learn = ("tutorial.menu", self.learn, "primary" if newcomer else "secondary")
        entries: list[tuple[str, Callable[[], None], str]] = []
        waiting = self.waiting = to_continue()
        unfinished = waiting is not None
        captions: dict[str, str] = {}
        if waiting is not None:
            entries.append(("menu.continue", self.continue_game, "secondary" if newcomer else "primary"))
            if waiting.why == RESULT_UNSEEN:
                captions["menu.continue"] = t("menu.continue_result")
            elif waiting.why == UNFINISHED:
                shown = ", ".join(seat_labels(self.app.assets, waiting.names, waiting.kinds))
                captions["menu.continue"] = t("menu.continue_caption", turn=waiting.turn, names=shown)
        if hosted:
            style = "secondary" if newcomer or unfinished else "primary"
            entries.append(("menu.resume_hosting", self.resume_hosting, style))
        if ticket is not None:
            style = "secondary" if newcomer or unfinished or hosted else "primary"
            entries.append(("menu.rejoin", self.rejoin, style))
            captions["menu.rejoin"] = t("menu.rejoin_caption", code=ticket.code, address=ticket.address)
        lead = not newcomer and not unfinished and not hosted and ticket is None
        entries.append(("menu.new", lambda: self.go(routes.Setup()), "primary" if lead else "secondary"))
        entries.append(learn)
        entries.append((ONLINE, lambda: None, "secondary"))
        entries += [
            ("menu.load", lambda: self.go(routes.Load()), "secondary"),
            ("menu.settings", lambda: self.go(routes.SettingsPage()), "secondary"),
            ("menu.rules", lambda: self.go(routes.Rules()), "secondary"),
            ("menu.quit", self.app.quit, "ghost"),
        ]
        width, height = self.app.screen.get_size()
        cx = width // 2
        crowded = len(entries) > 7
        self.untold = (
            t("menu.rejoin_notice", code=ticket.code, address=ticket.address)
            if crowded and ticket is not None
            else None
        )
        gap = px(BUTTON_GAP // 2 if crowded else BUTTON_GAP)
        top = height // 2 - px(
            180 if crowded else 150 if len(entries) > 6 else 120 if len(entries) > 5 else 90
        )
        top = max(top, self.heading()[1].bottom + px(PANEL_TOP + PANEL_CLEAR))
        room = height - px(FOOTER_ROOM + PANEL_BOTTOM) - top
        button_h = min(px(BUTTON_H), (room + gap) // len(entries) - gap)
        self.widgets = []
        for i, (key, action, style) in enumerate(entries):
            rect = pygame.Rect(0, 0, px(BUTTON_W), button_h)
            rect.midtop = (cx, top + i * (button_h + gap))
            if key == ONLINE:
                self.widgets += self.online_buttons(rect)
                continue
            caption = captions.get(key, "") if not crowded else ""  # no room under a crowded button
            tip = captions.get(key) if crowded else None  # what the caption would say
            if key == "tutorial.menu":
                caption = self.tutorial_caption(newcomer)
            self.widgets.append(
                Button(
                    rect,
                    t(key),
                    action,
                    style=style,
                    font_size=32,
                    caption=caption,
                    caption_size=17,
                    tooltip=tip,
                )
            )

    def enter(self) -> None:
        """Built, the menu says so when the last game ended while the window was closed (its
        Continue's caption shows only as a tooltip in a full menu), or which table Rejoin game
        goes back to when its caption has no room (``untold``)."""
        super().enter()
        if self.waiting is not None and self.waiting.why == RESULT_UNSEEN:
            self.app.notify(t("menu.continue_result_notice"), LONG_TOAST_SECONDS)
        elif self.untold is not None:
            self.app.notify(self.untold, LONG_TOAST_SECONDS)

    def continue_game(self) -> None:
        """Continue; a refused autosave is set aside then, so the menu is built again without it
        (its keyboard focus too: Enter must not press the Continue that is gone)."""
        if not continue_game(self.app):
            self.rebuild()

    def resume_hosting(self) -> None:
        """Restart the game this app hosted (its window closed mid-game) and wait in the
        lobby for the players, who rejoin by themselves."""
        try:
            source = resume_hosted()
        except (OSError, TimeoutError) as error:
            self.app.notify(resume_failure(error))
            return
        if source is None:
            self.rebuild()
            return
        self.app.open(routes.Lobby(source))

    def rejoin(self) -> None:
        """Take this player's seat back in the game joined on another machine (their program
        closed or died): the lobby reconnects with the seat's token and opens the table. A
        token the host refuses (the seat was taken back by name elsewhere, or freed) brings
        the Join form, filled with the ticket's host, code and name, and says why; so does a
        host that does not answer, and the ticket is kept for when it is back."""
        ticket = rejoin_waiting()
        if ticket is None:
            self.rebuild()
            return
        request = JoinRequest(ticket.address, ticket.port, ticket.code, ticket.name)
        self.app.open(routes.Lobby(rejoin_game(ticket), request))

    def host(self) -> None:
        """The Host a game setup (its Host asks before it ends an unfinished hosted game: a
        table opened on a server ends nothing, and the server is chosen there)."""
        self.app.open(routes.Setup(hosting=True))

    def online_buttons(self, row: pygame.Rect) -> list[Button]:
        """Host a game and Join a game, side by side in one row."""
        half = (row.w - px(BUTTON_GAP)) // 2
        host = pygame.Rect(row.x, row.y, half, row.h)
        join = pygame.Rect(row.right - half, row.y, half, row.h)
        return [
            Button(host, t("menu.host"), self.host, font_size=26),
            Button(join, t("menu.join"), lambda: self.go(routes.Join()), font_size=26),
        ]

    @staticmethod
    def tutorial_caption(newcomer: bool) -> str:
        """Under Learn to play: what it is (first launch), or where it resumes."""
        if newcomer:
            return t("tutorial.menu_caption")
        saved = tutorial_progress.load()
        if saved is None or saved.step >= len(STEPS):
            return ""
        return t("tutorial.menu_resume", number=chapter_of(saved.step), count=len(CHAPTERS))

    @staticmethod
    def newcomer() -> bool:
        """First launch, as far as the menu can tell: no tutorial was ever started and there is
        no autosave. The menu then offers Learn to play first, highlighted."""
        return not tutorial_progress.exists() and not autosave_exists()

    def back(self) -> None:
        """Esc on the menu does nothing."""

    def button(self, key: str) -> Button | None:
        """The button labelled with string ``key`` (tests use this)."""
        label = t(key)
        return next((w for w in self.widgets if isinstance(w, Button) and w.label == label), None)

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.draw_backdrop(self.app, surface, 40)
        self._draw_decor(surface)

    def _tile(self, index: int) -> pygame.Surface:
        """Decor tile ``index`` at the screen's scale, rotated once and cached by its size (a
        trial resized the window at the menu and its tiles kept the old size)."""
        cache: dict[tuple[int, int], pygame.Surface] = self.__dict__.setdefault("_tiles", {})
        side, row = (-1 if index % 2 == 0 else 1), index // 2
        size = px(190 - row * 12)
        if (index, size) not in cache:
            tile = self.app.assets.jungle_tile(DECOR_TILES[index], size)
            cache[index, size] = pygame.transform.rotozoom(tile, side * (8 + row * 7), 1.0)
        return cache[index, size]

    def decor(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The jungle tiles fanned out on both sides, each image with where it lies now (they
        bob gently with ``time``)."""
        w, h = self.app.screen.get_size()
        placed = []
        for i in range(len(DECOR_TILES)):
            side, row = (-1 if i % 2 == 0 else 1), i // 2
            image = self._tile(i)
            x = w // 2 + side * px(DECOR_X + row * 95)
            y = h // 2 + px(-240 + row * 170 + 6 * math.sin(self.time * 1.1 + i * 1.7))
            placed.append((image, image.get_rect(center=(x, y))))
        return placed

    def _draw_decor(self, surface: pygame.Surface) -> None:
        """The decor's tiles (``decor``) and the buttons' panel."""
        for image, rect in self.decor():
            theme.draw_shadow(surface, rect.inflate(-px(30), -px(30)), px(20), 110)
            surface.blit(image, rect)
        panel = self.panel()
        if panel is not None:
            theme.draw_panel(surface, panel, alpha=215)

    def panel(self) -> pygame.Rect | None:
        """The panel behind the buttons (None before they are built)."""
        if not self.widgets:
            return None
        panel = pygame.Rect(0, 0, px(BUTTON_W + 120), 0)
        panel.top = self.widgets[0].rect.top - px(PANEL_TOP)
        panel.height = self.widgets[-1].rect.bottom + px(PANEL_BOTTOM) - panel.top
        panel.centerx = self.app.screen.get_width() // 2
        return panel

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Toasts sit on the buttons' panel, over the subtitle, never over a button: a start's
        notices about a repaired settings file ran to three lines from the footer and covered
        Quit. The whole screen before the buttons are built."""
        panel = self.panel()
        if panel is None or panel.top - screen.top < px(120):
            return screen
        return pygame.Rect(screen.left, screen.top, screen.w, panel.top - screen.top)

    def heading(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the title and the subtitle are drawn on the screen."""
        w, h = self.app.screen.get_size()
        title = pygame.Rect((0, 0), self._title_font().size(t("app.title")))
        title.midtop = (w // 2, px(96) + (h - px(1080)) // 2)
        subtitle = pygame.Rect((0, 0), self._subtitle_font().size(t("app.subtitle")))
        subtitle.midtop = (w // 2, title.bottom + px(6))
        return title, subtitle

    def _title_font(self) -> pygame.font.Font:
        return self.app.assets.font(168, "black")

    def _subtitle_font(self) -> pygame.font.Font:
        """The subtitle's font: 34 design pixels, smaller where the words would reach the
        first tiles of the decor (a trial saw the French subtitle run into one)."""
        room = 2 * (px(DECOR_X) - self._tile(1).get_width() // 2 - px(SUBTITLE_GAP))
        return theme.fit_font(self.app, 34, t("app.subtitle"), room)

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        title, subtitle = self.heading()
        rect = theme.draw_text(
            surface,
            self._title_font(),
            t("app.title"),
            title.midtop,
            theme.GOLD,
            anchor="midtop",
            shadow=True,
        )
        icon = self.app.assets.icon("cacao", px(72))
        for dx in (-1, 1):
            center = (w // 2 + dx * (rect.w // 2 + px(70)), rect.centery + px(10))
            surface.blit(icon, icon.get_rect(center=center))
        theme.draw_text(
            surface,
            self._subtitle_font(),
            t("app.subtitle"),
            subtitle.midtop,
            theme.CREAM,
            anchor="midtop",
            shadow=True,
        )
        foot = self.app.assets.font(theme.SMALL_SIZE)
        theme.draw_text(
            surface, foot, t("menu.footer"), (w // 2, h - px(28)), theme.SAND, anchor="midbottom", shadow=True
        )
        version = self.app.assets.font(VERSION_SIZE)
        theme.draw_text(
            surface,
            version,
            t("menu.version", version=app_version()),
            (w - px(24), h - px(16)),
            theme.SAND,
            anchor="bottomright",
            shadow=True,
        )
