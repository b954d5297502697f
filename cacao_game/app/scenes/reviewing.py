"""The review of a finished game being made: a progress bar over the scores, and Cancel.

``ReviewingOverlay(app, game, config)`` sends the game to an AI worker process
(``ReviewRequest``; ``cacao_game.ai.review``) and shows how many decisions are done. When the
review is ready the overlay closes and the table opens on a ``ReviewSession``, which steps
through the game with the coach's panel. Cancel (or Esc) stops the worker at once; nothing
is kept. The seats reviewed are the humans', or every seat in a game of computers only.

A finished review is remembered for the run (``REVIEWS``: by the game's setup and moves,
the seats and the re-deals per decision), so opening the same game's review again opens it
at once, identical, without asking the worker (a playtest waited for it a second time).
"""

from __future__ import annotations

import hashlib
import logging
import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

import pygame

from cacao_game.ai.review import REVIEW_SECONDS, GameReview, review_iterations
from cacao_game.app import routes, theme
from cacao_game.app.play.ai_link import default_ai
from cacao_game.app.play.ai_worker import (
    AIClient,
    ReviewCancel,
    ReviewDone,
    ReviewProgress,
    ReviewRequest,
    WorkerRestarted,
)
from cacao_game.app.scale import px
from cacao_game.app.scenes.base import DialogScene
from cacao_game.app.shown_names import seat_labels
from cacao_game.app.strings import joined, t
from cacao_game.app.widgets import Button
from cacao_game.config.game import GameConfig
from cacao_game.records import PlayedBy, seat_entries, stood_in, to_record
from cacao_game.session.autosave import one_line
from cacao_game.session.review import ReviewSession

if TYPE_CHECKING:
    from cacao_game.app.scene import Shell
    from cacao_game.engine import Game

log = logging.getLogger(__name__)

DIALOG_W, DIALOG_H = 900, 420
BAR_H = 34
"""Design pixels of the dialog and of its progress bar."""
REVIEW_ID = 1
ESTIMATE_AFTER = 2
"""Decisions reviewed before the dialog estimates the time left (the first carries the
worker's start)."""
ESTIMATE_STEP = 5
"""Seconds the time left is rounded up to (it would otherwise tick every frame)."""
KEPT_REVIEWS = 8
"""Finished reviews remembered for the run (the oldest is forgotten first)."""

ReviewKey: TypeAlias = tuple[str, tuple[int, ...] | None, int]
"""A review's identity: the digest of the game (setup and moves), the seats, the re-deals."""

REVIEWS: OrderedDict[ReviewKey, GameReview] = OrderedDict()
"""The finished reviews of this run, the most recently used last."""


def review_key(
    game: Game, seats: tuple[int, ...] | None, redeals: int, standin: tuple[tuple[int, ...], ...] = ()
) -> ReviewKey:
    """What a review of ``game`` for ``seats`` with ``redeals`` re-deals, leaving out the
    decisions of ``standin`` (by turn), depends on."""
    digest = hashlib.sha256(repr((game.setup, tuple(game.actions), standin)).encode("utf-8")).hexdigest()
    return digest, seats, redeals


def remember_review(key: ReviewKey, review: GameReview) -> None:
    """Keep ``review`` for the run under ``key`` (at most ``KEPT_REVIEWS``)."""
    REVIEWS[key] = review
    REVIEWS.move_to_end(key)
    while len(REVIEWS) > KEPT_REVIEWS:
        REVIEWS.popitem(last=False)


def kept_review(key: ReviewKey) -> GameReview | None:
    """The review kept under ``key`` this run, or None."""
    review = REVIEWS.get(key)
    if review is not None:
        REVIEWS.move_to_end(key)
    return review


def reviewed_seats(config: GameConfig) -> tuple[int, ...] | None:
    """The humans' seats, or None (every seat) when only computers played."""
    humans = tuple(seat for seat, kind in enumerate(config.kinds) if kind == "human")
    return humans or None


