"""Shipping reach: which spaces and port slots a player's units can reach.

From one of the player's units an expansion may go to (rulings 7-9):
- a neighbouring space: adjacent, with no river on the shared edge;
- with river-crossing or better, an adjacent space across a river;
- with n-loch shipping, a space across 1..n consecutive loch spaces.
A route never hops over a land space, and one expansion uses either the loch
crossing or one river crossing, never both.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .board import Board, PortSlot

SHIPPING_LEVELS = ("none", "river_crossing", "1_loch", "2_loch", "3_loch", "4_loch")


def shipping_words(level: str) -> str:
    return {"none": "no shipping", "river_crossing": "river-crossing shipping"}.get(
        level, f"{level.replace('_', '-')} shipping"
    )


def crosses_rivers(level: str) -> bool:
    return SHIPPING_LEVELS.index(level) >= 1


def lochs_allowed(level: str) -> int:
    """How many consecutive loch spaces a level may cross: 0 below 1-loch."""
    return max(0, SHIPPING_LEVELS.index(level) - 1)


class Route(NamedTuple):
    """How a space is reached: from which unit, and how."""

    kind: str  # "neighbouring", "river" or "loch"
    source: int  # the space of the unit it is reached from
    lochs: int = 0

    def describe(self, board: Board) -> str:
        origin = board.spaces[self.source].id
        if self.kind == "neighbouring":
            return f"neighbouring {origin}"
        if self.kind == "river":
            return f"across the river from {origin}"
        plural = "loch" if self.lochs == 1 else "lochs"
        return f"across {self.lochs} {plural} from {origin}"


_KINDS = ("neighbouring", "river", "loch")


def _better(new: Route, old: Route | None) -> bool:
    rank = {"neighbouring": 0, "river": 1, "loch": 2}
    return old is None or (rank[new.kind], new.lochs, new.source) < (
        rank[old.kind],
        old.lochs,
        old.source,
    )


def reachable(board: Board, units: Iterable[int], shipping: str) -> dict[int, Route]:
    """Every space reachable from `units` (other than the units' own), with the best route:
    neighbouring before river before loch, fewer lochs first, then the lowest source space.

    The result includes spaces that cannot take a unit (lochs next to a unit,
    mist, blocked or occupied spaces): what may be built there is for the
    expansion check to say.
    """
    lochs = lochs_allowed(shipping)
    rivers = crosses_rivers(shipping)
    own = set(units)
    best: dict[int, tuple[int, int, int]] = {}  # target -> (kind, lochs, source)
    for source in sorted(own):  # ascending, so on a tie the first source found stays
        for target in board.neighbouring[source]:
            if target not in best or best[target][:2] > (0, 0):
                best[target] = (0, 0, source)
        if rivers:
            for target in board.across_river[source]:
                if target not in best or best[target][:2] > (1, 0):
                    best[target] = (1, 0, source)
        if lochs:
            for target, crossing in board.loch_targets(source, lochs).items():
                if target not in best or best[target][:2] > (2, crossing):
                    best[target] = (2, crossing, source)
    return {
        target: Route(_KINDS[kind], source, crossing)
        for target, (kind, crossing, source) in best.items()
        if target not in own
    }


def route_to(board: Board, units: Iterable[int], target: int, shipping: str) -> Route | None:
    """The best route from any of `units` to `target`, or None."""
    best = None
    lochs = lochs_allowed(shipping)
    for source in units:
        if source == target:
            continue
        if target in board.neighbouring[source]:
            candidate = Route("neighbouring", source)
        elif crosses_rivers(shipping) and target in board.across_river[source]:
            candidate = Route("river", source)
        else:
            crossing = board.lochs_to(source, target) if lochs else None
            if crossing is None or crossing > lochs:
                continue
            candidate = Route("loch", source, crossing)
        if _better(candidate, best):
            best = candidate
    return best


def why_out_of_reach(
    board: Board, units: Iterable[int], target: int, shipping: str, who: str
) -> str:
    """Why `target` is not reachable, in words, naming the nearest miss."""
    units = sorted(set(units))
    target_id = board.spaces[target].id
    if not units:
        return f"{who} has no units on the map to expand from"
    for source in units:
        if target in board.across_river[source]:
            return (
                f"{target_id} is across a river from {board.spaces[source].id} "
                f"and {who} has {shipping_words(shipping)}"
            )
    nearest = [(board.lochs_to(source, target), source) for source in units]
    by_water = sorted((lochs, source) for lochs, source in nearest if lochs is not None)
    if by_water:
        lochs, source = by_water[0]
        plural = "loch" if lochs == 1 else "lochs"
        return (
            f"{target_id} is {lochs} {plural} away from {board.spaces[source].id} "
            f"and {who} has {shipping_words(shipping)}"
        )
    return f"{target_id} is not neighbouring or within shipping reach of any of {who}'s units"


def port_route(board: Board, units: Iterable[int], slot: PortSlot, shipping: str) -> Route | None:
    """How a port slot is reached: from a unit on a space it touches, or across lochs to it."""
    best = None
    lochs = lochs_allowed(shipping)
    for source in units:
        if source in slot.touches:
            candidate = Route("neighbouring", source)
        elif lochs:
            depths = board.loch_depths(source)
            crossings = [depths[j] for j in slot.touches if j in depths and depths[j] <= lochs]
            if not crossings:
                continue
            candidate = Route("loch", source, min(crossings))
        else:
            continue
        if _better(candidate, best):
            best = candidate
    return best
