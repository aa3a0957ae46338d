"""The message layer (issue 21 part 4): a refusal is a value (a message id in English with
named fields) that reads as its English words, the CLI renders it through gettext, the
committed template is what extraction finds (tests/test_catalogues.py), and a second
language reaches the reader while the default stays English."""

from __future__ import annotations

import copy
import json
import pickle
import string
import subprocess
import sys
from pathlib import Path

import gametools
import pytest
from caledonia.rules.messages import Plural, Reason, render
from caledonia.rules.position import held_words
from catalogues import babel, catalogue_of, compile_catalogue, read_catalogue
from conftest import run_cli
from test_expansion import check, position

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "cli" / "locale" / "caledonia.pot"
TEST_CATALOGUE = ROOT / "tests" / "data" / "locale" / "xx" / "LC_MESSAGES" / "caledonia.po"
HELD = "{where} holds {player}'s {unit}"


# -- the value -----------------------------------------------------------------------------
def test_a_reason_reads_compares_and_hashes_as_its_english_words():
    reason = Reason(HELD, where="A-07", player="Bruce", unit="cow")
    assert str(reason) == reason == "A-07 holds Bruce's cow"
    assert hash(reason) == hash("A-07 holds Bruce's cow")
    assert reason in {"A-07 holds Bruce's cow"}
    assert Reason(HELD, where="A-07", player="Bruce", unit="cow") == reason
    assert Reason(HELD, where="A-08", player="Bruce", unit="cow") != reason
    assert "; ".join([reason, "more"]) == "A-07 holds Bruce's cow; more"
    assert json.dumps([reason]) == json.dumps(["A-07 holds Bruce's cow"])


def test_a_reason_keeps_its_message_id_and_fields_through_copy_and_pickle():
    reason = Reason(HELD, where="A-07", player="Bruce", unit="cow")
    for again in (copy.deepcopy(reason), pickle.loads(pickle.dumps(reason))):
        assert isinstance(again, Reason) and again == reason
        assert again.message_id == HELD
        assert dict(again.fields) == {"where": "A-07", "player": "Bruce", "unit": "cow"}


def test_render_translates_the_id_and_every_reason_among_the_fields():
    catalogue = {HELD: "{unit} of {player} on {where}", "port {letter}": "harbour {letter}"}
    where = Reason("port {letter}", letter="A")
    reason = Reason(HELD, where=where, player="Bruce", unit="fisherman")
    assert reason == "port A holds Bruce's fisherman"
    assert render(reason, lambda text: catalogue.get(text, text)) == (
        "fisherman of Bruce on harbour A"
    )
    assert render("not converted yet", str.upper) == "not converted yet"


def test_the_placement_refusals_are_reasons():
    """Reach, land, the holder and the price of an expansion; the fisherman's clan rule."""
    reasons = check(position(), "sheep", 1, 0, who="Bruce", money=0).reasons
    assert len(reasons) == 4 and all(isinstance(r, Reason) for r in reasons)
    assert reasons[0].message_id == HELD
    assert isinstance(held_words("A-07", "Ailsa", "Ailsa", "cow"), Reason)
    game = gametools.start(2, clans=["Campbell", "Robertson", "Cunningham"])
    refused = gametools.refuse(game, type="fisherman", player=game.state.turn.player, space="A-18")
    assert [r.message_id for r in refused] == [
        "{player} has no fishermen: only Clan {clan} has them"
    ]


# -- the catalogue template ----------------------------------------------------------------
def _message_ids(path: Path) -> set[str]:
    """Every message id of a template; a plural message gives both of its ids."""
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        messages = [message.id for message in read_po(file) if message.id]
    return {one for found in messages for one in (found if isinstance(found, tuple) else (found,))}


def test_every_message_id_names_its_fields():
    """A translator may reorder the fields only when each has a name: no '{}' or '{0}'."""
    pytest.importorskip("babel", reason="Babel (the test extras) reads the template")
    for found in _message_ids(TEMPLATE):
        for message_id in found if isinstance(found, tuple) else (found,):  # a plural: both
            names = [
                field
                for _, field, _, _ in string.Formatter().parse(message_id)
                if field is not None
            ]
            assert all(name.isidentifier() for name in names), message_id


# -- a second language ---------------------------------------------------------------------
@pytest.fixture
def test_language(tmp_path):
    """The test-only catalogue ("xx"), compiled as a translator would, in its own folder."""
    babel()
    return compile_catalogue(tmp_path / "locale", "xx", read_catalogue(TEST_CATALOGUE))


