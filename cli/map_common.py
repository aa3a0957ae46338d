"""What the map commands share: opening a position or game file, the example-sides
notice, and the check that a picture's file may be written (kept apart so that the
commands in map_cmd and map_where need not import each other)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from .map_sides import example_sides_notice
from .output import message
from .translation import t
from .writing import check_output, person_at_terminal

if TYPE_CHECKING:
    from caledonia.rules.board import Board

    from .map_source import MapSource

# The board the map commands draw when no file is given (board_from_flags)
ModulesOption = Annotated[
    str, typer.Option(metavar="SIDES", help=t("Module sides when no file is given, A to D."))
]
PlayersOption = Annotated[
    int,
    typer.Option(min=1, max=4, metavar="N", help=t("Player count, 1 to 4, when no file is given.")),
]


def _notice(board: Board) -> None:
    notice = example_sides_notice(board)
    if notice:
        message(notice, style="yellow")


def open_source(path: str, maps: str | None) -> MapSource:
    """A position or game file, with the example-data notice on stderr."""
    from .map_source import load_source

    source, notice = load_source(path, maps)
    if notice:
        message(notice, style="yellow")
    return source


def check_picture(svg: str | None, force: bool) -> None:
    """Before any work: the picture's file can be written, and an old one is replaced only
    when the person says so (or --force)."""
    if svg:
        check_output(svg, force=force, ask=person_at_terminal())


def board_from_flags(modules: str, players: int, maps: str | None, command: str) -> Board:
    """The board of --modules and --players (no file given), with the example notice."""
    from caledonia.rules.board import assemble
    from caledonia.rules.position import error_reason

    from .errors import UsageProblem
    from .map_sides import load_sides
    from .translation import t

    names = modules.split(",")
    try:
        board = assemble(load_sides(maps, names), names, players)
    except ValueError as reason:
        raise UsageProblem(
            t("--modules: {problem}", problem=error_reason(reason)), command
        ) from None
    _notice(board)
    return board
