"""Parts of the app shell: intents from key bindings, layout anchors, assets with fallbacks,
the no-display check, the load scene (delete only after confirmation) and the settings scene."""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import SimpleNamespace

import harness
import hypothesis.strategies as st
import pygame
import pytest
from harness import click, click_label, key, press, run
from hypothesis import given, settings

from cacao_game.app import prefs, routes
from cacao_game.app.assets import Assets, assets_root
from cacao_game.app.intents import IntentMap, display_name, rebind
from cacao_game.app.layout import DEFAULT_ANCHORS, Layout, object_kind
from cacao_game.app.main import display_problem, run_app, window_size
from cacao_game.app.scenes.confirm import ConfirmDialog
from cacao_game.app.scenes.load import LoadScene
from cacao_game.app.scenes.settings import SettingsScene
from cacao_game.app.strings import t
from cacao_game.config.game import GameConfig, SeatConfig
from cacao_game.config.settings import DEFAULT_KEY_BINDINGS, SPARE_KEYS, load_settings

ASSETS = assets_root()


# ---------------------------------------------------------------- intents


def test_intents_follow_the_bindings_and_ctrl():
    """Plain keys match without Ctrl only; ``ctrl+`` bindings match with Ctrl only."""
    pygame.display.init()
    intents = IntentMap(prefs.default_key_bindings())
    assert intents.of(key("s")) == ("pan_down",)
    assert intents.of(key("s", pygame.KMOD_LCTRL)) == ("save",)
    assert intents.of(key("space")) == ("confirm", "skip")
    assert intents.of(key("f1")) == ("help",)
    assert intents.of(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(0, 0), button=1)) == ()
    assert intents.has(intents.event_for("undo"), "undo")


KEY_POOL = sorted({key for keys in DEFAULT_KEY_BINDINGS.values() for key in keys} | set(SPARE_KEYS[:6]))
"""Keys a player may press when rebinding: every default key and a few spare ones."""


def test_rebind_swaps_a_key_that_is_in_use():
    """Rebinding Hint to Q (Rotate anticlockwise's only key) swaps the keys: Hint gets Q,
    Rotate anticlockwise gets H, and no action is left without a key."""
    bindings, moved = rebind(prefs.default_key_bindings(), "hint", "q")
    assert bindings["hint"] == ["q"] and bindings["rotate_ccw"] == ["h"]
    assert moved == [("rotate_ccw", "h")]
    assert all(bindings.values())
    intents = IntentMap(bindings)
    pygame.display.init()
    assert intents.of(key("q")) == ("hint",)
    assert intents.of(key("h")) == ("rotate_ccw",)


def test_an_action_that_loses_its_key_takes_back_its_own_default_first():
    """A trial bound Hint to G, then Undo to G: the swap gave Hint Undo's Ctrl+Z, so Ctrl+Z
    asked for a hint. An action left without a key takes back its own default key if it is
    free (H), and only else the other action's old key."""
    bindings, _moved = rebind(prefs.default_key_bindings(), "hint", "g")
    bindings, moved = rebind(bindings, "undo", "g")
    assert bindings["undo"] == ["g"] and bindings["hint"] == ["h"] and moved == [("hint", "h")]
    assert all(bindings.values())


def test_rebind_takes_one_of_several_keys_without_a_swap():
    """An intent that keeps another key just loses the rebound one (Enter stays Confirm)."""
    bindings, moved = rebind(prefs.default_key_bindings(), "hint", "space")
    assert bindings["confirm"] == ["return"] and bindings["skip"] == ["h"]
    assert ("confirm", None) in moved and ("skip", "h") in moved


def test_two_actions_left_without_a_key_both_get_one():
    """Undo on Enter leaves Confirm and Skip sharing Space alone; Hint on Space then takes it
    from both: Confirm gets H, Skip a free key of its own, and no action is unbound (found by
    the 100,000-event monkey)."""
    bindings, _moved = rebind(prefs.default_key_bindings(), "undo", "return")
    assert bindings["confirm"] == ["space"] and bindings["skip"] == ["space"]
    bindings, moved = rebind(bindings, "hint", "space")
    assert dict(moved) == {"confirm": "h", "skip": dict(moved)["skip"]}
    assert dict(moved)["skip"] not in ("h", "space")
    assert all(bindings.values())
    assert IntentMap(bindings).event_for("skip") is not None


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(sorted(DEFAULT_KEY_BINDINGS)), st.sampled_from(KEY_POOL)), max_size=12)
)
def test_no_sequence_of_rebinds_leaves_an_action_unbound(steps):
    """Whatever keys are rebound, in any order, every action keeps a key that builds an event."""
    bindings = prefs.default_key_bindings()
    for intent, new_key in steps:
        bindings, _moved = rebind(bindings, intent, new_key)
        assert bindings[intent] == [new_key]
        assert all(bindings.values())
    intents = IntentMap(bindings)
    for intent in bindings:
        intents.event_for(intent)


