"""Exit codes and the errors the CLI turns into them."""

from __future__ import annotations

from enum import IntEnum

from caledonia.rules.errors import CaledoniaError


class ExitCode(IntEnum):
    OK = 0
    USER_ERROR = 1  # bad input or data the user can fix
    USAGE = 2  # wrong command line, or a prompt needed where none can be shown
    INTERNAL = 3  # a bug in caledonia
    INTERRUPTED = 130  # Ctrl-C


class UsageProblem(CaledoniaError):
    """The command line cannot work as given; `command` is shown in the hint."""

    def __init__(self, message: str, command: str):
        super().__init__(message)
        self.command = command
