"""A game's setup: players, variants, the board, tiles, contracts, clans and box data.

The setup is drawn by one seeded generator (the seed is stored), or entered
as the table laid it out, or a mix: what the table gives is kept, the rest is
drawn. It is stored whole in the game file, the four module sides, the market
tracks and the table's box data included, so a game replays the same way on
any machine whatever its data folders hold later.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from ..board import Board, laid_out, slot_for
from ..boxdata import (
    STARTING_TILES,
    VALUES_PART,
    BoxData,
    StartingTile,
    clan_box_values,
    example_clan_values,
    example_words,
)
from ..components import Components
from ..errors import DataError
from ..map_modules import MODULE_LETTERS, ModuleSide, hex_code, parse_module
from ..market import Market, parse_track
from ..messages import Plural, Reason
from ..position import COLOURS, DEFAULT_COLOURS, find_player
from ..schema import Node
from ..solo import SLOTS, RemovalGrid, parse_removal_grid
from ..words import name_problem, shortened
from .contracts import face_up_count
from .registry import (
    adds_kickstarter,
    clan_data,
    leaves_out,
    variant_defaults,
    variants_refusal,
)
from .setup_check import (
    SCORING_TILES,
    SetupChoices,
    SetupPlayer,
    SetupProblem,
    check_setup,
    clans_wanted,
    player_count_reason,
    players_problem,
)


class Setup(NamedTuple):
    seed: int | None
    players: tuple[SetupPlayer, ...]  # seat order, clockwise
    start_player: str
    variants: Mapping[str, bool]
    tighter_map: tuple[str, ...]
    sides: tuple[ModuleSide, ...]  # A, B, C, D
    ports: Mapping[str, str]  # corner letter -> port tile id
    scoring_tiles: tuple[str, ...]  # rounds 1-5
    clans: tuple[str, ...]  # drawn for the choice (or the auction)
    starting_tiles: tuple[int, ...]  # paired with `clans` in order (or one per player)
    tile_contents: Mapping[int, StartingTile]
    pile: tuple[int, ...] | None  # top first; None: the table's own pile
    export_board: tuple[int | None, ...]  # the boxes at the start
    market: Market
    pass_money: tuple[int, ...]  # by pass order (solo: one amount)
    import_marks: Mapping[str, tuple[int, ...]]
    example_data: tuple[str, ...]  # which data are examples, for notices
    removal_grid: RemovalGrid | None = None  # solo only
    # every clan's box value by its key (boxdata.clan_box_values; the example's if left out)
    clan_values: Mapping[str, Any] = MappingProxyType(example_clan_values())

    def example_value(self, key: str) -> bool:
        """Whether the clan's box value `key` (whisky_cellar, beer_money) is the example's."""
        return example_words(key) in self.example_data

    def turn_order(self) -> list[str]:
        names = [p.name for p in self.players]
        start = names.index(self.start_player)
        return names[start:] + names[:start]

    def board(self) -> Board:
        return laid_out(self.sides, len(self.players), self.tighter_map)


def export_boxes(players: int, box: BoxData) -> int:
    return SLOTS if players <= 2 else box.export_boxes_3_4


class TableChoices(NamedTuple):
    """What the table laid out itself; anything left None is drawn."""

    modules: Sequence[str] | None = None
    ports: Mapping[str, str] | None = None
    scoring_tiles: Sequence[str] | None = None
    clans: Sequence[str] | None = None
    starting_tiles: Sequence[int] | None = None
    face_up: Sequence[int] | None = None  # with the table's own pile
    start_player: str | None = None


def drawn_side(module_set: Mapping[str, ModuleSide], letter: str, rng: random.Random) -> str:
    """One side of a module, drawn among the table's own sides of it (those that are not
    examples) when it has any, else among every side there is."""
    there = [f"{letter}{side}" for side in "12" if f"{letter}{side}" in module_set]
    own = [name for name in there if not module_set[name].example]
    return rng.choice(own or there or [f"{letter}1"])


def _no_side(name: str, module_set: Mapping[str, ModuleSide]) -> Reason:
    """A side the table named that is not there, with where the sides came from."""
    folders = sorted({str(Path(side.source).parent) for side in module_set.values()})
    # TRANSLATORS: {folders} is one or more folder names joined by ' or '
    return Reason(
        "no module side {side!r} in {folders} (sides there: {sides})",
        side=name,
        folders=" or ".join(folders) if folders else Reason("the map folder"),
        sides=", ".join(sorted(module_set)) or Reason("none"),
    )


def draw_setup(
    parts: Components,
    module_set: Mapping[str, ModuleSide],
    market: Market,
    box: BoxData,
    players: Sequence[SetupPlayer],
    seed: int,
    variants: Mapping[str, bool],
    tighter_map: Sequence[str] = (),
    table: TableChoices | None = None,
    grid: RemovalGrid | None = None,
) -> Setup:
    """Build a setup: the table's choices kept, everything else drawn from `seed`.

    Raises ValueError with the reason when a choice cannot be right (`check_setup`'s, the
    same a stored set-up gets).
    """
    table = table or TableChoices()
    chosen = {**variant_defaults(), **variants}
    _check_new_players(players, chosen)
    count = len(players)
    choices, drawn = _drawn_choices(parts, module_set, box, players, seed, chosen, table)
    choices = choices._replace(tighter_map=tuple(tighter_map))  # the table's, never drawn
    problem = check_setup(choices, parts)
    if problem:
        raise ValueError(problem.reason)
    if count == 1 and grid is None:
        raise ValueError(Reason("a solo game needs the export board's removal grid"))
    pass_money = (parts.solo.pass_money,) if count == 1 else tuple(box.pass_money[count])
    return Setup(
        seed=seed,
        players=tuple(players),
        start_player=choices.start_player,
        variants=chosen,
        tighter_map=tuple(tighter_map),
        sides=tuple(choices.sides),
        ports=dict(choices.ports),
        scoring_tiles=tuple(choices.scoring_tiles),
        clans=tuple(choices.clans),
        starting_tiles=tuple(choices.starting_tiles),
        tile_contents={t: box.starting_tiles[t] for t in choices.starting_tiles},
        pile=drawn.pile,
        export_board=drawn.export_board,
        market=market,
        pass_money=pass_money,
        import_marks=dict(box.import_marks),
        example_data=_examples(choices, market, box, grid),
        removal_grid=grid if count == 1 else None,
        clan_values=dict(box.clan_values),
    )


class _Contracts(NamedTuple):
    export_board: tuple[int | None, ...]  # the boxes at the start
    pile: tuple[int, ...] | None  # None: the table's own pile


def _check_new_players(players: Sequence[SetupPlayer], variants: Mapping[str, bool]) -> None:
    """What the draws need before they start: a table of players the variants allow."""
    problem = players_problem(players) or variants_refusal(variants, len(players))
    if problem:
        raise ValueError(problem)
    for p in players:  # a file's names are held to the same rules by schema.Node.name
        problem = name_problem(p.name)
        if problem:
            raise ValueError(
                Reason(
                    "the player name {name!r}: {problem}", name=shortened(p.name), problem=problem
                )
            )


def _drawn_sides(
    module_set: Mapping[str, ModuleSide], names: Sequence[str] | None, rng: random.Random
) -> list[ModuleSide]:
    """The sides the table names, else one of each module drawn."""
    names = names or [drawn_side(module_set, letter, rng) for letter in MODULE_LETTERS]
    sides = []
    for name in names:
        key = name.strip().upper()
        if key not in module_set:
            raise ValueError(_no_side(name, module_set))
        sides.append(module_set[key])
    return sides


def _ids(items: Iterable[Any], kickstarter: bool) -> list[str]:
    """The ids (clans: names) of the tiles or clans in the draws."""
    return [getattr(i, "id", None) or i.name for i in items if kickstarter or not i.kickstarter]


def _drawn_ports(
    parts: Components,
    variants: Mapping[str, bool],
    table: TableChoices,
    ks: bool,
    rng: random.Random,
) -> dict[str, str]:
    """The port tile at each corner, as the table laid them or drawn; none with ports off."""
    ports: dict[str, str] = {}
    if not leaves_out(variants, "ports"):
        ports = (
            {k.strip().upper(): str(v).strip().upper() for k, v in table.ports.items()}
            if table.ports
            else dict(zip(MODULE_LETTERS, rng.sample(_ids(parts.port_tiles, ks), 4), strict=True))
        )
    return ports


def _drawn_scoring(
    parts: Components,
    variants: Mapping[str, bool],
    table: TableChoices,
    ks: bool,
    rng: random.Random,
) -> list[str]:
    """The scoring tiles of rounds 1-5, as the table laid them or drawn; none when off."""
    scoring: list[str] = []
    if not leaves_out(variants, "scoring_tiles"):
        scoring = (
            [str(t).strip().upper() for t in table.scoring_tiles]
            if table.scoring_tiles
            else rng.sample(_ids(parts.scoring_tiles, ks), SCORING_TILES)
        )
    return scoring


def _drawn_clans(
    parts: Components, table: TableChoices, ks: bool, wanted: int, rng: random.Random
) -> list[str]:
    """The clans for the choice, as the table named them (as printed) or drawn."""
    clans: list[str] = []
    if wanted:
        clans = (
            [found.name if (found := parts.clan(c)) else c for c in table.clans]
            if table.clans
            else rng.sample(_ids(parts.clans.values(), ks), wanted)
        )
    return clans


def _start_player(players: Sequence[SetupPlayer], named: str | None, rng: random.Random) -> str:
    """The start player the table named, else drawn."""
    start = named or rng.choice([p.name for p in players])
    try:  # by name or colour, in any letter case; else as given, for the check to refuse
        start = find_player(players, start).name
    except ValueError:
        pass
    return start


def _drawn_choices(
    parts: Components,
    module_set: Mapping[str, ModuleSide],
    box: BoxData,
    players: Sequence[SetupPlayer],
    seed: int,
    variants: Mapping[str, bool],
    table: TableChoices,
) -> tuple[SetupChoices, _Contracts]:
    """The table's choices as given (normalised), the rest drawn from `seed`: always in the
    same order, so that a seed draws the same game on every machine."""
    rng = random.Random(seed)
    count = len(players)
    sides = _drawn_sides(module_set, table.modules, rng)
    ks = adds_kickstarter(variants)
    ports = _drawn_ports(parts, variants, table, ks, rng)
    scoring = _drawn_scoring(parts, variants, table, ks, rng)
    wanted = clans_wanted(variants, count)
    clans = _drawn_clans(parts, table, ks, wanted, rng)
    tiles = (
        list(table.starting_tiles)
        if table.starting_tiles
        else rng.sample(sorted(box.starting_tiles), wanted or count)
    )
    contracts = _dealt(parts, box, count, table.face_up, rng)
    start = _start_player(players, table.start_player, rng)
    choices = SetupChoices(
        players=players,
        start_player=start,
        variants=variants,
        sides=sorted(sides, key=lambda s: s.module),
        tighter_map=(),
        ports=ports,
        scoring_tiles=scoring,
        clans=clans,
        starting_tiles=tiles,
    )
    return choices, contracts


def _dealt(
    parts: Components,
    box: BoxData,
    players: int,
    face_up: Sequence[int] | None,
    rng: random.Random,
) -> _Contracts:
    """The export board at the start: the face-up contracts the table dealt from its own
    pile, or the whole pile shuffled and dealt."""
    boxes = export_boxes(players, box)
    count = face_up_count(players, boxes, parts)
    if face_up is not None:
        dealt = list(face_up)
        if (
            len(dealt) != count
            or len(set(dealt)) != count
            or any(c not in parts.contracts for c in dealt)
        ):
            raise ValueError(
                Reason(
                    "give the {count} face-up contracts, different ids from 1 to 50", count=count
                )
            )
        pile: tuple[int, ...] | None = None
    else:
        order = list(parts.contracts)
        rng.shuffle(order)
        dealt, pile = order[:count], tuple(order[count:])
    return _Contracts(tuple(dealt) + (None,) * (boxes - count), pile)


def _map_examples(sides: Sequence[ModuleSide]) -> list[str]:
    """The shipped example sides among the map's, for the notices."""
    example = []
    if any(s.example for s in sides):
        shown = " ".join(s.name for s in sides if s.example)
        example.append(f"map modules {shown} ('caledonia map transcribe SIDE' enters one)")
    return example


