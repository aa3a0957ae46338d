"""The rule cases a full audited game found wrong (rulings 18-28), each refused or allowed
to the letter, with its legal twin: the same action with the condition met."""

from __future__ import annotations

from caledonia.rules.game.engine import Game, next_step
from caledonia.rules.game.legal import legal_events
from caledonia.storage.games import load_game, save_game
from gametools import PARTS, act, free_spaces, refuse, start, to_turn_of


def player(game: Game, name: str = "Ailsa"):
    return game.state.by_name(name)


def purse(game: Game, name: str = "Ailsa") -> tuple[int, int]:
    """Money and glory."""
    p = player(game, name)
    return p.money, p.glory


# -- 1. the end of a turn is an event (ruling 18) -------------------------------------------


def after_ailsas_action(ports=None) -> Game:
    """Two players; Ailsa (woodcutter on A-09, beside port A) has hired a merchant."""
    game = start(2, ports=ports or {"A": "5", "B": "2", "C": "8", "D": "4"})
    act(game, type="merchant", player="Ailsa")
    return game


def test_ending_the_turn_is_recorded_and_gives_up_the_ports_left():
    game = after_ailsas_action()
    assert {"type": "end_turn", "player": "Ailsa"} in legal_events(game.state)
    before = purse(game)
    notes = act(game, type="end_turn", player="ailsa")
    assert notes == ["Ailsa's turn is over: Bruce plays"]
    assert game.events[-1] == {"type": "end_turn", "player": "Ailsa"}
    assert game.state.turn.player == "Bruce" and not game.state.turn.main_done
    assert next_step(game.state) == "round 1, Bruce's turn"
    assert refuse(game, type="port", player="Ailsa", tile="5") == [
        "it is Bruce's turn, not Ailsa's"
    ]
    assert purse(game) == before
    assert {e["player"] for e in legal_events(game.state)} == {"Bruce"}


def test_without_the_event_the_turn_stays_open_and_the_next_event_ends_it():
    """Old files: the port is still Ailsa's to use until Bruce's first event."""
    game = after_ailsas_action()
    before = purse(game)
    act(game, type="port", player="Ailsa", tile="5")
    assert purse(game) == (before[0] + 10, before[1])
    act(game, type="merchant", player="Bruce")  # ends Ailsa's turn implicitly
    assert game.state.turn.player == "Bruce"


def test_the_turn_ends_only_after_its_main_action():
    game = start(2)
    assert refuse(game, type="end_turn", player="Ailsa") == [
        "a turn ends after its main action, when its player says so: Ailsa has not taken "
        "this turn's main action yet"
    ]
    assert refuse(game, type="end_turn", player="Bruce") == [
        "a turn ends after its main action, when its player says so: it is Ailsa's turn, "
        "not Bruce's"
    ]
    assert "end_turn" not in legal_events(game.state).by_type


def test_the_file_keeps_the_end_of_the_turn(tmp_path):
    game = after_ailsas_action()
    act(game, type="end_turn", player="Ailsa")
    path = tmp_path / "g.yaml"
    save_game(str(path), game)
    loaded = load_game(str(path), PARTS)
    assert loaded.events[-1] == {"type": "end_turn", "player": "Ailsa"}
    assert loaded.state.turn.player == "Bruce" and not loaded.state.turn.main_done


def test_undo_and_redo_across_the_end_of_a_turn():
    game = after_ailsas_action()
    act(game, type="end_turn", player="Ailsa")
    act(game, type="merchant", player="Bruce")
    after = game.state.snapshot()
    dropped = game.undo(2)
    assert [e["type"] for e in dropped] == ["end_turn", "merchant"]
    assert game.state.turn.player == "Ailsa" and game.state.turn.main_done
    assert {"type": "end_turn", "player": "Ailsa"} in legal_events(game.state)
    game.redo(2)
    assert game.state.snapshot() == after


# -- 2. port 7: two new units from the board, both other than the old ones (ruling 20) ------


