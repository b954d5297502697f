"""Join a game across machines: the host's address and port, the table's code and the name
to play under. Join opens the lobby, which connects (never blocking the window) and opens
the table once the game runs. Watch does the same as a spectator (no name needed): the table
opens read-only, every hand face down. A join the host refuses comes back here, the refusal
shown with what was typed. The address, port and name are remembered across starts
(``app.join_form``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import routes, theme
from cacao_game.app.flow import player_name
from cacao_game.app.join_form import MAX_ADDRESS, JoinMemory, address_problem, read_or_defaults, remembered
from cacao_game.app.netplay import JoinRequest, rejoin_waiting, seat_or_join
from cacao_game.app.scale import px
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.shown_names import unshown_characters
from cacao_game.app.strings import t
from cacao_game.app.widgets import Button, Panel, TextInput
from cacao_game.config.names import MAX_NAME_LENGTH, clean_name, name_problem
from cacao_game.net.protocol import PORTS
from cacao_game.net.tables import CODE_LENGTH, code_problem

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

log = logging.getLogger(__name__)

PANEL = (560, 200, 800, 720)
FIELDS = (("address", 340), ("port", 460), ("code", 580), ("name", 700))
"""Each field and its design y."""
ALLOWED: dict[str, Callable[[str], bool]] = {"port": str.isdigit, "code": str.isalnum}
"""The characters a field takes, where not every printable one (a code pasted with the spaces
around it keeps only its letters and digits)."""
BOTTOM = 1030
TOAST_ABOVE = 70
"""Design pixels from the panel's bottom up to a toast's area's bottom: above the red problem
line, under the last field."""


def port_problem(text: str) -> str | None:
    """Why ``text`` is not a port, or None."""
    return None if text.isdigit() and int(text) in PORTS else t("net.error_port")


class JoinScene(WidgetScene):
    """The Join form; the address, port and name of the last join are remembered across
    starts (``Settings.last_joined``), the last values typed (the code too) for the next
    time in this run of the app (``Shell.join_typed``), and ``filled`` (the last game's host
    and the player's name, or the join just refused) goes over them; ``problem`` is the
    host's refusal of that join."""

    def __init__(self, app: Shell, filled: JoinRequest | None = None, problem: str | None = None) -> None:
        super().__init__(app)
        memory = self.remembered()
        self.values = {
            "address": memory.address,
            "port": memory.port,
            "code": "",
            "name": memory.name or player_name(app),
            **app.join_typed,
        }
        if filled is not None:
            self.values.update(address=filled.address, port=str(filled.port), code=filled.code)
            if filled.name:
                self.values["name"] = filled.name
        self.problem = problem
        """The host's refusal of the join tried with these values (until a field changes)."""

    def remembered(self) -> JoinMemory:
        """The form of the last join as the settings file keeps it. What does not read (a
        damaged or hostile file) takes the form's default; the player is told, the reason
        under the mouse, and the repaired form is what is kept."""
        stored = self.app.settings.last_joined
        if stored is None:
            return JoinMemory()
        memory = read_or_defaults(stored)
        if memory.repaired:
            fields = ", ".join(memory.repaired)
            log.warning("settings: last_joined: %s did not read; the Join form shows the defaults", fields)
            self.app.remember_joined(remembered(memory.address, int(memory.port), memory.name))
            self.app.notify(t("net.join_forgotten"), detail=f"last_joined: {fields}")
        return memory

    def set_value(self, key: str, text: str) -> None:
        """Field ``key`` changed (the host's refusal of what was there goes)."""
        self.values[key] = text
        self.problem = None

    def validation_error(self, watch: bool = False) -> str | None:
        """Why Join (``watch``: Watch) cannot go yet, or None: a name with a letter the fonts
        cannot draw is refused as at the table (a trial's "Bo" and two Hebrew letters joined
        and was shown as "Player 1" on both tables without a word)."""
        problem = address_problem(self.values["address"])
        if problem:
            return problem
        problem = port_problem(self.values["port"])
        if problem:
            return problem
        if code_problem(self.values["code"].strip().upper()):
            return t("net.error_code")
        if watch:
            return None
        if name_problem(" ".join(self.values["name"].split())):
            return t("net.error_name")
        chars = unshown_characters(self.app.assets, self.values["name"])
        if chars is not None:
            return t("net.error_glyphs", chars=chars)
        return None

    def shown_problem(self) -> str | None:
        """The problem the form shows in red: ``validation_error``, except while the table
        code is still empty (Join stays disabled; the code field's placeholder says what to
        type), so a fresh form does not open on an error; before it, the host's refusal of
        the join just tried."""
        if self.problem is not None:
            return self.problem
        problem = self.validation_error()
        return None if problem == t("net.error_code") and not self.values["code"].strip() else problem

    def watch(self) -> None:
        """Connect as a spectator and wait in the lobby."""
        self.join(watch=True)

    def join(self, watch: bool = False) -> None:
        """Connect (``watch``: as a spectator) and wait in the lobby. Taking a seat at another
        table than the one this app keeps a seat's ticket for (Rejoin game) asks first: the
        new seat's ticket replaces it (a trial's player lost the way back to an unfinished
        game by joining another)."""
        problem = self.validation_error(watch)
        if problem is not None:
            self.app.notify(problem)
            return
        kept = rejoin_waiting()
        if not watch and kept is not None and kept.code != self.values["code"].strip().upper():
            self.app.open(
                routes.Confirm(
                    t("net.join_forgets", code=kept.code),
                    self._go,
                    yes=t("net.join_anyway"),
                    no=t("common.cancel"),
                )
            )
            return
        self._go(watch)

    def _go(self, watch: bool = False) -> None:
        self.app.join_typed = dict(self.values)
        typed = " ".join(self.values["name"].split())
        name = clean_name(typed) if name_problem(typed) is None else ""
        port = int(self.values["port"])
        self.app.remember_joined(remembered(self.values["address"], port, name))
        request = JoinRequest(self.values["address"], port, self.values["code"], "" if watch else name, watch)
        self.app.switch(routes.Lobby(seat_or_join(request), request))

    def field_rect(self, y: int) -> pygame.Rect:
        """A field's box at design ``y``."""
        x, _top, w, _h = PANEL
        return self.stage.rect(x + 300, y, w - 340, 64)

    def build(self) -> None:
        self.widgets = [Panel(self.stage.rect(*PANEL))]
        limits = {"address": MAX_ADDRESS, "port": 5, "code": CODE_LENGTH, "name": MAX_NAME_LENGTH}
        self.fields: dict[str, TextInput] = {}
        for key, y in FIELDS:
            self.fields[key] = TextInput(
                self.field_rect(y),
                self.values[key],
                partial(self.set_value, key),
                placeholder=t(f"net.{key}_hint"),
                max_length=limits[key],
                allowed=ALLOWED.get(key),
            )
            self.widgets.append(self.fields[key])
        bottom = self.stage.point(0, BOTTOM)[1]
        panel = self.stage.rect(*PANEL)
        back = pygame.Rect(0, 0, px(220), px(76))
        back.bottomleft = (panel.x, bottom)
        go = pygame.Rect(0, 0, px(300), px(76))
        go.bottomright = (panel.right, bottom)
        self.join_button = Button(go, t("net.join"), self.join, style="primary", font_size=34)
        watch = pygame.Rect(0, 0, px(220), px(76))
        watch.bottomright = (go.x - px(20), bottom)
        self.watch_button = Button(watch, t("net.watch"), self.watch, tooltip=t("net.watch_tip"))
        self.widgets += [Button(back, t("common.back"), self.back), self.watch_button, self.join_button]

    def enter(self) -> None:
        """The first empty field (usually the table code: the rest is remembered) takes the
        keys at once: a tester typed a code into no field, its W moved the focus to Back and
        Enter went back to the menu. With every field filled, the code field takes them with
        its code selected, so that a new code typed replaces it (a trial, back from a game its
        host had ended, typed the new code into no field and joined with the old one); not on
        a form back with a refusal, which may be about another field (a name in use: the new
        name typed would replace the code)."""
        super().enter()
        empty = next((self.fields[key] for key, _y in FIELDS if not self.values[key].strip()), None)
        if empty is not None:
            empty.set_editing(True)
            return
        if self.problem is not None:
            return
        code = self.fields["code"]
        code.set_editing(True)
        code.selected = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter in a field ends its editing and, when the form is complete, joins (a tester's
        Enter in the code field did nothing with Join lit)."""
        submit = (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.editing()
        )
        handled = super().handle_event(event)
        if submit and self.validation_error() is None:
            self.join()
        return handled

    def update(self, dt: float) -> None:
        super().update(dt)
        self.join_button.enabled = self.validation_error() is None
        self.watch_button.enabled = self.validation_error(watch=True) is None

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.draw_title(self.app, surface, t("net.join_title"), self.stage.screen_y(48))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_content(surface)
        self.draw_widgets(surface, 0, 1)
        panel = self.stage.rect(*PANEL)
        label = self.app.assets.font(theme.SMALL_SIZE, "bold")
        with theme.within(panel):
            for key, y in FIELDS:
                box = self.field_rect(y)
                width = box.x - panel.x - px(56)
                text = theme.fit_text(label, t(f"net.{key}").upper(), width)
                theme.draw_text(
                    surface, label, text, (panel.x + px(40), box.centery), theme.MUTED, anchor="midleft"
                )
            note = self.app.assets.font(theme.SMALL_SIZE - 1)
            theme.draw_text(
                surface,
                note,
                t("net.join_note"),
                (panel.x + px(40), panel.y + px(36)),
                theme.SAND,
                width=panel.w - px(80),
            )
            problem = self.shown_problem()
            if problem:
                self._draw_problem(surface, panel, problem)
        self.draw_widgets(surface, 1)
        self.tooltip.draw(surface, self.app)

    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Toasts (a field full, say) sit in the panel under the last field, over no field and
        no button (a trial's lay over Watch and Join); the red problem stays below them."""
        bottom = self.stage.rect(*PANEL).bottom - px(TOAST_ABOVE)
        return pygame.Rect(screen.x, screen.y, screen.w, bottom - screen.y)

    def _draw_problem(self, surface: pygame.Surface, panel: pygame.Rect, problem: str) -> None:
        """``problem`` in red below the last field, wrapped to the panel (a host's refusal
        says what to do next: it is read whole, never cut)."""
        width = panel.w - px(80)
        room = panel.bottom - px(24) - self.field_rect(FIELDS[-1][1]).bottom - px(16)
        color = theme.PROBLEM
        for size in (theme.SMALL_SIZE, theme.SMALL_SIZE - 2, theme.SMALL_SIZE - 4):
            font = self.app.assets.font(size, "bold")
            if theme.render_text(font, problem, color, width).get_height() <= room:
                break
        theme.draw_text(
            surface,
            font,
            problem,
            (panel.centerx, panel.bottom - px(24)),
            color,
            anchor="midbottom",
            width=width,
            align=pygame.FONT_CENTER,
        )
