"""Campbell, Robertson, Stewart and Buchanan: each power's worked case from the clan
text, its legal twin, and its refusal where it forbids something. The numbers come
from rules/data/clans.yaml and components-facts (the rulebook's clan appendix)."""

from __future__ import annotations

from caledonia.rules.contract_faces import tile, tiles
from caledonia.rules.game.legal import legal_events
from gametools import (
    PARTS,
    act,
    free_spaces,
    grass_star,
    neighbouring_grass,
    refuse,
    start,
    to_turn_of,
)

THREE = ("Campbell", "Robertson", "Stewart", "Buchanan")


def clan_game(clan: str, count: int = 3, others=("Cunningham", "MacKenzie", "Fergusson")):
    """A game in round 1's action phase where Ailsa has `clan` and it is her turn."""
    game = start(count, clans=(clan, *[c for c in others if c != clan])[: count + 1])
    ailsa = game.state.by_name("Ailsa")
    if ailsa.clan != clan:  # the clans went round in reverse order: swap to give Ailsa hers
        holder = next(p for p in game.state.players if p.clan == clan)
        holder.clan, ailsa.clan = ailsa.clan, clan
    to_turn_of(game, "Ailsa")
    act(game, type="fix", what="money", player="Ailsa", value=200)
    return game


def ailsa(game):
    return game.state.by_name("Ailsa")


def land(game, space):
    return game.state.board.spaces[game.state.space(space)].cost


def listed(game, **fields):
    """Whether `options` lists an event with these fields."""
    events = legal_events(game.state).by_type.get(fields["type"], [])
    return any(all(e.get(k) == v for k, v in fields.items()) for e in events)


# -- Campbell ------------------------------------------------------------------------------


def test_campbell_bakeries_cost_three_four_four_five_less_on_the_unit_only():
    """Clan text: bakeries at £8 → the 1st £5, the 2nd and 3rd £4, the 4th £3; land in full."""
    game = clan_game("Campbell")
    spaces = neighbouring_grass(game, 5)
    act(game, type="fix", what="unit", player="Ailsa", space=spaces[0], unit="sheep")
    paid = []
    for space in spaces[1:]:
        to_turn_of(game, "Ailsa")
        before = ailsa(game).money
        act(game, type="expand", player="Ailsa", unit="bakery", space=space)
        paid.append(before - ailsa(game).money - land(game, space))
    assert paid == [5, 4, 4, 3]


def test_campbell_first_distillery_costs_seven_and_the_words_say_why():
    game = clan_game("Campbell")
    a, b = neighbouring_grass(game, 2)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    before = ailsa(game).money
    notes = act(game, type="expand", player="Ailsa", unit="distillery", space=b)
    assert before - ailsa(game).money == 7 + land(game, b)
    assert "distillery £10 − £3 Campbell + land" in " ".join(notes)


def test_campbell_counts_each_building_type_separately():
    game = clan_game("Campbell")
    a, b, c = neighbouring_grass(game, 3)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="bakery")
    before = ailsa(game).money
    act(game, type="expand", player="Ailsa", unit="cheese_dairy", space=b)
    assert before - ailsa(game).money == 12 - 3 + land(game, b)  # its first dairy
    to_turn_of(game, "Ailsa")
    before = ailsa(game).money
    act(game, type="expand", player="Ailsa", unit="bakery", space=c)
    assert before - ailsa(game).money == 8 - 4 + land(game, c)  # the second bakery


