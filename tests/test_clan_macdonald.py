"""Clan MacDonald's powers, each refused where the rules say no and working where they say
yes, with worked numbers. The map is modules A1, B1, C1, D1 for two players: lochs A-18 and
A-25 are adjacent; A-18 touches A-10 (grassland £1), A-11 (grassland £2), A-17, A-19 and
A-24; A-26 (grassland £2) touches A-25 but not A-18."""

from __future__ import annotations

import gametools
import pytest
from caledonia.rules.game.engine import Game
from caledonia.rules.game.events.produce import income
from caledonia.rules.game.final import sheet_of
from caledonia.rules.game.legal import legal_events
from caledonia.rules.game.round_scoring import tile_glory
from caledonia.rules.game.setup import TableChoices
from caledonia.rules.settlements import count_settlements
from conftest import run_cli
from gametools import PARTS, act, free_spaces, refuse, setup_for


def macdonald_game(count: int = 2, modules=("A1", "B1", "C1", "D1"), ports=None) -> Game:
    """Clans chosen: Ailsa (the start player, choosing last) takes MacDonald."""
    clans = ("MacDonald", "Campbell", "Robertson", "Stewart", "Buchanan")[: count + 1]
    table = TableChoices(
        modules=list(modules),
        ports=ports or {"A": "5", "B": "2", "C": "8", "D": "4"},
        scoring_tiles=["1", "2", "3", "4", "5"],
        clans=list(clans),
        starting_tiles=list(range(1, count + 2)),
        start_player="Ailsa",
    )
    game = Game(setup_for(count, table=table), PARTS)
    state = game.state
    while state.phase == "clans":
        chooser = next(n for n in reversed(state.turn_order) if state.by_name(n).clan is None)
        left = [c for c in state.clans_left if c != "MacDonald"]
        act(game, type="clan", player=chooser, clan="MacDonald" if chooser == "Ailsa" else left[0])
    return game


def place(game: Game, ailsa: list[tuple[str, str]]) -> None:
    """The starting workers: Ailsa's as given (type "fisherman" for one), others woodcutters."""
    state = game.state
    mine = list(ailsa)
    while state.phase == "workers":
        name = state.placements[0][0]
        if name == "Ailsa":
            unit, space = mine.pop(0)
            if unit == "fisherman":
                act(game, type="fisherman", player=name, space=space)
            else:
                act(game, type="worker", player=name, unit=unit, space=space)
        else:
            space = free_spaces(game, "forest", exclude=("A-32", "A-33", "A-17", "D-19", "D-17"))[
                -1
            ]
            act(game, type="worker", player=name, unit="woodcutter", space=space)


def money(game: Game, name: str, value: int) -> None:
    act(game, type="fix", what="money", player=name, value=value)


def ailsa(game: Game):
    return game.state.by_name("Ailsa")


def index(game: Game, space: str) -> int:
    return game.state.board.lookup(space)


# -- every worker costs £6 ------------------------------------------------------------------
def test_a_macdonald_miner_costs_six_plus_land_and_another_clans_ten():
    game = macdonald_game()
    assert game.state.board.spaces[index(game, "A-19")].cost == 5  # mountain £5
    money(game, "Ailsa", 10)
    reasons = refuse(game, type="worker", player="Ailsa", unit="miner", space="A-19")
    assert reasons == ["costs £11 and Ailsa has £10"]  # miner £6 + land £5, not £15
    money(game, "Ailsa", 11)
    notes = act(game, type="worker", player="Ailsa", unit="miner", space="A-19")
    assert notes[0].startswith("Ailsa places a miner on A-19 (row ")  # as the menus name it
    assert ") for £11: miner £10 − £4 MacDonald worker + land £5" in notes[0]
    assert ailsa(game).money == 0
    # the other clan's miner costs the printed £10 + land: D-26 is a £3 mountain
    money(game, "Bruce", 12)
    assert refuse(game, type="worker", player="Bruce", unit="miner", space="D-26") == [
        "costs £13 and Bruce has £12"
    ]


# -- eight workers of any kind -------------------------------------------------------------
def test_macdonald_may_have_more_than_four_woodcutters_but_never_more_than_eight_workers():
    game = macdonald_game()
    place(game, [("woodcutter", "A-32"), ("woodcutter", "A-33")])
    state = game.state
    forests = [s for s in free_spaces(game, "forest") if s not in ("A-32", "A-33")]
    player = ailsa(game)
    for space in forests[:3]:  # five woodcutters: more than the box's four
        player.units[index(game, space)] = "woodcutter"
    money(game, "Ailsa", 100)
    assert state.rules.units_left(state, player, "woodcutter") == 3
    options = legal_events(state, "Ailsa").by_type["expand"]
    sixth = [e["space"] for e in options if e["unit"] == "woodcutter"]
    assert sixth  # a sixth woodcutter is legal for MacDonald
    act(game, type="expand", player="Ailsa", unit="woodcutter", space=sixth[0])
    assert player.count("woodcutter") == 6
    assert state.rules.units_left(state, player, "fisherman") == 2  # of the eight workers


