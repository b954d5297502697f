"""The list of saved games: date, seats, turn and scores; Load, or Delete after confirmation.
Below them the records of finished games played across machines (named by table code): Watch
replays one (``flow.open_replay``), Delete removes it after confirmation.

A refused file is listed with its one-line reason; it cannot be loaded and, like any save, is
only deleted after the player confirms.
"""

from __future__ import annotations

import logging
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import routes, theme
from cacao_game.app.flow import open_replay, open_save, save_title
from cacao_game.app.netplay import list_records, records_dir
from cacao_game.app.scale import px
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.shown_names import seat_labels
from cacao_game.app.strings import problem_text, t
from cacao_game.app.widgets import Button, Note, Panel
from cacao_game.saves import SaveInfo, delete_save, list_saves

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

log = logging.getLogger(__name__)

LIST = (140, 180, 1640, 800)
ROW_H, ROW_GAP = 112, 12
BOTTOM = 1060
"""Design pixels: the list's panel, a row and the gap between rows, the Back button's bottom."""
NAME_W, STATUS_X, SEATS_X, BUTTONS_W = 330, 380, 530, 400
"""Design pixels inside a row: the name's width, where the status and the seats start, and the
room the Load and Delete buttons take at its right end."""
PER_PAGE = 5


def friendly_time(iso: str) -> str:
    """An ISO 8601 UTC time as the local date and time written in the player's language
    (``load.when``: a German trial read 2026-11-29 where 29.11.2026 was expected); the text
    itself if unparsable."""
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return iso
    return t(
        "load.when",
        year=f"{moment.year:04d}",
        month=f"{moment.month:02d}",
        day=f"{moment.day:02d}",
        hour=f"{moment.hour:02d}",
        minute=f"{moment.minute:02d}",
    )


