"""The solo preparation phase: dice market, refill and removal, state file and commands."""

from __future__ import annotations

import json
import random

import pytest
from caledonia.rules.errors import DataError
from caledonia.rules.market import Market, Track, load_market, parse_market
from caledonia.rules.messages import Plural
from caledonia.rules.solo import (
    Roll,
    check_rolls,
    load_removal_grid,
    market_phase,
    parse_removal_grid,
    refill,
    roll_dice,
)
from caledonia.rules.solo_state import apply_table_changes, new_state, prepare, state_as_data
from caledonia.rules.yamlfile import parse_yaml
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

FACES = (-3, -2, -1, 1, 2, 3)
GOODS = ("wool", "milk", "grain", "cheese", "bread", "whisky")


def one_track_market(prices, medium, good="whisky"):
    return Market("players_1_2", {good: Track(good, tuple(prices), prices[0], medium)}, False, "t")


# prices 1..9, brackets 3..6: 2 is low, 4 is medium, 8 is high
@pytest.mark.parametrize("price, zone", [(2, "low"), (4, "medium"), (8, "high")])
@pytest.mark.parametrize("die", FACES)
def test_every_zone_and_every_die_face(price, zone, die):
    market = one_track_market(range(1, 10), (3, 6))
    after, (change,) = market_phase({"whisky": price}, [Roll("whisky", die)], market)
    expected = {"low": price + abs(die), "high": price - abs(die), "medium": price + die}[zone]
    assert change.zone == zone
    assert after["whisky"] == change.after == expected
    assert not change.at_end


@pytest.mark.parametrize(
    "price, die, after",
    [
        (1, -2, 1),
        (2, -3, 1),
        (9, 3, 9),
        (8, 2, 9),  # medium at both ends of the track
    ],
)
def test_prices_stop_at_the_ends_of_the_track(price, die, after):
    market = one_track_market(range(1, 10), (1, 9))
    result, (change,) = market_phase({"whisky": price}, [Roll("whisky", die)], market)
    assert result["whisky"] == after and change.at_end
    assert "stops at the end of the track" in change.describe()


def test_low_price_near_the_top_stops_at_the_top():
    market = one_track_market([1, 2, 3, 4], (4, 4))
    result, (change,) = market_phase({"whisky": 2}, [Roll("whisky", -3)], market)
    assert (change.zone, change.steps, result["whisky"]) == ("low", 3, 4)


def test_explanation_in_words():
    market = one_track_market(range(5, 19), (10, 13))
    _, (change,) = market_phase({"whisky": 9}, [Roll("whisky", -3)], market)
    assert change.describe() == "whisky £9 is low: +3 steps → £12"


def test_an_explanation_is_a_message_whose_zone_and_form_translate():
    """The English words stay the same; a catalogue reorders the fields, translates the
    zone (a message of its own) and chooses the form by the steps, however they are signed."""
    market = one_track_market(range(5, 19), (10, 13))
    _, (up,) = market_phase({"whisky": 9}, [Roll("whisky", -1)], market)
    _, (down,) = market_phase({"whisky": 14}, [Roll("whisky", +3)], market)
    assert isinstance(up.describe(), Plural) and up.describe() == "whisky £9 is low: +1 step → £10"
    catalogue = {"low": "bas", "high": "haut"}

    def choose(singular, plural, count):
        return "{zone}! {good} {steps:+d} pas" if count == 1 else "{zone}! {good} {steps:+d}"

    assert up.describe().render(lambda text: catalogue.get(text, text), choose) == (
        "bas! whisky +1 pas"
    )
    assert down.describe().render(lambda text: catalogue.get(text, text), choose) == (
        "haut! whisky -3"
    )


def test_the_saved_log_holds_plain_words_never_a_message(parts, market):
    """A Reason must never be saved: the safe YAML dumper refuses a str subclass."""
    import yaml

    state = prepare(new_state(parts, market, seed=5), parts, market, GRID).state
    saved = state_as_data(state)
    assert all(type(line) is str for entry in saved["log"] for line in entry["prices"])
    assert "is " in yaml.safe_dump(saved)


def test_steps_move_along_an_uneven_track():
    market = one_track_market([2, 4, 7, 10, 15], (4, 10))
    result, _ = market_phase({"whisky": 4}, [Roll("whisky", 2)], market)
    assert result["whisky"] == 10