def placing_game(tmp_path) -> Path:
    """A two-player game at its first starting worker (Ailsa's)."""
    path = tmp_path / "g.yaml"
    made = run_cli(
        "new",
        str(path),
        *("-p", "Ailsa:red", "-p", "Bruce:blue", "--seed", "3", "--modules", "A1,B1,C1,D1"),
        *("--clans", "MacDonald,Campbell,Robertson", "--start-player", "Ailsa"),
    )
    assert made.returncode == 0, made.stderr
    for words in (["clan", "Bruce", "Campbell"], ["clan", "Ailsa", "Robertson"]):
        assert run_cli("act", str(path), *words).returncode == 0
    return path


def test_a_refusal_reads_in_the_readers_language(tmp_path, test_language):
    path = placing_game(tmp_path)
    words = ("act", str(path), "worker", "Ailsa", "woodcutter", "A-18")
    before = path.read_bytes()
    english = run_cli(*words)
    assert english.returncode == 1
    assert "  - A-18 is a loch: units stand on land\n" in english.stderr
    translated = run_cli(*words, env={"LANGUAGE": "xx", "CALEDONIA_LOCALEDIR": str(test_language)})
    assert translated.returncode == 1
    assert "  - [xx] units stand on land, and A-18 is a loch\n" in translated.stderr
    assert "is a loch: units stand on land" not in translated.stderr
    # a language with no catalogue reads the English source; the file is untouched
    other = run_cli(*words, env={"LANGUAGE": "yy", "CALEDONIA_LOCALEDIR": str(test_language)})
    assert "  - A-18 is a loch: units stand on land\n" in other.stderr
    assert path.read_bytes() == before


def test_a_field_that_is_a_reason_is_translated_too(tmp_path, test_language):
    """The lands of a space ('grassland and forest') are a message of their own, inside
    one the catalogue does not have: that one stays English, the lands are translated."""
    path = placing_game(tmp_path)
    words = ("act", str(path), "worker", "Ailsa", "miner", "B-22")
    english = run_cli(*words)
    assert "  - B-22 is grassland and forest: a miner needs mountain\n" in english.stderr
    env = {"LANGUAGE": "xx", "CALEDONIA_LOCALEDIR": str(test_language)}
    shown = run_cli(*words, env=env)
    assert shown.returncode == english.returncode == 1
    assert "  - B-22 is forest [xx-and] grassland: a miner needs mountain\n" in shown.stderr


def _after(*arguments: str) -> str:
    code = (
        "import gettext, sys\n"
        "from caledonia.cli.main import main\n"
        f"sys.argv = ['caledonia', *{list(arguments)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('catalogues', len(gettext._translations), 'babel' in sys.modules,"
        " 'caledonia.cli.translation' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return done.stdout.splitlines()[-1]


def test_start_up_looks_for_no_catalogue():
    assert _after("--version") == "catalogues 0 False False"


def test_score_translates_without_babel_or_a_catalogue_it_does_not_have():
    """`score`, the quickest command, shows translated sentences: the translation layer is
    loaded (a dictionary lookup per sentence), Babel never, and no catalogue in English."""
    assert _after("score", "sample_games/final-4p.yaml") == "catalogues 0 False True"


def test_babel_is_not_needed_to_show_a_refusal(tmp_path):
    path = placing_game(tmp_path)
    line = _after("act", str(path), "worker", "Ailsa", "woodcutter", "A-18")
    assert line == "catalogues 0 False True"  # English: gettext found no catalogue, no Babel


# -- plurals and the CLI's own sentences ---------------------------------------------------
def test_a_plural_reads_by_its_count_and_translates_through_ngettext():
    one, two = (Plural("{count} game", "{count} games", n, where="A") for n in (1, 2))
    assert (one, two) == ("1 game", "2 games")
    assert isinstance(one, Reason) and one.fields == {"count": 1, "where": "A"}
    again = pickle.loads(pickle.dumps(two))
    assert isinstance(again, Plural) and again == two and again.plural_id == "{count} games"

    def choose(singular, plural, count):  # a language with a third form for zero
        return "none" if count == 0 else (singular if count == 1 else plural) + "!"

    assert Plural("{count} game", "{count} games", 0).render(str, choose) == "none"
    assert two.render(str, choose) == "2 games!"
    assert two.render(lambda text: text + "?") == "2 games?"  # no ngettext: English chooses


def test_the_clis_sentences_read_in_english_by_default(monkeypatch):
    from caledonia.cli.translation import t, t_n

    for name in (
        "CALEDONIA_LANG",
        "LANGUAGE",
        "LC_ALL",
        "LC_MESSAGES",
        "LANG",
        "CALEDONIA_LOCALEDIR",
    ):
        monkeypatch.delenv(name, raising=False)
    where = Reason("port {letter}", letter="B")
    assert t("{player} pays £{amount} at {where}", player="Ailsa", amount=3, where=where) == (
        "Ailsa pays £3 at port B"
    )
    assert [t_n("{count} event", "{count} events", n) for n in (1, 5)] == ["1 event", "5 events"]


def test_no_message_id_is_an_f_string():
    """An f-string id differs at every call: no catalogue could hold it."""
    import ast
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "count_messages", ROOT / ".ci" / "count_messages.py"
    )
    counter = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(counter)
    wrong = {
        f"{path.relative_to(ROOT)}:{line}"
        for folder in ("rules", "cli")
        for path in (ROOT / folder).rglob("*.py")
        for line in counter.formatted_ids(ast.parse(path.read_text()))
    }
    assert not wrong
    assert counter.formatted_ids(ast.parse('t(f"{x} words")')) == [1]  # and it would see one


