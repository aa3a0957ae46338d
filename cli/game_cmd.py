"""Commands over a recorded game: new, act, undo, redo, fix; and what `status` and `log`
print of a game (the commands themselves are status_cmd.py and log_cmd.py, which need
none of this when the game's view is kept: views.py).

Every command reads the game file, replays it (or starts from its checkpoint), and
(for new, act, undo, redo and fix) writes it back with an atomic replace only when the
rules accept the change; a refused action exits 1 with the reasons and leaves the file
as it was. The words `act` and `fix` read come from the event specs.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.components import components
from caledonia.rules.contract_faces import short, tile
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.messages import N_
from caledonia.rules.names import Name

from .errors import UsageProblem, reason_of
from .game_io import (
    GameArgument,
    changing,
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
from .translation import data_text, t, t_n, tr
from .variant_flags import VariantFlagsCommand, chosen_variants
from .writing import FORCE_FLAG, ForceOption, check_output, check_writable, person_at_terminal

if TYPE_CHECKING:
    from caledonia.rules.game.engine import Game


# -- new ------------------------------------------------------------------------------


def _tiles(text: str | None, option: str) -> list[int] | None:
    """Contract tiles by their goods ('4 wool, 2 beef') or ids."""
    from .game_setup import tiles

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
    from .game_setup import numbers

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
    from .game_setup import words

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
    from caledonia.rules.game.setup import TableChoices, default_players

    from .game_setup import create_game, random_seed

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
        from caledonia.rules.game.setup import setup_as_data

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
    from caledonia.rules.boxfolder import example_file
    from caledonia.rules.map_modules import example_maps_folder

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
    from caledonia.rules.game.engine import next_step

    from .game_setup import setup_lines

    for line in setup_lines(game.setup):
        emit(line)
    emit(t("Next: {step}.", step=next_step(game.state)))


# -- act ------------------------------------------------------------------------------


def _words_event(verb: str, tokens: list[str], command: str) -> dict[str, Any]:
    from caledonia.rules.game.event_words import event_from_words
    from caledonia.rules.game.spec import WordsError

    if any(token == FORCE_FLAG or token.startswith(FORCE_FLAG + "=") for token in tokens):
        # --force replaces a file a command creates; this one adds to GAME, never replaces it
        raise UsageProblem(
            t(
                "{command} takes no {flag}: it adds the event to GAME and saves it in place, "
                "replacing nothing ('caledonia undo GAME' takes the last event back)",
                command=command,
                flag=FORCE_FLAG,
            ),
            command,
        )
    try:
        return event_from_words(verb, tokens)
    except WordsError as problem:
        raise UsageProblem(tr(reason_of(problem)), command) from None


def _json_event(text: str) -> Any:
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise UsageProblem(
            # TRANSLATORS: {problem} is the JSON reader's own words, in English
            t(
                "--event: not JSON ({problem} at character {position}); "
                'give one event such as \'{{"type": "pass", "player": "Ailsa"}}\'',
                problem=problem.msg,
                position=problem.pos,
            ),
            "act",
        ) from None


def _with_dice(path: str, game: Game, event: dict[str, Any], virtual: bool) -> dict[str, Any]:
    """A solo preparation needs its dice in the record: the tool's, or the table's (asked
    only once the game file is known to take the answer: the save itself refuses a file it
    cannot write, with the same words, when nothing is asked)."""
    state = game.state
    if (
        event.get("type") != "prepare"
        or state.phase != "preparation"
        or state.rules.dice(state) is None
    ):
        if virtual:
            raise UsageProblem(t("--virtual-dice is for a solo game's preparation"), "act")
        return event
    if event.get("rolls"):
        if virtual:
            raise UsageProblem(t("give either --roll or --virtual-dice, not both"), "act")
        return event
    from caledonia.rules.game.events.prepare import seeded_rolls

    from .dice import ask_rolls, tool_dice_wanted  # only to ask for a solo game's dice

    if virtual or tool_dice_wanted("act"):
        return {**event, "rolls": seeded_rolls(state)}
    check_writable(path)  # before the dice are asked
    rolls = ask_rolls(components())
    return {**event, "rolls": [{"good": r.good, "die": r.die} for r in rolls]}


def act(
    ctx: typer.Context,
    game_file: GameArgument,
    action: Annotated[
        str | None,
        typer.Argument(
            metavar="ACTION", help=N_("What happens: see the list above."), show_default=False
        ),
    ] = None,
    event_json: Annotated[
        str | None,
        typer.Option(
            "--event",
            metavar="JSON",
            help=N_("The event as JSON, as 'options --json' lists them."),
        ),
    ] = None,
    virtual_dice: Annotated[
        bool,
        typer.Option("--virtual-dice", help=N_("Solo preparation: let caledonia roll the dice.")),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Record what happens at the table; refused actions exit 1 with the reasons.

    Words in any letter case; a unit, good or action may be shortened if only one fits (dairy).
    The event is added to GAME, saved in place: there is no --force (nothing is replaced), and
    'caledonia undo GAME' takes an event back.

    Example: [cyan]caledonia act game.yaml trade Ailsa buy whisky 2[/cyan]
    """
    words = list(ctx.args)
    if event_json is not None:
        if action is not None or words:
            raise UsageProblem(t("give either ACTION words or --event JSON, not both"), "act")
        data = _json_event(event_json)
    elif action is None:
        raise UsageProblem(t("say what happens: ACTION and its words, or --event JSON"), "act")
    else:
        data = _words_event(action, words, "act")
    with changing(game_file):  # read, check and save with no other writer in between
        game = load(game_file)
        if isinstance(data, dict):
            data = _with_dice(game_file, game, data, virtual_dice)
        source = "--event" if event_json else t("the command line")
        event, notes = record(game_file, game, data, source)
    if as_json:
        print_recorded(game, [event], notes)
        return
    show_notes(notes, game)


