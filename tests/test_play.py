"""`caledonia play`: whole sample games driven through its menus, the escapes, resuming, and
the refusal without a terminal."""

from __future__ import annotations

import re

import pytest
import typer
import yaml
from caledonia.cli.play_cmd import END_TURN, run, step
from caledonia.cli.play_saving import Table
from caledonia.rules.game.engine import Game
from caledonia.storage.games import load_game, save_game
from conftest import SAMPLES, run_cli
from gametools import PARTS
from scripted import ScriptedAsker


class ReplayAsker(ScriptedAsker):
    """Answers every menu the way that leads to one of `wanted`, the events of a recorded
    game still to play: the earliest of them the menu can reach. Production may come in
    another order than recorded (play records choiceless productions itself)."""

    def __init__(self, wanted):
        super().__init__([])
        self.wanted = list(wanted)
        self.menus = 0

    def _reaches(self, value, event) -> bool:
        if isinstance(value, dict):
            return value == event
        if isinstance(value, list):
            return event in value
        return value == event["type"]

    def choose(self, question, choices, *, default=None):
        self.questions.append(question)
        self.menus += 1
        assert self.menus < 5000, f"going round in circles at {question}"
        target = self.wanted[0]
        asked = re.match(r"(\w+)(, what now\?|: anything more)", question)
        if asked and target.get("player") not in (None, asked.group(1)):
            if any(c.value == END_TURN for c in choices):  # the next player's event
                return END_TURN
        # production may come in another order: any production still to play will do
        others = [e for e in self.wanted[1:] if e["type"] == "produce"]
        for event in [target] + (others if target["type"] == "produce" else []):
            for choice in choices:
                if self._reaches(choice.value, event):
                    return choice.value
        if question == "The market dice:":
            return "physical"
        if question.startswith("Roll "):
            rolls = next(e for e in self.wanted if e["type"] == "prepare")["rolls"]
            number = int(re.match(r"Roll (\d)", question).group(1)) - 1
            return rolls[number]["good" if "goods die" in question else "die"]
        raise AssertionError(f"no way to {target} at {question}: {choices}")

    def confirm(self, question, *, default):
        """The recorded game ended its turns with something left: yes, end it."""
        self.questions.append(question)
        return True

    def text(self, question, *, default="", validate=None, back=False):
        drawn = next(e for e in self.wanted if "drawn" in e)["drawn"]
        return ", ".join(map(str, drawn)) or "none"


def play_recorded(name, tmp_path):
    """Play a sample game through `play`'s menus; the file it leaves, and the asker."""
    recorded = load_game(str(SAMPLES / name), PARTS)
    path = tmp_path / name
    game = Game(recorded.setup, PARTS)
    save_game(str(path), game)
    asker = ReplayAsker(recorded.events)
    table = Table(str(path), game)
    while step(asker, table):
        if table.game.events[-1]["type"] != "end_turn":  # 'z' records the end of a turn
            asker.wanted.remove(table.game.events[-1])  # what was recorded was one still to play
    assert asker.wanted == []
    return recorded, path, asker


@pytest.mark.long
@pytest.mark.parametrize("name", ["game-solo.yaml", "game-2p.yaml", "game-3p.yaml", "game-4p.yaml"])
def test_a_whole_sample_game_through_play_equals_the_same_choices_through_act(name, tmp_path):
    recorded, path, asker = play_recorded(name, tmp_path)
    played = load_game(str(path), PARTS)
    assert played.state.phase == "over"
    assert played.state.snapshot() == recorded.state.snapshot()
    # the same events through `caledonia act --event`, into a file with the same setup
    by_act = tmp_path / "by-act.yaml"
    save_game(str(by_act), Game(recorded.setup, PARTS))
    import json

    from caledonia.cli.main import build_app
    from typer.testing import CliRunner

    act = build_app("act")  # in process: one fresh process an event would take minutes
    for event in played.events:
        done = CliRunner().invoke(act, ["act", str(by_act), "--event", json.dumps(event)])
        assert done.exit_code == 0, done.output
    assert yaml.safe_load(by_act.read_text()) == yaml.safe_load(path.read_text())
    assert asker.menus <= 6 * len(recorded.events)  # a handful of menus an event


def scripted_game(tmp_path, answers, name="game-2p.yaml", upto=12):
    """The first `upto` events of a sample game in a file, and a scripted asker."""
    recorded = load_game(str(SAMPLES / name), PARTS)
    path = tmp_path / "g.yaml"
    game = Game(recorded.setup, PARTS)
    for event in recorded.events[:upto]:
        game.apply(event)
    save_game(str(path), game)
    return path, ScriptedAsker(answers), recorded


