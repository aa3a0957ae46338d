"""Stewart: five merchants and river-crossing shipping from the start; £1 for each trade at
the market, and £1 for each kind of good bought with a neighbourhood bonus.

The £1 comes before a purchase is paid, so it can make one affordable (clan tile,
components-facts S_TRANS/S_GUIDE). Our reading: the neighbourhood £1 comes the same way,
before paying, on the first purchase of each kind in a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...messages import Reason
from ..hooks import override
from .base import Clan

if TYPE_CHECKING:
    from ..state import GameState, PlayerState

TRADE_MONEY = 1


class Stewart(Clan):
    name = "Stewart"
    summary = Reason(
        "five merchants and river-crossing shipping from the start; £1 for each "
        "trade at the market and for each kind bought with a neighbourhood bonus"
    )

    @override
    def trade_money(self, state: GameState, player: PlayerState, where: str, money: int) -> int:
        return money + TRADE_MONEY