def _box_examples(box: BoxData) -> list[str]:
    """Which parts of the box file are the shipped examples, for the notices."""
    example = []
    # each part of the box file by the wizard that enters it (a file may hold one part only)
    if box.example or "starting_tiles" in box.example_parts:
        example.append("starting tiles ('caledonia box tiles' enters yours)")
    if box.example or any(key in box.example_parts for key in VALUES_PART):
        example.append(
            "box values (pass money, import marks) ('caledonia box values' enters yours)"
        )
    return example


def _examples(
    choices: SetupChoices, market: Market, box: BoxData, grid: RemovalGrid | None
) -> tuple[str, ...]:
    """Which of the data a new game uses are the shipped examples, for the notices."""
    example = _map_examples(choices.sides)
    if market.example:
        example.append("market ('caledonia box market' enters yours)")
    example += _box_examples(box)
    used = clan_data(choices.clans)
    example += [example_words(key) for key in box.example_keys() if key in used]
    if len(choices.players) == 1 and grid is not None and grid.example:
        example.append("solo removal grid ('caledonia box values' enters yours)")
    return tuple(example)


def default_players(names: Sequence[str]) -> list[SetupPlayer]:
    """'Ailsa' or 'Ailsa:red'; colours not given go red, blue, green, yellow."""
    if not 1 <= len(names) <= len(DEFAULT_COLOURS):
        raise ValueError(player_count_reason(len(DEFAULT_COLOURS), len(names)))
    players = []
    for seat, text in enumerate(names):
        name, _, colour = text.partition(":")
        players.append(SetupPlayer(name.strip(), colour.strip().lower() or DEFAULT_COLOURS[seat]))
    return players


