"""Map-module sides: one YAML file per printed side (A1 ... D2).

A file draws its side as rows of short codes, top row first, each odd row
half a hex to the right (see maps/README.md):

    G3    grassland, land cost £3      GF2   grassland and forest, £2
    M5    mountain, £5                 GFM1  all three, £1
    G3*   a mist space (inactive with 1-2 players)
    ~     a loch (no land cost)        .     no hex at this position

Spaces are numbered row by row from 1, skipping `.`, and named by module:
A-01, A-02, ... Rivers run along the edge between two adjacent land spaces of
the module; each port slot lists the spaces it touches.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from importlib.util import find_spec
from pathlib import Path
from typing import NamedTuple

from .errors import DataError
from .hexgrid import are_adjacent
from .messages import N_, Reason
from .schema import Node
from .yamlfile import read_yaml

MODULE_LETTERS = ("A", "B", "C", "D")
SIDES = (1, 2)
LAND_CODES = {"G": "grassland", "F": "forest", "M": "mountain"}
LOCH, NO_HEX, MIST = "~", ".", "*"
PORT_SLOTS = ("players_1_2", "players_3_4")
SIDE_NAMES = tuple(f"{letter}{side}" for letter in MODULE_LETTERS for side in SIDES)
# Rulebook setup: the rocks showing the module letters meet in the middle of the map,
# A top left, then clockwise. So each tile's letter sits at its corner towards the
# middle, and the factory with the port slots at the opposite, outer corner.
LETTER_CORNER = {
    "A": ("bottom", "right"),
    "B": ("bottom", "left"),
    "C": ("top", "left"),
    "D": ("top", "right"),
}
OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
CORNER_WORDS = {  # a corner of a module tile, as the warnings name it
    ("top", "left"): N_("top left"),
    ("top", "right"): N_("top right"),
    ("bottom", "left"): N_("bottom left"),
    ("bottom", "right"): N_("bottom right"),
}
_LAND = re.compile(r"^([A-Za-z]+)(\d+)(\*?)$")
_SPACE_ID = re.compile(r"^([A-D])-(\d{1,3})$")


class HexSpec(NamedTuple):
    number: int  # 1-based, row by row
    column: int  # within the module
    row: int
    land: frozenset[str]  # empty for a loch
    cost: int | None  # None for a loch
    mist: bool

    @property
    def loch(self) -> bool:
        return not self.land


class ModuleSide(NamedTuple):
    module: str
    side: int
    example: bool
    origin: tuple[int, int]  # board (column, row) of the module's column 0, row 0
    columns: int
    hexes: tuple[HexSpec, ...]
    rivers: tuple[tuple[int, int], ...]  # pairs of hex numbers
    port_slots: Mapping[str, tuple[int, ...]]  # slot -> hex numbers it touches
    source: str

    @property
    def name(self) -> str:
        return f"{self.module}{self.side}"

    def space_id(self, number: int) -> str:
        return f"{self.module}-{number:02d}"


def parse_code(code: str) -> tuple[frozenset[str], int | None, bool] | None:
    """Read one hex code; None for "no hex". Raises ValueError with the reason."""
    code = code.strip()
    if code == NO_HEX:
        return None
    if code.startswith(LOCH):
        return _parse_loch(code)
    match = _LAND.match(code)
    if not match:
        raise ValueError(Reason("expected a code such as G3, GF2, M5*, ~ (loch) or . (no hex)"))
    letters, cost, mist = match.groups()
    unknown = [letter for letter in letters.upper() if letter not in LAND_CODES]
    if unknown:
        raise ValueError(
            # TRANSLATORS: G, F and M are the codes typed in a module file: keep them
            Reason(
                "unknown land type {letter}: use G (grassland), F (forest), M (mountain)",
                letter=repr(unknown[0]),
            )
        )
    if len(set(letters.upper())) != len(letters):
        raise ValueError(Reason("land type repeated in {code}", code=repr(code)))
    if not 1 <= int(cost) <= 6:
        raise ValueError(Reason("land cost must be £1 to £6, got £{cost}", cost=int(cost)))
    return frozenset(LAND_CODES[letter] for letter in letters.upper()), int(cost), bool(mist)


def _parse_loch(code: str) -> tuple[frozenset[str], None, bool]:
    """A loch's code, which is ~ alone."""
    if code == LOCH:
        return frozenset(), None, False
    if code.rstrip(MIST) == LOCH:
        raise ValueError(Reason("a loch is never mist: all lochs stay on the map"))
    raise ValueError(Reason("a loch has no land cost: write ~ alone"))


