"""`caledonia solo ...`: the solo game's dice market, contract refill and score."""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from caledonia.rules.boxfolder import example_file
from caledonia.rules.components import components
from caledonia.rules.contract_faces import TileNotRead, left_half, named, read_tiles, tile, tiles
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.locking import one_writer, seen
from caledonia.rules.market import load_market
from caledonia.rules.scoring import score_sheet
from caledonia.rules.sheet import load_sheet
from caledonia.rules.solo import (
    SLOTS,
    Roll,
    check_rolls,
    load_removal_grid,
    market_phase,
    refill,
    roll_dice,
)
from caledonia.rules.solo_state import (
    apply_table_changes,
    new_state,
    parse_state,
    prepare,
    state_as_data,
)
from caledonia.rules.yamlfile import read_yaml, to_yaml, write_text_atomic

from . import prompts  # its QuestionaryAsker looked up when asked: tests script it
from .dice import table_dice
from .drafts import Draft
from .errors import Interrupted, UsageProblem
from .output import JsonOption, emit, emit_wrapped, is_interactive, message, print_json
from .prompts import shown
from .score_view import render_score
from .tile_entry import ask_tiles, tiles_validator
from .translation import t, t_n, tr
from .writing import ForceOption, check_output, check_writable, person_at_terminal

if TYPE_CHECKING:
    from caledonia.rules.components import Components
    from caledonia.rules.locking import Seen
    from caledonia.rules.market import Market
    from caledonia.rules.solo import PriceChange, Refill, RemovalGrid
    from caledonia.rules.solo_state import Preparation, SoloState

    from .prompts import Asker, Validator

