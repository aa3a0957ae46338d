"""The eight actions and their bonuses: each rule refused with its reason, and the legal case."""

from __future__ import annotations

import pytest
from caledonia.rules.contract_faces import tile
from gametools import act, free_spaces, grass_star, neighbouring_grass, refuse, start


@pytest.fixture
def game():
    return start(3)


def state_of(game):
    return game.state


def player(game, name):
    return game.state.by_name(name)


# -- whose turn ------------------------------------------------------------------


def test_only_the_player_whose_turn_it_is_acts(game):
    assert "it is Ailsa's turn, not Bruce's" in refuse(game, type="shipping", player="Bruce")
    act(game, type="shipping", player="Ailsa")
    assert "Ailsa has taken this turn's action already" in refuse(
        game, type="merchant", player="Ailsa"
    )
    assert "it is Bruce's turn, not Cat's" in refuse(game, type="merchant", player="Cat")
    act(game, type="merchant", player="Bruce")


def test_unknown_player_is_refused(game):
    assert "no player 'Zed'" in refuse(game, type="pass", player="Zed")[0]


def test_players_by_colour(game):
    act(game, type="shipping", player="RED")
    assert player(game, "Ailsa").shipping == 1


# -- trade ---------------------------------------------------------------------------


def test_buying_pays_the_price_and_moves_it_one_step_per_unit(game):
    act(game, type="fix", what="price", good="whisky", value=10)
    money = player(game, "Ailsa").money
    act(game, type="trade", player="Ailsa", side="buy", good="whisky", quantity=2)
    ailsa = player(game, "Ailsa")
    assert ailsa.money == money - 20 and ailsa.goods["whisky"] == 2
    assert game.state.prices["whisky"] == 12  # the rulebook's example
    assert ailsa.merchants_stock == 0 and ailsa.merchants_market == {"whisky:buy": 2}


def test_selling_receives_the_price_and_moves_it_down(game):
    act(game, type="fix", what="goods", player="Ailsa", good="cheese", value=2)
    act(game, type="fix", what="price", good="cheese", value=9)
    money = player(game, "Ailsa").money
    act(game, type="trade", player="Ailsa", side="sell", good="cheese", quantity=2)
    assert player(game, "Ailsa").money == money + 18 and game.state.prices["cheese"] == 7


def test_trade_refusals(game):
    assert "Ailsa has 2 free merchants, 3 needed" in refuse(
        game, type="trade", player="Ailsa", side="buy", good="wool", quantity=3
    )
    assert "Ailsa has 0 cheese, not 1" in refuse(
        game, type="trade", player="Ailsa", side="sell", good="cheese", quantity=1
    )
    act(game, type="fix", what="money", player="Ailsa", value=5)
    assert "2 whisky cost £20 and Ailsa has £5" in refuse(
        game, type="trade", player="Ailsa", side="buy", good="whisky", quantity=2
    )


def test_never_both_sides_of_one_good_in_a_round(game):
    act(game, type="fix", what="goods", player="Ailsa", good="wool", value=3)
    act(game, type="trade", player="Ailsa", side="buy", good="wool", quantity=1)
    for name in ("Bruce", "Cat"):
        act(game, type="pass", player=name)
    reasons = refuse(game, type="trade", player="Ailsa", side="sell", good="wool", quantity=1)
    assert "never both sides of one good" in reasons[0]
    act(game, type="trade", player="Ailsa", side="buy", good="wool", quantity=1)  # same side: fine


def test_price_stops_at_the_end_of_its_track(game):
    top = game.state.market.tracks["wool"].prices[-1]
    act(game, type="fix", what="price", good="wool", value=top - 1)
    act(game, type="trade", player="Ailsa", side="buy", good="wool", quantity=2)
    assert game.state.prices["wool"] == top


# -- contracts -------------------------------------------------------------------------


