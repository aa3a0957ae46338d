"""Drafts: the answers of a long entry, kept on disk as they are given, so that Ctrl-C, a
closed terminal or a crash loses nothing; the next run goes on from there.

A flow does not change to keep a draft: it asks through a `DraftAsker`, which wraps any
`Asker` (questionary's or a test's script)::

    draft = Draft.named("score-sheet")            # one draft per kind of entry (and key)
    ask = draft.asker(QuestionaryAsker(), "the score sheet")
    try:
        result = run_the_questions(ask)           # the flow, unchanged
    except (KeyboardInterrupt, EOFError):
        raise Interrupted(draft.stopped_words("caledonia score")) from None
    save(result)
    draft.discard()                               # only once the result itself is saved

`draft.asker` first offers to go on from a draft left by an earlier run ("Go on with ...?",
Enter: yes; no throws the draft away). Going on, the kept answers are given again in order
without asking: each goes through its question's validator again, and the replay stops at
the first question that is not the one recorded (the data changed, or the flow did), so a
stale draft can never force a wrong answer. Every answer asked after that is written to the
draft at once (atomic replace). A draft that cannot be written is said once and the entry
goes on without it; `kept` then stays False and `stopped_words` says nothing was kept.

Drafts live in CALEDONIA_DRAFTS_DIR, else $XDG_STATE_HOME/caledonia/drafts (by default
~/.local/state/caledonia/drafts), one JSON file per draft. Answers must be text, yes/no,
or menu choices (kept by position and label, so a choice's value need not be data).
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .prompts import Asker, Choice, Validator, verdict_of

DRAFTS_ENV = "CALEDONIA_DRAFTS_DIR"
FORMAT = "caledonia-draft/1"


def drafts_folder() -> Path:
    """Where drafts are kept (see the module's notes)."""
    chosen = os.environ.get(DRAFTS_ENV)
    if chosen:
        return Path(chosen)
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state"
    )
    return Path(state) / "caledonia" / "drafts"


class Draft:
    """The kept answers of one entry. `answers` is a list of {"kind", "question", "answer"}
    (a menu answer also has "label"); `kept` is True once an answer is on disk."""

    def __init__(self, path: Path):
        self.path = path
        self.answers: list[dict[str, Any]] = []
        self.saved_at: str | None = None
        self.kept = False
        self.broken: str | None = None  # why the draft could not be written, once it failed
        self._load()

    @classmethod
    def named(cls, kind: str, key: str = "") -> Draft:
        """The draft of an entry `kind` (e.g. "score-sheet"), one per `key` (e.g. a map
        side's name) when several may be under way."""
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{kind}-{key}" if key else kind)[:100]
        return cls(drafts_folder() / f"{name}.json")

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return  # none, or unreadable: start afresh
        if isinstance(data, dict) and data.get("format") == FORMAT:
            answers = data.get("answers")
            if isinstance(answers, list) and all(isinstance(a, dict) for a in answers):
                self.answers = answers
                self.saved_at = str(data.get("saved", "")) or None
                self.kept = bool(answers)  # on disk, until discarded

    def record(self, entry: dict[str, Any]) -> None:
        """Add one answer and write the draft now; a failure is kept in `broken`."""
        self.answers.append(entry)
        self.write()

    def write(self) -> None:
        if self.broken is not None:
            return
        from caledonia.rules.yamlfile import write_text_atomic

        self.saved_at = datetime.datetime.now().isoformat(timespec="seconds")
        data = {"format": FORMAT, "saved": self.saved_at, "answers": self.answers}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(self.path, json.dumps(data, ensure_ascii=False, indent=1))
        except OSError as error:  # WriteError is an OSError too
            self.broken = str(error)
            self.kept = False
            return
        self.kept = True

    def discard(self) -> None:
        """Throw the draft away (the entry is saved, or the person started afresh)."""
        self.answers = []
        self.kept = False
        try:
            self.path.unlink()
        except OSError:
            pass

    def asker(self, inner: Asker, what: str) -> DraftAsker:
        """An Asker that replays this draft, then asks `inner` and records. If a draft is
        left from before, `inner` is first asked whether to go on with `what` (its words,
        e.g. "the score sheet")."""
        if self.answers:
            when = f", kept {self.saved_at.replace('T', ' ')}" if self.saved_at else ""
            go_on = inner.confirm(
                f"Go on with {what} you were entering ({_answers(len(self.answers))}{when})?",
                default=True,
            )
            if not go_on:
                self.discard()
        return DraftAsker(inner, self)

    def stopped_words(self, command: str) -> str:
        """What to tell the person who stopped: what was kept, and how to go on."""
        if self.kept and self.answers:
            return (
                f"Stopped: {_answers(len(self.answers))} kept in a draft; "
                f"run '{command}' again to go on from there. Nothing else was saved."
            )
        return "Stopped: nothing was saved."


