"""The questionary asker at a terminal (prompt_toolkit's pipe input standing in for the
keyboard): menus share one set of prompt_toolkit's default key bindings instead of
building it for every menu, and every way of answering still works menu after menu."""

from __future__ import annotations

import os

import pytest
from caledonia.cli.prompts import Choice, QuestionaryAsker
from conftest import SAMPLES
from prompt_toolkit.application import Application, create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

CHOICES = [Choice("Trade", "trade"), Choice("Expand", "expand"), Choice("Pass", "pass")]


@pytest.fixture
def keyboard():
    with create_pipe_input() as typed, create_app_session(input=typed, output=DummyOutput()):
        yield typed


def test_menus_share_the_default_key_bindings(keyboard):
    QuestionaryAsker()
    assert Application()._default_bindings is Application()._default_bindings


def test_a_key_arrows_and_ctrl_d_answer_menu_after_menu(keyboard):
    ask = QuestionaryAsker()
    for _ in range(2):  # a second round of menus runs on the bindings the first ones used
        keyboard.send_text("2")
        assert ask.choose("What does Ailsa do?", CHOICES) == "expand"
        keyboard.send_text("\x1b[B\x1b[B\r")  # down, down, Enter
        assert ask.choose("What does Ailsa do?", CHOICES) == "pass"
        keyboard.send_text("\x04")  # Ctrl-D
        with pytest.raises(EOFError):
            ask.choose("What does Ailsa do?", CHOICES)
        keyboard.send_text("y")
        assert ask.confirm("Replace it?", default=False) is True
        keyboard.send_text("12\r")
        assert ask.text("Money?", default="0") == "12"


def test_a_set_up_checklist_pages_on_80x24_each_item_whole(monkeypatch):
    """play's set-up checklist (about 27 rows at 80 columns) comes a screen at a time on an
    80x24 terminal: no screen is taller than 22 rows (its key's line and the cursor's
    below), an item is never split between screens, and every screen waits for a key."""
    import os

    from caledonia.cli.play_setup import checklist
    from caledonia.cli.prompts import screen_lines
    from caledonia.rules.components import components
    from caledonia.storage.games import load_game

    size = os.terminal_size((80, 24))
    monkeypatch.setattr("shutil.get_terminal_size", lambda fallback=None: size)
    setup = load_game(str(SAMPLES / "game-4p.yaml"), components()).setup
    lines = [*checklist(setup), "Started game.yaml (seed 7)."]
    assert sum(len(screen_lines(line, 79)) for line in lines) > 22  # it needs paging
    screens: list[str] = []
    keys: list[str] = []

    class Key:
        def unsafe_ask(self):
            keys.append(screens[-1])

    monkeypatch.setattr("caledonia.cli.prompts.message", lambda text, **_: screens.append(text))
    asker = QuestionaryAsker.__new__(QuestionaryAsker)
    asker._q = type("Questionary", (), {"press_any_key_to_continue": lambda words: Key()})
    asker.page(lines, "Press a key once the table is laid out.")
    assert len(screens) >= 2 and keys == screens  # each screen waits for a key
    for screen in screens:
        assert len(screen.split("\n")) <= 22 and all(len(row) <= 79 for row in screen.split("\n"))
    for line in lines:  # every line shown, each whole on one screen
        assert any("\n".join(screen_lines(line, 79)) in screen for screen in screens), line


def test_a_question_mark_says_the_rule_of_the_highlighted_option_and_the_menu_stays(
    keyboard, capsys
):
    from caledonia.cli.prompts import Menu

    ask = QuestionaryAsker()
    ruled = [
        Choice("Trade", "trade", rule="Trade one good (rulebook: I. Trade)"),
        Choice("Pass", "pass", rule="Pass for the round (rulebook: VIII. Pass)"),
        Choice("Status", "status"),
    ]
    menu = Menu(ruled, {"c": lambda: "Obtain an export contract: not now: Ailsa has £13"})
    keyboard.send_text("\x1b[B?")  # down to Pass, then ?
    keyboard.send_text("c")  # an action not possible now
    keyboard.send_text("9")  # a key no option holds
    keyboard.send_text("\x1b[B?")  # down to Status: the tool's own
    keyboard.send_text("1")  # the menu was open all along: Trade
    assert ask.choose("What does Ailsa do?", menu) == "trade"
    said = capsys.readouterr().err
    assert "Pass for the round (rulebook: VIII. Pass)" in said
    assert "Trade one good" not in said
    assert "Obtain an export contract: not now: Ailsa has £13" in said
    assert "9: no option has this key" in said
    assert "Status: no rule of the game is behind this option." in said


