"""The help of every command as messages of the catalogue, for `pybabel extract` (babel.cfg
names `extract_help` as the method for cli/main.py).

A command's help is its docstring, each paragraph on one line (main.help_text), and the
help is translated when it is shown (help_style); the docstrings stay the code's own
documentation. Babel does not read docstrings, so this method builds the app and gives
each command's and group's help as a message, beside the messages of main.py itself
(its `t`, `N_`... calls, read by Babel's own Python method).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO

from typer.main import get_command

from .main import build_app

Found = tuple[Any, ...]  # Babel's (line, function, message, comments)


def extract_help(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Found]:
    """Babel's extraction method for cli/main.py: its own messages, then every help."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    for name, text in command_helps():
        yield (0, None, text, [f"TRANSLATORS: the help of 'caledonia {name}' (rich markup)"])


def command_helps() -> list[tuple[str, str]]:
    """(command line, help) of every command and group, as `--help` shows them."""
    found: list[tuple[str, str]] = []

    def walk(command: Any, name: str) -> None:
        if command.help:
            found.append((name, command.help))
        for sub_name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, f"{name} {sub_name}".strip())

    walk(get_command(build_app()), "")
    return found
