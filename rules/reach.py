"""Shipping reach: which spaces and port slots a player's units can reach.

From one of the player's units an expansion may go to (rulings 7-9):
- a neighbouring space: adjacent, with no river on the shared edge;
- with river-crossing or better, an adjacent space across a river;
- with n-loch shipping, a space across 1..n consecutive loch spaces.
A route never hops over a land space, and one expansion uses either the loch
crossing or one river crossing, never both.

A unit standing on a loch (a clan's fisherman) reaches only its neighbouring
spaces: crossing rivers and lochs still needs shipping from a unit on land.
A unit standing on a port tile (`ports`: the module letters of the slots) is
neighbouring the spaces its slot touches, and reaches only those; it stands on
its own port tile, so that tile is plainly in reach.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .board import Board, PortSlot
from .messages import Plural, Reason

SHIPPING_LEVELS = ("none", "river_crossing", "1_loch", "2_loch", "3_loch", "4_loch")


def shipping_words(level: str) -> Reason:
    """'no shipping', 'river-crossing shipping', '2-loch shipping'."""
    if level == "none":
        return Reason("no shipping")
    if level == "river_crossing":
        return Reason("river-crossing shipping")
    # TRANSLATORS: {level} is a loch shipping level as printed: 1-loch, 2-loch, 3-loch, 4-loch
    return Reason("{level} shipping", level=level.replace("_", "-"))


def crosses_rivers(level: str) -> bool:
    return SHIPPING_LEVELS.index(level) >= 1


def lochs_allowed(level: str) -> int:
    """How many consecutive loch spaces a level may cross: 0 below 1-loch."""
    return max(0, SHIPPING_LEVELS.index(level) - 1)


class Route(NamedTuple):
    """How a space is reached: from which unit, and how."""

    kind: str  # "neighbouring", "river", "loch", or "on_port" (a unit on the port tile)
    source: int  # the space of the unit it is reached from (-1: from a unit on a port tile)
    lochs: int = 0
    port: str | None = None  # the port slot (module letter) of the unit it is reached from

    def describe(self, board: Board) -> Reason:
        """How the space is reached, in words: 'across the river from A-07'."""
        # TRANSLATORS: the routes name a port by its corner's module letter, a space by its id
        if self.kind == "on_port":
            return Reason("standing on port {port}", port=self.port)
        if self.port is not None:
            return Reason("neighbouring port {port}", port=self.port)
        origin = board.spaces[self.source].id
        if self.kind == "neighbouring":
            return Reason("neighbouring {space}", space=origin)
        if self.kind == "river":
            return Reason("across the river from {space}", space=origin)
        return Plural(
            "across {count} loch from {space}",
            "across {count} lochs from {space}",
            count=self.lochs,
            space=origin,
        )


_KINDS = ("neighbouring", "river", "loch")


def _better(new: Route, old: Route | None) -> bool:
    rank = {"on_port": -1, "neighbouring": 0, "river": 1, "loch": 2}
    return old is None or (rank[new.kind], new.lochs, new.source) < (
        rank[old.kind],
        old.lochs,
        old.source,
    )


def _port_touches(board: Board, ports: Iterable[str]) -> list[tuple[str, int]]:
    """(slot letter, space) for every space a port slot holding one of the units touches."""
    held = set(ports)
    return [(s.module, j) for s in board.port_slots if s.module in held for j in s.touches]


def reachable(
    board: Board, units: Iterable[int], shipping: str, ports: Iterable[str] = ()
) -> dict[int, Route]:
    """Every space reachable from `units` (other than the units' own), with the best route:
    neighbouring before river before loch, fewer lochs first, then the lowest source space.
    A unit on a port tile (`ports`) neighbours the spaces its slot touches (lowest letter
    first); a neighbouring route from a unit on a space is preferred to it.

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
            _keep_better(best, target, (0, 0, source))
        if board.spaces[source].loch:
            continue  # a unit on a loch reaches only its neighbours
        if rivers:
            for target in board.across_river[source]:
                _keep_better(best, target, (1, 0, source))
        if lochs:
            for target, crossing in board.loch_targets(source, lochs).items():
                _keep_better(best, target, (2, crossing, source))
    routes = {
        target: Route(_KINDS[kind], source, crossing)
        for target, (kind, crossing, source) in best.items()
        if target not in own
    }
    _add_port_routes(routes, board, ports, own)
    return routes


def _keep_better(
    best: dict[int, tuple[int, int, int]], target: int, found: tuple[int, int, int]
) -> None:
    """Keep the route `found` (kind, lochs, source) to `target` unless `best` holds one of a
    better kind, or of fewer lochs: on a tie the one found first stays."""
    if target not in best or best[target][:2] > found[:2]:
        best[target] = found


def _add_port_routes(
    routes: dict[int, Route], board: Board, ports: Iterable[str], own: set[int]
) -> None:
    """A route from a unit on a port tile to each space its slot touches, unless a unit on
    a space already neighbours it (or holds it)."""
    for letter, target in sorted(_port_touches(board, ports)):
        if target not in own and (target not in routes or routes[target].kind != "neighbouring"):
            routes[target] = Route("neighbouring", -1, port=letter)


def route_to(
    board: Board, units: Iterable[int], target: int, shipping: str, ports: Iterable[str] = ()
) -> Route | None:
    """The best route from any of `units` (or from a unit on a port tile, `ports`) to
    `target`, or None."""
    best = None
    for source in units:
        candidate = _route_from(board, source, target, shipping)
        if candidate is not None and _better(candidate, best):
            best = candidate
    if best is None or best.kind != "neighbouring":
        letters = sorted(letter for letter, j in _port_touches(board, ports) if j == target)
        if letters:
            return Route("neighbouring", -1, port=letters[0])
    return best


def _route_from(board: Board, source: int, target: int, shipping: str) -> Route | None:
    """How the unit on `source` reaches `target` with `shipping`: beside it, across a
    river, across lochs, or not at all (None; from the target itself too)."""
    if source == target:
        return None
    if target in board.neighbouring[source]:
        return Route("neighbouring", source)
    if board.spaces[source].loch:
        return None
    if crosses_rivers(shipping) and target in board.across_river[source]:
        return Route("river", source)
    lochs = lochs_allowed(shipping)
    crossing = board.lochs_to(source, target) if lochs else None
    if crossing is None or crossing > lochs:
        return None
    return Route("loch", source, crossing)


def why_out_of_reach(
    board: Board,
    units: Iterable[int],
    target: int,
    shipping: str,
    who: str,
    ports: Iterable[str] = (),
) -> Reason:
    """Why `target` is not reachable, in words, naming the nearest miss."""
    units = sorted(set(units))
    target_id = board.spaces[target].id
    if not units and not ports:
        return Reason("{player} has no units on the map to expand from", player=who)
    for source in units:
        if target in board.across_river[source]:
            return Reason(
                "{space} is across a river from {source} and {player} has {shipping}",
                space=target_id,
                source=board.spaces[source].id,
                player=who,
                shipping=shipping_words(shipping),
            )
    nearest = [
        (board.lochs_to(source, target), source)
        for source in units
        if not board.spaces[source].loch
    ]
    by_water = sorted((lochs, source) for lochs, source in nearest if lochs is not None)
    if by_water:
        lochs, source = by_water[0]
        return Plural(
            "{space} is {count} loch away from {source} and {player} has {shipping}",
            "{space} is {count} lochs away from {source} and {player} has {shipping}",
            count=lochs,
            space=target_id,
            source=board.spaces[source].id,
            player=who,
            shipping=shipping_words(shipping),
        )
    return Reason(
        "{space} is not neighbouring or within shipping reach of any of {player}'s units",
        space=target_id,
        player=who,
    )


def port_route(
    board: Board, units: Iterable[int], slot: PortSlot, shipping: str, ports: Iterable[str] = ()
) -> Route | None:
    """How a port slot is reached: a unit stands on its tile (`ports`: the slots holding the
    player's units), from a unit on a space it touches, or across lochs to it."""
    if slot.module in set(ports):
        return Route("on_port", -1, port=slot.module)
    best = None
    lochs = lochs_allowed(shipping)
    for source in units:
        candidate = _port_from(board, source, slot, lochs)
        if candidate is not None and _better(candidate, best):
            best = candidate
    return best


def _port_from(board: Board, source: int, slot: PortSlot, lochs: int) -> Route | None:
    """How the unit on `source` reaches the port slot: beside it, across at most `lochs`
    lochs, or not at all."""
    if source in slot.touches:
        return Route("neighbouring", source)
    if not lochs or board.spaces[source].loch:
        return None
    depths = board.loch_depths(source)
    crossings = [depths[j] for j in slot.touches if j in depths and depths[j] <= lochs]
    return Route("loch", source, min(crossings)) if crossings else None
