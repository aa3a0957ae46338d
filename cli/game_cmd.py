"""Commands over a recorded game: new, act, status, log, undo, fix.

Every command reads the game file, replays it, and (for new, act, undo and
fix) writes it back with an atomic replace only when the rules accept the
change; a refused action exits 1 with the reasons and leaves the file as it
was.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.components import components
from caledonia.rules.errors import CaledoniaError

from .errors import UsageProblem
from .output import JsonOption, MapsOption, console, emit, message, print_json

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.setup import Setup

GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="The game file.")]


# -- loading and saving ------------------------------------------------------------


def load(path: str) -> Game:
    from caledonia.rules.game.gamefile import load_game

    game = load_game(path, components())
    example_notice(game.setup)
    return game


def example_notice(setup: Setup) -> None:
    """One line on stderr when a game runs on example data rather than the table's box."""
    if setup.example_data:
        message(
            "Note: this game uses example data, not your box's: "
            + ", ".join(setup.example_data)
            + ".",
            style="yellow",
        )


def save(path: str, game: Game) -> None:
    from caledonia.rules.game.gamefile import save_game

    save_game(path, game)


def refused(reasons: list[str], what: str) -> None:
    message(f"Refused: {what}", style="red")
    for reason in reasons:
        message(f"  - {reason}")
    raise typer.Exit(1)


def apply_and_save(path: str, game: Game, data: dict[str, Any]) -> list[str]:
    from caledonia.rules.game.events import describe
    from caledonia.rules.game.gamefile import checked_event
    from caledonia.rules.game.state import Refused

    try:
        event = checked_event(data, components())
        notes = game.apply(event)
    except Refused as refusal:
        what = describe(data) if "type" in data else "this event"
        refused(refusal.reasons, what)
    save(path, game)
    return notes


def show_notes(notes: list[str], game: Game) -> None:
    from caledonia.rules.game.engine import next_step

    for note in notes:
        emit(f"  {note}")
    emit(f"Next: {next_step(game.state)}.")


# -- new ------------------------------------------------------------------------------


def _ids(text: str | None, option: str) -> list[int] | None:
    if not text:
        return None
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise UsageProblem(
            f"{option} {text!r}: expected numbers separated by commas", "new"
        ) from None


