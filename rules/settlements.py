"""Settlements for the final scoring (ruling 10).

A settlement is a cluster of one player's units joined by neighbouring
(adjacent, no river between); a lone unit is a settlement too. Settlements
that one can reach from the other with the player's shipping (across a river
with river-crossing, across up to n lochs with n-loch) are joined into a
group, and groups chain: what counts is the number of settlements in the
largest group.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from .board import Board
from .components import Economy
from .map_modules import ModuleSide
from .messages import Joined, Plural, Reason
from .position import build_board, check_players_apart, parse_map_player
from .reach import crosses_rivers, lochs_allowed, shipping_words
from .schema import Node
from .space_names import short_place
from .words import one_of

# How fishermen (Clan MacDonald) are read for settlements, said wherever they are counted.
FISHERMEN_READING = Reason(
    "fishermen: one on a loch joins the settlements next to it, shipping reach is measured "
    "between land spaces, and one on a port tile is no settlement"
)


def has_fishermen(
    units: Mapping[Any, str | None], port_units: Mapping[Any, str | None] | None = None
) -> bool:
    """Whether a player's units (and those on port tiles) include a fisherman."""
    return "fisherman" in (*units.values(), *(port_units or {}).values())


class SettlementCount(NamedTuple):
    settlements: tuple[tuple[int, ...], ...]  # each: its spaces, sorted; in board order
    groups: tuple[tuple[int, ...], ...]  # each: indices into `settlements`; largest first
    counted: tuple[int, ...]  # the group that scores

    @property
    def count(self) -> int:  # type: ignore[override]  # the settlements counted, not tuple.count
        return len(self.counted)

    def describe(self, board: Board) -> tuple[list[str], list[str]]:
        """The counted settlements and the left-out ones, as '+'-joined space ids."""

        def name(index: int) -> str:
            return "+".join(board.spaces[i].id for i in self.settlements[index])

        counted = set(self.counted)
        return (
            [name(i) for i in self.counted],
            [name(i) for i in range(len(self.settlements)) if i not in counted],
        )

    def in_words(self, board: Board) -> tuple[str, list[str]]:
        """The counted settlements by module ('8 in module D and 3 in module A (14
        units)') and each left-out one by where it starts, as the menus name a space ('the
        unit at row 5, hex 4 of module D', '2 units from row 3, hex 1 of module C'): the
        board prints no ids. None counted: an empty text."""
        counted = set(self.counted)
        left = [_left_out(board, s) for i, s in enumerate(self.settlements) if i not in counted]
        if not counted:
            return "", left
        by_module: dict[str, int] = {}
        for index in self.counted:
            module = _module_of(board, self.settlements[index])
            by_module[module] = by_module.get(module, 0) + 1
        ordered = sorted(by_module.items(), key=lambda item: (-item[1], item[0]))
        # TRANSLATORS: how many counted settlements lie in a module: '8 in module D'
        modules = one_of(
            [Reason("{count} in module {module}", count=n, module=m) for m, n in ordered], "and"
        )
        units = sum(len(self.settlements[i]) for i in self.counted)
        # TRANSLATORS: {modules} is where the counted settlements lie ('8 in module D')
        kept = Plural(
            "{modules} (1 unit)", "{modules} ({count} units)", count=units, modules=modules
        )
        return kept, left


def _left_out(board: Board, spaces: tuple[int, ...]) -> str:
    place = short_place(board, spaces[0])
    return Plural(
        "the unit at {place}", "{count} units from {place}", count=len(spaces), place=place
    )


def _module_of(board: Board, spaces: tuple[int, ...]) -> str:
    """The module that holds most of a settlement's units (the first of them on a tie)."""
    modules = [board.spaces[i].module for i in spaces]
    return max(dict.fromkeys(modules), key=modules.count)


class _Sets:
    """Union-find over 0..n-1."""

    def __init__(self, size: int):
        self.parent = list(range(size))

    def find(self, item: int) -> int:
        while self.parent[item] != item:
            self.parent[item] = self.parent[self.parent[item]]
            item = self.parent[item]
        return item

    def join(self, a: int, b: int) -> None:
        a, b = self.find(a), self.find(b)
        if a != b:
            self.parent[max(a, b)] = min(a, b)

    def groups(self) -> list[list[int]]:
        by_root: dict[int, list[int]] = {}
        for item in range(len(self.parent)):
            by_root.setdefault(self.find(item), []).append(item)
        return list(by_root.values())