# -- the file ------------------------------------------------------------------


def _side_data(side: ModuleSide) -> dict[str, Any]:
    rows: list[list[str]] = []
    by_position = {(h.column, h.row): h for h in side.hexes}
    height = max(h.row for h in side.hexes) + 1
    for row in range(height):
        rows.append([hex_code(by_position.get((column, row))) for column in range(side.columns)])
    return {
        "module": side.module,
        "side": side.side,
        "example": side.example,
        "origin": {"column": side.origin[0], "row": side.origin[1]},
        "rows": rows,
        "rivers": [[side.space_id(a), side.space_id(b)] for a, b in side.rivers],
        "port_slots": {
            name: [side.space_id(n) for n in touched] for name, touched in side.port_slots.items()
        },
    }


def setup_as_data(setup: Setup) -> dict[str, Any]:
    return {
        "seed": setup.seed,
        "players": [{"name": p.name, "colour": p.colour} for p in setup.players],
        "start_player": setup.start_player,
        "variants": dict(setup.variants),
        "tighter_map": list(setup.tighter_map),
        "ports": dict(setup.ports),
        "scoring_tiles": list(setup.scoring_tiles),
        "clans": list(setup.clans),
        "starting_tiles": list(setup.starting_tiles),
        "pile": list(setup.pile) if setup.pile is not None else None,
        "export_board": list(setup.export_board),
        "pass_money": list(setup.pass_money),
        "example_data": list(setup.example_data),
        "box": _box_data(setup),
        "market": {
            "example": setup.market.example,
            "side": setup.market.side,
            "tracks": {
                g: {"prices": list(t.prices), "start": t.start, "medium": list(t.medium)}
                for g, t in setup.market.tracks.items()
            },
        },
        "map": [_side_data(side) for side in setup.sides],
        "removal_grid": None if setup.removal_grid is None else _grid_data(setup.removal_grid),
    }