# -- status, log, undo, redo, fix ----------------------------------------------------------


def _powers_not_enforced(game: Game) -> list[str]:
    """What the engine does not apply yet for the clans in play, so the table can fix it."""
    from caledonia.rules.game.registry import CLANS

    lines = []
    for p in game.state.players:
        missing = CLANS[p.clan].not_enforced if p.clan else ()
        if missing:
            lines.append(
                t(
                    "Not yet enforced for {player} ({clan}): {missing}: "
                    "use 'caledonia fix' where it changes a number.",
                    player=p.name,
                    clan=p.clan,
                    missing="; ".join(tr(said) for said in missing),
                )
            )
    return lines


def _cellars(game: Game) -> list[str]:
    """Each whisky cellar in play, spot by spot, and whether its values are the example's."""
    from caledonia.rules.game.clans.mackenzie import NAME, cellar_words

    state = game.state
    cellar = (
        N_(
            "{player}'s whisky cellar: {cellar} (example values, not your clan tile's: "
            "'caledonia box values' enters yours)"
        )
        if state.setup.example_value("whisky_cellar")
        else N_("{player}'s whisky cellar: {cellar}")
    )
    return [
        t(cellar, player=p.name, cellar=cellar_words(state, p))
        for p in state.players
        if p.clan == NAME
    ]


def round_facts(game: Game) -> dict[str, Any]:
    """For the round being played (the next one during preparation): its scoring tile (None
    once the game is over or without scoring tiles) and what taking a contract gives (+) or
    costs (-); and the port tile at each corner with its effect."""
    state = game.state
    number = state.round + 1 if state.phase == "preparation" else max(1, state.round)
    over = state.phase == "over"
    tile = None
    if state.setup.scoring_tiles and not over:
        tile_id = state.setup.scoring_tiles[number - 1]
        found = next(t for t in state.parts.scoring_tiles if t.id == tile_id)
        tile = {
            "round": number,
            "tile": found.id,
            "scores": found.scores,
            "glory": found.glory,
            "glory_per_field": found.glory_per_field,
        }
    effects = {t.id: t for t in state.parts.port_tiles}
    return {
        "scoring_tile": tile,
        "contract_cost": None
        if over
        else {"round": number, "money": state.parts.economy.contract_cost_by_round[number]},
        "port_tiles": {
            corner: {"tile": tile_id, "effect": _port_effect(game, effects[tile_id])}
            for corner, tile_id in sorted(state.setup.ports.items())
        },
    }


def _port_effect(game: Game, tile: Any, words: Callable[[str], str] = str) -> str:
    """A port tile's words, with the erratum the game plays by (port 7); each sentence
    through `words` (data_text, to show it in the reader's language; English for --json)."""
    if not tile.erratum:
        return words(tile.effect)
    original = game.setup.variants.get("port7_original")
    erratum = tile.erratum.get("original_2017_text" if original else "default")
    return f"{words(tile.effect)} {words(erratum)}" if erratum else words(tile.effect)