def test_ending_a_turn_is_saved_at_once_and_play_resumes_with_the_next_player(tmp_path):
    """Kirsty has fulfilled a contract and may still expand on a free space; 'z' ends her
    turn: the event is in the file, and a resumed play, status and options go on with Iain
    (the free space is given up)."""
    path, asker, recorded = scripted_game(tmp_path, ["z", True, "q"], upto=53)
    run(asker, str(path))
    assert asker.questions[0] == "Kirsty: anything more this turn?"
    assert asker.questions[1] == "Kirsty may still take 1 free space. End the turn and give it up?"
    assert asker.questions[2] == "Iain, what now?"
    game = load_game(str(path), PARTS)
    assert game.events[-1] == {"type": "end_turn", "player": "Kirsty"}
    again = ScriptedAsker(["q"])
    run(again, str(path))
    assert again.questions == ["Iain, what now?"]  # never Kirsty's question again
    status = run_cli("status", str(path))
    assert "Iain's turn" in status.stdout, status.stdout
    options = run_cli("options", str(path), "--json")
    assert "Kirsty" not in options.stdout


def test_ending_a_turn_with_something_left_warns_and_no_keeps_the_turn(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, ["z", False, "q"], upto=53)
    before = path.read_text()
    run(asker, str(path))
    assert asker.questions[1].startswith("Kirsty may still take 1 free space.")
    assert asker.questions[2] == "Kirsty: anything more this turn?"  # the turn goes on
    assert path.read_text() == before


def test_the_end_of_turn_line_counts_the_bonus_upgrades_left(tmp_path):
    from caledonia.cli.choosing import decision
    from caledonia.cli.play_cmd import left_this_turn

    path, asker, recorded = scripted_game(tmp_path, [], upto=53)
    game = load_game(str(path), PARTS)
    game.state.turn.bonus_upgrades = 2
    choice = decision(game.state, game.legal())
    left = left_this_turn(game, choice)
    assert "2 bonus upgrades" in left and "1 free space" in left


def test_a_barrel_left_at_the_end_comes_out_before_the_final_score(tmp_path):
    """Ruling 28: the game is over and MacKenzie (Bruce) still has a barrel in the cellar:
    play offers it before the final score, and 'f' shows the score."""
    import random

    from caledonia.rules.game.moves import play_to_end
    from gametools import start

    game = start(2, clans=("MacKenzie", "Campbell", "Cunningham"))
    play_to_end(game, random.Random(1))
    path = tmp_path / "over.yaml"
    save_game(str(path), game)
    money = game.state.by_name("Bruce").money
    before = path.read_text()
    run(ScriptedAsker(["f"]), str(path))  # the score now; the barrel may still come out
    assert path.read_text() == before
    asker = ScriptedAsker(["k"])
    run(asker, str(path))
    assert asker.questions == ["Bruce, what now?"]  # then the score, with nothing left
    after = load_game(str(path), PARTS)
    assert after.events[-1] == {"type": "cellar_out", "player": "Bruce", "spot": 1}
    assert after.state.by_name("Bruce").money == money + after.setup.clan_values["whisky_cellar"][0]
    assert not len(after.legal())


def test_quit_keeps_every_event_and_play_resumes_at_the_same_question(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, ["q"])
    before = path.read_text()
    game = run(asker, str(path))
    assert path.read_text() == before and len(game.events) == 12
    again = ScriptedAsker(["q"])
    run(again, str(path))
    assert again.questions == asker.questions  # the same question, on the same player


def test_ctrl_c_leaves_the_file_as_of_the_last_event(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, ["t", KeyboardInterrupt()])
    before = path.read_text()
    with pytest.raises(typer.Exit) as stopped:
        run(asker, str(path))
    assert stopped.value.exit_code == 130 and path.read_text() == before


def test_ctrl_d_too(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, [EOFError()])
    with pytest.raises(typer.Exit):
        run(asker, str(path))
    assert len(load_game(str(path), PARTS).events) == 12


def test_undo_then_redo_at_the_first_menu(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, ["u", "y", "u", "q"])
    run(asker, str(path))
    game = load_game(str(path), PARTS)
    assert len(game.events) == 11 and game.undone == [recorded.events[11]]


def test_fix_records_a_correction_asked_in_menus_and_a_wrong_amount_is_refused(tmp_path):
    answers = ["x", "m", "Iain", "twenty", "40", "q"]  # money, whose, how much
    path, asker, recorded = scripted_game(tmp_path, answers)
    run(asker, str(path))
    game = load_game(str(path), PARTS)
    assert game.events[-1] == {"type": "fix", "what": "money", "player": "Iain", "value": 40}
    assert game.state.by_name("Iain").money == 40
    [(question, typed, reason)] = asker.refusals
    assert question.startswith("Iain's money (now £") and typed == "twenty"  # an empty prompt
    assert reason == "Expected a whole number from 0 to 9999, got 'twenty'."


