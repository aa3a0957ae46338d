"""Exit codes and the errors the CLI turns into them."""

from __future__ import annotations

from enum import IntEnum

from caledonia.rules.errors import CaledoniaError


def N_(message_id: str) -> str:
    """rules/messages.py's mark of a message id kept for later, here too: `--version`
    imports this module and main.py, and must not import the rules' messages."""
    return message_id


class ExitCode(IntEnum):
    OK = 0
    USER_ERROR = 1  # bad input or data the user can fix
    USAGE = 2  # wrong command line, or a prompt needed where none can be shown
    INTERNAL = 3  # a bug in caledonia
    OUTPUT_LOST = 4  # saved; what the command had to say could not be written (a full disk)
    INTERRUPTED = 130  # Ctrl-C


STOPPED_NOTHING_SAVED = N_("Stopped: nothing was saved.")


class Interrupted(Exception):
    """Ctrl-C or Ctrl-D inside a command (at a prompt or not). Raised instead of
    KeyboardInterrupt/EOFError so that Typer does not swallow it: `main` prints `said`
    (what was saved) and exits 130."""

    def __init__(self, said: str = STOPPED_NOTHING_SAVED):
        super().__init__(said)
        self.said = said


class NeedsTerminal(CaledoniaError):
    """A question only a person at a terminal can answer ("Replace FILE?", "Remove ...?"),
    met without one: the message names the flag that answers it instead (--force). Exit 2,
    as every other "needs a terminal" (README: exit codes)."""


class Declined(CaledoniaError):
    """A person answered no to the question before a change: nothing changed, and that is
    what they asked for, not an error. Shown without "Error:", exit 0. A CaledoniaError, so
    a prompt loop that re-asks after a refusal (play's save-as) re-asks after this too."""


class UsageProblem(CaledoniaError):
    """The command line cannot work as given; `command` is shown in the hint."""

    def __init__(self, message: str, command: str):
        super().__init__(message)
        self.command = command


def reason_of(problem: BaseException) -> str:
    """What an error says: the sentence it was raised with (a Reason of the rules keeps its
    message id, for the reader's language), else its text."""
    said = problem.args[0] if len(problem.args) == 1 else None
    return said if isinstance(said, str) else str(problem)
