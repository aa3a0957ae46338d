"""The board as a standalone SVG picture, drawn from the board model (no terminal in between).

Hexes are pointy-topped and placed by the model's odd-r coordinates (rows alternate half a
hex to the right), as in the terminal drawing and on the table. Terrain is told apart by
lightness and pattern as well as hue, and players by token shape as well as colour, so the
picture reads for colour-blind players and in black and white (tests/test_board_svg.py
checks the terrain colours under simulated protanopia, deuteranopia and tritanopia).
Only generic font families are named, so it looks the same with no network.

Every element the tests count carries a class: `space` (one per active space), `mist`
(a space out of play at 1-2 players), `river` (one per river edge), `unit`, `port`,
`mark` (an overlay's space), `settlement`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from caledonia.rules.board import Board, Space
from caledonia.rules.game.events.port import tile_name
from caledonia.rules.hexgrid import step
from caledonia.rules.position import Position, unit_words
from caledonia.rules.settlements import FISHERMEN_READING, SettlementCount, has_fishermen

from .output import markup_escape as escape
from .translation import t, t_n, tr
from .unit_codes import UNIT_CODES

RADIUS = 30.0  # centre to corner of a hex, in px
WIDTH = math.sqrt(3) * RADIUS  # one hex across, flat side to flat side
ROW_STEP = 1.5 * RADIUS
MARGIN = 80.0  # room around the board for the port markers

# Fills for light paper. Grassland is the lightest, forest the darkest, mountain a warm
# mid grey: apart in lightness, so hue is not needed to tell them.
TERRAIN = {
    "grassland": ("#e4eb9c", "grassland"),
    "forest": ("#3f8f5b", "forest"),
    "mountain": ("#b0a090", "mountain"),
}
LOCH_FILL, RIVER_COLOUR, MIST_FILL = "#9fd0ee", "#1565c0", "#c8c8c8"
INK, PAPER = "#222222", "#fcfbf7"
PLAYER_FILLS = {
    "red": "#d62728",
    "blue": "#1f5fbf",
    "green": "#2ca02c",
    "yellow": "#f2c200",
    "black": "#222222",
    "white": "#ffffff",
    "purple": "#7b3fa0",
    "orange": "#f28e1c",
}
LIGHT_PLAYERS = {"yellow", "white", "orange"}  # dark letters on these
SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "pentagon")  # by seat
OVERLAY_STYLES = {  # stroke colour, dash pattern, and words no picture shows (the caption does)
    "legal": ("#000000", "", "may expand here, for the cost shown"),
    "reach": ("#000000", "5 3", "within shipping reach, free"),
    "border": ("#c2185b", "2 3", "border space"),
    "deltas": ("#6a1b9a", "8 3", "river delta"),
}


class Overlay(NamedTuple):
    """Spaces to mark, each with a label (a cost, or '' for none)."""

    kind: str  # a key of OVERLAY_STYLES
    marks: Mapping[int, str]
    caption: str  # for the legend, e.g. "Ailsa may expand a cow: 12 spaces"


@dataclass
class Picture:
    board: Board
    position: Position | None = None
    ports: Mapping[str, str] | None = None  # module letter -> port tile id
    title: str = "caledonia"
    subtitle: str = ""
    overlays: list[Overlay] = field(default_factory=list)
    settlements: Mapping[str, SettlementCount] = field(default_factory=dict)  # by player name


# -- geometry -------------------------------------------------------------------------------


def _centre(column: int, row: int) -> tuple[float, float]:
    x = MARGIN + WIDTH / 2 + (column + (0.5 if row % 2 else 0.0)) * WIDTH
    return x, MARGIN + RADIUS + row * ROW_STEP


# corner angles of a pointy-top hex, clockwise from the top; an edge lies between two corners
_CORNER_ANGLES = (-90, -30, 30, 90, 150, 210)
_EDGE_CORNERS = {"NE": (0, 1), "E": (1, 2), "SE": (2, 3), "SW": (3, 4), "W": (4, 5), "NW": (5, 0)}


def _corners(x: float, y: float, radius: float = RADIUS) -> list[tuple[float, float]]:
    return [
        (x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
        for a in _CORNER_ANGLES
    ]


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _edge(board: Board, a: int, b: int) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The two corners of the edge between adjacent spaces a and b."""
    space = board.spaces[a]
    for direction, (first, second) in _EDGE_CORNERS.items():
        if board.at.get(step(space.column, space.row, direction)) == b:
            corners = _corners(*_centre(space.column, space.row))
            return corners[first], corners[second]
    return None