def test_key_labels_are_readable():
    """Bindings are shown as players expect them."""
    assert display_name("ctrl+s") == "Ctrl+S"
    assert display_name("escape") == "Esc"
    assert IntentMap({"confirm": ["return", "space"]}).label("confirm") == "Enter / Space"


# ---------------------------------------------------------------- layout and assets


def test_layout_reads_every_anchor_from_the_map():
    """The shipped map gives every required anchor as a Rect inside 1920x1080."""
    layout = Layout.load(ASSETS / "layout.tmx")
    for name in DEFAULT_ANCHORS:
        rect = layout[name]
        assert pygame.Rect(0, 0, 1920, 1080).contains(rect), name


def test_layout_falls_back_when_the_map_is_missing(tmp_path, caplog):
    """A missing map gives the built-in anchors and a warning."""
    layout = Layout.load(tmp_path / "none.tmx")
    assert layout["board"] == pygame.Rect(DEFAULT_ANCHORS["board"])
    assert "layout" in caplog.text


def test_object_kind_reads_type_or_class():
    """Tiled's ``type`` (old) and ``class`` (1.9+) both name the kind."""
    assert object_kind(SimpleNamespace(type="anchor", properties={})) == "anchor"
    assert object_kind(SimpleNamespace(type=None, class_="anchor", properties={})) == "anchor"
    assert object_kind(SimpleNamespace(type=None, properties={})) == ""


def test_missing_assets_fall_back_to_placeholders(tmp_path, caplog):
    """With an empty assets folder images, fonts, colours and sounds still work."""
    pygame.font.init()
    assets = Assets(tmp_path, sound=True)
    assert assets.jungle_tile("temple", 80).get_size() == (80, 80)
    assert assets.background((1920, 1080)).get_size() == (1920, 1080)
    assert assets.background((1366, 768)).get_size() == (1366, 768)
    assert assets.font(24).size("Cacao")[0] > 0
    assert assets.seat_color("red") == pygame.Color("#C62828")
    assets.play("click")
    assert "unavailable" in caplog.text


def test_palettes_differ_and_sound_off_is_silent(monkeypatch):
    """The colour-blind palette changes seat colours; with sound off the mixer is never touched."""
    assets = Assets(ASSETS, sound=False)
    classic = assets.seat_color("red")
    assets.set_palette("colorblind")
    assert assets.seat_color("red") != classic
    assets.worker_tile("red", "1111")
    assert assets._images.peek("tiles/workers/colorblind/red_1111.png") is not None
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: pytest.fail("mixer started"))
    assets.play("click")


# ---------------------------------------------------------------- display check


def test_no_display_is_refused_with_a_message(monkeypatch, capsys):
    """Under SDL's dummy driver (no display) run_app prints a clear message and returns 1."""
    monkeypatch.delenv("CACAO_ALLOW_DUMMY", raising=False)
    assert "display" in (display_problem() or "")
    assert run_app(SimpleNamespace(windowed=False)) == 1
    assert "graphical display" in capsys.readouterr().err


def test_the_window_goes_before_the_scenes_close(app, monkeypatch):
    """A trial watched the window stay up to seconds after closing it, while the computer's
    process was given time to stop: the loop closes the window first, then the scenes (their
    workers stop and their saves finish behind it)."""
    from cacao_game.app.scene import Scene

    order: list[str] = []

    class Closing(Scene):
        def exit(self) -> None:
            order.append("scene")

    monkeypatch.setattr(pygame.display, "quit", lambda: order.append("window"))
    app.push(Closing(app))
    app.quit()
    assert app.run(pygame.time.Clock()) == 0
    assert order == ["window", "scene"] and not app.stack


def test_the_dummy_driver_is_allowed_for_tools(monkeypatch):
    """CACAO_ALLOW_DUMMY=1 accepts the dummy driver."""
    monkeypatch.setenv("CACAO_ALLOW_DUMMY", "1")
    assert display_problem() is None