def test_campbell_pays_full_price_for_fields_and_animals_and_others_pay_in_full():
    game = clan_game("Campbell")
    a, b = neighbouring_grass(game, 2)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    before = ailsa(game).money
    act(game, type="expand", player="Ailsa", unit="field", space=b)
    assert before - ailsa(game).money == 18 + land(game, b)
    other = clan_game("Cunningham", others=("Campbell", "MacKenzie", "Fergusson"))
    a, b = neighbouring_grass(other, 2)
    act(other, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    before = ailsa(other).money
    act(other, type="expand", player="Ailsa", unit="bakery", space=b)
    assert before - ailsa(other).money == 8 + land(other, b)


def test_campbell_discount_makes_a_building_affordable_and_options_list_it():
    game = clan_game("Campbell")
    a, b = neighbouring_grass(game, 2)
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    act(game, type="fix", what="money", player="Ailsa", value=7 + land(game, b))
    assert listed(game, type="expand", player="Ailsa", unit="distillery", space=b)
    act(game, type="expand", player="Ailsa", unit="distillery", space=b)
    assert ailsa(game).money == 0


# -- Robertson -----------------------------------------------------------------------------


def delta_grass(game):
    """A free grassland delta space with a free grassland neighbour to stand on."""
    state = game.state
    board = state.board
    for index in sorted(board.deltas):
        near = [
            j
            for j in board.neighbouring[index]
            if "grassland" in board.spaces[j].land
            and board.is_free_land(j)
            and state.occupant(j) is None
        ]
        free = board.is_free_land(index) and state.occupant(index) is None
        if "grassland" in board.spaces[index].land and free and near:
            return board.spaces[near[0]].id, board.spaces[index].id
    raise AssertionError("no grassland delta on the board")


def test_robertson_pays_three_less_on_a_river_delta_with_three_players():
    game = clan_game("Robertson")
    stand, delta = delta_grass(game)
    act(game, type="fix", what="unit", player="Ailsa", space=stand, unit="sheep")
    before = ailsa(game).money
    notes = act(game, type="expand", player="Ailsa", unit="bakery", space=delta)
    assert before - ailsa(game).money == 8 + land(game, delta) - 3
    assert "− £3 Robertson delta" in " ".join(notes)


def test_robertson_pays_two_less_with_two_players_and_full_price_off_the_delta():
    game = clan_game("Robertson", count=2)
    stand, delta = delta_grass(game)
    act(game, type="fix", what="unit", player="Ailsa", space=stand, unit="sheep")
    before = ailsa(game).money
    act(game, type="expand", player="Ailsa", unit="cow", space=delta)
    assert before - ailsa(game).money == 9 + land(game, delta) - 2
    board = game.state.board
    a, b = next(
        pair
        for pair in (neighbouring_grass(game, 2),)
        if all(game.state.space(s) not in board.deltas for s in pair)
    )
    to_turn_of(game, "Ailsa")
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    before = ailsa(game).money
    act(game, type="expand", player="Ailsa", unit="cow", space=b)
    assert before - ailsa(game).money == 9 + land(game, b)


def test_robertson_starting_worker_on_a_delta_is_cheaper():
    from caledonia.rules.game.engine import Game
    from gametools import PARTS, setup_for

    game = Game(setup_for(3, clans=("Robertson", "Campbell", "Cunningham", "MacKenzie")), PARTS)
    state = game.state
    while state.phase == "clans":
        chooser = next(n for n in reversed(state.turn_order) if state.by_name(n).clan is None)
        act(game, type="clan", player=chooser, clan=state.clans_left[0])
    robertson = next(p for p in state.players if p.clan == "Robertson")
    deltas = [
        s
        for s in state.board.spaces
        if s.index in state.board.deltas and {"forest", "mountain"} & s.land
    ]
    while state.placements[0][0] != robertson.name:
        name = state.placements[0][0]
        act(
            game,
            type="worker",
            player=name,
            unit="woodcutter",
            space=free_spaces(game, "forest", exclude=[d.id for d in deltas])[0],
        )
    space = next(s for s in deltas if state.occupant(s.index) is None)
    unit = "woodcutter" if "forest" in space.land else "miner"
    cost = {"woodcutter": 6, "miner": 10}[unit]
    before = robertson.money
    act(game, type="worker", player=robertson.name, unit=unit, space=space.id)
    assert before - robertson.money == cost + space.cost - 3


# -- Stewart -------------------------------------------------------------------------------


def test_stewart_receives_one_pound_per_trade_whatever_the_quantity():
    game = clan_game("Stewart")
    price = game.state.prices["wool"]
    before = ailsa(game).money
    notes = act(game, type="trade", player="Ailsa", side="buy", good="wool", quantity=2)
    assert ailsa(game).money == before + 1 - price * 2
    assert "Ailsa receives £1 for trading" in notes[0]


def test_stewart_sale_of_two_grain_at_five_pays_eleven():
    game = clan_game("Stewart")
    act(game, type="fix", what="price", good="grain", value=5)
    act(game, type="fix", what="goods", player="Ailsa", good="grain", value=2)
    before = ailsa(game).money
    act(game, type="trade", player="Ailsa", side="sell", good="grain", quantity=2)
    assert ailsa(game).money == before + 11


def test_stewart_pound_comes_before_paying_so_it_can_afford_the_purchase():
    game = clan_game("Stewart")
    price = game.state.prices["milk"]
    act(game, type="fix", what="money", player="Ailsa", value=price - 1)
    assert listed(game, type="trade", player="Ailsa", side="buy", good="milk", quantity=1)
    act(game, type="trade", player="Ailsa", side="buy", good="milk", quantity=1)
    assert ailsa(game).money == 0


def test_without_stewart_a_pound_short_is_refused():
    game = clan_game("Campbell")
    price = game.state.prices["milk"]
    act(game, type="fix", what="money", player="Ailsa", value=price - 1)
    assert not listed(game, type="trade", player="Ailsa", side="buy", good="milk", quantity=1)
    reasons = refuse(game, type="trade", player="Ailsa", side="buy", good="milk", quantity=1)
    assert reasons == [f"1 milk cost £{price} and Ailsa has £{price - 1}"]


def test_stewart_neighbourhood_bonus_pays_one_pound_per_kind_of_good():
    game = clan_game("Stewart")
    c, (a, b, d, e) = grass_star(game, 4)  # c: the new space
    act(game, type="fix", what="unit", player="Ailsa", space=a, unit="sheep")
    act(game, type="fix", what="unit", player="Bruce", space=b, unit="distillery")
    act(game, type="fix", what="unit", player="Cat", space=d, unit="cow")
    act(game, type="fix", what="unit", player="Cat", space=e, unit="cow")  # two milk purchases
    act(game, type="fix", what="merchants", player="Ailsa", value=6)
    act(game, type="expand", player="Ailsa", unit="bakery", space=c)
    goods = sorted(
        {
            e["good"]
            for e in legal_events(game.state).by_type.get("neighbourhood", [])
            if e["player"] == "Ailsa"
        }
    )
    assert goods, "the scene opens a neighbourhood bonus"
    good = goods[0]
    price = max(0, game.state.prices[good] - (2 if good in ("wool", "milk", "grain") else 3))
    before = ailsa(game).money
    act(game, type="neighbourhood", player="Ailsa", good=good, quantity=1)
    assert ailsa(game).money == before + 1 - price
    price = max(0, game.state.prices[good] - (2 if good in ("wool", "milk", "grain") else 3))
    before = ailsa(game).money
    act(game, type="neighbourhood", player="Ailsa", good=good, quantity=1)
    assert ailsa(game).money == before - price  # the same kind again: no second pound


# -- Buchanan ------------------------------------------------------------------------------


def on_board(game, count=2):
    return sorted(c for c in game.state.export_board if c)[:count]


def test_buchanan_takes_two_contracts_in_round_five_for_fifteen_once():
    game = clan_game("Buchanan")
    game.state.round = 5
    first, second = on_board(game)
    before = ailsa(game).money
    notes = act(game, type="contract", player="Ailsa", contract=second, second=first)
    assert ailsa(game).money == before - 15
    assert sorted(ailsa(game).open_contracts) == [first, second]
    assert notes == [f"Ailsa takes {tiles([first, second])}: pays £15 once"]
    assert game.events[-1] == {
        "type": "contract",
        "player": "Ailsa",
        "contract": first,
        "second": second,
    }


def test_buchanan_receives_the_round_one_five_pounds_once_for_two():
    game = clan_game("Buchanan")
    first, second = on_board(game)
    before = ailsa(game).money
    act(game, type="contract", player="Ailsa", contract=first, second=second)
    assert ailsa(game).money == before + 5


def test_buchanan_holds_two_open_contracts_and_no_third():
    game = clan_game("Buchanan")
    first, second, third = on_board(game, 3)
    act(game, type="contract", player="Ailsa", contract=first)
    to_turn_of(game, "Ailsa")
    before = ailsa(game).money
    act(game, type="contract", player="Ailsa", contract=second)  # a separate turn: £5 again
    assert ailsa(game).money == before + 5
    to_turn_of(game, "Ailsa")
    assert refuse(game, type="contract", player="Ailsa", contract=third) == [
        f"Ailsa's 2 export boxes are full ({tiles([first, second])}): fulfil one first"
    ]


def test_buchanan_with_one_box_free_takes_one_not_two():
    game = clan_game("Buchanan")
    first, second, third = on_board(game, 3)
    act(game, type="fix", what="contract", contract=first, to="open", player="Ailsa")
    assert refuse(game, type="contract", player="Ailsa", contract=second, second=third) == [
        f"Ailsa has 1 empty export box ({tile(first)} is open): room for one contract"
    ]
    assert listed(game, type="contract", player="Ailsa", contract=second)
    assert not listed(game, type="contract", player="Ailsa", contract=second, second=third)


def test_other_clans_take_one_contract_per_action():
    game = clan_game("Campbell")
    first, second = on_board(game)
    reasons = refuse(game, type="contract", player="Ailsa", contract=first, second=second)
    assert "Ailsa takes one contract at a time" in reasons
    assert not listed(game, type="contract", player="Ailsa", contract=first, second=second)


def goods_only_contracts(game):
    """Two contracts that ask only for goods (no meat)."""
    parts = game.state.parts
    return [c for c, k in sorted(parts.contracts.items()) if not k.meat][:2]


def give_goods_for(game, ids):
    for good in {g for c in ids for g in game.state.parts.contracts[c].pay}:
        owed = sum(game.state.parts.contracts[c].pay.get(good, 0) for c in ids)
        act(game, type="fix", what="goods", player="Ailsa", good=good, value=owed)


def test_buchanan_fulfils_two_contracts_in_one_action():
    game = clan_game("Buchanan")
    ids = goods_only_contracts(game)
    for c in ids:
        act(game, type="fix", what="contract", contract=c, to="open", player="Ailsa")
    give_goods_for(game, ids)
    gains = sum(game.state.parts.contracts[c].gain.get("money", 0) for c in ids)
    before = ailsa(game).money
    assert listed(game, type="fulfil", player="Ailsa", contract=ids[0], second=ids[1])
    notes = act(game, type="fulfil", player="Ailsa", contract=ids[1], second=ids[0])
    assert notes[0] == f"Ailsa fulfils {tiles(ids[:2])}"
    assert ailsa(game).open_contracts == [] and sorted(ailsa(game).fulfilled) == ids
    assert ailsa(game).money >= before + gains  # import marks may add £1
    assert all(ailsa(game).goods[g] == 0 for g in game.state.parts.contracts[ids[0]].pay)


def test_fulfilling_two_needs_the_goods_of_both():
    game = clan_game("Buchanan")
    ids = goods_only_contracts(game)
    for c in ids:
        act(game, type="fix", what="contract", contract=c, to="open", player="Ailsa")
    give_goods_for(game, ids[:1])
    reasons = refuse(game, type="fulfil", player="Ailsa", contract=ids[0], second=ids[1])
    assert reasons and all(r.startswith(f"{tiles(ids[:2])} need") for r in reasons)


def test_other_clans_fulfil_one_contract_per_action():
    game = clan_game("Campbell")
    ids = goods_only_contracts(game)
    act(game, type="fix", what="contract", contract=ids[0], to="open", player="Ailsa")
    reasons = refuse(game, type="fulfil", player="Ailsa", contract=ids[0], second=ids[1])
    assert reasons == ["Ailsa fulfils one contract per action"]


def fourth_distillery(game):
    spaces = neighbouring_grass(game, 4)
    for space in spaces[:3]:
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit="distillery")
    notes = act(game, type="expand", player="Ailsa", unit="distillery", space=spaces[3])
    assert any("building bonus" in n for n in notes)