def _size(board: Board) -> tuple[float, float]:
    columns = max(s.column for s in board.spaces) + 1
    rows = max(s.row for s in board.spaces) + 1
    return 2 * MARGIN + (columns + 0.5) * WIDTH, 2 * MARGIN + 2 * RADIUS + (rows - 1) * ROW_STEP


# -- elements -------------------------------------------------------------------------------


def _attrs(**values: object) -> str:
    return "".join(
        f' {name.rstrip("_").replace("_", "-")}="{escape(str(value))}"'
        for name, value in values.items()
        if value is not None and value != ""
    )


def _text(x: float, y: float, words: str, size: float, **extra: object) -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}"{_attrs(**extra)}>{escape(words)}</text>'


def _defs() -> str:
    forest, _ = TERRAIN["forest"]
    mountain, _ = TERRAIN["mountain"]
    grass, _ = TERRAIN["grassland"]
    return (
        "<defs>"
        # forest: small light trees (dots) on the dark green
        f'<pattern id="forest" width="9" height="9" patternUnits="userSpaceOnUse">'
        f'<rect width="9" height="9" fill="{forest}"/>'
        '<path d="M4.5 1.5 L7 6 L2 6 Z" fill="#cfe8d4" opacity="0.55"/></pattern>'
        # mountain: peaks drawn as chevrons
        f'<pattern id="mountain" width="12" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="12" height="8" fill="{mountain}"/>'
        '<path d="M1 7 L6 2 L11 7" fill="none" stroke="#5d5045" stroke-width="1"/></pattern>'
        f'<pattern id="grassland" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="8" height="8" fill="{grass}"/></pattern>'
        # lochs: waves
        f'<pattern id="loch" width="14" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="14" height="8" fill="{LOCH_FILL}"/>'
        '<path d="M0 5 Q3.5 2 7 5 T14 5" fill="none" stroke="#ffffff" stroke-width="1"/>'
        "</pattern>"
        # mist out of play: grey crosshatch
        '<pattern id="mist" width="6" height="6" patternUnits="userSpaceOnUse">'
        f'<rect width="6" height="6" fill="{MIST_FILL}"/>'
        '<path d="M0 6 L6 0 M0 0 L6 6" stroke="#a0a0a0" stroke-width="0.7"/></pattern>'
        "</defs>"
    )


def _terrains(land: Iterable[str]) -> tuple[str, ...]:
    return tuple(kind for kind in TERRAIN if kind in land)


def _mixed_kinds(board: Board) -> list[tuple[str, ...]]:
    """The terrain pairs (or triples) of the mixed spaces in play, in board order."""
    return list(
        dict.fromkeys(
            _terrains(s.land) for s in board.spaces if len(s.land) > 1 and s.index in board.active
        )
    )


def _mixed_id(kinds: tuple[str, ...]) -> str:
    return "mixed-" + "-".join(kinds)


def _mixed_pattern(kinds: tuple[str, ...]) -> str:
    """Diagonal stripes of each terrain of a mixed space, each with its own pattern drawn."""
    name = _mixed_id(kinds)
    stripes = "".join(
        f'<rect x="{i * 8}" width="8" height="{8 * len(kinds)}" fill="url(#{kind})"/>'
        for i, kind in enumerate(kinds)
    )
    span = 8 * len(kinds)
    return (
        f'<pattern id="{name}" width="{span}" height="{span}" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate(45)">{stripes}</pattern>'
    )


