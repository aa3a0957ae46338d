"""The box wizards: `box market`, `box tiles`, `box values` through the scripted prompts,
with a refused answer, Ctrl-C and resume, and changing one value of a saved file."""

from __future__ import annotations

import re

import pytest
import yaml
from caledonia.cli.box_entry import enter_box, enter_grid, enter_market, track_drawing
from caledonia.cli.errors import Interrupted
from caledonia.rules.boxdata import load_box
from caledonia.rules.boxfolder import EXAMPLES, path_of
from caledonia.rules.components import load_components
from caledonia.rules.market import load_market
from caledonia.rules.solo import load_removal_grid
from hypothesis import given
from hypothesis import strategies as st
from scripted import ScriptedAsker

PARTS = load_components()
EXAMPLE_MARKET = yaml.safe_load((EXAMPLES / "market.yaml").read_text())
EXAMPLE_BOX = yaml.safe_load((EXAMPLES / "box.yaml").read_text())


def market_answers(data=EXAMPLE_MARKET):
    """The answers that enter `data`: a 3-4 player track alike on both sides is 'y'."""
    answers = []
    for side in ("players_1_2", "players_3_4"):
        for good in PARTS.economy.goods:
            track = data[side][good]
            if side == "players_3_4":
                if track == data["players_1_2"][good]:
                    answers.append("y" if good == "wool" else "")  # Enter alone: yes
                    continue
                answers.append("n")
            answers += [" ".join(map(str, track["prices"])), str(track["start"])]
            answers.append(" ".join(map(str, track["medium"])))
    return answers


def tile_answers():
    answers = []
    for n in range(1, 10):
        tile = EXAMPLE_BOX["starting_tiles"][n]
        goods = " ".join(f"{c} {g}" for g, c in tile["goods"].items())
        answers.append(f"{tile['money']} {goods}")
    return answers


def value_answers():
    marks = [
        " ".join(map(str, EXAMPLE_BOX["import_track_marks"][g]))
        for g in ("cotton", "tobacco", "sugar_cane")
    ]
    return ["16 14", "16 14 12", *marks, "6", "0 7 15", "9"]


def test_the_market_entered_is_the_market_a_game_loads():
    asker = ScriptedAsker(market_answers())
    enter_market(asker)
    assert not asker.answers and not asker.refusals
    market = load_market(2, PARTS.economy.goods)
    assert market.source == str(path_of("market")) and not market.example
    example = load_market(2, PARTS.economy.goods, str(EXAMPLES / "market.yaml"))
    assert market.tracks == example.tracks
    assert "  £1 £2 [ £3 (£4) £5 £6 ] £7 £8 £9" in asker.said  # the track drawn as typed


def test_a_start_off_the_track_is_asked_again_with_the_reason():
    answers = market_answers()
    answers.insert(1, "12")  # wool's start: not on its track 1-9
    asker = ScriptedAsker(answers)
    enter_market(asker)
    [(question, typed, reason)] = asker.refusals
    assert "wool" in question and typed == "12"
    assert reason == "give one price of the track: 1 2 3 4 5 6 7 8 9"


def test_ctrl_c_keeps_the_answers_and_the_same_command_goes_on():
    answers = market_answers()
    with pytest.raises(Interrupted) as stop:
        enter_market(ScriptedAsker([*answers[:10], KeyboardInterrupt()]))
    assert "10 answers kept in a draft" in stop.value.said
    assert "'caledonia box market' again" in stop.value.said
    assert not path_of("market").exists()
    again = ScriptedAsker([True, *answers[10:]])  # go on with the draft: the rest only
    enter_market(again)
    assert not again.answers and path_of("market").is_file()


def test_a_saved_market_changes_one_value_without_retyping_the_rest():
    enter_market(ScriptedAsker(market_answers()))
    before = yaml.safe_load(path_of("market").read_text())
    wool_start = "Market 1-2 player side, wool: the circled starting price: 4"
    asker = ScriptedAsker([wool_start, "5", "Done: save these values"])
    enter_market(asker)
    after = yaml.safe_load(path_of("market").read_text())
    # the 3-4 player wool track was entered as "the same": it stays the same
    assert after["players_1_2"]["wool"]["start"] == after["players_3_4"]["wool"]["start"] == 5
    for side in ("players_1_2", "players_3_4"):
        after[side]["wool"]["start"] = before[side]["wool"]["start"]
    assert after == before


