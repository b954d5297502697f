"""The pygame-ce application: scenes on a stack over one 1920x1080 logical surface.

Entry point: ``cacao_game.app.main.run_app``. Scenes: ``cacao_game.app.scenes`` (menu,
setup, settings, help, load, pause, confirm, scoring); the play scene is
``cacao_game.app.play``. Only this package imports pygame.
"""
