"""Checking loaded YAML against what a file must hold.

A `Node` is a value together with where it came from: the file, the key path
and the line. Its methods check the value's shape and raise a `DataError`
that says all three and what was expected, so every loader in the engine
reports bad input the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .errors import DataError
from .plaindata import LineDict, LineList


def describe(value: Any) -> str:
    """A short, human description of a YAML value, for error messages."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no value)"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:g} (not a whole number)"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text {shown!r}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


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
        return DataError(self.source, message, self.path or "top level", self.line)

    def expected(self, what: str) -> DataError:
        return self.fail(f"expected {what}, got {describe(self.value)}")

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
            raise self.expected("a mapping (key: value lines)")
        required = tuple(required)
        allowed = tuple(dict.fromkeys(required + tuple(optional)))
        entries = self.entries()
        for key, node in entries.items():
            if key not in allowed:
                raise node.fail(_unknown_key_message(key, allowed))
        for key in required:
            if key not in entries:
                raise self.fail(f"missing key {key!r}")
        return entries

    def entries(self) -> dict[str, Node]:
        """Every entry of a mapping with text keys, as nodes, in file order."""
        if not isinstance(self.value, dict):
            raise self.expected("a mapping (key: value lines)")
        lines = self.value.lines if isinstance(self.value, LineDict) else {}
        result: dict[str, Node] = {}
        for key, value in self.value.items():
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise self._child(key, value, lines.get(key)).fail(
                    f"expected a name as key, got {describe(key)}"
                )
            result[str(key)] = self._child(key, value, lines.get(key))
        return result

    def sequence(self) -> list[Node]:
        if not isinstance(self.value, list):
            raise self.expected("a list")
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
            raise self.expected("non-empty text")
        return self.value.strip()

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.expected("true or false")
        return self.value

    def choice(self, options: Iterable[str]) -> str:
        options = tuple(options)
        if not isinstance(self.value, str) or self.value not in options:
            raise self.expected("one of " + ", ".join(options))
        return self.value


def whole_number_phrase(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return f"a whole number from {minimum} to {maximum}"
    if minimum is not None:
        return f"a whole number, {minimum} or more"
    if maximum is not None:
        return f"a whole number, {maximum} or less"
    return "a whole number"


def _unknown_key_message(key: str, allowed: tuple[str, ...]) -> str:
    from difflib import get_close_matches  # only on the error path

    close = get_close_matches(key, allowed, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown key {key!r}{hint}; expected one of: {', '.join(allowed)}"
