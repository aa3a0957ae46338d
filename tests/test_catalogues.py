"""The catalogues cannot go stale (issue 32): the committed template is what the code and the
data hold, each language is complete (no entry empty, fuzzy or with a plural form missing)
and keeps every message's {fields}, each compiled catalogue is its .po, and the Spanish one
reaches a reader as people switch languages, with the data's names in Spanish and typed
Spanish names read as the English ones.

`python .ci/catalogues.py` brings the catalogues up to date and lists what is left to
translate; these tests hold its checks.
"""

from __future__ import annotations

import gettext
import json
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from catalogues import babel, catalogue_of, extracted, read_catalogue, script
from conftest import ROOT, SAMPLES, run_cli

TEMPLATE = ROOT / "cli" / "locale" / "caledonia.pot"


def _entries(catalogue) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalogue if m.id}


def _languages() -> list[str]:
    return script().languages()


# -- the template and the catalogues -------------------------------------------------------
def test_the_committed_template_is_what_extraction_finds(tmp_path):
    babel()
    fresh = extracted(tmp_path / "caledonia.pot")
    found = _entries(fresh)
    assert ("{space} is a loch: units stand on land", None) in found  # the code's
    assert ("cheese dairy", "unit") in found  # the data's names, by kind
    assert _entries(read_catalogue(TEMPLATE)) == found, (
        "cli/locale/caledonia.pot is out of date: run python .ci/catalogues.py"
    )


def test_spanish_ships():
    assert "es" in _languages()


@pytest.mark.parametrize("language", _languages())
def test_every_language_holds_every_message_of_the_template(language):
    babel()
    catalogue = read_catalogue(script().po_path(language), language)
    assert _entries(catalogue) == _entries(read_catalogue(TEMPLATE)), (
        f"{language} is behind the template: run python .ci/catalogues.py"
    )


@pytest.mark.parametrize("language", _languages())
def test_every_message_is_translated(language):
    """No entry empty or fuzzy, every plural form filled (Spanish has three)."""
    babel()
    catalogue = read_catalogue(script().po_path(language), language)
    left = [p for p in script().problems(catalogue) if not p.startswith("fields differ")]
    assert left == [], f"{len(left)} to translate (python .ci/catalogues.py lists them)"


@pytest.mark.parametrize("language", _languages())
def test_every_translation_keeps_its_messages_fields(language):
    babel()
    catalogue = read_catalogue(script().po_path(language), language)
    assert [p for p in script().problems(catalogue) if p.startswith("fields differ")] == []


def test_the_check_finds_each_kind_of_gap():
    babel()
    catalogue = catalogue_of(
        {
            "{player} has £{money}": "{player} tiene £{money}",  # good
            "{player} passes": "{jugador} pasa",  # a field renamed
            "empty": "",
            ("{count} cow", "{count} cows"): ("{count} vaca", "", "{count} vacas"),
            ("one tile", "{count} tiles"): ("una loseta", "{count} de losetas", "{count} losetas"),
        },
        locale="es",
    )
    catalogue.add("guessed", "adivinado", flags=["fuzzy"])
    found = script().problems(catalogue)
    assert len(found) == 4, found
    assert any("fields differ" in p and "{player} passes" in p for p in found)
    assert any(p.startswith("untranslated: 'empty'") for p in found)
    assert any("plural form is empty (3 forms)" in p and "{count} cow" in p for p in found)
    assert any(p.startswith("fuzzy: 'guessed'") for p in found)


@pytest.mark.parametrize("language", _languages())
def test_each_compiled_catalogue_is_its_po(language, tmp_path):
    """The .mo is committed (installed with the package, no Babel to build it): it must say
    what its .po says."""
    babel()
    po, mo = script().po_path(language), script().mo_path(language)
    fresh = tmp_path / "fresh.mo"
    fresh.write_bytes(script().compile_catalogue(read_catalogue(po, language)))
    with mo.open("rb") as committed, fresh.open("rb") as made:
        committed_text = gettext.GNUTranslations(committed)._catalog  # type: ignore[attr-defined]
        made_text = gettext.GNUTranslations(made)._catalog  # type: ignore[attr-defined]
    assert committed_text == made_text, f"{mo} is older than its .po: run .ci/catalogues.py"


