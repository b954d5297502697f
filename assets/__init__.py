"""The game's art, fonts, sounds, palettes and screen layout: package data of ``cacao_game.assets``.

This folder stays at the top of the repository; ``pyproject.toml`` maps it into the package,
and ``cacao_game.app.assets.assets_root`` is the one place that finds it.
"""
