"""Every rules unit and every kind of event, listed once: the variants, the clans and the
event table `EVENTS`, and a game's `Rulebook` built from its setup.

This is the one module that imports them all; nothing it imports imports it back, so the
units and specs never need an import inside a function to reach each other. A new event
kind is listed here; a new variant in variants.py (`VARIANTS`) and a new clan in
clans/__init__.py (only that package names a clan), whose lists this module passes on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Union

from .clans import CLANS, ClansEvent
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
from .hooks import RulesUnit, VariantChoice, chosen
from .port_effects import EFFECTS
from .round_scoring import MEASURES
from .rulebook import Rulebook
from .spec import EventSpec
from .variants import VARIANTS

if TYPE_CHECKING:
    from .setup import Setup

__all__ = [
    "CLANS",
    "EVENTS",
    "MENU",
    "VARIANTS",
    "VERBS",
    "rulebook",
    "clan_data",
    "variant_choices",
    "variant_defaults",
    "variants_refusal",
]

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

# Any event: the tagged union of every kind's record, each declared in its kind's spec module
# (read `e["type"]` to narrow it to one kind's)
Event = Union[  # noqa: UP007 (a union of forward references: the specs declare the records)
    clan.ClanEvent,
    auction.AuctionEvent,
    worker.WorkerEvent,
    trade.TradeEvent,
    obtain.ContractEvent,
    expand.ExpandEvent,
    neighbourhood.NeighbourhoodEvent,
    building_bonus.BuildingBonusEvent,
    shipping.ShippingEvent,
    technology.TechnologyEvent,
    merchant.MerchantEvent,
    fulfil.FulfilEvent,
    bonus.BonusEvent,
    pass_turn.PassEvent,
    end_turn.EndTurnEvent,
    port.PortEvent,
    produce.ProduceEvent,
    prepare.PrepareEvent,
    fix.FixEvent,
    ClansEvent,
]


def _specs(units: Sequence[RulesUnit]) -> dict[str, EventSpec[Any]]:
    specs = [module.SPEC for module in _BASE]
    for unit in units:
        specs += [s for s in unit.specs if s not in specs]
    return {spec.type: spec for spec in specs}


# every event kind by its type, the units' own included; and by the verb `act` takes
EVENTS: dict[str, EventSpec[Any]] = _specs(VARIANTS + tuple(CLANS.values()))
VERBS: dict[str, EventSpec[Any]] = {spec.verb: spec for spec in EVENTS.values()}


def _in_menu_order(specs: list[EventSpec[Any]]) -> tuple[EventSpec[Any], ...]:
    return tuple(sorted(specs, key=lambda s: (s.menu_order is None, s.menu_order or 0)))


# the kinds `play`'s first menu may offer (those with menu words), in its order: each
# spec's `menu_order`, whatever order the rules list them in
MENU: tuple[EventSpec[Any], ...] = _in_menu_order([s for s in EVENTS.values() if s.menu_words])


def rulebook(setup: Setup) -> Rulebook:
    """The rules of a game with this setup: the variants it plays with, and the clans."""
    return Rulebook(tuple(u for u in _variants() if u.applies(setup)), CLANS)


def _variants() -> tuple[RulesUnit, ...]:
    # read at each call, so that a test may register a variant for a while (monkeypatch)
    return VARIANTS


def variant_choices() -> tuple[VariantChoice, ...]:
    """How the table chooses each variant it may choose, in `VARIANTS`' order: `new`'s
    flags, `play`'s variant menu and the set-up's `variants` keys all come from these."""
    return tuple(unit.choice for unit in _variants() if unit.choice is not None)


def variant_defaults() -> dict[str, bool]:
    """The set-up's `variants` of a game that chooses none."""
    return {choice.key: choice.default for choice in variant_choices()}


def variants_refusal(variants: Mapping[str, bool], players: int) -> str | None:
    """Why these chosen variants cannot be played with this many players (None: they can)."""
    for unit in _variants():
        if unit.choice is not None and chosen(unit.choice, variants):
            reason = unit.setup_refusal(variants, players)
            if reason is not None:
                return reason
    return None


def left_out_by(variants: Mapping[str, bool], part: str) -> str | None:
    """The key of the chosen variant that plays without this set-up part (ports,
    scoring_tiles, clans), or None when the game has it."""
    return next(
        (c.key for c in variant_choices() if c.leaves_out == part and chosen(c, variants)), None
    )


def leaves_out(variants: Mapping[str, bool], part: str) -> bool:
    """Whether the chosen variants play without this set-up part."""
    return left_out_by(variants, part) is not None


def adds_kickstarter(variants: Mapping[str, bool]) -> bool:
    """Whether the Kickstarter clan and tiles join the draws."""
    return any(c.adds_kickstarter and chosen(c, variants) for c in variant_choices())


def clan_data(clans: Sequence[str]) -> set[str]:
    """The box data keys the drawn clans' powers take from the table's clan tiles."""
    return {v.key for name in clans if name in CLANS for v in CLANS[name].box_values}


def all_measures() -> set[str]:
    """Every scoring measure the engine knows, with every unit's."""
    return set(MEASURES) | {m for unit in VARIANTS + tuple(CLANS.values()) for m in unit.measures}


def all_port_effects() -> set[str]:
    return set(EFFECTS) | {t for unit in VARIANTS for t in unit.port_effects}
