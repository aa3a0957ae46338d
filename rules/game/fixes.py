"""Corrections: the physical table is the truth, so the file follows it.

A fix sets one thing to what the table shows (money, glory, goods, a price,
a unit on the map, merchants, a contract, shipping, technology). Fixes are
events like any other, so the log shows them and undo takes them back. A fix
still has to describe a possible table: a unit on land it can stand on, a
price on its track, no negative money.
"""

from __future__ import annotations

from ..position import refuse_land, refuse_place
from ..reach import SHIPPING_LEVELS
from .state import GameState, Refused


def fix(state: GameState, e: dict) -> list[str]:
    what = e["what"]
    handler = FIXES.get(what)
    if handler is None:
        raise Refused(f"cannot fix {what!r}: fix one of {', '.join(FIXES)}")
    return handler(state, e)


def _player(state: GameState, e: dict):
    if not e.get("player"):
        raise Refused(f"say whose {e['what']} to fix")
    return state.player(e["player"])


def _value(e: dict, minimum: int = 0) -> int:
    value = e.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise Refused(f"a {e['what']} fix needs a whole number, {minimum} or more")
    return value


def _money(state, e):
    player, value = _player(state, e), _value(e)
    before, player.money = player.money, value
    return [f"fix: {player.name}'s money £{before} → £{value}"]


def _glory(state, e):
    player, value = _player(state, e), _value(e)
    before, player.glory = player.glory, value
    return [f"fix: {player.name}'s glory {before} → {value}"]


def _goods(state, e):
    player, value = _player(state, e), _value(e)
    good = e.get("good")
    if good not in player.goods:
        raise Refused(f"no good {good!r}: {', '.join(player.goods)}")
    before, player.goods[good] = player.goods[good], value
    return [f"fix: {player.name}'s {good} {before} → {value}"]


def _price(state, e):
    good, value = e.get("good"), _value(e)
    if good not in state.prices:
        raise Refused(f"no good {good!r}: {', '.join(state.prices)}")
    problem = state.market.check_price(good, value)
    if problem:
        raise Refused(problem)
    before, state.prices[good] = state.prices[good], value
    return [f"fix: {good} price £{before} → £{value}"]


def _unit(state, e):
    player = _player(state, e)
    space = state.space(e.get("space") or "")
    unit = e.get("unit")
    space_id = state.board.spaces[space].id
    holder = state.occupant(space)
    if unit in (None, "none"):
        if holder is not player:
            raise Refused(f"{space_id} holds no unit of {player.name}'s")
        removed = player.units.pop(space)
        return [f"fix: {player.name}'s {removed} taken off {space_id}"]
    economy = state.parts.economy
    if unit not in economy.units:
        raise Refused(f"no unit {unit!r}: {', '.join(economy.units)}")
    reasons = [
        r
        for r in (refuse_place(state.board, space), refuse_land(state.board, space, unit, economy))
        if r
    ]
    if holder is not None and holder is not player:
        reasons.append(f"{space_id} holds {holder.name}'s {holder.units[space]}")
    placed = player.count(unit) - (1 if player.units.get(space) == unit else 0)
    if placed >= economy.units[unit].count:
        reasons.append(f"all of {player.name}'s {unit} pieces are on the map")
    if reasons:
        raise Refused(reasons)
    player.units[space] = unit
    return [f"fix: {player.name}'s {unit.replace('_', ' ')} on {space_id}"]


def _merchants(state, e):
    player, value = _player(state, e), _value(e)
    total = state.parts.economy.merchants_per_colour
    board = total - value - player.merchants_out()
    if board < 0:
        raise Refused(
            f"{player.name} has {total} merchants, {player.merchants_out()} on the market: "
            f"at most {total - player.merchants_out()} ready"
        )
    player.merchants_stock, player.merchants_board = value, board
    return [f"fix: {player.name} has {value} merchants ready, {board} not hired"]


def _contract(state, e):
    contract = e.get("contract")
    if contract not in state.parts.contracts:
        raise Refused(f"no contract {contract!r}: ids run from 1 to {len(state.parts.contracts)}")
    to = e.get("to")
    if to not in ("open", "fulfilled", "board", "out"):
        raise Refused("say where the contract goes: open, fulfilled, board or out")
    player = _player(state, e) if to in ("open", "fulfilled") else None
    if to == "board" and None not in state.export_board and contract not in state.export_board:
        raise Refused("the export board has no empty box")
    # take it from wherever it is
    if contract in state.export_board:
        state.export_board[state.export_board.index(contract)] = None
    if state.pile is not None and contract in state.pile:
        state.pile.remove(contract)
    if contract in state.removed:
        state.removed.remove(contract)
    for p in state.players:
        for held in (p.open_contracts, p.fulfilled):
            if contract in held:
                held.remove(contract)
    if to == "board":
        state.export_board[state.export_board.index(None)] = contract
    elif to == "out":
        state.removed.append(contract)
    elif to == "open":
        player.open_contracts.append(contract)
    else:
        player.fulfilled.append(contract)
    whose = f" of {player.name}" if player else ""
    return [f"fix: contract {contract} is now {to}{whose}"]


def _shipping(state, e):
    player = _player(state, e)
    level = e.get("level")
    if level not in SHIPPING_LEVELS:
        raise Refused(f"shipping is one of {', '.join(SHIPPING_LEVELS)}")
    player.shipping = SHIPPING_LEVELS.index(level)
    return [f"fix: {player.name}'s shipping is {level.replace('_', '-')}"]


def _technology(state, e):
    player = _player(state, e)
    worker = e.get("worker")
    if worker not in ("woodcutter", "miner"):
        raise Refused("technology is for the woodcutter or the miner")
    if e.get("upgraded", True):
        player.technology.add(worker)
    else:
        player.technology.discard(worker)
    return [
        f"fix: {player.name}'s {worker} technology "
        f"{'upgraded' if worker in player.technology else 'not upgraded'}"
    ]


FIXES = {
    "money": _money,
    "glory": _glory,
    "goods": _goods,
    "price": _price,
    "unit": _unit,
    "merchants": _merchants,
    "contract": _contract,
    "shipping": _shipping,
    "technology": _technology,
}
