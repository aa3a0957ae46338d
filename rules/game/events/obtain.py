"""Obtain an export contract (action II): from the export board, at the round's cost."""

from __future__ import annotations

from ..contracts import take, take_reasons
from ..spec import EventSpec, Field
from ..turns import finish_main, gate, may_act


class ObtainContract(EventSpec):
    type = "contract"
    syntax = "PLAYER ID"
    help = "obtain an export contract from the board"
    fields = {"player": Field("player"), "contract": Field("contract")}
    positional = ("player", "contract")

    def check(self, state, e):
        player = gate(state, e["player"], main=True).player
        reasons = take_reasons(state, player)
        if e["contract"] not in state.export_board:
            on_board = ", ".join(str(c) for c in state.export_board if c is not None) or "none"
            reasons.insert(
                0, f"contract {e['contract']} is not on the export board (it holds {on_board})"
            )
        return reasons

    def apply(self, state, e):
        passage = gate(state, e["player"], main=True)
        finish_main(state, passage)
        state.export_board[state.export_board.index(e["contract"])] = None
        return [take(state, passage.player, e["contract"])]

    def options(self, state):
        return [
            {"type": self.type, "player": passage.player.name, "contract": contract}
            for passage in may_act(state, main=True)
            if not take_reasons(state, passage.player)
            for contract in state.export_board
            if contract is not None
        ]

    def describe(self, e):
        return f"{e['player']} takes contract {e['contract']}"

    def option_words(self, state, e):
        cost = state.rules.contract_cost(state, state.by_name(e["player"]))
        money = f"receive £{cost}" if cost > 0 else f"pay £{-cost}" if cost else "free"
        summary = state.parts.contracts[e["contract"]].summary()
        return f"contract {e['contract']} ({summary}): {money}"


SPEC = ObtainContract()
