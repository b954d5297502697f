"""The hostile corpus (tools/make_hostile_corpus.py) and hostile paths through the command line.

Every file and path is opened with ``--headless --load`` and ``--headless --replay``: each
run ends with exit code 0 (output shown safely) or exit code 1 and exactly one line on
stderr; never a traceback, never a hang (the subprocess timeout is the detector). Each
hostile path and each file is opened in its own process by the option meant for it (saves
with --load, records with --replay, files of neither kind with both); the other option,
refused at the format check, runs in this process (``main``), to keep the test's cost down.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

from cacao_game.cli import main

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "make_hostile_corpus.py"
HANG_SECONDS = 20


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_hostile_corpus", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cacao_game", "--headless", *args],
        capture_output=True,
        text=True,
        errors="backslashreplace",
        cwd=ROOT,
        timeout=HANG_SECONDS,
    )


def verdict(path: Path, args: list[str], result: subprocess.CompletedProcess[str]) -> str | None:
    """What is wrong with one run, or None."""
    shown = f"{' '.join(args)} -> {result.returncode}: {result.stderr[-300:]!r}"
    if "Traceback" in result.stderr or any(c in result.stdout + result.stderr for c in "\x00\x1b\u202e"):
        return f"traceback or raw control characters: {shown}"
    if result.returncode == 1 and len(result.stderr.splitlines()) == 1:
        return None
    if result.returncode == 0 and not result.stderr:
        return None
    return f"not exit 0, nor exit 1 with one line: {shown}"


def command(option: str, path: Path) -> list[str]:
    return [option, str(path), "--seats", "random,random"] if option == "--load" else [option, str(path)]


def meant_for(path: Path) -> list[str]:
    """The options a corpus file or hostile path is opened with in a subprocess."""
    if "save" in path.name:
        return ["--load"]
    if "record" in path.name:
        return ["--replay"]
    return ["--load", "--replay"]


def test_the_corpus_and_hostile_paths_never_crash_or_hang(tmp_path: Path) -> None:
    """Hostile files are refused in one line, good ones open; nothing crashes or hangs."""
    corpus = tmp_path / "corpus"
    made = subprocess.run(
        [sys.executable, str(TOOL), str(corpus)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert made.returncode == 0, made.stderr
    files = sorted(corpus.iterdir())
    assert len(files) > 50
    paths = [*files, *load_tool().hostile_paths(tmp_path / "paths").values()]
    jobs = [(path, command(option, path)) for path in paths for option in meant_for(path)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda job: run(job[1]), jobs))
    problems = [verdict(path, args, result) for (path, args), result in zip(jobs, results, strict=True)]
    assert [p for p in problems if p] == []
    outcome = {
        (path.name, args[0]): result.returncode for (path, args), result in zip(jobs, results, strict=True)
    }
    for path in files:
        good = path.name.startswith("good-")
        assert outcome[(path.name, meant_for(path)[0])] == (0 if good else 1), path.name


def test_the_corpus_opened_with_the_other_option_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A save given to --replay, a record given to --load: exit 1 and one line."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, data in load_tool().corpus().items():
        (corpus / name).write_bytes(data)
    others = {"--load": "--replay", "--replay": "--load"}
    for path in sorted(corpus.iterdir()):
        options = meant_for(path)
        if len(options) == 1:
            assert main(["--headless", *command(others[options[0]], path)]) == 1, path.name
            err = capsys.readouterr().err
            assert len(err.splitlines()) == 1 and "\x1b" not in err, err
