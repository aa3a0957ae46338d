"""`caledonia map ...`: draw the board, ask about reach, legality and settlements, check files."""

from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.board import DEFAULT_ORIGINS, Board, PortSlot
from caledonia.rules.boxfolder import side_file
from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.events.port import tile_name
from caledonia.rules.map_modules import SIDE_NAMES, load_module, side_warnings
from caledonia.rules.messages import Reason
from caledonia.rules.position import MapPlayer, error_reason
from caledonia.rules.reach import Route, port_route, shipping_words
from caledonia.rules.settlements import FISHERMEN_READING, count_settlements, has_fishermen
from caledonia.rules.words import Unmatched, match_word

from .board_svg import Overlay
from .errors import UsageProblem
from .map_common import ModulesOption, board_from_flags, check_picture
from .map_picture import save_picture
from .map_sides import missing_sides
from .map_source import board_data, legal_overlay, open_source, reach_overlay
from .map_view import draw_board, legend
from .map_where import sheet_command, where_command
from .output import (
    JsonOption,
    MapsOption,
    SvgOption,
    console,
    emit,
    message,
    print_json,
)
from .side_view import LEGEND, draw_loaded_side
from .translation import t, t_n, tr
from .writing import ForceOption

if TYPE_CHECKING:
    from caledonia.rules.expansion import ExpansionCheck
    from caledonia.rules.map_modules import ModuleSide

    from .map_source import MapSource

app = typer.Typer(
    help=t("The map: draw the board, shipping reach, legal expansions, settlements, module files."),
    no_args_is_help=True,
    rich_markup_mode="rich",
)


SourceArgument = Annotated[
    str,
    typer.Argument(
        metavar="POSITION|GAME",
        help=t(
            "A position file (modules, players' units, shipping) or a game file (as it stands)."
        ),
    ),
]


def _unit(unit: str, command: str) -> str:
    found = match_word(unit, tuple(components().economy.units), "unit")
    if isinstance(found, Unmatched):
        raise UsageProblem(found.reason, command)
    return found


def _no_money_for_game(source: MapSource, money: int | None, command: str) -> None:
    if source.game is not None and money is not None:
        raise UsageProblem(
            t("--money is for a position file: a game file knows each player's money"), command
        )


@app.command("show")
def show(
    source_file: Annotated[
        str | None,
        typer.Argument(
            metavar="[POSITION|GAME]",
            help=t("A position file or a game file (as it stands) with the units to draw."),
            show_default=False,
        ),
    ] = None,
    modules: ModulesOption = "A1,B1,C1,D1",
    players: Annotated[
        int,
        typer.Option(
            min=1,
            max=4,
            metavar="N",
            help=t("Player count, 1 to 4, when no file is given (mist is off with 1-2)."),
        ),
    ] = 4,
    reach: Annotated[
        str | None,
        typer.Option(metavar="PLAYER", help=t("Highlight the free spaces PLAYER can reach.")),
    ] = None,
    legal: Annotated[
        tuple[str, str] | None,
        typer.Option(
            metavar="PLAYER UNIT",
            help=t("Highlight where PLAYER may expand UNIT, with the cost."),
            show_default=False,
        ),
    ] = None,
    border: Annotated[
        bool,
        typer.Option(
            "--border", help=t("Highlight the border spaces (scoring tile 5, Fergusson).")
        ),
    ] = False,
    deltas: Annotated[
        bool, typer.Option("--deltas", help=t("Highlight the river deltas (Robertson)."))
    ] = False,
    svg: SvgOption = None,
    force: ForceOption = False,
    as_json: JsonOption = False,
    maps: MapsOption = None,
) -> None:
    """Draw the assembled board: terrain, costs, lochs, rivers, units, mist, port slots.

    Example: [cyan]caledonia map show sample_games/game-4p.yaml --legal Ailsa cow[/cyan]
    """
    check_picture(svg, force)
    source, board = _shown_board(
        source_file, modules, players, maps, needs_units=bool(reach or legal)
    )
    overlays = _show_overlays(board, source, reach, legal)
    if border:
        overlays.append(Overlay("border", dict.fromkeys(board.border, ""), t("border space")))
    if deltas:
        overlays.append(Overlay("deltas", dict.fromkeys(board.deltas, ""), t("river delta")))
    if as_json:
        print_json(board_data(board, source, overlays))
    else:
        _draw_in_terminal(board, source, overlays)
    if svg:
        title = _flags_picture_title(board) if source is None else None
        save_picture(svg, board, source, overlays, title=title)