def hex_code(spec: HexSpec | None) -> str:
    """The code that `parse_code` reads back as `spec`."""
    if spec is None:
        return NO_HEX
    if spec.loch:
        return LOCH
    letters = "".join(k for k, v in LAND_CODES.items() if v in spec.land)
    return f"{letters}{spec.cost}{MIST if spec.mist else ''}"


def _space_number(node: Node, module: str, numbers: Mapping[int, HexSpec]) -> int:
    if not isinstance(node.value, str) or not _SPACE_ID.match(node.value.strip()):
        raise node.expected(Reason("a space id of this module, such as {module}-07", module=module))
    letter, number = _SPACE_ID.match(node.value.strip()).groups()  # type: ignore[union-attr]
    if letter != module or int(number) not in numbers:
        raise node.fail(
            Reason(
                "no space {space} on module {module} (it has {module}-01 to {module}-{last:02d})",
                space=node.value,
                module=module,
                last=max(numbers),
            )
        )
    return int(number)


def parse_module(
    data: object, source: str, default_origins: Mapping[str, tuple[int, int]]
) -> ModuleSide:
    """Check one module-side file's data and build the side."""
    top = Node(data, source).mapping(
        required=("module", "side", "rows", "port_slots"),
        optional=("example", "origin", "rivers", "note"),
    )
    module = top["module"].choice(MODULE_LETTERS)
    side = top["side"].whole(1, 2)
    example = top["example"].boolean() if "example" in top else False
    origin = _parse_origin(top, module, default_origins)
    width, hexes = _parse_rows(top["rows"])
    numbers = {spec.number: spec for spec in hexes}
    rivers = _parse_rivers(top, module, numbers)
    slots = _parse_port_slots(top["port_slots"], module, numbers)
    return ModuleSide(
        module=module,
        side=side,
        example=example,
        origin=origin,
        columns=width,
        hexes=tuple(hexes),
        rivers=tuple(rivers),
        port_slots=slots,
        source=source,
    )


def _parse_origin(
    top: Mapping[str, Node], module: str, default_origins: Mapping[str, tuple[int, int]]
) -> tuple[int, int]:
    """Where the module's first position lies on the board: given, or the module's default."""
    if "origin" not in top and module not in default_origins:
        raise top["module"].fail(Reason("no 'origin' given and no default place for this module"))
    if "origin" not in top:
        return default_origins.get(module, (0, 0))
    where = top["origin"].mapping(required=("column", "row"))
    origin = (where["column"].whole(0), where["row"].whole(0))
    if origin[1] % 2:
        raise where["row"].fail(
            Reason("expected an even row, so the module's odd rows stay the shifted ones")
        )
    return origin


def _parse_rows(rows_node: Node) -> tuple[int, list[HexSpec]]:
    """The rows of hex codes: their width and the hexes, numbered in reading order."""
    rows = rows_node.sequence()
    if not rows:
        raise rows_node.expected(Reason("at least one row of hex codes"))
    width = None
    hexes: list[HexSpec] = []
    for row_index, row_node in enumerate(rows):
        cells = row_node.sequence()
        if width is None:
            width = len(cells)
        elif len(cells) != width:
            raise row_node.fail(
                Reason(
                    "this row has {count} positions, the first has {width}: "
                    "write . where there is no hex",
                    count=len(cells),
                    width=width,
                )
            )
        for column, cell in enumerate(cells):
            parsed = _parse_cell(cell)
            if parsed is not None:
                land, cost, mist = parsed
                hexes.append(HexSpec(len(hexes) + 1, column, row_index, land, cost, mist))
    if not hexes:
        raise rows_node.fail(Reason("the module has no hexes"))
    return width or 0, hexes


def _parse_cell(cell: Node) -> tuple[frozenset[str], int | None, bool] | None:
    if cell.value is None:  # YAML reads a bare ~ as null: here it is a loch
        cell = Node(LOCH, cell.source, cell.path, cell.line)
    if not isinstance(cell.value, str):
        raise cell.expected(Reason("a hex code such as G3, GF2, M5*, ~ or ."))
    try:
        return parse_code(str(cell.value))
    except ValueError as reason:
        raise cell.fail(reason.args[0]) from None


def _parse_rivers(
    top: Mapping[str, Node], module: str, numbers: Mapping[int, HexSpec]
) -> list[tuple[int, int]]:
    """The rivers, each the pair of space numbers it runs between, smaller first."""
    rivers: list[tuple[int, int]] = []
    for edge in top["rivers"] if "rivers" in top and top["rivers"].value is not None else ():
        pair, ends = _parse_river(edge, module, numbers)
        if pair in rivers:
            raise edge.fail(
                Reason(
                    "the river between {first} and {second} is listed twice",
                    first=ends[0].value,
                    second=ends[1].value,
                )
            )
        rivers.append(pair)
    return rivers


