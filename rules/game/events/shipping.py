"""Upgrade shipping (action IV): one step up the shipping track, £4."""

from __future__ import annotations

from ..spec import Field
from ..upgrades import shipping_reason, shipping_words, unaffordable
from .main_action import MainAction


class Shipping(MainAction):
    type = "shipping"
    syntax = "PLAYER"
    help = "upgrade shipping (£4)"
    fields = {"player": Field("player")}
    positional = ("player",)

    def reasons(self, state, player, e):
        cost = state.parts.economy.shipping_step_cost
        return [
            r for r in (shipping_reason(player), unaffordable(player, cost, "a shipping step")) if r
        ]

    def change(self, state, player, e):
        cost = state.parts.economy.shipping_step_cost
        player.money -= cost
        player.shipping += 1
        return [f"{player.name} pays £{cost}: shipping is now {shipping_words(player)}"]

    def describe(self, e):
        return f"{e['player']} upgrades shipping"

    def option_words(self, state, e):
        player = state.by_name(e["player"])
        level = state.parts.economy.shipping_levels[player.shipping + 1].replace("_", "-")
        return f"shipping to {level} for £{state.parts.economy.shipping_step_cost}"


SPEC = Shipping()