def _box_data(setup: Setup) -> dict[str, Any]:
    """The table's box data the game uses: starting tiles, import marks, clan values."""
    return {
        "starting_tiles": {
            n: {"money": t.money, "goods": dict(t.goods)} for n, t in setup.tile_contents.items()
        },
        "import_track_marks": {g: list(m) for g, m in setup.import_marks.items()},
        **{
            key: list(value) if isinstance(value, tuple) else value
            for key, value in setup.clan_values.items()
        },
    }


def _grid_data(grid: RemovalGrid) -> dict[str, Any]:
    """The solo game's removal grid."""
    return {
        "example": grid.example,
        "columns": grid.columns,
        "solo_removal": {f"{face:+d}": slot for face, slot in grid.slot_for_roll.items()},
    }


def _nested(node: Node, error: DataError) -> DataError:
    """An error from a loader that reads `node.value` on its own, put under `node`'s key path."""
    inner = "" if error.path in ("", "top level") else error.path
    path = node.path + ("" if not inner else inner if inner.startswith("[") else "." + inner)
    line = node.line if error.line is None else error.line
    return DataError(error.source, error.reason, path, line)


def _different_contracts(node: Node, parts: Components) -> list[int]:
    """A list of different contract ids."""
    items: list[int] = []
    for item in node:
        value = _contract(item, parts)
        if value in items:
            raise item.fail(
                Reason(
                    "contract {contract} is given twice; expected different ones", contract=value
                )
            )
        items.append(value)
    return items


