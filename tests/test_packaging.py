"""Packaging (issue 24): the package list of ``pyproject.toml`` is the source tree, the version
is written once, the assets are found through ``importlib.resources``, and ``--check-assets``
notices what falls back. The wheel itself is built and installed by ``tests/test_install.py``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata, resources
from pathlib import Path

import pytest
from referee_loader import load_tool

from cacao_game.app.assets import assets_root
from cacao_game.cli import main
from cacao_game.version import DISTRIBUTION, UNKNOWN, app_version

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CHECK = load_tool("check_install")


def folders_as_packages(folder: Path, package: str) -> set[str]:
    """``package`` and one package per folder under ``folder`` (caches aside)."""
    return {package} | {
        ".".join((package, *path.relative_to(folder).parts))
        for path in folder.rglob("*")
        if path.is_dir() and "__pycache__" not in path.parts
    }


def test_the_package_list_is_every_folder_of_the_code_the_catalogs_and_the_assets() -> None:
    """A folder missing from ``[tool.setuptools] packages`` would be left out of the wheel."""
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    expected = folders_as_packages(ROOT / "cacao_game", "cacao_game") | folders_as_packages(
        ROOT / "assets", "cacao_game.assets"
    )
    assert listed == expected
    assert PYPROJECT["tool"]["setuptools"]["package-dir"] == {"cacao_game.assets": "assets"}


def test_the_version_is_the_one_of_pyproject_read_from_the_metadata() -> None:
    """Written once in pyproject.toml; the program reads the installed metadata."""
    assert app_version() == metadata.version(DISTRIBUTION) == PYPROJECT["project"]["version"]
    assert "version" not in PYPROJECT["project"].get("dynamic", [])


@pytest.mark.parametrize("entry", [["-m", "cacao_game"], ["-c", "from cacao_game.cli import main; main()"]])
def test_version_option_prints_the_version(entry: list[str]) -> None:
    """``python -m cacao_game --version`` (and the ``cacao`` script's ``main``) print it."""
    done = subprocess.run(
        [sys.executable, *entry, "--version"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0
    assert done.stdout == f"cacao {PYPROJECT['project']['version']}\n"


def test_assets_are_the_package_data_of_cacao_game_assets(monkeypatch: pytest.MonkeyPatch) -> None:
    """One way to the assets: importlib.resources on ``cacao_game.assets``; CACAO_ASSETS overrides."""
    monkeypatch.delenv("CACAO_ASSETS", raising=False)
    assert assets_root() == resources.files("cacao_game.assets")
    assert (assets_root() / "layout.tmx").is_file()
    monkeypatch.setenv("CACAO_ASSETS", str(ROOT / "elsewhere"))
    assert assets_root() == ROOT / "elsewhere"


def test_check_assets_passes_here_and_fails_on_a_folder_missing_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], user_home: Path
) -> None:
    """``--check-assets`` loads every file and draws the menu; a missing
    file falls back, which it reports with exit code 1."""
    monkeypatch.delenv("CACAO_ASSETS", raising=False)
    assert main(["--check-assets"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"assets: {assets_root()}\n") and "nothing fell back" in out
    broken = tmp_path / "assets"
    shutil.copytree(assets_root(), broken)
    (broken / "fonts" / "Lato-Bold.ttf").unlink()
    monkeypatch.setenv("CACAO_ASSETS", str(broken))
    assert main(["--check-assets"]) == 1
    assert "Lato-Bold.ttf" in capsys.readouterr().err


def test_check_assets_needs_no_sound_device_unless_one_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], user_home: Path
) -> None:
    """A trial's machine without a sound device printed the audio system's errors around the
    check: without ``SDL_AUDIODRIVER`` set, the check decodes the sounds through SDL's dummy
    driver; a driver the user named is kept."""
    monkeypatch.delenv("CACAO_ASSETS", raising=False)
    monkeypatch.delenv("SDL_AUDIODRIVER")
    assert main(["--check-assets"]) == 0
    assert os.environ["SDL_AUDIODRIVER"] == "dummy"
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", os.devnull)
    assert main(["--check-assets"]) == 0
    assert os.environ["SDL_AUDIODRIVER"] == "disk"
    capsys.readouterr()


def test_check_assets_goes_alone() -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--check-assets", "--headless", "--seats", "random,random"])
    assert stop.value.code == 2


def test_the_install_check_compares_installed_assets_byte_for_byte(tmp_path: Path) -> None:
    """``tools/check_install.py`` names a file missing, changed or extra in an installation."""
    installed = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", installed, ignore=shutil.ignore_patterns("__pycache__"))
    assert CHECK.compare_assets(installed) == []
    (installed / "palettes.json").write_text("{}", encoding="utf-8")
    (installed / "sounds" / "click.wav").unlink()
    (installed / "stray.png").write_bytes(b"")
    assert CHECK.compare_assets(installed) == [
        "missing from the installation: sounds/click.wav",
        "not in the checkout: stray.png",
        "differs from the checkout: palettes.json",
    ]


def test_a_checkout_that_is_not_installed_says_so_and_falls_back(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Without the package ``cacao_game.assets`` (no ``pip install -e .``) the log says what
    to do and every asset falls back; without the metadata the version is ``unknown``."""
    monkeypatch.delenv("CACAO_ASSETS", raising=False)

    def not_installed(package: str) -> Path:
        raise ModuleNotFoundError(package)

    def no_metadata(distribution: str) -> str:
        raise metadata.PackageNotFoundError(distribution)

    monkeypatch.setattr(resources, "files", not_installed)
    monkeypatch.setattr(metadata, "version", no_metadata)
    with caplog.at_level("WARNING"):
        root = assets_root()
        version = app_version.__wrapped__()
    assert not (root / "layout.tmx").exists()
    assert version == UNKNOWN
    assert "pip install -e ." in caplog.text and "is not installed" in caplog.text
