"""Reading score sheets: every kind of bad input is refused with file, line and key path."""

from __future__ import annotations

import textwrap

import pytest
from caledonia.rules.errors import DataError
from caledonia.rules.sheet import load_sheet, parse_sheet, sheet_as_data, sheet_as_yaml
from caledonia.rules.yamlfile import parse_yaml
from hypothesis import given
from hypothesis import strategies as st

GOOD = """\
players:
  - name: Ailsa
    clan: Buchanan
    glory: 30
    money: 25
    goods: {wool: 1, milk: 0, grain: 2, cheese: 1, bread: 0, whisky: 1}
    contracts: [1, 6, 50]
    settlements: 5
  - name: Bruce
    glory: 20
    money: 3
    fulfilled_contracts: 4
    hops: 5
    imports: {cotton: 3, tobacco: 0, sugar_cane: 2}
    settlements: 6
    auction_bid: 2
"""


def write(tmp_path, text, name="sheet.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def refused(tmp_path, parts, text):
    path = write(tmp_path, text)
    with pytest.raises(DataError) as caught:
        load_sheet(str(path), parts)
    message = str(caught.value)
    assert message.startswith(str(path)), message
    return caught.value


def replace(old, new):
    assert old in GOOD
    return GOOD.replace(old, new, 1)


def test_the_documented_shape_loads(tmp_path, parts):
    result = load_sheet(str(write(tmp_path, GOOD)), parts)
    ailsa, bruce = result.players
    assert ailsa.contracts == (1, 6, 50)
    assert ailsa.fulfilled_contracts == 3
    assert ailsa.hops == 1 + 3 + 0
    assert dict(ailsa.imports) == {"cotton": 2, "tobacco": 3, "sugar_cane": 1}
    assert bruce.contracts is None
    assert (bruce.fulfilled_contracts, bruce.hops, bruce.auction_bid) == (4, 5, 2)
    assert not result.static_imports


def test_missing_goods_count_zero_and_clan_case_is_free(parts):
    data = parse_yaml(GOOD.replace("clan: Buchanan", "clan: buchanan"), "s.yaml")
    del data["players"][0]["goods"]
    result = parse_sheet(data, "s.yaml", parts)
    assert set(result.players[0].goods.values()) == {0}
    assert result.players[0].clan == "Buchanan"


def test_static_imports_variant_is_read(tmp_path, parts):
    result = load_sheet(str(write(tmp_path, "variant: {static_imports: true}\n" + GOOD)), parts)
    assert result.static_imports


@pytest.mark.parametrize(
    "old, new, line, path, reason",
    [
        (
            "glory: 30",
            "glory: thirty",
            4,
            "players[0].glory",
            "expected a whole number, 0 or more, got the text 'thirty'",
        ),
        ("glory: 30", "glory: yes", 4, "players[0].glory", "got true (a yes/no value)"),
        ("glory: 30", "glory: 2.5", 4, "players[0].glory", "not a whole number"),
        ("money: 25", "money: -1", 5, "players[0].money", "got -1"),
        ("wool: 1,", "wool: -2,", 6, "players[0].goods.wool", "got -2"),
        ("milk: 0,", "beer: 0,", 6, "players[0].goods.beer", "unknown key 'beer'"),
        (
            "contracts: [1, 6, 50]",
            "contracts: [1, 6, 51]",
            7,
            "players[0].contracts[2]",
            "unknown contract id 51",
        ),
        (
            "contracts: [1, 6, 50]",
            "contracts: [1, 6, 6]",
            7,
            "players[0].contracts[2]",
            "contract 6 is listed twice",
        ),
        (
            "contracts: [1, 6, 50]",
            "contracts: [1, six]",
            7,
            "players[0].contracts[1]",
            "no good 'six' on a contract tile",
        ),
        ("settlements: 5", "settlements: 33", 8, "players[0].settlements", "from 0 to 32"),
        (
            "settlements: 5",
            "setlements: 5",
            8,
            "players[0].setlements",
            "did you mean 'settlements'",
        ),
        ("auction_bid: 2", "auction_bid: 31", 16, "players[1].auction_bid", "from 0 to 30"),
        ("clan: Buchanan", "clan: MacNobody", 3, "players[0].clan", "expected a clan"),
        ("name: Bruce", "name: ''", 9, "players[1].name", "expected non-empty text"),
        ("hops: 5", "hops: [5]", 13, "players[1].hops", "got a list"),
        (
            "fulfilled_contracts: 4",
            "fulfilled_contracts: 51",
            12,
            "players[1].fulfilled_contracts",
            "from 0 to 50",
        ),
        (
            "imports: {cotton: 3,",
            "imports: {cottn: 3,",
            14,
            "players[1].imports.cottn",
            "did you mean 'cotton'",
        ),
    ],
)
def test_bad_values_name_line_path_and_expectation(tmp_path, parts, old, new, line, path, reason):
    error = refused(tmp_path, parts, replace(old, new))
    assert (error.line, error.path) == (line, path)
    assert reason in error.reason


def test_yaml_syntax_error_names_its_line(tmp_path, parts):
    error = refused(tmp_path, parts, replace("money: 25", "money: [25"))
    assert error.line is not None and error.line >= 5
    assert "not valid YAML" in error.reason


def test_object_building_tags_are_refused(tmp_path, parts):
    error = refused(tmp_path, parts, 'players: !!python/object/apply:os.system ["echo hacked"]\n')
    assert "!!python/object/apply:os.system is not allowed" in error.reason
    assert error.line == 1


def test_unknown_local_tags_are_refused(tmp_path, parts):
    error = refused(tmp_path, parts, replace("glory: 30", "glory: !score 30"))
    assert "!score is not allowed" in error.reason


def test_duplicate_keys_are_refused(tmp_path, parts):
    error = refused(tmp_path, parts, replace("money: 25", "money: 25\n    money: 26"))
    assert error.line == 6 and "appears twice" in error.reason


def test_empty_file(tmp_path, parts):
    assert "empty" in refused(tmp_path, parts, "").reason
    assert "empty" in refused(tmp_path, parts, "# only a comment\n").reason


def test_missing_file_and_folder(tmp_path, parts):
    with pytest.raises(DataError, match="file not found"):
        load_sheet(str(tmp_path / "nope.yaml"), parts)
    with pytest.raises(DataError, match="is a directory"):
        load_sheet(str(tmp_path), parts)


def test_not_utf8(tmp_path, parts):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("players:\n  - name: Ren\xe9e\n".encode("latin-1"))
    with pytest.raises(DataError, match="not UTF-8"):
        load_sheet(str(path), parts)


@pytest.mark.parametrize("count", [0, 5])
def test_player_count_must_be_one_to_four(tmp_path, parts, count):
    entry = "  - {{name: P{0}, glory: 0, money: 0, contracts: [], settlements: 0}}\n"
    text = (
        "players:\n" + "".join(entry.format(i) for i in range(count)) if count else "players: []\n"
    )
    error = refused(tmp_path, parts, text)
    assert error.path == "players" and f"got {count}" in error.reason


def test_top_level_must_be_a_mapping_with_players(tmp_path, parts):
    assert "expected a mapping" in refused(tmp_path, parts, "- 1\n- 2\n").reason
    assert "missing key 'players'" in refused(tmp_path, parts, "variant: {}\n").reason
    assert "unknown key 'player'" in refused(tmp_path, parts, "player: []\nplayers: []\n").reason


def test_a_contract_belongs_to_one_player(tmp_path, parts):
    text = replace(
        "fulfilled_contracts: 4\n    hops: 5\n    imports: {cotton: 3, tobacco: 0, sugar_cane: 2}",
        "contracts: [7, 50]",
    )
    error = refused(tmp_path, parts, text)
    assert error.path == "players[1].contracts[1]"
    assert "contract 50 is also listed for Ailsa" in error.reason


def test_ids_and_counts_cannot_be_mixed(tmp_path, parts):
    error = refused(tmp_path, parts, replace("settlements: 5", "settlements: 5\n    hops: 3"))
    assert "not both" in error.reason


def test_contracts_must_be_given_one_way(tmp_path, parts):
    error = refused(tmp_path, parts, replace("    contracts: [1, 6, 50]\n", ""))
    assert error.path == "players[0]" and "missing key 'contracts'" in error.reason


def test_hops_need_a_fulfilled_contract(tmp_path, parts):
    error = refused(tmp_path, parts, replace("fulfilled_contracts: 4", "fulfilled_contracts: 0"))
    assert error.path == "players[1].hops"


def test_names_and_clans_are_unique(tmp_path, parts):
    assert (
        "used by two players"
        in refused(tmp_path, parts, replace("name: Bruce", "name: ailsa")).reason
    )
    error = refused(tmp_path, parts, replace("name: Bruce", "name: Bruce\n    clan: BUCHANAN"))
    assert "already Ailsa's" in error.reason


def test_solo_has_no_auction(tmp_path, parts):
    text = (
        "players:\n"
        "  - {name: Solo, glory: 0, money: 0, contracts: [], settlements: 0, auction_bid: 3}\n"
    )
    assert "solo game has no clan auction" in refused(tmp_path, parts, text).reason


def test_all_players_together_fulfil_at_most_fifty(tmp_path, parts):
    entry = "  - {{name: P{0}, glory: 0, money: 0, fulfilled_contracts: 20, settlements: 0}}\n"
    text = "players:\n" + "".join(entry.format(i) for i in range(3))
    assert "only 50" in refused(tmp_path, parts, text).reason


def test_saved_yaml_reads_back_to_the_same_sheet(parts):
    original = parse_sheet(parse_yaml(GOOD, "s.yaml"), "s.yaml", parts)
    again = parse_sheet(parse_yaml(sheet_as_yaml(original), "again.yaml"), "again.yaml", parts)
    assert again == original


names = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12)


@given(
    names,
    st.integers(0, 200),
    st.integers(0, 200),
    st.lists(st.integers(1, 50), unique=True, max_size=8),
)
def test_round_trip_of_any_valid_sheet(parts, name, glory, money, contracts):
    if not name.strip():
        name = "x" + name
    data = {
        "players": [
            {"name": name, "glory": glory, "money": money, "contracts": contracts, "settlements": 3}
        ]
    }
    original = parse_sheet(data, "s.yaml", parts)
    assert parse_sheet(sheet_as_data(original), "s.yaml", parts) == original
    text = sheet_as_yaml(original)
    assert parse_sheet(parse_yaml(text, "s.yaml"), "s.yaml", parts) == original


def test_a_sheets_contracts_may_be_named_by_their_goods(tmp_path, parts):
    """The printed tiles carry no numbers: a sheet lists a tile by its left half."""
    text = GOOD.replace("contracts: [1, 6, 50]", "contracts: [4 wool, 6, cheese bread whisky]")
    sheet = load_sheet(str(write(tmp_path, text)), parts)
    assert sheet.players[0].contracts == (1, 6, 50)
