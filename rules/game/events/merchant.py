"""Hire a merchant (action VI): one more merchant from the player board, £4."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import Reason
from ..spec import Field
from ..upgrades import merchant_reason, unaffordable
from .main_action import MainAction

if TYPE_CHECKING:
    from ..state import GameState, PlayerState

A_MERCHANT = Reason("a merchant")  # what costs: '{what} costs £4 and Ailsa has £3'


class MerchantEvent(TypedDict):
    type: Literal["merchant"]
    player: str


class Merchant(MainAction[MerchantEvent]):
    type = "merchant"
    menu_words = Reason("Hire a merchant")
    menu_key = "m"
    menu_order = 80
    rule = Reason(
        "Pay £4 to take one more Merchant from your Player board into your stock, ready for "
        "Trade actions."
    )
    section = Reason("VI. Hire A Merchant")
    syntax = "PLAYER"
    help = Reason("hire a merchant (£4)")
    fields = {"player": Field("player")}
    positional = ("player",)

    def reasons(self, state: GameState, player: PlayerState, e: MerchantEvent) -> list[str]:
        cost = state.parts.economy.merchant_hire_cost
        return [
            r for r in (merchant_reason(state, player), unaffordable(player, cost, A_MERCHANT)) if r
        ]

    def change(self, state: GameState, player: PlayerState, e: MerchantEvent) -> list[str]:
        cost = state.parts.economy.merchant_hire_cost
        player.money -= cost
        player.merchants_board -= 1
        player.merchants_stock += 1
        return [Reason("{player} pays £{cost} and hires a merchant", player=player.name, cost=cost)]

    def describe(self, e: MerchantEvent) -> str:
        return Reason("{player} hires a merchant", player=e["player"])

    def option_words(self, state: GameState, e: MerchantEvent) -> str:
        return Reason("a merchant for £{cost}", cost=state.parts.economy.merchant_hire_cost)


SPEC = Merchant()
