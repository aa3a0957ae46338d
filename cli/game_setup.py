"""Building a new game from the table's choices: what `caledonia new` and the `play` setup
questions share, so both make the same file from the same answers."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from caledonia.rules.boxdata import load_box
from caledonia.rules.boxfolder import load_sides
from caledonia.rules.components import components
from caledonia.rules.contract_faces import read_tiles
from caledonia.rules.contract_faces import tile as contract_face
from caledonia.rules.errors import CaledoniaError
from caledonia.rules.game.engine import Game
from caledonia.rules.game.events.port import tile_name
from caledonia.rules.game.setup import draw_setup
from caledonia.rules.market import load_market
from caledonia.rules.names import Name
from caledonia.rules.solo import load_removal_grid

from .example_items import chosen_on_purpose
from .play_times import start_play
from .translation import data_text, t, tr

if TYPE_CHECKING:
    from caledonia.rules.boxdata import BoxData, StartingTile
    from caledonia.rules.components import Components
    from caledonia.rules.game.engine import Game
    from caledonia.rules.game.setup import Setup, SetupPlayer, TableChoices
    from caledonia.rules.map_modules import ModuleSide
    from caledonia.rules.market import Market
    from caledonia.rules.solo import RemovalGrid


class TableData(NamedTuple):
    """The data a setup is drawn from: the components, the map sides and the table's box
    (or the shipped examples)."""

    parts: Components
    module_set: Mapping[str, ModuleSide]
    market: Market
    box: BoxData
    grid: RemovalGrid | None  # solo only


def random_seed() -> int:
    return secrets.randbelow(10**6)


def load_table_data(
    players: int,
    *,
    maps: str | None = None,
    market_file: str | None = None,
    box_file: str | None = None,
    export_board: str | None = None,
) -> TableData:
    """Read the data files (None: the option's environment variable, else the box folder's,
    else the example).
    Raises a DataError naming the file when one is wrong."""
    parts = components()
    grid = load_removal_grid(parts.solo.price_die, export_board) if players == 1 else None
    return TableData(
        parts,
        load_sides(maps),
        load_market(players, parts.economy.goods, market_file),
        load_box(parts, box_file),
        grid,
    )


def draw_game_setup(
    data: TableData,
    players: Sequence[SetupPlayer],
    seed: int,
    variants: Mapping[str, bool],
    tighter: Sequence[str] = (),
    table: TableChoices | None = None,
) -> Setup:
    """The setup: the table's choices kept, the rest drawn from `seed`. Raises ValueError
    with a readable reason when a choice cannot be right."""
    return draw_setup(
        data.parts,
        data.module_set,
        data.market,
        data.box,
        players,
        seed,
        variants,
        tighter,
        table,
        data.grid,
    )


def create_game(
    players: Sequence[SetupPlayer],
    seed: int,
    variants: Mapping[str, bool],
    tighter: Sequence[str] = (),
    table: TableChoices | None = None,
    *,
    maps: str | None = None,
    market_file: str | None = None,
    box_file: str | None = None,
    export_board: str | None = None,
    on_examples: bool = False,
) -> Game:
    """A new game as `caledonia new` starts it (not saved). Raises CaledoniaError with the
    reason when the data or a choice is wrong. `on_examples`: the table chose the shipped
    examples (`new --examples`), so the notices do not tell it to enter its own."""
    try:  # a loader's ValueError too, as `new` always showed it
        data = load_table_data(
            len(players),
            maps=maps,
            market_file=market_file,
            box_file=box_file,
            export_board=export_board,
        )
        setup = draw_game_setup(data, players, seed, variants, tighter, table)
    except ValueError as reason:
        raise CaledoniaError(reason.args[0] if len(reason.args) == 1 else str(reason)) from None
    if on_examples:
        setup = setup._replace(example_data=chosen_on_purpose(setup.example_data))

    game = Game(setup, data.parts)
    start_play(game)
    return game


def setup_lines(setup: Setup) -> list[str]:
    """The layout in words: players, start player and turn order, map, ports, scoring tiles,
    clans with their starting tiles, face-up contracts."""
    seated = ", ".join(f"{p.name} ({p.colour})" for p in setup.players)
    lines = [
        t("Players (seat order): {players}", players=seated),
        t(
            "Start player: {player}; turn order: {order}",
            player=setup.start_player,
            order=", ".join(setup.turn_order()),
        ),
        t("Map: {sides}", sides=" ".join(side.name for side in setup.sides)),
    ]
    if setup.ports:
        ports = "; ".join(f"{c}: {port_tile_words(tile)}" for c, tile in setup.ports.items())
        lines.append(t("Port tiles: {tiles}", tiles=ports))
    if setup.scoring_tiles:
        rounds = "; ".join(
            f"{n}: {scoring_tile_words(tile)}" for n, tile in enumerate(setup.scoring_tiles, 1)
        )
        lines.append(t("Scoring tiles, rounds 1-5: {tiles}", tiles=rounds))
    if setup.clans:
        lines.append(_clans_line(setup))
    # the printed tiles carry no number: each by its face
    faces = [contract_face(c) for c in setup.export_board if c is not None]
    lines.append(t("Face-up contracts: {contracts}", contracts="; ".join(faces)))
    return lines


def _clans_line(setup: Setup) -> str:
    """The clans drawn, each with its starting tile's contents."""
    pairs = zip(setup.clans, setup.starting_tiles, strict=False)
    clans = "; ".join(f"{c} {starting_tile_words(setup.tile_contents, tile)}" for c, tile in pairs)
    if box_data_is_example(setup):
        return t("Clans drawn, with their starting tiles (example values): {clans}", clans=clans)
    return t("Clans drawn, with their starting tiles: {clans}", clans=clans)


