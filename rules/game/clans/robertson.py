"""Robertson: cheaper units on river deltas."""

from .base import Clan


class Robertson(Clan):
    name = "Robertson"
    not_enforced = ("cheaper units on river deltas",)
