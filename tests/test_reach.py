"""Shipping reach (rulings 7-9), ports (12) and settlements (10), on small hand-made maps."""

from __future__ import annotations

import pytest
from caledonia.rules.board import DEFAULT_ORIGINS, assemble
from caledonia.rules.map_modules import load_module_set, maps_folder
from caledonia.rules.reach import (
    SHIPPING_LEVELS,
    port_route,
    reachable,
    route_to,
    why_out_of_reach,
)
from caledonia.rules.settlements import count_settlements
from hypothesis import given, settings
from hypothesis import strategies as st
from maptools import at, board, side, spaces

LEVELS = SHIPPING_LEVELS

# One row of land with water between: A-01 . A-02 across a river, then two lochs, then land,
# then loch, land (in the middle of a water route), loch, land.
#   col: 0    1    2  3  4    5  6    7
ROW = ["G2", "G2", "~", "~", "G2", "~", "G2", "~", "G2"]
LINE = side("A", [ROW], rivers=[((0, 0), (1, 0))], origin=(0, 0))


def reach_of(b, units, level):
    return {b.spaces[i].id for i in reachable(b, units, level)}


@pytest.mark.parametrize(
    "level, expected",
    [
        ("none", set()),
        ("river_crossing", {"A-01"}),
        ("1_loch", {"A-01"}),
        ("2_loch", {"A-01", "A-05"}),
        ("3_loch", {"A-01", "A-05"}),
        ("4_loch", {"A-01", "A-05"}),
    ],
)
def test_reach_from_the_second_space_of_the_line(level, expected):
    b = board(A=LINE)
    found = reach_of(b, [at(b, 1, 0)], level) - {"A-03", "A-04"}  # the lochs beside it
    assert found == expected


def test_neighbouring_needs_no_shipping():
    b = board(A=side("A", [["G2", "G2"]], origin=(0, 0)))
    assert route_to(b, [at(b, 0, 0)], at(b, 1, 0), "none").kind == "neighbouring"


def test_river_needs_river_crossing():
    b = board(A=LINE)
    assert route_to(b, [at(b, 0, 0)], at(b, 1, 0), "none") is None
    route = route_to(b, [at(b, 0, 0)], at(b, 1, 0), "river_crossing")
    assert route.kind == "river"
    assert "across a river from A-01 and red has no shipping" in why_out_of_reach(
        b, [at(b, 0, 0)], at(b, 1, 0), "none", "red"
    )


def test_one_loch_crosses_one_loch_space_and_two_loch_two():
    b = board(A=side("A", [["G2", "~", "G2", "~", "~", "G2"]], origin=(0, 0)))
    start = at(b, 0, 0)
    assert route_to(b, [start], at(b, 2, 0), "river_crossing") is None
    assert route_to(b, [start], at(b, 2, 0), "1_loch").lochs == 1
    from_middle = at(b, 2, 0)
    assert route_to(b, [from_middle], at(b, 5, 0), "1_loch") is None
    assert route_to(b, [from_middle], at(b, 5, 0), "2_loch").lochs == 2
    assert "2 lochs away from A-03 and red has 1-loch shipping" in why_out_of_reach(
        b, [from_middle], at(b, 5, 0), "1_loch", "red"
    )


def test_never_hop_over_a_land_space():
    # from A-05: loch, land A-07, loch, land A-09. A-07 is one loch away; A-09 lies beyond
    # the land space, so no level reaches it from A-05
    b = board(A=LINE)
    assert route_to(b, [at(b, 4, 0)], at(b, 6, 0), "1_loch").lochs == 1
    for level in LEVELS:
        assert route_to(b, [at(b, 4, 0)], at(b, 8, 0), level) is None
        assert at(b, 8, 0) not in reachable(b, [at(b, 4, 0)], level)


def test_never_hop_along_a_river_either():
    b = board(
        A=side(
            "A", [["G2", "G2", "G2"]], rivers=[((0, 0), (1, 0)), ((1, 0), (2, 0))], origin=(0, 0)
        )
    )
    assert at(b, 2, 0) not in reachable(b, [at(b, 0, 0)], "4_loch")


def test_one_crossing_per_expansion_loch_then_river_is_not_allowed():
    # A-01 ~ A-03 | A-04 : across the loch to A-03 (1-loch), but not on across the river to A-04
    b = board(A=side("A", [["G2", "~", "G2", "G2"]], rivers=[((2, 0), (3, 0))], origin=(0, 0)))
    routes = reachable(b, [at(b, 0, 0)], "4_loch")
    assert at(b, 2, 0) in routes and at(b, 3, 0) not in routes


def test_one_crossing_per_expansion_river_then_loch_is_not_allowed():
    b = board(A=side("A", [["G2", "G2", "~", "G2"]], rivers=[((0, 0), (1, 0))], origin=(0, 0)))
    routes = reachable(b, [at(b, 0, 0)], "4_loch")
    assert at(b, 1, 0) in routes and at(b, 3, 0) not in routes


