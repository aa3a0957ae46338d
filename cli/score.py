"""`caledonia score`: final scores from a sheet file, or from a sheet entered at the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer
from caledonia.rules.boxfolder import load_sides
from caledonia.rules.components import components
from caledonia.rules.file_kinds import refuse_position
from caledonia.rules.scoring import score_sheet
from caledonia.rules.sheet import parse_sheet
from caledonia.rules.yamlfile import parse_yaml, read_text

from .errors import UsageProblem
from .map_sides import EXAMPLE_NOTICE, maps_for
from .output import JsonOption, MapsOption, is_interactive, message, print_json
from .translation import t

if TYPE_CHECKING:
    from caledonia.rules.components import Components
    from caledonia.rules.map_modules import ModuleSide

SheetArgument = Annotated[
    str | None,
    typer.Argument(
        metavar="SHEET",
        help=t(
            "Score sheet in YAML. Leave it out to enter the sheet at the prompts "
            "(needs a terminal)."
        ),
        show_default=False,
    ),
]


def map_sides(maps: str | None) -> Callable[[], dict[str, ModuleSide]]:
    """Load the module sides only if a sheet asks for its map."""

    def load() -> dict[str, ModuleSide]:
        return load_sides(maps)

    return load


def score(
    sheet: SheetArgument = None, as_json: JsonOption = False, maps: MapsOption = None
) -> None:
    """Final scores from a score sheet or a game file: categories, awards with ties, import
    rarity, ranks and the winner.

    Example: [cyan]caledonia score sample_games/final-4p.yaml[/cyan]
    """
    parts = components()
    if sheet is None:
        _enter_at_the_table(parts, as_json)
        return
    text = read_text(sheet)
    game = None
    if "caledonia-game" in text:  # the engine loads only for a game, so sheets stay quick
        from caledonia.storage.games import kept_game

        game = kept_game(text, sheet, parts)  # a checkpoint of exactly this file
    data = parse_yaml(text, sheet) if game is None else None
    # a game file, even one whose format line is wrong, is read as a game (which says
    # what is wrong with it), never as a sheet missing its players
    if game is not None or (
        isinstance(data, dict)
        and (str(data.get("format", "")).startswith("caledonia-game") or "setup" in data)
    ):
        from .score_game import score_game  # the rules engine: only for a game file

        score_game(game, text, sheet, parts, data, as_json)
        return
    _score_sheet(data, sheet, parts, maps, as_json)


def _enter_at_the_table(parts: Components, as_json: bool) -> None:
    """No sheet given: the sheet entered at the prompts, which need a terminal."""
    if not is_interactive():
        raise UsageProblem(
            # TRANSLATORS: SHEET is the argument's name in the command's help: keep it
            t(
                "no score sheet given: pass the SHEET file argument, for example "
                "'{example}' (entering a sheet at the prompts needs a terminal)",
                example="caledonia score sample_games/final-4p.yaml",
            ),
            "score",
        )
    from .sheet_entry import enter_sheet_and_score  # questionary is slow to import

    enter_sheet_and_score(parts, as_json)


def _score_sheet(
    data: object, sheet: str, parts: Components, maps: str | None, as_json: bool
) -> None:
    """The score of a score sheet's data, printed as a table or JSON."""
    refuse_position(data, sheet)
    checked = parse_sheet(data, sheet, parts, map_sides(maps_for(data, maps)))
    if checked.example_map:
        message(EXAMPLE_NOTICE, style="yellow")
    result = score_sheet(checked, parts)
    if as_json:
        print_json(result.as_json())
    else:
        from .score_view import render_score  # rich's tables: not for --json

        render_score(result, checked)
