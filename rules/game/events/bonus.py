"""Bonus upgrades a fulfilled contract gives: technology for £5, a free shipping step, a
free merchant, or a merchant back from the market."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict, cast

from ...messages import Reason
from ..spec import EventSpec, Field, WordsError
from ..turns import close_window, follow_up
from ..upgrades import bonus_apply, bonus_options, bonus_reasons, bonus_words

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..state import GameState


RULE = Reason("a bonus upgrade comes only after fulfilling a contract that gives one")


# "from" is a keyword: the record is declared by its keys
BonusEvent = TypedDict(
    "BonusEvent",
    {
        "type": Literal["bonus"],
        "player": str,
        "choice": str,
        "worker": NotRequired[str],
        "from": NotRequired[str],
    },
)


class Bonus(EventSpec[BonusEvent]):
    type = "bonus"
    menu_words = Reason("Bonus upgrade")
    menu_key = "b"
    menu_order = 130
    rule = Reason(
        "A Bonus upgrade is one of: a Technology upgrade for £5, a Shipping upgrade at no "
        "cost, or a Merchant hired from your Player board at no cost (or one of yours taken "
        "back from the Market)."
    )
    section = Reason("Direct Export Bonuses")
    syntax = "PLAYER technology WORKER|shipping|merchant|retrieve GOOD:SIDE"
    help = Reason("use a bonus upgrade")
    fields = {
        "player": Field("player"),
        "choice": Field("choice"),
        "worker": Field("worker", required=False),
        "from": Field("text", required=False),
    }

    def parse_words(self, words: list[str], options: dict[str, list[str]]) -> BonusEvent:
        if options:
            raise_unknown(self, options)
        return cast(BonusEvent, {"type": "bonus", **upgrade_words(self, words)})  # act's words

    def check(self, state: GameState, e: BonusEvent) -> list[str]:
        player = follow_up(state, e["player"], RULE)
        if state.turn.bonus_upgrades < 1:
            return [Reason("{player} has no bonus upgrade to use this turn", player=player.name)]
        return bonus_reasons(state, player, e)

    def apply(self, state: GameState, e: BonusEvent) -> list[str]:
        player = state.player(e["player"])
        state.turn.bonus_upgrades -= 1
        notes = bonus_apply(state, player, e)
        close_window(state)
        return notes

    def options(self, state: GameState) -> Iterable[BonusEvent]:
        if state.phase != "action" or state.turn.bonus_upgrades < 1:
            return []
        player = state.by_name(state.turn.player)
        return [
            cast(BonusEvent, {"type": "bonus", "player": player.name, **fields})
            for fields in bonus_options(state, player, player.money)
        ]

    def describe(self, e: BonusEvent) -> str:
        return Reason(
            "{player} takes a bonus upgrade: {upgrade}", player=e["player"], upgrade=bonus_words(e)
        )

    def option_words(self, state: GameState, e: BonusEvent) -> str:
        cost = state.parts.economy.technology_bonus_cost
        # TRANSLATORS: {upgrade} is a bonus upgrade: 'technology (woodcutter)', 'shipping'
        if e["choice"] == "technology":
            return Reason("{upgrade} for £{cost}", upgrade=bonus_words(e), cost=cost)
        return Reason("{upgrade} (free)", upgrade=bonus_words(e))


def upgrade_words(spec: EventSpec[Any], words: list[str]) -> dict[str, str]:
    """PLAYER technology WORKER | shipping | merchant | retrieve GOOD:SIDE."""
    if len(words) < 2:
        raise WordsError(usage(spec))
    choice = words[1].lower()
    fields = {"player": words[0], "choice": choice}
    rest = words[2:]
    wanted = {"technology": "worker", "retrieve": "from"}.get(choice)
    if len(rest) > (1 if wanted else 0):
        raise WordsError(usage(spec))
    if wanted and rest:
        fields[wanted] = rest[0].lower()
    return fields


def usage(spec: EventSpec[Any]) -> str:
    return Reason("usage: caledonia act GAME {verb} {syntax}", verb=spec.verb, syntax=spec.syntax)


def raise_unknown(spec: EventSpec[Any], options: Iterable[str]) -> None:
    raise WordsError(
        Reason("unknown option --{option} for {verb}", option=next(iter(options)), verb=spec.verb)
    )


SPEC = Bonus()
