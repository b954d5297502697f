"""Install Cacao as a player would, outside the checkout, and check that it works.

    python tools/check_install.py [--find-links DIR] [--keep DIR]

1. Builds the sdist from a copy of the sources (setuptools from PyPI in a throwaway folder),
   then the wheel from that sdist (``pip wheel``, same setuptools): the wheel carries what the
   sdist carries.
2. Makes a fresh venv in a temporary folder outside the checkout and installs the wheel
   (its dependencies from PyPI, or from ``--find-links DIR`` too).
3. From that folder, with a clean environment (no ``PYTHONPATH``, no ``CACAO_ASSETS``, a
   fresh ``CACAO_HOME``), ``check_program``: ``cacao --version`` prints the version of
   ``pyproject.toml``, a headless game finishes, ``cacao --check-assets`` loads every asset
   and draws the menu with nothing falling back, and every file under the
   checkout's ``assets/`` is in the installed package, byte for byte.

Prints each step's time and the sizes; exit code 1 after the first failed step. ``--keep``
leaves the build and the venv in DIR. ``tools/make_bundle.py --check`` runs the same checks on
the PyInstaller bundle.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
SOURCES = ("pyproject.toml", "README.md", "cacao_game", "assets")
"""What a build needs from the checkout (copied, so no build folder is left in it)."""
GAME = ("--headless", "--seats", "random,medium", "--seed", "3")
"""The headless game every installation plays."""
HIDDEN = ("PYTHONPATH", "PYTHONHOME", "CACAO_ASSETS", "VIRTUAL_ENV")
"""Environment variables that could make a run find the checkout instead of the install."""
TIMEOUT = 600
ASSETS_LINE = "assets: "
"""How ``--check-assets`` (in English) starts the line naming the assets folder."""


class CheckFailed(Exception):
    """A step of the check failed; the message says which and why."""


def project_version() -> str:
    """The version written in ``pyproject.toml`` (the one place it is written)."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def clean_env(home: Path) -> dict[str, str]:
    """The environment of a run outside the checkout: none of ``HIDDEN``, user files under
    ``home``, SDL's dummy video and audio drivers, English messages."""
    env = {key: value for key, value in os.environ.items() if key not in HIDDEN}
    env.update(
        CACAO_HOME=str(home),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        LANGUAGE="en",
    )
    return env


def run(command: Sequence[str | Path], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``command`` in ``cwd``; its standard output, or CheckFailed with its output."""
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    if done.returncode != 0:
        shown = " ".join(str(part) for part in command)
        raise CheckFailed(f"{shown} exited with {done.returncode}:\n{done.stdout}{done.stderr}")
    return done.stdout


def file_digests(root: Path) -> dict[str, str]:
    """sha256 of every file under ``root`` by relative path (compiled caches aside)."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def compare_assets(installed: Path) -> list[str]:
    """What differs between the checkout's ``assets/`` and the installed ``installed`` folder:
    a missing or changed file is a problem; an installed extra file is one too."""
    want, have = file_digests(ASSETS), file_digests(installed)
    problems = [f"missing from the installation: {name}" for name in sorted(set(want) - set(have))]
    problems += [f"not in the checkout: {name}" for name in sorted(set(have) - set(want))]
    problems += [
        f"differs from the checkout: {name}"
        for name in sorted(want)
        if have.get(name, want[name]) != want[name]
    ]
    return problems


def check_program(program: Sequence[str | Path], workdir: Path, timings: dict[str, float]) -> Path:
    """Run the installed ``program`` (its command line, e.g. ``[venv/bin/cacao]``) from
    ``workdir``: ``--version``, a headless game, ``--check-assets`` and the comparison of its
    assets with the checkout's. The installed assets folder; CheckFailed on any problem."""
    env = clean_env(workdir / "home")
    started = time.perf_counter()
    version = run([*program, "--version"], workdir, env).strip()
    timings["--version"] = time.perf_counter() - started
    if version != f"cacao {project_version()}":
        raise CheckFailed(f"--version printed {version!r}, pyproject.toml says {project_version()}")
    started = time.perf_counter()
    game = run([*program, *GAME], workdir, env)
    timings["headless game"] = time.perf_counter() - started
    if "winners=" not in game:
        raise CheckFailed(f"the headless game printed no result:\n{game}")
    started = time.perf_counter()
    lines = run([*program, "--check-assets"], workdir, env).splitlines()
    timings["--check-assets"] = time.perf_counter() - started
    shown = next((line for line in lines if line.startswith(ASSETS_LINE)), ASSETS_LINE)
    folder = Path(shown.removeprefix(ASSETS_LINE))
    if ROOT in folder.resolve().parents:
        raise CheckFailed(f"the installation reads the checkout's assets: {folder}")
    problems = compare_assets(folder)
    if problems:
        raise CheckFailed("\n".join(problems))
    print(f"  {version}; {game.splitlines()[0]}\n  {lines[-1]}\n  assets: {folder}")
    return folder


def folder_size(path: Path) -> int:
    """Bytes of every file under ``path``."""
    return sum(item.stat().st_size for item in path.rglob("*") if item.is_file() and not item.is_symlink())


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def copy_sources(target: Path) -> Path:
    """The files a build needs (``SOURCES``), copied to ``target``; ``target``."""
    target.mkdir(parents=True)
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, target / name)
    return target


