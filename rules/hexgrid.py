"""Hex geometry of the board: pointy-top hexes in "odd-r" offset coordinates.

A space sits at (column, row). Rows run top to bottom; every odd row is
shifted half a hex to the right, so a space has these six adjacent spaces:

    even row r:  NW (c-1, r-1)  NE (c, r-1)     odd row r:  NW (c, r-1)  NE (c+1, r-1)
                 W  (c-1, r)    E  (c+1, r)                 W  (c-1, r)  E  (c+1, r)
                 SW (c-1, r+1)  SE (c, r+1)                 SW (c, r+1)  SE (c+1, r+1)
"""

from __future__ import annotations

from collections.abc import Iterator

DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")

_EVEN = {"E": (1, 0), "NE": (0, -1), "NW": (-1, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1)}
_ODD = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (0, 1), "SE": (1, 1)}


def step(column: int, row: int, direction: str) -> tuple[int, int]:
    """The position one hex away in `direction`."""
    dc, dr = (_ODD if row % 2 else _EVEN)[direction]
    return column + dc, row + dr


def around(column: int, row: int) -> Iterator[tuple[str, tuple[int, int]]]:
    """The six directions with the position that lies that way."""
    for direction in DIRECTIONS:
        yield direction, step(column, row, direction)


def are_adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return any(position == b for _, position in around(*a))
