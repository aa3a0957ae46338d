"""A space in words a person can match to the physical board, which prints no ids.

The printed board shows terrain, land costs, lochs, rivers and the port tiles
beside it; the pieces on it are the players'. So a space is said by its module
(and side), where it sits in that module (row from the top, hex from the left,
as the board is drawn), its terrain and cost, and landmarks: a unit next to it,
a port tile it touches, a loch beside it, a river along one of its edges. The
id stays first, for the record. Directions are as the board is drawn: north
is the top (the side of modules A and B).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from .board import Board
from .hexgrid import around
from .position import Position, unit_words
from .words import one_of

DIRECTION_WORDS = {
    "E": "east",
    "NE": "north-east",
    "NW": "north-west",
    "W": "west",
    "SW": "south-west",
    "SE": "south-east",
}
LAND_ORDER = ("grassland", "forest", "mountain")
ORDINALS = ("1st", "2nd", "3rd")


class SpaceWords(NamedTuple):
    """One space described: each part in words, the landmarks nearest first."""

    id: str
    module: str  # "A"
    side: str  # "A1"
    terrain: str  # "forest", "grassland/mountain", "loch"; "(mist)" added when out of play
    cost: int | None  # the land cost; None for a loch
    place: str  # "module A1, row 2, 3rd hex from the left"
    landmarks: tuple[str, ...]
    example: bool  # the module side is an example layout, not the printed one

    @property
    def land(self) -> str:
        """Terrain and cost as the board prints them: 'forest £2', 'loch'."""
        return self.terrain if self.cost is None else f"{self.terrain} £{self.cost}"

    def line(self) -> str:
        """The whole description: 'A-09 · forest £2 · module A1, row 2, … · beside …'."""
        parts = [self.id, self.land, self.place, *self.landmarks[:3]]
        return " · ".join(parts)

    def short(self, landmarks: int = 2, cost: bool = True) -> str:
        """For a menu line: terrain (with its cost) and the nearest landmarks."""
        return ", ".join([self.land if cost else self.terrain, *self.landmarks[:landmarks]])


def ordinal(number: int) -> str:
    return ORDINALS[number - 1] if number <= len(ORDINALS) else f"{number}th"


def terrain_words(board: Board, index: int) -> str:
    space = board.spaces[index]
    words = "loch" if space.loch else "/".join(k for k in LAND_ORDER if k in space.land)
    return words + (" (mist)" if index not in board.active else "")


def _row_and_hex(board: Board, index: int) -> tuple[int, int]:
    """The space's row from the top and hex from the left, counted within its module."""
    space = board.spaces[index]
    same_module = [s for s in board.spaces if s.module == space.module]
    rows = sorted({s.row for s in same_module})
    in_row = sorted(s.column for s in same_module if s.row == space.row)
    return rows.index(space.row) + 1, in_row.index(space.column) + 1


def place_words(board: Board, index: int) -> str:
    """Where the space sits in its module: the row from the top and the hex from the left."""
    row, hex_ = _row_and_hex(board, index)
    side = next(side.name for side in board.sides if side.module == board.spaces[index].module)
    return f"module {side}, row {row} from the top, {ordinal(hex_)} hex from the left"


def short_place(board: Board, index: int) -> str:
    """`place_words` for a menu line: 'row 3, hex 2 of module C'. Module, row and hex name
    one space, so two lines that carry it never read alike."""
    row, hex_ = _row_and_hex(board, index)
    return f"row {row}, hex {hex_} of module {board.spaces[index].module}"


def _direction_to(board: Board, index: int, other: int, short: bool) -> str:
    space = board.spaces[index]
    target = board.spaces[other]
    for direction, position in around(space.column, space.row):
        if position == (target.column, target.row):
            return direction if short else DIRECTION_WORDS[direction]
    return ""


def _joined(relation: str, things: list[str]) -> list[str]:
    """'beside your sheep (E) and Ailsa's cow (W)': one landmark for one relation."""
    return [f"{relation} {one_of(things, 'and')}"] if things else []


def _loch_body(board: Board, loch: int) -> frozenset[int]:
    """Every loch space of the loch that `loch` belongs to (lochs joined edge to edge)."""
    seen, frontier = {loch}, [loch]
    while frontier:
        here = frontier.pop()
        for j in board.adjacent[here]:
            if board.spaces[j].loch and j not in seen:
                seen.add(j)
                frontier.append(j)
    return frozenset(seen)


def _loch_words(size: int) -> str:
    return "a one-space loch" if size == 1 else f"a {size}-space loch"


def unit_at(position: Position, other: int, viewer: str | None = None) -> str | None:
    """Whose unit stands on the space ('your sheep', 'Ailsa's cow'), or None."""
    held = position.occupant(other)
    if held is None:
        return None
    owner, kind = held
    whose = "your" if viewer is not None and owner.name == viewer else f"{owner.name}'s"
    return f"{whose} {unit_words(kind)}"


