"""The frictions a table new to the game met in `play` (issue: a table that is learning),
each fixed: money on every step that spends or earns it, production options that name
their goods, one unit order in every menu."""

from __future__ import annotations

from caledonia.cli.choosing import decision, kind_choices, narrow
from caledonia.cli.play_cmd import step
from caledonia.cli.play_saving import Table
from caledonia.rules.game.engine import Game
from caledonia.storage.games import load_game
from conftest import SAMPLES
from gametools import PARTS
from scripted import ScriptedAsker
from test_play import building_bonus_from_own_pile, saved


class Menus(ScriptedAsker):
    """A scripted asker that keeps every menu's labels by its question."""

    def __init__(self, answers):
        super().__init__(answers)
        self.menus: dict[str, list[str]] = {}

    def choose(self, question, choices, *, default=None):
        self.menus[question] = [str(c.label) for c in choices]
        return super().choose(question, choices, default=default)


def sample_after(name: str, events: int) -> Game:
    played = load_game(str(SAMPLES / name), PARTS)
    game = Game(played.setup, PARTS)
    for event in played.events[:events]:
        game.apply(event)
    return game


def first_action_turn(name: str = "game-3p.yaml") -> Game:
    played = load_game(str(SAMPLES / name), PARTS)
    game = Game(played.setup, PARTS)
    for event in played.events:
        if game.state.phase == "action":
            break
        game.apply(event)
    return game


def test_the_buy_or_sell_step_shows_each_goods_price():
    game = first_action_turn()
    trades = list(decision(game.state, game.legal()).events["trade"])
    level = narrow(game.state, "trade", trades)
    assert level is not None
    asked, choices = level
    assert asked.question == "Buy or sell which good?"
    for choice in choices:
        good, price = choice.value[0]["good"], game.state.prices[choice.value[0]["good"]]
        label = str(choice.label)  # a group says the price each; one trade, its total
        assert f"at £{price} each" in label or f"1 {good} for £{price}" in label, label


def test_the_building_bonus_says_what_keeping_a_contract_brings(tmp_path):
    game = building_bonus_from_own_pile()
    choice = decision(game.state, game.legal())
    menu = kind_choices(game.state, {k: v for k, v in choice.events.items() if k != "end_turn"})
    [bonus] = [str(c.label) for c in menu if c.value == "building_bonus"]
    assert bonus == "Building bonus: draw contracts (keeping one: receive £5)"  # round 1


def test_production_options_name_the_goods_that_come_out():
    from caledonia.rules.game.registry import EVENTS

    played = load_game(str(SAMPLES / "game-3p.yaml"), PARTS)
    game = Game(played.setup, PARTS)
    produce, said = EVENTS["produce"], []
    for event in played.events:
        if game.state.phase == "production":
            events = decision(game.state, game.legal()).events.get("produce", [])
            said += [str(produce.option_words(game.state, e)) for e in events]
        game.apply(event)
    assert said and all(", makes " in words for words in said)
    assert any("makes no goods" not in w for w in said)  # sheep, cows, fields make goods
    assert any(" into " in w for w in said)  # and what processing turns into what


def test_the_free_space_unit_menu_is_in_board_order_with_the_units_keys():
    """A contract's free space: 'Which unit?' lists the units as the expand menu does (the
    player board's order, sheep 1, cow 2, ...), not alphabetically."""
    from caledonia.cli.choosing import UNIT_KEYS

    game = sample_after("game-2p.yaml", 53)  # Kirsty may still expand on a free space
    choice = decision(game.state, game.legal())
    expands = list(choice.events["expand"])
    assert all(e.get("free") for e in expands)
    level = narrow(game.state, "expand", expands)
    assert level is not None
    asked, choices = level
    units = [c.value[0]["unit"].replace("_", " ") for c in choices]
    order = list(UNIT_KEYS)
    assert units == sorted(units, key=order.index)
    assert [c.key for c in choices] == [UNIT_KEYS[u] for u in units]


def test_the_trade_step_in_play_shows_the_prices(tmp_path):
    game = first_action_turn()
    asker = Menus(["t", "q"])
    try:
        step(asker, Table(saved(game, tmp_path), game))
    except AssertionError:
        pass  # the script ends inside the trade menu: the menus shown are what counts
    [trade] = [labels for q, labels in asker.menus.items() if "Buy or sell which good?" in q]
    assert any("each" in label for label in trade)


