"""Trading at the market: what a purchase or sale needs, and the change it makes.

A trade pays or receives the current price times the quantity, then moves the
price one step per unit (ruling 13); the neighbourhood bonus buys the same way
at a discount. Merchants go to the market, never on both sides of one good.

Some clans receive money for trading (`bonus`): it comes before a purchase is
paid, so it can make one affordable.
"""

from __future__ import annotations

from ..messages import N_, Plural, Reason
from .state import GameState, PlayerState

# a trade refused for the merchants on the other side of the good, by that side
_OTHER_SIDE = {
    "sell": N_(
        "{player}'s merchants are on the sell side of {good} this round: never both sides of "
        "one good"
    ),
    "buy": N_(
        "{player}'s merchants are on the buy side of {good} this round: never both sides of "
        "one good"
    ),
}
# a trade's note by its side, with the discount or without ({before}: the price before it)
_TRADED = {
    ("buy", False): N_("{player} pays £{total} (£{price} each); {good} £{before} → £{after}"),
    ("buy", True): N_(
        "{player} pays £{total} (£{price} each (£{before} − £{discount})); "
        "{good} £{before} → £{after}"
    ),
    ("sell", False): N_("{player} receives £{total} (£{price} each); {good} £{before} → £{after}"),
    ("sell", True): N_(
        "{player} receives £{total} (£{price} each (£{before} − £{discount})); "
        "{good} £{before} → £{after}"
    ),
}


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
    reasons: list[str] = []
    if player.merchants_stock < quantity:
        reasons.append(
            Plural(
                "{player} has {count} free merchant, {needed} needed",
                "{player} has {count} free merchants, {needed} needed",
                count=player.merchants_stock,
                player=player.name,
                needed=quantity,
            )
        )
    other = "sell" if side == "buy" else "buy"
    if player.side_traded(good) == other:
        reasons.append(Reason(_OTHER_SIDE[other], player=player.name, good=good))
    price = unit_price(state, good, discount)
    if side == "buy" and player.money + bonus < price * quantity:
        costs = {"quantity": quantity, "good": good, "cost": price * quantity}
        reasons.append(
            Reason(
                "{quantity} {good} cost £{cost} and {player} has £{money} (+ £{bonus} for trading)",
                **costs,
                player=player.name,
                money=player.money,
                bonus=bonus,
            )
            if bonus
            else Reason(
                "{quantity} {good} cost £{cost} and {player} has £{money}",
                **costs,
                player=player.name,
                money=player.money,
            )
        )
    if side == "sell" and player.goods[good] < quantity:
        reasons.append(
            Reason(
                "{player} has {held} {good}, not {quantity}",
                player=player.name,
                held=player.goods[good],
                good=good,
                quantity=quantity,
            )
        )
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
    notes: list[str] = []
    if bonus:
        player.money += bonus
        notes.append(
            Reason("{player} receives £{bonus} for trading", player=player.name, bonus=bonus)
        )
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
    traded = Reason(
        _TRADED[side, bool(discount)],
        player=player.name,
        total=total,
        price=price,
        discount=discount,
        good=good,
        before=before,
        after=after,
    )
    return notes + [traded]
