"""Prompts behind one small interface, so flows can run on questionary or on a script.

Commands ask through an `Asker`. `QuestionaryAsker` asks a person in a
terminal (questionary is imported only then: it is slow to import); tests
drive the same flows with a scripted asker. A validator returns True or the
reason a value is refused, and the prompt asks again showing that reason.

At a terminal an answer is checked when Enter is pressed: a refused one is
followed by its reason on the next line and the same question again, holding
what was typed so that it can be corrected rather than typed anew. A number
question shows its default greyed in the empty answer (Enter takes it; typing
replaces it, so a typed 1 is 1, never 01). Ctrl-C and Ctrl-D stop every
question alike (KeyboardInterrupt / EOFError; `cli.main` exits 130).
"""

from __future__ import annotations

import re
import shutil
import textwrap
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple, Protocol, cast

from caledonia.rules.schema import whole_number_phrase
from caledonia.rules.yamlfile import os_reason

from .output import message
from .translation import t, tr

Validator = Callable[[str], "bool | str"]
SHORTCUT_KEYS = "123456789abcdefghijklmnopqrstuvwxyz"  # questionary's order, without 0
# The largest number any question takes unless it says otherwise: far above anything at
# the table (money, goods, glory), far below what would be a mistake (10^23).
LARGEST_NUMBER = 9999
SHOWN_CHARACTERS = 40  # of a refused answer, in its reason
POINTER_WIDTH = 3  # questionary's " » " (or three spaces) before each option of a menu
# Columns kept free after a typed question's last line: a name, a number or a contract's
# face typed there fits before the edge, where the terminal would break a word.
ANSWER_ROOM = 24
CONFIRM_ROOM = len("(Y/n) ")  # questionary's keys after a yes/no question ("Yes" shorter)
# Seconds after Esc before it is taken alone (a way back), rather than as the start of
# Alt-key: a terminal sends Alt-b's two bytes at once (prompt_toolkit's default: 1 s).
ESCAPE_WAIT = 0.3


class GoBack(Exception):
    """The person asked for the question before this one (Esc at a typed question, or a
    menu's '← back'); `typed` is what the answer held then, kept for when it comes again."""

    def __init__(self, typed: str = ""):
        super().__init__(typed)
        self.typed = typed


def shown(typed: str) -> str:
    """A typed answer as a reason quotes it: control characters escaped, cut when long."""
    text = typed.strip()
    cut = text[:SHOWN_CHARACTERS] + ("…" if len(text) > SHOWN_CHARACTERS else "")
    return repr(cut)


def verdict_of(validate: Validator | None, typed: str) -> bool | str:
    """What `validate` says of `typed`: True, or the reason. A place the system refuses
    (OSError: a name too long, a folder that cannot be read) is a reason, never a trace."""
    if validate is None:
        return True
    try:
        verdict = validate(typed)
    except OSError as error:
        return t("That cannot be used: {reason}.", reason=os_reason(error))
    if verdict is True:
        return True
    return verdict if isinstance(verdict, str) and verdict else t("That answer is not accepted.")


def is_number_question(default: str, validate: Validator | None) -> bool:
    """A question for a number: its default is a number, or its validator wants one."""
    return bool(getattr(validate, "expects_number", False)) or default.strip().isdecimal()


class Choice(NamedTuple):
    """One answer of a menu: the words shown, the value returned, the key that picks it
    at once (None: the next free one of SHORTCUT_KEYS, when the list is short enough), and
    the rule behind it that `?` shows ('' when it is the tool's own: back, undo, status)."""

    label: str
    value: Any
    key: str | None = None
    rule: str = ""


class Menu(list[Choice]):
    """A menu's choices, and the keys it answers with a line instead of an option: `refused`
    maps a key to what says why its action is not possible now (called only when pressed)."""

    def __init__(self, choices: Sequence[Choice], refused: dict[str, Callable[[], str]]):
        super().__init__(choices)
        self.refused = refused


def refused_keys(choices: Sequence[Choice]) -> dict[str, Callable[[], str]]:
    """The keys a menu answers with why not (none for a plain list of choices)."""
    return dict(getattr(choices, "refused", {}))


def explanation(choice: Choice) -> str:
    """What `?` says of a highlighted option: its rule, or that it is the tool's own."""
    if choice.rule:
        return choice.rule
    # TRANSLATORS: `?` on a menu option that is the tool's own (back, undo, status), not a rule
    return t("{option}: no rule of the game is behind this option.", option=tr(choice.label))


