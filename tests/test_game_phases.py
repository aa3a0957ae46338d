"""Set-up, production, round scoring, preparation, port tiles and corrections."""

from __future__ import annotations

import pytest
from caledonia.rules.contract_faces import tile
from caledonia.rules.game.engine import Game
from caledonia.rules.game.round_scoring import tile_glory
from gametools import (
    PARTS,
    act,
    decline_end_of_production,
    free_spaces,
    neighbouring_grass,
    refuse,
    setup_for,
    start,
)


def everyone_passes(game):
    while game.state.phase == "action":
        name = game.state.next_player() if game.state.turn.main_done else game.state.turn.player
        act(game, type="pass", player=name)


def everyone_produces(game):
    for p in game.state.players:
        if not p.produced:
            act(game, type="produce", player=p.name)
    decline_end_of_production(game)


# -- set-up ------------------------------------------------------------------------------


def test_clans_are_chosen_in_reverse_turn_order_with_their_starting_tiles():
    game = Game(setup_for(3), PARTS)
    assert (
        "it is Cat's turn to choose a clan"
        in refuse(game, type="clan", player="Ailsa", clan="Campbell")[0]
    )
    notes = act(game, type="clan", player="Cat", clan="Cunningham")
    cat = game.state.by_name("Cat")
    tile = game.setup.starting_tiles[game.setup.clans.index("Cunningham")]
    assert cat.clan == "Cunningham" and cat.starting_tile == tile
    assert cat.money == game.setup.tile_contents[tile].money
    assert "starting tile" in notes[0]
    assert (
        "not one of the clans left"
        in refuse(game, type="clan", player="Bruce", clan="Cunningham")[0]
    )


def test_stewart_starts_with_five_merchants_and_river_crossing():
    game = start(3, clans=("Stewart", "Campbell", "Cunningham", "MacKenzie"))
    stewart = next(p for p in game.state.players if p.clan == "Stewart")
    assert (stewart.merchants_stock, stewart.merchants_board) == (5, 2)
    assert stewart.shipping_level == "river_crossing"


def test_fergusson_places_three_workers_on_border_spaces():
    game = Game(setup_for(3, clans=("Fergusson", "Campbell", "Cunningham", "MacKenzie")), PARTS)
    act(game, type="clan", player="Cat", clan="Fergusson")
    act(game, type="clan", player="Bruce", clan="Campbell")
    act(game, type="clan", player="Ailsa", clan="Cunningham")
    assert [name for name, _ in game.state.placements] == [
        "Ailsa",
        "Bruce",
        "Cat",
        "Cat",
        "Bruce",
        "Ailsa",
        "Cat",
    ]
    assert game.state.by_name("Cat").shipping_level == "2_loch"
    inner = next(
        s for s in free_spaces(game, "forest") if game.state.space(s) not in game.state.board.border
    )
    act(game, type="worker", player="Ailsa", unit="woodcutter", space=inner)
    act(
        game, type="worker", player="Bruce", unit="woodcutter", space=free_spaces(game, "forest")[0]
    )
    reasons = refuse(
        game,
        type="worker",
        player="Cat",
        unit="woodcutter",
        space=next(
            s
            for s in free_spaces(game, "forest")
            if game.state.space(s) not in game.state.board.border
        ),
    )
    assert "not a border space" in reasons[0]


def test_starting_workers_pay_worker_and_land():
    game = Game(setup_for(2), PARTS)
    act(game, type="clan", player="Bruce", clan="Campbell")
    act(game, type="clan", player="Ailsa", clan="Cunningham")
    ailsa = game.state.by_name("Ailsa")
    space = free_spaces(game, "mountain")[0]
    land = game.state.board.spaces[game.state.space(space)].cost
    money = ailsa.money
    act(game, type="worker", player="Ailsa", unit="miner", space=space)
    assert ailsa.money == money - 10 - land
    reasons = refuse(
        game, type="worker", player="Bruce", unit="sheep", space=free_spaces(game, "grassland")[0]
    )
    assert reasons == ["no worker 'sheep': the workers are woodcutter, miner"]