def test_the_ninth_macdonald_worker_is_refused_and_other_clans_keep_four_woodcutters():
    game = macdonald_game()
    place(game, [("woodcutter", "A-32"), ("woodcutter", "A-33")])
    state = game.state
    player = ailsa(game)
    forests = free_spaces(game, "forest")
    for space in forests[:6]:
        player.units[index(game, space)] = "woodcutter"
    assert sum(player.count(w) for w in ("woodcutter", "miner", "fisherman")) == 8
    money(game, "Ailsa", 100)
    assert "no miners left on Ailsa's player board" in refuse(
        game, type="expand", player="Ailsa", unit="miner", space="A-19"
    )
    listed = legal_events(state, "Ailsa")
    assert [e for e in listed if e["type"] == "expand" and e["unit"] == "sheep"]  # not workers
    assert not [
        e for e in listed if e["type"] == "fisherman" or e.get("unit") in ("woodcutter", "miner")
    ]
    assert "no workers left on Ailsa's player board: all are on the map" in refuse(
        game, type="fisherman", player="Ailsa", space="D-18"
    )
    # Bruce (Campbell) with four woodcutters has none left, as printed
    bruce = state.by_name("Bruce")
    for space in free_spaces(game, "forest")[:2]:
        bruce.units[index(game, space)] = "woodcutter"
    assert bruce.count("woodcutter") == 4
    assert state.rules.units_left(state, bruce, "woodcutter") == 0
    assert state.rules.units_left(state, bruce, "fisherman") == 0


# -- fishermen on lochs ------------------------------------------------------------------------
def test_a_starting_fisherman_goes_on_a_loch_for_six_pounds():
    game = macdonald_game()
    before = ailsa(game).money
    assert refuse(game, type="fisherman", player="Ailsa", space="A-10") == [
        "A-10 is not a loch: Ailsa's fishermen go on lochs"
    ]
    notes = act(game, type="fisherman", player="Ailsa", space="A-18")
    assert notes[0] == (
        "Ailsa places a fisherman on A-18 (row 3, hex 4 of module A, part of a 2-space loch) for £6"
    )
    assert ailsa(game).money == before - 6
    assert ailsa(game).units[index(game, "A-18")] == "fisherman"


def test_only_macdonald_has_fishermen():
    game = macdonald_game()
    place(game, [("woodcutter", "A-32"), ("woodcutter", "A-33")])
    assert refuse(game, type="fisherman", player="Bruce", space="D-18") == [
        "Bruce has no fishermen: only Clan MacDonald has them"
    ]
    assert all(e["player"] == "Ailsa" for e in legal_events(game.state).by_type["fisherman"])


def test_two_fishermen_are_never_adjacent():
    game = macdonald_game()
    act(game, type="fisherman", player="Ailsa", space="A-18")
    place(game, [("fisherman", "D-18")])  # Bruce's two, then Ailsa's second
    money(game, "Ailsa", 50)
    while game.state.turn.player != "Ailsa":
        act(game, type="merchant", player=game.state.turn.player)
    assert refuse(game, type="fisherman", player="Ailsa", space="A-25") == [
        "A-25 is next to the fisherman on A-18: two fishermen are never adjacent"
    ]
    assert refuse(game, type="fisherman", player="Ailsa", space="A-18") == [
        "A-18 holds Ailsa's own fisherman"
    ]


def test_a_fisherman_needs_no_reach_and_no_shipping_and_pays_no_land():
    game = macdonald_game()
    place(game, [("woodcutter", "A-32"), ("woodcutter", "A-33")])
    while game.state.turn.player != "Ailsa":
        act(game, type="merchant", player=game.state.turn.player)
    money(game, "Ailsa", 6)
    # C-19 is far from, across the map: any empty loch will do
    legal = legal_events(game.state, "Ailsa").by_type["fisherman"]
    assert {"type": "fisherman", "player": "Ailsa", "space": "C-19"} in legal
    notes = act(game, type="fisherman", player="Ailsa", space="C-19")
    assert notes[0].startswith("Ailsa puts a fisherman on C-19 (row ")
    assert "loch" in notes[0] and notes[0].endswith(") for £6")
    assert ailsa(game).money == 0 and game.state.turn.main_done


# -- land next to a fisherman is neighbouring ----------------------------------------------------
def test_land_next_to_a_fisherman_is_neighbouring_but_lochs_still_need_shipping():
    game = macdonald_game()
    place(game, [("fisherman", "A-18"), ("woodcutter", "D-19")])
    while game.state.turn.player != "Ailsa":
        act(game, type="merchant", player=game.state.turn.player)
    player = ailsa(game)
    player.shipping = 2  # 1-loch shipping
    money(game, "Ailsa", 50)
    # A-26 is one loch from the fisherman: the fisherman ships nothing
    reasons = refuse(game, type="expand", player="Ailsa", unit="sheep", space="A-26")
    assert reasons == ["A-26 is not neighbouring or within shipping reach of any of Ailsa's units"]
    # A-11 (grassland £2) touches the fisherman's loch: neighbouring, sheep £8 + land £2
    notes = act(game, type="expand", player="Ailsa", unit="sheep", space="A-11")
    assert notes[0].startswith("Ailsa puts a sheep on A-11 (row ")
    assert "beside Ailsa's fisherman" in notes[0] and ") for £10" in notes[0]
    assert player.money == 40


