"""Commands over a recorded game: new, act, status, log, undo, redo, fix.

Every command reads the game file, replays it, and (for new, act, undo, redo
and fix) writes it back with an atomic replace only when the rules accept the
change; a refused action exits 1 with the reasons and leaves the file as it
was. The words `act` and `fix` read come from the event specs.
"""

from __future__ import annotations

import inspect
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError

from .errors import UsageProblem
from .game_io import (
    GameArgument,
    example_notice,
    load,
    print_recorded,
    record,
    save,
    show_notes,
    summary,
)
from .output import (
    BoxOption,
    ExportBoardOption,
    JsonOption,
    MapsOption,
    MarketOption,
    console,
    emit,
    message,
    print_json,
)

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game


# -- new ------------------------------------------------------------------------------


def _ids(text: str | None, option: str) -> list[int] | None:
    from .game_setup import numbers

    if not text:
        return None
    try:
        return numbers(text)
    except ValueError:
        raise UsageProblem(
            f"{option} {text!r}: expected numbers separated by commas", "new"
        ) from None


def _words(text: str | None) -> list[str] | None:
    from .game_setup import words

    return words(text) if text else None


def new(
    game_file: GameArgument,
    player: Annotated[
        list[str],
        typer.Option(
            "--player", "-p", metavar="NAME[:COLOUR]", help="A player in seat order (1 to 4 times)."
        ),
    ],
    seed: Annotated[
        int | None, typer.Option(help="Seed for everything drawn (random if left out).")
    ] = None,
    static_imports: Annotated[
        bool, typer.Option("--static-imports", help="Cotton, tobacco, sugar cane 4 VP each.")
    ] = False,
    no_scoring_tiles: Annotated[
        bool, typer.Option("--no-scoring-tiles", help="Play without scoring tiles.")
    ] = False,
    no_port_tiles: Annotated[
        bool, typer.Option("--no-port-tiles", help="Play without port tiles.")
    ] = False,
    no_clans: Annotated[
        bool, typer.Option("--no-clans", help="Without clans: £0/£2/£4/£6 extra by turn order.")
    ] = False,
    clan_auction: Annotated[
        bool, typer.Option("--clan-auction", help="Auction the clans for VP.")
    ] = False,
    kickstarter: Annotated[
        bool, typer.Option("--kickstarter", help="Include the Kickstarter clan and tiles.")
    ] = False,
    port7_original: Annotated[
        bool,
        typer.Option("--port7-original", help="Port 7 as first printed: no neighbourhood bonus."),
    ] = False,
    tighter: Annotated[
        str | None,
        typer.Option(
            metavar="SPACES", help="Tighter map: the four covered spaces, e.g. A-10,B-21,C-05,D-30."
        ),
    ] = None,
    modules: Annotated[
        str | None, typer.Option(metavar="SIDES", help="The sides laid out, e.g. A1,B2,C1,D2.")
    ] = None,
    ports: Annotated[
        str | None,
        typer.Option(metavar="TILES", help="Port tiles at corners A,B,C,D, e.g. 5,2,8,1."),
    ] = None,
    scoring_tiles: Annotated[
        str | None,
        typer.Option(
            "--scoring-tiles", metavar="TILES", help="Scoring tiles for rounds 1-5, e.g. 3,7,1,5,2."
        ),
    ] = None,
    clans: Annotated[
        str | None,
        typer.Option(metavar="CLANS", help="The clans drawn, e.g. Buchanan,Stewart,Campbell."),
    ] = None,
    starting_tiles: Annotated[
        str | None,
        typer.Option(
            "--starting-tiles",
            metavar="TILES",
            help="Starting tiles drawn, paired with the clans in order.",
        ),
    ] = None,
    contracts: Annotated[
        str | None,
        typer.Option(metavar="IDS", help="Face-up contracts you dealt from your own pile."),
    ] = None,
    start_player: Annotated[str | None, typer.Option("--start-player", help="Who starts.")] = None,
    maps: MapsOption = None,
    market_file: MarketOption = None,
    box_file: BoxOption = None,
    export_board: ExportBoardOption = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Start a game: players, variants, and the setup drawn (seeded) or as your table laid it.

    Example: [cyan]caledonia new game.yaml -p Ailsa:red -p Bruce:blue -p Cat:green --seed 7[/cyan]
    """
    from caledonia.rules.game.setup import TableChoices, default_players

    from .game_setup import create_game, random_seed

    if Path(game_file).exists() and not force:
        raise CaledoniaError(f"{game_file} exists: pass --force to replace it")
    try:
        players = default_players(player)
    except ValueError as reason:
        raise CaledoniaError(str(reason)) from None
    port_list = _words(ports)
    table = TableChoices(
        modules=_words(modules),
        ports=dict(zip("ABCD", port_list, strict=False)) if port_list else None,
        scoring_tiles=_words(scoring_tiles),
        clans=_words(clans),
        starting_tiles=_ids(starting_tiles, "--starting-tiles"),
        face_up=_ids(contracts, "--contracts"),
        start_player=start_player,
    )
    if port_list and len(port_list) != 4:
        raise UsageProblem("--ports: give four tiles, for corners A, B, C and D", "new")
    variants = {
        "static_imports": static_imports,
        "scoring_tiles": not no_scoring_tiles,
        "port_tiles": not no_port_tiles,
        "clans": not no_clans,
        "clan_auction": clan_auction,
        "kickstarter": kickstarter,
        "port7_original": port7_original,
    }
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
    )
    setup = game.setup
    save(game_file, game)
    example_notice(setup)
    if as_json:
        from caledonia.rules.game.setup import setup_as_data

        hidden = ("map", "market", "box", "pile")  # the pile's order stays in the file only
        setup_data = {k: v for k, v in setup_as_data(setup).items() if k not in hidden}
        setup_data["pile"] = len(setup.pile) if setup.pile is not None else None
        print_recorded(game, [], [], setup=setup_data)
    else:
        _describe_setup(game)
    message(f"Started {game_file} (seed {chosen_seed}).")


def _describe_setup(game: Game) -> None:
    from caledonia.rules.game.engine import next_step

    from .game_setup import setup_lines

    for line in setup_lines(game.setup):
        emit(line)
    emit(f"Next: {next_step(game.state)}.")


# -- act ------------------------------------------------------------------------------


def _words_event(verb: str, tokens: list[str], command: str) -> dict[str, Any]:
    from caledonia.rules.game.events import event_from_words
    from caledonia.rules.game.spec import WordsError

    try:
        return event_from_words(verb, tokens)
    except WordsError as problem:
        raise UsageProblem(str(problem), command) from None


def _json_event(text: str) -> Any:
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise UsageProblem(
            f"--event: not JSON ({problem.msg} at character {problem.pos}); "
            'give one event such as \'{"type": "pass", "player": "Ailsa"}\'',
            "act",
        ) from None


def _with_dice(game: Game, event: dict[str, Any], virtual: bool) -> dict[str, Any]:
    """A solo preparation needs its dice in the record: the tool's, or the table's."""
    from caledonia.rules.game.events.prepare import seeded_rolls

    from .dice import ask_rolls, tool_dice_wanted

    state = game.state
    if (
        event.get("type") != "prepare"
        or state.phase != "preparation"
        or state.rules.dice(state) is None
    ):
        if virtual:
            raise UsageProblem("--virtual-dice is for a solo game's preparation", "act")
        return event
    if event.get("rolls"):
        if virtual:
            raise UsageProblem("give either --roll or --virtual-dice, not both", "act")
        return event
    if virtual or tool_dice_wanted("act"):
        return {**event, "rolls": seeded_rolls(state)}
    rolls = ask_rolls(components())
    return {**event, "rolls": [{"good": r.good, "die": r.die} for r in rolls]}


def act(
    ctx: typer.Context,
    game_file: GameArgument,
    action: Annotated[
        str | None,
        typer.Argument(
            metavar="ACTION", help="What happens: see the list above.", show_default=False
        ),
    ] = None,
    event_json: Annotated[
        str | None,
        typer.Option(
            "--event", metavar="JSON", help="The event as JSON, as 'options --json' lists them."
        ),
    ] = None,
    virtual_dice: Annotated[
        bool,
        typer.Option("--virtual-dice", help="Solo preparation: let caledonia roll the dice."),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Record what happens at the table; refused actions exit 1 with the reasons.

    Words in any letter case; a unit, good or action may be shortened if only one fits (dairy).

    Example: [cyan]caledonia act game.yaml trade Ailsa buy whisky 2[/cyan]
    """
    words = list(ctx.args)
    if event_json is not None:
        if action is not None or words:
            raise UsageProblem("give either ACTION words or --event JSON, not both", "act")
        data = _json_event(event_json)
    elif action is None:
        raise UsageProblem("say what happens: ACTION and its words, or --event JSON", "act")
    else:
        data = _words_event(action, words, "act")
    game = load(game_file)
    if isinstance(data, dict):
        data = _with_dice(game, data, virtual_dice)
    event, notes = record(game_file, game, data, "--event" if event_json else "the command line")
    if as_json:
        print_recorded(game, [event], notes)
        return
    show_notes(notes, game)


def _act_help() -> str:
    from caledonia.rules.game.events import act_help

    return act_help()


act.__doc__ = inspect.cleandoc(act.__doc__ or "") + "\n\n" + _act_help()


# -- status, log, undo, redo, fix ----------------------------------------------------------


def _powers_not_enforced(game: Game) -> list[str]:
    """What the engine does not apply yet for the clans in play, so the table can fix it."""
    from caledonia.rules.game.units import CLANS

    lines = []
    for p in game.state.players:
        missing = CLANS[p.clan].not_enforced if p.clan else ()
        if missing:
            lines.append(
                f"Not yet enforced for {p.name} ({p.clan}): {'; '.join(missing)}: "
                "use 'caledonia fix' where it changes a number."
            )
    return lines


def _cellars(game: Game) -> list[str]:
    """Each whisky cellar in play, spot by spot, and whether its values are the example's."""
    from caledonia.rules.game.clans.mackenzie import NAME, cellar_words

    state = game.state
    example = (
        " (example values, not your clan tile's: set whisky_cellar in your box data)"
        if state.setup.example_value("whisky_cellar")
        else ""
    )
    return [
        f"{p.name}'s whisky cellar: {cellar_words(state, p)}{example}"
        for p in state.players
        if p.clan == NAME
    ]


def status(
    game_file: GameArgument,
    show_map: Annotated[
        bool, typer.Option("--map", help="Draw the board with everyone's units.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Where the game stands: phase, whose turn, players, market, export board.

    Example: [cyan]caledonia status game.yaml --map[/cyan]
    """
    game = load(game_file)
    if as_json:
        print_json(summary(game))
        return
    print_status(game, show_map)


def print_status(game: Game, show_map: bool = False, highlight: Collection[int] = ()) -> None:
    """The status tables (and the board, with `highlight` spaces marked), as `status`
    prints them."""
    from caledonia.rules.game.state import phase_words
    from rich.table import Table

    data = summary(game)
    state = game.state
    emit(f"Round {data['round']}, {phase_words(data['phase'])}. Next: {data['next']}.")
    if data["turn_order"]:
        emit("Turn order: " + ", ".join(data["turn_order"]))
    emit("Market: " + ", ".join(f"{g} £{p}" for g, p in data["prices"].items()))
    board = ", ".join(str(c) if c is not None else "-" for c in data["export_board"])
    pile = f"{data['pile']} contracts in the pile" if data["pile"] is not None else "your own pile"
    emit(f"Export board: {board} ({pile})")
    table = Table(title="Players", title_justify="left")
    for column in (
        "Player",
        "£",
        "Glory",
        "Goods",
        "Merchants",
        "Shipping",
        "Tech",
        "Units",
        "Contracts",
    ):
        table.add_column(column)
    for p in data["players"]:
        goods = ", ".join(f"{n} {g}" for g, n in p["goods"].items() if n) or "-"
        merchants = f"{p['merchants']['ready']} ready, {p['merchants']['on_market']} out"
        contracts = (
            f"open {', '.join(map(str, p['open_contracts'])) or '-'}; "
            f"done {', '.join(map(str, p['fulfilled'])) or '-'}"
        )
        who = (
            f"{p['name']} ({p['colour']})"
            + (f"\n{p['clan']}" if p["clan"] else "")
            + ("\npassed" if p["passed"] else "")
        )
        table.add_row(
            who,
            str(p["money"]),
            str(p["glory"]),
            goods,
            merchants,
            p["shipping"].replace("_", "-"),
            ", ".join(p["technology"]) or "-",
            str(len(p["units"])),
            contracts,
        )
    console().print(table)
    for line in _cellars(game):
        emit(line)
    for line in _powers_not_enforced(game):
        message(line, style="yellow")
    if show_map:
        from caledonia.rules.game.pieces import position_of

        from .map_view import draw_board, legend

        position = position_of(state)
        console().print(
            draw_board(state.board, position, highlight, state.setup.ports),
            soft_wrap=True,
            crop=False,
        )
        for line in legend(state.board, position, state.setup.ports):
            emit(line)


def log(game_file: GameArgument, as_json: JsonOption = False) -> None:
    """Every event of the game, in words; a preparation with its dice and price changes.

    Example: [cyan]caledonia log sample_games/game-3p.yaml[/cyan]
    """
    from caledonia.rules.game.events import describe

    game = load(game_file)
    if as_json:
        print_json(
            [
                {"number": i, "event": e, "words": describe(e), "notes": notes}
                for i, (e, notes) in enumerate(zip(game.events, game.notes, strict=True), 1)
            ]
        )
        return
    print_log(game)


def print_log(game: Game, last: int | None = None) -> None:
    """Every event in words (the `last` ones only, when given), as `log` prints them."""
    from caledonia.rules.game.events import describe

    numbered = list(enumerate(zip(game.events, game.notes, strict=True), 1))
    for number, (event, notes) in numbered[-last:] if last else numbered:
        emit(f"{number:4d}. {describe(event)}")
        if event["type"] == "prepare":  # the round's start: dice, prices, refill, turn order
            for note in notes:
                emit(f"        {note}")


CountArgument = Annotated[int, typer.Argument(metavar="[N]", min=1, help="How many events.")]


def undo(game_file: GameArgument, count: CountArgument = 1, as_json: JsonOption = False) -> None:
    """Drop the last N events (1 by default); 'caledonia redo' restores them until a new
    event is recorded.

    Example: [cyan]caledonia undo game.yaml 2[/cyan]
    """
    from caledonia.rules.game.events import describe

    game = load(game_file)
    try:
        dropped = game.undo(count)
    except ValueError as problem:
        raise CaledoniaError(str(problem)) from None
    save(game_file, game)
    if as_json:
        print_json({"undone": dropped, "state": summary(game)})
        return
    for event in reversed(dropped):
        emit(f"undone: {describe(event)}")
    show_notes([], game)


def redo(game_file: GameArgument, count: CountArgument = 1, as_json: JsonOption = False) -> None:
    """Restore the last N undone events (1 by default).

    Example: [cyan]caledonia redo game.yaml[/cyan]
    """
    from caledonia.rules.game.events import describe

    game = load(game_file)
    if not game.undone:
        raise CaledoniaError(
            f"nothing to redo in {game_file}: undo keeps events only until a new one is recorded"
        )
    try:
        restored = game.redo(count)
    except ValueError as problem:
        raise CaledoniaError(str(problem)) from None
    save(game_file, game)
    notes = [note for _, said in restored for note in said]
    if as_json:
        print_recorded(game, [event for event, _ in restored], notes)
        return
    for event, said in restored:
        emit(f"redone: {describe(event)}")
        for note in said:
            emit(f"  {note}")
    show_notes([], game)


def fix(
    ctx: typer.Context,
    game_file: GameArgument,
    what: Annotated[
        str,
        typer.Argument(
            metavar="WHAT",
            help="money, glory, goods, price, unit, merchants, contract, shipping or technology.",
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
    event = _words_event("fix", [what, *ctx.args], "fix")
    game = load(game_file)
    recorded, notes = record(game_file, game, event)
    if as_json:
        print_recorded(game, [recorded], notes)
        return
    show_notes(notes, game)
