"""Help: every key from the current bindings plus a rules summary (seeds/RULES.md).

The rules column holds the summary, an overview of the jungle tiles (picture, count and action
of each, as on the rulebook's overview sheet) and the rulings this game made where the
rulebooks are silent. ``HelpOverlay`` opens over any scene with F1 (closed by F1 or Esc);
``RulesScene`` is the same page as a full screen from the menu. The scene below may add
sections (``Scene.help_topics``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cacao_game.app import theme
from cacao_game.app.intents import display_name
from cacao_game.app.keycaps import Cap, KeyCaps, draw_caps
from cacao_game.app.scale import px
from cacao_game.app.scenes.base import WidgetScene
from cacao_game.app.strings import RULES_SECTIONS, language, t
from cacao_game.app.tile_words import jungle_action, jungle_name, rules_text
from cacao_game.app.widgets import Button
from cacao_game.engine.tiles import JUNGLE_CODES, START_TILES, jungle_deck

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell

PANEL = (110, 60, 1700, 960)
KEYS_W = 640
ROW_H = 33
SCROLL_STEP = 60
TILE_ICON = 64
"""Design pixels: the page, its keys column, a key row (at most), one scroll step and a tile's
picture in the overview."""

TileRow = tuple[str, str, str, str]
"""One line of the tile overview: the tile's code, name, count and action, in words."""


def tile_count(code: str) -> str:
    """How many tiles of ``code`` a game uses, start tiles included ("×6 (2 players: ×4)")."""
    variant = "volcano" if code == "volcano" else "base"
    start = sum(1 for _pos, start_code in START_TILES if start_code == code)
    most, two = (jungle_deck(players, variant)[code] + start for players in (4, 2))
    return t("rules.tiles.count", n=most) if most == two else t("rules.tiles.count_two", n=most, two=two)


def tile_rows() -> tuple[TileRow, ...]:
    """The tile overview, in the engine's order of the jungle tiles."""
    return tuple((code, jungle_name(code), tile_count(code), jungle_action(code)) for code in JUNGLE_CODES)


