"""MacEwen (Kickstarter): beer brewed from the hops of a fulfilled contract."""

from .base import Clan


class MacEwen(Clan):
    name = "MacEwen"
    not_enforced = ("beer brewed from hops",)
