"""Campbell: cheaper processing buildings, counted per type."""

from .base import Clan


class Campbell(Clan):
    name = "Campbell"
    not_enforced = ("cheaper processing buildings",)