def _shown_board(
    source_file: str | None, modules: str, players: int, maps: str | None, *, needs_units: bool
) -> tuple[MapSource | None, Board]:
    """The file's source and board, or (no file) the board the flags assemble."""
    if source_file is not None:
        source = open_source(source_file, maps)
        return source, source.board
    if needs_units:
        raise UsageProblem(
            t("--reach and --legal need a POSITION or GAME file with the players' units"),
            "map show",
        )
    return None, board_from_flags(modules, players, maps, "map show")


def _show_overlays(
    board: Board, source: MapSource | None, reach: str | None, legal: tuple[str, str] | None
) -> list[Overlay]:
    """The --reach and --legal highlights (they need a file's units)."""
    overlays: list[Overlay] = []
    if reach and source:
        name = source.player(reach).name
        overlays.append(reach_overlay(name, source.free_routes(name)))
    if legal and source:
        who, unit = legal
        name, kind = source.player(who).name, _unit(unit, "map show")
        overlays.append(legal_overlay(board, name, kind, source.legal(name, kind)))
    return overlays


def _draw_in_terminal(board: Board, source: MapSource | None, overlays: list[Overlay]) -> None:
    """The board and its legend, as wide as the terminal."""
    highlight = {index for overlay in overlays for index in overlay.marks}
    position = source.position if source else None
    ports = source.ports if source else None
    width = console().width
    marked = len(highlight) if overlays else None
    console().print(
        draw_board(board, position, highlight, ports, width=width), soft_wrap=True, crop=False
    )
    for line in legend(board, position, ports, width=width, highlighted=marked):
        emit(line)


def _flags_picture_title(board: Board) -> tuple[str, str]:
    """The SVG title of a board drawn from the flags alone (a file's picture has its own)."""
    if board.example:
        subtitle = t_n(
            "{count} player · example map modules, not the printed ones",
            "{count} players · example map modules, not the printed ones",
            board.players,
        )
    else:
        subtitle = t_n("{count} player", "{count} players", board.players)
    # TRANSLATORS: the title of the SVG picture; {modules} are the sides: A1 B2 C1 D1
    heading = t("caledonia: map {modules}", modules=" ".join(board.module_names()))
    return (heading, subtitle)


@app.command("reach")
def reach_command(
    source_file: SourceArgument,
    player: Annotated[str, typer.Argument(metavar="PLAYER", help=t("Player name or colour."))],
    svg: SvgOption = None,
    force: ForceOption = False,
    as_json: JsonOption = False,
    maps: MapsOption = None,
) -> None:
    """Free spaces and port tiles a player's units reach with their shipping.

    Example: [cyan]caledonia map reach sample_games/position-3p.yaml Ailsa[/cyan]
    """
    check_picture(svg, force)

    source = open_source(source_file, maps)
    board = source.board
    who = source.player(player)
    spaces = list(source.free_routes(who.name).items())
    port_routes = [
        (slot, port_route(board, who.units, slot, who.shipping, who.ports))
        for slot in board.port_slots
    ]
    if as_json:
        print_json(_reach_data(source, who, spaces, port_routes))
    else:
        emit(
            t_n(
                "{player} ({colour}, {shipping}) reaches {count} free space:",
                "{player} ({colour}, {shipping}) reaches {count} free spaces:",
                len(spaces),
                player=who.name,
                colour=who.colour,
                shipping=shipping_words(who.shipping),
            )
        )
        for index, route in spaces:
            emit(f"  {board.spaces[index].id}  {tr(route.describe(board))}")
        _say_port_routes(source, port_routes)
    if svg:
        save_picture(svg, board, source, [reach_overlay(who.name, (i for i, _ in spaces))])


def _reach_data(
    source: MapSource,
    who: MapPlayer,
    spaces: list[tuple[int, Route]],
    port_routes: list[tuple[PortSlot, Route | None]],
) -> dict[str, Any]:
    """What `map reach --json` prints: the free spaces and the port corners, with routes."""
    board = source.board
    return {
        "player": who.name,
        "shipping": who.shipping,
        "spaces": [
            {"space": board.spaces[i].id, "route": str(route.describe(board))}
            for i, route in spaces
        ],
        "ports": [
            {
                "corner": slot.module,
                "tile": source.ports.get(slot.module),
                "route": str(route.describe(board)) if route else None,
            }
            for slot, route in port_routes
        ],
    }


