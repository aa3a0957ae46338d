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
from difflib import get_close_matches
from functools import lru_cache
from typing import NamedTuple

from .board import Board, Space
from .hexgrid import around
from .messages import N_, Joined, Plural, Reason
from .position import AND, Position, listed, unit_words
from .words import one_of

DIRECTION_WORDS = {
    "E": N_("east"),
    "NE": N_("north-east"),
    "NW": N_("north-west"),
    "W": N_("west"),
    "SW": N_("south-west"),
    "SE": N_("south-east"),
}
# TRANSLATORS: the compass letters of a direction on a menu line ('your sheep (NE)')
COMPASS_LETTERS = {
    "E": N_("E"),
    "NE": N_("NE"),
    "NW": N_("NW"),
    "W": N_("W"),
    "SW": N_("SW"),
    "SE": N_("SE"),
}
LAND_ORDER = ("grassland", "forest", "mountain")
# TRANSLATORS: the hex's place in its row, from the left: '3rd hex from the left'
ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"))
COMMA = N_("{first}, {second}")  # the parts of a description, a list's items
DOT = N_("{first} · {second}")  # the parts of a whole description on one line


def _all_of(items: list[str]) -> str:
    """'a, b and c' (each item may be a Reason, rendered in the reader's language)."""
    if len(items) <= 1:
        return items[0] if items else ""
    return Reason(AND, first=listed(items[:-1], COMMA), second=items[-1])


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
        return self.terrain if self.cost is None else priced(self.terrain, self.cost)

    def line(self) -> str:
        """The whole description: 'A-09 · forest £2 · module A1, row 2, … · beside …'."""
        return listed([self.id, self.land, self.place, *self.landmarks[:3]], DOT)

    def short(self, landmarks: int = 2, cost: bool = True) -> str:
        """For a menu line: terrain (with its cost) and the nearest landmarks."""
        return listed([self.land if cost else self.terrain, *self.landmarks[:landmarks]], COMMA)


def priced(terrain: str, cost: int) -> Reason:
    """'forest £2': a space's terrain and land cost, as the board prints them."""
    return Reason("{terrain} £{cost}", terrain=terrain, cost=cost)


def ordinal(number: int) -> str:
    if number <= len(ORDINALS):
        return Reason(ORDINALS[number - 1])
    return Reason("{number}th", number=number)


def terrain_words(board: Board, index: int) -> str:
    """'forest', 'grassland/mountain', 'loch'; '(mist)' after it when out of play."""
    space = board.spaces[index]
    # each land a name of its own, so a reader sees 'pradera/bosque' in Spanish
    lands = [k for k in LAND_ORDER if k in space.land]
    words = Reason("loch") if space.loch else Joined("/", lands)
    return words if index in board.active else Reason("{terrain} (mist)", terrain=words)


def _row_and_hex(board: Board, index: int) -> tuple[int, int]:
    """The space's row from the top and hex from the left, counted within its module."""
    return _rows_and_hexes(board)[index]


@lru_cache(maxsize=4)  # a board never changes once laid out; a replay names hundreds of spaces
def _rows_and_hexes(board: Board) -> dict[int, tuple[int, int]]:
    modules: dict[str, list[Space]] = {}
    for space in board.spaces:
        modules.setdefault(space.module, []).append(space)
    found = {}
    for same_module in modules.values():
        rows = sorted({s.row for s in same_module})
        in_rows = {row: sorted(s.column for s in same_module if s.row == row) for row in rows}
        for space in same_module:
            found[space.index] = (
                rows.index(space.row) + 1,
                in_rows[space.row].index(space.column) + 1,
            )
    return found


def place_words(board: Board, index: int) -> str:
    """Where the space sits in its module: the row from the top and the hex from the left."""
    row, hex_ = _row_and_hex(board, index)
    side = next(side.name for side in board.sides if side.module == board.spaces[index].module)
    return Reason(
        "module {side}, row {row} from the top, {ordinal} hex from the left",
        side=side,
        row=row,
        ordinal=ordinal(hex_),
    )


def short_place(board: Board, index: int) -> str:
    """`place_words` for a menu line: 'row 3, hex 2 of module C'. Module, row and hex name
    one space, so two lines that carry it never read alike."""
    row, hex_ = _row_and_hex(board, index)
    return Reason(
        "row {row}, hex {hex} of module {module}",
        row=row,
        hex=hex_,
        module=board.spaces[index].module,
    )


