"""The sample games' money, checked by hand: for a round of each clan, the money each
player holds afterwards, worked out from the rules and the event list (land costs from
the example map modules, the example box's starting tiles) rather than from the engine.

Each figure's working is beside it: unit + land for every placement, the clan's change
in brackets. A round's figure is the money when the next round's actions begin (for
round 1, counted from the starting tile); for later rounds, the change over the round.
"""

from __future__ import annotations

import pytest
from caledonia.rules.game.engine import Game
from caledonia.storage.games import load_game
from conftest import SAMPLES
from gametools import PARTS


def money_by_round(name: str) -> dict[int, dict[str, int]]:
    """Each player's money when round N's actions begin (N = 2..5), and at the end (6)."""
    recorded = load_game(str(SAMPLES / name), PARTS)
    game = Game(recorded.setup, PARTS)
    state = game.state
    seen: dict[int, dict[str, int]] = {}
    for event in recorded.events:
        game.apply(event)
        if state.phase == "action" and state.round not in seen:
            seen[state.round] = {p.name: p.money for p in state.players}
    seen[6] = {p.name: p.money for p in state.players}
    return seen


ROUND_ONE = [
    (
        "game-2p.yaml",
        {
            # Stewart, tile 5 £58: woodcutters D-19 6+4, C-16 6+2, D-11 6+2; bakery D-12 8+6;
            # miner C-17 10+5; buys 1 milk at £4 (+£1 for trading first): −3; contract +5;
            # shipping −4; passes second +14; income 3 woodcutters 4 + miner 6 = 18.
            "Iain": 58 - 10 - 8 - 14 - 15 - 3 - 8 + 5 - 4 + 14 + 18,
            # MacDonald, tile 6 £55: fisherman on loch B-20 £6 (no land); woodcutter C-23
            # £6+3; cheese dairy C-30 12+2; contract +5; woodcutter C-31 £6+6; 2 cheese at
            # £9: −18; rowing is free; passes first +16; income 3 workers × £4 = 12.
            "Kirsty": 55 - 6 - 9 - 14 + 5 - 12 - 18 + 16 + 12,
        },
    ),
    (
        "game-solo.yaml",
        {
            # Robertson, tile 2 £57: woodcutter on the delta B-33 6+2 −£2 (1 player);
            # woodcutter A-28 6+4; shipping ×2 −8; bakery B-22 8+2; sheep B-40 8+2; cheese
            # dairy B-32 12+2 (none on a delta); contract +5; merchants ×2 −8; sells 1
            # milk +4; passes +16 (solo); income 2 woodcutters × £4.
            "Rhona": 57 - 6 - 10 - 8 - 10 - 10 - 14 + 5 - 8 + 4 + 16 + 8,
        },
    ),
    (
        "game-3p.yaml",
        {
            # Campbell, tile 9 £56: miners D-08 10+6, D-16 10+3; distillery D-15 10−3+1;
            # shipping −4; contract +5; 2 cheese at £9; passes second +14; 2 miners × £6.
            "Fiona": 56 - 16 - 13 - 8 - 4 + 5 - 18 + 14 + 12,
            # Buchanan, tile 4 £56: miners B-28 10+3, D-21 10+6; merchant −4; cheese dairy
            # B-35 12+3; contracts 7 and 16 together: +£5 once; bakery D-13 8+3; sells a
            # milk +4; buys a grain −6; passes third +12; 2 miners × £6.
            "Hamish": 56 - 13 - 16 - 4 - 15 + 5 - 11 + 4 - 6 + 12 + 12,
            # MacKenzie, tile 2 £57: woodcutter A-37 6+3; miner C-38 10+5; woodcutter
            # technology −10; a grain −5; passes first +16; woodcutter 6 + miner 6.
            "Morag": 57 - 9 - 15 - 10 - 5 + 16 + 12,
        },
    ),
    (
        "game-4p.yaml",
        {
            # Fergusson, tile 1 £55: three workers in full, all on border spaces: woodcutter
            # B-07 6+3, miners D-42 10+4, D-08 10+6; 2 milk at £4; contract +5; passes
            # second +14; woodcutter 4 + 2 miners × 6.
            "Ailsa": 55 - 9 - 14 - 16 - 8 + 5 + 14 + 16,
            # Cunningham, tile 5 £58: woodcutter B-30 6+3; miner D-33 10+5; shipping −4;
            # contract +5; passes third +12; woodcutter 4 + miner 6 (no milk to sell).
            "Bruce": 58 - 9 - 15 - 4 + 5 + 12 + 10,
            # MacDonald, tile 9 £56: fishermen on loch C-34 and on port tile A, £6 each, no
            # land; cow C-41 9+2 (neighbouring the fisherman); shipping −4; 2 bread at £8;
            # contract +5; merchant −4; bakery C-33 8+3; sells a grain +5; woodcutter C-27
            # £6+2; passes fourth +10; 3 workers × £4 (both fishermen included).
            "Catriona": 56 - 6 - 6 - 11 - 4 - 16 + 5 - 4 - 11 + 5 - 8 + 10 + 12,
            # MacEwen, tile 3 £55: woodcutter C-15 6+3; miner D-02 10+3; passes first +16;
            # woodcutter 4 + miner 6.
            "Duncan": 55 - 9 - 13 + 16 + 10,
        },
    ),
]


