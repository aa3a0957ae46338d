"""Contract tiles by what they show: the printed tiles carry no numbers, so a table names a
tile by the goods on its left half; ids still work."""

from __future__ import annotations

import pytest
from caledonia.rules.contract_faces import (
    TileNotRead,
    face,
    find_tile,
    left_half,
    named,
    read_tiles,
    right_half,
    search_tiles,
)
from caledonia.rules.game.event_words import event_from_words
from caledonia.rules.game.spec import WordsError
from gametools import PARTS
from hypothesis import given
from hypothesis import strategies as st

CONTRACTS = PARTS.contracts
TWINS = {39, 42}  # the one left half on two tiles: 2 wool + 1 cheese + 1 whisky


def spellings(contract) -> list[str]:
    """Three ways a person writes a tile's left half: as printed with '+', upper case and
    reversed with spaces only, and without the counts of 1 (in title case)."""
    goods = [(good.replace("_", " "), n) for good, n in contract.pay.items()]
    plus = " + ".join(f"{n} {good}" for good, n in goods)
    spaced = " ".join(f"{n} {good}".upper() for good, n in reversed(goods))
    bare = " ".join((good if n == 1 else f"{n} {good}").title() for good, n in goods)
    return [plus, spaced, bare]


@pytest.mark.parametrize("contract", CONTRACTS.values(), ids=lambda c: f"contract{c.id}")
def test_every_tile_is_found_by_its_left_half_in_three_spellings(contract):
    expected = sorted(TWINS) if contract.id in TWINS else [contract.id]
    for typed in spellings(contract):
        assert sorted(find_tile(typed, CONTRACTS)) == expected, typed
        if contract.id not in TWINS:
            assert read_tiles(typed, CONTRACTS) == [contract.id]


@pytest.mark.parametrize("contract", CONTRACTS.values(), ids=lambda c: f"contract{c.id}")
def test_every_tile_is_found_by_its_whole_face_and_by_its_id(contract):
    assert read_tiles(face(contract), CONTRACTS) == [contract.id]
    assert read_tiles(str(contract.id), CONTRACTS) == [contract.id]


def test_the_twins_are_told_apart_by_their_right_half():
    with pytest.raises(TileNotRead) as refused:
        read_tiles("2 wool, 1 cheese, 1 whisky", CONTRACTS)
    reason = str(refused.value)
    assert right_half(CONTRACTS[39]) in reason and right_half(CONTRACTS[42]) in reason
    assert read_tiles("2 wool 1 cheese 1 whisky → 7 hops", CONTRACTS) == [42]
    assert read_tiles("whisky cheese 2 wool -> £10", CONTRACTS) == [39]


def test_a_twin_is_found_alone_among_tiles_that_hold_only_one_of_them():
    assert read_tiles("2 wool + 1 cheese + 1 whisky", CONTRACTS, among={42, 1}) == [42]


def test_a_list_of_tiles_is_read_in_the_order_typed():
    assert read_tiles("4 wool, 2 beef, cheese bread whisky", CONTRACTS) == [1, 3, 50]
    assert read_tiles("12, 31 ", CONTRACTS) == [12, 31]
    assert read_tiles("none", CONTRACTS) == []
    # a right half goes on over its commas; the tile after it starts with a good paid
    assert read_tiles("4 wool → 2 cotton, 1 hop, free space, 2 beef", CONTRACTS) == [1, 3]


def test_one_tiles_goods_written_with_commas_are_read_as_one_tile_when_alone_they_fit_none():
    assert read_tiles("1 wool, 1 mutton", CONTRACTS) == [14]  # no tile asks for 1 wool alone
    assert read_tiles("2 beef, 2 cheese", CONTRACTS) == [3, 9]  # commas between tiles first


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("4 wole", "no good 'wole'"),
        ("2 cotton", "cotton is what a contract gives"),
        ("2 wool", "no contract tile asks for exactly 2 wool"),
        ("51", "no contract 51"),
        ("wool 4", "4 of what?"),
    ],
)
def test_goods_that_name_no_tile_give_a_reason_naming_the_goods(typed, words):
    with pytest.raises(TileNotRead, match=words):
        read_tiles(typed, CONTRACTS)


def test_a_tile_not_among_those_allowed_is_named_by_its_face():
    with pytest.raises(TileNotRead, match=r"^4 wool → 2 cotton, 1 hop, free space is not"):
        read_tiles("4 wool", CONTRACTS, among={2, 3})


def test_the_face_reads_like_the_tile():
    assert face(CONTRACTS[1]) == "4 wool → 2 cotton, 1 hop, free space"
    assert left_half(CONTRACTS[50]) == "1 cheese + 1 bread + 1 whisky"
    assert named(CONTRACTS[10]) == "4 cheese → 4 cotton, £10, 2 bonus upgrades"  # no id


def test_the_short_search_offers_every_tile_holding_the_goods_typed():
    found = search_tiles("wool cheese", CONTRACTS)
    assert found and all({"wool", "cheese"} <= set(CONTRACTS[i].pay) for i in found)
    assert len(found) == sum(1 for c in CONTRACTS.values() if {"wool", "cheese"} <= set(c.pay))
    assert search_tiles("4 wool", CONTRACTS) == [1]  # an exact left half: that tile alone
    assert search_tiles("3 wool", CONTRACTS) == [6]
    assert search_tiles("3 wool cheese", CONTRACTS) == [31]  # none exact: at least those


@given(st.sampled_from(sorted(set(CONTRACTS) - TWINS)), st.randoms())
def test_any_order_of_a_tiles_goods_finds_it(contract_id, rng):
    goods = [f"{n} {g.replace('_', ' ')}" for g, n in CONTRACTS[contract_id].pay.items()]
    rng.shuffle(goods)
    assert read_tiles(" ".join(goods), CONTRACTS) == [contract_id]


@pytest.mark.parametrize(
    ("words", "event"),
    [
        (["contract", "Ailsa", "4", "wool"], {"contract": 1}),
        (["contract", "Ailsa", "4 wool,", "2", "beef"], {"contract": 1, "second": 3}),
        (["fulfil", "Ailsa", "cheese", "bread", "whisky"], {"contract": 50}),
        (["building-bonus", "Ailsa", "4 wool", "--drawn", "4 wool, 2 beef, 12"], {"keep": 1}),
        (["prepare", "--draw", "4 wool, 2 beef"], {"drawn": [1, 3]}),
        (["fix", "contract", "4", "wool", "open", "Ailsa"], {"contract": 1, "to": "open"}),
        (["contract", "Ailsa", "12"], {"contract": 12}),
    ],
)
def test_acts_words_take_a_tile_by_its_goods(words, event):
    parsed = event_from_words(words[0], words[1:])
    assert event.items() <= parsed.items()


def test_acts_words_say_which_goods_name_no_tile():
    with pytest.raises(WordsError, match="no good 'wole'"):
        event_from_words("contract", ["Ailsa", "wole"])
