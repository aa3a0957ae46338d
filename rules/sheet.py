"""The final score sheet: what a table writes down at the end of a game.

A sheet lists each player's glory, money, goods in stock, fulfilled contracts
(by id, or as counts of contracts, hops and imports), settlements in the
largest group within shipping reach and an optional clan-auction bid. One
player means a solo game. `parse_sheet` checks everything a person could get
wrong and names the key path and line of the first problem.

Instead of a settlement count a player may give their units on the map
(`units`, with `shipping`), when the sheet names the board in a top-level
`map: {modules: [A1, B2, C1, D2]}`; the count then comes from the map.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from .boxfolder import EXAMPLES_KEY
from .components import IMPORT_GOODS, Components
from .contract_faces import TileNotRead, read_tiles
from .messages import Plural, Reason
from .plaindata import plain
from .schema import Node
from .yamlfile import read_yaml, to_yaml

if TYPE_CHECKING:
    from .map_modules import ModuleSide

SideLoader = Callable[[], "Mapping[str, ModuleSide]"]

MAX_PLAYERS = 4
COUNT_KEYS = ("fulfilled_contracts", "hops", "imports")
PLAYER_KEYS = (
    "name",
    "clan",
    "glory",
    "money",
    "goods",
    "contracts",
    *COUNT_KEYS,
    "settlements",
    "auction_bid",
    "colour",
    "shipping",
    "units",
)
MAP_KEYS = ("colour", "shipping", "units")


class PlayerSheet(NamedTuple):
    name: str
    glory: int
    money: int
    goods: Mapping[str, int]
    settlements: int
    fulfilled_contracts: int
    hops: int
    imports: Mapping[str, int]
    contracts: tuple[int, ...] | None = None  # ids, when the sheet gave them
    clan: str | None = None
    auction_bid: int = 0
    on_map: Mapping[str, Any] | None = None  # colour, shipping, units as given, when from the map
    settlement_note: str | None = None  # which settlements the map count took


class ScoreSheet(NamedTuple):
    players: tuple[PlayerSheet, ...]
    static_imports: bool = False
    board: Mapping[str, Any] | None = None  # the `map` block as given
    example_map: bool = False  # the map's modules are example layouts
    on_examples: bool = False  # `examples: true`: read with the shipped examples

    @property
    def solo(self) -> bool:
        return len(self.players) == 1


def max_units(parts: Components) -> int:
    """Pieces a player can have on the map: the most settlements possible."""
    return sum(unit.count for unit in parts.economy.units.values())


def _parse_player(node: Node, parts: Components, solo: bool) -> PlayerSheet:
    entry = node.mapping(required=("name", "glory", "money"), optional=PLAYER_KEYS)
    _check_settlement_keys(node, entry)
    goods = _parse_goods(entry, parts)
    clan = _parse_clan(entry, parts)
    contracts, fulfilled, hops, imports = _parse_contracts(node, entry, parts)
    bid = _parse_bid(entry, parts, solo)
    return PlayerSheet(
        name=entry["name"].name(),
        clan=clan,
        glory=entry["glory"].whole(0),
        money=entry["money"].whole(0),
        goods=goods,
        contracts=contracts,
        fulfilled_contracts=fulfilled,
        hops=hops,
        imports=imports,
        settlements=entry["settlements"].whole(0, max_units(parts))
        if "settlements" in entry
        else 0,
        auction_bid=bid,
    )


def _check_settlement_keys(node: Node, entry: Mapping[str, Node]) -> None:
    """A player gives a settlement count or their units on the map, one of the two."""
    if "units" in entry and "settlements" in entry:
        raise entry["settlements"].fail(
            Reason("give either 'settlements' or 'units' on the map, not both")
        )
    if "units" not in entry and "settlements" not in entry:
        raise node.fail(
            Reason("missing key 'settlements' (or 'units' on the map, with a top-level 'map')")
        )
    for key in MAP_KEYS:
        if key in entry and "units" not in entry:
            raise entry[key].fail(Reason("'{key}' goes with 'units' on the map", key=key))


def _parse_goods(entry: Mapping[str, Node], parts: Components) -> dict[str, int]:
    goods_node = entry.get("goods")
    goods = dict.fromkeys(parts.economy.goods, 0)
    if goods_node is not None and goods_node.value is not None:
        for good, count in goods_node.mapping(optional=parts.economy.goods).items():
            goods[good] = count.whole(0)
    return goods


def _parse_clan(entry: Mapping[str, Node], parts: Components) -> str | None:
    if "clan" not in entry:
        return None
    found = parts.clan(entry["clan"].text())
    if found is None:
        raise entry["clan"].expected(Reason("a clan: {clans}", clans=", ".join(parts.clans)))
    return found.name


_Contracts = tuple[tuple[int, ...] | None, int, int, dict[str, int]]


def _parse_contracts(node: Node, entry: Mapping[str, Node], parts: Components) -> _Contracts:
    """The fulfilled contracts, by their ids or by their counts: (ids or None, fulfilled,
    hops, imports)."""
    given_counts = [key for key in COUNT_KEYS if key in entry]
    if "contracts" in entry and given_counts:
        raise entry[given_counts[0]].fail(
            Reason(
                "give either 'contracts' (the fulfilled ids) or the counts "
                "'fulfilled_contracts', 'hops' and 'imports', not both"
            )
        )
    if "contracts" in entry:
        return _contracts_by_id(entry["contracts"], parts)
    if "fulfilled_contracts" in entry:
        return (None, *_parse_contract_counts(entry, parts))
    raise node.fail(
        Reason(
            "missing key 'contracts' (the ids of the fulfilled contracts, [] for none) "
            "or 'fulfilled_contracts' with 'hops' and 'imports'"
        )
    )


def _contracts_by_id(node: Node, parts: Components) -> _Contracts:
    contracts = _parse_contract_ids(node, parts)
    chosen = [parts.contracts[i] for i in contracts]
    hops = sum(c.hops for c in chosen)
    imports = {good: sum(c.imports[good] for c in chosen) for good in IMPORT_GOODS}
    return contracts, len(chosen), hops, imports


def _parse_contract_counts(
    entry: Mapping[str, Node], parts: Components
) -> tuple[int, int, dict[str, int]]:
    """(fulfilled, hops, imports) as the sheet counts them."""
    fulfilled = entry["fulfilled_contracts"].whole(0, len(parts.contracts))
    hops = entry["hops"].whole(0) if "hops" in entry else 0
    imports = dict.fromkeys(IMPORT_GOODS, 0)
    if "imports" in entry and entry["imports"].value is not None:
        for good, count in entry["imports"].mapping(optional=IMPORT_GOODS).items():
            imports[good] = count.whole(0)
    if fulfilled == 0 and (hops or any(imports.values())):
        culprit = entry["hops"] if hops else entry["imports"]
        raise culprit.fail(
            Reason("hops and imports come from fulfilled contracts, and fulfilled_contracts is 0")
        )
    return fulfilled, hops, imports


def _parse_bid(entry: Mapping[str, Node], parts: Components, solo: bool) -> int:
    if "auction_bid" not in entry:
        return 0
    bid = entry["auction_bid"].whole(0, parts.final_scoring.auction_max_bid)
    if solo and bid:
        raise entry["auction_bid"].fail(Reason("a solo game has no clan auction: expected 0"))
    return bid


def _tile_named(item: Node, parts: Components) -> int:
    try:
        found = read_tiles(item.value, parts.contracts)
    except TileNotRead as problem:
        raise item.fail(problem.args[0]) from None
    if len(found) != 1:
        raise item.fail(Reason("one contract per line, got {count}", count=len(found)))
    return found[0]


def _parse_contract_ids(node: Node, parts: Components) -> tuple[int, ...]:
    if node.value is None:
        return ()
    ids: list[int] = []
    lowest, highest = min(parts.contracts), max(parts.contracts)
    for item in node:
        value = item.value
        if isinstance(value, str):  # the tile by its goods: '4 wool', '2 beef + 2 cheese'
            value = _tile_named(item, parts)
        if isinstance(value, bool) or not isinstance(value, int):
            raise item.expected(
                Reason(
                    "a contract by its goods ('4 wool') or its id from {lowest} to {highest}",
                    lowest=lowest,
                    highest=highest,
                )
            )
        if value not in parts.contracts:
            raise item.fail(
                Reason(
                    "unknown contract id {id}: ids run from {lowest} to {highest}",
                    id=value,
                    lowest=lowest,
                    highest=highest,
                )
            )
        if value in ids:
            raise item.fail(Reason("contract {id} is listed twice", id=value))
        ids.append(value)
    return tuple(ids)


def parse_sheet(
    data: Any, source: str, parts: Components, load_sides: SideLoader | None = None
) -> ScoreSheet:
    """Check plain sheet data (as read from YAML) and build a ScoreSheet.

    `load_sides` gives the map-module sides; it is called only for a sheet
    with a `map`.
    """
    root = Node(data, source)
    top = root.mapping(required=("players",), optional=("variant", "map", EXAMPLES_KEY))
    # the caller gives the example sides for such a sheet (boxfolder.declares_examples)
    on_examples = top[EXAMPLES_KEY].boolean() if EXAMPLES_KEY in top else False
    static = _static_imports(top)
    player_nodes = top["players"].sequence()
    if not 1 <= len(player_nodes) <= MAX_PLAYERS:
        raise top["players"].fail(
            Reason(
                "expected 1 to {most} players (1 is a solo game), got {count}",
                most=MAX_PLAYERS,
                count=len(player_nodes),
            )
        )
    solo = len(player_nodes) == 1
    players = [_parse_player(node, parts, solo) for node in player_nodes]
    _check_across_players(players, player_nodes, parts)
    board, example = None, False
    if "map" in top:
        players, example = _settlements_from_map(
            top["map"], players, player_nodes, parts, load_sides
        )
        board = top["map"].value
    elif any("units" in node.entries() for node in player_nodes):
        culprit = next(node for node in player_nodes if "units" in node.entries())
        raise culprit.entries()["units"].fail(
            Reason("units on the map need a top-level 'map: {{modules: [A1, B1, C1, D1]}}'")
        )
    return ScoreSheet(
        players=tuple(players),
        static_imports=static,
        board=board,
        example_map=example,
        on_examples=on_examples,
    )


def _static_imports(top: Mapping[str, Node]) -> bool:
    """The sheet's `variant: {static_imports: ...}`, false when not given."""
    if "variant" not in top or top["variant"].value is None:
        return False
    variant = top["variant"].mapping(optional=("static_imports",))
    return variant["static_imports"].boolean() if "static_imports" in variant else False