def port_tile_words(tile: str) -> str:
    """A port tile by what it does: 'take £10'; the tiles carry no number people read."""
    return tr(tile_name(tile))


def scoring_tile_words(tile: str) -> str:
    """A scoring tile by what it scores, its number after."""
    found = next((s for s in components().scoring_tiles if s.id == tile), None)
    if found is None:
        return t("scoring tile {tile}", tile=tile)
    scores = data_text(found.scores)
    if "each)" in found.scores:
        return f"{scores} ({tile})"
    if "pairs" in found.scores.lower():  # a pair scores, not each of its units or goods
        return t(
            "{scores}: {glory} glory per pair ({tile})", scores=scores, glory=found.glory, tile=tile
        )
    return t("{scores}: {glory} glory each ({tile})", scores=scores, glory=found.glory, tile=tile)


def starting_tile_words(contents: Mapping[int, StartingTile], tile: int) -> str:
    """A starting tile by what it holds: '£55, 1 cheese (6)'."""
    held = contents.get(tile)
    return (
        f"{tile_holds(held)} ({tile})" if held is not None else t("starting tile {tile}", tile=tile)
    )


def tile_holds(held: StartingTile) -> str:
    """What a starting tile holds: '£55, 1 cheese'."""
    goods = [tr(Name(g, n)) for g, n in held.goods.items() if n]
    return ", ".join([t("£{amount}", amount=held.money), *goods])


def box_data_is_example(setup: Setup) -> bool:
    """Whether the starting tiles (and the rest of the box data) are the shipped example's."""
    return any(d.startswith(("box data", "starting tiles")) for d in setup.example_data)


def words(text: str) -> list[str]:
    """A comma-separated list as typed ('A1, B2,C1'), its parts stripped."""
    return [part.strip() for part in text.split(",") if part.strip()]


def tiles(text: str) -> list[int]:
    """Contract tiles as typed: their goods ('4 wool, 2 beef') or ids; ValueError says why."""
    return read_tiles(text, components().contracts)


def numbers(text: str) -> list[int]:
    """Comma-separated whole numbers; ValueError naming what was typed."""
    try:
        return [int(part) for part in words(text)]
    except ValueError:
        raise ValueError(
            t("expected numbers separated by commas, got {typed}", typed=repr(text.strip()))
        ) from None
