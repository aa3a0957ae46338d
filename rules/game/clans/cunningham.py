"""Cunningham: milk sold for a fixed price at the end of production.

Clan text (components-facts, Cunningham: S_TRANS, S_GUIDE): "End of Production phase:
may discard any number of milk from stock for £8 each; no merchants needed; milk market
price unchanged."

The choice is an event, `milk PLAYER N` (N = 0 declines), so undo and the log cover it.
Readings (the most literal):
- "end of the Production phase": once every player has produced, before the round is
  scored; the round's scoring waits for the choice (`production_pending`).
- only milk in stock then can be sold: freshly produced milk included, since production
  is over; the choice is made once a round.
- with no milk in stock there is nothing to choose: the scoring does not wait, and the
  event is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import Reason
from ..events.produce import end_of_production_refusal, end_production
from ..hooks import override
from ..spec import EventSpec, Field
from .base import Clan

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..state import GameState, PlayerState


NAME = "Cunningham"
MILK_MONEY = 8  # £ per milk (clan text)


def _refusal(state: GameState, player: PlayerState) -> str | None:
    """Why `player` cannot make the milk choice now; None when they can."""
    if player.clan != NAME:
        return Reason(
            "{player} cannot sell milk at £{price}: only the {clan} clan can",
            player=player.name,
            price=MILK_MONEY,
            clan=NAME,
        )
    # TRANSLATORS: read inside "{player} {doing} at the end of production"
    timing = end_of_production_refusal(state, player, Reason("sells milk"))
    if timing:
        return timing
    if SellMilk.type in player.production_choices:
        return Reason("{player} has made the milk choice this round already", player=player.name)
    if not player.goods["milk"]:
        return Reason("{player} has no milk in stock to sell", player=player.name)
    return None


class MilkEvent(TypedDict):
    type: Literal["milk"]
    player: str
    count: int


class SellMilk(EventSpec[MilkEvent]):
    type = "milk"
    menu_words = Reason("Sell milk")
    menu_order = 220
    power = (NAME, 0)  # its rule: this power of the clan's (clans.yaml)
    syntax = "PLAYER N"
    # TRANSLATORS: N is the number typed after the player's name: keep it as N
    help = Reason(
        "Clan {clan}, at the end of production: sell N milk from stock for £{price} each, "
        "no merchants, price unchanged (0 declines)",
        clan=NAME,
        price=MILK_MONEY,
    )
    fields = {"player": Field("player"), "count": Field("amount")}
    positional = ("player", "count")

    @override
    def check(self, state: GameState, e: MilkEvent) -> list[str]:
        player = state.player(e["player"])
        refused = _refusal(state, player)
        if refused:
            return [refused]
        if e["count"] > player.goods["milk"]:
            return [
                Reason(
                    "{player} has {count} milk, not {asked}",
                    player=player.name,
                    count=player.goods["milk"],
                    asked=e["count"],
                )
            ]
        return []

    @override
    def apply(self, state: GameState, e: MilkEvent) -> list[str]:
        player = state.player(e["player"])
        player.goods["milk"] -= e["count"]
        player.money += e["count"] * MILK_MONEY
        player.production_choices.add(self.type)
        if e["count"]:
            notes = [
                Reason(
                    "{player} sells {count} milk for £{money} (no merchants, the milk price stays)",
                    player=player.name,
                    count=e["count"],
                    money=e["count"] * MILK_MONEY,
                )
            ]
        else:
            notes = [Reason("{player} keeps their milk", player=player.name)]
        return notes + end_production(state)

    @override
    def options(self, state: GameState) -> Iterable[MilkEvent]:
        return [
            {"type": "milk", "player": p.name, "count": n}
            for p in state.players
            if _refusal(state, p) is None
            for n in range(p.goods["milk"] + 1)
        ]

    @override
    def describe(self, e: MilkEvent) -> str:
        if not e["count"]:
            return Reason("{player} sells no milk", player=e["player"])
        return Reason(
            "{player} sells {count} milk for £{price} each",
            player=e["player"],
            count=e["count"],
            price=MILK_MONEY,
        )

    @override
    def option_words(self, state: GameState, e: MilkEvent) -> str:
        # TRANSLATORS: a menu option, after the player's name
        if not e["count"]:
            return Reason("{player}: keep the milk", player=e["player"])
        return Reason(
            "{player}: sell {count} milk, +£{money}",
            player=e["player"],
            count=e["count"],
            money=e["count"] * MILK_MONEY,
        )


class Cunningham(Clan):
    name = NAME
    summary = Reason(
        "sells any milk for £{price} each at the end of production (no merchants)",
        price=MILK_MONEY,
    )
    specs = (SellMilk(),)

    @override
    def production_pending(self, state: GameState, player: PlayerState) -> str | None:
        if _refusal(state, player) is None:
            # TRANSLATORS: 'milk {player} N' is the event as typed: keep milk and N
            return Reason(
                "{player} may sell milk for £{price} each ('milk {player} N')",
                player=player.name,
                price=MILK_MONEY,
            )
        return None

    @override
    def production_decline(self, state: GameState, player: PlayerState) -> MilkEvent | None:
        if _refusal(state, player) is None:
            return {"type": "milk", "player": player.name, "count": 0}
        return None
