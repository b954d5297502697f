"""The program's version, written once in ``pyproject.toml`` and read here from the installed
distribution's metadata (``importlib.metadata``): the command line's ``--version``, the menu,
saves and game records all take it from ``app_version``. The PyInstaller bundle carries the
same metadata (``tools/make_bundle.py`` copies it)."""

from __future__ import annotations

import logging
from functools import cache
from importlib import metadata

log = logging.getLogger(__name__)

DISTRIBUTION = "cacao-game"
"""The distribution name in ``pyproject.toml``."""
UNKNOWN = "unknown"
"""The version when the distribution is not installed (a checkout run without ``pip install``)."""


@cache
def app_version() -> str:
    """The installed version of Cacao (``0.3.0``), or ``UNKNOWN`` when it is not installed."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        log.warning("%s is not installed: its version is unknown (pip install -e .)", DISTRIBUTION)
        return UNKNOWN
