"""The Host a game setup: its Defaults button puts back everything the screen holds (seats,
variant, thinking times, start player, port, network, hints, the stand-in AI), and the choices of the last
game hosted are kept in the settings file (``Settings.last_hosted``), read back after a
restart through the one validator; a file that does not read (damaged or hostile) is
forgotten, the setup starts from its defaults and the player is told.

No sockets: hosting itself is left out (``SetupScene.host`` replaced)."""

from __future__ import annotations

import json
from dataclasses import replace

import harness
import pytest
from harness import run

from cacao_game.app import prefs
from cacao_game.app.host_setup import read_remembered, remembered
from cacao_game.app.netplay import STANDIN, HostChoices, HostedTable, table_options
from cacao_game.app.scenes.setup import SetupScene
from cacao_game.app.strings import t
from cacao_game.config.game import HUMAN, GameConfig, SeatConfig
from cacao_game.config.settings import settings_path
from cacao_game.net.protocol import DEFAULT_PORT, REMOTE


def host_setup(app) -> SetupScene:
    """Host a game from the menu's route (the setup on top)."""
    setup = SetupScene(app, hosting=True)
    app.push(setup)
    run(app)
    return setup


def chosen(setup: SetupScene) -> tuple[object, ...]:
    """Everything the screen holds that Host uses."""
    seats = [(s.name, s.color, s.kind) for s in setup.seats]
    options = (setup.variant, setup.thinking_time, setup.expert_time, setup.start, setup.seed_text)
    return seats, options, (setup.port_text, setup.everywhere, setup.hints, setup.standin)


def change_everything(setup: SetupScene) -> None:
    setup.add_seat()
    setup.set_kind(2, "expert")
    setup.set_name(0, "Ana")
    setup.set_name(1, "Bo")
    setup.variant = "volcano"
    setup.thinking_time, setup.expert_time = 2.0, 7.0
    setup.start = 1
    setup.port_text, setup.everywhere, setup.hints = "9123", True, False
    setup.standin = False


def test_defaults_puts_back_every_choice_of_the_host_setup(app) -> None:
    """Defaults after changing every choice: the screen holds what a first Host a game holds
    (the port, the network and hints too, which it used to keep)."""
    first = chosen(host_setup(app))
    setup = host_setup(app)
    change_everything(setup)
    assert chosen(setup) != first
    run(app)
    harness.click_label(app, t("setup.defaults"))
    assert chosen(setup) == first
    assert first[2] == (str(DEFAULT_PORT), False, True, True)


def test_the_last_game_hosted_is_offered_after_a_restart_but_never_open_to_the_network(
    app, monkeypatch
) -> None:
    """Host with every choice changed; a new app reading the settings file from disk opens
    Host a game with the same seats, names, levels, times, variant, start player, port and
    hints, on this computer only."""
    monkeypatch.setattr(SetupScene, "host", lambda self, config: None)
    setup = host_setup(app)
    change_everything(setup)
    hosted = chosen(setup)
    setup.start_game()

    again = harness.make_app(prefs.load())
    again.home()
    restored = chosen(host_setup(again))
    assert restored[:2] == hosted[:2]
    assert restored[2] == ("9123", False, False, False)


def stored() -> dict[str, object]:
    table = HostedTable(
        GameConfig([SeatConfig("Ana", "red", HUMAN), SeatConfig("Bo", "purple", REMOTE)], "base", None),
        HostChoices(9123, False, False, 1),
    )
    return remembered(table)


HOSTILE = {
    "port as text": {"port": "9123"},
    "port true": {"port": True},
    "port out of range": {"port": 70000},
    "hints as a number": {"hints": 1},
    "stand-in as text": {"standin": "no"},
    "an unknown field": {"admin": True},
    "a seat kind not known": {
        "seats": [
            {"name": "A", "color": "red", "kind": "human"},
            {"name": "B", "color": "purple", "kind": "rm -rf"},
        ]
    },
    "no remote seat": {
        "seats": [
            {"name": "A", "color": "red", "kind": "human"},
            {"name": "B", "color": "purple", "kind": "easy"},
        ]
    },
    "two seats of one colour": {
        "seats": [
            {"name": "A", "color": "red", "kind": "human"},
            {"name": "B", "color": "red", "kind": "remote"},
        ]
    },
    "a name with a NUL": {
        "seats": [
            {"name": "A\u0000", "color": "red", "kind": "human"},
            {"name": "B", "color": "purple", "kind": "remote"},
        ]
    },
    "five seats": {"seats": [{"name": f"P{n}", "color": "red", "kind": "remote"} for n in range(5)]},
    "a start player not seated": {"start": 3},
    "an unknown thinking time": {"thinking_time": 1e308},
    "seats not a list": {"seats": "all of them"},
    "a server with its scheme": {"server": "http://cacao.example.org"},
    "a server with its port": {"server": "cacao.example.org:8765"},
    "a server as a number": {"server": 127},
}


def test_what_the_setup_remembers_reads_back_as_it_was() -> None:
    table = read_remembered(stored())  # type: ignore[arg-type]
    assert table.choices == HostChoices(9123, False, False, 1)
    assert [(s.name, s.kind) for s in table.config.seats] == [("Ana", HUMAN), ("Bo", REMOTE)]
    waiting = remembered(replace(table, choices=replace(table.choices, standin=False)))
    assert read_remembered(waiting).choices.standin is False


