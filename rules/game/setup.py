"""A game's setup: players, variants, the board, tiles, contracts, clans and box data.

The setup is drawn by one seeded generator (the seed is stored), or entered
as the table laid it out, or a mix: what the table gives is kept, the rest is
drawn. It is stored whole in the game file, the four module sides, the market
tracks and the table's box data included, so a game replays the same way on
any machine whatever its data folders hold later.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from ..board import Board, slot_for
from ..boxdata import (
    STARTING_TILES,
    BoxData,
    StartingTile,
    clan_box_values,
    example_clan_values,
    example_words,
)
from ..components import Components, PortTile, ScoringTile
from ..errors import DataError
from ..map_modules import MODULE_LETTERS, ModuleSide, hex_code, parse_module
from ..market import Market, parse_track
from ..position import COLOURS, DEFAULT_COLOURS, find_player
from ..schema import Node, describe
from ..solo import SLOTS, RemovalGrid, parse_removal_grid
from ..words import counted, name_problem, plural, shortened
from .contracts import face_up_count
from .registry import (
    adds_kickstarter,
    clan_data,
    leaves_out,
    variant_defaults,
    variants_refusal,
)


class SetupPlayer(NamedTuple):
    name: str
    colour: str


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
        return Board(self.sides, len(self.players), self.tighter_map)


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


def _sides_held(module_set: Mapping[str, ModuleSide]) -> str:
    """'in FOLDER (sides there: A1, B1)': where the sides came from, for a missing one."""
    from pathlib import Path

    folders = sorted({str(Path(side.source).parent) for side in module_set.values()})
    where = " or ".join(folders) if folders else "the map folder"
    return f"in {where} (sides there: {', '.join(sorted(module_set)) or 'none'})"


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

    Raises ValueError with the reason when a choice cannot be right.
    """
    table = table or TableChoices()
    rng = random.Random(seed)
    count = len(players)
    chosen = {**variant_defaults(), **variants}
    _check_players(players)
    for p in players:  # a new name only: a file's names are shown made printable instead
        problem = name_problem(p.name)
        if problem:
            raise ValueError(f"the player name {shortened(p.name)!r}: {problem}")
    refusal = variants_refusal(chosen, count)
    if refusal:
        raise ValueError(refusal)
    ks = adds_kickstarter(chosen)

    names = table.modules or [drawn_side(module_set, letter, rng) for letter in MODULE_LETTERS]
    sides = []
    for name in names:
        key = name.strip().upper()
        if key not in module_set:
            raise ValueError(f"no module side {name!r} {_sides_held(module_set)}")
        sides.append(module_set[key])
    if sorted(s.module for s in sides) != list(MODULE_LETTERS):
        raise ValueError("give one side of each module A, B, C and D")
    sides.sort(key=lambda s: s.module)
    Board(sides, count, tighter_map)  # checks the tighter-map spaces

    port_ids = [t.id for t in parts.port_tiles if ks or not t.kickstarter]
    ports: dict[str, str] = {}
    if not leaves_out(chosen, "ports"):
        if table.ports:
            ports = {k.strip().upper(): str(v).strip().upper() for k, v in table.ports.items()}
            if (
                sorted(ports) != list(MODULE_LETTERS)
                or len(set(ports.values())) != 4
                or any(t not in port_ids for t in ports.values())
            ):
                raise ValueError(
                    "give four different port tiles, one for each corner A-D, from "
                    + ", ".join(port_ids)
                )
        else:
            ports = dict(zip(MODULE_LETTERS, rng.sample(port_ids, 4), strict=True))

    tile_ids = [t.id for t in parts.scoring_tiles if ks or not t.kickstarter]
    scoring: list[str] = []
    if not leaves_out(chosen, "scoring_tiles"):
        scoring = (
            [str(t).strip().upper() for t in table.scoring_tiles]
            if table.scoring_tiles
            else rng.sample(tile_ids, 5)
        )
        if len(scoring) != 5 or len(set(scoring)) != 5 or any(t not in tile_ids for t in scoring):
            raise ValueError(
                "give five different scoring tiles in round order, from " + ", ".join(tile_ids)
            )

    clan_names = [c.name for c in parts.clans.values() if ks or not c.kickstarter]
    clans: list[str] = []
    with_clans = not leaves_out(chosen, "clans")
    if with_clans:
        wanted = count if chosen["clan_auction"] else count + 1
        if table.clans:
            clans = [found.name if (found := parts.clan(c)) else c for c in table.clans]
            if (
                len(clans) != wanted
                or len(set(clans)) != wanted
                or any(c not in clan_names for c in clans)
            ):
                raise ValueError(f"give {wanted} different clans from " + ", ".join(clan_names))
        else:
            clans = rng.sample(clan_names, wanted)
    tiles_needed = len(clans) if with_clans else count
    if table.starting_tiles:
        tiles = list(table.starting_tiles)
        if (
            len(tiles) != tiles_needed
            or len(set(tiles)) != tiles_needed
            or any(t not in box.starting_tiles for t in tiles)
        ):
            raise ValueError(f"give {tiles_needed} different starting tiles (1-9)")
    else:
        tiles = rng.sample(sorted(box.starting_tiles), tiles_needed)

    boxes = export_boxes(count, box)
    faceup = face_up_count(count, boxes, parts)
    if table.face_up is not None:
        dealt = list(table.face_up)
        if (
            len(dealt) != faceup
            or len(set(dealt)) != faceup
            or any(c not in parts.contracts for c in dealt)
        ):
            raise ValueError(f"give the {faceup} face-up contracts, different ids from 1 to 50")
        pile: tuple[int, ...] | None = None
    else:
        order = list(parts.contracts)
        rng.shuffle(order)
        dealt, pile = order[:faceup], tuple(order[faceup:])
    board_slots = tuple(dealt) + (None,) * (boxes - faceup)

    start = table.start_player or rng.choice([p.name for p in players])
    try:  # by name or colour, in any letter case
        start = find_player(players, start).name
    except ValueError:
        raise ValueError(f"no player {start!r} to start") from None

    example = []
    if any(s.example for s in sides):
        shown = " ".join(s.name for s in sides if s.example)
        example.append(f"map modules {shown} ('caledonia map transcribe SIDE' enters one)")
    if market.example:
        example.append("market ('caledonia box market' enters yours)")
    if box.example:
        example.append(
            "box data (starting tiles, pass money, import marks) ('caledonia box tiles' "
            "enters yours)"
        )
    example += [example_words(key) for key in box.example_keys() if key in clan_data(clans)]
    if count == 1:
        if grid is None:
            raise ValueError("a solo game needs the export board's removal grid")
        if grid.example:
            example.append("solo removal grid ('caledonia box values' enters yours)")
    pass_money = (parts.solo.pass_money,) if count == 1 else tuple(box.pass_money[count])
    return Setup(
        seed=seed,
        players=tuple(players),
        start_player=start,
        variants=chosen,
        tighter_map=tuple(tighter_map),
        sides=tuple(sides),
        ports=ports,
        scoring_tiles=tuple(scoring),
        clans=tuple(clans),
        starting_tiles=tuple(tiles),
        tile_contents={t: box.starting_tiles[t] for t in tiles},
        pile=pile,
        export_board=board_slots,
        market=market,
        pass_money=pass_money,
        import_marks=dict(box.import_marks),
        example_data=tuple(example),
        removal_grid=grid if count == 1 else None,
        clan_values=dict(box.clan_values),
    )