# -- rowing ------------------------------------------------------------------------------------------
def test_a_fisherman_costs_six_pounds_and_five_are_not_enough():
    game = macdonald_game()
    money(game, "Ailsa", 5)
    assert refuse(game, type="fisherman", player="Ailsa", space="A-18") == [
        "a fisherman costs £6 and Ailsa has £5"
    ]
    money(game, "Ailsa", 6)
    act(game, type="fisherman", player="Ailsa", space="A-18")
    assert ailsa(game).money == 0


def in_action_with_fisherman_on_a25() -> Game:
    game = macdonald_game()
    place(game, [("fisherman", "A-25"), ("woodcutter", "D-19")])
    while game.state.turn.player != "Ailsa":
        act(game, type="merchant", player=game.state.turn.player)
    return game


def test_rowing_once_a_turn_before_the_main_action_to_an_adjacent_loch():
    game = in_action_with_fisherman_on_a25()
    state = game.state
    before = ailsa(game).money
    assert refuse(game, type="row", player="Ailsa", space="A-25", to="C-19") == [
        "C-19 is not next to A-25: a fisherman rows to an adjacent loch or port tile"
    ]
    assert refuse(game, type="row", player="Ailsa", space="A-25", to="A-26") == [
        "A-26 is not a loch: Ailsa's fishermen go on lochs"
    ]
    assert {"type": "row", "player": "Ailsa", "space": "A-25", "to": "A-18"} in legal_events(state)
    notes = act(game, type="row", player="Ailsa", space="A-25", to="A-18")
    assert notes == ["Ailsa rows a fisherman from A-25 to A-18"]
    assert ailsa(game).units == {
        index(game, "A-18"): "fisherman",
        index(game, "D-19"): "woodcutter",
    }
    assert ailsa(game).money == before and not state.turn.main_done
    assert refuse(game, type="row", player="Ailsa", space="A-18", to="A-25") == [
        "Ailsa has rowed a fisherman this turn already: once per turn"
    ]
    act(game, type="merchant", player="Ailsa")  # the main action
    reasons = refuse(game, type="row", player="Ailsa", space="A-18", to="A-25")
    assert reasons == ["Ailsa rows only before the main action, and has taken this turn's action"]
    assert "row" not in legal_events(state, "Ailsa").by_type
    # her next turn: she may row again
    act(game, type="merchant", player="Bruce")
    act(game, type="row", player="Ailsa", space="A-18", to="A-25")


def test_rowing_cannot_put_two_fishermen_side_by_side_nor_belong_to_another_clan():
    """Module D2: lochs D-17 and D-25 both touch D-18 but not each other."""
    game = macdonald_game(modules=("A1", "B1", "C1", "D2"))
    place(game, [("fisherman", "D-17"), ("fisherman", "D-25")])
    while game.state.turn.player != "Ailsa":
        act(game, type="merchant", player=game.state.turn.player)
    assert refuse(game, type="row", player="Ailsa", space="D-17", to="D-18") == [
        "D-18 is next to the fisherman on D-25: two fishermen are never adjacent"
    ]
    assert refuse(game, type="row", player="Bruce", space="D-17", to="D-18") == [
        "Bruce has no fishermen: only Clan MacDonald has them"
    ]
    # D-17's only lochs, D-18 and D-24, both touch D-25: no row at all is legal
    assert "row" not in legal_events(game.state, "Ailsa").by_type
    act(game, type="fix", what="unit", player="Ailsa", space="D-25", unit="none")
    act(game, type="row", player="Ailsa", space="D-17", to="D-18")


# -- the neighbourhood bonus: deploying yes, rowing no -------------------------------------------
def test_rowing_next_to_another_clans_sheep_opens_no_neighbourhood_bonus():
    game = in_action_with_fisherman_on_a25()
    act(game, type="fix", what="unit", player="Bruce", space="A-11", unit="sheep")
    notes = act(game, type="row", player="Ailsa", space="A-25", to="A-18")  # A-18 touches A-11
    assert not any("neighbourhood" in n for n in notes)
    assert game.state.turn.expanded == ()
    assert "neighbourhood" not in legal_events(game.state, "Ailsa").by_type


def test_a_fisherman_deployed_next_to_another_clans_sheep_opens_the_bonus():
    game = macdonald_game()
    place(game, [("woodcutter", "D-19"), ("woodcutter", "D-17")])
    act(game, type="fix", what="unit", player="Bruce", space="A-11", unit="sheep")
    while game.state.turn.player != "Ailsa":
        act(game, type="merchant", player=game.state.turn.player)
    money(game, "Ailsa", 20)
    notes = act(game, type="fisherman", player="Ailsa", space="A-18")
    assert "neighbourhood bonus open: Ailsa may buy wool at a discount" in notes
    assert game.state.turn.expanded == (index(game, "A-18"),)


# -- income and scoring ------------------------------------------------------------------------------
def test_every_macdonald_worker_earns_four_pounds_the_fisherman_too():
    game = macdonald_game()
    place(game, [("miner", "A-19"), ("fisherman", "A-18")])
    state = game.state
    assert income(state, ailsa(game)) == 8  # miner £4 (not £6) + fisherman £4
    assert income(state, state.by_name("Bruce")) == 8  # two woodcutters at £4, as printed
    ailsa(game).units[index(game, "A-17")] = "woodcutter"
    assert income(state, ailsa(game)) == 12
    # through the production phase: everyone passes, then Ailsa produces
    while state.phase == "action":
        act(game, type="pass", player=state.next_player())
    before = ailsa(game).money
    act(game, type="produce", player="Ailsa")
    assert ailsa(game).money == before + 12


