"""A game's event lines written and read without PyYAML: `flow_items` writes events as
PyYAML writes them (appending one event to a game file needs no YAML library), and a YAML
document's last top-level list is read line by line where its items are written so (a long
game's file is mostly those lines, and PyYAML builds each value of them in Python).

An item is read here only when flow_items writes back exactly its text from the value read,
so the value is the one PyYAML reads; any other item is left to PyYAML (yamltext), and
anything unusual about the document gives None: PyYAML then reads it whole, with its own
errors. Each value keeps its lines as PyYAML's reader gives them (plaindata's LineDict and
LineList).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .plaindata import LineDict, LineList

# the start of a line that could mark a document's start or end, or hold a directive
_DOCUMENT_MARKS = ("---", "...", "%")
_WHOLE_DIGITS = 18  # a longer number is left as text: flow_items then refuses to write it


class Tail(NamedTuple):
    head: str  # the document before the list's key, for PyYAML
    key_line: int  # the line of the key (1-based)
    items: list[tuple[int, str]]  # each item's first line and text


def split_tail(text: str, key: str) -> Tail | None:
    """The document parted before its last top-level key `key`, which holds a block list of
    items at the left margin, each on lines of its own; None when it is not so."""
    marker = f"\n{key}:\n"
    at = text.rfind(marker)
    if at < 0 or text.startswith(_DOCUMENT_MARKS):
        return None
    if any(f"\n{mark}" in text for mark in _DOCUMENT_MARKS):  # PyYAML reads those
        return None
    head, body = text[: at + 1], text[at + len(marker) :]
    if not body.startswith("- ") or not body.endswith("\n"):
        return None
    key_line = head.count("\n") + 1
    items = _items(body, key_line + 1)
    return None if items is None else Tail(head, key_line, items)


def _items(body: str, first: int) -> list[tuple[int, str]] | None:
    """The items of a block list at the left margin from line `first`: each item's first
    line and text; None when a line is no item's."""
    items: list[tuple[int, str]] = []
    lines: list[str] = []
    start = first
    for number, line in enumerate(body.splitlines(keepends=True), start=first):
        if line.startswith("- "):
            if lines:
                items.append((start, "".join(lines)))
            lines, start = [line], number
        elif line.startswith("  ") and line.endswith("\n"):
            lines.append(line)
        else:  # a comment, a blank line, a tab, a line break of another kind
            return None
    items.append((start, "".join(lines)))
    return items


def read_item(text: str, line: int) -> LineDict | None:
    """The mapping an item's `text` (from its first `line`) holds, when it is written as
    flow_items writes it: on one line (`- {type: trade, ...}`), or a line for each key
    when a value is a list; None for any other item."""
    if text.startswith("- {"):
        if not text.endswith("}\n") or "\n" in text[:-1]:
            return None
        pairs = [(pair, line) for pair in text[3:-2].split(", ")]
    else:
        pairs = [(row[2:], line + n) for n, row in enumerate(text[:-1].split("\n"))]
    item = LineDict(line)
    for pair, at in pairs:
        key, colon, value = pair.partition(": ")
        if not colon:
            return None
        item[key] = _value(value, at)
        item.lines[key] = at
    return item if flow_items([item]) == text else None


def _value(text: str, line: int) -> Any:
    if text.startswith("[") and text.endswith("]"):
        values = LineList(line)
        for word in text[1:-1].split(", ") if len(text) > 2 else ():
            values.append(_scalar(word))
            values.lines.append(line)
        return values
    return _scalar(text)


def _scalar(text: str) -> Any:
    digits = text[1:] if text.startswith("-") else text
    whole = digits.isascii() and digits.isdigit() and len(digits) <= _WHOLE_DIGITS
    return int(text) if whole else text  # flow_items writes back only the ones it wrote


def shifted(value: Any, lines: int) -> Any:
    """`value` as read from a text of its own, with its lines moved down by `lines`."""
    if isinstance(value, LineDict):
        value.line = None if value.line is None else value.line + lines
        value.lines = {key: at + lines for key, at in value.lines.items()}
        for item in value.values():
            shifted(item, lines)
    elif isinstance(value, LineList):
        value.line = None if value.line is None else value.line + lines
        value.lines = [at + lines for at in value.lines]
        for item in value:
            shifted(item, lines)
    return value


# A word PyYAML writes without quotes in a flow mapping: letters, digits and underscores,
# inner hyphens (C-07, cheese_dairy); not one YAML 1.1 reads as a boolean or null.
_PLAIN_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*")
_NOT_PLAIN = frozenset({"yes", "no", "true", "false", "on", "off", "null", "y", "n"})
_FLOW_WIDTH = 90  # to_yaml wraps a line past 100 columns; shorter lines are never wrapped


def flow_items(items: Sequence[Mapping[str, Any]]) -> str | None:
    """The lines to_yaml writes for `items` in a block sequence, without PyYAML: for
    mappings of plain words, whole numbers, booleans and flat lists of them, each line short
    enough not to be wrapped; None when any item is not such (ask to_yaml).

    As PyYAML writes them: a mapping of scalars on one line (`- {type: trade, ...}`), a
    mapping holding a list as a block with the list on one line (`- type: prepare` then
    `  drawn: [4, 34]`)."""
    lines = []
    for item in items:
        item_lines = _item_lines(item) if isinstance(item, dict) else None
        if item_lines is None or any(len(line) > _FLOW_WIDTH for line in item_lines):
            return None
        lines += [line + "\n" for line in item_lines]
    return "".join(lines)


def _item_lines(item: dict[str, Any]) -> list[str] | None:
    pairs = []
    listed = False  # in one pass: a game's file is read back through here (read_item)
    for key, value in item.items():
        said_key, said = _flow_scalar(key), _flow_value(value)
        if said_key is None or said is None:
            return None
        listed = listed or isinstance(value, list)
        pairs.append(f"{said_key}: {said}")
    if listed:
        return ["- " + pairs[0]] + ["  " + pair for pair in pairs[1:]]
    return ["- {" + ", ".join(pairs) + "}"]


def _flow_value(value: Any) -> str | None:
    if isinstance(value, list):
        words = [_flow_scalar(item) for item in value]
        return None if None in words else "[" + ", ".join(words) + "]"  # type: ignore[arg-type]
    return _flow_scalar(value)


def _flow_scalar(value: Any) -> str | None:
    if type(value) is str and value in _flow_words:  # a game's words repeat: each looked at once
        return _flow_words[value]
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _flow_word(value) if isinstance(value, str) else None


def _flow_word(value: str) -> str | None:
    plain = _PLAIN_WORD.fullmatch(value) and value.lower() not in _NOT_PLAIN
    word = str(value) if plain else None
    if len(_flow_words) >= _FLOW_WORDS_KEPT:  # bounded: a long session's free text
        _flow_words.clear()
    _flow_words[str(value)] = word
    return word


_flow_words: dict[str, str | None] = {}
_FLOW_WORDS_KEPT = 4096
