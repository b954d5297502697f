"""Writes a corpus of hostile saves and game records, for the robustness tests.

    python tools/make_hostile_corpus.py OUT_DIR

Each file is a real 2-player save or record with one thing made hostile: a name or kind
(zero-width, NUL, lone surrogates written as ``\\ud800``, 50 000 and 1 000 000 characters,
right-to-left overrides, piles of combining marks, terminal escapes), a number (floats,
booleans and huge integers where integers belong), a seed that does not match its deal, or a
file that is not JSON at all. Saves are re-signed, so their checksum is right and the
hostile part itself is what the program meets. A few files are good (``good-*``), and one
hostile-looking name is a fine name (Arabic script): the program must accept those.

``tests/test_hostile_corpus.py`` runs ``python -m cacao_game --headless --load F`` and
``--headless --replay F`` on every file: each must end with exit code 0, or exit code 1 and
one line on stderr; never a traceback, never a hang. Hostile paths (a named pipe, a folder,
``/dev/zero``, a huge sparse file) are made by the test itself (``hostile_paths``).
"""

from __future__ import annotations

import copy
import json
import os
import random
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from cacao_game.ai import make_player
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.engine import Game
from cacao_game.jsontypes import JSON
from cacao_game.records import seat_entries, to_record
from cacao_game.saves.codec import build_document, encode
from cacao_game.saves.schema import checksum

SEED: Final = 7
HUGE_INT: Final = 10**30
TOO_MANY_DIGITS: Final = "9" * 5000
"""An integer longer than Python converts from text (the limit is 4300 digits)."""

HOSTILE_NAMES: Final[dict[str, str]] = {
    "zero-width": "\u200b\u200c\u200d\u2060\ufeff",
    "nul": "Ana\x00",
    "surrogate": "\ud800",
    "surrogate-pair-halves": "Bo\udc00\ud83d",
    "long-50k": "A" * 50_000,
    "long-1m": "B" * 1_000_000,
    "rtl-override": "\u202eevil\u202c",
    "combining-pile": "Z" + "\u0301\u0302\u0303" * 100,
    "terminal-escape": "\x1b[2J\x1b]0;pwned\x07",
    "invisible-marks": "\ufe0f\u034f\u17b4",
    "newline": "Ana\nBo",
}
"""Names (and kinds) that are not clean names: every file carrying one is refused."""

KIND_LABELS: Final = ("nul", "terminal-escape", "surrogate", "long-1m")
"""The hostile names also tried as a seat's kind (an AI level name)."""

GOOD_NAMES: Final[dict[str, str]] = {"arabic": "سارة", "accented": "Zoë Ångström"}
"""Names that look unusual but are fine: files carrying them load."""

Edit = Callable[[dict[str, JSON]], None]


def _game(finished: bool) -> Game:
    game = Game.new(2, "base", SEED)
    player = make_player("random", random.Random(SEED))
    while not game.is_over() and (finished or len(game.actions) < 12):
        game.apply(player.choose(game))
    return game


def _config() -> GameConfig:
    return GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "random")], "base", SEED)


def save_document() -> dict[str, JSON]:
    """A good, signed save document of a 2-player game, 12 decisions in."""
    return dict(build_document(_game(False), _config(), {}, "2026-01-01T00:00:00.000000Z"))


def record_document() -> dict[str, JSON]:
    """A good record of a finished 2-player game, as JSON data."""
    record = to_record(_game(True), seat_entries(["human", "random"], ["red", "purple"]))
    data: dict[str, JSON] = json.loads(json.dumps(record))
    return data


def _setting(path: tuple[str | int, ...], value: JSON) -> Edit:
    """An edit that sets the value at ``path`` (keys and list indexes) to ``value``."""

    def edit(document: dict[str, JSON]) -> None:
        node: Any = document
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def _signed(document: dict[str, JSON]) -> bytes:
    document["checksum"] = checksum(document)
    return encode(document)


def _plain(document: dict[str, JSON]) -> bytes:
    return (json.dumps(document, ensure_ascii=True) + "\n").encode("ascii")


def _edited(base: dict[str, JSON], edit: Edit, write: Callable[[dict[str, JSON]], bytes]) -> bytes:
    document = copy.deepcopy(base)
    edit(document)
    return write(document)


def _name_files(save: dict[str, JSON], record: dict[str, JSON]) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for label, name in {**HOSTILE_NAMES, **GOOD_NAMES}.items():
        prefix = "good-" if label in GOOD_NAMES else ""
        files[f"{prefix}save-name-{label}.json"] = _edited(
            save, _setting(("options", "seats", 0, "name"), name), _signed
        )
        files[f"{prefix}record-name-{label}.json"] = _edited(
            record, _setting(("seats", 0, "name"), name), _plain
        )
        if label in KIND_LABELS:
            files[f"save-kind-{label}.json"] = _edited(
                save, _setting(("options", "seats", 1, "kind"), name), _signed
            )
            files[f"record-kind-{label}.json"] = _edited(record, _setting(("seats", 1, "kind"), name), _plain)
    return files