def test_the_server_a_table_was_opened_on_is_remembered_and_an_older_setup_has_none() -> None:
    """Host a game remembers the Cacao server's address it opened the last table on; a
    setup remembered before the server field reads as hosted on this computer."""
    table = read_remembered(stored())  # type: ignore[arg-type]
    on_server = remembered(replace(table, choices=replace(table.choices, server="cacao.example.org")))
    assert read_remembered(on_server).choices.server == "cacao.example.org"
    older = {key: value for key, value in stored().items() if key != "server"}
    assert read_remembered(older).choices.server == ""  # type: ignore[arg-type]


def test_a_setup_remembered_before_the_stand_in_choice_keeps_the_stand_in() -> None:
    """A settings file written before Host a game asked about the stand-in AI has no such
    field: it reads, and an AI stands in as it always did then."""
    older = {key: value for key, value in stored().items() if key != "standin"}
    assert read_remembered(older).choices.standin is True  # type: ignore[arg-type]


def test_the_stand_in_switch_decides_whether_an_ai_plays_a_dropped_seat(app) -> None:
    """The switch at the foot of the seats (on at first, its tip naming the stand-in's level,
    Medium: a dropped friend's seat is played sensibly) turns the stand-in off; the table
    hosted then has none, so a dropped player's seat waits (``TableOptions.standin`` None)."""
    setup = host_setup(app)
    assert setup.standin is True
    switch = next(w for w in setup.widgets if getattr(w, "label", None) == t("net.standin_choice"))
    assert STANDIN == "medium" and switch.tooltip is not None and t("kind.medium") in switch.tooltip
    harness.click_label(app, t("net.standin_choice"))
    assert setup.standin is False
    config = GameConfig([SeatConfig("Ana", "red", HUMAN), SeatConfig("Bo", "purple", REMOTE)], "base", None)
    assert table_options(config, hints=True, standin=setup.standin)[0].standin is None
    assert table_options(config, hints=True)[0].standin == STANDIN


@pytest.mark.parametrize("change", HOSTILE.values(), ids=list(HOSTILE))
def test_a_hostile_remembered_setup_is_forgotten_and_the_player_told(app, change) -> None:
    """A settings file whose remembered Host a game setup does not read: the setup opens
    with its defaults, says so (the reason under the mouse), and the file forgets it; the
    rest of the settings stay."""
    first = chosen(host_setup(app))
    app.pop()
    data = {**stored(), **change}
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"language": "en", "ai_pacing": 1.5, "last_hosted": data}), "utf-8")
    with pytest.raises(ValueError, match="last_hosted"):
        read_remembered(data)  # type: ignore[arg-type]

    again = harness.make_app(prefs.load())
    again.home()
    assert chosen(host_setup(again)) == first
    assert again.toast is not None and again.toast[0] == t("net.setup_forgotten")
    kept = json.loads(path.read_text("utf-8"))
    assert kept["last_hosted"] is None and kept["ai_pacing"] == 1.5


@pytest.mark.parametrize("hosting", [True, False])
def test_a_name_typed_with_stray_spaces_is_remembered_clean(app, monkeypatch, hosting: bool) -> None:
    """A name typed as " Ana  " plays as "Ana"; the settings file keeps "Ana", so the next
    start offers it without a word (it kept the name as typed, which the file's reader
    refuses as not clean: Host a game then said the choices could not be read, New game
    forgot them)."""
    monkeypatch.setattr(SetupScene, "host", lambda self, config: None)
    monkeypatch.setattr("cacao_game.app.scenes.setup.start_game", lambda app, config: None)
    setup = SetupScene(app, hosting=hosting)
    app.push(setup)
    run(app)
    setup.set_name(0, " Ana  ")
    if hosting:
        setup.port_text = "9123"
    assert setup.validation_error() is None
    setup.start_game()

    again = harness.make_app(prefs.load())
    again.home()
    restored = SetupScene(again, hosting=hosting)
    assert restored.seats[0].name == "Ana"
    assert again.toast is None


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_why_it_cannot_host_is_said_clear_of_the_stand_in_toggle(app, language) -> None:
    """A tester made a third seat Human: "Host a game with one Human seat (you) and at least
    one Remote player." was drawn over the stand-in toggle at the seats panel's foot. It is
    said between Defaults and Host, inside that gap, over no widget."""
    from cacao_game.app import theme
    from cacao_game.app.widgets import Panel

    app.apply_settings(replace(app.settings, language=language))
    setup = host_setup(app)
    setup.add_seat()
    setup.set_kind(2, HUMAN)
    setup.rebuild()
    problem = setup.validation_error()
    assert problem is not None
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    said = [text.rect for text in drawn if text.text == problem]
    assert said, "the problem is drawn"
    for rect in said:
        assert setup.problem_area.contains(rect)
        widgets = [w.rect for w in setup.widgets if w.visible and not isinstance(w, Panel)]
        assert not any(rect.colliderect(widget) for widget in widgets)


def test_a_first_host_a_game_seats_the_player_under_the_name_they_last_joined_with(app) -> None:
    """A network trial's Host a game said "Player 1" to a player the Join form knew as Bo. A
    first Host a game (nothing hosted before) seats the hosting player under the name of
    the last join; without one, "Player 1"; one that does not read is left out."""
    from cacao_game.app.join_form import remembered as joined

    plain = host_setup(app).seats[0].name
    assert plain == t("setup.default_name", number=1)
    app.remember_joined(joined("127.0.0.1", 8765, "Bo"))
    assert host_setup(app).seats[0].name == "Bo"
    app.settings.last_joined = {"name": 7}
    assert host_setup(app).seats[0].name == plain
