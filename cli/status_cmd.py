"""`caledonia status GAME`: where the game stands. A file unchanged since caledonia last
wrote or read it is shown from its kept view (views.py), without the rules engine."""

from __future__ import annotations

from typing import Annotated

import typer
from caledonia.rules.messages import N_

from .output import GameArgument, JsonOption, SvgOption
from .status_view import show_view
from .views import kept_view
from .writing import ForceOption


def status(
    game_file: GameArgument,
    show_map: Annotated[
        bool, typer.Option("--map", help=N_("Draw the board with everyone's units."))
    ] = False,
    svg: SvgOption = None,
    force: ForceOption = False,
    as_json: JsonOption = False,
) -> None:
    """Where the game stands: phase, whose turn, the round's scoring tile and contract cost,
    port tiles, players, market, export board.

    The SVG picture outlines every space where the player to act may expand, with the cost.

    Example: [cyan]caledonia status game.yaml --map --svg board.svg[/cyan]
    """
    if not show_map and not svg:
        kept = kept_view(game_file, "status")
        if kept is not None:
            show_view(kept, game_file, as_json)
            return
    from .game_status import print_game_status  # the rules engine: only without a kept view

    print_game_status(game_file, show_map, svg, force, as_json)