def port_seven_scene() -> Game:
    """Port 7 at corner A (touching A-09, Ailsa's woodcutter); Ailsa has a distillery on
    A-10 and a sheep on A-11, and three more distilleries elsewhere: none left on her board."""
    game = start(2, ports={"A": "7", "B": "2", "C": "8", "D": "4"})
    act(game, type="fix", what="unit", player="Ailsa", space="A-21", unit="none")
    act(game, type="fix", what="unit", player="Ailsa", space="A-10", unit="distillery")
    act(game, type="fix", what="unit", player="Ailsa", space="A-11", unit="sheep")
    for space in free_spaces(game, "grassland")[-3:]:
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit="distillery")
    return game


def swaps(first: str, second: str) -> list[dict]:
    return [{"space": "A-10", "unit": first}, {"space": "A-11", "unit": second}]


def test_port_seven_refuses_a_swap_in_place_of_a_distillery_and_a_sheep():
    game = port_seven_scene()
    before = purse(game)
    assert refuse(game, type="port", player="Ailsa", tile="7", swaps=swaps("sheep", "distillery"))
    reasons = refuse(game, type="port", player="Ailsa", tile="7", swaps=swaps("sheep", "bakery"))
    assert reasons == [
        "the new unit on A-10 must differ from both old units: port tile 7 takes two units "
        "other than the distillery and the sheep"
    ]
    assert purse(game) == before


def test_port_seven_takes_no_kind_the_board_has_none_of():
    game = port_seven_scene()
    act(game, type="fix", what="unit", player="Ailsa", space="A-10", unit="cow")
    fourth = free_spaces(game, "grassland")[-1]
    act(game, type="fix", what="unit", player="Ailsa", space=fourth, unit="distillery")
    reasons = refuse(
        game, type="port", player="Ailsa", tile="7", swaps=swaps("bakery", "distillery")
    )
    assert reasons == [
        "Ailsa has no distillery left on the player board: port tile 7 takes the new units from it"
    ]
    ports = legal_events(game.state, "Ailsa").by_type["port"]
    assert all(s["unit"] != "distillery" for e in ports for s in e["swaps"])


def test_port_seven_legal_twin_with_a_distillery_on_the_board():
    """Three distilleries out: a cow and a sheep become a bakery and the fourth distillery,
    which opens the building bonus (empty export box); the port costs nothing."""
    game = port_seven_scene()
    act(game, type="fix", what="unit", player="Ailsa", space="A-10", unit="cow")
    before = purse(game)
    event = {"type": "port", "player": "Ailsa", "tile": "7", "swaps": swaps("bakery", "distillery")}
    assert event in legal_events(game.state)
    notes = act(game, **event)
    assert player(game).units[game.state.space("A-11")] == "distillery"
    assert any("fourth distillery" in note for note in notes)
    assert game.state.turn.building_bonus and purse(game) == before


def test_a_sheep_and_a_cow_with_none_left_are_not_swapped_in_place():
    game = port_seven_scene()
    act(game, type="fix", what="unit", player="Ailsa", space="A-10", unit="cow")
    assert refuse(game, type="port", player="Ailsa", tile="7", swaps=swaps("sheep", "cow"))


# -- 3. port 6 moves a price just before trading that good (ruling 19) ----------------------


def port_six_game() -> Game:
    game = start(2, ports={"A": "6", "B": "2", "C": "8", "D": "4"})
    act(game, type="fix", what="money", player="Ailsa", value=40)
    act(game, type="fix", what="goods", player="Ailsa", good="wool", value=2)
    return game


def test_port_six_is_refused_after_the_main_action():
    game = port_six_game()
    act(game, type="merchant", player="Ailsa")
    before = purse(game), dict(game.state.prices)
    assert refuse(game, type="port", player="Ailsa", tile="6", good="whisky", direction="up") == [
        "port 6 moves a price only just before you trade that good: Ailsa has taken this "
        "turn's action"
    ]
    assert (purse(game), game.state.prices) == before


def test_port_six_is_refused_after_selling_that_good():
    game = port_six_game()
    act(game, type="trade", player="Ailsa", side="sell", good="wool", quantity=2)
    assert refuse(game, type="port", player="Ailsa", tile="6", good="wool", direction="up")
    ports = legal_events(game.state, "Ailsa").by_type.get("port", [])
    assert all(e["tile"] != "6" for e in ports)


