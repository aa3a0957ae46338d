"""Upgrade technology (action V): flip a woodcutter or miner tile, £10; they earn more."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypedDict

from ...messages import Reason
from ...words import plural
from ..pieces import WORKERS
from ..spec import Field
from ..upgrades import technology_reasons
from .main_action import MainAction

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..state import GameState, PlayerState

AN_UPGRADE = Reason("a technology upgrade")  # what costs: '{what} costs £10 and Ailsa has £3'


class TechnologyEvent(TypedDict):
    type: Literal["technology"]
    player: str
    worker: str


class Technology(MainAction[TechnologyEvent]):
    type = "technology"
    menu_words = Reason("Upgrade technology")
    menu_key = "h"
    menu_order = 70
    rule = Reason(
        "Pay £10 to flip one Technology tile: from then on each of your Woodcutters or each "
        "of your Miners produces £2 more in every Production phase."
    )
    section = Reason("V. Upgrade Technology")
    syntax = "PLAYER woodcutter|miner"
    help = Reason("upgrade technology (£10)")
    fields = {"player": Field("player"), "worker": Field("worker")}
    positional = ("player", "worker")

    def choices(self, state: GameState, player: PlayerState) -> Iterable[dict[str, Any]]:
        return ({"worker": worker} for worker in WORKERS)

    def reasons(self, state: GameState, player: PlayerState, e: TechnologyEvent) -> list[str]:
        cost = state.parts.economy.technology_cost
        return technology_reasons(state, player, e["worker"], cost, AN_UPGRADE)

    def change(self, state: GameState, player: PlayerState, e: TechnologyEvent) -> list[str]:
        cost = state.parts.economy.technology_cost
        player.money -= cost
        player.technology.add(e["worker"])
        income = state.rules.worker_income(state, player, e["worker"])
        return [
            Reason(
                "{player} pays £{cost}: {workers} now earn £{income}",
                player=player.name,
                cost=cost,
                workers=plural(e["worker"]),
                income=income,
            )
        ]

    def describe(self, e: TechnologyEvent) -> str:
        return Reason(
            "{player} upgrades the {worker} technology", player=e["player"], worker=e["worker"]
        )

    def option_words(self, state: GameState, e: TechnologyEvent) -> str:
        return Reason(
            "{worker} technology for £{cost}",
            worker=e["worker"],
            cost=state.parts.economy.technology_cost,
        )


SPEC = Technology()
