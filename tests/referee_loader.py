"""Loads scripts of tools/ (the independent referee, the tournament, ...), which are scripts,
not a package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"
REFEREE_PATH = TOOLS / "referee.py"


def load_tool(name: str) -> ModuleType:
    """The module of ``tools/<name>.py``, imported once as ``cacao_<name>``."""
    spec = importlib.util.spec_from_file_location(f"cacao_{name}", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    if spec.name in sys.modules:
        return sys.modules[spec.name]
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def load_referee() -> ModuleType:
    """The referee module; its ``check_record(record) -> list[str]`` lists violations."""
    return load_tool("referee")