def test_after_port_six_the_main_action_is_that_trade():
    game = port_six_game()
    price = game.state.prices["wool"]
    act(game, type="port", player="Ailsa", tile="6", good="wool", direction="up")
    moved = game.state.prices["wool"]
    assert moved > price
    bound = (
        "port 6 moves a price only just before you trade that good: Ailsa moved the wool "
        "price and must now trade wool"
    )
    assert refuse(game, type="merchant", player="Ailsa") == [bound]
    assert refuse(game, type="pass", player="Ailsa") == [bound]
    assert refuse(game, type="trade", player="Ailsa", side="buy", good="milk", quantity=1) == [
        bound
    ]
    assert set(legal_events(game.state, "Ailsa").by_type) == {"trade"}
    before = purse(game)
    act(game, type="trade", player="Ailsa", side="sell", good="wool", quantity=2)
    assert purse(game) == (before[0] + 2 * moved, before[1])


def test_port_six_needs_a_trade_of_that_good_to_follow():
    game = port_six_game()
    act(game, type="fix", what="merchants", player="Ailsa", value=0)
    assert refuse(game, type="port", player="Ailsa", tile="6", good="wool", direction="up") == [
        "port 6 moves a price only just before you trade that good: Ailsa could not trade "
        "wool at the moved price"
    ]


# -- 4. scoring tile 5: lochs on the border count (ruling 21) -------------------------------


def test_border_lochs_are_border_spaces_with_two_players():
    game = start(2)
    board = game.state.board
    lochs = [s.id for s in board.spaces if s.loch and s.index in board.border]
    assert lochs == ["B-20", "C-20"]  # beside the mist
    inland = [s for s in board.spaces if s.loch and s.index in board.active]
    assert any(s.index not in board.border for s in inland)  # the others are not


def test_a_fisherman_on_a_border_loch_counts_for_scoring_tile_five():
    from caledonia.rules.game.round_scoring import MEASURES

    game = start(2)
    state = game.state
    tile = next(t for t in PARTS.scoring_tiles if t.measure == "border_unit_pairs")
    ailsa = player(game)
    border = [state.board.spaces[i].id for i in ailsa.units if i in state.board.border]
    assert MEASURES[tile.measure](state, ailsa, tile) == len(border) // 2 * tile.glory
    ailsa.units[state.space("B-20")] = "fisherman"  # as MacDonald's fisherman stands there
    assert MEASURES[tile.measure](state, ailsa, tile) == (len(border) + 1) // 2 * tile.glory
    assert len(border) % 2 == 1  # so the loch completes a pair


# -- 5. round 1's £5 for each contract obtained (ruling 22) ---------------------------------


def test_round_one_pays_five_pounds_for_each_contract_of_a_turn():
    """Port 8's building bonus keeps one (+£5); with it fulfilled, the obtain action takes
    another in the same turn: +£5 again (only Buchanan's text gives it once per turn)."""
    game = start(2, ports={"A": "8", "B": "2", "C": "5", "D": "4"})
    act(game, type="port", player="Ailsa", tile="8")
    kept = game.legal("Ailsa").by_type["building_bonus"]
    keep = next(e for e in kept if e.get("keep"))
    before = purse(game)
    act(game, **keep)
    assert purse(game) == (before[0] + 5, before[1])
    act(game, type="fix", what="contract", contract=keep["keep"], to="fulfilled", player="Ailsa")
    obtain = next(iter(game.legal("Ailsa").by_type["contract"]))
    before = purse(game)
    notes = act(game, **obtain)
    assert purse(game) == (before[0] + 5, before[1]), notes


# -- 8. port 1 belongs to a meat fulfil (ruling 27) -----------------------------------------


def port_one_game(contract: int = 16) -> Game:
    """Port 1 at corner A; Ailsa holds contract 16 (1 wool, 1 beef → 2 cotton)."""
    game = start(2, ports={"A": "1", "B": "2", "C": "8", "D": "4"})
    act(game, type="fix", what="contract", contract=contract, to="open", player="Ailsa")
    act(game, type="fix", what="goods", player="Ailsa", good="wool", value=1)
    return game


def test_port_one_is_refused_with_no_meat_contract_to_fulfil():
    game = start(2, ports={"A": "1", "B": "2", "C": "8", "D": "4"})
    before = purse(game)
    assert refuse(game, type="port", player="Ailsa", tile="1") == [
        "port 1 is used in a turn when you fulfil an export contract requiring meat: Ailsa "
        "cannot fulfil one now"
    ]
    assert purse(game) == before
    assert all(e["tile"] != "1" for e in legal_events(game.state).by_type.get("port", []))


