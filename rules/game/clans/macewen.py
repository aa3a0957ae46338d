"""MacEwen (Kickstarter, not tested by the publisher): on fulfilling a contract that gives
hops, may brew one beer per hops imported, at most three per contract, paying one grain
per beer (components-facts, MacEwen_kickstarter: S_TRANS, S_GUIDE, S_REVIEW).

The money per beer is not public: the English rulebook defers to the publisher's site and a
later rulebook gives £9 as provisional. It is table data (`beer_money` in the box data),
with £9 as the labelled default.

Readings: the beer is brewed right after the fulfil, before any other event of the turn
(the facts say "immediately"), in one decision for the contract; the beer is sold at once
for its money and never kept as a good.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...box_values import BoxValue
from ..spec import EventSpec, Field
from ..turns import follow_up
from .base import Clan

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from ..spec import Event
    from ..state import GameState, PlayerState

NAME = "MacEwen"
MOST_PER_CONTRACT = 3
RULE = "beer is brewed right after fulfilling a contract that gives hops"


# provisional: a later rulebook gives £9; the English rulebook defers to the publisher
BEER_MONEY = BoxValue(
    key="beer_money",
    default=9,
    words="MacEwen's money per beer (£9, provisional)",
    question="MacEwen's money per beer:",
    read=lambda node: node.whole(0, 99),
)


def beer_money(state) -> int:
    return state.setup.clan_values[BEER_MONEY.key]


class Brew(EventSpec):
    type = "brew"
    syntax = "PLAYER N"
    help = "brew beer from the hops of the contract just fulfilled (one grain each)"
    fields = {"player": Field("player"), "beer": Field("count")}
    positional = ("player", "beer")

    def check(self, state: GameState, e: Event) -> list[str]:
        player = follow_up(state, e["player"], RULE)
        if player.clan != NAME:
            return [f"{player.name} does not brew beer: only the {NAME} clan does"]
        may = state.turn.brewing
        if not may:
            return [RULE]
        reasons = []
        if e["beer"] > may:
            reasons.append(
                f"the hops imported allow {may} beer now (one per hops, "
                f"at most {MOST_PER_CONTRACT} per contract)"
            )
        if player.goods["grain"] < e["beer"]:
            reasons.append(
                f"{e['beer']} beer need {e['beer']} grain; {player.name} has "
                f"{player.goods['grain']}"
            )
        return reasons

    def apply(self, state: GameState, e: Event) -> list[str]:
        player = state.player(e["player"])
        money = e["beer"] * beer_money(state)
        player.goods["grain"] -= e["beer"]
        player.money += money
        state.turn.brewing = 0
        return [
            f"{player.name} brews {e['beer']} beer from {e['beer']} grain and receives "
            f"£{money} (£{beer_money(state)} a beer)"
        ]

    def options(self, state: GameState) -> Iterable[Event]:
        if state.phase != "action" or not state.turn.brewing:
            return []
        player = state.by_name(state.turn.player)
        most = min(state.turn.brewing, player.goods["grain"])
        return [{"type": self.type, "player": player.name, "beer": n} for n in range(1, most + 1)]

    def describe(self, e: Event) -> str:
        return f"{e['player']} brews {e['beer']} beer"

    def option_words(self, state: GameState, e: Event) -> str:
        money = e["beer"] * beer_money(state)
        return f"brew {e['beer']} beer for {e['beer']} grain: receive £{money}"


class MacEwen(Clan):
    name = NAME
    summary = "brews a beer per hops imported (at most 3 per contract) for a grain each"
    box_values = (BEER_MONEY,)
    specs = (Brew(),)

    def on_fulfil(self, state: GameState, player: PlayerState, contract: Any) -> list[str]:
        hops = min(MOST_PER_CONTRACT, contract.hops)
        if not hops:
            return []
        state.turn.brewing += hops
        return [f"{player.name} may brew up to {hops} beer (one grain each)"]
