"""`caledonia map where SPACE [GAME]`: a space in words that fit the physical board, and
the module drawn around it, so that a table can find the hex an id names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.events.port import named_ports
from caledonia.rules.messages import Reason
from caledonia.rules.position import OR, Position, error_reason, listed
from caledonia.rules.space_names import DOT, closest_ids, describe_space, unit_at
from caledonia.rules.yamlfile import write_text_atomic

from .board_sheet import id_points, render_sheet
from .map_common import ModulesOption, PlayersOption, board_from_flags, check_picture
from .map_source import open_source
from .map_view import draw_keys, where_legend
from .output import JsonOption, MapsOption, console, emit, message, print_json
from .translation import t, t_n, tr

if TYPE_CHECKING:
    from caledonia.rules.board import Board
    from caledonia.rules.space_names import SpaceWords

PICTURE_HEIGHT = 20  # lines: one module (six rows of hexes), never the whole board


def where_command(
    space: Annotated[
        str, typer.Argument(metavar="SPACE", help=t("A space id such as A-09 (a09 and A9 too)."))
    ],
    source_file: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            help=t("A game or position file: its units and port tiles become landmarks."),
            show_default=False,
        ),
    ] = None,
    modules: ModulesOption = "A1,B1,C1,D1",
    players: PlayersOption = 4,
    as_json: JsonOption = False,
    maps: MapsOption = None,
) -> None:
    """Where a space is on the table: its module, row and hex, terrain and cost, the lochs,
    rivers, port tiles and units beside it, and its module drawn with the space marked.

    Example: [cyan]caledonia map where A-24 sample_games/midway-4p.yaml[/cyan]
    """

    if source_file is None:
        board = board_from_flags(modules, players, maps, "map where")
        position, ports = Position(board, ()), {}
    else:
        source = open_source(source_file, maps)
        position, ports = source.position, source.ports
    index = _space(position.board, space)
    words = describe_space(position, index, ports=named_ports(ports))
    if as_json:
        print_json(where_data(position, index, words))
        return
    emit(t(DOT, first=words.id, second=words.land))
    emit(tr(words.place))
    standing = _standing(position, index)
    if standing:
        emit("  " + tr(standing))
    for landmark in words.landmarks:
        emit("  " + tr(landmark))
    _draw(position, index)


def _space(board: Board, typed: str) -> int:
    """The space's index; exit 1 naming the nearest ids for one there is not."""
    try:
        return board.lookup(typed)
    except ValueError as reason:
        problem = error_reason(reason)
        near = closest_ids(board, typed)
        if not near:
            raise CaledoniaError(tr(problem)) from None
        raise CaledoniaError(
            t("{problem}; did you mean {spaces}?", problem=problem, spaces=listed(near, OR))
        ) from None


def _standing(position: Position, index: int) -> Reason | None:
    """What stands on the space itself ('Ailsa's sheep stands here'), or None."""
    held = unit_at(position, index)
    return Reason("{unit} stands here", unit=held) if held is not None else None


def where_data(position: Position, index: int, words: SpaceWords) -> dict[str, Any]:
    board = position.board
    held = position.occupant(index)
    standing = _standing(position, index)
    return {  # machine output: the sentences in English
        "space": words.id,
        "module": words.module,
        "side": words.side,
        "terrain": str(words.terrain),
        "cost": words.cost,
        "place": str(words.place),
        "landmarks": [str(landmark) for landmark in words.landmarks],
        "active": index in board.active,
        "unit": {"player": held[0].name, "unit": held[1]} if held else None,
        "standing": None if standing is None else str(standing),
        "example": words.example,
    }


def _draw(position: Position, index: int) -> None:
    drawn = draw_keys(
        position.board, position, {index: "*"}, width=console().width, height=PICTURE_HEIGHT
    )
    if drawn is None:
        message(t("(The terminal is too narrow to draw the module: widen it to 46 columns.)"))
        return
    picture, region = drawn
    console().print(picture, soft_wrap=True, crop=False)
    message(
        # TRANSLATORS: {region} is what the picture shows: 'Module A', 'The whole board'
        t(
            "{region}, north at the top; ( * ) marks {space}.",
            region=region[0].upper() + region[1:],
            space=position.board.spaces[index].id,
        )
    )
    width = console().width - 1
    for line in where_legend(position.board, position, {index: "*"}, region, width, keys=False):
        message(line)


def sheet_command(
    svg_file: Annotated[
        str,
        typer.Option(
            "--svg", metavar="FILE", help=t("Where to save the sheet (SVG, sized for A4).")
        ),
    ],
    source_file: Annotated[
        str | None,
        typer.Argument(
            metavar="[GAME]",
            help=t("A game or position file: its modules, players and port tiles."),
            show_default=False,
        ),
    ] = None,
    modules: ModulesOption = "A1,B1,C1,D1",
    players: PlayersOption = 4,
    force: Annotated[bool, typer.Option("--force", help=t("Replace FILE if it exists."))] = False,
    maps: MapsOption = None,
) -> None:
    """A board sheet to print and lay beside the table: every space's id in large type,
    its terrain and land cost, the rivers and the port tiles. Printed at 100 % on A4 or
    Letter (landscape), the ids are at least 9 pt.

    Example: [cyan]caledonia map sheet --svg sheet.svg[/cyan]
    """

    check_picture(svg_file, force)
    if source_file is None:
        board = board_from_flags(modules, players, maps, "map sheet")
        ports: dict[str, str] = {}
    else:
        source = open_source(source_file, maps)
        board, ports = source.board, source.ports
    modules_named = " ".join(board.module_names())
    if board.example:
        title = t_n(
            "caledonia board sheet: {modules}, {count} player · example map modules, "
            "not the printed ones",
            "caledonia board sheet: {modules}, {count} players · example map modules, "
            "not the printed ones",
            board.players,
            modules=modules_named,
        )
    else:
        title = t_n(
            "caledonia board sheet: {modules}, {count} player",
            "caledonia board sheet: {modules}, {count} players",
            board.players,
            modules=modules_named,
        )
    write_text_atomic(svg_file, render_sheet(board, ports, title))
    message(
        t(
            "Saved the board sheet to {file}: print it landscape at 100 % "
            "(ids {points:.1f} pt on A4).",
            file=svg_file,
            points=id_points(board),
        )
    )