def test_the_data_sentences_are_in_the_template_with_whose_they_are():
    """A clan's powers, a port tile's effect and what a scoring tile scores are messages
    too, each with a comment naming its clan or tile for the translator."""
    pytest.importorskip("babel", reason="Babel (the test extras) reads the template")
    from babel.messages.pofile import read_po
    from caledonia.rules.components import components

    with TEMPLATE.open("rb") as file:
        template = {m.id: m for m in read_po(file) if m.id}
    parts = components()
    for clan in parts.clans.values():
        for power in clan.powers:
            assert f"TRANSLATORS: a power of Clan {clan.name}" in template[power].auto_comments
    for tile in parts.port_tiles:
        assert tile.effect in template
    for tile in parts.scoring_tiles:
        assert tile.scores in template


def test_a_data_sentence_reads_in_the_readers_language(tmp_path, monkeypatch):
    babel()
    from caledonia.cli.translation import data_text

    compile_catalogue(tmp_path, "es", catalogue_of({"Take £10.": "Toma 10 £."}, locale="es"))
    monkeypatch.setenv("CALEDONIA_LOCALEDIR", str(tmp_path))
    monkeypatch.setenv("LANGUAGE", "es")
    assert data_text("Take £10.") == "Toma 10 £."
    assert data_text("Take £5.") == "Take £5."  # not translated: English


@pytest.mark.parametrize(
    ("variables", "loads_gettext"),
    [
        ({}, False),
        ({"LANG": "en_GB.UTF-8"}, False),
        ({"LC_ALL": "C.UTF-8"}, False),
        ({"LANGUAGE": "en:de", "LANG": "de_DE.UTF-8"}, True),  # German asked for after English
        ({"LANG": "es_ES.UTF-8"}, True),
        ({"CALEDONIA_LANG": "es"}, True),
        ({"CALEDONIA_LANG": "en", "LANG": "es_ES.UTF-8"}, False),  # caledonia's own first
    ],
)
def test_english_readers_never_load_gettext(variables, loads_gettext):
    """English, the source language, needs no catalogue: the commands of a table reading
    English do not import gettext (and the locale module) at all; any other language goes
    through gettext, and reads English where it has no catalogue."""
    clean = {"PATH": "/usr/bin:/bin"}
    probe = (
        "import sys; from caledonia.cli.translation import t, t_n; "
        "print(t('{count} left', count=2), t_n('{count} game', '{count} games', 1), "
        "'gettext' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], env={**clean, **variables}, capture_output=True, text=True
    )
    said = done.stdout.split()
    assert said[-1] == str(loads_gettext), done.stderr
    if not loads_gettext:
        assert said == ["2", "left", "1", "game", "False"]


def test_a_reason_quoted_inside_a_reason_reads_as_its_words():
    """`{name!r}` of a field that is itself a Reason quotes its words, never `Reason(...)`."""
    inner = Reason("{player}'s cow", player="Ailsa")
    outer = Reason("no {what!r} here", what=inner)
    assert outer == 'no "Ailsa\'s cow" here'
    counted = Plural("{count} of {what!r}", "{count} of {what!r}", 2, what=Reason("wool"))
    assert counted == "2 of 'wool'"
    assert outer.render(str) == 'no "Ailsa\'s cow" here'
