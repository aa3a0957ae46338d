"""`caledonia score`: final scores from a sheet file, or from a sheet entered at the table."""

from __future__ import annotations

from typing import Annotated

import typer

from caledonia.rules.components import components
from caledonia.rules.scoring import score_sheet
from caledonia.rules.sheet import load_sheet

from .errors import UsageProblem
from .output import JsonOption, is_interactive, print_json

SheetArgument = Annotated[
    str | None,
    typer.Argument(
        metavar="SHEET",
        help="Score sheet in YAML. Leave it out to enter the sheet at the prompts (needs a terminal).",
        show_default=False,
    ),
]


def score(sheet: SheetArgument = None, as_json: JsonOption = False) -> None:
    """Final scores: categories, awards with ties, import rarity, ranks and the winner.

    Example: [cyan]caledonia score sample_games/final-4p.yaml[/cyan]
    """
    parts = components()
    if sheet is None:
        if not is_interactive():
            raise UsageProblem(
                "no score sheet given: pass the SHEET file argument, for example "
                "'caledonia score sample_games/final-4p.yaml' "
                "(entering a sheet at the prompts needs a terminal)",
                "score",
            )
        from .sheet_entry import enter_sheet_and_score  # questionary is slow to import

        enter_sheet_and_score(parts, as_json)
        return
    checked = load_sheet(sheet, parts)
    result = score_sheet(checked, parts)
    if as_json:
        print_json(result.as_json())
    else:
        from .score_view import render_score

        render_score(result, checked)
