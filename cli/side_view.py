"""Drawing one module side alone, with its space ids, while it is typed or checked.

The same hex shapes as the board drawing (`map_view`): each hex is two lines
between its edges, the space id and then its code, odd rows half a hex to the
right. A side being typed has positions not yet answered (None); the position
asked next is framed `[ ? ]` so that it shows without colour too.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from caledonia.rules.hexgrid import step
from caledonia.rules.map_modules import LOCH, NO_HEX, ModuleSide, hex_code
from caledonia.rules.messages import N_
from rich.text import Text

CELL = 6
EDGE_STYLE, RIVER_STYLE = "grey42", "bold bright_blue"
LAND_STYLES = {"G": "green", "F": "dark_green", "M": "grey70"}
CURRENT_STYLE = "bold reverse yellow"
# What a space touching a port slot shows after its id.
SLOT_MARKS = {"players_1_2": "²", "players_3_4": "⁴"}
BOTH_SLOTS = "⁺"
# TRANSLATORS: the legend under a module side drawn in the terminal: keep the signs
LEGEND = N_(
    "G grassland, F forest, M mountain, digit = land cost, * mist, ~~~~~ loch, ≈ river; "
    "after an id: ² touches the 1-2 player port slot, ⁴ the 3-4 player one, ⁺ both"
)

Position = tuple[int, int]


def space_ids(module: str, codes: Sequence[Sequence[str | None]]) -> dict[Position, str]:
    """The id of every typed hex, numbered row by row from 1, skipping `.`."""
    ids: dict[Position, str] = {}
    for row, cells in enumerate(codes):
        for column, code in enumerate(cells):
            if code is not None and code != NO_HEX:
                ids[column, row] = f"{module}-{len(ids) + 1:02d}"
    return ids


class _Sheet:
    """A grid of characters with a style each, written into and then read as rich Text."""

    def __init__(self, width: int, height: int) -> None:
        self.grid = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        for offset, char in enumerate(text):
            if 0 <= x + offset < len(self.grid[y]):
                self.grid[y][x + offset] = char
                self.styles[y][x + offset] = style

    def text(self) -> Text:
        """The grid as Text, each line's trailing spaces and the empty last lines left out."""
        lines = ["".join(chars).rstrip() for chars in self.grid]
        while lines and not lines[-1]:
            lines.pop()
        picture = Text()
        for number, line in enumerate(lines):
            for char, style in zip(line, self.styles[number], strict=False):
                picture.append(char, style or None)
            if number < len(lines) - 1:
                picture.append("\n")
        return picture


def _slot_marks(slots: Mapping[str, Collection[Position]] | None) -> dict[Position, str]:
    """What each position touching a port slot shows after its id (both slots: one mark)."""
    marks: dict[Position, str] = {}
    for slot, touched in (slots or {}).items():
        for position in touched:
            mark = SLOT_MARKS[slot]
            marks[position] = BOTH_SLOTS if marks.get(position, mark) != mark else mark
    return marks


def draw_side(
    module: str,
    codes: Sequence[Sequence[str | None]],
    rivers: Collection[frozenset[Position]] = (),
    slots: Mapping[str, Collection[Position]] | None = None,
    current: Position | None = None,
) -> Text:
    """One side as rich Text: typed hexes with ids and codes, `[ ? ]` where the next
    answer goes, a dot for positions without a hex, nothing for those not typed yet."""
    columns = max((len(cells) for cells in codes), default=0)
    sheet = _Sheet(columns * CELL + CELL // 2 + 2, len(codes) * 3 + 1)
    ids = space_ids(module, codes)
    next_id = f"{module}-{len(ids) + 1:02d}"
    marks = _slot_marks(slots)
    for row, cells in enumerate(codes):
        for column, code in enumerate(cells):
            here = (column, row)
            x, y = column * CELL + (CELL // 2 if row % 2 else 0), row * 3
            if code == NO_HEX and here != current:
                sheet.put(x + 3, y + 2, ".", "dim")
            elif here == current:
                _edges(sheet, here, x, y, rivers)
                sheet.put(x + 1, y + 1, next_id, CURRENT_STYLE)
                sheet.put(x + 1, y + 2, "[ ? ]", CURRENT_STYLE)
            elif code is None:  # not typed yet: its outline, so the shape shows
                sheet.put(x, y + 1, "│     │", "dim")
                sheet.put(x, y + 2, "│     │", "dim")
            else:
                _edges(sheet, here, x, y, rivers)
                _inside(sheet, x, y, ids[here] + marks.get(here, ""), code)
    return sheet.text()


def _edges(
    sheet: _Sheet, here: Position, x: int, y: int, rivers: Collection[frozenset[Position]]
) -> None:
    """A hex's six edges, a river's as ≈."""
    column, row = here
    for direction, dx, line, glyph in (
        ("NW", 1, y, "╱"),
        ("NE", 4, y, "╲"),
        ("SW", 1, y + 3, "╲"),
        ("SE", 4, y + 3, "╱"),
    ):
        river = frozenset((here, step(column, row, direction))) in rivers
        sheet.put(x + dx, line, "≈" if river else glyph, RIVER_STYLE if river else EDGE_STYLE)
    for direction, dx in (("W", 0), ("E", CELL)):
        river = frozenset((here, step(column, row, direction))) in rivers
        for line in (y + 1, y + 2):
            sheet.put(x + dx, line, "≈" if river else "│", RIVER_STYLE if river else EDGE_STYLE)


def _inside(sheet: _Sheet, x: int, y: int, label: str, code: str) -> None:
    """A typed hex's id (with its port marks) over its code, or a loch's water."""
    mist = code.endswith("*")
    sheet.put(x + 1, y + 1, label, "dim" if mist else "bold")
    if code == LOCH:
        sheet.put(x + 1, y + 2, "~~~~~", "blue")
    else:
        sheet.put(x + 1, y + 2, code, "dim" if mist else LAND_STYLES.get(code[0], ""))


def side_codes(side: ModuleSide) -> list[list[str]]:
    """The codes of a loaded side, position by position, `.` where there is no hex."""
    rows = max(spec.row for spec in side.hexes) + 1
    codes = [[NO_HEX] * side.columns for _ in range(rows)]
    for spec in side.hexes:
        codes[spec.row][spec.column] = hex_code(spec)
    return codes


def draw_loaded_side(side: ModuleSide) -> Text:
    """A checked side file, drawn alone."""
    where = {spec.number: (spec.column, spec.row) for spec in side.hexes}
    rivers = {frozenset((where[a], where[b])) for a, b in side.rivers}
    slots = {name: [where[n] for n in touched] for name, touched in side.port_slots.items()}
    return draw_side(side.module, side_codes(side), rivers, slots)