def _say_port_routes(source: MapSource, port_routes: list[tuple[PortSlot, Route | None]]) -> None:
    """Each port corner's tile (or empty slot) and the route to it, or out of reach."""
    board = source.board
    for slot, found in port_routes:
        tile = source.ports.get(slot.module)
        where = tr(found.describe(board)) if found else t("out of reach")
        if tile:
            emit(
                t(
                    "  the port tile at corner {corner} ({tile}): {route}",
                    tile=tr(tile_name(tile)),
                    corner=slot.module,
                    route=where,
                )
            )
        else:
            emit(
                t(
                    "  the port slot at corner {corner}: {route}",
                    corner=slot.module,
                    route=where,
                )
            )


@app.command("legal")
def legal_command(
    source_file: SourceArgument,
    player: Annotated[str, typer.Argument(metavar="PLAYER", help=t("Player name or colour."))],
    unit: Annotated[
        str,
        typer.Argument(
            metavar="UNIT",
            # TRANSLATORS: the unit words are typed on the command line: keep them in English
            help=t("sheep, cow, cheese_dairy, bakery, field, distillery, woodcutter or miner."),
        ),
    ],
    space: Annotated[
        str | None,
        typer.Argument(
            metavar="SPACE",
            help=t("Target space; leave out to list every legal one."),
            show_default=False,
        ),
    ] = None,
    free_land: Annotated[
        bool, typer.Option("--free-land", help=t("A free-space export bonus: no land cost."))
    ] = False,
    money: Annotated[
        int | None,
        typer.Option(
            min=0,
            metavar="N",
            help=t("The player's money, to check the cost (position files only)."),
        ),
    ] = None,
    svg: SvgOption = None,
    force: ForceOption = False,
    as_json: JsonOption = False,
    maps: MapsOption = None,
) -> None:
    """May a player expand a unit onto a space? Every reason, and the cost.

    With a game file the player's money and clan power count, whoever's turn it is.

    Example: [cyan]caledonia map legal sample_games/position-3p.yaml Ailsa cow B-19[/cyan]
    """
    check_picture(svg, force)
    source = open_source(source_file, maps)
    _no_money_for_game(source, money, "map legal")
    board = source.board
    who = source.player(player)
    kind = _unit(unit, "map legal")
    words = kind.replace("_", " ")
    if space is None:
        checks = source.legal(who.name, kind, free_land=free_land, money=money)
        _say_legal_spaces(who.name, kind, checks, as_json)
        if svg:
            save_picture(svg, board, source, [legal_overlay(board, who.name, kind, checks)])
        return
    check = source.check(who.name, kind, source.space(space), free_land=free_land, money=money)
    _say_check(check, who.name, words, as_json)
    if svg:
        save_picture(svg, board, source, [_check_overlay(board, check, who.name, words)])
    if not check.legal:
        raise typer.Exit(1)


def _say_legal_spaces(player: str, kind: str, checks: list[ExpansionCheck], as_json: bool) -> None:
    """Every space the player may expand the unit onto, with its cost and route."""
    if as_json:
        print_json(
            {
                "player": player,
                "unit": kind,
                "spaces": [
                    {"space": c.space, "cost": c.cost, "route": str(c.route)} for c in checks
                ],
            }
        )
        return
    emit(
        t_n(
            "{player} may expand a {unit} onto {count} space:",
            "{player} may expand a {unit} onto {count} spaces:",
            len(checks),
            player=player,
            unit=kind.replace("_", " "),
        )
    )
    for check in checks:
        emit(
            t(
                "  {space}  £{cost}  {route}",
                space=check.space,
                cost=check.cost,
                route=check.route,
            )
        )


def _say_check(check: ExpansionCheck, player: str, words: str, as_json: bool) -> None:
    """One space's answer: legal with the cost and route, or every reason it is not."""
    if as_json:
        print_json(
            {
                "player": check.player,
                "unit": check.unit,
                "space": check.space,
                "legal": check.legal,
                "reasons": [str(r) for r in check.reasons],  # machine output: the English
                "cost": check.cost,
                "unit_cost": check.unit_cost,
                "land_cost": check.land_cost,
                "route": None if check.route is None else str(check.route),
            }
        )
    elif check.legal:
        emit(
            t(
                "Legal: {player} may put a {unit} on {space} ({route}) for £{cost} ({parts}).",
                player=player,
                unit=words,
                space=check.space,
                route=check.route,
                cost=check.cost,
                parts=check.cost_words(),
            )
        )
    else:
        emit(
            t(
                "Not legal: {player} may not put a {unit} on {space}:",
                player=player,
                unit=words,
                space=check.space,
            )
        )
        for reason in check.reasons:
            emit(f"  - {tr(reason)}")