def _answers(count: int) -> str:
    return f"{count} answer" + ("" if count == 1 else "s")


class DraftAsker:
    """Replays a draft's answers, then asks the wrapped Asker and records every answer."""

    def __init__(self, inner: Asker, draft: Draft):
        self.inner = inner
        self.draft = draft
        self.replayed = 0  # answers given from the draft so far
        self._replaying = bool(draft.answers)

    # -- replay ------------------------------------------------------------------------

    def _kept(self, kind: str, question: str) -> dict[str, Any] | None:
        """The next kept answer if it is for this very question, else None (replay ends)."""
        if not self._replaying:
            return None
        if self.replayed < len(self.draft.answers):
            entry = self.draft.answers[self.replayed]
            if entry.get("kind") == kind and entry.get("question") == question:
                return entry
        self._end_replay()
        return None

    def _use(self, entry: dict[str, Any]) -> Any:
        self.replayed += 1
        return entry["answer"]

    def _end_replay(self) -> None:
        """Drop the kept answers that were not given (stale), and say where we are."""
        self._replaying = False
        if self.replayed < len(self.draft.answers):
            del self.draft.answers[self.replayed :]
            self.draft.write()
        if self.replayed:
            self.inner.say(f"Went on from the draft: {_answers(self.replayed)} kept.")

    def _record(self, kind: str, question: str, answer: Any, **extra: Any) -> Any:
        self.draft.record({"kind": kind, "question": question, "answer": answer, **extra})
        if self.draft.broken is not None and not getattr(self, "_warned", False):
            self._warned = True
            self.inner.say(
                f"Note: no draft can be kept ({self.draft.broken}): a stop now loses the answers."
            )
        return answer

    def _kept_text(self, kind: str, question: str, validate: Validator | None) -> str | None:
        """The draft's typed answer to this question, if it still passes the validator."""
        entry = self._kept(kind, question)
        if entry is None:
            return None
        answer = entry.get("answer")
        if isinstance(answer, str) and verdict_of(validate, answer) is True:
            return self._use(entry)
        self._end_replay()
        return None

    # -- the Asker interface -------------------------------------------------------------

    def text(self, question: str, *, default: str = "", validate: Validator | None = None) -> str:
        kept = self._kept_text("text", question, validate)
        if kept is not None:
            return kept
        return self._record(
            "text", question, self.inner.text(question, default=default, validate=validate)
        )

    def complete(
        self, question: str, choices: Sequence[str], *, validate: Validator | None = None
    ) -> str:
        kept = self._kept_text("complete", question, validate)
        if kept is not None:
            return kept
        return self._record(
            "complete", question, self.inner.complete(question, choices, validate=validate)
        )

    def select(self, question: str, choices: Sequence[str]) -> str:
        entry = self._kept("select", question)
        if entry is not None:
            if entry.get("answer") in choices:
                return self._use(entry)
            self._end_replay()
        return self._record("select", question, self.inner.select(question, choices))

    def confirm(self, question: str, *, default: bool) -> bool:
        entry = self._kept("confirm", question)
        if entry is not None:
            if isinstance(entry.get("answer"), bool):
                return self._use(entry)
            self._end_replay()
        return self._record("confirm", question, self.inner.confirm(question, default=default))

    def choose(self, question: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        entry = self._kept("choose", question)
        if entry is not None:
            index = entry.get("answer")
            if (
                isinstance(index, int)
                and 0 <= index < len(choices)
                and choices[index].label == entry.get("label")
            ):
                self._use(entry)
                return choices[index].value
            self._end_replay()
        value = self.inner.choose(question, choices, default=default)
        index = next((i for i, c in enumerate(choices) if c.value == value), None)
        if index is not None:
            self._record("choose", question, index, label=choices[index].label)
        return value

    def say(self, text: str) -> None:
        if not self._replaying:
            self.inner.say(text)
