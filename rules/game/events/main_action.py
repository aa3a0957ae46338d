"""The shape shared by the plain main actions (shipping, technology, merchant, pass): the
player whose turn it is, a few fixed choices, reasons against each, and one change."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..spec import EventSpec
from ..state import GameState, PlayerState
from ..turns import finish_main, gate, may_act

if TYPE_CHECKING:
    from ..spec import Event


class MainAction(EventSpec):
    def choices(self, state: GameState, player: PlayerState) -> Iterable[dict[str, Any]]:
        """The fields of each way to take the action (one, with none, by default)."""
        return ({},)

    def reasons(self, state: GameState, player: PlayerState, e: dict[str, Any]) -> list[str]:
        return []

    def change(self, state: GameState, player: PlayerState, e: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def check(self, state: GameState, e: Event) -> list[str]:
        return self.reasons(state, gate(state, e["player"], main=True).player, e)

    def apply(self, state: GameState, e: Event) -> list[str]:
        passage = gate(state, e["player"], main=True)
        finish_main(state, passage)
        return self.change(state, passage.player, e)

    def options(self, state: GameState) -> Iterable[Event]:
        return [
            {"type": self.type, "player": p.player.name, **fields}
            for p in may_act(state, main=True)
            for fields in self.choices(state, p.player)
            if not self.reasons(state, p.player, fields)
        ]