def test_without_clans_start_money_by_turn_order():
    game = Game(setup_for(4, variants={"clans": False}), PARTS)
    tiles = game.setup.starting_tiles
    extra = [
        p.money - game.setup.tile_contents[tiles[i]].money for i, p in enumerate(game.state.players)
    ]
    assert extra == [0, 2, 4, 6]
    assert game.state.phase == "workers" and all(p.clan is None for p in game.state.players)


def test_the_clan_auction_sets_turn_order_and_negative_vp():
    game = Game(setup_for(3, variants={"clan_auction": True}), PARTS)
    act(game, type="auction", player="Cat", clan="Campbell", bid=7)
    notes = act(game, type="auction", player="Ailsa", clan="Cunningham", bid=3)
    assert (
        game.state.by_name("Bruce").clan == "MacKenzie"
        and game.state.by_name("Bruce").auction_bid == 0
    )
    assert game.state.turn_order == ["Cat", "Ailsa", "Bruce"]
    assert any("turn order by the auction" in n for n in notes)
    from caledonia.rules.game.final import final_score

    assert final_score(game.state).players[2].breakdown.auction == -7


# -- production and scoring -------------------------------------------------------------------


def test_production_income_goods_and_processing():
    game = start(2)
    a, b, c, d = neighbouring_grass(game, 4)
    for space, unit in zip(
        (a, b, c, d), ("cow", "field", "cheese_dairy", "distillery"), strict=True
    ):
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit=unit)
    act(game, type="fix", what="technology", player="Ailsa", worker="woodcutter", upgraded=True)
    ailsa = game.state.by_name("Ailsa")
    money, workers = ailsa.money, ailsa.count("woodcutter")
    goods = dict(ailsa.goods)
    everyone_passes(game)
    paid = ailsa.money - money
    assert "at most 1 whisky" in refuse(game, type="produce", player="Ailsa", whisky=2)[0]
    act(game, type="produce", player="Ailsa", cheese=1, whisky=1)
    assert ailsa.money - money - paid == workers * 6  # upgraded woodcutters earn £6
    made = {g: ailsa.goods[g] - goods[g] for g in goods}
    # the cow's milk goes into the cheese; the field's two grain, one into the whisky
    assert made == {"wool": 0, "milk": 0, "grain": 1, "cheese": 1, "bread": 0, "whisky": 1}
    assert "has produced this round already" in refuse(game, type="produce", player="Ailsa")[0]


def test_processing_needs_the_input():
    game = start(2)
    space = neighbouring_grass(game, 1)[0]
    act(game, type="fix", what="unit", player="Ailsa", space=space, unit="bakery")
    everyone_passes(game)
    reasons = refuse(game, type="produce", player="Ailsa", bread=1)
    assert reasons == [
        f"processing needs 1 grain; Ailsa will have {game.state.by_name('Ailsa').goods['grain']}"
    ]


@pytest.mark.parametrize(
    "tile, expected",
    [
        ("1", 3),  # wool 2 + milk 1
        ("2", 3),  # 3 processed goods: one pair
        ("3", 1 + 2),  # a cow and a field
        ("4", 4),  # two workers
        ("6", 4 + 0),  # contract 10: 4 cotton
        ("7", 2 * 2),  # contract 3: 2 beef
        ("8", 1 + 1 + 1),  # shipping step, a hired merchant, one technology
    ],
)
def test_scoring_tiles(tile, expected):
    game = start(2)
    ailsa = game.state.by_name("Ailsa")
    ailsa.goods.update(wool=2, milk=1, cheese=2, whisky=1)
    a, b = neighbouring_grass(game, 2)
    ailsa.units[game.state.space(a)] = "cow"
    ailsa.units[game.state.space(b)] = "field"
    ailsa.fulfilled = [10] if tile == "6" else [3] if tile == "7" else []
    ailsa.shipping, ailsa.merchants_board, ailsa.technology = 1, 4, {"miner"}
    assert tile_glory(game.state, ailsa, tile) == expected