def test_buchanan_building_bonus_draws_six_and_keeps_two_paying_once():
    game = clan_game("Buchanan")
    fourth_distillery(game)
    top = game.state.pile[:6]
    before = ailsa(game).money
    act(game, type="building_bonus", player="Ailsa", keep=top[4], second=top[1])
    assert sorted(ailsa(game).open_contracts) == sorted([top[1], top[4]])
    assert ailsa(game).money == before + 5  # round 1: £5 once for the two
    assert game.state.pile[-4:] == [top[0], top[2], top[3], top[5]]
    assert game.events[-1]["drawn"] == top


def test_buchanan_building_bonus_keeps_one_with_one_box_open():
    game = clan_game("Buchanan")
    held = on_board(game, 1)[0]
    act(game, type="fix", what="contract", contract=held, to="open", player="Ailsa")
    fourth_distillery(game)
    top = game.state.pile[:6]
    kept = [
        (e.get("keep"), e.get("second")) for e in legal_events(game.state).by_type["building_bonus"]
    ]
    assert sorted(kept, key=str) == sorted([(None, None)] + [(c, None) for c in top], key=str)
    reasons = refuse(game, type="building_bonus", player="Ailsa", keep=top[0], second=top[1])
    assert reasons == [
        f"Ailsa has 1 empty export box ({tile(held)} is open): room for one contract"
    ]


