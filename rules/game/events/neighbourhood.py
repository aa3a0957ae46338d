"""The neighbourhood bonus: right after an expansion next to opponents' units, buy the
goods they produce at a discount, one purchase for each such unit (ruling 26) and a few
of each good per turn (ruling 14)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import Plural, Reason
from ...names import counted
from ..pieces import neighbourhood_goods, neighbourhood_sources, site_name
from ..spec import EventSpec, Field
from ..trading import do_trade, most_tradable, trade_reasons, unit_price
from ..turns import follow_up

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..state import GameState, PlayerState, TurnState

RULE = Reason("the neighbourhood bonus comes only right after an expansion")


def discount(state: GameState, good: str) -> int:
    economy = state.parts.economy
    kind = "basic" if good in economy.basic_goods else "processed"
    return economy.neighbourhood_discount[kind]


def kind_money(state: GameState, player: PlayerState, good: str) -> int:
    """Money for trading a kind of good with the bonus: once per kind per turn."""
    if state.turn.neighbourhood_bought.get(good, 0):
        return 0
    return state.rules.trade_money(state, player, "neighbourhood")


class NeighbourhoodEvent(TypedDict):
    type: Literal["neighbourhood"]
    player: str
    good: str
    quantity: int


class Neighbourhood(EventSpec[NeighbourhoodEvent]):
    type = "neighbourhood"
    menu_words = Reason("Neighbourhood bonus: buy at a discount")
    menu_key = "n"
    menu_order = 110
    narrowed_by = ("which_good",)
    open_bonus = Reason("the neighbourhood bonus")
    rule = Reason(
        "Right after expanding next to another player's unit you may buy the Good that unit "
        "produces with your Merchants, £2 cheaper for a Basic good and £3 for a Processed "
        "good, at most three of one Good a turn (four with 2 players)."
    )
    section = Reason("Neighbourhood Bonus")
    syntax = "PLAYER GOOD N"
    help = Reason("buy with the neighbourhood bonus right after expanding")
    fields = {"player": Field("player"), "good": Field("good"), "quantity": Field("quantity")}
    positional = ("player", "good", "quantity")

    def bonus_open(self, turn: TurnState) -> bool:
        return bool(turn.expanded)

    def check(self, state: GameState, e: NeighbourhoodEvent) -> list[str]:
        refusal = state.rules.neighbourhood_refusal(state)
        if refusal:
            return [refusal]
        player = follow_up(state, e["player"], RULE)
        good, quantity = e["good"], e["quantity"]
        if not state.turn.expanded:
            return [RULE]
        if quantity < 1:
            return [Reason("the neighbourhood bonus buys at least one {good}", good=good)]
        allowed = neighbourhood_goods(state, player, state.turn.expanded)
        if good not in allowed:
            where = ", ".join(site_name(state, s) for s in state.turn.expanded)
            if allowed:
                return [
                    Reason(
                        "no opponent's unit neighbouring {where} produces {good} (only {goods})",
                        where=where,
                        good=good,
                        goods=", ".join(sorted(allowed)),
                    )
                ]
            return [
                Reason(
                    "no opponent's unit neighbouring {where} produces {good}",
                    where=where,
                    good=good,
                )
            ]
        sources = neighbourhood_sources(state, player, state.turn.expanded)[good]
        uses = state.turn.neighbourhood_uses.get(good, 0)
        if uses >= sources:
            # TRANSLATORS: {count} is the number of the opponents' units producing {good}
            return [
                Plural(
                    "the neighbourhood bonus is one purchase for each opponent's unit next to the "
                    "new space: {player} has bought {good} from the {good} producer already",
                    "the neighbourhood bonus is one purchase for each opponent's unit next to the "
                    "new space: {player} has bought {good} from all {count} {good} producers "
                    "already",
                    count=sources,
                    player=player.name,
                    good=good,
                )
            ]
        cap = state.rules.neighbourhood_cap(state)
        bought = state.turn.neighbourhood_bought.get(good, 0)
        if bought + quantity > cap:
            return [
                Reason(
                    "at most {cap} {good} per turn from the neighbourhood bonus; "
                    "{player} bought {bought} already",
                    cap=cap,
                    good=good,
                    player=player.name,
                    bought=bought,
                )
            ]
        bonus = kind_money(state, player, good)
        return trade_reasons(state, player, good, "buy", quantity, discount(state, good), bonus)

    def apply(self, state: GameState, e: NeighbourhoodEvent) -> list[str]:
        player = state.player(e["player"])
        good, quantity = e["good"], e["quantity"]
        bonus = kind_money(state, player, good)
        state.turn.neighbourhood_bought[good] = (
            state.turn.neighbourhood_bought.get(good, 0) + quantity
        )
        state.turn.neighbourhood_uses[good] = state.turn.neighbourhood_uses.get(good, 0) + 1
        return do_trade(state, player, good, "buy", quantity, discount(state, good), bonus)

    def options(self, state: GameState) -> Iterable[NeighbourhoodEvent]:
        if state.phase != "action" or not state.turn.expanded:
            return []
        if state.rules.neighbourhood_refusal(state):
            return []
        player = state.by_name(state.turn.player)
        cap = state.rules.neighbourhood_cap(state)
        events: list[NeighbourhoodEvent] = []
        sources = neighbourhood_sources(state, player, state.turn.expanded)
        for good in sorted(sources):
            if state.turn.neighbourhood_uses.get(good, 0) >= sources[good]:
                continue
            left = cap - state.turn.neighbourhood_bought.get(good, 0)
            bonus = kind_money(state, player, good)
            most = min(
                left, most_tradable(state, player, good, "buy", discount(state, good), bonus)
            )
            for quantity in range(1, most + 1):
                events.append(
                    {
                        "type": "neighbourhood",
                        "player": player.name,
                        "good": good,
                        "quantity": quantity,
                    }
                )
        return events

    def describe(self, e: NeighbourhoodEvent) -> str:
        return Reason(
            "{player} buys {goods} with the neighbourhood bonus",
            player=e["player"],
            goods=counted(e["good"], e["quantity"]),
        )

    def option_words(self, state: GameState, e: NeighbourhoodEvent) -> str:
        price = unit_price(state, e["good"], discount(state, e["good"]))
        return Reason(
            "buy {goods} for £{total} (£{price} each)",
            goods=counted(e["good"], e["quantity"]),
            total=price * e["quantity"],
            price=price,
        )


SPEC = Neighbourhood()