def _fill(board: Board, index: int) -> str:
    space = board.spaces[index]
    if index not in board.active:
        return "url(#mist)"
    if space.loch:
        return "url(#loch)"
    kinds = _terrains(space.land)
    return f"url(#{kinds[0] if len(kinds) == 1 else _mixed_id(kinds)})"


def _shape(shape: str, x: float, y: float, r: float, fill: str, stroke: str) -> str:
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"'
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {paint}/>'
    if shape == "square":
        s = r * 0.9
        return f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" {paint}/>'
    sides, turn, scale = {
        "diamond": (4, 0, 1.25),
        "triangle": (3, -90, 1.45),
        "hexagon": (6, 0, 1.1),
        "pentagon": (5, -90, 1.15),
    }[shape]
    points = [
        (
            x + r * scale * math.cos(math.radians(turn + 360 * k / sides)),
            y
            + r * scale * math.sin(math.radians(turn + 360 * k / sides))
            + (r * 0.2 if sides == 3 else 0),
        )
        for k in range(sides)
    ]
    return f'<polygon points="{_points(points)}" {paint}/>'


def _token(x: float, y: float, seat: int, colour: str, unit: str | None, **data: object) -> str:
    fill = PLAYER_FILLS.get(colour, "#888888")
    stroke = INK if colour in LIGHT_PLAYERS or colour == "white" else "#ffffff"
    letters = INK if colour in LIGHT_PLAYERS else "#ffffff"
    code = UNIT_CODES.get(unit or "", "?")
    return (
        f'<g class="unit"{_attrs(**data)}>'
        + _shape(SHAPES[seat % len(SHAPES)], x, y, 12.5, fill, stroke)
        + _text(x, y + 3.5, code, 9.5, fill=letters, font_weight="bold", text_anchor="middle")
        + "</g>"
    )


def _port_anchor(
    board: Board, touches: tuple[int, ...], centre: tuple[float, float]
) -> tuple[float, float, list[tuple[float, float]]]:
    """Where a port marker goes: beyond the spaces it touches, away from the board's middle."""
    points = [_centre(board.spaces[i].column, board.spaces[i].row) for i in touches]
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    dx, dy = x - centre[0], y - centre[1]
    length = math.hypot(dx, dy) or 1.0
    return x + dx / length * RADIUS * 2.1, y + dy / length * RADIUS * 2.1, points


# -- the picture ----------------------------------------------------------------------------


def render(picture: Picture) -> str:
    """The whole picture as SVG text."""
    board, position = picture.board, picture.position
    width, height = _size(board)
    players = position.players if position else ()
    seats = {p.name: n for n, p in enumerate(players)}
    colours = {p.name: p.colour for p in players}
    held = {
        index: (player.name, unit) for player in players for index, unit in player.units.items()
    }
    body: list[str] = []

    mixed = sorted(_mixed_kinds(board))
    body.append(_defs().replace("</defs>", "".join(_mixed_pattern(m) for m in mixed) + "</defs>"))
    body.append(f'<rect width="100%" height="100%" fill="{PAPER}"/>')

    body.append('<g id="spaces">')
    for space in board.spaces:
        body += _space(board, space, held)
    body.append("</g>")

    body.append('<g id="rivers">')
    body += _rivers(board)
    body.append("</g>")

    body.append(_ports(picture, seats, colours, (width / 2, height / 2)))
    body.append(_settlements(picture, seats, colours))
    body.append(_overlays(picture))

    body.append('<g id="units">')
    body += _units(board, held, seats, colours)
    body.append("</g>")

    legend, legend_height = _legend(picture, seats, colours, width)
    legend_top = height - MARGIN / 2 + 10
    total = legend_top + 30 + legend_height
    head = (
        f'<g id="title">{_text(MARGIN / 3, 26, picture.title, 17, font_weight="bold", fill=INK)}'
        + (_text(MARGIN / 3, 46, picture.subtitle, 12, fill=INK) if picture.subtitle else "")
        + "</g>"
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width:.0f}" '
        f'height="{total:.0f}" viewBox="0 -30 {width:.0f} {total:.0f}" '
        'font-family="sans-serif">\n'
        f"<title>{escape(picture.title)}</title>\n"
        + "\n".join(body)
        + "\n"
        + head
        + "\n"
        + f'<g id="legend" transform="translate(0 {legend_top:.0f})">{legend}</g>\n'
        + "</svg>\n"
    )