def test_the_best_route_is_reported():
    b = board(A=side("A", [["G2", "~", "G2"], ["G2", "G2", "."]], origin=(0, 0)))
    # A-03 (2,0) is across the loch from A-01, and neighbouring A-05 (1,1)
    route = route_to(b, spaces(b, (0, 0), (1, 1)), at(b, 2, 0), "1_loch")
    assert route.kind == "neighbouring" and b.spaces[route.source].id == "A-05"


def test_port_reach_by_neighbouring_and_by_loch():
    s = side(
        "A",
        [["G2", "~", "G2", "G2"]],
        slots={"players_3_4": [(1, 0)], "players_1_2": [(3, 0)]},
        origin=(0, 0),
    )
    four = board(4, A=s)
    slot = four.port_slots[0]  # touches the loch A-02
    assert port_route(four, [at(four, 0, 0)], slot, "river_crossing") is None
    assert port_route(four, [at(four, 0, 0)], slot, "1_loch").lochs == 1
    two = board(2, A=s)
    slot = two.port_slots[0]  # touches A-04
    assert port_route(two, [at(two, 3, 0)], slot, "none").kind == "neighbouring"
    assert port_route(two, [at(two, 2, 0)], slot, "4_loch") is None


# -- settlements ------------------------------------------------------------

# The rulebook's settlement example, rebuilt: red has a cluster of three, two
# single units at the top split by a river, and one unit two lochs away.
EXAMPLE_ROWS = [
    ["~" if (c, r) in {(2, 1), (1, 3), (1, 4)} else "G2" for c in range(6)] for r in range(6)
]
EXAMPLE = side("A", EXAMPLE_ROWS, rivers=[((1, 0), (2, 0))], origin=(0, 0))
RED = [(1, 0), (2, 0), (2, 2), (3, 2), (2, 3), (0, 5)]
# black: five single units in a row, each two lochs from the next, and a sixth three lochs on
BLACK_ROW = [
    "G2",
    "~",
    "~",
    "G2",
    "~",
    "~",
    "G2",
    "~",
    "~",
    "G2",
    "~",
    "~",
    "G2",
    "~",
    "~",
    "~",
    "G2",
]
BLACK = side("C", [BLACK_ROW], origin=(0, 20))


def test_rulebook_example_red_one_loch_scores_three_of_four():
    b = board(A=EXAMPLE)
    counted = count_settlements(b, spaces(b, *RED), "1_loch")
    assert len(counted.settlements) == 4
    assert counted.count == 3
    kept, left = counted.describe(b)
    assert left == ["A-31"]  # the unit at the bottom left, two lochs away
    assert "A-15+A-16+A-21" in kept


def test_rulebook_example_black_two_loch_scores_five():
    b = board(C=BLACK)
    units = [at(b, c, 20) for c, code in enumerate(BLACK_ROW) if code != "~"]
    assert count_settlements(b, units, "2_loch").count == 5
    assert count_settlements(b, units, "1_loch").count == 1
    assert count_settlements(b, units, "3_loch").count == 6


def test_red_with_less_or_more_shipping():
    b = board(A=EXAMPLE)
    units = spaces(b, *RED)
    assert [count_settlements(b, units, level).count for level in LEVELS] == [1, 2, 3, 4, 4, 4]


def test_slaughter_can_split_a_settlement():
    line = side("A", [["G2", "G2", "G2"]], origin=(0, 0))
    b = board(A=line)
    assert len(count_settlements(b, spaces(b, (0, 0), (1, 0), (2, 0)), "none").settlements) == 1
    # the middle animal is slaughtered: two settlements, not in reach of each other
    after = count_settlements(b, spaces(b, (0, 0), (2, 0)), "none")
    assert len(after.settlements) == 2 and after.count == 1


def test_no_units_no_settlements():
    b = board(A=EXAMPLE)
    assert count_settlements(b, [], "4_loch").count == 0


# -- properties on the example board ----------------------------------------

SIDES = load_module_set(maps_folder(), DEFAULT_ORIGINS)
BOARD = assemble(SIDES, ["A1", "B2", "C1", "D2"], 3)
LAND = [s.index for s in BOARD.spaces if not s.loch]
unit_sets = st.lists(st.sampled_from(LAND), min_size=1, max_size=32, unique=True)


@given(unit_sets)
def test_reach_never_shrinks_when_shipping_rises(units):
    previous: set[int] = set()
    for level in LEVELS:
        now = set(reachable(BOARD, units, level))
        assert previous <= now
        previous = now


@given(unit_sets, st.sampled_from(LEVELS), st.randoms(use_true_random=False))
def test_settlements_do_not_depend_on_placement_order(units, level, random):
    shuffled = units[:]
    random.shuffle(shuffled)
    assert count_settlements(BOARD, units, level) == count_settlements(BOARD, shuffled, level)


@given(unit_sets, st.sampled_from(LEVELS))
def test_scored_group_never_exceeds_the_settlements(units, level):
    counted = count_settlements(BOARD, units, level)
    assert 1 <= counted.count <= len(counted.settlements) <= len(units)
    assert sorted(i for s in counted.settlements for i in s) == sorted(units)


@settings(max_examples=50)
@given(unit_sets)
def test_more_shipping_never_scores_fewer_settlements(units):
    counts = [count_settlements(BOARD, units, level).count for level in LEVELS]
    assert counts == sorted(counts)