def solo_preparation_from_own_pile(tmp_path) -> Table:
    """A solo game from the table's own pile at the preparation of round 2: one contract
    drawn from the pile (typed), then the market dice."""
    from gametools import act, start

    game = start(1, face_up=[1, 2, 3, 4, 5])
    act(game, type="pass", player="Ailsa")
    act(game, type="produce", player="Ailsa")
    return Table(saved(game, tmp_path), game)


def test_every_question_of_a_preparation_goes_back_to_the_one_before_with_its_answer(tmp_path):
    from scripted import Esc

    table = solo_preparation_from_own_pile(tmp_path)
    drawn = "The 1 contract drawn from your pile"
    answers = ["1", Esc("2 br")]  # Esc at the first question: back to the first menu
    answers += ["1", "2 bread", "p"]  # typed again in full ("2 br" was in the answer)
    answers += ["wool", "0", "", "+2"]  # back from the price die: the goods die kept
    answers += ["0", "0", "0", "0"]  # from roll 2 back up to the contract typed
    answers += ["", "", "", ""]  # each answer kept: Enter after Enter, down to roll 2
    answers += ["grain", "-1", "milk", "+3"]
    asker = ScriptedAsker(answers)
    assert step(asker, table)
    assert table.game.events[-1] == {
        "type": "prepare",
        "drawn": [7],
        "rolls": [
            {"good": "wool", "die": 2},
            {"good": "grain", "die": -1},
            {"good": "milk", "die": 3},
        ],
    }
    offered = [held for question, held in asker.offered if question.startswith(drawn)]
    assert offered == ["", "2 br", "2 bread"]  # what was typed is in the answer again
    dice = [q for q in asker.questions if q.startswith("Roll 1: what does the goods die")]
    assert len(dice) == 4  # asked, back to it from its price die and from roll 2, and again
    assert len(asker.said) == 2  # the pile's summary: from the first menu, not on each back


def test_back_from_keep_returns_to_the_contracts_typed_and_esc_from_them_to_the_first_menu(
    tmp_path,
):
    from scripted import Esc

    game = building_bonus_from_own_pile()
    answers = ["g", "41, 40, 42", "0"]  # back from Keep: the tiles typed are in the answer
    answers += [Esc("41, 40, 4"), "g", "41, 40, 42", "4"]  # Esc: the first menu; in again
    asker = Menus(answers)
    assert step(asker, Table(saved(game, tmp_path), game))
    assert game.events[-1] == {
        "type": "building_bonus",
        "player": "Ailsa",
        "drawn": [40, 41, 42],
        "keep": 42,
    }
    typed = [held for question, held in asker.offered if "drawn from your pile" in question]
    assert typed == ["", "41, 40, 42", "41, 40, 4"]  # what was in the answer, each time
    assert asker.menus["Keep:"][-1] == "← back"
    assert not asker.answers


def test_a_free_space_nothing_can_take_is_said_given_up_once(tmp_path, capsys):
    """The trial's friction: Ailsa's free space, with £4 and nothing she could afford, was
    dropped without a word when the next player's menu came up."""
    game = sample_after("game-2p.yaml", 53)  # Kirsty fulfils a contract: a free space
    assert game.state.turn.free_spaces == 1 and game.state.turn.player == "Kirsty"
    table = Table(saved(game, tmp_path), game)
    asker = Menus([lambda question, choices: (_ for _ in ()).throw(AssertionError(question))])
    try:  # with her money the free space can be taken: the turn goes on, and nothing is said
        step(asker, table)
    except AssertionError:
        pass
    assert "given up" not in capsys.readouterr().out
    game.apply({"type": "fix", "what": "money", "player": "Kirsty", "value": 0})
    for _ in range(2):  # two questions of the next player: the line is said once
        try:
            step(Menus([lambda q, c: (_ for _ in ()).throw(AssertionError(q))]), table)
        except AssertionError:
            pass
    said = capsys.readouterr().out
    assert said.count("Kirsty's turn is over: 1 free space cannot be taken now (") == 1
    assert "given up" in said and "£0" in said  # the rules' reason names her money