def test_window_fits_the_desktop_at_16_9():
    """--windowed sizes the window to 90% of the desktop, keeping 16:9, but never below the
    smallest window the player could drag to (a playtest's 1366x768 desktop asked for 1229x691,
    under the 1280x720 minimum), nor beyond a smaller desktop."""
    assert window_size((1920, 1080)) == (1728, 972)
    assert window_size((3840, 2160)) == (3456, 1944)
    assert window_size((1366, 768)) == (1280, 720)
    assert window_size((1024, 600)) == (1024, 600)


def test_leaving_full_screen_sizes_the_window_again_when_sdl_kept_the_full_screen_size(monkeypatch):
    """X11 with SDL's plain framebuffer kept the full-screen size when the window came back
    (a 1366x768 window whose title bar lay off screen): ``open_display`` asks for the window's
    size again and draws on the display surface of that size."""
    from cacao_game.app import main

    desktop = (1366, 768)
    wanted = window_size(desktop)

    class FakeWindow:
        size = desktop
        minimum_size = (0, 0)
        position: object = None

    window = FakeWindow()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    monkeypatch.setattr(pygame.display, "set_mode", lambda size, flags=0: pygame.Surface(desktop))
    monkeypatch.setattr(pygame.display, "get_surface", lambda: pygame.Surface(window.size))
    monkeypatch.setattr(pygame, "Window", SimpleNamespace(from_display_module=lambda: window))
    screen = main.open_display(windowed=True)
    assert window.size == wanted and screen.get_size() == wanted
    assert window.position == pygame.WINDOWPOS_CENTERED


# ---------------------------------------------------------------- load scene


def make_saves() -> tuple[Path, Path]:
    """A good save and a refused file in the saves folder."""
    from cacao_game.saves import save_game, saves_dir, slot_path

    config = GameConfig([SeatConfig("A", "red", "human"), SeatConfig("B", "white", "human")], "base", 2)
    saves_dir().mkdir(parents=True, exist_ok=True)
    good = slot_path("good")
    save_game(good, harness.random_game(config, 8), config, {})
    bad = saves_dir() / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    return good, bad


def open_load(app) -> LoadScene:
    """The load scene, shown."""
    scene = LoadScene(app)
    app.push(scene)
    run(app)
    return scene


def open_settings(app) -> SettingsScene:
    """The settings scene, shown."""
    scene = SettingsScene(app)
    app.push(scene)
    run(app)
    return scene


def buttons(scene, label: str) -> list:
    """The scene's widgets labelled ``label``, in row order."""
    return [w for w in scene.widgets if getattr(w, "label", "") == label]


def test_load_lists_saves_and_refused_files_with_reasons(app):
    """Every save is listed; a refused one has its reason and no enabled Load button."""
    good, bad = make_saves()
    scene = open_load(app)
    by_path = {info.path: info for info in scene.saves}
    assert set(by_path) == {good, bad}
    assert by_path[bad].error and by_path[good].error is None
    loads = buttons(scene, t("load.load"))
    assert sorted(w.enabled for w in loads) == [False, True]


def test_load_names_the_game_given_seats_in_the_language_shown_now(app):
    """A tester started a game in French and opened Load in English: its row read "IA moyenne"
    where the table and the scoring screen say "Medium AI". A name the game gave is shown in
    the current language, as everywhere else; a typed name stays as it is."""
    from cacao_game.saves import save_game, slot_path

    seats = [SeatConfig("Ana", "red", "human"), SeatConfig("IA moyenne", "white", "medium")]
    config = GameConfig(seats, "base", 2)
    save_game(slot_path("french"), harness.random_game(config, 8), config, {})
    scene = open_load(app)
    (info,) = scene.saves
    assert scene.seat_names(info) == ["Ana", t("kind.medium")] == ["Ana", "Medium AI"]
    assert info.seats[1]["name"] == "IA moyenne", "the file keeps the name as it was"


def test_delete_needs_confirmation(app):
    """Delete asks first: Cancel keeps the file (even a refused one), Delete removes it."""
    _good, bad = make_saves()
    scene = open_load(app)
    index = [info.path for info in scene.saves].index(bad)
    deletes = buttons(scene, t("load.delete"))
    harness.click(app, deletes[index].rect.center)
    assert isinstance(app.top, ConfirmDialog) and bad.exists()
    click_label(app, t("common.cancel"))
    assert bad.exists() and app.top is scene
    harness.click(app, deletes[index].rect.center)
    click_label(app, t("load.delete"))
    assert not bad.exists()
    assert [info.path.name for info in scene.saves] == ["good.json"]