def _words(text: str | None) -> list[str] | None:
    return [part.strip() for part in text.split(",") if part.strip()] if text else None


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
    market_file: Annotated[
        str | None,
        typer.Option(
            "--market",
            envvar="CALEDONIA_MARKET",
            metavar="FILE",
            help="Your market board (else the example).",
        ),
    ] = None,
    box_file: Annotated[
        str | None,
        typer.Option(
            "--box",
            envvar="CALEDONIA_BOX",
            metavar="FILE",
            help="Your starting tiles, pass money, import marks (else the example).",
        ),
    ] = None,
    export_board: Annotated[
        str | None,
        typer.Option(
            "--export-board",
            envvar="CALEDONIA_EXPORT_BOARD",
            metavar="FILE",
            help="Your solo removal grid (else the example).",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
) -> None:
    """Start a game: players, variants, and the setup drawn (seeded) or as your table laid it.

    Example: [cyan]caledonia new game.yaml -p Ailsa:red -p Bruce:blue -p Cat:green --seed 7[/cyan]
    """
    import secrets

    from caledonia.rules.board import DEFAULT_ORIGINS
    from caledonia.rules.boxdata import load_box
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.setup import TableChoices, default_players, draw_setup
    from caledonia.rules.map_modules import load_module_set, maps_folder
    from caledonia.rules.market import load_market
    from caledonia.rules.solo import load_removal_grid

    if Path(game_file).exists() and not force:
        raise CaledoniaError(f"{game_file} exists: pass --force to replace it")
    parts = components()
    players = default_players(player)
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
    chosen_seed = seed if seed is not None else secrets.randbelow(10**6)
    grid = load_removal_grid(parts.solo.price_die, export_board) if len(players) == 1 else None
    try:
        setup = draw_setup(
            parts,
            load_module_set(maps_folder(maps), DEFAULT_ORIGINS),
            load_market(len(players), parts.economy.goods, market_file),
            load_box(parts, box_file),
            players,
            chosen_seed,
            variants,
            _words(tighter) or (),
            table,
            grid,
        )
    except ValueError as reason:
        raise CaledoniaError(str(reason)) from None
    game = Game(setup, parts)
    save(game_file, game)
    _describe_setup(game)
    example_notice(setup)
    message(f"Started {game_file} (seed {chosen_seed}).")


def _describe_setup(game: Game) -> None:
    from caledonia.rules.game.engine import next_step

    setup = game.setup
    emit("Players (seat order): " + ", ".join(f"{p.name} ({p.colour})" for p in setup.players))
    emit(f"Start player: {setup.start_player}; turn order: {', '.join(setup.turn_order())}")
    emit("Map: " + " ".join(side.name for side in setup.sides))
    if setup.ports:
        emit("Port tiles: " + ", ".join(f"{c} {t}" for c, t in setup.ports.items()))
    if setup.scoring_tiles:
        emit("Scoring tiles, rounds 1-5: " + ", ".join(setup.scoring_tiles))
    if setup.clans:
        emit(
            "Clans drawn (with starting tiles): "
            + ", ".join(
                f"{c} ({t})" for c, t in zip(setup.clans, setup.starting_tiles, strict=False)
            )
        )
    emit("Face-up contracts: " + ", ".join(str(c) for c in setup.export_board if c is not None))
    emit(f"Next: {next_step(game.state)}.")


# -- act ------------------------------------------------------------------------------

ACTIONS: dict[str, tuple[str, str]] = {
    # name: (arguments, what it does)
    "clan": ("PLAYER CLAN", "choose a clan at set-up (reverse turn order)"),
    "auction": ("PLAYER CLAN BID", "record who won which clan for how many VP (auction variant)"),
    "worker": ("PLAYER woodcutter|miner SPACE", "place a starting worker"),
    "trade": ("PLAYER buy|sell GOOD N", "trade one good"),
    "contract": ("PLAYER ID", "obtain an export contract from the board"),
    "expand": ("PLAYER UNIT SPACE [--free]", "expand (--free: with a free-space bonus)"),
    "neighbourhood": ("PLAYER GOOD N", "buy with the neighbourhood bonus right after expanding"),
    "building-bonus": (
        "PLAYER [ID|none] [--drawn IDS]",
        "take the building bonus, keeping a contract or none",
    ),
    "shipping": ("PLAYER", "upgrade shipping (£4)"),
    "technology": ("PLAYER woodcutter|miner", "upgrade technology (£10)"),
    "merchant": ("PLAYER", "hire a merchant (£4)"),
    "fulfil": ("PLAYER ID [--slaughter SPACE]...", "fulfil a contract"),
    "bonus": (
        "PLAYER technology WORKER|shipping|merchant|retrieve GOOD:SIDE",
        "use a bonus upgrade",
    ),
    "pass": ("PLAYER", "pass"),
    "port": ("PLAYER TILE [ARGS]...", "use a port tile (see below)"),
    "produce": (
        "PLAYER [--cheese N] [--bread N] [--whisky N]",
        "production, with the processing chosen",
    ),
    "prepare": ("[--draw IDS] [--roll GOOD:±N]...", "prepare the next round"),
}
PORT_ARGS = (
    "port tile arguments: 1, 5, 8: none; 2: GIVE TAKE TAKE TAKE (basic goods); "
    "3: GIVE TAKE TAKE (processed goods); 4: like bonus; 6: GOOD up|down; "
    "7: SPACE UNIT SPACE UNIT; KS: TILE then that tile's arguments"
)


def _split(
    tokens: list[str], flags: set[str], command: str
) -> tuple[list[str], dict[str, list[str]]]:
    """Positional words and options (`--name value`, or `--name` alone for flags)."""
    positional: list[str] = []
    options: dict[str, list[str]] = {}
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.startswith("--") and len(token) > 2:
            name = token[2:]
            if name in flags:
                options.setdefault(name, []).append("yes")
                index += 1
                continue
            if index + 1 >= len(tokens):
                raise UsageProblem(f"{token} needs a value", command)
            options.setdefault(name, []).append(tokens[index + 1])
            index += 2
            continue
        positional.append(token)
        index += 1
    return positional, options


def _number(text: str, what: str, command: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageProblem(f"{what}: expected a whole number, got {text!r}", command) from None


def _upgrade_fields(words: list[str], command: str) -> dict[str, Any]:
    if not words:
        raise UsageProblem(
            "say the upgrade: technology WORKER, shipping, merchant or retrieve GOOD:SIDE", command
        )
    fields: dict[str, Any] = {"choice": words[0]}
    if words[0] == "technology" and len(words) > 1:
        fields["worker"] = words[1]
    if words[0] == "retrieve" and len(words) > 1:
        fields["from"] = words[1]
    return fields


def _port_fields(tile: str, words: list[str], command: str) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if tile.upper() == "KS":
        if not words:
            raise UsageProblem(
                "the Kickstarter port needs the tile it uses: port PLAYER KS TILE ...", command
            )
        fields["use"] = words[0]
        tile, words = words[0], words[1:]
    if tile in ("2", "3"):
        if not words:
            raise UsageProblem(
                f"port {tile}: give the good you give, then the goods you take", command
            )
        fields["give"], fields["take"] = words[0], words[1:]
    elif tile == "4":
        fields.update(_upgrade_fields(words, command))
    elif tile == "6":
        if len(words) != 2:
            raise UsageProblem("port 6: GOOD up|down", command)
        fields["good"], fields["direction"] = words
    elif tile == "7":
        if len(words) != 4:
            raise UsageProblem("port 7: SPACE UNIT SPACE UNIT", command)
        fields["swaps"] = [
            {"space": words[0], "unit": words[1]},
            {"space": words[2], "unit": words[3]},
        ]
    elif words:
        raise UsageProblem(f"port tile {tile} takes no arguments", command)
    return fields


def event_from_words(action: str, tokens: list[str]) -> dict[str, Any]:
    """Turn `caledonia act GAME ACTION ...` words into an event; UsageProblem if they cannot be."""
    command = "act"
    if action not in ACTIONS:
        raise UsageProblem(f"unknown action {action!r}; actions: {', '.join(ACTIONS)}", command)
    syntax = f"caledonia act GAME {action} {ACTIONS[action][0]}"
    flags = {"free"}
    words, options = _split(tokens, flags, command)
    kind = action.replace("-", "_")
    event: dict[str, Any] = {"type": kind}

    def need(count: int, most: int | None = None) -> None:
        if len(words) < count or (most is not None and len(words) > most):
            raise UsageProblem(f"usage: {syntax}", command)

    if action != "prepare":
        need(1)
        event["player"] = words[0]
    rest = words[1:]
    if action in ("shipping", "merchant", "pass"):
        need(1, 1)
    elif action == "trade":
        need(4, 4)
        event.update(side=rest[0], good=rest[1], quantity=_number(rest[2], "N", command))
    elif action in ("contract", "fulfil"):
        need(2, 2)
        event["contract"] = _number(rest[0], "ID", command)
        if options.get("slaughter"):
            event["slaughter"] = [s for text in options["slaughter"] for s in text.split(",")]
    elif action == "expand":
        need(3, 3)
        event.update(unit=rest[0], space=rest[1])
        if "free" in options:
            event["free"] = True
    elif action == "neighbourhood":
        need(3, 3)
        event.update(good=rest[0], quantity=_number(rest[1], "N", command))
    elif action == "building-bonus":
        need(1, 2)
        if rest and rest[0].lower() != "none":
            event["keep"] = _number(rest[0], "ID", command)
        if options.get("drawn"):
            event["drawn"] = [
                _number(x, "--drawn", command) for x in options["drawn"][0].split(",")
            ]
    elif action == "technology":
        need(2, 2)
        event["worker"] = rest[0]
    elif action == "bonus":
        need(2, 3)
        event.update(_upgrade_fields(rest, command))
    elif action == "port":
        need(2)
        event["tile"] = rest[0].upper() if rest[0].upper() == "KS" else rest[0]
        event.update(_port_fields(rest[0], rest[1:], command))
    elif action == "produce":
        need(1, 1)
        for good in ("cheese", "bread", "whisky"):
            if options.get(good):
                event[good] = _number(options[good][0], f"--{good}", command)
    elif action == "prepare":
        need(0, 0)
        if options.get("draw"):
            event["drawn"] = [_number(x, "--draw", command) for x in options["draw"][0].split(",")]
        if options.get("roll"):
            rolls = []
            for text in options["roll"]:
                good, _, die = text.partition(":")
                rolls.append({"good": good, "die": _number(die, "--roll", command)})
            event["rolls"] = rolls
    elif action == "clan":
        need(2, 2)
        event["clan"] = rest[0]
    elif action == "auction":
        need(3, 3)
        event.update(clan=rest[0], bid=_number(rest[1], "BID", command))
    elif action == "worker":
        need(3, 3)
        event.update(unit=rest[0], space=rest[1])
    known = {"slaughter", "free", "drawn", "cheese", "bread", "whisky", "draw", "roll"}
    for name in options:
        if name not in known:
            raise UsageProblem(f"unknown option --{name} for {action}", command)
    return event


def act(
    ctx: typer.Context,
    game_file: GameArgument,
    action: Annotated[
        str, typer.Argument(metavar="ACTION", help="What happens: see the list below.")
    ],
) -> None:
    """Record what happens at the table; refused actions exit 1 with the reasons.

    Example: [cyan]caledonia act game.yaml trade Ailsa buy whisky 2[/cyan]
    """
    game = load(game_file)
    event = event_from_words(action, list(ctx.args))
    notes = apply_and_save(game_file, game, event)
    show_notes(notes, game)


ACT_HELP = "\n\n".join(
    [f"[bold]{name}[/bold] {syntax}: {what}" for name, (syntax, what) in ACTIONS.items()]
    + [PORT_ARGS]
)
act.__doc__ = (act.__doc__ or "") + "\n\n" + ACT_HELP


# -- status, log, undo ----------------------------------------------------------------------


def _status_data(game: Game) -> dict[str, Any]:
    from caledonia.rules.game.engine import next_step

    state = game.state
    return {
        "round": state.round,
        "phase": state.phase,
        "next": next_step(state),
        "turn_order": list(state.turn_order),
        "prices": dict(state.prices),
        "export_board": list(state.export_board),
        "pile": len(state.pile) if state.pile is not None else None,
        "players": [
            {
                "name": p.name,
                "colour": p.colour,
                "clan": p.clan,
                "money": p.money,
                "glory": p.glory,
                "goods": dict(p.goods),
                "merchants": {
                    "ready": p.merchants_stock,
                    "on_market": p.merchants_out(),
                    "not_hired": p.merchants_board,
                },
                "shipping": p.shipping_level,
                "technology": sorted(p.technology),
                "units": {state.board.spaces[i].id: u for i, u in sorted(p.units.items())},
                "open_contracts": list(p.open_contracts),
                "fulfilled": list(p.fulfilled),
                "ports_used": sorted(p.ports_used),
                "passed": p.passed,
            }
            for p in state.players
        ],
    }


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
    from caledonia.rules.game.state import phase_words
    from rich.table import Table

    game = load(game_file)
    data = _status_data(game)
    if as_json:
        print_json(data)
        return
    state = game.state
    emit(f"Round {data['round']}, {phase_words(data['phase'])}. Next: {data['next']}.")
    if data["turn_order"]:
        emit("Turn order: " + ", ".join(data["turn_order"]))
    emit("Market: " + ", ".join(f"{g} £{p}" for g, p in data["prices"].items()))
    board = ", ".join(str(c) if c is not None else "-" for c in data["export_board"])
    pile = f"{data['pile']} in the pile" if data["pile"] is not None else "your own pile"
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
    if show_map:
        from caledonia.rules.game.actions import position_of

        from .map_view import draw_board, legend

        position = position_of(state)
        console().print(
            draw_board(state.board, position, (), state.setup.ports), soft_wrap=True, crop=False
        )
        for line in legend(state.board, position, state.setup.ports):
            emit(line)


def log(game_file: GameArgument, as_json: JsonOption = False) -> None:
    """Every event of the game, in words.

    Example: [cyan]caledonia log sample_games/game-3p.yaml[/cyan]
    """
    from caledonia.rules.game.events import describe

    game = load(game_file)
    if as_json:
        print_json(
            [{"number": i, "event": e, "words": describe(e)} for i, e in enumerate(game.events, 1)]
        )
        return
    for number, event in enumerate(game.events, start=1):
        emit(f"{number:4d}. {describe(event)}")


def undo(
    game_file: GameArgument,
    count: Annotated[
        int, typer.Argument(metavar="[N]", min=1, help="How many events to drop.")
    ] = 1,
) -> None:
    """Drop the last N events (1 by default).

    Example: [cyan]caledonia undo game.yaml 2[/cyan]
    """
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.events import describe

    game = load(game_file)
    if count > len(game.events):
        raise CaledoniaError(f"the game has {len(game.events)} events: cannot undo {count}")
    kept, dropped = game.events[:-count], game.events[-count:]
    again = Game(game.setup, game.parts)
    for event in kept:
        again.apply(event)
    save(game_file, again)
    for event in dropped:
        emit(f"undone: {describe(event)}")
    show_notes([], again)


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
) -> None:
    """Correct the game to match the table: the physical table is the truth.

    Example: [cyan]caledonia fix game.yaml money Ailsa 23[/cyan]

    money PLAYER N; glory PLAYER N; goods PLAYER GOOD N; price GOOD N;
    unit PLAYER SPACE UNIT|none; merchants PLAYER N (ready to trade);
    contract ID open|fulfilled PLAYER, or contract ID board|out;
    shipping PLAYER LEVEL; technology PLAYER woodcutter|miner yes|no
    """
    words = list(ctx.args)
    command = "fix"
    shapes = {
        "money": ("player", "value"),
        "glory": ("player", "value"),
        "goods": ("player", "good", "value"),
        "price": ("good", "value"),
        "unit": ("player", "space", "unit"),
        "merchants": ("player", "value"),
        "shipping": ("player", "level"),
        "technology": ("player", "worker", "upgraded"),
    }
    event: dict[str, Any] = {"type": "fix", "what": what}
    if what == "contract":
        if len(words) not in (2, 3):
            raise UsageProblem(
                "usage: caledonia fix GAME contract ID open|fulfilled PLAYER | board | out", command
            )
        event.update(contract=_number(words[0], "ID", command), to=words[1])
        if len(words) == 3:
            event["player"] = words[2]
    elif what in shapes:
        fields = shapes[what]
        if len(words) != len(fields):
            raise UsageProblem(
                f"usage: caledonia fix GAME {what} {' '.join(f.upper() for f in fields)}", command
            )
        for field, word in zip(fields, words, strict=True):
            if field == "value":
                event[field] = _number(word, "N", command)
            elif field == "upgraded":
                event[field] = word.lower() in ("yes", "true", "1", "upgraded")
            else:
                event[field] = word
    else:
        raise UsageProblem(
            f"cannot fix {what!r}: money, glory, goods, price, unit, merchants, "
            "contract, shipping or technology",
            command,
        )
    game = load(game_file)
    notes = apply_and_save(game_file, game, event)
    show_notes(notes, game)