def test_round_scoring_adds_glory_and_moves_to_preparation():
    game = start(2)
    game.state.by_name("Ailsa").goods["wool"] = 5
    everyone_passes(game)
    everyone_produces(game)
    assert game.state.by_name("Ailsa").glory >= 5  # tile 1: basic goods
    assert game.state.phase == "preparation" and game.state.round_scores


# -- preparation ---------------------------------------------------------------------------


def test_preparation_refills_returns_merchants_and_orders_by_passing():
    game = start(3)
    contract = next(c for c in game.state.export_board if c)
    act(game, type="contract", player="Ailsa", contract=contract)
    act(game, type="trade", player="Bruce", side="buy", good="wool", quantity=1)
    act(game, type="pass", player="Cat")
    act(game, type="pass", player="Ailsa")
    act(game, type="pass", player="Bruce")
    everyone_produces(game)
    assert refuse(game, type="produce", player="Ailsa") == [
        "it is the preparation phase, not the production phase"
    ]
    pile_top = game.state.pile[:1]
    act(game, type="prepare")
    state = game.state
    assert state.round == 2 and state.phase == "action"
    assert state.turn_order == ["Cat", "Ailsa", "Bruce"]
    assert sum(1 for c in state.export_board if c) == 5 and pile_top[0] in state.export_board
    assert (
        state.by_name("Bruce").merchants_stock == 2 and not state.by_name("Bruce").merchants_market
    )


def test_the_tables_own_pile_needs_the_drawn_contracts():
    game = start(2, face_up=[1, 2, 3, 4, 5, 6])
    act(game, type="contract", player="Ailsa", contract=3)
    everyone_passes(game)
    everyone_produces(game)
    assert "say which 1 contract was drawn" in refuse(game, type="prepare")[0]
    assert f"{tile(4)} is already on the board" in refuse(game, type="prepare", drawn=[4])[0]
    act(game, type="prepare", drawn=[40])
    assert game.state.export_board == [1, 2, 40, 4, 5, 6]


def test_solo_preparation_runs_the_dice_market_and_removes_a_contract():
    game = start(1)
    everyone_passes(game)
    everyone_produces(game)
    prices = dict(game.state.prices)
    act(
        game,
        type="prepare",
        rolls=[
            {"good": "wool", "die": 3},
            {"good": "milk", "die": 1},
            {"good": "whisky", "die": -3},
        ],
    )
    state = game.state
    assert state.prices["wool"] != prices["wool"] or state.prices["whisky"] != prices["whisky"]
    assert len(state.removed) == 1 and sum(1 for c in state.export_board if c) == 5
    assert state.export_board[4] is None  # the last roll, -3: the bottom-left slot


def test_the_game_ends_after_round_five():
    game = start(2)
    for _ in range(5):
        everyone_passes(game)
        everyone_produces(game)
        if game.state.phase == "preparation":
            act(game, type="prepare")
    assert game.state.phase == "over" and game.state.round == 5
    assert refuse(game, type="pass", player="Ailsa") == [
        "it is the end of the game, not the action phase"
    ]


# -- port tiles ---------------------------------------------------------------------------------


def port_scene(tile, variants=None):
    ports = {"A": "5", "B": "2", "C": "8", "D": "4"}
    if tile not in ports.values():
        ports["A"] = tile
    game = start(3, variants=variants, ports=ports)
    corner = next(c for c, t in game.setup.ports.items() if t == tile)
    slot = next(s for s in game.state.board.port_slots if s.module == corner)
    space = next(
        game.state.board.spaces[i] for i in slot.touches if not game.state.board.spaces[i].loch
    )
    if game.state.occupant(space.index):
        game.state.occupant(space.index).units.pop(space.index)
    unit = (
        "woodcutter" if "forest" in space.land else "miner" if "mountain" in space.land else "sheep"
    )
    act(game, type="fix", what="unit", player="Ailsa", space=space.id, unit=unit)
    return game


