"""Cunningham's milk and MacKenzie's whisky: the powers that come at production, their
events, the round scoring that waits for them, and the box data of the cellar (and the
beer money) with its labelled example. Numbers: the clan text in components-facts."""

from __future__ import annotations

import pytest
from caledonia.cli.game_status import _cellars
from caledonia.rules.boxdata import clan_box_values, example_words, parse_box
from caledonia.rules.errors import DataError
from caledonia.rules.game.engine import Game, next_step
from caledonia.rules.game.event_words import event_from_words
from caledonia.rules.game.events.produce import income
from caledonia.rules.game.final import sheet_of
from caledonia.rules.game.gamefile import game_as_data, game_from_data
from caledonia.rules.game.legal import legal_events
from caledonia.rules.game.registry import CLANS
from caledonia.rules.game.round_scoring import tile_glory
from caledonia.rules.game.setup import parse_setup, setup_as_data
from caledonia.rules.schema import Node
from caledonia.rules.yamlfile import read_yaml
from gametools import BOX, PARTS, act, free_spaces, refuse, setup_for, start

# Cat chooses first (reverse turn order): Cat Robertson, Bruce Cunningham, Ailsa MacKenzie
BOTH = ("Robertson", "Cunningham", "MacKenzie", "Campbell")


def game_with_both(**choices) -> Game:
    game = start(3, clans=BOTH, **choices)
    assert game.state.by_name("Ailsa").clan == "MacKenzie"
    assert game.state.by_name("Bruce").clan == "Cunningham"
    return game


def everyone_passes(game):
    while game.state.phase == "action":
        name = game.state.next_player() if game.state.turn.main_done else game.state.turn.player
        act(game, type="pass", player=name)


def who(game, name):
    return game.state.by_name(name)


def listed(game, kind):
    return list(legal_events(game.state).by_type.get(kind, []))


def distilleries(game, name, count):
    player = who(game, name)
    taken = [game.state.space(s) for s in free_spaces(game, "grassland")[:count]]
    for index in taken:
        player.units[index] = "distillery"


def produce_all(game, **by_player):
    """Everyone produces (with the processing given per player), in seat order."""
    for p in game.state.players:
        if not p.produced:
            act(game, type="produce", player=p.name, **by_player.get(p.name, {}))


def round_with_aged_whisky(game):
    """One round: Ailsa (MacKenzie) makes 1 whisky and ages it; Bruce keeps his milk."""
    everyone_passes(game)
    who(game, "Ailsa").goods["grain"] = 1
    produce_all(game, Ailsa={"whisky": 1})
    act(game, type="age", player="Ailsa", count=1)
    if who(game, "Bruce").goods["milk"]:
        act(game, type="milk", player="Bruce", count=0)
    assert game.state.phase == "preparation"
    act(game, type="prepare")


# -- Cunningham ----------------------------------------------------------------------------


def test_cunningham_sells_three_milk_for_24_without_merchants_or_price_move():
    game = game_with_both()
    everyone_passes(game)
    bruce = who(game, "Bruce")
    bruce.goods["milk"] = 3
    produce_all(game)
    price, merchants = game.state.prices["milk"], (bruce.merchants_stock, bruce.merchants_out())
    money = bruce.money
    assert {e["count"] for e in listed(game, "milk")} == {0, 1, 2, 3}
    assert {e["player"] for e in listed(game, "milk")} == {"Bruce"}
    notes = act(game, type="milk", player="Bruce", count=3)
    assert bruce.money == money + 24 and bruce.goods["milk"] == 0
    assert game.state.prices["milk"] == price
    assert (bruce.merchants_stock, bruce.merchants_out()) == merchants
    assert "Bruce sells 3 milk for £24" in notes[0]