def test_a_track_the_same_on_both_sides_is_one_answer_and_others_are_typed():
    answers = market_answers()
    assert len(answers) == 6 * 3 + 6  # the 3-4 player side: one answer per track
    other = {"prices": [2, 3, 4, 5, 6, 7, 8, 9, 10], "start": 5, "medium": [4, 7]}
    data = {**EXAMPLE_MARKET, "players_3_4": {**EXAMPLE_MARKET["players_3_4"], "milk": other}}
    answers = market_answers(data)
    milk = answers.index("n")
    answers.insert(milk, "perhaps")  # refused: yes or no
    asker = ScriptedAsker(answers)
    enter_market(asker)
    [(question, typed, reason)] = asker.refusals
    assert "3-4 player side, milk: the same track" in question and typed == "perhaps"
    assert reason == "answer y (yes) or n (no)"
    market = load_market(3, PARTS.economy.goods)
    assert market.tracks["milk"].prices == tuple(other["prices"])
    assert market.tracks["wool"] == load_market(2, PARTS.economy.goods).tracks["wool"]


def test_ctrl_c_after_a_same_answer_goes_on_from_the_next_track():
    answers = market_answers()
    with pytest.raises(Interrupted) as stop:
        enter_market(ScriptedAsker([*answers[:20], KeyboardInterrupt()]))
    assert "20 answers kept in a draft" in stop.value.said
    again = ScriptedAsker([True, *answers[20:]])
    enter_market(again)
    assert not again.answers and len(again.questions) == 1 + len(answers) - 20


def test_tiles_then_values_make_the_box_values_a_game_loads():
    asker = ScriptedAsker(tile_answers())
    enter_box("tiles", asker)  # the nine tiles only: nothing else is asked
    assert not asker.answers and not asker.refusals
    assert all(q.startswith("Starting tile") for q in asker.questions)
    box = load_box(PARTS)
    assert box.example_parts == ("pass_money", "import_track_marks", "export_boxes_3_4")
    assert asker.said[-1] == (
        "The other box values stay the example's until 'caledonia box values' enters them."
    )
    values = ScriptedAsker(value_answers())
    enter_box("values", values)  # the tiles entered are not shown or asked again
    assert not values.answers and not any(q.startswith("Starting") for q in values.questions)
    box = load_box(PARTS)
    example = load_box(PARTS, str(EXAMPLES / "box.yaml"))
    assert box.source == str(path_of("box")) and not box.example and not box.missing
    assert not box.example_parts
    assert (box.starting_tiles, box.pass_money, box.import_marks) == (
        example.starting_tiles,
        example.pass_money,
        example.import_marks,
    )
    assert (box.clan_values, box.export_boxes_3_4) == (
        example.clan_values,
        example.export_boxes_3_4,
    )


def test_values_alone_keep_the_example_tiles_and_a_new_game_says_so():
    enter_box("values", ScriptedAsker(["20 18", "20 18 16", *value_answers()[2:]]))
    box = load_box(PARTS)
    assert box.example_parts == ("starting_tiles",) and box.pass_money[2] == (20, 18)
    example = load_box(PARTS, str(EXAMPLES / "box.yaml"))
    assert box.starting_tiles == example.starting_tiles  # the example's until entered


def test_a_refused_tile_and_a_refused_pass_money_are_asked_again():
    asker = ScriptedAsker(["55 wool oats", *tile_answers()])
    enter_box("tiles", asker)
    [(_, typed, reason)] = asker.refusals
    assert typed == "55 wool oats" and reason.startswith("'oats' is not a good")
    values = value_answers()
    asker = ScriptedAsker(["16", "14 16", *values])
    enter_box("values", asker)
    reasons = [reason for _, _, reason in asker.refusals]
    assert reasons[0] == "give 2 amounts, one per place in the pass order"
    assert reasons[1].startswith("the pass money falls along the pass order")
    assert reasons[1].endswith("you gave 14 16")
    assert yaml.safe_load(path_of("box").read_text())["pass_money"][2] == [16, 14]


