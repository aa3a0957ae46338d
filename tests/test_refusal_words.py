"""Refusals in the game's words, not as checks of what was typed: the highest bid, a kind
the player board has none of, a trade of nothing, meat paid by slaughtering."""

from __future__ import annotations

from caledonia.cli.sheet_entry import _ask_number
from caledonia.rules.game.engine import Game
from gametools import PARTS, act, refuse, setup_for, start
from scripted import ScriptedAsker
from test_to_the_letter import port_seven_scene, swaps


def test_a_bid_over_30_is_told_that_30_vp_is_the_highest_bid():
    game = Game(setup_for(3, variants={"clan_auction": True}), PARTS)
    clan = game.state.clans_left[0]
    reasons = refuse(game, type="auction", player="Ailsa", clan=clan, bid=31)
    assert reasons == ["30 VP is the highest possible bid: Ailsa bid 31 VP"]
    act(game, type="auction", player="Ailsa", clan=clan, bid=30)  # the highest is a bid


def test_port_seven_says_first_that_the_board_has_no_distillery_left():
    game = port_seven_scene()  # a distillery on A-10, a sheep on A-11, none on the board
    reasons = refuse(
        game, type="port", player="Ailsa", tile="7", swaps=swaps("sheep", "distillery")
    )
    assert reasons[0] == (
        "Ailsa has no distillery left on the player board: port tile 7 takes the new units from it"
    )
    assert not any("A-11 must differ" in r for r in reasons)  # said once, as the board's


def test_a_trade_of_nothing_is_no_trade():
    game = start(3)
    reasons = refuse(game, type="trade", player="Ailsa", side="buy", good="wool", quantity=0)
    assert reasons == ["a Trade action buys or sells at least one wool"]


def test_the_score_sheet_says_30_vp_is_the_highest_bid():
    ask = ScriptedAsker(["31", "30"])
    assert _ask_number(ask, "bid?", 30, over="30 VP is the highest possible bid.") == 30
    assert ask.refusals == [("bid?", "31", "30 VP is the highest possible bid.")]


def test_fulfilling_with_an_empty_export_box_says_the_box_is_empty():
    game = start(3)
    contract = next(c for c in game.state.export_board if c is not None)
    reasons = refuse(game, type="fulfil", player="Ailsa", contract=contract)
    assert reasons == [
        "Ailsa's export box is empty: a contract is fulfilled from the export box, once obtained"
    ]


def test_a_bonus_asked_by_the_player_whose_turn_comes_next_names_no_other_turn():
    game = start(3)
    act(game, type="merchant", player="Ailsa")  # Ailsa's action: Bruce comes next
    reasons = refuse(game, type="neighbourhood", player="Bruce", good="wool", quantity=1)
    assert reasons == [
        "the neighbourhood bonus comes only right after an expansion, in the same turn"
    ]
    waiting = refuse(game, type="neighbourhood", player="Cat", good="wool", quantity=1)
    assert waiting[0].endswith("it is Ailsa's turn now")