def test_the_round_is_scored_only_when_cunninghams_milk_choice_is_recorded():
    game = game_with_both()
    everyone_passes(game)
    who(game, "Bruce").goods["milk"] = 2
    who(game, "Bruce").goods["wool"] = 4  # round 1 scores tile 1: basic goods
    produce_all(game)
    state = game.state
    assert state.phase == "production" and state.round_scores == []
    assert who(game, "Bruce").glory == 0
    assert "Bruce may sell milk" in next_step(state)
    assert refuse(game, type="prepare")  # no preparation before the scoring
    act(game, type="milk", player="Bruce", count=0)  # declines: 2 milk kept, scored now
    assert state.phase == "preparation" and len(state.round_scores) == 1
    assert who(game, "Bruce").glory == 6 and who(game, "Bruce").goods["milk"] == 2
    game.undo(1)  # the choice is an event: undone, the scoring is undone with it
    assert game.state.phase == "production" and game.state.round_scores == []


def test_the_milk_sale_is_refused_outside_its_moment_and_beyond_the_stock():
    game = game_with_both()
    bruce = who(game, "Bruce")
    bruce.goods["milk"] = 2
    assert "it is the action phase" in refuse(game, type="milk", player="Bruce", count=1)[0]
    everyone_passes(game)
    act(game, type="produce", player="Ailsa")
    assert "Bruce, Cat still to produce" in refuse(game, type="milk", player="Bruce", count=1)[0]
    produce_all(game)
    assert refuse(game, type="milk", player="Cat", count=1) == [
        "Cat cannot sell milk at £8: only the Cunningham clan can"
    ]
    assert refuse(game, type="milk", player="Bruce", count=3) == ["Bruce has 2 milk, not 3"]
    act(game, type="milk", player="Bruce", count=1)
    assert game.state.phase == "preparation"
    assert "preparation phase" in refuse(game, type="milk", player="Bruce", count=1)[0]


def test_cunningham_without_milk_has_no_choice_and_the_round_is_scored():
    game = start(2)  # Ailsa: Cunningham
    assert who(game, "Ailsa").clan == "Cunningham"
    everyone_passes(game)
    who(game, "Ailsa").goods["milk"] = 0
    produce_all(game)
    assert game.state.phase == "preparation" and not listed(game, "milk")


def test_the_milk_words_of_act():
    assert event_from_words("milk", ["Bruce", "3"]) == {
        "type": "milk",
        "player": "Bruce",
        "count": 3,
    }


def test_an_older_file_without_the_milk_choice_loads_with_it_declined():
    game = game_with_both()
    everyone_passes(game)
    act(game, type="fix", what="goods", player="Bruce", good="milk", value=2)
    produce_all(game)
    act(game, type="milk", player="Bruce", count=0)
    act(game, type="prepare")
    data = game_as_data(game)
    data["events"] = [e for e in data["events"] if e["type"] != "milk"]  # as written before
    loaded = game_from_data(data, "old.yaml", PARTS)
    assert loaded.events == game.events and loaded.state.snapshot() == game.state.snapshot()
    data["events"].insert(-1, {"type": "pass", "player": "Bruce"})  # refused for itself: said
    with pytest.raises(DataError) as caught:
        game_from_data(data, "old.yaml", PARTS)
    assert "Bruce passes" in str(caught.value) and "production phase" in str(caught.value)


# -- MacKenzie: money at production ------------------------------------------------------------


def test_mackenzie_earns_three_pounds_a_whisky_produced_and_keeps_both():
    game = game_with_both()
    everyone_passes(game)
    distilleries(game, "Ailsa", 2)
    distilleries(game, "Cat", 2)
    ailsa, cat = who(game, "Ailsa"), who(game, "Cat")
    for player in (ailsa, cat):
        player.goods["grain"], player.goods["whisky"] = 2, 0
    wage = income(game.state, ailsa)
    money = ailsa.money
    options = [e for e in listed(game, "produce") if e["player"] == "Ailsa" and e.get("whisky")]
    assert {e["whisky"] for e in options} == {1, 2}
    notes = act(game, type="produce", player="Ailsa", whisky=2)
    assert ailsa.money == money + wage + 6 and ailsa.goods["whisky"] == 2
    assert f"earns £{wage + 6}" in notes[0]
    cat_money, cat_wage = cat.money, income(game.state, cat)  # not MacKenzie: no £3
    act(game, type="produce", player="Cat", whisky=2)
    assert cat.money == cat_money + cat_wage and cat.goods["whisky"] == 2


# -- MacKenzie: the cellar ------------------------------------------------------------------


