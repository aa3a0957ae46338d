"""Stewart: five merchants and river-crossing shipping (from the data); £1 for each trade."""

from .base import Clan


class Stewart(Clan):
    name = "Stewart"
    summary = "five merchants and river-crossing shipping from the start (from the data)"
    not_enforced = (
        "£1 for each trade at the market and each kind bought with the neighbourhood bonus",
    )
