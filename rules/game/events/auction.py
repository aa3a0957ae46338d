"""The clan auction variant: who won which clan for how many VP (the table runs the bidding).

The last player left takes the last clan without a bid; the order in which
the clans were won is the first round's turn order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import Reason
from ..phases import begin_workers, take_clan
from ..spec import EventSpec, Field
from .clan import canonical_clan, known_clan

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..state import GameState


class AuctionEvent(TypedDict):
    type: Literal["auction"]
    player: str
    clan: str
    bid: int


class Auction(EventSpec[AuctionEvent]):
    type = "auction"
    menu_words = Reason("Bid for a clan")
    menu_order = 190
    narrowed_by = ("which_clan",)
    rule = Reason(
        "Each player bids more VP than the last bid, or drops out, to choose a clan first (30"
        " VP is the highest possible bid); the winner writes the bid down as negative VP and "
        "takes the Clan tile with its Starting tile."
    )
    section = Reason("Clan Auction")
    syntax = "PLAYER CLAN BID"
    help = Reason("record who won which clan for how many VP (auction variant)")
    fields = {"player": Field("player"), "clan": Field("clan"), "bid": Field("bid")}
    positional = ("player", "clan", "bid")

    def max_bid(self, state: GameState) -> int:
        return state.parts.final_scoring.auction_max_bid

    def normalise(self, state: GameState, e: AuctionEvent) -> AuctionEvent:
        e = super().normalise(state, e)
        return {**e, "clan": canonical_clan(state, e["clan"])}

    def check(self, state: GameState, e: AuctionEvent) -> list[str]:
        if state.phase != "clans" or not state.setup.variants["clan_auction"]:
            return [Reason("this game does not auction its clans")]
        player = state.player(e["player"])
        clan = known_clan(state, e["clan"])
        reasons: list[str] = []
        if player.clan:
            reasons.append(
                Reason("{player} has won {clan} already", player=player.name, clan=player.clan)
            )
        if clan not in state.clans_left:
            reasons.append(
                Reason(
                    "{clan} is not one of the clans left: {clans}",
                    clan=clan,
                    clans=", ".join(state.clans_left),
                )
            )
        if e["bid"] > self.max_bid(state):
            reasons.append(
                Reason(
                    "{most} VP is the highest possible bid: {player} bid {bid} VP",
                    most=self.max_bid(state),
                    player=player.name,
                    bid=e["bid"],
                )
            )
        return reasons

    def apply(self, state: GameState, e: AuctionEvent) -> list[str]:
        player = state.player(e["player"])
        notes = take_clan(state, player, e["clan"])
        player.auction_bid = e["bid"]
        # TRANSLATORS: {taken} is a clan taken: 'Ailsa takes (clan) with starting tile 3: £10'
        notes[0] = Reason("{taken} for a bid of {bid} VP", taken=notes[0], bid=e["bid"])
        state.auction_order.append(player.name)
        left = [p for p in state.players if not p.clan]
        if len(left) == 1:
            last = left[0]
            taken = take_clan(state, last, state.clans_left[0])
            # TRANSLATORS: {taken} is a clan taken: 'Ailsa takes (clan) with starting tile 3: £10'
            taken[0] = Reason("{taken} without a bid", taken=taken[0])
            notes += taken
            state.auction_order.append(last.name)
        if all(p.clan for p in state.players):
            state.turn_order = list(state.auction_order)
            order = ", ".join(state.turn_order)
            notes.append(Reason("turn order by the auction: {order}", order=order))
            notes += begin_workers(state)
        return notes

    def options(self, state: GameState) -> Iterable[AuctionEvent]:
        if state.phase != "clans" or not state.setup.variants["clan_auction"]:
            return []
        return [
            {"type": "auction", "player": p.name, "clan": clan, "bid": bid}
            for p in state.players
            if not p.clan
            for clan in state.clans_left
            for bid in range(self.max_bid(state) + 1)
        ]

    def describe(self, e: AuctionEvent) -> str:
        return Reason(
            "{player} wins {clan} in the auction for {bid} VP",
            player=e["player"],
            clan=e["clan"],
            bid=e["bid"],
        )


SPEC = Auction()