def test_port_one_then_the_meat_contract_with_one_animal_fewer():
    game = port_one_game()
    assert {"type": "port", "player": "Ailsa", "tile": "1"} in legal_events(game.state)
    act(game, type="port", player="Ailsa", tile="1")
    assert refuse(game, type="merchant", player="Ailsa") == [
        "port 1 is used in a turn when you fulfil an export contract requiring meat: Ailsa "
        "used port 1 and must now fulfil a meat contract"
    ]
    assert set(legal_events(game.state, "Ailsa").by_type) == {"fulfil"}
    before = purse(game)
    act(game, type="fulfil", player="Ailsa", contract=16)  # no cow slaughtered
    assert purse(game) == before  # contract 16 gives cotton, no money
    assert player(game).goods["wool"] == 0 and 16 in player(game).fulfilled


def test_port_one_is_refused_after_the_fulfil():
    game = port_one_game()
    act(game, type="fix", what="unit", player="Ailsa", space="A-10", unit="cow")
    act(game, type="fulfil", player="Ailsa", contract=16, slaughter=["A-10"])
    assert refuse(game, type="port", player="Ailsa", tile="1") == [
        "port 1 is used in a turn when you fulfil an export contract requiring meat, before "
        "fulfilling it: Ailsa has taken the action"
    ]


# -- 10. static imports pay no import marks (ruling 25) -------------------------------------


def imports_game(static: bool) -> Game:
    game = start(3, variants={"static_imports": static})
    to_turn_of(game, "Ailsa")
    act(game, type="fix", what="contract", contract=16, to="open", player="Ailsa")
    act(game, type="fix", what="goods", player="Ailsa", good="wool", value=1)
    act(game, type="fix", what="unit", player="Ailsa", space="A-10", unit="cow")
    game.state.import_totals["cotton"] = 5  # the next cotton reaches the marked step 6
    return game


def test_static_imports_move_no_token_and_pay_no_mark():
    game = imports_game(static=True)
    before = purse(game)
    notes = act(game, type="fulfil", player="Ailsa", contract=16, slaughter=["A-10"])
    assert purse(game) == before and not any("track" in n for n in notes)
    assert game.state.import_totals["cotton"] == 5


def test_tracked_imports_pay_the_marked_step():
    game = imports_game(static=False)
    before = purse(game)
    act(game, type="fulfil", player="Ailsa", contract=16, slaughter=["A-10"])
    assert purse(game) == (before[0] + 1, before[1])
    assert game.state.import_totals["cotton"] == 7


# -- 11. MacKenzie's last barrel comes out before the final score (ruling 28) ----------------


def over_with_a_barrel() -> tuple[Game, str]:
    """A random game to its end where MacKenzie (Bruce) keeps a barrel in the cellar."""
    import random

    from caledonia.rules.game.moves import play_to_end

    game = start(2, clans=("MacKenzie", "Campbell", "Cunningham"))
    play_to_end(game, random.Random(1))
    assert game.state.phase == "over"
    mackenzie = next(p for p in game.state.players if p.clan == "MacKenzie")
    assert mackenzie.cellar == [0]
    return game, mackenzie.name


def test_mackenzie_takes_the_last_barrel_out_after_the_last_production():
    from caledonia.rules.game.final import final_score

    game, name = over_with_a_barrel()
    money, whisky = player(game, name).money, player(game, name).goods["whisky"]
    event = {"type": "cellar_out", "player": name, "spot": 1}
    assert list(legal_events(game.state)) == [event]
    act(game, **event)
    paid = game.state.setup.clan_values["whisky_cellar"][0]
    assert player(game, name).money == money + paid
    assert player(game, name).goods["whisky"] == whisky + 1
    assert final_score(game.state)  # the final score is taken after it


def test_no_barrel_comes_out_of_another_clan():
    game, name = over_with_a_barrel()
    other = next(p.name for p in game.state.players if p.name != name)
    assert refuse(game, type="cellar_out", player=other, spot=1) == [
        f"{other} has no whisky cellar: only the MacKenzie clan has"
    ]