def build(work: Path, find_links: Sequence[str]) -> tuple[Path, Path]:
    """The sdist (built by setuptools from a copy of the sources) and the wheel built from it
    (by pip, with the same setuptools: no second build environment to make)."""
    tools = work / "build-tools"
    run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--target", tools, "setuptools>=77", *find_links],
        work,
    )
    source = copy_sources(work / "source")
    dist = work / "dist"
    script = "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))"
    env = {**os.environ, "PYTHONPATH": str(tools)}
    sdist = dist / run([sys.executable, "-c", script, dist], source, env).strip().splitlines()[-1]
    wheel = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", dist]
    run([*wheel, sdist, *find_links], work, env)
    wheels = sorted(dist.glob("*.whl"))
    if len(wheels) != 1:
        raise CheckFailed(f"expected one wheel in {dist}, found {wheels}")
    return sdist, wheels[0]


def venv_program(venv: Path, name: str) -> Path:
    """The path of script ``name`` in ``venv`` (``bin`` or, on Windows, ``Scripts``)."""
    folder = venv / ("Scripts" if os.name == "nt" else "bin")
    return folder / (f"{name}.exe" if os.name == "nt" else name)


def check_install(work: Path, find_links: Sequence[str] = ()) -> dict[str, float]:
    """Build, install into a fresh venv under ``work`` and ``check_program``; the timings."""
    links = [option for folder in find_links for option in ("--find-links", folder)]
    timings: dict[str, float] = {}
    started = time.perf_counter()
    sdist, wheel = build(work, links)
    timings["sdist and wheel"] = time.perf_counter() - started
    sizes = f"sdist {megabytes(sdist.stat().st_size)}, wheel {megabytes(wheel.stat().st_size)}"
    print(f"  {sdist.name} and {wheel.name}: {sizes}")
    venv = work / "venv"
    started = time.perf_counter()
    run([sys.executable, "-m", "venv", venv], work)
    run([venv_program(venv, "python"), "-m", "pip", "install", "--quiet", wheel, *links], work)
    timings["venv and install"] = time.perf_counter() - started
    print(f"  venv {megabytes(folder_size(venv))} with the game and its dependencies")
    outside = work / "elsewhere"
    outside.mkdir()
    check_program([venv_program(venv, "cacao")], outside, timings)
    return timings


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--find-links", action="append", default=[], metavar="DIR", help="extra wheels for pip"
    )
    parser.add_argument(
        "--keep", type=Path, default=None, metavar="DIR", help="build and install in DIR, kept"
    )
    args = parser.parse_args(argv)
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=False)
    with tempfile.TemporaryDirectory(prefix="cacao-install-") as temporary:
        work = args.keep.resolve() if args.keep is not None else Path(temporary)
        if ROOT in work.parents:
            parser.error(f"{work} is inside the checkout: the point is to install outside it")
        try:
            timings = check_install(work, args.find_links)
        except CheckFailed as error:
            print(f"install check FAILED: {error}", file=sys.stderr)
            return 1
    print(
        "install check passed: " + ", ".join(f"{step} {seconds:.1f} s" for step, seconds in timings.items())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
