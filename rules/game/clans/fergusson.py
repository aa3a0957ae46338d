"""Fergusson: three starting workers on border spaces; starts with shipping upgraded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import Reason
from ..hooks import Placement, override
from .base import Clan

if TYPE_CHECKING:
    from ..state import GameState


class Fergusson(Clan):
    name = "Fergusson"
    summary = Reason(
        "three starting workers, all on border spaces; starts with shipping upgraded "
        "(2 lochs with 3-4 players, 1 loch with 1-2)"
    )

    @override
    def placements(self, state: GameState, queue: list[Placement]) -> list[Placement]:
        mine = [p.name for p in state.players if p.clan == self.name]
        queue = [Placement(q.player, q.border_only or q.player in mine) for q in queue]
        return queue + [Placement(name, True) for name in mine]
