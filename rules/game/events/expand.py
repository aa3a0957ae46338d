"""Expand (action III), and the free-space expansions a contract gives: a unit from the
player board onto a space in reach, for the unit's cost and the land's (no land with a
free space). A new building may open the neighbourhood and building bonuses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, NotRequired, TypedDict, TypeVar, cast

from ...expansion import ExpansionCheck, ExpansionRule, check_expansion, legal_spaces
from ...messages import Joined, Reason
from ..pieces import position_of, space_place, unit_words
from ..placement import FREE, MAIN, START, PlacedEvent, PlacementSpec, Spot, Way
from ..spec import Field, canonical_space
from ..state import GameState, PlayerState

if TYPE_CHECKING:
    from collections.abc import Iterator


def _terms(
    state: GameState,
    player: PlayerState,
    unit: str,
    free: bool,
    anywhere: bool,
    rules: tuple[ExpansionRule, ...],
) -> dict[str, Any]:
    """The player's side of the map engine's check: how the space is had (free land;
    anywhere, for starting workers, which need no reach), money, the rules units'
    amendments and the units left."""
    return {
        "free_land": free,
        "money": player.money,
        "anywhere": anywhere,
        "rules": rules,
        "left": state.rules.units_left(state, player, unit),
    }


def expansion(
    state: GameState,
    player: PlayerState,
    unit: str,
    space: int,
    free: bool = False,
    anywhere: bool = False,
) -> ExpansionCheck:
    """The map engine's check of one expansion, with the player's terms (`_terms`)."""
    rules = state.rules.expansion_rules(state, player)
    terms = _terms(state, player, unit, free, anywhere, rules)
    return check_expansion(
        position_of(state), player.name, unit, space, state.parts.economy, **terms
    )


def legal_expansions(
    state: GameState,
    player: PlayerState,
    units: tuple[str, ...] | None = None,
    free: bool = False,
    anywhere: bool = False,
) -> list[ExpansionCheck]:
    """Every legal expansion of `units` (all by default), unit by unit, in board order."""
    position, economy = position_of(state), state.parts.economy
    rules = state.rules.expansion_rules(state, player)
    return [
        check
        for unit in units or tuple(economy.units)
        for check in legal_spaces(
            position,
            player.name,
            unit,
            economy,
            **_terms(state, player, unit, free, anywhere, rules),
        )
    ]


def unit_on_space(unit: str, space: str, check: ExpansionCheck) -> str:
    """'sheep on A-09 for £8', with how a clan's price comes about when it adjusts one."""
    if check.adjustments:  # a clan's price: say how it comes about
        return Reason(
            "{unit} on {space} for £{cost} ({why})",
            unit=unit,
            space=space,
            cost=check.cost,
            why=check.cost_words(),
        )
    return Reason("{unit} on {space} for £{cost}", unit=unit, space=space, cost=check.cost)


def placed_words(head: str, place: str) -> str:
    """A unit's menu line: what is placed where for how much, then where the space is."""
    # TRANSLATORS: {option} is 'sheep on A-09 for £8'; {place} where A-09 is on the board
    return Reason("{option}: {place}", option=head, place=place)


class UnitPlacedEvent(PlacedEvent):
    """A placement of a unit of the player board's: which unit."""

    unit: str


X = TypeVar("X", bound=UnitPlacedEvent)


class ExpansionPlacement(PlacementSpec[X]):
    """A unit onto land by the map engine's expansion check: reach, the land it stands
    on, the unit's and the land's price (neither reach nor land's price for a free space
    or a starting worker, as the way says)."""

    units: ClassVar[tuple[str, ...] | None] = None  # the units offered; None: all

    def unit(self, e: X) -> str:
        return e["unit"]

    def normalise(self, state: GameState, e: X) -> X:
        e = super().normalise(state, e)
        return cast(X, {**e, "space": canonical_space(state, e["space"])})  # the same record

    def spot(self, state: GameState, way: Way, e: X) -> Spot:
        space = state.space(e["space"])
        check = expansion(state, way.player, e["unit"], space, way.kind == FREE, way.kind == START)
        where = check.space if way.kind == START else f"{check.space} ({check.route})"
        # joined, not an f-string: the parts are read in the reader's language
        detail = Joined("", [": ", check.cost_words()]) if check.adjustments else ""
        return Spot(space, check.cost, check.reasons, where, detail)

    def spots(self, state: GameState, way: Way) -> Iterator[tuple[int | str, dict[str, Any]]]:
        free, anywhere = way.kind == FREE, way.kind == START
        for check in legal_expansions(state, way.player, self.units, free, anywhere):
            yield state.board.index[check.space], {"unit": check.unit, "space": check.space}


class ExpandEvent(TypedDict):
    type: Literal["expand"]
    player: str
    unit: str
    space: str
    free: NotRequired[bool]


class Expand(ExpansionPlacement[ExpandEvent]):
    type = "expand"
    menu_words = Reason("Expand")
    menu_key = "e"
    menu_order = 30
    narrowed_by = ("which_unit", "where")
    rule = Reason(
        "Place one unit from the top of its column on your Player board onto an empty space "
        "neighbouring or within Shipping reach of one of your units, on land that supports "
        "it, and pay for the unit and for the space."
    )
    section = Reason("III. Expand")
    syntax = "PLAYER UNIT SPACE [--free]"
    help = Reason("expand (--free: with a free-space bonus)")
    fields = {
        "player": Field("player"),
        "unit": Field("unit"),
        "space": Field("space"),
        "free": Field("bool", required=False),
    }
    positional = ("player", "unit", "space")
    flags = {"free": "free"}
    defaults = {"free": False}
    ways = (MAIN, FREE)

    def describe(self, e: ExpandEvent) -> str:
        fields = {"player": e["player"], "unit": unit_words(e["unit"]), "space": e["space"]}
        if e.get("free"):
            return Reason("{player} expands: {unit} on {space} (free space)", **fields)
        return Reason("{player} expands: {unit} on {space}", **fields)

    def option_words(self, state: GameState, e: ExpandEvent) -> str:
        """'sheep on A-09 for £8: forest £2, beside a 2-space loch (E)': the id first, so no
        two lines of a menu read alike; a free space says the land it saves."""
        player = state.by_name(e["player"])
        space = state.space(e["space"])
        free = bool(e.get("free"))
        check = expansion(state, player, e["unit"], space, free)
        head: str
        if free:
            head = Reason(
                "{unit} on {space} for £{cost} with the free space (saves land £{saved})",
                unit=unit_words(e["unit"]),
                space=e["space"],
                cost=check.cost,
                saved=state.board.spaces[space].cost,
            )
        else:
            head = unit_on_space(unit_words(e["unit"]), e["space"], check)
        return placed_words(head, space_place(state, e["space"], player.name, not free, head))


SPEC = Expand()
