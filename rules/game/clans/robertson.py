"""Robertson: a unit placed on a river delta (a space next to a river flowing straight into
a loch) costs £3 less in total with 3-4 players, £2 less with 1-2 players, the starting
workers included. The amounts come from rules/data/clans.yaml; the deltas from the board.

Rulebook example (components-facts, Robertson): 4 players, a bakery (£8) on a £1 delta
space costs £6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import Reason
from ..hooks import override
from .base import Clan

if TYPE_CHECKING:
    from ...expansion import ExpansionCheck, ExpansionRule
    from ...position import MapPlayer, Position
    from ..state import GameState, PlayerState


class Robertson(Clan):
    name = "Robertson"
    summary = Reason("any unit on a river delta costs £3 less in total (£2 with 1-2 players)")

    @override
    def expansion_rules(self, state: GameState, player: PlayerState) -> tuple[ExpansionRule, ...]:
        off = state.parts.clans[self.name].delta_discount.get(len(state.players), 0)

        def cheaper_on_deltas(
            check: ExpansionCheck, position: Position, map_player: MapPlayer, target: int
        ) -> ExpansionCheck:
            if not off or target not in position.board.deltas:
                return check
            return check._replace(
                adjustments=check.adjustments + ((Reason("{clan} delta", clan=self.name), -off),)
            )

        return (cheaper_on_deltas,)