app = typer.Typer(
    help="Solo game: the dice market, the contract refill and removal, the solo score.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)

MarketOption = Annotated[
    str | None,
    typer.Option(
        "--market",
        envvar="CALEDONIA_MARKET",
        show_envvar=True,
        metavar="FILE",
        help=t("A market board file instead of your box's (else the box's, else the example)."),
    ),
]
BoardOption = Annotated[
    str | None,
    typer.Option(
        "--export-board",
        envvar="CALEDONIA_EXPORT_BOARD",
        show_envvar=True,
        metavar="FILE",
        help=t(
            "A solo removal grid file instead of your box's (else the box's, else the example)."
        ),
    ),
]
StateArgument = Annotated[str, typer.Argument(metavar="STATE", help=t("The solo helper file."))]
RollOption = Annotated[
    list[str] | None,
    typer.Option(
        "--roll",
        metavar="GOOD:±N",
        help=t("What your dice show, three times in order, e.g. --roll whisky:-2."),
    ),
]
PriceOption = Annotated[
    list[str] | None,
    typer.Option(
        "--price",
        metavar="GOOD=£",
        help=t("A current price, e.g. --price whisky=12 (repeat for each good)."),
    ),
]
VirtualOption = Annotated[
    bool, typer.Option("--virtual-dice", help=t("Let caledonia roll (seeded) instead of asking."))
]


# -- loading and parsing ------------------------------------------------------


def _market(override: str | None) -> Market:
    """The market a solo command uses: --market, else the box's, else the example (said)."""
    market = load_market(1, components().economy.goods, override)
    if market.example:
        message(_example_note("market", market.source), style="yellow")
    return market


def _grid(override: str | None) -> RemovalGrid:
    """The removal grid: --export-board, else the box's, else the example (said)."""
    grid = load_removal_grid(components().solo.price_die, override)
    if grid.example:
        message(_example_note("export_board", grid.source), style="yellow")
    return grid


def _example_note(component: str, source: str) -> str:
    """The note for a component still the example: the box's own command enters it; a file
    given by option that is marked as an example is named."""
    if Path(source) != example_file(component):
        return t(
            "Note: {file} is marked 'example: true': its values are examples, not your board's.",
            file=source,
        )
    if component == "market":
        return t(
            "Note: the market tracks, starting prices and brackets are example values, not "
            "your board's: 'caledonia box market' enters yours into your box."
        )
    return t(
        "Note: the solo removal grid is an example layout (only '-3 = bottom-left' is "
        "known): 'caledonia box values' enters yours into your box."
    )


def parse_rolls(texts: list[str], command: str) -> list[Roll]:
    rolls = []
    for text in texts:
        good, _, die = text.partition(":")
        try:
            rolls.append(Roll(good.strip().lower(), int(die)))
        except ValueError:
            raise UsageProblem(
                t("--roll {typed!r}: expected GOOD:±N such as whisky:-2", typed=text), command
            ) from None
    return rolls


def parse_prices(texts: list[str], command: str) -> dict[str, int]:
    goods = components().economy.goods
    prices = {}
    for text in texts:
        good, _, price = text.partition("=")
        good = good.strip().lower()
        if good not in goods or not price.strip().lstrip("£").isdigit():
            raise UsageProblem(
                t(
                    "--price {typed!r}: expected GOOD=PRICE with a good of {goods}, "
                    "such as whisky=12",
                    typed=text,
                    goods=", ".join(goods),
                ),
                command,
            )
        prices[good] = int(price.strip().lstrip("£"))
    return prices


def parse_ids(
    text: str | None, option: str, command: str, blanks: bool = False
) -> list[int | None]:
    """Contract tiles given to a flag: by their goods as `new --contracts` takes them
    ('4 wool, 2 beef, cheese bread whisky') or by id ('12,33'); with `blanks`, '-' is an
    empty slot ('12, -, 4 wool'). A tile not read: exit 2 with its reason."""
    if text is None or not text.strip():
        return []
    contracts = components().contracts
    ids: list[int | None] = []
    group: list[str] = []  # the parts since the last empty slot: tiles, read together

    def read_group() -> None:
        if group:
            ids.extend(read_tiles(", ".join(group), contracts))
            group.clear()

    try:
        for part in re.split(r"[,;]", text):  # as `new --contracts`: commas or semicolons
            if blanks and part.strip() in ("-", ""):
                read_group()
                ids.append(None)
            else:
                group.append(part)
        read_group()
    except TileNotRead as problem:
        # TRANSLATORS: {option} is a flag such as --taken, {typed} what was given to it
        raise UsageProblem(
            t(
                "{option} {typed!r}: {reason} (give each tile by its goods, e.g. "
                "'4 wool, 2 beef', or by its id; commas between tiles)",
                option=option,
                typed=text,
                reason=_why(problem),
            ),
            command,
        ) from None
    return ids


def _load_state(path: str, market: Market) -> SoloState:
    return parse_state(read_yaml(path), path, components(), market)


def _save_state(path: str, state: SoloState, read: Seen | None = None) -> None:
    """Save under the file's lock; with `read` (the file as it was loaded), refuse to save
    over a file that another command changed in the meantime."""
    header = (
        "# Solo helper state, written by caledonia after every phase.\n"
        "# Next: caledonia solo prepare " + path + "\n"
    )
    with one_writer(path):
        if read is not None and seen(path) != read:
            raise CaledoniaError(
                t(
                    "{file} was changed by another command while the questions were asked: "
                    "nothing was saved over it (the answers are kept: run the command again)",
                    file=path,
                )
            )
        write_text_atomic(path, header + to_yaml(state_as_data(state)))


# -- asking the table ----------------------------------------------------------


def taken_reasons(state: SoloState) -> Callable[[list[int]], list[str]]:
    """The contracts taken this round, as read: each on the board, none twice."""
    on_board = [c for c in state.board if c is not None]

    def reasons(taken: list[int]) -> list[str]:
        wrong = [c for c in taken if c not in on_board]
        if wrong:
            return [t("{contract} is not on the export board", contract=tile(wrong[0]))]
        twice = [c for c in taken if taken.count(c) > 1]
        if twice:
            return [t("{contract} is named twice: each is taken once", contract=tile(twice[0]))]
        return []

    return reasons


def taken_check(state: SoloState) -> Validator:
    """The check the prompt of the contracts taken gives a typed answer."""
    on_board = [c for c in state.board if c is not None]
    return tiles_validator(components().contracts, lambda: on_board, taken_reasons(state), 0)


def draw_check(parts: Components, in_use: set[int], drawn: list[int]) -> Validator:
    """The check the prompt of a contract drawn for an empty slot gives a typed answer."""

    def left() -> list[int]:
        return [c for c in parts.contracts if c not in in_use and c not in drawn]

    return tiles_validator(parts.contracts, left, draw_reasons(in_use, drawn), 1)


def price_check(market: Market, good: str) -> Validator:
    """A typed price that is on the good's track."""
    track = market.tracks[good]
    prices = ", ".join(map(str, track.prices))

    def check(typed: str) -> bool | str:
        text = typed.strip().lstrip("£")
        if text.isascii() and text.isdigit() and len(text) < 6 and int(text) in track.prices:
            return True
        return t(
            "Expected a price on the {good} track: {prices}; got {typed}.",
            good=good,
            prices=prices,
            typed=shown(typed),
        )

    check.expects_number = True  # type: ignore[attr-defined]
    return check


def ask_round_changes(
    state: SoloState, market: Market, ask: Asker | None = None
) -> tuple[list[str], str]:
    """What the player changed during the round: contracts taken (by the goods their tiles
    show, as `play` takes them), prices moved by trading. Each answer is checked when it is
    given (the same checks as the flags get)."""
    ask = ask or prompts.QuestionaryAsker()
    parts = components()
    on_board = [c for c in state.board if c is not None]
    taken = ask_tiles(
        ask,
        t(
            "Contracts you took from the export board this round, by the goods on each "
            "tile's left half, commas between tiles (it holds {contracts}; Enter for none)",
            contracts="; ".join(left_half(parts.contracts[c]) for c in on_board) or t("nothing"),
        ),
        parts.contracts,
        lambda: on_board,
        taken_reasons(state),
        0,
    )
    prices = []
    for good, now in state.prices.items():
        typed = ask.text(
            t("{good} price now (£)", good=good),
            default=str(now),
            validate=price_check(market, good),
        )
        if int(typed.strip().lstrip("£")) != now:
            prices.append(f"{good}={typed.strip().lstrip('£')}")
    return prices, ",".join(str(c) for c in taken)


def draw_reasons(in_use: set[int], drawn: list[int]) -> Callable[[list[int]], list[str]]:
    """A contract drawn for an empty slot: one tile, not in use, not drawn already."""

    def reasons(found: list[int]) -> list[str]:
        if len(found) != 1:
            return [t("name the one tile drawn for this slot")]
        if found[0] in in_use or found[0] in drawn:
            return [
                t("{contract} is already on the board or out of the game", contract=tile(found[0]))
            ]
        return []

    return reasons


def ask_draws(
    count: int, parts: Components, in_use: set[int], ask: Asker | None = None
) -> list[int]:
    """The contracts drawn from the table's own pile, one per empty slot, by their goods."""
    ask = ask or prompts.QuestionaryAsker()
    drawn: list[int] = []

    def left() -> list[int]:
        return [c for c in parts.contracts if c not in in_use and c not in drawn]

    for number in range(1, count + 1):  # one tile at a time: the slots are filled in order
        question = t(
            "Contract drawn for empty slot {slot} of {slots}: the goods on its left half "
            "(e.g. 4 wool, or cheese bread whisky), or its id",
            slot=number,
            slots=count,
        )
        drawn += ask_tiles(ask, question, parts.contracts, left, draw_reasons(in_use, drawn), 1)
    return drawn


# -- showing --------------------------------------------------------------------


def board_lines(
    board: tuple[int | None, ...],
    grid: RemovalGrid,
    parts: Components,
    removed_slot: int | None = None,
) -> list[str]:
    faces = {slot: face for face, slot in grid.slot_for_roll.items()}
    lines = []
    for slot, held in enumerate(board, start=1):
        what = tr(named(parts.contracts[held])) if held is not None else t("(empty)")
        fields = {"slot": slot, "face": faces[slot], "position": grid.position(slot)}
        # TRANSLATORS: a line of the export board: its slot, the price-die face that removes
        # it and where it lies; {contract} is "the contract's face (id)" or "(empty)"
        line = (
            t("slot {slot} [{face:+d}, {position}]  {contract}  ← removed", contract=what, **fields)
            if slot == removed_slot
            else t("slot {slot} [{face:+d}, {position}]  {contract}", contract=what, **fields)
        )
        lines.append("  " + line)
    return lines


def show_preparation(
    result: Preparation, grid: RemovalGrid, parts: Components, dice_source: str
) -> None:
    emit(t("Round {round}: preparation (solo)", round=result.round), style="bold")
    show_market_phase(result.changes, dice_source, result.state.prices)
    drawn = tiles(result.refill_drawn) if result.refill_drawn else t("nothing (no empty slot)")
    emit_wrapped(t("Refill: drew {contracts}. Export board after the refill:", contracts=drawn))
    for line in board_lines(result.board_filled, grid, parts, result.removed_slot):
        emit_wrapped(line, "", "      ")
    removal = {
        "die": result.rolls[-1].die,
        "slot": result.removed_slot,
        "position": grid.position(result.removed_slot),
    }
    if result.removed:
        emit_wrapped(
            t(
                "Last price die {die:+d}: slot {slot} ({position}), so contract {contract} "
                "leaves the game.",
                contract=tile(result.removed),
                **removal,
            )
        )
    else:
        emit_wrapped(
            t("Last price die {die:+d}: slot {slot} ({position}), so it was empty.", **removal)
        )
    remaining = sum(1 for c in result.state.board if c is not None)
    emit_wrapped(
        t_n(
            "The action phase starts with {count} contract.",
            "The action phase starts with {count} contracts.",
            remaining,
        )
    )


def price_list(prices: Mapping[str, int]) -> str:
    """'whisky £12, wool £7, ...': each good's price, as the market board shows it."""
    return ", ".join(t("{good} £{price}", good=good, price=price) for good, price in prices.items())


def show_market_phase(changes: Sequence[PriceChange], dice: str, prices: Mapping[str, int]) -> None:
    """The market phase's changes, numbered, and the prices after it."""
    # TRANSLATORS: {dice} says where the dice came from: "your dice", "dice rolled by ..."
    emit(t("Market phase, {dice}:", dice=dice))
    for number, change in enumerate(changes, start=1):
        emit_wrapped(f"  {number}. {tr(change.describe())}")
    emit_wrapped(t("Prices now: {prices}", prices=price_list(prices)))


def preparation_json(result: Preparation) -> dict[str, Any]:
    return {
        "round": result.round,
        "rolls": [{"good": r.good, "die": r.die} for r in result.rolls],
        "changes": [
            {
                "good": c.good,
                "before": c.before,
                "zone": c.zone,
                "steps": c.steps,
                "after": c.after,
                "explanation": str(c.describe()),
            }
            for c in result.changes
        ],
        "prices": dict(result.state.prices),
        "drawn": list(result.refill_drawn),
        "board_before": list(result.board_before),
        "board_filled": list(result.board_filled),
        "board_after": list(result.state.board),
        "removed": {"slot": result.removed_slot, "contract": result.removed},
    }


def _dice(
    rolls: list[str] | None,
    virtual: bool,
    command: str,
    parts: Components,
    ask: Asker | None = None,
) -> tuple[list[Roll] | None, str]:
    """The table's rolls (typed or asked), or None for the seeded dice; and how they came."""
    if rolls:
        if virtual:
            raise UsageProblem(t("give either --roll or --virtual-dice, not both"), command)
        return parse_rolls(rolls, command), t("your dice")
    asked = None if virtual else table_dice(command, parts, ask)
    if asked is None:
        return None, t("dice rolled by caledonia (seeded)")
    return asked, t("your dice")


class _DraftWhenAsked:
    """The prompts of `solo prepare`, kept in a draft (cli/drafts.py) from the first question
    on: a run that asks nothing (every answer given by flag) neither offers nor keeps one."""

    def __init__(self, state_file: str):
        self.state_file = state_file
        self.draft = Draft.named("solo-prepare", str(Path(state_file).resolve()))
        self._asker: Asker | None = None

    def __getattr__(self, name: str) -> Any:  # the Asker's methods, whichever is asked
        if self._asker is None:
            self._asker = self.draft.asker(
                prompts.QuestionaryAsker(), t("the preparation of {file}", file=self.state_file)
            )
        return getattr(self._asker, name)

    def stopped_words(self) -> str:
        return self.draft.stopped_words(f"caledonia solo prepare {self.state_file}")


# -- commands ------------------------------------------------------------------


@app.command("new")
def new_command(
    state_file: StateArgument,
    seed: Annotated[
        int | None,
        typer.Option(
            metavar="N", help=t("Seed for the tool's dice and pile (random if left out).")
        ),
    ] = None,
    contracts: Annotated[
        str | None,
        typer.Option(
            metavar="TILES",
            help=t(
                "The five contracts you dealt from your own pile, by the goods on each tile's "
                "left half, e.g. '4 wool, 2 beef, cheese bread whisky, 4 bread, 2 milk' (or "
                "ids); leave out to let caledonia deal."
            ),
        ),
    ] = None,
    force: ForceOption = False,
    market_file: MarketOption = None,
) -> None:
    """Start a solo helper file: starting prices and the five face-up contracts.

    Example: [cyan]caledonia solo new my-solo.yaml --seed 7[/cyan]
    """
    check_output(state_file, force=force, ask=person_at_terminal())
    parts = components()
    market = _market(market_file)
    dealt = parse_ids(contracts, "--contracts", "solo new") or None
    chosen_seed = seed if seed is not None else secrets.randbelow(10**6)
    try:
        state = new_state(parts, market, chosen_seed, dealt)  # type: ignore[arg-type]
    except ValueError as reason:
        raise CaledoniaError(t("--contracts: {reason}", reason=_why(reason))) from None
    _save_state(state_file, state)
    emit_wrapped(t("Prices: {prices}", prices=price_list(state.prices)))
    emit(t("Contracts dealt to the export board:"))
    for slot, held in enumerate(state.board, start=1):
        what = tr(named(parts.contracts[held])) if held is not None else t("(empty)")
        emit_wrapped(t("slot {slot}  {contract}", slot=slot, contract=what), "  ", "      ")
    started = {"file": state_file, "seed": chosen_seed}
    if state.pile is not None:
        message(
            t(
                "Started {file} (seed {seed}; the tool deals from its own shuffled pile). "
                "After round 1, run: caledonia solo prepare {file}",
                **started,
            )
        )
    else:
        message(
            t(
                "Started {file} (seed {seed}; you draw from your own pile). "
                "After round 1, run: caledonia solo prepare {file}",
                **started,
            )
        )


def _why(problem: ValueError) -> str:
    """The reason a ValueError of the rules gives, as a sentence the reader can read (the
    Reason itself, so that it is translated, not its English words)."""
    return tr(problem.args[0]) if problem.args else str(problem)


def _prepare_round(
    state: SoloState,
    parts: Components,
    market: Market,
    grid: RemovalGrid,
    ask: Asker,
    price: list[str] | None,
    taken: str | None,
    roll: list[str] | None,
    virtual_dice: bool,
    draw: str | None,
) -> tuple[Preparation, str]:
    """A round's preparation from the flags, asking (through `ask`) what they leave out;
    and how the dice came."""
    state = _with_table_changes(state, market, ask, price, taken, roll)
    rolls, source = _dice(roll, virtual_dice, "solo prepare", parts, ask)
    drawn = _drawn(state, parts, ask, draw)
    try:
        result = prepare(state, parts, market, grid, rolls, drawn)
    except ValueError as reason:
        raise CaledoniaError(_why(reason)) from None
    return result, source


def _with_table_changes(
    state: SoloState,
    market: Market,
    ask: Asker,
    price: list[str] | None,
    taken: str | None,
    roll: list[str] | None,
) -> SoloState:
    """The state with what the player changed during the round: the contracts taken and
    the prices moved, from the flags, else asked at a terminal when no flag is given."""
    if price is None and taken is None and roll is None and is_interactive():
        price, taken = ask_round_changes(state, market, ask)
    taken_ids = _taken_ids(taken)
    try:
        return apply_table_changes(
            state, market, parse_prices(price or [], "solo prepare"), taken_ids
        )
    except ValueError as reason:
        raise CaledoniaError(_why(reason)) from None


def _taken_ids(taken: str | None) -> list[int]:
    """The contracts --taken names, each once."""
    taken_ids = [i for i in parse_ids(taken, "--taken", "solo prepare") if i]
    twice = sorted({i for i in taken_ids if taken_ids.count(i) > 1})
    if twice:
        raise CaledoniaError(
            t(
                "--taken: contract {contracts} is listed twice: each is taken once",
                contracts=", ".join(map(str, twice)),
            )
        )
    return taken_ids


def _drawn(state: SoloState, parts: Components, ask: Asker, draw: str | None) -> list[int] | None:
    """The contracts drawn for the empty slots from the table's own pile (--draw, else
    asked); None when the tool draws them from its pile."""
    drawn = [i for i in parse_ids(draw, "--draw", "solo prepare") if i is not None] or None
    empty = sum(1 for held in state.board if held is None)
    if drawn is not None or state.pile is not None or not empty:
        return drawn
    if not is_interactive():
        raise UsageProblem(
            t_n(
                "this game draws from your own pile: pass --draw TILES with the "
                "{count} contract you drew for the empty slot",
                "this game draws from your own pile: pass --draw TILES with the "
                "{count} contracts you drew for the empty slots",
                empty,
            ),
            "solo prepare",
        )
    return ask_draws(empty, parts, _in_use(state), ask)


def _in_use(state: SoloState) -> set[int]:
    """The contracts out of the pile: on the board, removed, taken."""
    return {c for c in state.board if c} | set(state.removed) | set(state.taken)


@app.command("prepare")
def prepare_command(
    state_file: StateArgument,
    price: PriceOption = None,
    taken: Annotated[
        str | None,
        typer.Option(
            metavar="TILES",
            help=t("Contracts you took from the board this round, e.g. '4 wool, 2 beef' or 12,45."),
        ),
    ] = None,
    roll: RollOption = None,
    virtual_dice: VirtualOption = False,
    draw: Annotated[
        str | None,
        typer.Option(
            metavar="TILES",
            help=t(
                "Contracts you drew from your own pile for the empty slots, in slot order, "
                "e.g. '4 wool, 2 milk' (or ids)."
            ),
        ),
    ] = None,
    as_json: JsonOption = False,
    market_file: MarketOption = None,
    export_board: BoardOption = None,
) -> None:
    """Run a round's preparation (rounds 2-5): dice market, refill, removal; save the file.

    Example: [cyan]caledonia solo prepare my-solo.yaml --taken 14 --virtual-dice[/cyan]
    """
    parts = components()
    market, grid = _market(market_file), _grid(export_board)
    state = _load_state(state_file, market)
    read = seen(state_file)
    check_writable(state_file)  # before the questions: an answer is never typed for nothing
    # the answers are kept as they are given: a stop goes on from there next time
    asking = _DraftWhenAsked(state_file)
    try:
        result, source = _prepare_round(
            state, parts, market, grid, asking, price, taken, roll, virtual_dice, draw
        )
    except (KeyboardInterrupt, EOFError):
        raise Interrupted(asking.stopped_words()) from None
    _save_state(state_file, result.state, read)
    asking.draft.discard()  # only once the round is saved
    if as_json:
        print_json(preparation_json(result))
    else:
        show_preparation(result, grid, parts, source)
    message(t("Saved {file}.", file=state_file))


@app.command("market")
def market_command(
    state_file: Annotated[
        str | None,
        typer.Argument(
            metavar="[STATE]",
            help=t("Read the prices from a solo helper file."),
            show_default=False,
        ),
    ] = None,
    price: PriceOption = None,
    roll: RollOption = None,
    virtual_dice: VirtualOption = False,
    seed: Annotated[
        int | None, typer.Option(metavar="N", help=t("Seed for --virtual-dice (else random)."))
    ] = None,
    as_json: JsonOption = False,
    market_file: MarketOption = None,
) -> None:
    """The market phase alone: current prices in, new prices out, each step explained.

    Example: [cyan]caledonia solo market my-solo.yaml --roll whisky:+3 --roll wool:-1[/cyan]
    """
    parts = components()
    market = _market(market_file)
    prices = dict(_load_state(state_file, market).prices) if state_file else {}
    prices.update(parse_prices(price or [], "solo market"))
    missing = [good for good in parts.economy.goods if good not in prices]
    if missing:
        raise UsageProblem(
            t(
                "no price for {goods}: pass --price GOOD=PRICE for each good, or a STATE file",
                goods=", ".join(missing),
            ),
            "solo market",
        )
    for good, value in prices.items():
        problem = market.check_price(good, value)
        if problem:
            raise CaledoniaError(
                t("--price {good}={price}: {problem}", good=good, price=value, problem=problem)
            )
    rolls, source = _dice(roll, virtual_dice, "solo market", parts)
    if rolls is None:
        chosen = seed if seed is not None else secrets.randbelow(10**6)
        rolls = roll_dice(random.Random(chosen), parts.solo.goods_die, parts.solo.price_die)
        source = t("dice rolled by caledonia (seed {seed})", seed=chosen)
    problem = check_rolls(rolls, parts.solo.goods_die, parts.solo.price_die)
    if problem:
        raise CaledoniaError(tr(problem))
    after, changes = market_phase(prices, rolls, market)
    if as_json:
        print_json(
            {
                "rolls": [{"good": r.good, "die": r.die} for r in rolls],
                "changes": [
                    {
                        "good": c.good,
                        "before": c.before,
                        "zone": c.zone,
                        "steps": c.steps,
                        "after": c.after,
                        "explanation": str(c.describe()),
                    }
                    for c in changes
                ],
                "prices": after,
            }
        )
        return
    show_market_phase(changes, source, after)


@app.command("refill")
def refill_command(
    board: Annotated[
        str,
        typer.Option(
            metavar="SLOTS",
            help=t(
                "The six slots now, e.g. '4 wool, 2 beef, -, 4 bread, -, 2 milk' or "
                "12,33,-,45,-,21 (- is empty)."
            ),
        ),
    ],
    last_roll: Annotated[
        int,
        typer.Option(
            "--last-roll", metavar="±N", help=t("The last price-die roll of the market phase.")
        ),
    ],
    draw: Annotated[
        str | None,
        typer.Option(
            metavar="TILES",
            help=t("Contracts drawn for the empty slots, in order, e.g. '4 whisky, 2 mutton'."),
        ),
    ] = None,
    as_json: JsonOption = False,
    export_board: BoardOption = None,
) -> None:
    """The refill alone: fill the empty slots, then remove the slot the last roll names.

    Example: [cyan]caledonia solo refill --board 12,33,7,45,-,21 --draw 9 --last-roll -3[/cyan]
    """
    parts = components()
    grid = _grid(export_board)
    slots, drawn = _refill_contracts(board, draw, last_roll, parts)
    result = refill(slots, drawn, last_roll, grid)
    if as_json:
        print_json(
            {
                "board_filled": list(result.filled),
                "board_after": list(result.after),
                "removed": {"slot": result.removed_slot, "contract": result.removed},
            }
        )
        return
    _show_refill(result, grid, parts, last_roll)


def _refill_contracts(
    board: str, draw: str | None, last_roll: int, parts: Components
) -> tuple[list[int | None], list[int]]:
    """The slots of --board and the contracts of --draw, checked against each other and
    the box (and --last-roll against the price die)."""
    slots = parse_ids(board, "--board", "solo refill", blanks=True)
    if len(slots) != SLOTS:
        raise UsageProblem(
            t("--board: expected {slots} slots, got {given}", slots=SLOTS, given=len(slots)),
            "solo refill",
        )
    drawn = [i for i in parse_ids(draw, "--draw", "solo refill") if i is not None]
    _check_last_roll(last_roll, parts)
    empty = sum(1 for held in slots if held is None)
    _check_known_once([i for i in slots + drawn if i is not None], parts)
    if len(drawn) != empty:
        raise CaledoniaError(
            t_n(
                "the board has {count} empty slot: --draw needs {count} contract, got {drawn}",
                "the board has {count} empty slots: --draw needs {count} contracts, got {drawn}",
                empty,
                drawn=len(drawn),
            )
        )
    return slots, drawn


def _check_last_roll(last_roll: int, parts: Components) -> None:
    if last_roll not in parts.solo.price_die:
        raise CaledoniaError(
            t(
                "--last-roll {roll:+d}: the price die shows {faces}",
                roll=last_roll,
                faces=", ".join(f"{f:+d}" for f in parts.solo.price_die),
            )
        )


def _check_known_once(known: list[int], parts: Components) -> None:
    """Every contract named is in the box, and named once."""
    for contract_id in known:
        if contract_id not in parts.contracts:
            raise CaledoniaError(
                t(
                    "no contract {contract}: ids run from 1 to {highest}",
                    contract=contract_id,
                    highest=len(parts.contracts),
                )
            )
        if known.count(contract_id) > 1:
            raise CaledoniaError(
                t("contract {contract} is listed twice", contract=tile(contract_id))
            )


def _show_refill(result: Refill, grid: RemovalGrid, parts: Components, last_roll: int) -> None:
    """The board before and after the refill, and the slot the last roll removes."""
    emit(t("Before:"))
    for line in board_lines(result.before, grid, parts):
        emit_wrapped(line, "", "      ")
    emit(t("After the refill:"))
    for line in board_lines(result.filled, grid, parts, result.removed_slot):
        emit_wrapped(line, "", "      ")
    removal = {
        "die": last_roll,
        "slot": result.removed_slot,
        "position": grid.position(result.removed_slot),
    }
    if result.removed:
        emit_wrapped(
            t(
                "Last price die {die:+d}: slot {slot} ({position}) leaves the game: "
                "contract {contract}.",
                contract=tile(result.removed),
                **removal,
            )
        )
    else:
        emit_wrapped(
            t(
                "Last price die {die:+d}: slot {slot} ({position}) leaves the game (it was empty).",
                **removal,
            )
        )


@app.command("show")
def show_command(
    state_file: StateArgument,
    as_json: JsonOption = False,
    market_file: MarketOption = None,
    export_board: BoardOption = None,
) -> None:
    """Where a solo helper file stands: next round, prices, the export board.

    Example: [cyan]caledonia solo show my-solo.yaml[/cyan]
    """
    parts = components()
    market, grid = _market(market_file), _grid(export_board)
    state = _load_state(state_file, market)
    if as_json:
        # the pile's order is hidden information: its size only (null: the table's own pile)
        data = state_as_data(state)
        data["pile"] = len(state.pile) if state.pile is not None else None
        print_json(data)
        return
    if state.round <= 5:
        emit(t("Next preparation: round {round}. Seed {seed}.", round=state.round, seed=state.seed))
    else:
        emit(t("Next preparation: none (all rounds prepared). Seed {seed}.", seed=state.seed))
    emit_wrapped(t("Prices: {prices}", prices=price_list(state.prices)))
    emit(t("Export board:"))
    for line in board_lines(state.board, grid, parts):
        emit_wrapped(line, "", "      ")
    if state.removed:
        emit_wrapped(t("Removed from the game: {contracts}", contracts=tiles(state.removed)))


@app.command("score")
def score_command(
    sheet: Annotated[
        str, typer.Argument(metavar="SHEET", help=t("A score sheet with one player."))
    ],
    as_json: JsonOption = False,
) -> None:
    """The solo final score: thresholds for contracts and settlements, and the rating.

    Example: [cyan]caledonia solo score sample_games/final-solo.yaml[/cyan]
    """
    parts = components()
    checked = load_sheet(sheet, parts)
    if not checked.solo:
        raise CaledoniaError(
            t(
                "{sheet}: a solo sheet has one player, this one has {players} "
                "(use 'caledonia score' for them)",
                sheet=sheet,
                players=len(checked.players),
            )
        )
    result = score_sheet(checked, parts)
    if as_json:
        print_json(result.as_json())
    else:
        render_score(result, checked)
