"""Cacao: a local digital version of Phil Walker-Harding's board game, with AI opponents.

Its version is ``cacao_game.version.app_version()`` (from ``pyproject.toml``)."""

from __future__ import annotations