def _contract(node: Node, parts: Components) -> int:
    number = node.whole(1, max(parts.contracts))
    if number not in parts.contracts:
        raise node.expected(Reason("a contract id"))
    return number


def _export_board(node: Node, parts: Components, players: int) -> tuple[int | None, ...]:
    slots: list[int | None] = []
    for item in node:
        contract = None if item.value is None else _contract(item, parts)
        if contract is not None and contract in slots:
            raise item.fail(
                Reason("contract {contract} is on the export board twice", contract=contract)
            )
        slots.append(contract)
    if players <= 2 and len(slots) != SLOTS:
        # the 1-2 player board always has SLOTS boxes; the 3-4 player count is box data
        raise node.fail(
            Plural(
                "expected {boxes} boxes with {count} player (null for an empty box), got {got}",
                "expected {boxes} boxes with {count} players (null for an empty box), got {got}",
                count=players,
                boxes=SLOTS,
                got=len(slots),
            )
        )
    if not 1 <= len(slots) <= 12:
        raise node.fail(
            Reason("expected 1 to 12 boxes (null for an empty box), got {got}", got=len(slots))
        )
    return tuple(slots)


def _refuse_missing_tiles(node: Node, tiles: Sequence[int], given: Collection[int | None]) -> None:
    """Refuse the box's starting tiles when any of the game's is not among them."""
    missing = [t for t in tiles if t not in given]
    if missing:
        raise node.fail(
            Reason(
                "missing starting tile {missing}: expected the money and goods of tiles {tiles}",
                missing=", ".join(map(str, missing)),
                tiles=", ".join(map(str, tiles)),
            )
        )


def _box_tiles(node: Node, tiles: Sequence[int], goods: Sequence[str]) -> dict[int, StartingTile]:
    """The money and goods of exactly the game's starting tiles (keys 1 or '1')."""
    listed = ", ".join(map(str, tiles))
    contents: dict[int, StartingTile] = {}
    entries = node.entries()
    if len(entries) != len(node.value):  # 1 and '1' both given
        raise node.fail(Reason("a starting tile is given twice"))
    numbers = {key: int(key) if key.strip().isdecimal() else None for key in entries}
    # a missing tile first: after changing a starting tile, that is the news
    _refuse_missing_tiles(node, tiles, numbers.values())
    for key, child in entries.items():
        number = numbers[key]
        if number is None or number not in tiles:
            raise child.fail(
                Reason(
                    "expected only this game's starting tiles ({tiles}) as keys, got {key!r}",
                    tiles=listed,
                    key=key,
                )
            )
        if number in contents:
            raise child.fail(Reason("starting tile {tile} is given twice", tile=number))
        contents[number] = _box_tile(child, goods)
    return contents


def _box_tile(node: Node, goods: Sequence[str]) -> StartingTile:
    """The money and goods of one starting tile."""
    entry = node.mapping(required=("money", "goods"))
    held = (
        {}
        if entry["goods"].value is None
        else {g: n.whole(0) for g, n in entry["goods"].mapping(optional=goods).items()}
    )
    return StartingTile(entry["money"].whole(0), held)


def _stored_players(node: Node) -> list[SetupPlayer]:
    """The players in seat order, each name and colour checked."""
    players = []
    for item in node:
        entry = item.mapping(required=("name", "colour"))
        players.append(SetupPlayer(entry["name"].name(), entry["colour"].choice(COLOURS)))
    problem = players_problem(players)  # before anything is read by the player count
    if problem:
        raise node.fail(problem)
    return players


