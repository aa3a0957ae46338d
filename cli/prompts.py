"""Prompts behind one small interface, so flows can run on questionary or on a script.

Commands ask through an `Asker`. `QuestionaryAsker` asks a person in a
terminal (questionary is imported only then: it is slow to import); tests
drive the same flows with a scripted asker. A validator returns True or the
reason a value is refused, and the prompt asks again showing that reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from caledonia.rules.schema import whole_number_phrase

from .output import message

Validator = Callable[[str], "bool | str"]


class Asker(Protocol):
    def text(
        self, question: str, *, default: str = "", validate: Validator | None = None
    ) -> str: ...

    def select(self, question: str, choices: Sequence[str]) -> str: ...

    def confirm(self, question: str, *, default: bool) -> bool: ...

    def complete(
        self, question: str, choices: Sequence[str], *, validate: Validator | None = None
    ) -> str: ...

    def say(self, text: str) -> None: ...


class QuestionaryAsker:
    """Asks a person at a terminal. Ctrl-C raises KeyboardInterrupt."""

    def __init__(self) -> None:
        import questionary

        self._q = questionary

    def text(self, question: str, *, default: str = "", validate: Validator | None = None) -> str:
        return self._q.text(question, default=default, validate=validate).unsafe_ask()

    def select(self, question: str, choices: Sequence[str]) -> str:
        return self._q.select(question, choices=list(choices)).unsafe_ask()

    def confirm(self, question: str, *, default: bool) -> bool:
        return self._q.confirm(question, default=default).unsafe_ask()

    def complete(
        self, question: str, choices: Sequence[str], *, validate: Validator | None = None
    ) -> str:
        return self._q.autocomplete(
            question,
            choices=list(choices),
            validate=validate,
            match_middle=True,
            validate_while_typing=False,  # typing a good's name to search is not an error
        ).unsafe_ask()

    def say(self, text: str) -> None:
        message(text)


def whole_number(minimum: int = 0, maximum: int | None = None) -> Validator:
    """A validator for a typed whole number within bounds."""
    expected = whole_number_phrase(minimum, maximum)

    def check(typed: str) -> bool | str:
        try:
            value = int(typed.strip())
        except ValueError:
            return f"Expected {expected}, got {typed.strip()!r}."
        if value < minimum or (maximum is not None and value > maximum):
            return f"Expected {expected}, got {value}."
        return True

    return check