def _space(board: Board, space: Space, held: Mapping[int, tuple[str, str | None]]) -> list[str]:
    """A space's hex, its id and either its block (mist, solo) or its land cost (none under
    a unit)."""
    parts: list[str] = []
    x, y = _centre(space.column, space.row)
    active = space.index in board.active
    kind = "space" if active else "mist"
    terrain = "loch" if space.loch else "+".join(_terrains(space.land))
    parts.append(
        f'<polygon class="{kind}"{_attrs(data_space=space.id, data_terrain=terrain)} '
        f'points="{_points(_corners(x, y))}" fill="{_fill(board, space.index)}" '
        f'stroke="#6b6b6b" stroke-width="1"/>'
    )
    label_fill = _label_fill(space, active)
    parts.append(_text(x, y - RADIUS * 0.52, space.id, 7.5, fill=label_fill, text_anchor="middle"))
    if space.index in board.blocked:
        parts.append(_block(x, y, space.id, solo="neutral" in board.blocked[space.index]))
    elif not space.loch and space.cost is not None and space.index not in held:
        parts.append(
            _text(
                x,
                y + RADIUS * 0.68,
                f"£{space.cost}",  # a price, kept as a figure
                10,
                fill=label_fill,
                text_anchor="middle",
                font_weight="bold" if active else None,
            )
        )
    return parts


def _label_fill(space: Space, active: bool) -> str:
    """The colour of a space's id and cost: white on plain forest, grey in the mist."""
    dim = "#777777" if not active else INK
    return "#ffffff" if active and "forest" in space.land and len(space.land) == 1 else dim


def _block(x: float, y: float, space_id: str, *, solo: bool) -> str:
    """The block on a space out of play: N for the solo game's neutral, else ###."""
    return (
        f'<g class="blocked"{_attrs(data_space=space_id)}>'
        f'<rect x="{x - 11:.1f}" y="{y - 9:.1f}" width="22" height="18" rx="3" '
        f'fill="#555555" stroke="{INK}"/>'
        + _text(
            x,
            y + 4,
            "N" if solo else "###",
            10,
            fill="#ffffff",
            text_anchor="middle",
            font_weight="bold",
        )
        + "</g>"
    )


def _rivers(board: Board) -> list[str]:
    """Each river edge as a line along the edge two spaces share."""
    parts: list[str] = []
    for edge in sorted(board.rivers, key=sorted):
        a, b = sorted(edge)
        ends = _edge(board, a, b)
        if ends is None:
            continue
        (x1, y1), (x2, y2) = ends
        parts.append(
            f'<line class="river"{_attrs(data_edge=board.spaces[a].id + " " + board.spaces[b].id)} '
            f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{RIVER_COLOUR}" stroke-width="6" stroke-linecap="round"/>'
        )
    return parts


def _units(
    board: Board,
    held: Mapping[int, tuple[str, str | None]],
    seats: Mapping[str, int],
    colours: Mapping[str, str],
) -> list[str]:
    """Each unit on the map as its player's token."""
    parts: list[str] = []
    for index, (name, unit) in sorted(held.items()):
        space = board.spaces[index]
        x, y = _centre(space.column, space.row)
        parts.append(
            _token(
                x,
                y + 3,
                seats[name],
                colours[name],
                unit,
                data_space=space.id,
                data_player=name,
                data_unit=unit,
            )
        )
    return parts


