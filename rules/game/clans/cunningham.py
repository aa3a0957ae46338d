"""Cunningham: milk sold for a fixed price at the end of production."""

from .base import Clan


class Cunningham(Clan):
    name = "Cunningham"
    not_enforced = ("milk sold for £8 at the end of production",)