def test_obtaining_in_round_one_gives_five_pounds(game):
    contract = next(c for c in game.state.export_board if c)
    money = player(game, "Ailsa").money
    act(game, type="contract", player="Ailsa", contract=contract)
    assert player(game, "Ailsa").money == money + 5
    assert player(game, "Ailsa").open_contracts == [contract]
    assert contract not in game.state.export_board


def test_one_open_contract_at_a_time(game):
    first, second = [c for c in game.state.export_board if c][:2]
    act(game, type="fix", what="contract", contract=first, to="open", player="Ailsa")
    reasons = refuse(game, type="contract", player="Ailsa", contract=second)
    assert reasons == [
        f"Ailsa already has an unfulfilled contract ({tile(first)}): fulfil it first"
    ]


def test_a_contract_must_be_on_the_board(game):
    missing = next(c for c in range(1, 51) if c not in game.state.export_board)
    assert (
        f"contract {missing} is not on the export board"
        in refuse(game, type="contract", player="Ailsa", contract=missing)[0]
    )


def test_later_rounds_cost_money_and_only_what_you_have(game):
    game.state.round = 3  # a later round's cost: £5
    contract = next(c for c in game.state.export_board if c)
    act(game, type="fix", what="money", player="Ailsa", value=4)
    assert "a contract costs £5 in round 3 and Ailsa has £4" in refuse(
        game, type="contract", player="Ailsa", contract=contract
    )
    act(game, type="fix", what="money", player="Ailsa", value=5)
    act(game, type="contract", player="Ailsa", contract=contract)
    assert player(game, "Ailsa").money == 0


# -- expand and the neighbourhood bonus -------------------------------------------------------


def expansion_scene(game, whisky_price=10):
    """Ailsa's sheep on a, Bruce's distillery on c, b between them is free."""
    a, b, c = neighbouring_grass(game, 3)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    act(game, type="fix", what="unit", player="Bruce", space=c, unit="distillery")
    act(game, type="fix", what="price", good="whisky", value=whisky_price)
    act(game, type="fix", what="merchants", player="Ailsa", value=4)
    act(game, type="fix", what="money", player="Ailsa", value=100)
    return a, b, c


def test_expand_pays_unit_and_land(game):
    a, b, _ = expansion_scene(game)
    land = game.state.board.spaces[game.state.space(b)].cost
    money = player(game, "Ailsa").money
    notes = act(game, type="expand", player="Ailsa", unit="cow", space=b)
    assert player(game, "Ailsa").money == money - 9 - land
    # the space as the menus name it, and the unit it is reached from beside it
    assert f"on {b} (row " in notes[0] and " of module " in notes[0]
    assert "beside Ailsa's " in notes[0]


def test_expand_refusal_carries_the_map_engine_reasons(game):
    far = free_spaces(game, "grassland")[-1]
    reasons = refuse(game, type="expand", player="Ailsa", unit="cow", space=far)
    assert "not neighbouring or within shipping reach" in reasons[-1]
    forest = free_spaces(game, "forest")[0]
    assert any(
        "a sheep needs grassland" in r
        for r in refuse(game, type="expand", player="Ailsa", unit="sheep", space=forest)
    )


def test_rulebook_neighbourhood_whisky_at_ten_costs_seven_each(game):
    _, b, _ = expansion_scene(game, whisky_price=10)
    act(game, type="expand", player="Ailsa", unit="cow", space=b)
    money = player(game, "Ailsa").money
    notes = act(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=3)
    assert player(game, "Ailsa").money == money - 21
    assert "£7 each" in notes[0] and game.state.prices["whisky"] == 13


def two_distilleries_scene(game):
    """Ailsa's sheep beside the free space b, and two opponents' distilleries beside b."""
    b, (a, c, d) = grass_star(game, 3)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    act(game, type="fix", what="unit", player="Bruce", space=c, unit="distillery")
    act(game, type="fix", what="unit", player="Cat", space=d, unit="distillery")
    act(game, type="fix", what="price", good="whisky", value=8)
    act(game, type="fix", what="merchants", player="Ailsa", value=4)
    act(game, type="fix", what="money", player="Ailsa", value=100)
    return b


