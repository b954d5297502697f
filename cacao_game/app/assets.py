"""Fonts, images, palettes and sounds from the package data ``cacao_game.assets``, loaded lazily.

``assets_root`` is the one place that finds the assets: ``importlib.resources`` on the
package ``cacao_game.assets``, which ``pyproject.toml`` maps to the repository's top-level
``assets/`` folder. So a checkout (installed editable), a wheel and the PyInstaller bundle
read the same files the same way; ``$CACAO_ASSETS`` overrides.

Everything is cached on first use. A missing or broken file logs one warning and is replaced:
images by a drawn placeholder of the requested size, fonts by pygame's default font, sounds by
silence, palettes by built-in colours. Sound is optional: a mixer that cannot start (no sound
card) or the sound setting off means every ``play`` is silent.
"""

from __future__ import annotations

import json
import logging
import os
from importlib import resources
from pathlib import Path
from typing import Any

import pygame

from cacao_game.app.fonts import FallbackFont
from cacao_game.app.scale import px
from cacao_game.app.surface_cache import SurfaceCache

log = logging.getLogger(__name__)

IMAGE_BYTES = 12 * 1024 * 1024
"""Pixel memory kept for loaded source art (every tile at 256 px is about 10 MB)."""
SCALED_BYTES = 12 * 1024 * 1024
"""Pixel memory kept for scaled art (the 1920x1080 backdrop is 8 MB; darkening is done as it is drawn)."""

FONT_FILES = {"regular": "Lato-Regular.ttf", "bold": "Lato-Bold.ttf", "black": "Lato-Black.ttf"}
FALLBACK_FONT = "DroidSansFallbackFull.ttf"
"""Draws what Lato cannot (Chinese and Japanese names): ``cacao_game.app.fonts``."""

FALLBACK_PALETTES: dict[str, dict[str, dict[str, str]]] = {
    "classic": {
        "red": {
            "base": "#C62828",
            "dark": "#6D1616",
            "light": "#E59E9E",
            "text": "#FFFFFF",
            "outline": "#4F1010",
        },
        "purple": {
            "base": "#7B3FA8",
            "dark": "#44235C",
            "light": "#C4A9D8",
            "text": "#FFFFFF",
            "outline": "#311943",
        },
        "white": {
            "base": "#F4F1EA",
            "dark": "#868581",
            "light": "#FAF9F6",
            "text": "#2B1E16",
            "outline": "#2B1E16",
        },
        "yellow": {
            "base": "#F5C518",
            "dark": "#876C0D",
            "light": "#FAE597",
            "text": "#2B1E16",
            "outline": "#2B1E16",
        },
    },
}
FALLBACK_UI = {
    "ink": "#2B1E16",
    "sand": "#E2C896",
    "jungle": "#2E7034",
    "jungle_dark": "#1B4A26",
    "gold": "#F2BE2E",
    "cacao": "#C46624",
    "water": "#4096DC",
    "lava": "#D63420",
    "panel": "#2B1E16",
    "panel_light": "#4A3626",
    "text_light": "#F6EEDC",
}


ASSETS_PACKAGE = "cacao_game.assets"
"""The package whose data are the assets (the top-level ``assets/`` folder, mapped)."""
FALLBACK_WARNING = "asset %s unavailable (%s); using a fallback"
"""What is logged (once per file) when an asset is replaced by a fallback."""


def assets_root() -> Path:
    """The assets folder: ``$CACAO_ASSETS`` if set, else the folder of the package
    ``cacao_game.assets`` (``importlib.resources``). When that package is not installed (a
    checkout run without ``pip install -e .``) or not a folder on disk, an error is logged and
    a path under which nothing exists is returned: every asset then falls back."""
    override = os.environ.get("CACAO_ASSETS")
    if override:
        return Path(override)
    try:
        root = resources.files(ASSETS_PACKAGE)
    except ModuleNotFoundError:
        log.error("the package %s is not installed (pip install -e . in a checkout)", ASSETS_PACKAGE)
        return Path(os.devnull)
    if not isinstance(root, Path):
        log.error("the package %s is not a folder on disk (%s)", ASSETS_PACKAGE, root)
        return Path(os.devnull)
    return root