def test_fishermen_count_as_workers_for_scoring_tile_four():
    game = macdonald_game()
    place(game, [("miner", "A-19"), ("fisherman", "A-18")])
    state = game.state
    tile = next(t for t in PARTS.scoring_tiles if t.id == "4")
    assert tile.measure == "deployed_workers"
    assert tile_glory(state, ailsa(game), "4") == 2 * tile.glory  # miner and fisherman
    assert tile_glory(state, state.by_name("Bruce"), "4") == 2 * tile.glory


# -- settlements (ruling) ---------------------------------------------------------------------
def test_a_fisherman_joins_the_land_it_neighbours_into_one_settlement():
    board = macdonald_game().state.board
    a10, a18, a24 = (board.lookup(s) for s in ("A-10", "A-18", "A-24"))
    assert a24 not in board.adjacent[a10]
    without = count_settlements(board, [a10, a24], "none")
    with_fisherman = count_settlements(board, [a10, a18, a24], "none")
    assert len(without.settlements) == 2 and len(with_fisherman.settlements) == 1


# -- the map drawing ---------------------------------------------------------------------------------
def macdonald_game_file(tmp_path):
    """A two-player game file started with `new`, where Ailsa may choose MacDonald."""
    path = tmp_path / "g.yaml"
    made = run_cli(
        "new",
        str(path),
        *("-p", "Ailsa:red", "-p", "Bruce:blue", "--seed", "3", "--modules", "A1,B1,C1,D1"),
        *("--clans", "MacDonald,Campbell,Robertson", "--start-player", "Ailsa"),
    )
    assert made.returncode == 0, made.stderr
    return path


def test_status_draws_fishermen_with_a_code_the_legend_explains(tmp_path):
    path = macdonald_game_file(tmp_path)
    for words in (["clan", "Bruce", "Campbell"], ["clan", "Ailsa", "MacDonald"]):
        done = run_cli("act", str(path), *words)
        assert done.returncode == 0, done.stderr
    done = run_cli("act", str(path), "fisherman", "Ailsa", "A-18")
    assert done.returncode == 0 and "Ailsa places a fisherman on A-18 (row " in done.stdout
    shown = run_cli("status", str(path), "--map")
    assert shown.returncode == 0, shown.stderr
    assert "1fsh" in shown.stdout  # player 1 (Ailsa), in the compact drawing of 80 columns
    assert "fsh: a fisherman on a loch or a port tile (Clan MacDonald's worker)" in shown.stdout
    assert "Not yet enforced for Ailsa" not in shown.stdout + shown.stderr  # all of them are


def test_map_show_and_reach_read_a_fisherman_from_a_position_file(tmp_path):
    path = tmp_path / "position.yaml"
    path.write_text(
        "modules: [A1, B1, C1, D1]\n"
        "players:\n"
        "  - name: Ailsa\n"
        "    shipping: 1_loch\n"
        "    units: {A-18: fisherman}\n"
        "  - name: Bruce\n"
        "    units: {A-11: sheep}\n"
    )
    shown = run_cli("map", "show", str(path))
    assert shown.returncode == 0, shown.stderr
    assert "1fsh" in shown.stdout and "fsh: a fisherman on a loch" in shown.stdout
    reach = run_cli("map", "reach", str(path), "Ailsa")
    assert reach.returncode == 0, reach.stderr
    assert "A-10  neighbouring A-18" in reach.stdout
    assert "A-26" not in reach.stdout  # one loch on from the fisherman: no shipping from a loch
    path.write_text(path.read_text().replace("A-18: fisherman", "A-10: fisherman"))
    wrong = run_cli("map", "show", str(path))
    assert wrong.returncode == 1
    assert "A-10 is not a loch of the map: a fisherman stands on a loch" in wrong.stderr


def test_a_free_space_bonus_may_deploy_a_fisherman_and_is_used_up():
    game = macdonald_game()
    place(game, [("woodcutter", "A-32"), ("woodcutter", "A-33")])
    while game.state.turn.player != "Ailsa":
        act(game, type="merchant", player=game.state.turn.player)
    state = game.state
    money(game, "Ailsa", 20)
    assert refuse(game, type="fisherman", player="Ailsa", space="C-19", free=True) == [
        "Ailsa has no free-space bonus to use this turn"
    ]
    act(game, type="merchant", player="Ailsa")
    state.turn.free_spaces = 1  # as a fulfilled contract would give
    free = {"type": "fisherman", "player": "Ailsa", "space": "C-19", "free": True}
    assert free in legal_events(state, "Ailsa")
    act(game, **free)
    # £20 − £4 for the merchant − £6 for the fisherman (a loch has no land cost)
    assert state.turn.free_spaces == 0 and ailsa(game).money == 10


# -- fishermen on port tiles ------------------------------------------------------------------
# In the 2-player game port slot A (tile 5) touches A-09 (forest £2) and A-10 (grassland £1);
# slot B (tile 2) touches B-13 and B-12. No shipped slot touches a loch, so `port_on_loch`
# makes slot A touch A-10 and the loch A-18 (A-25 is next to A-18, not touched by the slot).


