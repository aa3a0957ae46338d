"""Expansion legality: every reason in words, the cost, and the list of legal spaces."""

from __future__ import annotations

import pytest
from caledonia.rules.board import DEFAULT_ORIGINS
from caledonia.rules.errors import DataError
from caledonia.rules.expansion import check_expansion, legal_spaces
from caledonia.rules.map_modules import load_module_set, maps_folder
from caledonia.rules.position import MapPlayer, Position, parse_position
from caledonia.rules.yamlfile import parse_yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from maptools import at, board, side

#        (0,0)  (1,0)  (2,0)  (3,0)  (4,0)
ROWS = [["G2", "F3", "M4", "~", "GF1"], ["G5*", "G1", "G2", "G3", "GM6"]]
#        (0,1)  (1,1)  (2,1)  (3,1)  (4,1)      odd row: half a hex to the right
SIDE = side("A", ROWS, rivers=[((1, 1), (2, 1))], origin=(0, 0))


def position(players=2, red=None, blue=None, red_shipping="none", covered=()):
    b = board(players, covered=covered, A=SIDE)

    def units(spec):
        return {at(b, *p): kind for p, kind in spec.items()}

    return Position(
        b,
        (
            MapPlayer("Ailsa", "red", red_shipping, units(red or {(1, 0): "woodcutter"})),
            MapPlayer("Bruce", "blue", "none", units(blue or {(4, 0): "cow"})),
        ),
    )


def parts_economy():
    from caledonia.rules.components import components

    return components().economy


def check(pos, unit, column, row, who="Ailsa", **options):
    return check_expansion(pos, who, unit, at(pos.board, column, row), parts_economy(), **options)


def test_a_legal_expansion_with_its_cost_and_route():
    result = check(position(), "cow", 1, 1)
    assert result.legal and result.reasons == ()
    assert (result.unit_cost, result.land_cost, result.cost) == (9, 1, 10)
    assert result.route == "neighbouring A-02"


def test_bakery_on_a_one_pound_space_costs_nine():
    # the rulebook's Robertson example puts a bakery (£8) on a £1 space
    assert check(position(), "bakery", 1, 1).cost == 9


def test_free_space_bonus_drops_the_land_cost():
    result = check(position(), "cow", 1, 1, free_land=True)
    assert result.cost == 9 and result.land_cost == 0


def test_wrong_land_is_explained():
    assert check(position(), "sheep", 2, 0).reasons == (
        "A-03 is mountain only: a sheep needs grassland",
    )
    assert check(position(), "miner", 2, 0).legal


def test_mixed_land_takes_either_unit():
    pos = position(red={(3, 1): "sheep"}, blue={(0, 0): "cow"})
    assert check(pos, "woodcutter", 4, 0).legal and check(pos, "sheep", 4, 0).legal
    assert (
        "A-05 is grassland and forest: a miner needs mountain" in check(pos, "miner", 4, 0).reasons
    )


def test_occupied_space_names_owner_and_unit():
    assert check(position(blue={(1, 1): "cow"}), "sheep", 1, 1).reasons == (
        "A-07 holds Bruce's cow",
    )


def test_loch_is_refused():
    assert "A-04 is a loch: units stand on land" in check(position(), "sheep", 3, 0).reasons


def test_mist_is_not_part_of_a_two_player_map():
    assert check(position(2), "sheep", 0, 1).reasons == (
        "A-06 is mist: not part of a 2-player map",
    )
    assert check(position(3), "sheep", 0, 1).legal


def test_across_a_river_needs_river_crossing():
    pos = position(red={(1, 1): "sheep"})
    assert check(pos, "sheep", 2, 1).reasons == (
        "A-08 is across a river from A-07 and Ailsa has no shipping",
    )
    pos = position(red={(1, 1): "sheep"}, red_shipping="river_crossing")
    assert check(pos, "sheep", 2, 1).route == "across the river from A-07"


def test_out_of_reach_is_explained():
    assert check(position(), "cow", 3, 1).reasons == (
        "A-09 is not neighbouring or within shipping reach of any of Ailsa's units",
    )


def test_no_pieces_left_on_the_player_board():
    mountains = side(
        "A", [["M2", "M3", "M4", "M1", "M5"], ["M5", "M1", "M2", "M3", "M6"]], origin=(0, 0)
    )
    b = board(3, A=mountains)
    miners = {at(b, *p): "miner" for p in [(0, 0), (1, 0), (2, 0), (1, 1)]}
    pos = Position(b, (MapPlayer("Ailsa", "red", "none", miners),))
    result = check_expansion(pos, "Ailsa", "miner", at(b, 3, 0), parts_economy())
    assert result.reasons == ("no miners left on the player board (all 4 are on the map)",)
    assert legal_spaces(pos, "Ailsa", "miner", parts_economy()) == []


def test_solo_neutral_worker_blocks_one_pound_spaces():
    b = board(1, A=SIDE)
    pos = Position(b, (MapPlayer("Ailsa", "red", "none", {at(b, 1, 0): "woodcutter"}),))
    result = check_expansion(pos, "Ailsa", "cow", at(b, 1, 1), parts_economy())
    assert result.reasons == ("A-07 holds a neutral worker (solo: every £1 space is blocked)",)


def test_tighter_map_covered_space():
    pos = position(3, covered=("A-06", "A-07", "A-08", "A-09"))
    assert check(pos, "cow", 1, 1).reasons == ("A-07 is covered by a port tile (tighter map)",)


