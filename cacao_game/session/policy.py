"""The undo policy: how far a player at the table may take decisions back.

Anchor: Board Game Arena's rule that undo never makes another player redo moves.

- ``CASUAL``: back across computer seats' decisions to your own last decision; never across
  another human's decision.
- ``STRICT``: only your own decisions of the turn that is still yours (until the last
  Confirm ends it), and never across a reveal (a jungle tile drawn from the pile, a display
  refill or a worker tile drawn).
"""

from __future__ import annotations

from enum import Enum

from cacao_game.config.choices import UNDO_CHOICES


class UndoPolicy(Enum):
    """How far undo reaches (see the module docstring)."""

    CASUAL = "casual"
    STRICT = "strict"


def resolve_policy(choice: str | None, humans: int) -> UndoPolicy:
    """The policy for a setting ``choice`` (``auto``/None, ``casual``, ``strict``) and a number
    of humans at the table. Raises ValueError for an unknown choice."""
    if choice in (None, "auto"):
        return UndoPolicy.STRICT if humans >= 2 else UndoPolicy.CASUAL
    try:
        return UndoPolicy(choice)
    except ValueError:
        raise ValueError(f"unknown undo policy {choice!r}; choose from {', '.join(UNDO_CHOICES)}") from None