@pytest.mark.parametrize("name, expected", ROUND_ONE, ids=[n for n, _ in ROUND_ONE])
def test_money_after_round_one_as_worked_by_hand(name, expected):
    assert money_by_round(name)[2] == expected


LATER_ROUNDS = [
    # 3p round 3. Campbell: field D-30 18+2 (no discount on fields); sells cheese +12, +11;
    # sheep D-01 8+4; wool −3; merchant −4; her third bakery D-29 8−4+4; passes third +12;
    # 2 miners × £6 (her whisky earns nothing more).
    ("game-3p.yaml", 3, "Fiona", -20 + 12 - 12 - 3 - 4 + 11 - 8 + 12 + 12),
    # Buchanan: shipping −4; miner technology −10; woodcutter B-33 6+2; bakery D-28 8+2;
    # passes first +16; woodcutter 6 + 2 miners × 8.
    ("game-3p.yaml", 3, "Hamish", -4 - 10 - 8 - 10 + 16 + 22),
    # MacKenzie: shipping ×2 −8; grain −5; sells bread +9; milk −5; distillery D-02 10+5;
    # passes second +14; woodcutter 6 + miner 6 + 2 whisky produced × £3; one whisky into
    # the cellar (spot 1, nothing paid).
    ("game-3p.yaml", 3, "Morag", -8 - 5 + 9 - 5 - 15 + 14 + 12 + 6),
    # 4p round 3. Cunningham: woodcutter technology −10; miner B-29 10+3; 2 milk at £3;
    # passes second +14; 2 woodcutters × 6 + 2 miners × 8; sells 1 milk at the end of
    # production for £8 (no merchant, the milk price stays £5).
    ("game-4p.yaml", 3, "Bruce", -10 - 13 - 6 + 14 + 28 + 8),
    # 4p round 5. MacEwen: field D-26 18+3; sells bread +13; fulfils contract 2 (6 wool → 3
    # tobacco, 2 hops: no money, no import mark reached); brews 1 beer from 1 grain for £9;
    # 2 whisky at £10; passes second +14; woodcutter 4 + miner 6.
    ("game-4p.yaml", 5, "Duncan", -21 + 13 + 9 - 20 + 14 + 10),
]


@pytest.mark.parametrize(
    "name, round_, player, change", LATER_ROUNDS, ids=[f"{n}-{p}" for n, _, p, _ in LATER_ROUNDS]
)
def test_money_over_a_later_round_as_worked_by_hand(name, round_, player, change):
    money = money_by_round(name)
    assert money[round_ + 1][player] - money[round_][player] == change
