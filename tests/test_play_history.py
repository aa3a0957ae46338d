"""`play`'s history key: the events by round a page at a time, back to just after the one
chosen once the table confirms how many go, and redo of them all until a new event."""

from __future__ import annotations

from caledonia.cli.play_cmd import run
from caledonia.cli.play_history import PAGE, pages
from caledonia.storage.games import load_game
from conftest import SAMPLES
from gametools import PARTS
from test_play import scripted_game


def back_to(asker, number):
    """An answer for the history's pages: earlier pages until event `number` is on one,
    then that event (the scripted asker keeps a function answer until it is taken off)."""

    def pick(question, choices):
        if number in [c.value for c in choices]:
            asker.answers.pop(0)
            return number
        return "earlier"

    return pick


def test_back_to_an_earlier_event_then_redo_all(tmp_path, capsys):
    path, asker, recorded = scripted_game(tmp_path, [], upto=40)
    before = path.read_text()
    asker.answers = ["a", back_to(asker, 7), True, "q"]
    run(asker, str(path))
    game = load_game(str(path), PARTS)
    assert game.events == recorded.events[:7] and game.undone == recorded.events[7:40]
    [confirm] = [q for q in asker.questions if q.startswith("Undo ")]
    assert confirm.startswith("Undo 33 events, back to just after 7. ")
    assert "33 events undone:" in capsys.readouterr().out
    again = asker.__class__(["Y", "q"])
    run(again, str(path))
    assert "33 events redone" in capsys.readouterr().out
    assert path.read_text() == before  # every undone event back, the file as it was


def test_the_history_pages_go_by_round_and_hold_a_screen_each(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, [], upto=60)
    shown = pages(load_game(str(path), PARTS))
    assert all(0 < len(page.lines) <= PAGE for page in shown)
    numbers = [n for page in shown for n, _ in page.lines]
    assert numbers == list(range(1, 61))
    headings = [page.heading for page in shown]
    assert headings[0].startswith("Setup") and any(h.startswith("Round 1") for h in headings)


def test_declining_the_confirmation_or_going_back_undoes_nothing(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, [], upto=12)
    before = path.read_text()
    asker.answers = ["a", back_to(asker, 11), False, "0", "a", "0", "q"]
    run(asker, str(path))
    assert path.read_text() == before
    assert asker.questions[-1] == asker.questions[0]  # back at the first menu


def test_the_history_question_names_the_round_and_the_events_shown(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, ["a", "0", "q"], upto=12)
    run(asker, str(path))
    history = asker.questions[1]
    assert "events " in history and "of 12: back to just after which?" in history


def test_a_new_event_after_the_undo_ends_the_redo(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, [], upto=12)
    asker.answers = ["a", back_to(asker, 10), True, "q"]
    run(asker, str(path))
    assert len(load_game(str(path), PARTS).undone) == 2
    game = load_game(str(path), PARTS)
    game.apply(recorded.events[10])
    from caledonia.storage.games import save_game

    save_game(str(path), game)
    again = asker.__class__(["q"])
    run(again, str(path))
    assert not load_game(str(path), PARTS).undone


def test_the_header_names_the_round_being_prepared():
    from caledonia.cli.play_cmd import table_title
    from caledonia.rules.game.engine import Game

    recorded = load_game(str(SAMPLES / "game-2p.yaml"), PARTS)
    game = Game(recorded.setup, PARTS)
    for event in recorded.events:
        if game.state.phase == "preparation":
            break
        game.apply(event)
    assert game.state.phase == "preparation" and game.state.round == 1
    assert table_title(game.state) == "Round 2 · the preparation phase"