@pytest.fixture
def port_on_loch(monkeypatch):
    sides = dict(gametools.SIDES)
    a1 = sides["A1"]
    sides["A1"] = a1._replace(port_slots={**a1.port_slots, "players_1_2": (10, 18)})
    monkeypatch.setattr(gametools, "SIDES", sides)


def to_ailsas_turn(game: Game) -> None:
    while game.state.turn.player != "Ailsa":
        act(game, type="merchant", player=game.state.turn.player)


def test_a_starting_fisherman_goes_on_a_port_tile_for_six_pounds():
    game = macdonald_game()
    state = game.state
    before = ailsa(game).money
    legal = legal_events(state, "Ailsa").by_type["fisherman"]
    assert {"type": "fisherman", "player": "Ailsa", "space": "port:A"} in legal
    assert refuse(game, type="fisherman", player="Ailsa", space="port:Z") == [
        "no port tile in play at port:Z: Ailsa's fishermen go on the port tiles in play "
        "(port:A (tile 5), port:B (tile 2), port:C (tile 8), port:D (tile 4))"
    ]
    notes = act(game, type="fisherman", player="Ailsa", space="PORT:a")  # any letter case
    assert notes[0] == "Ailsa places a fisherman on the port tile at corner A (receive £10) for £6"
    assert game.events[-1] == {"type": "fisherman", "player": "Ailsa", "space": "port:A"}
    assert ailsa(game).money == before - 6
    assert ailsa(game).port_units == {"A": "fisherman"} and ailsa(game).units == {}
    assert state.rules.units_left(state, ailsa(game), "fisherman") == 7  # of the eight
    assert state.snapshot()["players"][0]["port_units"] == {"A": "fisherman"}


def test_a_port_tile_takes_one_fisherman_and_only_macdonalds():
    game = macdonald_game()
    place(game, [("fisherman", "port:A"), ("woodcutter", "A-32")])
    to_ailsas_turn(game)
    money(game, "Ailsa", 20)
    assert refuse(game, type="fisherman", player="Ailsa", space="port:A") == [
        "port A (tile 5) holds Ailsa's own fisherman"
    ]
    assert refuse(game, type="fisherman", player="Bruce", space="port:B") == [
        "Bruce has no fishermen: only Clan MacDonald has them"
    ]
    sites = {e["space"] for e in legal_events(game.state, "Ailsa").by_type["fisherman"]}
    assert {"port:B", "port:C", "port:D"} <= sites and "port:A" not in sites
    # the Expand action: £6, no land cost; the main action is taken
    notes = act(game, type="fisherman", player="Ailsa", space="port:B")
    assert notes[0] == (
        "Ailsa puts a fisherman on the port tile at corner B (give 1 basic good, take 3) for £6"
    )
    assert ailsa(game).money == 14 and game.state.turn.main_done
    assert ailsa(game).port_units == {"A": "fisherman", "B": "fisherman"}


def test_no_port_tiles_in_play_no_fisherman_on_one():
    setup = setup_for(
        2, variants={"port_tiles": False}, clans=("MacDonald", "Campbell", "Robertson")
    )
    game = Game(setup, PARTS)
    state = game.state
    assert state.setup.ports == {}
    while state.phase == "clans":
        chooser = next(n for n in reversed(state.turn_order) if state.by_name(n).clan is None)
        clan = "MacDonald" if chooser == "Ailsa" else "Campbell"
        act(game, type="clan", player=chooser, clan=clan)
    assert refuse(game, type="fisherman", player="Ailsa", space="port:A") == [
        "no port tile in play at port:A: Ailsa's fishermen go on the port tiles in play "
        "(none in this game)"
    ]
    listed = {e["space"] for e in legal_events(state, "Ailsa").by_type["fisherman"]}
    assert listed and not any(s.startswith("port:") for s in listed)
    act(game, type="fisherman", player="Ailsa", space="A-18")  # a loch still does


def test_border_only_starting_workers_never_go_on_a_port_tile():
    game = macdonald_game()
    state = game.state
    state.placements[0] = ("Ailsa", True)  # as a rule that puts starting workers on the border
    assert refuse(game, type="fisherman", player="Ailsa", space="port:A") == [
        "port A is not a border space: Ailsa's starting workers go on the border"
    ]
    # a loch on the border is a border space (ruling 21): only those are offered
    offered = legal_events(state, "Ailsa").by_type["fisherman"]
    assert offered and all(state.space(e["space"]) in state.board.border for e in offered)
    assert all(state.board.spaces[state.space(e["space"])].loch for e in offered)
    state.placements[0] = ("Ailsa", False)
    act(game, type="fisherman", player="Ailsa", space="port:A")


def test_a_free_space_bonus_may_put_a_fisherman_on_a_port_tile():
    game = macdonald_game()
    place(game, [("woodcutter", "A-32"), ("woodcutter", "A-33")])
    to_ailsas_turn(game)
    state = game.state
    money(game, "Ailsa", 20)
    assert refuse(game, type="fisherman", player="Ailsa", space="port:C", free=True) == [
        "Ailsa has no free-space bonus to use this turn"
    ]
    act(game, type="merchant", player="Ailsa")
    state.turn.free_spaces = 1
    free = {"type": "fisherman", "player": "Ailsa", "space": "port:C", "free": True}
    assert free in legal_events(state, "Ailsa")
    act(game, **free)
    # £20 − £4 for the merchant − £6 for the fisherman
    assert state.turn.free_spaces == 0 and ailsa(game).money == 10
    assert ailsa(game).port_units == {"C": "fisherman"}


