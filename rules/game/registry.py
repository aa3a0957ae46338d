"""Every rules unit and every kind of event, listed once: the variants, the clans and the
event table `EVENTS`, and a game's `Rulebook` built from its setup.

This is the one module that imports them all; nothing it imports imports it back, so the
units and specs never need an import inside a function to reach each other. A new variant
or event kind is listed here; a new clan in clans/__init__.py (only that package names a
clan), whose `CLANS` this module passes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .clans import CLANS
from .events import (
    auction,
    bonus,
    building_bonus,
    clan,
    end_turn,
    expand,
    fix,
    fulfil,
    merchant,
    neighbourhood,
    obtain,
    pass_turn,
    port,
    prepare,
    produce,
    shipping,
    technology,
    trade,
    worker,
)
from .hooks import RulesUnit
from .port_effects import EFFECTS
from .round_scoring import MEASURES
from .rulebook import Rulebook
from .spec import EventSpec
from .variants import (
    ClanAuction,
    Kickstarter,
    NoPortTiles,
    NoScoringTiles,
    Port7Original,
    Solo,
    StaticImports,
    TighterMap,
    TwoPlayers,
    WithoutClans,
)

if TYPE_CHECKING:
    from .setup import Setup

__all__ = ["CLANS", "EVENTS", "VARIANTS", "VERBS", "rulebook", "clan_data"]

# the variants, in the order their hooks are asked
VARIANTS: tuple[RulesUnit, ...] = (
    Solo(),
    TwoPlayers(),
    WithoutClans(),
    ClanAuction(),
    StaticImports(),
    TighterMap(),
    NoScoringTiles(),
    NoPortTiles(),
    Port7Original(),
    Kickstarter(),
)

# the base game's event kinds, in the order `act --help` and `options` list them
_BASE = (
    clan,
    auction,
    worker,
    trade,
    obtain,
    expand,
    neighbourhood,
    building_bonus,
    shipping,
    technology,
    merchant,
    fulfil,
    bonus,
    pass_turn,
    end_turn,
    port,
    produce,
    prepare,
    fix,
)


def _specs(units: Sequence[RulesUnit]) -> dict[str, EventSpec]:
    specs = [module.SPEC for module in _BASE]
    for unit in units:
        specs += [s for s in unit.specs if s not in specs]
    return {spec.type: spec for spec in specs}


# every event kind by its type, the units' own included; and by the verb `act` takes
EVENTS: dict[str, EventSpec] = _specs(VARIANTS + tuple(CLANS.values()))
VERBS: dict[str, EventSpec] = {spec.verb: spec for spec in EVENTS.values()}


def rulebook(setup: Setup) -> Rulebook:
    """The rules of a game with this setup: the variants it plays with, and the clans."""
    return Rulebook(tuple(u for u in VARIANTS if u.applies(setup)), CLANS)


def clan_data(clans: Sequence[str]) -> set[str]:
    """The box data keys the drawn clans' powers take from the table's clan tiles."""
    return {key for name in clans if name in CLANS for key in CLANS[name].table_data}


def all_measures() -> set[str]:
    """Every scoring measure the engine knows, with every unit's."""
    return set(MEASURES) | {m for unit in VARIANTS + tuple(CLANS.values()) for m in unit.measures}


def all_port_effects() -> set[str]:
    return set(EFFECTS) | {t for unit in VARIANTS for t in unit.port_effects}