def test_other_clans_draw_three_for_the_building_bonus():
    game = clan_game("Campbell")
    fourth_distillery(game)
    top = game.state.pile[:3]
    events = legal_events(game.state).by_type["building_bonus"]
    assert {tuple(e["drawn"]) for e in events} == {tuple(top)}
    assert len(events) == 4  # none, or one of the three


# -- MacEwen (Kickstarter) -----------------------------------------------------------------


def macewen_game(contract: int, grain: int):
    """Ailsa is MacEwen, holds `contract` and the goods it asks for, and `grain` grain."""
    game = start(
        3,
        variants={"kickstarter": True},
        clans=("MacEwen", "Campbell", "Cunningham", "MacKenzie"),
        ports={"A": "KS", "B": "2", "C": "8", "D": "4"},
    )
    holder = next(p for p in game.state.players if p.clan == "MacEwen")
    holder.clan, ailsa(game).clan = ailsa(game).clan, "MacEwen"
    to_turn_of(game, "Ailsa")
    act(game, type="fix", what="contract", contract=contract, to="open", player="Ailsa")
    give_goods_for(game, [contract])
    act(game, type="fix", what="goods", player="Ailsa", good="grain", value=grain)
    return game


def test_macewen_brews_at_most_three_beer_from_five_hops():
    game = macewen_game(9, grain=4)  # contract 9: 2 cheese → 5 hops
    notes = act(game, type="fulfil", player="Ailsa", contract=9)
    assert "Ailsa may brew up to 3 beer (one grain each)" in notes
    assert [e["beer"] for e in legal_events(game.state).by_type["brew"]] == [1, 2, 3]
    assert refuse(game, type="brew", player="Ailsa", beer=4) == [
        "the hops imported allow 3 beer now (one per hops, at most 3 per contract)"
    ]
    before = ailsa(game).money
    notes = act(game, type="brew", player="Ailsa", beer=3)
    assert ailsa(game).money == before + 3 * 9  # £9 a beer: the labelled default
    assert ailsa(game).goods["grain"] == 1
    assert notes == ["Ailsa brews 3 beer from 3 grain and receives £27 (£9 a beer)"]
    assert "brew" not in legal_events(game.state).by_type  # one decision per contract


