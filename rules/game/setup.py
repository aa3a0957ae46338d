"""A game's setup: players, variants, the board, tiles, contracts, clans and box data.

The setup is drawn by one seeded generator (the seed is stored), or entered
as the table laid it out, or a mix: what the table gives is kept, the rest is
drawn. It is stored whole in the game file, the four module sides, the market
tracks and the table's box data included, so a game replays the same way on
any machine whatever its data folders hold later.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..board import Board
from ..boxdata import BoxData, StartingTile
from ..components import Components
from ..map_modules import MODULE_LETTERS, ModuleSide, hex_code, parse_module
from ..market import Market, parse_track
from ..position import COLOURS, DEFAULT_COLOURS
from ..schema import Node
from ..solo import SLOTS, RemovalGrid, parse_removal_grid

VARIANTS = {
    "static_imports": False,  # cotton, tobacco, sugar cane 4 VP each
    "scoring_tiles": True,  # False: play without scoring tiles
    "port_tiles": True,  # False: play without port tiles
    "clans": True,  # False: without clans, start money £0/£2/£4/£6 by turn order
    "clan_auction": False,  # clans auctioned for VP
    "kickstarter": False,  # the Kickstarter clan, scoring tile and port tile in the draws
    "port7_original": False,  # port 7 as first printed: no neighbourhood bonus
}
WITHOUT_CLANS_MONEY = (0, 2, 4, 6)


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

    def turn_order(self) -> list[str]:
        names = [p.name for p in self.players]
        start = names.index(self.start_player)
        return names[start:] + names[:start]

    def board(self) -> Board:
        return Board(self.sides, len(self.players), self.tighter_map)


def export_boxes(players: int, box: BoxData) -> int:
    return SLOTS if players <= 2 else box.export_boxes_3_4


def face_up_count(players: int, boxes: int, parts: Components) -> int:
    if players == 1:
        return parts.solo.face_up_contracts
    return boxes - 1 if players == 3 else boxes


class TableChoices(NamedTuple):
    """What the table laid out itself; anything left None is drawn."""

    modules: Sequence[str] | None = None
    ports: Mapping[str, str] | None = None
    scoring_tiles: Sequence[str] | None = None
    clans: Sequence[str] | None = None
    starting_tiles: Sequence[int] | None = None
    face_up: Sequence[int] | None = None  # with the table's own pile
    start_player: str | None = None


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
    chosen = {**VARIANTS, **variants}
    _check_players(players)
    if chosen["clan_auction"] and (not chosen["clans"] or count < 2):
        raise ValueError("the clan auction needs clans and at least 2 players")
    ks = chosen["kickstarter"]

    names = table.modules or [f"{letter}{rng.choice('12')}" for letter in MODULE_LETTERS]
    sides = []
    for name in names:
        key = name.strip().upper()
        if key not in module_set:
            raise ValueError(f"no module side {name!r} in the map folder")
        sides.append(module_set[key])
    if sorted(s.module for s in sides) != list(MODULE_LETTERS):
        raise ValueError("give one side of each module A, B, C and D")
    sides.sort(key=lambda s: s.module)
    Board(sides, count, tighter_map)  # checks the tighter-map spaces

    port_ids = [t.id for t in parts.port_tiles if ks or not t.kickstarter]
    ports: dict[str, str] = {}
    if chosen["port_tiles"]:
        if table.ports:
            ports = {k.upper(): str(v) for k, v in table.ports.items()}
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
    if chosen["scoring_tiles"]:
        scoring = (
            [str(t) for t in table.scoring_tiles]
            if table.scoring_tiles
            else rng.sample(tile_ids, 5)
        )
        if len(scoring) != 5 or len(set(scoring)) != 5 or any(t not in tile_ids for t in scoring):
            raise ValueError(
                "give five different scoring tiles in round order, from " + ", ".join(tile_ids)
            )

    clan_names = [c.name for c in parts.clans.values() if ks or not c.kickstarter]
    clans: list[str] = []
    if chosen["clans"]:
        wanted = count if chosen["clan_auction"] else count + 1
        if table.clans:
            clans = [parts.clan(c).name if parts.clan(c) else c for c in table.clans]
            if (
                len(clans) != wanted
                or len(set(clans)) != wanted
                or any(c not in clan_names for c in clans)
            ):
                raise ValueError(f"give {wanted} different clans from " + ", ".join(clan_names))
        else:
            clans = rng.sample(clan_names, wanted)
    tiles_needed = len(clans) if chosen["clans"] else count
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
    if start not in [p.name for p in players]:
        raise ValueError(f"no player {start!r} to start")

    example = []
    if any(s.example for s in sides):
        example.append("map modules")
    if market.example:
        example.append("market")
    if box.example:
        example.append("box data (starting tiles, pass money, import marks)")
    if count == 1:
        if grid is None:
            raise ValueError("a solo game needs the export board's removal grid")
        if grid.example:
            example.append("solo removal grid")
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
    )


def _check_players(players: Sequence[SetupPlayer]) -> None:
    if not 1 <= len(players) <= 4:
        raise ValueError(f"a game has 1 to 4 players, not {len(players)}")
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


def parse_setup(node: Node, parts: Components) -> Setup:
    """Read a stored setup back, checking it as carefully as a hand-written file."""
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
    players = []
    for item in top["players"]:
        entry = item.mapping(required=("name", "colour"))
        players.append(SetupPlayer(entry["name"].text(), entry["colour"].choice(COLOURS)))
    try:
        _check_players(players)
    except ValueError as reason:
        raise top["players"].fail(str(reason)) from None
    start = top["start_player"].choice([p.name for p in players])
    variants = {
        key: value.boolean() for key, value in top["variants"].mapping(optional=VARIANTS).items()
    }
    variants = {**VARIANTS, **variants}
    sides = []
    for item in top["map"]:
        sides.append(parse_module(item.value, node.source, {}))
    if sorted(s.module for s in sides) != list(MODULE_LETTERS):
        raise top["map"].expected("one side of each module A, B, C and D")
    tighter = tuple(item.text() for item in top["tighter_map"])
    try:
        Board(sides, len(players), tighter)
    except ValueError as reason:
        raise top["tighter_map"].fail(str(reason)) from None
    ports = {k: str(v.value) for k, v in top["ports"].mapping(optional=MODULE_LETTERS).items()}
    scoring = tuple(str(item.value) for item in top["scoring_tiles"])
    clans = tuple(item.choice(list(parts.clans)) for item in top["clans"])
    tiles = tuple(item.whole(1, 9) for item in top["starting_tiles"])
    pile = (
        None
        if top["pile"].value is None
        else tuple(item.whole(1, len(parts.contracts)) for item in top["pile"])
    )
    export_board = tuple(
        None if item.value is None else item.whole(1, len(parts.contracts))
        for item in top["export_board"]
    )
    market_node = top["market"].mapping(required=("example", "side", "tracks"))
    tracks = {
        good: parse_track(good, child)
        for good, child in market_node["tracks"].mapping(required=parts.economy.goods).items()
    }
    market = Market(
        market_node["side"].choice(("players_1_2", "players_3_4")),
        tracks,
        market_node["example"].boolean(),
        node.source,
    )
    box = top["box"].mapping(required=("starting_tiles", "import_track_marks"))
    contents = {}
    for key, child in box["starting_tiles"].entries().items():
        entry = child.mapping(required=("money", "goods"))
        goods = (
            {g: n.whole(0) for g, n in entry["goods"].mapping(optional=parts.economy.goods).items()}
            if entry["goods"].value
            else {}
        )
        contents[int(key)] = StartingTile(entry["money"].whole(0), goods)
    marks = {
        g: tuple(i.whole(1) for i in n)
        for g, n in box["import_track_marks"]
        .mapping(required=("cotton", "tobacco", "sugar_cane"))
        .items()
    }
    grid = None
    if top["removal_grid"].value is not None:
        grid = parse_removal_grid(top["removal_grid"].value, node.source, parts.solo.price_die)
    return Setup(
        seed=top["seed"].whole(None) if top["seed"].value is not None else None,
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
        pass_money=tuple(i.whole(0) for i in top["pass_money"]),
        import_marks=marks,
        example_data=tuple(i.text() for i in top["example_data"]),
        removal_grid=grid,
    )
