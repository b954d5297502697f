"""The list of saved games: date, seats, turn and scores; Load, or Delete after confirmation.

A refused file is listed with its one-line reason; it cannot be loaded and, like any save, is
only deleted after the player confirms.
"""

from __future__ import annotations

import logging
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.flow import open_save
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.strings import kind_label, t
from cacao_game.app.widgets import Button, Panel
from cacao_game.saves import SaveInfo, delete_save, list_saves

if TYPE_CHECKING:
    from cacao_game.app.app import App

log = logging.getLogger(__name__)

LIST = pygame.Rect(140, 180, 1640, 800)
ROW_H, ROW_GAP = 112, 12
PER_PAGE = 5


def friendly_time(iso: str) -> str:
    """An ISO 8601 UTC time as local ``YYYY-MM-DD HH:MM``; the text itself if unparsable."""
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


class LoadScene(WidgetScene):
    """Lists ``cacao_game.saves.list_saves()``; the wheel scrolls by a row."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saves: list[SaveInfo] = []
        self.first = 0

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the save folder again and rebuild the rows."""
        try:
            self.saves = list_saves()
        except OSError as error:
            log.warning("saves not listed: %s", error)
            self.saves = []
            self.app.notify(str(error))
        self.first = max(0, min(self.first, len(self.saves) - PER_PAGE))
        self.rebuild()

    def row_rect(self, slot: int) -> pygame.Rect:
        """The ``slot``-th visible row."""
        return pygame.Rect(LIST.x + 28, LIST.y + 90 + slot * (ROW_H + ROW_GAP), LIST.w - 56, ROW_H)

    def build(self) -> None:
        self.widgets = [Panel(LIST, t("load.saved_games"))]
        for slot, info in enumerate(self.saves[self.first : self.first + PER_PAGE]):
            row = self.row_rect(slot)
            load = Button(
                (row.right - 380, row.centery - 30, 180, 60),
                t("load.load"),
                partial(self.load, info),
                style="primary",
            )
            load.enabled = info.error is None
            delete = Button(
                (row.right - 186, row.centery - 30, 170, 60),
                t("load.delete"),
                partial(self.ask_delete, info),
                style="danger",
            )
            self.widgets += [load, delete]
        back = pygame.Rect(0, 0, 260, 68)
        back.bottomleft = (LIST.x, 1060)
        self.widgets.append(Button(back, t("common.back"), self.back, style="primary"))

    def display_name(self, info: SaveInfo) -> str:
        """The save's name as shown (the autosave has a friendly name)."""
        return t("load.autosave") if info.name == "autosave" else (info.name or info.path.stem)

    def load(self, info: SaveInfo) -> None:
        """Open the save (a failure is shown as a notice)."""
        open_save(self.app, info.path)

    def ask_delete(self, info: SaveInfo) -> None:
        """Confirm, then delete the save and its backup."""
        name = self.display_name(info)
        self.app.open(
            "confirm",
            t("load.delete_confirm", name=name),
            lambda: self.delete(info),
            danger=True,
            yes=t("load.delete"),
            no=t("common.cancel"),
        )

    def delete(self, info: SaveInfo) -> None:
        """Delete without asking (the dialog asked)."""
        try:
            delete_save(info.path)
        except (OSError, ValueError) as error:
            self.app.notify(str(error))
        else:
            self.app.notify(t("load.deleted", name=self.display_name(info)))
        self.refresh()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and len(self.saves) > PER_PAGE:
            self.first = max(0, min(self.first - event.y, len(self.saves) - PER_PAGE))
            self.rebuild()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        theme.draw_title(self.app, surface, t("load.title"), 40)
        self.widgets[0].draw(surface, self.app)
        if not self.saves:
            font = self.app.assets.font(theme.BODY_SIZE)
            text = t("load.empty")
            theme.draw_text(surface, font, text, LIST.center, theme.SAND, anchor="center")
        for slot, info in enumerate(self.saves[self.first : self.first + PER_PAGE]):
            self._draw_row(surface, self.row_rect(slot), info)
        if len(self.saves) > PER_PAGE:
            small = self.app.assets.font(theme.SMALL_SIZE)
            shown = f"{self.first + 1}–{min(self.first + PER_PAGE, len(self.saves))} / {len(self.saves)}"
            theme.draw_text(
                surface, small, shown, (LIST.right - 28, LIST.y + 40), theme.MUTED, anchor="midright"
            )
        for widget in self.widgets[1:]:
            widget.draw(surface, self.app)
        self.tooltip.draw(surface, self.app)

    def _draw_row(self, surface: pygame.Surface, row: pygame.Rect, info: SaveInfo) -> None:
        hot = row.collidepoint(self.app.mouse_pos)
        pygame.draw.rect(surface, theme.PANEL_HOVER if hot else theme.PANEL_LIGHT, row, border_radius=14)
        pygame.draw.rect(surface, theme.GOLD if hot else theme.GOLD_DARK, row, 2, border_radius=14)
        bold = self.app.assets.font(theme.BODY_SIZE + 2, "bold")
        small = self.app.assets.font(theme.SMALL_SIZE)
        theme.draw_text(
            surface,
            bold,
            theme.fit_text(bold, self.display_name(info), 330),
            (row.x + 24, row.y + 18),
            theme.CREAM,
        )
        theme.draw_text(surface, small, friendly_time(info.saved_at), (row.x + 24, row.y + 64), theme.MUTED)
        if info.error is not None:
            warn = self.app.assets.font(theme.SMALL_SIZE, "bold")
            theme.draw_text(
                surface,
                warn,
                t("load.refused", reason=info.error),
                (row.x + 380, row.centery),
                pygame.Color("#F08A6C"),
                anchor="midleft",
                width=row.w - 800,
            )
            return
        status = t("load.finished") if info.finished else t("load.turn", turn=info.turn)
        theme.draw_text(surface, small, status, (row.x + 380, row.y + 64), theme.SAND)
        if info.variant == "volcano":
            theme.draw_text(surface, small, t("variant.volcano"), (row.x + 380, row.y + 22), theme.CACAO)
        x0, width = row.x + 530, row.w - 530 - 400
        step = min(200, width // max(1, len(info.seats)))
        for seat, entry in enumerate(info.seats):
            x = x0 + seat * step
            color = entry.get("color", "red")
            theme.draw_seat_marker(self.app, surface, color, (x + 18, row.centery), 15)
            name = theme.fit_text(
                small, str(entry.get("name") or kind_label(entry.get("kind", ""))), step - 56
            )
            playing = seat == info.current_seat
            theme.draw_text(
                surface, small, name, (x + 42, row.y + 24), theme.GOLD if playing else theme.CREAM
            )
            total = info.totals[seat] if seat < len(info.totals) else "–"
            theme.draw_text(surface, bold, str(total), (x + 42, row.y + 52), theme.GOLD)
            if playing:
                pygame.draw.line(
                    surface, theme.GOLD, (x + 42, row.bottom - 12), (x + step - 20, row.bottom - 12), 3
                )