def test_a_question_takes_no_click_until_it_can_be_read(app):
    """A trial clicked Host a game twice, half a second apart: the second click fell on the Yes
    of the question the first one asked, and the game hosted before ended unseen. A click
    within ``ARMING_SECONDS`` of the question does nothing; a click after, or a key at once,
    answers it."""
    from cacao_game.app.scenes.confirm import ARMING_SECONDS

    answers: list[str] = []
    app.open(routes.Confirm("End the hosted game?", lambda: answers.append("yes"), danger=True))
    dialog = app.top
    yes = next(w for w in dialog.widgets if getattr(w, "label", None) == t("common.yes"))
    app.step(harness.click_events(yes.rect.center), 0.1)
    app.step(harness.click_events(yes.rect.center), ARMING_SECONDS / 2)
    assert app.top is dialog and answers == []
    run(app, 1, ARMING_SECONDS)
    app.step(harness.click_events(yes.rect.center), 0.02)
    assert answers == ["yes"] and app.top is not dialog
    app.open(routes.Confirm("Again?", lambda: answers.append("again")))
    app.step([key("escape")], 0.02)
    assert answers == ["yes"] and not isinstance(app.top, ConfirmDialog), "Esc answers No at once"


def test_load_opens_the_save(app, monkeypatch):
    """Load opens the play scene with the saved config and game."""
    good, _bad = make_saves()
    scene = open_load(app)
    index = [info.path for info in scene.saves].index(good)
    loads = buttons(scene, t("load.load"))
    harness.click(app, loads[index].rect.center)
    assert type(app.top).__name__ == "PlayScene"
    assert app.top.config.seed == 2


# ---------------------------------------------------------------- settings scene


def test_settings_changes_apply_at_once_and_are_written_on_leaving(app, monkeypatch):
    """Changing the colour scheme applies at once; the file is not written during the
    scene's frames (a write and its fsync take longer than a frame) but when it is left."""
    from cacao_game.app import prefs as prefs_module

    writes = []
    real_save = prefs_module.save
    monkeypatch.setattr(prefs_module, "save", lambda settings: writes.append(1) or real_save(settings))
    scene = open_settings(app)
    scene.change(palette="colorblind")
    scene.change(sound=False)
    run(app, 3)
    assert app.assets.palette == "colorblind"
    assert writes == []
    press(app, "pause")
    assert scene not in app.stack
    assert writes == [1]
    assert load_settings().palette == "colorblind" and load_settings().sound is False
    assert Path(os.environ["CACAO_HOME"]).exists()


def test_a_scale_setting_stops_at_its_ends(app):
    """A trial stepped the computer's pacing up from 3 s and got 0 s: the arrows of a scale
    (pacing, animation speed, size, thinking times) stop at its ends; other choices (the
    language) go round."""
    from cacao_game.app.widgets import Cycler
    from cacao_game.config.choices import AI_PACINGS

    scene = open_settings(app)
    scene.change(ai_pacing=max(AI_PACINGS))
    scene.build()
    pacing = next(w for w in scene.widgets if isinstance(w, Cycler) and w.value == max(AI_PACINGS))
    assert pacing.ordered
    pacing.step(app, 1)
    assert app.settings.ai_pacing == max(AI_PACINGS) == pacing.value
    pacing.step(app, -1)
    assert app.settings.ai_pacing == sorted(AI_PACINGS)[-2]
    language = next(w for w in scene.widgets if isinstance(w, Cycler) and w.value == app.settings.language)
    assert not language.ordered


def test_rebinding_a_key_in_the_settings(app):
    """Change + a key press rebinds the intent; Esc cancels a rebind and says the keys kept
    (a playtest saw a silent cancel and could not tell whether the key was now Esc)."""
    scene = open_settings(app)
    scene.start_capture("hint")
    app.step([key("escape")], 0.016)
    assert app.intents.keys_for("hint") == ["h"] and app.top is scene
    assert app.toast[0] == t("settings.key_kept", intent=t("intent.hint"), keys="H")
    scene.start_capture("hint")
    app.step([key("left ctrl", pygame.KMOD_LCTRL), key("j")], 0.016)
    assert app.intents.keys_for("hint") == ["j"]
    app.step([key("j")], 0.016)
    assert app.top is scene


