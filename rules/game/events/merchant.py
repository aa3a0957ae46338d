"""Hire a merchant (action VI): one more merchant from the player board, £4."""

from __future__ import annotations

from ..spec import Field
from ..upgrades import merchant_reason, unaffordable
from .main_action import MainAction


class Merchant(MainAction):
    type = "merchant"
    syntax = "PLAYER"
    help = "hire a merchant (£4)"
    fields = {"player": Field("player")}
    positional = ("player",)

    def reasons(self, state, player, e):
        cost = state.parts.economy.merchant_hire_cost
        return [
            r
            for r in (merchant_reason(state, player), unaffordable(player, cost, "a merchant"))
            if r
        ]

    def change(self, state, player, e):
        cost = state.parts.economy.merchant_hire_cost
        player.money -= cost
        player.merchants_board -= 1
        player.merchants_stock += 1
        return [f"{player.name} pays £{cost} and hires a merchant"]

    def describe(self, e):
        return f"{e['player']} hires a merchant"

    def option_words(self, state, e):
        return f"a merchant for £{state.parts.economy.merchant_hire_cost}"


SPEC = Merchant()