def test_ageing_a_fresh_whisky_puts_it_in_the_leftmost_spot_and_the_scoring_waits():
    game = game_with_both()
    everyone_passes(game)
    ailsa = who(game, "Ailsa")
    distilleries(game, "Ailsa", 1)
    ailsa.goods["grain"], ailsa.goods["whisky"] = 1, 0
    who(game, "Bruce").goods["milk"] = 0
    produce_all(game, Ailsa={"whisky": 1})
    assert game.state.phase == "production" and "Ailsa may age 1 whisky" in next_step(game.state)
    assert sorted(e["count"] for e in listed(game, "age")) == [0, 1]
    assert refuse(game, type="age", player="Ailsa", count=2) == [
        "Ailsa may age 1 whisky a round, not 2"
    ]
    assert refuse(game, type="age", player="Cat", count=1) == [
        "Cat has no whisky cellar: only the MacKenzie clan has"
    ]
    act(game, type="age", player="Ailsa", count=1)
    assert ailsa.cellar == [0] and ailsa.goods["whisky"] == 0
    assert game.state.phase == "preparation"
    assert (
        "Ailsa's whisky cellar: spot 1 £0: barrel, spot 2 £7: -, spot 3 £15: -"
        in (_cellars(game)[0])
    )
    assert "example values" in _cellars(game)[0]


def test_no_ageing_choice_without_whisky_produced_this_round():
    game = game_with_both()
    everyone_passes(game)
    who(game, "Ailsa").goods["whisky"] = 3  # in stock, but not produced this round
    who(game, "Bruce").goods["milk"] = 0
    produce_all(game)
    assert game.state.phase == "preparation"  # nothing to wait for
    assert "preparation phase" in refuse(game, type="age", player="Ailsa", count=1)[0]


def test_barrels_move_right_each_production_and_leave_the_last_spot_paying_15():
    game = game_with_both()
    distilleries(game, "Ailsa", 1)
    round_with_aged_whisky(game)  # round 1: aged into spot 1
    ailsa = who(game, "Ailsa")
    everyone_passes(game)  # round 2's production starts: spot 1 -> spot 2
    assert ailsa.cellar == [1]
    ailsa.goods["grain"] = 1
    produce_all(game, Ailsa={"whisky": 1})
    act(game, type="age", player="Ailsa", count=1)
    if game.state.phase == "production":
        act(game, type="milk", player="Bruce", count=0)
    act(game, type="prepare")
    assert ailsa.cellar == [0, 1]
    everyone_passes(game)  # round 3: the barrels in spots 1, 2 move to 2, 3
    assert ailsa.cellar == [1, 2]
    produce_all(game)
    if game.state.phase == "production":
        act(game, type="milk", player="Bruce", count=0)
    act(game, type="prepare")
    money, whisky = ailsa.money, ailsa.goods["whisky"]
    notes = []
    while game.state.phase == "action":  # round 4: the barrel in spot 3 goes to stock
        name = game.state.next_player() if game.state.turn.main_done else game.state.turn.player
        notes = act(game, type="pass", player=name)
    assert ailsa.cellar == [2]
    pass_money = game.state.setup.pass_money[game.state.pass_order.index("Ailsa")]
    assert ailsa.money == money + 15 + pass_money and ailsa.goods["whisky"] == whisky + 1
    assert any("cellar spot 3 (£15) goes to stock" in n for n in notes)