def _check_players(players: Sequence[SetupPlayer]) -> None:
    if not 1 <= len(players) <= 4:
        raise ValueError(f"a game has 1 to 4 players, not {len(players)}")
    if any(not p.name.strip() for p in players):
        raise ValueError("a player needs a name")
    names = [p.name.casefold() for p in players]
    colours = [p.colour for p in players]
    if len(set(names)) != len(names):
        raise ValueError("two players have the same name")
    if len(set(colours)) != len(colours):
        raise ValueError("two players have the same colour")
    for p in players:
        if p.colour not in COLOURS:
            raise ValueError(f"{p.name}'s colour {p.colour!r} is not one of {', '.join(COLOURS)}")


def default_players(names: Sequence[str]) -> list[SetupPlayer]:
    """'Ailsa' or 'Ailsa:red'; colours not given go red, blue, green, yellow."""
    if not 1 <= len(names) <= len(DEFAULT_COLOURS):
        raise ValueError(f"a game has 1 to {len(DEFAULT_COLOURS)} players, not {len(names)}")
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
        "box": {
            "starting_tiles": {
                n: {"money": t.money, "goods": dict(t.goods)}
                for n, t in setup.tile_contents.items()
            },
            "import_track_marks": {g: list(m) for g, m in setup.import_marks.items()},
            **{
                key: list(value) if isinstance(value, tuple) else value
                for key, value in setup.clan_values.items()
            },
        },
        "market": {
            "example": setup.market.example,
            "side": setup.market.side,
            "tracks": {
                g: {"prices": list(t.prices), "start": t.start, "medium": list(t.medium)}
                for g, t in setup.market.tracks.items()
            },
        },
        "map": [_side_data(side) for side in setup.sides],
        "removal_grid": None
        if setup.removal_grid is None
        else {
            "example": setup.removal_grid.example,
            "columns": setup.removal_grid.columns,
            "solo_removal": {
                f"{face:+d}": slot for face, slot in setup.removal_grid.slot_for_roll.items()
            },
        },
    }


