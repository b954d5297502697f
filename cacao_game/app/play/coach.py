"""The tutorial's face on the table: the lesson panel and what it points at.

``CoachPanel`` draws the current lesson of a ``TutorialSession`` where the third and fourth
seat panels and the list of tiles to come would be (the tutorial has two seats): chapter,
text, the reason of a wrong try, and the buttons Show me, Next and Start over. It outlines
what the step looks at (squares, a hand or display tile, a part of a seat panel, the row to
choose, the temples overview, the pile) and, once the answer is asked for or a try was
wrong, the expected tile on its square. The lessons themselves live in ``cacao_game.tutorial``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from cacao_game.app import routes, theme, widgets
from cacao_game.app.play.board import inner_rect
from cacao_game.app.play.frame import Box, LessonView, SeatView
from cacao_game.app.play.hud import seat_tips
from cacao_game.app.scale import px
from cacao_game.app.strings import t
from cacao_game.app.tile_words import jungle_phrase
from cacao_game.engine import Fill, Overbuild, Phase, Place
from cacao_game.tutorial.script import COACH_SEAT, PLAYER, Look, Step
from cacao_game.tutorial.session import TutorialSession

if TYPE_CHECKING:
    from cacao_game.app.play.host import PanelHost

PANEL_PARTS = {"gold": 0, "cacao": 1, "sun": 2, "water": 4}
"""A seat panel part -> its index in ``hud.seat_tips`` (the same rectangles as the tooltips)."""
BUTTON_H = 54
PAD = 22
"""Design pixels: the buttons' height and the panel's inner margin."""
MARK = pygame.Color("#5FE3F0")
MARK_LIGHT = pygame.Color("#E6FDFF")
"""What a step points at pulses between these: a cool colour, apart from the gold of the
selection and the legal squares."""
WRONG = pygame.Color("#F0A070")
TEXT_SIZES = (19, 18, 17, 16, 15)
"""Design pixel sizes the lesson text may take, largest first (it shrinks to fit)."""
SAMPLE = 62
"""Design pixels of the expected tile's picture in the panel."""