def test_pauses_own_key_says_how_to_cancel_and_a_click_cancels(app):
    """Playtest: the prompt said "Esc cancels", but for Pause/back's own key Esc is taken as the
    new key (so Esc can become it again). Its prompt says so and that a click cancels; a click
    cancels any rebind and changes nothing."""
    scene = open_settings(app)
    scene.start_capture("pause")
    assert scene.capture_prompt() == t(
        "settings.press_key_replaces_pause", intent=t("intent.pause"), keys="Esc"
    )
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))
    app.step([click], 0.016)
    assert scene.capturing is None and app.intents.keys_for("pause") == ["escape"]
    scene.start_capture("hint")
    assert "Esc" in scene.capture_prompt() and scene.capture_prompt() == t(
        "settings.press_key_replaces", intent=t("intent.hint"), keys="H"
    )
    app.step([click], 0.016)
    assert scene.capturing is None and app.intents.keys_for("hint") == ["h"]
    assert app.toast[0] == t("settings.key_kept", intent=t("intent.hint"), keys="H")


def test_change_says_which_keys_it_replaced(app):
    """Playtest: Change on Confirm and a new key dropped Enter and Space without a word. The
    prompt says which keys the new one replaces, and the notice after names the action's key
    now and its keys before (with a key taken from another action, that too: Confirm takes
    back its own Enter)."""
    scene = open_settings(app)
    scene.start_capture("confirm")
    assert scene.capture_prompt() == t(
        "settings.press_key_replaces", intent=t("intent.confirm"), keys="Enter, Space"
    )
    app.toast = None
    app.step([key("f")], 0.016)
    assert app.intents.keys_for("confirm") == ["f"]
    assert app.toast is not None
    assert app.toast[0] == t("settings.key_replaced", intent=t("intent.confirm"), key="F", old="Enter, Space")
    scene.start_capture("hint")
    app.step([key("f")], 0.016)
    parts = app.toast[0].split(" · ")
    assert parts[0] == t("settings.key_replaced", intent=t("intent.hint"), key="F", old="H")
    assert parts[1] == t("settings.key_swapped", key="F", intent=t("intent.confirm"), other="Enter")
    click_label(app, t("settings.reset_keys"))
    assert app.intents.keys_for("confirm") == ["return"], "Reset keys asks before it resets"
    click_label(app, t("common.cancel"))
    assert app.top is scene and app.intents.keys_for("hint") == ["f"], "Cancel keeps the chosen keys"
    click_label(app, t("settings.reset_keys"))
    click_label(app, t("settings.reset_keys"))
    assert app.top is scene
    assert app.intents.keys_for("confirm") == ["return", "space"] and app.intents.keys_for("hint") == ["h"]
    assert app.toast is not None and app.toast[0] == t("settings.keys_reset"), "Reset keys says so"
    click_label(app, t("settings.reset_keys"))
    assert app.top is scene, "nothing to reset: no question"
    assert app.toast is not None and app.toast[0] == t("settings.keys_already_default")


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_key_caps_hold_their_labels_whole_with_room(size):
    """Playtest: at 71 % (1366x768) the key caps in Settings and Help were cramped ("Tab" cut
    at the top, caps of two rows touching). Every cap holds its label's ink whole with at
    least 2 pixels above and below and 4 beside, within its row, and no two caps overlap."""
    from cacao_game.app.app import App
    from cacao_game.app.catalog import router
    from cacao_game.app.scenes.help import HelpOverlay
    from cacao_game.config.settings import Settings

    app = App(pygame.Surface(size), Settings(sound=False), router=router())
    settings = SettingsScene(app)
    app.push(settings)
    run(app)
    in_settings = [(settings.key_row(i), settings.key_caps(settings.key_row(i), intent))
                   for i, intent in enumerate(app.intents.bindings)]  # fmt: skip
    help_scene = HelpOverlay(app)
    app.push(help_scene)
    run(app)
    in_help = [(row, caps) for _intent, row, caps in help_scene.key_rows(help_scene.keys_area())]
    for rows in (in_settings, in_help):
        every = [cap for _row, caps in rows for cap, _label, _spot in caps]
        assert all(cap.collidelist(every[i + 1 :]) == -1 for i, cap in enumerate(every))
    for row, caps in in_settings + in_help:
        for cap, label, spot in caps:
            ink = label.get_bounding_rect().move(spot.topleft)
            assert row.top <= cap.top and cap.bottom <= row.bottom
            assert ink.top - cap.top >= 2 and cap.bottom - ink.bottom >= 2, (size, ink, cap)
            assert ink.left - cap.left >= 4 and cap.right - ink.right >= 4


def test_rebinding_to_a_used_key_never_crashes_and_survives_a_restart(app):
    """Hint → Q (Rotate anticlockwise's key): no crash, the keys are swapped, the player is
    told, and the saved settings bind every action after a restart."""
    scene = open_settings(app)
    scene.start_capture("hint")
    app.step([key("q")], 0.016)
    assert app.intents.keys_for("hint") == ["q"]
    assert app.intents.keys_for("rotate_ccw") == ["h"]
    assert app.toast is not None and "H" in app.toast[0]
    app.pop()
    reloaded = load_settings()
    assert all(reloaded.key_bindings.values())
    assert reloaded.key_bindings["rotate_ccw"] == ["h"]


