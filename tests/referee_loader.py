"""Loads the independent referee (tools/referee.py), which is a script, not a package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REFEREE_PATH = Path(__file__).resolve().parent.parent / "tools" / "referee.py"


def load_referee() -> ModuleType:
    """The referee module; its ``check_record(record) -> list[str]`` lists violations."""
    spec = importlib.util.spec_from_file_location("cacao_referee", REFEREE_PATH)
    assert spec is not None and spec.loader is not None
    if spec.name in sys.modules:
        return sys.modules[spec.name]
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