class CoachPanel:
    """The lesson panel of ``scene``, whose source is a ``TutorialSession``."""

    def __init__(self, scene: PanelHost, session: TutorialSession) -> None:
        self.scene = scene
        self.session = session
        self._shown_step = -1
        self._shown_at = -1

    # ----------------------------------------------------------------- geometry

    def rect(self) -> pygame.Rect:
        """The panel: the room of seat panels 3 and 4 and of the tiles to come."""
        hud = self.scene.hud
        return hud.a("panel_seat2").union(hud.a("panel_seat3")).union(hud.a("remaining"))

    def buttons(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons on offer now, by name (``show``, ``next``, ``restart``)."""
        r = self.rect()
        found: list[tuple[str, pygame.Rect]] = []
        game = self.session.game
        coach = self.session.coach
        width = (r.w - 3 * px(PAD)) // 2
        bottom = r.bottom - px(PAD) - px(BUTTON_H)
        step = coach.current(game)
        if (
            step is not None
            and step.move
            and coach.move_step(game) is not None
            and self.scene.accepts_board_input()
        ):
            found.append(("show", pygame.Rect(r.x + px(PAD), bottom, width, px(BUTTON_H))))
        if coach.can_go_on(game) and not self.scene.timeline.busy:
            found.append(("next", pygame.Rect(r.right - px(PAD) - width, bottom, width, px(BUTTON_H))))
        restart = pygame.Rect(0, 0, px(150), px(34))
        restart.topright = (r.right - px(10), r.y + px(8))
        found.append(("restart", restart))
        return found

    # ----------------------------------------------------------------- input

    def view(self, seats: Sequence[SeatView]) -> LessonView:
        """The panel as the frame carries it: its area, its buttons, whether Enter is Next,
        its words, the tile it shows, what it points at (a seat panel's part as ``seats``, the
        frame's, draw it) and the answer's tiles."""
        r = self.rect()
        title, text, lesson = self.words()
        mistake = self.mistake_text() if lesson else None
        buttons = self.buttons()
        number, count = self.session.coach.chapter(self.session.game)
        sample = self._sample() if lesson and not any(name == "next" for name, _rect in buttons) else None
        step = self.step()
        made = len(self.session.game.actions)
        pointing = step if step is not None and not self.scene.timeline.busy and made >= step.at else None
        intents = self.scene.app.intents
        return LessonView(
            _box(r),
            tuple((name, _box(b)) for name, b in buttons),
            self.wants_confirm(),
            number_line=t("tutorial.lesson", number=number, count=count),
            title=title,
            text=text,
            size=self.text_size(title, text, mistake) or TEXT_SIZES[-1],
            mistake=mistake,
            sample=sample,
            looks=self._look_boxes(pointing, seats) if pointing is not None else (),
            answer=self._answer(pointing) if pointing is not None else (),
            captions={"next": intents.label("confirm"), "show": intents.label("hint")},
        )

    def click(self, point: tuple[int, int]) -> bool:
        """A click at ``point``: True if it hit the panel (a button acts)."""
        for name, rect in self.buttons():
            if rect.collidepoint(point):
                self.press(name)
                return True
        return self.rect().collidepoint(point)

    def press(self, name: str) -> None:
        """Carry out button ``name``."""
        if name == "next":
            if self.session.next_step():
                self.scene.app.assets.play("click", 0.4)
        elif name == "show":
            self.scene.show(self.session.show_answer())
            self.scene.app.notify(t("tutorial.answer_shown"))
        elif name == "restart":
            self.scene.app.open(routes.Confirm(t("tutorial.restart_confirm"), self.scene.restart_tutorial))

    def wants_confirm(self) -> bool:
        """Whether Enter should mean Next: a note waits for it. Enter then only turns the
        page, even with a tile laid on the board (the Confirm button still confirms it)."""
        return self.session.coach.can_go_on(self.session.game)

    # ----------------------------------------------------------------- frames

    def update(self) -> None:
        """A new step brings what it looks at into view."""
        index = self.session.coach.index(self.session.game)
        made = len(self.session.game.actions)
        if (index, made) == (self._shown_step, self._shown_at) or self.scene.timeline.busy:
            return
        self._shown_step, self._shown_at = index, made
        step = self.step()
        if step is None or made < step.at:
            return
        for look in step.looks:
            if look.kind == "square" and look.pos is not None:
                self.scene.camera.ensure_visible(look.pos)

    def step(self) -> Step | None:
        """The lesson step on now, None once finished."""
        return self.session.coach.current(self.session.game)

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface, view: LessonView) -> None:
        """The panel of the frame's ``view``: header, chapter, text, a wrong try's reason, the
        expected tile, buttons."""
        p = self.scene.painter
        r = pygame.Rect(view.box)
        theme.draw_panel(surface, r, alpha=240, border=theme.GOLD)
        with theme.within(r):
            x, width = r.x + px(PAD), r.w - 2 * px(PAD)
            p.text(surface, view.number_line, (x, r.y + px(14)), theme.SMALLEST_SIZE, "bold", theme.MUTED)
            y = p.text(surface, view.title, (x, r.y + px(40)), 27, "black", theme.GOLD, width=width).bottom
            y = p.text(
                surface, view.text, (x, y + px(10)), view.size, "regular", theme.CREAM, width=width
            ).bottom
            if view.mistake is not None:
                self._draw_mistake(surface, view.mistake, (x, y + px(14)), width, view.size - 1)
            if view.sample is not None:
                self._draw_sample(surface, r, view.sample)
        for name, box in view.buttons:
            self._draw_button(surface, name, pygame.Rect(box), view.captions.get(name, ""))

    def words(self) -> tuple[str, str, bool]:
        """The panel's title and text now, and whether they are the lesson's own (not a
        "watch Coco" or "well done" while a move is shown, nor the final scoring while the
        temples are scored: a trial read "Coco's turn, Coco is playing" under "Game over")."""
        game = self.session.game
        step = self.step()
        if self.scene.timeline.busy and game.actions:
            if game.is_over():
                return t("play.game_over"), t("play.final_scoring"), False
            if self.scene.current_seat() == PLAYER:
                return t("tutorial.well_done.title"), t("tutorial.well_done"), False
            return t("tutorial.watch.title"), t("tutorial.watch"), False
        if step is None or self.session.coach.watching(game):
            return t("tutorial.watch.title"), t("tutorial.watch"), False
        return t(f"tutorial.chapter.{step.chapter}"), self._text(step), True

    def _text(self, step: Step) -> str:
        totals = self.session.score_totals()
        return t(f"tutorial.step.{step.key}", you=totals[0], coco=totals[COACH_SEAT])

    def mistake_text(self) -> str | None:
        """The reason of the last wrong try, in words (None if there is none)."""
        mistake = self.session.coach.mistake
        if mistake is None:
            return None
        name = ""
        if mistake.code:
            name = t(f"tile.{mistake.code}") if mistake.code.isdigit() else jungle_phrase(mistake.code)
        reason = t(mistake.reason, tile=name)
        why = t(f"tutorial.why.{mistake.step}") if mistake.reason != "tutorial.wrong.wait" else ""
        return f"{reason} {why}".strip()

    def text_size(self, title: str, text: str, mistake: str | None) -> int | None:
        """The largest of ``TEXT_SIZES`` at which the title, the text and the mistake fit above
        the buttons (None if even the smallest does not: long translations shrink first)."""
        r = self.rect()
        p = self.scene.painter
        width = r.w - 2 * px(PAD)
        room = r.bottom - px(PAD) - px(BUTTON_H) - px(10) - (r.y + px(40))
        used = p.text_image(title, 27, "black", theme.GOLD, width).get_height() + px(10)
        for size in TEXT_SIZES:
            height = used + p.text_image(text, size, "regular", theme.CREAM, width).get_height()
            if mistake is not None:
                box = p.text_image(mistake, size - 1, "bold", WRONG, width - px(24)).get_height()
                height += px(14) + box + px(16)
            if height <= room:
                return size
        return None

    def _draw_mistake(
        self, surface: pygame.Surface, text: str, at: tuple[int, int], width: int, size: int
    ) -> None:
        """The reason of the last wrong try, in a box."""
        p = self.scene.painter
        image = p.text_image(text, size, "bold", WRONG, width - px(24))
        box = pygame.Rect(at[0], at[1], width, image.get_height() + px(16))
        p.box(surface, box, theme.INK, 235, px(10))
        pygame.draw.rect(surface, WRONG, box, px(2), border_radius=px(10))
        with theme.within(box):
            p.text(surface, text, (box.x + px(12), box.y + px(8)), size, "bold", WRONG, width=width - px(24))

    def _sample(self) -> tuple[str, int] | None:
        """Once the answer shows: the expected tile and its quarter turns, drawn beside "Like
        this" in the panel's bottom right corner (on the board a provisional tile may hide its
        outline); None while it does not."""
        coach = self.session.coach
        step = self.step()
        answer = coach.answer(self.session.game)
        if step is None or answer is None or answer.placement is None:
            return None
        if not (step.ghost or coach.revealed) or not self.scene.accepts_board_input():
            return None
        return answer.placement.tile, answer.placement.rotation

    def _draw_sample(self, surface: pygame.Surface, r: pygame.Rect, sample: tuple[str, int]) -> None:
        """The expected tile ``sample`` turned as it must lie, beside "Like this", in the bottom
        right corner of the panel ``r``."""
        size = px(SAMPLE)
        spot = pygame.Rect(0, 0, size, size)
        spot.midright = (r.right - px(PAD), r.bottom - px(PAD) - px(BUTTON_H) // 2)
        surface.blit(self.scene.art.worker(self.scene.colors[PLAYER], sample[0], size, sample[1]), spot)
        self.scene.painter.text(surface, t("tutorial.like_this"), (spot.x - px(12), spot.centery), 19, "bold",
                                theme.SAND, "midright")  # fmt: skip

    def _draw_button(self, surface: pygame.Surface, name: str, rect: pygame.Rect, caption: str) -> None:
        if name == "restart":
            widget = widgets.Button(rect, t("tutorial.restart"), lambda: None, style="ghost", font_size=20)
        else:
            key = "tutorial.next" if name == "next" else "tutorial.show"
            style = "primary" if name == "next" else "secondary"
            widget = widgets.Button(rect, t(key), lambda: None, style=style, font_size=22, caption=caption)
        widget.draw(surface, self.scene.app)

    def draw_looks(self, surface: pygame.Surface, view: LessonView, now: float) -> None:
        """The answer's tiles translucent on their squares, and what the step looks at
        outlined, pulsing (``now``: the table's clock)."""
        clip = surface.get_clip()
        surface.set_clip(self.scene.camera.viewport)
        for action in view.answer:
            self.scene.board.draw_action(surface, action, alpha=120)
        surface.set_clip(clip)
        pulse = 0.5 + 0.5 * math.sin(now * 5)
        color = theme.lerp_color(MARK, MARK_LIGHT, pulse)
        width = px(4) + round(px(2) * pulse)
        for box, on_board in view.looks:
            if on_board:
                surface.set_clip(self.scene.camera.viewport)
            pygame.draw.rect(surface, color, box, width, border_radius=px(10))
            surface.set_clip(clip)

    def _look_boxes(self, step: Step, seats: Sequence[SeatView]) -> tuple[tuple[Box, bool], ...]:
        """Where what ``step`` looks at is on screen now, each with whether it lies on the
        board (``LessonView.looks``)."""
        found = []
        for look in self.looks(step):
            rect = self.look_rect(look, seats)
            if rect is not None:
                found.append((_box(rect), look.kind == "square"))
        return tuple(found)

    def looks(self, step: Step) -> list[Look]:
        """What ``step`` points at: its own looks, and the hand tile of a placement to make,
        selected or not (the lessons call it the highlighted tile; a trial found lesson 6's
        selected tile without the outline its text spoke of)."""
        looks = list(step.looks)
        answer = self.session.coach.answer(self.session.game) if step.move else None
        if (
            answer is not None
            and answer.placement is not None
            and answer.placement.tile in self.scene.turn.hand()
        ):
            looks.append(Look("hand", code=answer.placement.tile))
        return looks

    def look_rect(self, look: Look, seats: Sequence[SeatView] | None = None) -> pygame.Rect | None:
        """Where ``look`` is on screen now, None if it is not shown (a seat panel's part as
        ``seats`` draw it, by default the frame's)."""
        scene = self.scene
        hud = scene.hud
        if look.kind == "square" and look.pos is not None:
            return pygame.Rect(inner_rect(scene, look.pos)).inflate(px(10), px(10))
        if look.kind == "hand":
            seat = scene.hand_seat()
            hand = scene.shown.hands[seat] if seat is not None else []
            if look.code not in hand or not scene.accepts_board_input():
                return None
            slots = hud.hand_slots(len(hand))
            selected = scene.turn.hand_index if scene.turn.phase is Phase.PLACE else -1
            index = hand.index(look.code)
            lifted = slots[index].move(0, -px(10)) if index == selected else slots[index]
            return lifted.inflate(px(18), px(18))
        if look.kind == "display":
            free = scene.turn.free_tiles() if scene.accepts_board_input() else list(scene.shown.display)
            if look.code not in free:
                return None
            return hud.display_slots()[list(scene.shown.display).index(look.code)].inflate(px(16), px(16))
        if look.kind == "panel":
            if not look.part:
                return hud.panel_rect(look.seat).inflate(px(8), px(8))
            views = scene.frame.seats if seats is None else seats
            box = seat_tips(hud, views[look.seat], [])[PANEL_PARTS[look.part]].box
            return pygame.Rect(box).inflate(px(4), px(4))
        if look.kind == "choice":
            choice = self.session.expected_choice()
            if choice is None or not scene.accepts_board_input():
                return None
            return hud.popup_buttons(scene.turn.outcomes())[choice].rect.inflate(px(10), px(10))
        if look.kind == "temples":
            panel = scene.board.temples_panel()
            return panel.inflate(px(8), px(8)) if panel is not None else None
        if look.kind == "pile":
            return hud.a("jungle_pile").inflate(-px(6), -px(6))
        return None

    def _answer(self, step: Step) -> tuple[Place | Overbuild | Fill, ...]:
        """The expected tiles drawn translucent on their squares (a placement not yet made, or
        the spaces' tiles not yet given), once the answer is shown or the step shows it."""
        scene = self.scene
        coach = self.session.coach
        if not (step.ghost or coach.revealed) or not scene.accepts_board_input():
            return ()
        answer = coach.answer(self.session.game)
        if answer is None:
            return ()
        provisional = scene.turn.provisional
        placement = answer.placement
        shown: list[Place | Overbuild | Fill] = []
        if placement is not None and (provisional is None or provisional.pos != placement.pos):
            shown.append(placement)
        given = scene.turn.assignments()
        shown += [fill for fill in answer.fills if fill.pos not in given]
        return tuple(shown)


def _box(rect: pygame.Rect) -> Box:
    """``rect`` as the frame's plain ``(x, y, w, h)``."""
    return (rect.x, rect.y, rect.w, rect.h)