def test_a_fix_that_keeps_the_value_shown_records_nothing(tmp_path):
    """The amount the game already holds is no correction: nothing is recorded, and the
    fix menu comes again."""
    path, asker, recorded = scripted_game(tmp_path, [])
    money = load_game(str(path), PARTS).state.by_name("Iain").money
    asker.answers = ["x", "m", "Iain", str(money), "0", "q"]
    run(asker, str(path))
    game = load_game(str(path), PARTS)
    assert len(game.events) == 12 and game.state.by_name("Iain").money == money
    assert f"Unchanged ({money}): nothing recorded." in asker.said
    assert asker.questions[4] == "What does the table show differently?"


def test_the_fix_prompt_is_empty_and_enter_alone_goes_back_to_the_fix_menu(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, ["x", "m", "Iain", "", "0", "q"])
    run(asker, str(path))
    assert len(load_game(str(path), PARTS).events) == 12
    fix_menu, whose, amount, again, first = asker.questions[1:6]
    assert fix_menu == again == "What does the table show differently?"
    assert first == asker.questions[0]  # '0' there: back to the action menu, and no further


def test_back_from_a_fix_step_returns_to_the_fix_menu_not_the_action_menu(tmp_path):
    """'0' on "Whose?" once dropped to the action menu, where the next key (meant for the
    fix menu) hired a merchant."""
    path, asker, recorded = scripted_game(tmp_path, ["x", "m", "0", "m", "Iain", "40", "q"])
    run(asker, str(path))
    game = load_game(str(path), PARTS)
    assert game.events[-1] == {"type": "fix", "what": "money", "player": "Iain", "value": 40}
    assert asker.questions[3] == "What does the table show differently?"


def test_a_fix_is_echoed_in_the_tables_words(tmp_path, capsys):
    path, asker, _ = scripted_game(tmp_path, ["x", "m", "Iain", "40", "q"])
    run(asker, str(path))
    out = capsys.readouterr().out
    assert "✓ Iain's money is now £40" in out and "fix money" not in out


def test_a_fix_the_rules_refuse_is_said_in_the_tables_words_and_nothing_is_recorded(tmp_path):
    answers = ["x", "r", "Iain", "9", "0", "q"]  # nine merchants ready: there are not so many
    path, asker, recorded = scripted_game(tmp_path, answers)
    run(asker, str(path))
    assert len(load_game(str(path), PARTS).events) == 12
    [said] = [s for s in asker.said if s.startswith("Not fixed")]
    assert "Iain has" in said and "merchants" in said


def test_a_contract_is_fixed_by_its_tile_and_where_it_is(tmp_path):
    from caledonia.rules.contract_faces import left_half

    path, asker, recorded = scripted_game(tmp_path, [])
    game = load_game(str(path), PARTS)
    on_board = next(c for c in game.state.export_board if c is not None)
    from caledonia.rules.contract_faces import named

    asker.answers = ["x", "c", left_half(PARTS.contracts[on_board]), "out of the game", "q"]
    if len(search(left_half(PARTS.contracts[on_board]))) > 1:  # the twin: chosen by face
        asker.answers.insert(3, named(PARTS.contracts[on_board]))
    run(asker, str(path))
    fixed = load_game(str(path), PARTS).events[-1]
    assert fixed == {"type": "fix", "what": "contract", "contract": on_board, "to": "out"}


def search(typed):
    from caledonia.rules.contract_faces import search_tiles

    return search_tiles(typed, PARTS.contracts)


def test_a_trade_takes_at_most_three_keys_and_is_recorded(tmp_path):
    path, _, recorded = scripted_game(tmp_path, [])
    game = load_game(str(path), PARTS)
    who = game.state.turn.player if not game.state.turn.main_done else game.state.next_player()
    wanted = next(
        e for e in game.legal().by_type["trade"] if e["player"] == who and e["quantity"] == 1
    )
    asker = ReplayAsker([wanted])
    assert step(asker, Table(str(path), game))
    assert game.events[-1] == wanted and asker.menus <= 3  # one key each
    assert yaml.safe_load(path.read_text())["events"][-1] == wanted


def test_back_returns_to_the_first_menu(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, ["t", "← back", "q"])
    run(asker, str(path))
    assert len(load_game(str(path), PARTS).events) == 12


