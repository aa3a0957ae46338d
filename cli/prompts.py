"""Prompts behind one small interface, so flows can run on questionary or on a script.

Commands ask through an `Asker`. `QuestionaryAsker` asks a person in a
terminal (questionary is imported only then: it is slow to import); tests
drive the same flows with a scripted asker. A validator returns True or the
reason a value is refused, and the prompt asks again showing that reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

from caledonia.rules.schema import whole_number_phrase

from .output import message

Validator = Callable[[str], "bool | str"]
SHORTCUT_KEYS = "123456789abcdefghijklmnopqrstuvwxyz"  # questionary's order, without 0


class Choice(NamedTuple):
    """One answer of a menu: the words shown, the value returned, and the key that picks it
    at once (None: the next free one of SHORTCUT_KEYS, when the list is short enough)."""

    label: str
    value: Any
    key: str | None = None


def with_keys(choices: Sequence[Choice]) -> list[Choice]:
    """Every choice with its key: the one asked for, else the next free shortcut key; none
    at all when the list is longer than the keys (the menu then filters as you type)."""
    if len(choices) > len(SHORTCUT_KEYS):
        return [c._replace(key=None) for c in choices]
    taken = {c.key for c in choices if c.key}
    free = iter(k for k in SHORTCUT_KEYS if k not in taken)
    return [c if c.key else c._replace(key=next(free)) for c in choices]


class Asker(Protocol):
    def text(
        self, question: str, *, default: str = "", validate: Validator | None = None
    ) -> str: ...

    def select(self, question: str, choices: Sequence[str]) -> str: ...

    def choose(self, question: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        """One of `choices` by its key (one keypress) or the arrows; returns its value."""
        ...

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
        return self._q.text(
            question, default=default, validate=validate, validate_while_typing=False
        ).unsafe_ask()

    def select(self, question: str, choices: Sequence[str]) -> str:
        return self._q.select(question, choices=list(choices)).unsafe_ask()

    def choose(self, question: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        keyed = with_keys(choices)
        shortcuts = all(c.key for c in keyed)
        shown = [
            self._q.Choice(
                title=(f"{c.key}) " if shortcuts else "") + c.label, value=index, shortcut_key=False
            )
            for index, c in enumerate(keyed)
        ]
        start = next(
            (i for i, c in enumerate(keyed) if default is not None and c.value == default), 0
        )
        prompt = self._q.select(
            question,
            choices=shown,
            default=shown[start],
            use_search_filter=not shortcuts,
            use_jk_keys=False,
            instruction="(key, or arrows and Enter)" if shortcuts else "(type to filter, Enter)",
        )
        if shortcuts:
            _answer_on_key(prompt, [c.key for c in keyed])
        return keyed[prompt.unsafe_ask()].value

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


def _answer_on_key(prompt: Any, keys: Sequence[str]) -> None:
    """Make each key answer the select at once, as Enter on its line would (one keypress)."""
    from questionary.prompts.common import InquirerControl

    control = next(
        w.content
        for w in prompt.application.layout.find_all_windows()
        if isinstance(w.content, InquirerControl)
    )
    bindings = prompt.application.key_bindings

    for index, key in enumerate(keys):

        def answer(event: Any, index: int = index) -> None:
            control.pointed_at = index
            control.is_answered = True
            event.app.exit(result=control.get_pointed_at().value)

        bindings.add(key, eager=True)(answer)


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