def test_rising_pass_money_with_three_players_is_refused_too():
    values = value_answers()
    asker = ScriptedAsker([values[0], "16 16 12", *values[1:]])
    enter_box("values", asker)
    [(_, typed, reason)] = asker.refusals
    assert typed == "16 16 12" and "falls along the pass order" in reason


def test_ctrl_c_in_the_tiles_keeps_them_and_box_tiles_goes_on():
    tiles = tile_answers()
    with pytest.raises(Interrupted) as stop:
        enter_box("tiles", ScriptedAsker([*tiles[:4], KeyboardInterrupt()]))
    assert "4 answers kept in a draft" in stop.value.said
    assert "'caledonia box tiles' again" in stop.value.said
    assert not path_of("box").exists()
    again = ScriptedAsker([True, *tiles[4:]])
    enter_box("tiles", again)
    assert not again.answers and again.questions[1].startswith("Starting tile 5:")
    assert load_box(PARTS).starting_tiles[5].money == EXAMPLE_BOX["starting_tiles"][5]["money"]


def test_box_values_on_a_saved_box_changes_the_beer_money_only():
    enter_box("values", ScriptedAsker(value_answers()))
    enter_box("tiles", ScriptedAsker(tile_answers()))
    before = yaml.safe_load(path_of("box").read_text())

    asker = ScriptedAsker(["MacEwen's money per beer: 9", "11", "d"])
    enter_box("values", asker)
    after = yaml.safe_load(path_of("box").read_text())
    assert after["beer_money"] == 11
    assert {**after, "beer_money": before["beer_money"]} == before


def test_box_tiles_on_a_saved_box_changes_one_tile_and_keeps_the_values():
    enter_box("values", ScriptedAsker(value_answers()))
    enter_box("tiles", ScriptedAsker(tile_answers()))
    before = yaml.safe_load(path_of("box").read_text())
    asker = ScriptedAsker(
        ["Starting tile 5: its money, then its goods (e.g. 55 wool grain): 58", "59 wool", "d"]
    )
    enter_box("tiles", asker)
    assert not any("Pass money" in q for q in asker.questions)
    after = yaml.safe_load(path_of("box").read_text())
    assert after["starting_tiles"][5] == {"money": 59, "goods": {"wool": 1}}
    after["starting_tiles"][5] = before["starting_tiles"][5]
    assert after == before


def test_the_track_drawing_circles_the_start_and_brackets_the_medium_range():
    assert track_drawing([1, 2, 3, 4], 2, (2, 3)) == "£1 [ (£2) £3 ] £4"
    assert track_drawing([1, 2, 3], None, None) == "£1 £2 £3"


def test_the_removal_grid_entered_is_the_grid_a_solo_game_loads():
    # columns, then the slot of each price roll -3 -2 -1 +1 +2 +3; -3 must be bottom left
    asker = ScriptedAsker(["2", "1", "5", "3", "1", "2", "4", "6"])
    enter_grid(asker)
    [(_, typed, reason)] = [r for r in asker.refusals]
    assert typed == "1" and "bottom-left slot, which is slot 5 with 2 columns" in reason
    grid = load_removal_grid(PARTS.solo.price_die)
    example = load_removal_grid(PARTS.solo.price_die, str(EXAMPLES / "export_board.yaml"))
    assert grid.slot_for_roll == example.slot_for_roll and not grid.example


@given(
    money=st.integers(0, 99),
    goods=st.dictionaries(st.sampled_from(PARTS.economy.goods), st.integers(1, 5), max_size=3),
)
def test_a_tile_shown_again_reads_back_as_the_same_tile(money, goods):
    from caledonia.cli.box_entry import _tile, _tile_typed

    tile = {"money": money, "goods": goods}
    assert _tile(PARTS.economy.goods)(_tile_typed(tile), {}) == tile


@given(prices=st.lists(st.integers(0, 30), min_size=2, max_size=12, unique=True).map(sorted))
def test_a_track_drawing_shows_every_price_once_in_order(prices):
    drawn = track_drawing(prices, prices[0], (prices[0], prices[-1]))
    shown = [int(p) for p in re.findall(r"£(\d+)", drawn)]
    assert shown == prices and drawn.startswith("[ (£") and drawn.endswith(" ]")
