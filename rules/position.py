"""A position on the map: the module sides, whose units stand where, and shipping.

Position files feed the map commands; score sheets use the same shape for
players who give their units instead of a settlement count:

    modules: [A1, B2, C1, D2]
    tighter_map: [A-10, B-21, C-05, D-30]      # optional, 2-3 players
    ports: {A: 5, B: 2, C: 8, D: 1}            # optional: port tile at each corner
    players:
      - name: Ailsa
        colour: red                            # optional
        shipping: 1_loch                       # optional, none by default
        units: {A-03: cow, A-04: sheep, B-12: woodcutter}   # or a list of spaces
                                               # (fisherman: a clan's worker on a loch)

The number of players listed is the map's player count (mist, solo blocks).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar

from .board import Board, assemble
from .boxfolder import EXAMPLES_KEY
from .components import Economy
from .map_modules import MODULE_LETTERS, ModuleSide
from .messages import N_, Reason
from .names import Name, kind_of
from .reach import SHIPPING_LEVELS
from .schema import Node

FISHERMAN = "fisherman"  # the one unit kind that stands on a loch (a clan's worker)
COLOURS = ("red", "blue", "green", "yellow", "black", "white", "purple", "orange")
DEFAULT_COLOURS = ("red", "blue", "green", "yellow")


class _NameAndColour(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def colour(self) -> str: ...


Named = TypeVar("Named", bound=_NameAndColour)  # a map's player or a game's (find_player)


class MapPlayer(NamedTuple):
    name: str
    colour: str
    shipping: str
    units: Mapping[int, str | None]  # space index -> unit type (None: not given)
    ports: Mapping[str, str] = {}  # port slot (module letter) -> unit on its port tile

    def count(self, unit: str) -> int:
        deployed = (*self.units.values(), *self.ports.values())
        return sum(1 for kind in deployed if kind == unit)


class Position(NamedTuple):
    board: Board
    players: tuple[MapPlayer, ...]
    ports: Mapping[str, str] = {}  # corner module letter -> port tile id placed there

    def player(self, who: str) -> MapPlayer:
        """A player by name or colour, in any letter case; ValueError naming the choices."""
        return find_player(self.players, who)

    def occupant(self, index: int) -> tuple[MapPlayer, str | None] | None:
        for player in self.players:
            if index in player.units:
                return player, player.units[index]
        return None


def find_player(players: Iterable[Named], who: str) -> Named:
    """The player (anything with a name and a colour) called `who` by name or colour, in any
    letter case; ValueError naming the players there are."""
    wanted = who.strip().casefold()
    for player in players:
        if wanted in (player.name.casefold(), player.colour.casefold()):
            return player
    names = ", ".join(f"{p.name} ({p.colour})" for p in players)
    raise ValueError(
        # TRANSLATORS: {players} lists each player as 'Ailsa (red)'
        Reason("no player {who}: the players are {players}", who=repr(who), players=names)
    )


def unit_words(unit: str | None) -> str:
    """A unit kind as words ('cheese dairy', a Name read in the reader's language); 'unit'
    when the kind is not given."""
    if not unit:
        return Reason("unit")
    return Name(unit) if kind_of(unit) == "unit" else unit.replace("_", " ")


def error_reason(error: Exception) -> str:
    """The sentence an error was raised with: its Reason when it has one, else its words."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, str) else str(error)


def held_words(where: str, mover: str, holder: str, unit: str | None) -> Reason:
    """Why a unit of `mover` may not go where `holder`'s `unit` stands: 'A-07 holds
    Ailsa's own woodcutter', 'port A (tile 5) holds Bruce's fisherman'."""
    if holder == mover:
        return Reason(
            "{where} holds {player}'s own {unit}", where=where, player=mover, unit=unit_words(unit)
        )
    return Reason(
        "{where} holds {player}'s {unit}", where=where, player=holder, unit=unit_words(unit)
    )


def mist_reason(board: Board, space_id: str) -> Reason:
    return Reason(
        "{space} is mist: not part of a {players}-player map", space=space_id, players=board.players
    )


def blocked_reason(board: Board, index: int) -> Reason:
    """'A-07 holds a neutral worker (solo: ...)': the space, then why it is blocked."""
    # TRANSLATORS: {blocked} is the rest of the sentence: 'is covered by a port tile'
    return Reason("{space} {blocked}", space=board.spaces[index].id, blocked=board.blocked[index])


def refuse_place(board: Board, index: int) -> Reason | None:
    """Why no unit can ever stand on this space, or None if one can."""
    space = board.spaces[index]
    if index not in board.active:
        return mist_reason(board, space.id)
    if space.loch:
        return Reason("{space} is a loch: units stand on land", space=space.id)
    if index in board.blocked:
        return blocked_reason(board, index)
    return None


AND = N_("{first} and {second}")
OR = N_("{first} or {second}")


def listed(words: Sequence[str], joining: str) -> str:
    """'forest and mountain': the words joined by `joining` (AND or OR), as a Reason."""
    text = words[0] if words else ""  # no land at all (a loch): nothing, as before
    for word in words[1:]:
        text = Reason(joining, first=text, second=word)
    return text


def land_words(land: frozenset[str]) -> str:
    order = ("grassland", "forest", "mountain")
    names = [kind for kind in order if kind in land]
    return Reason("{land} only", land=names[0]) if len(names) == 1 else listed(names, AND)


def refuse_land(board: Board, index: int, unit: str, economy: Economy) -> Reason | None:
    """Why `unit` cannot stand on this land, or None."""
    needs = economy.units[unit].land
    space = board.spaces[index]
    if set(needs) & space.land:
        return None
    land, words, other = land_words(space.land), unit_words(unit), listed(list(needs), OR)
    if unit[0] in "aeiou":  # the article is part of the sentence, for a translator to choose
        return Reason(
            "{space} is {land}: an {unit} needs {needs}",
            space=space.id,
            land=land,
            unit=words,
            needs=other,
        )
    return Reason(
        "{space} is {land}: a {unit} needs {needs}",
        space=space.id,
        land=land,
        unit=words,
        needs=other,
    )


def _parse_units(node: Node, board: Board, economy: Economy) -> dict[int, str | None]:
    units: dict[int, str | None] = {}
    if node.value is None:
        return units
    pairs: list[tuple[Node, Any, Node | None]]
    if isinstance(node.value, list):
        pairs = [(item, item.value, None) for item in node.sequence()]
    else:
        pairs = [(entry, key, entry) for key, entry in node.entries().items()]
    for where, space_id, kind_node in pairs:
        if not isinstance(space_id, str):
            raise where.expected(Reason("a space id such as A-07"))
        try:
            index = board.lookup(space_id)
        except ValueError as reason:
            raise where.fail(error_reason(reason)) from None
        if index in units:
            raise where.fail(Reason("{space} is listed twice", space=board.spaces[index].id))
        kind = kind_node.choice((*economy.units, FISHERMAN)) if kind_node is not None else None
        if kind == FISHERMAN:
            space = board.spaces[index]
            problem = (
                None
                if space.loch and index in board.active
                else Reason(
                    "{space} is not a loch of the map: a fisherman stands on a loch", space=space.id
                )
            )
        else:
            problem = refuse_place(board, index) or (
                refuse_land(board, index, kind, economy) if kind else None
            )
        if problem:
            raise where.fail(problem)
        units[index] = kind
    for kind, unit in economy.units.items():
        placed = sum(1 for k in units.values() if k == kind)
        if placed > unit.count:
            raise node.fail(
                Reason(
                    "{placed} {unit} units, but a player has only {total}",
                    placed=placed,
                    unit=unit_words(kind),
                    total=unit.count,
                )
            )
    return units


def parse_map_player(
    node: Node, entries: dict[str, Node], seat: int, board: Board, economy: Economy
) -> MapPlayer:
    """Shipping, colour and units of one player entry (the caller has checked its keys)."""
    name = entries["name"].name()
    colour = entries["colour"].choice(COLOURS) if "colour" in entries else DEFAULT_COLOURS[seat]
    shipping = entries["shipping"].choice(SHIPPING_LEVELS) if "shipping" in entries else "none"
    units = _parse_units(entries["units"], board, economy) if "units" in entries else {}
    return MapPlayer(name, colour, shipping, units)


def check_players_apart(players: list[MapPlayer], nodes: list[Node], board: Board) -> None:
    """Names and colours differ, and no space holds two units."""
    seen: dict[int, MapPlayer] = {}
    for player, node in zip(players, nodes, strict=True):
        entries = node.entries()
        for other in players:
            if other is player:
                break
            if other.name.casefold() == player.name.casefold():
                raise entries["name"].fail(
                    Reason("the name {name} is used by two players", name=repr(player.name))
                )
            if other.colour == player.colour:
                where = entries.get("colour", node)
                raise where.fail(
                    Reason(
                        "{player} already plays {colour}", player=other.name, colour=player.colour
                    )
                )
        for index in player.units:
            if index in seen:
                owner = seen[index]
                raise entries["units"].fail(
                    Reason(
                        "{space} already holds {player}'s {unit}",
                        space=board.spaces[index].id,
                        player=owner.name,
                        unit=unit_words(owner.units[index]),
                    )
                )
            seen[index] = player


def build_board(top: dict[str, Node], module_set: Mapping[str, ModuleSide], players: int) -> Board:
    """Assemble the board named by `modules` (and `tighter_map`) of a checked mapping."""
    names = [item.text() for item in top["modules"]]
    covered_node = top.get("tighter_map")
    covered = [item.text() for item in covered_node] if covered_node is not None else []
    try:
        board = assemble(module_set, names, players)
    except ValueError as reason:
        raise top["modules"].fail(error_reason(reason)) from None
    if covered:
        try:
            board = Board(board.sides, players, covered)
        except ValueError as reason:
            raise covered_node.fail(error_reason(reason)) from None  # type: ignore[union-attr]
    return board


def parse_ports(node: Node, tile_ids: Sequence[str]) -> dict[str, str]:
    """Port tiles by corner: {A: 5, B: 2, ...}; each tile once."""
    ports: dict[str, str] = {}
    for corner, tile in node.mapping(optional=MODULE_LETTERS).items():
        tile_id = str(tile.value)
        if isinstance(tile.value, bool) or tile_id not in tile_ids:
            raise tile.expected(Reason("a port tile: {tiles}", tiles=", ".join(tile_ids)))
        if tile_id in ports.values():
            raise tile.fail(Reason("port tile {tile} is at two corners", tile=tile_id))
        ports[corner] = tile_id
    return ports


def parse_position(
    data: Any,
    source: str,
    module_set: Mapping[str, ModuleSide],
    economy: Economy,
    port_tiles: Sequence[str] = (),
) -> Position:
    top = Node(data, source).mapping(
        required=("modules", "players"), optional=("tighter_map", "ports", EXAMPLES_KEY)
    )
    if EXAMPLES_KEY in top:
        top[EXAMPLES_KEY].boolean()  # the caller read it (declares_examples): only checked
    nodes = top["players"].sequence()
    if not 1 <= len(nodes) <= 4:
        raise top["players"].fail(Reason("expected 1 to 4 players, got {count}", count=len(nodes)))
    board = build_board(top, module_set, len(nodes))
    players = []
    for seat, node in enumerate(nodes):
        entries = node.mapping(required=("name",), optional=("colour", "shipping", "units"))
        players.append(parse_map_player(node, entries, seat, board, economy))
    check_players_apart(players, nodes, board)
    ports = parse_ports(top["ports"], port_tiles) if "ports" in top else {}
    return Position(board, tuple(players), ports)