def test_port_five_gives_ten_once_per_game():
    game = port_scene("5")
    money = game.state.by_name("Ailsa").money
    act(game, type="port", player="Ailsa", tile="5")
    assert game.state.by_name("Ailsa").money == money + 10
    assert "once per game" in refuse(game, type="port", player="Ailsa", tile="5")[0]


def test_ports_before_and_after_the_main_action():
    game = port_scene("5")
    act(game, type="port", player="Ailsa", tile="5")
    act(game, type="shipping", player="Ailsa")
    act(
        game,
        type="fix",
        what="unit",
        player="Ailsa",
        space=port_scene_space(game, "8"),
        unit="sheep",
    )
    act(game, type="port", player="Ailsa", tile="8")


def port_scene_space(game, tile):
    corner = next(c for c, t in game.setup.ports.items() if t == tile)
    slot = next(s for s in game.state.board.port_slots if s.module == corner)
    return next(
        game.state.board.spaces[i].id
        for i in slot.touches
        if "grassland" in game.state.board.spaces[i].land and game.state.occupant(i) is None
    )


def test_a_port_out_of_reach_is_refused():
    game = start(3)
    assert (
        "is not neighbouring or within shipping reach"
        in refuse(game, type="port", player="Ailsa", tile="5")[0]
    )


def test_a_port_not_in_play_is_refused():
    game = start(3)
    assert "port tile 7 is not in play" in refuse(game, type="port", player="Ailsa", tile="7")[0]


def test_port_eight_gives_five_and_the_building_bonus():
    game = port_scene("8")
    act(game, type="port", player="Ailsa", tile="8")
    assert game.state.turn.building_bonus
    act(game, type="building_bonus", player="Ailsa", keep=None)


def test_port_two_swaps_goods_and_port_four_gives_an_upgrade_and_glory():
    game = port_scene("2")
    act(game, type="fix", what="goods", player="Ailsa", good="wool", value=1)
    assert (
        "take 3 basic goods"
        in refuse(game, type="port", player="Ailsa", tile="2", give="wool", take=["milk"])[0]
    )
    ailsa = game.state.by_name("Ailsa")
    milk, grain = ailsa.goods["milk"], ailsa.goods["grain"]
    act(game, type="port", player="Ailsa", tile="2", give="wool", take=["milk", "milk", "grain"])
    assert (ailsa.goods["wool"], ailsa.goods["milk"], ailsa.goods["grain"]) == (
        0,
        milk + 2,
        grain + 1,
    )
    game4 = port_scene("4")
    act(game4, type="port", player="Ailsa", tile="4", choice="shipping")
    assert (
        game4.state.by_name("Ailsa").glory == 3
        and game4.state.by_name("Ailsa").shipping_level == "river_crossing"
    )


# -- fixes -------------------------------------------------------------------------------------


def test_fixes_set_what_the_table_shows():
    game = start(3)
    act(game, type="fix", what="money", player="Bruce", value=3)
    act(game, type="fix", what="glory", player="Bruce", value=11)
    act(game, type="fix", what="goods", player="Bruce", good="bread", value=2)
    bruce = game.state.by_name("Bruce")
    assert (bruce.money, bruce.glory, bruce.goods["bread"]) == (3, 11, 2)
    assert (
        "not on the whisky track"
        in refuse(game, type="fix", what="price", good="whisky", value=99)[0]
    )
    forest = free_spaces(game, "forest")[0]
    assert (
        "a sheep needs grassland"
        in refuse(game, type="fix", what="unit", player="Bruce", space=forest, unit="sheep")[0]
    )
    assert "at most" in refuse(game, type="fix", what="merchants", player="Bruce", value=9)[0]
    act(game, type="fix", what="contract", contract=game.state.export_board[0], to="out")
    assert len(game.state.removed) == 1


