"""Starting workers: in turn order and back, anywhere on free land of the right kind,
paid in full (worker and land); some clans place more, or only on the border."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..pieces import WORKERS, space_place
from ..placement import START
from ..spec import Field
from .expand import ExpansionPlacement, expansion

if TYPE_CHECKING:
    from ..spec import Event
    from ..state import GameState


class PlaceWorker(ExpansionPlacement):
    type = "worker"
    syntax = "PLAYER woodcutter|miner SPACE"
    help = "place a starting worker"
    fields = {"player": Field("player"), "unit": Field("worker"), "space": Field("space")}
    positional = ("player", "unit", "space")
    ways = (START,)
    units = WORKERS

    def describe(self, e: Event) -> str:
        return f"{e['player']} places a starting {e['unit'].replace('_', ' ')} on {e['space']}"

    def option_words(self, state: GameState, e: Event) -> str:
        player = state.by_name(e["player"])
        check = expansion(state, player, e["unit"], state.space(e["space"]), anywhere=True)
        why = f" ({check.cost_words()})" if check.adjustments else ""
        head = f"{e['unit']} on {e['space']} for £{check.cost}{why}"
        return f"{head}: {space_place(state, e['space'], player.name, True, head)}"


SPEC = PlaceWorker()