def test_a_barrel_taken_out_in_her_own_turn_pays_its_spot():
    game = game_with_both()
    distilleries(game, "Ailsa", 1)
    round_with_aged_whisky(game)
    everyone_passes(game)  # the barrel now in spot 2 (£7)
    ailsa = who(game, "Ailsa")
    produce_all(game)
    if game.state.phase == "production":
        act(game, type="milk", player="Bruce", count=0)
    assert "preparation phase" in refuse(game, type="cellar_out", player="Ailsa", spot=2)[0]
    act(game, type="prepare")
    state = game.state

    def upcoming():
        return state.turn.player if not state.turn.main_done else state.next_player()

    # someone else's turn, and Ailsa not next: her own turn goes on until the next one's event
    while state.turn.player == "Ailsa" or upcoming() == "Ailsa" or not state.turn.main_done:
        act(game, type="merchant", player=upcoming())
    reason = refuse(game, type="cellar_out", player="Ailsa", spot=2)[0]
    assert reason.startswith("Ailsa takes a barrel out in their own turn: it is ")
    assert not listed(game, "cellar_out")
    while upcoming() != "Ailsa":
        act(game, type="merchant", player=upcoming())
    assert listed(game, "cellar_out") == [{"type": "cellar_out", "player": "Ailsa", "spot": 2}]
    assert refuse(game, type="cellar_out", player="Ailsa", spot=1) == [
        "Ailsa has no barrel in cellar spot 1 (barrels: 2)"
    ]
    assert refuse(game, type="cellar_out", player="Ailsa", spot=4) == [
        "the whisky cellar has 3 spots, not 4"
    ]
    money, whisky = ailsa.money, ailsa.goods["whisky"]
    notes = act(game, type="cellar_out", player="Ailsa", spot=2)
    assert ailsa.money == money + 7 and ailsa.goods["whisky"] == whisky + 1
    assert ailsa.cellar == [] and "cellar spot 2 (£7)" in notes[0]
    assert state.turn.player == "Ailsa" and not state.turn.main_done  # her turn started
    act(game, type="merchant", player="Ailsa")
    money = ailsa.money  # after her main action, in the same turn: allowed too (like a port)
    ailsa.cellar = [2]
    act(game, type="cellar_out", player="Ailsa", spot=3)
    assert ailsa.money == money + 15


def test_a_barrel_may_come_out_during_production_before_the_scoring():
    game = game_with_both()
    distilleries(game, "Ailsa", 1)
    round_with_aged_whisky(game)
    everyone_passes(game)
    ailsa = who(game, "Ailsa")
    assert listed(game, "cellar_out") == [{"type": "cellar_out", "player": "Ailsa", "spot": 2}]
    money = ailsa.money
    act(game, type="cellar_out", player="Ailsa", spot=2)
    assert ailsa.money == money + 7 and ailsa.cellar == []


def test_cellar_whisky_counts_for_scoring_tile_2_only_for_the_pairs():
    game = game_with_both()
    ailsa = who(game, "Ailsa")
    for good in ("cheese", "bread", "whisky"):
        ailsa.goods[good] = 0
    ailsa.goods["cheese"] = 1
    assert tile_glory(game.state, ailsa, "2") == 0  # one processed good: no pair
    ailsa.cellar = [1]
    assert tile_glory(game.state, ailsa, "2") == 3  # cheese + cellar whisky: one pair
    ailsa.cellar = [0, 1, 2]
    assert tile_glory(game.state, ailsa, "2") == 6  # four: two pairs
    cat = who(game, "Cat")  # not MacKenzie: a cellar field would not count (there is none)
    cat.goods.update(cheese=1, bread=0, whisky=0)
    assert tile_glory(game.state, cat, "2") == 0


def test_cellar_whisky_is_not_a_good_in_stock_at_final_scoring():
    """Reading: only tile 2 names the cellar; final scoring counts the goods in stock."""
    game = game_with_both()
    ailsa = who(game, "Ailsa")
    ailsa.goods["whisky"], ailsa.cellar = 1, [0, 2]
    sheet = next(p for p in sheet_of(game.state).players if p.name == "Ailsa")
    assert sheet.goods["whisky"] == 1


def test_the_units_say_what_is_enforced_and_where_the_cellar_comes_from():
    assert CLANS["Cunningham"].not_enforced == () and CLANS["Cunningham"].summary
    assert CLANS["MacKenzie"].not_enforced == () and CLANS["MacKenzie"].summary
    assert [v.key for v in CLANS["MacKenzie"].box_values] == ["whisky_cellar"]
    assert [v.key for v in CLANS["MacEwen"].box_values] == ["beer_money"]


def test_the_box_data_reads_every_value_a_clan_declares():
    assert set(clan_box_values()) == {"whisky_cellar", "beer_money"}
    assert clan_box_values()["whisky_cellar"] is CLANS["MacKenzie"].box_values[0]


# -- the box data ------------------------------------------------------------------------------


