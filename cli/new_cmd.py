"""`caledonia new`: a game file from the table's set-up (its players, clans, tiles and
the box's components), checked by the rules before it is written."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from caledonia.rules.boxfolder import example_file
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.engine import next_step
from caledonia.rules.game.setup import TableChoices, default_players, setup_as_data
from caledonia.rules.map_modules import example_maps_folder
from caledonia.rules.messages import N_

from .errors import UsageProblem, reason_of
from .game_io import (
    GameArgument,
    example_notice,
    print_recorded,
    save,
)
from .game_setup import create_game, numbers, random_seed, setup_lines, tiles, words
from .output import (
    BoxOption,
    ExportBoardOption,
    JsonOption,
    MapsOption,
    MarketOption,
    emit,
    message,
)
from .translation import t
from .variant_flags import VariantFlagsCommand, chosen_variants
from .writing import ForceOption, check_output, person_at_terminal

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game


def _tiles(text: str | None, option: str) -> list[int] | None:
    """Contract tiles by their goods ('4 wool, 2 beef') or ids."""
    if not text:
        return None
    try:
        return tiles(text)
    except ValueError as problem:
        raise UsageProblem(
            t("{option} {text!r}: {problem}", option=option, text=text, problem=reason_of(problem)),
            "new",
        ) from None


def _ids(text: str | None, option: str) -> list[int] | None:
    if not text:
        return None
    try:
        return numbers(text)
    except ValueError:
        raise UsageProblem(
            t("{option} {text!r}: expected numbers separated by commas", option=option, text=text),
            "new",
        ) from None


def _words(text: str | None) -> list[str] | None:
    return words(text) if text else None


def new(
    ctx: typer.Context,
    game_file: GameArgument,
    player: Annotated[
        list[str],
        typer.Option(
            "--player",
            "-p",
            metavar="NAME[:COLOUR]",
            help=N_("A player in seat order (1 to 4 times)."),
        ),
    ],
    seed: Annotated[
        int | None,
        typer.Option(metavar="N", help=N_("Seed for everything drawn (random if left out).")),
    ] = None,
    tighter: Annotated[
        str | None,
        typer.Option(
            metavar="SPACES",
            help=N_("Tighter map: the four covered spaces, e.g. A-10,B-21,C-05,D-30."),
        ),
    ] = None,
    modules: Annotated[
        str | None,
        typer.Option(metavar="SIDES", help=N_("The sides laid out, e.g. A1,B2,C1,D2.")),
    ] = None,
    ports: Annotated[
        str | None,
        typer.Option(metavar="TILES", help=N_("Port tiles at corners A,B,C,D, e.g. 5,2,8,1.")),
    ] = None,
    scoring_tiles: Annotated[
        str | None,
        typer.Option(
            "--scoring-tiles",
            metavar="TILES",
            help=N_("Scoring tiles for rounds 1-5, e.g. 3,7,1,5,2."),
        ),
    ] = None,
    clans: Annotated[
        str | None,
        typer.Option(metavar="CLANS", help=N_("The clans drawn, e.g. Buchanan,Stewart,Campbell.")),
    ] = None,
    starting_tiles: Annotated[
        str | None,
        typer.Option(
            "--starting-tiles",
            metavar="TILES",
            help=N_("Starting tiles drawn, paired with the clans in order."),
        ),
    ] = None,
    contracts: Annotated[
        str | None,
        typer.Option(
            metavar="TILES",
            help=N_(
                "Face-up contracts you dealt from your own pile, by their goods "
                "('4 wool, 2 beef, cheese bread whisky') or ids."
            ),
        ),
    ] = None,
    start_player: Annotated[
        str | None, typer.Option("--start-player", metavar="NAME", help=N_("Who starts."))
    ] = None,
    maps: MapsOption = None,
    market_file: MarketOption = None,
    box_file: BoxOption = None,
    export_board: ExportBoardOption = None,
    examples: Annotated[
        bool,
        typer.Option(
            "--examples",
            help=N_(
                "Start on the shipped example data, whatever your box holds: for a "
                "tutorial or a bug report that anyone can replay."
            ),
        ),
    ] = False,
    force: ForceOption = False,
    as_json: JsonOption = False,
) -> None:
    """Start a game: players, variants, and the setup drawn (seeded) or as your table laid it.

    Example: [cyan]caledonia new game.yaml -p Ailsa:red -p Bruce:blue --seed 7[/cyan]
    """
    if examples:
        maps, market_file, box_file, export_board = _example_files(ctx)
    check_output(game_file, force=force, ask=person_at_terminal())
    try:
        players = default_players(player)
    except ValueError as reason:
        raise CaledoniaError(reason_of(reason)) from None
    port_list = _words(ports)
    table = TableChoices(
        modules=_words(modules),
        ports=dict(zip("ABCD", port_list, strict=False)) if port_list else None,
        scoring_tiles=_words(scoring_tiles),
        clans=_words(clans),
        starting_tiles=_ids(starting_tiles, "--starting-tiles"),
        face_up=_tiles(contracts, "--contracts"),
        start_player=start_player,
    )
    if port_list and len(port_list) != 4:
        raise UsageProblem(t("--ports: give four tiles, for corners A, B, C and D"), "new")
    variants = chosen_variants(ctx)  # one flag per variant (cli/variant_flags.py)
    chosen_seed = seed if seed is not None else random_seed()
    game = create_game(
        players,
        chosen_seed,
        variants,
        _words(tighter) or (),
        table,
        maps=maps,
        market_file=market_file,
        box_file=box_file,
        export_board=export_board,
        on_examples=examples,
    )
    setup = game.setup
    save(game_file, game)
    example_notice(setup)
    if as_json:
        hidden = ("map", "market", "box", "pile")  # the pile's order stays in the file only
        setup_data = {k: v for k, v in setup_as_data(setup).items() if k not in hidden}
        setup_data["pile"] = len(setup.pile) if setup.pile is not None else None
        print_recorded(game, [], [], setup=setup_data)
    else:
        _describe_setup(game)
    message(t("Started {game_file} (seed {seed}).", game_file=game_file, seed=chosen_seed))


_DATA_OPTIONS = ("maps", "market_file", "box_file", "export_board")


def _example_files(ctx: typer.Context) -> tuple[str, str, str, str]:
    """`new --examples`: the shipped example of every component (an option's environment
    variable gives way to it; the option itself typed with --examples is a usage error)."""
    typed = [
        param.opts[0]
        for param in ctx.command.params
        if param.name in _DATA_OPTIONS
        # click's ParameterSource, by name: typer ships click under a private module
        and getattr(ctx.get_parameter_source(param.name), "name", "") == "COMMANDLINE"
    ]
    if typed:
        raise UsageProblem(
            t(
                "--examples takes every component from the shipped examples: leave out "
                "{options}, or leave out --examples",
                options=", ".join(typed),
            ),
            "new",
        )
    return (
        str(example_maps_folder()),
        str(example_file("market")),
        str(example_file("box")),
        str(example_file("export_board")),
    )


new.command_class = VariantFlagsCommand  # type: ignore[attr-defined]  # main.py builds it so


def _describe_setup(game: Game) -> None:
    for line in setup_lines(game.setup):
        emit(line)
    emit(t("Next: {step}.", step=next_step(game.state)))


# -- act ------------------------------------------------------------------------------
