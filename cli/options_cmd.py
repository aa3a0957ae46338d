"""`caledonia options GAME`: what may be done now, in words with costs or as events."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from caledonia.rules.messages import N_

from .output import GameArgument, JsonOption
from .views import OPTIONS_LIMIT as DEFAULT_LIMIT
from .views import kept_view


def options(
    game_file: GameArgument,
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            "-p",
            metavar="NAME",
            help=N_("Only this player's events (name or colour)."),
        ),
    ] = None,
    as_json: JsonOption = False,
    limit: Annotated[
        int,
        typer.Option(
            min=0, metavar="N", help=N_("With --json: refuse to print more than N events.")
        ),
    ] = DEFAULT_LIMIT,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain", help=N_("Under each option, the rule behind it and its rulebook section.")
        ),
    ] = False,
    show_all: Annotated[
        bool,
        typer.Option(
            "--all", help=N_("Also each action that is not possible now, with the rules' reasons.")
        ),
    ] = False,
) -> None:
    """What may be done now: every legal event, grouped by action, with what it costs.

    With --json, the list of events exactly as 'caledonia act GAME --event JSON' takes them;
    with --explain or --all too, an object: "options" (each with its "event" and "rule") and
    "not_now" (each with its "action" and "reasons").

    Example: [cyan]caledonia options game.yaml --player Ailsa[/cyan]
    """
    plain = not explain and not show_all
    if as_json and player is None and plain and _print_kept(game_file, limit):
        return
    from .options_view import print_options  # the rules engine: only without a kept view

    print_options(game_file, player, as_json, limit, explain, show_all)


def _print_kept(game_file: str, limit: int) -> bool:
    """`options --json` from the view kept for the file (False: none, or over the limit)."""
    view = kept_view(game_file, "options", lambda view: view["total"] <= limit)
    if view is None:
        return False
    sys.stdout.write(view["json"])
    return True
