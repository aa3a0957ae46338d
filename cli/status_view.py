"""The status of a game laid out to a width, from its view: plain data worked out once
from the replayed game (game_status.status_view), so that a status kept in the cache
(views.py) is shown without the rules engine.

A view's `head` is the lines above the players, each as [how, ...]: ["fit", text] wraps a
line between words, ["items", label, items] wraps a list between its items only,
["line", text] is printed as it is, ["over"] says where the final score is.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterator
from typing import Any

from rich.cells import cell_len

from .output import console, emit, message, plain_stdout, print_json
from .translation import t


def fit(lines: list[str], width: int | None) -> list[str]:
    """Lines wrapped to `width` (continuations indented two spaces); unchanged when None."""
    if width is None:
        return list(lines)
    fitted: list[str] = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip(" ")))
        fitted.extend(
            textwrap.wrap(
                line,
                width=max(width, 10),
                subsequent_indent=indent + "  ",
                break_long_words=False,  # a file name or a command stays whole
                break_on_hyphens=False,
            )
            or [""]
        )
    return fitted


def items(label: str, values: list[str], width: int, tail: str = "") -> list[str]:
    """`label`, the values separated by commas, then `tail`, wrapped to `width` between
    values (and between the words of the tail) only: a value is never broken."""
    pieces = [value + ("," if n < len(values) - 1 else "") for n, value in enumerate(values)]
    lines: list[str] = []
    line = label
    for piece in pieces + tail.split():
        if line.strip() and line != label and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = "  " + piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return lines


def show_view(view: dict[str, Any], game_file: str, as_json: bool) -> None:
    """A status view (kept or just worked out) as JSON or laid out for the reader."""
    if as_json:
        print_json(view["json"])
        return
    show_status(view, game_file=game_file)


def show_status(
    view: dict[str, Any], width: int | None = None, game_file: str | None = None
) -> None:
    """The status as `status` prints it, fitted to `width` columns (the console's when
    None): nothing in it is ever cut. The board, when asked for, is the caller's."""
    width = width or output_width()
    for line in _head(view["head"], width, game_file):
        emit(line)
    players = view["players"]
    if table_width(players) <= width:
        console().print(_players_table(players), width=width)
        for line in _contract_lines(players, width):
            emit(line)
    else:
        for line in _player_blocks(players, width):
            emit(line)
    for line in fit(view["cellars"], width):
        emit(line)
    for line in view["powers"]:
        message(line, style="yellow")


def _head(head: list[list[Any]], width: int, game_file: str | None) -> Iterator[str]:
    for how, *what in head:
        if how == "fit":
            yield from fit(what, width)
        elif how == "items":
            yield from items(what[0], what[1], width)
        elif how == "over":
            said = t(
                "The game is over: final scores with 'caledonia score {game_file}'.",
                game_file=game_file or "GAME",
            )
            yield from fit([said], width)
        else:
            yield from what


def _players_table(players: list[dict[str, Any]]) -> Any:
    """The players as a table, every value on a line of its own so none is wrapped."""
    from rich.table import Table

    table = Table(title=t("Players"), title_justify="left")
    table.add_column(t("Player"), no_wrap=True)
    for label, _ in _table_rows(players[0]) if players else ():
        table.add_column(_label(label), no_wrap=True)
    for p in players:
        table.add_row("\n".join(p["who"]), *("\n".join(values) for _, values in _table_rows(p)))
    return table


def _label(label: str) -> str:
    """A row's label in the reader's language: the view keeps each by its English id
    (game_status marks them), by which the rows are found here."""
    return t(label)


def _table_rows(p: dict[str, Any]) -> list[list[Any]]:
    """The table's columns: the contracts, named by their goods, go under the table."""
    return [row for row in p["rows"] if row[0] != "Contracts"]


def _contract_lines(players: list[dict[str, Any]], width: int) -> list[str]:
    """Under the table: each player's contracts by their goods, a value never broken."""
    lines = []
    for p in players:
        contracts = dict(p["rows"])["Contracts"]
        lines.extend(items(t("{player}'s contracts:", player=p["name"]), contracts, width))
    return lines


def table_width(players: list[dict[str, Any]]) -> int:
    """Columns the players' table takes when nothing in it is squeezed, as rich measures
    it (a value and its padding of one space each side per column, and the borders),
    worked out without drawing it, so that a status too wide for its table needs no rich
    console at all."""
    columns: list[list[str]] = [[t("Player")] + [line for p in players for line in p["who"]]]
    for number, (label, _) in enumerate(_table_rows(players[0]) if players else ()):
        values = [line for p in players for line in _table_rows(p)[number][1]]
        columns.append([_label(label), *values])
    return sum(max(map(cell_len, column)) + 2 for column in columns) + len(columns) + 1


def output_width() -> int:
    """The width rich gives stdout's console, found without one when stdout is a pipe or a
    file (the terminal of stdin or stderr, else 80; COLUMNS first), as rich's own rule."""
    if not plain_stdout() or os.name == "nt":  # rich's console knows best (Windows: its own rule)
        return console().width
    width = None
    for descriptor in (0, 1, 2):
        try:
            width = os.get_terminal_size(descriptor).columns
        except (AttributeError, ValueError, OSError):  # not a terminal
            continue
        break
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        width = int(columns)
    return width or 80


_ONE_LINE = ("Money", "Glory", "Units")


def _player_blocks(players: list[dict[str, Any]], width: int) -> list[str]:
    """The players one under the other, a `label: value` line each, for narrow terminals."""
    lines = [t("Players")]
    for p in players:
        lines.extend(items("", p["who"], width))
        rows = p["rows"]
        numbers = [
            t("{label}: {value}", label=_label(label), value=values[0])
            for label, values in rows
            if label in _ONE_LINE
        ]
        if len("  " + "  ".join(numbers)) <= width:  # money, glory and units share a line
            lines.append("  " + "  ".join(numbers))
            rows = [row for row in rows if row[0] not in _ONE_LINE]
        for label, values in rows:
            lines.extend(items("  " + t("{label}:", label=_label(label)), values, width))
    return lines
