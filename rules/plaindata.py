"""Data as read from a file: plain dicts and lists, which remember the line of each key and
item so that a later check can point at the line of a bad value."""

from __future__ import annotations

from typing import Any


class LineDict(dict[Any, Any]):  # YAML's keys and values: any of its kinds
    """A mapping read from YAML; ``lines[key]`` is the 1-based line of the key."""

    __slots__ = ("lines", "line")

    def __init__(self, line: int | None = None):
        super().__init__()
        self.lines: dict[Any, int] = {}
        self.line = line


class LineList(list[Any]):
    """A list read from YAML; ``lines[i]`` is the 1-based line of item i."""

    __slots__ = ("lines", "line")

    def __init__(self, line: int | None = None):
        super().__init__()
        self.lines: list[int] = []
        self.line = line


class LongNumber:
    """A whole number written with more than MAX_DIGITS characters: kept as its text, never
    converted (Python refuses to read more than 4,300 digits, and no count of the game needs
    a fraction of MAX_DIGITS), so that the check of the field it is in refuses it as outside
    its range, and a message shows it shortened: `123456789012…(5,000 digits)`."""

    __slots__ = ("text",)
    MAX_DIGITS = 100

    def __init__(self, text: str):
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LongNumber) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("LongNumber", self.text))

    def __repr__(self) -> str:
        from .words import shortened

        return shortened(self.text)

    __str__ = __repr__


def plain(value: Any) -> Any:
    """Data as plain dicts and lists, without the line-keeping types of the reader."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, str):  # a Reason (rules/messages.py) is saved as its English words
        return str(value)
    if isinstance(value, LongNumber):
        return value.text
    return value
