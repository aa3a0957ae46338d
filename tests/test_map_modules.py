"""Module-side files and board assembly: the format, its errors, and the shipped examples."""

from __future__ import annotations

import textwrap

import pytest
from caledonia.rules.board import DEFAULT_ORIGINS, assemble
from caledonia.rules.errors import DataError
from caledonia.rules.map_modules import (
    hex_code,
    load_module,
    load_module_set,
    maps_folder,
    parse_code,
)
from maptools import at, board, side

GOOD = """\
module: A
side: 1
rows:
  - [G3, GF2, ~, M5*]
  - [F1, ~, GFM6, G4]
rivers:
  - [A-01, A-02]
port_slots:
  players_1_2: [A-05]
  players_3_4: [A-01, A-03]
"""


def write(tmp_path, text):
    path = tmp_path / "A1.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def test_a_side_loads_with_numbers_land_and_costs(tmp_path):
    loaded = load_module(write(tmp_path, GOOD), DEFAULT_ORIGINS)
    assert loaded.name == "A1" and not loaded.example
    assert [hex_code(h) for h in loaded.hexes] == ["G3", "GF2", "~", "M5*", "F1", "~", "GFM6", "G4"]
    assert loaded.hexes[3].mist and loaded.hexes[2].loch
    assert loaded.rivers == ((1, 2),)
    assert loaded.port_slots == {"players_1_2": (5,), "players_3_4": (1, 3)}


@pytest.mark.parametrize(
    "code, land, cost, mist",
    [
        ("G3", {"grassland"}, 3, False),
        ("fm6*", {"forest", "mountain"}, 6, True),
        ("MGF1", {"grassland", "forest", "mountain"}, 1, False),
        ("~", set(), None, False),
    ],
)
def test_codes(code, land, cost, mist):
    assert parse_code(code) == (frozenset(land), cost, mist)
    assert parse_code(".") is None


@pytest.mark.parametrize(
    "old, new, path, reason",
    [
        ("M5*", "M7*", "rows[0][3]", "land cost must be £1 to £6, got £7"),
        ("M5*", "M0", "rows[0][3]", "land cost must be £1 to £6, got £0"),
        ("GF2", "~2", "rows[0][1]", "a loch has no land cost"),
        ("GF2", "~*", "rows[0][1]", "a loch is never mist"),
        ("GF2", "GX2", "rows[0][1]", "unknown land type 'X'"),
        ("GF2", "GG2", "rows[0][1]", "land type repeated"),
        ("GF2", "grass", "rows[0][1]", "expected a code such as G3"),
        (
            "[F1, ~, GFM6, G4]",
            "[F1, ~, GFM6]",
            "rows[1]",
            "this row has 3 positions, the first has 4",
        ),
        ("[A-01, A-02]", "[A-01, A-07]", "rivers[0]", "A-01 and A-07 are not adjacent"),
        (
            "[A-01, A-02]",
            "[A-02, A-03]",
            "rivers[0][1]",
            "A-03 is a loch: rivers run between land spaces",
        ),
        ("[A-01, A-02]", "[A-01, A-09]", "rivers[0][1]", "no space A-09 on module A"),
        ("[A-01, A-02]", "[A-01]", "rivers[0]", "expected a pair of adjacent land spaces"),
        (
            "players_1_2: [A-05]",
            "players_1_2: []",
            "port_slots.players_1_2",
            "must touch at least one space",
        ),
        (
            "players_1_2: [A-05]",
            "players_1_2: [B-05]",
            "port_slots.players_1_2[0]",
            "no space B-05 on module A",
        ),
        ("side: 1", "side: 3", "side", "from 1 to 2"),
        ("module: A", "module: E", "module", "one of A, B, C, D"),
    ],
)
def test_bad_files_name_the_key_and_the_reason(tmp_path, old, new, path, reason):
    assert old in GOOD
    target = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(DataError) as caught:
        load_module(target, DEFAULT_ORIGINS)
    assert caught.value.source == str(target)
    assert caught.value.path == path
    assert reason in caught.value.reason
    assert caught.value.line is not None