# -- two fishermen are never adjacent, across a port slot ------------------------------------------
def test_a_port_tile_next_to_a_fisherman_on_a_loch_is_refused(port_on_loch):
    game = macdonald_game()
    act(game, type="fisherman", player="Ailsa", space="A-18")
    place(game, [("woodcutter", "A-32")])
    to_ailsas_turn(game)
    money(game, "Ailsa", 12)
    assert refuse(game, type="fisherman", player="Ailsa", space="port:A") == [
        "port A is next to the fisherman on A-18: two fishermen are never adjacent"
    ]
    assert {"type": "fisherman", "player": "Ailsa", "space": "port:A"} not in legal_events(
        game.state, "Ailsa"
    )
    act(game, type="fisherman", player="Ailsa", space="port:B")  # B touches no fisherman
    assert ailsa(game).money == 6


def test_a_loch_touched_by_a_port_slot_with_a_fisherman_is_refused(port_on_loch):
    game = macdonald_game()
    act(game, type="fisherman", player="Ailsa", space="port:A")
    place(game, [("woodcutter", "A-32")])
    to_ailsas_turn(game)
    money(game, "Ailsa", 12)
    assert refuse(game, type="fisherman", player="Ailsa", space="A-18") == [
        "A-18 is next to the fisherman on port A: two fishermen are never adjacent"
    ]
    listed = {e["space"] for e in legal_events(game.state, "Ailsa").by_type["fisherman"]}
    assert "A-18" not in listed and "A-25" in listed
    act(game, type="fisherman", player="Ailsa", space="A-25")  # next to A-18, not to the slot
    assert ailsa(game).money == 6


# -- rowing from a port tile ------------------------------------------------------------------------
def test_a_fisherman_rows_from_a_port_tile_to_a_loch_its_slot_touches(port_on_loch):
    game = macdonald_game()
    place(game, [("fisherman", "port:A"), ("woodcutter", "A-32")])
    to_ailsas_turn(game)
    state = game.state
    before = ailsa(game).money
    assert refuse(game, type="row", player="Ailsa", space="port:A", to="A-25") == [
        "A-25 is not next to port A: a fisherman rows to an adjacent loch or port tile"
    ]
    assert refuse(game, type="row", player="Ailsa", space="port:A", to="A-10") == [
        "A-10 is not a loch: Ailsa's fishermen go on lochs"
    ]
    assert refuse(game, type="row", player="Ailsa", space="port:B", to="B-12") == [
        "port B holds no fisherman of Ailsa's"
    ]
    row = {"type": "row", "player": "Ailsa", "space": "port:A", "to": "A-18"}
    assert list(legal_events(state, "Ailsa").by_type["row"]) == [row]
    notes = act(game, type="row", player="Ailsa", space="port:a", to="A-18")
    assert notes == ["Ailsa rows a fisherman from port A to A-18"]
    assert ailsa(game).port_units == {}
    assert ailsa(game).units[index(game, "A-18")] == "fisherman"
    assert ailsa(game).money == before and not state.turn.main_done
    assert refuse(game, type="row", player="Ailsa", space="A-18", to="A-25") == [
        "Ailsa has rowed a fisherman this turn already: once per turn"
    ]


def test_a_fisherman_rows_onto_an_empty_port_tile(port_on_loch):
    """Ruling 24: fishermen "can be placed on or moved to all empty loch spaces and Port
    bonus tiles": rowing onto a port tile touching the loch is allowed, like onto a loch."""
    game = macdonald_game()
    place(game, [("fisherman", "A-18"), ("woodcutter", "A-32")])
    to_ailsas_turn(game)
    before = ailsa(game).money, ailsa(game).glory
    row = {"type": "row", "player": "Ailsa", "space": "A-18", "to": "port:A"}
    assert row in legal_events(game.state, "Ailsa")
    notes = act(game, type="row", player="Ailsa", space="A-18", to="port:a")
    assert notes == ["Ailsa rows a fisherman from A-18 to port A"]
    assert ailsa(game).port_units == {"A": "fisherman"}
    assert index(game, "A-18") not in ailsa(game).units
    assert (ailsa(game).money, ailsa(game).glory) == before  # rowing is free


def test_no_fisherman_rows_onto_a_port_tile_away_from_its_loch(port_on_loch):
    game = macdonald_game()
    place(game, [("fisherman", "A-18"), ("woodcutter", "A-32")])
    to_ailsas_turn(game)
    assert refuse(game, type="row", player="Ailsa", space="A-18", to="port:B") == [
        "port B is not next to A-18: a fisherman rows to an adjacent loch or port tile"
    ]
    rows = legal_events(game.state, "Ailsa").by_type["row"]
    assert [e["to"] for e in rows if e["to"].startswith("port:")] == ["port:A"]


