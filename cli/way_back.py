"""A way back from every question of a flow of questions, the flow itself unchanged.

A flow (the set-up of a new game, what the dice show, the contracts drawn) asks through
the asker `with_way_back` gives it. Each question after the first takes a way back to the
one before it: a menu gains '← back' (key 0, or Esc), a typed question takes Esc. Going
back runs the flow again from its start: the answers before the previous question are
given again without asking (nothing said twice), and the previous question is asked with
its answer highlighted or in the answer to edit. Nothing typed is lost: every later
answer, and what a typed answer held when Esc was pressed, comes back too when its
question does. A question that is not the one answered before (an answer changed) is
asked as usual.

The flow must ask the same questions for the same answers (draw any random number
before it), and do nothing but ask until its last question: it may run several times.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

from caledonia.rules.messages import N_

from .prompts import Asker, Choice, GoBack, Menu, Validator, refused_keys
from .translation import t

Result = TypeVar("Result")
BACK = N_("← back")  # the words of play's own way back (cli/play_cmd.py)
BACK_KEY = "0"
_WAY_BACK = object()  # the value of the '← back' option


class Answer(NamedTuple):
    """One answer: what was typed, a menu's option by place and words, or a yes/no."""

    kind: str
    question: str
    value: Any
    label: str = ""


def with_way_back(
    asker: Asker,
    flow: Callable[[Asker], Result],
    *,
    out: bool = False,
    kept: list[Answer] | None = None,
) -> Result:
    """What `flow` returns, asked with a way back from each question to the one before it.
    `out`: the first question has one too, out of the flow (GoBack to the caller), and
    `kept` holds the answers given then, offered again when the caller comes back in."""
    rewinding = Rewinding(asker, out, kept)
    while True:
        try:
            return flow(rewinding)
        except GoBack:
            rewinding.back()


class Rewinding:
    """The asker of a flow with a way back (see the module's notes)."""

    def __init__(self, inner: Asker, out: bool, kept: list[Answer] | None = None):
        self.inner = inner
        self.out = out
        # every answer given, in the order of the questions (the caller's list, if given)
        self.kept: list[Answer] = [] if kept is None else kept
        # how many of them this run of the flow gives without asking (-1: none, not back yet)
        self.given = -1
        self.at = 0  # the question this run of the flow is at

    def back(self) -> None:
        """To the question before the one asked (out of the flow before the first)."""
        if self.at == 0:
            raise GoBack()
        self.given = self.at - 1
        self.at = 0
        self._forget()  # the previous question's answer, to be given again

    def _forget(self) -> None:
        """The inner asker's last answer is no longer one (a draft keeps answers too)."""
        forget = getattr(self.inner, "forget_last", None)
        if forget is not None:
            forget()

    # -- what was answered --------------------------------------------------------------

    def _kept(self, kind: str, question: str) -> Answer | None:
        """The answer kept for this question at this place, if it is this question."""
        if self.at < len(self.kept):
            kept = self.kept[self.at]
            if kept.kind == kind and kept.question == question:
                return kept
        return None

    def _replay(self, kept: Answer | None) -> Answer | None:
        """`kept` when this question's answer is given again without asking, else None:
        the first question asked ends the replay."""
        if self.at < self.given and kept is not None:
            self.at += 1
            return kept
        self.given = min(self.given, self.at - 1)
        return None

    def _hold(self, answer: Answer) -> None:
        """Keep the answer to the question at hand (not yet answered: Esc)."""
        if self.at < len(self.kept):
            self.kept[self.at] = answer
        else:
            self.kept.append(answer)

    def _keep(self, answer: Answer) -> None:
        self._hold(answer)
        self.at += 1

    def _back_here(self) -> bool:
        return self.at > 0 or self.out

    # -- the Asker interface ------------------------------------------------------------

    def text(
        self,
        question: str,
        *,
        default: str = "",
        validate: Validator | None = None,
        back: bool = True,
    ) -> str:
        """A typed answer; Esc goes back from any but the first (whatever `back` says)."""
        kept = self._kept("text", question)
        if (again := self._replay(kept)) is not None:
            return again.value
        offered = kept.value if kept else default
        try:
            typed = self.inner.text(
                question, default=offered, validate=validate, back=self._back_here()
            )
        except GoBack as going:
            if going.typed.strip():  # offered again when the question comes back
                self._hold(Answer("text", question, going.typed))
            raise
        self._keep(Answer("text", question, typed))
        return typed

    def choose(self, question: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        kept = self._kept("choose", question)
        if kept is not None and not _still_offered(kept, choices):
            kept = None
        if (again := self._replay(kept)) is not None:
            return choices[again.value].value
        menu = _with_back(choices) if self._back_here() else choices
        offered = choices[kept.value].value if kept else default
        value = self.inner.choose(question, menu, default=offered)
        if value is _WAY_BACK:
            self._forget()  # '← back' itself is no answer
            raise GoBack()
        self._keep(_menu_answer(question, choices, value))
        return value

    def confirm(self, question: str, *, default: bool) -> bool:
        kept = self._kept("confirm", question)
        if (again := self._replay(kept)) is not None:
            return bool(again.value)
        answer = self.inner.confirm(question, default=kept.value if kept else default)
        self._keep(Answer("confirm", question, answer))
        return answer

    def select(self, question: str, choices: Sequence[str]) -> str:
        kept = self._kept("select", question)
        if kept is not None and kept.value not in choices:
            kept = None
        if (again := self._replay(kept)) is not None:
            return again.value
        answer = self.inner.select(question, choices)
        self._keep(Answer("select", question, answer))
        return answer

    def complete(
        self, question: str, choices: Sequence[str], *, validate: Validator | None = None
    ) -> str:
        kept = self._kept("complete", question)
        if (again := self._replay(kept)) is not None:
            return again.value
        answer = self.inner.complete(question, choices, validate=validate)
        self._keep(Answer("complete", question, answer))
        return answer

    def _said_before(self) -> bool:
        """Whatever is said before the question gone back to was said the first time."""
        return self.at <= self.given

    def say(self, text: str) -> None:
        if not self._said_before():
            self.inner.say(text)

    def page(self, lines: Sequence[str], last: str) -> None:
        if not self._said_before():
            self.inner.page(lines, last)


def _menu_answer(question: str, choices: Sequence[Choice], value: Any) -> Answer:
    """The option chosen, by its place and words (one not in the menu: never given again)."""
    index = next((i for i, c in enumerate(choices) if c.value == value), None)
    if index is None:
        return Answer("choose", question, -1)
    return Answer("choose", question, index, choices[index].label)


def _with_back(choices: Sequence[Choice]) -> Sequence[Choice]:
    """The menu with '← back' under it; a menu whose key 0 is its own way back keeps it
    ('none of these: type the tiles again')."""
    if any(c.key == BACK_KEY for c in choices):
        return choices
    return Menu([*choices, Choice(t(BACK), _WAY_BACK, BACK_KEY)], refused_keys(choices))


def _still_offered(kept: Answer, choices: Sequence[Choice]) -> bool:
    """The kept option is in the menu still, at its place and in its words."""
    return 0 <= kept.value < len(choices) and choices[kept.value].label == kept.label