@pytest.mark.parametrize(
    "upto, phase", [(13, "action"), (19, "production"), (20, "production"), (21, "preparation")]
)
def test_resuming_mid_turn_production_and_preparation(tmp_path, upto, phase):
    """Stopped anywhere, `play` goes on with the event the file stops before."""
    recorded = load_game(str(SAMPLES / "game-2p.yaml"), PARTS)
    path = tmp_path / "g.yaml"
    game = Game(recorded.setup, PARTS)
    for event in recorded.events[:upto]:
        game.apply(event)
    assert game.state.phase == phase
    save_game(str(path), game)
    resumed = load_game(str(path), PARTS)
    asker = ReplayAsker(recorded.events[upto:])
    assert step(asker, Table(str(path), resumed))
    asker.wanted.remove(resumed.events[-1])
    assert len(resumed.events) == upto + 1


def test_without_a_terminal_play_exits_2_and_names_act_and_options(tmp_path):
    done = run_cli("play", str(tmp_path / "g.yaml"))
    assert done.returncode == 2
    assert "caledonia act" in done.stderr and "caledonia options" in done.stderr
    assert not (tmp_path / "g.yaml").exists()


def test_an_expansion_is_four_keys_at_most_unit_then_module_then_space():
    from caledonia.cli.choosing import SHOW_WHOLE, narrow

    recorded = load_game(str(SAMPLES / "game-4p.yaml"), PARTS)
    game = Game(recorded.setup, PARTS)
    for event in recorded.events[:60]:
        game.apply(event)
    events = list(game.legal().by_type["expand"])
    assert len(events) > SHOW_WHOLE
    level, units = narrow(game.state, "expand", events)
    assert level.question == "Which unit?"
    assert all(len({e["unit"] for e in c.value}) == 1 for c in units)
    for unit in units:
        within = unit.value
        deeper = narrow(game.state, "expand", within)
        if deeper is not None:
            level, modules = deeper
            assert level.question == "Where?"
            within = max((c.value for c in modules), key=len)
        assert len(within) <= 35  # the last list answers on one key too


def test_the_board_marks_where_the_player_may_build(tmp_path, capsys):
    path, asker, recorded = scripted_game(tmp_path, ["d", "q"])
    run(asker, str(path))
    out = capsys.readouterr().out
    assert "Marked: the " in out and "may build on now." in out


def saved(game, tmp_path):
    path = tmp_path / "g.yaml"
    save_game(str(path), game)
    return str(path)


def building_bonus_from_own_pile():
    """A game from the table's own pile where Ailsa's fourth bakery brings the bonus."""
    from gametools import act, neighbouring_grass, start

    game = start(2, face_up=[1, 2, 3, 4, 5, 6])
    spaces = neighbouring_grass(game, 4)
    for space in spaces[:3]:
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit="bakery")
    act(game, type="fix", what="money", player="Ailsa", value=50)
    act(game, type="expand", player="Ailsa", unit="bakery", space=spaces[3])
    return game


def test_the_building_bonus_from_the_tables_own_pile_asks_what_came_up(tmp_path):
    game = building_bonus_from_own_pile()
    asker = ScriptedAsker(["g", "40, 40, 41", "41, 40, 42", "4"])  # 4: keep the third drawn
    assert step(asker, Table(saved(game, tmp_path), game))
    assert game.events[-1] == {
        "type": "building_bonus",
        "player": "Ailsa",
        "drawn": [40, 41, 42],
        "keep": 42,
    }
    assert asker.refusals[0][2] == "A contract is named twice among those drawn."


def test_the_tables_own_pile_is_entered_by_the_tiles_goods_and_a_twin_chosen_by_its_face(
    tmp_path,
):
    from caledonia.rules.contract_faces import named

    game = building_bonus_from_own_pile()
    twin = named(PARTS.contracts[42])  # 2 wool + 1 cheese + 1 whisky is on 39 and 42
    typed = "wool mutton 3 whisky, 1 Wool + 1 Mutton + 2 Whisky, 2 wool cheese whisky"
    asker = ScriptedAsker(["g", "4 wole", typed, twin, "4"])  # 4: keep the third drawn
    assert step(asker, Table(saved(game, tmp_path), game))
    assert game.events[-1] == {
        "type": "building_bonus",
        "player": "Ailsa",
        "drawn": [40, 41, 42],
        "keep": 42,
    }
    assert "No good 'wole'" in asker.refusals[0][2]
    assert "Which tile is '2 wool cheese whisky'?" in asker.questions


