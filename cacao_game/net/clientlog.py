"""The host's lines about what its clients did, on a budget.

A client decides how often the host writes such a line (a join, a refusal, an unreadable
message), so a client sending bad messages at its rate limit from many connections could
otherwise fill the log files and push out everything worth reading. ``ClientLog`` writes at
most ``LINES_PER_SECOND`` such lines a second across every client (``LINES_BURST`` at once),
counts the lines it leaves out and says how many in the next line it writes (the host keeps
one for what any connection can make happen, one for players' seats); ``quoted`` cuts
what a client sent to ``QUOTE_LIMIT`` characters on one line before it is written or echoed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final

from cacao_game.net.bucket import TokenBucket

LINES_PER_SECOND: Final = 2.0
"""Lines about clients the host writes a second on average ..."""
LINES_BURST: Final = 100
"""... and at once (a table of players joining together is a handful)."""
QUOTE_LIMIT: Final = 160
"""Characters of a client's text kept in a log line or an error sent back."""


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` on one line (line breaks and other control characters become spaces), cut to
    ``limit`` characters with "…" where it was cut."""
    flat = "".join(" " if not char.isprintable() else char for char in text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class ClientLog:
    """Writes lines about clients to ``logger`` within a shared budget (module docstring);
    ``clock`` gives seconds (injected by tests)."""

    def __init__(
        self,
        logger: logging.Logger,
        clock: Callable[[], float],
        per_second: float = LINES_PER_SECOND,
        burst: int = LINES_BURST,
    ) -> None:
        self._logger = logger
        self._clock = clock
        self._bucket = TokenBucket.full_at(per_second, burst, clock())
        self.left_out = 0
        """Lines left out since the last line written."""

    def info(self, text: str, *args: str | int | float) -> None:
        """Write ``text % args`` at INFO if the budget allows."""
        self._write(logging.INFO, text, args)

    def warning(self, text: str, *args: str | int | float) -> None:
        """Write ``text % args`` at WARNING if the budget allows."""
        self._write(logging.WARNING, text, args)

    def _write(self, level: int, text: str, args: tuple[str | int | float, ...]) -> None:
        if not self._logger.isEnabledFor(level):
            return
        if not self._bucket.take(self._clock()):
            self.left_out += 1
            return
        if self.left_out:
            text = f"{text} (%d lines about clients left out before this one)"
            args = (*args, self.left_out)
            self.left_out = 0
        self._logger.log(level, text, *args)
