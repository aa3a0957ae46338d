"""Trade (action I): buy or sell one good at the current price, one merchant per unit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import N_, Reason
from ...names import counted
from ..spec import EventSpec, Field
from ..trading import do_trade, most_tradable, trade_reasons, unit_price
from ..turns import binding, finish_main, gate, may_act

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..state import GameState


def serves(good: str) -> str:
    """The binding a trade of `good` meets (after port 6 on it)."""
    return f"trade:{good}"


# a trade in words, by its side: as the log says it, and as a menu offers it (plain, and
# with the money a clan receives for trading); {goods} is counted: '2 wool'
TRADED = {
    # TRANSLATORS: {goods} is a good counted in the reader's language: '2 lanas'
    "buy": N_("{player} buys {goods}"),
    "sell": N_("{player} sells {goods}"),
}
OFFERED = {
    "buy": (
        N_("buy {goods} for £{total}"),
        N_("buy {goods} for £{total} (and receive £{bonus} for trading)"),
    ),
    "sell": (
        N_("sell {goods} for £{total}"),
        N_("sell {goods} for £{total} (and receive £{bonus} for trading)"),
    ),
}


class TradeEvent(TypedDict):
    type: Literal["trade"]
    player: str
    side: str
    good: str
    quantity: int


class Trade(EventSpec[TradeEvent]):
    type = "trade"
    menu_words = Reason("Trade at the market")
    menu_key = "t"
    menu_order = 20
    narrowed_by = ("buy_or_sell",)
    rule = Reason(
        "Send as many Merchants from your stock to the buy or sell area of one Good as Goods "
        "you trade, and pay or receive its current price for each; the price then moves one "
        "step per Good. You may never have Merchants on both the buy and the sell area of the"
        " same Good."
    )
    section = Reason("I. Trade")
    syntax = "PLAYER buy|sell GOOD N"
    help = Reason("trade one good")
    fields = {
        "player": Field("player"),
        "side": Field("side"),
        "good": Field("good"),
        "quantity": Field("quantity"),
    }
    positional = ("player", "side", "good", "quantity")

    def check(self, state: GameState, e: TradeEvent) -> list[str]:
        player = gate(state, e["player"], main=True, serves=serves(e["good"])).player
        if e["quantity"] < 1:
            return [Reason("a Trade action buys or sells at least one {good}", good=e["good"])]
        bonus = state.rules.trade_money(state, player, "market")
        return trade_reasons(state, player, e["good"], e["side"], e["quantity"], bonus=bonus)

    def apply(self, state: GameState, e: TradeEvent) -> list[str]:
        passage = gate(state, e["player"], main=True, serves=serves(e["good"]))
        finish_main(state, passage)
        player = passage.player
        bonus = state.rules.trade_money(state, player, "market")
        return do_trade(state, player, e["good"], e["side"], e["quantity"], bonus=bonus)

    def options(self, state: GameState) -> Iterable[TradeEvent]:
        events: list[TradeEvent] = []
        bound = binding(state.turn)
        bound = bound if bound and bound.startswith(serves("")) else None
        for passage in may_act(state, main=True, serves=bound):
            player = passage.player
            bonus = state.rules.trade_money(state, player, "market")
            for good in state.prices:
                if bound and not passage.new_turn and serves(good) != bound:
                    continue
                for side in ("buy", "sell"):
                    most = most_tradable(state, player, good, side, bonus=bonus)
                    for quantity in range(1, most + 1):
                        events.append(
                            {
                                "type": "trade",
                                "player": player.name,
                                "side": side,
                                "good": good,
                                "quantity": quantity,
                            }
                        )
        return events

    def describe(self, e: TradeEvent) -> str:
        side = e["side"]
        if side in TRADED:
            goods = counted(e["good"], e["quantity"])
            return Reason(TRADED[side], player=e["player"], goods=goods)
        fields = {"player": e["player"], "quantity": e["quantity"], "good": e["good"]}
        # TRANSLATORS: a trade whose side is neither buy nor sell (a malformed event)
        return Reason("{player} trades ({side}) {quantity} {good}", side=side, **fields)

    def option_words(self, state: GameState, e: TradeEvent) -> str:
        total = unit_price(state, e["good"]) * e["quantity"]
        bonus = state.rules.trade_money(state, state.by_name(e["player"]), "market")
        plain, with_bonus = OFFERED[e["side"]]
        fields = {"goods": counted(e["good"], e["quantity"]), "total": total}
        return Reason(with_bonus, bonus=bonus, **fields) if bonus else Reason(plain, **fields)


SPEC = Trade()