@given(st.integers())
def test_seeded_dice_always_change_three_different_goods(seed):
    rolls = roll_dice(random.Random(seed), GOODS, FACES)
    assert len({roll.good for roll in rolls}) == 3
    assert all(roll.die in FACES for roll in rolls)
    assert check_rolls(rolls, GOODS, FACES) is None


def test_seeded_dice_are_reproducible():
    assert roll_dice(random.Random(5), GOODS, FACES) == roll_dice(random.Random(5), GOODS, FACES)


@pytest.mark.parametrize(
    "rolls, reason",
    [
        ([Roll("beer", 1), Roll("wool", 1), Roll("milk", 1)], "the goods die has no 'beer'"),
        ([Roll("wool", 4), Roll("milk", 1), Roll("grain", 1)], "the price die has no +4"),
        ([Roll("wool", 0), Roll("milk", 1), Roll("grain", 1)], "the price die has no +0"),
        (
            [Roll("wool", 1), Roll("wool", 2), Roll("grain", 1)],
            "wool was already changed this phase",
        ),
        ([Roll("wool", 1)], "give 3 rolls, got 1"),
    ],
)
def test_impossible_rolls_are_refused(rolls, reason):
    assert reason in check_rolls(rolls, GOODS, FACES)


# -- the removal grid and the refill -------------------------------------------

GRID = load_removal_grid(FACES)


def test_minus_three_is_the_bottom_left_slot():
    assert GRID.slot_for_roll[-3] == 5 and GRID.position(5) == "bottom-left"
    assert GRID.example


def test_a_grid_that_moves_minus_three_is_refused():
    text = "columns: 2\nsolo_removal: {'-1': 5, '+1': 2, '-2': 3, '+2': 4, '-3': 1, '+3': 6}\n"
    with pytest.raises(DataError, match="the rulebook puts -3 at the bottom-left slot"):
        parse_removal_grid(parse_yaml(text, "g.yaml"), "g.yaml", FACES)
    text = "columns: 3\nsolo_removal: {'-1': 1, '+1': 2, '-2': 3, '+2': 5, '-3': 4, '+3': 6}\n"
    assert (
        parse_removal_grid(parse_yaml(text, "g.yaml"), "g.yaml", FACES).position(4) == "bottom-left"
    )


def test_refill_fills_empty_slots_in_order_then_removes_by_the_last_roll():
    result = refill([12, None, 7, None, 45, 21], [30, 31], -3, GRID)
    assert result.filled == (12, 30, 7, 31, 45, 21)
    assert (result.removed_slot, result.removed) == (5, 45)
    assert result.after == (12, 30, 7, 31, None, 21)


# -- the state, round by round --------------------------------------------------


@pytest.fixture(scope="module")
def market():
    return load_market(1, GOODS)


def all_contracts(state):
    return sorted(
        [c for c in state.board if c]
        + list(state.pile or ())
        + list(state.removed)
        + list(state.taken)
    )


def test_a_whole_solo_game_of_preparations(parts, market):
    state = new_state(parts, market, seed=3)
    assert sum(1 for c in state.board if c) == 5 and len(state.pile) == 45
    for round_number in (2, 3, 4, 5):
        board = list(state.board)
        state = apply_table_changes(state, market, {}, [next(c for c in board if c)])
        result = prepare(state, parts, market, GRID)
        assert result.round == round_number
        state = result.state
        assert sum(1 for c in state.board if c) == 5
        assert all_contracts(state) == list(range(1, 51))
    assert len(state.removed) == 4 and state.round == 6
    with pytest.raises(ValueError, match="all preparation phases are done"):
        prepare(state, parts, market, GRID)


def test_typed_rolls_and_seeded_rolls_agree(parts, market):
    state = new_state(parts, market, seed=11)
    seeded = prepare(state, parts, market, GRID)
    typed = prepare(state, parts, market, GRID, rolls=list(seeded.rolls))
    assert typed.state == seeded.state
    assert typed.removed == seeded.removed


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 10**6),
    st.lists(st.sampled_from(FACES), min_size=3, max_size=3),
    st.permutations(GOODS),
)
def test_same_rolls_same_prices_and_removal_whoever_rolls(parts, market, seed, dice, goods):
    rolls = [Roll(good, die) for good, die in zip(goods[:3], dice, strict=True)]
    state = new_state(parts, market, seed)
    first = prepare(state, parts, market, GRID, rolls=rolls)
    again = prepare(state, parts, market, GRID, rolls=list(rolls))
    assert first.state.prices == again.state.prices and first.removed == again.removed