def _number_files(save: dict[str, JSON], record: dict[str, JSON]) -> dict[str, bytes]:
    save_edits: dict[str, tuple[tuple[str | int, ...], JSON]] = {
        "players-float": (("setup", "players"), 2.0),
        "players-bool": (("setup", "players"), True),
        "seed-float": (("options", "seed"), float(SEED)),
        "seed-bool": (("options", "seed"), True),
        "setup-seed-huge": (("setup", "seed"), HUGE_INT),
        "rotation-float": (("actions", 0, "rotation"), 0.0),
        "rotation-bool": (("actions", 0, "rotation"), False),
        "rotation-huge": (("actions", 0, "rotation"), HUGE_INT),
        "pos-huge": (("actions", 0, "pos"), [HUGE_INT, -HUGE_INT]),
        "schema-float": (("schema_version",), 2.0),
    }
    record_edits: dict[str, tuple[tuple[str | int, ...], JSON]] = {
        "players-float": (("players",), 2.0),
        "players-bool": (("players",), True),
        "seed-float": (("seed",), float(SEED)),
        "seed-bool": (("seed",), True),
        "seed-huge": (("seed",), HUGE_INT),
        "version-float": (("version",), 1.0),
        "rotation-bool": (("turns", 0, "action", "rotation"), False),
        "rotation-huge": (("turns", 0, "action", "rotation"), HUGE_INT),
        "pos-huge": (("turns", 0, "action", "pos"), [HUGE_INT, 0]),
        "gold-float": (("turns", 0, "players_after", 0, "gold"), 0.0),
    }
    files = {
        f"save-number-{label}.json": _edited(save, _setting(path, value), _signed)
        for label, (path, value) in save_edits.items()
    }
    files.update(
        {
            f"record-number-{label}.json": _edited(record, _setting(path, value), _plain)
            for label, (path, value) in record_edits.items()
        }
    )
    files["record-number-too-many-digits.json"] = _plain(record).replace(
        f'"seed": {SEED}'.encode(), f'"seed": {TOO_MANY_DIGITS}'.encode()
    )
    files["record-number-nan.json"] = _plain(record).replace(f'"seed": {SEED}'.encode(), b'"seed": NaN')
    files["record-number-1e400.json"] = _plain(record).replace(f'"seed": {SEED}'.encode(), b'"seed": 1e400')
    return files


def _seed_files(save: dict[str, JSON], record: dict[str, JSON]) -> dict[str, bytes]:
    return {
        "record-seed-mismatch.json": _edited(record, _setting(("seed",), SEED + 1), _plain),
        "save-setup-seed-mismatch.json": _edited(save, _setting(("setup", "seed"), SEED + 1), _signed),
        "save-options-seed-mismatch.json": _edited(save, _setting(("options", "seed"), SEED + 1), _signed),
    }


def _shape_files(save: dict[str, JSON], record: dict[str, JSON]) -> dict[str, bytes]:
    return {
        "empty.json": b"",
        "not-utf8.json": b"\xff\xfe\x00garbage",
        "truncated-save.json": _signed(copy.deepcopy(save))[:200],
        "deep-nesting.json": b"[" * 100_000 + b"]" * 100_000,
        "array.json": b"[1, 2, 3]\n",
        "control-bytes.json": b'{"format": "\x1b[31mred\x00"}',
        "good-save.json": _signed(copy.deepcopy(save)),
        "good-record.json": _plain(record),
    }


def corpus() -> dict[str, bytes]:
    """Every corpus file: name -> content. Names starting with ``good-`` must be accepted."""
    save, record = save_document(), record_document()
    files: dict[str, bytes] = {}
    for part in (_name_files, _number_files, _seed_files, _shape_files):
        files.update(part(save, record))
    return files


def hostile_paths(folder: Path) -> dict[str, Path]:
    """Paths that are not save or record files, made in ``folder`` now (where the system can).

    A named pipe, a folder, ``/dev/zero``, a link to ``/dev/zero``, a 100 MB sparse file, a
    link to itself and a missing file.
    """
    folder.mkdir(parents=True, exist_ok=True)
    paths: dict[str, Path] = {"folder": folder / "a-folder.json", "missing": folder / "missing.json"}
    paths["folder"].mkdir(exist_ok=True)
    sparse = folder / "sparse-100mb.json"
    with sparse.open("wb") as stream:
        stream.truncate(100 * 1024 * 1024)
    paths["sparse"] = sparse
    if hasattr(os, "mkfifo"):
        fifo = folder / "pipe.json"
        if not fifo.exists():
            os.mkfifo(fifo)
        paths["fifo"] = fifo
    zero = Path("/dev/zero")
    if zero.exists() and stat.S_ISCHR(zero.stat().st_mode):
        paths["dev-zero"] = zero
        link = folder / "link-to-zero.json"
        if not link.is_symlink():
            link.symlink_to(zero)
        paths["link-to-zero"] = link
    loop = folder / "loop.json"
    if not loop.is_symlink():
        loop.symlink_to(loop)
    paths["loop"] = loop
    return paths


def main(argv: list[str]) -> int:
    """Write the corpus into the folder ``argv[0]``; print how many files."""
    if len(argv) != 1:
        print("usage: python tools/make_hostile_corpus.py OUT_DIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    files = corpus()
    for name, data in files.items():
        (out / name).write_bytes(data)
    print(f"wrote {len(files)} files to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
