"""`caledonia score`: final scores from a sheet file, or from a sheet entered at the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer
from caledonia.rules.components import components
from caledonia.rules.scoring import score_sheet
from caledonia.rules.sheet import parse_sheet

from .errors import UsageProblem
from .output import JsonOption, MapsOption, is_interactive, message, print_json
from .translation import t

if TYPE_CHECKING:
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
        from caledonia.rules.boxfolder import load_sides

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
        return
    from caledonia.rules.yamlfile import parse_yaml, read_text

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
        from caledonia.rules.game.final import final_score, sheet_of
        from caledonia.rules.game.state import phase_words
        from caledonia.storage.games import game_from_text

        from .game_io import example_notice

        if game is None:
            game = game_from_text(text, sheet, parts, data)
        example_notice(game.setup)
        state = game.state
        over = state.phase == "over"
        if not over:
            message(
                # TRANSLATORS: {phase} names the phase of the round ("production")
                t(
                    "Note: the game is not over (round {round}, {phase}): "
                    "this is the score if it ended now.",
                    round=state.round,
                    phase=phase_words(state.phase),
                ),
                style="yellow",
            )
        checked, result = sheet_of(state), final_score(state)
        if as_json:
            data = result.as_json()
            if not over:
                data["after_round"] = len(state.round_scores)
            print_json(data)
        else:
            from .score_view import render_score

            # rounds scored so far: round 0 is the set-up, as `status` calls it
            title = (
                t("Final score")
                if over
                else t("Provisional score after round {round}", round=len(state.round_scores))
            )
            render_score(result, checked, title)
        return
    from caledonia.rules.file_kinds import refuse_position

    refuse_position(data, sheet)
    from .map_sides import maps_for

    checked = parse_sheet(data, sheet, parts, map_sides(maps_for(data, maps)))
    if checked.example_map:
        from .map_sides import EXAMPLE_NOTICE

        message(EXAMPLE_NOTICE, style="yellow")
    result = score_sheet(checked, parts)
    if as_json:
        print_json(result.as_json())
    else:
        from .score_view import render_score

        render_score(result, checked)