def _nested(node: Node, error: DataError) -> DataError:
    """An error from a loader that reads `node.value` on its own, put under `node`'s key path."""
    inner = "" if error.path in ("", "top level") else error.path
    path = node.path + ("" if not inner else inner if inner.startswith("[") else "." + inner)
    line = node.line if error.line is None else error.line
    return DataError(error.source, error.reason, path, line)


def _empty(node: Node, variant: str, shape: type) -> None:
    """With `variant` off, a list or mapping that must be empty."""
    if not isinstance(node.value, shape) or node.value:
        empty = "an empty list []" if shape is list else "an empty mapping {}"
        raise node.fail(
            f"the {variant} variant is off: expected {empty}, got {describe(node.value)}"
        )


def _tile_id(node: Node, tiles: Sequence[ScoringTile | PortTile], ks: bool, what: str) -> str:
    """A scoring or port tile id, written as a number or text (3, '3', 'KS')."""
    value = node.value
    text = (
        str(value).strip().upper()
        if isinstance(value, (int, str)) and not isinstance(value, bool)
        else None
    )
    tile = next((t for t in tiles if t.id == text), None)
    if tile is None:
        ids = [t.id for t in tiles if ks or not t.kickstarter]
        raise node.expected(f"a {what} id, one of " + ", ".join(ids))
    if tile.kickstarter and not ks:
        raise node.fail(f"{what} {tile.id} is in play only with the kickstarter variant")
    return tile.id


def _clan_name(node: Node, parts: Components, ks: bool) -> str:
    clan = parts.clan(node.value) if isinstance(node.value, str) else None
    if clan is None:
        names = [c.name for c in parts.clans.values() if ks or not c.kickstarter]
        raise node.expected("a clan, one of " + ", ".join(names))
    if clan.kickstarter and not ks:
        raise node.fail(f"{clan.name} is in play only with the kickstarter variant")
    return clan.name


def _different(node: Node, read: Callable[[Node], Any], wanted: int | None, what: str) -> list[Any]:
    """A list of different items, each checked by `read`; exactly `wanted` of them if given."""
    items: list[Any] = []
    for item in node:
        value = read(item)
        if value in items:
            raise item.fail(f"{what} {value} is given twice; expected different ones")
        items.append(value)
    if wanted is not None and len(items) != wanted:
        raise node.fail(f"expected {wanted} different {plural(what)}, got {len(items)}")
    return items


def _contract(node: Node, parts: Components) -> int:
    number = node.whole(1, max(parts.contracts))
    if number not in parts.contracts:
        raise node.expected("a contract id")
    return number