def test_the_preparation_from_the_tables_own_pile_asks_what_came_up(tmp_path):
    from gametools import act, decline_end_of_production, start

    game = start(2, face_up=[1, 2, 3, 4, 5, 6])
    act(game, type="contract", player="Ailsa", contract=1)
    act(game, type="pass", player="Bruce")
    act(game, type="pass", player="Ailsa")
    for name in ("Ailsa", "Bruce"):
        act(game, type="produce", player=name)
    decline_end_of_production(game)
    asker = ScriptedAsker(["1", "1", "7"])  # contract 1 is with Ailsa: refused, then 7
    assert step(asker, Table(saved(game, tmp_path), game))
    assert game.events[-1] == {"type": "prepare", "drawn": [7]} and game.state.round == 2
    assert "already on the board, with a player or out of the game" in asker.refusals[0][2]
    assert asker.refusals[0][2].startswith("4 wool → 2 cotton, 1 hop, free space is")  # no id


def test_a_solo_preparation_with_the_tools_dice_records_the_seeded_rolls(tmp_path):
    from caledonia.rules.game.events.prepare import seeded_rolls
    from gametools import act, start

    game = start(1)
    act(game, type="pass", player="Ailsa")
    act(game, type="produce", player="Ailsa")
    rolls = seeded_rolls(game.state)
    asker = ScriptedAsker(["1", "t"])
    assert step(asker, Table(saved(game, tmp_path), game))
    assert game.events[-1]["rolls"] == rolls and game.state.round == 2


def test_back_goes_up_one_menu(tmp_path):
    recorded = load_game(str(SAMPLES / "game-4p.yaml"), PARTS)
    game = Game(recorded.setup, PARTS)
    for event in recorded.events[:60]:
        game.apply(event)
    path = saved(game, tmp_path)

    class Steps(ScriptedAsker):
        def choose(self, question, choices, *, default=None):
            self.questions.append(question)
            plan = self.answers.pop(0)
            if plan == "first":
                return choices[0].value
            return next(c.value for c in choices if c.label == plan or c.key == plan)

    asker = Steps(["e", "first", "← back", "first", "first", "first"])
    assert step(asker, Table(path, game))
    assert asker.questions[1:4] == ["Which unit?", asker.questions[2], "Which unit?"]
    assert game.events[-1]["type"] == "expand"


def test_play_keeps_the_checkpoint_of_the_game_it_saved_when_it_stops(tmp_path, monkeypatch):
    from caledonia.rules.game.gamefile import game_from_data
    from caledonia.rules.yamlfile import parse_yaml, read_text
    from caledonia.storage.games import kept_game

    monkeypatch.setenv("CALEDONIA_CACHE_DIR", str(tmp_path / "cache"))
    path, _, recorded = scripted_game(tmp_path, [])
    game = load_game(str(path), PARTS)
    who = game.state.turn.player if not game.state.turn.main_done else game.state.next_player()
    wanted = next(
        e for e in game.legal().by_type["trade"] if e["player"] == who and e["quantity"] == 1
    )

    class StopsAfterIt(ReplayAsker):
        def choose(self, question, choices, *, default=None):
            if wanted in game_now().events:  # recorded: Ctrl-C at the next question
                raise KeyboardInterrupt
            return super().choose(question, choices, default=default)

    def game_now():
        return game_from_data(parse_yaml(read_text(path), str(path)), str(path), PARTS)

    with pytest.raises(typer.Exit):
        run(StopsAfterIt([wanted]), str(path))
    text = read_text(path)
    kept = kept_game(text, str(path), PARTS)  # the checkpoint of the file as play left it
    replayed = game_from_data(parse_yaml(text, str(path)), str(path), PARTS)
    assert kept is not None and kept.events == replayed.events and len(kept.events) == 13
    assert kept.state.snapshot() == replayed.state.snapshot()


def test_a_unit_is_fixed_by_the_space_typed_and_what_stands_there_from_a_menu(tmp_path):
    path, asker, recorded = scripted_game(tmp_path, [])
    game = load_game(str(path), PARTS)
    iain = game.state.by_name("Iain")
    space = game.state.board.spaces[next(iter(iain.units))].id
    asker.answers = ["x", "u", "Iain", "Z-99", space, "none: take the unit off", "q"]
    run(asker, str(path))
    fixed = load_game(str(path), PARTS).events[-1]
    assert fixed == {
        "type": "fix",
        "what": "unit",
        "player": "Iain",
        "space": space,
        "unit": "none",
    }
    [(question, typed, reason)] = asker.refusals
    assert question.startswith("Which space") and space in question and typed == "Z-99"
    assert reason == "No space 'Z-99' on this map: spaces read like A-09."