def test_neighbourhood_cap_is_three_per_good_per_turn(game):
    b = two_distilleries_scene(game)  # two purchases of whisky, three at most in all
    act(game, type="expand", player="Ailsa", unit="cow", space=b)
    act(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=2)
    assert (
        "at most 3 whisky per turn"
        in refuse(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=2)[0]
    )


def test_one_neighbourhood_purchase_for_each_neighbouring_unit(game):
    """Ruling 26 (R l.136): "you may use the Neighbourhood bonus for each of these units".
    One distillery beside the new space: one purchase of whisky, not a second."""
    _, b, _ = expansion_scene(game, whisky_price=8)
    act(game, type="expand", player="Ailsa", unit="cow", space=b)
    money = player(game, "Ailsa").money
    act(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=1)
    assert player(game, "Ailsa").money == money - 5  # £8 less the £3 processed discount
    assert refuse(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=1) == [
        "the neighbourhood bonus is one purchase for each opponent's unit next to the new "
        "space: Ailsa has bought whisky from the whisky producer already"
    ]
    assert "neighbourhood" not in game.legal("Ailsa").by_type
    assert player(game, "Ailsa").goods["whisky"] == 1


def test_two_neighbouring_distilleries_give_two_purchases(game):
    b = two_distilleries_scene(game)
    act(game, type="expand", player="Ailsa", unit="cow", space=b)
    money = player(game, "Ailsa").money
    act(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=1)  # £8 - £3
    price = game.state.prices["whisky"]  # one step up
    act(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=1)
    assert player(game, "Ailsa").money == money - 5 - (price - 3)
    assert player(game, "Ailsa").goods["whisky"] == 2
    assert "neighbourhood" not in game.legal("Ailsa").by_type


def test_neighbourhood_cap_is_four_with_two_players():
    game = start(2)
    _, b, _ = expansion_scene(game)
    act(game, type="expand", player="Ailsa", unit="cow", space=b)
    act(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=4)
    assert game.state.by_name("Ailsa").goods["whisky"] == 4


def test_neighbourhood_only_for_goods_of_neighbouring_opponents(game):
    _, b, _ = expansion_scene(game)
    act(game, type="expand", player="Ailsa", unit="cow", space=b)
    assert (
        "produces bread"
        in refuse(game, type="neighbourhood", player="Ailsa", good="bread", quantity=1)[0]
    )


def test_neighbourhood_only_right_after_expanding(game):
    _, b, _ = expansion_scene(game)
    assert (
        "only right after an expansion"
        in refuse(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=1)[0]
    )
    act(game, type="expand", player="Ailsa", unit="cow", space=b)
    act(game, type="merchant", player="Bruce")  # the next turn closes the window
    assert refuse(game, type="neighbourhood", player="Ailsa", good="whisky", quantity=1) == [
        "the neighbourhood bonus comes only right after an expansion, in the same turn: "
        "it is Bruce's turn now"
    ]


def test_no_neighbourhood_bonus_in_solo():
    game = start(1)
    a, b, c = neighbouring_grass(game, 3)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    act(game, type="expand", player="Ailsa", unit="cow", space=b)
    assert refuse(game, type="neighbourhood", player="Ailsa", good="wool", quantity=1) == [
        "there is no neighbourhood bonus in a solo game"
    ]


# -- building bonus -------------------------------------------------------------------------


def test_fourth_distillery_with_empty_box_gives_the_building_bonus(game):
    spaces = neighbouring_grass(game, 4)
    for space in spaces[:3]:
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit="distillery")
    notes = act(game, type="expand", player="Ailsa", unit="distillery", space=spaces[3])
    assert any("building bonus" in n for n in notes)
    top = game.state.pile[:3]
    money = player(game, "Ailsa").money
    act(game, type="building_bonus", player="Ailsa", keep=top[1])
    assert player(game, "Ailsa").open_contracts == [top[1]]
    assert player(game, "Ailsa").money == money + 5  # round 1: the contract pays £5
    assert game.state.pile[-2:] == [top[0], top[2]]


