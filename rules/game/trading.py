"""Trading at the market: what a purchase or sale needs, and the change it makes.

A trade pays or receives the current price times the quantity, then moves the
price one step per unit (ruling 13); the neighbourhood bonus buys the same way
at a discount. Merchants go to the market, never on both sides of one good.

Some clans receive money for trading (`bonus`): it comes before a purchase is
paid, so it can make one affordable.
"""

from __future__ import annotations

from ..words import counted
from .state import GameState, PlayerState


def move_price(state: GameState, good: str, steps: int) -> tuple[int, int]:
    """Move a price along its track; return (before, after)."""
    before = state.prices[good]
    state.prices[good] = state.market.tracks[good].move(before, steps)
    return before, state.prices[good]


def unit_price(state: GameState, good: str, discount: int = 0) -> int:
    return max(0, state.prices[good] - discount)


def trade_reasons(
    state: GameState,
    player: PlayerState,
    good: str,
    side: str,
    quantity: int,
    discount: int = 0,
    bonus: int = 0,
) -> list[str]:
    reasons = []
    if player.merchants_stock < quantity:
        reasons.append(
            f"{player.name} has {counted(player.merchants_stock, 'free merchant')}, "
            f"{quantity} needed"
        )
    other = "sell" if side == "buy" else "buy"
    if player.side_traded(good) == other:
        reasons.append(
            f"{player.name}'s merchants are on the {other} side of {good} this round: "
            f"never both sides of one good"
        )
    price = unit_price(state, good, discount)
    if side == "buy" and player.money + bonus < price * quantity:
        has = f"£{player.money}" + (f" (+ £{bonus} for trading)" if bonus else "")
        reasons.append(f"{quantity} {good} cost £{price * quantity} and {player.name} has {has}")
    if side == "sell" and player.goods[good] < quantity:
        reasons.append(f"{player.name} has {player.goods[good]} {good}, not {quantity}")
    return reasons


def most_tradable(
    state: GameState,
    player: PlayerState,
    good: str,
    side: str,
    discount: int = 0,
    bonus: int = 0,
) -> int:
    """The largest quantity `trade_reasons` accepts (0: none); the same rules, counted."""
    other = "sell" if side == "buy" else "buy"
    if player.side_traded(good) == other:
        return 0
    most = player.merchants_stock
    if side == "sell":
        return min(most, player.goods[good])
    price = unit_price(state, good, discount)
    return most if price == 0 else min(most, (player.money + bonus) // price)


def do_trade(
    state: GameState,
    player: PlayerState,
    good: str,
    side: str,
    quantity: int,
    discount: int = 0,
    bonus: int = 0,
) -> list[str]:
    notes = []
    if bonus:
        player.money += bonus
        notes.append(f"{player.name} receives £{bonus} for trading")
    price = unit_price(state, good, discount)
    total = price * quantity
    if side == "buy":
        player.money -= total
        player.goods[good] += quantity
    else:
        player.money += total
        player.goods[good] -= quantity
    player.merchants_stock -= quantity
    key = f"{good}:{side}"
    player.merchants_market[key] = player.merchants_market.get(key, 0) + quantity
    before, after = move_price(state, good, quantity if side == "buy" else -quantity)
    verb = "pays" if side == "buy" else "receives"
    each = f"£{price} each" + (f" (£{before} − £{discount})" if discount else "")
    return notes + [f"{player.name} {verb} £{total} ({each}); {good} £{before} → £{after}"]
