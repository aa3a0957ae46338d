"""Obtain export contracts (action II): from the export board, at the round's cost. Most
players take one; a clan with two export boxes may take two in one action and pay the
round's cost once for both."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from ...contract_faces import choices, tiles
from ...messages import Reason
from ..contracts import due, named, paired, take, take_reasons
from ..spec import EventSpec, Field
from ..turns import finish_main, gate, may_act, turn_of

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..state import GameState


def due_words(cost: int) -> str:
    """What taking contracts brings or costs in a round (`due`): 'receive £2', 'pay £1'."""
    if cost > 0:
        return Reason("receive £{amount}", amount=cost)
    if cost:
        return Reason("pay £{amount}", amount=-cost)
    return Reason("free")


class ContractEvent(TypedDict):
    type: Literal["contract"]
    player: str
    contract: int
    second: NotRequired[int]


class ObtainContract(EventSpec[ContractEvent]):
    type = "contract"
    menu_words = Reason("Obtain an export contract")
    menu_key = "c"
    menu_order = 40
    narrowed_by = ("how_many_contracts", "which_contract_first")
    rule = Reason(
        "Pay the current round's cost to take any Export contract from the Export board onto "
        "your empty Export box (in the first round you receive £5 instead). You can have only"
        " one unfulfilled Export contract (a clan may hold more)."
    )
    section = Reason("II. Obtain An Export Contract")
    syntax = "PLAYER ID [ID]"
    help = Reason("obtain an export contract from the board (two where a clan allows)")
    fields = {
        "player": Field("player"),
        "contract": Field("contract"),
        "second": Field("contract", required=False),
    }
    positional = ("player", "contract", "second")

    def normalise(self, state: GameState, e: ContractEvent) -> ContractEvent:
        return paired(super().normalise(state, e), "contract", "second")

    def check(self, state: GameState, e: ContractEvent) -> list[str]:
        player = gate(state, e["player"], main=True).player
        wanted = named(e)
        reasons = take_reasons(state, player, len(wanted))
        if len(set(wanted)) < len(wanted):
            reasons.insert(0, Reason("contract {contract} is named twice", contract=wanted[0]))
        missing = [c for c in dict.fromkeys(wanted) if c not in state.export_board]
        for contract in reversed(missing):
            on_board = ", ".join(str(c) for c in state.export_board if c is not None) or Reason(
                "none"
            )
            reasons.insert(
                0,
                Reason(
                    "contract {contract} is not on the export board (it holds {board})",
                    contract=contract,
                    board=on_board,
                ),
            )
        return reasons

    def apply(self, state: GameState, e: ContractEvent) -> list[str]:
        passage = gate(state, e["player"], main=True)
        finish_main(state, passage)
        wanted = named(e)
        for contract in wanted:
            state.export_board[state.export_board.index(contract)] = None
        return [take(state, passage.player, wanted)]

    def options(self, state: GameState) -> Iterable[ContractEvent]:
        events: list[ContractEvent] = []
        for passage in may_act(state, main=True):
            player = passage.player
            board = [c for c in state.export_board if c is not None]
            name = player.name
            if not take_reasons(state, player):
                events += [{"type": "contract", "player": name, "contract": c} for c in board]
            if not take_reasons(state, player, 2):
                events += [
                    {"type": "contract", "player": name, "contract": a, "second": b}
                    for a, b in combinations(sorted(board), 2)
                ]
        return events

    def describe(self, e: ContractEvent) -> str:
        wanted = named(e)
        return Reason("{player} takes {contracts}", player=e["player"], contracts=tiles(wanted))

    def option_words(self, state: GameState, e: ContractEvent) -> str:
        passage = gate(state, e["player"], main=True)
        cost = due(state, passage.player, turn_of(state, passage).contracts_obtained)
        fields = {"contracts": choices(named(e), state.parts.contracts), "money": due_words(cost)}
        # TRANSLATORS: {money} is what taking them brings or costs: 'receive £2', 'pay £1', 'free'
        if e.get("second"):
            return Reason("{contracts}: {money} once", **fields)
        return Reason("{contracts}: {money}", **fields)


SPEC = ObtainContract()
