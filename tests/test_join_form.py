"""The Join a game form's memory in the settings file (``app.join_form``): read through the
one validator, each field by the form's rules, hostile values repaired and the player told;
a host's refusal in the player's words."""

from __future__ import annotations

import harness
import pytest

from cacao_game.app import strings
from cacao_game.app.join_form import REFUSALS, read_or_defaults, read_remembered, refusal_words, remembered
from cacao_game.app.netplay import DEFAULT_PORT, LOOPBACK
from cacao_game.app.scenes.join import JoinScene
from cacao_game.app.strings import t
from cacao_game.config.choices import SOURCE_LANGUAGE
from cacao_game.config.settings import Settings
from cacao_game.typed_json import ShapeError


def test_a_remembered_form_reads_back_as_written() -> None:
    memory = read_remembered(remembered(" 192.168.1.20 ", 9000, "Joiny"))
    assert (memory.address, memory.port, memory.name) == ("192.168.1.20", "9000", "Joiny")
    assert memory.repaired == ()


@pytest.mark.parametrize(
    ("value", "repaired"),
    [
        ({"address": "", "port": 9000, "name": "Bo"}, ("address",)),
        ({"address": "a" * 65, "port": 9000, "name": "Bo"}, ("address",)),
        ({"address": "host\x1b[2J", "port": 9000, "name": "Bo"}, ("address",)),
        ({"address": "h", "port": 0, "name": "Bo"}, ("port",)),
        ({"address": "h", "port": 70000, "name": "  Bo  "}, ("port", "name")),
        ({"address": "h", "port": 9000, "name": "x" * 200}, ("name",)),
    ],
)
def test_a_field_the_form_would_refuse_takes_its_default_and_is_named(
    value: dict[str, object], repaired: tuple[str, ...]
) -> None:
    memory = read_remembered(value)  # type: ignore[arg-type]
    assert memory.repaired == repaired
    defaults = {"address": LOOPBACK, "port": str(DEFAULT_PORT), "name": ""}
    for field in repaired:
        assert getattr(memory, field) == defaults[field]


@pytest.mark.parametrize(
    "value",
    [
        [],
        "8765",
        {"address": "h", "port": "8765", "name": "Bo"},
        {"address": "h", "port": 8765.0, "name": "Bo"},
        {"address": "h", "port": True, "name": "Bo"},
        {"address": "h", "port": 8765},
        {"address": "h", "port": 8765, "name": "Bo", "token": "x"},
    ],
)
def test_a_wrong_shape_is_refused_by_the_validator_and_gives_the_defaults(value: object) -> None:
    with pytest.raises(ShapeError, match="last_joined"):
        read_remembered(value)  # type: ignore[arg-type]
    memory = read_or_defaults(value)  # type: ignore[arg-type]
    assert (memory.address, memory.port, memory.name) == (LOOPBACK, str(DEFAULT_PORT), "")


def test_a_hostile_memory_is_repaired_on_disk_and_the_player_is_told(user_home: object) -> None:
    """The form opens with what still reads (the port), the defaults for the rest, a notice,
    and the repaired form is what the settings keep."""
    app = harness.make_app(Settings(sound=False))
    app.home()
    app.settings.last_joined = {"address": "\x00", "port": 9100, "name": "Bo\u202e"}
    form = JoinScene(app)
    assert form.values["port"] == "9100" and form.values["address"] == LOOPBACK
    assert app.toast is not None and app.toast[0] == t("net.join_forgotten")
    assert "address" in app.toast_detail and "name" in app.toast_detail
    assert app.settings.last_joined == {"address": LOOPBACK, "port": 9100, "name": ""}


def test_a_refusal_is_said_in_the_players_words_and_others_as_the_host_said_them() -> None:
    """The codes with words are said in the player's language (a tester's window whose seat
    was joined again from another one was told in the host's English: ``replaced``)."""
    assert refusal_words("full", "Every seat …") == t("net.refused_full")
    assert refusal_words("replaced", "Your seat was taken back …") == t("net.seat_replaced")
    assert refusal_words("table", "No table …") == t("net.refused_table")
    assert refusal_words("version", "This host speaks version 4") == t("net.refused_version")
    assert refusal_words("someday", "A code of a later host") == "A code of a later host"


