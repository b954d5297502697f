"""A token bucket: how often something may happen on average, and in one burst.

The host's rate limit of each connection (``connection.Connection.admit``), its budgets of
log lines about clients (``clientlog.ClientLog``) and each address's budget of joins
(``host.Host``) are each one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TokenBucket:
    """``per_second`` tokens come back a second, at most ``size`` kept; ``tokens`` held as of
    ``checked`` (seconds on the caller's clock)."""

    per_second: float
    size: float
    tokens: float
    checked: float

    @classmethod
    def full_at(cls, per_second: float, size: float, now: float) -> TokenBucket:
        """A bucket holding all it keeps at ``now``."""
        return cls(per_second, size, size, now)

    def take(self, now: float) -> bool:
        """Take one token at ``now``: False (nothing taken) when none is left."""
        self.tokens = min(self.size, self.tokens + (now - self.checked) * self.per_second)
        self.checked = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def full(self, now: float) -> bool:
        """The bucket holds all it keeps at ``now`` (nothing taken for long enough)."""
        return self.tokens + (now - self.checked) * self.per_second >= self.size

    def rested(self) -> bool:
        """The last token was taken from a full bucket (nothing taken for ``size /
        per_second`` seconds before it)."""
        return self.tokens >= self.size - 1.0
