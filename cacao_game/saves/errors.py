"""The one error a save can raise."""

from __future__ import annotations

MAX_REASON = 240
"""Longest reason kept; longer ones are cut with an ellipsis."""
PROBLEMS = (
    "missing",
    "unreadable",
    "damaged",
    "not_save",
    "record",
    "newer",
    "invalid",
    "options",
    "write",
    "delete",
)
"""What can be wrong with a save, coarsely (``SaveError.kind``): the app says each one in the
player's language (string keys ``problem.<kind>``), the reason gives the details."""


class SaveError(ValueError):
    """A save that cannot be written or is refused; ``str(error)`` is a one-line reason.

    The reason names the place in the file when there is one, e.g.
    ``actions[12].pos: expected [x, y]``. Line breaks in the message are folded into spaces.
    """

    def __init__(self, reason: str, kind: str = "invalid") -> None:
        line = " ".join(str(reason).split())
        if len(line) > MAX_REASON:
            line = line[: MAX_REASON - 1] + "…"
        super().__init__(line)
        self.kind = kind if kind in PROBLEMS else "invalid"
        """One of ``PROBLEMS``: what kind of trouble this is."""


def require(condition: bool, where: str, message: str, kind: str = "invalid") -> None:
    """Raise ``SaveError("<where>: <message>", kind)`` unless ``condition``."""
    if not condition:
        raise SaveError(f"{where}: {message}", kind)
