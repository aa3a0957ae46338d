"""Drafts: what a person has entered in a long entry, kept on disk as it is given, so that
Ctrl-C, a closed terminal or a crash loses nothing; the next run goes on from there. Every
long entry keeps its draft here, one way: one file format, one question to go on, one
set of words when it stops.

A flow that asks its questions in a fixed order need not change to keep a draft: it asks
through a `DraftAsker`, which wraps any `Asker` (questionary's or a test's script)::

    draft = Draft.named("score-sheet")            # one draft per kind of entry (and key)
    ask = draft.asker(QuestionaryAsker(), "the score sheet")
    try:
        result = run_the_questions(ask)           # the flow, unchanged
    except (KeyboardInterrupt, EOFError):
        raise Interrupted(draft.stopped_words("caledonia score")) from None
    save(result)
    draft.discard()                               # only once the result itself is saved

`draft.asker` first offers to go on from a draft left by an earlier run (`offer`: "Go on
with ...?", Enter: yes; no throws the draft away). Going on, the kept answers are given
again in order without asking: each goes through its question's validator again, and the
replay stops at the first question that is not the one recorded (the data changed, or the
flow did), so a stale draft can never force a wrong answer. Every answer asked after that
is written to the draft at once (atomic replace). A draft that cannot be written is said
once and the entry goes on without it; `kept` then stays False and `stopped_words` says
nothing was kept.

A flow that keeps its own progress (`map transcribe`: the grid typed so far, with a way
back) keeps its fields in `draft.data` instead, with `offer` and `update`.

Drafts live in CALEDONIA_DRAFTS_DIR, else $XDG_STATE_HOME/caledonia/drafts (by default
~/.local/state/caledonia/drafts), one JSON file per draft; or beside the file an entry
will write (`Draft.beside`: `A1.yaml.draft`), in the folder already checked for writing.
Answers must be text, yes/no, or menu choices (kept by position and label, so a choice's
value need not be data). A transcription draft of an earlier version (YAML, with `side`)
is read as the draft of that side and written in this format from its next answer on.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from caledonia.rules.errors import CaledoniaError
from caledonia.rules.plaindata import plain
from caledonia.rules.yamlfile import parse_yaml, write_text_atomic

from .prompts import Asker, Choice, Validator, verdict_of
from .translation import t, t_n

DRAFTS_ENV = "CALEDONIA_DRAFTS_DIR"
FORMAT = "caledonia-draft/1"
DRAFT_SUFFIX = ".draft"  # a draft beside FILE is FILE.draft (`*.yaml` readers skip it)
_OWN_KEYS = ("format", "saved", "about", "command")  # the draft's own, not the entry's


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
    """The kept entry: `data` holds its fields (`answers`, for a DraftAsker: a list of
    {"kind", "question", "answer"}, a menu answer with "label" too); `kept` is True while
    something is on disk. `about` names what the draft is of (a draft of something else
    in its place is refused, never overwritten); `command` is what carries it on."""

    def __init__(
        self,
        path: Path,
        *,
        about: str | None = None,
        command: str | None = None,
        strict: bool = False,
    ):
        self.path = path
        self.about = about
        self.command = command
        self.strict = strict  # a file in its place that is not this draft is refused
        self.where = str(path) if strict else t("a draft")  # as a stop tells it
        self.data: dict[str, Any] = {}
        self.saved_at: str | None = None
        self.kept = False
        self.broken: str | None = None  # why the draft could not be written, once it failed
        self._warned = False
        self._load()

    @classmethod
    def named(cls, kind: str, key: str = "") -> Draft:
        """The draft of an entry `kind` (e.g. "score-sheet") in the drafts folder, one per
        `key` (e.g. a game file's path) when several may be under way."""
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{kind}-{key}" if key else kind)[:100]
        return cls(drafts_folder() / f"{name}.json")

    @classmethod
    def beside(cls, out: Path, about: str, command: str) -> Draft:
        """The draft of the entry that will write `out`, kept next to it as `out.draft`."""
        return cls(
            out.with_name(out.name + DRAFT_SUFFIX), about=about, command=command, strict=True
        )

    @property
    def answers(self) -> list[dict[str, Any]]:
        """A DraftAsker's answers, in the order they were given."""
        answers: list[dict[str, Any]] = self.data.setdefault("answers", [])
        return answers

    def _load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as error:
            self._unreadable(t("cannot read the draft ({error})", error=error))
            return
        data = _draft_data(text, str(self.path))
        if data is None:
            self._unreadable(t("not a caledonia draft"))
            return
        about = data.get("about")
        if self.about is not None and about != self.about:
            fields = {"path": self.path, "about": about, "wanted": self.about}
            if data.get("command"):
                raise CaledoniaError(
                    t(
                        "{path} is a draft of {about}, not {wanted}: carry on with '{command}' "
                        "or move it away",
                        command=data["command"],
                        **fields,
                    )
                )
            raise CaledoniaError(
                t("{path} is a draft of {about}, not {wanted}: move it away", **fields)
            )
        self.data = {key: value for key, value in data.items() if key not in _OWN_KEYS}
        self.saved_at = str(data.get("saved", "")) or None
        self.kept = _holds_something(self.data)  # on disk, until discarded

    def _unreadable(self, reason: str) -> None:
        """In the drafts folder: start afresh. Beside a person's file: never overwrite it."""
        if self.strict:
            raise CaledoniaError(
                t("{path}: {reason}; move it away to start over", path=self.path, reason=reason)
            )

    def offer(self, ask: Asker, what: str, progress: str | None = None) -> bool:
        """If a draft was left from before, ask whether to go on with it (`what` in the
        person's words, e.g. "the score sheet"; `progress` says how far it went). True to
        go on; a no throws the draft away. False, without a question, when there is none."""
        if not self.kept:
            return False
        shown = progress or _answers(len(self.answers))
        if self.saved_at:
            question = t(
                "Go on with {what} you were entering ({progress}, kept {saved})?",
                what=what,
                progress=shown,
                saved=self.saved_at.replace("T", " "),
            )
        else:
            question = t(
                "Go on with {what} you were entering ({progress})?", what=what, progress=shown
            )
        if ask.confirm(question, default=True):
            return True
        self.discard()
        return False

    def record(self, entry: dict[str, Any], ask: Asker) -> None:
        """Add one answer and write the draft now."""
        self.answers.append(entry)
        self.write(ask)

    def update(self, ask: Asker, **fields: Any) -> None:
        """Set the entry's own fields and write the draft now."""
        self.data.update(fields)
        self.write(ask)

    def write(self, ask: Asker | None = None) -> None:
        """Write the draft (atomic replace). A failure is kept in `broken` and said once
        through `ask`: the entry goes on without a draft."""
        if self.broken is not None:
            return

        self.saved_at = datetime.datetime.now().isoformat(timespec="seconds")
        own = {"about": self.about, "command": self.command}
        stored = {
            "format": FORMAT,
            "saved": self.saved_at,
            **{key: value for key, value in own.items() if value is not None},
            **self.data,
        }
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(self.path, json.dumps(stored, ensure_ascii=False, indent=1))
        except OSError as error:  # WriteError is an OSError too
            self.broken = str(error)
            self.kept = False
            if ask is not None and not self._warned:
                self._warned = True
                ask.say(
                    t(
                        "Note: no draft can be kept ({problem}): a stop now loses the answers.",
                        problem=self.broken,
                    )
                )
            return
        self.kept = True

    def discard(self) -> None:
        """Throw the draft away (the entry is saved, or the person started afresh)."""
        self.data = {}
        self.kept = False
        try:
            self.path.unlink()
        except OSError:
            pass

    def asker(self, inner: Asker, what: str) -> DraftAsker:
        """An Asker that replays this draft, then asks `inner` and records. If a draft is
        left from before, `inner` is first asked whether to go on with `what` (`offer`)."""
        self.offer(inner, what)
        return DraftAsker(inner, self)

    def stopped_words(self, command: str, progress: str | None = None) -> str:
        """What to tell the person who stopped: what was kept, and how to go on."""
        if self.kept and _holds_something(self.data):
            shown = progress or _answers(len(self.answers))
            return t(
                "Stopped: {progress} kept in {where}; "
                "run '{command}' again to go on from there. Nothing else was saved.",
                progress=shown,
                where=self.where,
                command=command,
            )
        return t("Stopped: nothing was saved.")

    def kept_words(self, command: str) -> str:
        """After a failure (a bug, a save refused): what is kept, and how to go on."""
        return t(
            "Your answers so far are kept in {where}: '{command}' carries on.",
            where=self.where,
            command=command,
        )


def _draft_data(text: str, source: str) -> dict[str, Any] | None:
    """A draft file's mapping: this format, or a transcription draft of an earlier version
    (YAML: `side`, `saved`, then its fields), read as the draft of that side."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and data.get("format") == FORMAT:
        answers = data.get("answers", [])
        if isinstance(answers, list) and all(isinstance(a, dict) for a in answers):
            return data
        return None

    try:
        earlier = parse_yaml(text, source)
    except CaledoniaError:
        return None
    if not isinstance(earlier, dict) or "side" not in earlier:
        return None
    fields = plain(earlier)
    side = fields.pop("side")
    return {**fields, "about": f"side {side}"}


def _holds_something(data: dict[str, Any]) -> bool:
    return bool(data.get("answers")) if "answers" in data else bool(data)


def _answers(count: int) -> str:
    return t_n("{count} answer", "{count} answers", count)


Answer = TypeVar("Answer")  # what an Asker question returns, recorded as it came


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
            self.draft.write(self.inner)
        if self.replayed:
            self.inner.say(
                t_n(
                    "Went on from the draft: {count} answer kept.",
                    "Went on from the draft: {count} answers kept.",
                    self.replayed,
                )
            )

    def _record(self, kind: str, question: str, answer: Answer, **extra: Any) -> Answer:
        entry = {"kind": kind, "question": question, "answer": answer, **extra}
        self.draft.record(entry, self.inner)
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

    def text(
        self,
        question: str,
        *,
        default: str = "",
        validate: Validator | None = None,
        back: bool = False,
    ) -> str:
        kept = self._kept_text("text", question, validate)
        if kept is not None:
            return kept
        typed = self.inner.text(question, default=default, validate=validate, back=back)
        return self._record("text", question, typed)

    def forget_last(self) -> None:
        """The last answer is to be given again: the person went back to its question
        (cli/way_back.py)."""
        if self.draft.answers:
            self.draft.answers.pop()
            self.draft.write(self.inner)

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

    def page(self, lines: Sequence[str], last: str) -> None:
        if not self._replaying:
            self.inner.page(lines, last)
