"""Languages: the gettext catalogs are complete and current, plural forms follow each
language, the system language is the first start's, and Settings switches at once.

The catalogs are read with ``tests/po.py`` (and the compiled ones with the standard
library's ``gettext``): Babel is needed to regenerate them, not to test them.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from po import Entry, read_po

from cacao_game.app import routes, strings
from cacao_game.app.strings import LOCALE_DIR, t, tn
from cacao_game.app.strings_extract import messages
from cacao_game.config.choices import LANGUAGES, SOURCE_LANGUAGE, language_of, system_language

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every test leaves the strings in English, as the others expect them."""
    yield
    strings.set_language(SOURCE_LANGUAGE)


def source() -> dict[str, tuple[str, ...]]:
    """Key -> its English text(s), as the extractor reads them from ``strings.py``."""
    text = (ROOT / "cacao_game" / "app" / "strings.py").read_text(encoding="utf-8")
    return {texts[0]: texts[1:] for _line, _function, texts, _comments in messages(text)}


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / "cacao.po"


def entries(path: Path) -> dict[str, Entry]:
    """The live entries of a catalog or template by key (``msgctxt``)."""
    found = [e for e in read_po(path) if e.msgid and not e.obsolete]
    by_key = {e.msgctxt or "": e for e in found}
    assert len(by_key) == len(found), f"{path}: an entry without a key, or a key twice"
    return by_key


def ids(entry: Entry) -> tuple[str, ...]:
    return (entry.msgid,) if entry.msgid_plural is None else (entry.msgid, entry.msgid_plural)


def plural_count(code: str) -> int:
    header = next(e for e in read_po(po_path(code)) if not e.msgid).msgstr[0]
    match = re.search(r"nplurals=(\d+)", header)
    assert match, f"{code}: the catalog header has no Plural-Forms"
    return int(match.group(1))


def placeholders(text: str) -> set[tuple[str, str]]:
    """The ``{name:spec}`` fields of a format string."""
    return {
        (name, spec or "") for _lit, name, spec, _conv in string.Formatter().parse(text) if name is not None
    }


def test_the_extractor_reads_every_string_of_the_tables() -> None:
    """Every key of ``EN`` and ``EN_PLURALS`` becomes one catalog entry with its English."""
    found = source()
    assert set(found) == set(strings.EN) | set(strings.EN_PLURALS)
    assert found["menu.new"] == (strings.EN["menu.new"],)
    assert found["yield.cacao"] == strings.EN_PLURALS["yield.cacao"]


def test_the_template_is_current() -> None:
    """``cacao.pot`` holds exactly the strings of the code (run the extract command if not)."""
    template = {key: ids(e) for key, e in entries(LOCALE_DIR / "cacao.pot").items()}
    assert template == source()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_string_is_translated(code: str) -> None:
    """No string of the code is missing, untranslated, fuzzy or stale in the catalog, and
    each plural entry has every form of the language."""
    catalog = entries(po_path(code))
    wanted = source()
    forms = plural_count(code)
    missing = sorted(key for key in wanted if key not in catalog or ids(catalog[key]) != wanted[key])
    stale = sorted(key for key in catalog if key not in wanted)
    fuzzy = sorted(key for key, e in catalog.items() if "fuzzy" in e.flags)
    untranslated = sorted(
        key
        for key, e in catalog.items()
        if not all(e.msgstr.values()) or len(e.msgstr) != (1 if e.msgid_plural is None else forms)
    )
    assert (missing, stale, fuzzy, untranslated) == ([], [], [], [])


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_placeholders(code: str) -> None:
    """Each translation has exactly the English text's ``{fields}`` (same names, same specs)."""
    wrong = []
    for key, e in entries(po_path(code)).items():
        english = set().union(*(placeholders(text) for text in ids(e)))
        for form, text in e.msgstr.items():
            if placeholders(text) != english:
                wrong.append((key, form, sorted(english), sorted(placeholders(text))))
    assert wrong == []


GLUED = re.compile(r"[.?!][A-ZÀ-ÝÄÖÜ]")
"""A sentence's end run into the next sentence ("zurückkehren?Diese")."""


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_runs_two_sentences_together(code: str) -> None:
    """A trial found the German and French of a question glued to another one's whole text
    ("...zurückkehren?Diese Partie verlassen..."): no translation runs a sentence's end into
    the next where its English does not."""
    glued = []
    for key, e in entries(po_path(code)).items():
        if any(GLUED.search(text) for text in ids(e)):
            continue
        glued += [(key, text) for text in e.msgstr.values() if GLUED.search(text)]
    assert glued == []