def test_an_odd_origin_row_is_refused(tmp_path):
    target = write(tmp_path, GOOD + "origin: {column: 0, row: 3}\n")
    with pytest.raises(DataError, match="expected an even row"):
        load_module(target, DEFAULT_ORIGINS)


def test_overlapping_modules_are_refused():
    a = side("A", [["G1", "G1"]], origin=(0, 0))
    b = side("B", [["G1", "G1"]], origin=(1, 0))
    with pytest.raises(DataError, match="B-01 overlaps A-02 of module A at board column 1, row 0"):
        board(A=a, B=b)


def test_a_set_with_two_files_for_one_side_is_refused(tmp_path):
    write(tmp_path, GOOD)
    (tmp_path / "copy.yaml").write_text(GOOD)
    with pytest.raises(DataError, match="module side A1 is also in"):
        load_module_set(tmp_path, DEFAULT_ORIGINS)


def test_assembly_needs_one_side_of_each_module():
    sides = load_module_set(maps_folder(), DEFAULT_ORIGINS)
    with pytest.raises(ValueError, match="one side of each module"):
        assemble(sides, ["A1", "A2", "C1", "D1"], 4)
    with pytest.raises(ValueError, match="no module side 'E1'"):
        assemble(sides, ["A1", "B1", "C1", "E1"], 4)


# -- the shipped examples ----------------------------------------------------

EXAMPLES = load_module_set(maps_folder(), DEFAULT_ORIGINS)


def test_eight_example_sides_all_labelled_as_examples():
    assert sorted(EXAMPLES) == ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2"]
    assert all(s.example for s in EXAMPLES.values())
    for s in EXAMPLES.values():
        assert "EXAMPLE LAYOUT" in open(s.source, encoding="utf-8").read()


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_follows_the_real_structure(name):
    s = EXAMPLES[name]
    lands = [h.land for h in s.hexes if not h.loch]
    assert any(h.loch and 1 <= h.column <= 5 and 1 <= h.row <= 4 for h in s.hexes), (
        "loch near the centre"
    )
    assert any(land == {"forest"} for land in lands) and any(land == {"mountain"} for land in lands)
    assert any(len(land) > 1 for land in lands), "mixed spaces"
    assert {h.cost for h in s.hexes if not h.loch} <= set(range(1, 7))
    assert 1 in {h.cost for h in s.hexes} and 6 in {h.cost for h in s.hexes}
    assert any(h.mist for h in s.hexes)
    assert s.rivers and set(s.port_slots) == {"players_1_2", "players_3_4"}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_all_sixteen_combinations_assemble(players):
    from itertools import product

    for names in product(*[[f"{m}1", f"{m}2"] for m in "ABCD"]):
        assembled = assemble(EXAMPLES, names, players)
        assert len(assembled.spaces) == 168
        assert assembled.deltas, "rivers flow into lochs"
        assert len(assembled.port_slots) == 4


# -- what the board works out ------------------------------------------------


def test_mist_is_off_with_one_or_two_players_and_lochs_stay():
    mist_side = side("A", [["G2*", "G2", "~"], ["G2", "G1", "G2"]], origin=(0, 0))
    for players, active in [(1, 5), (2, 5), (3, 6), (4, 6)]:
        b = board(players, A=mist_side)
        assert sum(1 for i in b.active if b.spaces[i].module == "A") == active
        assert at(b, 2, 0) in b.active  # the loch


def test_solo_blocks_every_active_one_pound_space():
    s = side("A", [["G1*", "G1", "F1"], ["G2", "~", "M1"]], origin=(0, 0))
    solo = board(1, A=s)
    blocked = {solo.spaces[i].id for i in solo.blocked}
    assert {"A-02", "A-03", "A-06"} <= blocked
    assert "A-01" not in blocked  # mist: not on the solo map at all
    assert not board(2, A=s).blocked


