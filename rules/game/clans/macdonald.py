"""MacDonald: £6 workers earning £4 of any kind, fishermen on lochs and port tiles, no
technology.

From rules/data/clans.yaml (MacDonald) and the FAQ (seed 004, line 33):

- every worker costs £6 and earns £4; any of the eight workers may be a woodcutter,
  a miner or a fisherman, the starting workers included;
- a fisherman goes on any empty loch space of the map, or on a port tile in play that
  holds no fisherman (also with 1-2 players), with no land cost and no reach or shipping
  needed; two fishermen are never adjacent;
- once per turn, before the main action, one fisherman may row to an adjacent loch
  (the same placement restrictions; rowing never opens the neighbourhood bonus);
- land next to a fisherman counts as neighbouring for expansion; crossing rivers and
  lochs still needs shipping from a unit on land (rules/reach.py);
- a neighbourhood bonus is possible when deploying a fisherman, not when rowing;
- fishermen count as workers for scoring tile 4.

Words: `fisherman PLAYER SPACE [--free]`, SPACE a loch (`A-18`) or a port slot by its
module letter (`port:A`, the canonical form); `row PLAYER FROM TO`, FROM may be `port:A`.
A fisherman on a port tile is `PlayerState.port_units` (slot letter -> unit): port slots
are not map spaces.

Readings and rulings (not printed separately):

- Reading: a fisherman earns £4 at production, like every MacDonald worker, on a port
  tile too (`PlayerState.count` counts port tiles, so income, scoring tile 4 and the
  eight-worker limit see it).
- Ruling: fishermen on lochs are units for settlements (a settlement is a group of one's
  units on the map): a fisherman joins the settlements of the land it neighbours, but no
  shipping reaches out from it (rules/settlements.py).
- Reading: a fisherman on a port tile is not on a map space, so it is no settlement and
  joins none (the most literal reading of "clusters of units on the map").
- Ruling: for using port tiles a fisherman is a unit like any other on the map, so a
  port slot touching its loch would be in reach; no shipping reaches out from it
  (rules/reach.py). On the shipped modules no port slot touches a loch.
- Reading: a fisherman on a port tile is adjacent to the spaces its slot touches: a
  port tile is refused while a touched loch holds a fisherman, and a loch is refused
  while a port slot touching it holds one. Those touched spaces count as neighbouring
  for its owner's expansion (no shipping reaches out from a port tile), and the owner
  may use that port tile (the fisherman stands on it: plainly neighbouring).
- Reading: deploying a fisherman onto a port tile opens the neighbourhood bonus when an
  opponent's unit stands on a space the slot touches (the clan text: "neighbourhood
  bonus possible when deploying a fisherman"); never the building bonus.
- Reading: at set-up, when the starting workers must go on the border, a port tile is
  not a border space and is refused.
- Ruling 24: fishermen "can be placed on or moved to all empty loch spaces and Port
  bonus tiles": a fisherman rows to an adjacent loch or onto an adjacent empty port tile
  (one whose slot touches its loch), and from a port tile to a loch its slot touches.
- Ruling 23: "Use all of your Workers either as Woodcutters, Miners or as Fishermen":
  any mix of the eight, everywhere (set-up, expand and port tile 7, through `units_left`).
  Port tile 7 never exchanges a fisherman (nothing else stands on a loch).
- `fix unit PLAYER port:A none` takes a fisherman off a port tile, as `fix unit PLAYER
  SPACE none` does from a loch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from ...board import PortSlot
from ...messages import Reason
from ...position import blocked_reason, held_words, mist_reason
from ...space_names import port_site_words, short_place
from ..hooks import override
from ..pieces import (
    ALL_WORKERS,
    FISHERMAN,
    WORKERS,
    port_letter,
    port_names,
    port_word,
    site_name,
    space_place,
)
from ..placement import FREE, MAIN, START, PlacementSpec, Spot
from ..spec import EventSpec, Field, canonical_space
from ..state import GameState, PlayerState
from ..turns import gate, may_act, open_turn, turn_of
from ..upgrades import unaffordable
from .base import Clan

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ...expansion import ExpansionCheck, ExpansionRule
    from ...position import MapPlayer, Position
    from ..placement import Way

NAME = "MacDonald"
WORKER_COST = 6  # clans.yaml: "every worker costs £6 and earns £4"
WORKER_INCOME = 4


def is_macdonald(player: PlayerState) -> bool:
    return player.clan == NAME


def workers_left(state: GameState, player: PlayerState) -> int:
    """Of the eight workers (the box's woodcutters and miners), those still off the map."""
    economy = state.parts.economy
    total = sum(economy.units[w].count for w in WORKERS)
    return total - sum(player.count(w) for w in ALL_WORKERS)


def canonical_site(state: GameState, word: str) -> str:
    """A loch as `A-18`, a port slot as `port:A` (the event's canonical words)."""
    letter = port_letter(word)
    return port_word(letter) if letter is not None else canonical_space(state, word)


def site_of(state: GameState, word: str) -> int | str:
    """A space's index, or a port slot's module letter for `port:A`; Refused for no space."""
    letter = port_letter(word)
    return letter if letter is not None else state.space(word)


def slot_of(state: GameState, letter: str) -> PortSlot | None:
    return next((s for s in state.board.port_slots if s.module == letter), None)


def adjacent_sites(state: GameState, site: int | str) -> list[int | str]:
    """What a fisherman on `site` is adjacent to: a space's adjacent spaces and the port
    slots touching it; a port slot's touched spaces."""
    if isinstance(site, str):
        slot = slot_of(state, site)
        return list(slot.touches) if slot is not None else []
    slots = [s.module for s in state.board.port_slots if site in s.touches]
    return [*state.board.adjacent[site], *slots]


def has_fisherman(state: GameState, site: int | str) -> bool:
    if isinstance(site, str):
        return any(p.port_units.get(site) == FISHERMAN for p in state.players)
    return any(p.units.get(site) == FISHERMAN for p in state.players)


def fishermen_near(
    state: GameState, site: int | str, moving_from: int | str | None = None
) -> list[int | str]:
    """Fishermen (of anyone) adjacent to `site` (a space, or a port slot's letter), on
    spaces or on port tiles, the one rowing left out."""
    return [j for j in adjacent_sites(state, site) if j != moving_from and has_fisherman(state, j)]


def _near_reason(state: GameState, site: int | str, near: list[int | str]) -> list[str]:
    if not near:
        return []
    return [
        Reason(
            "{site} is next to the fisherman on {sites}: two fishermen are never adjacent",
            site=site_name(state, site),
            sites=", ".join(site_name(state, j) for j in near),
        )
    ]


def fisherman_place_reasons(
    state: GameState, player: PlayerState, index: int, moving_from: int | str | None = None
) -> list[str]:
    """Why a fisherman of `player` may not stand on `index` (empty when it may)."""
    board = state.board
    space = board.spaces[index]
    if index not in board.active:
        return [mist_reason(board, space.id)]
    if not space.loch:
        return [
            Reason(
                "{space} is not a loch: {player}'s fishermen go on lochs",
                space=space.id,
                player=player.name,
            )
        ]
    reasons = []
    if index in board.blocked:
        reasons.append(blocked_reason(board, index))
    owner = state.occupant(index)
    if owner is not None:
        reasons.append(held_words(space.id, player.name, owner.name, owner.units[index]))
    return reasons + _near_reason(state, index, fishermen_near(state, index, moving_from))


def port_place_reasons(
    state: GameState, player: PlayerState, letter: str, moving_from: int | str | None = None
) -> list[str]:
    """Why a fisherman of `player` may not stand on the port tile of slot `letter`."""
    tiles = state.setup.ports
    if slot_of(state, letter) is None or not tiles.get(letter):
        in_play = ", ".join(
            Reason("port:{letter} (tile {tile})", letter=c, tile=t)
            for c, t in sorted(tiles.items())
            if t
        )
        return [
            Reason(
                "no port tile in play at port:{letter}: {player}'s fishermen go on the "
                "port tiles in play ({ports})",
                letter=letter,
                player=player.name,
                ports=in_play or Reason("none in this game"),
            )
        ]
    reasons = []
    holder = next((p for p in state.players if letter in p.port_units), None)
    if holder is not None:
        where = Reason("port {letter} (tile {tile})", letter=letter, tile=tiles[letter])
        reasons.append(held_words(where, player.name, holder.name, holder.port_units[letter]))
    return reasons + _near_reason(state, letter, fishermen_near(state, letter, moving_from))


def site_reasons(
    state: GameState, player: PlayerState, site: int | str, moving_from: int | str | None = None
) -> list[str]:
    if isinstance(site, str):
        return port_place_reasons(state, player, site, moving_from)
    return fisherman_place_reasons(state, player, site, moving_from)


def _clan_refusal(player: PlayerState) -> list[str]:
    if is_macdonald(player):
        return []
    return [
        Reason(
            "{player} has no fishermen: only Clan {clan} has them", player=player.name, clan=NAME
        )
    ]


class FishermanEvent(TypedDict):
    type: Literal["fisherman"]
    player: str
    space: str
    free: NotRequired[bool]


class DeployFisherman(PlacementSpec[FishermanEvent]):
    """A fisherman from the worker area onto an empty loch or a port tile in play (`port:A`,
    by the slot's module letter): a starting worker at set-up, else the Expand action (or a
    free-space expansion, which changes nothing: neither has a land cost)."""

    type = "fisherman"
    menu_words = Reason("Deploy a fisherman")
    menu_key = "w"
    menu_order = 140
    narrowed_by = ("where",)
    power = (NAME, 2)  # its rule: this power of the clan's (clans.yaml)
    syntax = "PLAYER SPACE|port:CORNER [--free]"
    # TRANSLATORS: port:A and --free are typed as they are: keep them
    help = Reason(
        "Clan {clan}: a fisherman onto an empty loch or port tile (port:A) "
        "(set-up, or expand; --free: free space)",
        clan=NAME,
    )
    fields = {"player": Field("player"), "space": Field("space"), "free": Field("bool", False)}
    positional = ("player", "space")
    flags = {"free": "free"}
    defaults = {"free": False}
    ways = (START, MAIN, FREE)

    @override
    def normalise(self, state: GameState, e: FishermanEvent) -> FishermanEvent:
        e = super().normalise(state, e)
        return {**e, "space": canonical_site(state, e["space"])}

    @override
    def unit(self, e: FishermanEvent) -> str:
        return FISHERMAN

    @override
    def owner_reasons(self, state: GameState, player: PlayerState) -> list[str]:
        return _clan_refusal(player)

    @override
    def spot(self, state: GameState, way: Way, e: FishermanEvent) -> Spot:
        """The fisherman's own rule: where it may stand (`site_reasons`), one of the eight
        workers, the MacDonald worker's price and no land cost."""
        player = way.player
        site = site_of(state, e["space"])
        reasons = site_reasons(state, player, site)
        if state.rules.units_left(state, player, FISHERMAN) <= 0:
            reasons.append(
                Reason(
                    "no workers left on {player}'s player board: all are on the map",
                    player=player.name,
                )
            )
        short = unaffordable(player, WORKER_COST, Reason("a fisherman"))
        where: str
        if isinstance(site, str):
            where = Reason(
                "the port tile at corner {corner} ({tile})",
                corner=site,
                tile=port_names(state).get(site, Reason("a port tile")),
            )
        else:
            where = (
                site_name(state, site)
                if way.kind == START
                else Reason("the loch {space}", space=site_name(state, site))
            )
        return Spot(site, WORKER_COST, reasons + ([short] if short else []), where)

    @override
    def spots(self, state: GameState, way: Way) -> list[tuple[int | str, dict[str, Any]]]:
        """Every site a fisherman of the player may go on now, by its canonical word."""
        player = way.player
        if (
            not is_macdonald(player)
            or player.money < WORKER_COST
            or state.rules.units_left(state, player, FISHERMAN) <= 0
        ):
            return []
        lochs: list[tuple[int | str, dict[str, Any]]] = [
            (space.index, {"space": space.id})
            for space in state.board.spaces
            if space.loch and not fisherman_place_reasons(state, player, space.index)
        ]
        ports: list[tuple[int | str, dict[str, Any]]] = [
            (slot.module, {"space": port_word(slot.module)})
            for slot in state.board.port_slots
            if not port_place_reasons(state, player, slot.module)
        ]
        return lochs + ports

    @override
    def describe(self, e: FishermanEvent) -> str:
        if e.get("free"):
            return Reason(
                "{player} puts a fisherman on {space} (free space)",
                player=e["player"],
                space=e["space"],
            )
        return Reason("{player} puts a fisherman on {space}", player=e["player"], space=e["space"])

    @override
    def option_words(self, state: GameState, e: FishermanEvent) -> str:
        head = _deploy_words(e["space"], bool(e.get("free")), bool(port_letter(e["space"])))
        return _option(head, site_place(state, e["space"], e["player"], head))


def _deploy_words(space: str, free: bool, port: bool) -> str:
    """The start of a menu option to deploy a fisherman: where, and its price."""
    fields = {"space": space, "price": WORKER_COST}
    # TRANSLATORS: the start of a menu option (the place in words follows)
    if free and port:
        return Reason(
            "fisherman on {space} with the free-space bonus for £{price} "
            "(no land cost on a port tile)",
            **fields,
        )
    if free:
        return Reason(
            "fisherman on {space} with the free-space bonus for £{price} (no land cost on a loch)",
            **fields,
        )
    if port:
        return Reason("fisherman on {space} for £{price} (no land cost on a port tile)", **fields)
    return Reason("fisherman on {space} for £{price} (no land cost on a loch)", **fields)


def _option(head: str, place: str) -> str:
    # TRANSLATORS: a menu option: what it does, then where that is in the board's words
    return Reason("{option}: {place}", option=head, place=place)


class RowEvent(TypedDict):
    type: Literal["row"]
    player: str
    space: str
    to: str


class RowFisherman(EventSpec[RowEvent]):
    """Once per turn, before the main action: one fisherman to an adjacent loch or port tile
    (ruling 24: from a loch, or from a port tile to a loch its slot touches)."""

    type = "row"
    menu_words = Reason("Row a fisherman")
    menu_key = "r"
    menu_order = 150
    power = (NAME, 3)  # its rule: this power of the clan's (clans.yaml)
    syntax = "PLAYER FROM TO"
    # TRANSLATORS: FROM and port:A are typed as they are: keep them
    help = Reason(
        "Clan {clan}: row a fisherman to an adjacent loch (once a turn, before the action; "
        "FROM may be port:A)",
        clan=NAME,
    )
    fields = {"player": Field("player"), "space": Field("space"), "to": Field("space")}
    positional = ("player", "space", "to")

    @override
    def normalise(self, state: GameState, e: RowEvent) -> RowEvent:
        e = super().normalise(state, e)
        return {
            **e,
            "space": canonical_site(state, e["space"]),
            "to": canonical_site(state, e["to"]),
        }

    @override
    def check(self, state: GameState, e: RowEvent) -> list[str]:
        refused = _clan_refusal(state.player(e["player"]))
        if refused:
            return refused
        name = state.player(e["player"]).name
        turn = state.turn
        if turn.player == name and turn.main_done and state.next_player() != name:
            return [
                Reason(
                    "{player} rows only before the main action, and has taken this turn's action",
                    player=name,
                )
            ]
        passage = gate(state, e["player"], main=True)
        player = passage.player
        if turn_of(state, passage).rowed:
            return [
                Reason(
                    "{player} has rowed a fisherman this turn already: once per turn",
                    player=player.name,
                )
            ]
        source, target = site_of(state, e["space"]), site_of(state, e["to"])
        if not owns_fisherman(player, source):
            return [
                Reason(
                    "{space} holds no fisherman of {player}'s",
                    space=site_name(state, source),
                    player=player.name,
                )
            ]
        if target not in adjacent_sites(state, source):
            return [
                Reason(
                    "{target} is not next to {space}: a fisherman rows to an adjacent loch or "
                    "port tile",
                    target=site_name(state, target),
                    space=site_name(state, source),
                )
            ]
        return site_reasons(state, player, target, moving_from=source)

    @override
    def apply(self, state: GameState, e: RowEvent) -> list[str]:
        passage = gate(state, e["player"], main=True)
        open_turn(state, passage)
        player = passage.player
        source, target = site_of(state, e["space"]), site_of(state, e["to"])
        if isinstance(source, str):
            del player.port_units[source]
        else:
            del player.units[source]
        if isinstance(target, str):
            player.port_units[target] = FISHERMAN
        else:
            player.units[target] = FISHERMAN
        state.turn.rowed = True
        return [
            Reason(
                "{player} rows a fisherman from {space} to {target}",
                player=player.name,
                space=site_name(state, source),
                target=site_name(state, target),
            )
        ]

    @override
    def options(self, state: GameState) -> Iterable[RowEvent]:
        events: list[RowEvent] = []
        for passage in may_act(state, main=True):
            player = passage.player
            if not is_macdonald(player) or turn_of(state, passage).rowed:
                continue
            for source in fishermen_of(player):
                word = site_word(state, source)
                for target in adjacent_sites(state, source):
                    if not site_reasons(state, player, target, moving_from=source):
                        to = site_word(state, target)
                        events.append(
                            {
                                "type": "row",
                                "player": player.name,
                                "space": word,
                                "to": to,
                            }
                        )
        return events

    @override
    def describe(self, e: RowEvent) -> str:
        return Reason(
            "{player} rows a fisherman from {space} to {target}",
            player=e["player"],
            space=e["space"],
            target=e["to"],
        )

    @override
    def option_words(self, state: GameState, e: RowEvent) -> str:
        """The fisherman by where it stands (two may row to one target), then the target
        and where it is."""
        start = e["space"]
        # TRANSLATORS: the start of a menu option (the place in words follows)
        if port_letter(start) is None:
            head = Reason(
                "fisherman from {space} ({place}) to {target}",
                space=start,
                place=short_place(state.board, state.space(start)),
                target=e["to"],
            )
        else:
            head = Reason("fisherman from {space} to {target}", space=start, target=e["to"])
        return _option(head, site_place(state, e["to"], e["player"], head))


def fishermen_of(player: PlayerState) -> list[int | str]:
    """Where the player's fishermen stand: the lochs in order, then the port slots."""
    sources: list[int | str] = sorted(s for s, u in player.units.items() if u == FISHERMAN)
    sources += sorted(s for s, u in player.port_units.items() if u == FISHERMAN)
    return sources


def site_word(state: GameState, site: int | str) -> str:
    """A loch or a port slot as an event names it."""
    return port_word(site) if isinstance(site, str) else state.board.spaces[site].id


def site_place(state: GameState, word: str, viewer: str, head: str = "") -> str:
    """A loch or a port slot in the board's own words (a port by its tile and corner)."""
    letter = port_letter(word)
    if letter is not None:
        return port_site_words(state.board, letter, port_names(state))
    return space_place(state, canonical_space(state, word), viewer, head=head)


def owns_fisherman(player: PlayerState, site: int | str) -> bool:
    if isinstance(site, str):
        return player.port_units.get(site) == FISHERMAN
    return player.units.get(site) == FISHERMAN


class MacDonald(Clan):
    name = NAME
    summary = Reason(
        "never upgrades technology; every worker £6, earning £4; fishermen on lochs and "
        "port tiles (deploy one, then row it from water to water); river-crossing "
        "shipping with 1-2 players"
    )
    specs = (DeployFisherman(), RowFisherman())

    @override
    def technology_refusal(self, state: GameState, player: PlayerState, worker: str) -> str | None:
        return Reason("{clan} never upgrades technology", clan=NAME)

    @override
    def expansion_rules(self, state: GameState, player: PlayerState) -> tuple[ExpansionRule, ...]:
        def worker_cost(
            check: ExpansionCheck, position: Position, map_player: MapPlayer, target: int
        ) -> ExpansionCheck:
            if check.unit not in WORKERS or check.unit_cost == WORKER_COST:
                return check
            change = WORKER_COST - check.unit_cost
            return check._replace(
                adjustments=check.adjustments + ((Reason("{clan} worker", clan=NAME), change),)
            )

        return (worker_cost,)

    @override
    def units_left(self, state: GameState, player: PlayerState, unit: str, left: int) -> int:
        return workers_left(state, player) if unit in ALL_WORKERS else left

    @override
    def worker_income(self, state: GameState, player: PlayerState, worker: str, amount: int) -> int:
        return WORKER_INCOME

    @override
    def measure(self, state: GameState, player: PlayerState, measure: str, count: int) -> int:
        return count + player.count(FISHERMAN) if measure == "deployed_workers" else count