class LoadScene(WidgetScene):
    """Lists ``cacao_game.saves.list_saves()``; the wheel scrolls by a row."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.saves: list[SaveInfo] = []
        self.first = 0
        self._records = records_dir()
        self._names: dict[Path, list[str]] = {}

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
            self.app.notify(t("load.list_failed", reason=" ".join(str(error).split())))
        self.saves += list_records(self._records)
        self.first = max(0, min(self.first, len(self.saves) - PER_PAGE))
        self.rebuild()

    def list_rect(self) -> pygame.Rect:
        """The list's panel."""
        return self.stage.rect(*LIST)

    def row_rect(self, slot: int) -> pygame.Rect:
        """The ``slot``-th visible row."""
        return self.stage.rect(LIST[0] + 28, LIST[1] + 90 + slot * (ROW_H + ROW_GAP), LIST[2] - 56, ROW_H)

    def build(self) -> None:
        panel = self.list_rect()
        self.widgets = [Panel(panel, t("load.saved_games"))]
        self._names = {info.path: self.seat_names(info) for info in self.saves}
        for slot, info in enumerate(self.saves[self.first : self.first + PER_PAGE]):
            row = self.row_rect(slot)
            top = row.centery - px(30)
            load = Button(
                (row.right - px(380), top, px(180), px(60)),
                t("load.watch") if self.is_record(info) else t("load.load"),
                partial(self.load, info),
                style="primary",
            )
            load.enabled = info.error is None
            if info.error is not None:
                load.tooltip = t("load.details", reason=info.error)
            delete = Button(
                (row.right - px(186), top, px(170), px(60)),
                t("load.delete"),
                partial(self.ask_delete, info),
                style="danger",
            )
            self.widgets += [load, delete]
            playing = info.current_seat
            if info.error is None and not info.finished and 0 <= playing < len(info.seats):
                name = self._names[info.path][playing]
                self.widgets.append(Note(self.seat_area(row, info, playing), t("load.to_play", name=name)))
        back = pygame.Rect(0, 0, px(260), px(68))
        back.bottomleft = (panel.x, self.stage.point(0, BOTTOM)[1])
        self.widgets.append(Button(back, t("common.back"), self.back, style="primary"))

    def seat_area(self, row: pygame.Rect, info: SaveInfo, seat: int) -> pygame.Rect:
        """Where seat ``seat`` of ``info`` is shown in ``row``: its marker, name and total."""
        x0, width = row.x + px(SEATS_X), row.w - px(SEATS_X + BUTTONS_W)
        step = min(px(200), width // max(1, len(info.seats)))
        return pygame.Rect(x0 + seat * step, row.y + px(8), step - px(12), row.h - px(16))

    def seat_names(self, info: SaveInfo) -> list[str]:
        """The seats' names as the row shows them, as the table and the scoring screen do
        (``seat_labels``): a name the game gave ("Expert AI", "Player 2") in the current
        language whatever language the save was made in, a typed one as it is, one the fonts
        cannot draw by its stand-in."""
        names = [str(entry.get("name") or "") for entry in info.seats]
        kinds = [str(entry.get("kind") or "") for entry in info.seats]
        return seat_labels(self.app.assets, names, kinds)

    def name_width(self, info: SaveInfo) -> int:
        """Real pixels the save's name may take: up to the seats, or to the status column
        when a note (restored from backup, refused) stands there beside it (tester8 saw
        "Unfinished 2026-11-26…" lose its time, two saves looking the same). The volcano
        note follows the save's time on the line below."""
        noted = info.from_backup or info.error is not None
        return px(NAME_W if noted else SEATS_X - 40)

    def display_name(self, info: SaveInfo) -> str:
        """The save's name as shown (``save_title``: the autosave has a friendly name)."""
        if self.is_record(info):
            return t("load.record_name", code=info.name)
        return save_title(info.path, info.view)

    def is_record(self, info: SaveInfo) -> bool:
        """Whether the row is a finished game's record (watched, not loaded)."""
        return info.path.parent == self._records

    def load(self, info: SaveInfo) -> None:
        """Open the save, or watch the record (a failure is shown as a notice)."""
        if self.is_record(info):
            open_replay(self.app, info.path)
        else:
            open_save(self.app, info.path, backup_fallback=True)

    def ask_delete(self, info: SaveInfo) -> None:
        """Confirm, then delete the save and its backup."""
        name = self.display_name(info)
        self.app.open(
            routes.Confirm(
                t("load.delete_record_confirm" if self.is_record(info) else "load.delete_confirm", name=name),
                lambda: self.delete(info),
                danger=True,
                yes=t("load.delete"),
                no=t("common.cancel"),
            )
        )

    def delete(self, info: SaveInfo) -> None:
        """Delete without asking (the dialog asked)."""
        try:
            delete_save(info.path)
        except (OSError, ValueError) as error:
            reason = problem_text(error, details=True)
            self.app.notify(t("load.delete_failed", name=self.display_name(info), reason=reason))
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
        theme.draw_title(self.app, surface, t("load.title"), self.stage.screen_y(40))
        self.draw_widgets(surface, 0, 1)
        panel = self.list_rect()
        if not self.saves:
            font = self.app.assets.font(theme.BODY_SIZE)
            font.align = pygame.FONT_CENTER
            text = theme.render_text(font, t("load.empty"), theme.SAND, panel.w - px(2 * 28))
            font.align = pygame.FONT_LEFT
            surface.blit(text, text.get_rect(center=panel.center))
        for slot, info in enumerate(self.saves[self.first : self.first + PER_PAGE]):
            self._draw_row(surface, self.row_rect(slot), info)
        if len(self.saves) > PER_PAGE:
            small = self.app.assets.font(theme.SMALL_SIZE)
            shown = f"{self.first + 1}–{min(self.first + PER_PAGE, len(self.saves))} / {len(self.saves)}"
            theme.draw_text(
                surface,
                small,
                shown,
                (panel.right - px(28), panel.y + px(40)),
                theme.MUTED,
                anchor="midright",
            )
        self.draw_widgets(surface, 1)
        self.tooltip.draw(surface, self.app)

    def _draw_row(self, surface: pygame.Surface, row: pygame.Rect, info: SaveInfo) -> None:
        hot = self.app.top is self and row.collidepoint(self.app.mouse_pos)
        radius = px(14)
        pygame.draw.rect(surface, theme.PANEL_HOVER if hot else theme.PANEL_LIGHT, row, border_radius=radius)
        pygame.draw.rect(surface, theme.GOLD if hot else theme.GOLD_DARK, row, px(2), border_radius=radius)
        bold = self.app.assets.font(theme.BODY_SIZE + 2, "bold")
        small = self.app.assets.font(theme.SMALL_SIZE)
        name_w, status_w = px(NAME_W), px(SEATS_X - STATUS_X - 16)
        left, status_x = row.x + px(24), row.x + px(STATUS_X)

        def text(
            font: pygame.font.Font, line: str, pos: tuple[int, int], color: pygame.Color, width: int
        ) -> None:
            theme.draw_text(surface, font, theme.fit_text(font, line, width), pos, color)

        title = self.display_name(info)
        title_w = self.name_width(info)
        title_font = theme.fit_font(self.app, theme.BODY_SIZE + 2, title, title_w, "bold")
        text(title_font, title, (left, row.y + px(18)), theme.CREAM, title_w)
        when = theme.fit_text(small, friendly_time(info.saved_at), name_w)
        dated = theme.draw_text(surface, small, when, (left, row.y + px(64)), theme.MUTED)
        if info.variant == "volcano" and info.error is None:
            room = status_x - px(12) - dated.right
            text(small, f"· {t('variant.volcano')}", (dated.right + px(8), row.y + px(64)), theme.CACAO, room)
        if info.error is not None:
            warn = self.app.assets.font(theme.SMALL_SIZE, "bold")
            theme.draw_text(
                surface,
                warn,
                t("load.refused", reason=t(f"problem.{info.problem or 'invalid'}")),
                (status_x, row.centery),
                theme.PROBLEM,
                anchor="midleft",
                width=row.w - px(STATUS_X + BUTTONS_W + 20),
            )
            return
        status = t("load.finished") if info.finished else t("load.turn", turn=info.turn)
        text(small, status, (status_x, row.y + px(64)), theme.SAND, status_w)
        if info.from_backup:
            text(small, t("load.from_backup"), (status_x, row.y + px(22)), pygame.Color("#F0B46C"), status_w)
        names = self._names[info.path]
        for seat, entry in enumerate(info.seats):
            area = self.seat_area(row, info, seat)
            x, step = area.x, area.w + px(12)
            color = entry.get("color", "red")
            theme.draw_seat_marker(self.app, surface, color, (x + px(18), row.centery), px(15))
            playing = seat == info.current_seat
            room = step - px(56)
            text(
                theme.fit_font(self.app, theme.SMALL_SIZE, names[seat], room, smallest=0.8),
                names[seat],
                (x + px(42), row.y + px(24)),
                theme.GOLD if playing else theme.CREAM,
                room,
            )
            total = info.totals[seat] if seat < len(info.totals) else "–"
            text(bold, str(total), (x + px(42), row.y + px(52)), theme.GOLD, step - px(56))
            if playing:
                under = row.bottom - px(12)
                pygame.draw.line(surface, theme.GOLD, (x + px(42), under), (x + step - px(20), under), px(3))