def _tile_words(tile: dict[str, Any]) -> str:
    pairs = "pairs" in tile["scores"].lower()
    field = tile["glory_per_field"]
    if field:
        glory = (
            N_("{glory} glory per pair, {field} per field")
            if pairs
            else N_("{glory} glory each, {field} per field")
        )
    else:
        glory = N_("{glory} glory per pair") if pairs else N_("{glory} glory each")
    return t(
        # TRANSLATORS: {scores} is the tile's own words; {glory} what it gives ("2 glory each")
        "Scoring tile {tile} (round {round}): {scores}; {glory}.",
        tile=tile["tile"],
        round=tile["round"],
        scores=data_text(tile["scores"]),
        glory=t(glory, glory=tile["glory"], field=field),
    )


def _money(amount: int) -> str:
    if amount > 0:
        return t("taking a contract gives £{amount}", amount=amount)
    if amount:
        return t("taking a contract costs £{amount}", amount=-amount)
    return t("taking a contract is free")


def _player_rows(p: dict[str, Any]) -> list[list[Any]]:
    """One player's values as [label, items]: each item a value that stays whole."""
    # each by its left half, how the table finds the tile (the whole face is in the menus)
    contracts = [t("open {contract}", contract=short(c)) for c in p["open_contracts"]] + [
        t("done {contract}", contract=short(c)) for c in p["fulfilled"]
    ]
    merchants = p["merchants"]
    # the labels stay English here: status_view.py finds rows by them, and shows them translated
    return [
        [N_("Money"), [t("£{amount}", amount=p["money"])]],
        [N_("Glory"), [str(p["glory"])]],
        [
            N_("Goods"),
            [tr(Name(g, n)) for g, n in p["goods"].items() if n] or ["-"],
        ],
        [
            N_("Merchants"),
            [
                t("{count} ready", count=merchants["ready"]),
                t("{count} out", count=merchants["on_market"]),
            ],
        ],
        [N_("Shipping"), [tr(Name(p["shipping"]))]],
        [N_("Technology"), [tr(Name(tile)) for tile in p["technology"]] or ["-"]],
        [N_("Units"), [str(len(p["units"]))]],
        [N_("Contracts"), contracts or ["-"]],
    ]


def _who(p: dict[str, Any]) -> list[str]:
    return (
        [t("{player} ({colour})", player=p["name"], colour=p["colour"])]
        + ([p["clan"]] if p["clan"] else [])
        + ([t("passed")] if p["passed"] else [])
    )


def _status_head(game: Game, data: dict[str, Any], facts: dict[str, Any]) -> list[list[Any]]:
    """The lines above the players: round, turn order, the round's scoring tile and contract
    cost, market, export board, port tiles; each with how it wraps (status_view.py)."""
    from caledonia.rules.game.state import phase_words

    state = game.state
    round_line = t(
        "Round {round}, {phase}. Next: {step}.",
        round=data["round"],
        phase=phase_words(data["phase"]),
        step=data["next"],
    )
    head: list[list[Any]] = [["fit", round_line]]
    if state.phase == "over":
        head.append(["over"])
    if data["turn_order"]:
        head.append(["items", t("Turn order:"), data["turn_order"]])
    if facts["scoring_tile"]:
        head.append(["fit", _tile_words(facts["scoring_tile"])])
    elif not state.setup.scoring_tiles:
        head.append(["line", t("No scoring tiles in this game.")])
    cost = facts["contract_cost"]
    if cost is not None:
        cost_line = t(
            "Contracts in round {round}: {cost}.", round=cost["round"], cost=_money(cost["money"])
        )
        head.append(["fit", cost_line])
    prices = [t("{good} £{price}", good=g, price=p) for g, p in data["prices"].items()]
    head.append(["items", t("Market:"), prices])
    if data["pile"] is not None:
        board = t_n(
            "Export board ({count} contract in the pile):",
            "Export board ({count} contracts in the pile):",
            data["pile"],
        )
    else:
        board = t("Export board (your own pile):")
    head.append(["line", board])
    for held in data["export_board"]:  # the tiles carry no numbers: each by its face
        face = tr(tile(held, state.parts.contracts)) if held else t("(an empty box)")
        head.append(["fit", f"  {face}"])
    if facts["port_tiles"]:
        head.append(["line", t("Port tiles:")])
        effects = {tile.id: tile for tile in state.parts.port_tiles}
        for corner, port in facts["port_tiles"].items():
            said = t(
                "corner {corner}: {effect}",
                corner=corner,
                effect=_port_effect(game, effects[port["tile"]], data_text),
            )
            head.append(["fit", f"  {said}"])
    return head


