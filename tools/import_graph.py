"""The import graph of a package, read from its source: cycles and forbidden imports.

Usage: ``python tools/import_graph.py [--with-type-checking] [PACKAGE_DIR]`` prints every
import cycle among the package's modules (imports inside functions count) and every import
that breaks the layering rules below, then exits 1 if it found any. It also counts the imports
under ``if TYPE_CHECKING:`` (they never run, but a cycle through them is still two modules
that know each other) and prints the cycles that only they close, as ``type-only cycle``;
those fail the run only with ``--with-type-checking``. The tests run the same checks.

Layering rules:
- ``engine``, ``ai``, ``session``, ``records``, ``saves``, ``config`` and ``tutorial`` never
  import pygame;
- a scene module (``cacao_game/app/scenes/*`` or the play scene) never imports another scene
  module: scenes ask for the next scene by name (``cacao_game.app.routes``).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

PURE_PACKAGES = ("engine", "ai", "session", "records", "saves", "config", "tutorial")
SCENE_MODULES_PREFIX = "cacao_game.app.scenes."
SCENE_MODULES_EXTRA = ("cacao_game.app.play.scene",)
SCENE_HELPERS = ("cacao_game.app.scenes.base",)
"""Modules under scenes/ that are building blocks, not scenes."""


def module_name(root: Path, path: Path) -> str:
    """The dotted name of ``path`` in the package rooted at ``root``."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(
    tree: ast.AST, module: str, is_package: bool, type_checking: bool = False
) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every import that runs, and with ``type_checking`` also those under ``if TYPE_CHECKING:``:
    ``(module, names)``, where ``names`` are the names taken from it (empty for a plain
    ``import``)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in [*node.body, *node.orelse] if type_checking else node.orelse:
                yield from _imports(child, module, is_package, type_checking)
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    yield from _one_import(child, module, is_package)
            continue
        yield from _one_import(node, module, is_package)
        yield from _imports(node, module, is_package, type_checking)


def _one_import(node: ast.AST, module: str, is_package: bool) -> Iterator[tuple[str, tuple[str, ...]]]:
    """``node`` itself as an import, if it is one."""
    if isinstance(node, ast.Import):
        yield from ((alias.name, ()) for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            parts = module.split(".") if is_package else module.split(".")[:-1]
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join(parts + ([node.module] if node.module else []))
        yield base, tuple(alias.name for alias in node.names)


def _is_type_checking(test: ast.expr) -> bool:
    name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
    return name == "TYPE_CHECKING"


def import_graph(root: Path, type_checking: bool = False) -> dict[str, set[str]]:
    """Module -> the package's modules it imports at run time (and outside names, kept as is);
    with ``type_checking`` the imports under ``if TYPE_CHECKING:`` count too.

    ``from package import submodule`` counts as importing the submodule only (a package's
    ``__init__`` re-exporting its own modules is its face, not a cycle)."""
    files = {module_name(root, path): path for path in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets: set[str] = set()
        for base, names in _imports(tree, module, path.name == "__init__.py", type_checking):
            if base.split(".")[0] != root.name:
                targets.add(base)
                continue
            submodules = [f"{base}.{name}" for name in names if f"{base}.{name}" in files]
            wanted = submodules + ([base] if len(submodules) < len(names) or not names else [])
            for name in wanted:
                while name and name not in files:
                    name = name.rpartition(".")[0]
                if name and name != module:
                    targets.add(name)
        graph[module] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of two or more modules (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def is_scene(module: str) -> bool:
    """Whether ``module`` is a scene module."""
    scene = module.startswith(SCENE_MODULES_PREFIX) or module in SCENE_MODULES_EXTRA
    return scene and module not in SCENE_HELPERS


def layering_problems(graph: dict[str, set[str]], package: str) -> list[str]:
    """Every import that breaks the layering rules, one line each."""
    problems = []
    for module, targets in sorted(graph.items()):
        layer = module.split(".")[1] if "." in module else ""
        for target in sorted(targets):
            if layer in PURE_PACKAGES and target.split(".")[0] == "pygame":
                problems.append(f"{module} imports pygame")
            if is_scene(module) and is_scene(target) and target != module:
                problems.append(f"scene {module} imports scene {target}")
    return problems


def main(argv: list[str]) -> int:
    """Print cycles (run-time and type-only) and layering problems; 1 if there are any that
    fail: run-time cycles and layering problems always, type-only cycles with
    ``--with-type-checking``."""
    strict = "--with-type-checking" in argv
    paths = [arg for arg in argv if not arg.startswith("--")]
    root = Path(paths[0] if paths else Path(__file__).resolve().parents[1] / "cacao_game").resolve()
    graph = import_graph(root)
    found = cycles(graph)
    for component in found:
        print(f"cycle of {len(component)}: {', '.join(component)}")
    type_only = [c for c in cycles(import_graph(root, type_checking=True)) if c not in found]
    for component in type_only:
        print(f"type-only cycle of {len(component)}: {', '.join(component)}")
    problems = layering_problems(graph, root.name)
    for problem in problems:
        print(problem)
    counts = f"import cycles: {len(found)}; type-only cycles: {len(type_only)}"
    print(f"{counts}; layering problems: {len(problems)}")
    if type_only and not strict:
        print("(type-only cycles fail with --with-type-checking)")
    return 1 if found or problems or (strict and type_only) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
