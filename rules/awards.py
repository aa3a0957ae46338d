"""Ranked awards with pooled ties (export and settlement scoring).

Players are ranked by a count, most first. Tied players occupy as many places
as there are of them, pool the awards of those places and split the pool
equally, rounding down; the next player takes the next unoccupied place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Placing(NamedTuple):
    """One group of equal counts and what it earns."""

    members: tuple[int, ...]  # player indices, in input order
    count: int  # type: ignore[assignment]  # the count they tie on (a field, not tuple.count)
    first_place: int  # 1-based: the best place the group occupies
    pooled: tuple[int, ...]  # awards of the occupied places, 0 past the awarded ones
    each: int  # VP per member: sum(pooled) // len(members)

    @property
    def tied(self) -> bool:
        return len(self.members) > 1

    def awarded(self, awards: Sequence[int]) -> bool:
        """Whether the group occupies at least one place that has an award."""
        return self.first_place <= len(awards)


def rank_awards(counts: Sequence[int], awards: Sequence[int]) -> list[Placing]:
    """Split `awards` (first place first) among players by `counts`, most first."""
    order = sorted(range(len(counts)), key=lambda index: -counts[index])
    placings: list[Placing] = []
    place = 1
    position = 0
    while position < len(order):
        count = counts[order[position]]
        members = []
        while position < len(order) and counts[order[position]] == count:
            members.append(order[position])
            position += 1
        places = range(place - 1, place - 1 + len(members))
        pooled = tuple(awards[i] if i < len(awards) else 0 for i in places)
        placings.append(
            Placing(tuple(sorted(members)), count, place, pooled, sum(pooled) // len(members))
        )
        place += len(members)
    return placings


def points_by_player(placings: Sequence[Placing], players: int) -> list[int]:
    points = [0] * players
    for placing in placings:
        for member in placing.members:
            points[member] = placing.each
    return points