def status_view(game: Game) -> dict[str, Any]:
    """What `status` prints of the game, as plain data (kept in the cache by views.py):
    the --json data, and the lines and players status_view.py lays out."""
    from caledonia.rules.plaindata import plain

    data = summary(game)
    facts = round_facts(game)
    return {
        # in English, and plain strings: a view is kept with marshal, which takes no Reason
        "json": plain({**data, **facts}),
        "head": _status_head(game, data, facts),
        "players": [
            {"name": p["name"], "who": _who(p), "rows": _player_rows(p)} for p in data["players"]
        ],
        "cellars": _cellars(game),
        "powers": _powers_not_enforced(game),
    }


def print_status(
    game: Game,
    show_map: bool = False,
    highlight: Collection[int] = (),
    *,
    game_file: str | None = None,
    width: int | None = None,
) -> None:
    """The status (and the board, with `highlight` spaces marked), as `status` prints it,
    fitted to `width` columns (the console's when None): nothing in it is ever cut."""
    from .status_view import show_status

    width = width or console().width
    show_status(status_view(game), width, game_file)
    if show_map:
        from caledonia.rules.game.pieces import position_of

        from .map_view import draw_board, legend

        state = game.state
        position = position_of(state)
        console().print(
            draw_board(state.board, position, highlight, state.setup.ports, width=width),
            soft_wrap=True,
            crop=False,
        )
        marked = len(highlight) if highlight else None
        for line in legend(
            state.board, position, state.setup.ports, width=width, highlighted=marked
        ):
            emit(line)


def _signed(number: int, unit: str = "") -> str:
    return f"{'-' if number < 0 else '+'}{unit}{abs(number)}"


def change_words(changes: dict[str, Any]) -> str:
    """What an event moved, player by player: `Iain -£14; Kirsty +£12, +1 wool, +2 glory`."""
    parts = []
    for name, change in changes.items():
        moved = [_signed(change.money, "£")] if change.money else []
        moved += [
            t("{change} {good}", change=_signed(n), good=good) for good, n in change.goods.items()
        ]
        moved += [t("{change} glory", change=_signed(change.glory))] if change.glory else []
        parts.append(t("{player} {changes}", player=name, changes=", ".join(moved)))
    return "; ".join(parts)


def event_heading(round_number: int, phase: str) -> str:
    """The log's heading of the events of a round's phase (the setup's, apart)."""
    from caledonia.rules.game.history import SETUP_PHASES
    from caledonia.rules.game.state import phase_words

    if phase in SETUP_PHASES:
        return t("Setup: {phase}", phase=phase_words(phase))
    return t("Round {round}: {phase}", round=round_number, phase=phase_words(phase))


def print_log(game: Game, last: int | None = None) -> None:
    """Every event in words (the `last` ones only, when given), as `log` prints them: a
    heading at each round and phase, each event with what it moved, the notes of a
    preparation (dice, prices, refill) and of a correction, and each round's scoring."""
    for line in log_lines(game, last):
        emit(line)


def log_lines(game: Game, last: int | None = None) -> list[str]:
    """The lines of `print_log` (kept as the log's view by views.py)."""
    from caledonia.rules.game.event_words import describe
    from caledonia.rules.game.history import history

    entries = history(game)
    lines = [] if entries else [t("No events yet.")]
    heading = None
    for entry in entries[-last:] if last else entries:
        if event_heading(entry.round, entry.phase) != heading:
            heading = event_heading(entry.round, entry.phase)
            lines.append(heading)
        words = describe(entry.event, entry.position)
        if entry.correction:
            words = t("correction: {event}", event=words)
        line = f"{entry.number:4d}. {tr(words)}"
        lines.append(line + (f"  ({change_words(entry.changes)})" if entry.changes else ""))
        if entry.event["type"] in ("prepare", "fix"):  # the dice, prices, refill; the fix
            lines.extend(f"        {tr(note)}" for note in entry.notes)
        if entry.scoring:
            lines.append(f"        {_scoring_words(entry.scoring)}")
    if game.state.phase == "over":
        lines.append(t("The game is over: 'caledonia score' gives the final score."))
    return lines


def _scoring_words(scoring: Any) -> str:
    if scoring.tile is None:
        return t("round {round} scoring: no scoring tiles", round=scoring.round)
    got = ", ".join(f"{name} {glory}" for name, glory in scoring.glory.items())
    return t(
        # TRANSLATORS: {glory} lists each player with the glory they scored: "Ailsa 3, Bruce 5"
        "round {round} scoring, tile {tile}: {glory} glory",
        round=scoring.round,
        tile=scoring.tile,
        glory=got,
    )


