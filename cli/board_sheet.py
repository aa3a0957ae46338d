"""The board sheet: the assembled board as a page to print and lay beside the table.

The printed board has no ids, so the sheet is where a table looks an id up: every
space shows its id in large type (drawn last, so nothing can cover it), its
terrain (fill and letters) and its land cost; the port slots sit beyond the
edge they touch. The SVG has a physical size in millimetres, so that printed at
100 % on A4 or Letter landscape the ids come out at ID_POINTS (at least 9 pt).
The geometry is board_svg's: the same hexes in the same places.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from caledonia.rules.board import Board, Space

from . import board_svg as svg
from .translation import t

PAGE_MM = (297.0, 210.0)  # A4 landscape; Letter landscape is 279.4 x 215.9
PRINTABLE_MM = (259.0, 190.0)  # inside both pages with 10 mm margins (Letter's width rules)
POINT_MM = 25.4 / 72
ID_SIZE = 14.0  # px of the board's geometry (a hex is svg.WIDTH ≈ 52 px across)
COST_SIZE = 12.0
TITLE_BAND = 50.0  # px above the board for the title and the legend line
LAND_LETTERS = {"grassland": "G", "forest": "F", "mountain": "M"}


def scale_mm(board: Board) -> float:
    """Millimetres per px: the sheet as large as fits the printable area."""
    width, height = _extent(board)
    return min(PRINTABLE_MM[0] / width, PRINTABLE_MM[1] / height)


def id_points(board: Board) -> float:
    """The ids' type size in points when the sheet is printed at its own size."""
    return ID_SIZE * scale_mm(board) / POINT_MM


def _extent(board: Board) -> tuple[float, float]:
    width, height = svg._size(board)
    return width, height + TITLE_BAND


def _halo(x: float, y: float, words: str, size: float, css: str, **extra: object) -> str:
    """Text with a paper-coloured outline under it: readable on any terrain pattern."""
    return svg._text(
        x,
        y,
        words,
        size,
        class_=css,
        fill=svg.INK,
        stroke=svg.PAPER,
        stroke_width=f"{size / 3.5:.1f}",
        paint_order="stroke",
        stroke_linejoin="round",
        text_anchor="middle",
        **extra,
    )


def render_sheet(board: Board, ports: Mapping[str, str] | None, title: str) -> str:
    """The sheet as SVG text, sized in millimetres."""
    width, height = _extent(board)
    scale = scale_mm(board)
    spaces, labels, marks = [], [], []
    mixed = sorted(svg._mixed_kinds(board))
    defs = svg._defs().replace("</defs>", "".join(svg._mixed_pattern(m) for m in mixed) + "</defs>")
    for space in board.spaces:
        x, y = svg._centre(space.column, space.row)
        active = space.index in board.active
        spaces.append(
            f'<polygon class="{"space" if active else "mist"}" data-space="{space.id}" '
            f'points="{svg._points(svg._corners(x, y))}" fill="{svg._fill(board, space.index)}" '
            f'stroke="#555555" stroke-width="1.2"/>'
        )
        below = _below(board, space, active)
        marks.append(_halo(x, y + 17, below, COST_SIZE, "cost", font_weight="bold"))
        labels.append(
            _halo(x, y - 3, space.id, ID_SIZE, "id", font_weight="bold", data_space=space.id)
        )
    rivers = _river_lines(board) + _module_edges(board)
    # TRANSLATORS: the board sheet's legend, one line of about 130 characters
    legend = t(
        "G grassland (light), F forest (dark, trees), M mountain (grey, peaks); "
        "£ land cost; blue waves: loch; thick blue edge: river; dashed black: modules meet"
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{width * scale:.1f}mm" height="{height * scale:.1f}mm" '
        f'viewBox="0 {-TITLE_BAND:.0f} {width:.1f} {height:.1f}" font-family="sans-serif">\n'
        f"<title>{escape(title)}</title>\n"
        f"{defs}\n"
        f'<rect x="0" y="{-TITLE_BAND:.0f}" width="100%" height="100%" fill="{svg.PAPER}"/>\n'
        f'<g id="heading">{svg._text(20, -22, title, 15, font_weight="bold", fill=svg.INK)}'
        f"{svg._text(20, -4, legend, 11, fill=svg.INK)}</g>\n"
        f'<g id="spaces">{"".join(spaces)}</g>\n'
        f'<g id="rivers">{"".join(rivers)}</g>\n'
        f"{_ports(board, ports or {}, (width / 2, (height - TITLE_BAND) / 2))}\n"
        f'<g id="costs">{"".join(marks)}</g>\n'
        f'<g id="ids">{"".join(labels)}</g>\n'  # last: nothing is drawn over an id
        "</svg>\n"
    )