def test_the_package_ships_the_compiled_catalogues():
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    shipped = data["tool"]["setuptools"]["package-data"]["caledonia.cli"]
    assert "locale/*/LC_MESSAGES/*.mo" in shipped
    assert script().mo_path("es").is_file()


# -- the data's names ----------------------------------------------------------------------
def test_every_name_of_the_data_has_its_words():
    from caledonia.rules.components import CONTRACT_GAINS, CONTRACT_PAYMENTS, components
    from caledonia.rules.names import NAMES, SPANISH

    economy = components().economy
    ids = {name for names in NAMES.values() for name in names}
    wanted = {*economy.goods, *economy.units, *economy.shipping_levels, *CONTRACT_PAYMENTS}
    wanted |= {land for unit in economy.units.values() for land in unit.land}
    wanted |= set(CONTRACT_GAINS) - {"money"}
    assert wanted <= ids
    assert set(SPANISH) == ids


def _spanish():
    with script().mo_path("es").open("rb") as compiled:
        return gettext.GNUTranslations(compiled)


def test_the_typed_spanish_names_are_the_catalogues():
    """rules/names.py reads typed Spanish names from its own table (the rules read no
    catalogue): it must hold the words the Spanish reader is shown."""
    from caledonia.rules.names import COUNTED, NAMES, SPANISH, alone, counted_ids

    catalogue = _spanish()
    for kind, names in NAMES.items():
        for name in names:
            one, many = SPANISH[name]
            assert catalogue.pgettext(kind, alone(kind, name)) == one, name
            if kind in COUNTED:
                forms = counted_ids(kind, name)
                assert catalogue.npgettext(kind, *forms, 1) == f"{{count}} {one}", name
                assert catalogue.npgettext(kind, *forms, 2) == f"{{count}} {many}", name


def test_a_name_reads_as_its_english_words_and_renders_in_the_readers_language():
    from caledonia.cli.names import reader
    from caledonia.rules.names import Name

    catalogue = _spanish()
    assert Name("cheese_dairy") == "cheese dairy" and Name("cow", 2) == "2 cows"
    assert Name("hops", 1) == "1 hop" and Name("hops") == "hops" and Name("wool", 3) == "3 wool"
    assert Name("cow", 2).render(catalogue.gettext, catalogue.ngettext) == "2 vacas"
    assert Name("cow", 1).render(catalogue.gettext, catalogue.ngettext) == "1 vaca"
    assert Name("cow", 2).render(lambda text: text, None) == "2 cows"  # English
    again = pickle.loads(pickle.dumps(Name("cow", 2)))
    assert again.render(catalogue.gettext, catalogue.ngettext) == "2 vacas"
    plain = reader(catalogue)
    face = "2 wool + 1 mutton + 1 cheese → 3 tobacco, 1 hop, free space"
    assert plain(face) == "2 lanas + 1 cordero + 1 queso → 3 tabacos, 1 lúpulo, espacio gratis"
    assert plain("Sugar cane") == "Caña de azúcar"
    assert plain("river-crossing") == "cruce de río" and plain("cows") == "vacas"
    assert plain("Bruce") == "Bruce" and plain("2 wool and Bruce") == "2 wool and Bruce"


def test_a_joined_text_renders_each_part():
    from caledonia.rules.messages import Joined, Reason

    joined = Joined(", ", [Reason("none"), "Bruce"])
    assert joined == "none, Bruce"
    assert joined.render(lambda text: f"[{text}]") == "[none], Bruce"
    assert pickle.loads(pickle.dumps(joined)).render(lambda text: f"[{text}]") == "[none], Bruce"


# -- switching -----------------------------------------------------------------------------
def _refusal(env, tmp_path) -> str:
    from test_messages import placing_game

    path = placing_game(tmp_path)
    done = run_cli("act", str(path), "worker", "Ailsa", "woodcutter", "A-18", env=env)
    assert done.returncode == 1
    return done.stderr


