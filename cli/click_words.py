"""What is wrong with a command line, in the reader's words. The command line's parser
(Click, as Typer ships it) words its errors in English f-strings, which no catalogue
reaches; its exceptions carry what went wrong (the option typed, the parameter missing),
so the sentences are ours, and Click's own words are the fallback for the rest."""

from __future__ import annotations

import re
from typing import Any

from typer.core import _click

from .translation import t

NO_SUCH_OPTION = "No such option: "  # Click's words before the option typed (escaped)
EXTRA_ARGUMENTS = "Got unexpected extra argument(s) ("
NOT_A_NUMBER = re.compile(r"(?P<value>.*) is not a valid (?P<kind>\w+)\.$", re.S)
OUT_OF_RANGE = re.compile(r"(?P<value>.*) is not in the range (?P<range>.*)\.$", re.S)


def usage_words(problem: Any) -> str:
    """`problem` (a Click usage error) in one line, lower-case start, no full stop."""
    errors = _click.exceptions
    if isinstance(problem, errors.NoSuchOption):
        typed = problem.message.removeprefix(NO_SUCH_OPTION)
        said = t("no such option: {option}", option=typed)
        if problem.possibilities:
            # TRANSLATORS: {options} are the command's options, typed as they are
            said = t(
                "{problem} (possible options: {options})",
                problem=said,
                options=", ".join(sorted(problem.possibilities)),
            )
        return said
    if isinstance(problem, errors.MissingParameter) and not problem.message:
        hint = _hint(problem)
        kind = problem.param_type or getattr(problem.param, "param_type_name", None)
        if kind == "option":
            return t("missing option {name}", name=hint)
        return t("missing argument {name}", name=hint)
    if isinstance(problem, errors.BadParameter) and type(problem) is errors.BadParameter:
        # TRANSLATORS: {name} is the argument or option ('GAME', '--players'); {problem} the
        # reason, as the option's own check gives it
        return t(
            "invalid value for {name}: {problem}",
            name=_hint(problem),
            problem=_number_words(problem.message),
        )
    message = problem.format_message()
    if message.startswith(EXTRA_ARGUMENTS):
        # TRANSLATORS: {words} are what was typed beyond the command's arguments
        return t("unexpected extra words: {words}", words=message[len(EXTRA_ARGUMENTS) : -1])
    return one_line(message)


def _number_words(message: str) -> str:
    """A number option's refusal ("'abc' is not a valid integer.") in the reader's words;
    any other as Click gives it."""
    wrong = NOT_A_NUMBER.match(message)
    if wrong and wrong["kind"] in ("integer", "int"):
        return t("{value} is not a whole number", value=wrong["value"])
    if wrong and wrong["kind"] == "float":
        return t("{value} is not a number", value=wrong["value"])
    outside = OUT_OF_RANGE.match(message)
    if outside:
        # TRANSLATORS: {range} is written as Click writes it: '1<=x<=4'
        return t(
            "{value} is not in the range {range}", value=outside["value"], range=outside["range"]
        )
    return message


def _hint(problem: Any) -> str:
    hint = problem.param_hint
    if hint is None and problem.param is not None:
        hint = problem.param.get_error_hint(problem.ctx)
    return str(_click.exceptions._join_param_hints(hint)) if hint else "?"


def one_line(text: str) -> str:
    """Click's message in our style: one line, lower-case start, no full stop."""
    text = " ".join(text.split()).rstrip(".")
    return text[:1].lower() + text[1:]
