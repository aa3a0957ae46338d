"""What the map commands share: the board of --modules and --players with the
example-sides notice, and the check that a picture's file may be written (kept apart so
that the commands in map_cmd and map_where need not import each other, and light:
`status` checks its picture's file with it). Opening a file is map_source.open_source."""

from __future__ import annotations

from typing import Annotated

import typer
from caledonia.rules.board import Board, assemble
from caledonia.rules.position import error_reason

from .errors import UsageProblem
from .map_sides import example_sides_notice, load_sides
from .output import message
from .translation import t
from .writing import check_output, person_at_terminal

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


def check_picture(svg: str | None, force: bool) -> None:
    """Before any work: the picture's file can be written, and an old one is replaced only
    when the person says so (or --force)."""
    if svg:
        check_output(svg, force=force, ask=person_at_terminal())


def board_from_flags(modules: str, players: int, maps: str | None, command: str) -> Board:
    """The board of --modules and --players (no file given), with the example notice."""
    names = modules.split(",")
    try:
        board = assemble(load_sides(maps, names), names, players)
    except ValueError as reason:
        raise UsageProblem(
            t("--modules: {problem}", problem=error_reason(reason)), command
        ) from None
    _notice(board)
    return board
