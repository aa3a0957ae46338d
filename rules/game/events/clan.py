"""Choosing a clan at set-up, in reverse turn order, with the starting tile paired to it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import Reason
from ..phases import begin_workers, clan_chooser, take_clan
from ..spec import EventSpec, Field
from ..state import Refused

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..state import GameState


def known_clan(state: GameState, name: str) -> str:
    """A clan's name as the data spells it, in any letter case; Refused naming the drawn ones."""
    clan = (
        state.parts.clan(name) if isinstance(name, str) else None
    )  # as given: a file may hold anything
    if clan is None:
        drawn = ", ".join(state.setup.clans)
        raise Refused(
            Reason("no clan {name!r}: the clans drawn are {clans}", name=name, clans=drawn)
        )
    return clan.name


def canonical_clan(state: GameState, name: str) -> str:
    clan = (
        state.parts.clan(name) if isinstance(name, str) else None
    )  # as given: a file may hold anything
    return clan.name if clan else name


class ClanEvent(TypedDict):
    type: Literal["clan"]
    player: str
    clan: str


class ChooseClan(EventSpec[ClanEvent]):
    type = "clan"
    menu_words = Reason("Choose a clan")
    menu_order = 180
    asked_at_once = True
    rule = Reason(
        "Starting with the last player and going in reverse turn order, each player chooses a"
        " Clan tile with its Starting tile and receives the Goods and money shown on the "
        "Starting tile."
    )
    section = Reason("Clans")
    syntax = "PLAYER CLAN"
    help = Reason("choose a clan at set-up (reverse turn order)")
    fields = {"player": Field("player"), "clan": Field("clan")}
    positional = ("player", "clan")

    def normalise(self, state: GameState, e: ClanEvent) -> ClanEvent:
        e = super().normalise(state, e)
        return {**e, "clan": canonical_clan(state, e["clan"])}

    def check(self, state: GameState, e: ClanEvent) -> list[str]:
        if state.phase != "clans" or state.setup.variants["clan_auction"]:
            if state.setup.variants["clan_auction"]:
                return [
                    Reason(
                        "clans are chosen only at set-up, in reverse turn order "
                        "(this game auctions them: use the auction event)"
                    )
                ]
            return [Reason("clans are chosen only at set-up, in reverse turn order")]
        player = state.player(e["player"])
        clan = known_clan(state, e["clan"])
        chooser = clan_chooser(state)
        reasons: list[str] = []
        if player.name != chooser:
            reasons.append(
                Reason(
                    "it is {player}'s turn to choose a clan (reverse turn order)", player=chooser
                )
            )
        if clan not in state.clans_left:
            reasons.append(
                Reason(
                    "{clan} is not one of the clans left: {clans}",
                    clan=clan,
                    clans=", ".join(state.clans_left),
                )
            )
        return reasons

    def apply(self, state: GameState, e: ClanEvent) -> list[str]:
        notes = take_clan(state, state.player(e["player"]), e["clan"])
        if all(p.clan for p in state.players):
            notes += begin_workers(state)
        return notes

    def options(self, state: GameState) -> Iterable[ClanEvent]:
        if state.phase != "clans" or state.setup.variants["clan_auction"]:
            return []
        chooser = clan_chooser(state)
        return [{"type": "clan", "player": chooser, "clan": c} for c in state.clans_left]

    def describe(self, e: ClanEvent) -> str:
        return Reason("{player} takes clan {clan}", player=e["player"], clan=e["clan"])

    def option_words(self, state: GameState, e: ClanEvent) -> str:
        clan: str = e["clan"]
        return clan  # whose choice it is, the menu's question says


SPEC = ChooseClan()
