"""Port bonus tiles: free actions before or after the main action (ruling 12).

A player may use each port tile in play once per game, when the tile is
neighbouring or within shipping reach of one of their units; several in one
turn are allowed. Port 7 follows the publisher's erratum (the neighbourhood
bonus may follow) unless the game chose the original 2017 text.
"""

from __future__ import annotations

from ..reach import port_route
from .actions import after_building, move_price, upgrade_change
from .state import GameState, PlayerState, Refused
from .turns import close_window, gate, open_turn

PRICE_STEPS = 3


def use_port(state: GameState, e: dict) -> list[str]:
    passage = gate(state, e["player"], main=False)
    player = passage.player
    tile = str(e["tile"])
    corner = _corner(state, tile)
    reasons = []
    if tile in player.ports_used:
        reasons.append(f"{player.name} has used port tile {tile} already (once per game)")
    slot = next(s for s in state.board.port_slots if s.module == corner)
    route = port_route(state.board, player.units, slot, player.shipping_level)
    if route is None:
        touches = ", ".join(state.board.spaces[i].id for i in slot.touches)
        reasons.append(
            f"port tile {tile} (corner {corner}, touching {touches}) is not neighbouring "
            f"or within shipping reach of {player.name}'s units"
        )
    if reasons:
        raise Refused(reasons)
    effect = e
    notes = []
    if tile == "KS":
        inner = str(e.get("use") or "")
        if inner in ("", "KS") or inner not in state.setup.ports.values():
            others = ", ".join(t for t in state.setup.ports.values() if t != "KS")
            raise Refused(
                f"the Kickstarter port uses one of the other port tiles in play: {others}"
            )
        if player.money < 3:
            raise Refused(f"the Kickstarter port costs £3 and {player.name} has £{player.money}")
        effect = {**e, "tile": inner}
    check = EFFECTS[effect["tile"]]
    change = check(state, player, effect)  # checks, and returns the change to make
    open_turn(state, passage)
    close_window(state)
    if tile == "KS":
        player.money -= 3
        notes.append(
            f"{player.name} pays £3 for the Kickstarter port and uses port tile {effect['tile']}"
        )
    player.ports_used.add(tile)
    notes.insert(0, f"{player.name} uses port tile {tile} ({route.describe(state.board)})")
    return notes + change()


def _corner(state: GameState, tile: str) -> str:
    if not state.setup.variants["port_tiles"]:
        raise Refused("this game is played without port tiles")
    for corner, placed in state.setup.ports.items():
        if placed == tile:
            return corner
    raise Refused(
        f"port tile {tile} is not in play (tiles: {', '.join(state.setup.ports.values())})"
    )


def _meat(state, player, e):
    def change():
        state.turn.port_one = True
        return [f"{player.name}'s next meat contract this turn needs one animal fewer"]

    return change


def _swap_goods(kind: str, take_count: int):
    def check(state: GameState, player: PlayerState, e: dict):
        economy = state.parts.economy
        allowed = economy.basic_goods if kind == "basic" else economy.processed_goods
        give, take = e.get("give"), list(e.get("take") or [])
        reasons = []
        if give not in allowed:
            reasons.append(f"give one {kind} good: {', '.join(allowed)}")
        elif player.goods[give] < 1:
            reasons.append(f"{player.name} has no {give} to give")
        if len(take) != take_count or any(good not in allowed for good in take):
            reasons.append(f"take {take_count} {kind} goods ({', '.join(allowed)})")
        if reasons:
            raise Refused(reasons)

        def change():
            player.goods[give] -= 1
            for good in take:
                player.goods[good] += 1
            return [f"{player.name} gives 1 {give} and takes {', '.join(take)}"]

        return change

    return check


def _upgrade_and_glory(state, player, e):
    if "choice" not in e:
        raise Refused(
            "port tile 4 gives a bonus upgrade: say technology, shipping, merchant or retrieve"
        )
    upgrade = upgrade_change(state, player, e)

    def change():
        player.glory += 3
        return upgrade() + [f"{player.name} gains 3 glory"]

    return change


def _money(amount: int):
    def check(state, player, e):
        def change():
            player.money += amount
            notes = [f"{player.name} receives £{amount}"]
            if amount == 5 and not player.open_contracts:
                state.turn.building_bonus = True
                notes.append(f"{player.name}'s export box is empty: the building bonus is open")
            return notes

        return change

    return check


def _price(state, player, e):
    good, direction = e.get("good"), e.get("direction")
    if good not in state.prices or direction not in ("up", "down"):
        raise Refused("port tile 6 moves one good's price: give the good and up or down")

    def change():
        before, after = move_price(state, good, PRICE_STEPS if direction == "up" else -PRICE_STEPS)
        return [f"{good} £{before} → £{after}"]

    return change


def _exchange(state: GameState, player: PlayerState, e: dict):
    swaps = list(e.get("swaps") or [])
    economy = state.parts.economy
    reasons = []
    if len(swaps) != 2:
        raise Refused("port tile 7 exchanges exactly two of your units on the map")
    spaces = [state.space(swap["space"]) for swap in swaps]
    if spaces[0] == spaces[1]:
        raise Refused("port tile 7 exchanges two different units")
    after = dict(player.units)
    for swap, space in zip(swaps, spaces, strict=True):
        old, new = player.units.get(space), swap["unit"]
        space_id = state.board.spaces[space].id
        if old is None:
            reasons.append(f"{space_id} holds no unit of {player.name}'s")
            continue
        if "field" in (old, new):
            reasons.append("fields are never exchanged with port tile 7")
        if old == new:
            reasons.append(f"the new unit on {space_id} must differ from the {old}")
        if not set(economy.units[new].land) & state.board.spaces[space].land:
            reasons.append(f"a {new.replace('_', ' ')} cannot stand on {space_id}")
        after[space] = new
    for unit, kind in economy.units.items():
        if sum(1 for k in after.values() if k == unit) > kind.count:
            reasons.append(f"{player.name} has no {unit.replace('_', ' ')} left on the board")
    if reasons:
        raise Refused(reasons)

    def change():
        player.units.update(after)
        notes = [
            f"{player.name} exchanges: "
            + ", ".join(
                f"{s['unit'].replace('_', ' ')} on {state.board.spaces[i].id}"
                for s, i in zip(swaps, spaces, strict=True)
            )
        ]
        return notes + after_building(
            state, player, spaces, neighbourhood=not state.setup.variants["port7_original"]
        )

    return change


EFFECTS = {
    "1": _meat,
    "2": _swap_goods("basic", 3),
    "3": _swap_goods("processed", 2),
    "4": _upgrade_and_glory,
    "5": _money(10),
    "6": _price,
    "7": _exchange,
    "8": _money(5),
}
