"""Perft-style fixtures: the number of legal events by kind in fixed positions.

The first four are worked out by hand (the reasoning is beside each); the
rest are positions of the sample games, recorded as regression counts. A
change to the move generator that changes a count must say why: the explicit end of
a turn (ruling 18) added one `end_turn` wherever the turn's main action is done, and
port 7's new units must differ from both old ones (ruling 20: 16 swaps became 9).
"""

from __future__ import annotations

import pytest
from caledonia.rules.game.engine import Game
from caledonia.rules.game.legal import legal_events
from caledonia.storage.games import load_game
from conftest import SAMPLES
from gametools import PARTS, act, neighbouring_grass, setup_for, start, to_turn_of


def counts(game: Game) -> dict[str, int]:
    return legal_events(game.state).counts()


def test_by_hand_ailsa_with_five_pounds_at_her_first_turn():
    """Two players on the example data; Ailsa (woodcutters on A-09 and A-21, 1 milk, 2
    merchants) has £5 at her first turn, with port 5 at corner A (touching A-09).

    trade: buy 1 wool (£4), 1 milk (£4) or 1 grain (£5), sell 1 milk: 4.
    contract: the 6 face-up contracts (round 1 pays her £5): 6.
    expand: the cheapest unit, a woodcutter, costs £6 before land: 0.
    shipping £4: 1; merchant £4: 1; technology £10: 0; pass: 1.
    port: tile 5 beside her woodcutter on A-09 (no choices); B, C, D out of reach: 1.
    """
    game = start(2)
    act(game, type="fix", what="money", player="Ailsa", value=5)
    assert counts(game) == {
        "trade": 4,
        "contract": 6,
        "shipping": 1,
        "merchant": 1,
        "pass": 1,
        "port": 1,
    }


def test_by_hand_production_with_one_of_each_processing_building():
    """Ailsa has a cow, a field and one cheese dairy, bakery and distillery, and no milk or
    grain in stock: production gives 1 milk and 2 grain, so cheese 0-1 and bread 0-1 and
    whisky 0-1 (2 grain cover both): 2 x 2 x 2 = 8. Bruce has no building: 1 (no choice)."""
    game = start(2)
    for space, unit in zip(
        neighbouring_grass(game, 5),
        ("cow", "field", "cheese_dairy", "bakery", "distillery"),
        strict=True,
    ):
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit=unit)
    act(game, type="fix", what="goods", player="Ailsa", good="milk", value=0)
    act(game, type="pass", player="Ailsa")
    act(game, type="pass", player="Bruce")
    assert counts(game) == {"produce": 9}


def test_by_hand_the_clan_auction_of_three_players():
    """Each of 3 players may win each of the 3 clans for a bid of 0 to 30 VP: 3 x 3 x 31."""
    game = Game(setup_for(3, variants={"clan_auction": True}), PARTS)
    assert counts(game) == {"auction": 279}


def test_by_hand_buchanan_takes_one_or_two_of_six_contracts():
    """Buchanan with two empty boxes at her first turn, 6 face-up contracts: one of 6, or
    two of them together (6 x 5 / 2 = 15): 21. With one box filled: 5 singles."""
    game = start(2, clans=("Buchanan", "Campbell", "Stewart"))
    state = game.state
    buchanan = next(p for p in state.players if p.clan == "Buchanan")
    to_turn_of(game, buchanan.name)
    assert sum(1 for c in state.export_board if c) == 6
    assert counts(game)["contract"] == 21
    first = next(c for c in state.export_board if c)
    act(game, type="fix", what="contract", contract=first, to="open", player=buchanan.name)
    assert counts(game)["contract"] == 5


def test_by_hand_port_seven_swaps():
    """Port 7 at corner A (touching A-09 and A-10). Ailsa keeps her woodcutter on A-09
    (forest only: nothing else stands there), and has a sheep on A-10 and a cow on A-11,
    both grassland only. Only the sheep and the cow can change, each into a grassland unit
    that is neither of the two old ones (ruling 20: "The two new units must be different
    from the two old units"), and not a field: cheese dairy, bakery or distillery for
    each: 3 x 3 = 9 (a sheep-for-cow swap in place is no exchange)."""
    game = start(2, ports={"A": "7", "B": "2", "C": "8", "D": "4"})
    board = game.state.board
    assert board.spaces[board.lookup("A-09")].land == {"forest"}
    act(game, type="fix", what="unit", player="Ailsa", space="A-21", unit="none")
    for space, unit in (("A-10", "sheep"), ("A-11", "cow")):
        assert board.spaces[board.lookup(space)].land == {"grassland"}
        act(game, type="fix", what="unit", player="Ailsa", space=space, unit=unit)
    ports = [e for e in legal_events(game.state).by_type["port"] if e["player"] == "Ailsa"]
    assert len(ports) == 9
    assert {e["tile"] for e in ports} == {"7"}


# -- regression counts from the sample games (computed, not by hand) -------------------


@pytest.mark.parametrize(
    "name, played, expected",
    [
        (
            "game-2p.yaml",  # Kirsty's turn; Iain (MacDonald) has a fisherman out
            7,
            {
                "trade": 13,
                "contract": 6,
                "expand": 42,
                "shipping": 1,
                "merchant": 1,
                "pass": 1,
                "fisherman": 13,
                "row": 2,
                "end_turn": 1,  # Iain ends his turn (ruling 18), or Kirsty's event does
            },
        ),
        (
            "game-solo.yaml",  # Robertson, round 1
            5,
            {
                "trade": 13,
                "contract": 5,
                "expand": 57,
                "shipping": 1,
                "technology": 2,
                "merchant": 1,
                "pass": 1,
                "end_turn": 1,
            },
        ),
        # Hamish (Buchanan, two empty boxes) with 4 face-up contracts: 4 + 6 pairs
        (
            "game-3p.yaml",
            16,
            {"trade": 8, "contract": 10, "shipping": 1, "merchant": 1, "pass": 1, "end_turn": 1},
        ),
        ("game-3p.yaml", 76, {"age": 2}),  # Morag (MacKenzie) ages 0 or 1 whisky
        ("game-4p.yaml", 98, {"milk": 2}),  # Bruce (Cunningham) sells 0 or 1 milk
        (
            "game-4p.yaml",  # Duncan (MacEwen) may brew 1 or 2 beer; Catriona (MacDonald) next
            142,
            {
                "trade": 19,
                "expand": 148,
                "shipping": 1,
                "pass": 1,
                "fisherman": 18,
                "row": 2,
                "brew": 2,
                "end_turn": 1,
            },
        ),
        (
            "game-4p.yaml",
            60,
            {"expand": 63, "shipping": 1, "merchant": 1, "pass": 1, "end_turn": 1},
        ),
    ],
)
def test_sample_positions(name, played, expected):
    recorded = load_game(str(SAMPLES / name), PARTS)
    game = Game(recorded.setup, PARTS)
    for event in recorded.events[:played]:
        game.apply(event)
    assert counts(game) == expected