def test_a_table_with_its_own_pile(parts, market):
    state = new_state(parts, market, seed=1, dealt=[12, 33, 7, 45, 21])
    assert state.pile is None and state.board == (12, 33, 7, 45, 21, None)
    with pytest.raises(ValueError, match="draws from the table's own pile"):
        prepare(state, parts, market, GRID)
    with pytest.raises(ValueError, match="the board has 1 empty slot: draw 1 contract, not 2"):
        prepare(state, parts, market, GRID, drawn=[1, 2])
    with pytest.raises(ValueError, match=r"contract 4 whisky is already on the board"):
        prepare(state, parts, market, GRID, drawn=[12])
    result = prepare(
        state,
        parts,
        market,
        GRID,
        rolls=[Roll("wool", 1), Roll("milk", 1), Roll("grain", 3)],
        drawn=[9],
    )
    assert result.board_filled == (12, 33, 7, 45, 21, 9) and result.removed == 9


def test_an_empty_pile_is_an_error(parts, market):
    state = new_state(parts, market, seed=1)._replace(pile=())
    state = state._replace(board=(None,) * 6)
    with pytest.raises(ValueError, match="the pile has 0 contracts for 6 empty slots"):
        prepare(state, parts, market, GRID)


def test_table_changes_are_checked(parts, market):
    state = new_state(parts, market, seed=1)
    with pytest.raises(ValueError, match="£30 is not on the whisky track"):
        apply_table_changes(state, market, {"whisky": 30}, [])
    with pytest.raises(ValueError, match=r"contract 1 cheese \+ 1 bread \+ 1 whisky is not on"):
        apply_table_changes(state, market, {}, [50] if 50 not in state.board else [49])


# -- market data ---------------------------------------------------------------


@pytest.mark.parametrize(
    "old, new, reason",
    [
        ("start: 10, medium: [9, 13]", "start: 30, medium: [9, 13]", "£30 is not on the track"),
        ("start: 10, medium: [9, 13]", "start: 10, medium: [13, 9]", "both on the track"),
        ("whisky: {prices: [6,", "whisky: {prices: [7, 6,", "rising from the lowest"),
    ],
)
def test_bad_market_data(old, new, reason):
    from caledonia.rules.market import EXAMPLE_MARKET

    text = EXAMPLE_MARKET.read_text()
    assert old in text
    with pytest.raises(DataError, match=reason):
        parse_market(parse_yaml(text.replace(old, new, 1), "m.yaml"), "m.yaml", 1, GOODS)


def test_the_rulebook_whisky_example_holds_on_the_example_market(market):
    # whisky at £10: buying two moves the marker two steps to £12
    assert market.tracks["whisky"].move(10, 2) == 12


# -- commands --------------------------------------------------------------------


def test_solo_new_prepare_show(tmp_path):
    state = tmp_path / "solo.yaml"
    new = run_cli("solo", "new", str(state), "--seed", "4")
    assert new.returncode == 0, new.stderr
    assert run_cli("solo", "new", str(state)).returncode == 2  # no silent overwrite: --force
    prepared = run_cli("solo", "prepare", str(state), "--virtual-dice", "--json")
    assert prepared.returncode == 0, prepared.stderr
    data = json.loads(prepared.stdout)
    assert data["round"] == 2 and len(data["changes"]) == 3
    assert "example values" in prepared.stderr and "example layout" in prepared.stderr
    shown = run_cli("solo", "show", str(state))
    assert "Next preparation: round 3" in shown.stdout


def test_prepare_without_dice_or_terminal_names_the_flags(tmp_path):
    state = tmp_path / "solo.yaml"
    run_cli("solo", "new", str(state), "--seed", "4")
    before = state.read_text()
    result = run_cli("solo", "prepare", str(state), input_text="")
    assert result.returncode == 2
    assert "--roll" in result.stderr and "--virtual-dice" in result.stderr
    assert state.read_text() == before