class ReviewingOverlay(DialogScene):
    """Review ``game`` (played with ``config``) in the AI worker: ``iterations`` re-deals per
    decision (default ``review_iterations`` for its player count: the same review on every
    machine; ``seconds`` is about what that takes here); ``ai`` overrides the worker."""

    def __init__(
        self,
        app: Shell,
        game: Game,
        config: GameConfig,
        *,
        seconds: float = REVIEW_SECONDS,
        iterations: int | None = None,
        ai: AIClient | None = None,
        played_by: Sequence[PlayedBy] = (),
    ) -> None:
        super().__init__(app)
        self.game = game
        self.config = config
        self.played_by = played_by
        """Who played each turn: a stand-in's decisions are not reviewed, and the log says so."""
        self.seconds = seconds
        self.iterations = iterations
        self.ai = ai
        self.done = 0
        self.total: int | None = None
        """Decisions to review, once the worker has said."""
        self.elapsed = 0.0
        """Seconds of the app's clock since the review was asked for."""
        self.finished = False
        self._key: ReviewKey | None = None
        self._kept: GameReview | None = None
        """A review kept this run, found on entering: the first update opens it."""

    def redeals(self) -> int:
        """Re-deals per decision of this review."""
        return self.iterations if self.iterations is not None else review_iterations(self.game.players)

    def key(self) -> ReviewKey:
        """This review's identity (``review_key``; the game is digested once per overlay)."""
        if self._key is None:
            self._key = review_key(
                self.game, reviewed_seats(self.config), self.redeals(), stood_in(self.played_by)
            )
        return self._key

    def enter(self) -> None:
        """Start the worker and send it the game; a review kept this run opens at the
        first update instead, without a worker."""
        super().enter()
        self._kept = kept_review(self.key())
        if self._kept is not None:
            return
        if self.ai is None:
            self.ai = default_ai()
        game = self.game
        self.ai.request(
            ReviewRequest(
                REVIEW_ID,
                game.setup,
                tuple(game.actions),
                reviewed_seats(self.config),
                self.seconds,
                self.redeals(),
                standin=stood_in(self.played_by),
            )
        )

    def exit(self) -> None:
        """Stop the worker (a review not finished is dropped)."""
        if self.ai is not None:
            if not self.finished:
                self.ai.request(ReviewCancel(REVIEW_ID))
            self.ai.close()

    def build(self) -> None:
        panel = self.panel_rect()
        rect = pygame.Rect(0, 0, px(280), px(68))
        rect.midbottom = (panel.centerx, panel.bottom - px(30))
        self.widgets = [Button(rect, t("review.cancel"), self.back)]

    def panel_rect(self) -> pygame.Rect:
        """The dialog's box."""
        rect = pygame.Rect(0, 0, px(DIALOG_W), px(DIALOG_H))
        rect.center = self.app.screen.get_rect().center
        return rect

    def back(self) -> None:
        """Cancel: close the overlay (``exit`` stops the worker)."""
        self.app.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.elapsed += dt
        if self._kept is not None and not self.finished:
            self.finished = True
            self._done(ReviewDone(REVIEW_ID, self._kept))
            return
        if self.ai is None or self.finished:
            return
        for reply in self.ai.poll():
            if isinstance(reply, ReviewProgress) and reply.id == REVIEW_ID:
                self.done, self.total = reply.done, reply.total
            elif isinstance(reply, ReviewDone) and reply.id == REVIEW_ID:
                self.finished = True
                self._done(reply)
                return
            elif isinstance(reply, WorkerRestarted):  # the review goes on where it was
                said = "review.in_process" if reply.in_process else "review.restarted"
                self.app.notify(t(said, done=self.done, total=self.total))

    def _done(self, reply: ReviewDone) -> None:
        """Open the reviewed game on the table, or say why there is none."""
        self.app.pop()
        if reply.review is None:
            self.app.notify(t("review.failed", reason=reply.error or "?"))
            return
        try:
            session = self.session(reply.review)
        except ValueError as error:
            log.warning("review not shown: %s", error)
            self.app.notify(t("review.failed", reason=one_line(error)))
            return
        remember_review(self.key(), reply.review)
        self.app.open(routes.Table(session, review=session))

    def seconds_left(self) -> int | None:
        """The time the rest of the review should take, at the pace of the decisions done so
        far, rounded up to ``ESTIMATE_STEP`` seconds; None before ``ESTIMATE_AFTER`` of them
        (a trial waited 70 s with a counter alone)."""
        if not self.total or self.done < ESTIMATE_AFTER:
            return None
        left = self.elapsed * (self.total - self.done) / self.done
        return ESTIMATE_STEP * math.ceil(left / ESTIMATE_STEP)

    def session(self, review: GameReview) -> ReviewSession:
        """The table's source for ``review`` of this game (ValueError if they do not match)."""
        config = self.config
        record = to_record(self.game, seat_entries(config.kinds, config.colors), self.played_by)
        return ReviewSession(record, review, config)

    def draw_dialog(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        width = panel.w - px(96)
        heading = theme.fit_font(self.app, theme.HEADING_SIZE, t("review.title"), width, "bold")
        theme.draw_text(
            surface,
            heading,
            theme.fit_text(heading, t("review.title"), width),
            (panel.centerx, panel.y + px(30)),
            theme.GOLD,
            anchor="midtop",
        )
        small = self.app.assets.font(theme.SMALL_SIZE)
        names = seat_labels(self.app.assets, self.config.names, self.config.kinds)
        seats = reviewed_seats(self.config) or tuple(range(len(names)))
        body = t("review.body", names=joined([names[s] for s in seats]), n=self.redeals())
        small.align = pygame.FONT_CENTER
        image = theme.render_text(small, body, theme.CREAM, width)
        small.align = pygame.FONT_LEFT
        surface.blit(image, image.get_rect(midtop=(panel.centerx, panel.y + px(100))))
        theme.note_text(surface, body, image.get_rect(midtop=(panel.centerx, panel.y + px(100))), small)
        bar = pygame.Rect(panel.x + px(48), panel.y + px(210), width, px(BAR_H))
        pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=px(10))
        if self.total:
            filled = bar.copy()
            filled.w = max(px(20), bar.w * self.done // self.total)
            pygame.draw.rect(surface, theme.GOLD, filled, border_radius=px(10))
            label = t("review.progress", done=self.done, total=self.total)
            left = self.seconds_left()
            if left:
                label = t("review.progress_left", progress=label, seconds=left)
        else:
            label = t("review.starting")
        theme.draw_text(
            surface,
            small,
            theme.fit_text(small, label, width),
            (bar.centerx, bar.bottom + px(12)),
            theme.SAND,
            anchor="midtop",
        )