def _stored_variants(node: Node) -> dict[str, bool]:
    """Every variant on or off: the file's, the default for any it leaves out."""
    defaults = variant_defaults()
    variants = {key: value.boolean() for key, value in node.mapping(optional=defaults).items()}
    variants = {**defaults, **variants}
    return variants


def _stored_sides(node: Node, source: str) -> list[ModuleSide]:
    """The four module sides, each read as a map file is."""
    sides = []
    for item in node:
        try:
            sides.append(parse_module(item.value, source, {}))
        except DataError as error:
            raise _nested(item, error) from None
    return sides


def _stored_choices(top: Mapping[str, Node], parts: Components, source: str) -> SetupChoices:
    """The file's choices with their types checked, for `check_setup` to check the rest."""
    players = _stored_players(top["players"])
    variants = _stored_variants(top["variants"])
    sides = _stored_sides(top["map"], source)
    ports: Any = top["ports"].value  # with port tiles off: whatever it holds, to refuse
    if not leaves_out(variants, "ports"):
        ports = {
            corner: _id_text(child)
            for corner, child in top["ports"].mapping(required=MODULE_LETTERS).items()
        }
    scoring: Any = top["scoring_tiles"].value
    if not leaves_out(variants, "scoring_tiles"):
        scoring = [_id_text(item) for item in top["scoring_tiles"]]
    clans: Any = top["clans"].value
    if not leaves_out(variants, "clans"):
        clans = [_clan_text(item, parts) for item in top["clans"]]
    return SetupChoices(
        players=players,
        start_player=top["start_player"].one_line(),
        variants=variants,
        sides=sorted(sides, key=lambda s: s.module),
        tighter_map=tuple(item.text() for item in top["tighter_map"]),
        ports=ports,
        scoring_tiles=scoring,
        clans=clans,
        starting_tiles=[n.whole(1, STARTING_TILES) for n in top["starting_tiles"]],
    )


def _id_text(node: Node) -> Any:
    """A scoring or port tile id written as a number or text (3, '3', 'KS'), as text; any
    other value as it is, for the check to refuse."""
    value = node.value
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        return str(value).strip().upper()
    return value


def _clan_text(node: Node, parts: Components) -> Any:
    """A clan by its name in any letter case, as printed; any other value as it is."""
    clan = parts.clan(node.value) if isinstance(node.value, str) else None
    return node.value if clan is None else clan.name


def _located(top: Mapping[str, Node], problem: SetupProblem) -> Node:
    """The node a check's problem is about: the key's, or its item's."""
    node = top[problem.key]
    if isinstance(problem.at, int):
        return node.sequence()[problem.at]
    if isinstance(problem.at, str):
        return node.entries()[problem.at]
    return node


def _stored_contracts(
    top: Mapping[str, Node], parts: Components, players: int
) -> tuple[tuple[int | None, ...], tuple[int, ...] | None]:
    """The export board at the start, and the pile (None: the table's own)."""
    export_board = _export_board(top["export_board"], parts, players)
    if top["pile"].value is None:
        return export_board, None
    pile = tuple(_different_contracts(top["pile"], parts))
    for item, contract in zip(top["pile"], pile, strict=True):
        if contract in export_board:
            raise item.fail(
                Reason(
                    "contract {contract} is on the export board, not in the pile", contract=contract
                )
            )
    return export_board, pile


def _stored_market(node: Node, parts: Components, players: int) -> Market:
    market = node.mapping(required=("example", "side", "tracks"))
    tracks = {
        good: parse_track(good, child)
        for good, child in market["tracks"].mapping(required=parts.economy.goods).items()
    }
    side = market["side"].choice(("players_1_2", "players_3_4"))
    if side != slot_for(players):
        raise market["side"].expected(
            Plural(
                "{side} with {count} player",
                "{side} with {count} players",
                count=players,
                side=slot_for(players),
            )
        )
    return Market(side, tracks, market["example"].boolean(), node.source)


