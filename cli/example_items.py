"""The example data a game file lists, in the reader's language.

A game file records, when it is made, which of its data are the shipped examples rather
than the table's box (rules/game/setup.py, `example_data`), as English words with the
command that enters each. The file keeps them so; each is shown here as the message of
its kind, with the command (or, inside `play`, without it), and an item of a kind not
known here (a later version's) as it is written.
"""

from __future__ import annotations

import re

from caledonia.rules.messages import N_

from .translation import t, translator

# each kind of item as a file may hold it (with the command that enters it, or, written
# by an earlier version, without), and its message with the command and without
_KINDS: list[tuple[re.Pattern[str], str, str]] = [
    (
        re.compile(
            r"map modules (?P<sides>[A-D]\w*(?: [A-D]\w*)*)"
            r"(?P<command> \('caledonia map transcribe SIDE' enters one\))?"
        ),
        N_("map modules {sides} ('caledonia map transcribe SIDE' enters one)"),
        N_("map modules {sides}"),
    ),
    (re.compile(r"map modules"), N_("map modules"), N_("map modules")),
    (
        re.compile(r"market(?P<command> \('caledonia box market' enters yours\))?"),
        N_("market ('caledonia box market' enters yours)"),
        N_("market"),
    ),
    (
        re.compile(
            r"box data \(starting tiles, pass money, import marks\)"
            r"(?P<command> \('caledonia box tiles' enters yours\))?"
        ),
        N_(
            "box data (starting tiles, pass money, import marks) ('caledonia box tiles' enters yours)"
        ),
        N_("box data (starting tiles, pass money, import marks)"),
    ),
    (
        re.compile(r"solo removal grid(?P<command> \('caledonia box values' enters yours\))?"),
        N_("solo removal grid ('caledonia box values' enters yours)"),
        N_("solo removal grid"),
    ),
    (
        re.compile(
            r"(?P<words>.+) \((?P<key>\w+): example value"
            r"(?P<command>; 'caledonia box values' enters yours)?\)"
        ),
        N_("{words} ({key}: example value; 'caledonia box values' enters yours)"),
        N_("{words} ({key}: example value)"),
    ),
]


def example_items(items: tuple[str, ...] | list[str], *, in_play: bool) -> str:
    """The items, joined, each in the reader's language; `in_play`: without the commands."""
    return ", ".join(_item(item, in_play) for item in items)


# "('caledonia box market' enters yours)": how to enter the box, in the command line's words
_ENTER_WITH = re.compile(
    r"(?: \('caledonia [^']*' enters (?:one|yours)\)|; 'caledonia [^']*' enters yours)"
)


def _item(item: str, in_play: bool) -> str:
    for pattern, with_command, without in _KINDS:
        found = pattern.fullmatch(item)
        if found is None:
            continue
        fields = found.groupdict()
        command = fields.pop("command", None)
        if "words" in fields:  # a clan's box value, named as the clan declares it
            fields["words"] = translator()(fields["words"])
        return t(with_command if command and not in_play else without, **fields)
    return _ENTER_WITH.sub("", item) if in_play else item
