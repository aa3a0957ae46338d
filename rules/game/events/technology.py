"""Upgrade technology (action V): flip a woodcutter or miner tile, £10; they earn more."""

from __future__ import annotations

from ...words import plural
from ..pieces import WORKERS
from ..spec import Field
from ..upgrades import technology_reasons
from .main_action import MainAction


class Technology(MainAction):
    type = "technology"
    syntax = "PLAYER woodcutter|miner"
    help = "upgrade technology (£10)"
    fields = {"player": Field("player"), "worker": Field("worker")}
    positional = ("player", "worker")

    def choices(self, state, player):
        return ({"worker": worker} for worker in WORKERS)

    def reasons(self, state, player, e):
        cost = state.parts.economy.technology_cost
        return technology_reasons(state, player, e["worker"], cost, "a technology upgrade")

    def change(self, state, player, e):
        cost = state.parts.economy.technology_cost
        player.money -= cost
        player.technology.add(e["worker"])
        income = state.rules.worker_income(state, player, e["worker"])
        return [f"{player.name} pays £{cost}: {plural(e['worker'])} now earn £{income}"]

    def describe(self, e):
        return f"{e['player']} upgrades the {e['worker']} technology"

    def option_words(self, state, e):
        return f"{e['worker']} technology for £{state.parts.economy.technology_cost}"


SPEC = Technology()