def _check_overlay(board: Board, check: ExpansionCheck, player: str, words: str) -> Overlay:
    """The one space of a check marked in the picture: its cost, or no."""
    # TRANSLATORS: the label on a space in the SVG picture where an expansion is not legal
    label = f"£{check.cost}" if check.legal else t("no")
    caption = (
        t("{player} may put a {unit} here", player=player, unit=words)
        if check.legal
        else t("{player} may not put a {unit} here", player=player, unit=words)
    )
    return Overlay("legal", {board.index[check.space]: label}, caption)


@app.command("settlements")
def settlements_command(
    source_file: SourceArgument,
    svg: SvgOption = None,
    force: ForceOption = False,
    as_json: JsonOption = False,
    maps: MapsOption = None,
) -> None:
    """Each player's settlements and the largest group within shipping reach.

    Example: [cyan]caledonia map settlements sample_games/position-3p.yaml --svg map.svg[/cyan]
    """
    check_picture(svg, force)
    source = open_source(source_file, maps)
    board = source.board
    results: list[dict[str, Any]] = []  # as JSON prints them
    counts = {}
    for player in source.position.players:
        grouped = count_settlements(board, player.units, player.shipping)
        counts[player.name] = grouped
        scored, left_out = grouped.describe(board)
        results.append(
            {
                "name": player.name,
                "shipping": player.shipping,
                "settlements": grouped.count,
                "counted": scored,
                "left_out": left_out,
            }
        )
    fishermen = any(has_fishermen(p.units, p.ports) for p in source.position.players)
    if as_json:
        reading = {"fishermen": str(FISHERMEN_READING)} if fishermen else {}
        print_json({"players": results, **reading})
    else:
        for entry in results:
            emit(
                t_n(
                    "{player}: {count} settlement within reach of each other ({shipping})",
                    "{player}: {count} settlements within reach of each other ({shipping})",
                    entry["settlements"],
                    player=entry["name"],
                    shipping=shipping_words(entry["shipping"]),
                )
            )
            # TRANSLATORS: the two labels below line up: keep them the same width
            for name in entry["counted"]:
                emit(t("  counted   {settlement}", settlement=name))
            for name in entry["left_out"]:
                emit(t("  left out  {settlement}", settlement=name))
        if fishermen:
            emit(t("Reading: {reading}.", reading=FISHERMEN_READING))
    if svg:
        save_picture(svg, board, source, settlements=counts)