def placed_id(board: Board, index: int) -> str:
    """'A-09 (row 2, hex 3 of module A)': a space's id with where it is, for a list of
    spaces (the board prints no ids)."""
    # TRANSLATORS: {space} is a space's id, {place} where it is on the board
    return Reason(
        "{space} ({place})", space=board.spaces[index].id, place=short_place(board, index)
    )


def _direction_to(board: Board, index: int, other: int, short: bool) -> str:
    space = board.spaces[index]
    target = board.spaces[other]
    for direction, position in around(space.column, space.row):
        if position == (target.column, target.row):
            return Reason((COMPASS_LETTERS if short else DIRECTION_WORDS)[direction])
    return ""


def _joined(relation: str, things: list[str]) -> list[str]:
    """'beside your sheep (E) and Ailsa's cow (W)': one landmark for one relation (a message
    id with the field {things})."""
    return [Reason(relation, things=_all_of(things))] if things else []


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


def _loch_words(size: int) -> Reason:
    return Reason("a one-space loch") if size == 1 else Reason("a {size}-space loch", size=size)


def unit_at(position: Position, other: int, viewer: str | None = None) -> str | None:
    """Whose unit stands on the space ('your sheep', 'Ailsa's cow'), or None."""
    held = position.occupant(other)
    if held is None:
        return None
    owner, kind = held
    if viewer is not None and owner.name == viewer:
        return Reason("your {unit}", unit=unit_words(kind))
    return Reason("{player}'s {unit}", player=owner.name, unit=unit_words(kind))


class _Around(NamedTuple):
    """What the neighbours of a space show: units on this side of any river and across
    one, the lochs beside it (one per loch), and the directions of the other rivers."""

    beside: list[str]
    over_river: list[str]
    lochs: list[str]
    river_ways: list[str]


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
    around = _look_around(position, index, viewer, short)
    port_words = _port_words(board, index, ports if ports is not None else position.ports)
    lochs = around.lochs
    if board.spaces[index].loch:
        size = len(_loch_body(board, index))
        lochs.insert(
            0,
            Reason("a one-space loch")
            if size == 1
            else Reason("part of a {size}-space loch", size=size),
        )
    found = _unit_words(around, short) + port_words + lochs + _river_words(around.river_ways)
    if not found and len(board.adjacent[index]) < 6:
        found.append(Reason("on the map's edge"))
    return tuple(found)


def _look_around(position: Position, index: int, viewer: str | None, short: bool) -> _Around:
    board = position.board
    around = _Around([], [], [], [])
    seen_lochs: set[frozenset[int]] = set()
    for other in board.adjacent[index]:
        way = _direction_to(board, index, other, short)
        across = frozenset((index, other)) in board.rivers
        held = unit_at(position, other, viewer)
        if held is not None:  # a fisherman on a loch is a unit and the loch a landmark too
            # TRANSLATORS: a unit and the direction it lies in: 'Ailsa's cow (north-east)'
            sighted = Reason("{unit} ({direction})", unit=held, direction=way)
            (around.over_river if across else around.beside).append(sighted)
        if board.spaces[other].loch and not board.spaces[index].loch:
            body = _loch_body(board, other)
            if body not in seen_lochs:
                seen_lochs.add(body)
                around.lochs.append(_loch_beside(_loch_words(len(body)), way, across))
        elif across and held is None:
            around.river_ways.append(way)
    return around


def _loch_beside(loch: str, way: str, across: bool) -> Reason:
    if across:
        return Reason("across the river from {loch} ({direction})", loch=loch, direction=way)
    return Reason("beside {loch} ({direction})", loch=loch, direction=way)


def _port_words(board: Board, index: int, ports: Mapping[str, str]) -> list[str]:
    """The port tiles the space touches, by what each does where the tile is known
    (`ports`: corner letter -> the tile's name, port_names)."""
    port_words: list[str] = []
    for slot in board.port_slots:
        if index in slot.touches:
            tile = ports.get(slot.module)
            if tile:
                port_words.append(
                    # TRANSLATORS: {tile} is what the tile does: 'take £10'
                    Reason(
                        "touching the port tile at corner {corner} ({tile})",
                        tile=tile,
                        corner=slot.module,
                    )
                )
            else:
                port_words.append(
                    Reason("touching the port tile at corner {corner}", corner=slot.module)
                )
    return port_words


def _river_words(river_ways: list[str]) -> list[str]:
    if not river_ways:
        return []
    # TRANSLATORS: {directions} are compass words: 'river on its east and west sides'
    return [
        Plural(
            "river on its {directions} side",
            "river on its {directions} sides",
            count=len(river_ways),
            directions=_all_of(river_ways),
        )
    ]


