"""From design pixels to the display's own pixels: the one scale every scene draws with.

Every size in the app's code and in ``assets/layout.tmx`` is in *design pixels*, laid out for
a 1920x1080 screen. The app draws at the display's own resolution: a length of ``n`` design
pixels is ``px(n)`` real pixels and a font of size ``n`` is rendered at ``px(n)`` pixels, so
text is crisp at its final size (never a scaled 1920x1080 picture).

The factor follows the interface size chosen in Settings (``ui_scale``, in percent, or
``None`` for "fit to screen"): 100 % draws one design pixel as one real pixel, 200 % as two.
The factor is never larger than what fits the 1920x1080 design on the screen: a larger
choice is honoured only as far as the screen allows. The design area is then the screen
divided by the factor, at least 1920x1080; layouts give the extra room to the board.
"""

from __future__ import annotations

from dataclasses import dataclass

DESIGN_SIZE = (1920, 1080)
"""The size the layouts are drawn for."""


@dataclass(frozen=True)
class Scale:
    """A display size and the factor from design pixels to its pixels."""

    size: tuple[int, int]
    factor: float

    @classmethod
    def for_display(cls, size: tuple[int, int], ui_scale: int | None = None) -> Scale:
        """The scale for a display of ``size`` at interface size ``ui_scale`` percent (None: fit)."""
        fit = fit_factor(size)
        factor = fit if ui_scale is None else min(fit, ui_scale / 100)
        return cls((int(size[0]), int(size[1])), factor)

    @property
    def design_size(self) -> tuple[int, int]:
        """The screen in design pixels (at least 1920x1080, up to rounding)."""
        return round(self.size[0] / self.factor), round(self.size[1] / self.factor)

    @property
    def percent(self) -> int:
        """The factor in percent (as Settings shows it)."""
        return round(self.factor * 100)

    def px(self, length: float) -> int:
        """``length`` design pixels in real pixels; a non-zero length stays at least 1."""
        scaled = round(length * self.factor)
        if scaled == 0 and length:
            return 1 if length > 0 else -1
        return scaled


def fit_factor(size: tuple[int, int]) -> float:
    """The factor at which the 1920x1080 design just fits a display of ``size``."""
    return max(0.05, min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1]))


_current = Scale(DESIGN_SIZE, 1.0)


def current() -> Scale:
    """The scale the app draws with now."""
    return _current


def use(scale: Scale) -> None:
    """Make ``scale`` the current one (the app calls this when the display or setting changes)."""
    global _current
    _current = scale


def px(length: float) -> int:
    """``length`` design pixels in real pixels at the current scale."""
    return _current.px(length)


def rect(x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
    """A design-pixel rectangle in real pixels (edges rounded, so neighbours stay neighbours)."""
    left, top = _current.px(x), _current.px(y)
    return left, top, _current.px(x + w) - left, _current.px(y + h) - top
