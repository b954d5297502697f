"""A small reader of gettext ``.po`` files for the catalog tests (no Babel needed to test).

``read_po(path)`` gives every entry with its context, ids, translations and flags; obsolete
entries (``#~``) are kept apart.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    """One catalog entry: ``msgstr`` holds one string, or one per plural form."""

    msgctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False


def _string(text: str) -> str:
    return ast.literal_eval(text)


def read_po(path: Path) -> list[Entry]:
    """Every entry of the catalog at ``path``, the header (empty ``msgid``) included."""
    entries: list[Entry] = []
    entry = Entry()
    last: tuple[str, int] | None = None

    def finish() -> None:
        nonlocal entry, last
        if last is not None:
            entries.append(entry)
        entry, last = Entry(), None

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            finish()
            continue
        if line.startswith("#,"):
            if last is not None:
                finish()
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        if line.startswith("#"):
            if last is not None:
                finish()
            continue
        entry.obsolete = entry.obsolete or obsolete
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            assert last is not None, f"{path}: a continued string without a keyword"
            name, index = last
            value = _string(line)
        else:
            if keyword in ("msgctxt", "msgid") and last is not None and last[0] not in ("msgctxt",):
                finish()
            name, index = keyword, 0
            if keyword.startswith("msgstr["):
                name, index = "msgstr", int(keyword[7:-1])
            value = _string(rest)
            if name == "msgstr":
                entry.msgstr.setdefault(index, "")
        if name == "msgctxt":
            entry.msgctxt = (entry.msgctxt or "") + value
        elif name == "msgid":
            entry.msgid += value
        elif name == "msgid_plural":
            entry.msgid_plural = (entry.msgid_plural or "") + value
        elif name == "msgstr":
            entry.msgstr[index] += value
        else:
            raise ValueError(f"{path}: unknown line {raw!r}")
        last = (name, index)
    finish()
    return entries
