"""A YAML document's last top-level list read line by line, without PyYAML, where its items
are written as caledonia writes a game's events (yamlfile.flow_items): a long game's file is
mostly those lines, and PyYAML builds each value of them in Python.

An item is read here only when flow_items writes back exactly its text from the value read,
so the value is the one PyYAML reads (flow_items writes what PyYAML writes); any other item
is left to PyYAML (yamltext), and anything unusual about the document gives None: PyYAML
then reads it whole, with its own errors. Each value keeps its lines as PyYAML's reader
gives them (plaindata's LineDict and LineList).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .plaindata import LineDict, LineList
from .yamlfile import flow_items

# a line that could mark a document's start or end, or hold a directive: PyYAML reads those
_DOCUMENT_MARK = re.compile(r"^(?:---|\.\.\.|%)", re.MULTILINE)
_WHOLE = re.compile(r"-?[0-9]{1,18}")  # flow_items writes back only the ones it wrote


class Tail(NamedTuple):
    head: str  # the document before the list's key, for PyYAML
    key_line: int  # the line of the key (1-based)
    items: list[tuple[int, str]]  # each item's first line and text


def split_tail(text: str, key: str) -> Tail | None:
    """The document parted before its last top-level key `key`, which holds a block list of
    items at the left margin, each on lines of its own; None when it is not so."""
    marker = f"\n{key}:\n"
    at = text.rfind(marker)
    if at < 0 or _DOCUMENT_MARK.search(text):
        return None
    head, body = text[: at + 1], text[at + len(marker) :]
    if not body.startswith("- ") or not body.endswith("\n"):
        return None
    key_line = head.count("\n") + 1
    items: list[tuple[int, str]] = []
    lines: list[str] = []
    start = key_line + 1
    for number, line in enumerate(body.splitlines(keepends=True), start=key_line + 1):
        if line.startswith("- "):
            if lines:
                items.append((start, "".join(lines)))
            lines, start = [line], number
        elif line.startswith("  ") and line.endswith("\n"):
            lines.append(line)
        else:  # a comment, a blank line, a tab, a line break of another kind
            return None
    items.append((start, "".join(lines)))
    return Tail(head, key_line, items)


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
    return int(text) if _WHOLE.fullmatch(text) else text


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
