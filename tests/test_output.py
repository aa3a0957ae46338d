"""Messages on stderr: wrapped between words at a terminal, one line each elsewhere."""

from __future__ import annotations

import io

import pytest
from caledonia.cli import output

LONG = (
    "Note: this game uses the example data for the parts not yet confirmed from the box "
    "(market prices £9, provisional): give your own with --market and --box."
)


@pytest.fixture
def stderr_console(monkeypatch):
    """Put a rich console of the given kind where `message` writes; returns its text."""
    from rich.console import Console

    def make(**kind):
        written = io.StringIO()
        monkeypatch.setitem(
            output._consoles, True, Console(file=written, width=40, highlight=False, **kind)
        )
        return written

    return make


def test_at_a_terminal_a_long_message_is_wrapped_between_words(stderr_console):
    written = stderr_console(force_terminal=True, no_color=True)
    output.message(LONG)
    lines = written.getvalue().splitlines()
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
    assert " ".join(line.strip() for line in lines) == LONG  # every cut is at a space
    assert not any(line.rstrip().endswith("provi") for line in lines)  # never mid-word


def test_without_a_terminal_each_message_is_one_line(stderr_console):
    written = stderr_console(force_terminal=False)
    output.message(LONG)
    assert written.getvalue() == LONG + "\n"


def test_lines_written_to_a_pipe_keep_no_trailing_spaces():
    from conftest import SAMPLES, run_cli

    for args in (["contracts"], ["status", str(SAMPLES / "midway-4p.yaml")]):
        result = run_cli(*args, env={"COLUMNS": "80"})
        assert result.returncode == 0, result.stderr
        assert not [line for line in result.stdout.splitlines() if line.endswith(" ")], args


def test_at_a_terminal_a_table_keeps_its_padding():
    from rich.table import Table

    def padded(**kind) -> list[str]:
        written = io.StringIO()
        out = output._console_class()(file=written, width=40, no_color=True, **kind)
        grid = Table.grid()
        grid.add_column(width=10)
        grid.add_row("x")
        out.print(grid)
        return written.getvalue().splitlines()

    assert padded(force_terminal=True) == ["x         "]
    assert padded(force_terminal=False) == ["x"]


def test_trailing_spaces_go_and_closing_style_codes_stay():
    assert output.without_trailing_spaces("a  \nb c \x1b[0m\n") == "a\nb c\x1b[0m\n"