def _below(board: Board, space: Space, active: bool) -> str:
    """What a space shows under its id: land letters and cost, loch, mist, or its block."""
    land = "".join(LAND_LETTERS[k] for k in LAND_LETTERS if k in space.land)
    # TRANSLATORS: under a space's id on the board sheet: its land letters and cost, GF £3
    below = t("loch") if space.loch else t("{land} £{cost}", land=land, cost=space.cost)
    if not active:
        below = t("mist")
    elif space.index in board.blocked:
        below = "N" if "neutral" in board.blocked[space.index] else "###"
    return below


def _river_lines(board: Board) -> list[str]:
    """Each river as a thick blue edge."""
    rivers: list[str] = []
    for edge in sorted(board.rivers, key=sorted):
        a, b = sorted(edge)
        ends = svg._edge(board, a, b)
        if ends is not None:
            (x1, y1), (x2, y2) = ends
            rivers.append(
                f'<line class="river" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="{svg.RIVER_COLOUR}" stroke-width="6" stroke-linecap="round"/>'
            )
    return rivers


def _module_edges(board: Board) -> list[str]:
    """Where two modules meet, dashed: a person lays them out by these."""
    edges: list[str] = []
    for space in board.spaces:
        for other in board.adjacent[space.index]:
            if other > space.index and board.spaces[other].module != space.module:
                ends = svg._edge(board, space.index, other)
                if ends is not None:
                    (x1, y1), (x2, y2) = ends
                    edges.append(
                        f'<line class="module-edge" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                        f'y2="{y2:.1f}" stroke="{svg.INK}" stroke-width="3" stroke-dasharray="7 3"/>'
                    )
    return edges


def _ports(board: Board, ports: Mapping[str, str], middle: tuple[float, float]) -> str:
    """Each port slot in use beyond the spaces it touches, with dashed lines to them."""
    parts = ['<g id="ports">']
    for slot in board.port_slots:
        x, y, touched = _clear_anchor(board, slot.touches, middle)
        tile = ports.get(slot.module)
        parts.append(f'<g class="port" data-corner="{slot.module}">')
        for tx, ty in touched:
            parts.append(
                f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" '
                'stroke="#8d6e63" stroke-width="2" stroke-dasharray="4 3"/>'
            )
        parts.append(
            f'<rect x="{x - PORT_HALF[0]:.1f}" y="{y - PORT_HALF[1]:.1f}" '
            f'width="{2 * PORT_HALF[0]:g}" height="{2 * PORT_HALF[1]:g}" rx="6" '
            'fill="#efe3d0" stroke="#8d6e63" stroke-width="1.5"/>'
        )
        label = t("port {tile}", tile=tile) if tile else t("port tile")
        parts.append(svg._text(x, y - 2, label, 12, text_anchor="middle", font_weight="bold"))
        corner = t("corner {module}", module=slot.module)
        parts.append(svg._text(x, y + 13, corner, 11, text_anchor="middle"))
        parts.append("</g>")
    parts.append("</g>")
    return "".join(parts)


PORT_HALF = (34.0, 19.0)  # half the port marker's width and height, px


def _clear_anchor(
    board: Board, touches: tuple[int, ...], middle: tuple[float, float]
) -> tuple[float, float, list[tuple[float, float]]]:
    """Where a port marker goes: board_svg's place beyond the spaces it touches, moved
    further out until it covers no hex (an id must stay readable)."""
    x, y, touched = svg._port_anchor(board, touches, middle)
    cx = sum(p[0] for p in touched) / len(touched)
    cy = sum(p[1] for p in touched) / len(touched)
    length = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 or 1.0
    dx, dy = (x - cx) / length, (y - cy) / length
    centres = [svg._centre(s.column, s.row) for s in board.spaces]
    for _ in range(20):
        if not any(
            abs(hx - x) < PORT_HALF[0] + svg.WIDTH / 2 and abs(hy - y) < PORT_HALF[1] + svg.RADIUS
            for hx, hy in centres
        ):
            break
        x, y = x + dx * 5, y + dy * 5
    return x, y, touched
