"""Pass (action VIII): out of the round, with pass money by pass order; the pass order is
the next round's turn order. When the last player passes, production begins."""

from __future__ import annotations

from ..spec import Field
from .main_action import MainAction
from .produce import begin_production

PLACES = ("first", "second", "third", "fourth")


def pass_money(state) -> int:
    amounts = state.setup.pass_money
    return amounts[min(len(state.pass_order), len(amounts) - 1)]


class Pass(MainAction):
    type = "pass"
    syntax = "PLAYER"
    help = "pass"
    fields = {"player": Field("player")}
    positional = ("player",)

    def change(self, state, player, e):
        place = len(state.pass_order)
        money = pass_money(state)
        player.money += money
        player.passed = True
        state.pass_order.append(player.name)
        order = f"{PLACES[place]} " if len(state.players) > 1 else ""
        notes = [f"{player.name} passes {order}and receives £{money}"]
        if not state.active_players():
            notes.append("everyone has passed: production")
            notes += begin_production(state)
        return notes

    def describe(self, e):
        return f"{e['player']} passes"

    def option_words(self, state, e):
        return f"pass and receive £{pass_money(state)}"


SPEC = Pass()
