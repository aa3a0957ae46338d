"""Ctrl-C and Ctrl-D at any prompt of any prompting command: exit 130 and one line saying
what was saved, the same for both keys. Driven through `main` with the scripted prompts
(KeyboardInterrupt / EOFError in the answers), no terminal needed."""

from __future__ import annotations

import pytest
from scripted import ScriptedAsker
from test_play import scripted_game
from test_sheet_entry import two_player_script
from test_writing import run_main

STOPS = [KeyboardInterrupt(), EOFError()]
STOP_IDS = ["ctrl-c", "ctrl-d"]


@pytest.fixture
def terminal(monkeypatch):
    """Pretend a person is at a terminal, answering from a script: returns a function that
    sets the script and gives back the (one, shared) scripted asker."""

    def answering(answers):
        asker = ScriptedAsker(answers)
        for where in ("score", "solo_cmd", "play_cmd", "output", "dice"):
            monkeypatch.setattr(f"caledonia.cli.{where}.is_interactive", lambda: True)
        monkeypatch.setattr("caledonia.cli.prompts.QuestionaryAsker", lambda: asker)
        monkeypatch.setattr("caledonia.cli.sheet_entry.QuestionaryAsker", lambda: asker)
        return asker

    return answering


def last_line(err):
    return err.strip().splitlines()[-1]


# -- score ----------------------------------------------------------------------------------


@pytest.mark.parametrize("stop", STOPS, ids=STOP_IDS)
def test_score_stopped_at_the_first_question_saves_nothing(
    stop, terminal, monkeypatch, capsys, tmp_path
):
    monkeypatch.chdir(tmp_path)
    terminal([stop])
    code, _, err = run_main(monkeypatch, capsys, "score")
    assert code == 130 and last_line(err) == "Stopped: nothing was saved."
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("stop", STOPS, ids=STOP_IDS)
def test_score_stopped_midway_keeps_the_answers_and_goes_on_from_there(
    stop, terminal, monkeypatch, capsys, tmp_path
):
    monkeypatch.chdir(tmp_path)
    script = two_player_script()
    first = terminal([*script[:10], stop])
    code, _, err = run_main(monkeypatch, capsys, "score")
    assert code == 130
    assert last_line(err) == (
        "Stopped: 10 answers kept in a draft; run 'caledonia score' again to go on "
        "from there. Nothing else was saved."
    )
    again = terminal([True, *script[10:], True, "final.yaml"])  # "Go on ...?" first
    code, _, err = run_main(monkeypatch, capsys, "score")
    assert code == 0, err
    assert again.questions[0].startswith("Go on with the score sheet you were entering (10 ")
    assert again.questions[1] == first.questions[10]  # the question it stopped at
    assert "Went on from the draft: 10 answers kept." in again.said
    assert (tmp_path / "final.yaml").is_file()
    # saved: the draft is gone, the next score starts afresh
    fresh = terminal([stop])
    run_main(monkeypatch, capsys, "score")
    assert fresh.questions == ["How many players?"]


