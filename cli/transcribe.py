"""`caledonia map transcribe`: enter a printed module side at the prompts.

The person types one short code per hex position, row by row, and sees the
side redrawn after each answer; then the river edges and the spaces each
port slot touches. The result is checked like any module file and saved
atomically. Typing `<` at a hex goes back one position.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import typer
from caledonia.rules.board import DEFAULT_ORIGINS
from caledonia.rules.hexgrid import are_adjacent
from caledonia.rules.map_modules import NO_HEX, PORT_SLOTS, parse_code, parse_module
from caledonia.rules.yamlfile import parse_yaml, write_text_atomic
from rich.text import Text

from .errors import ExitCode
from .output import console, message
from .prompts import Asker, QuestionaryAsker, whole_number

BACK = "<"
CODE_HELP = "G3, GF2, M5*, ~ (loch), . (no hex); * marks mist; < goes back"
STYLES = {"G": "green", "F": "dark_green", "M": "grey70", "~": "blue", ".": "dim"}


def draw_codes(codes: list[list[str | None]], current: tuple[int, int] | None) -> Text:
    """The side as typed so far: one code per position, odd rows half a step right."""
    picture = Text()
    for row, cells in enumerate(codes):
        picture.append("   " if row % 2 else "")
        for column, code in enumerate(cells):
            shown = (code or "?").ljust(5)
            style = (
                "bold reverse yellow"
                if (column, row) == current
                else STYLES.get((code or "?")[0], "")
            )
            picture.append(shown, style)
            picture.append(" ")
        picture.append("\n")
    return picture


def _code_validator(typed: str) -> bool | str:
    if typed.strip() == BACK:
        return True
    try:
        parse_code(typed)
    except ValueError as reason:
        return str(reason).capitalize() + "."
    return True


def _ask_grid(ask: Asker, module: str, columns: int, rows: int) -> list[list[str]]:
    codes: list[list[str | None]] = [[None] * columns for _ in range(rows)]
    positions = [(c, r) for r in range(rows) for c in range(columns)]
    at = 0
    while at < len(positions):
        column, row = positions[at]
        console(stderr=True).print(draw_codes(codes, (column, row)))
        typed = ask.text(
            f"Row {row + 1}, position {column + 1} ({CODE_HELP})",
            default=codes[row][column] or "",
            validate=_code_validator,
        ).strip()
        if typed == BACK:
            at = max(0, at - 1)
            continue
        codes[row][column] = (
            "~"
            if typed.startswith("~")
            else typed.upper().replace("*", "") + ("*" if typed.endswith("*") else "")
        )
        at += 1
    return [[code or NO_HEX for code in row] for row in codes]


def _numbering(module: str, codes: list[list[str]]) -> dict[str, tuple[int, int, bool]]:
    """Space id -> (column, row, is loch) for the hexes typed."""
    ids = {}
    for row, cells in enumerate(codes):
        for column, code in enumerate(cells):
            if code != NO_HEX:
                ids[f"{module}-{len(ids) + 1:02d}"] = (column, row, code.startswith("~"))
    return ids


def _normalise(typed: str) -> str:
    letter, _, number = typed.strip().upper().partition("-")
    return f"{letter}-{int(number):02d}" if number.isdigit() else typed.strip().upper()


def _ask_rivers(ask: Asker, ids: dict[str, tuple[int, int, bool]]) -> list[list[str]]:
    rivers: list[list[str]] = []

    def check(typed: str) -> bool | str:
        if not typed.strip():
            return True
        ends = [_normalise(part) for part in typed.replace(",", " ").split()]
        if len(ends) != 2 or any(end not in ids for end in ends):
            return "Give two adjacent spaces of this side, such as A-03 A-04, or Enter when done."
        (c1, r1, loch1), (c2, r2, loch2) = ids[ends[0]], ids[ends[1]]
        if loch1 or loch2:
            return "Rivers run between land spaces, not along a loch."
        if not are_adjacent((c1, r1), (c2, r2)):
            return f"{ends[0]} and {ends[1]} are not adjacent."
        if sorted(ends) in rivers:
            return "That river edge is already listed."
        return True

    while True:
        typed = ask.text(
            "River edge: the two spaces it runs between (Enter when done)", validate=check
        )
        if not typed.strip():
            return rivers
        rivers.append(sorted(_normalise(part) for part in typed.replace(",", " ").split()))


def _ask_slot(ask: Asker, ids: dict, label: str, module: str) -> list[str]:
    def check(typed: str) -> bool | str:
        names = [_normalise(part) for part in typed.replace(",", " ").split()]
        if not names:
            return "A port slot touches at least one space."
        unknown = [name for name in names if name not in ids]
        return f"No space {unknown[0]} on this side." if unknown else True

    typed = ask.text(
        f"Spaces the {label} port slot touches (such as {module}-01 {module}-08)", validate=check
    )
    return [_normalise(part) for part in typed.replace(",", " ").split()]


def side_yaml(
    module: str,
    side: int,
    codes: list[list[str]],
    rivers: list[list[str]],
    slots: dict[str, list[str]],
    origin: tuple[int, int] | None,
) -> str:
    lines = [
        f"# Module {module}, side {side}, transcribed from the printed board with",
        f"# caledonia map transcribe on {datetime.date.today().isoformat()}.",
        f"module: {module}",
        f"side: {side}",
        "example: false",
    ]
    if origin is not None:
        lines.append(f"origin: {{column: {origin[0]}, row: {origin[1]}}}")
    lines.append("rows:")
    lines += [f"  - [{', '.join(row)}]" for row in codes]
    lines.append("rivers:" if rivers else "rivers: []")
    lines += [f"  - [{a}, {b}]" for a, b in rivers]
    lines.append("port_slots:")
    lines += [f"  {name}: [{', '.join(slots[name])}]" for name in PORT_SLOTS]
    return "\n".join(lines) + "\n"


def transcribe(name: str, path: Path, ask: Asker | None = None) -> Path | None:
    """Ask for a whole side and save it; return the file, or None if the person stopped."""
    ask = ask or QuestionaryAsker()
    module, side = name[0], int(name[1])
    try:
        columns = int(
            ask.text(
                "Hex positions per row (count the widest row)",
                default="7",
                validate=whole_number(1, 30),
            )
        )
        rows = int(ask.text("Rows", default="6", validate=whole_number(1, 30)))
        origin = None
        if (columns, rows) != (7, 6):
            column = int(
                ask.text(
                    "Board column of this side's first position (0 = left edge)",
                    default=str(DEFAULT_ORIGINS[module][0]),
                    validate=whole_number(0, 60),
                )
            )
            row = int(
                ask.text(
                    "Board row of this side's first row (0 = top edge; even)",
                    default=str(DEFAULT_ORIGINS[module][1]),
                    validate=whole_number(0, 60),
                )
            )
            origin = (column, row)
        codes = _ask_grid(ask, module, columns, rows)
        ids = _numbering(module, codes)
        console(stderr=True).print(draw_codes(codes, None))
        rivers = _ask_rivers(ask, ids)
        slots = {
            "players_1_2": _ask_slot(ask, ids, "1-2 player", module),
            "players_3_4": _ask_slot(ask, ids, "3-4 player", module),
        }
        text = side_yaml(module, side, codes, rivers, slots, origin)
        parse_module(parse_yaml(text, str(path)), str(path), DEFAULT_ORIGINS)
        if path.exists() and not ask.confirm(f"{path} exists. Replace it?", default=False):
            message("Nothing was saved.")
            return None
    except KeyboardInterrupt:
        message("Cancelled: nothing was saved.")
        raise typer.Exit(ExitCode.INTERRUPTED) from None
    write_text_atomic(path, text)
    message(
        f"Saved {path}. Check it with 'caledonia map check {path}'; use your folder with "
        f"--maps {path.parent} (or CALEDONIA_MAPS)."
    )
    return path
