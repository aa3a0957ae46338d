"""`caledonia map ...`: draw the board, ask about reach, legality and settlements, check files."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.words import counted

from .errors import UsageProblem
from .output import JsonOption, MapsOption, console, emit, message, print_json

if TYPE_CHECKING:
    from caledonia.rules.board import Board
    from caledonia.rules.map_modules import ModuleSide
    from caledonia.rules.position import Position

# The map engine loads only when a map command runs: `caledonia score` starts faster.

app = typer.Typer(
    help="The map: draw the board, shipping reach, legal expansions, settlements, module files.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)

EXAMPLE_NOTICE = (
    "Note: these map modules are example layouts, not the printed ones; "
    "transcribe your own with 'caledonia map transcribe' and use --maps DIR."
)
PositionArgument = Annotated[
    str,
    typer.Argument(metavar="POSITION", help="Position file: modules, players' units, shipping."),
]


def load_sides(maps: str | None) -> dict[str, ModuleSide]:
    from caledonia.rules.board import DEFAULT_ORIGINS
    from caledonia.rules.map_modules import load_module_set, maps_folder

    return load_module_set(maps_folder(maps), DEFAULT_ORIGINS)


def _notice(board: Board) -> None:
    if board.example:
        message(EXAMPLE_NOTICE, style="yellow")


def load_position(path: str, maps: str | None) -> Position:
    from caledonia.rules.position import parse_position
    from caledonia.rules.yamlfile import read_yaml

    parts = components()
    position = parse_position(
        read_yaml(path),
        path,
        load_sides(maps),
        parts.economy,
        tuple(tile.id for tile in parts.port_tiles),
    )
    _notice(position.board)
    return position


def _player(position: Position, who: str):
    try:
        return position.player(who)
    except ValueError as reason:
        raise CaledoniaError(str(reason)) from None


def _space(board: Board, space_id: str) -> int:
    try:
        return board.lookup(space_id)
    except ValueError as reason:
        raise CaledoniaError(str(reason)) from None


def _unit(unit: str, command: str) -> str:
    from caledonia.rules.words import Unmatched, match_word

    found = match_word(unit, tuple(components().economy.units), "unit")
    if isinstance(found, Unmatched):
        raise UsageProblem(found.reason, command)
    return found


@app.command("show")
def show(
    position_file: Annotated[
        str | None,
        typer.Argument(
            metavar="[POSITION]", help="Position file with units to draw.", show_default=False
        ),
    ] = None,
    modules: Annotated[
        str, typer.Option(help="Module sides when no POSITION is given, A to D.")
    ] = "A1,B1,C1,D1",
    players: Annotated[
        int,
        typer.Option(
            min=1, max=4, help="Player count when no POSITION is given (mist is off with 1-2)."
        ),
    ] = 4,
    reach: Annotated[
        str | None,
        typer.Option(metavar="PLAYER", help="Highlight the free spaces PLAYER can reach."),
    ] = None,
    legal: Annotated[
        tuple[str, str] | None,
        typer.Option(
            metavar="PLAYER UNIT",
            help="Highlight where PLAYER may expand UNIT.",
            show_default=False,
        ),
    ] = None,
    border: Annotated[
        bool,
        typer.Option("--border", help="Highlight the border spaces (scoring tile 5, Fergusson)."),
    ] = False,
    deltas: Annotated[
        bool, typer.Option("--deltas", help="Highlight the river deltas (Robertson).")
    ] = False,
    svg: Annotated[
        str | None, typer.Option(metavar="FILE", help="Also save the picture as SVG.")
    ] = None,
    maps: MapsOption = None,
) -> None:
    """Draw the assembled board: terrain, costs, lochs, rivers, units, mist, port slots.

    Example: [cyan]caledonia map show sample_games/position-3p.yaml --reach Ailsa[/cyan]
    """
    from caledonia.rules.board import assemble
    from caledonia.rules.expansion import legal_spaces
    from caledonia.rules.reach import reachable

    from .map_view import draw_board, legend

    highlight: set[int] = set()
    if position_file is None:
        if reach or legal:
            raise UsageProblem(
                "--reach and --legal need a POSITION file with the players' units", "map show"
            )
        try:
            board = assemble(load_sides(maps), modules.split(","), players)
        except ValueError as reason:
            raise UsageProblem(f"--modules: {reason}", "map show") from None
        _notice(board)
        position = None
        ports = None
    else:
        position = load_position(position_file, maps)
        board = position.board
        ports = position.ports
        if reach:
            player = _player(position, reach)
            occupied = {i for p in position.players for i in p.units}
            highlight = {
                i
                for i in reachable(board, player.units, player.shipping, player.ports)
                if board.is_free_land(i) and i not in occupied
            }
        if legal:
            who, unit = legal
            checks = legal_spaces(
                position, _player(position, who).name, _unit(unit, "map show"), components().economy
            )
            highlight = {board.index[check.space] for check in checks}
    if border:
        highlight |= board.border
    if deltas:
        highlight |= board.deltas
    picture = draw_board(board, position, highlight, ports)
    console().print(picture, soft_wrap=True, crop=False)
    notes = legend(board, position, ports)
    if highlight or reach or legal or border or deltas:
        notes.append(f"* highlighted: {counted(len(highlight), 'space')}")
    for line in notes:
        emit(line)
    if svg:
        _save_svg(svg, picture, notes, board)


def _save_svg(path: str, picture, notes: list[str], board: Board) -> None:
    from io import StringIO

    from caledonia.rules.yamlfile import write_text_atomic
    from rich.console import Console

    width = max(len(line) for line in picture.plain.splitlines() + notes) + 2
    recorder = Console(record=True, width=width, file=StringIO(), force_terminal=True)
    recorder.print(picture, soft_wrap=True, crop=False)
    for line in notes:
        recorder.print(line, markup=False, highlight=False)
    title = (
        "caledonia map: "
        + " ".join(board.module_names())
        + (" (example modules)" if board.example else "")
    )
    write_text_atomic(path, recorder.export_svg(title=title))
    message(f"Saved the picture to {path}")


@app.command("reach")
def reach_command(
    position_file: PositionArgument,
    player: Annotated[str, typer.Argument(help="Player name or colour.")],
    as_json: JsonOption = False,
    maps: MapsOption = None,
) -> None:
    """Free spaces and port tiles a player's units reach with their shipping.

    Example: [cyan]caledonia map reach sample_games/position-3p.yaml Ailsa[/cyan]
    """
    from caledonia.rules.reach import port_route, reachable, shipping_words

    position = load_position(position_file, maps)
    board = position.board
    who = _player(position, player)
    occupied = {i for p in position.players for i in p.units}
    routes = reachable(board, who.units, who.shipping, who.ports)
    spaces = [
        (i, route)
        for i, route in sorted(routes.items())
        if board.is_free_land(i) and i not in occupied
    ]
    port_routes = [
        (slot, port_route(board, who.units, slot, who.shipping, who.ports))
        for slot in board.port_slots
    ]
    data = {
        "player": who.name,
        "shipping": who.shipping,
        "spaces": [
            {"space": board.spaces[i].id, "route": route.describe(board)} for i, route in spaces
        ],
        "ports": [
            {
                "corner": slot.module,
                "tile": position.ports.get(slot.module),
                "route": route.describe(board) if route else None,
            }
            for slot, route in port_routes
        ],
    }
    if as_json:
        print_json(data)
        return
    emit(
        f"{who.name} ({who.colour}, {shipping_words(who.shipping)}) reaches "
        f"{counted(len(spaces), 'free space')}:",
    )
    for entry in data["spaces"]:
        emit(f"  {entry['space']}  {entry['route']}")
    for entry in data["ports"]:
        tile = f"port tile {entry['tile']}" if entry["tile"] else "the port slot"
        where = entry["route"] or "out of reach"
        emit(f"  {tile} at corner {entry['corner']}: {where}")


@app.command("legal")
def legal_command(
    position_file: PositionArgument,
    player: Annotated[str, typer.Argument(help="Player name or colour.")],
    unit: Annotated[
        str,
        typer.Argument(
            help="sheep, cow, cheese_dairy, bakery, field, distillery, woodcutter or miner."
        ),
    ],
    space: Annotated[
        str | None,
        typer.Argument(help="Target space; leave out to list every legal one.", show_default=False),
    ] = None,
    free_land: Annotated[
        bool, typer.Option("--free-land", help="A free-space export bonus: no land cost.")
    ] = False,
    money: Annotated[
        int | None, typer.Option(min=0, help="The player's money, to check the cost.")
    ] = None,
    as_json: JsonOption = False,
    maps: MapsOption = None,
) -> None:
    """May a player expand a unit onto a space? Every reason, and the cost.

    Example: [cyan]caledonia map legal sample_games/position-3p.yaml Ailsa cow B-19[/cyan]
    """
    from caledonia.rules.expansion import check_expansion, legal_spaces

    position = load_position(position_file, maps)
    who = _player(position, player)
    kind = _unit(unit, "map legal")
    economy = components().economy
    if space is None:
        checks = legal_spaces(position, who.name, kind, economy, free_land=free_land, money=money)
        if as_json:
            print_json(
                {
                    "player": who.name,
                    "unit": kind,
                    "spaces": [
                        {"space": c.space, "cost": c.cost, "route": c.route} for c in checks
                    ],
                }
            )
            return
        emit(
            f"{who.name} may expand a {kind.replace('_', ' ')} onto {counted(len(checks), 'space')}:",
        )
        for check in checks:
            emit(f"  {check.space}  £{check.cost}  {check.route}")
        return
    check = check_expansion(
        position,
        who.name,
        kind,
        _space(position.board, space),
        economy,
        free_land=free_land,
        money=money,
    )
    if as_json:
        print_json(
            {
                "player": check.player,
                "unit": check.unit,
                "space": check.space,
                "legal": check.legal,
                "reasons": list(check.reasons),
                "cost": check.cost,
                "unit_cost": check.unit_cost,
                "land_cost": check.land_cost,
                "route": check.route,
            }
        )
    elif check.legal:
        emit(
            f"Legal: {who.name} may put a {kind.replace('_', ' ')} on {check.space} "
            f"({check.route}) for £{check.cost} "
            f"(unit £{check.unit_cost} + land £{check.land_cost}).",
        )
    else:
        emit(
            f"Not legal: {who.name} may not put a {kind.replace('_', ' ')} on {check.space}:",
        )
        for reason in check.reasons:
            emit(f"  - {reason}")
    if not check.legal:
        raise typer.Exit(1)


@app.command("settlements")
def settlements_command(
    position_file: PositionArgument, as_json: JsonOption = False, maps: MapsOption = None
) -> None:
    """Each player's settlements and the largest group within shipping reach.

    Example: [cyan]caledonia map settlements sample_games/position-3p.yaml[/cyan]
    """
    from caledonia.rules.reach import shipping_words
    from caledonia.rules.settlements import count_settlements

    position = load_position(position_file, maps)
    board = position.board
    results = []
    for player in position.players:
        counted = count_settlements(board, player.units, player.shipping)
        scored, left_out = counted.describe(board)
        results.append(
            {
                "name": player.name,
                "shipping": player.shipping,
                "settlements": counted.count,
                "counted": scored,
                "left_out": left_out,
            }
        )
    if as_json:
        print_json({"players": results})
        return
    for entry in results:
        count = entry["settlements"]
        emit(
            f"{entry['name']}: {count} settlement{'' if count == 1 else 's'} within reach "
            f"of each other ({shipping_words(entry['shipping'])})",
        )
        for name in entry["counted"]:
            emit(f"  counted   {name}")
        for name in entry["left_out"]:
            emit(f"  left out  {name}")


@app.command("check")
def check_command(
    paths: Annotated[
        list[str], typer.Argument(metavar="FILE|DIR...", help="Module-side files or folders.")
    ],
) -> None:
    """Check module-side files: codes, costs, lochs, rivers, port slots, overlaps.

    Example: [cyan]caledonia map check my-maps/[/cyan]
    """
    problems = 0
    for path in paths:
        problems += _check_path(Path(path))
    if problems:
        raise CaledoniaError(f"{problems} file(s) with problems")


def _check_path(path: Path) -> int:
    from caledonia.rules.board import DEFAULT_ORIGINS
    from caledonia.rules.map_modules import load_module, load_module_set

    if path.is_dir():
        files = sorted(path.glob("*.yaml"))
        if not files:
            message(f"Error: {path}: no *.yaml module files in this folder", style="red")
            return 1
        problems = sum(_check_path(file) for file in files)
        if problems:
            return problems
        try:
            sides = load_module_set(path, DEFAULT_ORIGINS)
            _check_assemblies(sides)
        except (CaledoniaError, ValueError) as problem:
            message(f"Error: {problem}", style="red")
            return 1
        emit(f"{path}: {len(sides)} sides fit together")
        return 0
    try:
        side = load_module(path, DEFAULT_ORIGINS)
    except CaledoniaError as problem:
        message(f"Error: {problem}", style="red")
        return 1
    label = " (example layout)" if side.example else ""
    emit(
        f"{path}: module {side.name}{label}, {len(side.hexes)} spaces, "
        f"{len(side.rivers)} river edges: ok",
    )
    return 0


def _check_assemblies(sides: dict[str, ModuleSide]) -> None:
    """Every combination of the sides present must assemble without overlaps."""
    from itertools import product

    from caledonia.rules.board import Board

    by_letter = {letter: [s for s in sides.values() if s.module == letter] for letter in "ABCD"}
    if not all(by_letter.values()):
        return
    for combination in product(*by_letter.values()):
        Board(list(combination), 4)


@app.command("transcribe")
def transcribe_command(
    side: Annotated[str, typer.Argument(help="The side to enter, A1 to D2.")],
    out: Annotated[
        str | None, typer.Option(metavar="FILE", help="Where to write it (default SIDE.yaml).")
    ] = None,
) -> None:
    """Enter a printed module side hex by hex, seeing the map redrawn as you go.

    Example: [cyan]caledonia map transcribe A1 --out my-maps/A1.yaml[/cyan]
    """
    from .output import is_interactive

    name = side.strip().upper()
    if len(name) != 2 or name[0] not in "ABCD" or name[1] not in "12":
        raise UsageProblem(f"unknown side {side!r}: expected A1, A2, B1 ... D2", "map transcribe")
    if not is_interactive():
        raise UsageProblem(
            "transcribing asks questions and needs a terminal; without one, write the YAML "
            "yourself (see maps/README.md) and check it with 'caledonia map check FILE'",
            "map transcribe",
        )
    from .transcribe import transcribe

    transcribe(name, Path(out or f"{name}.yaml"))