CountArgument = Annotated[
    int | None, typer.Argument(metavar="[N]", min=1, help=N_("How many events (1 if not given)."))
]
ToOption = Annotated[
    int | None,
    typer.Option(
        "--to",
        metavar="N",
        min=0,
        help=N_("Keep events 1 to N (the numbers 'caledonia log' shows) and undo the rest."),
    ),
]
AllOption = Annotated[bool, typer.Option("--all", help=N_("Restore every undone event."))]


def undo(
    game_file: GameArgument,
    count: CountArgument = None,  # None: not given, so --to may stand alone
    to: ToOption = None,
    as_json: JsonOption = False,
) -> None:
    """Drop the last N events (1 by default), or every event after event N with --to N;
    'caledonia redo' restores them until a new event is recorded.

    Example: [cyan]caledonia undo game.yaml 2[/cyan], [cyan]caledonia undo game.yaml --to 40[/cyan]
    """
    from caledonia.rules.game.event_words import describe
    from caledonia.rules.game.pieces import position_of
    from caledonia.storage.games import undo_game

    if to is not None and count is not None:
        raise UsageProblem(t("give either N or --to N, not both"), "undo")
    count = count or 1
    with changing(game_file):
        game = load(game_file)
        check_writable(game_file)
        if to is not None:
            count = _count_after(game, to)
        try:
            dropped = undo_game(game_file, game, count)
        except ValueError as problem:
            raise CaledoniaError(reason_of(problem)) from None
        save(game_file, game)
    if as_json:
        print_json({"undone": dropped, "state": summary(game)})
        return
    if len(dropped) > UNDONE_LISTED:  # a long undo: the count and its first and last events
        emit(t_n("{count} event undone:", "{count} events undone:", len(dropped)))
        emit(t("  from: {event}", event=describe(dropped[0], position_of(game.state))))
        emit(t("  to: {event}", event=describe(dropped[-1], position_of(game.state))))
    else:
        for event in reversed(dropped):
            emit(t("undone: {event}", event=describe(event, position_of(game.state))))
    show_notes([], game)


# An undo of more events than this is told by its count, first and last event.
UNDONE_LISTED = 10


def _count_after(game: Game, kept: int) -> int:
    """How many events `undo --to kept` takes back (at least one, else an error)."""
    if kept >= len(game.events):
        raise CaledoniaError(
            t_n(
                "the game has {count} event: --to {kept} would undo nothing "
                "('caledonia log' numbers the events)",
                "the game has {count} events: --to {kept} would undo nothing "
                "('caledonia log' numbers the events)",
                len(game.events),
                kept=kept,
            )
        )
    return len(game.events) - kept


def redo(
    game_file: GameArgument,
    count: CountArgument = None,  # None: not given, so --all may stand alone
    every: AllOption = False,
    as_json: JsonOption = False,
) -> None:
    """Restore the last N undone events (1 by default), or all of them with --all.

    Example: [cyan]caledonia redo game.yaml[/cyan], [cyan]caledonia redo game.yaml --all[/cyan]
    """
    from caledonia.rules.game.event_words import describe
    from caledonia.rules.game.pieces import position_of

    if every and count is not None:
        raise UsageProblem(t("give either N or --all, not both"), "redo")
    count = count or 1
    with changing(game_file):
        game = load(game_file)
        check_writable(game_file)
        if not game.undone:
            raise CaledoniaError(
                t(
                    "nothing to redo in {game_file}: undo keeps events only until a new one is "
                    "recorded",
                    game_file=game_file,
                )
            )
        try:
            restored = game.redo(len(game.undone) if every else count)
        except ValueError as problem:
            raise CaledoniaError(reason_of(problem)) from None
        save(game_file, game)
    notes = [note for _, said in restored for note in said]
    if as_json:
        print_recorded(game, [event for event, _ in restored], notes)
        return
    if len(restored) > UNDONE_LISTED:
        emit(t_n("{count} event redone:", "{count} events redone:", len(restored)))
        emit(t("  from: {event}", event=describe(restored[0][0], position_of(game.state))))
        emit(t("  to: {event}", event=describe(restored[-1][0], position_of(game.state))))
    else:
        for event, said in restored:
            emit(t("redone: {event}", event=describe(event, position_of(game.state))))
            for note in said:
                emit(f"  {tr(note)}")
    show_notes([], game)


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
    event = _words_event("fix", [what, *ctx.args], "fix")
    with changing(game_file):
        game = load(game_file)
        check_writable(game_file)
        recorded, notes = record(game_file, game, event)
    if as_json:
        print_recorded(game, [recorded], notes)
        return
    show_notes(notes, game)
