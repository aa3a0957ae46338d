"""Checking loaded YAML against what a file must hold.

A `Node` is a value together with where it came from: the file, the key path
and the line. Its methods check the value's shape and raise a `DataError`
that says all three and what was expected, so every loader in the engine
reports bad input the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from difflib import get_close_matches
from typing import Any

from .errors import DataError
from .messages import Reason
from .plaindata import LineDict, LineList, LongNumber, control_in, name_problem, shortened


def describe(value: Any) -> str:
    """A short, human description of a YAML value, for error messages."""
    if value is None:
        return Reason("nothing (null)")
    if isinstance(value, bool):
        # TRANSLATORS: {value} is YAML's word as written in the file: true or false
        return Reason("{value} (a yes/no value)", value=str(value).lower())
    if isinstance(value, int):
        return shortened(str(value))
    if isinstance(value, LongNumber):
        return str(value)
    if isinstance(value, float):
        return Reason("{number:g} (not a whole number)", number=value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return Reason("the text {text!r}", text=shown)
    if isinstance(value, dict):
        return Reason("a mapping")
    if isinstance(value, list):
        return Reason("a list")
    # TRANSLATORS: {kind} is Python's name of a type (a date, a set)
    return Reason("a {kind}", kind=type(value).__name__)


class Node:
    """A value read from a file, with its file name, key path and line."""

    __slots__ = ("value", "source", "path", "line")

    def __init__(self, value: Any, source: str, path: str = "", line: int | None = None):
        self.value = value
        self.source = source
        self.path = path
        self.line = line if line is not None else getattr(value, "line", None)

    # -- errors -----------------------------------------------------------
    def fail(self, message: str) -> DataError:
        # TRANSLATORS: where in a YAML file a problem is, when it is in no key: the whole file
        where = self.path or Reason("top level")
        return DataError(self.source, message, where, self.line)

    def expected(self, what: str) -> DataError:
        # TRANSLATORS: {what} is what the key must hold, {value} what the file gives
        return self.fail(
            Reason("expected {what}, got {value}", what=what, value=describe(self.value))
        )

    # -- navigation -------------------------------------------------------
    def _child(self, key: Any, value: Any, line: int | None) -> Node:
        if isinstance(key, int) and isinstance(self.value, list):
            path = f"{self.path}[{key}]"
        else:
            path = f"{self.path}.{key}" if self.path else str(key)
        return Node(value, self.source, path, line if line is not None else self.line)

    def mapping(
        self, required: Iterable[str] = (), optional: Iterable[str] = ()
    ) -> dict[str, Node]:
        """Check for a mapping with exactly these keys; return its entries as nodes."""
        if not isinstance(self.value, dict):
            raise self.expected(Reason("a mapping (key: value lines)"))
        required = tuple(required)
        allowed = tuple(dict.fromkeys(required + tuple(optional)))
        entries = self.entries()
        for key, node in entries.items():
            if key not in allowed:
                raise node.fail(_unknown_key_message(key, allowed))
        for key in required:
            if key not in entries:
                raise self.fail(Reason("missing key {key!r}", key=key))
        return entries

    def entries(self) -> dict[str, Node]:
        """Every entry of a mapping with text keys, as nodes, in file order."""
        if not isinstance(self.value, dict):
            raise self.expected(Reason("a mapping (key: value lines)"))
        lines = self.value.lines if isinstance(self.value, LineDict) else {}
        result: dict[str, Node] = {}
        for key, value in self.value.items():
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise self._child(key, value, lines.get(key)).fail(
                    Reason("expected a name as key, got {value}", value=describe(key))
                )
            result[str(key)] = self._child(key, value, lines.get(key))
        return result

    def entry(self, key: str) -> Node:
        """The entry `key` of a mapping (KeyError if it has none), as `entries()[key]`
        gives it, without making a node of every other entry."""
        if not isinstance(self.value, dict):
            raise self.expected(Reason("a mapping (key: value lines)"))
        lines = self.value.lines if isinstance(self.value, LineDict) else {}
        return self._child(key, self.value[key], lines.get(key))

    def sequence(self) -> list[Node]:
        if not isinstance(self.value, list):
            raise self.expected(Reason("a list"))
        lines = self.value.lines if isinstance(self.value, LineList) else []
        return [
            self._child(index, item, lines[index] if index < len(lines) else None)
            for index, item in enumerate(self.value)
        ]

    def __iter__(self) -> Iterator[Node]:
        return iter(self.sequence())

    # -- scalars ----------------------------------------------------------
    def whole(self, minimum: int | None = 0, maximum: int | None = None) -> int:
        """A whole number within the bounds (booleans are not numbers here)."""
        value = self.value
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.expected(whole_number_phrase(minimum, maximum))
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            raise self.expected(whole_number_phrase(minimum, maximum))
        return value

    def text(self) -> str:
        if not isinstance(self.value, str) or not self.value.strip():
            raise self.expected(Reason("non-empty text"))
        return self.value.strip()

    def name(self) -> str:
        """A player's name, held to the rules a name typed at `caledonia new` is: no
        control, C1 or bidirectional character, no line break, at most MAX_NAME characters
        (plaindata.name_problem); shown back escaped and shortened."""
        name = self.text()
        problem = name_problem(name)
        if problem:
            raise self.fail(
                Reason("the player name {name!r}: {problem}", name=shortened(name), problem=problem)
            )
        return name

    def one_line(self) -> str:
        """Text of one line, as a word of an event is: no control, C1 or bidirectional
        character, no line break (shown back escaped)."""
        text = self.text()
        found = control_in(text)
        if found:
            raise self.fail(found)
        return text

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.expected(Reason("true or false"))
        return self.value

    def choice(self, options: Iterable[str]) -> str:
        options = tuple(options)
        if not isinstance(self.value, str) or self.value not in options:
            raise self.expected(Reason("one of {options}", options=", ".join(options)))
        return self.value


def whole_number_phrase(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return Reason(
            "a whole number from {minimum} to {maximum}", minimum=minimum, maximum=maximum
        )
    if minimum is not None:
        return Reason("a whole number, {minimum} or more", minimum=minimum)
    if maximum is not None:
        return Reason("a whole number, {maximum} or less", maximum=maximum)
    return Reason("a whole number")


def _unknown_key_message(key: str, allowed: tuple[str, ...]) -> str:
    close = get_close_matches(key, allowed, n=1)
    if close:
        return Reason(
            "unknown key {key!r} (did you mean {close!r}?); expected one of: {allowed}",
            key=key,
            close=close[0],
            allowed=", ".join(allowed),
        )
    return Reason(
        "unknown key {key!r}; expected one of: {allowed}", key=key, allowed=", ".join(allowed)
    )
