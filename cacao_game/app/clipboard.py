"""The system clipboard, as text: a table code copied on the host's lobby and pasted into a
friend's Join form (or a chat between them)."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def read() -> str:
    """The clipboard's text, its lines joined by spaces ("" when there is none or no clipboard
    can be read)."""
    try:
        text = pygame.scrap.get_text()
    except pygame.error as error:
        log.info("the clipboard cannot be read: %s", error)
        return ""
    return " ".join(text.split())


def write(text: str) -> bool:
    """Put ``text`` on the clipboard; False when no clipboard can be written."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error as error:
        log.info("the clipboard cannot be written: %s", error)
        return False
    return True
