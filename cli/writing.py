"""Before a command asks or computes anything it will save: can the file be written, and may
it be replaced?

Every command that writes a file the person named calls `check_output` first, so a folder
that is missing (made here), a name that is a folder, or a place without permission is
refused at once (exit 1, "cannot write FILE: reason") instead of after the last question.
A write that still fails raises the same WriteError from `write_text_atomic`.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated

import typer
from caledonia.rules.messages import N_
from caledonia.rules.yamlfile import WriteError, check_writable

from . import output
from .errors import Declined, NeedsTerminal
from .translation import t

if TYPE_CHECKING:
    from .prompts import Asker

__all__ = [
    "FORCE_FLAG",
    "ForceOption",
    "WriteError",
    "check_output",
    "check_writable",
    "may_replace",
    "person_at_terminal",
    "refuse_overwrite",
]

FORCE_FLAG = "--force"  # the one flag, in every command, that lets a file be replaced
ForceOption = Annotated[
    bool, typer.Option(FORCE_FLAG, help=N_("Replace the file if it exists, without asking."))
]


def person_at_terminal() -> Asker | None:
    """The prompts when a person can answer them (to ask "Replace FILE?"), else None."""
    if not output.is_interactive():  # read when called: tests stand in for a terminal
        return None
    from .prompts import QuestionaryAsker

    return QuestionaryAsker()


def may_replace(
    path: str | os.PathLike[str], *, force: bool, ask: Asker | None, when: str = ""
) -> bool:
    """May `path` be replaced? True when it does not exist or with `force`. Else, with `ask`
    (a person at a terminal) the question "Replace FILE{when}?" is asked now, before any
    other: False when they keep the file. Without, NeedsTerminal names FORCE_FLAG (exit 2)."""
    if force or not os.path.lexists(path):
        return True

    if ask is None:
        raise NeedsTerminal(
            t("{path} exists: pass {flag} to replace it", path=path, flag=FORCE_FLAG)
        )
    # TRANSLATORS: {when} is empty, or when it is replaced (" when the new side is saved")
    return ask.confirm(t("{path} exists. Replace it{when}?", path=path, when=when), default=False)


def refuse_overwrite(path: str | os.PathLike[str], *, force: bool, ask: Asker | None) -> None:
    """Raise when `path` exists and may not be replaced (`may_replace`): Declined (exit 0)
    when the person kept it, NeedsTerminal (exit 2) when nobody could be asked."""
    if not may_replace(path, force=force, ask=ask):
        raise Declined(
            t(
                "Nothing was changed: {path} was kept (pass {flag} to replace it).",
                path=path,
                flag=FORCE_FLAG,
            )
        )


def check_output(
    path: str | os.PathLike[str], *, force: bool = False, ask: Asker | None = None
) -> None:
    """What a command does with a FILE it will write, before its first question:
    `check_writable` (which makes a missing folder), then the replace question (or refusal)
    of `refuse_overwrite`. Raises WriteError (exit 1 with a one-line reason), NeedsTerminal
    (exit 2) or Declined (exit 0)."""
    check_writable(path)
    refuse_overwrite(path, force=force, ask=ask)