FRENCH_BREAKS = re.compile(r"« | [»:;?!]")
"""An ordinary (breakable) space inside French quotes or before a high sign."""


def test_french_keeps_its_quotes_and_signs_on_the_line_of_their_word() -> None:
    """A trial saw a French line end in "activez «" with the quoted words on the next: the
    space inside « » and before : ; ? ! is a no-break space, so a wrap never parts them."""
    parted = [
        (key, text)
        for key, e in entries(po_path("fr")).items()
        for text in e.msgstr.values()
        if FRENCH_BREAKS.search(text)
    ]
    assert parted == []


def test_french_elides_with_one_apostrophe() -> None:
    """The scores read "Bruno l'emporte !" with a straight apostrophe beside "l’IA" with a
    curly one: every French elision is the typographic apostrophe (’)."""
    straight = [
        (key, text) for key, e in entries(po_path("fr")).items() for text in e.msgstr.values() if "'" in text
    ]
    assert straight == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_is_the_po(code: str) -> None:
    """``cacao.mo`` says what ``cacao.po`` says, entry by entry (run the compile command if not)."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / "cacao.mo").open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    form_of = {}
    for n in range(200):
        form_of.setdefault(compiled.plural(n), n)
    assert len(form_of) == plural_count(code)
    for key, e in entries(po_path(code)).items():
        if e.msgid_plural is None:
            assert compiled.pgettext(key, e.msgid) == e.msgstr[0], key
        else:
            for form, n in form_of.items():
                assert compiled.npgettext(key, e.msgid, e.msgid_plural, n) == e.msgstr[form], key


def test_plural_forms_follow_each_language() -> None:
    """ "1 Cacaofrucht" / "2 Cacaofrüchte"; French counts 0 and 1 as singular."""
    expected = {
        "en": {0: "+0 cacao", 1: "+1 cacao", 2: "+2 cacao"},
        "de": {0: "+0 Cacaofrüchte", 1: "+1 Cacaofrucht", 2: "+2 Cacaofrüchte"},
        "fr": {0: "+0 fève", 1: "+1 fève", 2: "+2 fèves"},
    }
    for code, shown in expected.items():
        strings.set_language(code)
        assert {n: tn("yield.cacao", n) for n in shown} == shown
    strings.set_language("de")
    assert tn("yield.cacao", 2, n=-2) == "-2 Cacaofrüchte"
    assert tn("preview.opens", 1) == "öffnet 1 Feld für die anderen"
    assert tn("preview.opens", 2) == "öffnet 2 Felder für die anderen"


def test_a_sale_of_one_says_each_only_in_english_and_french() -> None:
    """A German trial read "1 für je 4 verkaufen" ("1 for 4 each"): "je" comes only with
    more than one sold; English and French say the same for any number."""
    from cacao_game.app.play.texts import steps_text
    from cacao_game.session.ledger import Step

    one, two = [Step("sell", 1, 4)], [Step("harvest", 2), Step("sell", 2, 3)]
    strings.set_language("de")
    assert (steps_text(one), steps_text(two)) == ("1 für 4 verkaufen", "2 ernten, 2 für je 3 verkaufen")
    strings.set_language("en")
    assert (steps_text(one), steps_text(two)) == ("sell 1 at 4", "harvest 2, sell 2 at 3")


def test_a_preview_opens_squares_to_the_opponent_with_2_players_and_to_the_others_with_more() -> None:
    """A tester read "opens 2 squares to the others" in a 2-player game, where there is one
    other: with 2 players the preview says "to your opponent", with more "to the others"."""
    from collections import Counter

    from cacao_game.app.play.texts import preview_text
    from cacao_game.session.preview import TurnPreview

    preview = TurnPreview(Counter({"gold": 2}), opens=2)
    strings.set_language("en")
    assert preview_text(preview, ["Ana", "Bea"]).endswith("opens 2 squares to your opponent")
    assert preview_text(preview, ["Ana", "Bea", "Cai"]).endswith("opens 2 squares to the others")
    strings.set_language("de")
    assert preview_text(preview, ["Ana", "Bea"]).endswith("öffnet 2 Felder für dein Gegenüber")
    strings.set_language("fr")
    assert preview_text(preview, ["Ana", "Bea"]).endswith("ouvre 2 cases à votre adversaire")
    strings.set_language("en")


def test_strings_switch_language_and_fall_back() -> None:
    """``t`` follows ``set_language``; an unknown language or key never crashes."""
    strings.set_language("de")
    assert strings.language() == "de" and t("menu.new") == "Neues Spiel"
    assert strings.decimal(0.6) == "0,6"
    strings.set_language("fr")
    assert t("menu.new") == "Nouvelle partie"
    strings.set_language("xx")
    assert strings.language() == "en" and t("menu.new") == "New game"
    assert t("no.such.key") == "no.such.key" and tn("no.such.key", 2) == "no.such.key"


def test_a_missing_catalog_gives_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A language whose compiled catalog is gone shows English (with a warning), not keys."""
    monkeypatch.setattr(strings, "LOCALE_DIR", tmp_path)
    strings.set_language("de")
    assert t("menu.new") == "New game" and tn("yield.cacao", 2) == "+2 cacao"


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANGUAGE": "es:fr", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_ALL": "fr_FR", "LANG": "de_DE"}, "fr"),
        ({"LC_MESSAGES": "de", "LANG": "fr_FR"}, "de"),
        ({}, "en"),
    ],
)
def test_the_system_language_is_read_as_gettext_reads_it(environ: dict[str, str], code: str) -> None:
    """The first locale variable that is set decides; a language the game does not speak,
    or none at all, gives English."""
    assert system_language(environ) == code


