"""Every command's help reads as help, at 80 columns (the commands come from the Typer app,
so a new command is held to the same):

- usage lines and the Arguments panel name arguments in upper case (`clans [NAME]`);
- a value is named by what it is (`N`, `FILE`, `SEATS`), never Click's `TEXT`, `<int>`,
  `<int range>` or a range like `[x>=1]`;
- an Example's command stays on one line.
"""

from __future__ import annotations

import re

import pytest
from conftest import run_cli
from test_cli import COMMANDS

WIDTH = {"COLUMNS": "80", "NO_COLOR": "1"}
# what Click and Typer print for a value with no name of its own
CLICK_WORDS = re.compile(r"<[a-z ]+>|\bTEXT\b|\bINTEGER\b|\[\d*<?=?x[<>]=?\d*\]|\[x[<>]=?\d+\]")


def _command(words):
    from caledonia.cli.main import build_app
    from typer.main import get_command

    found = get_command(build_app())
    for word in words:
        found = found.commands[word]  # type: ignore[attr-defined]
    return found


def _help(words) -> str:
    result = run_cli(*words, "--help", env=WIDTH)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_the_usage_line_names_every_argument_in_capitals(words):
    shown = _help(words)
    usage = next(line for line in shown.splitlines() if "Usage:" in line)
    after = usage.split("[OPTIONS]", 1)[1]
    assert after == after.upper(), usage
    for param in _command(words).params:
        if param.param_type_name == "argument":
            name = (param.metavar or param.name).strip("[]")
            assert name == name.upper(), f"{' '.join(words)}: argument {name}"


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_no_value_is_named_by_clicks_type_words(words):
    shown = _help(words)
    assert not CLICK_WORDS.search(shown), CLICK_WORDS.findall(shown)
    for param in _command(words).params:
        takes_a_value = param.param_type_name == "option" and not param.is_flag
        if takes_a_value and not param.count:
            assert param.metavar, f"{' '.join(words)} {param.opts[0]}: no metavar"


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_an_example_command_is_never_cut_in_the_middle(words):
    examples = re.findall(r"\[cyan\](caledonia [^[]+)\[/cyan\]", _command(words).help or "")
    assert examples, f"{' '.join(words)}: no example"
    lines = [" ".join(line.split()) for line in _help(words).splitlines()]
    for example in examples:
        assert any(example in line for line in lines), f"cut at 80 columns: {example}"


def test_the_help_test_sees_the_words_it_refuses():
    """The patterns above catch what Typer prints when a metavar is missing."""
    for shown in ("<int>", "<int range>", "TEXT", "[x>=1]", "[1<=x<=4]", "INTEGER"):
        assert CLICK_WORDS.search(f"│ --jobs  {shown}  Worker processes │"), shown
    for fine in ("N", "FILE", "SEATS", "[N]", "TILES", "[default: 1]"):
        assert not CLICK_WORDS.search(f"│ --jobs  {fine}  Worker processes │"), fine
