"""Whether a player may expand a unit onto a space, with every reason, and the cost.

An expansion places one unit from the player board on an empty space of the
active map that is neighbouring or within shipping reach of one of the
player's units, on land the unit can stand on; it costs the unit's price plus
the land cost (no land cost with a free-space export bonus).

Clan powers change these rules (fishermen, discounts, deltas). They plug in as
`ExpansionRule`s: functions that take the check so far and return it amended (each
clan's come from its rules unit, rules/game/clans/).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from .components import Economy
from .messages import Reason
from .position import MapPlayer, Position, held_words, refuse_land, refuse_place, unit_words
from .reach import Route, reachable, route_to, why_out_of_reach
from .words import plural


class ExpansionCheck(NamedTuple):
    """The answer to "may this player put this unit there?"."""

    player: str
    unit: str
    space: str
    reasons: tuple[str, ...]  # empty when legal
    unit_cost: int
    land_cost: int
    route: str | None  # how the space is reached, in words (a Reason)
    adjustments: tuple[tuple[str, int], ...] = ()  # (why, £ added or taken off) from a rule

    @property
    def legal(self) -> bool:
        return not self.reasons

    @property
    def cost(self) -> int:
        return max(0, self.unit_cost + self.land_cost + sum(n for _, n in self.adjustments))

    def cost_words(self) -> Reason:
        """'cow £9 + land £2', with any rule's change: 'distillery £10 − £3 Campbell + land £6'."""
        # TRANSLATORS: the parts of an expansion's cost: 'cow £9 + land £2'
        words = Reason("{unit} £{cost}", unit=unit_words(self.unit), cost=self.unit_cost)
        for why, amount in self.adjustments:
            # TRANSLATORS: {why} names the clan power that changes the cost: '− £3 Campbell'
            if amount > 0:
                words = Reason("{cost} + £{amount} {why}", cost=words, amount=amount, why=why)
            else:
                words = Reason("{cost} − £{amount} {why}", cost=words, amount=-amount, why=why)
        return Reason("{cost} + land £{land}", cost=words, land=self.land_cost)


ExpansionRule = Callable[[ExpansionCheck, Position, MapPlayer, int], ExpansionCheck]


def check_expansion(
    position: Position,
    who: str,
    unit: str,
    target: int,
    economy: Economy,
    *,
    free_land: bool = False,
    money: int | None = None,
    anywhere: bool = False,
    rules: Sequence[ExpansionRule] = (),
    routes: Mapping[int, Route] | None = None,
    left: int | None = None,
) -> ExpansionCheck:
    """Check one expansion. `anywhere` skips reach (starting workers at setup);
    `routes` is the player's reach when already worked out; `left` how many of the unit
    the player may still deploy, when a rule changes the box's count."""
    board = position.board
    player = position.player(who)
    space = board.spaces[target]
    reasons = _space_reasons(position, player, target, unit, economy)
    reasons += _stock_reasons(player, unit, economy, left)
    route = None
    if not anywhere and target not in player.units:  # reach says nothing of one's own space
        found = (
            routes.get(target)
            if routes is not None
            else route_to(board, player.units, target, player.shipping, player.ports)
        )
        if found is None:
            reasons.append(
                why_out_of_reach(
                    board, player.units, target, player.shipping, player.name, player.ports
                )
            )
        else:
            route = found.describe(board)
    check = ExpansionCheck(
        player=player.name,
        unit=unit,
        space=space.id,
        reasons=tuple(reasons),
        unit_cost=economy.units[unit].cost,
        land_cost=0 if free_land or space.cost is None else space.cost,
        route=route,
    )
    for rule in rules:
        check = rule(check, position, player, target)
    if money is not None and check.cost > money:
        check = check._replace(reasons=(*check.reasons, _short_of_money(check, player, money)))
    return check


def _space_reasons(
    position: Position, player: MapPlayer, target: int, unit: str, economy: Economy
) -> list[str]:
    """Why the unit cannot stand on the space itself: not a place, held, the wrong land."""
    board = position.board
    problem = refuse_place(board, target)
    if problem:
        return [problem]
    reasons: list[str] = []
    held = position.occupant(target)
    if held is not None:
        owner, kind = held
        reasons.append(held_words(board.spaces[target].id, player.name, owner.name, kind))
    wrong_land = refuse_land(board, target, unit, economy)
    if wrong_land:
        reasons.append(wrong_land)
    return reasons


def _stock_reasons(player: MapPlayer, unit: str, economy: Economy, left: int | None) -> list[str]:
    """Why the player has no such unit left to place (`left`: a rule's count, else the box's)."""
    total, placed = economy.units[unit].count, player.count(unit)
    if left is None or left == total - placed:  # the box's count
        if placed >= total:
            return [
                Reason(
                    "no {units} left on the player board (all {total} are on the map)",
                    units=plural(unit),
                    total=total,
                )
            ]
    elif left <= 0:
        return [
            Reason(
                "no {units} left on {player}'s player board", units=plural(unit), player=player.name
            )
        ]
    return []


def _short_of_money(check: ExpansionCheck, player: MapPlayer, money: int) -> str:
    return Reason(
        "costs £{cost} and {player} has £{money}",
        cost=check.cost,
        player=player.name,
        money=money,
    )


def legal_spaces(
    position: Position, who: str, unit: str, economy: Economy, **options: Any
) -> list[ExpansionCheck]:
    """Every space where the expansion is legal, in board order."""
    player = position.player(who)
    board = position.board
    left = options.get("left")
    if (left if left is not None else economy.units[unit].count - player.count(unit)) <= 0:
        return []
    routes = (
        None
        if options.get("anywhere")
        else reachable(board, player.units, player.shipping, player.ports)
    )
    checks = (
        check_expansion(position, who, unit, index, economy, routes=routes, **options)
        for index in _candidates(position, set(economy.units[unit].land), routes)
    )
    return [check for check in checks if check.legal]


def _candidates(
    position: Position, needs: set[str], routes: Mapping[int, Route] | None
) -> list[int]:
    """The free spaces in reach (`routes`; None: anywhere) on land in `needs`, nobody's."""
    board = position.board
    occupied = {index for p in position.players for index in p.units}
    return [
        space.index
        for space in board.spaces
        if (routes is None or space.index in routes)
        and needs & space.land
        and board.is_free_land(space.index)
        and space.index not in occupied
    ]
