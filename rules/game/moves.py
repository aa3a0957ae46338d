"""Events the rules allow now: the candidates for the player or phase at hand.

`candidates` lists plausible events for the current moment (each still goes
through the rules when applied); `play_one` picks one with a random
generator and applies the first the rules accept. Tests use it to play whole
games, and the sample games were recorded with it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ..expansion import legal_spaces
from .actions import WORKERS, neighbourhood_goods, position_of
from .engine import Game
from .state import GameState, PlayerState, Refused


def _fulfil(state: GameState, player: PlayerState, contract_id: int) -> dict[str, Any] | None:
    contract = state.parts.contracts[contract_id]
    slaughter = []
    for meat, animal in (("beef", "cow"), ("mutton", "sheep")):
        spaces = [s for s, kind in player.units.items() if kind == animal]
        need = contract.pay.get(meat, 0)
        if len(spaces) < need:
            return None
        slaughter += [state.board.spaces[s].id for s in spaces[:need]]
    return {
        "type": "fulfil",
        "player": player.name,
        "contract": contract_id,
        "slaughter": slaughter,
    }


def _expansions(
    state: GameState, player: PlayerState, rng: random.Random, free: bool
) -> Iterator[dict]:
    units = list(state.parts.economy.units)
    rng.shuffle(units)
    position = position_of(state)
    for unit in units[:3]:
        checks = legal_spaces(
            position, player.name, unit, state.parts.economy, free_land=free, money=player.money
        )
        if checks:
            event = {
                "type": "expand",
                "player": player.name,
                "unit": unit,
                "space": rng.choice(checks).space,
            }
            if free:
                event["free"] = True
            yield event


def candidates(state: GameState, rng: random.Random) -> Iterator[dict[str, Any]]:
    """Plausible events for now, most useful first; the rules still judge each one."""
    if state.phase == "clans":
        free = list(state.clans_left)
        rng.shuffle(free)
        if state.setup.variants["clan_auction"]:
            for p in state.players:
                if not p.clan:
                    yield {
                        "type": "auction",
                        "player": p.name,
                        "clan": free[0],
                        "bid": rng.randint(0, 6),
                    }
        else:
            chooser = next(n for n in reversed(state.turn_order) if state.by_name(n).clan is None)
            yield {"type": "clan", "player": chooser, "clan": free[0]}
        return
    if state.phase == "workers":
        name, border = state.placements[0]
        for worker in rng.sample(WORKERS, 2):
            spaces = [
                s.index
                for s in state.board.spaces
                if state.board.is_free_land(s.index)
                and state.occupant(s.index) is None
                and (not border or s.index in state.board.border)
                and set(state.parts.economy.units[worker].land) & s.land
            ]
            rng.shuffle(spaces)
            for space in spaces[:8]:
                yield {
                    "type": "worker",
                    "player": name,
                    "unit": worker,
                    "space": state.board.spaces[space].id,
                }
        return
    if state.phase == "production":
        player = next(p for p in state.players if not p.produced)
        milk = player.goods["milk"] + player.count("cow")
        grain = player.goods["grain"] + 2 * player.count("field")
        cheese = min(player.count("cheese_dairy"), milk)
        whisky = min(player.count("distillery"), grain)
        bread = min(player.count("bakery"), grain - whisky)
        yield {
            "type": "produce",
            "player": player.name,
            "cheese": cheese,
            "bread": bread,
            "whisky": whisky,
        }
        yield {"type": "produce", "player": player.name}
        return
    if state.phase == "preparation":
        yield {"type": "prepare"}
        return
    if state.phase != "action":
        return
    yield from _turn_candidates(state, rng)


def _turn_candidates(state: GameState, rng: random.Random) -> Iterator[dict[str, Any]]:
    turn = state.turn
    if turn.main_done:
        current = state.by_name(turn.player)
        if turn.free_spaces:
            yield from _expansions(state, current, rng, free=True)
        if turn.bonus_upgrades:
            for choice in ("shipping", "merchant"):
                yield {"type": "bonus", "player": current.name, "choice": choice}
            yield {
                "type": "bonus",
                "player": current.name,
                "choice": "technology",
                "worker": rng.choice(WORKERS),
            }
        if turn.building_bonus and rng.random() < 0.7:
            drawn = state.pile[:3] if state.pile else []
            yield {
                "type": "building_bonus",
                "player": current.name,
                "keep": drawn[0] if drawn and not current.open_contracts else None,
            }
        if turn.expanded and rng.random() < 0.6:
            for good in sorted(neighbourhood_goods(state, current, turn.expanded)):
                yield {
                    "type": "neighbourhood",
                    "player": current.name,
                    "good": good,
                    "quantity": rng.randint(1, 2),
                }
        nxt = state.next_player()
        if nxt is None:
            return
        player = state.by_name(nxt)
    else:
        player = state.by_name(turn.player)
    name = player.name
    for tile in state.setup.ports.values():
        if tile not in player.ports_used and tile in ("5", "8") and rng.random() < 0.3:
            yield {"type": "port", "player": name, "tile": tile}
    for contract_id in player.open_contracts:
        event = _fulfil(state, player, contract_id)
        if event:
            yield event
        contract = state.parts.contracts[contract_id]
        for good, amount in contract.pay.items():
            missing = amount - player.goods.get(good, 0)
            if good in state.prices and missing > 0:
                yield {
                    "type": "trade",
                    "player": name,
                    "side": "buy",
                    "good": good,
                    "quantity": min(missing, max(1, player.merchants_stock)),
                }
    held = [g for g in state.prices if player.goods.get(g, 0) > 0]
    if player.money < 10 and held and player.merchants_stock:
        good = max(held, key=lambda g: state.prices[g])
        yield {
            "type": "trade",
            "player": name,
            "side": "sell",
            "good": good,
            "quantity": min(player.goods[good], player.merchants_stock),
        }
    if rng.random() < 0.02 or (player.money < 4 and not held):
        yield {"type": "pass", "player": name}
    options: list[dict[str, Any]] = []
    on_board = [c for c in state.export_board if c is not None]
    if not player.open_contracts and on_board and state.round < 5 and rng.random() < 0.5:
        yield {"type": "contract", "player": name, "contract": rng.choice(on_board)}
    yield from list(_expansions(state, player, rng, free=False))[:2]
    goods = list(state.prices)
    options.append(
        {"type": "trade", "player": name, "side": "sell", "good": rng.choice(goods), "quantity": 1}
    )
    options.append(
        {
            "type": "trade",
            "player": name,
            "side": "buy",
            "good": rng.choice(goods),
            "quantity": rng.randint(1, 2),
        }
    )
    options.append({"type": "shipping", "player": name})
    options.append({"type": "merchant", "player": name})
    options.append({"type": "technology", "player": name, "worker": rng.choice(WORKERS)})
    rng.shuffle(options)
    yield from options
    yield {"type": "pass", "player": name}


def play_one(game: Game, rng: random.Random) -> dict[str, Any] | None:
    """Apply the first candidate the rules accept; None when the game is over."""
    for event in candidates(game.state, rng):
        try:
            game.apply(event)
            return event
        except Refused:
            continue
    return None


def play_to_end(game: Game, rng: random.Random, limit: int = 5000) -> int:
    """Play until the game is over (or `limit` events); return how many were played."""
    played = 0
    while game.state.phase != "over" and played < limit:
        if play_one(game, rng) is None:
            raise RuntimeError(f"no legal event found in phase {game.state.phase}")
        played += 1
    return played
