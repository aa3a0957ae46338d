"""Starting workers: in turn order and back, anywhere on free land of the right kind,
paid in full (worker and land); some clans place more, or only on the border."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ...messages import Reason
from ..pieces import WORKERS, space_place
from ..placement import START
from ..spec import Field
from .expand import ExpansionPlacement, expansion, placed_words, unit_on_space

if TYPE_CHECKING:
    from ..state import GameState


class WorkerEvent(TypedDict):
    type: Literal["worker"]
    player: str
    unit: str
    space: str


class PlaceWorker(ExpansionPlacement[WorkerEvent]):
    type = "worker"
    menu_words = Reason("Place a starting worker")
    menu_order = 200
    asked_at_once = True
    narrowed_by = ("which_worker", "where")
    rule = Reason(
        "In turn order, then in reverse turn order, each player places a Woodcutter on an "
        "empty space with a forest or a Miner on an empty space with a mountain, and pays "
        "both for the land and for the Worker."
    )
    section = Reason("Placing The First Workers")
    syntax = "PLAYER woodcutter|miner SPACE"
    help = Reason("place a starting worker")
    fields = {"player": Field("player"), "unit": Field("worker"), "space": Field("space")}
    positional = ("player", "unit", "space")
    ways = (START,)
    units = WORKERS

    def describe(self, e: WorkerEvent) -> str:
        return Reason(
            "{player} places a starting {unit} on {space}",
            player=e["player"],
            unit=e["unit"].replace("_", " "),
            space=e["space"],
        )

    def option_words(self, state: GameState, e: WorkerEvent) -> str:
        player = state.by_name(e["player"])
        check = expansion(state, player, e["unit"], state.space(e["space"]), anywhere=True)
        head = unit_on_space(e["unit"], e["space"], check)
        return placed_words(head, space_place(state, e["space"], player.name, True, head))


SPEC = PlaceWorker()
