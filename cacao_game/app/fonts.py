"""A font with a fallback: the bundled Lato draws Latin, Greek and Cyrillic; the characters it
has no glyph for (Chinese, Japanese) are drawn in the bundled fallback font, run by run.

``FallbackFont`` is a ``pygame.font.Font`` whose ``size`` and ``render`` take the fallback
into account, so every caller measures what it draws. Text Lato covers (all of the game's
own strings, ``tests/test_fonts.py``) takes the plain path; only text with an uncovered
character is split into runs.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

UNDEFINED = "\ue000"
"""A private-use character: every font draws it as its "not defined" glyph."""

Run = tuple[bool, str]
"""A stretch of text and whether the main font draws it (False: the fallback does)."""

RISING = "ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸÆŒ"
"""The capitals of the game's languages whose accents rise above the font's ascent. SDL_ttf
lowers a whole line by as much as its highest glyph rises above the ascent, so that a line
with one of them sits lower than a line without (a trial saw "Évolution du score" sit 3 px
below the tabs beside it): ``FallbackFont`` puts every line at the baseline of the highest."""


@cache
def _undefined_image(path: str) -> tuple[tuple[int, int], bytes]:
    return _image(path, UNDEFINED)


def _image(path: str, char: str) -> tuple[tuple[int, int], bytes]:
    surface = _probe(path).render(char, False, (255, 255, 255), (0, 0, 0))
    return surface.get_size(), pygame.image.tobytes(surface, "RGB")


@cache
def _probe(path: str) -> pygame.font.Font:
    return pygame.font.Font(path, 24)


@cache
def has_glyph(path: str, char: str) -> bool:
    """Whether the font file at ``path`` draws ``char`` (not as its "not defined" box)."""
    if char.isspace() or not char.isprintable():
        return True
    return _image(path, char) != _undefined_image(path)


class FallbackFont(pygame.font.Font):
    """The font at ``path`` and ``size`` px, with ``fallback`` (a font file) for the
    characters it lacks; the fallback is opened the first time it is needed."""

    def __init__(self, path: Path, size: int, fallback: Path | None) -> None:
        super().__init__(path, size)
        self.path = str(path)
        self.fallback_path = str(fallback) if fallback is not None and fallback.is_file() else None
        self.pixels = size
        self._fallback: pygame.font.Font | None = None
        self.rise = min(self.overshoot(RISING), self.get_linesize() - self.get_height())
        """Pixels every line of one row is lowered by (``RISING``; at most the gap below a line,
        so that a descender is never cut), less what SDL_ttf lowered it by already."""

    def overshoot(self, text: str) -> int:
        """Pixels the highest glyph of ``text`` rises above the ascent (SDL_ttf lowers its
        line by as much)."""
        tops = [glyph[3] for glyph in pygame.font.Font.metrics(self, text) if glyph is not None]
        return max(0, max(tops, default=0) - self.get_ascent())

    def _settled(
        self, image: pygame.Surface, text: str, bgcolor: pygame.typing.ColorLike | None
    ) -> pygame.Surface:
        """``image`` of one row of ``text`` with its baseline where every row's is: lowered by
        ``rise`` less what SDL_ttf lowered it by (the rows vacated at the top cleared)."""
        lower = self.rise - min(self.overshoot(text), self.rise)
        if lower <= 0:
            return image
        image.scroll(0, lower)
        key = image.get_colorkey()
        clear = bgcolor if bgcolor is not None else key if key is not None else (0, 0, 0, 0)
        image.fill(clear, (0, 0, image.get_width(), lower))
        return image

    def fallback(self) -> pygame.font.Font:
        """The fallback font at the same size, in the same weight and alignment."""
        if self._fallback is None:
            assert self.fallback_path is not None
            self._fallback = pygame.font.Font(self.fallback_path, self.pixels)
            self._fallback.bold = self.bold
        self._fallback.align = self.align
        return self._fallback

    def runs(self, text: str) -> list[Run] | None:
        """``text`` cut into runs by the font that draws them; None when this font draws it all
        (or there is no fallback)."""
        if text.isascii() or self.fallback_path is None:
            return None
        runs: list[Run] = []
        for char in text:
            own = has_glyph(self.path, char) or not has_glyph(self.fallback_path, char)
            if runs and runs[-1][0] == own:
                runs[-1] = (own, runs[-1][1] + char)
            else:
                runs.append((own, char))
        return None if all(own for own, _ in runs) else runs

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        runs = self.runs(text)
        if runs is None:
            return super().size(text)
        sizes = [
            pygame.font.Font.size(self, part) if own else self.fallback().size(part) for own, part in runs
        ]
        return sum(w for w, _ in sizes), max(self.get_height(), *(h for _, h in sizes))

    def render(  # type: ignore[override]
        self,
        text: str,
        antialias: bool,
        color: pygame.typing.ColorLike,
        bgcolor: pygame.typing.ColorLike | None = None,
        wraplength: int = 0,
    ) -> pygame.Surface:
        runs = self.runs(text)
        if runs is None and wraplength:
            return super().render(text, antialias, color, bgcolor, wraplength)
        if runs is None:
            return self._settled(super().render(text, antialias, color, bgcolor), text, bgcolor)
        if wraplength:
            return self._render_lines(self._wrap(text, wraplength), antialias, color, bgcolor, wraplength)
        images = [(self._render_run(own, part, antialias, color, bgcolor), own) for own, part in runs]
        ascent = max(self.get_ascent(), self.fallback().get_ascent())
        height = max(self.get_height(), *(image.get_height() for image, _ in images))
        surface = pygame.Surface((sum(image.get_width() for image, _ in images), height), pygame.SRCALPHA)
        if bgcolor is not None:
            surface.fill(bgcolor)
        x = 0
        for image, own in images:
            font_ascent = self.get_ascent() if own else self.fallback().get_ascent()
            surface.blit(image, (x, ascent - font_ascent))
            x += image.get_width()
        return surface

    def _render_run(
        self,
        own: bool,
        part: str,
        antialias: bool,
        color: pygame.typing.ColorLike,
        bgcolor: pygame.typing.ColorLike | None,
    ) -> pygame.Surface:
        if own:
            image = pygame.font.Font.render(self, part, antialias, color, bgcolor)
            return self._settled(image, part, bgcolor)
        return self.fallback().render(part, antialias, color, bgcolor)

    def _wrap(self, text: str, width: int) -> list[str]:
        """``text`` in lines of at most ``width`` px, broken at spaces (and line breaks)."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                candidate = f"{line} {word}" if line else word
                if line and self.size(candidate)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = candidate
            lines.append(line)
        return lines

    def _render_lines(
        self,
        lines: list[str],
        antialias: bool,
        color: pygame.typing.ColorLike,
        bgcolor: pygame.typing.ColorLike | None,
        width: int,
    ) -> pygame.Surface:
        images = [self.render(line, antialias, color, bgcolor) for line in lines]
        step = self.get_linesize()
        surface = pygame.Surface(
            (max(image.get_width() for image in images), step * (len(images) - 1) + images[-1].get_height()),
            pygame.SRCALPHA,
        )
        if bgcolor is not None:
            surface.fill(bgcolor)
        for row, image in enumerate(images):
            if self.align == pygame.FONT_CENTER:
                x = (surface.get_width() - image.get_width()) // 2
            elif self.align == pygame.FONT_RIGHT:
                x = surface.get_width() - image.get_width()
            else:
                x = 0
            surface.blit(image, (x, row * step))
        return surface


def cannot_draw(font: pygame.font.Font, text: str) -> str:
    """The characters of ``text``, each once and in order, that ``font`` would draw as a box:
    neither it nor its fallback has a glyph for them (Arabic, Hebrew, Korean, emoji...).
    Empty for a plain pygame font, whose coverage is not known."""
    if text.isascii() or not isinstance(font, FallbackFont):
        return ""
    fallback = font.fallback_path
    missing = (
        char
        for char in text
        if not has_glyph(font.path, char) and (fallback is None or not has_glyph(fallback, char))
    )
    return "".join(dict.fromkeys(missing))
