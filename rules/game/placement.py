"""Putting one unit from the player board on the map: the one path shared by the starting
workers, the Expand action, the free-space expansions and a clan's own unit (the fisherman).

A placement comes one of three ways (`Way`): a starting worker at set-up, in turn order
and back (START); the Expand action, through the main action's gate (MAIN); or a
free-space expansion a fulfilled contract gave, in the same turn (FREE). A
`PlacementSpec` names the ways its event comes and the unit's own rule for where it may
stand (`spot`, `spots`); finding the way, paying and placing, the log's line and the
options loop are written once, here. Refusals are returned as reasons, never raised.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, NamedTuple, TypedDict, TypeVar, cast

from ..messages import N_, Reason
from ..position import unit_words
from ..space_names import site_words
from .phases import begin_round, player_to_act
from .pieces import after_building, position_of, site_name
from .spec import EventSpec
from .state import GameState, PlayerState, Refused
from .turns import Gate, close_window, finish_main, follow_up, gate, may_act

START, MAIN, FREE = "start", "main", "free"
FREE_RULE = Reason("a free-space expansion comes only after fulfilling a contract that gives one")
SETUP_RULE = Reason("starting workers are placed only at set-up")
# the log's note of a placement: a starting worker, or a unit the turn puts on the map
# TRANSLATORS: {where} is the space ('A-07', 'port A'), with its route when it has one;
# {detail} is the price's parts after a colon, or nothing
PLACES = N_("{player} places a {unit} on {where} for £{cost}{detail}")
# TRANSLATORS: as above: {where} the space and its route, {detail} the price's parts
PUTS = N_("{player} puts a {unit} on {where} for £{cost}{detail}")


class Way(NamedTuple):
    """How one placement comes: START, MAIN (with the main action's gate) or FREE."""

    kind: str
    player: PlayerState
    passage: Gate | None = None  # MAIN: the gate the main action passed
    border_only: bool = False  # START: this starting worker goes on a border space


class Spot(NamedTuple):
    """One unit onto one site by the unit's own rule: the site (a map space's index, or a
    port slot's module letter), the price, the reasons against it, and the site in the
    log's words (`where`, then `detail` after the price)."""

    site: int | str
    cost: int
    reasons: tuple[str, ...] | list[str]
    where: str
    detail: str = ""


def way_of(state: GameState, who: str, free: bool, ways: tuple[str, ...]) -> Way | list[str]:
    """The way `who` places a unit now, of `ways`; else the reasons they may not."""
    try:
        if free and FREE in ways:
            player = follow_up(state, who, FREE_RULE)
            if state.turn.free_spaces < 1:
                return [
                    Reason("{player} has no free-space bonus to use this turn", player=player.name)
                ]
            return Way(FREE, player)
        if START in ways and (state.phase == "workers" or MAIN not in ways):
            return _starting_way(state, state.player(who))
        passage = gate(state, who, main=True)
        return Way(MAIN, passage.player, passage)
    except Refused as refused:  # the turn's own checks raise; here they are reasons
        return refused.reasons


def _starting_way(state: GameState, player: PlayerState) -> Way | list[str]:
    if state.phase != "workers":
        return [SETUP_RULE]
    expected = player_to_act(state)
    if player.name != expected:
        return [Reason("it is {player}'s turn to place a starting worker", player=expected)]
    return Way(START, player, border_only=state.placements[0][1])


def border_reasons(state: GameState, way: Way, spot: Spot) -> list[str]:
    """A starting worker that must go on the border (a clan's rule), off it."""
    if not way.border_only or spot.site in state.board.border:
        return []
    return [
        Reason(
            "{space} is not a border space: {player}'s starting workers go on the border",
            space=site_name(state, spot.site),
            player=way.player.name,
        )
    ]


def pay_and_place(state: GameState, way: Way, unit: str, spot: Spot) -> list[str]:
    """The change of a checked placement, and its notes: the way's turn bookkeeping, the
    price, the unit on its site, then what follows (the next starting worker or round 1;
    the neighbourhood and building bonuses)."""
    player = way.player
    if way.kind == FREE:
        state.turn.free_spaces -= 1
        close_window(state)
    elif way.kind == MAIN and way.passage is not None:
        finish_main(state, way.passage)
    player.money -= spot.cost
    where = spot.where
    if isinstance(spot.site, int):  # said as the menus say it, the landmarks before it
        where = site_words(position_of(state), spot.site)
    if isinstance(spot.site, str):
        player.port_units[spot.site] = unit
    else:
        player.units[spot.site] = unit
    notes = [
        Reason(
            PLACES if way.kind == START else PUTS,
            player=player.name,
            unit=unit_words(unit),
            where=where,
            cost=spot.cost,
            detail=spot.detail,
        )
    ]
    if way.kind == START:
        state.placements.pop(0)
        return notes + (begin_round(state, 1) if not state.placements else [])
    return notes + after_building(state, player, [spot.site])


class PlacedEvent(TypedDict):
    """What every placement's record has: who places, and on which space."""

    player: str
    space: str


P = TypeVar("P", bound=PlacedEvent)


class PlacementSpec(EventSpec[P]):
    """An event that puts one unit on the map. Subclasses set `ways` and give the unit's
    rule: `unit` (which unit), `spot` (one site, checked and priced) and `spots` (every
    site it may go on now, with the event's fields), and `owner_reasons` when only some
    players have the unit."""

    ways: ClassVar[tuple[str, ...]]

    def unit(self, e: P) -> str:
        raise NotImplementedError

    def owner_reasons(self, state: GameState, player: PlayerState) -> list[str]:
        return []

    def spot(self, state: GameState, way: Way, e: P) -> Spot:
        raise NotImplementedError

    def spots(self, state: GameState, way: Way) -> Iterable[tuple[int | str, dict[str, Any]]]:
        raise NotImplementedError

    def placing(self, state: GameState, e: P) -> tuple[Way, Spot] | list[str]:
        """The way `e` comes and its spot; else the reasons it cannot come at all."""
        try:
            player = state.player(e["player"])
            way = self.owner_reasons(state, player) or way_of(
                state, player.name, bool(e.get("free")), self.ways
            )
            return (way, self.spot(state, way, e)) if isinstance(way, Way) else way
        except Refused as refused:  # no such player or space: the state's lookups raise
            return refused.reasons

    def check(self, state: GameState, e: P) -> list[str]:
        placing = self.placing(state, e)
        if isinstance(placing, list):
            return placing
        way, spot = placing
        return [*spot.reasons, *border_reasons(state, way, spot)]

    def apply(self, state: GameState, e: P) -> list[str]:
        placing = self.placing(state, e)
        assert not isinstance(placing, list), placing  # apply comes only after a passed check
        way, spot = placing
        return pay_and_place(state, way, self.unit(e), spot)

    def check_and_apply(self, state: GameState, e: P) -> list[str]:
        """The spot worked out once for the check and the change (a replay places
        hundreds of units), unless a kind checks or applies in its own way."""
        kind = type(self)
        if kind.check is not PlacementSpec.check or kind.apply is not PlacementSpec.apply:
            return super().check_and_apply(state, e)
        placing = self.placing(state, e)
        if isinstance(placing, list):
            raise Refused(placing)
        way, spot = placing
        reasons = [*spot.reasons, *border_reasons(state, way, spot)]
        if reasons:
            raise Refused(reasons)
        return pay_and_place(state, way, self.unit(e), spot)

    def options(self, state: GameState) -> list[P]:
        return [
            self._event(way, fields)
            for way in self.ways_now(state)
            for site, fields in self.spots(state, way)
            if not way.border_only or site in state.board.border
        ]

    def ways_now(self, state: GameState) -> list[Way]:
        """Every way, of `ways`, a placement may come now: one a player who may place."""
        ways = []
        if START in self.ways and state.phase == "workers":
            start = _starting_way(state, state.by_name(state.placements[0][0]))
            ways += [start] if isinstance(start, Way) else []
        if MAIN in self.ways:
            ways += [Way(MAIN, p.player, p) for p in may_act(state, main=True)]
        if FREE in self.ways and state.phase == "action" and state.turn.free_spaces > 0:
            ways.append(Way(FREE, state.by_name(state.turn.player)))
        return ways

    def _event(self, way: Way, fields: dict[str, Any]) -> P:
        event = {"type": self.type, "player": way.player.name, **fields}
        return cast(P, {**event, "free": True} if way.kind == FREE else event)  # spots' fields