class HelpOverlay(WidgetScene):
    """The F1 page over the current scene; the mouse wheel scrolls the rules column."""

    transparent = True
    modal = True
    is_help = True
    title_key = "help.title"
    """The page's title: the name of the button or key that opened it (F1 and the pause
    menu's Help: "Help"; the menu's Rules button: "Rules")."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.scroll = 0
        """How far the rules column is scrolled, in real pixels."""
        self._rules_key: object = None
        """What the cached rules image was rendered from."""
        self._rules_image = pygame.Surface((1, 1))

    # ------------------------------------------------------------------ layout

    def panel(self) -> pygame.Rect:
        """The page."""
        return self.stage.rect(*PANEL)

    def keys_area(self) -> pygame.Rect:
        """The keys column (heading included)."""
        panel = self.panel()
        return pygame.Rect(panel.x + px(40), panel.y + px(110), px(KEYS_W), panel.h - px(210))

    def rules_area(self) -> pygame.Rect:
        """The rules column (heading included)."""
        panel = self.panel()
        x = panel.x + px(KEYS_W + 90)
        return pygame.Rect(x, panel.y + px(110), panel.right - px(40) - x, panel.h - px(210))

    def rules_body(self) -> pygame.Rect:
        """The scrolled part of the rules column, below its heading."""
        return self.rules_area().inflate(0, -px(52)).move(0, px(26))

    @property
    def view_height(self) -> int:
        """The height of the visible part of the rules text."""
        return self.rules_body().h

    @property
    def content_height(self) -> int:
        """The height of the whole rules text."""
        return self.rules_image().get_height()

    def build(self) -> None:
        panel = self.panel()
        close = pygame.Rect(0, 0, px(220), px(60))
        close.bottomright = (panel.right - px(32), panel.bottom - px(24))
        self.widgets = [Button(close, t("common.close"), self.back, style="primary")]

    def relayout(self) -> None:
        super().relayout()
        self.scroll_by(0)

    def sections(self) -> list[tuple[str, str]]:
        """(title, text) sections of the rules column: the scene's own first, then the rules."""
        below = next((s for s in reversed(self.app.stack) if s is not self and not s.transparent), None)
        own = below.help_topics() if below is not None else []
        return [*own, (t("help.mouse_title"), t("help.mouse"))] + [
            (t(f"rules.{key}.title"), rules_text(key)) for key in RULES_SECTIONS
        ]

    def rulings(self) -> tuple[str, str]:
        """The last section: the rulings where the rulebooks are silent (seeds/RULES.md)."""
        return t("rules.rulings.title"), rules_text("rulings")

    def scroll_by(self, pixels: int) -> None:
        """Scroll the rules column by ``pixels`` real pixels, kept within its content."""
        most = max(0, self.content_height - self.view_height)
        self.scroll = max(0, min(self.scroll + pixels, most))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * px(SCROLL_STEP))
            return True
        intents = self.app.intents.of(event)
        if "pan_down" in intents or "pan_up" in intents:
            self.scroll_by(px(SCROLL_STEP) if "pan_down" in intents else -px(SCROLL_STEP))
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ drawing

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.dim(surface, 170)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        panel = self.panel()
        theme.draw_panel(surface, panel, border=theme.GOLD, alpha=245)
        title = self.app.assets.font(56, "black")
        theme.draw_text(
            surface, title, t(self.title_key), (panel.centerx, panel.y + px(24)), theme.GOLD, anchor="midtop"
        )
        self._draw_keys(surface, self.keys_area())
        self._draw_rules(surface, self.rules_area())
        close = self.widgets[0].rect if self.widgets else panel
        hint_width = close.x - px(24) - (panel.x + px(40))
        hint = theme.fit_font(self.app, theme.SMALL_SIZE, t("help.close"), hint_width)
        theme.draw_text(
            surface,
            hint,
            theme.fit_text(hint, t("help.close"), hint_width),
            (panel.x + px(40), panel.bottom - px(54)),
            theme.MUTED,
            anchor="midleft",
        )
        self.draw_widgets(surface)

    def _draw_heading(self, surface: pygame.Surface, text: str, area: pygame.Rect) -> None:
        heading = self.app.assets.font(theme.HEADING_SIZE - 8, "bold")
        theme.draw_text(surface, heading, theme.fit_text(heading, text, area.w), area.topleft, theme.GOLD)

    def key_rows(self, area: pygame.Rect) -> list[tuple[str, pygame.Rect, list[Cap]]]:
        """Each action of the keys column with its row and its key caps (right-aligned,
        ``keycaps.KeyCaps``: whole labels with room above and below)."""
        bindings = self.app.intents.bindings
        top = area.y + px(52)
        row_h = min(px(ROW_H), (area.bottom - top) // max(1, len(bindings)))
        caps = KeyCaps.fitting(self.app.assets, row_h - px(4), theme.SMALL_SIZE - 1, theme.SMALLEST_SIZE)
        rows = []
        for i, intent in enumerate(bindings):
            row = pygame.Rect(area.x, top + i * row_h, area.w, row_h - px(4))
            names = [display_name(key) for key in bindings[intent]]
            rows.append((intent, row, caps.row(names, row, row.right - px(6), rightward=False)))
        return rows

    def _draw_keys(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        self._draw_heading(surface, t("help.keys"), area)
        font = self.app.assets.font(theme.SMALL_SIZE + 1)
        for i, (intent, row, caps) in enumerate(self.key_rows(area)):
            if i % 2 == 0:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, row, border_radius=px(8))
            draw_caps(surface, caps)
            x = caps[0][0].left if caps else row.right
            name = theme.fit_text(font, t(f"intent.{intent}"), x - row.x - px(22))
            theme.draw_text(surface, font, name, (row.x + px(14), row.centery), theme.CREAM, anchor="midleft")

    def rules_image(self) -> pygame.Surface:
        """The rules column rendered into one tall surface at the body's width: the sections,
        the tile overview, then the rulings (cached: rendered again only when the sections, the
        language, the width or the scale change; the overview and the rulings depend on the
        language alone)."""
        sections = tuple(self.sections())
        width = self.rules_body().w
        key = (sections, language(), width, self.app.scale.factor)
        if self._rules_key != key:
            blocks = [block for title, text in sections for block in self._section_blocks(title, text, width)]
            blocks += self._section_blocks(t("rules.tiles.title"), "", width)
            blocks += [self._tile_block(row, width) for row in tile_rows()]
            blocks[-1] = (blocks[-1][0], px(24))
            blocks += self._section_blocks(*self.rulings(), width)
            layer = pygame.Surface(
                (width, max(1, sum(b.get_height() + gap for b, gap in blocks))), pygame.SRCALPHA
            )
            y = 0
            for block, gap in blocks:
                layer.blit(block, (0, y))
                y += block.get_height() + gap
            self._rules_key, self._rules_image = key, layer
        return self._rules_image

    def _section_blocks(self, title: str, text: str, width: int) -> list[tuple[pygame.Surface, int]]:
        """A section's title and its wrapped text (none if ``text`` is empty), each with the gap
        below it."""
        sub = self.app.assets.font(theme.BODY_SIZE - 2, "bold")
        sub.align = pygame.FONT_LEFT
        blocks = [(sub.render(title, True, theme.SAND, None, width), px(6) if text else px(12))]
        if text:
            font = self.app.assets.font(theme.SMALL_SIZE + 1)
            font.align = pygame.FONT_LEFT
            blocks.append((font.render(text, True, theme.CREAM, None, width - px(10)), px(22)))
        return blocks

    def _tile_block(self, row: TileRow, width: int) -> tuple[pygame.Surface, int]:
        """One line of the tile overview: the picture, then the name and count over the action."""
        code, name, count, action = row
        size = px(TILE_ICON)
        text_x = size + px(16)
        text_w = max(1, width - text_x - px(10))
        bold = self.app.assets.font(theme.SMALL_SIZE + 1, "bold")
        font = self.app.assets.font(theme.SMALL_SIZE)
        font.align = pygame.FONT_LEFT
        heading = theme.render_text(bold, theme.fit_text(bold, f"{name}  {count}", text_w), theme.GOLD)
        body = font.render(action, True, theme.CREAM, None, text_w)
        height = max(size, heading.get_height() + px(2) + body.get_height())
        block = pygame.Surface((width, height), pygame.SRCALPHA)
        block.blit(self.app.assets.jungle_tile(code, size), (0, 0))
        block.blit(heading, (text_x, 0))
        block.blit(body, (text_x, heading.get_height() + px(2)))
        return block, px(12)

    def _draw_rules(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        self._draw_heading(surface, t("help.rules"), area)
        body = self.rules_body()
        text = self.rules_image()
        surface.blit(text, body.topleft, pygame.Rect(0, self.scroll, body.w, body.h))
        if text.get_height() > body.h:
            track = pygame.Rect(area.right + px(14), body.y, px(6), body.h)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=track.w // 2)
            size = max(px(40), body.h * body.h // text.get_height())
            pos = (body.h - size) * self.scroll // max(1, text.get_height() - body.h)
            thumb = pygame.Rect(track.x, track.y + pos, track.w, size)
            pygame.draw.rect(surface, theme.GOLD_DARK, thumb, border_radius=track.w // 2)


class RulesScene(HelpOverlay):
    """The help page as its own screen (from the menu's Rules button), titled as that button."""

    transparent = False
    modal = False
    title_key = "menu.rules"

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.draw_backdrop(self.app, surface, 70)
