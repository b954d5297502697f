"""The table: the play scene and its parts (board, HUD, animations, camera, AI worker).

This package's ``__init__`` imports nothing: ``cacao_game.app.play.ai_worker`` is imported by
the AI worker process, which must not load pygame.
"""