def test_locale_names() -> None:
    assert [language_of(n) for n in ("de", "de_AT", "fr-CH", "french", "dea", "")] == [
        "de",
        "de",
        "fr",
        None,
        None,
        None,
    ]


def test_the_first_start_takes_the_system_language(user_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No settings file yet: the language is the system's; a saved choice wins afterwards."""
    from cacao_game.config.settings import Settings, load_settings, save_settings

    monkeypatch.setenv("LANGUAGE", "fr_FR")
    assert load_settings().language == "fr"
    save_settings(Settings(language="de"))
    assert load_settings().language == "de"


def test_settings_switch_the_language_at_once_and_keep_it(app) -> None:
    """The language row of Settings switches every text at once (no restart), and leaving
    Settings saves the choice."""
    from harness import click

    from cacao_game.app import theme
    from cacao_game.config.settings import load_settings

    app.open(routes.SettingsPage())
    row = next(w for w in app.top.widgets if getattr(w, "label", "") == t("settings.language"))
    box = row.box()
    click(app, (box.right - 8, box.centery))
    assert app.settings.language == "de" and strings.language() == "de"
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    texts = {d.text for d in drawn}
    assert {"Einstellungen", "Sprache", "Deutsch", "Tastenbelegung"} <= texts
    assert not texts & {"Settings", "Language", "Key bindings"}
    app.pop()
    assert load_settings().language == "de"
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    assert "Neues Spiel" in {d.text for d in drawn}


@pytest.mark.parametrize("shot", ["place", "scoring"])
def test_a_switch_mid_game_shows_what_a_start_in_that_language_shows(user_home: Path, shot: str) -> None:
    """Switching to German at the table (or the scores) draws exactly the texts an app
    started in German draws there: nothing stays in the old language (log, labels, caches)."""
    from harness import FRAME
    from shots import SHOTS, make_app

    from cacao_game.app import theme
    from cacao_game.config.settings import Settings

    drawn: dict[str, list[str]] = {}
    for start in ("en", "de"):
        app = make_app((1366, 768), Settings(sound=False, language=start))
        try:
            SHOTS[shot](app)
            if start == "en":
                app.settings.language = "de"
                app.apply_settings()
                app.step([], FRAME)
            with theme.text_audit() as texts:
                app.draw(app.screen)
        finally:
            app.close()
        drawn[start] = [text.text for text in texts]
    assert drawn["en"] == drawn["de"]
    assert any("Zug" in text for text in drawn["de"])


def test_the_command_line_speaks_the_system_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Usage errors and summaries are in the system's language; result lines stay data."""
    from cacao_game.cli import main

    monkeypatch.setenv("LANGUAGE", "de")
    with pytest.raises(SystemExit):
        main(["--force"])
    assert "--force gehört zu --record" in capsys.readouterr().err
    assert main(["--headless", "--seats", "random,random", "--seed", "3", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("game seed=3:") and "Übersicht über 2 Partien (base):" in out


def test_a_refused_save_is_explained_in_the_players_language(app) -> None:
    """The Load screen says what is wrong with a refused save in German; the technical
    reason stays at hand in the tooltip of its (disabled) Load button."""
    from cacao_game.app import theme
    from cacao_game.saves import saves_dir

    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "broken.json").write_text('{"format": "cacao-save", "game": ', "utf-8")
    app.settings.language = "de"
    app.apply_settings()
    app.open(routes.Load())
    with theme.text_audit() as drawn:
        app.draw(app.screen)
    assert "Abgelehnt: Die Datei ist beschädigt" in {d.text for d in drawn}
    load = next(w for w in app.top.widgets if getattr(w, "label", "") == "Laden")
    assert not load.enabled and load.tooltip.startswith("Details: file: truncated or not JSON")


def test_a_shared_win_names_the_winners_in_words() -> None:
    """One sentence for the table and the scoring scene: "Ana wins!", "Ana, Bo and Cy share
    the win!" (German "und", French "et")."""
    assert strings.winners_text(["Ana"]) == t("scoring.winner", name="Ana")
    assert strings.winners_text(["Ana", "Bo", "Cy"]) == t("scoring.winners", names="Ana, Bo and Cy")
    strings.set_language("fr")
    try:
        assert "Ana, Bo et Cy" in strings.winners_text(["Ana", "Bo", "Cy"])
    finally:
        strings.set_language(SOURCE_LANGUAGE)


@pytest.mark.parametrize(
    ("language", "word", "key", "hint"),
    [
        ("en", "Confirm", "Enter", "Enter confirm"),
        ("de", "Bestätigen", "Eingabe", "Eingabe: bestätigen"),
        ("fr", "Valider", "Entrée", "Entrée\u00a0: valider"),
    ],
)
def test_the_confirm_button_says_confirm_and_names_its_key(user_home, language, word, key, hint) -> None:
    """A playtest read only "Eingabe" for German Confirm: the button's label is the word for
    Confirm with its key under it, and the key hint line sets each key apart from what it does
    (German "Eingabe bestätigen" read as "confirm the input")."""
    from dataclasses import replace

    from phases import game_at
    from shots import make_app, table

    from cacao_game.config.settings import Settings

    app = make_app((1366, 768), Settings(sound=False))
    app.apply_settings(replace(app.settings, language=language))
    scene = table(app, game_at("place"))
    (confirm,) = [action for action in scene.frame.actions if action.name == "confirm"]
    assert confirm.label == word
    assert confirm.keys.split(" / ")[0] == key
    assert hint in scene.key_hint_text()


def with_name(name: str) -> list[tuple[str, str]]:
    """Every string with a ``{name}`` alone to put in, as the current language says it with
    ``name``: (key, text)."""
    from cacao_game.app import strings

    named = []
    for key, english in strings.EN.items():
        if "{name}" not in english:
            continue
        try:
            named.append((key, strings.t(key, name=name)))
        except (KeyError, IndexError, ValueError):
            continue
    return named


def test_french_puts_the_article_before_an_ais_name() -> None:
    """A French trial read "Main de IA experte" and "c'est à IA experte de jouer": the computer
    seats' French names ("IA moyenne"...) take the article after "de" and "à", in every string
    a name is put in; a player's name does not."""
    from cacao_game.app import strings

    strings.set_language("fr")
    try:
        medium = strings.t("kind.medium")
        assert medium.startswith("IA ")
        waiting = strings.t("net.waiting_for", name=medium)
        assert f"de l’{medium}" in waiting and f"de {medium}" not in waiting
        assert "de Zoé" in strings.t("net.waiting_for", name="Zoé")
        named = with_name(medium)
        assert len(named) > 30
        for key, text in named:
            assert not re.search(rf"\b(de|à|De|À) {medium}", text), (key, text)
    finally:
        strings.set_language("en")


def test_french_elides_de_before_a_name_that_begins_with_a_vowel() -> None:
    """A French trial named "élodie" read "Main de élodie" in the hand panel and "chaque
    décision de élodie" in the review: "de" before a name put in that begins with a vowel
    is "d’", in every string a name is put in; a consonant keeps "de", and an AI's name
    keeps its article ("de l’IA")."""
    from cacao_game.app import strings

    strings.set_language("fr")
    try:
        assert "d’Élodie" in strings.t("net.waiting_for", name="Élodie")
        assert "d’élodie" in strings.t("net.waiting_for", name="élodie")
        assert "de Zoé" in strings.t("net.waiting_for", name="Zoé")
        medium = strings.t("kind.medium")
        assert f"de l’{medium}" in strings.t("net.waiting_for", name=medium)
        named = with_name("Élodie")
        assert len(named) > 30
        for key, text in named:
            assert not re.search(r"\b(de|De) Élodie", text), (key, text)
    finally:
        strings.set_language("en")
