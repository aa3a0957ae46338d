"""Import rarity (rulings 2 and 3): most imported 3 VP, middle 4, least 5."""

from __future__ import annotations

from caledonia.rules.scoring import import_values, score_sheet
from conftest import player, sheet
from hypothesis import given
from hypothesis import strategies as st


def values(parts, cotton, tobacco, sugar_cane, static=False):
    totals = {"cotton": cotton, "tobacco": tobacco, "sugar_cane": sugar_cane}
    return import_values(totals, parts.final_scoring, static)


def counts(cotton, tobacco, sugar_cane, contracts=1):
    return {
        "fulfilled_contracts": contracts,
        "imports": {"cotton": cotton, "tobacco": tobacco, "sugar_cane": sugar_cane},
    }


def test_rulebook_example_cotton_most_tobacco_least(parts):
    assert values(parts, 20, 6, 11) == {"cotton": 3, "tobacco": 5, "sugar_cane": 4}


def test_rulebook_example_player_scores_41(parts):
    # 3 tobacco, 2 sugar cane, 6 cotton: 15 + 8 + 18 = 41
    rival = player("Bruce", **counts(14, 3, 9, contracts=5))
    mine = player("Ailsa", **counts(6, 3, 2, contracts=3))
    result = score_sheet(sheet(parts, mine, rival), parts)
    assert result.import_values == {"cotton": 3, "tobacco": 5, "sugar_cane": 4}
    assert result.players[0].breakdown.imports == 41


def test_all_equal_cotton_rarest_then_tobacco(parts):
    assert values(parts, 4, 4, 4) == {"cotton": 5, "tobacco": 4, "sugar_cane": 3}
    assert values(parts, 0, 0, 0) == {"cotton": 5, "tobacco": 4, "sugar_cane": 3}


def test_tie_between_two_goods_follows_the_printed_order(parts):
    # cotton and tobacco level at the top: tobacco counts as the more imported
    assert values(parts, 5, 5, 2) == {"cotton": 4, "tobacco": 3, "sugar_cane": 5}
    # tobacco and sugar cane level at the bottom: tobacco is rarer
    assert values(parts, 9, 2, 2) == {"cotton": 3, "tobacco": 5, "sugar_cane": 4}
    # cotton and sugar cane level: cotton rarer
    assert values(parts, 3, 7, 3) == {"cotton": 5, "tobacco": 3, "sugar_cane": 4}


def test_static_imports_variant_is_four_each(parts):
    assert values(parts, 20, 6, 11, static=True) == {"cotton": 4, "tobacco": 4, "sugar_cane": 4}


def test_static_variant_in_a_sheet(parts):
    entry = player(contracts=[1, 2])  # 2 cotton, 3 tobacco
    result = score_sheet(sheet(parts, entry, player("Bruce"), static_imports=True), parts)
    assert result.players[0].breakdown.imports == 20


def test_solo_rarity_comes_from_own_totals(parts):
    # contracts 1 (2 cotton), 2 (3 tobacco), 3 (2 sugar cane): tobacco most, cotton rarest
    result = score_sheet(sheet(parts, player(contracts=[1, 2, 3])), parts)
    assert result.import_values == {"cotton": 5, "tobacco": 3, "sugar_cane": 4}
    assert result.players[0].breakdown.imports == 2 * 5 + 3 * 3 + 2 * 4


totals = st.integers(0, 60)


@given(totals, totals, totals)
def test_values_are_three_four_and_five(parts, cotton, tobacco, sugar_cane):
    result = values(parts, cotton, tobacco, sugar_cane)
    assert sorted(result.values()) == [3, 4, 5]
    amounts = {"cotton": cotton, "tobacco": tobacco, "sugar_cane": sugar_cane}
    for good, amount in amounts.items():
        for other, other_amount in amounts.items():
            if amount < other_amount:
                assert result[good] > result[other]