def _settlements_from_map(
    map_node: Node,
    players: list[PlayerSheet],
    nodes: list[Node],
    parts: Components,
    load_sides: SideLoader | None,
) -> tuple[list[PlayerSheet], bool]:
    """Count the settlements of the players who gave units, from the board named in `map`."""
    # the board and its reach load only for a sheet that names a map
    from .settlements import count_on_map, settlement_note

    top = map_node.mapping(required=("modules",), optional=("tighter_map",))
    if load_sides is None:
        raise map_node.fail(Reason("this sheet names a map, but no map modules are available here"))
    board, counts = count_on_map(top, load_sides(), nodes, parts.economy)
    result = list(players)
    for counted in counts:
        note = settlement_note(
            counted.player,
            counted.shipping,
            counted.settlements,
            counted.kept,
            counted.left,
            counted.fishermen,
        )
        entries = nodes[counted.seat].entries()
        given = {key: entries[key].value for key in MAP_KEYS if key in entries}
        result[counted.seat] = result[counted.seat]._replace(
            settlements=counted.settlements, on_map=given, settlement_note=note
        )
    return result, board.example


def _check_across_players(players: list[PlayerSheet], nodes: list[Node], parts: Components) -> None:
    names: dict[str, int] = {}
    clans: dict[str, int] = {}
    owner: dict[int, int] = {}
    for index, (player, node) in enumerate(zip(players, nodes, strict=True)):
        entries = node.entries()
        key = player.name.casefold()
        if key in names:
            raise entries["name"].fail(
                Reason("the name {player!r} is used by two players", player=player.name)
            )
        names[key] = index
        if player.clan is not None:
            if player.clan in clans:
                other = players[clans[player.clan]].name
                raise entries["clan"].fail(
                    Reason("clan {clan} is already {player}'s", clan=player.clan, player=other)
                )
            clans[player.clan] = index
        for position, contract_id in enumerate(player.contracts or ()):
            if contract_id in owner:
                other = players[owner[contract_id]].name
                item = entries["contracts"].sequence()[position]
                raise item.fail(
                    Reason(
                        "contract {id} is also listed for {player}", id=contract_id, player=other
                    )
                )
            owner[contract_id] = index
    total = sum(player.fulfilled_contracts for player in players)
    if total > len(parts.contracts):
        raise nodes[-1].fail(
            Plural(
                "the players fulfilled {count} contract in all, but the game has only {most}",
                "the players fulfilled {count} contracts in all, but the game has only {most}",
                count=total,
                most=len(parts.contracts),
            )
        )