def _export_board(node: Node, parts: Components, players: int) -> tuple[int | None, ...]:
    slots: list[int | None] = []
    for item in node:
        contract = None if item.value is None else _contract(item, parts)
        if contract is not None and contract in slots:
            raise item.fail(f"contract {contract} is on the export board twice")
        slots.append(contract)
    if players <= 2 and len(slots) != SLOTS:
        # the 1-2 player board always has SLOTS boxes; the 3-4 player count is box data
        raise node.fail(
            f"expected {SLOTS} boxes with {counted(players, 'player')} (null for an empty box), "
            f"got {len(slots)}"
        )
    if not 1 <= len(slots) <= 12:
        raise node.fail(f"expected 1 to 12 boxes (null for an empty box), got {len(slots)}")
    return tuple(slots)


def _box_tiles(node: Node, tiles: Sequence[int], goods: Sequence[str]) -> dict[int, StartingTile]:
    """The money and goods of exactly the game's starting tiles (keys 1 or '1')."""
    listed = ", ".join(map(str, tiles))
    contents: dict[int, StartingTile] = {}
    entries = node.entries()
    if len(entries) != len(node.value):  # 1 and '1' both given
        raise node.fail("a starting tile is given twice")
    numbers = {key: int(key) if key.strip().isdecimal() else None for key in entries}
    # a missing tile first: after changing a starting tile, that is the news
    missing = [t for t in tiles if t not in numbers.values()]
    if missing:
        raise node.fail(
            f"missing starting tile {', '.join(map(str, missing))}: "
            f"expected the money and goods of tiles {listed}"
        )
    for key, child in entries.items():
        number = numbers[key]
        if number is None or number not in tiles:
            raise child.fail(
                f"expected only this game's starting tiles ({listed}) as keys, got {key!r}"
            )
        if number in contents:
            raise child.fail(f"starting tile {number} is given twice")
        entry = child.mapping(required=("money", "goods"))
        held = (
            {}
            if entry["goods"].value is None
            else {g: n.whole(0) for g, n in entry["goods"].mapping(optional=goods).items()}
        )
        contents[number] = StartingTile(entry["money"].whole(0), held)
    return contents


