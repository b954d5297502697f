"""A Babel extraction method for the string tables (a development tool; Babel is not needed
to play).

``babel.cfg`` names it for ``cacao_game/app/strings.py``: every entry of a module-level dict
``EN`` (key -> English) becomes a ``pgettext(key, English)`` message and every entry of
``EN_PLURALS`` (key -> (singular, plural)) an ``npgettext(key, singular, plural)`` one, so
each catalog entry has its key as ``msgctxt`` and the English text as ``msgid``. The file is
read, never imported.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from typing import IO

TABLES = ("EN", "EN_PLURALS")
"""The names of the module-level dicts that hold strings."""

Message = tuple[int, str, tuple[str, ...], list[str]]
"""What Babel expects of an extraction method: line, function, (context, texts...), comments."""


def extract(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, object],
) -> Iterator[Message]:
    """Babel's extraction method: the messages of every string table in ``fileobj``."""
    del keywords, comment_tags, options
    yield from messages(fileobj.read().decode("utf-8"))


def messages(source: str) -> Iterator[Message]:
    """``(line, "pgettext", (key, text), [])`` for each ``EN`` entry and ``(line, "npgettext",
    (key, singular, plural), [])`` for each ``EN_PLURALS`` entry of the module ``source``."""
    for node in ast.parse(source).body:
        table = _table(node)
        if table is None:
            continue
        for key_node, value_node in zip(table.keys, table.values, strict=True):
            if key_node is None:
                continue
            key, value = ast.literal_eval(key_node), ast.literal_eval(value_node)
            if isinstance(value, str):
                yield key_node.lineno, "pgettext", (key, value), []
            else:
                singular, plural = value
                yield key_node.lineno, "npgettext", (key, singular, plural), []


def _table(node: ast.stmt) -> ast.Dict | None:
    """The dict literal assigned to one of ``TABLES`` by ``node``, else None."""
    target: ast.expr
    value: ast.expr | None
    if isinstance(node, ast.AnnAssign):
        target, value = node.target, node.value
    elif isinstance(node, ast.Assign) and len(node.targets) == 1:
        target, value = node.targets[0], node.value
    else:
        return None
    if isinstance(target, ast.Name) and target.id in TABLES and isinstance(value, ast.Dict):
        return value
    return None
