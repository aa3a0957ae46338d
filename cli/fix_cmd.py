"""`caledonia fix`: a correction recorded as an event (a miscounted good, a unit put on
the wrong space), so that the file keeps what the table did and what it changed."""

from __future__ import annotations

from typing import Annotated

import typer
from caledonia.rules.messages import N_

from .event_input import event_from_words_typed
from .game_io import (
    GameArgument,
    changing,
    load,
    print_recorded,
    record,
    show_notes,
)
from .output import JsonOption
from .writing import check_writable


def fix(
    ctx: typer.Context,
    game_file: GameArgument,
    what: Annotated[
        str,
        typer.Argument(
            metavar="WHAT",
            # TRANSLATORS: the words of WHAT, typed as they are: keep them in English
            help=N_(
                "money, glory, goods, price, unit, merchants, contract, shipping or technology."
            ),
        ),
    ],
    as_json: JsonOption = False,
) -> None:
    """Correct the game to match the table: the physical table is the truth.

    Example: [cyan]caledonia fix game.yaml money Ailsa 23[/cyan]

    money PLAYER N; glory PLAYER N; goods PLAYER GOOD N; price GOOD N;
    unit PLAYER SPACE UNIT|none; merchants PLAYER N (ready to trade);
    contract ID open|fulfilled PLAYER, or contract ID board|out;
    shipping PLAYER LEVEL; technology PLAYER woodcutter|miner yes|no
    """
    event = event_from_words_typed("fix", [what, *ctx.args], "fix")
    with changing(game_file):
        game = load(game_file)
        check_writable(game_file)
        recorded, notes = record(game_file, game, event)
    if as_json:
        print_recorded(game, [recorded], notes)
        return
    show_notes(notes, game)
