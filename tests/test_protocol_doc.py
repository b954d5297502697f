"""docs/protocol.md is what a third-party client's author copies: its examples of the messages
a client sends are read by the host as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cacao_game.net import protocol as p

DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def client_examples() -> list[dict[str, object]]:
    """Every message of the document's JSON blocks a client sends first (``create``, ``join``)."""
    found = []
    for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL):
        try:
            messages = [json.loads(block)]
        except json.JSONDecodeError:
            messages = [json.loads(line) for line in block.splitlines() if line.strip()]
        found += [m for m in messages if isinstance(m, dict) and m.get("type") in ("create", "join")]
    return found


def test_the_documents_create_and_join_examples_are_read_by_the_host() -> None:
    """A trial sent the documented join and was refused: its examples said version 3 where the
    host speaks 7 (as the heading said). The heading names the host's version, and every
    create and join example decodes as the host reads it, at that version."""
    assert DOC.read_text(encoding="utf-8").startswith(f"# The network protocol (version {p.VERSION})")
    examples = client_examples()
    assert {m["type"] for m in examples} == {"create", "join"} and len(examples) >= 4
    for message in examples:
        assert message["version"] == p.VERSION
        p.decode_client(json.dumps(message).encode())