def test_settings_with_an_unbound_action_get_its_default_key_back(tmp_path):
    """A settings file that leaves an action without a key is repaired on load."""
    import json

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"key_bindings": {"rotate_ccw": [], "hint": ["q"]}}))
    settings = load_settings(path)
    assert all(settings.key_bindings.values())
    assert settings.key_bindings["hint"] == ["q"]
    (spare,) = settings.key_bindings["rotate_ccw"]
    assert spare != "q" and sum(spare in keys for keys in settings.key_bindings.values()) == 1


# ---------------------------------------------------------------- command line


def test_load_and_replay_arguments_open_over_the_menu(app, tmp_path):
    """``--load`` resumes the save and ``--replay`` opens the record, both over the menu;
    a broken record leaves the menu with a notice."""
    from cacao_game.app.main import first_scenes
    from cacao_game.records import seat_entries, to_record, write_record

    good, _bad = make_saves()
    first_scenes(app, SimpleNamespace(load=good, replay=None))
    assert [type(s).__name__ for s in app.stack] == ["MenuScene", "PlayScene"]
    game = harness.random_game(
        GameConfig([SeatConfig("A", "red", "human"), SeatConfig("B", "white", "human")]), 6
    )
    record_path = tmp_path / "game.json"
    write_record(to_record(game, seat_entries(["human", "human"])), record_path)
    first_scenes(app, SimpleNamespace(load=None, replay=record_path))
    assert [type(s).__name__ for s in app.stack] == ["MenuScene", "PlayScene"]
    assert app.top.stepped
    record_path.write_text("[]", encoding="utf-8")
    first_scenes(app, SimpleNamespace(load=None, replay=record_path))
    assert [type(s).__name__ for s in app.stack] == ["MenuScene"]
    assert app.toast is not None


def test_sound_shows_no_sound_device_and_keeps_the_setting_without_an_audio_device(app, monkeypatch):
    """With no audio device the Sound row reads "No sound device" where the switch was (not
    OFF, which a playtest read as its setting lost), cannot be switched, says why in its
    tooltip, and the setting stays on for a machine that has a device."""
    from cacao_game.app import theme
    from cacao_game.app.widgets import Toggle

    monkeypatch.setattr(type(app.assets), "sound_available", property(lambda self: False))
    app.settings.sound = True
    scene = open_settings(app)
    toggle = next(w for w in scene.widgets if isinstance(w, Toggle) and w.label == t("settings.sound"))
    assert not toggle.enabled and toggle.tooltip == t("settings.no_sound")
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    inside = [d.text for d in drawn if toggle.rect.contains(d.rect)]
    assert t("settings.sound_unavailable") in inside and t("common.off").upper() not in inside
    click(app, toggle.rect.move(-10, 0).midright)
    assert app.settings.sound is True


def _difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean absolute difference of two same-size images' RGB, 0-255."""
    w, h = a.get_size()
    total = 0
    for x in range(w):
        for y in range(h):
            pa, pb = a.get_at((x, y)), b.get_at((x, y))
            total += abs(pa.r - pb.r) + abs(pa.g - pb.g) + abs(pa.b - pb.b)
    return total / (3 * w * h)


