"""Campbell: cheaper processing buildings, counted per type (cheese dairy, bakery,
distillery): the 1st costs £3 less, the 2nd and 3rd £4 less, the 4th £5 less, off the unit
cost only, never land and never fields. The discounts come from rules/data/clans.yaml.

Rulebook example (components-facts, Campbell): bakeries at £8 → the 1st £5, the 2nd and
3rd £4; the first distillery £10 − £3 = £7.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import Reason
from ..hooks import override
from ..pieces import BUILDINGS
from .base import Clan

if TYPE_CHECKING:
    from ...expansion import ExpansionCheck, ExpansionRule
    from ...position import MapPlayer, Position
    from ..state import GameState, PlayerState


class Campbell(Clan):
    name = "Campbell"
    summary = Reason(
        "processing buildings cost £3 / £4 / £4 / £5 less, the 1st to 4th of each type"
    )

    @override
    def expansion_rules(self, state: GameState, player: PlayerState) -> tuple[ExpansionRule, ...]:
        discounts = state.parts.clans[self.name].unit_discounts

        def cheaper_buildings(
            check: ExpansionCheck, position: Position, map_player: MapPlayer, target: int
        ) -> ExpansionCheck:
            if check.unit not in BUILDINGS:
                return check
            nth = map_player.count(check.unit)  # how many are on the map before this one
            if nth >= len(discounts):
                return check
            return check._replace(adjustments=check.adjustments + ((self.name, -discounts[nth]),))

        return (cheaper_buildings,)
