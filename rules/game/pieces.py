"""The units on the map as the rules see them: what each produces, where they stand for
the map engine, and the bonuses a new building opens."""

from __future__ import annotations

from collections.abc import Iterable

from ..messages import Reason
from ..position import MapPlayer, Position
from ..space_names import MENU_LINE, option_place
from .state import GameState, PlayerState

PRODUCES = {
    "sheep": "wool",
    "cow": "milk",
    "field": "grain",
    "cheese_dairy": "cheese",
    "bakery": "bread",
    "distillery": "whisky",
}
BUILDINGS = ("cheese_dairy", "bakery", "distillery")
WORKERS = ("woodcutter", "miner")  # the workers with a technology tile
FISHERMAN = "fisherman"  # a clan's worker standing on a loch (see rules/game/clans)
ALL_WORKERS = (*WORKERS, FISHERMAN)  # every kind that earns worker income
ANIMALS = {"beef": "cow", "mutton": "sheep"}


def position_of(state: GameState) -> Position:
    """The map as the map engine sees it: every player's units and shipping."""
    return Position(
        state.board,
        tuple(
            MapPlayer(p.name, p.colour, p.shipping_level, dict(p.units), dict(p.port_units))
            for p in state.players
        ),
    )


def space_place(
    state: GameState, space_id: str, viewer: str, cost: bool = False, head: str = ""
) -> str:
    """Where a space is, in the board's own words: terrain (`cost`: with the land cost),
    row and hex, and the nearest landmark that fits on a menu line after `head`."""
    room = MENU_LINE - len(head) - 2  # ": " between
    return option_place(position_of(state), space_id, viewer, port_names(state), cost, room)


def port_names(state: GameState) -> dict[str, str]:
    """Each corner's port tile as a table names it, by what it does (no tile shows a
    number): corner letter -> name."""
    effects = state.rules.port_effects()
    return {
        corner: effects[str(tile).upper()].name
        if str(tile).upper() in effects
        else Reason("a port tile")
        for corner, tile in state.setup.ports.items()
    }


PORT_PREFIX = "port:"  # a port slot in an event's words: `port:A`, by its module letter


def port_letter(word: object) -> str | None:
    """The module letter of a port word (`port:A`, any letter case), else None."""
    if isinstance(word, str) and word.strip().lower().startswith(PORT_PREFIX):
        return word.strip()[len(PORT_PREFIX) :].strip().upper()
    return None


def port_word(letter: str) -> str:
    return f"{PORT_PREFIX}{letter}"


def site_name(state: GameState, site: int | str) -> str:
    """A map space (its index) by its id, a port slot (its module letter) as `port A`."""
    return (
        Reason("port {letter}", letter=site)
        if isinstance(site, str)
        else state.board.spaces[site].id
    )


def site_neighbours(state: GameState, site: int | str) -> tuple[int, ...]:
    """The spaces neighbouring a map space, or those a port slot touches."""
    if isinstance(site, str):
        slot = next((s for s in state.board.port_slots if s.module == site), None)
        return slot.touches if slot is not None else ()
    return state.board.neighbouring[site]


def unit_words(unit: str) -> str:
    return unit.replace("_", " ")


def neighbourhood_goods(
    state: GameState, player: PlayerState, spaces: Iterable[int | str]
) -> set[str]:
    """Goods that opponents' units neighbouring `spaces` produce (a port slot, by its module
    letter, neighbours the spaces it touches)."""
    return set(neighbourhood_sources(state, player, spaces))


def neighbourhood_sources(
    state: GameState, player: PlayerState, spaces: Iterable[int | str]
) -> dict[str, int]:
    """How many opponents' units neighbouring `spaces` produce each good: one purchase each
    (ruling 26, "you may use the Neighbourhood bonus for each of these units")."""
    units = {
        near: owner.units[near]
        for space in spaces
        for near in site_neighbours(state, space)
        if (owner := state.occupant(near)) is not None
        and owner is not player
        and owner.units[near] in PRODUCES
    }
    sources: dict[str, int] = {}
    for near in sorted(units):
        good = PRODUCES[units[near]]
        sources[good] = sources.get(good, 0) + 1
    return sources


def after_building(
    state: GameState, player: PlayerState, spaces: Iterable[int | str], neighbourhood: bool = True
) -> list[str]:
    """Open the neighbourhood bonus and, on a fourth building, the building bonus. A unit on
    a port tile is given by the slot's module letter."""
    spaces = tuple(spaces)
    notes: list[str] = []
    if (
        neighbourhood
        and state.rules.neighbourhood_refusal(state) is None
        and neighbourhood_goods(state, player, spaces)
    ):
        state.turn.expanded = spaces
        goods = ", ".join(sorted(neighbourhood_goods(state, player, spaces)))
        notes.append(
            Reason(
                "neighbourhood bonus open: {player} may buy {goods} at a discount",
                player=player.name,
                goods=goods,
            )
        )
    for space in spaces:
        unit = player.port_units[space] if isinstance(space, str) else player.units[space]
        if (
            unit in BUILDINGS
            and player.count(unit) == state.parts.economy.units[unit].count
            and has_empty_box(state, player)
        ):
            state.turn.building_bonus = True
            notes.append(
                Reason(
                    "building bonus: {player} deployed the fourth {unit} with an empty export box",
                    player=player.name,
                    unit=unit_words(unit),
                )
            )

    return notes


def has_empty_box(state: GameState, player: PlayerState) -> bool:
    return len(player.open_contracts) < state.rules.contract_boxes(state, player)