def count_settlements(board: Board, units: Iterable[int], shipping: str) -> SettlementCount:
    """Settlements of one player's units and the largest group within shipping reach."""
    spaces = sorted(set(units))
    if not spaces:
        return SettlementCount((), (), ())
    settlements = _settlements(board, spaces)
    groups = _linked(board, spaces, settlements, shipping)
    return SettlementCount(tuple(settlements), tuple(groups), groups[0])


def _settlements(board: Board, spaces: list[int]) -> list[tuple[int, ...]]:
    """The units on `spaces` in settlements: each group of neighbouring ones, in order."""
    position = {space: i for i, space in enumerate(spaces)}
    clusters = _Sets(len(spaces))
    for space in spaces:
        for other in board.neighbouring[space]:
            if other in position:
                clusters.join(position[space], position[other])
    return sorted(tuple(spaces[i] for i in group) for group in clusters.groups())


def _linked(
    board: Board, spaces: list[int], settlements: list[tuple[int, ...]], shipping: str
) -> list[tuple[int, ...]]:
    """The settlements (by their place in `settlements`) that `shipping` links, in groups,
    the largest first."""
    settlement_of = {space: s for s, members in enumerate(settlements) for space in members}
    linked = _Sets(len(settlements))
    rivers, lochs = crosses_rivers(shipping), lochs_allowed(shipping)
    for space in spaces:
        if board.spaces[space].loch:
            continue  # a unit on a loch (a fisherman) joins only its neighbours
        reach = list(board.across_river[space]) if rivers else []
        if lochs:
            reach.extend(board.loch_targets(space, lochs))
        for other in reach:
            if other in settlement_of:
                linked.join(settlement_of[space], settlement_of[other])
    return sorted((tuple(group) for group in linked.groups()), key=lambda g: (-len(g), g))


class MapSettlements(NamedTuple):
    """One player's settlements counted on the map of a score sheet, as its note says them."""

    seat: int
    player: str
    shipping: str  # the player's shipping reach, in words
    settlements: int  # how many count
    kept: list[str]  # the counted settlements (none: empty)
    left: list[str]  # each left out
    fishermen: bool


def count_on_map(
    top: dict[str, Node], sides: Mapping[str, ModuleSide], nodes: list[Node], economy: Economy
) -> tuple[Board, list[MapSettlements]]:
    """The board a score sheet's `map` names (`top`), and the settlements of each player
    entry (`nodes`) that gives units on it; DataError naming the entry at fault."""
    board = build_board(top, sides, len(nodes))
    on_map = []
    for seat, node in enumerate(nodes):
        entries = node.entries()
        if "units" in entries:
            on_map.append((seat, parse_map_player(node, entries, seat, board, economy), node))
    check_players_apart([p for _, p, _ in on_map], [n for _, _, n in on_map], board)
    found = []
    for seat, player, _ in on_map:
        counted = count_settlements(board, player.units, player.shipping)
        kept, left = counted.in_words(board)
        shipping = shipping_words(player.shipping)
        fishermen = has_fishermen(player.units, player.ports)
        found.append(
            MapSettlements(
                seat, player.name, shipping, counted.count, [kept] if kept else [], left, fishermen
            )
        )
    return board, found


def settlement_note(
    player: str,
    shipping: str,
    count: int,
    kept: list[str],
    left: list[str],
    fishermen: bool,
) -> str:
    """Which settlements the map count took (and left out), for the score's notes."""
    fields = dict(player=player, shipping=shipping, count=count, kept=Joined(", ", kept))
    if not kept:
        fields["kept"] = Reason("none")  # TRANSLATORS: no settlement counted
    # TRANSLATORS: {shipping} says the player's shipping reach; {kept} and {left} list
    # settlements, each as its spaces
    note = (
        Reason(
            "{player}'s settlements from the map ({shipping}): {count} counted: {kept}; "
            "left out: {left}.",
            left=one_of(left, "and"),
            **fields,
        )
        if left
        else Reason(
            "{player}'s settlements from the map ({shipping}): {count} counted: {kept}.", **fields
        )
    )
    if fishermen:
        # TRANSLATORS: {note} is the sentence above, {reading} how fishermen count
        return Reason("{note} ({reading}).", note=note, reading=FISHERMEN_READING)
    return note