def with_keys(choices: Sequence[Choice]) -> list[Choice]:
    """Every choice with its key: the one asked for, else the next free shortcut key; none
    at all when the list is longer than the keys (the menu then filters as you type)."""
    if len(choices) > len(SHORTCUT_KEYS):
        return [c._replace(key=None) for c in choices]
    taken = {c.key for c in choices if c.key}
    free = iter(k for k in SHORTCUT_KEYS if k not in taken)
    return [c if c.key else c._replace(key=next(free)) for c in choices]


def menu_titles(choices: Sequence[Choice], width: int) -> list[str]:
    """Each choice as a menu `width` columns wide shows it: its key, then its words wrapped
    between words under them. A terminal would cut a long line at its edge, and two options
    cut there could read the same ("... slaughtering on C-"); wrapped, each reads whole."""
    keyed = with_keys(choices)
    shortcuts = all(c.key for c in keyed)
    titles = []
    for choice in keyed:
        key = f"{choice.key}) " if shortcuts else ""
        room = max(20, width - POINTER_WIDTH - len(key))
        lines = textwrap.wrap(tr(choice.label), room, break_on_hyphens=False) or [""]
        titles.append(key + ("\n" + " " * (POINTER_WIDTH + len(key))).join(lines))
    return titles


def answered_title(question: str, title: str, width: int) -> str:
    """A chosen option as the answered line shows it after '? QUESTION ': on one line when
    it fits, else wrapped between words under it (a terminal would break a word)."""
    flat = " ".join(title.split())
    start = len(question) + 3  # '? ', the question, a space
    if start + len(flat) <= width:
        return flat
    indent = " " * (POINTER_WIDTH + 3)
    if start > width - 20:  # a long question: the answer starts on a line of its own
        return "\n" + textwrap.fill(flat, width, initial_indent=indent, subsequent_indent=indent)
    lines = textwrap.wrap(
        flat, width, initial_indent=" " * start, subsequent_indent=indent, break_on_hyphens=False
    )
    return "\n".join([lines[0][start:], *lines[1:]])


def fitted_question(question: str, width: int, room: int = 0) -> str:
    """A question wrapped between words after questionary's '? ' (the terminal would break
    a word: '... impor / t marks'), its last line leaving `room` columns for the answer."""
    question = tr(question)
    lines = textwrap.wrap(question, width - 2, break_on_hyphens=False) or [question]
    last = max(width - 3 - room, 20)  # '? ' or '  ' before it, a space after it
    if room and len(lines[-1]) > last:
        lines[-1:] = textwrap.wrap(lines[-1], last, break_on_hyphens=False)
    return "\n  ".join(lines)


def shown_answer(question: str, typed: str, width: int) -> str:
    """A typed answer as the answered question shows it, after the question's last line:
    wrapped between words (the terminal would break one at its edge)."""
    return answered_title(question.split("\n")[-1].strip(), typed, width) if typed else ""


def _instruction(shortcuts: bool, after: str = "", width: int = 0) -> str:
    """The menu's hint, after the question's last line `after`; on a line of its own when
    the two would pass `width` (the terminal would break the hint mid-word)."""
    if shortcuts:
        hint = t("(key, or arrows and Enter; ? the rule)")
    else:
        hint = t("(type to filter, Enter; ? the rule)")
    if width and len(after) + 3 + len(hint) > width:
        return "\n  " + hint
    return hint


def asked_lines(question: str, choices: Sequence[Choice], width: int) -> int:
    """The lines a menu's question takes on a screen `width` columns wide while it is
    asked: '? ', the question wrapped, and the instruction after it."""
    fitted = fitted_question(question, width - 1)
    shortcuts = all(c.key for c in with_keys(choices))
    hint = _instruction(shortcuts, fitted.split("\n")[-1], width - 1)
    return fitted.count("\n") + 1 + hint.count("\n")


def answered_lines(question: str, choices: Sequence[Choice], value: Any) -> int:
    """The lines a menu leaves on the screen once answered with `value`: its question and
    the answer after it (as `QuestionaryAsker.menu` writes them)."""
    width = terminal_width() - 1
    fitted = fitted_question(question, width)
    keyed = with_keys(choices)
    titles = menu_titles(keyed, width)
    title = next((line for c, line in zip(keyed, titles, strict=True) if c.value == value), "")
    return fitted.count("\n") + 1 + answered_title(fitted.split("\n")[-1], title, width).count("\n")


