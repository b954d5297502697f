"""On Linux the window's pixels go to the screen without OpenGL unless the user chose otherwise."""

from __future__ import annotations

import pytest

from cacao_game.app import main


def test_linux_gets_the_plain_framebuffer_unless_the_hint_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(main.sys, "platform", "linux")
    monkeypatch.delenv(main.FRAMEBUFFER_HINT, raising=False)
    main.plain_framebuffer()
    assert main.os.environ[main.FRAMEBUFFER_HINT] == "0"
    monkeypatch.setenv(main.FRAMEBUFFER_HINT, "1")
    main.plain_framebuffer()
    assert main.os.environ[main.FRAMEBUFFER_HINT] == "1"


def test_other_systems_keep_sdls_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(main.sys, "platform", "win32")
    monkeypatch.delenv(main.FRAMEBUFFER_HINT, raising=False)
    main.plain_framebuffer()
    assert main.FRAMEBUFFER_HINT not in main.os.environ