def _parse_river(
    edge: Node, module: str, numbers: Mapping[int, HexSpec]
) -> tuple[tuple[int, int], list[Node]]:
    """One river's pair of space numbers, and the nodes of its two ends."""
    ends = edge.sequence()
    if len(ends) != 2:
        raise edge.expected(Reason("a pair of adjacent land spaces, such as [A-03, A-04]"))
    first, second = (_space_number(end, module, numbers) for end in ends)
    a, b = numbers[first], numbers[second]
    if not are_adjacent((a.column, a.row), (b.column, b.row)):
        raise edge.fail(
            Reason(
                "{first} and {second} are not adjacent: a river "
                "runs along the edge between two adjacent spaces",
                first=ends[0].value,
                second=ends[1].value,
            )
        )
    for end, spec in zip(ends, (a, b), strict=True):
        if spec.loch:
            raise end.fail(
                Reason("{space} is a loch: rivers run between land spaces", space=end.value)
            )
    return (min(first, second), max(first, second)), ends


def _parse_port_slots(
    slots_node: Node, module: str, numbers: Mapping[int, HexSpec]
) -> dict[str, tuple[int, ...]]:
    slots = {}
    for name, slot in slots_node.mapping(required=PORT_SLOTS).items():
        touched = tuple(_space_number(item, module, numbers) for item in slot.sequence())
        if not touched:
            raise slot.fail(EMPTY_SLOT)
        slots[name] = touched
    return slots


EMPTY_SLOT = Reason("a port slot must touch at least one space")


def port_slot_problem(slot: str, touched: list[HexSpec], module: str) -> Reason | None:
    """Why the spaces a port slot touches are unlikely to be right, or None.

    A slot is one place beside the map, so its spaces sit side by side; the 1-2
    player slot must touch the 1-2 player map, which leaves the mist out.
    `map transcribe` refuses these; in a file they are warnings, since the
    printed layouts are not public.
    """
    if not touched:
        return EMPTY_SLOT
    names = [f"{module}-{spec.number:02d}" for spec in touched]
    for name in names:
        if names.count(name) > 1:
            return Reason("{space} is listed twice", space=name)
    apart = _first_apart(touched)
    if apart is not None:
        return Reason(
            "{first} and {second} are not side by side: a port slot is one place "
            "beside the map and touches neighbouring spaces",
            first=names[0],
            second=names[apart],
        )
    if slot == "players_1_2" and all(spec.mist for spec in touched):
        return Reason(
            "the 1-2 player port slot touches only mist spaces, which are not on the 1-2 "
            "player map: list the active spaces it touches"
        )
    return None


def _first_apart(touched: list[HexSpec]) -> int | None:
    """The index of the first space not joined to the first one through neighbours, or
    None when all lie side by side."""
    reached, frontier = {0}, [0]
    while frontier:
        here = touched[frontier.pop()]
        for index, other in enumerate(touched):
            if index not in reached and are_adjacent(
                (here.column, here.row), (other.column, other.row)
            ):
                reached.add(index)
                frontier.append(index)
    return next((i for i in range(len(touched)) if i not in reached), None)


def _centre(specs: list[HexSpec]) -> tuple[float, float]:
    return (
        sum(spec.column + (0.5 if spec.row % 2 else 0) for spec in specs) / len(specs),
        sum(spec.row for spec in specs) / len(specs),
    )


def _nearer_the_letter(side: ModuleSide, specs: list[HexSpec]) -> bool:
    """Do these spaces lie, on average, nearer the letter corner than the outer corner?"""
    rows = max(spec.row for spec in side.hexes) + 1
    column, row = _centre(specs)
    vertical, horizontal = LETTER_CORNER[side.module]
    letter = (
        side.columns - 0.5 if horizontal == "right" else 0,
        rows - 1 if vertical == "bottom" else 0,
    )
    outer = (side.columns - 0.5 - letter[0], rows - 1 - letter[1])
    to_letter = (column - letter[0]) ** 2 + (row - letter[1]) ** 2
    to_outer = (column - outer[0]) ** 2 + (row - outer[1]) ** 2
    return to_letter < to_outer