def _stored_grid(node: Node, parts: Components, players: int) -> RemovalGrid | None:
    """The solo game's removal grid; none in any other."""
    if players != 1:
        if node.value is not None:
            raise node.expected(Reason("null: only a solo game has a removal grid"))
        return None
    if node.value is None:
        raise node.expected(Reason("the export board's removal grid (a solo game)"))
    try:
        return parse_removal_grid(node.value, node.source, parts.solo.price_die)
    except DataError as error:
        raise _nested(node, error) from None


# every key of a stored setup, in the order `setup_as_data` writes them
_SETUP_KEYS = (
    "seed",
    "players",
    "start_player",
    "variants",
    "tighter_map",
    "ports",
    "scoring_tiles",
    "clans",
    "starting_tiles",
    "pile",
    "export_board",
    "pass_money",
    "example_data",
    "box",
    "market",
    "map",
    "removal_grid",
)


def _stored_seed(node: Node) -> int | None:
    """The seed the setup was drawn from, a whole number or null."""
    seed = node.value
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise node.expected(Reason("a whole number or null"))
    return seed


def _stored_pass_money(node: Node, count: int) -> tuple[int, ...]:
    """The money of each place in the pass order (solo: one amount)."""
    pass_money = tuple(i.whole(0) for i in node)
    if len(pass_money) != count:
        got = len(pass_money)
        raise node.fail(
            Reason(
                "expected {count} amounts, one per place in the pass order, got {got}",
                count=count,
                got=got,
            )
            if count > 1
            else Reason("expected one amount, got {got}", got=got)
        )
    return pass_money


def _stored_marks(node: Node) -> dict[str, tuple[int, ...]]:
    """The marked steps of each import track."""
    marks = {}
    for good, child in node.mapping(required=("cotton", "tobacco", "sugar_cane")).items():
        steps = tuple(i.whole(1) for i in child)
        if list(steps) != sorted(set(steps)):
            raise child.expected(Reason("rising step numbers"))

        marks[good] = steps
    return marks


def _stored_example_data(
    node: Node, box: Mapping[str, Node], declared: Iterable[str], clans: Sequence[str]
) -> tuple[str, ...]:
    """The example data the file names, with the clan values an older file left out."""
    return tuple(i.text() for i in node) + tuple(
        example_words(key)  # an older file, written before the key existed
        for key in declared
        if key not in box and key in clan_data(clans)
    )


def parse_setup(node: Node, parts: Components) -> Setup:
    """Read a stored setup back, checking it as carefully as a hand-written file.

    Whatever is let through here must be safe for the engine: a hand-edited
    file must fail with a DataError naming its line, never with a crash.
    """
    top = node.mapping(required=_SETUP_KEYS)
    seed = _stored_seed(top["seed"])
    choices = _stored_choices(top, parts, node.source)
    problem = check_setup(choices, parts)
    if problem:
        raise _located(top, problem).fail(problem.reason)
    count = len(choices.players)
    players, variants, tiles = choices.players, choices.variants, tuple(choices.starting_tiles)
    export_board, pile = _stored_contracts(top, parts, count)
    pass_money = _stored_pass_money(top["pass_money"], count)
    market = _stored_market(top["market"], parts, count)
    declared = clan_box_values()
    box = top["box"].mapping(required=("starting_tiles", "import_track_marks"), optional=declared)
    contents = _box_tiles(box["starting_tiles"], tiles, parts.economy.goods)
    marks = _stored_marks(box["import_track_marks"])
    grid = _stored_grid(top["removal_grid"], parts, count)
    clans = tuple(choices.clans)
    return Setup(
        seed=seed,
        players=tuple(players),
        start_player=choices.start_player,
        variants=variants,
        tighter_map=tuple(choices.tighter_map),
        sides=tuple(choices.sides),
        ports=dict(choices.ports),
        scoring_tiles=tuple(choices.scoring_tiles),
        clans=clans,
        starting_tiles=tiles,
        tile_contents=contents,
        pile=pile,
        export_board=export_board,
        market=market,
        pass_money=pass_money,
        import_marks=marks,
        example_data=_stored_example_data(top["example_data"], box, declared, clans),
        removal_grid=grid,
        clan_values={
            key: value.read(box[key]) if key in box else value.default
            for key, value in declared.items()
        },
    )
