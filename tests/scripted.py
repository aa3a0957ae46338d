"""A stand-in for the questionary prompts, driven by a list of answers."""

from __future__ import annotations


class Esc(Exception):
    """Esc pressed at a typed question, with `typed` in the answer (a script's entry)."""

    def __init__(self, typed: str = ""):
        super().__init__(typed)
        self.typed = typed


class ScriptedAsker:
    """Answers prompts from a script. A refused answer is recorded and the next one is tried,
    as a person at the prompt would type again after reading the reason. `offered` keeps
    what each typed question held when asked (its default), in order."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.refusals: list[tuple[str, str, str]] = []
        self.questions: list[str] = []
        self.said: list[str] = []
        self.offered: list[tuple[str, str]] = []

    def _next(self, question, validate=None, default=""):
        self.questions.append(question)
        while True:
            if not self.answers:
                raise AssertionError(f"script ran out at: {question}")
            answer = self.answers.pop(0)
            if isinstance(answer, BaseException):
                raise answer
            if answer == "" and default:  # the prompt shows the default; Enter takes it
                answer = default
            verdict = validate(answer) if validate and isinstance(answer, str) else True
            if verdict is True:
                return answer
            self.refusals.append((question, answer, verdict))

    def text(self, question, *, default="", validate=None, back=False):
        self.offered.append((question, default))
        if self.answers and isinstance(self.answers[0], Esc):
            from caledonia.cli.prompts import GoBack

            assert back, f"no way back at: {question}"
            self.questions.append(question)
            raise GoBack(self.answers.pop(0).typed)
        return self._next(question, validate, default)

    def select(self, question, choices):
        answer = self._next(question)
        assert answer in choices, (answer, choices)
        return answer

    def choose(self, question, choices, *, default=None):
        """An answer is a choice's label, its key, or a function of (question, choices)
        returning a value (an oracle that plays a recorded game)."""
        from caledonia.cli.prompts import with_keys

        keyed = with_keys(choices)
        self.questions.append(question)
        if not self.answers:
            raise AssertionError(f"script ran out at: {question}")
        answer = self.answers[0]
        if callable(answer):
            return answer(question, keyed)
        self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        if answer == "" and default is not None:
            return default
        for choice in keyed:
            if answer in (choice.label, choice.key):
                return choice.value
        raise AssertionError(f"no choice {answer!r} at {question}: {[c.label for c in keyed]}")

    def confirm(self, question, *, default):
        return self._next(question)

    def complete(self, question, choices, *, validate=None):
        return self._next(question, validate)

    def say(self, text):
        self.said.append(text)

    def page(self, lines, last):
        self.said.extend(lines)