# -- reach and port use -----------------------------------------------------------------------------
def test_spaces_a_port_fisherman_touches_are_neighbouring_and_no_further():
    game = macdonald_game()
    place(game, [("fisherman", "port:A"), ("woodcutter", "D-19")])
    to_ailsas_turn(game)
    money(game, "Ailsa", 30)
    # A-11 is next to A-10, not touched by slot A: out of reach
    assert refuse(game, type="expand", player="Ailsa", unit="sheep", space="A-11") == [
        "A-11 is not neighbouring or within shipping reach of any of Ailsa's units"
    ]
    expand = {"type": "expand", "player": "Ailsa", "unit": "sheep", "space": "A-10"}
    assert expand in legal_events(game.state, "Ailsa")
    notes = act(game, **expand)
    # sheep £8 + land £1 (A-10 is grassland £1)
    assert notes[0].startswith("Ailsa puts a sheep on A-10 (row 2, hex 3 of module A, ")
    assert "touching the port tile at corner A) for £9" in notes[0]
    assert ailsa(game).money == 21


def test_a_fisherman_on_a_port_tile_lets_its_owner_use_that_tile():
    game = macdonald_game()
    place(game, [("fisherman", "port:B"), ("woodcutter", "D-19")])
    to_ailsas_turn(game)
    money(game, "Ailsa", 10)
    # tile 5 (port A, take £10) is out of her reach; her fisherman stands on port B
    reasons = refuse(game, type="port", player="Ailsa", tile="5")
    assert reasons == [
        "the port tile at corner A (receive £10), touching A-09 (row 2, hex 2 of module A), A-10 (row 2, "
        "hex 3 of module A), is not neighbouring or within shipping reach of Ailsa's units"
    ]
    act(game, type="fix", what="unit", player="Ailsa", space="port:B", unit="none")
    act(game, type="fisherman", player="Ailsa", space="port:A")  # the main action, £6
    assert ailsa(game).money == 4
    assert {"type": "port", "player": "Ailsa", "tile": "5"} in legal_events(game.state, "Ailsa")
    notes = act(game, type="port", player="Ailsa", tile="5")
    assert notes[0] == "Ailsa uses a port tile (standing on port A): receive £10"
    assert ailsa(game).money == 14


def test_deploying_onto_a_port_tile_next_to_another_clans_sheep_opens_the_bonus():
    game = macdonald_game()
    place(game, [("woodcutter", "D-19"), ("woodcutter", "D-17")])
    to_ailsas_turn(game)
    money(game, "Ailsa", 20)
    act(game, type="fix", what="unit", player="Bruce", space="A-10", unit="sheep")
    notes = act(game, type="fisherman", player="Ailsa", space="port:A")
    assert "neighbourhood bonus open: Ailsa may buy wool at a discount" in notes
    assert game.state.turn.expanded == ("A",)
    assert refuse(game, type="neighbourhood", player="Ailsa", good="milk", quantity=1) == [
        "no opponent's unit neighbouring port A produces milk (only wool)"
    ]
    bonus = legal_events(game.state, "Ailsa").by_type["neighbourhood"]
    assert {e["good"] for e in bonus} == {"wool"}  # one or two wool at the discount
    act(game, type="neighbourhood", player="Ailsa", good="wool", quantity=1)


def test_a_port_tile_fisherman_with_no_opponent_beside_opens_no_bonus():
    game = macdonald_game()
    place(game, [("woodcutter", "D-19"), ("woodcutter", "D-17")])
    to_ailsas_turn(game)
    money(game, "Ailsa", 20)
    notes = act(game, type="fisherman", player="Ailsa", space="port:A")
    assert notes == ["Ailsa puts a fisherman on the port tile at corner A (receive £10) for £6"]
    assert game.state.turn.expanded == ()


# -- income, scoring tile 4, settlements ------------------------------------------------------------
def test_a_port_fisherman_earns_four_pounds_and_counts_for_scoring_tile_four():
    game = macdonald_game()
    place(game, [("miner", "A-19"), ("fisherman", "port:C")])
    state = game.state
    assert income(state, ailsa(game)) == 8  # miner £4 + the port fisherman £4
    tile = next(t for t in PARTS.scoring_tiles if t.id == "4")
    assert tile_glory(state, ailsa(game), "4") == 2 * tile.glory
    while state.phase == "action":
        act(game, type="pass", player=state.next_player())
    before = ailsa(game).money
    act(game, type="produce", player="Ailsa")
    assert ailsa(game).money == before + 8


def test_a_port_fisherman_is_no_settlement():
    game = macdonald_game()
    place(game, [("fisherman", "port:A"), ("fisherman", "port:C")])
    assert ailsa(game).units == {}  # both her units stand on port tiles

    def settlements():
        sheet = sheet_of(game.state)
        mine = next(p for p in sheet.players if p.name == "Ailsa")
        return mine.settlements, mine.settlement_note

    count, note = settlements()
    assert count == 0 and "0 counted: none." in note
    ailsa(game).units[index(game, "A-10")] = "sheep"  # touched by slot A
    assert settlements()[0] == 1  # the sheep alone: the port fisherman joins nothing


# -- fix, undo/redo, the game file -------------------------------------------------------------------
def test_fix_takes_a_fisherman_off_a_port_tile_and_undo_puts_it_back():
    game = macdonald_game()
    place(game, [("fisherman", "port:A"), ("woodcutter", "A-32")])
    assert refuse(game, type="fix", what="unit", player="Ailsa", space="port:B", unit="none") == [
        "port B holds no unit of Ailsa's"
    ]
    assert refuse(
        game, type="fix", what="unit", player="Ailsa", space="port:B", unit="fisherman"
    ) == ["a fix takes a unit off a port tile (none), never puts one on port:B"]
    before = game.state.snapshot()
    notes = act(game, type="fix", what="unit", player="Ailsa", space="port:a", unit="none")
    assert notes == ["fix: Ailsa's fisherman taken off port A"]
    assert ailsa(game).port_units == {}
    game.undo(1)
    assert game.state.snapshot() == before and ailsa(game).port_units == {"A": "fisherman"}
    game.redo(1)
    assert ailsa(game).port_units == {}


