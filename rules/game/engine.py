"""A game: its setup, its events and the state they replay to."""

from __future__ import annotations

from typing import Any

from ..components import Components
from .events import EVENTS
from .phases import initial_state
from .setup import Setup
from .state import GameState


class Game:
    def __init__(self, setup: Setup, parts: Components):
        self.setup = setup
        self.parts = parts
        self.state: GameState = initial_state(setup, parts)
        self.events: list[dict[str, Any]] = []

    def apply(self, event: dict[str, Any]) -> list[str]:
        """Apply a checked event; Refused (state unchanged) or the notes of what happened."""
        handler = EVENTS[event["type"]][0]
        notes = handler(self.state, event)
        self.events.append(event)
        return notes


def next_step(state: GameState) -> str:
    """What the table does next, in words."""
    if state.phase == "clans":
        if state.setup.variants["clan_auction"]:
            return f"the clan auction: {', '.join(state.clans_left)} are left"
        chooser = next(n for n in reversed(state.turn_order) if state.by_name(n).clan is None)
        return f"{chooser} chooses a clan from {', '.join(state.clans_left)}"
    if state.phase == "workers":
        name, border = state.placements[0]
        return f"{name} places a starting worker" + (" on a border space" if border else "")
    if state.phase == "action":
        turn = state.turn
        if turn.main_done:
            extras = []
            if turn.expanded:
                extras.append("buy with the neighbourhood bonus")
            if turn.building_bonus:
                extras.append("take the building bonus")
            if turn.free_spaces:
                extras.append(f"expand on {turn.free_spaces} free space(s)")
            if turn.bonus_upgrades:
                extras.append(f"take {turn.bonus_upgrades} bonus upgrade(s)")
            upcoming = state.next_player()
            later = f"{upcoming}'s turn" if upcoming else "production"
            if extras:
                return f"round {state.round}: {turn.player} may still {', '.join(extras)}; then {later}"
            return f"round {state.round}, {later}"
        return f"round {state.round}, {turn.player}'s turn"
    if state.phase == "production":
        waiting = [p.name for p in state.players if not p.produced]
        return f"production of round {state.round}: {', '.join(waiting)} to produce"
    if state.phase == "preparation":
        return f"prepare round {state.round + 1}"
    return "the game is over"
