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
