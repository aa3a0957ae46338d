"""The units on the map as the rules see them: what each produces, where they stand for
the map engine, and the bonuses a new building opens."""

from __future__ import annotations

from collections.abc import Iterable

from ..position import MapPlayer, Position
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
WORKERS = ("woodcutter", "miner")
ANIMALS = {"beef": "cow", "mutton": "sheep"}


def position_of(state: GameState) -> Position:
    """The map as the map engine sees it: every player's units and shipping."""
    return Position(
        state.board,
        tuple(MapPlayer(p.name, p.colour, p.shipping_level, dict(p.units)) for p in state.players),
    )


def unit_words(unit: str) -> str:
    return unit.replace("_", " ")


def neighbourhood_goods(state: GameState, player: PlayerState, spaces: Iterable[int]) -> set[str]:
    """Goods that opponents' units neighbouring `spaces` produce."""
    goods = set()
    for space in spaces:
        for near in state.board.neighbouring[space]:
            owner = state.occupant(near)
            if owner is not None and owner is not player and owner.units[near] in PRODUCES:
                goods.add(PRODUCES[owner.units[near]])
    return goods


def after_building(
    state: GameState, player: PlayerState, spaces: Iterable[int], neighbourhood: bool = True
) -> list[str]:
    """Open the neighbourhood bonus and, on a fourth building, the building bonus."""
    spaces = tuple(spaces)
    notes = []
    if (
        neighbourhood
        and state.rules.neighbourhood_refusal(state) is None
        and neighbourhood_goods(state, player, spaces)
    ):
        state.turn.expanded = spaces
        goods = ", ".join(sorted(neighbourhood_goods(state, player, spaces)))
        notes.append(f"neighbourhood bonus open: {player.name} may buy {goods} at a discount")
    for space in spaces:
        unit = player.units[space]
        if (
            unit in BUILDINGS
            and player.count(unit) == state.parts.economy.units[unit].count
            and has_empty_box(state, player)
        ):
            state.turn.building_bonus = True
            notes.append(
                f"building bonus: {player.name} deployed the fourth "
                f"{unit_words(unit)} with an empty export box"
            )
    return notes


def has_empty_box(state: GameState, player: PlayerState) -> bool:
    return len(player.open_contracts) < state.rules.contract_boxes(state, player)