def side_warnings(side: ModuleSide) -> list[str]:  # each a Reason
    """Things that are legal in a file but unlike a printed side: likely slips.

    The printed layouts are not public, so these are warnings, never errors.
    They catch a side typed the other way up: the letter corner goes to the
    middle of the map, the mist and the port slots belong at the outer edge.
    """
    vertical, horizontal = LETTER_CORNER[side.module]
    turned = Reason(
        "is the tile turned? Module {module}'s letter rock goes at the {letter_corner} "
        "(the middle of the map), its factory corner at the {outer_corner}",
        module=side.module,
        letter_corner=Reason(CORNER_WORDS[vertical, horizontal]),
        outer_corner=Reason(CORNER_WORDS[OPPOSITE[vertical], OPPOSITE[horizontal]]),
    )
    by_number = {spec.number: spec for spec in side.hexes}
    warnings: list[str] = [
        warning
        for warning in (_mist_warning(side, turned), _slot_place_warning(side, by_number, turned))
        if warning is not None
    ]
    warnings += _slot_problems(side, by_number)
    one_two = side.port_slots.get("players_1_2", ())
    on_mist = [side.space_id(n) for n in one_two if by_number[n].mist]
    if on_mist and not all(by_number[n].mist for n in one_two):
        warnings.append(
            Reason(
                "{side}: the 1-2 player port slot touches mist ({spaces}), "
                "which is not on the 1-2 player map",
                side=side.name,
                spaces=", ".join(on_mist),
            )
        )
    return warnings


def _mist_warning(side: ModuleSide, turned: Reason) -> Reason | None:
    """A side without mist, or with its mist towards the middle of the map."""
    mist = [spec for spec in side.hexes if spec.mist]
    if not mist:
        return Reason(
            "{side} has no mist spaces (codes ending in *): the 2-player map leaves out "
            "the shaded spaces at the board's edge, and every example side has some",
            side=side.name,
        )
    if _nearer_the_letter(side, mist):
        return Reason(
            "{side}: the mist spaces lie towards the middle of the map: {turned}",
            side=side.name,
            turned=turned,
        )
    return None


def _slot_place_warning(
    side: ModuleSide, by_number: Mapping[int, HexSpec], turned: Reason
) -> Reason | None:
    """Port slots towards the middle of the map."""
    slot_spaces = [by_number[n] for touched in side.port_slots.values() for n in touched]
    if slot_spaces and _nearer_the_letter(side, slot_spaces):
        return Reason(
            "{side}: the port slots lie towards the middle of the map: {turned}",
            side=side.name,
            turned=turned,
        )
    return None


def _slot_problems(side: ModuleSide, by_number: Mapping[int, HexSpec]) -> list[Reason]:
    """Each port slot's `port_slot_problem`, named by the side and the slot."""
    warnings = []
    for slot, touched in side.port_slots.items():
        problem = port_slot_problem(slot, [by_number[n] for n in touched], side.module)
        if problem:
            # TRANSLATORS: {slot} is a key of the module file (players_1_2): keep it
            warnings.append(
                Reason(
                    "{side}: port_slots.{slot}: {problem}",
                    side=side.name,
                    slot=slot,
                    problem=problem,
                )
            )
    return warnings


def load_module(path: Path, default_origins: Mapping[str, tuple[int, int]]) -> ModuleSide:
    return parse_module(read_yaml(path), str(path), default_origins)


def load_module_set(
    folder: Path, default_origins: Mapping[str, tuple[int, int]]
) -> dict[str, ModuleSide]:
    """Every side in `folder` (files *.yaml), by name such as 'A1'."""
    if not folder.is_dir():
        raise DataError(str(folder), Reason("not a folder of map-module files"))
    sides: dict[str, ModuleSide] = {}
    for path in sorted(folder.glob("*.yaml")):
        side = load_module(path, default_origins)
        if side.name in sides:
            raise DataError(
                str(path),
                Reason(
                    "module side {side} is also in {other}",
                    side=side.name,
                    other=sides[side.name].source,
                ),
            )
        sides[side.name] = side
    return sides


MAPS_ENV = "CALEDONIA_MAPS"
# Where each module's column 0, row 0 sits when its file gives no origin:
# four 7 x 6 modules in a 14 x 12 board (the shape of the example sides).
DEFAULT_ORIGINS = {"A": (0, 0), "B": (7, 0), "C": (7, 6), "D": (0, 6)}


def maps_folder(override: str | None = None) -> Path:
    """Where the module sides are: --maps, else $CALEDONIA_MAPS, else the shipped examples."""
    chosen = override or os.environ.get(MAPS_ENV)
    if chosen:
        return Path(chosen)
    return example_maps_folder()


def example_maps_folder() -> Path:
    """The shipped example sides, whatever the box or $CALEDONIA_MAPS holds: the folder of
    the package caledonia.maps, found without running it."""
    found = find_spec("caledonia.maps")
    assert found is not None and found.origin is not None, "caledonia.maps is installed"
    return Path(found.origin).parent