@app.command("check")
def check_command(
    paths: Annotated[
        list[str], typer.Argument(metavar="FILE|DIR...", help=t("Module-side files or folders."))
    ],
    draw: Annotated[
        bool | None,
        typer.Option(
            "--draw/--no-draw",
            help=t(
                "Draw each side with its space ids, rivers and port slots "
                "(default: when checking a single file)."
            ),
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Check module-side files: codes, costs, lochs, rivers, port slots, mist, overlaps.

    A folder must hold all eight sides, A1 ... D2, and every combination must fit together.

    One FILE is checked and drawn alone with its space ids, as soon as it is typed.

    Examples: [cyan]caledonia map check my-maps/A1.yaml[/cyan] (check and draw one side)

    [cyan]caledonia map check my-maps/ --json[/cyan] (a folder, for other programs)
    """
    if draw is None:
        draw = len(paths) == 1 and not Path(paths[0]).is_dir()
    reports = [_check_path(Path(p)) for p in paths]
    problems = sum(_count_problems(report) for report in reports)
    if as_json:
        print_json({"ok": not problems, "paths": [_without_sides(r) for r in reports]})
    else:
        for report in reports:
            _say_report(report, draw)
    if problems:
        if not as_json:
            message(t_n("{count} problem found.", "{count} problems found.", problems), style="red")
        raise typer.Exit(1)


def _check_path(path: Path) -> dict[str, Any]:
    """A folder's report or one file's."""
    return _check_folder(path) if path.is_dir() else _check_file(path)


def _check_file(path: Path) -> dict[str, Any]:
    """One side file's report: ok, problems, warnings and what it holds."""
    report: dict[str, Any] = {"file": str(path), "ok": False, "problems": [], "warnings": []}
    try:
        side = load_module(path, DEFAULT_ORIGINS)
    except CaledoniaError as problem:
        report["problems"].append(str(problem))
        return report
    warnings = side_warnings(side)
    if path.stem.upper() in SIDE_NAMES and path.stem.upper() != side.name:
        warnings.append(
            Reason("{path} holds side {side}: name it {side}.yaml", path=str(path), side=side.name)
        )
    report.update(
        ok=True,
        warnings=warnings,
        side=side.name,
        module=side.module,
        example=side.example,
        spaces=len(side.hexes),
        lochs=sum(spec.loch for spec in side.hexes),
        mist=sum(spec.mist for spec in side.hexes),
        river_edges=len(side.rivers),
        port_slots={
            slot: [side.space_id(n) for n in touched] for slot, touched in side.port_slots.items()
        },
    )
    report["_side"] = side  # for the drawing; not part of the JSON
    return report


def _check_folder(folder: Path) -> dict[str, Any]:
    """A folder's report: each file, the sides missing or doubled, and the assembly."""
    files = [_check_file(path) for path in sorted(folder.glob("*.yaml"))]
    report: dict[str, Any] = {"folder": str(folder), "files": files, "problems": []}
    if not files:
        report["problems"].append(
            Reason("{folder}: no *.yaml module files in this folder", folder=str(folder))
        )
    report["missing"] = _sides_missing(files, _sides_found(folder, files, report["problems"]))
    if files and report["missing"]:
        report["problems"].append(missing_sides(folder, report["missing"]))
    report["assembly"] = _check_assemblies(files)
    if report["assembly"]["ok"] is False:
        report["problems"].append(
            Reason("{folder}: {problem}", folder=str(folder), problem=report["assembly"]["problem"])
        )
    report["ok"] = not report["problems"] and all(entry["ok"] for entry in files)
    return report


def _sides_found(
    folder: Path, files: list[dict[str, Any]], problems: list[Reason]
) -> dict[str, str]:
    """Each side the folder's files hold, with its file; a side in two files is a problem."""
    found: dict[str, str] = {}
    for entry in files:
        name = entry.get("side")
        if name in found:
            problems.append(
                Reason(
                    "{folder}: side {side} is in both {first} and {second}",
                    folder=str(folder),
                    side=name,
                    first=found[name],
                    second=entry["file"],
                )
            )
        elif name:
            found[name] = entry["file"]
    return found


def _sides_missing(files: list[dict[str, Any]], found: dict[str, str]) -> list[str]:
    """The sides no file holds. A broken file named like a side is that side's file: it is
    reported, not "missing"."""
    named = {Path(entry["file"]).stem.upper() for entry in files if not entry["ok"]}
    return [name for name in SIDE_NAMES if name not in found and name not in named]


def _check_assemblies(files: list[dict[str, Any]]) -> dict[str, Any]:
    """Every combination of the sides the files hold must assemble without overlaps."""
    by_letter = _sides_by_module(files)
    unchecked = _why_not_assembled(by_letter, all(entry["ok"] for entry in files))
    if unchecked is not None:
        return {"ok": None, "combinations": 0, "problem": unchecked}
    combinations = 0
    for combination in product(*by_letter.values()):
        try:
            Board(list(combination), 4)
        except (CaledoniaError, ValueError) as problem:
            names = "+".join(side.name for side in combination)
            problem_words = Reason("{sides}: {problem}", sides=names, problem=error_reason(problem))
            return {"ok": False, "combinations": combinations, "problem": problem_words}
        combinations += 1
    return {"ok": True, "combinations": combinations, "problem": None}


def _sides_by_module(files: list[dict[str, Any]]) -> dict[str, list[ModuleSide]]:
    """The sides of the files that loaded, under their module's letter, A to D."""
    sides = {entry["side"]: entry["_side"] for entry in files if entry["ok"]}
    return {letter: [s for s in sides.values() if s.module == letter] for letter in "ABCD"}


def _why_not_assembled(by_letter: dict[str, list[ModuleSide]], files_ok: bool) -> Reason | None:
    """Why the assembly is not checked (broken files, a module with no side), or None."""
    if not files_ok:
        return Reason("not checked: fix the files first")
    absent = [letter for letter, found in by_letter.items() if not found]
    if absent:
        return Reason("not checked: no side of module {modules}", modules=", ".join(absent))
    return None


def _without_sides(report: dict[str, Any]) -> dict[str, Any]:
    """The report as JSON data, in English: the loaded sides kept for drawing are left out."""
    data = {key: _english(value) for key, value in report.items() if key != "_side"}
    if "files" in data:
        data["files"] = [_without_sides(entry) for entry in data["files"]]
    return data


def _english(value: Any) -> Any:
    """JSON data with every sentence as its English words (a Reason as a plain str)."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, list):
        return [_english(item) for item in value]
    if isinstance(value, dict):
        return {key: _english(item) for key, item in value.items()}
    return value


def _count_problems(report: dict[str, Any]) -> int:
    own = len(report["problems"])
    return own + sum(_count_problems(entry) for entry in report.get("files", []))


def _say_report(report: dict[str, Any], draw: bool) -> None:
    """A report as lines: results on stdout, problems and warnings on stderr."""
    for entry in report.get("files", [report]) if "folder" in report else [report]:
        _say_file(entry, draw)
    if "folder" in report:
        _say_folder(report)


def _say_file(entry: dict[str, Any], draw: bool) -> None:
    """One file's problems, its summary when it is ok (drawn if asked), its warnings."""
    for problem in entry["problems"]:
        message(t("Error: {problem}", problem=problem), style="red")
    if entry["ok"]:
        counts = {
            "file": entry["file"],
            "side": entry["side"],
            "spaces": entry["spaces"],
            "mist": entry["mist"],
            "rivers": entry["river_edges"],
        }
        if entry["example"]:
            line = t(
                "{file}: module side {side} (example layout), {spaces} spaces, {mist} mist, "
                "{rivers} river edges: ok",
                **counts,
            )
        else:
            line = t(
                "{file}: module side {side}, {spaces} spaces, {mist} mist, "
                "{rivers} river edges: ok",
                **counts,
            )
        emit(line)
        if draw:
            console().print(draw_loaded_side(entry["_side"]), soft_wrap=True, crop=False)
            emit(t(LEGEND))
    for warning in entry["warnings"]:
        message(t("Warning: {warning}", warning=warning), style="yellow")


def _say_folder(report: dict[str, Any]) -> None:
    """A folder's own problems and whether its sides fit together."""
    for problem in report["problems"]:
        message(t("Error: {problem}", problem=problem), style="red")
    assembly = report["assembly"]
    if assembly["ok"]:
        sides = len([entry for entry in report["files"] if entry["ok"]])
        combinations = assembly["combinations"]
        emit(
            # TRANSLATORS: '{folder}: 8 sides fit together (16 combinations)'
            t(
                "{folder}: {sides} fit together ({combinations})",
                folder=report["folder"],
                sides=t_n("{count} side", "{count} sides", sides),
                combinations=t_n("{count} combination", "{count} combinations", combinations),
            )
        )
    elif assembly["ok"] is None and report["files"]:
        message(
            t(
                "{folder}: assembly {problem}",
                folder=report["folder"],
                problem=assembly["problem"],
            )
        )


@app.command("transcribe")
def transcribe_command(
    side: Annotated[str, typer.Argument(metavar="SIDE", help=t("The side to enter, A1 to D2."))],
    out: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help=t("Where to write it (default: into your box, 'caledonia box path')."),
        ),
    ] = None,
    force: ForceOption = False,
) -> None:
    """Enter a printed module side hex by hex, seeing the side drawn with its ids as you go.

    The side goes into your box, where every command finds it; --out FILE writes it there
    instead. The file is checked before the first question; a missing folder is created.

    Every answer is kept in FILE.draft at once: after Ctrl-C, the same command carries on.

    Example: [cyan]caledonia map transcribe A1[/cyan]
    """
    from .output import is_interactive  # looked up when run: the tests stand in a terminal

    name = side.strip().upper()
    if len(name) != 2 or name[0] not in "ABCD" or name[1] not in "12":
        raise UsageProblem(
            t("unknown side {side}: expected A1, A2, B1 ... D2", side=repr(side)), "map transcribe"
        )
    if not is_interactive():
        raise UsageProblem(
            t(
                "transcribing asks questions and needs a terminal; without one, write the YAML "
                "yourself (see maps/README.md) and check it with 'caledonia map check FILE'"
            ),
            "map transcribe",
        )

    from .transcribe import transcribe

    transcribe(name, Path(out) if out else side_file(name), replace=force)


def _more_commands() -> None:
    """The commands that live in modules of their own."""
    app.command("where")(where_command)
    app.command("sheet")(sheet_command)


_more_commands()
