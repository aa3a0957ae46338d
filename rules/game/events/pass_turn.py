"""Pass (action VIII): out of the round, with pass money by pass order; the pass order is
the next round's turn order. When the last player passes, production begins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import N_, Reason
from ..spec import Field
from .main_action import MainAction
from .produce import begin_production

if TYPE_CHECKING:
    from ..state import GameState, PlayerState

# the note of a pass, by the place in the pass order (alone: no order to say)
PASSES = (
    N_("{player} passes first and receives £{money}"),
    N_("{player} passes second and receives £{money}"),
    N_("{player} passes third and receives £{money}"),
    N_("{player} passes fourth and receives £{money}"),
)


def pass_money(state: GameState) -> int:
    amounts = state.setup.pass_money
    return amounts[min(len(state.pass_order), len(amounts) - 1)]


class PassEvent(TypedDict):
    type: Literal["pass"]
    player: str


class Pass(MainAction[PassEvent]):
    type = "pass"
    menu_words = Reason("Pass")
    menu_key = "p"
    menu_order = 90
    rule = Reason(
        "If you cannot or do not want to take any more Actions, you pass: you receive the "
        "Pass bonus money and take no more Actions this round, and the order in which players"
        " pass is the next round's turn order."
    )
    section = Reason("VIII. Pass")
    syntax = "PLAYER"
    help = Reason("pass")
    fields = {"player": Field("player")}
    positional = ("player",)

    def change(self, state: GameState, player: PlayerState, e: PassEvent) -> list[str]:
        place = len(state.pass_order)
        money = pass_money(state)
        player.money += money
        player.passed = True
        state.pass_order.append(player.name)
        if len(state.players) > 1:
            note = Reason(PASSES[place], player=player.name, money=money)
        else:
            note = Reason("{player} passes and receives £{money}", player=player.name, money=money)
        notes: list[str] = [note]
        if not state.active_players():
            notes.append(Reason("everyone has passed: production"))
            notes += begin_production(state)
        return notes

    def describe(self, e: PassEvent) -> str:
        return Reason("{player} passes", player=e["player"])

    def option_words(self, state: GameState, e: PassEvent) -> str:
        return Reason("pass and receive £{money}", money=pass_money(state))


SPEC = Pass()
