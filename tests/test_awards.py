"""Ranked awards with pooled ties (ruling 1), by example and by property."""

from __future__ import annotations

from caledonia.rules.awards import points_by_player, rank_awards
from hypothesis import given
from hypothesis import strategies as st

EXPORTS_34 = (12, 6)
EXPORTS_2 = (8,)
SETTLEMENTS_34 = (18, 12, 6)
SETTLEMENTS_2 = (12, 0)


def points(counts, awards):
    return points_by_player(rank_awards(counts, awards), len(counts))


def test_clear_ranking_takes_each_place():
    assert points([5, 3, 2, 1], EXPORTS_34) == [12, 6, 0, 0]
    assert points([9, 7, 5, 2], SETTLEMENTS_34) == [18, 12, 6, 0]


def test_two_tied_first_for_exports_share_twelve_and_six_and_next_gets_nothing():
    assert points([6, 6, 4, 2], EXPORTS_34) == [9, 9, 0, 0]
    assert points([6, 6, 4], EXPORTS_34) == [9, 9, 0]


def test_two_tied_first_for_settlements_get_fifteen_and_next_gets_six():
    assert points([9, 9, 7, 5], SETTLEMENTS_34) == [15, 15, 6, 0]


def test_three_tied_first_for_settlements_get_twelve_each():
    assert points([8, 8, 8, 2], SETTLEMENTS_34) == [12, 12, 12, 0]


def test_two_player_tie_for_exports_gives_four_each():
    assert points([7, 7], EXPORTS_2) == [4, 4]


def test_two_player_settlements_give_twelve_to_first_only():
    assert points([10, 8], SETTLEMENTS_2) == [12, 0]
    assert points([8, 8], SETTLEMENTS_2) == [6, 6]


def test_tie_for_second_pools_second_and_third():
    assert points([9, 7, 7, 1], SETTLEMENTS_34) == [18, 9, 9, 0]


def test_tie_past_the_last_award_rounds_down():
    # 6 + 0 + 0 shared by three players tied for second: 2 each
    assert points([5, 3, 3, 3], EXPORTS_34) == [12, 2, 2, 2]
    # 12 + 6 + 0 + 0 among four: 4 each (18 / 4 = 4.5, rounded down)
    assert points([4, 4, 4, 4], EXPORTS_34) == [4, 4, 4, 4]


def test_zero_contracts_still_rank():
    assert points([3, 0, 0], EXPORTS_34) == [12, 3, 3]


def test_placings_record_the_pool_for_explanations():
    placings = rank_awards([6, 6, 4], EXPORTS_34)
    assert [(p.members, p.pooled, p.each, p.first_place) for p in placings] == [
        ((0, 1), (12, 6), 9, 1),
        ((2,), (0,), 0, 3),
    ]


award_tables = st.sampled_from([EXPORTS_34, EXPORTS_2, SETTLEMENTS_34, SETTLEMENTS_2])
counts_lists = st.lists(st.integers(0, 12), min_size=1, max_size=4)


@given(counts_lists, award_tables)
def test_tied_players_get_equal_points(counts, awards):
    result = points(counts, awards)
    for i, a in enumerate(counts):
        for j, b in enumerate(counts):
            if a == b:
                assert result[i] == result[j]


@given(counts_lists, award_tables)
def test_awards_never_exceed_their_pool(counts, awards):
    assert sum(points(counts, awards)) <= sum(awards)


@given(counts_lists, award_tables, st.randoms(use_true_random=False))
def test_result_does_not_depend_on_player_order(counts, awards, random):
    order = list(range(len(counts)))
    random.shuffle(order)
    shuffled = points([counts[i] for i in order], awards)
    original = points(counts, awards)
    assert shuffled == [original[i] for i in order]


@given(counts_lists, award_tables)
def test_more_never_scores_less(counts, awards):
    result = points(counts, awards)
    for i, a in enumerate(counts):
        for j, b in enumerate(counts):
            if a > b:
                assert result[i] >= result[j]
