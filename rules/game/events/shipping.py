"""Upgrade shipping (action IV): one step up the shipping track, £4."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import Reason
from ..spec import Field
from ..upgrades import shipping_reason, shipping_words, unaffordable
from .main_action import MainAction

if TYPE_CHECKING:
    from ..state import GameState, PlayerState

A_STEP = Reason("a shipping step")  # what costs: '{what} costs £4 and Ailsa has £3'


class ShippingEvent(TypedDict):
    type: Literal["shipping"]
    player: str


class Shipping(MainAction[ShippingEvent]):
    type = "shipping"
    menu_words = Reason("Upgrade shipping")
    menu_key = "s"
    menu_order = 60
    rule = Reason(
        "Pay £4 to move your Shipping marker one space forward: first across rivers, then "
        "across one more loch at each level; never across a land space."
    )
    section = Reason("IV. Upgrade Shipping")
    syntax = "PLAYER"
    help = Reason("upgrade shipping (£4)")
    fields = {"player": Field("player")}
    positional = ("player",)

    def reasons(self, state: GameState, player: PlayerState, e: ShippingEvent) -> list[str]:
        cost = state.parts.economy.shipping_step_cost
        return [r for r in (shipping_reason(player), unaffordable(player, cost, A_STEP)) if r]

    def change(self, state: GameState, player: PlayerState, e: ShippingEvent) -> list[str]:
        cost = state.parts.economy.shipping_step_cost
        player.money -= cost
        player.shipping += 1
        return [
            Reason(
                "{player} pays £{cost}: shipping is now {level}",
                player=player.name,
                cost=cost,
                level=shipping_words(player),
            )
        ]

    def describe(self, e: ShippingEvent) -> str:
        return Reason("{player} upgrades shipping", player=e["player"])

    def option_words(self, state: GameState, e: ShippingEvent) -> str:
        player = state.by_name(e["player"])
        level = state.parts.economy.shipping_levels[player.shipping + 1].replace("_", "-")
        return Reason(
            "shipping to {level} for £{cost}",
            level=level,
            cost=state.parts.economy.shipping_step_cost,
        )


SPEC = Shipping()