def test_a_rejoin_no_host_answers_says_the_seat_is_kept() -> None:
    """A trial's Rejoin game while the host was stopped said "No game is hosted at this
    address and port: check them", as if mistyped; the seat's ticket was kept and Rejoin
    worked once the host was back. With a ticket held, the words say so; a join typed in the
    form keeps the words that point to the address."""
    from cacao_game.net.client import UNREACHABLE

    assert refusal_words(UNREACHABLE, "", rejoin=True) == t("net.unreachable_rejoin")
    assert refusal_words(UNREACHABLE, "") == t("net.unreachable")


@pytest.mark.parametrize(
    "code",
    [
        "table",
        "full",
        "name",
        "token",
        "watchers",
        "guesses",
        "joins",
        "version",
        "tables",
        "create",
        "idle",
        "options",
    ],
)
def test_every_code_a_host_ends_a_join_with_is_said_in_german(code: str) -> None:
    """A review found the host's English shown to German and French players for a host that
    lets nobody open tables, too many tables waiting, another version...: every code the host
    ends a connection with (``Host._fail``, the join's refusals) has words of its own."""
    strings.set_language("de")
    try:
        said = refusal_words(code, "The host's English words")
        assert said != "The host's English words" and said == t(REFUSALS[code])
    finally:
        strings.set_language(SOURCE_LANGUAGE)


def test_only_a_player_whose_ticket_is_kept_is_pointed_to_rejoin_game() -> None:
    """A player who lost a join race for the last seat (and never sat there) was told "If
    your connection dropped, choose Rejoin game": a full table or a name in use says so only
    when this app keeps a ticket for that seat (``rejoin``); other refusals never do."""
    for code in ("full", "name"):
        plain = refusal_words(code, "…")
        assert t("menu.rejoin") not in plain
        assert refusal_words(code, "…", rejoin=True) == t("net.refused_rejoin", refusal=plain)
        assert t("menu.rejoin") in refusal_words(code, "…", rejoin=True)
    assert refusal_words("table", "…", rejoin=True) == t("net.refused_table")
    assert refusal_words("version", "Another version", rejoin=True) == t("net.refused_version")


@pytest.mark.parametrize(
    ("address", "ported"),
    [
        ("127.0.0.1:28282", True),
        ("[::1]:28282", True),
        ("cacao.local:9100", True),
        ("127.0.0.1", False),
        ("::1", False),
        ("[::1]", False),
        ("fe80::1:2", False),
    ],
)
def test_an_address_typed_with_its_port_is_pointed_to_the_port_field(address: str, ported: bool) -> None:
    """A trial typed "127.0.0.1:28282" in the address field and met a system error: an address
    that ends in a port is refused before joining, in words; IPv6 addresses are not taken for
    one."""
    from cacao_game.app.join_form import bare_host, with_port

    assert with_port(address) is ported
    assert bare_host(address)


@pytest.mark.parametrize(
    "address", ["http://127.0.0.1", "127.0.0.1/abc", "ws://host:9100/", "a b", "me@host"]
)
def test_an_address_that_is_more_than_a_host_is_refused_in_words(address: str) -> None:
    """A trial's ``http://127.0.0.1`` met a library's "Invalid IPv6 URL", and ``127.0.0.1/abc``
    was tried on port 80: an address that is more than a host is refused before joining."""
    from cacao_game.app.join_form import bare_host

    assert not bare_host(address)


@pytest.mark.parametrize(
    ("address", "refused"),
    [
        ("999.1.1.1", True),
        ("192.168.1.300", True),
        ("10.0.0", True),
        ("28282", True),
        ("192.168.1.20", False),
        ("127.0.0.1", False),
        ("cacao.local", False),
        ("host1.example", False),
        ("::1", False),
    ],
)
def test_numbers_that_are_no_ipv4_address_are_refused_in_words(address: str, refused: bool) -> None:
    """A trial's server field took ``999.1.1.1`` and failed later as a name no server has: an
    address of numbers and dots must be an IPv4 address, said with the address typed."""
    from cacao_game.app.join_form import address_problem

    problem = address_problem(address)
    if refused:
        assert problem == t("net.error_address_numbers", address=address)
    else:
        assert problem is None
