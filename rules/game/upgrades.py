"""Upgrades: shipping, technology and merchants, bought as an action or taken as a bonus.

A bonus upgrade (from a contract or port tile 4) is one of: a technology tile
for £5, a free shipping step, a free merchant, or a merchant back from the
market. `bonus_*` serve both the bonus event and port tile 4.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..messages import N_, Reason
from ..reach import SHIPPING_LEVELS
from .pieces import WORKERS
from .state import GameState, PlayerState

if TYPE_CHECKING:
    from .events.bonus import BonusEvent
    from .events.port import PortEvent

BONUS_FIELDS = {"technology": "worker", "retrieve": "from", "shipping": None, "merchant": None}


def unaffordable(player: PlayerState, cost: int, what: str) -> str | None:
    """'a merchant costs £4 and Ailsa has £3', or None when the player can pay."""
    if player.money < cost:
        return Reason(
            "{what} costs £{cost} and {player} has £{money}",
            what=what,
            cost=cost,
            player=player.name,
            money=player.money,
        )
    return None


def shipping_reason(player: PlayerState) -> str | None:
    if player.shipping >= len(SHIPPING_LEVELS) - 1:
        return Reason("{player}'s shipping is at 4-loch already, the top level", player=player.name)
    return None


def technology_reason(state: GameState, player: PlayerState, worker: str) -> str | None:
    refusal = state.rules.technology_refusal(state, player, worker)
    if refusal:
        return refusal
    if worker in player.technology:
        return Reason(
            "{player}'s {worker} technology is upgraded already", player=player.name, worker=worker
        )
    return None


def technology_reasons(
    state: GameState, player: PlayerState, worker: str, cost: int, what: str
) -> list[str]:
    """Why `player` may not flip the `worker` technology tile for `cost` now."""
    return [
        r for r in (technology_reason(state, player, worker), unaffordable(player, cost, what)) if r
    ]


def merchant_reason(state: GameState, player: PlayerState) -> str | None:
    if player.merchants_board < 1:
        return Reason(
            "{player} has hired all {merchants} merchants",
            player=player.name,
            merchants=state.parts.economy.merchants_per_colour,
        )
    return None


def shipping_words(player: PlayerState) -> str:
    return player.shipping_level.replace("_", "-")


# -- bonus upgrades -----------------------------------------------------------------


def bonus_cost(state: GameState, e: Mapping[str, Any]) -> int:
    # asked of an option's fields too, before they are an event (events/port.py)
    return state.parts.economy.technology_bonus_cost if e.get("choice") == "technology" else 0


def bonus_reasons(state: GameState, player: PlayerState, e: BonusEvent | PortEvent) -> list[str]:
    """Why this bonus upgrade cannot be taken; `e` holds choice, and worker or from."""
    choice = e.get("choice")
    if choice not in BONUS_FIELDS:
        return [Reason("say the upgrade: technology, shipping, merchant or retrieve")]
    extra = _extra_field_reasons(choice, e)
    if extra:
        return extra
    if choice == "technology":
        return _bonus_technology_reasons(state, player, e.get("worker"))
    if choice == "shipping":
        return [r for r in (shipping_reason(player),) if r]
    if choice == "merchant":
        return [r for r in (merchant_reason(state, player),) if r]
    return _retrieve_reasons(player, e.get("from"))


def _extra_field_reasons(choice: str, e: Mapping[str, Any]) -> list[str]:
    """A field the upgrade `choice` does not take (a merchant from a worker)."""
    wanted = BONUS_FIELDS[choice]
    extra = [k for k in ("worker", "from") if k in e and k != wanted]
    if extra:
        # TRANSLATORS: {choice} and {field} are the event's words (technology; worker, from)
        return [Reason("a {choice} upgrade takes no {field}", choice=choice, field=extra[0])]
    return []


def _bonus_technology_reasons(state: GameState, player: PlayerState, worker: Any) -> list[str]:
    """Why the bonus technology upgrade of `worker` cannot be taken."""
    if worker is None:
        return [Reason("say which technology: woodcutter or miner")]
    cost = state.parts.economy.technology_bonus_cost
    what = Reason("the bonus technology upgrade")
    return technology_reasons(state, player, worker, cost, what)


def _retrieve_reasons(player: PlayerState, key: Any) -> list[str]:
    """Why the player cannot take back a merchant from `key` on the market."""
    if not key or not player.merchants_market.get(key):
        out = ", ".join(k for k, n in player.merchants_market.items() if n) or Reason("none")
        return [
            Reason(
                "{player} has no merchant at {place} on the market (merchants at: {places})",
                player=player.name,
                place=key or "?",
                places=out,
            )
        ]
    return []


def bonus_apply(state: GameState, player: PlayerState, e: BonusEvent | PortEvent) -> list[str]:
    choice = e["choice"]
    if choice == "technology":
        cost = state.parts.economy.technology_bonus_cost
        player.money -= cost
        player.technology.add(e["worker"])
        return [
            Reason(
                "{player} pays £{cost} for the {worker} technology",
                player=player.name,
                cost=cost,
                worker=e["worker"],
            )
        ]
    if choice == "shipping":
        player.shipping += 1
        return [
            Reason(
                "{player}'s shipping rises to {level} for free",
                player=player.name,
                level=shipping_words(player),
            )
        ]
    if choice == "merchant":
        player.merchants_board -= 1
        player.merchants_stock += 1
        return [Reason("{player} hires a merchant for free", player=player.name)]
    key = e["from"]
    player.merchants_market[key] -= 1
    player.merchants_stock += 1
    return [
        # TRANSLATORS: {place} is a good and a side of the market: 'wool buy'
        Reason(
            "{player} takes a merchant back from {place}",
            player=player.name,
            place=key.replace(":", " "),
        )
    ]


def bonus_options(state: GameState, player: PlayerState, money: int) -> Iterator[dict[str, Any]]:
    """The bonus upgrades `player` may take with `money` to spend: choice fields only."""
    cost = state.parts.economy.technology_bonus_cost
    for worker in WORKERS:
        if money >= cost and technology_reason(state, player, worker) is None:
            yield {"choice": "technology", "worker": worker}
    if shipping_reason(player) is None:
        yield {"choice": "shipping"}
    if merchant_reason(state, player) is None:
        yield {"choice": "merchant"}
    for key, count in sorted(player.merchants_market.items()):
        if count:
            yield {"choice": "retrieve", "from": key}


def bonus_words(e: BonusEvent | PortEvent) -> str:
    """'technology (woodcutter)', 'retrieve the merchant from wool's buy side'."""
    if e["choice"] == "retrieve" and e.get("from"):
        good, _, side = str(e["from"]).partition(":")
        words = _RETRIEVE_WORDS.get(side or "buy")
        if words is None:  # not a side: as written
            return Reason(_RETRIEVE_FROM, good=good.replace("_", " "), side=side)
        return Reason(words, good=good.replace("_", " "))
    extra = e.get("worker") or ""
    words = _CHOICE_WORDS.get(e["choice"])
    if words is None:  # not a choice: as written
        # TRANSLATORS: a bonus upgrade in words: 'technology (woodcutter)'
        return (
            Reason("{choice} ({worker})", choice=e["choice"], worker=extra)
            if extra
            else e["choice"]
        )
    if e["choice"] == "technology" and extra:
        return Reason(_TECHNOLOGY_OF, worker=extra)
    return Reason(words)


# a bonus upgrade's choice as a menu and the log say it (its typed verb stays English)
_CHOICE_WORDS = {
    # TRANSLATORS: a bonus upgrade: a technology upgrade (its worker not named)
    "technology": N_("technology"),
    # TRANSLATORS: a bonus upgrade: one shipping step
    "shipping": N_("shipping"),
    # TRANSLATORS: a bonus upgrade: a merchant hired from the player board
    "merchant": N_("merchant"),
}
# TRANSLATORS: a bonus upgrade: the technology of one worker, 'technology (woodcutter)'
_TECHNOLOGY_OF = N_("technology ({worker})")


_RETRIEVE_WORDS = {
    "buy": N_("retrieve the merchant from {good}'s buy side"),
    "sell": N_("retrieve the merchant from {good}'s sell side"),
}
_RETRIEVE_FROM = N_("retrieve the merchant from {good}'s {side} side")