class Assets:
    """Lazy, cached access to every asset; ``palette`` selects the worker tile colours."""

    def __init__(self, root: Path | None = None, *, palette: str = "classic", sound: bool = True) -> None:
        self.root = root or assets_root()
        self.palette = palette
        self.sound_enabled = sound
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._images = SurfaceCache("source art", IMAGE_BYTES)
        self._scaled = SurfaceCache("scaled art", SCALED_BYTES)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._palettes: dict[str, Any] | None = None
        self._mixer_ok: bool | None = None
        self._warned: set[str] = set()

    def _warn_once(self, what: str, error: object) -> None:
        if what not in self._warned:
            self._warned.add(what)
            log.warning(FALLBACK_WARNING, what, error)

    # ------------------------------------------------------------------ fonts

    def font(self, size: float, weight: str = "regular") -> pygame.font.Font:
        """The bundled Lato at ``size`` design pixels in ``weight`` (regular|bold|black), rendered
        at its real size on the current scale (``cacao_game.app.scale``); pygame's default
        font if the file is missing."""
        return self.font_px(max(6, px(size)), weight)

    def font_px(self, size: int, weight: str = "regular") -> pygame.font.Font:
        """The bundled Lato at ``size`` real pixels in ``weight`` (see ``font``), with the
        bundled fallback font for the characters Lato has no glyph for."""
        key = (weight, size)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = self.root / "fonts" / FONT_FILES.get(weight, FONT_FILES["regular"])
            try:
                font = FallbackFont(path, size, self.root / "fonts" / FALLBACK_FONT)
            except (OSError, FileNotFoundError, pygame.error) as error:
                self._warn_once(str(path), error)
                font = pygame.font.Font(None, round(size * 1.25))
                font.bold = weight != "regular"
            self._fonts[key] = font
        return font

    # ------------------------------------------------------------------ images

    def image(self, relpath: str) -> pygame.Surface:
        """The image at ``assets/<relpath>`` (cached; converted when a display exists)."""
        surface = self._images.peek(relpath)
        if surface is None:
            path = self.root / relpath
            try:
                surface = pygame.image.load(path)
                if pygame.display.get_surface() is not None:
                    surface = surface.convert_alpha()
            except (OSError, FileNotFoundError, pygame.error) as error:
                self._warn_once(relpath, error)
                surface = self._placeholder(relpath)
            self._images.put(relpath, surface)
        return surface

    def scaled(self, relpath: str, size: tuple[int, int] | int) -> pygame.Surface:
        """The image at ``relpath`` smooth-scaled to ``size`` (cached per size)."""
        w, h = (size, size) if isinstance(size, int) else size
        key = (relpath, w, h)
        surface = self._scaled.peek(key)
        if surface is None:
            source = self.image(relpath)
            surface = source if source.get_size() == (w, h) else pygame.transform.smoothscale(source, (w, h))
            self._scaled.put(key, surface)
        return surface

    def _placeholder(self, relpath: str, size: tuple[int, int] = (256, 256)) -> pygame.Surface:
        if relpath.startswith("ui/background"):
            size = (1920, 1080)
        elif relpath.startswith("icons/"):
            size = (64, 64)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        pygame.draw.rect(surface, self.ui_color("sand"), rect, border_radius=size[0] // 8)
        pygame.draw.rect(
            surface, self.ui_color("ink"), rect, width=max(2, size[0] // 40), border_radius=size[0] // 8
        )
        label = Path(relpath).stem.split("_")[-1][:8]
        font = self.font_px(max(10, size[0] // 6), "bold")
        text = font.render(label, True, self.ui_color("ink"))
        surface.blit(text, text.get_rect(center=rect.center))
        return surface

    def forget_sized(self) -> None:
        """Drop the fonts and scaled images (the scale changed: other sizes are needed now)."""
        self._fonts.clear()
        self._scaled.clear()

    def jungle_tile(self, code: str, size: int | None = None) -> pygame.Surface:
        """A jungle tile face (``back`` for the back), optionally scaled to ``size`` px."""
        relpath = f"tiles/jungle/{code}.png"
        return self.scaled(relpath, size) if size else self.image(relpath)

    def worker_tile(self, color: str, code: str, size: int | None = None) -> pygame.Surface:
        """A worker tile (``code`` like ``2101`` or ``back``) of seat colour ``color`` in the palette."""
        relpath = f"tiles/workers/{self.palette}/{color}_{code}.png"
        return self.scaled(relpath, size) if size else self.image(relpath)

    def icon(self, name: str, size: int | None = None) -> pygame.Surface:
        """An icon (cacao, gold, sun, water, temple, overbuilt...), optionally scaled."""
        relpath = f"icons/{name}.png"
        return self.scaled(relpath, size) if size else self.image(relpath)

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """The jungle backdrop covering ``size`` (scaled to cover, centred, cropped)."""
        source = self.image("ui/background.png")
        cover = max(size[0] / source.get_width(), size[1] / source.get_height())
        full = (
            max(size[0], round(source.get_width() * cover)),
            max(size[1], round(source.get_height() * cover)),
        )
        scaled = self.scaled("ui/background.png", full)
        if full == size:
            return scaled
        crop = pygame.Rect((0, 0), size)
        crop.center = (full[0] // 2, full[1] // 2)
        return scaled.subsurface(crop)

    # ------------------------------------------------------------------ colours

    def _palette_data(self) -> dict[str, Any]:
        if self._palettes is None:
            try:
                self._palettes = json.loads((self.root / "palettes.json").read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                self._warn_once("palettes.json", error)
                self._palettes = {"palettes": FALLBACK_PALETTES, "ui": FALLBACK_UI}
        return self._palettes

    def palette_names(self) -> list[str]:
        """The palettes offered (``classic``, ``colorblind``)."""
        return list(self._palette_data().get("palettes", FALLBACK_PALETTES))

    def seat_color(self, color: str, shade: str = "base") -> pygame.Color:
        """Seat colour ``color`` in the current palette; ``shade`` is base|dark|light|text|outline."""
        palettes = self._palette_data().get("palettes", FALLBACK_PALETTES)
        palette = palettes.get(self.palette) or palettes.get("classic") or FALLBACK_PALETTES["classic"]
        try:
            return pygame.Color(palette[color][shade])
        except (KeyError, ValueError):
            return pygame.Color(FALLBACK_PALETTES["classic"].get(color, {}).get(shade, "#888888"))

    def ui_color(self, name: str) -> pygame.Color:
        """A named UI colour from ``palettes.json`` (ink, sand, jungle, gold, ...)."""
        ui = self._palette_data().get("ui", FALLBACK_UI)
        return pygame.Color(ui.get(name) or FALLBACK_UI.get(name, "#888888"))

    def set_palette(self, palette: str) -> None:
        """Switch the worker tile palette (cached images of the old one stay cached)."""
        self.palette = palette

    # ------------------------------------------------------------------ sound

    @property
    def sound_available(self) -> bool:
        """Whether this machine can play sound at all (the mixer starts)."""
        return self._mixer_ready()

    def _mixer_ready(self) -> bool:
        if self._mixer_ok is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._mixer_ok = True
            except pygame.error as error:
                log.info("sound disabled: the mixer cannot start (%s)", error)
                self._mixer_ok = False
        return self._mixer_ok

    def play(self, name: str, volume: float = 0.7) -> None:
        """Play ``assets/sounds/<name>.wav`` unless sound is off or unavailable; never raises."""
        if not self.sound_enabled or not self._mixer_ready():
            return
        if name not in self._sounds:
            path = self.root / "sounds" / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(path)
            except (OSError, FileNotFoundError, pygame.error) as error:
                self._warn_once(str(path), error)
                self._sounds[name] = None
        sound = self._sounds[name]
        if sound is not None:
            try:
                sound.set_volume(volume)
                sound.play()
            except pygame.error as error:
                self._warn_once(f"playing {name}", error)