def test_tighter_map_covers_four_active_land_spaces():
    sides = load_module_set(maps_folder(), DEFAULT_ORIGINS)
    names = ["A1", "B1", "C1", "D1"]
    base = assemble(sides, names, 3)
    covered = ["A-10", "B-12", "C-12", "D-04"]
    from caledonia.rules.board import Board

    tight = Board(base.sides, 3, covered)
    assert {tight.spaces[i].id for i in tight.blocked} == set(covered)
    with pytest.raises(ValueError, match="2 or 3 players"):
        Board(base.sides, 4, covered)
    with pytest.raises(ValueError, match="exactly four"):
        Board(base.sides, 2, covered[:3])
    with pytest.raises(ValueError, match="not an active land space"):
        Board(base.sides, 2, ["A-01", "B-12", "C-12", "D-04"])  # A-01 is mist
    with pytest.raises(ValueError, match="not an active land space"):
        Board(base.sides, 3, ["A-18", "B-12", "C-12", "D-04"])  # A-18 is a loch


def test_border_spaces_touch_the_mist_or_the_edge():
    s = side(
        "A",
        [
            ["G2*", "G2*", "G2*", "G2*"],
            ["G2*", "G2", "G2", "G2*"],
            ["G2*", "G2", "G2", "G2*"],
            ["G2*", "G2*", "G2*", "G2*"],
        ],
        origin=(0, 0),
    )
    two = board(2, A=s)
    assert {two.spaces[i].id for i in two.border if two.spaces[i].module == "A"} == {
        "A-06",
        "A-07",
        "A-10",
        "A-11",
    }
    four = board(4, A=s)
    edge = {four.spaces[i].id for i in four.border if four.spaces[i].module == "A"}
    assert "A-06" not in edge and "A-01" in edge and "A-16" in edge


def test_river_deltas_are_the_banks_where_a_river_meets_a_loch():
    # the river runs A-01|A-02 then A-02|A-03; only the second edge ends at a
    # vertex of the loch A-05, so its banks are the delta; A-01 is upstream
    s = side(
        "A",
        [["G2", "G2", "G2"], ["G2", "~", "G2"]],
        rivers=[((0, 0), (1, 0)), ((1, 0), (2, 0))],
        origin=(0, 0),
    )
    b = board(3, A=s)
    assert {b.spaces[i].id for i in b.deltas} == {"A-02", "A-03"}
    far = side(
        "A",
        [["G2", "G2", "G2", "G2"], ["G2", "G2", "G2", "~"]],
        rivers=[((0, 0), (1, 0))],
        origin=(0, 0),
    )
    assert not board(3, A=far).deltas


def test_port_slot_follows_the_player_count():
    s = side(
        "A", [["G2", "G2"]], slots={"players_1_2": [(1, 0)], "players_3_4": [(0, 0)]}, origin=(0, 0)
    )
    two, four = board(2, A=s), board(4, A=s)
    assert [two.spaces[i].id for i in two.port_slots[0].touches] == ["A-02"]
    assert [four.spaces[i].id for i in four.port_slots[0].touches] == ["A-01"]


def test_space_lookup_is_forgiving_and_precise():
    b = board(4, A=side("A", [["G2"] * 9], origin=(0, 0)))
    assert b.lookup("a-7") == b.lookup("A-07")
    with pytest.raises(ValueError, match="no space 'Z-99'"):
        b.lookup("Z-99")


def test_the_same_board_laid_out_again_is_the_one_laid_out_last():
    """A setup's check and its game's first state lay out one board: the second is the
    first, and any other layout is a board of its own, as a new Board would be."""
    from caledonia.rules.board import Board, laid_out

    sides = assemble(load_module_set(maps_folder(), DEFAULT_ORIGINS), ["A1", "B1", "C1", "D1"], 3)
    first = laid_out(sides.sides, 3)
    assert laid_out(list(sides.sides), 3) is first
    other = laid_out(sides.sides, 2)
    assert other is not first
    fresh = Board(sides.sides, 2)
    assert (other.active, other.blocked, other.border) == (
        fresh.active,
        fresh.blocked,
        fresh.border,
    )
    tight = laid_out(sides.sides, 3, ["A-10", "B-12", "C-12", "D-04"])
    assert tight is not first and len(tight.blocked) == 4
    with pytest.raises(ValueError, match="2 or 3 players"):
        laid_out(sides.sides, 4, ["A-10", "B-12", "C-12", "D-04"])
    assert (
        laid_out(sides.sides, 3, ["A-10", "B-12", "C-12", "D-04"]) is tight
    )  # kept, not the refusal
