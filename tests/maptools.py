"""Small hand-made boards for map tests.

A test draws the interesting part on module A (or any module) as rows of
codes; the other modules default to single far-away hexes, so they never
touch it.
"""

from __future__ import annotations

from caledonia.rules.board import DEFAULT_ORIGINS, Board
from caledonia.rules.map_modules import parse_module

FAR = {"A": (40, 40), "B": (40, 0), "C": (60, 20), "D": (0, 60)}


def side(letter, rows, rivers=(), slots=None, origin=None):
    """A module side from rows of codes; rivers and slots by (column, row) positions."""
    numbers, n = {}, 0
    for r, row in enumerate(rows):
        for c, code in enumerate(row):
            if code != ".":
                n += 1
                numbers[c, r] = f"{letter}-{n:02d}"
    first = next(iter(numbers.values()))
    data = {
        "module": letter,
        "side": 1,
        "rows": [list(row) for row in rows],
        "rivers": [[numbers[a], numbers[b]] for a, b in rivers],
        "port_slots": {
            "players_1_2": [numbers[p] for p in (slots or {}).get("players_1_2", [])] or [first],
            "players_3_4": [numbers[p] for p in (slots or {}).get("players_3_4", [])] or [first],
        },
    }
    if origin is not None:
        data["origin"] = {"column": origin[0], "row": origin[1]}
    return parse_module(data, f"test-{letter}", DEFAULT_ORIGINS)


def board(players=4, covered=(), **sides):
    """A board from the given sides; missing modules are lone far hexes."""
    chosen = []
    for letter in "ABCD":
        chosen.append(sides.get(letter) or side(letter, [["G2"]], origin=FAR[letter]))
    return Board(chosen, players, covered)


def at(test_board, column, row):
    return test_board.at[column, row]


def spaces(test_board, *positions):
    return [test_board.at[p] for p in positions]
