"""The type of JSON values as read from or written to disk."""

from __future__ import annotations

from typing import TypeAlias

JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
"""Any JSON value (``json.loads`` returns one of these)."""
