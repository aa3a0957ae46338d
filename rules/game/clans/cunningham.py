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

from typing import TYPE_CHECKING

from ..events.produce import end_of_production_refusal, end_production
from ..spec import EventSpec, Field
from .base import Clan

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..spec import Event
    from ..state import GameState, PlayerState

NAME = "Cunningham"
MILK_MONEY = 8  # £ per milk (clan text)


def _refusal(state, player) -> str | None:
    """Why `player` cannot make the milk choice now; None when they can."""
    if player.clan != NAME:
        return f"{player.name} cannot sell milk at £{MILK_MONEY}: only the {NAME} clan can"
    timing = end_of_production_refusal(state, player, "sells milk")
    if timing:
        return timing
    if SellMilk.type in player.production_choices:
        return f"{player.name} has made the milk choice this round already"
    if not player.goods["milk"]:
        return f"{player.name} has no milk in stock to sell"
    return None


class SellMilk(EventSpec):
    type = "milk"
    syntax = "PLAYER N"
    help = (
        f"Clan {NAME}, at the end of production: sell N milk from stock for £{MILK_MONEY} each, "
        "no merchants, price unchanged (0 declines)"
    )
    fields = {"player": Field("player"), "count": Field("amount")}
    positional = ("player", "count")

    def check(self, state: GameState, e: Event) -> list[str]:
        player = state.player(e["player"])
        refused = _refusal(state, player)
        if refused:
            return [refused]
        if e["count"] > player.goods["milk"]:
            return [f"{player.name} has {player.goods['milk']} milk, not {e['count']}"]
        return []

    def apply(self, state: GameState, e: Event) -> list[str]:
        player = state.player(e["player"])
        player.goods["milk"] -= e["count"]
        player.money += e["count"] * MILK_MONEY
        player.production_choices.add(self.type)
        if e["count"]:
            notes = [
                f"{player.name} sells {e['count']} milk for £{e['count'] * MILK_MONEY} "
                "(no merchants, the milk price stays)"
            ]
        else:
            notes = [f"{player.name} keeps their milk"]
        return notes + end_production(state)

    def options(self, state: GameState) -> Iterable[Event]:
        return [
            {"type": self.type, "player": p.name, "count": n}
            for p in state.players
            if _refusal(state, p) is None
            for n in range(p.goods["milk"] + 1)
        ]

    def describe(self, e: Event) -> str:
        if not e["count"]:
            return f"{e['player']} sells no milk"
        return f"{e['player']} sells {e['count']} milk for £{MILK_MONEY} each"

    def option_words(self, state: GameState, e: Event) -> str:
        if not e["count"]:
            return f"{e['player']}: keep the milk"
        return f"{e['player']}: sell {e['count']} milk, +£{e['count'] * MILK_MONEY}"


class Cunningham(Clan):
    name = NAME
    summary = f"sells any milk for £{MILK_MONEY} each at the end of production (no merchants)"
    specs = (SellMilk(),)

    def production_pending(self, state: GameState, player: PlayerState) -> str | None:
        if _refusal(state, player) is None:
            return f"{player.name} may sell milk for £{MILK_MONEY} each ('milk {player.name} N')"
        return None

    def production_decline(self, state: GameState, player: PlayerState) -> dict | None:
        if _refusal(state, player) is None:
            return {"type": SellMilk.type, "player": player.name, "count": 0}
        return None
