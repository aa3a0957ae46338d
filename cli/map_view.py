"""Drawing the assembled board in a terminal, with rich styles and a plain-text form.

Each hex is two text lines between its edges: the space id, then what is on
it. Rows alternate half a hex to the right, as on the table. Edges are drawn
once each, so a river edge can be marked: `≈` in blue. The same glyphs carry
the meaning when colour is off (NO_COLOR, a pipe): lower-case terrain is
mist, `[ N ]` a neutral worker, `[###]` a covered space, `*` a highlighted
space, `P` a space touching a port slot in use.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from caledonia.rules.board import Board
from caledonia.rules.hexgrid import step
from caledonia.rules.position import Position
from caledonia.rules.reach import shipping_words
from rich.text import Text

CELL = 6  # columns per hex: one edge character and five of content
LAND_LETTERS = (
    ("G", "grassland", "green"),
    ("F", "forest", "dark_green"),
    ("M", "mountain", "grey70"),
)
UNIT_CODES = {
    "sheep": "shp",
    "cow": "cow",
    "cheese_dairy": "dry",
    "bakery": "bak",
    "field": "fld",
    "distillery": "dst",
    "woodcutter": "wdc",
    "miner": "min",
    "fisherman": "fsh",
    None: "---",
}
PLAYER_STYLES = {
    "red": "bold red",
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "black": "bold white on grey23",
    "white": "bold black on white",
    "purple": "bold magenta",
    "orange": "bold dark_orange",
}
EDGE_STYLE, RIVER_STYLE = "grey42", "bold bright_blue"


def player_marks(position: Position | None) -> dict[str, str]:
    """One distinct character per player for the plain-text map: an initial where possible."""
    marks: dict[str, str] = {}
    for player in position.players if position else ():
        for letter in player.name.upper() + "1234":
            if letter.isalnum() and letter not in marks.values():
                marks[player.name] = letter
                break
    return marks


class _Canvas:
    def __init__(self, width: int, height: int):
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        for offset, char in enumerate(text):
            if 0 <= x + offset < len(self.cells[y]):
                self.cells[y][x + offset] = (char, style)

    def text(self) -> Text:
        result = Text()
        for number, row in enumerate(self.cells):
            line = "".join(char for char, _ in row).rstrip()
            for char, style in row[: len(line)]:
                result.append(char, style or None)
            if number < len(self.cells) - 1:
                result.append("\n")
        return result


def _terrain(board: Board, index: int, marked: bool) -> list[tuple[str, str]]:
    """What a free space shows: land letters and cost, as (text, style) pieces."""
    space = board.spaces[index]
    if space.loch:
        return [("~~~~~", "blue")]
    inactive = index not in board.active
    pieces = [("*", "")] if marked else []
    for letter, kind, style in LAND_LETTERS:
        if kind in space.land:
            pieces.append((letter.lower() if inactive else letter, "dim" if inactive else style))
    used = sum(len(text) for text, _ in pieces)
    cost = f"£{space.cost}" if used + 2 <= 5 else str(space.cost)
    return pieces + [(cost, "dim" if inactive else "")]


def draw_board(
    board: Board,
    position: Position | None = None,
    highlight: Collection[int] = (),
    ports: Mapping[str, str] | None = None,
) -> Text:
    """The board as rich Text. `highlight` marks spaces (reach, legal targets)."""
    columns = max(s.column for s in board.spaces) + 1
    rows = max(s.row for s in board.spaces) + 1
    canvas = _Canvas(columns * CELL + CELL // 2 + 2, rows * 3 + 1)
    marks = player_marks(position)
    port_spaces = {i for slot in board.port_slots for i in slot.touches}

    def x_of(column: int, row: int) -> int:
        return column * CELL + (CELL // 2 if row % 2 else 0)

    def edge_style(a: int, b: int | None) -> str:
        return RIVER_STYLE if b is not None and frozenset((a, b)) in board.rivers else EDGE_STYLE

    for space in board.spaces:
        x, y = x_of(space.column, space.row), space.row * 3
        index = space.index
        neighbour = {
            d: board.at.get(step(space.column, space.row, d))
            for d in ("E", "W", "NE", "NW", "SE", "SW")
        }
        for direction, column_offset, line in (
            ("NW", 1, y),
            ("NE", 4, y),
            ("SW", 1, y + 3),
            ("SE", 4, y + 3),
        ):
            glyph = "╱" if direction in ("NW", "SE") else "╲"
            style = edge_style(index, neighbour[direction])
            canvas.put(x + column_offset, line, "≈" if style == RIVER_STYLE else glyph, style)
        for direction, column_offset in (("W", 0), ("E", CELL)):
            style = edge_style(index, neighbour[direction])
            for line in (y + 1, y + 2):
                canvas.put(x + column_offset, line, "≈" if style == RIVER_STYLE else "│", style)

        marked = index in highlight
        label_style = (
            "bold reverse yellow" if marked else ("dim" if index not in board.active else "")
        )
        canvas.put(x + 1, y + 1, space.id + ("P" if index in port_spaces else " "), label_style)
        held = position.occupant(index) if position else None
        if held is not None:
            owner, kind = held
            canvas.put(
                x + 1,
                y + 2,
                f"{marks[owner.name]}:{UNIT_CODES.get(kind, '---')}",
                PLAYER_STYLES.get(owner.colour, "bold"),
            )
        elif index in board.blocked:
            solo = "neutral" in board.blocked[index]
            canvas.put(x + 1, y + 2, "[ N ]" if solo else "[###]", "bold white on grey30")
        else:
            offset = x + 1
            for piece, style in _terrain(board, index, marked):
                canvas.put(offset, y + 2, piece, "bold reverse yellow" if marked else style)
                offset += len(piece)
    return canvas.text()


def legend(board: Board, position: Position | None, ports: Mapping[str, str] | None) -> list[str]:
    """Lines that explain the glyphs, the players and the port slots."""
    lines = [
        "G grassland, F forest, M mountain, £ land cost; ~~~~~ loch; ≈ river; "
        "P touches a port slot in use",
    ]
    if board.players <= 2:
        lines.append(f"lower case: mist, not part of a {board.players}-player map")
    if board.players == 1:
        lines.append("[ N ] neutral worker on every active £1 space (solo)")
    if any("covered" in reason for reason in board.blocked.values()):
        lines.append("[###] covered by a spare port tile (tighter map)")
    marks = player_marks(position)
    kinds = {
        kind
        for p in (position.players if position else ())
        for kind in (*p.units.values(), *p.ports.values())
    }
    if "fisherman" in kinds:
        lines.append("fsh: a fisherman on a loch or a port tile (Clan MacDonald's worker)")
    for player in position.players if position else ():
        lines.append(
            f"{marks[player.name]}: {player.name} ({player.colour}, "
            f"{shipping_words(player.shipping)}, {len(player.units) + len(player.ports)} units)"
        )
    on_ports = {
        letter: (player, unit)
        for player in (position.players if position else ())
        for letter, unit in player.ports.items()
    }
    for slot in board.port_slots:
        tile = (ports or {}).get(slot.module)
        what = f"port tile {tile}" if tile else "port slot"
        touches = ", ".join(board.spaces[i].id for i in slot.touches)
        lines.append(
            f"{what} at corner {slot.module} "
            f"({slot.slot.replace('players_', '').replace('_', '-')} "
            f"players) touches {touches}"
        )
        if slot.module in on_ports:
            player, unit = on_ports[slot.module]
            lines.append(
                f"  {marks[player.name]}:{UNIT_CODES.get(unit, unit[:3])} on port:{slot.module}: "
                f"{player.name}'s {unit.replace('_', ' ')} stands on {what}"
            )
    return lines