def test_a_menu_without_refused_keys_says_only_that_no_option_has_the_key(keyboard, capsys):
    ask = QuestionaryAsker()
    keyboard.send_text("c3")
    assert ask.choose("Which unit?", CHOICES) == "pass"
    said = capsys.readouterr().err
    assert "c: no option has this key" in said


def test_a_question_mark_in_a_menu_that_filters_explains_instead_of_filtering(keyboard, capsys):
    ask = QuestionaryAsker()
    many = [Choice(f"space {n}", n, rule=f"rule of space {n}") for n in range(40)]
    keyboard.send_text("?")
    keyboard.send_text("space 7\r")  # typing still filters
    assert ask.choose("Where?", many) == 7
    assert "rule of space 0" in capsys.readouterr().err


def test_esc_at_a_typed_question_goes_back_with_what_was_typed(keyboard):
    from caledonia.cli.prompts import GoBack

    ask = QuestionaryAsker()
    keyboard.send_text("Bru\x1b")
    with pytest.raises(GoBack) as going:
        ask.text("Player 2's name:", back=True)
    assert going.value.typed == "Bru"
    keyboard.send_text("\x1bx\r")  # without a way back, Esc is no answer: the question stays
    assert ask.text("Player 2's name:") == "x"


def test_esc_in_a_menu_is_its_way_back(keyboard):
    ask = QuestionaryAsker()
    keyboard.send_text("\x1b")
    assert ask.choose("Roll 1:", [*CHOICES, Choice("← back", "back", "0")]) == "back"


def test_a_typed_answer_is_shown_whole_between_words_after_a_wrapped_question(
    keyboard, monkeypatch
):
    """At 80 columns the question leaves room for the answer on its last line, and the
    answer shown once given is wrapped between words: no word cut at the edge."""
    from caledonia.cli.prompts import ANSWER_ROOM, fitted_question, shown_answer

    size = os.terminal_size((80, 24))
    monkeypatch.setattr("shutil.get_terminal_size", lambda fallback=None: size)
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "caledonia.cli.prompts._answered",
        lambda question, typed, width: shown.append((question, typed)),
    )
    question = "Player 2's name (seat order, clockwise) (Enter alone: that's everyone):"
    typed = "Mairi Clark and 4 bread, 1 wool + 3 cheese, cheese bread whisky, 2 milk"
    keyboard.send_text(typed + "\r")
    assert QuestionaryAsker().text(question) == typed
    [(asked, answer)] = shown
    assert answer == typed
    assert asked == fitted_question(question, 79)  # answered: no room kept any more
    asking = fitted_question(question, 79, ANSWER_ROOM).split("\n")
    assert len(asking[-1]) + 3 + ANSWER_ROOM <= 79  # asking: room for a short answer
    assert len(asked) + 3 + ANSWER_ROOM > 79  # which it would lack on one line
    rows = ("? " + asked + " " + shown_answer(asked, answer, 79)).split("\n")
    assert all(len(row) <= 79 for row in rows)
    words = " ".join(row.strip() for row in rows)
    assert typed in words  # every word whole, in order
    assert " ".join(question.split()) in words


def test_the_way_back_of_a_typed_question_is_said_in_one_piece_at_the_edge(keyboard, monkeypatch):
    size = os.terminal_size((80, 24))
    monkeypatch.setattr("shutil.get_terminal_size", lambda fallback=None: size)
    ask = QuestionaryAsker()
    asked = []
    real = ask._q.text
    monkeypatch.setattr(
        ask._q, "text", lambda message, **kw: asked.append(message) or real(message, **kw)
    )
    keyboard.send_text("Bruce\r")
    ask.text("Player 2's name (seat order, clockwise) (Enter alone: that's everyone):", back=True)
    [lines] = [message.split("\n") for message in asked]
    assert lines[-1].strip() == "(Esc:\u00a0back)"  # never 'Esc:' at the end of a line
    assert all(len(line) + 2 <= 79 for line in lines)


def test_a_menus_hint_that_would_pass_the_edge_stands_on_a_line_of_its_own():
    """The trial's '? ... (key, or arrows and Enter; ? t' / 'he rule)': the hint is never
    broken mid-word; where question and hint pass the width, the hint goes under it."""
    from caledonia.cli.prompts import Choice, _instruction, asked_lines

    menu = [Choice("one", 1, "1"), Choice("two", 2, "2")]
    short = "Ailsa, what now?"
    assert _instruction(True, short, 79) == "(key, or arrows and Enter; ? the rule)"
    assert asked_lines(short, menu, 80) == 1
    long = "Calum: which variants does this table play? Take each in turn"  # 61 columns
    assert _instruction(True, long, 79) == "\n  (key, or arrows and Enter; ? the rule)"
    assert asked_lines(long, menu, 80) == 2
