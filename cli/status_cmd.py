"""`caledonia status GAME`: where the game stands. A file unchanged since caledonia last
wrote or read it is shown from its kept view (views.py), without the rules engine."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from caledonia.rules.messages import N_

from .output import GameArgument, JsonOption, SvgOption, print_json
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
    from .views import keep_view, kept_view

    if not show_map and not svg:
        kept = kept_view(game_file, "status")
        if kept is not None:
            _show(kept, game_file, as_json)
            return
    from .game_io import load
    from .game_status import print_status, status_view
    from .map_common import check_picture

    check_picture(svg, force)
    game = load(game_file)
    view = status_view(game)
    keep_view(game_file, game, "status", view)
    if as_json or not show_map:
        _show(view, game_file, as_json)
    else:
        print_status(game, show_map, game_file=game_file)
    if svg:
        from .map_picture import save_picture
        from .map_source import source_of_game, to_act_overlay

        source = source_of_game(game_file, game)
        overlay = to_act_overlay(source)
        save_picture(svg, source.board, source, [overlay] if overlay else [])


def _show(view: dict[str, Any], game_file: str, as_json: bool) -> None:
    if as_json:
        print_json(view["json"])
        return
    from .status_view import show_status

    show_status(view, game_file=game_file)
