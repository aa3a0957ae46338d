"""A wrong command line in the reader's words (issue 32): the parser's own messages are
English f-strings, so click_words.py says each kind of mistake itself, from what the
exception carries; and a help's usage line is headed 'Uso:' for a Spanish reader."""

from __future__ import annotations

import pytest
from clirunner import run_cli

SPANISH = {"CALEDONIA_LANG": "es", "COLUMNS": "120", "NO_COLOR": "1"}
ENGLISH = {"CALEDONIA_LANG": "en", "COLUMNS": "120", "NO_COLOR": "1"}

MISTAKES = [  # the command line, the English said, the Spanish said
    (
        ["status", "--nope"],
        "Error: no such option: --nope (possible options: --force)",
        "Error: no existe la opción --nope (opciones posibles: --force)",
    ),
    (["status"], "Error: missing argument 'GAME'", "Error: falta el argumento 'GAME'"),
    (["log", "a", "b", "c"], "Error: unexpected extra words: b c", "Error: sobran palabras: b c"),
    (
        ["new", "x.yaml", "--seed", "abc"],
        "Error: invalid value for '--seed': 'abc' is not a whole number",
        "Error: valor no válido para '--seed': 'abc' no es un número entero",
    ),
    (
        ["map", "show", "--players", "9"],
        "Error: invalid value for '--players': 9 is not in the range 1<=x<=4",
        "Error: valor no válido para '--players': 9 no está en el intervalo 1<=x<=4",
    ),
]


@pytest.mark.parametrize(("words", "english", "spanish"), MISTAKES)
def test_a_wrong_command_line_is_said_in_the_readers_language(words, english, spanish):
    for env, said in ((ENGLISH, english), (SPANISH, spanish)):
        done = run_cli(*words, env=env)
        assert done.returncode == 2, done.stderr
        assert done.stderr.splitlines()[0] == said
        assert done.stdout == ""


def test_a_missing_option_is_named_as_one():
    done = run_cli("new", "x.yaml", "--seed", "1", env=SPANISH)
    assert done.returncode == 2
    assert done.stderr.startswith("Error: falta la opción '--player'"), done.stderr


def test_the_usage_line_is_headed_in_the_readers_language():
    shown = run_cli("log", "--help", env=SPANISH)
    assert shown.returncode == 0
    assert "Uso: caledonia log [OPTIONS] GAME" in shown.stdout
    assert "Usage:" not in shown.stdout
    english = run_cli("log", "--help", env=ENGLISH)
    assert "Usage: caledonia log [OPTIONS] GAME" in english.stdout
