"""MacKenzie: money for each whisky produced, and the whisky cellar."""

from .base import Clan


class MacKenzie(Clan):
    name = "MacKenzie"
    not_enforced = ("£3 per whisky produced", "the whisky cellar")
