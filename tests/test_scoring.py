"""Final scoring: each category, ranks and the money tie-breaker, solo thresholds and rating."""

from __future__ import annotations

import pytest
from caledonia.rules.scoring import score_sheet
from conftest import player, sheet
from hypothesis import given
from hypothesis import strategies as st


def score(parts, *players, **variant):
    return score_sheet(sheet(parts, *players, **variant), parts)


def test_every_category_of_a_two_player_sheet(parts):
    ailsa = player(
        "Ailsa",
        glory=30,
        money=25,
        goods={"wool": 1, "milk": 0, "grain": 2, "cheese": 1, "bread": 0, "whisky": 1},
        contracts=[1, 6, 50],
        settlements=5,
    )
    bruce = player("Bruce", glory=41, money=9, contracts=[2], settlements=6)
    result = score(parts, ailsa, bruce)
    a, b = result.players
    # imports: cotton 2 (#1), tobacco 3+3 (#50, #2), sugar cane 1 (#6):
    # tobacco most (3 VP), cotton middle (4), sugar cane rarest (5)
    assert result.import_values == {"cotton": 4, "tobacco": 3, "sugar_cane": 5}
    assert a.breakdown._asdict() == {
        "glory": 30,
        "goods": 3 * 1 + 2 * 2,  # wool, 2 grain; cheese, whisky
        "money": 2,  # £25: two full tens
        "hops": 1 + 3,  # #1 gives 1, #6 gives 3 (corrected)
        "imports": 2 * 4 + 3 * 3 + 1 * 5,
        "exports": 8,  # 2 players: 8 for the most contracts only
        "settlements": 0,
        "auction": 0,
    }
    assert b.breakdown.settlements == 12
    assert b.breakdown.money == 0
    assert (a.total, b.total) == (30 + 7 + 2 + 4 + 22 + 8, 41 + 0 + 0 + 2 + 9 + 0 + 12)


def test_money_counts_full_tens_only(parts):
    for money, vp in [(0, 0), (9, 0), (10, 1), (19, 1), (20, 2), (99, 9)]:
        assert score(parts, player(money=money)).players[0].breakdown.money == vp


def test_processed_goods_are_worth_two(parts):
    goods = {"wool": 1, "milk": 2, "grain": 3, "cheese": 1, "bread": 2, "whisky": 3}
    assert score(parts, player(goods=goods)).players[0].breakdown.goods == 6 + 12


def test_auction_bid_is_negative_vp(parts):
    result = score(parts, player("Ailsa", glory=50, auction_bid=7), player("Bruce"))
    assert result.players[0].breakdown.auction == -7
    assert result.players[0].total == 50 - 7 + 4 + 6  # exports and settlements tied: 8/2, 12/2
    assert any("Ailsa bid 7 VP" in line for line in result.explanations)


def test_money_breaks_a_tie_on_the_total(parts):
    result = score(parts, player("Ailsa", glory=10, money=8), player("Bruce", glory=10, money=3))
    assert [p.total for p in result.players] == [10 + 4 + 6, 10 + 4 + 6]
    assert [p.rank for p in result.players] == [1, 2]
    assert "Ailsa wins on money" in result.explanations[-1]


def test_equal_total_and_money_share_the_rank(parts):
    result = score(
        parts,
        player("Ailsa", glory=10, money=5),
        player("Bruce", glory=10, money=5),
        player("Cat", glory=1),
    )
    assert [p.rank for p in result.players] == [1, 1, 3]
    assert "Ailsa and Bruce share the win" in result.explanations[-1]


def test_more_money_never_beats_more_vp(parts):
    result = score(parts, player("Ailsa", glory=11, money=0), player("Bruce", glory=10, money=9))
    assert [p.rank for p in result.players] == [1, 2]


def test_tied_awards_are_explained_with_the_pool(parts):
    result = score(
        parts,
        player("Ailsa", contracts=[1, 2], settlements=4),
        player("Bruce", contracts=[3, 4], settlements=4),
        player("Cat", contracts=[5], settlements=2),
    )
    lines = result.explanations
    assert "Ailsa and Bruce tie for the most contracts (2 each): (12+6)/2 = 9 VP each." in lines
    assert "Ailsa and Bruce tie for the most settlements (4 each): (18+12)/2 = 15 VP each." in lines
    assert "Cat has the third-most settlements (2): 6 VP." in lines
    assert any(line.startswith("Cat (1 contract) gets no award") for line in lines)