def _ports(
    picture: Picture,
    seats: Mapping[str, int],
    colours: Mapping[str, str],
    middle: tuple[float, float],
) -> str:
    board, position = picture.board, picture.position
    on_ports = {
        letter: (player.name, unit)
        for player in (position.players if position else ())
        for letter, unit in player.ports.items()
    }
    parts = ['<g id="ports">']
    for slot in board.port_slots:
        x, y, touched = _port_anchor(board, slot.touches, middle)
        tile = (picture.ports or {}).get(slot.module)
        # a unit on the tile stands inside the marker, on the side towards the board
        inward = 1 if x < middle[0] else -1
        parts += _port_marker(slot.module, tile, x, y, touched, inward, slot.module in on_ports)
        if slot.module in on_ports:
            name, unit = on_ports[slot.module]
            parts.append(
                _token(
                    x + inward * 39,
                    y + 1,
                    seats[name],
                    colours[name],
                    unit,
                    data_space=f"port:{slot.module}",
                    data_player=name,
                    data_unit=unit,
                )
            )
    parts.append("</g>")
    return "".join(parts)


def _port_marker(
    corner: str,
    tile: str | None,
    x: float,
    y: float,
    touched: list[tuple[float, float]],
    inward: int,
    holds_unit: bool,
) -> list[str]:
    """A port slot's marker: dashed lines to the spaces it touches, its box (wider for a
    unit on the tile), the tile's name as a tooltip, and the words 'port, corner X'."""
    parts = [f'<g class="port"{_attrs(data_corner=corner, data_tile=tile)}>']
    for tx, ty in touched:
        parts.append(
            f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" '
            'stroke="#8d6e63" stroke-width="2" stroke-dasharray="3 3"/>'
        )
    extra = 32 if holds_unit else 0
    left = x - 23 - (extra if inward < 0 else 0)
    parts.append(
        f'<rect x="{left:.1f}" y="{y - 16:.1f}" width="{46 + extra}" height="32" rx="5" '
        f'fill="#efe3d0" stroke="#8d6e63" stroke-width="1.5"/>'
    )
    if tile:  # the tile's effect is too long for its marker: a tooltip names it
        parts.append(f"<title>{escape(tr(tile_name(tile)))}</title>")
    # TRANSLATORS: the label of a port marker in the SVG picture, about 8 letters at most
    label = t("port")
    parts.append(_text(x, y - 3, label, 9, text_anchor="middle", font_weight="bold", fill=INK))
    # TRANSLATORS: under a port marker: the module letter of the corner it is at
    corner_words = t("corner {module}", module=corner)
    parts.append(_text(x, y + 9, corner_words, 7.5, text_anchor="middle", fill=INK))
    parts.append("</g>")
    return parts