def terminal_width() -> int:
    return shutil.get_terminal_size((80, 24)).columns


class Asker(Protocol):
    def text(
        self,
        question: str,
        *,
        default: str = "",
        validate: Validator | None = None,
        back: bool = False,
    ) -> str:
        """A typed answer; with `back`, a way back (GoBack) too (cli/way_back.py)."""
        ...

    def select(self, question: str, choices: Sequence[str]) -> str: ...

    def choose(self, question: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        """One of `choices` by its key (one keypress) or the arrows; returns its value."""
        ...

    def confirm(self, question: str, *, default: bool) -> bool: ...

    def complete(
        self, question: str, choices: Sequence[str], *, validate: Validator | None = None
    ) -> str: ...

    def say(self, text: str) -> None: ...

    def page(self, lines: Sequence[str], last: str) -> None:
        """Notes longer than a screen, a screenful at a time; each screen waits for a key,
        the last one with `last` (what the person does before going on)."""
        ...


class QuestionaryAsker:
    """Asks a person at a terminal. Ctrl-C raises KeyboardInterrupt."""

    def __init__(self) -> None:
        import questionary

        self._q = questionary
        _reuse_default_key_bindings()

    def text(
        self,
        question: str,
        *,
        default: str = "",
        validate: Validator | None = None,
        back: bool = False,
    ) -> str:
        """A typed answer; with `back`, Esc raises GoBack (what was typed in it kept). The
        answer is shown whole once given: questionary's own line is erased and the answer
        said again, wrapped between words (typed at the edge, a word would break)."""
        width = terminal_width() - 1
        hint = t("(Esc: back)").replace(" ", "\u00a0")  # one piece: never parted at the edge
        way_back = f"{tr(question)} {hint}" if back else question
        asked = fitted_question(way_back, width, ANSWER_ROOM)
        said = fitted_question(question, width)  # answered: the answer is known, no room

        def ask_once(prefill: str, placeholder: str) -> str:
            prompt = self._q.text(
                asked, default=prefill, placeholder=_greyed(placeholder), erase_when_done=True
            )
            if back:
                _back_on_escape(prompt)
            typed: str = ""
            try:
                typed = prompt.unsafe_ask()
            except BaseException:
                typed = prompt.application.current_buffer.text
                raise
            finally:
                _answered(said, typed.strip() or placeholder, width)
            return typed

        return self._until_accepted(ask_once, default, validate)

    def _until_accepted(
        self, ask_once: Callable[[str, str], str], default: str, validate: Validator | None
    ) -> str:
        """Ask until `validate` accepts; each refusal's reason is said before the question
        comes again, with what was typed in it (a number question starts empty instead)."""
        number = is_number_question(default, validate)
        prefill, placeholder = ("", default) if number else (default, "")
        while True:
            typed = ask_once(prefill, placeholder)
            if number and not typed.strip() and default:
                typed = default
            verdict = verdict_of(validate, typed)
            if verdict is True:
                return typed
            message(f"  ✗ {verdict}", style="red")
            if not number:
                prefill = typed

    def select(self, question: str, choices: Sequence[str]) -> str:
        prompt = self._q.select(question, choices=list(choices))
        _stop_on_ctrl_d(prompt)
        answer: str = prompt.unsafe_ask()
        return answer

    def choose(self, question: str, choices: Sequence[Choice], *, default: Any = None) -> Any:
        prompt, keyed = self.menu(question, choices, default=default)
        return keyed[prompt.unsafe_ask()].value

    def menu(
        self, question: str, choices: Sequence[Choice], *, default: Any = None
    ) -> tuple[Any, list[Choice]]:
        """The questionary prompt `choose` asks (its answer: an index into the choices
        returned, keyed), built and not yet shown."""
        keyed = with_keys(choices)
        shortcuts = all(c.key for c in keyed)
        width = terminal_width() - 1  # the last column: no auto-wrap
        question = fitted_question(question, width)
        titles = menu_titles(keyed, width)
        asked = question.split("\n")[-1]
        answered = [answered_title(asked, title, width) for title in titles]
        shown = [
            self._q.Choice(title=title, value=index, shortcut_key=False)
            for index, title in enumerate(titles)
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
            instruction=_instruction(shortcuts, asked, width),
        )
        keys = [c.key for c in keyed if c.key] if shortcuts else []
        _answer_on_key(prompt, keys, answered)
        _explain_on_question_mark(prompt, keyed, width)
        if shortcuts:
            _say_why_on_other_keys(prompt, refused_keys(choices), width)
        _stop_on_ctrl_d(prompt)
        return prompt, keyed

    def confirm(self, question: str, *, default: bool) -> bool:
        question = fitted_question(question, terminal_width() - 1, CONFIRM_ROOM)
        prompt = self._q.confirm(question, default=default)
        _stop_on_ctrl_d(prompt)
        answer: bool = prompt.unsafe_ask()
        return answer

    def complete(
        self, question: str, choices: Sequence[str], *, validate: Validator | None = None
    ) -> str:
        def ask_once(prefill: str, placeholder: str) -> str:
            answer: str = self._q.autocomplete(
                question, choices=list(choices), default=prefill, match_middle=True
            ).unsafe_ask()
            return answer

        return self._until_accepted(ask_once, "", validate)

    def say(self, text: str) -> None:
        """A note; an indented item ('  [ ] Map: ...') wraps under its own words."""
        if not text.startswith(" ") or "\n" in text:
            message(text)  # rich wraps it between words
            return
        message("\n".join(screen_lines(text, terminal_width() - 1)))

    def page(self, lines: Sequence[str], last: str) -> None:
        """The lines a screenful at a time (a set-up checklist is longer than 80x24), each
        screen ended by a key; the last one too, so that the next question, drawn below,
        does not push it off the screen before the table has read it."""
        size = shutil.get_terminal_size((80, 24))
        room = max(size.lines - 2, 3)  # the key's line, and the line the cursor waits on
        screens: list[list[str]] = [[]]
        for line in lines:  # a line's rows stay together, unless it is longer than a screen
            rows = screen_lines(line, size.columns - 1)
            if screens[-1] and len(screens[-1]) + len(rows) > room:
                screens.append([])
            screens[-1].extend(rows)
        for number, screen in enumerate(screens, start=1):
            message("\n".join(screen))
            key = last if number == len(screens) else t("Press a key for the rest.")
            self._q.press_any_key_to_continue(key).unsafe_ask()


def screen_lines(text: str, width: int) -> list[str]:
    """A note as the terminal shows it, wrapped to `width`: an indented item ('  [ ] Map:
    ...') under its own words, other text between words."""
    item = re.match(r" +(\[.\] )?", text)
    if "\n" in text:
        return text.split("\n")
    indent = " " * len(item.group(0)) if item else ""
    return textwrap.wrap(text, width, subsequent_indent=indent) or [text]


def _reuse_default_key_bindings() -> None:
    """Build prompt_toolkit's default key bindings once per process, not for every
    Application: a questionary menu makes three, and each built its own ~600 bindings
    (most of the 25 ms a menu took). The set holds no state of its own (its filters look
    at the application running it), so one serves every prompt."""
    from prompt_toolkit.application import application

    if not getattr(application.load_key_bindings, "reused", False):
        reused = cache(application.load_key_bindings)
        reused.reused = True  # type: ignore[attr-defined]
        application.load_key_bindings = reused


def _greyed(placeholder: str) -> Any:
    """A default shown in an empty answer, greyed, as prompt_toolkit's placeholder takes it."""
    return [("fg:ansibrightblack", placeholder)] if placeholder else None


def _answered(question: str, typed: str, width: int) -> None:
    """The answered question as questionary draws it ('? ' and the question, the answer in
    its colour), the answer wrapped between words."""
    from prompt_toolkit import print_formatted_text
    from prompt_toolkit.formatted_text import FormattedText
    from questionary.constants import DEFAULT_STYLE

    shown = FormattedText(
        [
            ("class:qmark", "?"),
            ("class:question", f" {question} "),
            ("class:answer", shown_answer(question, typed, width)),
        ]
    )
    print_formatted_text(shown, style=DEFAULT_STYLE)


def _back_on_escape(prompt: Any) -> None:
    """Esc alone raises GoBack with what the answer holds. Not eager: Esc followed by a key
    (Alt-b, Alt-Backspace) still edits the answer."""

    def back(event: Any) -> None:
        event.app.exit(exception=GoBack(event.app.current_buffer.text))

    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    extra = KeyBindings()
    extra.add("escape")(back)
    application = prompt.application
    application.timeoutlen = ESCAPE_WAIT
    application.key_bindings = merge_key_bindings(
        [b for b in (application.key_bindings, extra) if b is not None]
    )


def _stop_on_ctrl_d(prompt: Any) -> None:
    """Ctrl-D stops a menu or a yes/no question as it stops a typed one (EOFError)."""

    def stop(event: Any) -> None:
        event.app.exit(exception=EOFError(), style="class:aborting")

    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    extra = KeyBindings()
    extra.add("c-d", eager=True)(stop)
    application = prompt.application
    if application.key_bindings is None:
        application.key_bindings = extra
    else:
        application.key_bindings = merge_key_bindings([application.key_bindings, extra])


def _answer_on_key(prompt: Any, keys: Sequence[str], answered: Sequence[str]) -> None:
    """Make each key answer the select at once, as Enter on its line would (one keypress);
    either way the answered line shows the option as `answered` words it (its wrapped
    lines in the menu would not follow the question)."""
    from questionary.prompts.common import InquirerControl

    control = next(
        w.content
        for w in prompt.application.layout.find_all_windows()
        if isinstance(w.content, InquirerControl)
    )
    bindings = prompt.application.key_bindings

    def done(event: Any) -> None:
        if not control.filtered_choices:  # a filter that left nothing: nothing to answer
            return
        chosen = control.get_pointed_at()
        chosen.title = answered[cast(int, chosen.value)]  # the values are the places
        control.is_answered = True
        event.app.exit(result=chosen.value)

    for index, key in enumerate(keys):

        def answer(event: Any, index: int = index) -> None:
            control.pointed_at = index
            done(event)

        bindings.add(key, eager=True)(answer)
        if key == "0":  # the way back, wherever a menu has one: Esc too, as a typed question
            bindings.add("escape")(answer)
            prompt.application.timeoutlen = ESCAPE_WAIT
    bindings.add("enter", eager=True)(done)


def _said_above(prompt: Any, text: str, width: int) -> None:
    """A line said above a menu that stays open: the menu is drawn again under it."""
    from prompt_toolkit.application import run_in_terminal

    lines = textwrap.wrap(text, width, break_on_hyphens=False) or [text]
    run_in_terminal(lambda: message("\n".join(lines), style="yellow"))


def _explain_on_question_mark(prompt: Any, keyed: Sequence[Choice], width: int) -> None:
    """`?` says the rule behind the highlighted option above the menu, which stays open."""
    from questionary.prompts.common import InquirerControl

    control = next(
        w.content
        for w in prompt.application.layout.find_all_windows()
        if isinstance(w.content, InquirerControl)
    )

    def explain(event: Any) -> None:
        if not control.filtered_choices:
            return
        chosen = control.get_pointed_at()
        _said_above(prompt, explanation(keyed[cast(int, chosen.value)]), width)

    prompt.application.key_bindings.add("?", eager=True)(explain)


def _say_why_on_other_keys(prompt: Any, refused: dict[str, Callable[[], str]], width: int) -> None:
    """A key no option holds says so in one line (an action not possible now: why, in the
    rules' words), and the menu stays open: a key never does nothing silently."""
    from prompt_toolkit.keys import Keys

    def why(event: Any) -> None:
        key = event.data
        if len(key) != 1 or not key.isprintable() or key.isspace():
            return
        if key in refused:
            _said_above(prompt, refused[key](), width)
            return
        # TRANSLATORS: a key pressed that no option of the menu holds
        _said_above(
            prompt,
            t("{key}: no option has this key; ? says the rule of the highlighted one.", key=key),
            width,
        )

    prompt.application.key_bindings.add(Keys.Any)(why)


def whole_number(minimum: int = 0, maximum: int | None = LARGEST_NUMBER) -> Validator:
    """A validator for a typed whole number (ASCII digits, an optional minus) within bounds;
    the maximum is LARGEST_NUMBER unless given (None: no maximum)."""
    expected = whole_number_phrase(minimum, maximum)

    def check(typed: str) -> bool | str:
        text = typed.strip()
        digits = text[1:] if text.startswith("-") else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
            return t("Expected {expected}, got {typed}.", expected=expected, typed=shown(typed))
        value = int(text)
        if value < minimum or (maximum is not None and value > maximum):
            return t("Expected {expected}, got {typed}.", expected=expected, typed=value)
        return True

    check.expects_number = True  # type: ignore[attr-defined]
    return check
