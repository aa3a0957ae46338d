"""Usage lines as a person reads them: `caledonia play GAME`, not `{GAME}`, and no `<str>`
type beside an argument that is a file or a word (an option without a metavar: TEXT).

Typer marks a required argument with braces and names an argument's type (`<str>`) when
it has no metavar of its own; neither says anything to a person at a table. These two
small changes to how Typer names arguments apply to this program's run only.
"""

from __future__ import annotations

from typing import Any

_done = False


def plain_argument_names() -> None:
    """Name arguments by their metavar alone (once per run)."""
    global _done
    if _done:
        return
    _done = True
    from typer.core import TyperArgument, _click

    named = TyperArgument.make_metavar

    def make_metavar(self: Any, ctx: Any, *, usage: bool = False) -> str:
        return named(self, ctx, usage=usage).replace("{", "").replace("}", "")

    TyperArgument.make_metavar = make_metavar  # type: ignore[method-assign]

    typed = _click.types.StringParamType.get_metavar

    def get_metavar(self: Any, param: Any, ctx: Any) -> str | None:
        if isinstance(param, TyperArgument):
            return ""  # the argument's name says it
        return typed(self, param, ctx) or "TEXT"  # an option without a metavar of its own

    _click.types.StringParamType.get_metavar = get_metavar  # type: ignore[method-assign]