def load_sheet(path: str, parts: Components, load_sides: SideLoader | None = None) -> ScoreSheet:
    """Read a score sheet file; every problem is a DataError naming the file."""
    return parse_sheet(read_yaml(path), str(path), parts, load_sides)


def sheet_as_data(sheet: ScoreSheet) -> dict[str, Any]:
    """The sheet in the file shape that `parse_sheet` reads back unchanged."""
    players = []
    for player in sheet.players:
        entry: dict[str, Any] = {"name": player.name}
        if player.clan:
            entry["clan"] = player.clan
        entry["glory"] = player.glory
        entry["money"] = player.money
        entry["goods"] = dict(player.goods)
        if player.contracts is not None:
            entry["contracts"] = list(player.contracts)
        else:
            entry["fulfilled_contracts"] = player.fulfilled_contracts
            entry["hops"] = player.hops
            entry["imports"] = dict(player.imports)
        if player.on_map is not None:
            entry.update(plain(player.on_map))
        else:
            entry["settlements"] = player.settlements
        if player.auction_bid:
            entry["auction_bid"] = player.auction_bid
        players.append(entry)
    data: dict[str, Any] = {}
    if sheet.on_examples:
        data[EXAMPLES_KEY] = True
    if sheet.static_imports:
        data["variant"] = {"static_imports": True}
    if sheet.board is not None:
        data["map"] = plain(sheet.board)
    data["players"] = players
    return data


def sheet_as_yaml(sheet: ScoreSheet) -> str:
    return to_yaml(sheet_as_data(sheet))
