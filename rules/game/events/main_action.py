"""The shape shared by the plain main actions (shipping, technology, merchant, pass): the
player whose turn it is, a few fixed choices, reasons against each, and one change."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict, TypeVar, cast

from ..spec import EventSpec
from ..state import GameState, PlayerState
from ..turns import finish_main, gate, may_act


class PlayerEvent(TypedDict):
    """What every main action's record has: the player whose action it is."""

    player: str


M = TypeVar("M", bound=PlayerEvent)


class MainAction(EventSpec[M]):
    def choices(self, state: GameState, player: PlayerState) -> Iterable[dict[str, Any]]:
        """The fields of each way to take the action (one, with none, by default)."""
        return ({},)

    def reasons(self, state: GameState, player: PlayerState, e: M) -> list[str]:
        return []

    def change(self, state: GameState, player: PlayerState, e: M) -> list[str]:
        raise NotImplementedError

    def check(self, state: GameState, e: M) -> list[str]:
        return self.reasons(state, gate(state, e["player"], main=True).player, e)

    def apply(self, state: GameState, e: M) -> list[str]:
        passage = gate(state, e["player"], main=True)
        finish_main(state, passage)
        return self.change(state, passage.player, e)

    def options(self, state: GameState) -> Iterable[M]:
        return [
            event
            for p in may_act(state, main=True)
            for fields in self.choices(state, p.player)
            if not self.reasons(state, p.player, event := self._event(p.player, fields))
        ]

    def _event(self, player: PlayerState, fields: dict[str, Any]) -> M:
        return cast(M, {"type": self.type, "player": player.name, **fields})  # choices' fields
