"""`caledonia report`: the end-of-game report, in the terminal, as HTML or SVG, or as JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from caledonia.rules.game.report import game_report
from caledonia.rules.yamlfile import write_text_atomic

from .game_io import GameArgument, load
from .output import JsonOption, message, print_json
from .report_svg import render_charts
from .report_view import render_html, render_report
from .translation import t
from .writing import ForceOption, check_output, person_at_terminal


def report(
    game_file: GameArgument,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help=t("Save the whole report as one self-contained HTML page."),
            show_default=False,
        ),
    ] = None,
    svg: Annotated[
        str | None,
        typer.Option(
            "--svg",
            metavar="FILE",
            help=t("Save the charts by round as one SVG picture."),
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    force: ForceOption = False,
) -> None:
    """The end-of-game report: standings by round, where every VP came from, turning points.

    By round, for each player: the VP as if the game ended then, money, glory, goods and
    settlements. An unfinished game is reported as if it ended now, titled provisional.

    Example: [cyan]caledonia report sample_games/game-4p.yaml --html report.html[/cyan]
    """
    for path in (html, svg):
        if path:
            check_output(path, force=force, ask=person_at_terminal())
    game = load(game_file)
    result = game_report(game)
    source = Path(game_file).name
    if html:
        write_text_atomic(html, render_html(result, source))
        message(t("Saved the report to {file}", file=html))
    if svg:
        write_text_atomic(svg, render_charts(result, source))
        message(t("Saved the charts to {file}", file=svg))
    if as_json:
        print_json({"game": source, **result.as_data()})
    elif not (html or svg):
        render_report(result, source)