def test_macewen_brews_one_per_hops_and_pays_a_grain_each():
    game = macewen_game(2, grain=1)  # contract 2: 6 wool → 2 hops
    act(game, type="fulfil", player="Ailsa", contract=2)
    assert [e["beer"] for e in legal_events(game.state).by_type["brew"]] == [1]
    assert refuse(game, type="brew", player="Ailsa", beer=2) == ["2 beer need 2 grain; Ailsa has 1"]


def test_macewen_brews_only_right_after_the_fulfil():
    game = macewen_game(2, grain=3)
    assert refuse(game, type="brew", player="Ailsa", beer=1) == [
        "beer is brewed right after fulfilling a contract that gives hops"
    ]
    act(game, type="fulfil", player="Ailsa", contract=2)
    act(game, type="merchant", player="Bruce")  # the next turn
    assert "brew" not in legal_events(game.state).by_type
    assert refuse(game, type="brew", player="Ailsa", beer=1)


def test_a_contract_without_hops_brews_nothing_and_other_clans_never_brew():
    assert not PARTS.contracts[7].hops
    game = macewen_game(7, grain=3)
    act(game, type="fulfil", player="Ailsa", contract=7)
    assert "brew" not in legal_events(game.state).by_type
    other = clan_game("Campbell")
    act(other, type="fix", what="contract", contract=9, to="open", player="Ailsa")
    give_goods_for(other, [9])
    act(other, type="fulfil", player="Ailsa", contract=9)
    assert "brew" not in legal_events(other.state).by_type
    assert refuse(other, type="brew", player="Ailsa", beer=1) == [
        "Ailsa does not brew beer: only the MacEwen clan does"
    ]