def test_turned_tiles_keep_their_hut_and_numbers_upright():
    """Issue 22 item 8: a worker tile turned upside down keeps its hut upright (not an arrow),
    a turned volcano keeps its "+2" readable where the rule puts it (VOLCANO_SIDES)."""
    from cacao_game.app.play.art import TileArt
    from cacao_game.engine.tiles import VOLCANO_SIDES

    art = TileArt(Assets(ASSETS, sound=False))
    size = 96
    hut = pygame.Rect(36, 30, 24, 30)
    flat = art.worker("red", "3001", size).subsurface(hut)
    turned = art.worker("red", "3001", size, 2).subsurface(hut)
    flipped = pygame.transform.rotate(art.worker("red", "3001", size), 180).subsurface(hut)
    assert _difference(flat, turned) * 3 < _difference(flat, flipped)

    def marker(image: pygame.Surface, side: int) -> pygame.Surface:
        centres = [(48, 11), (85, 48), (48, 85), (11, 48)]
        box = pygame.Rect(0, 0, 14, 14)
        box.center = centres[side]
        return image.subsurface(box)

    assert VOLCANO_SIDES[0][0] == VOLCANO_SIDES[2][2] == 2
    volcano = art.jungle("volcano", size)
    upright = marker(art.jungle("volcano", size, 2), 2)
    upside_down = marker(pygame.transform.rotate(volcano, 180), 2)
    assert _difference(marker(volcano, 0), upright) * 3 < _difference(marker(volcano, 0), upside_down)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_two_unfinished_saves_read_apart_and_the_underline_explains_itself(tmp_path, monkeypatch, language):
    """Tester8 at 1366x768: two "Unfinished 2026-11-26…" rows lost their times and looked the
    same, and the underline under one seat was unexplained. The names show whole (the time
    included; a volcano game's too), and resting the mouse on the underlined seat says it is
    that seat's turn."""
    from datetime import datetime

    from shots import make_app

    from cacao_game import saves
    from cacao_game.app import routes, strings, theme
    from cacao_game.app.flow import keep_unfinished
    from cacao_game.app.widgets import TOOLTIP_DELAY, Note
    from cacao_game.config.settings import Settings

    monkeypatch.setenv("CACAO_HOME", str(tmp_path))
    config = GameConfig([SeatConfig("Ana", "red", "human"), SeatConfig("Bo", "purple", "human")], "base", 3)
    autosave = saves.autosave_path()
    autosave.parent.mkdir(parents=True, exist_ok=True)
    saves.save_game(autosave, harness.random_game(config, 9), config)
    app = make_app((1366, 768), Settings(sound=False, language=language))
    try:
        kept = [keep_unfinished(datetime(2026, 11, 26, 13, 36, 5))]
        saves.save_game(autosave, harness.random_game(config, 11), config)  # another game: one save each
        kept.append(keep_unfinished(datetime(2026, 11, 26, 13, 42, 5)))
        volcano = GameConfig(config.seats, "volcano", 3)
        saves.save_game(autosave, harness.random_game(volcano, 9), volcano)
        kept.append(keep_unfinished(datetime(2026, 11, 26, 13, 50, 5)))
        autosave.unlink()
        app.home()
        app.open(routes.Load())
        run(app)
        scene = app.top
        assert isinstance(scene, LoadScene)
        with theme.text_audit() as drawn:
            app.draw(app.screen)
        shown = {text.text for text in drawn}
        assert {path.stem for path in kept} <= shown
        assert not any(path.stem in drawn.cut for path in kept)
        notes = [w for w in scene.widgets if isinstance(w, Note)]
        assert len(notes) == 3 and scene.focusable() == [w for w in scene.focusable() if w not in notes]
        playing = scene.saves[0].seats[scene.saves[0].current_seat]["name"]
        app.step([harness.motion(notes[0].rect.center)], harness.FRAME)
        run(app, 40)
        assert scene.tooltip.waited >= TOOLTIP_DELAY
        assert scene.tooltip.target is notes[0] and notes[0].tooltip == t("load.to_play", name=playing)
    finally:
        app.close()
        strings.set_language("en")


def test_a_toast_stays_long_enough_to_read_what_it_says(app) -> None:
    """A short toast shows ``TOAST_SECONDS``; a long one (an error's reason) a fraction of a
    second more for each word, so that it is not gone before it is read; both then go."""
    from cacao_game.app.toasts import TOAST_SECONDS, reading_seconds

    short, long = "Saved", t("net.host_busy")
    assert reading_seconds(short) == TOAST_SECONDS
    assert reading_seconds(long) > TOAST_SECONDS + 1
    app.notify(long)
    run(app, frames=int(TOAST_SECONDS * 60) + 10)
    assert app.toast is not None and app.toast[0] == long, "still up after the short toast's time"
    run(app, frames=int((reading_seconds(long) - TOAST_SECONDS) * 60) + 10)
    assert app.toast is None
    app.notify(short, seconds=1.0)
    run(app, frames=70)
    assert app.toast is None, "a given time is kept"


def test_a_toast_too_long_for_one_line_is_wrapped_not_cut(app) -> None:
    """Playtest: the start's notices about a settings file ran past the screen's width and
    ended in "…". A toast too long for a line of the screen wraps to more lines: its pill
    stays inside the screen, is taller than a one-line toast, and every word is drawn."""
    from cacao_game.app import theme

    short = "Saved"
    long = " ".join([t("net.host_busy")] * 4)
    one = theme.draw_toast(app, app.screen, short)
    with theme.text_audit() as drawn:
        wrapped = theme.draw_toast(app, app.screen, long)
    assert app.screen.get_rect().contains(wrapped) and wrapped.h > 2 * one.h
    assert any(text.text == long for text in drawn) and not any("…" in text.text for text in drawn)


