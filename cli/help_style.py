"""Usage lines as a person reads them: `caledonia play GAME`, not `{GAME}`, and no `<str>`
type beside an argument that is a file or a word (an option without a metavar: TEXT).

Typer marks a required argument with braces and names an argument's type (`<str>`) when
it has no metavar of its own; neither says anything to a person at a table. These two
small changes to how Typer names arguments apply to this program's run only.

The help of options and arguments is written as message ids (marked `N_`, not translated
where the command is defined) and translated here, when a help is shown: a command that
only runs looks up no catalogue for its help.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperArgument, TyperCommand, TyperGroup, _click

from .errors import N_
from .translation import tr, translator

# Typer's own words around a help, as messages of ours: Typer reads them from its module
# when it draws the help, so they are set there, translated, when a help is shown (and
# "Usage:" where Click's formatter writes it; a wrong command line: click_words.py).
_TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "REQUIRED_LONG_STRING": N_("[required]"),
}
_HELP_OPTION = N_("Show this message and exit.")  # the help option's own help: Click's words
# TRANSLATORS: after an option's help: the environment variable that sets it
_ENVVAR = N_("[env var: {name}]")
# TRANSLATORS: after an option's help: the value it takes when left out
_DEFAULT = N_("[default: {value}]")
# TRANSLATORS: the head of a help's usage line: 'Usage: caledonia log [OPTIONS] GAME'
_USAGE = N_("Usage:")

_done = False


def plain_argument_names() -> None:
    """Name arguments by their metavar alone (once per run)."""
    global _done
    if _done:
        return
    _done = True

    named = TyperArgument.make_metavar

    def make_metavar(self: Any, ctx: Any, *, usage: bool = False) -> str:
        # upper case, as every argument of a usage line: `clans [NAME]`, not `[name]`
        return named(self, ctx, usage=usage).replace("{", "").replace("}", "").upper()

    TyperArgument.make_metavar = make_metavar  # type: ignore[method-assign]

    value_types = (_click.types.StringParamType, _click.types.IntParamType, _click.types.IntRange)
    for value_type in value_types:
        value_type.get_metavar = _named_metavar(value_type.get_metavar)  # type: ignore[method-assign]

    for kind in (TyperCommand, TyperGroup):
        kind.format_help = _translated(kind.format_help)  # type: ignore[method-assign]


def _named_metavar(typed: Any) -> Any:
    """A type's metavar as a person reads it: none beside an argument (its name says it),
    and an option's own name (N, FILE...) rather than Click's `TEXT` or `<int>`."""

    def get_metavar(self: Any, param: Any, ctx: Any) -> str | None:
        if isinstance(param, TyperArgument):
            return ""
        return typed(self, param, ctx) or param.metavar or param.name.upper()

    return get_metavar


def _translated(format_help: Any) -> Any:
    """Typer's `format_help`, with the help's own words in the reader's language first: the
    command's (or group's) and each of its parameters'."""

    def translated(self: Any, ctx: Any, formatter: Any) -> Any:
        gettext = translator()
        from typer import rich_utils

        for name, words in _TYPER_WORDS.items():
            setattr(rich_utils, name, gettext(words))
        rich_utils.ENVVAR_STRING = gettext(_ENVVAR).replace("{name}", "{}")  # Typer's format
        rich_utils.DEFAULT_STRING = gettext(_DEFAULT).replace("{value}", "{}")
        rich_utils.RANGE_STRING = ""  # "[1<=x<=4]": an option's help says its range in words
        _usage_in(gettext(_USAGE))
        listed = getattr(self, "commands", {}).values()  # a group's commands, by their help
        for shown in (self, *self.get_params(ctx), *listed):
            if getattr(shown, "help", None):
                shown.help = gettext(shown.help)
        more = getattr(getattr(self, "callback", None), "help_more", None)
        if more is not None and not getattr(self, "more_shown", False):
            words = "\n\n".join(tr(paragraph) for paragraph in more())
            self.help = f"{self.help}\n\n{words}"  # act: the words of every kind of event
            self.more_shown = True
        return format_help(self, ctx, formatter)

    return translated


def _usage_in(words: str) -> None:
    """Click's formatter heads the usage line with `words` (it writes 'Usage: ' itself)."""
    formatter = _click.formatting.HelpFormatter
    written = getattr(formatter.write_usage, "__wrapped__", formatter.write_usage)

    def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        written(self, prog, args, f"{words} " if prefix is None else prefix)

    write_usage.__wrapped__ = written  # type: ignore[attr-defined]
    formatter.write_usage = write_usage  # type: ignore[method-assign]
