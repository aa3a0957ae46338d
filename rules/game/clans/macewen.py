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

from typing import TYPE_CHECKING, Literal, TypedDict

from ...box_values import BoxValue
from ...messages import Reason
from ..hooks import override
from ..spec import EventSpec, Field
from ..turns import follow_up
from .base import Clan

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from ..state import GameState, PlayerState, TurnState

NAME = "MacEwen"
MOST_PER_CONTRACT = 3
RULE = Reason("beer is brewed right after fulfilling a contract that gives hops")


# provisional: a later rulebook gives £9; the English rulebook defers to the publisher
BEER_MONEY = BoxValue(
    key="beer_money",
    default=9,
    words=Reason("MacEwen's money per beer (£9, provisional)"),
    question=Reason("MacEwen's money per beer:"),
    read=lambda node: node.whole(0, 99),
)


def beer_money(state: GameState) -> int:
    money: int = state.setup.clan_values[BEER_MONEY.key]  # the box's values vary by clan
    return money


class BrewEvent(TypedDict):
    type: Literal["brew"]
    player: str
    beer: int


class Brew(EventSpec[BrewEvent]):
    type = "brew"
    menu_words = Reason("Brew beer")
    menu_key = "v"
    menu_order = 160
    open_bonus = Reason("brewing")
    power = (NAME, 1)  # its rule: this power of the clan's (clans.yaml)
    syntax = "PLAYER N"
    help = Reason("brew beer from the hops of the contract just fulfilled (one grain each)")
    fields = {"player": Field("player"), "beer": Field("count")}
    positional = ("player", "beer")

    @override
    def bonus_open(self, turn: TurnState) -> bool:
        return bool(turn.brewing)

    @override
    def check(self, state: GameState, e: BrewEvent) -> list[str]:
        player = follow_up(state, e["player"], RULE)
        if player.clan != NAME:
            return [
                Reason(
                    "{player} does not brew beer: only the {clan} clan does",
                    player=player.name,
                    clan=NAME,
                )
            ]
        may = state.turn.brewing
        if not may:
            return [RULE]
        reasons: list[str] = []
        if e["beer"] > may:
            reasons.append(
                Reason(
                    "the hops imported allow {count} beer now (one per hops, "
                    "at most {most} per contract)",
                    count=may,
                    most=MOST_PER_CONTRACT,
                )
            )
        if player.goods["grain"] < e["beer"]:
            reasons.append(
                Reason(
                    "{count} beer need {count} grain; {player} has {grain}",
                    count=e["beer"],
                    player=player.name,
                    grain=player.goods["grain"],
                )
            )
        return reasons

    @override
    def apply(self, state: GameState, e: BrewEvent) -> list[str]:
        player = state.player(e["player"])
        money = e["beer"] * beer_money(state)
        player.goods["grain"] -= e["beer"]
        player.money += money
        state.turn.brewing = 0
        return [
            Reason(
                "{player} brews {count} beer from {count} grain and receives £{money} "
                "(£{price} a beer)",
                player=player.name,
                count=e["beer"],
                money=money,
                price=beer_money(state),
            )
        ]

    @override
    def options(self, state: GameState) -> Iterable[BrewEvent]:
        if state.phase != "action" or not state.turn.brewing:
            return []
        player = state.by_name(state.turn.player)
        most = min(state.turn.brewing, player.goods["grain"])
        return [{"type": "brew", "player": player.name, "beer": n} for n in range(1, most + 1)]

    @override
    def describe(self, e: BrewEvent) -> str:
        return Reason("{player} brews {count} beer", player=e["player"], count=e["beer"])

    @override
    def option_words(self, state: GameState, e: BrewEvent) -> str:
        money = e["beer"] * beer_money(state)
        # TRANSLATORS: a menu option
        return Reason(
            "brew {count} beer for {count} grain: receive £{money}", count=e["beer"], money=money
        )


class MacEwen(Clan):
    name = NAME
    summary = Reason("brews a beer per hops imported (at most 3 per contract) for a grain each")
    box_values = (BEER_MONEY,)
    specs = (Brew(),)

    @override
    def on_fulfil(self, state: GameState, player: PlayerState, contract: Any) -> list[str]:
        hops = min(MOST_PER_CONTRACT, contract.hops)
        if not hops:
            return []
        state.turn.brewing += hops
        return [
            Reason(
                "{player} may brew up to {count} beer (one grain each)",
                player=player.name,
                count=hops,
            )
        ]