def test_remembering_a_form_keeps_what_another_window_wrote_in_the_settings(app):
    """Two windows on the same user data: a tester chose German in one, and the other, still
    English in memory, wrote its whole settings when it remembered its join form, undoing
    the German. Remembering the last join form, set-up or hosted set-up writes only that into
    the file as it is now; with no file yet, all of this window's settings."""
    from cacao_game.config.settings import load_settings, save_settings, settings_path

    app.remember_joined({"address": "127.0.0.1", "port": 8765, "name": "Bo"})
    assert load_settings().last_joined == {"address": "127.0.0.1", "port": 8765, "name": "Bo"}
    other = load_settings()
    other.language = "de" if app.settings.language != "de" else "fr"
    save_settings(other)
    app.remember_joined({"address": "127.0.0.1", "port": 8790, "name": "Bo"})
    on_disk = load_settings(settings_path())
    assert on_disk.language == other.language, "the other window's language stays"
    assert on_disk.last_joined == {"address": "127.0.0.1", "port": 8790, "name": "Bo"}
    assert app.settings.last_joined == on_disk.last_joined


def test_settings_whose_write_failed_are_written_once_they_can_be(app, monkeypatch) -> None:
    """A trial changed settings while their folder could not be written: the notice showed a
    raw errno and a temp file's path, and once the folder could be written again, leaving
    Settings did not write them, so the next start came back with the old ones. The notice
    says the system's reason alone; the next time Settings is left the write is tried again,
    and so it is when the app closes."""
    from cacao_game.app import prefs
    from cacao_game.config.settings import load_settings

    real_save = prefs.save

    def refused(settings) -> None:
        raise PermissionError(13, "Permission denied", "/home/x/.local/share/cacao/tmpab12.tmp")

    monkeypatch.setattr(prefs, "save", refused)
    scene = open_settings(app)
    scene.change(animation_speed="fast")
    app.toast = None
    scene.back()
    assert app.toast is not None and app.toast[0] == t("settings.save_failed", reason="Permission denied")
    assert app.settings_unsaved
    monkeypatch.setattr(prefs, "save", real_save)
    open_settings(app).back()
    assert not app.settings_unsaved and load_settings().animation_speed == "fast"

    monkeypatch.setattr(prefs, "save", refused)
    scene = open_settings(app)
    scene.change(animation_speed="slow")
    scene.back()
    monkeypatch.setattr(prefs, "save", real_save)
    app.close()
    assert load_settings().animation_speed == "slow", "written when the app closed"


def test_esc_still_goes_back_after_pause_moves_to_another_key(app):
    """A trial bound Pause/back to P and found Esc did nothing anywhere: with no action bound
    to Esc, Esc still goes back (P too); once another action takes Esc, Esc is that action."""
    scene = open_settings(app)
    scene.start_capture("pause")
    app.step([key("p")], 0.016)
    assert app.intents.keys_for("pause") == ["p"]
    assert app.intents.has(key("escape"), "pause") and app.intents.has(key("p"), "pause")
    app.step([key("escape")], 0.016)
    assert app.top is not scene, "Esc left Settings"
    scene = open_settings(app)
    scene.start_capture("hint")
    app.step([key("escape")], 0.016)
    assert app.intents.keys_for("hint") == ["h"], "Esc still cancels a rebind"
    app.settings.key_bindings = {**app.settings.key_bindings, "hint": ["escape"]}
    app.intents.rebuild(app.settings.key_bindings)
    assert app.intents.of(key("escape")) == ("hint",)


@pytest.mark.parametrize(
    ("language", "wanted"),
    [("en", "2026-11-29 12:20"), ("de", "29.11.2026 12:20"), ("fr", "29/11/2026 12:20")],
)
def test_the_load_list_writes_a_saves_time_as_its_language_does(language, wanted, monkeypatch) -> None:
    """A German trial read the Load list's 2026-11-29 12:20 where 29.11.2026 was expected: the
    local time of a save is written as the language writes dates."""
    from cacao_game.app import strings
    from cacao_game.app.scenes.load import friendly_time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    strings.set_language(language)
    try:
        assert friendly_time("2026-11-29T12:20:05Z") == wanted
        assert friendly_time("not a time") == "not a time"
    finally:
        strings.set_language("en")
        monkeypatch.undo()
        time.tzset()