def box_data(**changes):
    data = read_yaml(BOX.source)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def test_the_example_box_labels_the_cellar_and_beer_money_as_example():
    assert BOX.clan_values["whisky_cellar"] == (0, 7, 15) and BOX.clan_values["beer_money"] == 9
    setup = setup_for(3, clans=BOTH)
    assert setup.clan_values["whisky_cellar"] == (0, 7, 15) and setup.clan_values["beer_money"] == 9
    assert (
        setup.example_value("whisky_cellar")
        and example_words("whisky_cellar") in setup.example_data
    )
    assert not setup.example_value("beer_money")  # no clan drawn brews beer: nothing to say


def test_the_beer_money_notice_comes_when_the_brewing_clan_is_drawn():
    brewing = ("MacEwen", "Campbell", "Cunningham", "Stewart")
    setup = setup_for(3, variants={"kickstarter": True}, clans=brewing)
    assert setup.example_value("beer_money") and not setup.example_value("whisky_cellar")
    plain = setup_for(3, clans=("Campbell", "Cunningham", "Stewart", "Robertson"))
    assert not any("example value" in item for item in plain.example_data)


def test_a_tables_box_gives_its_cellar_and_beer_money():
    box = parse_box(box_data(example=False, whisky_cellar=[0, 5], beer_money=8), "own.yaml", PARTS)
    assert (
        box.clan_values["whisky_cellar"] == (0, 5)
        and box.clan_values["beer_money"] == 8
        and box.missing == ()
    )
    setup = setup_for(3, clans=BOTH, box=box)
    assert setup.clan_values["whisky_cellar"] == (0, 5) and setup.clan_values["beer_money"] == 8
    assert not setup.example_value("whisky_cellar") and not setup.example_value("beer_money")
    again = parse_setup(Node(setup_as_data(setup), "game.yaml", "setup"), PARTS)
    assert again.clan_values["whisky_cellar"] == (0, 5) and again.clan_values["beer_money"] == 8
    assert not again.example_value("whisky_cellar")
    game = start(3, clans=BOTH, box=box)  # two spots: the barrel leaves spot 2 for £5
    distilleries(game, "Ailsa", 1)
    round_with_aged_whisky(game)
    everyone_passes(game)
    assert who(game, "Ailsa").cellar == [1] and "example" not in _cellars(game)[0]
    assert "spot 2 £5: barrel" in _cellars(game)[0]


def test_a_box_without_the_new_keys_still_loads_with_the_example_values_said():
    box = parse_box(box_data(example=False, whisky_cellar=None, beer_money=None), "own", PARTS)
    assert (
        box.clan_values["whisky_cellar"] == clan_box_values()["whisky_cellar"].default
        and box.clan_values["beer_money"] == 9
    )
    assert box.missing == ("whisky_cellar", "beer_money")
    setup = setup_for(3, clans=BOTH, box=box)
    assert setup.example_value("whisky_cellar")
    assert "box data (starting tiles" not in ", ".join(setup.example_data)


def test_an_older_game_file_without_the_new_keys_loads_with_the_example_values():
    box = parse_box(box_data(example=False, whisky_cellar=[1, 2, 3, 4]), "own", PARTS)
    data = setup_as_data(setup_for(3, clans=BOTH, box=box))
    del data["box"]["whisky_cellar"], data["box"]["beer_money"]
    setup = parse_setup(Node(data, "old.yaml", "setup"), PARTS)
    assert setup.clan_values["whisky_cellar"] == (0, 7, 15) and setup.clan_values["beer_money"] == 9
    assert setup.example_value("whisky_cellar")


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"whisky_cellar": []}, "1 to 6 amounts of money"),
        ({"whisky_cellar": [0, 7, 15, 20, 25, 30, 35]}, "1 to 6 amounts of money"),
        ({"whisky_cellar": [0, -7]}, "whisky_cellar[1]"),
        ({"whisky_cellar": 15}, "a list"),
        ({"beer_money": "nine"}, "beer_money"),
    ],
)
def test_a_wrong_cellar_or_beer_money_is_refused_with_its_key(changes, message):
    with pytest.raises(DataError) as caught:
        parse_box(box_data(**changes), "own.yaml", PARTS)
    assert message in str(caught.value)