def test_prepare_with_typed_rolls_explains_each_price(tmp_path):
    state = tmp_path / "solo.yaml"
    run_cli("solo", "new", str(state), "--seed", "4")
    result = run_cli(
        "solo",
        "prepare",
        str(state),
        "--price",
        "whisky=9",
        "--roll",
        "whisky:-3",
        "--roll",
        "wool:+1",
        "--roll",
        "cheese:+2",
    )
    assert result.returncode == 0, result.stderr
    assert "whisky £9 is medium: -3 steps → £6" in result.stdout
    assert "Last price die +2: slot 4 (middle-right)" in result.stdout


@pytest.mark.parametrize(
    "args, code, message",
    [
        (
            ["--roll", "beer:+1", "--roll", "wool:+1", "--roll", "milk:+1"],
            1,
            "goods die has no 'beer'",
        ),
        (
            ["--roll", "wool:+4", "--roll", "milk:+1", "--roll", "grain:+1"],
            1,
            "price die has no +4",
        ),
        (["--roll", "wool", "--roll", "milk:+1", "--roll", "grain:+1"], 2, "expected GOOD:±N"),
        (["--price", "whisky=99", "--virtual-dice"], 1, "£99 is not on the whisky track"),
        (["--taken", "99", "--virtual-dice"], 2, "no contract 99: the tiles are numbered 1-50"),
    ],
)
def test_bad_prepare_input(tmp_path, args, code, message):
    state = tmp_path / "solo.yaml"
    run_cli("solo", "new", str(state), "--seed", "4")
    before = state.read_text()
    result = run_cli("solo", "prepare", str(state), *args)
    assert result.returncode == code, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr
    assert state.read_text() == before