def test_no_building_bonus_with_a_contract_open(game):
    spaces = neighbouring_grass(game, 4)
    for space in spaces[:3]:
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit="bakery")
    act(
        game,
        type="fix",
        what="contract",
        contract=game.state.export_board[0],
        to="open",
        player="Ailsa",
    )
    act(game, type="expand", player="Ailsa", unit="bakery", space=spaces[3])
    assert "no building bonus" in refuse(game, type="building_bonus", player="Ailsa")[0]


# -- upgrades and merchants ------------------------------------------------------------------


def test_shipping_costs_four_up_to_four_loch(game):
    money = player(game, "Ailsa").money
    act(game, type="shipping", player="Ailsa")
    assert player(game, "Ailsa").money == money - 4
    act(game, type="fix", what="shipping", player="Bruce", level="4_loch")
    assert "4-loch already" in refuse(game, type="shipping", player="Bruce")[0]


def test_technology_costs_ten_once_per_worker_type(game):
    money = player(game, "Ailsa").money
    act(game, type="technology", player="Ailsa", worker="miner")
    assert player(game, "Ailsa").money == money - 10
    act(game, type="fix", what="technology", player="Bruce", worker="miner", upgraded=True)
    assert (
        "miner technology is upgraded already"
        in refuse(game, type="technology", player="Bruce", worker="miner")[0]
    )


def test_hiring_merchants_costs_four_at_most_seven(game):
    act(game, type="merchant", player="Ailsa")
    assert player(game, "Ailsa").merchants_stock == 3 and player(game, "Ailsa").merchants_board == 4
    act(game, type="fix", what="merchants", player="Bruce", value=7)
    assert "Bruce has hired all 7 merchants" in refuse(game, type="merchant", player="Bruce")


# -- fulfil ------------------------------------------------------------------------------------


def give_contract(game, contract_id, who="Ailsa"):
    act(game, type="fix", what="contract", contract=contract_id, to="open", player=who)


def test_fulfil_pays_goods_and_gains_money_imports_and_hops(game):
    give_contract(game, 50)  # cheese + bread + whisky -> 3 tobacco, £10, 2 bonus upgrades
    for good in ("cheese", "bread", "whisky"):
        act(game, type="fix", what="goods", player="Ailsa", good=good, value=1)
    money = player(game, "Ailsa").money
    notes = act(game, type="fulfil", player="Ailsa", contract=50)
    ailsa = player(game, "Ailsa")
    assert ailsa.fulfilled == [50] and not ailsa.open_contracts
    assert ailsa.money == money + 10
    assert {g: ailsa.goods[g] for g in ("cheese", "bread", "whisky")} == dict.fromkeys(
        ("cheese", "bread", "whisky"), 0
    )
    assert game.state.import_totals["tobacco"] == 3
    assert game.state.turn.bonus_upgrades == 2 and "2 bonus upgrade" in notes[-1]


def test_fulfil_needs_the_goods(game):
    give_contract(game, 50)
    reasons = refuse(game, type="fulfil", player="Ailsa", contract=50)
    assert f"{tile(50)} needs 1 cheese; Ailsa has 0" in reasons


def test_meat_is_paid_by_slaughtering_the_named_animals(game):
    give_contract(game, 3)  # 2 beef -> 2 sugar cane, 1 hops, £10
    spaces = neighbouring_grass(game, 3)
    act(game, type="fix", what="unit", player="Ailsa", space=spaces[0], unit="cow")
    act(game, type="fix", what="unit", player="Ailsa", space=spaces[1], unit="cow")
    act(game, type="fix", what="unit", player="Ailsa", space=spaces[2], unit="sheep")
    assert any(
        "slaughtering 2 animals of yours on the map" in r
        for r in refuse(game, type="fulfil", player="Ailsa", contract=3, slaughter=[spaces[0]])
    )
    assert any(
        "only cows and sheep" in r or "needs 2 cow" in r
        for r in refuse(
            game, type="fulfil", player="Ailsa", contract=3, slaughter=[spaces[0], spaces[2]]
        )
    )
    act(game, type="fulfil", player="Ailsa", contract=3, slaughter=spaces[:2])
    assert player(game, "Ailsa").count("cow") == 0


