"""Cacao: a local digital version of Phil Walker-Harding's board game, with AI opponents."""

from __future__ import annotations

__version__ = "0.1.0"
