"""The type of JSON data, for the files the program reads and writes (saves, records)."""

from __future__ import annotations

from typing import TypeAlias

JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
"""Any JSON value as ``json.loads`` returns it (objects as dicts, arrays as lists)."""

JSONObject: TypeAlias = "dict[str, JSON]"
"""A JSON object."""