def parse_setup(node: Node, parts: Components) -> Setup:
    """Read a stored setup back, checking it as carefully as a hand-written file.

    Whatever is let through here must be safe for the engine: a hand-edited
    file must fail with a DataError naming its line, never with a crash.
    """
    top = node.mapping(
        required=(
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
    )
    seed = top["seed"].value
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise top["seed"].expected("a whole number or null")
    players = []
    for item in top["players"]:
        entry = item.mapping(required=("name", "colour"))
        players.append(SetupPlayer(entry["name"].text(), entry["colour"].choice(COLOURS)))
    try:
        _check_players(players)
    except ValueError as reason:
        raise top["players"].fail(str(reason)) from None
    count = len(players)
    start = top["start_player"].choice([p.name for p in players])
    defaults = variant_defaults()
    variants = {
        key: value.boolean() for key, value in top["variants"].mapping(optional=defaults).items()
    }
    variants = {**defaults, **variants}
    refusal = variants_refusal(variants, count)
    if refusal:
        raise top["variants"].fail(refusal)
    ks = adds_kickstarter(variants)
    sides = []
    for item in top["map"]:
        try:
            sides.append(parse_module(item.value, node.source, {}))
        except DataError as error:
            raise _nested(item, error) from None
    if sorted(s.module for s in sides) != list(MODULE_LETTERS):
        raise top["map"].expected("one side of each module A, B, C and D")
    tighter = tuple(item.text() for item in top["tighter_map"])
    try:
        Board(sides, count, tighter)
    except ValueError as reason:
        raise top["tighter_map"].fail(str(reason)) from None

    ports: dict[str, str] = {}
    if not leaves_out(variants, "ports"):
        for corner, child in top["ports"].mapping(required=MODULE_LETTERS).items():
            tile = _tile_id(child, parts.port_tiles, ks, "port tile")
            if tile in ports.values():
                raise child.fail(f"port tile {tile} is given twice; expected different ones")
            ports[corner] = tile
    else:
        _empty(top["ports"], "port_tiles", dict)
    scoring: tuple[str, ...] = ()
    if not leaves_out(variants, "scoring_tiles"):
        scoring = tuple(
            _different(
                top["scoring_tiles"],
                lambda n: _tile_id(n, parts.scoring_tiles, ks, "scoring tile"),
                5,
                "scoring tile",
            )
        )
    else:
        _empty(top["scoring_tiles"], "scoring_tiles", list)
    clans: tuple[str, ...] = ()
    with_clans = not leaves_out(variants, "clans")
    if with_clans:
        wanted = count if variants["clan_auction"] else count + 1
        clans = tuple(_different(top["clans"], lambda n: _clan_name(n, parts, ks), wanted, "clan"))
    else:
        _empty(top["clans"], "clans", list)
    tiles = tuple(
        _different(
            top["starting_tiles"],
            lambda n: n.whole(1, STARTING_TILES),
            len(clans) if with_clans else count,
            "starting tile",
        )
    )

    export_board = _export_board(top["export_board"], parts, count)
    pile = None
    if top["pile"].value is not None:
        pile = tuple(_different(top["pile"], lambda n: _contract(n, parts), None, "contract"))
        for item, contract in zip(top["pile"], pile, strict=True):
            if contract in export_board:
                raise item.fail(f"contract {contract} is on the export board, not in the pile")
    pass_money = tuple(i.whole(0) for i in top["pass_money"])
    if len(pass_money) != count:
        amounts = f"{count} amounts, one per place in the pass order" if count > 1 else "one amount"
        raise top["pass_money"].fail(f"expected {amounts}, got {len(pass_money)}")

    market_node = top["market"].mapping(required=("example", "side", "tracks"))
    tracks = {
        good: parse_track(good, child)
        for good, child in market_node["tracks"].mapping(required=parts.economy.goods).items()
    }
    side = market_node["side"].choice(("players_1_2", "players_3_4"))
    if side != slot_for(count):
        raise market_node["side"].expected(f"{slot_for(count)} with {counted(count, 'player')}")
    market = Market(side, tracks, market_node["example"].boolean(), node.source)
    declared = clan_box_values()
    box = top["box"].mapping(required=("starting_tiles", "import_track_marks"), optional=declared)
    contents = _box_tiles(box["starting_tiles"], tiles, parts.economy.goods)
    marks = {}
    for good, child in (
        box["import_track_marks"].mapping(required=("cotton", "tobacco", "sugar_cane")).items()
    ):
        steps = tuple(i.whole(1) for i in child)
        if list(steps) != sorted(set(steps)):
            raise child.expected("rising step numbers")
        marks[good] = steps
    grid = None
    if count == 1:
        if top["removal_grid"].value is None:
            raise top["removal_grid"].expected("the export board's removal grid (a solo game)")
        try:
            grid = parse_removal_grid(top["removal_grid"].value, node.source, parts.solo.price_die)
        except DataError as error:
            raise _nested(top["removal_grid"], error) from None
    elif top["removal_grid"].value is not None:
        raise top["removal_grid"].expected("null: only a solo game has a removal grid")
    return Setup(
        seed=seed,
        players=tuple(players),
        start_player=start,
        variants=variants,
        tighter_map=tighter,
        sides=tuple(sorted(sides, key=lambda s: s.module)),
        ports=ports,
        scoring_tiles=scoring,
        clans=clans,
        starting_tiles=tiles,
        tile_contents=contents,
        pile=pile,
        export_board=export_board,
        market=market,
        pass_money=pass_money,
        import_marks=marks,
        example_data=tuple(i.text() for i in top["example_data"])
        + tuple(
            example_words(key)  # an older file, written before the key existed
            for key in declared
            if key not in box and key in clan_data(clans)
        ),
        removal_grid=grid,
        clan_values={
            key: value.read(box[key]) if key in box else value.default
            for key, value in declared.items()
        },
    )
