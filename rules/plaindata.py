"""Data as read from a file: plain dicts and lists, which remember the line of each key and
item so that a later check can point at the line of a bad value; and the free text in it
(a name, a typed word) checked for control characters and shortened when echoed back.

The free-text checks are here, below the reader and the schema, so that a command that
only reads a file (status) loads no more than they need (not the words of rules/words.py)."""

from __future__ import annotations

import re
from typing import Any

from .messages import Reason


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


# -- free text the table types: names, and the values echoed back -------------------------

MAX_NAME = 40  # a player's name as the score pad and every header show it
# The characters that drive a terminal rather than show something: C0 and C1 controls
# (escape sequences, NUL, bell, backspace; a name has no newline or tab either), DEL, and the
# bidirectional embeddings, overrides and isolates that reorder what follows them.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _control_named(text: str) -> str | None:
    """The first control, C1 or bidirectional character of `text`, in words (None: none)."""
    found = _CONTROLS.search(text)
    if not found:
        return None
    code = ord(found.group())
    if code == 0:
        return Reason("a NUL")
    if code == 0x1B:
        return Reason("an escape sequence")
    if code == 0x0A:
        return Reason("a line break")
    if 0x202A <= code <= 0x2069:
        return Reason("the text-direction control U+{code:04X}", code=code)
    return Reason("the control U+{code:04X}", code=code)


def control_in(text: str) -> str | None:
    """Why `text` cannot be a word of an event (it holds a control character), or None."""
    what = _control_named(text)
    if what is None:
        return None
    # TRANSLATORS: {what} is the character the text may not hold ("an escape sequence")
    return Reason("expected text of one line, not {what}", what=what)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name (None: it can)."""
    what = _control_named(name)
    if what is not None:
        # TRANSLATORS: {what} is the character the name may not hold ("an escape sequence")
        return Reason("a name holds letters only, not {what}", what=what)
    if len(name) > MAX_NAME:
        return Reason(
            "a name has at most {most} characters, not {count:,}", most=MAX_NAME, count=len(name)
        )
    return None


ECHO_LIMIT = 60  # a longer word is shortened when a message shows it back


def shortened(word: str) -> str:
    """A long value as a message shows it back: `999…(5,000 digits)`."""
    if len(word) <= ECHO_LIMIT:
        return word
    # plain text, not a Reason: callers quote it with !r, and a Reason's repr is its id
    number = word.lstrip("+-")
    if number.isdigit():  # a number with its sign: the digits are counted
        return f"{word[:12]}…({len(number):,} digits)"
    return f"{word[:12]}…({len(word):,} characters)"