def test_score_draft_declined_starts_afresh(terminal, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    terminal([*two_player_script()[:5], KeyboardInterrupt()])
    run_main(monkeypatch, capsys, "score")
    again = terminal([False, KeyboardInterrupt()])
    code, _, err = run_main(monkeypatch, capsys, "score")
    assert again.questions[1] == "How many players?"
    assert code == 130 and last_line(err) == "Stopped: nothing was saved."


# -- solo prepare ---------------------------------------------------------------------------


@pytest.fixture
def solo_state(tmp_path, monkeypatch, capsys):
    path = tmp_path / "solo.yaml"
    assert run_main(monkeypatch, capsys, "solo", "new", str(path), "--seed", "4")[0] == 0
    return path


@pytest.mark.parametrize("stop", STOPS, ids=STOP_IDS)
@pytest.mark.parametrize("answered", [0, 1, 3, 7], ids=["taken", "price", "prices", "dice"])
def test_solo_prepare_stopped_anywhere_keeps_the_file_and_the_answers(
    stop, answered, solo_state, terminal, monkeypatch, capsys
):
    before = solo_state.read_text()
    asker = terminal([""] * answered + [stop])  # Enter: none taken, each price as it was
    code, _, err = run_main(monkeypatch, capsys, "solo", "prepare", str(solo_state))
    assert code == 130, err
    if answered:
        assert last_line(err) == (
            f"Stopped: {answered} answer{'s' if answered > 1 else ''} kept in a draft; run "
            f"'caledonia solo prepare {solo_state}' again to go on from there. "
            "Nothing else was saved."
        )
    else:
        assert last_line(err) == "Stopped: nothing was saved."
    assert solo_state.read_text() == before
    if answered == 7:
        assert asker.questions[-1] == "Dice:"


def test_solo_prepare_stopped_at_the_dice_goes_on_from_there(
    solo_state, terminal, monkeypatch, capsys
):
    import yaml

    board = [c for c in yaml.safe_load(solo_state.read_text())["board"] if c]
    prices = ["5", "", "", "", "", ""]  # wool moved by trading; the rest as they were
    first = terminal([str(board[0]), *prices, KeyboardInterrupt()])
    code, _, err = run_main(monkeypatch, capsys, "solo", "prepare", str(solo_state))
    assert code == 130 and "7 answers kept in a draft" in last_line(err)
    assert first.questions[-1] == "Dice:"
    # the same command: "Go on ...?" Enter, then only the dice are asked
    again = terminal([True, "t"])  # t: caledonia rolls
    code, out, err = run_main(monkeypatch, capsys, "solo", "prepare", str(solo_state))
    assert code == 0, err
    assert again.questions[0].startswith(
        f"Go on with the preparation of {solo_state} you were entering (7 answers"
    )
    assert again.questions[1:] == ["Dice:"]
    assert "Went on from the draft: 7 answers kept." in again.said
    saved = yaml.safe_load(solo_state.read_text())
    assert board[0] in saved["taken"]
    # saved: the draft is gone, the next prepare asks afresh
    fresh = terminal([KeyboardInterrupt()])
    run_main(monkeypatch, capsys, "solo", "prepare", str(solo_state))
    assert fresh.questions[0].startswith("Contracts you took")


def test_the_dice_menu_takes_a_key(solo_state, terminal, monkeypatch, capsys):
    asker = terminal(["", *[""] * 6, "p", "1", "1", KeyboardInterrupt()])
    run_main(monkeypatch, capsys, "solo", "prepare", str(solo_state))
    assert asker.questions[-3:-1] == [
        "Roll 1: what does the goods die show?",
        "Roll 1: what does the price die show?",
    ]


def test_solo_prepare_refuses_a_contract_taken_twice_when_it_is_typed(
    solo_state, terminal, monkeypatch, capsys
):
    import yaml
    from caledonia.rules.components import components
    from caledonia.rules.contract_faces import left_half, tile

    board = [c for c in yaml.safe_load(solo_state.read_text())["board"] if c]
    twice = f"{board[0]}, {left_half(components().contracts[board[0]])}"  # its id, its goods
    asker = terminal([twice, KeyboardInterrupt()])
    run_main(monkeypatch, capsys, "solo", "prepare", str(solo_state))
    [(question, answer, reason)] = asker.refusals
    assert question.startswith("Contracts you took") and answer == twice
    assert reason == f"{tile(board[0])} is named twice: each is taken once."
    assert len(asker.questions) == 1  # asked again at once, not after the prices


def test_solo_prepare_taken_twice_by_flag_says_so(solo_state, monkeypatch, capsys):
    import yaml

    first = next(c for c in yaml.safe_load(solo_state.read_text())["board"] if c)
    code, _, err = run_main(
        monkeypatch, capsys, "solo", "prepare", str(solo_state), "--taken", f"{first},{first}"
    )
    assert code == 1 and f"contract {first} is listed twice" in err


# -- play ------------------------------------------------------------------------------------


@pytest.mark.parametrize("stop", STOPS, ids=STOP_IDS)
def test_play_stopped_at_the_first_setup_question_writes_nothing(
    stop, terminal, monkeypatch, capsys, tmp_path
):
    terminal([stop])
    code, _, err = run_main(monkeypatch, capsys, "play", str(tmp_path / "g.yaml"))
    assert code == 130
    assert last_line(err) == "Stopped before the game was created: nothing was written."
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("stop", STOPS, ids=STOP_IDS)
def test_play_setup_stopped_midway_goes_on_from_there(
    stop, terminal, monkeypatch, capsys, tmp_path
):
    game = tmp_path / "g.yaml"
    two_players = ["Ailsa", "", "Bruce", "", ""]  # red, blue, then "that's everyone"
    first = terminal([*two_players, "e", stop])
    code, _, err = run_main(monkeypatch, capsys, "play", str(game))
    assert code == 130 and list(tmp_path.iterdir()) == []
    assert last_line(err) == (
        f"Stopped: 6 answers kept in a draft; run 'caledonia play {game}' again to go on "
        "from there. Nothing else was saved."
    )
    again = terminal([True, "d", "s", "7", "c", "q"])  # go on; plain, seed 7, its pile; quit
    code, _, err = run_main(monkeypatch, capsys, "play", str(game))
    assert code == 0, err
    assert again.questions[1] == first.questions[-1]
    assert game.is_file() and "seed: 7" in game.read_text()


@pytest.mark.parametrize("stop", STOPS, ids=STOP_IDS)
def test_play_stopped_in_a_game_keeps_every_event(stop, terminal, monkeypatch, capsys, tmp_path):
    path, _, _ = scripted_game(tmp_path, [])  # a game under way: 12 events
    before = path.read_text()
    terminal([stop])
    code, _, err = run_main(monkeypatch, capsys, "play", str(path))
    assert code == 130
    assert "holds every event recorded" in last_line(err)
    assert path.read_text() == before


# -- map show --svg ----------------------------------------------------------------------------


@pytest.mark.parametrize("stop", STOPS, ids=STOP_IDS)
def test_replace_question_stopped_keeps_the_file(stop, terminal, monkeypatch, capsys, tmp_path):
    picture = tmp_path / "board.svg"
    picture.write_text("mine")
    asker = terminal([stop])
    code, out, err = run_main(monkeypatch, capsys, "map", "show", "--svg", str(picture))
    assert code == 130 and last_line(err) == "Stopped: nothing was saved."
    assert asker.questions == [f"{picture} exists. Replace it?"]
    assert out == ""  # asked first, before the board is drawn
    assert picture.read_text() == "mine"


def test_replace_question_answered_no_keeps_the_file(terminal, monkeypatch, capsys, tmp_path):
    picture = tmp_path / "board.svg"
    picture.write_text("mine")
    terminal([False])
    code, _, err = run_main(monkeypatch, capsys, "map", "show", "--svg", str(picture))
    assert code == 0 and "Nothing was changed" in err and picture.read_text() == "mine"


def test_replace_question_answered_yes_replaces(terminal, monkeypatch, capsys, tmp_path):
    picture = tmp_path / "board.svg"
    picture.write_text("mine")
    terminal([True])
    code, _, _ = run_main(monkeypatch, capsys, "map", "show", "--svg", str(picture))
    assert code == 0 and "<svg" in picture.read_text()


def test_solo_prepare_goes_back_from_a_die_and_a_stop_keeps_the_answers_as_they_stand(
    solo_state, terminal, monkeypatch, capsys
):
    """Back from a die (cli/way_back.py) asks the one before again, its answer highlighted;
    the draft then holds each question's answer once, in order."""
    first = terminal([*[""] * 7, "p", "wool", "0", "0", "", ""])  # back twice, Enter twice
    first.answers += ["+2", "0", "-1", KeyboardInterrupt()]  # back from roll 2's goods
    code, _, err = run_main(monkeypatch, capsys, "solo", "prepare", str(solo_state))
    assert code == 130, err
    asked = first.questions[7:]
    goods, price = "Roll 1: what does the goods die show?", "Roll 1: what does the price die show?"
    second = "Roll 2: what does the goods die show? (showing wool? roll it again)"
    assert asked == ["Dice:", goods, price, goods, "Dice:", goods, price, second, price, second]
    assert "10 answers kept in a draft" in last_line(err)  # 7, who rolls, wool, -1 (not +2)
    again = terminal([True, "grain", "+1", "milk", "+3"])
    code, out, err = run_main(monkeypatch, capsys, "solo", "prepare", str(solo_state))
    assert code == 0, err
    assert again.questions[1].startswith("Roll 2: what does the goods die show?")