def test_port_one_takes_one_animal_off_a_meat_contract():
    game = port_scene("1")
    act(game, type="fix", what="contract", contract=3, to="open", player="Ailsa")  # 2 beef
    cows = neighbouring_grass(game, 2)
    for space in cows:
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit="cow")
    assert any(
        "needs 2 cows" in r
        for r in refuse(game, type="fulfil", player="Ailsa", contract=3, slaughter=cows[:1])
    )
    act(game, type="port", player="Ailsa", tile="1")
    act(game, type="fulfil", player="Ailsa", contract=3, slaughter=cows[:1])
    assert game.state.by_name("Ailsa").count("cow") == 1


def test_port_three_swaps_processed_goods():
    game = port_scene("3")
    act(game, type="fix", what="goods", player="Ailsa", good="bread", value=1)
    goods = game.state.by_name("Ailsa").goods
    whisky = goods["whisky"]
    act(game, type="port", player="Ailsa", tile="3", give="bread", take=["whisky", "whisky"])
    assert goods["bread"] == 0 and goods["whisky"] == whisky + 2


def test_port_six_moves_a_price_three_steps():
    game = port_scene("6")
    act(game, type="fix", what="price", good="whisky", value=10)
    act(game, type="port", player="Ailsa", tile="6", good="whisky", direction="down")
    assert game.state.prices["whisky"] == 7


@pytest.mark.parametrize("original", [False, True])
def test_port_seven_exchanges_two_units_and_the_erratum_allows_the_neighbourhood_bonus(original):
    game = port_scene("7", variants={"port7_original": original})
    a, b, c = neighbouring_grass(game, 3)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    act(game, type="fix", what="unit", player="Ailsa", space=b, unit="cow")
    act(game, type="fix", what="unit", player="Bruce", space=c, unit="distillery")
    assert (
        "must differ"
        in refuse(
            game,
            type="port",
            player="Ailsa",
            tile="7",
            swaps=[{"space": a, "unit": "sheep"}, {"space": b, "unit": "bakery"}],
        )[0]
    )
    act(
        game,
        type="port",
        player="Ailsa",
        tile="7",
        swaps=[{"space": a, "unit": "bakery"}, {"space": b, "unit": "cheese_dairy"}],
    )
    units = game.state.by_name("Ailsa").units
    assert units[game.state.space(a)] == "bakery" and units[game.state.space(b)] == "cheese_dairy"
    assert bool(game.state.turn.expanded) is (not original)


def test_the_kickstarter_port_pays_three_and_uses_another_tile():
    game = port_scene("KS", variants={"kickstarter": True})
    money = game.state.by_name("Ailsa").money
    assert (
        "uses one of the other port tiles"
        in refuse(game, type="port", player="Ailsa", tile="KS")[0]
    )
    act(game, type="port", player="Ailsa", tile="KS", use="8")
    assert game.state.by_name("Ailsa").money == money - 3 + 5
    assert "KS" in game.state.by_name("Ailsa").ports_used


def test_scoring_tile_five_counts_pairs_on_border_spaces_and_ks_costly_land():
    game = start(2, variants={"kickstarter": True})
    ailsa = game.state.by_name("Ailsa")
    ailsa.units.clear()
    border = sorted(game.state.board.border)[:3]
    for index in border:
        ailsa.units[index] = "sheep"
    assert tile_glory(game.state, ailsa, "5") == 3  # three units: one complete pair
    ailsa.units.clear()
    costly = [s.index for s in game.state.board.spaces if (s.cost or 0) >= 5][:2]
    for index in costly:
        ailsa.units[index] = "sheep"
    assert tile_glory(game.state, ailsa, "KS") == 4
