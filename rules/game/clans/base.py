"""What every clan shares: the set-up its data gives (starting shipping, extra merchants)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...box_values import BoxValue
from ...messages import Reason
from ...reach import SHIPPING_LEVELS
from ..hooks import RulesUnit, override

if TYPE_CHECKING:
    from ..state import GameState, PlayerState


class Clan(RulesUnit):
    """A clan: its set-up from rules/data/clans.yaml (shipping, merchants) and its powers.

    `not_enforced` lists powers the engine does not apply yet; `box_values` declares the
    values a power takes from the table's own clan tile (rules/box_values.py): printed
    values no public source gives, which the table enters with `caledonia box values`.
    """

    box_values: ClassVar[tuple[BoxValue, ...]] = ()

    @override
    def on_clan_taken(self, state: GameState, player: PlayerState) -> list[str]:
        clan = state.parts.clans[self.name]
        notes: list[str] = []
        level = clan.starting_shipping.get(len(state.players))
        if level:
            player.shipping = SHIPPING_LEVELS.index(level)
            # TRANSLATORS: {level} is a shipping level as the board prints it ("2-loch")
            notes.append(
                Reason(
                    "{player} starts with {level} shipping",
                    player=player.name,
                    level=level.replace("_", "-"),
                )
            )
        if clan.extra_merchants:
            player.merchants_board -= clan.extra_merchants
            player.merchants_stock += clan.extra_merchants
            notes.append(
                Reason(
                    "{player} starts with {count} more merchants",
                    player=player.name,
                    count=clan.extra_merchants,
                )
            )
        return notes