def landmarks(
    position: Position,
    index: int,
    viewer: str | None = None,
    ports: Mapping[str, str] | None = None,
    short: bool = False,
) -> tuple[str, ...]:
    """What a person can see next to the space, nearest kind first: units, a port tile,
    lochs, rivers; the map's edge when there is nothing else. `short`: directions as
    compass letters (NE), for menu lines."""
    board = position.board
    ports = ports if ports is not None else position.ports
    beside: list[str] = []
    over_river: list[str] = []
    lochs, river_ways = [], []
    seen_lochs: set[frozenset[int]] = set()
    for other in board.adjacent[index]:
        way = _direction_to(board, index, other, short)
        across = frozenset((index, other)) in board.rivers
        held = unit_at(position, other, viewer)
        if held is not None:  # a fisherman on a loch is a unit and the loch a landmark too
            (over_river if across else beside).append(f"{held} ({way})")
        if board.spaces[other].loch and not board.spaces[index].loch:
            body = _loch_body(board, other)
            if body in seen_lochs:
                continue
            seen_lochs.add(body)
            relation = "across the river from" if across else "beside"
            lochs.append(f"{relation} {_loch_words(len(body))} ({way})")
        elif across and held is None:
            river_ways.append(way)
    port_words = []
    for slot in board.port_slots:
        if index in slot.touches:
            tile = ports.get(slot.module)
            what = f"port tile {tile}" if tile else "the port tile"
            port_words.append(f"touching {what} at corner {slot.module}")
    if board.spaces[index].loch:
        size = len(_loch_body(board, index))
        lochs.insert(0, "a one-space loch" if size == 1 else f"part of a {size}-space loch")
    sides = "side" if len(river_ways) == 1 else "sides"
    rivers = [f"river on its {one_of(river_ways, 'and')} {sides}"] if river_ways else []
    if short:  # a menu line: each unit its own landmark, so one fits where a list would not
        units = [f"beside {t}" for t in beside] + [f"across the river from {t}" for t in over_river]
    else:
        units = _joined("beside", beside) + _joined("across the river from", over_river)
    found = units + port_words + lochs + rivers
    if not found and len(board.adjacent[index]) < 6:
        found.append("on the map's edge")
    return tuple(found)


def describe_space(
    position: Position,
    index: int,
    viewer: str | None = None,
    ports: Mapping[str, str] | None = None,
) -> SpaceWords:
    """The space at `index` in words that fit the physical board; `viewer`'s units are
    'your'."""
    board = position.board
    space = board.spaces[index]
    side = next(side for side in board.sides if side.module == space.module)
    return SpaceWords(
        space.id,
        space.module,
        side.name,
        terrain_words(board, index),
        space.cost,
        place_words(board, index),
        landmarks(position, index, viewer, ports),
        side.example,
    )


def port_site_words(board: Board, letter: str, ports: Mapping[str, str]) -> str:
    """A port slot said by what lies there: its tile and the corner it sits at."""
    tile = ports.get(letter)
    what = f"port tile {tile}" if tile else "the port tile"
    slot = next((s for s in board.port_slots if s.module == letter), None)
    touches = ", ".join(board.spaces[i].id for i in slot.touches) if slot else ""
    return f"{what} at corner {letter}" + (f" (beside {touches})" if touches else "")


# Where each module lies on the table: clockwise, their letters meeting in the middle
MODULE_CORNERS = {"A": "top left", "B": "top right", "C": "bottom right", "D": "bottom left"}


def port_corner_words(board: Board, letter: str) -> str:
    """Where a port tile goes on the table: 'top left, touching A-09 and A-10'."""
    slot = next((s for s in board.port_slots if s.module == letter), None)
    words = [MODULE_CORNERS.get(letter, f"by module {letter}")]
    if slot is not None and slot.touches:
        words.append("touching " + one_of([board.spaces[i].id for i in slot.touches], "and"))
    return ", ".join(words)


def closest_ids(board: Board, typed: str, count: int = 3) -> list[str]:
    """The space ids nearest what was typed, for a did-you-mean."""
    from difflib import get_close_matches  # only on the error path

    key = typed.strip().upper()
    return get_close_matches(key, list(board.index), n=count, cutoff=0.4)


MENU_LINE = 74  # a menu line's words at 80 columns: after the pointer and the key ("1) ")


def option_place(
    position: Position,
    space_id: str,
    viewer: str | None,
    ports,
    cost: bool = False,
    room: int | None = None,
) -> str:
    """A menu line's tail: terrain (`cost`: with the land cost), where it is in its module
    and the nearest landmark that fits in `room` characters ('forest £2, row 3, hex 2 of
    module C, beside …'). The place tells the line from every other of its menu; the
    landmark is left out rather than make the line wrap."""
    board = position.board
    index = board.index[space_id]
    land = terrain_words(board, index)
    if cost and board.spaces[index].cost is not None:
        land += f" £{board.spaces[index].cost}"
    said = f"{land}, {short_place(board, index)}"
    for landmark in landmarks(position, index, viewer, ports, True):
        if room is None or len(said) + 2 + len(landmark) <= room:
            return f"{said}, {landmark}"
    return said