def test_status_and_the_game_file_show_a_fisherman_on_a_port_tile(tmp_path):
    path = macdonald_game_file(tmp_path)
    for words in (["clan", "Bruce", "Campbell"], ["clan", "Ailsa", "MacDonald"]):
        assert run_cli("act", str(path), *words).returncode == 0
    done = run_cli("act", str(path), "fisherman", "Ailsa", "port:d")
    assert done.returncode == 0, done.stderr
    assert "Ailsa places a fisherman on the port tile at corner D (" in done.stdout
    assert "space: 'port:D'" in path.read_text()  # the canonical words, replayed from the file
    shown = run_cli("status", str(path), "--map")
    assert shown.returncode == 0, shown.stderr
    assert "  1fsh on port:D (Ailsa's fisherman stands on the port tile there: " in shown.stdout
    assert "fsh: a fisherman on a loch or a port tile" in shown.stdout
    as_json = run_cli("status", str(path), "--json")
    assert '"port:D": "fisherman"' in as_json.stdout


# -- port tile 7 and the eight workers (ruling 23) ---------------------------------------------


def port_seven_workers(miners: int) -> Game:
    """Port 7 at corner A (touching A-09); Ailsa has four woodcutters (A-09 among them),
    `miners` miners beside a miner on A-21 (forest and mountain), and a sheep on A-10."""
    game = macdonald_game(ports={"A": "7", "B": "2", "C": "8", "D": "4"})
    place(game, [("woodcutter", "A-09"), ("woodcutter", "A-32")])
    to_ailsas_turn(game)
    fix = {"type": "fix", "what": "unit", "player": "Ailsa"}
    forests = free_spaces(game, "forest", exclude=("A-21",))[:2]
    mountains = free_spaces(game, "mountain", exclude=("A-21", *forests))[:miners]
    for space, unit in [(f, "woodcutter") for f in forests] + [(m, "miner") for m in mountains]:
        act(game, **fix, space=space, unit=unit)
    act(game, **fix, space="A-21", unit="miner")
    act(game, **fix, space="A-10", unit="sheep")
    return game


def test_port_seven_gives_macdonald_a_fifth_woodcutter():
    """ "Use all of your Workers either as Woodcutters, Miners or as Fishermen": four
    woodcutters and a miner out, three workers on the board: one may come as a woodcutter."""
    game = port_seven_workers(miners=0)
    swaps = [{"space": "A-10", "unit": "cow"}, {"space": "A-21", "unit": "woodcutter"}]
    event = {"type": "port", "player": "Ailsa", "tile": "7", "swaps": swaps}
    assert event in legal_events(game.state, "Ailsa")
    before = ailsa(game).money, ailsa(game).glory
    act(game, **event)
    assert ailsa(game).count("woodcutter") == 5 and ailsa(game).count("miner") == 0
    assert (ailsa(game).money, ailsa(game).glory) == before


def test_port_seven_takes_no_worker_when_all_eight_are_out():
    game = port_seven_workers(miners=3)  # 4 woodcutters and 4 miners: none on the board
    swaps = [{"space": "A-10", "unit": "cow"}, {"space": "A-21", "unit": "woodcutter"}]
    assert refuse(game, type="port", player="Ailsa", tile="7", swaps=swaps) == [
        "Ailsa has no woodcutter left on the player board: port tile 7 takes the new units from it"
    ]


def test_a_fix_puts_a_fifth_macdonald_miner_on_the_map_but_never_a_ninth_worker():
    """Ruling 23: the eight workers are one pool, so a correction may show MacDonald with
    five miners (the box holds four), as expanding could; a fifth for Bruce is refused."""
    game = macdonald_game()
    place(game, [("miner", "A-21"), ("woodcutter", "A-32")])
    to_ailsas_turn(game)
    fix = {"type": "fix", "what": "unit", "player": "Ailsa"}
    mountains = free_spaces(game, "mountain", exclude=("A-21",))
    for space in mountains[:4]:
        act(game, **fix, space=space, unit="miner")
    assert ailsa(game).count("miner") == 5
    forests = free_spaces(game, "forest", exclude=("A-32",))
    act(game, **fix, space=forests[0], unit="woodcutter")
    act(game, **fix, space=forests[1], unit="woodcutter")  # the eighth worker
    assert refuse(game, **fix, space=mountains[4], unit="miner") == [
        "all of Ailsa's miner pieces are on the map"
    ]
    act(game, **fix, space="A-21", unit="woodcutter")  # its miner goes back to the board first
    assert ailsa(game).count("woodcutter") == 4
    bruce = {"type": "fix", "what": "unit", "player": "Bruce"}
    for space in free_spaces(game, "mountain")[:4]:
        act(game, **bruce, space=space, unit="miner")
    assert refuse(game, **bruce, space=free_spaces(game, "mountain")[0], unit="miner") == [
        "all of Bruce's miner pieces are on the map"
    ]