def _outline(
    board: Board, spaces: Iterable[int]
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The edges around a group of spaces: each hex edge not shared with another member."""
    members = set(spaces)
    lines = []
    for index in sorted(members):
        space = board.spaces[index]
        corners = _corners(*_centre(space.column, space.row), RADIUS - 2.5)
        for direction, (first, second) in _EDGE_CORNERS.items():
            if board.at.get(step(space.column, space.row, direction)) not in members:
                lines.append((corners[first], corners[second]))
    return lines


def _settlements(picture: Picture, seats: Mapping[str, int], colours: Mapping[str, str]) -> str:
    board = picture.board
    parts = ['<g id="settlements">']
    for name, counted in picture.settlements.items():
        fill = PLAYER_FILLS.get(colours.get(name, ""), "#888888")
        scored = set(counted.counted)
        for number, members in enumerate(counted.settlements):
            in_group = number in scored
            parts.append(
                f'<g class="settlement"{_attrs(data_player=name, data_counted="yes" if in_group else "no", data_spaces=" ".join(board.spaces[i].id for i in members))}>'
            )
            for (x1, y1), (x2, y2) in _outline(board, members):
                parts.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{fill}" '
                    f'stroke-width="{4 if in_group else 2.5}" stroke-linecap="round"'
                    + ("" if in_group else ' stroke-dasharray="4 3"')
                    + "/>"
                )
            parts.append("</g>")
        if counted.counted:
            first = board.spaces[counted.settlements[counted.counted[0]][0]]
            x, y = _centre(first.column, first.row)
            # TRANSLATORS: a small badge on the SVG picture: a player and their settlement count
            badge = t("{player}: {count}", player=name, count=counted.count)
            half = 3 + 2.9 * len(badge)
            parts.append(
                f'<g class="settlement-count"{_attrs(data_player=name, data_count=counted.count)}>'
                f'<rect x="{x - half:.1f}" y="{y - RADIUS - 14:.1f}" width="{2 * half:.1f}" '
                f'height="15" rx="7" fill="#ffffff" stroke="{fill}" stroke-width="2"/>'
                + _text(
                    x,
                    y - RADIUS - 3,
                    badge,
                    9,
                    text_anchor="middle",
                    font_weight="bold",
                    fill=INK,
                )
                + "</g>"
            )
    parts.append("</g>")
    return "".join(parts)


def _overlays(picture: Picture) -> str:
    board = picture.board
    parts = ['<g id="overlays">']
    for overlay in picture.overlays:
        colour, dash, _ = OVERLAY_STYLES[overlay.kind]
        for index, label in sorted(overlay.marks.items()):
            space = board.spaces[index]
            x, y = _centre(space.column, space.row)
            parts.append(
                f'<g class="mark"{_attrs(data_space=space.id, data_overlay=overlay.kind, data_label=label)}>'
                f'<polygon points="{_points(_corners(x, y, RADIUS - 3))}" fill="none" '
                f'stroke="{colour}" stroke-width="3.5"'
                + (f' stroke-dasharray="{dash}"' if dash else "")
                + "/>"
            )
            if label:
                parts.append(
                    f'<rect x="{x - 15:.1f}" y="{y - 8:.1f}" width="30" height="16" rx="4" '
                    f'fill="#ffffff" stroke="{colour}" stroke-width="1.5"/>'
                    + _text(x, y + 4, label, 11, text_anchor="middle", font_weight="bold", fill=INK)
                )
            parts.append("</g>")
    parts.append("</g>")
    return "".join(parts)


def _legend(
    picture: Picture, seats: Mapping[str, int], colours: Mapping[str, str], width: float
) -> tuple[str, float]:
    """Swatches and words, in rows that wrap within the picture's width."""
    items = [  # (swatch svg at 0,0 size 18, words)
        *_board_items(picture.board),
        *_player_items(picture.position, seats),
        *_overlay_items(picture),
    ]
    parts, x, y = [], MARGIN / 3, 0.0
    for swatch, words in items:
        span = (24 if swatch else 0) + 6.2 * len(words) + 22
        if x + span > width - MARGIN / 3 and x > MARGIN / 3:
            x, y = MARGIN / 3, y + 26
        if swatch:
            parts.append(f'<g transform="translate({x:.1f} {y:.1f})">{swatch}</g>')
        parts.append(_text(x + (24 if swatch else 0), y + 13, words, 11, fill=INK))
        x += span
    return "".join(parts), y + 30


def _hex_swatch(fill: str) -> str:
    return f'<polygon points="{_points(_corners(9, 9, 10))}" fill="{fill}" stroke="#6b6b6b"/>'


def _board_items(board: Board) -> list[tuple[str, str]]:
    """The legend's terrains, lochs, rivers, mist, blocks, port tiles and labels."""
    items: list[tuple[str, str]] = []
    for kind, (_, words) in TERRAIN.items():
        items.append((_hex_swatch(f"url(#{kind})"), words))
    mixed = _mixed_kinds(board)
    if mixed:
        items.append((_hex_swatch(f"url(#{_mixed_id(mixed[0])})"), t("mixed: either terrain")))
    items.append((_hex_swatch("url(#loch)"), t("loch")))
    items.append(
        (
            f'<line x1="0" y1="9" x2="18" y2="9" stroke="{RIVER_COLOUR}" stroke-width="6"/>',
            t("river between two spaces"),
        )
    )
    if len(board.active) < len(board.spaces):
        items.append(
            (
                _hex_swatch("url(#mist)"),
                t_n(
                    "mist: out of play with {count} player",
                    "mist: out of play with {count} players",
                    board.players,
                ),
            )
        )
    if any("neutral" in reason for reason in board.blocked.values()):
        items.append(
            (
                '<rect x="0" y="0" width="18" height="18" rx="3" fill="#555555"/>',
                # TRANSLATORS: N is the mark drawn on a space a solo game's neutral worker holds
                t("N: neutral worker (solo)"),
            )
        )
    if any("covered" in reason for reason in board.blocked.values()):
        items.append(
            (
                '<rect x="0" y="0" width="18" height="18" rx="3" fill="#555555"/>',
                # TRANSLATORS: ### is the mark drawn on a space a port tile covers
                t("###: covered by a port tile"),
            )
        )
    items.append(
        (
            '<rect x="0" y="2" width="18" height="14" rx="3" fill="#efe3d0" stroke="#8d6e63"/>',
            t("port tile and the spaces it touches"),
        )
    )
    # TRANSLATORS: the legend's key to the labels on a hex: its land cost and its id
    items.append(("", t("£N: land cost; A-07: space id")))
    return items


def _player_items(position: Position | None, seats: Mapping[str, int]) -> list[tuple[str, str]]:
    """Each player's token shape and colour, and the codes of the units drawn."""
    items: list[tuple[str, str]] = []
    for player in position.players if position else ():
        items.append(
            (
                _shape(
                    SHAPES[seats[player.name] % len(SHAPES)],
                    9,
                    9,
                    7,
                    PLAYER_FILLS.get(player.colour, "#888888"),
                    INK,
                ),
                t("{player} ({colour})", player=player.name, colour=player.colour),
            )
        )
    used = sorted(
        {
            unit
            for player in (position.players if position else ())
            for unit in (*player.units.values(), *player.ports.values())
        },
        key=lambda unit: list(UNIT_CODES).index(unit) if unit in UNIT_CODES else 99,
    )
    if used:
        items.append(("", "; ".join(f"{UNIT_CODES.get(u, '?')} {tr(unit_words(u))}" for u in used)))
    return items


def _overlay_items(picture: Picture) -> list[tuple[str, str]]:
    """Each highlight's outline and caption; the settlements' lines, when drawn."""
    items: list[tuple[str, str]] = []
    for overlay in picture.overlays:
        colour, dash, _ = OVERLAY_STYLES[overlay.kind]
        stroke = f'stroke="{colour}" stroke-width="3"' + (
            f' stroke-dasharray="{dash}"' if dash else ""
        )
        items.append(
            (
                f'<polygon points="{_points(_corners(9, 9, 9))}" fill="none" {stroke}/>',
                overlay.caption,
            )
        )
    if picture.settlements:
        items.append(
            (
                f'<line x1="0" y1="9" x2="18" y2="9" stroke="{INK}" stroke-width="4"/>',
                t("settlement in the group that scores (dashed: left out); Name: N, the count"),
            )
        )
        players = picture.position.players if picture.position else ()
        if any(has_fishermen(p.units, p.ports) for p in players):
            items.append(("", t("settlements read {reading}", reading=FISHERMEN_READING)))
    return items
