"""The app's scenes other than play: menu, setup, settings, help, load, pause, confirm, scoring."""