def test_money_is_checked_when_given():
    assert check(position(), "cow", 1, 1, money=9).reasons == ("costs £10 and Ailsa has £9",)
    assert check(position(), "cow", 1, 1, money=10).legal


def test_every_reason_at_once():
    result = check(position(), "sheep", 1, 0, who="Bruce", money=0)
    assert result.reasons == (
        "A-02 holds Ailsa's woodcutter",
        "A-02 is forest only: a sheep needs grassland",
        "A-02 is not neighbouring or within shipping reach of any of Bruce's units",
        "costs £11 and Bruce has £0",
    )


def test_an_own_unit_is_the_only_reason_on_its_space():
    """Reach says nothing about a space the player holds already: one reason, by name."""
    result = check(position(), "woodcutter", 1, 0)
    assert result.reasons == ("A-02 holds Ailsa's own woodcutter",)


def test_starting_workers_need_no_reach():
    assert not check(position(), "miner", 4, 1).legal
    assert check(position(), "miner", 4, 1, anywhere=True).legal


def test_player_by_name_or_colour():
    assert check(position(), "cow", 1, 1, who="RED").legal
    with pytest.raises(ValueError, match="no player 'green'"):
        check(position(), "cow", 1, 1, who="green")


def test_clan_rules_plug_in():
    def discount(check, position, player, target):
        return check._replace(unit_cost=check.unit_cost - 3)

    assert check(position(), "cow", 1, 1, rules=[discount]).cost == 7


SIDES = load_module_set(maps_folder(), DEFAULT_ORIGINS)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["sheep", "cow", "field", "woodcutter", "miner"]),
    st.sampled_from(["none", "river_crossing", "1_loch", "3_loch"]),
    st.integers(0, 3),
)
def test_listed_spaces_are_exactly_the_legal_ones(unit, shipping, players_minus):
    from caledonia.rules.board import assemble

    players = 4 - players_minus
    b = assemble(SIDES, ["A2", "B1", "C2", "D1"], players)
    start = next(s.index for s in b.spaces if b.is_free_land(s.index) and "grassland" in s.land)
    pos = Position(b, (MapPlayer("Ailsa", "red", shipping, {start: "bakery"}),))
    listed = {c.space for c in legal_spaces(pos, "Ailsa", unit, parts_economy())}
    brute = {
        s.id
        for s in b.spaces
        if check_expansion(pos, "Ailsa", unit, s.index, parts_economy()).legal
    }
    assert listed == brute


# -- position files -----------------------------------------------------------

POSITION = """\
modules: [A1, B1, C1, D1]
ports: {A: 5, B: 2}
players:
  - name: Ailsa
    colour: red
    shipping: 1_loch
    units: {A-10: sheep, A-11: cow}
  - name: Bruce
    units: [B-17, B-22]
"""


def load(text, players=None):
    from caledonia.rules.components import components

    parts = components()
    return parse_position(
        parse_yaml(text, "pos.yaml"),
        "pos.yaml",
        SIDES,
        parts.economy,
        tuple(t.id for t in parts.port_tiles),
    )


def test_position_file_loads():
    pos = load(POSITION)
    assert pos.board.players == 2 and pos.ports == {"A": "5", "B": "2"}
    assert pos.players[1].colour == "blue" and pos.players[1].shipping == "none"
    assert set(pos.players[1].units.values()) == {None}


@pytest.mark.parametrize(
    "old, new, path, reason",
    [
        ("A-10: sheep", "A-99: sheep", "players[0].units.A-99", "no space 'A-99'"),
        (
            "A-10: sheep",
            "A-09: sheep",
            "players[0].units.A-09",
            "A-09 is forest only: a sheep needs grassland",
        ),
        ("A-10: sheep", "A-18: sheep", "players[0].units.A-18", "A-18 is a loch"),
        (
            "A-10: sheep",
            "A-01: sheep",
            "players[0].units.A-01",
            "A-01 is mist: not part of a 2-player map",
        ),
        ("A-10: sheep", "A-10: goat", "players[0].units.A-10", "expected one of sheep"),
        ("[B-17, B-22]", "[B-17, A-10]", "players[1].units", "A-10 already holds Ailsa's sheep"),
        (
            "shipping: 1_loch",
            "shipping: 5_loch",
            "players[0].shipping",
            "one of none, river_crossing",
        ),
        ("colour: red", "colour: pink", "players[0].colour", "one of red, blue"),
        ("ports: {A: 5, B: 2}", "ports: {A: 5, B: 5}", "ports.B", "port tile 5 is at two corners"),
        ("ports: {A: 5, B: 2}", "ports: {A: 9}", "ports.A", "expected a port tile"),
        ("[A1, B1, C1, D1]", "[A1, B1, C1, C2]", "modules", "one side of each module"),
    ],
)
def test_position_errors(old, new, path, reason):
    assert old in POSITION
    with pytest.raises(DataError) as caught:
        load(POSITION.replace(old, new, 1))
    assert caught.value.path == path and reason in caught.value.reason


def test_too_many_pieces_of_one_kind():
    text = POSITION.replace(
        "{A-10: sheep, A-11: cow}",
        "{A-10: sheep, A-11: sheep, A-12: sheep, A-13: sheep, A-14: sheep}",
    )
    with pytest.raises(DataError, match="5 sheep units, but a player has only 4"):
        load(text)