def test_zero_count_taking_an_award_is_flagged_as_our_reading(parts):
    result = score(parts, player("Ailsa", contracts=[1]), player("Bruce"), player("Cat"))
    assert [p.breakdown.exports for p in result.players] == [12, 3, 3]
    assert any("our reading" in line for line in result.explanations)


@pytest.mark.parametrize("fulfilled, vp", [(0, 0), (4, 0), (5, 4), (6, 8), (7, 12), (9, 12)])
def test_solo_contract_thresholds(parts, fulfilled, vp):
    entry = player(fulfilled_contracts=fulfilled)
    result = score(parts, entry)
    assert result.players[0].breakdown.exports == vp


@pytest.mark.parametrize(
    "settlements, vp",
    [(0, 0), (7, 0), (8, 6), (10, 6), (11, 12), (13, 12), (14, 18), (20, 18)],
)
def test_solo_settlement_thresholds(parts, settlements, vp):
    assert score(parts, player(settlements=settlements)).players[0].breakdown.settlements == vp


@pytest.mark.parametrize(
    "glory, band",
    [
        (0, "Newbie"),
        (115, "Newbie"),
        (116, "Rookie"),
        (130, "Rookie"),
        (131, "Average"),
        (145, "Average"),
        (146, "Expert"),
        (160, "Expert"),
        (161, "Genius"),
        (400, "Genius"),
    ],
)
def test_solo_rating_bands(parts, glory, band):
    result = score(parts, player(glory=glory))
    assert result.players[0].total == glory
    assert result.rating.name == band
    assert result.as_json()["rating"] == band


def test_rating_is_null_with_several_players(parts):
    assert score(parts, player("A"), player("B")).as_json()["rating"] is None


def test_json_shape_is_exact(parts):
    data = score(parts, player("Ailsa", glory=3), player("Bruce")).as_json()
    assert list(data) == ["players", "import_values", "rating", "final"]
    assert list(data["players"][0]) == ["name", "total", "rank", "money", "breakdown"]
    assert list(data["players"][0]["breakdown"]) == [
        "glory",
        "goods",
        "money",
        "hops",
        "imports",
        "exports",
        "settlements",
        "auction",
    ]
    assert list(data["import_values"]) == ["cotton", "tobacco", "sugar_cane"]
    assert [p["name"] for p in data["players"]] == ["Ailsa", "Bruce"]


player_entries = st.fixed_dictionaries(
    {
        "glory": st.integers(0, 120),
        "money": st.integers(0, 90),
        "fulfilled_contracts": st.integers(0, 8),
        "settlements": st.integers(0, 16),
        "hops": st.integers(0, 20),
        "imports": st.fixed_dictionaries(
            {good: st.integers(0, 12) for good in ("cotton", "tobacco", "sugar_cane")}
        ),
    }
)


@given(st.lists(player_entries, min_size=2, max_size=4), st.randoms(use_true_random=False))
def test_scores_do_not_depend_on_the_order_of_players(parts, entries, random):
    entries = [
        dict(entry, name=f"P{i}")
        if entry["fulfilled_contracts"]
        else {
            "name": f"P{i}",
            "glory": entry["glory"],
            "money": entry["money"],
            "fulfilled_contracts": 0,
            "settlements": entry["settlements"],
        }
        for i, entry in enumerate(entries)
    ]
    shuffled = entries[:]
    random.shuffle(shuffled)
    first = {p.name: (p.total, p.rank) for p in score(parts, *entries).players}
    second = {p.name: (p.total, p.rank) for p in score(parts, *shuffled).players}
    assert first == second


@given(st.lists(player_entries, min_size=1, max_size=4))
def test_total_is_the_sum_of_the_breakdown(parts, entries):
    entries = [
        dict(entry, name=f"P{i}", fulfilled_contracts=max(1, entry["fulfilled_contracts"]))
        for i, entry in enumerate(entries)
    ]
    for result in score(parts, *entries).players:
        assert result.total == sum(result.breakdown)