ENGLISH = "A-18 is a loch: units stand on land"
SPANISH_REFUSAL = "A-18 es un loch"


@pytest.mark.parametrize(
    "env",
    [
        {"LANG": "es_ES.UTF-8"},  # no Spanish locale need be installed: gettext reads the name
        {"LC_ALL": "es_ES.UTF-8"},
        {"LC_MESSAGES": "es_ES.UTF-8", "LANG": "en_GB.UTF-8"},
        {"LANGUAGE": "es:en", "LANG": "en_GB.UTF-8"},
        {"CALEDONIA_LANG": "es", "LANG": "en_GB.UTF-8"},
        {"CALEDONIA_LANG": "es_MX"},
    ],
)
def test_spanish_is_read_as_the_variables_say(env, tmp_path, monkeypatch):
    for name in ("CALEDONIA_LOCALEDIR", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    shown = _refusal(env, tmp_path)
    assert SPANISH_REFUSAL in shown and ENGLISH not in shown


@pytest.mark.parametrize(
    "env", [{}, {"LANG": "en_GB.UTF-8"}, {"CALEDONIA_LANG": "en", "LANG": "es_ES.UTF-8"}]
)
def test_english_stays_the_default(env, tmp_path, monkeypatch):
    for name in ("CALEDONIA_LOCALEDIR", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert ENGLISH in _refusal(env, tmp_path)


def test_the_spanish_locale_is_not_installed_here():
    """The LANG case above proves gettext's own lookup only where the system has no
    Spanish locale: say so when this machine has one."""
    listed = (
        shutil.which("locale")
        and subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout
    )
    if listed and any(line.lower().startswith("es_") for line in listed.split()):
        pytest.skip("this system has a Spanish locale installed")
    import locale

    with pytest.raises(locale.Error):
        locale.setlocale(locale.LC_ALL, "es_ES.UTF-8")
    locale.setlocale(locale.LC_ALL, "")


# -- a Spanish table -----------------------------------------------------------------------
SPANISH_ENV = {"CALEDONIA_LANG": "es", "COLUMNS": "200", "NO_COLOR": "1"}


def _without_play(path: Path) -> str:
    """A game file's text without the keys that record its play (a random id, the clock's
    times): two games started apart differ there, whatever the language."""
    from caledonia.rules.game.play_record import KEYS

    return "".join(
        line
        for line in path.read_text().splitlines(keepends=True)
        if not line.startswith(tuple(f"{key}:" for key in KEYS))
    )


def test_status_shows_the_names_in_spanish(tmp_path):
    game = tmp_path / "game.yaml"
    shutil.copy(SAMPLES / "midway-4p.yaml", game)
    shown = run_cli("status", str(game), env=SPANISH_ENV).stdout
    assert "Mercado: lana £4, leche £3, grano £3, queso £9, pan £8, whisky £10" in shown
    assert "2 lanas + 1 cordero + 1 queso → 3 tabacos, 1 lúpulo, espacio gratis" in shown
    assert "cruce de río" in shown and "minero" in shown and "2 granos" in shown
    english = run_cli("status", str(game), env={"COLUMNS": "200", "NO_COLOR": "1"}).stdout
    assert "Market: wool £4, milk £3, grain £3, cheese £9, bread £8, whisky £10" in english
    assert "2 wool + 1 mutton + 1 cheese → 3 tobacco, 1 hop, free space" in english


def test_a_game_file_written_in_spanish_reads_the_same_in_english(tmp_path):
    words = ["-p", "Ailsa:red", "-p", "Bruce:blue", "--seed", "3", "--modules", "A1,B1,C1,D1"]
    words += ["--clans", "MacDonald,Campbell,Robertson", "--start-player", "Ailsa"]
    spanish, english = tmp_path / "es.yaml", tmp_path / "en.yaml"
    assert run_cli("new", str(spanish), *words, env=SPANISH_ENV).returncode == 0
    assert run_cli("new", str(english), *words).returncode == 0
    assert _without_play(spanish) == _without_play(english).replace("en.yaml", "es.yaml")
    for path in (spanish, english):
        clan = run_cli("act", str(path), "clan", "Bruce", "Campbell", env=SPANISH_ENV)
        assert clan.returncode == 0, clan.stderr
    assert _without_play(spanish) == _without_play(english).replace("en.yaml", "es.yaml")


def test_contracts_by_their_spanish_goods():
    def found(typed, env=None):
        done = run_cli("contracts", "--tile", typed, "--json", env=env)
        assert done.returncode == 0, done.stderr
        return [c["id"] for c in json.loads(done.stdout)]

    assert found("4 lana") == found("4 wool") == [1]
    assert found("1 lana + 3 quesos", SPANISH_ENV) == found("1 wool + 3 cheese")
    assert found("queso pan whisky") == found("cheese bread whisky")
    assert found("1 lana + 1 pan + 1 whisky → 2 tabacos, 4 lupulos") == [44]


def test_new_takes_the_face_up_contracts_by_their_spanish_goods(tmp_path):
    from test_play_setup import setup_of

    words = ["-p", "Ailsa:red", "-p", "Bruce:blue", "--seed", "3", "--modules", "A1,B1,C1,D1"]
    spanish, english = tmp_path / "es.yaml", tmp_path / "en.yaml"
    typed_es = "4 lana, 6 lanas, 2 terneras, 3 ternera, 2 cordero, 2 panes"
    typed_en = "4 wool, 6 wool, 2 beef, 3 beef, 2 mutton, 2 bread"
    done = run_cli("new", str(spanish), *words, "--contracts", typed_es, env=SPANISH_ENV)
    assert done.returncode == 0, done.stderr
    assert run_cli("new", str(english), *words, "--contracts", typed_en).returncode == 0
    assert setup_of(spanish) == setup_of(english)


def test_act_takes_spanish_units_and_goods(tmp_path):
    from test_messages import placing_game

    spanish, english = placing_game(tmp_path / "es"), placing_game(tmp_path / "en")
    for path, unit in ((spanish, "leñador"), (english, "woodcutter")):
        done = run_cli("act", str(path), "worker", "Ailsa", unit, "A-09", env=SPANISH_ENV)
        assert done.returncode == 0, done.stderr
    assert _without_play(spanish) == _without_play(english)
    wrong = run_cli("act", str(spanish), "trade", "Bruce", "buy", "oro", "2", env=SPANISH_ENV)
    assert wrong.returncode == 1
    assert "no existe recurso 'oro'" in wrong.stderr and "lana" in wrong.stderr


def test_plays_tile_prompt_takes_spanish_goods():
    from test_tile_entry import FOUR_WOOL, THREE_WOOL, ask

    drawn, asker = ask(["3 lana"], [THREE_WOOL, FOUR_WOOL])
    assert drawn == [THREE_WOOL] and not asker.said
    drawn, _ = ask(["4 lanas"], [THREE_WOOL, FOUR_WOOL])
    assert drawn == [FOUR_WOOL]


def test_the_catalogue_script_says_what_is_left(tmp_path):
    """`--check` reads the catalogues and writes nothing; its exit says whether any entry
    is left to translate."""
    before = {p: p.stat().st_mtime_ns for p in (ROOT / "cli" / "locale").rglob("*.*")}
    done = subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "catalogues.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert "es: " in done.stdout and " messages translated, " in done.stdout
    assert done.returncode == (1 if "untranslated" in done.stdout or "fuzzy" in done.stdout else 0)
    assert before == {p: p.stat().st_mtime_ns for p in (ROOT / "cli" / "locale").rglob("*.*")}


def test_the_script_keeps_the_keywords_of_babel_cfg():
    text = (ROOT / "babel.cfg").read_text()
    assert "caledonia.rules.names.extract_names" in text
    assert "caledonia.rules.data_messages.extract_data" in text
    assert "caledonia.cli.help_messages.extract_help" in text
    assert {"Reason", "N_", "t", "pgettext:1c,2"} <= set(script().KEYWORDS)
    assert Path(script().__file__).name == "catalogues.py"
