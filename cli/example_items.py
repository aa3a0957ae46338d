"""The example data a game file lists, in the reader's language.

A game file records, when it is made, which of its data are the shipped examples rather
than the table's box (rules/game/setup.py, `example_data`), as English words with the
command that enters each. The file keeps them so; each is shown here as the message of
its kind, with the command (or, inside `play`, without it), and an item of a kind not
known here (a later version's) as it is written.
"""

from __future__ import annotations

from caledonia.rules.messages import N_

from .translation import t, translator

# what each kind of item ends with when the file names the command that enters it
_MAP_COMMAND = " ('caledonia map transcribe SIDE' enters one)"
_MARKET_COMMAND = " ('caledonia box market' enters yours)"
_TILES_COMMAND = " ('caledonia box tiles' enters yours)"
_VALUES_COMMAND = " ('caledonia box values' enters yours)"
_VALUE_COMMAND = "; 'caledonia box values' enters yours)"  # inside a box value's brackets
_BOX_DATA = "box data (starting tiles, pass money, import marks)"
_EXAMPLE_VALUE = ": example value"


def example_items(items: tuple[str, ...] | list[str], *, in_play: bool) -> str:
    """The items, joined, each in the reader's language; `in_play`: without the commands."""
    return ", ".join(_item(item, in_play) for item in items)


def _item(item: str, in_play: bool) -> str:
    """One item as the message of its kind (with its command, as the file has it, unless
    `in_play`); an item of a kind not known here as the file holds it."""
    for command in (_MAP_COMMAND, _MARKET_COMMAND, _TILES_COMMAND, _VALUES_COMMAND):
        if item.endswith(command):
            return _kind(item[: -len(command)], not in_play) or _as_written(item, in_play)
    if item.endswith(_VALUE_COMMAND):  # a clan's box value: "words (key: example value; ...)"
        core = item[: -len(_VALUE_COMMAND)] + ")"
        return _kind(core, not in_play) or _as_written(item, in_play)
    return _kind(item, False) or item


# the items whose words are fixed: (with the command that enters it, without)
_FIXED_KINDS = {
    "map modules": (N_("map modules"), N_("map modules")),
    "market": (N_("market ('caledonia box market' enters yours)"), N_("market")),
    # as files of earlier versions name the whole box file
    _BOX_DATA: (
        N_(
            "box data (starting tiles, pass money, import marks) "
            "('caledonia box tiles' enters yours)"
        ),
        N_("box data (starting tiles, pass money, import marks)"),
    ),
    "starting tiles": (
        N_("starting tiles ('caledonia box tiles' enters yours)"),
        N_("starting tiles"),
    ),
    "box values (pass money, import marks)": (
        N_("box values (pass money, import marks) ('caledonia box values' enters yours)"),
        N_("box values (pass money, import marks)"),
    ),
    "solo removal grid": (
        N_("solo removal grid ('caledonia box values' enters yours)"),
        N_("solo removal grid"),
    ),
}


def _kind(core: str, command: bool) -> str | None:
    """The message of an item without its command (`core`), or None when none fits."""
    if core in _FIXED_KINDS:
        with_command, plain = _FIXED_KINDS[core]
        return t(with_command if command else plain)
    if core.startswith("map modules "):
        sides = core.removeprefix("map modules ")
        if command:
            return t(
                N_("map modules {sides} ('caledonia map transcribe SIDE' enters one)"), sides=sides
            )
        return t(N_("map modules {sides}"), sides=sides)
    return _box_value(core, command)


def _box_value(core: str, command: bool) -> str | None:
    """A clan's box value, 'words (key: example value)', named as the clan declares it; None
    for any other words."""
    words, bracket, key = core.removesuffix(f"{_EXAMPLE_VALUE})").rpartition(" (")
    if not (bracket and core.endswith(f"{_EXAMPLE_VALUE})") and key.isidentifier()):
        return None
    words = translator()(words)
    if command:
        return t(
            N_("{words} ({key}: example value; 'caledonia box values' enters yours)"),
            words=words,
            key=key,
        )
    return t(N_("{words} ({key}: example value)"), words=words, key=key)


_ENTER_WITH = (_MAP_COMMAND, _MARKET_COMMAND, _TILES_COMMAND, _VALUES_COMMAND)


def chosen_on_purpose(items: tuple[str, ...]) -> tuple[str, ...]:
    """The items of a game started on the examples on purpose (`new --examples`), without
    the command that enters each: the table may well hold its own already. A clan's box
    value keeps its words whole: the game finds it by them (Setup.example_value)."""
    plain = []
    for item in items:
        for command in _ENTER_WITH:
            item = item.removesuffix(command)
        plain.append(item)
    return tuple(plain)


def _as_written(item: str, in_play: bool) -> str:
    """An item of a kind not known here: as written, in `play` without its command."""
    if not in_play:
        return item
    for command in _ENTER_WITH:
        item = item.removesuffix(command)
    return item.replace(_VALUE_COMMAND, ")")