def test_free_space_bonus_expands_without_land_cost(game):
    give_contract(game, 1)  # 4 wool -> 2 cotton, 1 hops, 1 free space
    act(game, type="fix", what="goods", player="Ailsa", good="wool", value=4)
    a, b = neighbouring_grass(game, 2)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    act(game, type="fulfil", player="Ailsa", contract=1)
    money = player(game, "Ailsa").money
    act(game, type="expand", player="Ailsa", unit="cow", space=b, free=True)
    assert player(game, "Ailsa").money == money - 9
    assert (
        "no free-space bonus"
        in refuse(
            game,
            type="expand",
            player="Ailsa",
            unit="sheep",
            space=free_spaces(game, "grassland")[0],
            free=True,
        )[0]
    )


def test_bonus_upgrades_after_fulfilling(game):
    give_contract(game, 10)  # 4 cheese -> 4 cotton, £10, 2 bonus upgrades
    act(game, type="fix", what="goods", player="Ailsa", good="cheese", value=4)
    act(game, type="fulfil", player="Ailsa", contract=10)
    money = player(game, "Ailsa").money
    act(game, type="bonus", player="Ailsa", choice="technology", worker="woodcutter")
    assert player(game, "Ailsa").money == money - 5
    act(game, type="bonus", player="Ailsa", choice="shipping")
    assert player(game, "Ailsa").shipping == 1
    assert "no bonus upgrade" in refuse(game, type="bonus", player="Ailsa", choice="merchant")[0]


def test_import_marks_pay_one_pound_when_reached(game):
    give_contract(game, 10)  # 4 cotton
    act(game, type="fix", what="goods", player="Ailsa", good="cheese", value=4)
    game.state.import_totals["cotton"] = 3  # the example marks are 6, 12, ...
    money = player(game, "Ailsa").money
    notes = act(game, type="fulfil", player="Ailsa", contract=10)
    assert player(game, "Ailsa").money == money + 10 + 1
    assert any("marked step 6" in n for n in notes)


# -- pass ----------------------------------------------------------------------------------


def test_pass_money_by_pass_order_and_next_round_order(game):
    moneys = {p.name: p.money for p in game.state.players}
    for name in ("Ailsa", "Bruce"):
        act(game, type="shipping", player=name)
    act(game, type="pass", player="Cat")
    act(game, type="pass", player="Ailsa")
    act(game, type="pass", player="Bruce")
    paid = {p.name: p.money - moneys[p.name] for p in game.state.players}
    assert paid == {"Cat": 16, "Ailsa": 14 - 4, "Bruce": 12 - 4}  # 3 players: example amounts
    assert game.state.phase == "production" and game.state.pass_order == ["Cat", "Ailsa", "Bruce"]


def test_a_passed_player_takes_no_more_turns(game):
    act(game, type="pass", player="Ailsa")
    act(game, type="shipping", player="Bruce")
    act(game, type="shipping", player="Cat")
    assert "Ailsa has passed this round" in refuse(game, type="shipping", player="Ailsa")
    act(game, type="shipping", player="Bruce")  # Ailsa is skipped


def test_four_players_pass_sixteen_fourteen_twelve_ten():
    game = start(4)
    before = {p.name: p.money for p in game.state.players}
    for name in ("Ailsa", "Bruce", "Cat", "Dougie"):
        act(game, type="pass", player=name)
    assert [p.money - before[p.name] for p in game.state.players] == [16, 14, 12, 10]


def test_solo_passes_sixteen_every_time():
    game = start(1)
    money = game.state.players[0].money
    act(game, type="pass", player="Ailsa")
    assert game.state.players[0].money == money + 16
