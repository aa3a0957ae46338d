"""Buchanan: two export boxes; obtains or fulfils one or two contracts in one action; the
building bonus (and port tile 8) draws six and keeps up to two (clan tile, components-facts
S_TRANS/S_UBG_CLANS/S_GUIDE; FAQ seed 004).

Contracts taken together in one event pay the round's cost once (round 5: £15, not £30).
Contracts taken in separate events of one turn (a port tile's building bonus and the
obtain action) are charged separately (S_GUIDE). Round 1's £5 comes once per turn in
which contracts are obtained, however they came (the clan text: "+£5 only once if 2
taken in one turn"); only Buchanan's text says so: every other clan receives £5 for each
contract obtained in round 1 (ruling 22, rules/game/contracts.py `due`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import Reason
from ..hooks import override
from .base import Clan

if TYPE_CHECKING:
    from ..state import GameState, PlayerState

BOXES = 2
PER_ACTION = 2
BONUS_DRAW = 6


class Buchanan(Clan):
    name = "Buchanan"
    summary = Reason(
        "two export boxes; one or two contracts per obtain or fulfil, the round's cost paid "
        "once; the building bonus draws six and keeps up to two"
    )

    @override
    def contract_boxes(self, state: GameState, player: PlayerState, boxes: int) -> int:
        return BOXES

    @override
    def contracts_per_action(self, state: GameState, player: PlayerState, most: int) -> int:
        return PER_ACTION

    @override
    def building_bonus_draw(self, state: GameState, player: PlayerState, draw: int) -> int:
        return BONUS_DRAW

    @override
    def receipt_once_per_turn(self, state: GameState, player: PlayerState, once: bool) -> bool:
        return True