def test_buchanan_port_eight_draws_six_and_a_separate_obtain_pays_again():
    """Port tile 8 opens the building bonus (six drawn for Buchanan); the obtain action in
    the same turn is a separate instance and pays the round's cost separately."""
    from test_game_phases import port_scene_space

    game = clan_game("Buchanan")
    game.state.round = 3
    space = port_scene_space(game, "8")
    act(game, type="fix", what="unit", player="Ailsa", space=space, unit="sheep")
    before = ailsa(game).money
    act(game, type="port", player="Ailsa", tile="8")
    assert ailsa(game).money == before + 5
    top = game.state.pile[:6]
    act(game, type="building_bonus", player="Ailsa", keep=top[5])
    assert ailsa(game).money == before + 5 - 5  # round 3: a contract costs £5
    third = on_board(game, 1)[0]
    act(game, type="contract", player="Ailsa", contract=third)
    assert ailsa(game).money == before - 5
    assert sorted(ailsa(game).open_contracts) == sorted([top[5], third])


def test_buchanan_round_one_five_pounds_come_once_per_turn_across_port_and_obtain():
    from test_game_phases import port_scene_space

    game = clan_game("Buchanan")
    act(
        game,
        type="fix",
        what="unit",
        player="Ailsa",
        space=port_scene_space(game, "8"),
        unit="sheep",
    )
    act(game, type="port", player="Ailsa", tile="8")
    before = ailsa(game).money
    act(game, type="building_bonus", player="Ailsa", keep=game.state.pile[0])
    assert ailsa(game).money == before + 5
    third = on_board(game, 1)[0]
    notes = act(game, type="contract", player="Ailsa", contract=third)
    assert ailsa(game).money == before + 5
    assert "receives nothing: Buchanan's round money comes once per turn" in notes[0]


def test_buchanans_two_contract_menu_names_each_contract_by_its_goods():
    """The printed tiles carry no numbers: play's menu for two contracts together asks for
    the first one by its goods too, not by a bare number."""
    from caledonia.cli.choosing import narrow
    from caledonia.rules.contract_faces import short
    from caledonia.rules.game.legal import legal_events

    game = clan_game("Buchanan")
    board = game.state.export_board
    board[board.index(None)] = game.state.pile.pop()  # six contracts out: 15 pairs to narrow
    pairs = [e for e in legal_events(game.state) if e["type"] == "contract" and e.get("second")]
    level, choices = narrow(game.state, "contract", pairs)
    assert level.question == "Which contract first?"
    for choice in choices:
        first = choice.value[0]["contract"]
        # a group by its first tile's face; one pair left: both tiles by their left halves,
        # the first one first (issue 31)
        pair = short(first, game.parts.contracts) + " and "
        assert choice.label.startswith((str(tile(first)), pair))