def test_market_alone_from_flags():
    prices = [
        "--price",
        "wool=4",
        "--price",
        "milk=4",
        "--price",
        "grain=5",
        "--price",
        "bread=8",
        "--price",
        "cheese=9",
    ]
    missing = run_cli("solo", "market", *prices, "--virtual-dice")
    assert missing.returncode == 2 and "no price for whisky" in missing.stderr
    result = run_cli(
        "solo",
        "market",
        *prices,
        "--price",
        "whisky=9",
        "--roll",
        "whisky:+3",
        "--roll",
        "wool:-1",
        "--roll",
        "cheese:+2",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["prices"]["whisky"] == 12 and data["prices"]["wool"] == 3
    seeded = [
        run_cli(
            "solo",
            "market",
            *prices,
            "--price",
            "whisky=9",
            "--virtual-dice",
            "--seed",
            "8",
            "--json",
        ).stdout
        for _ in range(2)
    ]
    assert seeded[0] == seeded[1]


def test_refill_alone():
    result = run_cli(
        "solo",
        "refill",
        "--board",
        "12,33,-,45,-,21",
        "--draw",
        "7,19",
        "--last-roll",
        "-3",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["removed"] == {"slot": 5, "contract": 19}
    bad = run_cli(
        "solo", "refill", "--board", "12,33,-,45,-,21", "--draw", "7", "--last-roll", "-3"
    )
    assert bad.returncode == 1 and "--draw needs 2 contracts" in bad.stderr


def test_solo_score_takes_a_one_player_sheet():
    assert json.loads(run_cli("solo", "score", "sample_games/final-solo.yaml", "--json").stdout)[
        "rating"
    ]
    result = run_cli("solo", "score", "sample_games/final-2p.yaml")
    assert result.returncode == 1 and "a solo sheet has one player" in result.stderr


# -- the solo helper in the box's words: tiles by their face, the box's boards -----------------

DEALT = [1, 3, 50, 8, 5]  # 4 wool, 2 beef, cheese bread whisky, 4 bread, 2 mutton


@pytest.mark.parametrize(
    "typed",
    [
        "4 wool, 2 beef, cheese bread whisky, 4 bread, 2 mutton",
        "4 Wool; 2 beef; 1 cheese + 1 bread + 1 whisky; 4 bread → 4 tobacco; 2 MUTTON",
        "1, 3, #50, 8, 5",
    ],
)
def test_solo_new_takes_the_dealt_tiles_by_their_face(tmp_path, typed):
    state = tmp_path / "solo.yaml"
    result = run_cli("solo", "new", str(state), "--seed", "4", "--contracts", typed)
    assert result.returncode == 0, result.stderr
    assert parse_yaml(state.read_text(), "s")["board"][:5] == DEALT
    assert "slot 1  4 wool → 2 cotton, 1 hop, free space" in result.stdout


@pytest.mark.parametrize(
    "board, draw",
    [
        ("4 wool, 2 beef, -, 4 bread, -, 2 mutton", "4 whisky, cheese bread whisky"),
        (
            "4 wool; 2 beef; -; 4 bread → 4 tobacco; -; 2 mutton",
            "4 WHISKY, 1 cheese+1 bread+1 whisky",
        ),
        ("1,3,-,8,-,5", "12,50"),
    ],
)
def test_solo_refill_takes_the_board_and_the_draw_by_their_face(board, draw):
    result = run_cli(
        "solo", "refill", "--board", board, "--draw", draw, "--last-roll", "-3", "--json"
    )
    assert result.returncode == 0, result.stderr
    after = json.loads(result.stdout)
    assert after["board_filled"] == [1, 3, 12, 8, 50, 5]
    assert after["removed"] == {"slot": 5, "contract": 50}
    shown = run_cli("solo", "refill", "--board", board, "--draw", draw, "--last-roll", "-3")
    assert "contract 1 cheese + 1 bread + 1 whisky → 3 tobacco, £10, 2 bonus upgrades" in (
        shown.stdout
    )


def test_a_tile_not_read_is_refused_with_the_reason():
    board = "4 wool, 2 beef, -, 4 bred, -, 2 mutton"
    result = run_cli("solo", "refill", "--board", board, "--draw", "4 whisky", "--last-roll", "-3")
    assert result.returncode == 2
    assert "--board '4 wool, 2 beef, -, 4 bred, -, 2 mutton': no good 'bred'" in result.stderr


def test_the_prompts_take_the_tiles_by_their_face(parts, market):
    from caledonia.cli.solo_cmd import ask_draws, ask_round_changes
    from scripted import ScriptedAsker

    state = new_state(parts, market, 4, DEALT)
    asker = ScriptedAsker(["4 whisky", "4 wool, 4 wool", "4 wool", *[""] * 6])
    prices, taken = ask_round_changes(state, market, asker)
    assert (prices, taken) == ([], "1")
    reasons = [reason for _, _, reason in asker.refusals]
    assert reasons[0].startswith("4 whisky → 4 sugar cane, 3 hops is not on the export board")
    assert "is named twice" in reasons[1]
    asker = ScriptedAsker(["4 wool", "4 whisky", "2 wool + 1 cheese + 1 whisky → 7 hops"])
    assert ask_draws(2, parts, set(DEALT), asker) == [12, 42]
    assert "already on the board" in asker.refusals[0][2]


def test_solo_uses_the_boxs_market_and_removal_grid_without_an_example_note(tmp_path):
    from caledonia.cli.box_entry import enter_grid, enter_market
    from scripted import ScriptedAsker
    from test_box_entry import market_answers

    state = tmp_path / "solo.yaml"
    noted = run_cli("solo", "new", str(state), "--seed", "4")
    assert "'caledonia box market' enters yours" in noted.stderr
    assert "--market" not in noted.stderr and "CALEDONIA" not in noted.stderr
    answers = market_answers()
    answers[0:3] = ["1 2 3 4 5 6 7 8 9 10", "5", "3 7"]  # wool: a track of its own
    enter_market(ScriptedAsker(answers))
    enter_grid(ScriptedAsker(["2", "5", "3", "1", "2", "4", "6"]))
    state.unlink()
    made = run_cli("solo", "new", str(state), "--seed", "4")
    assert made.returncode == 0 and "Note" not in made.stderr, made.stderr
    assert "wool £5" in made.stdout  # the box's start, not the example's £4
    prepared = run_cli("solo", "prepare", str(state), "--virtual-dice", "--taken", "")
    assert prepared.returncode == 0 and "Note" not in prepared.stderr, prepared.stderr
    shown = run_cli("solo", "show", str(state))
    assert "Note" not in shown.stderr and "slot 5 [-3, bottom-left]" in shown.stdout
