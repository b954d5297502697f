"""How long the app's toasts (``Shell.notify``) stay up: long enough to read them."""

from __future__ import annotations

from typing import Final

TOAST_SECONDS: Final = 3.0
"""The shortest time a toast shows."""
TOAST_WORD_SECONDS: Final = 0.3
"""A toast's time for each word, after a second to notice it (200 words a minute)."""
LONG_TOAST_SECONDS: Final = 10.0
"""How long a notice shown as a screen opens stays (the player's own files as the game starts,
the menu's word on a game waiting for them): the player may look over only once the window
is up (a trial's Rejoin notice was gone before it was read)."""


def reading_seconds(message: str) -> float:
    """How long a toast saying ``message`` shows: ``TOAST_SECONDS``, and more for a long
    message (``TOAST_WORD_SECONDS`` a word), so that an error's reason can be read."""
    return max(TOAST_SECONDS, 1.0 + TOAST_WORD_SECONDS * len(message.split()))
