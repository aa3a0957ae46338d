"""Buchanan: two export boxes, one or two contracts per obtain or fulfil, six drawn for the
building bonus."""

from .base import Clan


class Buchanan(Clan):
    name = "Buchanan"
    not_enforced = (
        "two export boxes, one or two contracts per action, six drawn for the building bonus",
    )