def _unit_words(around: _Around, short: bool) -> list[str]:
    if short:  # a menu line: each unit its own landmark, so one fits where a list would not
        units: list[str] = [Reason("beside {things}", things=held) for held in around.beside]
        units += [
            Reason("across the river from {things}", things=held) for held in around.over_river
        ]
        return units
    return _joined(N_("beside {things}"), around.beside) + _joined(
        N_("across the river from {things}"), around.over_river
    )


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
    """A port slot said by what lies there: the corner it sits at and what its tile does
    (`ports`: corner letter -> the tile's name)."""
    tile = ports.get(letter)
    slot = next((s for s in board.port_slots if s.module == letter), None)
    touches = listed([placed_id(board, i) for i in slot.touches], COMMA) if slot else ""
    if tile and touches:
        return Reason(
            "the port tile at corner {corner} ({tile}), beside {spaces}",
            tile=tile,
            corner=letter,
            spaces=touches,
        )
    if tile:
        return Reason("the port tile at corner {corner} ({tile})", tile=tile, corner=letter)
    if touches:
        return Reason(
            "the port tile at corner {corner} (beside {spaces})", corner=letter, spaces=touches
        )
    return Reason("the port tile at corner {corner}", corner=letter)


# Where each module lies on the table: clockwise, their letters meeting in the middle
MODULE_CORNERS = {
    "A": N_("top left"),
    "B": N_("top right"),
    "C": N_("bottom right"),
    "D": N_("bottom left"),
}


def port_corner_words(board: Board, letter: str) -> str:
    """Where a port tile goes on the table: 'top left, touching A-09 and A-10'."""
    slot = next((s for s in board.port_slots if s.module == letter), None)
    if letter in MODULE_CORNERS:
        corner = Reason(MODULE_CORNERS[letter])
    else:
        corner = Reason("by module {module}", module=letter)
    if slot is None or not slot.touches:
        return corner
    spaces = one_of([placed_id(board, i) for i in slot.touches], "and")
    return Reason("{corner}, touching {spaces}", corner=corner, spaces=spaces)


def closest_ids(board: Board, typed: str, count: int = 3) -> list[str]:
    """The space ids nearest what was typed, for a did-you-mean."""
    key = typed.strip().upper()
    return get_close_matches(key, list(board.index), n=count, cutoff=0.4)


def site_words(position: Position, index: int) -> str:
    """A space as a confirmation names it, as the menus do: its id, then its row and hex
    in its module and the nearest landmark ('A-10 (row 2, hex 3 of module A, beside
    Ailsa's cow (W))'): the printed board shows no ids."""
    board = position.board
    place = short_place(board, index)
    mark = _first_landmark(position, index)
    if mark is not None:
        place = Reason(COMMA, first=place, second=mark)
    # TRANSLATORS: {space} is a space's id, {place} where it is on the board
    return Reason("{space} ({place})", space=board.spaces[index].id, place=place)


def _first_landmark(position: Position, index: int) -> str | None:
    """`landmarks(position, index, short=True)[0]`, None when there is none, looking only
    as far as it: a confirmation says one landmark, and a unit is most often beside the
    space a unit goes on (a replay says hundreds of them)."""
    board = position.board
    over_river: Reason | None = None
    for other in board.adjacent[index]:
        held = unit_at(position, other, None)
        if held is None:
            continue
        way = _direction_to(board, index, other, True)
        sighted = Reason("{unit} ({direction})", unit=held, direction=way)
        if frozenset((index, other)) not in board.rivers:
            return Reason("beside {things}", things=sighted)
        over_river = over_river or sighted
    if over_river is not None:
        return Reason("across the river from {things}", things=over_river)
    marks = landmarks(position, index, short=True)  # no unit around: the others, in order
    return marks[0] if marks else None


MENU_LINE = 74  # a menu line's words at 80 columns: after the pointer and the key ("1) ")


def option_place(
    position: Position,
    space_id: str,
    viewer: str | None,
    ports: Mapping[str, str] | None,
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
    price = board.spaces[index].cost
    if cost and price is not None:
        land = priced(land, price)
    said = Reason(COMMA, first=land, second=short_place(board, index))
    for landmark in landmarks(position, index, viewer, ports, True):  # room: in English
        if room is None or len(said) + 2 + len(landmark) <= room:
            return Reason(COMMA, first=said, second=landmark)
    return said
