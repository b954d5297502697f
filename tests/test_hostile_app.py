"""The hostile corpus through the app itself, under the dummy video driver: ``--load``,
``--replay``, Continue and the Load screen. Each file is refused with a one-line notice or
shown; the app never raises and every frame draws."""

from __future__ import annotations

import shutil
from types import SimpleNamespace

import pytest
from harness import click_label, run
from test_hostile_corpus import load_tool

from cacao_game import saves
from cacao_game.app.main import first_scenes
from cacao_game.app.strings import t


@pytest.fixture(scope="module")
def corpus() -> dict[str, bytes]:
    return load_tool().corpus()


def shown_or_refused(app) -> None:
    """The app is at the menu with a one-line notice, or shows the file; a frame draws."""
    run(app, 2)
    app.draw(app.screen)
    names = [type(scene).__name__ for scene in app.stack]
    assert names[0] == "MenuScene"
    if len(names) == 1:
        assert app.toast is not None and "\n" not in app.toast[0]
    else:
        assert names[1:] == ["PlayScene"]


def test_load_and_replay_arguments_refuse_or_show_every_corpus_file(app, tmp_path, corpus) -> None:
    """``--load`` and ``--replay`` of every file and every hostile path (a pipe, a folder,
    /dev/zero, a 100 MB file): a one-line notice over the menu, or the game shown."""
    paths = {name: tmp_path / name for name in corpus}
    for name, data in corpus.items():
        paths[name].write_bytes(data)
    paths.update(load_tool().hostile_paths(tmp_path / "paths"))
    for name, path in paths.items():
        for option in ("load", "replay"):
            app.toast = None
            first_scenes(app, SimpleNamespace(load=path if option == "load" else None,
                                              replay=path if option == "replay" else None))  # fmt: skip
            try:
                shown_or_refused(app)
            except AssertionError as error:
                raise AssertionError(f"{option} {name}: {error}") from error


def test_continue_and_the_load_screen_survive_every_corpus_file(app, corpus) -> None:
    """Every corpus file as the autosave (Continue) and all of them in the saves folder at
    once (the Load screen lists them, refused ones marked): nothing raises."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in corpus.items():
        saves.autosave_path().write_bytes(data)
        shutil.rmtree(folder.parent / "unused", ignore_errors=True)
        app.home()
        app.toast = None
        run(app)
        if app.top.button(t("menu.continue")) is not None:
            click_label(app, t("menu.continue"))
        try:
            shown_or_refused(app)
        except AssertionError as error:
            raise AssertionError(f"continue {name}: {error}") from error
    for index, data in enumerate(corpus.values()):
        (folder / f"hostile {index}.json").write_bytes(data)
    app.home()
    run(app)
    click_label(app, t("menu.load"))
    run(app, 3)
    assert type(app.top).__name__ == "LoadScene"
    assert len(app.top.saves) >= len(corpus)
    app.draw(app.screen)
